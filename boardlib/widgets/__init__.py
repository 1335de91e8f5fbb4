"""Shared notebook widgets: the SVG board view and the game panel every game builds on.

``BoardView`` (an anywidget) shows an SVG string and reports the id of the clicked
element; ``GamePanel`` (an ``ipywidgets.VBox``) adds New game, Undo/Redo, Bot move,
Hint, Auto-play with a delay slider, the move list, the event log, the status line
and the "why not?" line. A game supplies only a small controller::

    from boardlib.widgets import BaseController, GamePanel, Play, Select

    class MyController(BaseController):
        names = ("Red", "Blue")              # optional: how the panel names the players
        colors = ("#D55E00", "#0072B2")

        def draw(self, state, selection, hint=None) -> str:
            return my_draw_svg(state, selection, hint)   # ids like "cell_3_4" are clickable

        def click(self, state, element_id, selection):
            if element_id.startswith("cell_"):
                return Play(MyMove(...))     # or Select(new_selection), or Illegal(rule, reason)
            return None                      # a click that means nothing: ignored

    class MyBoard(GamePanel):
        def __init__(self, state=None, seats=None, **kwargs):
            game = state.game if state is not None else boardlib.load("my_game")
            super().__init__(game, MyController(), state=state, seats=seats, **kwargs)

The panel asks the engine (``why_illegal``) before it plays a ``Play``; a refusal
shows in the why-not line with its rule ID and changes nothing. Optional controller
hooks (see ``BaseController``): ``status``, ``describe``, ``localize`` (engine text in
the board's words), ``button_moves`` (moves that are buttons, e.g. "Pass"),
``selection_after``, ``static_svg`` (the picture saved notebooks show) and
``clicks_for`` (scripted clicks, used by ``benchmarks/bench_latency.py``).

Element ids: a lower-case prefix, ``_``, fields joined by ``_`` (``hex_3_-1``); the
browser reports any id matching ``^[a-z]+_``, so give non-clickable artists ids
without an underscore (``caption``); matplotlib's own ids (``patch_3``) are skipped.
"""
from .board import BoardView
from .controller import BaseController, ClickResult, Controller, Play, Select
from .panel import HUMAN, SEAT_KINDS, GamePanel, checkbox, shared

__all__ = ["BoardView", "GamePanel", "Controller", "BaseController", "ClickResult", "Play",
           "Select", "HUMAN", "SEAT_KINDS", "checkbox", "shared"]
