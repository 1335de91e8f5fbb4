"""Rooms strike the moment someone enters (R25-15, R25-21 … R25-36).

``enter`` turns a face-down room up and applies its effect; ``EFFECTS`` maps each room kind
to the function that carries out its effect on entering. Rooms whose effect asks for a
choice (Vision, Moving, Illusion, Control) leave a ``Pending`` choice, carried out next by
``vision``, ``moving``, ``illusion`` or the Control room's slide. Rules that act later (the
Trapped room's next action, the Flooded room's deadline, the Prison cell's exits, Cold and
Dark) have their own functions here too.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .complex import CENTER, POS_NAMES
from .deaths import die
from .moves import Illusion, Swap, Vision
from .position import NO_FLOOD, NO_TRAP, PENDING, Draft, Flood, Pending, Trap, replaced


def enter(d: Draft, c: int, pos: int) -> None:
    """R25-15 Move (and every other way in): a face-down room turns face up for good when
    someone enters, and its effect strikes at once, every time."""
    tile = d.grid[pos]
    turn_up(d, tile)
    others = [e for e, t in enumerate(d.loc) if t == tile and e != c]
    d.loc = replaced(d.loc, c, tile)
    EFFECTS[d.game.kinds[tile]](d, c, tile, others)


def turn_up(d: Draft, tile: int) -> None:
    """A room is turned face up: everyone who had not seen it sees it now (R25-15), and the
    reminder markers on it come back to their characters (R25-20)."""
    if d.up >> tile & 1:
        return
    d.up |= 1 << tile
    game = d.game
    for p in range(game.num_players):
        if not d.seen[p] >> tile & 1:
            d.shown_to |= 1 << p
    d.event("R25-15", f"the room at {POS_NAMES[d.where[tile]]} turns face up: "
                      f"{game.describe_room(tile)}")
    for e, m in enumerate(d.marker):
        if m == tile:
            d.marker = replaced(d.marker, e, -1)
            d.event("R25-20", f"{game.names[e]}'s reminder marker comes back")


# --- the effects on entering, one per room kind (c enters tile; others were there) ------------

def central_room(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-21 Central Room: where everyone starts. Entering it does nothing; in it only Look
    and Move can be used (``actions``: nobody is pushed out of it, and its row and column
    never slide), and it never moves (R25-18)."""


