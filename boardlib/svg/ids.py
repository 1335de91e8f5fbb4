"""The one id scheme of every board: written here, parsed here.

A clickable element of a board is named ``<kind>_<field>_<field>...``: a lower-case kind,
then whole numbers joined by ``_`` (``hex_3_-1``, ``reserve_2``, ``room_7``). Drawing code
writes ids with :func:`element_id`; controllers read clicks with :func:`parse_id`. Elements
nobody clicks get no id (or an id without ``_``), so nothing else looks like a click.

The browser does not parse ids: it reports the id of the nearest element with the class
:data:`CLICKABLE_CLASS`, which :meth:`boardlib.svg.Drawing.clickable` sets.
"""
from __future__ import annotations

import re
from typing import NamedTuple

CLICKABLE_CLASS = "click"
"""The class of every clickable element (``board.js`` and ``board.css`` use the same name)."""

MAX_ID_LENGTH = 64
"""Longer ids are not ours (the browser sends whatever it is given; keep parsing cheap)."""

_KIND = re.compile(r"[a-z]+\Z")
_ID = re.compile(r"([a-z]+)((?:_-?[0-9]{1,9})*)\Z")


class ElementId(NamedTuple):
    """A parsed id: ``ElementId("hex", (3, -1))``."""

    kind: str
    fields: tuple[int, ...]

    def __str__(self) -> str:
        return element_id(self.kind, *self.fields)


def element_id(kind: str, *fields: int) -> str:
    """``element_id("hex", 3, -1) == "hex_3_-1"``; ``kind`` is lower-case letters only."""
    if not _KIND.match(kind):
        raise ValueError(f"an element kind is lower-case letters, not {kind!r}")
    if any(type(f) is not int for f in fields):   # bool and float would write "True", "2.0"
        raise ValueError(f"element id fields are whole numbers, not {fields!r}")
    return "_".join((kind, *map(str, fields)))


def parse_id(text: object) -> ElementId | None:
    """``"hex_3_-1"`` -> ``ElementId("hex", (3, -1))``; ``None`` for anything else.

    >>> parse_id("reserve_2")
    ElementId(kind='reserve', fields=(2,))
    >>> parse_id("hex_3_x") is None
    True
    """
    if not isinstance(text, str) or len(text) > MAX_ID_LENGTH:
        return None
    found = _ID.match(text)
    if found is None:
        return None
    kind, rest = found.groups()
    return ElementId(kind, tuple(int(part) for part in rest.split("_")[1:]))


__all__ = ["CLICKABLE_CLASS", "ElementId", "element_id", "parse_id"]
