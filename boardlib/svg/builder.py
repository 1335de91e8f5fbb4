"""A small builder for board pictures: plain SVG through :mod:`xml.etree.ElementTree`.

Every method adds one element under a parent (the document root by default) and returns
it, so a drawing reads top to bottom like the picture it makes. Output is deterministic:
attributes in the order they were given, numbers with at most two decimals, no dates and
no generated ids. Only clickable elements have ids (see :mod:`boardlib.svg.ids`).
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import OrderedDict
from typing import Any, Callable, Iterable, Mapping

from .ids import CLICKABLE_CLASS, parse_id
from .palette import INK, Seat

FONT = "'DejaVu Sans', Verdana, Arial, sans-serif"
"""The one font list of every board."""

BASE_CSS = (f".bl-svg text{{font-family:{FONT};pointer-events:none}}"
            ".bl-svg .click{cursor:pointer}")
"""Rules every drawing carries (scoped by the root class, as inline SVG styles are global).
Colours stay attributes (``fill=...``): a CSS rule would override every one of them."""

Point = tuple[float, float]


def num(value: float) -> str:
    """A coordinate as short text: ``12.0 -> "12"``, ``0.126 -> "0.13"``, ``-0.001 -> "0"``."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points_text(points: Iterable[Point]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


_NAMES: dict[str, str] = {"cls": "class"}


def _attrs(attrs: Mapping[str, Any]) -> dict[str, str]:
    """Keyword attributes to SVG ones: ``stroke_width`` -> ``stroke-width``, numbers as
    :func:`num` writes them, ``None`` left out, ``cls`` -> ``class``."""
    out: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.replace("_", "-")
        out[name] = num(value) if type(value) is float else str(value)
    return out


class PieceCache:
    """Drawn pieces of pictures, by key (a bounded, least-recently-used store).

    A piece is a pure function of its key, so a picture made of cached pieces has the same
    bytes as one drawn from scratch (the drawing tests check it). Keep one cache per kind
    of picture (a module-level ``PieceCache()`` in a game's ``draw.py``).
    """

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._pieces: OrderedDict[Any, tuple[str, dict[str, str]]] = OrderedDict()

    def get(self, key: Any) -> tuple[str, dict[str, str]] | None:
        found = self._pieces.get(key)
        if found is not None:
            self._pieces.move_to_end(key)
        return found

    def put(self, key: Any, piece: tuple[str, dict[str, str]]) -> None:
        self._pieces[key] = piece
        if len(self._pieces) > self.size:
            self._pieces.popitem(last=False)

    def clear(self) -> None:
        self._pieces.clear()

    def __len__(self) -> int:
        return len(self._pieces)


_PIECE_TAG = "bl-piece"
_PIECE = re.compile(r'<bl-piece n="(\d+)" />')
_CHECKED_IDS: set[str] = set()


class BoardSVG(str):
    """The SVG text of a drawing, plus what a click on it can report.

    ``clickable``: element id -> the words that name it (its ``<title>``), in drawing order.
    """

    clickable: Mapping[str, str]

    def __new__(cls, text: str, clickable: Mapping[str, str] | None = None) -> "BoardSVG":
        made = super().__new__(cls, text)
        made.clickable = dict(clickable or {})
        return made


