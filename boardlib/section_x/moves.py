"""Section X's moves, their text, and a turn's legal moves as countable blocks.

Move values are immutable and made once (tables per field). A block (``_Placements``,
``_Rows``, ``_Rearrangements``, ``_Steps``, ``_DoorTargets``) knows how many moves it holds
and finds the i-th without making the others: that is how ``SectionXState.random_move``
picks among the thousand tile actions of a crowded board.
"""
from __future__ import annotations

import re
from math import isqrt
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Callable, Iterator, Sequence

from boardlib.grids.hex import Hex

from .board import FIELDS, place_text
from .tiles import KINDS, TILE_KINDS, canonical_rotation, distinct_rotations, outline

# --- moves -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Phase 2: lay a tile of ``kind`` from the hand on ``field``, turned ``rotation``
    sixths (SX-07)."""

    kind: str
    field: Hex
    rotation: int

    def __str__(self) -> str:
        return f"place {self.kind} at {self.field} r{self.rotation}"


@dataclass(frozen=True, slots=True)
class SwapTiles:
    """Phase 2: exchange the tiles on ``a`` and ``b``, each keeping its turn (SX-08, SX-10)."""

    a: Hex
    b: Hex

    def __str__(self) -> str:
        return f"swap {self.a} with {self.b}"


@dataclass(frozen=True, slots=True)
class MoveTile:
    """Phase 2: move the tile on ``src`` to the empty ocean field ``dst`` (SX-08, SX-10)."""

    src: Hex
    dst: Hex

    def __str__(self) -> str:
        return f"move {self.src} to {self.dst}"


@dataclass(frozen=True, slots=True)
class RotateTile:
    """Phase 2: turn the tile on ``field`` so that it lies at ``rotation`` (SX-08, SX-09)."""

    field: Hex
    rotation: int

    def __str__(self) -> str:
        return f"rotate {self.field} to r{self.rotation}"


@dataclass(frozen=True, slots=True)
class Step:
    """Phase 3: one prisoner of yours steps from place ``src`` to place ``dst`` (SX-16, SX-I4).

    When several of your prisoners share ``src`` (the island or a hiding place),
    the one that has stepped least this turn goes.
    """

    src: str
    dst: str

    def __str__(self) -> str:
        return f"step {self.src} to {self.dst}"


@dataclass(frozen=True, slots=True)
class Door:
    """Phase 3: put a door on part ``dst``: a new one (``src`` None) or yours from ``src``
    (SX-13, SX-I5)."""

    dst: str
    src: str | None = None

    def __str__(self) -> str:
        return f"door on {self.dst}" if self.src is None else f"door {self.src} to {self.dst}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Phase 3: stop moving prisoners (or pass phase 3) and end the turn (SX-I8)."""

    def __str__(self) -> str:
        return "end turn"


Move = PlaceTile | SwapTiles | MoveTile | RotateTile | Step | Door | EndTurn
TILE_MOVES = (PlaceTile, SwapTiles, MoveTile, RotateTile)
ACT_MOVES = (Step, Door, EndTurn)

_HEX = r"(-?\d+,-?\d+)"
_PLACE = r"(island|zone \d|-?\d+,-?\d+/\d)"
_PATTERNS = (
    (re.compile(rf"^place ([a-z-]+) at {_HEX} r(\d)$"),
     lambda m: PlaceTile(m[1], Hex.parse(m[2]), int(m[3]))),
    (re.compile(rf"^swap {_HEX} with {_HEX}$"),
     lambda m: SwapTiles(Hex.parse(m[1]), Hex.parse(m[2]))),
    (re.compile(rf"^move {_HEX} to {_HEX}$"), lambda m: MoveTile(Hex.parse(m[1]), Hex.parse(m[2]))),
    (re.compile(rf"^rotate {_HEX} to r(\d)$"), lambda m: RotateTile(Hex.parse(m[1]), int(m[2]))),
    (re.compile(rf"^step {_PLACE} to {_PLACE}$"), lambda m: Step(m[1], m[2])),
    (re.compile(rf"^door on {_PLACE}$"), lambda m: Door(m[1])),
    (re.compile(rf"^door {_PLACE} to {_PLACE}$"), lambda m: Door(m[2], m[1])),
    (re.compile(r"^end turn$"), lambda m: EndTurn()),
)


