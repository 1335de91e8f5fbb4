"""Room 25 saves that never lie, typed moves, and fresh deals (R25-I4).

Every state random play reaches loads again to an equal state (``test_conformance`` round
trips each one); here: moves of the wrong type are refused and never played, mutated saves
load to sound states or are refused quickly with a short message, states no game can reach
are refused naming the rule, and a game without a seed is a new deal whose seed shows only
in saves.
"""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError
from boardlib.core.testing import check_loaded_save, check_refusals, check_round_trip
from boardlib.core.testing.strategies import mutated_save, wrong_moves
from boardlib.room25.moves import Control, Look, Move, Program, Push, Remind

from .helpers import load, play, program_all


def played(moves, mode="suspicion", seed=0, **options):
    """The position after ``moves`` random moves of a seeded game."""
    rng = random.Random(seed)
    state = load(mode, seed=seed, **options).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def refused(state, **changes):
    with pytest.raises(InvalidInputError) as info:
        state.game.state_from_dict({**state.to_dict(), **changes})
    assert len(str(info.value)) < 300
    return str(info.value)


# --- typed moves ---------------------------------------------------------------------------

@pytest.mark.parametrize("move, rule", [
    (Move(12.0), "R25-15"), (Move(True), "R25-15"), (Move("c3"), "R25-15"),
    (Look([7]), "R25-14"), (Push(1.0, 11), "R25-16"), (Control(0, -1.0), "R25-17"),
    (Control(False, 1), "R25-17"), (Program(0, 1), "R25-01"), (Remind(None), "R25-20"),
    ("move b3", "R25-08"), (None, "R25-08"), (("move", 11), "R25-08"),
])
def test_R25_08_moves_of_the_wrong_type_are_refused_never_played(move, rule):
    state = played(0)
    problem = state.why_illegal(move)
    assert problem is not None and problem.rule == rule, problem
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule and len(str(info.value)) < 300


def test_R25_08_equal_looking_moves_are_not_legal_moves():
    state = played(6, mode="solo")
    legal = state.legal_moves()
    some = next(m for m in legal if isinstance(m, Move))
    assert Move(some.to) in legal and Move(float(some.to)) not in legal
    assert state.why_illegal(Move(some.to)) is None


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clue=wrong_moves(played(0)), programming=wrong_moves(played(5)),
       execution=wrong_moves(played(12, mode="team")), solo=wrong_moves(played(9, mode="solo")))
def test_R25_08_wrong_moves_are_refused_with_a_rule_or_are_legal(clue, programming, execution,
                                                                 solo):
    for state, move in ((played(0), clue), (played(5), programming),
                        (played(12, mode="team"), execution), (played(9, mode="solo"), solo)):
        check_refusals(state, [move], "R25-")


# --- saves ---------------------------------------------------------------------------------

SAMPLES = [played(0), played(9), played(30, mode="cooperative"), played(45, mode="team", seed=2),
           played(400, seed=3), played(20, mode="solo", seed=1),
           played(60, mode="competition", players=3, seed=4)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clue=mutated_save(SAMPLES[0]), early=mutated_save(SAMPLES[1]),
       coop=mutated_save(SAMPLES[2]), team=mutated_save(SAMPLES[3]),
       over=mutated_save(SAMPLES[4]), solo=mutated_save(SAMPLES[5]),
       rivals=mutated_save(SAMPLES[6]))
def test_mutated_saves_load_to_sound_states_or_are_refused_quickly(clue, early, coop, team, over,
                                                                   solo, rivals):
    for sample, text in zip(SAMPLES, (clue, early, coop, team, over, solo, rivals), strict=True):
        check_loaded_save(sample.game, text)


def test_the_samples_cover_every_phase():
    assert {s.phase for s in SAMPLES} >= {"clue", "program", "exec", "over"}
    for s in SAMPLES:
        check_round_trip(s)


def test_R25_10_a_turn_order_that_was_never_turned_is_refused():
    s = next(s for s in (played(k) for k in range(10, 80)) if s.turn == 2)
    assert s.order != s.game.initial_order
    assert "R25-10" in refused(s, order=list(s.game.initial_order))


