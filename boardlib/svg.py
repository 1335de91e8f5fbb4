"""What every game's matplotlib drawing shares: deterministic SVG and pictures for notebooks.

Each game's ``draw`` module turns a state into an SVG string whose clickable elements carry
ids such as ``hex_3_-1`` (a lower-case prefix, then integer fields joined by ``_``).
"""
from __future__ import annotations

import contextlib
import io
import re
from typing import Any, Iterable, Iterator

import matplotlib
import matplotlib.style
from matplotlib.backends.backend_svg import RendererSVG

SVG_RC = {"svg.hashsalt": "boardlib", "svg.fonttype": "none", "svg.id": None}
"""Fixed ids for clip paths and text kept as text: the same state gives the same bytes."""


@contextlib.contextmanager
def svg_settings() -> Iterator[None]:
    """Our SVG rcParams for a moment (cheaper than ``rc_context``, which copies them all)."""
    params = matplotlib.rcParams
    saved = {key: params[key] for key in SVG_RC}
    params.update(SVG_RC)
    try:
        yield
    finally:
        params.update(saved)


_DEFAULT_RC: dict[str, Any] | None = None


@contextlib.contextmanager
def default_style() -> Iterator[None]:
    """Matplotlib's default style for a moment, like ``style.context("default")`` but
    changing only the settings that differ (that context costs ~8 ms per use)."""
    global _DEFAULT_RC
    if _DEFAULT_RC is None:
        skip = getattr(matplotlib.style, "_STYLE_BLACKLIST", None)
        if skip is None:
            from matplotlib.style.core import STYLE_BLACKLIST as skip
        _DEFAULT_RC = {k: v for k, v in matplotlib.rcParamsDefault.items() if k not in skip}
    params = matplotlib.rcParams
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


def parse_id(element_id: str) -> tuple[str, tuple[int, ...]] | None:
    """``"hex_3_-1"`` -> ``("hex", (3, -1))``; ``None`` for ids that are not of that form."""
    prefix, _, rest = element_id.partition("_")
    try:
        fields = tuple(int(part) for part in rest.split("_")) if rest else ()
    except ValueError:
        return None
    return prefix, fields


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