class _MoveCache(dict):
    """Move values built once and reused: legal-move lists are long, objects are immutable."""

    def __init__(self, build: Any) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.build(*key)
        return value


# Every way to lay a tile (kind number, distinct rotation), numbered; per field its moves.
_SHAPE_LIST: tuple[tuple[int, int], ...] = tuple(
    (k, rot) for k, kind in enumerate(KINDS) for rot in distinct_rotations(kind))
_SHAPE_OUTLINE: tuple[int, ...] = tuple(outline(KINDS[k], rot) for k, rot in _SHAPE_LIST)
_KIND_SHAPES: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s, (k, _) in enumerate(_SHAPE_LIST) if k == kind) for kind in range(len(KINDS)))
_PLACE_AT: tuple[tuple[PlaceTile, ...], ...] = tuple(
    tuple(PlaceTile(KINDS[k].name, h, rot) for k, rot in _SHAPE_LIST) for h in FIELDS)


# Per kind number, made on first use: fit key -> the shapes of that kind that fit (SX-07),
# and how many. A whole row at once costs less than filling a cache key by key.
_KIND_FITS: list[list[tuple[int, ...]] | None] = [None] * len(KINDS)
_KIND_COUNTS: list[list[int] | None] = [None] * len(KINDS)


def _kind_fits(kind: int) -> list[tuple[int, ...]]:
    row = _KIND_FITS[kind]
    if row is None:
        # a shape fits one need per care, the need its outline shows there: filled shape by
        # shape (in order), that is 64 steps per shape instead of one search per fit key
        row = [()] * 4096
        counts = [0] * 4096
        for s in _KIND_SHAPES[kind]:
            shape = _SHAPE_OUTLINE[s]
            for care in range(64):
                key = care << 6 | shape & care
                row[key] += (s,)
                counts[key] += 1
        _KIND_FITS[kind] = row
        _KIND_COUNTS[kind] = counts
    return row


def _kind_counts(kind: int) -> list[int]:
    counts = _KIND_COUNTS[kind]
    if counts is None:
        _kind_fits(kind)
        counts = _KIND_COUNTS[kind]
    return counts


class _Placements:
    """Tiles from the hand laid with fit (SX-07): per empty field in order, the fitting
    shapes of the kinds in hand (sorted; ``counts`` holds their :func:`_kind_counts`).
    Counted from the fit tables; a move is built only when asked for."""

    __slots__ = ("kinds", "fields", "keys", "size")

    def __init__(self, kinds: tuple[int, ...], counts: list[list[int]], fields: list[int],
                 fits: list[int]) -> None:
        self.kinds = kinds
        self.fields = fields
        # gathered and summed in C, kind by kind: this runs at the start of every turn
        # (SX-I8). An itemgetter costs less than map(list.__getitem__), but of one index
        # it gives the bare value.
        if len(fields) > 1:
            self.keys = keys = itemgetter(*fields)(fits)
            gather = itemgetter(*keys)
            self.size = sum(map(sum, map(gather, counts)))
        else:
            self.keys = keys = [fits[f] for f in fields]
            self.size = sum([kind_counts[key] for kind_counts in counts for key in keys])

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Move:
        tables = [_kind_fits(k) for k in self.kinds]
        for f, key in zip(self.fields, self.keys):
            for table in tables:
                shapes = table[key]
                if i < len(shapes):
                    return _PLACE_AT[f][shapes[i]]
                i -= len(shapes)
        raise IndexError(i)

    def __iter__(self) -> Iterator[Move]:
        tables = [_kind_fits(k) for k in self.kinds]
        return iter([_PLACE_AT[f][s] for f, key in zip(self.fields, self.keys)
                     for table in tables for s in table[key]])


# Per tile id and rotation: the other distinct rotations a turn may reach (SX-08).
_OTHER_ROTATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for r in distinct_rotations(k) if r != canonical_rotation(k, rot))
          for rot in range(6)) for k in TILE_KINDS)
_SWAP = tuple(tuple(SwapTiles(a, b) for b in FIELDS) for a in FIELDS)
_MOVE = tuple(tuple(MoveTile(a, b) for b in FIELDS) for a in FIELDS)
_ROTATE = tuple(tuple(RotateTile(a, r) for r in range(6)) for a in FIELDS)
_STEP = _MoveCache(lambda a, b: Step(place_text(a), place_text(b)))
_END = EndTurn()


