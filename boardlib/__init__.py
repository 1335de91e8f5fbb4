"""boardlib: rule engines for four board games, with graphs and notebook boards.

>>> import boardlib
>>> game = boardlib.load("zyrcan", players=3)
>>> state = game.new_initial_state()
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

from .core import Game, InvalidInputError, Match

__version__ = "0.1.0"

# Game name -> module that defines ``GAME_CLASS``; imported only when asked for.
GAMES: dict[str, str] = {
    "zyrcan": "boardlib.zyrcan.rules",
    "section_x": "boardlib.section_x.rules",
    "carcassonne": "boardlib.carcassonne.rules",
    "room25": "boardlib.room25.rules",
}


def game_class(name: str) -> type[Game]:
    """The engine class registered under ``name``."""
    module = GAMES.get(name) if isinstance(name, str) else None
    if module is None:
        raise InvalidInputError(f"no game called {name!r}; games are {sorted(GAMES)}")
    return import_module(module).GAME_CLASS  # type: ignore[no-any-return]


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


def load(name: str, **options: Any) -> Game:
    """A game with the given options, e.g. ``load("zyrcan", players=4, seed=1)``."""
    return game_class(name)(**options)


__all__ = ["GAMES", "load", "game_class", "available_games", "Match", "__version__"]