def test_R25_07_programs_must_match_the_cursor():
    s = program_all(play(played(0, mode="cooperative"), "clue c2", "clue c4", "clue b3",
                         "clue d3"), {0: "move, look"})
    assert s.phase == "exec"
    prog = list(s.to_dict()["prog"])
    prog[1] = ""                                        # a living character without a program
    assert "R25-07" in refused(s, prog=prog)
    did = list(s.to_dict()["did"])
    did[3] = "P"                                        # a slot done before its turn
    assert "R25-08" in refused(s, did=did)


def test_R25_12_an_alarm_without_anyone_in_room_25_is_refused():
    s = played(0)
    assert "R25-12" in refused(s, alarm=True, last_turn=6)
    assert "R25-12" in refused(s, last_turn=6)


def test_R25_25_and_R25_33_clocks_must_belong_to_their_rooms():
    s = played(9)
    trap = [list(x) for x in s.to_dict()["trap"]]
    trap[0] = [s.game.central_tile, 0]
    assert "R25-25" in refused(s, trap=trap)
    flood = [list(x) for x in s.to_dict()["flood"]]
    flood[0] = [s.game.tile_of_kind["flooded"][0], s.turn]    # not locked
    assert "R25-33" in refused(s, flood=flood)


def test_R25_05_before_the_first_programming_nothing_has_happened():
    s = played(0)
    assert s.phase == "clue"
    assert "R25-05" in refused(s, step=3)
    assert "R25-05" in refused(s, marker=[0] + [-1] * (s.game.num_chars - 1))


def test_saves_refuse_wrong_kinds_with_a_path_and_an_excerpt():
    s = played(9)
    message = refused(s, turn=2.0)
    assert message.startswith("state.turn: must be a whole number")
    assert "state.grid" in refused(s, grid=list(range(24)))
    assert "state.result" in refused(s, result=["escape", [0], [1], "R25-41"])
    with pytest.raises(InvalidInputError):
        s.game.state_from_json("[" * 100_000)
    with pytest.raises(InvalidInputError):
        s.game.state_from_json('{"game": "room25", "options": {}, "state": ' + "9" * 5000 + "}")


# --- fresh deals (R25-I4) ------------------------------------------------------------------

def test_R25_I4_a_game_without_a_seed_is_a_new_deal_and_hides_its_seed():
    deals = {tuple(boardlib.load("room25", mode="suspicion").new_initial_state().grid)
             for _ in range(5)}
    assert len(deals) > 1                                # not the same complex every time
    game = boardlib.load("room25", mode="suspicion")
    seed = game.options["seed"]
    assert not game.seed_fixed and str(seed) not in repr(game) and "seed" not in repr(game)
    assert "seed" not in game.visible_options
    state = game.new_initial_state()
    assert json.loads(state.to_json())["options"]["seed"] == seed     # saves keep it
    assert game.state_from_json(state.to_json()) == state
    obs = json.dumps([state.observation(p) for p in range(game.num_players)])
    assert str(seed) not in obs and "seed" not in obs


def test_R25_I4_a_given_seed_is_kept_and_reproduces_the_deal():
    a = boardlib.load("room25", mode="team", players=6, seed=77)
    b = boardlib.load("room25", mode="team", players=6, seed=77)
    assert a.seed_fixed and a.new_initial_state() == b.new_initial_state()
    assert "77" not in repr(a)
    again = a.with_options()                             # a board's New game keeps it
    assert again.options["seed"] == 77
    fresh = boardlib.load("room25", mode="team", players=6).with_options()
    assert not fresh.seed_fixed


def test_saved_moves_replay_the_game():
    s = played(30, mode="cooperative", seed=5)
    moves = []
    rng = random.Random(5)
    t = load("cooperative", seed=5).new_initial_state()
    while len(moves) < 30 and not t.is_terminal():
        m = rng.choice(t.legal_moves())
        moves.append(str(m))
        t = t.apply(m)
    assert play(load("cooperative", seed=5).new_initial_state(), *moves) == s
