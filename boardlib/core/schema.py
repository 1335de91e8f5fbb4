"""Declarative schemas that check JSON data (saves, options) before an engine reads it.

A schema says what a value must look like; :meth:`Schema.check` raises
:class:`InvalidInputError` naming the path of the first bad value and a short excerpt::

    >>> ship = TupleOf(Whole(-50, 50), Whole(-50, 50), Whole(0, 4), Whole(1, 3))
    >>> state = Record({"to_move": Whole(0, 2), "ships": ListOf(ship, max_length=60)})
    >>> try:
    ...     state.check({"to_move": 1, "ships": [[0, 1, 2, 3], [1, 1, 0, 2.5]]})
    ... except InvalidInputError as exc:
    ...     print(exc)
    state.ships[1][3]: must be a whole number from 1 to 3, not 2.5

Every schema is bounded (numbers, string lengths, list lengths) and data is only ever
walked as deep as the schema goes, so no input takes long to refuse. :func:`load_json`
turns the parser's own failures (deep nesting, 5,000-digit numbers, bad syntax, very long
text) into :class:`InvalidInputError` as well.
"""
from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from typing import Any
from collections.abc import Mapping

from .errors import InvalidInputError, excerpt

#: Bounds that apply unless a schema says otherwise.
MAX_WHOLE = 10 ** 12
MAX_TEXT = 200
MAX_JSON = 2_000_000


class Schema(ABC):
    """What a JSON value must be. ``check`` raises ``InvalidInputError`` or returns None."""

    @property
    @abstractmethod
    def description(self) -> str:
        """What a good value is, as it follows "must be": ``"a whole number from 0 to 4"``."""

    @abstractmethod
    def accepts(self, value: Any) -> bool:
        """Whether ``value`` itself (not its parts) has the right kind and range."""

    def check(self, value: Any, path: str = "state") -> None:
        """Raise ``InvalidInputError("path: must be ..., not ...")`` unless ``value`` fits."""
        if not self.accepts(value):
            self.fail(value, path)
        self.check_parts(value, path)

    def check_parts(self, value: Any, path: str) -> None:  # noqa: B027 - optional hook
        """Check the parts of an accepted container (nothing to do for plain values)."""

    def fail(self, value: Any, path: str) -> None:
        raise InvalidInputError(f"{path}: must be {self.description}, not {excerpt(value)}")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.description}>"


def is_plain(schema: Schema) -> bool:
    """A schema with no parts to check (Whole, Text, Choice ...): ``check`` is ``accepts``."""
    kind = type(schema)
    return kind.check is Schema.check and kind.check_parts is Schema.check_parts


class Whole(Schema):
    """A whole number (never a bool or a float, even 2.0) from ``low`` to ``high``."""

    def __init__(self, low: int = -MAX_WHOLE, high: int = MAX_WHOLE) -> None:
        self.low, self.high = low, high

    @property
    def description(self) -> str:
        if (self.low, self.high) == (-MAX_WHOLE, MAX_WHOLE):
            return "a whole number"
        if self.high == MAX_WHOLE:
            return f"a whole number of at least {self.low}"
        return f"a whole number from {self.low} to {self.high}"

    def accepts(self, value: Any) -> bool:
        return type(value) is int and self.low <= value <= self.high


class Boolean(Schema):
    """``true`` or ``false`` (not 0 or 1)."""

    description = "true or false"

    def accepts(self, value: Any) -> bool:
        return type(value) is bool


class Choice(Schema):
    """One of a few values, compared with their types (``True`` is not ``1``)."""

    def __init__(self, *values: Any) -> None:
        self.values = values
        # (type, value) pairs: one set lookup instead of a scan (None if a value has no hash)
        try:
            self.typed: frozenset[tuple[type, Any]] | None = frozenset(
                (type(v), v) for v in values)
        except TypeError:
            self.typed = None

    @property
    def description(self) -> str:
        shown = ", ".join(json.dumps(v) for v in self.values[:8])
        return f"one of {shown}" + (", ..." if len(self.values) > 8 else "")

    def accepts(self, value: Any) -> bool:
        if self.typed is not None:
            try:
                return (type(value), value) in self.typed
            except TypeError:  # a list or dict: no hashable value has its type
                return False
        return any(type(value) is type(v) and value == v for v in self.values)


class Text(Schema):
    """A string of at most ``max_length`` characters, optionally matching ``pattern``."""

    def __init__(self, max_length: int = MAX_TEXT, pattern: str | None = None) -> None:
        self.max_length = max_length
        self.pattern = None if pattern is None else re.compile(pattern)

    @property
    def description(self) -> str:
        shape = f" like {self.pattern.pattern}" if self.pattern else ""
        return f"a text of at most {self.max_length} characters{shape}"

    def accepts(self, value: Any) -> bool:
        return (type(value) is str and len(value) <= self.max_length
                and (self.pattern is None or self.pattern.fullmatch(value) is not None))


