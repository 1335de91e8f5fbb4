"""Shared notebook widgets: the SVG board view and the game panel every game builds on.

``BoardView`` shows an SVG and reports clicked element ids; ``GamePanel`` adds the
controls (new game, undo/redo, bots, hint, auto-play), the move list, the event log
and the "why not?" line. A game supplies a small controller (``draw`` and ``click``).
"""
from .board import BoardView
from .controller import BaseController, ClickResult, Controller, Play, Select
from .panel import HUMAN, SEAT_KINDS, GamePanel

__all__ = ["BoardView", "GamePanel", "Controller", "BaseController", "ClickResult", "Play",
           "Select", "HUMAN", "SEAT_KINDS"]
