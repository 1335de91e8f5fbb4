"""Room 25's moves, each declared once with its text (``boardlib.core.move``): ``str(move)``
writes it and ``MOVES.parse`` reads it back (``"program 0: move, look"``, ``"move b3"``,
``"control row 1 left"`` …). Fields are typed: a place is a whole number 0 … 24 written
``a1`` … ``e5``, an action a letter of ``MLPC`` written by its name; a move with a field of
the wrong type is refused with the rule its move plays under.
"""
from __future__ import annotations

from typing import Any

from boardlib.core.errors import InvalidInputError, excerpt
from boardlib.core.moves import (MAX_MOVE_TEXT, WHOLE, FieldKind, MoveSet, Notation, WholeKind,
                                 move)

from .complex import COLS, POS_INDEX, POS_NAMES, SIZE, line_name
from .modes import ACTION_LETTERS, ACTION_NAMES, ACTIONS


class PlaceKind(WholeKind):
    """A place of the complex, 0 … 24, written ``a1`` … ``e5`` (columns a-e, rows 1-5)."""

    description = "a place a1 to e5"
    pattern = "[a-e][1-5]"

    def parse(self, text: str) -> int:
        return POS_INDEX[text]

    def write(self, value: Any) -> str:
        return POS_NAMES[value] if type(value) is int and 0 <= value < 25 else excerpt(value)

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class ActionKind(FieldKind):
    """An action token, the letter ``M``, ``L``, ``P`` or ``C``, written by its name."""

    description = "an action: move, look, push or control"
    pattern = "move|look|push|control"

    def parse(self, text: str) -> str:
        return ACTION_LETTERS[text]

    def write(self, value: Any) -> str:
        return ACTION_NAMES.get(value, excerpt(value)) if type(value) is str else excerpt(value)

    def accepts(self, value: Any) -> bool:
        return type(value) is str


class SecondActionKind(ActionKind):
    """A second action token, written ``, look``; none is the empty text."""

    description = "a second action, or none"
    pattern = "(?:, (?:move|look|push|control))?"

    def parse(self, text: str) -> str:
        return ACTION_LETTERS[text[2:]] if text else ""

    def write(self, value: Any) -> str:
        return "" if value == "" else ", " + super().write(value)


class LineKind(WholeKind):
    """A line of the complex: 0 … 4 the rows, written ``row 1`` … ``row 5``, 5 … 9 the
    columns, written ``col a`` … ``col e``."""

    description = "a line: row 1 to row 5 or col a to col e"
    pattern = "row [1-5]|col [a-e]"

    def parse(self, text: str) -> int:
        return int(text[4]) - 1 if text.startswith("row") else SIZE + COLS.index(text[4])

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class SlideKind(WholeKind):
    """A slide's direction: -1 (left, up) or +1 (right, down)."""

    description = "a direction: left or right for a row, up or down for a column"
    pattern = "left|right|up|down"

    def parse(self, text: str) -> int:
        return -1 if text in ("left", "up") else 1

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class SlideNotation(Notation):
    """``control row 1 left``: the direction's word depends on the line (left/right for a
    row, up/down for a column), so the line and the direction are written together."""

    def write(self, m: Any) -> str:
        try:
            return f"control {line_name(m.line, m.direction)}"
        except Exception:  # a wrongly typed field still gets written, for messages
            return f"control {excerpt(m.line)} {excerpt(m.direction)}"

    def read(self, text: str) -> Any:
        found = super().read(text)
        if found is not None and ("row" in text) != (text.split()[-1] in ("left", "right")):
            raise InvalidInputError(f"{excerpt(text)}: a row slides left or right, a column "
                                    "up or down (R25-17)")
        return found


PLACE, ACTION, SECOND, LINE, SLIDE = (PlaceKind(), ActionKind(), SecondActionKind(), LineKind(),
                                      SlideKind())


@move("clue {at}", rule="R25-05", at=PLACE)
class Clue:
    """The first clue: secretly look at a room next to the Central Room."""

    at: int


@move("program {char}: {first}{second}", rule="R25-01", char=WHOLE, first=ACTION,
      second=SECOND)
class Program:
    """Program character ``char``'s actions: ``first`` then ``second`` ("": one only)."""

    char: int
    first: str
    second: str = ""


