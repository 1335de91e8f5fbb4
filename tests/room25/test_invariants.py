"""Random-play invariants of the corrected rules, over 100 seeded games per mode.

Each is checked on every transition ``before --move--> after`` from outside the engine:

* R25-11, R25-I3: every escape is made by the Control action of a character inside Room 25
  that pushes it off the edge, and such a Control whose side may escape always escapes;
* R25-45, R25-48: Team and Competition winners are exactly one side, never both;
* R25-25, R25-I5: nobody is alive in a Trapped room after their next action, passes included;
* R25-I4: ``revealed_to(p)`` is set whenever ``p`` learns a room or a role, and only when
  something was shown (a room, a role, another's programmed action, the end);
* R25-I4: no event mentions a turn beyond the game's last;
* R25-06: every move leads to a phase ``PHASES`` reaches (a move may pass through several:
  the last action of a turn runs through the countdown into the next programming).
"""
import random
import re

import pytest

import boardlib
from boardlib.room25 import rules as R
from boardlib.room25.bots import RoleBot
from boardlib.room25.turn import PHASES

MODES = {"suspicion": (4, 5, 6), "cooperative": (2, 3, 4, 6), "competition": (2, 3),
         "team": (4, 6), "solo": (1,)}
ACTIONS = (R.Move, R.Look, R.Push, R.Control)


def follows(name):
    """The phases reachable from ``name`` along ``PHASES``' arrows (itself included)."""
    seen, todo = {name}, [name]
    while todo:
        for nxt in PHASES[todo.pop()].then:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


FOLLOWS = {p.name: follows(p.name) for p in PHASES}


GAMES = 100    # seeded games per mode and policy (the CI budget)


def games(mode, count=GAMES):
    """``count`` seeded games of ``mode``, across table sizes and both compositions."""
    for seed in range(count):
        players = MODES[mode][seed % len(MODES[mode])]
        comp = "expert" if seed % 2 else "beginner"
        yield seed, boardlib.load("room25", mode=mode, players=players, composition=comp,
                                  seed=seed)


def side_of(state, c):
    """The characters who must escape with ``c`` (R25-I3), computed here, not by the engine."""
    game = state.game
    n = game.num_chars
    if game.mode == "suspicion":
        return [d for d in range(n) if state.roles[d] == "prisoner"]
    if game.mode == "competition":
        return [d for d in range(n) if game.owner[d] == game.owner[c]]
    if game.mode == "team":
        return [d for d in range(n) if game.team[d] == game.team[c]]
    return list(range(n))


def may_escape(state, c):
    """Could ``c``'s side leave now (R25-41, R25-45, R25-47 … R25-49)?"""
    game = state.game
    r25 = game.room25_tile
    if game.mode == "suspicion" and state.roles[c] != "prisoner":
        return False
    side = side_of(state, c)
    last = state.turn == state.last_turn
    outside = [d for d in side if state.loc[d] != r25]
    if game.mode == "suspicion":
        return not outside or (last and len(outside) == 1)
    if any(state.loc[d] >= 0 for d in outside):
        return False
    return not outside or last


def pushes_room25_out(state, move):
    places = R.LINES[move.line]
    end = places[-1] if move.direction > 0 else places[0]
    return state.grid[end] == state.game.room25_tile


