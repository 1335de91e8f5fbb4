"""What kind of game a game is, declared once as data (after OpenSpiel's GameType/GameInfo).

:class:`GameType` is fixed per game class: its name, its player range and whether it
has hidden information or chance. :class:`GameInfo` depends on the options a game was
created with: the number of players, the longest possible game and the score bounds.
Conformance tests hold every game to both (``boardlib.core.testing``); boards read
``hidden_information`` to keep secrets (seeds, Undo of a revealing move).

>>> ZYRCAN = GameType("zyrcan", "Zyrcan", min_players=3, max_players=5,
...                   hidden_information=False, chance=False)
>>> ZYRCAN.player_counts
(3, 4, 5)
>>> GameInfo(num_players=3, max_game_length=72, min_score=0, max_score=22).max_score
22
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameType:
    """A game's fixed traits.

    ``hidden_information``: some player may not see part of the state (a face-down pile,
    secret roles); then no seed is shown to players, since it would tell them the deal.
    ``chance``: the game shuffles or draws, from the seed it was created with.
    ``secrets_rule``: the rule ID that says what stays hidden (cited where something is
    refused because it would show it).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    chance: bool
    secrets_rule: str = ""

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(self.min_players, self.max_players + 1))


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Bounds of one game with its options: every game ends within ``max_game_length``
    moves, and every score in an outcome lies from ``min_score`` to ``max_score``."""

    num_players: int
    max_game_length: int
    min_score: float
    max_score: float


__all__ = ["GameType", "GameInfo"]
