"""Section X's moves and their text, and lists of moves that count themselves.

A turn's tile action has up to a thousand choices on a crowded board. The rules list them
as :class:`MoveList` blocks (placements, rearrangements, steps, doors): each knows how many
moves it holds and finds the i-th without making the others, so that a random player's
pick (``rng.choice(legal_moves())``) costs one move, not a thousand. Iterating a block is
its plain definition; ``tests/section_x`` checks that indexing gives the same moves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence, overload

from boardlib.core.api import InvalidInputError
from boardlib.grids.hex import Hex


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
TILE_MOVES: tuple[type, ...] = (PlaceTile, SwapTiles, MoveTile, RotateTile)
ACT_MOVES: tuple[type, ...] = (Step, Door, EndTurn)
END_TURN = EndTurn()

# --- move text ---------------------------------------------------------------------------

_HEX = r"(-?\d+,-?\d+)"
_PLACE = r"(island|zone \d|-?\d+,-?\d+/\d)"
NOTATION: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Move]], ...] = (
    (re.compile(rf"place ([a-z-]+) at {_HEX} r(\d)"),
     lambda m: PlaceTile(m[1], Hex.parse(m[2]), int(m[3]))),
    (re.compile(rf"swap {_HEX} with {_HEX}"),
     lambda m: SwapTiles(Hex.parse(m[1]), Hex.parse(m[2]))),
    (re.compile(rf"move {_HEX} to {_HEX}"), lambda m: MoveTile(Hex.parse(m[1]), Hex.parse(m[2]))),
    (re.compile(rf"rotate {_HEX} to r(\d)"), lambda m: RotateTile(Hex.parse(m[1]), int(m[2]))),
    (re.compile(rf"step {_PLACE} to {_PLACE}"), lambda m: Step(m[1], m[2])),
    (re.compile(rf"door on {_PLACE}"), lambda m: Door(m[1])),
    (re.compile(rf"door {_PLACE} to {_PLACE}"), lambda m: Door(m[2], m[1])),
    (re.compile(r"end turn"), lambda m: END_TURN),
)
MAX_MOVE_TEXT = 80


def parse_move(text: object) -> Move:
    """The move whose ``str()`` is ``text`` (spaces may vary); ``InvalidInputError`` if none."""
    if not isinstance(text, str):
        raise InvalidInputError(f"a move is text, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidInputError(f"a Section X move is at most {MAX_MOVE_TEXT} characters; "
                                f"this one starts {text[:20]!r}")
    normal = " ".join(text.split())
    for pattern, build in NOTATION:
        found = pattern.fullmatch(normal)
        if found:
            return build(found)
    raise InvalidInputError(
        f"cannot read {text[:40]!r} as a Section X move; examples: 'place straight at 2,-3 r1', "
        "'swap 2,-3 with 1,2', 'move 2,-3 to 0,3', 'rotate 2,-3 to r2', "
        "'step island to 2,-1/0', 'door on 2,-1/0', 'door 2,-1/0 to 3,-1/0', 'end turn'")


# --- lists of moves --------------------------------------------------------------------------


class MoveList(Sequence[Move]):
    """Moves that are counted and indexed without being made. A subclass gives ``size``,
    ``__iter__`` (the plain definition, in order) and, where it can do better than walking
    the list, ``nth``."""

    size: int = 0

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Move]: ...

    def __getitem__(self, i: int | slice) -> Move | Sequence[Move]:
        if isinstance(i, slice):
            return list(self)[i]
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self.nth(i)

    def nth(self, i: int) -> Move:
        """The ``i``-th move (``0 <= i < size``)."""
        for n, move in enumerate(self):
            if n == i:
                return move
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Move]:
        raise NotImplementedError


class Listed(MoveList):
    """Moves made already, as a list."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self.moves = moves
        self.size = len(moves)

    def nth(self, i: int) -> Move:
        return self.moves[i]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.moves)


class Chained(MoveList):
    """Blocks of moves one after the other: a turn's legal moves."""

    def __init__(self, blocks: Sequence[MoveList]) -> None:
        self.blocks = blocks
        self.size = sum(block.size for block in blocks)

    def nth(self, i: int) -> Move:
        for block in self.blocks:
            if i < block.size:
                return block.nth(i)
            i -= block.size
        raise AssertionError("unreachable")

    def __iter__(self) -> Iterator[Move]:
        for block in self.blocks:
            yield from block


END_TURN_ONLY = Listed((END_TURN,))
NO_MOVES = Listed(())

__all__ = ["PlaceTile", "SwapTiles", "MoveTile", "RotateTile", "Step", "Door", "EndTurn", "Move",
           "TILE_MOVES", "ACT_MOVES", "END_TURN", "NOTATION", "parse_move", "MoveList", "Listed",
           "Chained", "END_TURN_ONLY", "NO_MOVES"]
