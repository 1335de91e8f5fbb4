"""A score-over-time chart in plain SVG (no matplotlib: it also runs in a browser-only
Python). One line per seat, in the seat's colour with its letter at every point (colour
is never the only cue), the deciding total up the side, the turns along the bottom.

``score_chart(series)`` takes a :class:`boardlib.core.teaching.ScoreSeries` (anything
with ``title``, ``rule``, ``names``, ``labels`` and ``values``).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from .builder import BoardSVG, Drawing
from .palette import INK, seat

WIDTH, HEIGHT = 400.0, 200.0
LEFT, RIGHT, TOP, BOTTOM = 44.0, 96.0, 30.0, 36.0


def nice_step(top: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks to ``top``."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def spread(ys: Sequence[float], gap: float) -> list[float]:
    """``ys`` moved apart, in their order, so that no two are closer than ``gap`` (the
    names at the lines' ends of seats that finish level stay readable)."""
    order = sorted(range(len(ys)), key=lambda k: ys[k])
    out = list(ys)
    for a, b in zip(order, order[1:]):
        if out[b] - out[a] < gap:
            out[b] = out[a] + gap
    return out


def score_chart(series: Any, width: float = WIDTH, height: float = HEIGHT) -> BoardSVG:
    """The chart of ``series``: each seat's total at the start and after every turn."""
    names: Sequence[str] = series.names
    values: Sequence[Sequence[float]] = series.values
    labels: Sequence[str] = series.labels
    title = f"{series.title} over the game" + (f" ({series.rule})" if series.rule else "")
    d = Drawing(width, height, title=title, kind="chart", pixel_width=width)
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.text(None, LEFT, TOP / 2, title, size=13.0, anchor="start", weight="bold", fill=INK)
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    top = max([v for row in values for v in row] + [1.0])
    step = nice_step(top)
    top = step * math.ceil(top / step)
    points = max(len(values) - 1, 1)

    def x_of(i: int) -> float:
        return LEFT + plot_w * i / points

    def y_of(v: float) -> float:
        return TOP + plot_h * (1 - v / top)

    axes = d.group(None, cls="axes")
    tick = 0.0
    while tick <= top + 1e-9:
        d.line(axes, (LEFT, y_of(tick)), (LEFT + plot_w, y_of(tick)), stroke="#e5e7eb",
               stroke_width=1.0)
        d.text(axes, LEFT - 6, y_of(tick), f"{tick:g}", size=12.0, anchor="end", fill=INK)
        tick += step
    d.line(axes, (LEFT, TOP + plot_h), (LEFT + plot_w, TOP + plot_h), stroke=INK,
           stroke_width=1.2)
    every = max(1, math.ceil(len(labels) / 8))
    for i, label in enumerate(labels):
        last = len(labels) - 1
        if i == last or (i % every == 0 and last - i >= max(1, every // 2 + 1)):
            d.text(axes, x_of(i), TOP + plot_h + 14, label.replace("turn ", ""), size=11.0,
                   fill=INK)
    d.text(axes, LEFT + plot_w / 2, height - 6, "turn", size=11.0, fill=INK)
    label_y = spread([y_of(values[-1][p]) for p in range(len(names))], 15.0)
    for p, name in enumerate(names):
        look = seat(p)
        line = [(x_of(i), y_of(row[p])) for i, row in enumerate(values)]
        group = d.group(None, cls="series", data_seat=p)
        d.element(group, "polyline", points=" ".join(f"{x:.2f},{y:.2f}" for x, y in line),
                  fill="none", stroke=INK, stroke_width=4.5, stroke_linejoin="round")
        d.element(group, "polyline", points=" ".join(f"{x:.2f},{y:.2f}" for x, y in line),
                  fill="none", stroke=look.color, stroke_width=2.5, stroke_linejoin="round")
        for x, y in line[:: max(1, math.ceil(len(line) / 12))] + line[-1:]:
            d.seat_token(group, look, x, y, 5.0, "", outline_width=0.8)
        final, y = values[-1][p], label_y[p]
        d.seat_token(group, look, LEFT + plot_w + 14, y, 7.0, label_size=8.0)
        d.text(group, LEFT + plot_w + 25, y, f"{name} {final:g}", size=12.0, anchor="start",
               fill=INK)
    return d.to_svg()


__all__ = ["score_chart", "nice_step", "spread"]
