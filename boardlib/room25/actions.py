"""The four actions, Move, Look, Push and Control: where each may go from a room, and what
carrying it out does (R25-14 … R25-19).

``OPTIONS[letter](pos, c)`` lists the ways character ``c`` can carry out an action now (an
empty list: the action is lost, R25-09); ``PERFORM[type(move)](d, c, move)`` carries one
out.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .complex import CENTER, CENTRAL_LINES, LINES, LINES_OF, NEIGHBOURS, POS_NAMES, line_name
from .effects import dark_blocks_look, enter, prison_exits
from .moves import CONTROLS, LOOKS_AT, MOVES_TO, PUSHES, Control, Look, Move, Push
from .position import Draft, replaced
from .victory import room_25_slides_off


def move_targets(pos: Any, c: int) -> list[Move]:
    """Where a Move may go: any adjacent room (R25-13) except a locked Flooded room (R25-33),
    and from a Prison cell only where R25-31 lets you out."""
    tile = pos.loc[c]
    grid, locked = pos.grid, pos.locked
    places = [q for q in NEIGHBOURS[pos.where[tile]] if not locked >> grid[q] & 1]
    if pos.game.kinds[tile] == "prison":
        places = prison_exits(pos, c, places)
    return [MOVES_TO[q] for q in places]


def look_targets(pos: Any, c: int) -> list[Look]:
    """Where a Look may go: an adjacent face-down room (R25-14), never from the Dark room
    (R25-36)."""
    tile = pos.loc[c]
    if dark_blocks_look(pos.game.kinds[tile]):
        return []
    grid, up = pos.grid, pos.up
    return [LOOKS_AT[q] for q in NEIGHBOURS[pos.where[tile]] if not up >> grid[q] & 1]


def push_targets(pos: Any, c: int) -> list[Push]:
    """Whom a Push may send where: another character in your room into an adjacent room, not
    a locked one; nobody out of the Central Room (R25-16)."""
    tile = pos.loc[c]
    here = pos.where[tile]
    if here == CENTER:
        return []
    others = [e for e, t in enumerate(pos.loc) if t == tile and e != c]
    if not others:
        return []
    targets = [q for q in NEIGHBOURS[here] if not pos.locked >> pos.grid[q] & 1]
    return [PUSHES[e, q] for e in others for q in targets]


def control_slides(pos: Any, c: int) -> list[Control]:
    """Which slides a Control may make: the row or the column of your room, either way
    (R25-17), never a central one (R25-18), and not back against a slide of this turn
    (R25-19, R25-I2)."""
    out = []
    for line in LINES_OF[pos.where[pos.loc[c]]]:
        if line in CENTRAL_LINES:
            continue
        done = pos.shifts[line]
        for d in (-1, 1):
            if done != -d:
                out.append(CONTROLS[line, d])
    return out


# Every way a character can carry out an action now, by the action's letter.
OPTIONS: dict[str, Callable[[Any, int], list[Any]]] = {
    "M": move_targets, "L": look_targets, "P": push_targets, "C": control_slides}


def move(d: Draft, c: int, m: Move) -> None:
    """R25-15 Move: go into an adjacent room; it turns face up and strikes (``enter``)."""
    d.event("R25-15", f"{d.game.names[c]} moves to {POS_NAMES[m.to]}")
    enter(d, c, m.to)


def look(d: Draft, c: int, m: Look) -> None:
    """R25-14 Look: secretly look at an adjacent face-down room and leave it face down. (You
    may hint at its danger, but not show or name it: that is up to the players.)"""
    d.show_room(d.game.owner[c], d.grid[m.at])
    d.event("R25-14", f"{d.game.names[c]} secretly looks at {POS_NAMES[m.at]}")


def push(d: Draft, c: int, m: Push) -> None:
    """R25-16 Push: send another character from your room into an adjacent room while you
    stay; they suffer that room's effect. Nobody may be pushed out of the Central Room, though
    into it is fine (``push_targets``)."""
    names = d.game.names
    d.event("R25-16", f"{names[c]} pushes {names[m.char]} into {POS_NAMES[m.to]}")
    enter(d, m.char, m.to)


def control(d: Draft, c: int, m: Control) -> None:
    """The Control action: slide the row or column of your room (``slide``)."""
    slide(d, c, m.line, m.direction, "R25-17")


# Carrying out an action already known to be legal, by the move's class.
PERFORM: dict[type, Callable[[Draft, int, Any], None]] = {
    Move: move, Look: look, Push: push, Control: control}


def slide(d: Draft, c: int, line: int, direction: int, rule: str) -> None:
    """R25-17 Control: slide ``line`` one place in ``direction``; every room moves with its
    occupants, and the room pushed off one end comes back in at the other, unless it is
    Room 25 leaving with its escaping side (R25-I3). The line's Control marker records the
    direction (R25-19). ``rule`` is R25-17 for the action, R25-27 for the Control room."""
    places = LINES[line]
    tiles = [d.grid[p] for p in places]
    leaving = tiles[-1] if direction > 0 else tiles[0]
    d.shifts = replaced(d.shifts, line, direction)
    game = d.game
    d.event(rule, f"{game.names[c]} slides {line_name(line, direction)}")
    if leaving == game.room25_tile and d.up >> leaving & 1:
        if room_25_slides_off(d, c, rule):
            return
    tiles = [leaving] + tiles[:-1] if direction > 0 else tiles[1:] + [leaving]
    grid, where = list(d.grid), list(d.where)
    for p, t in zip(places, tiles, strict=True):
        grid[p] = t
        where[t] = p
    d.grid, d.where = tuple(grid), tuple(where)


def why_lost(pos: Any, c: int, letter: str) -> str:
    """Why ``c``'s programmed action cannot be carried out (for R25-09's event)."""
    here = pos.where[pos.loc[c]]
    kind = pos.game.kinds[pos.loc[c]]
    if letter == "P":
        return "from the Central Room (R25-16)" if here == CENTER else "(nobody else is here)"
    if letter == "C":
        return ("(the Central Room's lines never slide, R25-18)" if here == CENTER
                else "(R25-17)")
    if letter == "L":
        return ("in the Dark room (R25-36)" if dark_blocks_look(kind)
                else "(no adjacent face-down room)")
    return "(no room it may enter)"


__all__ = ["move_targets", "look_targets", "push_targets", "control_slides",
           "OPTIONS", "move", "look", "push", "control", "PERFORM", "slide",
           "why_lost"]
