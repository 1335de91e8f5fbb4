"""Zyrcan's boards (ZY-02, interpretation ZY-I1), as sets of axial hexes."""
from __future__ import annotations

from collections.abc import Iterable

from boardlib.core.api import InvalidInputError, is_whole
from boardlib.grids.hex import DIRECTIONS, Hex, hexagon, offset_to_axial

SIZES = {3: 42, 4: 53, 5: 67}  # ZY-02
MAX_CUSTOM_HEXES = 1000  # a custom board is bounded like any input


def triangle_board() -> frozenset[Hex]:
    """3 players: a triangle of side 9 (q, r >= 0, q + r <= 8) less its three corners."""
    cells = {Hex(q, r) for q in range(9) for r in range(9) if q + r <= 8}
    return frozenset(cells - {Hex(0, 0), Hex(8, 0), Hex(0, 8)})


def rows_board() -> frozenset[Hex]:
    """4 players: seven rows of 8, 7, 8, 7, 8, 7, 8 hexes, odd rows set in by half a hex."""
    return frozenset(offset_to_axial(col, row)
                     for row in range(7) for col in range(8 if row % 2 == 0 else 7))


def star_board() -> frozenset[Hex]:
    """5 players: a hexagon of radius 4 plus one hex beyond each of its six corners."""
    return hexagon(4) | {d.scale(5) for d in DIRECTIONS}


def standard_board(players: int) -> frozenset[Hex]:
    return {3: triangle_board, 4: rows_board, 5: star_board}[players]()


def custom_board(pairs: Iterable[object], players: int) -> frozenset[Hex]:
    """A board from ``[[q, r], ...]``; it must hold every ship (ZY-05) and repeat no hex."""
    hexes = []
    for pair in pairs:
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or not all(is_whole(v) for v in pair)):
            raise InvalidInputError(
                f"a custom board is a list of [q, r] integer pairs, not {pair!r}")
        hexes.append(Hex(*pair))
    board = frozenset(hexes)
    if len(board) != len(hexes):
        raise InvalidInputError("a custom board lists a hex twice")
    if len(board) < 12 * players:
        raise InvalidInputError(
            f"a custom board for {players} players needs at least {12 * players} hexes so that "
            f"every ship can be placed (ZY-05); it has {len(board)}")
    return board
