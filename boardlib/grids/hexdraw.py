"""Pictures of hex grids for teaching: coordinates, directions, lines, rings and graphs.

Pixel layout lives here, not in ``Hex``: pointy-top hexes of radius 1, ``r`` growing
downwards. Game boards draw themselves in their own ``draw`` modules; this module
draws plain grids with labels, colours and arrows (notebook 01).
"""
from __future__ import annotations

import io
import math
from typing import Iterable, Mapping

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, RegularPolygon

from boardlib.svg import svg_settings

from .hex import Hex

SQRT3 = math.sqrt(3.0)


def hex_center(h: Hex) -> tuple[float, float]:
    """Centre of a pointy-top hex of radius 1 (y up, so larger ``r`` is lower)."""
    return (SQRT3 * (h.q + h.r / 2.0), -1.5 * h.r)


def hex_svg(cells: Iterable[Hex], *, labels: Mapping[Hex, str] | None = None,
            colors: Mapping[Hex, str] | None = None,
            arrows: Iterable[tuple[Hex, Hex]] = (), arrow_color: str = "#333333",
            title: str = "", coordinates: bool = False, unit: float = 0.32) -> str:
    """A deterministic SVG of ``cells``.

    ``labels``: text per hex (``coordinates=True`` writes ``q,r`` on every hex instead);
    ``colors``: fill per hex; ``arrows``: (from, to) pairs drawn centre to centre.
    """
    cells = list(cells)
    labels = dict(labels or {})
    if coordinates:
        labels = {h: f"{h.q},{h.r}" for h in cells} | labels
    colors = colors or {}
    xs, ys = zip(*(hex_center(h) for h in cells)) if cells else ((0.0,), (0.0,))
    width, height = max(xs) - min(xs) + 2 * SQRT3 / 2 + 0.4, max(ys) - min(ys) + 2.4
    with svg_settings():
        fig = Figure(figsize=(width * unit, (height + (0.8 if title else 0)) * unit))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_axis_off()
        ax.set_aspect("equal")
        ax.set_xlim(min(xs) - SQRT3 / 2 - 0.2, max(xs) + SQRT3 / 2 + 0.2)
        ax.set_ylim(min(ys) - 1.2, max(ys) + 1.2 + (0.8 if title else 0))
        for h in cells:
            x, y = hex_center(h)
            ax.add_patch(RegularPolygon((x, y), 6, radius=0.97, orientation=0,
                                        facecolor=colors.get(h, "#f3efe4"),
                                        edgecolor="#a8a294", linewidth=1))
            if h in labels:
                ax.text(x, y, labels[h], ha="center", va="center",
                        fontsize=8, color="#222222")
        for start, end in arrows:
            ax.add_patch(FancyArrowPatch(hex_center(start), hex_center(end),
                                         arrowstyle="-|>", mutation_scale=10, linewidth=1.4,
                                         color=arrow_color, shrinkA=6, shrinkB=6))
        if title:
            ax.text((min(xs) + max(xs)) / 2, max(ys) + 1.5, title, ha="center", va="center",
                    fontsize=10)
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def hex_picture(cells: Iterable[Hex], **kwargs: object):  # -> IPython.display.SVG
    """``hex_svg`` wrapped for display in a notebook cell."""
    from IPython.display import SVG

    return SVG(hex_svg(cells, **kwargs))  # type: ignore[arg-type]