class _EndBlock(tuple):
    """The end-turn move as a block: a tuple with ``size`` like every other block."""

    __slots__ = ()
    size = 1


_END_BLOCK = _EndBlock((_END,))


class _DoorRow(dict):
    """Part code -> the door move from ``src`` (None: from the hand) to that part, made on
    first use. Int keys hash faster than pairs."""

    def __init__(self, src: int | None) -> None:
        super().__init__()
        self.src = None if src is None else place_text(src)

    def __missing__(self, dst: int) -> Door:
        value = self[dst] = Door(place_text(dst), self.src)
        return value


class _DoorRows(dict):
    """Door source (None: the hand) -> its :class:`_DoorRow`, made on first use."""

    def __missing__(self, src: int | None) -> _DoorRow:
        row = self[src] = _DoorRow(src)
        return row


_DOOR_ROWS = _DoorRows()


class _Rows:
    """Legal moves ``table[k] for table, keys in rows for k in keys``, counted and indexed
    without building them: a random pick on a crowded board needs one, not a thousand."""

    __slots__ = ("rows", "size")

    def __init__(self, rows: list[tuple[Any, Sequence[Any]]]) -> None:
        self.rows = rows
        self.size = sum([len(keys) for _, keys in rows])

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Move:
        for table, keys in self.rows:
            if i < len(keys):
                return table[keys[i]]
            i -= len(keys)
        raise IndexError(i)

    def __iter__(self) -> Iterator[Move]:
        return iter([table[k] for table, keys in self.rows for k in keys])


class _Steps:
    """Step moves from each of the sorted ``sources`` to the places ``joined`` to it (a
    function giving them sorted), except onto ``blocked`` places; ``size``, their number,
    is counted by the caller. The moves are made only when asked for."""

    __slots__ = ("sources", "joined", "blocked", "size")

    def __init__(self, sources: list[int], joined: Callable[[int], tuple[int, ...]],
                 blocked: set[int], size: int) -> None:
        self.sources = sources
        self.joined = joined
        self.blocked = blocked
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Move:
        if not 0 <= i < self.size:
            raise IndexError(i)
        blocked, joined = self.blocked, self.joined
        for src in self.sources:    # walked up to the pick: later sources are not looked at
            for dst in joined(src):
                if dst not in blocked:
                    if not i:
                        return _STEP[src, dst]
                    i -= 1
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Move]:
        blocked, joined = self.blocked, self.joined
        return iter([_STEP[src, dst] for src in self.sources for dst in joined(src)
                     if dst not in blocked])


class _DoorTargets:
    """Every door move of the player to move (SX-13, SX-14, SX-I5), door by door as
    ``doors`` lists them: ``(src, own, count)``, ``src`` None for a door from the hand, else
    the part a door of theirs is lifted from, with ``own`` the parts of that door's tunnel.
    Each door goes to the sorted ``parts`` outside the tunnels that hold a door (``taken``)
    but for its ``own``, and not to ``src`` itself: ``count`` moves. ``size``, their sum, and
    the counts are worked out by the caller. One block for all doors: fewer objects a turn."""

    __slots__ = ("parts", "taken", "doors", "size")

    def __init__(self, parts: list[int], taken: set[int],
                 doors: list[tuple[int | None, frozenset[int], int]], size: int) -> None:
        self.parts = parts
        self.taken = taken
        self.doors = doors
        self.size = size

    def __len__(self) -> int:
        return self.size

    def _left_out(self, src: int | None, own: frozenset[int]) -> set[int]:
        if src is None:
            return self.taken
        left_out = self.taken - own
        left_out.add(src)
        return left_out

    def __getitem__(self, i: int) -> Move:
        if not 0 <= i < self.size:
            raise IndexError(i)
        for src, own, count in self.doors:
            if i < count:
                break
            i -= count
        # the parts left out are few and all among ``parts``: each one up to the i-th free
        # part moves that part one place on (cheaper than counting the free ones)
        parts = self.parts
        for c in sorted(self._left_out(src, own)):
            if c > parts[i]:
                break
            i += 1
        return _DOOR_ROWS[src][parts[i]]

    def __iter__(self) -> Iterator[Move]:
        moves: list[Move] = []
        for src, own, _ in self.doors:
            table, left_out = _DOOR_ROWS[src], self._left_out(src, own)
            moves += [table[c] for c in self.parts if c not in left_out]
        return iter(moves)


