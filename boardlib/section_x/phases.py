"""SX-05: a turn has three phases in order, declared here as data; play goes clockwise.

The engine does phase 1 by itself (:func:`.turn.start_turn` draws, SX-06); in phases 2 and 3
the player moves, and ``why_illegal`` refuses a move of the other phase with SX-05.
"""
from __future__ import annotations

from dataclasses import dataclass

from .moves import ACT_MOVES, TILE_MOVES


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a turn: its name (as saved), its rule, what happens in it, whether the
    engine does it by itself, and the kinds of move a player makes in it."""

    name: str
    rule: str
    title: str
    automatic: bool
    moves: tuple[type, ...] = ()


DRAW_PHASE, TILE_PHASE, ACT_PHASE, OVER = "draw", "tile", "act", "over"
PHASES: tuple[Phase, ...] = (
    Phase(DRAW_PHASE, "SX-06", "take a tile", automatic=True),
    Phase(TILE_PHASE, "SX-07", "place, swap, move or rotate a tile", automatic=False,
          moves=TILE_MOVES),
    Phase(ACT_PHASE, "SX-12", "move prisoners or place a door", automatic=False,
          moves=ACT_MOVES),
)
PHASE_MOVES: dict[str, tuple[type, ...]] = {p.name: p.moves for p in PHASES if p.moves}
SAVED_PHASES: tuple[str, ...] = (TILE_PHASE, ACT_PHASE, OVER)   # a state waits in these


def next_player(player: int, players: int) -> int:
    """SX-05: play goes clockwise, seat after seat."""
    return (player + 1) % players


__all__ = ["Phase", "PHASES", "PHASE_MOVES", "SAVED_PHASES", "DRAW_PHASE", "TILE_PHASE",
           "ACT_PHASE", "OVER", "next_player"]