class Drawing:
    """One SVG document: ``Drawing(width, height, title="Zyrcan board", kind="zyrcan")``.

    ``width``/``height``: the viewBox, in the drawing's own units; ``pixel_width``: the
    natural width in pixels (the board view scales it to the space it has).
    ``kind`` names the root class ``bl-<kind>`` that a game's ``css`` rules are scoped by.
    ``title`` is the picture's name for screen readers (its ``<title>`` and ``aria-label``).
    """

    def __init__(self, width: float, height: float, *, title: str, kind: str = "board",
                 css: str = "", min_x: float = 0.0, min_y: float = 0.0,
                 pixel_width: float | None = None) -> None:
        scale = (pixel_width / width) if pixel_width else 1.0
        self.root = ET.Element("svg", {
            "xmlns": "http://www.w3.org/2000/svg",
            "viewBox": " ".join(num(v) for v in (min_x, min_y, width, height)),
            "width": num(width * scale), "height": num(height * scale),
            "class": f"bl-svg bl-{kind}", "role": "group", "aria-label": title,
        })
        ET.SubElement(self.root, "title").text = title
        ET.SubElement(self.root, "style").text = BASE_CSS + css
        self.width, self.height = width, height
        self.clickable_ids: dict[str, str] = {}
        self._pieces: list[str] = []

    # --- structure ----------------------------------------------------------------------
    def group(self, parent: ET.Element | None = None, **attrs: Any) -> ET.Element:
        return ET.SubElement(self.root if parent is None else parent, "g", _attrs(attrs))

    def clickable(self, parent: ET.Element | None, element_id: str, label: str,
                  cls: str | None = None, **attrs: Any) -> ET.Element:
        """A group a person can click, focus with the keyboard and hear named: it gets the
        id, the class ``click``, ``role="button"``, an ``aria-label`` and a ``<title>``
        (the tooltip), all saying ``label`` in words ("3,3: Blue ship with 2 engines")."""
        if element_id not in _CHECKED_IDS:
            if parse_id(element_id) is None:
                raise ValueError(f"{element_id!r} does not follow the id scheme "
                                 "(boardlib.svg.ids)")
            _CHECKED_IDS.add(element_id)
        if element_id in self.clickable_ids:
            raise ValueError(f"two clickable elements named {element_id!r}")
        self.clickable_ids[element_id] = label
        classes = CLICKABLE_CLASS if cls is None else f"{CLICKABLE_CLASS} {cls}"
        group = ET.SubElement(self.root if parent is None else parent, "g", {
            "id": element_id, "class": classes, "role": "button", "tabindex": "-1",
            "aria-label": label, **_attrs(attrs)})
        ET.SubElement(group, "title").text = label
        return group

    def element(self, parent: ET.Element | None, tag: str, **attrs: Any) -> ET.Element:
        """Any other SVG element (``tag``), with keyword attributes as in every method."""
        return ET.SubElement(self.root if parent is None else parent, tag, _attrs(attrs))

    # --- shapes -------------------------------------------------------------------------
    def rect(self, parent: ET.Element | None, x: float, y: float, width: float,
             height: float, **attrs: Any) -> ET.Element:
        return self.element(parent, "rect", x=float(x), y=float(y), width=float(width),
                            height=float(height), **attrs)

    def circle(self, parent: ET.Element | None, cx: float, cy: float, r: float,
               **attrs: Any) -> ET.Element:
        return self.element(parent, "circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)

    def polygon(self, parent: ET.Element | None, points: Iterable[Point],
                **attrs: Any) -> ET.Element:
        return self.element(parent, "polygon", points=points_text(points), **attrs)

    def line(self, parent: ET.Element | None, start: Point, end: Point,
             **attrs: Any) -> ET.Element:
        return self.element(parent, "line", x1=float(start[0]), y1=float(start[1]),
                            x2=float(end[0]), y2=float(end[1]), **attrs)

    def path(self, parent: ET.Element | None, d: str, **attrs: Any) -> ET.Element:
        return self.element(parent, "path", d=d, **attrs)

    def text(self, parent: ET.Element | None, x: float, y: float, text: str, *,
             size: float, anchor: str = "middle", weight: str | None = None,
             **attrs: Any) -> ET.Element:
        """Text centred on ``(x, y)`` vertically; ``anchor``: start, middle or end."""
        made = self.element(parent, "text", x=float(x), y=float(y), font_size=float(size),
                            text_anchor=anchor, dominant_baseline="central",
                            font_weight=weight, **attrs)
        made.text = text
        return made

    def arrow(self, parent: ET.Element | None, start: Point, end: Point, *, color: str,
              width: float, head: float, shrink: float = 0.0, **attrs: Any) -> ET.Element:
        """A straight arrow from ``start`` to ``end`` (both pulled in by ``shrink``) with a
        solid head of length ``head``. Drawn as a line and a triangle, not a ``<marker>``:
        marker ids would clash between the many boards of one page."""
        (x1, y1), (x2, y2) = start, end
        length = math.hypot(x2 - x1, y2 - y1)
        group = self.group(parent, **attrs)
        if length <= 2 * shrink + head:
            return group
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        x1, y1 = x1 + ux * shrink, y1 + uy * shrink
        x2, y2 = x2 - ux * shrink, y2 - uy * shrink
        bx, by = x2 - ux * head, y2 - uy * head
        self.line(group, (x1, y1), (bx, by), stroke=color, stroke_width=float(width),
                  stroke_linecap="round")
        half = head * 0.45
        self.polygon(group, [(x2, y2), (bx - uy * half, by + ux * half),
                             (bx + uy * half, by - ux * half)], fill=color)
        return group

    def seat_token(self, parent: ET.Element | None, seat: Seat, x: float, y: float,
                   r: float, label: str | None = None, *, outline: str = INK,
                   outline_width: float = 1.0, dashed: bool = False,
                   label_size: float | None = None, **attrs: Any) -> ET.Element:
        """A piece of ``seat``: its shape in its colour, inside a circle of radius ``r``
        around ``(x, y)``, outlined, with ``label`` (default: the seat's letter) in the
        seat's ink. The shape and the letter tell seats apart where colour cannot."""
        group = self.group(parent, **attrs)
        style = {"fill": seat.color, "stroke": outline, "stroke_width": float(outline_width),
                 "stroke_dasharray": "3 2" if dashed else None, "stroke_linejoin": "round"}
        if seat.shape == "circle":
            self.circle(group, x, y, r, **style)
        else:
            self.polygon(group, shape_points(seat.shape, x, y, r), **style)
        text = seat.letter if label is None else label
        if text:
            size = label_size if label_size is not None else r * LABEL_SCALE[seat.shape]
            self.text(group, x, y + LABEL_DROP[seat.shape] * r, text, size=size, weight="bold",
                      fill=seat.ink)
        return group

    def piece(self, parent: ET.Element | None, cache: PieceCache, key: Any,
              draw: Callable[[ET.Element], None]) -> None:
        """What ``draw(group)`` adds under a group, from ``cache`` if drawn before for
        ``key``. ``key`` must say everything the piece shows (a hex, its ship, its marks);
        the elements go straight under ``parent`` (the group itself is not kept)."""
        found = cache.get(key)
        if found is None:
            saved, self.clickable_ids = self.clickable_ids, {}
            scratch = ET.Element("g")
            try:
                draw(scratch)
                found = ("".join(ET.tostring(child, encoding="unicode") for child in scratch),
                         self.clickable_ids)
            finally:
                self.clickable_ids = saved
            cache.put(key, found)
        text, clickable = found
        for element_id in clickable:
            if element_id in self.clickable_ids:
                raise ValueError(f"two clickable elements named {element_id!r}")
        self.clickable_ids.update(clickable)
        ET.SubElement(self.root if parent is None else parent, _PIECE_TAG,
                      {"n": str(len(self._pieces))})
        self._pieces.append(text)

    # --- output -------------------------------------------------------------------------
    def to_svg(self) -> BoardSVG:
        text = ET.tostring(self.root, encoding="unicode")
        if self._pieces:
            pieces = self._pieces
            text = _PIECE.sub(lambda m: pieces[int(m.group(1))], text)
        return BoardSVG(text, self.clickable_ids)


# Label size (a fraction of r) that fits inside each shape, and how far below the centre the
# label sits (a triangle's roomy part is low).
LABEL_SCALE = {"circle": 1.15, "square": 1.05, "triangle": 0.8, "diamond": 0.85,
               "cross": 0.9, "star": 0.75}
LABEL_DROP = {"circle": 0.0, "square": 0.0, "triangle": 0.18, "diamond": 0.0, "cross": 0.0,
              "star": 0.08}


def regular_points(x: float, y: float, r: float, corners: int,
                   start_degrees: float) -> list[Point]:
    """Corners of a regular polygon around ``(x, y)``; angles clockwise from east (SVG y
    grows downwards), the first at ``start_degrees``."""
    step = 360.0 / corners
    return [(x + r * math.cos(math.radians(start_degrees + k * step)),
             y + r * math.sin(math.radians(start_degrees + k * step))) for k in range(corners)]


def shape_points(shape: str, x: float, y: float, r: float) -> list[Point]:
    """The outline of a seat shape about as large as a circle of radius ``r`` around
    ``(x, y)`` (each reaches at most ``1.45 r`` from the centre)."""
    if shape == "square":
        return regular_points(x, y, r * 1.22, 4, 45.0)
    if shape == "triangle":
        return regular_points(x, y, r * 1.4, 3, -90.0)
    if shape == "diamond":
        return regular_points(x, y, r * 1.3, 4, -90.0)
    if shape == "cross":
        a, b = r * 0.45, r * 1.15
        return [(x - a, y - b), (x + a, y - b), (x + a, y - a), (x + b, y - a), (x + b, y + a),
                (x + a, y + a), (x + a, y + b), (x - a, y + b), (x - a, y + a), (x - b, y + a),
                (x - b, y - a), (x - a, y - a)]
    if shape == "star":
        outer = regular_points(x, y, r * 1.45, 5, -90.0)
        inner = regular_points(x, y, r * 0.68, 5, -54.0)
        return [p for pair in zip(outer, inner) for p in pair]
    raise ValueError(f"no seat shape {shape!r}")


class SVGPicture:
    """An SVG string that a notebook cell shows as a picture (and GitHub shows when saved)."""

    def __init__(self, svg: str, name: str = "board") -> None:
        self.svg = svg
        self.name = name

    def _repr_svg_(self) -> str:
        # Voila puts the SVG into the page as it is: a wide board would run past a narrow
        # window instead of scaling down (JupyterLab already scales pictures to fit)
        if "style=" in self.svg.split("<svg", 1)[-1].split(">", 1)[0]:
            return self.svg
        return self.svg.replace("<svg ", '<svg style="max-width: 100%; height: auto" ', 1)

    def __repr__(self) -> str:
        return f"<{self.name} picture>"


__all__ = ["Drawing", "BoardSVG", "PieceCache", "SVGPicture", "FONT", "num", "points_text",
           "regular_points", "shape_points"]
