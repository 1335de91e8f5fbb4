"""Where hexes go on a picture, and plain pictures of hex grids for teaching (notebook 01).

Pixel layout lives here, not in ``Hex``: :class:`HexLayout` places pointy-top hexes in SVG
coordinates (``y`` grows downwards, so larger ``r`` is lower), as in Red Blob Games' guide.
Game boards use a layout in their ``draw`` modules; :func:`hex_svg` draws grids with labels,
colours and arrows through :mod:`boardlib.svg`, without matplotlib.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping

from boardlib.svg import Drawing, SVGPicture

from .hex import Hex

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Pointy-top hexes of corner radius ``size`` with hex ``(0, 0)`` at ``origin``.

    >>> HexLayout(10).center(Hex(0, 1))
    (8.660254037844386, 15.0)
    """

    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def center(self, h: Hex) -> tuple[float, float]:
        return (self.origin[0] + self.size * SQRT3 * (h.q + h.r / 2.0),
                self.origin[1] + self.size * 1.5 * h.r)

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        """The six corners, clockwise from the top one; ``scale`` < 1 draws a smaller hex."""
        x, y = self.center(h)
        r = self.size * scale
        return [(x + r * math.cos(math.radians(-90 + 60 * k)),
                 y + r * math.sin(math.radians(-90 + 60 * k))) for k in range(6)]

    def edge_midpoint(self, h: Hex, direction: int) -> tuple[float, float]:
        """The middle of ``h``'s edge towards neighbour ``direction`` (0 E ... 5 SE)."""
        (x, y), (nx, ny) = self.center(h), self.center(h.neighbor(direction))
        return ((x + nx) / 2.0, (y + ny) / 2.0)

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex under the point ``(x, y)`` (cube rounding)."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        q, r = SQRT3 / 3.0 * px - py / 3.0, 2.0 / 3.0 * py
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return Hex(int(rq), int(rr))

    def bounds(self, hexes: Iterable[Hex]) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` around the hexes' corners."""
        points = [p for h in hexes for p in self.corners(h)] or [self.origin]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs), max(ys)


GRID_CSS = (".bl-grid .cell{stroke:#a8a294;stroke-width:1}"
            ".bl-grid .title{font-size:14px}")
GRID_FILL = "#f3efe4"


def hex_svg(cells: Iterable[Hex], *, labels: Mapping[Hex, str] | None = None,
            colors: Mapping[Hex, str] | None = None,
            arrows: Iterable[tuple[Hex, Hex]] = (), arrow_color: str = "#333333",
            title: str = "", coordinates: bool = False, unit: float = 0.32) -> str:
    """A deterministic SVG of ``cells``.

    ``labels``: text per hex (``coordinates=True`` writes ``q,r`` on every hex instead);
    ``colors``: fill per hex; ``arrows``: (from, to) pairs drawn centre to centre;
    ``unit``: the size of one hex's corner radius in inches (72 px each).
    """
    cells = list(cells)
    labels = dict(labels or {})
    if coordinates:
        labels = {h: f"{h.q},{h.r}" for h in cells} | labels
    colors = colors or {}
    size = unit * 72.0
    layout = HexLayout(size)
    min_x, min_y, max_x, max_y = layout.bounds(cells)
    pad = 0.2 * size
    top = (1.1 * size) if title else 0.0
    # wide enough for the title too (about 0.6 em per character)
    extra = max(0.0, 0.6 * 0.6 * size * len(title) - (max_x - min_x)) / 2
    width, height = max_x - min_x + 2 * (pad + extra), max_y - min_y + 2 * pad + top
    drawing = Drawing(width, height, min_x=min_x - pad - extra, min_y=min_y - pad - top,
                      title=title or "hex grid", kind="grid", css=GRID_CSS)
    for h in cells:
        drawing.polygon(None, layout.corners(h, 0.97), cls="cell",
                        fill=colors.get(h, GRID_FILL))
        if h in labels:
            x, y = layout.center(h)
            drawing.text(None, x, y, labels[h], size=size * 0.48)
    for start, end in arrows:
        drawing.arrow(None, layout.center(start), layout.center(end), color=arrow_color,
                      width=size * 0.08, head=size * 0.34, shrink=size * 0.42)
    if title:
        drawing.text(None, (min_x + max_x) / 2, min_y - top / 2, title, size=size * 0.6,
                     cls="title")
    return drawing.to_svg()


def hex_picture(cells: Iterable[Hex], **kwargs: object) -> SVGPicture:
    """``hex_svg`` wrapped for display in a notebook cell."""
    return SVGPicture(hex_svg(cells, **kwargs), "hex grid")  # type: ignore[arg-type]


__all__ = ["HexLayout", "SQRT3", "hex_svg", "hex_picture"]
