"""SX-05: a turn has three phases in order, declared here as data; play goes clockwise.

The engine does phase 1 by itself (:func:`.turn.start_turn` draws, SX-06); in phases 2 and 3
the player moves, and ``why_illegal`` refuses a move of the other phase with SX-05. A state
waits in phase 2 (``tile``), phase 3 (``act``) or at the end (``over``).

>>> PHASES.describe(TILE_PHASE)
'phase 2: place, swap, move or rotate a tile (SX-07)'
"""
from __future__ import annotations

from boardlib.core.phases import Phase, Phases

from .moves import ACT_MOVES, TILE_MOVES

DRAW_PHASE, TILE_PHASE, ACT_PHASE, OVER = "draw", "tile", "act", "over"
PHASES = Phases(
    Phase(DRAW_PHASE, "SX-06", "take a tile", "the engine, for the player to move",
          then=(TILE_PHASE, ACT_PHASE)),
    Phase(TILE_PHASE, "SX-07", "place, swap, move or rotate a tile", "the player to move",
          then=(ACT_PHASE,)),
    Phase(ACT_PHASE, "SX-12", "move prisoners or place a door", "the player to move; then "
          "the next player, clockwise", then=(DRAW_PHASE, OVER)),
    Phase(OVER, "SX-23", "game over", "nobody", then=()),
)
# The kinds of move a player makes in each phase they act in.
PHASE_MOVES: dict[str, tuple[type, ...]] = {TILE_PHASE: TILE_MOVES, ACT_PHASE: ACT_MOVES}
SAVED_PHASES: tuple[str, ...] = (TILE_PHASE, ACT_PHASE, OVER)   # a state waits in these


def next_player(player: int, players: int) -> int:
    """SX-05: play goes clockwise, seat after seat."""
    return (player + 1) % players


__all__ = ["Phase", "PHASES", "PHASE_MOVES", "SAVED_PHASES", "DRAW_PHASE", "TILE_PHASE",
           "ACT_PHASE", "OVER", "next_player"]
