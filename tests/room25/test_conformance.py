"""Random-play conformance (boardlib.core.testing) over 200+ seeded games per mode,
with Room 25's own invariants: always 25 rooms, the Central Room fixed and face up,
the dead never act, the countdown never goes up, observations never leak."""
import random

import pytest

import boardlib
from boardlib.core.testing import check_random_play
from boardlib.room25 import moves as M
from boardlib.room25 import rules as R

MODES = {"suspicion": (4, 5, 6), "cooperative": (2, 3, 4, 6), "competition": (2, 3),
         "team": (4, 6), "solo": (1,)}


def wrong_moves(state, rng):
    """Three candidate moves of random kinds per state (legal ones are skipped by the checker)."""
    n = state.game.num_chars
    makers = (
        lambda: M.MOVES_TO[rng.randrange(25)],
        lambda: M.LOOKS_AT[rng.randrange(25)],
        lambda: M.PUSHES[rng.randrange(n), rng.randrange(25)],
        lambda: M.CONTROLS[rng.randrange(10), rng.choice((-1, 1))],
        lambda: M.CLUES[rng.randrange(25)],
        lambda: rng.choice((M.VISIONS, M.SWAPS, M.ILLUSIONS, M.REMINDS))[rng.randrange(25)],
        lambda: R.Program(rng.randrange(n), rng.choice("MLPC"), rng.choice("MLPC")),
        lambda: rng.choice((M.DEFER, M.PASS, M.REVEAL)),
    )
    for _ in range(3):
        yield rng.choice(makers)()


class Invariants:
    def __init__(self):
        self.last = None
        self.calls = 0

    def __call__(self, state):
        game = state.game
        assert sorted(state.grid) == list(range(25)), "always 25 rooms"
        assert state.grid[R.CENTER] == game.central_tile and state.is_face_up(R.CENTER), \
            "the Central Room never moves (R25-18)"
        assert all(state.grid[state.where[t]] == t for t in range(25))
        for t in state.loc:
            assert t < 0 or state.up >> t & 1, "characters stand in face-up rooms"
        assert all(game.kinds[t] == "flooded" for t in range(25) if state.locked >> t & 1)
        c = state.current_character
        if c is not None:
            assert state.alive(c), "the dead never act"
        key = (state.turn, state.remaining_turns())
        if state.phase == "clue" and state.cursor == 0:
            self.last = None
        if self.last is not None:
            assert state.turn >= self.last[0], "turns only go forward"
            assert state.remaining_turns() <= self.last[1], "the countdown never goes up"
        self.last = key
        self.calls += 1
        if self.calls % 15 == 0:
            for p in range(game.num_players):
                obs = state.observation(p)
                for pos, room in enumerate(obs["rooms"]):
                    t = state.grid[pos]
                    if room["kind"] is not None and not state.is_terminal():
                        assert state.up >> t & 1 or state.seen[p] >> t & 1, "a hidden room leaked"
                for ch, info in enumerate(obs["characters"]):
                    if game.owner[ch] != p and not state.is_terminal():
                        assert info["program"] is None, "another's program leaked"


# Games per mode (the CI budget): 100 cover every table size and both compositions 25+ times;
# the hidden-information twins (test_hidden_information.py) play 200 more per mode.
GAMES = 100


@pytest.mark.parametrize("mode", sorted(MODES))
def test_random_play_conforms(mode):
    """GAMES+ seeded games per mode, across table sizes and both default compositions, each
    state through JSON and back."""
    total = 0
    seeds = 0
    terminations = {}
    while total < GAMES:
        for players in MODES[mode]:
            comp = "expert" if seeds % 2 else "beginner"
            game = boardlib.load("room25", mode=mode, players=players, composition=comp,
                                 seed=seeds)
            report = check_random_play(game, games=1, seed=seeds, rule_prefix="R25-",
                                       invariant=Invariants(), wrong_moves=wrong_moves,
                                       json_every=1, max_moves=2000)
            total += report.games
            for k, v in report.terminations.items():
                terminations[k] = terminations.get(k, 0) + v
            seeds += 1
    assert total >= GAMES
    assert sum(terminations.values()) == total


def test_random_games_reproducible_from_the_seed():
    def run(seed):
        game = boardlib.load("room25", mode="suspicion", players=5, seed=seed)
        state, rng, moves = game.new_initial_state(), random.Random(seed), []
        while not state.is_terminal():
            move = rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.apply(move)
        return moves, state.to_dict()
    assert run(7) == run(7)
    assert run(7) != run(8)


def test_saved_states_are_validated():
    game = boardlib.load("room25", mode="cooperative")
    state = game.new_initial_state()
    data = state.to_dict()
    moved = list(data["grid"])
    moved[0], moved[12] = moved[12], moved[0]  # the Central Room off the centre
    for key, bad in [("grid", list(range(24))), ("grid", moved),
                     ("phase", "dance"), ("turn", 0), ("loc", [0, 0, 0]), ("shifts", [0] * 9),
                     ("roles", ["guard"] * 4), ("pending", ["vision", 0])]:
        broken = dict(data, **{key: bad})
        with pytest.raises(boardlib.InvalidInputError):
            game.state_from_dict(broken)
    with pytest.raises(boardlib.InvalidInputError):
        game.state_from_json("{not json")
    assert game.state_from_dict(data).to_dict() == data
    with pytest.raises(boardlib.InvalidInputError):
        game.parse_move("teleport a1")
    for bad in [dict(mode="solo", players=2), dict(mode="chess"), dict(players="four"),
                dict(composition=5), dict(composition="nightmare"), dict(colour=1)]:
        with pytest.raises(boardlib.InvalidInputError):
            boardlib.load("room25", **bad)
