"""Marks on a board: what the last moves touched, and what an *Explain* step points at.

The engine's teacher (:mod:`boardlib.core.teaching`) says what to mark as ``Mark`` values:
a ``kind`` (``from``, ``to``, ``placed``, ``removed``, ``path``, ``count`` ...), a place
``at`` in the game's own coordinates, the ``seat`` whose colour it takes and a ``label``.
This module draws them on any board; the game says only where each place is.

The hook every game's ``draw.py`` implements
--------------------------------------------
``draw_svg(state, ..., marks=None)`` takes a :class:`MarkLayer` (or ``None``) and, after
drawing the board, calls :func:`draw_marks` with a function that maps one of the game's
places to a :class:`Spot` (its centre, its outline, the id of the element drawn there) or
``None`` (a place this picture does not show)::

    def spot(at: Hex) -> Spot | None:
        if at not in frame.centers:
            return None
        return Spot(frame.centers[at], frame.corner_points[at], hex_id(at))

    draw_marks(d, marks, spot)

A controller's ``draw`` passes ``marks`` through; the panel gives it the marks of every
move since the viewing seat last moved (class ``last-move``) or those of one *Explain*
step (class ``explain``). Every drawn element of a mark has that class, ``data-mark``
(the kind) and ``data-at`` (the element id of its place), in the seat's colour over a dark
edge (a light colour stays visible on a light surface). A ``fresh`` layer animates once
(``board.css``: at most 300 ms, none under ``prefers-reduced-motion``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Protocol, Sequence
from xml.etree.ElementTree import Element

from .builder import Drawing, Point
from .palette import INK, seat

LAST_MOVE = "last-move"
"""The class of the marks of the moves since the viewing seat last moved."""
EXPLAIN = "explain"
"""The class of the marks of one *Explain* step."""
NEUTRAL = "#4b5563"
"""The colour of a mark that belongs to nobody (``seat`` is ``None``)."""


class MarkLike(Protocol):
    """What :func:`draw_marks` reads of a mark (``boardlib.core.teaching.Mark``)."""

    @property
    def kind(self) -> str: ...
    @property
    def at(self) -> Any: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def label(self) -> str: ...


@dataclass(frozen=True, slots=True)
class MarkLayer:
    """Marks to draw over a board: ``marks``, the class every element gets
    (:data:`LAST_MOVE` or :data:`EXPLAIN`) and whether they are ``fresh`` (animate once)."""

    marks: tuple[MarkLike, ...] = ()
    css_class: str = LAST_MOVE
    fresh: bool = False

    def __bool__(self) -> bool:
        return bool(self.marks)


class Spot(NamedTuple):
    """Where a place is on the picture: its ``center``, its ``outline`` (a polygon; empty:
    a circle of ``radius``) and ``ref``, the id of the element drawn there ("" if none)."""

    center: Point
    outline: Sequence[Point] = ()
    ref: str = ""
    radius: float = 14.0


def mark_color(mark: MarkLike) -> str:
    return NEUTRAL if mark.seat is None else seat(mark.seat).color


def draw_marks(d: Drawing, layer: MarkLayer | None, locate: Callable[[Any], Spot | None],
               parent: Element | None = None) -> Element | None:
    """Draw ``layer`` over the picture: one group per mark, each in its seat's colour;
    an arrow from a ``from`` to the ``to`` of the same seat. Places ``locate`` does not
    know are left out. Returns the layer's group (``None`` when there is nothing)."""
    if not layer:
        return None
    classes = f"marks {layer.css_class}-layer" + (" fresh" if layer.fresh else "")
    group = d.group(parent, cls=classes, aria_hidden="true", pointer_events="none")
    spots: dict[int, Spot] = {}
    for k, mark in enumerate(layer.marks):
        spot = locate(mark.at)
        if spot is not None:
            spots[k] = spot
    # the flight first, under the rings it joins
    starts = {m.seat: spots[k] for k, m in enumerate(layer.marks) if k in spots
              and m.kind == "from"}
    for k, mark in enumerate(layer.marks):
        start = starts.get(mark.seat)
        if mark.kind == "to" and k in spots and start is not None and start != spots[k]:
            _flight(d, group, layer.css_class, mark, start, spots[k])
    for k, mark in enumerate(layer.marks):
        if k in spots:
            _mark(d, group, layer.css_class, mark, spots[k])
    return group


