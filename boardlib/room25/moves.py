"""Room 25's moves: small frozen records with a readable text and a parser back from it.

Each move names the rule it plays in its docstring; ``parse_move`` reads the text that
``str(move)`` writes (``"program 0: move, look"``, ``"control row 1 left"`` …).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from boardlib.core.api import InvalidInputError

from .complex import COLS, POS_INDEX, POS_NAMES, SIZE, line_name
from .modes import ACTION_LETTERS, ACTION_NAMES, ACTIONS

@dataclass(frozen=True, slots=True)
class Clue:
    """The first clue: secretly look at a room next to the Central Room (R25-05)."""

    at: int

    def __str__(self) -> str:
        return f"clue {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Program:
    """Program character ``char``'s actions: ``first`` then ``second`` ("" = one only) (R25-07)."""

    char: int
    first: str
    second: str = ""

    def __str__(self) -> str:
        acts = ACTION_NAMES.get(self.first, self.first)
        if self.second:
            acts += ", " + ACTION_NAMES.get(self.second, self.second)
        return f"program {self.char}: {acts}"


@dataclass(frozen=True, slots=True)
class Defer:
    """Keep a single programmed action for the second round (R25-07)."""

    def __str__(self) -> str:
        return "defer"


@dataclass(frozen=True, slots=True)
class Pass:
    """A character acting on the spot skips this action (R25-39, R25-I5)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Move:
    """Move into the adjacent room at ``to`` (R25-15)."""

    to: int

    def __str__(self) -> str:
        return f"move {POS_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Look:
    """Secretly look at the adjacent face-down room at ``at`` (R25-14)."""

    at: int

    def __str__(self) -> str:
        return f"look {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Push:
    """Push character ``char`` from your room into the adjacent room at ``to`` (R25-16)."""

    char: int
    to: int

    def __str__(self) -> str:
        return f"push {self.char} to {POS_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Control:
    """Slide line ``line`` (0-4 rows, 5-9 columns) by one in ``direction`` ±1 (R25-17, R25-27)."""

    line: int
    direction: int

    def __str__(self) -> str:
        return f"control {line_name(self.line, self.direction)}"


@dataclass(frozen=True, slots=True)
class Vision:
    """The Vision room's look at any face-down room (R25-24)."""

    at: int

    def __str__(self) -> str:
        return f"vision {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the Moving room (with its occupants) with the face-down room at ``at`` (R25-26)."""

    at: int

    def __str__(self) -> str:
        return f"swap {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Illusion:
    """Trade the Illusion room for the face-down room at ``at`` (R25-32)."""

    at: int

    def __str__(self) -> str:
        return f"illusion {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """A guard reveals their role during their own turn (R25-39)."""

    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Remind:
    """Put the acting character's reminder marker on the room at ``at`` (R25-20, R25-I6)."""

    at: int

    def __str__(self) -> str:
        return f"remind {POS_NAMES[self.at]}"


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

PLACE = r"([a-e][1-5])"
PARSERS = (
    (re.compile(rf"^clue {PLACE}$"), lambda m: CLUES[POS_INDEX[m[1]]]),
    (re.compile(rf"^move {PLACE}$"), lambda m: MOVES_TO[POS_INDEX[m[1]]]),
    (re.compile(rf"^look {PLACE}$"), lambda m: LOOKS_AT[POS_INDEX[m[1]]]),
    (re.compile(rf"^vision {PLACE}$"), lambda m: VISIONS[POS_INDEX[m[1]]]),
    (re.compile(rf"^swap {PLACE}$"), lambda m: SWAPS[POS_INDEX[m[1]]]),
    (re.compile(rf"^illusion {PLACE}$"), lambda m: ILLUSIONS[POS_INDEX[m[1]]]),
    (re.compile(rf"^remind {PLACE}$"), lambda m: REMINDS[POS_INDEX[m[1]]]),
    (re.compile(rf"^push ([0-5]) to {PLACE}$"), lambda m: PUSHES[int(m[1]), POS_INDEX[m[2]]]),
    (re.compile(r"^control row ([1-5]) (left|right)$"),
     lambda m: CONTROLS[int(m[1]) - 1, 1 if m[2] == "right" else -1]),
    (re.compile(r"^control col ([a-e]) (up|down)$"),
     lambda m: CONTROLS[SIZE + COLS.index(m[1]), 1 if m[2] == "down" else -1]),
    (re.compile(r"^program ([0-5]): (move|look|push|control)(?:, (move|look|push|control))?$"),
     lambda m: Program(int(m[1]), ACTION_LETTERS[m[2]],
                       ACTION_LETTERS[m[3]] if m[3] else "")),
    (re.compile(r"^defer$"), lambda m: DEFER),
    (re.compile(r"^pass$"), lambda m: PASS),
    (re.compile(r"^reveal$"), lambda m: REVEAL),
)


def parse_move(text: str) -> Any:
    """The move whose ``str()`` is ``text`` (spaces and case do not matter)."""
    text = " ".join(str(text).split()).lower()
    for pattern, build in PARSERS:
        m = pattern.match(text)
        if m:
            return build(m)
    raise InvalidInputError(
        f"not a Room 25 move: {text!r} (e.g. 'clue c2', 'program 0: move, look', 'move b3', "
        "'look c2', 'push 1 to b3', 'control row 1 left', 'control col d up', 'defer', "
        "'pass', 'vision a1', 'swap a1', 'illusion a1', 'reveal', 'remind a1')")


__all__ = ["Clue", "Program", "Defer", "Pass", "Move", "Look", "Push", "Control", "Vision",
           "Swap", "Illusion", "Reveal", "Remind", "ACTION_MOVES", "LETTER_OF", "CLUES",
           "MOVES_TO", "LOOKS_AT", "VISIONS", "SWAPS", "ILLUSIONS", "REMINDS", "CONTROLS",
           "PUSHES", "PROGRAMS", "SINGLES", "DEFER", "PASS", "REVEAL", "parse_move"]
