"""The complex: 25 places in a 5×5 square, their names, adjacency and lines, and the deal.

Places are numbered 0 … 24 row by row and named like a chessboard turned on its side:
columns ``a``–``e`` from left to right, rows ``1``–``5`` from top to bottom, so the
Central Room's place (12) is ``c3``. Rooms are *tiles* 0 … 24 (the composition's order);
a position keeps which tile lies on which place, so a tile keeps its identity when its row
slides and characters stand on tiles (R25-I7).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

SIZE = 5
CENTER = 12                         # c3, where the Central Room lies (R25-04, R25-21)
COLS = "abcde"
POS_NAMES = tuple(f"{COLS[p % SIZE]}{p // SIZE + 1}" for p in range(SIZE * SIZE))
POS_INDEX = {name: p for p, name in enumerate(POS_NAMES)}


def distance(p: int, q: int) -> int:
    """Orthogonal steps from place ``p`` to place ``q``."""
    return abs(p // SIZE - q // SIZE) + abs(p % SIZE - q % SIZE)


# R25-13: adjacent places share a side, never a corner; in increasing place order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(25) if distance(p, q) == 1) for p in range(25))

# R25-04: the 12 places within two steps of the centre, and the 12 corner places (three per
# corner) that are the Exit Zones.
INNER = tuple(p for p in range(25) if 1 <= distance(p, CENTER) <= 2)
EXIT_ZONES = tuple(p for p in range(25) if distance(p, CENTER) >= 3)

# Lines 0-4 are rows 1-5, lines 5-9 columns a-e, each listing its places in order (R25-17).
LINES: tuple[tuple[int, ...], ...] = tuple(
    [tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)]
    + [tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)])
LINES_OF = tuple((p // SIZE, SIZE + p % SIZE) for p in range(25))
# R25-18: the row and the column of the Central Room never slide.
CENTRAL_LINES = (2, 7)
FREE_LINES = tuple(k for k in range(10) if k not in CENTRAL_LINES)


def line_name(line: int, direction: int) -> str:
    """``row 1 left``, ``col d up``: how a slide is written."""
    if line < SIZE:
        return f"row {line + 1} {'right' if direction > 0 else 'left'}"
    return f"col {COLS[line - SIZE]} {'down' if direction > 0 else 'up'}"


def leaving_place(line: int, direction: int) -> int:
    """The place whose room a slide of ``line`` in ``direction`` pushes off the edge."""
    places = LINES[line]
    return places[-1] if direction > 0 else places[0]


def exit_controls(pos: int) -> tuple[tuple[int, int], ...]:
    """The (line, direction) slides that push the room on ``pos`` off the edge: some for
    each Exit Zone place, none elsewhere (R25-I3)."""
    return tuple((line, d) for line in LINES_OF[pos] if line not in CENTRAL_LINES
                 for d in (1, -1) if leaving_place(line, d) == pos)


def deal_complex(rng: random.Random, central: int, room25: int,
                 vision: Sequence[int]) -> list[int]:
    """R25-04 Building the complex: the Central Room in the centre; the other rooms except
    Room 25 and Vision shuffled, 12 of them face down on the places near the centre; the rest
    with Vision and Room 25 shuffled again onto the 12 corner places, the Exit Zones.
    Returns place -> tile."""
    rest = [t for t in range(25) if t != central and t != room25 and t not in vision]
    rng.shuffle(rest)
    grid = [0] * 25
    grid[CENTER] = central
    for p, t in zip(INNER, rest[:12], strict=True):
        grid[p] = t
    outer = rest[12:] + [room25, *vision]
    rng.shuffle(outer)
    for p, t in zip(EXIT_ZONES, outer, strict=True):
        grid[p] = t
    return grid


def inverse(grid: Sequence[int]) -> tuple[int, ...]:
    """tile -> place, from place -> tile."""
    where = [0] * 25
    for p, t in enumerate(grid):
        where[t] = p
    return tuple(where)


__all__ = ["SIZE", "CENTER", "COLS", "POS_NAMES", "POS_INDEX", "NEIGHBOURS", "INNER",
           "EXIT_ZONES", "LINES", "LINES_OF", "CENTRAL_LINES", "FREE_LINES", "distance",
           "line_name", "leaving_place", "exit_controls", "deal_complex", "inverse"]
