"""BoardView: an anywidget that shows an SVG board and reports which element was clicked.

Python sets ``view.svg`` (a matplotlib SVG string); the browser shows it inside
``<div class="boardlib-board">``. A click walks up from the clicked SVG element to
the nearest id of the form ``prefix_fields`` (``hex_3_-1``, ``reserve_2`` ...) and
sends ``{"type": "click", "id": ...}``; ``view.on_click(callback)`` receives the id.

The view knows nothing about games: it is a picture that reports clicks.
"""
from __future__ import annotations

import pathlib
import re
from typing import Any, Callable

import anywidget
import traitlets

_HERE = pathlib.Path(__file__).parent

CLICKABLE_ID = re.compile(r"^[a-z]+_")
"""Ids the browser reports (the same patterns as in ``board.js``) ..."""
MATPLOTLIB_ID = re.compile(r"^(figure|axes|patch|text|line2d|legend|image|collection)_\d+$")
"""... except the names matplotlib gives every artist it draws."""


class BoardView(anywidget.AnyWidget):
    """An SVG board whose clickable elements (ids like ``hex_3_-1``) report back to Python."""

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    max_width = traitlets.Unicode("640px").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)  # bumped on every new picture (browser tests)

    def __init__(self, svg: str = "", **kwargs: Any) -> None:
        super().__init__(svg=svg, **kwargs)
        self._click_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._handle_message)

    @traitlets.observe("svg")
    def _count_versions(self, change: dict[str, Any]) -> None:
        self.version += 1

    def on_click(self, callback: Callable[[str], None], remove: bool = False) -> None:
        """Call ``callback(element_id)`` on every click on a clickable element."""
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def click(self, element_id: str) -> None:
        """Simulate a click on ``element_id`` (what the browser does; used by tests)."""
        self._handle_message(self, {"type": "click", "id": element_id}, [])

    def _handle_message(self, widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        element_id = content.get("id")
        if (not isinstance(element_id, str) or not CLICKABLE_ID.match(element_id)
                or MATPLOTLIB_ID.match(element_id)):
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


__all__ = ["BoardView", "CLICKABLE_ID"]