class ListOf(Schema):
    """A list (or tuple) of ``min_length`` to ``max_length`` items, each fitting ``item``."""

    def __init__(self, item: Schema, max_length: int, min_length: int = 0) -> None:
        self.item, self.min_length, self.max_length = item, min_length, max_length

    @property
    def description(self) -> str:
        size = (f"{self.min_length} to {self.max_length}" if self.min_length
                else f"at most {self.max_length}")
        return f"a list of {size} items"

    def accepts(self, value: Any) -> bool:
        return (type(value) in (list, tuple)
                and self.min_length <= len(value) <= self.max_length)

    def check_parts(self, value: Any, path: str) -> None:
        item = self.item
        if is_plain(item):  # no parts: the path is written only for a refusal
            accepts = item.accepts
            for i, v in enumerate(value):
                if not accepts(v):
                    item.fail(v, f"{path}[{i}]")
            return
        for i, v in enumerate(value):
            item.check(v, f"{path}[{i}]")


class TupleOf(Schema):
    """A list (or tuple) of exactly one item per schema, in order: ``[q, r]``."""

    def __init__(self, *items: Schema) -> None:
        self.items = items

    @property
    def description(self) -> str:
        return f"a list of {len(self.items)} items"

    def accepts(self, value: Any) -> bool:
        return type(value) in (list, tuple) and len(value) == len(self.items)

    def check_parts(self, value: Any, path: str) -> None:
        for i, (schema, v) in enumerate(zip(self.items, value, strict=True)):
            if is_plain(schema):  # no parts: the path is written only for a refusal
                if not schema.accepts(v):
                    schema.fail(v, f"{path}[{i}]")
            else:
                schema.check(v, f"{path}[{i}]")


class Record(Schema):
    """An object with exactly these keys (``optional`` ones may be left out)."""

    def __init__(self, fields: Mapping[str, Schema], optional: tuple[str, ...] = ()) -> None:
        self.fields = dict(fields)
        self.optional = frozenset(optional)

    description = "an object"

    def accepts(self, value: Any) -> bool:
        return type(value) is dict

    def check_parts(self, value: Any, path: str) -> None:
        for key in value:
            if key not in self.fields:
                raise InvalidInputError(f"{path}: unknown field {excerpt(key)}; the fields are "
                                        f"{', '.join(self.fields)}")
        for key, schema in self.fields.items():
            if key in value:
                schema.check(value[key], f"{path}.{key}")
            elif key not in self.optional:
                raise InvalidInputError(f"{path}: the field {key!r} is missing")


class Optional(Schema):
    """``null`` or a value fitting ``schema``."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema

    @property
    def description(self) -> str:
        return f"null or {self.schema.description}"

    def accepts(self, value: Any) -> bool:
        return value is None or self.schema.accepts(value)

    def check_parts(self, value: Any, path: str) -> None:
        if value is not None:
            self.schema.check_parts(value, path)


class OneOf(Schema):
    """A value fitting one of the schemas; the first whose kind accepts it checks the parts."""

    def __init__(self, *schemas: Schema) -> None:
        self.schemas = schemas

    @property
    def description(self) -> str:
        return " or ".join(s.description for s in self.schemas)

    def accepts(self, value: Any) -> bool:
        return any(s.accepts(value) for s in self.schemas)

    def check_parts(self, value: Any, path: str) -> None:
        next(s for s in self.schemas if s.accepts(value)).check_parts(value, path)


class Anything(Schema):
    """Any JSON value no bigger than ``max_length`` characters once written (rarely right)."""

    def __init__(self, max_length: int = 10_000) -> None:
        self.max_length = max_length

    @property
    def description(self) -> str:
        return f"a JSON value of at most {self.max_length} characters"

    def accepts(self, value: Any) -> bool:
        try:
            return len(json.dumps(value)) <= self.max_length
        except (TypeError, ValueError, RecursionError):
            return False


def load_json(text: object, what: str = "this save", max_length: int = MAX_JSON) -> Any:
    """Parse JSON text; every way it can fail is an ``InvalidInputError`` naming ``what``.

    >>> load_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    boardlib.core.errors.InvalidInputError: this save is not JSON: it is nested too deeply
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidInputError(f"{what} is not JSON text but {excerpt(text)}")
    if len(text) > max_length:
        raise InvalidInputError(f"{what} is longer than {max_length:,} characters")
    try:
        return json.loads(text)
    except RecursionError:
        raise InvalidInputError(f"{what} is not JSON: it is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{what} is not JSON: {exc.msg} at line {exc.lineno} column "
                                f"{exc.colno}") from None
    except (ValueError, UnicodeDecodeError) as exc:  # e.g. a number of 5,000 digits
        raise InvalidInputError(f"{what} is not JSON this library reads: "
                                f"{str(exc)[:80]}") from None


def to_json_value(value: Any) -> Any:
    """``value`` as JSON gives it back: tuples become lists (options are kept this way)."""
    if isinstance(value, (list, tuple)):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json_value(v) for k, v in value.items()}
    return value


__all__ = ["Schema", "Whole", "Boolean", "Choice", "Text", "ListOf", "TupleOf", "Record",
           "Optional", "OneOf", "Anything", "load_json", "to_json_value", "MAX_WHOLE",
           "MAX_TEXT", "MAX_JSON"]