@move("defer", rule="R25-07")
class Defer:
    """Keep a single programmed action for the second round."""


@move("pass", rule="R25-I5")
class Pass:
    """A character acting on the spot lets this action go."""


@move("move {to}", rule="R25-15", to=PLACE)
class Move:
    """Move into the adjacent room at ``to``."""

    to: int


@move("look {at}", rule="R25-14", at=PLACE)
class Look:
    """Secretly look at the adjacent face-down room at ``at``."""

    at: int


@move("push {char} to {to}", rule="R25-16", char=WHOLE, to=PLACE)
class Push:
    """Push character ``char`` from your room into the adjacent room at ``to``."""

    char: int
    to: int


@move("control {line} {direction}", rule="R25-17", line=LINE, direction=SLIDE)
class Control:
    """Slide line ``line`` (0-4 rows, 5-9 columns) by one place in ``direction`` ±1."""

    line: int
    direction: int


# The slide's own notation replaces the one ``move`` made (same template, kinds and rule).
Control.NOTATION = SlideNotation(  # type: ignore[attr-defined]
    Control, "control {line} {direction}", "R25-17", {"line": LINE, "direction": SLIDE})


@move("vision {at}", rule="R25-24", at=PLACE)
class Vision:
    """The Vision room's look at any face-down room."""

    at: int


@move("swap {at}", rule="R25-26", at=PLACE)
class Swap:
    """Swap the Moving room (with its occupants) with the face-down room at ``at``."""

    at: int


@move("illusion {at}", rule="R25-32", at=PLACE)
class Illusion:
    """Trade the Illusion room for the face-down room at ``at``."""

    at: int


@move("reveal", rule="R25-39")
class Reveal:
    """A guard shows their role."""


@move("remind {at}", rule="R25-20", at=PLACE)
class Remind:
    """Put the acting character's reminder marker on the room at ``at``."""

    at: int


MOVES = MoveSet("Room 25", Clue, Program, Defer, Pass, Move, Look, Push, Control, Vision,
                Swap, Illusion, Reveal, Remind, rule="R25-08")

ACTION_MOVES = (Move, Look, Push, Control)
LETTER_OF = {Move: "M", Look: "L", Push: "P", Control: "C"}

# Legal moves are shared objects, one per (type, place), built once: most moves a player
# picks are found among the legal ones by identity.
CLUES = tuple(Clue(p) for p in range(25))
MOVES_TO = tuple(Move(p) for p in range(25))
LOOKS_AT = tuple(Look(p) for p in range(25))
VISIONS = tuple(Vision(p) for p in range(25))
SWAPS = tuple(Swap(p) for p in range(25))
ILLUSIONS = tuple(Illusion(p) for p in range(25))
REMINDS = tuple(Remind(p) for p in range(25))
CONTROLS = {(k, d): Control(k, d) for k in range(10) for d in (-1, 1)}
PUSHES = {(c, p): Push(c, p) for c in range(6) for p in range(25)}
PROGRAMS = tuple(
    tuple(Program(c, a, b) for a in ACTIONS for b in ACTIONS if a != b)
    + tuple(Program(c, a) for a in ACTIONS) for c in range(6))
SINGLES = tuple(tuple(Program(c, a) for a in ACTIONS) for c in range(6))
DEFER, PASS, REVEAL = Defer(), Pass(), Reveal()


def parse_move(text: object) -> Any:
    """The move whose ``str()`` is ``text`` (spaces and case do not matter)."""
    if isinstance(text, str) and len(text) <= MAX_MOVE_TEXT:
        text = text.lower()
    return MOVES.parse(text)


__all__ = ["Clue", "Program", "Defer", "Pass", "Move", "Look", "Push", "Control", "Vision",
           "Swap", "Illusion", "Reveal", "Remind", "MOVES", "ACTION_MOVES", "LETTER_OF",
           "CLUES", "MOVES_TO", "LOOKS_AT", "VISIONS", "SWAPS", "ILLUSIONS", "REMINDS",
           "CONTROLS", "PUSHES", "PROGRAMS", "SINGLES", "DEFER", "PASS", "REVEAL",
           "PLACE", "ACTION", "SECOND", "LINE", "SLIDE", "parse_move"]