# Per byte k of a field mask and its value: the fields it holds, in order.
_BYTE_FIELDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * k + b for b in range(8) if x >> b & 1) for x in range(256))
    for k in range((len(FIELDS) + 7) // 8))


def _fields_of(mask: int) -> list[int]:
    """The fields of a bit mask (bit ``f`` set for field ``f``), in order."""
    fields: list[int] = []
    for table in _BYTE_FIELDS:          # a byte at a time: fewer steps than bit by bit
        if not mask:
            break
        fields += table[mask & 255]
        mask >>= 8
    return fields


def _nth_field(mask: int, n: int) -> int:
    """The ``n``-th field (from 0) of a bit mask."""
    for table in _BYTE_FIELDS:
        fields = table[mask & 255]
        if n < len(fields):
            return fields[n]
        n -= len(fields)
        mask >>= 8
    raise IndexError(n)


def _nth_swap(fields: int, i: int) -> Move:
    """The ``i``-th swap of two of the fields of mask ``fields`` (SX-08), pairs in order,
    ``a`` before ``b``."""
    order = _fields_of(fields)
    # The row of order[x] (its pairs with later fields) starts at pair x * (m - x) // 2
    # for m = 2n - 1: the last row starting at or before i, from the quadratic's root
    # (isqrt may round it up by one).
    m = 2 * len(order) - 1
    x = (m - isqrt(m * m - 8 * i)) // 2
    if x * (m - x) // 2 > i:
        x -= 1
    return _SWAP[order[x]][order[x + 1 + i - x * (m - x) // 2]]


class _Rearrangements:
    """Every swap, move and turn of the tiles on the fields of mask ``fields`` (SX-08), in
    that order: each pair of them swapped (``a`` before ``b``), each moved to one of the
    ``empty`` fields, then :class:`_Turns` (``turns`` of them), as one block. With no
    hiding place to watch, the commonest case, a turn's pick then sizes one block, not
    three, and makes none."""

    __slots__ = ("board", "fields", "empty", "turns", "size")

    def __init__(self, board: tuple, fields: int, empty: list[int], turns: int) -> None:
        self.board = board
        self.fields = fields
        self.empty = empty
        self.turns = turns
        n = fields.bit_count()
        self.size = n * (n - 1) // 2 + n * len(empty) + turns

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Move:
        if not 0 <= i < self.size:
            raise IndexError(i)
        fields = self.fields
        n = fields.bit_count()
        swaps = n * (n - 1) // 2
        if i < swaps:
            return _nth_swap(fields, i)
        i -= swaps
        empty = self.empty
        if i < n * len(empty):
            a, b = divmod(i, len(empty))
            return _MOVE[_nth_field(fields, a)][empty[b]]
        return _Turns(self.board, fields, self.turns)[i - n * len(empty)]

    def __iter__(self) -> Iterator[Move]:
        order = _fields_of(self.fields)
        return iter([_SWAP[a][b] for x, a in enumerate(order) for b in order[x + 1:]]
                    + [_MOVE[a][g] for a in order for g in self.empty]
                    + list(_Turns(self.board, self.fields, self.turns)))


class _Turns:
    """Every rotation of a tile on a field of mask ``fields`` to another of its distinct
    rotations (SX-08); ``size`` is their number, counted by the caller."""

    __slots__ = ("board", "fields", "size")

    def __init__(self, board: tuple, fields: int, size: int) -> None:
        self.board = board
        self.fields = fields
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, i: int) -> Move:
        board = self.board
        for f in _fields_of(self.fields):
            tile, rot = board[f]
            others = _OTHER_ROTATIONS[tile][rot]
            if i < len(others):
                return _ROTATE[f][others[i]]
            i -= len(others)
        raise IndexError(i)

    def __iter__(self) -> Iterator[Move]:
        board = self.board
        return iter([_ROTATE[f][r] for f in _fields_of(self.fields)
                     for r in _OTHER_ROTATIONS[board[f][0]][board[f][1]]])
