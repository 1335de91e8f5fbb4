"""A diagram of one whole turn in plain SVG: numbered boxes joined by arrows.

A lesson's ``## One turn`` section shows it (issue 19): each step is a :class:`Step` with a
short title, one or two lines of detail and the rule ID that governs it; ``loop`` names
what happens after the last step (the arrow back to the first)::

    turn_diagram([Step("Place", "put one ship on a free hex", "ZY-05"),
                  Step("Attack", "fly straight, exactly the engine count", "ZY-06")],
                 title="A turn in Zyrcan", loop="next fleet")
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from .builder import Drawing, SVGPicture
from .palette import INK

BOX_W, BOX_H, GAP, MARGIN, TOP = 150.0, 92.0, 34.0, 12.0, 34.0
FILL, EDGE, MUTED = "#f4f1e8", "#5b5b5b", "#444444"
CHARS_PER_LINE = 24


class Step(NamedTuple):
    """One step of a turn: ``title`` (a few words), ``detail`` (a short sentence, wrapped
    to two or three lines) and the ``rule`` ID it follows ("" for none)."""

    title: str
    detail: str = ""
    rule: str = ""


def wrap(text: str, width: int = CHARS_PER_LINE) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def turn_diagram(steps: Sequence[Step], *, title: str, loop: str = "") -> SVGPicture:
    """The steps left to right, numbered, with an arrow between each pair and, if ``loop``
    is given, one from the last back to the first labelled with it."""
    if not steps:
        raise ValueError("a turn diagram needs at least one step")
    width = 2 * MARGIN + len(steps) * BOX_W + (len(steps) - 1) * GAP
    loop_room = 34.0 if loop else 0.0
    height = TOP + BOX_H + loop_room + MARGIN
    d = Drawing(width, height, title=title, kind="diagram", pixel_width=min(width, 900.0))
    d.rect(None, 0, 0, width, height, fill="#ffffff")
    d.text(None, MARGIN, TOP / 2, title, size=15.0, anchor="start", weight="bold", fill=INK)
    for number, step in enumerate(steps):
        x = MARGIN + number * (BOX_W + GAP)
        box = d.group(None, cls="step")
        d.rect(box, x, TOP, BOX_W, BOX_H, rx=8.0, fill=FILL, stroke=EDGE, stroke_width=1.5)
        d.text(box, x + 10, TOP + 16, f"{number + 1}. {step.title}", size=13.0,
               anchor="start", weight="bold", fill=INK)
        for row, line in enumerate(wrap(step.detail)[:3]):
            d.text(box, x + 10, TOP + 36 + 15 * row, line, size=11.5, anchor="start",
                   fill=MUTED)
        if step.rule:
            d.text(box, x + BOX_W - 8, TOP + BOX_H - 10, step.rule, size=10.5, anchor="end",
                   fill=MUTED, font_family="monospace")
        if number:
            y = TOP + BOX_H / 2
            d.arrow(None, (x - GAP, y), (x, y), color=INK, width=2.0, head=9.0, shrink=3.0)
    if loop:
        y = TOP + BOX_H + 18
        left, right = MARGIN + BOX_W / 2, width - MARGIN - BOX_W / 2
        d.path(None, f"M {right} {TOP + BOX_H} V {y} H {left}", fill="none", stroke=INK,
               stroke_width=1.5, stroke_dasharray="5 3")
        d.arrow(None, (left, y), (left, TOP + BOX_H), color=INK, width=1.5, head=8.0)
        d.text(None, (left + right) / 2, y + 9, loop, size=11.5, fill=INK,
               font_style="italic")
    return SVGPicture(d.to_svg())


__all__ = ["Step", "turn_diagram", "wrap"]
