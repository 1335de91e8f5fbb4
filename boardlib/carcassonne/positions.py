"""Prepared positions for teaching and tests: a board, followers and tokens, a chosen pile.

``position("E", deck=["U"])`` is the start tile alone with tile E in hand, then U; every
other tile of the game is set aside (as if discarded), so the game ends when the chosen pile
runs out. ``board`` lists further tiles ``[x, y, letter, quarter_turns]`` in an order in which
each one fits the tiles before it (CB-04); ``followers`` lists ``[x, y, feature, player]``
and ``tokens`` ``[x, y, side, colour]``. The engine's own loader checks everything, so a
prepared position obeys the same rules as a saved game.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

import boardlib

from .rules import FOLLOWERS, CarcassonneGame, CarcassonneState, load_state

GAME_OPTIONS = {"seed", "tunnel", "farms", "small_city_2pts", "king_robber_baron", "tu_v1",
                "tu_v2", "tu_v3", "tu_v4", "two_player_token_sets", "tu_no_self_link"}


def position_dict(game: CarcassonneGame, tile: str, deck: Sequence[str] = (),
                  board: Iterable[Sequence[Any]] = (), followers: Iterable[Sequence[Any]] = (),
                  tokens: Iterable[Sequence[Any]] = (), player: int = 0,
                  scores: Sequence[int] | None = None) -> dict[str, Any]:
    """The saved-state dict of a prepared position in the tile phase (see module doc)."""
    n = game.num_players
    board = [[0, 0, "D", 0]] + [list(b) for b in board]
    followers = [list(f) for f in followers]
    used = Counter([b[2] for b in board] + [tile] + list(deck))
    everything = Counter(game.pool + ["D"])
    if used - everything:
        raise ValueError(f"more tiles than the game has: {dict(used - everything)}")
    per_player = Counter(f[3] for f in followers)
    return {"phase": "tile", "player": player, "turn": 1, "tile": tile, "deck": list(deck),
            "discarded": sorted((everything - used).elements()), "board": board,
            "followers": followers, "supply": [FOLLOWERS - per_player[p] for p in range(n)],
            "scores": list(scores or [0] * n), "end_scores": None,
            "tokens": [list(t) for t in tokens], "placed": None, "follower_done": False,
            "turn_tokens": [], "pending": None, "king": None, "baron": None,
            "completed": None, "missed": []}


def position(tile: str, deck: Sequence[str] = (), players: int = 2,
             **kwargs: Any) -> CarcassonneState:
    """A prepared position; game options (``tunnel``, ``farms`` ...) may be given too."""
    options = {k: kwargs.pop(k) for k in list(kwargs) if k in GAME_OPTIONS}
    game = boardlib.load("carcassonne", players=players, **options)
    assert isinstance(game, CarcassonneGame)
    return load_state(game, position_dict(game, tile, deck, **kwargs), derive_completed=True)


def play(state: CarcassonneState, *moves: str) -> CarcassonneState:
    """Apply moves written as text (``"tile 1,0 rot 90"``, ``"end turn"`` ...)."""
    for text in moves:
        state = state.apply(state.game.parse_move(text))
    return state


__all__ = ["position", "position_dict", "play"]
