"""BoardView: an anywidget that shows one SVG board, reports clicks and keys, and can zoom.

Python sets ``view.svg`` (a :mod:`boardlib.svg` drawing) and the two lines around it:
``view.status`` above, ``view.message`` (the "why not?" line) below; both are aria-live
regions, and the message keeps its room when empty, so nothing on the page jumps. The
browser (``board.js``) sends back:

* a click on a clickable element, or Enter/Space on the focused one -> ``on_click(id)``;
* U, H, R, Shift+R, Escape, E on the board -> ``on_key("u" | "h" | "r" | "R" | "escape" |
  "e")``; with ``arrow_keys`` set, ← and → -> ``on_key("left" | "right")``.

Arrow keys move the keyboard focus between clickable elements in the browser alone (the
focus survives redraws). With ``zoomable=True`` the view shows ``window`` (``[x, y, w, h]``
of the picture's viewBox; ``[]``: all of it); drag, wheel, +/-/0 and the zoom buttons change
it, and ``center_on(id)`` asks the browser to bring an element into the middle (the view
follows the last laid tile this way).

The view knows nothing about games: it is a picture that reports what was clicked. Ids it
did not draw are dropped here (``on_unknown``), so a stale click never reaches a game.
"""
from __future__ import annotations

import pathlib
import re
from typing import Any, Callable, Mapping

import anywidget
import traitlets

_HERE = pathlib.Path(__file__).parent

# A picture given as a plain string (not built by boardlib.svg) says which ids are clickable
# only by their form: every id of the scheme, kind_fields.
_SCHEME_ID = re.compile(r'\bid="([a-z]+_[^"]{1,60})"')
KEYS = ("u", "h", "r", "R", "escape", "e", "left", "right")
"""The keys the browser reports: undo, hint, rotate, rotate back, let go, explain, and
(only while ``arrow_keys`` is set: a replay, an explanation) ← and →."""


def clickable_ids(svg: str) -> Mapping[str, str]:
    """The clickable ids of a picture: those a :class:`boardlib.svg.Drawing` recorded, else
    (a plain SVG string) every id of the scheme."""
    drawn: Mapping[str, str] | None = getattr(svg, "clickable", None)
    if drawn is not None:
        return drawn
    return {i: "" for i in _SCHEME_ID.findall(svg)}


class BoardView(anywidget.AnyWidget):
    """An SVG board whose clickable elements report back to Python."""

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)        # HTML: whose turn, what to do
    message = traitlets.Unicode("").tag(sync=True)       # HTML: the why-not line
    message_kind = traitlets.Unicode("").tag(sync=True)  # "", "refusal", "hint", "info"
    max_width = traitlets.Unicode("900px").tag(sync=True)
    # 0: the board is at most as tall as the notebook area (JupyterLab) or the window, less
    # its two lines; else at most the window's height less this many pixels.
    reserve_height = traitlets.Int(0).tag(sync=True)
    zoomable = traitlets.Bool(False).tag(sync=True)
    window = traitlets.List(traitlets.Float(), default_value=[]).tag(sync=True)
    # {"id": element id, "n": a counter}: the browser brings that element to the middle.
    # A trait rather than a message, so a request made before the board shows still counts.
    centre = traitlets.Dict().tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)  # bumped on every new picture (browser tests)
    # ← and → page (a replay, an explanation: reported as keys "left"/"right") instead of
    # moving the keyboard focus between clickable elements
    arrow_keys = traitlets.Bool(False).tag(sync=True)

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[str], None]] = []
        self._key_handlers: list[Callable[[str], None]] = []
        self._unknown_handlers: list[Callable[[str], None]] = []
        self.drawn: Mapping[str, str] = {}
        self.on_msg(self._handle_message)
        self.show(svg)

    def show(self, svg: str) -> None:
        """Show a new picture (and learn which ids it can report). The picture and its
        new ``version`` go to the browser in one message."""
        self.drawn = clickable_ids(svg)
        with self.hold_sync():
            self.svg = str(svg)

    @traitlets.observe("svg")
    def _count_versions(self, change: dict[str, Any]) -> None:
        self.version += 1

    def on_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(element_id)`` on every click on a clickable element."""
        _register(self._click_handlers, callback, remove)

    def on_key(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(key)`` for each of :data:`KEYS` pressed on the board."""
        _register(self._key_handlers, callback, remove)

    def on_unknown(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(text)`` for a click on an id this picture did not draw."""
        _register(self._unknown_handlers, callback, remove)

    def click(self, element_id: str) -> None:
        """Simulate a click on ``element_id`` (what the browser does; used by tests)."""
        self._handle_message(self, {"type": "click", "id": element_id}, [])

    def press(self, key: str) -> None:
        """Simulate a key pressed on the board (``"u"``, ``"h"`` ...)."""
        self._handle_message(self, {"type": "key", "key": key}, [])

    def center_on(self, element_id: str) -> None:
        """Bring ``element_id`` to the middle of the window, zooming out if it is larger
        (a zoomable view only)."""
        if self.zoomable:
            self.centre = {"id": str(element_id), "n": int(self.centre.get("n", 0)) + 1}

    def fit(self) -> None:
        """Show the whole picture again."""
        self.window = []

    def _handle_message(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "key":
            key = content.get("key")
            if key in KEYS:
                for handler in list(self._key_handlers):
                    handler(key)
            return
        if content.get("type") != "click":
            return
        element_id = content.get("id")
        if not isinstance(element_id, str):
            return
        if element_id not in self.drawn:
            for handler in list(self._unknown_handlers):
                handler(element_id[:64])
            return
        for handler in list(self._click_handlers):
            handler(element_id)

    def __repr__(self) -> str:
        return "BoardView()"  # stable text for saved notebooks (no memory address)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the picture as image/svg+xml for saved notebooks."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        if self.svg:
            data = {**data, "image/svg+xml": self.svg}
        return data, metadata


def _register(handlers: list[Callable[[str], None]], callback: Callable[[str], None],
              remove: bool) -> None:
    if remove:
        handlers.remove(callback)
    else:
        handlers.append(callback)


__all__ = ["BoardView", "KEYS", "clickable_ids"]
