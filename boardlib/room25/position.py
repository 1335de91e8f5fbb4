"""What a Room 25 position holds, the records in it, and the draft a move is played on.

A position (``Room25State``) never changes once built. A move is carried out on a
``Draft``: a working record of the position's fields, all immutable values (tuples, whole
numbers, records), to which the rules assign new values (``replaced`` makes a tuple with
one item changed); ``Room25State.from_draft`` then makes the new position. What a move does
not change is shared between the two positions, never copied.

Fields, by what they describe:

* the complex: ``grid`` place -> tile, ``where`` tile -> place, ``up`` the face-up tiles
  and ``locked`` the locked Flooded rooms (bit sets of tiles), ``shifts`` the slide of
  each line this turn (R25-19), ``marker`` where each character's reminder marker lies;
* the characters: ``loc`` character -> tile (-1: dead), ``deaths`` in order, ``roles``,
  ``shown`` the turn each role became public (0: secret), ``trap`` and ``flood`` the
  Trapped and Flooded rooms' clocks, ``cold`` who stood in a Cold room when programming
  began (bit set);
* knowledge: ``seen`` per player, the face-down tiles they have looked at (bit set);
* the turn: ``order``, ``turn``, ``last_turn``, ``alarm``, ``phase``, ``cursor`` (whose
  decision, in ``order``), ``pass_no`` (first or second actions), ``prog`` the programmed
  action letters, ``did`` what each slot did this turn (a letter, or ``-`` for none),
  ``pending`` a room's choice still to make, ``step`` the actions carried out so far;
* the end: ``result``, an ``Outcome``;
* the last move: ``happened`` its events as ``(rule, text)`` pairs (``events`` makes them
  ``Event`` records when asked: most positions of a bot's play-out are never asked),
  ``shown_to`` the players it showed something hidden (bit set) and ``died_in`` each death
  it caused as ``(character, tile)``, the room the character died in (R25-25, R25-30,
  R25-33, R25-34); none of them is saved.
"""
from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from boardlib.core.api import Outcome

from .modes import GUARD

CLUE, PROGRAM, EXEC, PENDING, OVER = "clue", "program", "exec", "pending", "over"
COUNTDOWN = "countdown"   # a phase every turn passes through; no position waits in it
T = TypeVar("T")

FIELDS = ("grid", "where", "up", "locked", "loc", "deaths", "roles", "shown", "seen", "order",
          "turn", "last_turn", "alarm", "phase", "cursor", "pass_no", "prog", "did", "cold",
          "trap", "flood", "shifts", "marker", "pending", "step", "result", "happened",
          "shown_to", "died_in")


class Trap(NamedTuple):
    """A character caught in the Trapped room ``tile`` by the action numbered ``since``;
    their next action must take them out (R25-25)."""

    tile: int
    since: int


class Flood(NamedTuple):
    """A character in the Flooded room ``tile``, who drowns if still inside after their second
    action of turn ``deadline`` (R25-33)."""

    tile: int
    deadline: int


NO_TRAP = Trap(-1, 0)
NO_FLOOD = Flood(-1, 0)


class Pending(NamedTuple):
    """A room's choice still to make: ``room`` is ``vision``, ``mobile``, ``illusion`` or
    ``control``, for character ``char`` who entered it (R25-24, R25-26, R25-27, R25-32)."""

    room: str
    char: int


def acts_on_the_spot(pos: Any, c: int) -> bool:
    """Does character ``c`` choose each action when it comes instead of programming? In Solo
    always (R25-49, R25-I5); a guard from the turn after they revealed (R25-39)."""
    if pos.game.mode == "solo":
        return True
    shown: int = pos.shown[c]
    return bool(pos.roles[c] == GUARD and 0 < shown < pos.turn)


def role_public(pos: Any, c: int) -> bool:
    """Is character ``c``'s role known to everyone (every role outside Suspicion, R25-38)?"""
    return bool(pos.game.mode != "suspicion" or pos.shown[c] > 0 or pos.phase == OVER)


