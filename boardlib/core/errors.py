"""Refusals and errors every game shares, and a short, safe excerpt of bad input.

A move the rules forbid is an :class:`Illegal` (the rule ID and one plain sentence);
``State.apply`` raises it as :class:`IllegalMoveError`. Input that is not even a move
(a bad option, save file or move text) raises :class:`InvalidInputError`. Messages
quote bad input only through :func:`excerpt`, so a megabyte of garbage never ends
up in an error message.

>>> excerpt("x" * 1000)
"'xxxxxxxxxxxxx...xxxxxxxxxxxxxx'"
>>> excerpt(10 ** 5000)
'a whole number of about 5000 digits'
"""
from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why a move is refused: the rule it breaks and one plain sentence."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class InvalidInputError(ValueError):
    """Malformed input that is not a move: a bad option, save file or move text."""


class IllegalMoveError(ValueError):
    """Raised by ``State.apply`` for a move the rules forbid; the state is unchanged."""

    def __init__(self, move: object, rule: str, reason: str) -> None:
        super().__init__(f"{move_text(move)}: {reason} ({rule})")
        self.move = move
        self.rule = rule
        self.reason = reason


class _Excerpt(reprlib.Repr):
    """reprlib, plus whole numbers too long to write out (Python refuses past 4,300 digits)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"a whole number of about {int(x.bit_length() * 0.30103)} digits"
        return repr(x)


_EXCERPT = _Excerpt()
_EXCERPT.maxlevel = 3
_EXCERPT.maxstring = 32
_EXCERPT.maxother = 40
_EXCERPT.maxlist = _EXCERPT.maxtuple = _EXCERPT.maxdict = _EXCERPT.maxset = 4


def excerpt(value: Any) -> str:
    """A short repr of ``value`` for error messages: at most about 60 characters."""
    try:
        text = _EXCERPT.repr(value)
    except Exception:  # a value whose own repr fails: name its type instead
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."


def move_text(move: object) -> str:
    """``str(move)`` for messages, or a short excerpt when the move cannot be written out."""
    try:
        text = str(move)
    except Exception:  # e.g. a field of a wrong type
        return excerpt(move)
    return text if len(text) <= 80 else text[:77] + "..."


def require(condition: object, message: str) -> None:
    """Validation helper for loaders: raise ``InvalidInputError`` unless ``condition`` is
    true (any truthy value)."""
    if not condition:
        raise InvalidInputError(message)


def is_whole(value: Any) -> bool:
    """A whole number as JSON or a caller gives it: ``True`` equals 1 but is not one."""
    return type(value) is int


__all__ = ["Illegal", "InvalidInputError", "IllegalMoveError", "excerpt", "move_text",
           "require", "is_whole"]
