"""LEGACY: the matplotlib helpers of the boards not yet drawn through :mod:`boardlib.svg`.

Section X, Carcassonne and Room 25 still draw with matplotlib through these helpers; each
moves to :mod:`boardlib.svg` when it is ported, and this module goes when the last one has.
The board layer (``boardlib.svg``, ``boardlib.widgets``) never imports it.

Their clickable elements carry ids such as ``hex_3_-1`` (see :mod:`boardlib.svg.ids`) as
matplotlib ``gid`` values; the board view still accepts such pictures (``board.js``,
``legacyClickable``).
"""
from __future__ import annotations

import contextlib
import io
import math
import re
from collections.abc import MutableMapping
from typing import Any, Iterable, Iterator, cast

import matplotlib
import matplotlib.style
from matplotlib.backends.backend_svg import RendererSVG

from boardlib.svg import SVGPicture, parse_id  # noqa: F401  (the old names, still imported)

SQRT3 = math.sqrt(3.0)


def hex_center(h: Any) -> tuple[float, float]:
    """Centre of a pointy-top hex of radius 1 in matplotlib's axes (y up, so larger ``r`` is
    lower). New drawings use :class:`boardlib.grids.hexdraw.HexLayout` (SVG's y down)."""
    return (SQRT3 * (h.q + h.r / 2.0), -1.5 * h.r)


SVG_RC = {"svg.hashsalt": "boardlib", "svg.fonttype": "none", "svg.id": None}
"""Fixed ids for clip paths and text kept as text: the same state gives the same bytes."""


@contextlib.contextmanager
def svg_settings() -> Iterator[None]:
    """Our SVG rcParams for a moment (cheaper than ``rc_context``, which copies them all)."""
    params = rc_params()
    saved = {key: params[key] for key in SVG_RC}
    params.update(SVG_RC)
    try:
        yield
    finally:
        params.update(saved)


_DEFAULT_RC: dict[str, Any] | None = None


def rc_params() -> MutableMapping[str, Any]:
    """Matplotlib's settings, keyed by plain strings (its stubs list the keys as literals,
    ours come from dicts of str)."""
    return cast("MutableMapping[str, Any]", matplotlib.rcParams)


@contextlib.contextmanager
def default_style() -> Iterator[None]:
    """Matplotlib's default style for a moment, like ``style.context("default")`` but
    changing only the settings that differ (that context costs ~8 ms per use)."""
    global _DEFAULT_RC
    if _DEFAULT_RC is None:
        skip: Any = getattr(matplotlib.style, "_STYLE_BLACKLIST", None)
        if skip is None:
            from matplotlib.style.core import STYLE_BLACKLIST
            skip = STYLE_BLACKLIST
        _DEFAULT_RC = {k: v for k, v in matplotlib.rcParamsDefault.items() if k not in skip}
    params = rc_params()
    changed = {k: v for k, v in _DEFAULT_RC.items() if params[k] != v}
    saved = {k: params[k] for k in changed}
    params.update(changed)
    try:
        yield
    finally:
        params.update(saved)


BOARD_OPEN = ' <g id="figure">\n  <g id="board">\n'
"""Groups around a board's pieces; their ids have no "_", so clicks never report them."""
BOARD_CLOSE = "  </g>\n </g>\n</svg>\n"


class SVGCanvas:
    """One matplotlib SVG renderer, reused to draw many small pieces of a board.

    ``render(artists)`` gives the SVG elements of those artists alone (they must already
    be on a figure, with their transforms); ``header`` is the opening of an SVG document
    of the canvas's size, for pieces joined into a picture.
    """

    def __init__(self, width_pt: float, height_pt: float, **metadata: Any) -> None:
        self._buffer = io.StringIO()
        with svg_settings():
            self._renderer = RendererSVG(width_pt, height_pt, self._buffer,
                                         metadata={"Date": None, **metadata})
        self.header = self._buffer.getvalue()

    def render(self, artists: Iterable[Any]) -> str:
        buffer = self._buffer
        buffer.seek(0)
        buffer.truncate()
        with svg_settings():
            for artist in artists:
                artist.draw(self._renderer)
        return buffer.getvalue()


_DECIMALS = re.compile(r"(\.\d\d)\d+")
_FONT_FAMILY = re.compile(r"font-family: [^;\"]*")
_NO_ROTATION = re.compile(r' transform="rotate\(-0 [^"]*\)"')


def compact_svg(svg: str) -> str:
    """Smaller SVG for the trip to the browser: 1/100 pt is plenty, one short font list."""
    svg = _DECIMALS.sub(r"\1", svg)
    svg = _FONT_FAMILY.sub("font-family: 'DejaVu Sans', Verdana, Arial, sans-serif", svg)
    return _NO_ROTATION.sub("", svg)