def replaced(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with item ``i`` replaced by ``value``."""
    return items[:i] + (value,) + items[i + 1:]


class PositionFields:
    """The types of the fields a position and a move's draft both hold (``FIELDS``, described
    above; ``happened`` differs, so each class declares it). Only annotations: each of the
    two classes keeps the fields in its own ``__slots__``."""

    __slots__ = ()
    grid: tuple[int, ...]
    where: tuple[int, ...]
    up: int
    locked: int
    loc: tuple[int, ...]
    deaths: tuple[int, ...]
    roles: tuple[str, ...]
    shown: tuple[int, ...]
    seen: tuple[int, ...]
    order: tuple[int, ...]
    turn: int
    last_turn: int
    alarm: bool
    phase: str
    cursor: int
    pass_no: int
    prog: tuple[str, ...]
    did: tuple[str, ...]
    cold: int
    trap: tuple[Trap, ...]
    flood: tuple[Flood, ...]
    shifts: tuple[int, ...]
    marker: tuple[int, ...]
    pending: Pending | None
    step: int
    result: Outcome | None
    shown_to: int
    died_in: tuple[tuple[int, int], ...]


class Draft(PositionFields):
    """The working record a move is played on: the position's fields (the rules assign new
    values to them), plus ``event`` and the bookkeeping of what was shown to whom (R25-I4).
    ``build()`` makes the new position; the old one never changes."""

    __slots__ = FIELDS + ("game", "base")
    game: Any
    base: Any
    happened: list[tuple[str, str]]   # a list while the move is played, a tuple after

    def __init__(self, state: Any) -> None:
        self.base = state
        self.game = state.game
        self.grid, self.where, self.loc = state.grid, state.where, state.loc
        self.shown, self.seen, self.prog = state.shown, state.seen, state.prog
        self.did, self.trap, self.flood = state.did, state.trap, state.flood
        self.shifts, self.marker, self.deaths = state.shifts, state.marker, state.deaths
        self.up, self.locked, self.roles = state.up, state.locked, state.roles
        self.order, self.turn, self.last_turn = state.order, state.turn, state.last_turn
        self.alarm, self.phase, self.cursor = state.alarm, state.phase, state.cursor
        self.pass_no, self.cold, self.pending = state.pass_no, state.cold, state.pending
        self.step, self.result = state.step, state.result
        self.happened = []
        self.shown_to = 0
        self.died_in = ()

    def build(self) -> Any:
        """The new position (``Room25State.from_draft``); the draft is not used again."""
        return type(self.base).from_draft(self)

    # --- small steps every rule uses ----------------------------------------------------------
    def event(self, rule: str, text: str) -> None:
        self.happened.append((rule, text))

    def show_room(self, player: int, tile: int) -> None:
        """``player`` secretly sees the face-down room ``tile`` (R25-05, R25-14, R25-24)."""
        if not self.seen[player] >> tile & 1:
            self.seen = replaced(self.seen, player, self.seen[player] | 1 << tile)
            self.shown_to |= 1 << player

    def show_role(self, c: int) -> None:
        """Character ``c``'s role becomes public (R25-39, R25-40, R25-43)."""
        self.shown = replaced(self.shown, c, self.turn)
        self.shown_to |= self.others(c)

    def use_token(self, c: int, letter: str) -> None:
        """``c`` carries out (or loses) the action ``letter``; a programmed token is turned
        face up as it is carried out (R25-08)."""
        self.did = replaced(self.did, c, self.did[c] + letter)
        if self.prog[c]:
            self.shown_to |= self.others(c)

    def others(self, c: int) -> int:
        """The players other than ``c``'s, as a bit set."""
        players: int = self.game.num_players
        owner: int = self.game.owner[c]
        return ((1 << players) - 1) & ~(1 << owner)


__all__ = ["CLUE", "PROGRAM", "EXEC", "PENDING", "OVER", "FIELDS", "Trap", "Flood", "NO_TRAP",
           "NO_FLOOD", "Pending", "Draft", "replaced", "acts_on_the_spot", "role_public"]
