"""Shared notebook widgets: the SVG board view and the game panel every game builds on.

``BoardView`` (an anywidget) shows an SVG picture (:mod:`boardlib.svg`) with a status line
above and a why-not line below, reports clicks and keys, and pans and zooms when asked;
``GamePanel`` composes it with the parts in :mod:`boardlib.widgets.parts` (move buttons,
toolbar, move list, event log, New game form, a standings slot). A game supplies a small
controller and, if it needs more, uses the panel's public hooks (see ``GamePanel``)::

    from boardlib.widgets import BaseController, GamePanel, Play, Select

    class MyController(BaseController):
        names = seat_names(2)                 # boardlib.svg.palette: seat n looks the same
        colors = seat_colors(2)               # in every game

        def draw(self, state, selection, hint=None):
            return my_draw_svg(state, selection, hint)   # a boardlib.svg drawing

        def click(self, state, element_id, selection):
            kind, fields = parse_id(element_id)          # boardlib.svg.ids
            if kind == "cell":
                return Play(MyMove(*fields))     # or Select(new_selection), or Illegal(...)
            return None                          # a click that means nothing: ignored

        def clicks_for(self, state, move, selection=None):
            return [element_id("cell", *move.at)]        # how a person enters ``move``

    class MyBoard(GamePanel):
        def __init__(self, state=None, seats=None, **kwargs):
            game = state.game if state is not None else boardlib.load("my_game")
            super().__init__(game, MyController(), state=state, seats=seats, **kwargs)

The panel asks the engine (``why_illegal``) before it plays a ``Play``; a refusal shows in
the why-not line with its rule ID and changes nothing. Optional controller hooks (see
``BaseController``): ``status``, ``describe``, ``localize`` (engine text in the board's
words), ``button_moves`` (moves that are buttons, e.g. "Pass"), ``selection_after``,
``rotate`` (R / Shift+R), ``static_svg`` (the picture saved notebooks show), ``draw(...,
marks=None)`` (the last moves and Explain steps on the board: :mod:`boardlib.svg.marks`) and
``clicks_for`` (scripted clicks: :func:`boardlib.widgets.testing.check_every_move_by_clicks`
and ``benchmarks/bench_latency.py`` use it).
"""
from .board import KEYS, BoardView
from .controller import BaseController, ClickResult, Controller, Play, Select
from .panel import HUMAN, SEAT_KINDS, GamePanel, hides_information
from .parts import (ActionButtons, ExplanationLine, HistoryList, SetupForm, StatusLine, Toolbar,
                    checkbox, shared)
from .play import MoveList, PlayTabs, SaveLoad, load_match, save_text

__all__ = ["BoardView", "KEYS", "GamePanel", "Controller", "BaseController", "ClickResult",
           "Play", "Select", "HUMAN", "SEAT_KINDS", "hides_information", "checkbox", "shared",
           "StatusLine", "ExplanationLine", "HistoryList", "ActionButtons", "Toolbar",
           "SetupForm", "MoveList", "PlayTabs", "SaveLoad", "load_match", "save_text"]
