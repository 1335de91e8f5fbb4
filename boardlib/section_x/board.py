"""The board (SX-03, SX-I1): fields, the island, the six gates, the ocean; places and the
distance to the free zones (SX-I9).

Fields are numbered ring by ring from the centre, as python-chess numbers its squares:
``FIELDS[f]`` is the hex of field ``f`` and ``FIELD_INDEX[h]`` its number. A board is a
tuple with one entry per field: ``None`` or the :class:`~.tiles.LaidTile` on it.

*Places* are where a prisoner or a door can be; they are numbered too. Part ``i`` of the
tile on field ``f`` is place ``4 * f + i`` (no tile has more than three parts); the island,
the six free zones, the free land ("freed") and "buried" have negative numbers. Moves
write places as text: ``island``, ``zone 3``, ``q,r/i`` (:func:`place_text`).

>>> place_text(part_place(FIELD_INDEX[Hex(2, -1)], 0)), parse_place("zone 3") == zone_code(3)
('2,-1/0', True)
"""
from __future__ import annotations

from boardlib.core.api import Illegal
from boardlib.grids.hex import DIRECTIONS, ORIGIN, Hex, spiral

from typing import NamedTuple

from .tiles import LaidTile

Board = tuple[LaidTile | None, ...]


class PlacedDoor(NamedTuple):
    """A door on the board: the tunnel part it stands on, and when it was placed (a number
    that grows with every door placed; on a tie SX-15 keeps the earlier door, SX-I5)."""

    part: int
    stamp: int

# --- SX-I1: the board (this project's invention: the seed says only "hexagonal fields") ------

RADIUS = 4
FIELDS: tuple[Hex, ...] = tuple(spiral(ORIGIN, RADIUS))          # 61 fields, ring by ring
FIELD_INDEX: dict[Hex, int] = {h: i for i, h in enumerate(FIELDS)}
ISLAND_FIELDS: frozenset[Hex] = frozenset(h for h in FIELDS if h.length() <= 1)
GATES: tuple[Hex, ...] = tuple(d.scale(RADIUS) for d in DIRECTIONS)  # gate g in direction g
GATE_OF: dict[Hex, int] = {h: g for g, h in enumerate(GATES)}
OCEAN: tuple[Hex, ...] = tuple(h for h in FIELDS if h not in ISLAND_FIELDS and h not in GATE_OF)
OCEAN_INDEX: tuple[int, ...] = tuple(FIELD_INDEX[h] for h in OCEAN)
IS_OCEAN: tuple[bool, ...] = tuple(h in set(OCEAN) for h in FIELDS)
EMPTY_BOARD: Board = (None,) * len(FIELDS)
assert len(FIELDS) == 61 and len(ISLAND_FIELDS) == 7 and len(OCEAN) == 48



def ocean_problem(field: object) -> Illegal | None:
    """SX-I1: tiles lie on the 48 ocean fields only — not on the island, not on a gate."""
    if (not isinstance(field, Hex) or type(field.q) is not int or type(field.r) is not int
            or field not in FIELD_INDEX):
        return Illegal("SX-I1", f"Field {field!s:.20} is not on the board.")
    if field in ISLAND_FIELDS:
        return Illegal("SX-I1", f"Field {field} is part of the island; tiles go on ocean "
                       "fields only.")
    if field in GATE_OF:
        return Illegal("SX-I1", f"Field {field} is the gate of free zone {GATE_OF[field]}; "
                       "tiles go on ocean fields only.")
    return None


# --- places ------------------------------------------------------------------------------

ISLAND, FREED, BURIED = -1, -2, -3
OFF_BOARD = -99                    # beyond the rim: no place at all
ZONE0 = -10                        # zone g is place ZONE0 - g


def zone_code(gate: int) -> int:
    """The place of the free zone behind gate ``gate``."""
    return ZONE0 - gate


ZONES: frozenset[int] = frozenset(zone_code(g) for g in range(6))


def is_zone(place: int) -> bool:
    return ZONE0 - 5 <= place <= ZONE0


def zone_gate(place: int) -> int:
    """The gate number of a zone place."""
    return ZONE0 - place


