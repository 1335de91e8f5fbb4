"""boardlib: rule engines for four board games, with graphs and notebook boards.

>>> import boardlib
>>> game = boardlib.load("zyrcan", players=3)
>>> state = game.new_initial_state()
"""
from __future__ import annotations

from .core import Game, InvalidInputError, Match
from .core.registry import GAMES, available_games, game_class, load

__version__ = "0.1.0"

__all__ = ["GAMES", "load", "game_class", "available_games", "Match", "Game",
           "InvalidInputError", "__version__"]
