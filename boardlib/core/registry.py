"""The games boardlib knows, by name: ``load("zyrcan", players=4, seed=1)``.

Games are registered as module names and imported only when asked for, so the core
never imports a game (and no game module imports the package top): imports flow one
way, games -> core.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from .api import Game
from .errors import InvalidInputError, excerpt

GAMES: dict[str, str] = {
    "zyrcan": "boardlib.zyrcan.rules",
    "section_x": "boardlib.section_x.rules",
    "carcassonne": "boardlib.carcassonne.rules",
    "room25": "boardlib.room25.rules",
}
"""Game name -> the module that defines ``GAME_CLASS``."""


def game_class(name: str) -> type[Game]:
    """The engine class registered under ``name``."""
    module = GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        raise InvalidInputError(f"no game called {excerpt(name)}; games are {sorted(GAMES)}")
    found: type[Game] = import_module(module).GAME_CLASS
    return found


def available_games() -> list[str]:
    """Registered games whose engine is installed and importable."""
    found = []
    for name in GAMES:
        try:
            game_class(name)
        except ImportError:
            continue
        found.append(name)
    return found


def load(name: str, /, **options: Any) -> Game:
    """A game with the given options, e.g. ``load("zyrcan", players=4)``.

    Options are checked (``InvalidInputError`` for unknown names or bad values). A game
    with chance and no ``seed`` given draws a fresh one: every new game is a new deal.
    """
    return game_class(name)(**options)


__all__ = ["GAMES", "game_class", "available_games", "load"]
