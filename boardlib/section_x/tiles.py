"""The material of Section X (SX-02): the 54 tunnel tiles as data (SX-I2), and each player's pieces.

A tile's edges ("ports") are numbered like the hex directions of
:mod:`boardlib.grids.hex`: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE. A *part* is a set
of ports joined inside the tile; it holds one prisoner (SX-17), except the
chamber of a hiding place, which holds two. Turning a tile by ``k`` sixths
shifts every port ``p`` to ``(p + k) % 6``.

>>> LaidTile(0, 1).kind.name, LaidTile(0, 1).part_ports
('straight', (18,))
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

# SX-02: the pieces of each player (the board and the 54 tiles are below and in board.py).
PRISONERS = 8
DOORS = 2
KEYS = 1          # the seed gives it no rule: it does something only in the keys variant, SX-I6


@dataclass(frozen=True, slots=True, eq=False)
class TileKind:
    """One kind of tile: its name, its parts (port sets, unturned) and how many are in the box.

    Kinds are compared by identity (there is one object per kind), which keeps hashing cheap.
    """

    name: str
    title: str
    parts: tuple[frozenset[int], ...]
    count: int
    hiding: bool = False

    @property
    def capacity(self) -> int:
        """Prisoners per part (SX-17): two in a hiding place's chamber, else one."""
        return 2 if self.hiding else 1


def _kind(name: str, title: str, parts: list[set[int]], count: int,
          hiding: bool = False) -> TileKind:
    return TileKind(name, title, tuple(frozenset(p) for p in parts), count, hiding)


# SX-I2 (this project's invention: the seed gives only the number 54): the catalogue's table.
KINDS: tuple[TileKind, ...] = (
    _kind("straight", "straight", [{0, 3}], 8),
    _kind("wide-curve", "wide curve", [{0, 2}], 8),
    _kind("tight-curve", "tight curve", [{0, 1}], 6),
    _kind("fork", "fork", [{0, 2, 4}], 4),
    _kind("branch", "branch", [{0, 1, 3}], 4),
    _kind("crossing", "crossing", [{0, 3}, {1, 4}], 4),
    _kind("double-curve", "double curve", [{0, 1}, {3, 4}], 4),
    _kind("straight-curve", "straight and curve", [{0, 3}, {1, 2}], 4),
    _kind("triple-curve", "triple curve", [{0, 1}, {2, 3}, {4, 5}], 2),
    _kind("hiding", "hiding place", [{0, 3}], 6, hiding=True),
    _kind("hiding-fork", "hiding place fork", [{0, 2, 4}], 4, hiding=True),
)
KIND_BY_NAME: dict[str, TileKind] = {k.name: k for k in KINDS}
KIND_NUMBER: dict[TileKind, int] = {k: i for i, k in enumerate(KINDS)}

# Tile ids 0..53, kind by kind in table order.
TILE_KINDS: tuple[TileKind, ...] = tuple(k for k in KINDS for _ in range(k.count))
NUM_TILES = len(TILE_KINDS)
assert NUM_TILES == 54


def rotate_ports(ports: frozenset[int], rotation: int) -> frozenset[int]:
    """The ports after turning by ``rotation`` sixths counter-clockwise."""
    return frozenset((p + rotation) % 6 for p in ports)


def mask(ports: frozenset[int]) -> int:
    """Ports as a 6-bit number (bit ``d`` set = opening towards direction ``d``)."""
    return sum(1 << p for p in ports)


@lru_cache(maxsize=None)
def part_masks(kind: TileKind, rotation: int) -> tuple[int, ...]:
    """Each part's port mask after turning ``kind`` by ``rotation``."""
    return tuple(mask(rotate_ports(p, rotation)) for p in kind.parts)


@lru_cache(maxsize=None)
def outline(kind: TileKind, rotation: int) -> int:
    """All openings of the turned tile as one mask (what neighbours must match, SX-07)."""
    m = 0
    for pm in part_masks(kind, rotation):
        m |= pm
    return m


@lru_cache(maxsize=None)
def distinct_rotations(kind: TileKind) -> tuple[int, ...]:
    """The rotations that give different tiles; symmetric tiles have fewer than six.

    A straight turned by 3 looks the same as unturned, so only 0, 1, 2 are listed.
    """
    seen: set[frozenset[int]] = set()
    result = []
    for rot in range(6):
        shape = frozenset(part_masks(kind, rot))
        if shape not in seen:
            seen.add(shape)
            result.append(rot)
    return tuple(result)


@lru_cache(maxsize=None)
def canonical_rotation(kind: TileKind, rotation: int) -> int:
    """The smallest rotation that gives the same tile as ``rotation``."""
    shape = frozenset(part_masks(kind, rotation % 6))
    for rot in distinct_rotations(kind):
        if frozenset(part_masks(kind, rot)) == shape:
            return rot
    raise AssertionError("unreachable")


def part_index(kind: TileKind, rotation: int, port: int) -> int | None:
    """Which part of the turned tile opens at ``port`` (``None`` for a wall)."""
    bit = 1 << port
    for i, pm in enumerate(part_masks(kind, rotation)):
        if pm & bit:
            return i
    return None


class LaidTile(NamedTuple):
    """A tile on the board: which of the 54 it is, and how far it is turned (its smallest
    equal rotation)."""

    tile: int
    rotation: int

    @property
    def kind(self) -> TileKind:
        return TILE_KINDS[self.tile]

    @property
    def part_ports(self) -> tuple[int, ...]:
        """Each part's openings as a port mask, turned."""
        return part_masks(TILE_KINDS[self.tile], self.rotation)

    @property
    def openings(self) -> int:
        """All its openings as one port mask (SX-07)."""
        return outline(TILE_KINDS[self.tile], self.rotation)


__all__ = ["PRISONERS", "DOORS", "KEYS", "TileKind", "KINDS", "KIND_BY_NAME", "KIND_NUMBER",
           "TILE_KINDS", "NUM_TILES", "rotate_ports", "mask", "part_masks", "outline",
           "distinct_rotations", "canonical_rotation", "part_index", "LaidTile"]