def part_place(field: int, part: int) -> int:
    """The place of part ``part`` of the tile on field ``field``."""
    return 4 * field + part


def field_of(place: int) -> int:
    """The field of a tunnel part's place."""
    return place // 4


def part_of(place: int) -> int:
    """Which part of its tile a tunnel part's place is."""
    return place % 4


def is_part(place: int) -> bool:
    return place >= 0


def _place_text(place: int) -> str:
    if place >= 0:
        return f"{FIELDS[field_of(place)]}/{part_of(place)}"
    if is_zone(place):
        return f"zone {zone_gate(place)}"
    return {ISLAND: "island", FREED: "freed", BURIED: "buried"}[place]


ALL_PLACES: tuple[int, ...] = ((ISLAND, FREED, BURIED) + tuple(zone_code(g) for g in range(6))
                               + tuple(part_place(f, i) for f in range(len(FIELDS))
                                       for i in range(4)))
PLACE_TEXT: dict[int, str] = {c: _place_text(c) for c in ALL_PLACES}
PLACE_OF_TEXT: dict[str, int] = {t: c for c, t in PLACE_TEXT.items()}


def place_text(place: int) -> str:
    """``island``, ``zone 2``, ``q,r/i``, ``freed`` or ``buried``."""
    return PLACE_TEXT[place]


def parse_place(text: object) -> int | None:
    """The place a text names, or ``None`` (whether the part exists is not checked)."""
    if not isinstance(text, str):
        return None
    found = PLACE_OF_TEXT.get(text)
    return found if found is not None else PLACE_OF_TEXT.get(" ".join(text.split()))


# --- what lies beyond each edge of each field (SX-I1) ---------------------------------------

def _beyond(field: Hex, direction: int) -> int:
    n = field.neighbor(direction)
    if n not in FIELD_INDEX:
        return OFF_BOARD
    if n in ISLAND_FIELDS:
        return ISLAND
    if n in GATE_OF:
        return zone_code(GATE_OF[n])
    return FIELD_INDEX[n]


# BEYOND[f][d]: across edge d of field f lies an ocean field (its number), the island, the
# free zone of a gate, or nothing (OFF_BOARD).
BEYOND: tuple[tuple[int, ...], ...] = tuple(tuple(_beyond(h, d) for d in range(6))
                                            for h in FIELDS)
OPPOSITE: tuple[int, ...] = (3, 4, 5, 0, 1, 2)       # the same edge seen from the other side

# SX-I9: the hex distance of each field to the nearest gate (SX-11 compares them).
GATE_DISTANCE: tuple[int, ...] = tuple(min(h.distance(g) for g in GATES) for h in FIELDS)

# --- boards after a tile action ---------------------------------------------------------------


def with_tile(board: Board, field: int, laid: LaidTile | None) -> Board:
    return board[:field] + (laid,) + board[field + 1:]


def moved(board: Board, src: int, dst: int) -> Board:
    """The board with the tile on ``src`` moved to the empty field ``dst``."""
    new = list(board)
    new[dst], new[src] = board[src], None
    return tuple(new)


def swapped(board: Board, a: int, b: int) -> Board:
    """The board with the tiles on ``a`` and ``b`` exchanged, each keeping its turn."""
    new = list(board)
    new[a], new[b] = board[b], board[a]
    return tuple(new)


DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")

__all__ = ["Board", "PlacedDoor", "RADIUS", "FIELDS", "FIELD_INDEX", "ISLAND_FIELDS", "GATES",
           "GATE_OF", "OCEAN", "OCEAN_INDEX", "IS_OCEAN", "EMPTY_BOARD", "ocean_problem", "ISLAND",
           "FREED", "BURIED", "OFF_BOARD", "ZONE0", "ZONES", "zone_code", "is_zone", "zone_gate",
           "part_place", "field_of", "part_of", "is_part", "ALL_PLACES", "place_text",
           "parse_place", "BEYOND", "OPPOSITE", "GATE_DISTANCE", "with_tile", "moved", "swapped",
           "DIRECTION_WORDS"]
