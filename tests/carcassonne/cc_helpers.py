"""Prepared Carcassonne positions for the scenario tests, and the game invariants."""
from __future__ import annotations

import random
from collections import Counter

from boardlib.carcassonne.positions import play, position as _position  # noqa: F401 (play)
from boardlib.carcassonne.features import (components, incremental_components, rescore_end,
                                           rescore_turn)
from boardlib.carcassonne.rules import (END_TURN, FOLLOWERS, CarcassonneState, PlaceFollower,
                                        PlaceTile, PlaceTunnelToken)
from boardlib.carcassonne.catalogue import CATALOGUE
from boardlib.carcassonne.tiles import DELTA, OPPOSITE, oriented


def position(tile, deck=(), players=2, completed=None, **kwargs):
    """A prepared position (``boardlib.carcassonne.positions``); ``completed`` is checked."""
    state = _position(tile, deck, players, **kwargs)
    if completed is not None:
        assert state.completed == tuple(completed)
    return state


def events_text(state):
    return [str(e) for e in state.events]


_calls = Counter()


def check_invariants(state: CarcassonneState, every: int = 40) -> None:
    """Followers, tokens, edges, features and final score checked against the board.

    The networkx recomputation of every feature runs on every ``every``-th state and at the
    end (it costs far more than the engine); the cheap checks run on every state.
    """
    n = state.game.num_players
    on_board = Counter(state.followers.values())
    for p in range(n):
        assert on_board[p] + state.supply[p] == FOLLOWERS, "followers on board + supply != 7"
    colours = Counter(state.tokens.values())
    assert all(c in state.game.colours_in_play and k <= 2 for c, k in colours.items())
    assert sum(colours.values()) == len(state.tokens)
    assert all(state.opening_node(o) is not None for o in state.tokens)
    if state.placed is not None:  # the tile laid this turn matches all its neighbours
        (x, y), ot = state.placed, oriented(*state.board[state.placed])
        for d in range(4):
            npos = (x + DELTA[d][0], y + DELTA[d][1])
            if npos in state.board:
                assert ot.sides[d] == oriented(*state.board[npos]).sides[OPPOSITE[d]], \
                    f"edge mismatch between {(x, y)} and {npos}"
    _calls["n"] += 1
    if _calls["n"] % every and not state.is_terminal():
        return
    grouped = Counter(p for g in state.groups.values() for _, p in g.followers)
    assert grouped == on_board, "group follower lists disagree with the board"
    for (x, y), placed in state.board.items():
        ot = oriented(*placed)
        for d in (0, 1):
            npos = (x + DELTA[d][0], y + DELTA[d][1])
            if npos in state.board:
                assert ot.sides[d] == oriented(*state.board[npos]).sides[OPPOSITE[d]], \
                    f"edge mismatch between {(x, y)} and {npos}"
    assert sorted(map(sorted, components(state))) == sorted(map(sorted,
                                                                incremental_components(state)))
    if state.is_terminal():
        end, completed = rescore_end(state)
        assert end == state.end_scores, (end, state.end_scores)
        assert completed == state.completed
        assert state.outcome().scores == tuple(float(v) for v in state.scores)
    elif state.phase == "after" and state.pending is None:
        # In-game scoring: what EndTurn pays must equal the from-scratch count.
        after = state.apply(END_TURN)
        gained = [a - b for a, b in zip(after.scores, state.scores)]
        if after.is_terminal():
            gained = [g - e for g, e in zip(gained, after.end_scores)]
        assert tuple(gained) == rescore_turn(state), (gained, rescore_turn(state))


def wrong_moves(state, rng: random.Random):
    """Candidate moves, mostly illegal: nearby places, all rotations, features, tokens."""
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    for _ in range(2):
        yield PlaceTile((rng.randint(min(xs) - 2, max(xs) + 2),
                         rng.randint(min(ys) - 2, max(ys) + 2)), rng.randrange(4))
    yield PlaceFollower(rng.choice(["city:N", "road:E+W", "cloister", "field:NL+NR", "x"]))
    if state.openings:
        yield PlaceTunnelToken(rng.choice(state.openings), rng.choice(
            ["blue", "red", "green", "yellow", "black", "grey", "pink"]))
    if rng.random() < 0.3:
        yield PlaceTunnelToken((0, 0, "N"), "blue")


def checked_invariant(rng=random.Random(5)):
    def invariant(state):
        check_invariants(state)
        if not state.is_terminal():
            for move in wrong_moves(state, rng):
                problem = state.why_illegal(move)
                if problem is not None:
                    assert problem.rule in CATALOGUE, problem.rule
    return invariant