def room_25(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-22 Room 25, the exit (how a side leaves in it: R25-11, ``victory.escape``), and
    R25-12 Alarm: in the 10-turn modes, whoever enters Room 25 during the first five turns
    sets it off; the countdown jumps so that five turns remain, this one the first of them."""
    game = d.game
    if game.alarm_mode and d.turn <= 5 and not d.alarm:
        d.alarm = True
        d.last_turn = min(d.last_turn, d.turn + 4)
        d.event("R25-12", f"{game.names[c]} enters Room 25 in turn {d.turn}: the alarm sounds, "
                          "only 5 turns remain")


def vortex(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-23 Vortex: whoever enters goes straight back to the Central Room."""
    d.loc = replaced(d.loc, c, d.game.central_tile)
    d.event("R25-23", f"the Vortex sends {d.game.names[c]} back to the Central Room")


def trapped(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-25 Trapped room: your next action must take you out, or you die when it ends
    (``spring_trap`` checks it; a passed action counts, R25-I5)."""
    d.trap = replaced(d.trap, c, Trap(tile, d.step))
    d.event("R25-25", f"{d.game.names[c]} is trapped: their next action must take them out")


def flooded(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-33 Flooded room: the first entry locks it for the rest of the game; whoever is still
    inside after their second action of the next turn drowns (``drown``)."""
    d.locked |= 1 << tile
    d.flood = replaced(d.flood, c, Flood(tile, d.turn + 1))
    when = ("of the next turn" if d.turn < d.last_turn
            else "of the next turn, which this game does not reach")
    d.event("R25-33", f"the Flooded room locks behind {d.game.names[c]}, who drowns if still "
                      f"inside after their second action {when}")


def acid_bath(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-34 Acid bath: when a second character enters, the one who was there first dies."""
    for e in others:
        if d.loc[e] == tile:
            die(d, e, "R25-34", f"dies in the Acid bath as {d.game.names[c]} comes in")
            if d.result is not None:
                return


def deadly(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-30 Deadly room: whoever enters dies at once."""
    die(d, c, "R25-30", "enters the Deadly room and dies")


def twin(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-28 Twin rooms: if the other Twin room is face up, you move into it (without it
    striking again); otherwise nothing happens."""
    other = d.game.twin_of.get(tile)
    if other is not None and d.up >> other & 1:
        d.loc = replaced(d.loc, c, other)
        d.event("R25-28", f"the Twin room moves {d.game.names[c]} to its twin at "
                          f"{POS_NAMES[d.where[other]]}")
    else:
        d.event("R25-28", "the other Twin room is still face down: nothing happens")


def empty(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-29 Empty room: nothing happens."""


def no_effect(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """Rooms whose rule acts later, not on entering: the Prison cell (``prison_exits``), the
    Cold room (``cold_programs``) and the Dark room (``dark_blocks_look``)."""


def asks_for_a_choice(room: str, rule: str) -> Callable[[Draft, int, int, list[int]], None]:
    """The effect of a room that asks its visitor to choose a face-down room (Vision, Moving,
    Illusion): wait for the choice, or do nothing when no room is face down."""
    def effect(d: Draft, c: int, tile: int, others: list[int]) -> None:
        if d.up != (1 << 25) - 1:
            d.pending = Pending(room, c)
            d.phase = PENDING
        else:
            d.event(rule, "every room is face up: the room has no effect")
    effect.__name__ = effect.__qualname__ = f"{room}_room"
    effect.__doc__ = f"{rule}: wait for the visitor's choice."
    return effect


def control_room(d: Draft, c: int, tile: int, others: list[int]) -> None:
    """R25-27 Control room: whoever enters slides any line except the central row and column
    one place, in a direction of their choice, as a Control does (chosen next).
    It is not the Control action: it never takes Room 25 out of the complex (R25-I3)."""
    d.pending = Pending("control", c)
    d.phase = PENDING


EFFECTS: dict[str, Callable[[Draft, int, int, list[int]], None]] = {
    "central": central_room, "room25": room_25, "vortex": vortex,
    "vision": asks_for_a_choice("vision", "R25-24"), "trapped": trapped,
    "mobile": asks_for_a_choice("mobile", "R25-26"), "control": control_room, "twin": twin,
    "empty": empty, "deadly": deadly, "prison": no_effect,
    "illusion": asks_for_a_choice("illusion", "R25-32"), "flooded": flooded,
    "acid": acid_bath, "cold": no_effect, "dark": no_effect,
}


# --- the choices rooms ask for (made next, in the pending phase: ``turn.resolve``) -------------

def vision(d: Draft, c: int, move: Vision) -> None:
    """R25-24 Vision: secretly look at any face-down room of the complex."""
    d.show_room(d.game.owner[c], d.grid[move.at])
    d.event("R25-24", f"{d.game.names[c]} uses the Vision room to look at "
                      f"{POS_NAMES[move.at]}")


def moving(d: Draft, c: int, move: Swap) -> None:
    """R25-26 Moving room: swap this room, with you and everyone in it (R25-I7), with any
    face-down room, which stays face down."""
    here = d.where[d.loc[c]]
    swap_places(d, here, move.at)
    d.event("R25-26", f"the Moving room carries {d.game.names[c]} from {POS_NAMES[here]} to "
                      f"{POS_NAMES[move.at]}; the face-down room goes to {POS_NAMES[here]}")


def illusion(d: Draft, c: int, move: Illusion) -> None:
    """R25-32 Illusion room: it trades places with the face-down room you choose; that room
    is turned up, you stand in it and suffer its effect, and the Illusion room lies face up
    where the other one was, with anyone else who stood in it (R25-I7)."""
    here = d.where[d.loc[c]]
    new_tile = d.grid[move.at]
    swap_places(d, here, move.at)
    d.event("R25-32", f"the Illusion room trades places with {POS_NAMES[move.at]}: "
                      f"{d.game.names[c]} now stands in the room revealed at {POS_NAMES[here]}")
    turn_up(d, new_tile)
    d.loc = replaced(d.loc, c, new_tile)
    EFFECTS[d.game.kinds[new_tile]](d, c, new_tile, [])


def swap_places(d: Draft, p: int, q: int) -> None:
    """The rooms on places ``p`` and ``q`` trade places, with whoever stands in them (R25-I7)."""
    a, b = d.grid[p], d.grid[q]
    d.grid = replaced(replaced(d.grid, p, b), q, a)
    d.where = replaced(replaced(d.where, a, q), b, p)


# --- rules that act after entering ------------------------------------------------------------

def spring_trap(d: Draft, c: int) -> None:
    """After ``c``'s action: still in the Trapped room they were caught in by an earlier action?
    Then they die (R25-25). A passed or a lost action is an action too (R25-I5, R25-09)."""
    tile, since = d.trap[c]
    if tile >= 0 and since != d.step:
        d.trap = replaced(d.trap, c, NO_TRAP)
        if d.loc[c] == tile:
            die(d, c, "R25-25", "did not leave the Trapped room with their next action and dies")


def drown(d: Draft, c: int) -> None:
    """After ``c``'s second action: still in the Flooded room past its deadline? They drown
    (R25-33)."""
    tile, deadline = d.flood[c]
    if tile >= 0 and deadline <= d.turn:
        d.flood = replaced(d.flood, c, NO_FLOOD)
        if d.loc[c] == tile:
            die(d, c, "R25-33", "drowns: still in the Flooded room after their second action")


def prison_exits(pos: Any, c: int, places: list[int]) -> list[int]:
    """R25-31 Prison cell: you may Move out only into an adjacent room where another character
    stands, or into the Central Room when it is adjacent. Pushes and slides still carry you out
    (R25-I8)."""
    loc = pos.loc
    return [q for q in places if q == CENTER or pos.grid[q] in loc]


def cold_programs(pos: Any, c: int) -> bool:
    """R25-35 Cold room: a character standing in it when programming begins may program only
    one action (the ``cold`` bit set is taken then)."""
    return bool(pos.cold >> c & 1)


def dark_blocks_look(kind: str) -> bool:
    """R25-36 Dark room: nobody in it can Look; a programmed Look carried out here is lost."""
    return kind == "dark"


__all__ = ["enter", "turn_up", "EFFECTS", "vision", "moving", "illusion", "spring_trap",
           "drown", "prison_exits", "cold_programs", "dark_blocks_look", "swap_places"]
