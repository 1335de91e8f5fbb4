"""Moves with typed fields whose text is declared once, written and parsed in one place.

A move is a small frozen dataclass declared with :func:`move`: a template for its text
and a *field kind* per field. The kind knows how to write the field, read it back and
whether a value has the right type::

    >>> from boardlib.grids.hex import Hex
    >>> @move("place {engines} at {at}", rule="ZY-05", engines=WHOLE, at=HEX)
    ... class Place:
    ...     at: Hex
    ...     engines: int
    >>> str(Place(Hex(3, -1), 2))
    'place 2 at 3,-1'
    >>> MOVES = MoveSet("Zyrcan", Place, rule="ZY-14")
    >>> MOVES.parse("place  2 at 3,-1")
    Place(at=Hex(q=3, r=-1), engines=2)
    >>> MOVES.type_problem(Place(Hex(3, -1), 2.0))
    Illegal(rule='ZY-05', reason='engines must be a whole number, not 2.0.')

Equality is typed too: ``Place(Hex(3, -1), 2.0) != Place(Hex(3, -1), 2)`` although
``2.0 == 2``, so a move is in ``legal_moves()`` exactly when it is one of them.
``State.why_illegal`` asks the game's :class:`MoveSet` about types before its rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform
from collections.abc import Callable, Iterable

from boardlib.grids.hex import DIRECTION_NAMES, Hex

from .errors import Illegal, InvalidInputError, excerpt

MAX_MOVE_TEXT = 200
"""Longer move texts are refused before they are read."""

T = TypeVar("T")


# --- field kinds -----------------------------------------------------------------

class FieldKind:
    """How one field of a move is written, read back and type-checked.

    ``pattern`` is the regular expression of its text; ``parse`` turns matched text into
    a value (raising ``ValueError`` with a short reason when it cannot); ``write`` turns a
    value into text; ``accepts`` says whether a value has exactly the right type (ranges
    are the rules' business, so that a refusal can name the rule).
    """

    description = "a value"
    pattern = r"\S+"

    def parse(self, text: str) -> Any:
        return text

    def write(self, value: Any) -> str:
        return str(value)

    def accepts(self, value: Any) -> bool:
        return True


class WholeKind(FieldKind):
    """A whole number written in digits: ``int`` only (not ``bool``, not ``2.0``)."""

    description = "a whole number"
    pattern = r"-?[0-9]{1,9}"

    def parse(self, text: str) -> int:
        return int(text)

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class HexKind(FieldKind):
    """A ``Hex`` of two whole numbers, written ``q,r``."""

    description = "a hex q,r of two whole numbers"
    pattern = r"-?[0-9]{1,9},-?[0-9]{1,9}"

    def parse(self, text: str) -> Hex:
        q, r = text.split(",")
        return Hex(int(q), int(r))

    def write(self, value: Any) -> str:
        return f"{value.q},{value.r}"

    def accepts(self, value: Any) -> bool:
        return type(value) is Hex and type(value.q) is int and type(value.r) is int


class DirectionKind(FieldKind):
    """A hex direction 0 … 5, written by its name ``E NE NW W SW SE``."""

    description = "a direction 0 to 5"
    pattern = "|".join(sorted(DIRECTION_NAMES, key=len, reverse=True))

    def parse(self, text: str) -> int:
        return DIRECTION_NAMES.index(text)

    def write(self, value: Any) -> str:
        return DIRECTION_NAMES[int(value)]

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class PairKind(FieldKind):
    """A pair of whole numbers ``(x, y)``, written ``x,y`` (square-grid places)."""

    description = "a pair x,y of whole numbers"
    pattern = r"-?[0-9]{1,9},-?[0-9]{1,9}"

    def parse(self, text: str) -> tuple[int, int]:
        x, y = text.split(",")
        return int(x), int(y)

    def write(self, value: Any) -> str:
        x, y = value
        return f"{x},{y}"

    def accepts(self, value: Any) -> bool:
        return (type(value) is tuple and len(value) == 2
                and type(value[0]) is int and type(value[1]) is int)


class ChoiceKind(FieldKind):
    """One of a few named strings, written as itself: ``ChoiceKind("blue", "red")``."""

    def __init__(self, *names: str) -> None:
        self.names = names
        self.description = "one of " + ", ".join(names)
        self.pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))

    def accepts(self, value: Any) -> bool:
        return type(value) is str


class TextKind(FieldKind):
    """A word without spaces matching ``pattern`` (a game's own labels, e.g. ``city:N+E``)."""

    def __init__(self, pattern: str, description: str,
                 parse: Callable[[str], str] | None = None) -> None:
        self.pattern = pattern
        self.description = description
        self._normalise = parse

    def parse(self, text: str) -> Any:
        return text if self._normalise is None else self._normalise(text)

    def accepts(self, value: Any) -> bool:
        return type(value) is str


WHOLE = WholeKind()
HEX = HexKind()
DIRECTION = DirectionKind()
PAIR = PairKind()


# --- declaring a move ------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class Notation:
    """A move class's template, field kinds and rule, and the regex that reads it."""

    def __init__(self, cls: type, template: str, rule: str,
                 kinds: dict[str, FieldKind]) -> None:
        self.cls = cls
        self.template = template
        self.rule = rule
        self.kinds = kinds
        self.fields: tuple[str, ...] = tuple(getattr(cls, "__match_args__", ()))
        named = _PLACEHOLDER.findall(template)
        if sorted(named) != sorted(self.fields) or sorted(kinds) != sorted(self.fields):
            raise TypeError(f"{cls.__name__}: the template {template!r} and the field kinds "
                            f"must name each field {self.fields} once")
        parts: list[str] = []
        last = 0
        for m in _PLACEHOLDER.finditer(template):
            parts.append(re.escape(template[last:m.start()]))
            parts.append(f"(?P<{m[1]}>{kinds[m[1]].pattern})")
            last = m.end()
        parts.append(re.escape(template[last:]))
        self.regex = re.compile("".join(parts).replace(r"\ ", " "))
        getter = attrgetter(*self.fields) if self.fields else None
        #: The field values as a tuple.
        self.values: Callable[[Any], tuple[Any, ...]] = (
            (lambda m: ()) if getter is None
            else (lambda m: (getter(m),)) if len(self.fields) == 1 else getter)

    def write(self, move: Any) -> str:
        def text(match: re.Match[str]) -> str:
            value = getattr(move, match[1])
            try:
                return self.kinds[match[1]].write(value)
            except Exception:  # a wrongly typed field still gets written, for messages
                return excerpt(value)
        return _PLACEHOLDER.sub(text, self.template)

    def read(self, text: str) -> Any:
        """The move ``text`` spells, ``None`` if it is not this template, or an error."""
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        values = {}
        for name, kind in self.kinds.items():
            try:
                values[name] = kind.parse(m[name])
            except (ValueError, IndexError) as exc:
                raise InvalidInputError(f"{excerpt(text)}: {m[name]!r} is not "
                                        f"{kind.description} ({exc})") from None
        return self.cls(**values)

    def type_problem(self, move: Any) -> Illegal | None:
        for name in self.fields:
            kind = self.kinds[name]
            value = getattr(move, name)
            if not kind.accepts(value):
                return Illegal(self.rule, f"{name} must be {kind.description}, "
                                          f"not {excerpt(value)}.")
        return None


def _typed(value: Any) -> Any:
    """``value`` with the type of every part: ``2.0`` and ``2`` differ, so do ``(1, 2)``
    and ``Hex(1, 2)``."""
    if isinstance(value, tuple):
        return (type(value), tuple(_typed(v) for v in value))
    return (type(value), value)


def _move_str(self: Any) -> str:
    notation: Notation = type(self).NOTATION
    return notation.write(self)


def _move_eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = type(self).NOTATION.values
    mine, theirs = values(self), values(other)
    # plain equality first (fast, and usually False); then the types of every part
    return mine == theirs and _typed(mine) == _typed(theirs)


def _move_hash(self: Any) -> int:
    return hash((self.__class__.__name__, type(self).NOTATION.values(self)))


@dataclass_transform(frozen_default=True)
def move(template: str, *, rule: str, **kinds: FieldKind) -> Callable[[type[T]], type[T]]:
    """Declare a move class: a frozen dataclass whose ``str()`` follows ``template``.

    Each ``{field}`` of the template is written and read by its kind (``WHOLE``, ``HEX``,
    ``DIRECTION``, ``PAIR``, ``ChoiceKind(...)``, a game's own). ``rule`` is cited when a
    field has the wrong type.
    """
    def declare(cls: type[T]) -> type[T]:
        made: Any = dataclass(frozen=True, slots=True, eq=False)(cls)
        notation = Notation(made, template, rule, kinds)
        made.NOTATION = notation
        made.__str__ = _move_str
        made.__eq__ = _move_eq
        made.__hash__ = _move_hash
        return made  # type: ignore[no-any-return]
    return declare


def notation_of(cls: type) -> Notation:
    """The notation a class declared with :func:`move`."""
    found = cls.__dict__.get("NOTATION")
    if not isinstance(found, Notation):
        raise TypeError(f"{cls.__name__} is not declared with boardlib.core.move")
    return found


class MoveSet:
    """The move classes of one game: parses text, writes examples, checks types.

    ``rule`` is cited for an object that is no move of this game at all.
    """

    def __init__(self, game: str, *classes: type, rule: str) -> None:
        self.game = game
        self.rule = rule
        self.notations = tuple(notation_of(c) for c in classes)
        self._by_class = {n.cls: n for n in self.notations}

    @property
    def classes(self) -> tuple[type, ...]:
        return tuple(n.cls for n in self.notations)

    def parse(self, text: object) -> Any:
        """The move whose ``str()`` is ``text`` (spaces do not matter); else
        ``InvalidInputError`` with a short excerpt and the templates."""
        if not isinstance(text, str):
            raise InvalidInputError(f"a {self.game} move is text, not {excerpt(text)}")
        if len(text) > MAX_MOVE_TEXT:
            raise InvalidInputError(f"{excerpt(text)} is too long for a {self.game} move "
                                    f"(at most {MAX_MOVE_TEXT} characters)")
        clean = " ".join(text.split())
        for notation in self.notations:
            found = notation.read(clean)
            if found is not None:
                return found
        forms = "', '".join(n.template for n in self.notations)
        raise InvalidInputError(f"not a {self.game} move: {excerpt(text)} "
                                f"(moves are written '{forms}')")

    def type_problem(self, move: object) -> Illegal | None:
        """Why ``move`` is not a well-typed move of this game, or None if it is."""
        notation = self._by_class.get(type(move))
        if notation is None:
            return Illegal(self.rule, f"{excerpt(move)} is not a {self.game} move.")
        return notation.type_problem(move)


def declared_fields(cls: type) -> Iterable[tuple[str, FieldKind]]:
    """The (name, kind) pairs of a move class, in field order (for test strategies)."""
    notation = notation_of(cls)
    return tuple((name, notation.kinds[name]) for name in notation.fields)


__all__ = ["FieldKind", "WholeKind", "HexKind", "DirectionKind", "PairKind", "ChoiceKind",
           "TextKind", "WHOLE", "HEX", "DIRECTION", "PAIR", "Notation", "move", "notation_of",
           "MoveSet", "declared_fields", "MAX_MOVE_TEXT"]
