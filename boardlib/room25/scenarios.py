"""Prepared positions for tests and the notebook: put chosen rooms and characters in place.

``position(game, rooms={"b3": "deadly"}, face_up=["b3"], chars={0: "c3"})``
returns a validated state at the start of a programming phase (or at the
first on-the-spot decision in Solo), so a lesson can show exactly one rule.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from boardlib.core.api import InvalidInputError

from .complex import CENTER, POS_INDEX
from .game import Room25Game
from .modes import GUARD, PRISONER
from .position import PROGRAM, Draft
from .saves import fields_from_save
from .state import Room25State
from .turn import advance, start_programming


def position(game: Room25Game, *, rooms: Mapping[str, str] | None = None,
             face_up: Iterable[str] = (), chars: Mapping[int, str | None] | None = None,
             roles: Iterable[str] | None = None, turn: int = 1, last_turn: int | None = None,
             order: Iterable[int] | None = None, shown: Mapping[int, int] | None = None,
             seen: Mapping[int, Iterable[str]] | None = None) -> Room25State:
    """A state in turn ``turn``'s programming phase with the given layout.

    ``rooms`` puts a room of that kind on a place (taken from elsewhere in the
    complex); ``face_up`` lists places turned up (characters' places are added);
    ``chars`` puts characters on places (None: dead); others stay in the centre.
    """
    data = game.new_initial_state().to_dict()
    grid = list(data["grid"])
    fixed: set[int] = {grid[CENTER]}
    for place, kind in (rooms or {}).items():
        p = POS_INDEX[place]
        if p == CENTER:
            raise InvalidInputError("the Central Room never moves (R25-18)")
        free = [t for t in game.tile_of_kind.get(kind, ()) if t not in fixed]
        if not free:
            raise InvalidInputError(f"this composition has no spare {kind!r} room")
        t = free[0]
        q = grid.index(t)
        grid[p], grid[q] = grid[q], grid[p]
        fixed.add(t)
    up = 1 << grid[CENTER]
    for place in face_up:
        up |= 1 << grid[POS_INDEX[place]]
    loc = [grid[CENTER]] * game.num_chars
    deaths: list[int] = []
    for c, spot in (chars or {}).items():
        if spot is None:
            loc[c] = -1
            deaths.append(c)
        else:
            loc[c] = grid[POS_INDEX[spot]]
            up |= 1 << loc[c]
    data.update(grid=grid, face_up=up, loc=loc, deaths=deaths, phase=PROGRAM, cursor=0,
                turn=turn, last_turn=last_turn or game.turns,
                alarm=(last_turn or game.turns) != game.turns)
    if roles is not None:
        data["roles"] = [r if r in (PRISONER, GUARD) else r for r in roles]
    if order is not None:
        data["order"] = list(order)
    if shown:
        data["shown"] = [shown.get(c, 0) for c in range(game.num_chars)]
    if seen:
        bits = list(data["seen"])
        for p, places in seen.items():
            for place in places:
                bits[p] |= 1 << grid[POS_INDEX[place]]
        data["seen"] = bits
    state = Room25State(game, **fields_from_save(game, data))
    d = Draft(state)
    start_programming(d)
    advance(d)
    prepared: Room25State = d.build()
    return prepared


def play(state: Room25State, *moves: object) -> Room25State:
    """Apply moves (objects or their text, e.g. ``"move b3"``) through the rules."""
    for move in moves:
        if isinstance(move, str):
            move = state.game.parse_move(move)
        after = state.apply(move)
        assert isinstance(after, Room25State)
        state = after
    return state


def program(state: Room25State, plans: Mapping[int, str] | None = None,
            default: str = "push, control") -> Room25State:
    """Finish this turn's programming: ``plans`` maps characters to e.g. ``"move, look"``;
    the others get ``default`` ("push, control" is lost at once in the Central Room, R25-09)."""
    plans = plans or {}
    turn = state.turn
    while state.phase == PROGRAM and state.turn == turn:
        c = state.order[state.cursor]
        state = play(state, f"program {c}: {plans.get(c, default)}")
    return state


__all__ = ["position", "play", "program"]