class Tracker:
    """Follows one game's transitions and checks the invariants above."""

    def __init__(self, game):
        self.game = game
        self.k = 0
        self.entered = {}      # character -> (trapped tile, transition when they came to it)
        self.acted = {}        # character -> last transition in which they used an action

    def step(self, before, move, after):
        self.k += 1
        game = self.game
        assert after.phase in FOLLOWS[before.phase], (
            f"{move} led from {before.phase} to {after.phase}, which PHASES does not allow")
        self.check_escape(before, move, after)
        self.check_winners(after)
        self.check_turns(after)
        self.check_revealed(before, move, after)
        # The Trapped room: note who used an action in this transition.
        c = before.current_character
        if before.phase == "exec" and type(move) in ACTIONS + (R.Pass,):
            self.acted[c] = self.k
        for e in after.events:
            for d in range(game.num_chars):
                if e.rule == "R25-09" and e.text.startswith(f"{game.names[d]}'s "):
                    self.acted[d] = self.k
        for d in range(game.num_chars):
            tile = after.loc[d]
            if tile >= 0 and game.kinds[tile] == "trapped":
                if self.entered.get(d, (None,))[0] != tile or before.loc[d] != tile:
                    self.entered[d] = (tile, self.k)
            else:
                self.entered.pop(d, None)
        if after.phase != "pending":
            for d, (_, since) in self.entered.items():
                assert self.acted.get(d, 0) <= since, (
                    f"{game.names[d]} is still alive in the Trapped room after their next "
                    f"action (R25-25)")

    def check_escape(self, before, move, after):
        out = after.outcome()
        escaped = out is not None and out.termination in ("escape", "partial escape")
        by_action = (before.phase == "exec" and type(move) is R.Control)
        c = before.current_character
        inside_out = (by_action and before.loc[c] == self.game.room25_tile
                      and pushes_room25_out(before, move))
        if escaped:
            assert inside_out, f"an escape without a Control from inside Room 25: {move}"
            assert self.game.owner[c] in out.winners
        elif inside_out and before.outcome() is None:
            assert not may_escape(before, c), f"{move} should have taken the side out"
        if inside_out and escaped:
            assert may_escape(before, c)

    def check_winners(self, after):
        out = after.outcome()
        if out is None or not out.winners:
            return
        game = self.game
        if game.mode == "competition":
            assert len(out.winners) == 1, f"a shared win in Competition: {out}"
        if game.mode == "team":
            teams = {p % 2 for p in out.winners}
            assert len(teams) == 1 and set(out.winners) == {
                p for p in range(game.num_players) if p % 2 in teams}, out

    def check_turns(self, after):
        for e in after.events:
            for n in re.findall(r"\bturn (\d+)", e.text):
                assert int(n) <= after.last_turn, f"an event names turn {n}: {e}"

    def check_revealed(self, before, move, after):
        game = self.game
        for p in range(game.num_players):
            learnt = after.is_terminal() or any(
                (after.up | after.seen[p]) >> t & 1 and not (before.up | before.seen[p]) >> t & 1
                for t in range(25)) or any(
                after.role_public(c) and not before.role_public(c)
                for c in range(game.num_chars) if game.owner[c] != p)
            if learnt:
                assert after.revealed_to(p), f"player {p} learnt something after {move}"
            elif after.revealed_to(p):
                # Only another's programmed action carried out shows anything else.
                others = [c for c in range(game.num_chars) if game.owner[c] != p
                          and (before.prog[c] or after.prog[c]
                               or isinstance(move, R.Program) and move.char == c)]
                assert others, f"revealed_to({p}) after {move}, but nothing was shown"


def play_out(game, seed, policy):
    """One game: uniformly random moves, or observation bots (which head for Room 25 and
    slide it out, R25-I4) with one random move in five, so that escapes happen."""
    rng = random.Random(seed)
    bots = [RoleBot(seed=seed * 7 + p) for p in range(game.num_players)]
    state = game.new_initial_state()
    tracker = Tracker(game)
    slides = 0
    while not state.is_terminal():
        if policy == "bots" and rng.random() < 0.8:
            move = bots[state.current_player].choose(state)
        else:
            move = rng.choice(state.legal_moves())
        after = state.apply(move)
        tracker.step(state, move, after)
        slides += any("Room 25 slides off" in e.text for e in after.events)
        state = after
    return state.outcome(), slides


@pytest.mark.parametrize("policy", ["random", "bots"])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_random_play_invariants(mode, policy):
    endings = {}
    slides = 0
    for seed, game in games(mode):
        out, n = play_out(game, seed, policy)
        endings[out.termination] = endings.get(out.termination, 0) + 1
        slides += n
    assert sum(endings.values()) == GAMES
    if policy == "bots":           # the escape checks were not idle
        assert endings.get("escape", 0) + endings.get("partial escape", 0) > 0, endings
        assert slides > 0