def _attrs(css_class: str, mark: MarkLike, spot: Spot) -> dict[str, Any]:
    return {"cls": f"{css_class} mark-{mark.kind}", "data_mark": mark.kind,
            "data_at": spot.ref or None, "data_seat": "" if mark.seat is None else mark.seat}


def _flight(d: Drawing, parent: Element, css_class: str, mark: MarkLike, start: Spot,
            end: Spot) -> None:
    attrs = _attrs(css_class, mark, end)
    attrs["cls"] += " mark-flight"
    attrs["data_mark"] = "flight"
    group = d.group(parent, **attrs)
    d.arrow(group, start.center, end.center, color=INK, width=6.0, head=15.0,
            shrink=end.radius * 0.9)
    d.arrow(group, start.center, end.center, color=mark_color(mark), width=3.0, head=12.0,
            shrink=end.radius * 0.9 + 1.5)


def _ring(d: Drawing, group: Element, spot: Spot, color: str, width: float,
          dash: str | None = None, scale: float = 1.0) -> None:
    """An outline of the place: a dark edge under the seat's colour."""
    for stroke, stroke_width in ((INK, width + 2.5), (color, width)):
        style: dict[str, Any] = {"fill": "none", "stroke": stroke, "stroke_width": stroke_width,
                 "stroke_dasharray": dash, "stroke_linejoin": "round"}
        if spot.outline and scale == 1.0:
            d.polygon(group, spot.outline, **style)
        else:
            d.circle(group, *spot.center, spot.radius * scale, **style)


def _badge(d: Drawing, group: Element, x: float, y: float, text: str, color: str,
           r: float = 8.0) -> None:
    d.circle(group, x, y, r, fill=color, stroke=INK, stroke_width=1.2)
    if text:
        ink = seat_ink(color)
        d.text(group, x, y, text, size=r * 1.3, weight="bold", fill=ink)


def seat_ink(color: str) -> str:
    """Black or white text on ``color`` (the palette's ink where it is a seat colour)."""
    for look in (seat(p) for p in range(6)):
        if look.color == color:
            return look.ink
    return "#ffffff"


def _mark(d: Drawing, parent: Element, css_class: str, mark: MarkLike, spot: Spot) -> None:
    group = d.group(parent, **_attrs(css_class, mark, spot))
    color = mark_color(mark)
    x, y = spot.center
    r = spot.radius
    kind = mark.kind
    if kind in ("to", "placed"):
        _ring(d, group, spot, color, 4.0)
    elif kind == "from":
        _ring(d, group, spot, color, 3.0, dash="6 4")
    elif kind == "removed":
        # a cross on the corner of the place: the piece that was here is gone
        cx, cy, a = x + r * 0.55, y - r * 0.55, r * 0.32
        for stroke, width in ((INK, 5.5), (color, 3.0)):
            d.line(group, (cx - a, cy - a), (cx + a, cy + a), stroke=stroke,
                   stroke_width=width, stroke_linecap="round")
            d.line(group, (cx - a, cy + a), (cx + a, cy - a), stroke=stroke,
                   stroke_width=width, stroke_linecap="round")
    elif kind == "path":
        d.circle(group, x, y, max(3.0, r * 0.18), fill=color, stroke=INK, stroke_width=1.0)
    elif kind == "over":
        _ring(d, group, spot, color, 2.5, dash="3 3", scale=1.15)
    elif kind in ("count", "points"):
        _badge(d, group, x - r * 0.55, y - r * 0.55, mark.label, color,
               r=max(7.0, r * 0.3) if kind == "count" else max(9.0, r * 0.4))
    else:   # piece, feature, follower, pennant, token, shifted, effect: outline the place
        _ring(d, group, spot, color, 3.0)
    if mark.label and kind in ("follower", "pennant", "token", "effect"):
        _badge(d, group, x + r * 0.6, y + r * 0.6, mark.label, color, r=max(7.0, r * 0.28))


def circle_outline(center: Point, radius: float, corners: int = 24) -> list[Point]:
    """A circle as a polygon (for places that are round)."""
    x, y = center
    return [(x + radius * math.cos(2 * math.pi * k / corners),
             y + radius * math.sin(2 * math.pi * k / corners)) for k in range(corners)]


__all__ = ["LAST_MOVE", "EXPLAIN", "NEUTRAL", "MarkLike", "MarkLayer", "Spot", "draw_marks",
           "mark_color", "seat_ink", "circle_outline"]
