"""When a tile fits (SX-07): at every edge it shares with a tile, opening meets opening and
wall meets wall. Edges towards the island, a gate, the rim or an empty field do not count.

Only a tile laid from the hand must fit; swapping, moving and turning need fit only with the
option ``strict_fit`` (SX-I3, see :mod:`.rearranging`).
"""
from __future__ import annotations

from .board import BEYOND, DIRECTION_WORDS, FIELDS, OPPOSITE, Board


def misfit(board: Board, field: int, openings: int, *, ignore: int | None = None) -> int | None:
    """SX-07: the first edge (a direction) at which a tile with these ``openings`` (a port
    mask) laid on ``field`` would not fit its neighbours, or ``None`` if it fits.

    ``ignore`` is a field counted as empty: the one a moved tile comes from.
    """
    for direction, beyond in enumerate(BEYOND[field]):
        if beyond < 0 or beyond == ignore:         # island, gate, rim: nothing to match
            continue
        neighbour = board[beyond]
        if neighbour is None:
            continue
        opens_here = openings >> direction & 1
        opens_there = neighbour.openings >> OPPOSITE[direction] & 1
        if opens_here != opens_there:
            return direction
    return None


def misfit_sentence(board: Board, field: int, openings: int, direction: int, lead: str) -> str:
    """Why a tile does not fit at ``direction``, in one sentence starting with ``lead``."""
    side = DIRECTION_WORDS[direction]
    neighbour = FIELDS[BEYOND[field][direction]]
    if openings >> direction & 1:
        return f"{lead}: its {side} opening would face a wall of the tile on {neighbour}."
    return f"{lead}: its {side} side is a wall but the tile on {neighbour} has an opening there."


__all__ = ["misfit", "misfit_sentence"]
