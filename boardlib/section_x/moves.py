"""Section X's moves and their text (declared once with the core's notation), and lists
of moves that count themselves.

A turn's tile action has up to a thousand choices on a crowded board. The rules list them
as :class:`MoveList` blocks (placements, rearrangements, steps, doors): each knows how many
moves it holds and finds the i-th without making the others, so that a random player's
pick (``rng.choice(legal_moves())``) costs one move, not a thousand. Iterating a block is
its plain definition; ``tests/section_x`` checks that indexing gives the same moves.
"""
from __future__ import annotations

from typing import Any, Iterator, Sequence, overload

from boardlib.core.moves import HEX, FieldKind, MoveSet, TextKind, WholeKind, move
from boardlib.grids.hex import Hex


# --- how the fields of moves are written ------------------------------------------------

_PLACE_PATTERN = r"island|zone [0-5]|-?[0-9]{1,2},-?[0-9]{1,2}/[0-3]"


class PlaceKind(FieldKind):
    """A place as moves write it: ``island``, ``zone 3`` or ``q,r/i`` (part ``i`` of the tile
    on ``q,r``). Whether the place exists is the rules' business (SX-I4, SX-I5)."""

    description = "a place: island, zone 0-5 or q,r/i"
    pattern = _PLACE_PATTERN

    def accepts(self, value: Any) -> bool:
        return type(value) is str


class DoorSourceKind(FieldKind):
    """Where a door comes from: written ``on`` for a new door from the hand (``None``), and
    ``q,r/i to`` for one of yours lifted from part ``q,r/i``."""

    description = "on, or a part q,r/i followed by to"
    pattern = rf"on|(?:{_PLACE_PATTERN}) to"

    def parse(self, text: str) -> str | None:
        return None if text == "on" else text[:-len(" to")]

    def write(self, value: Any) -> str:
        return "on" if value is None else f"{value} to"

    def accepts(self, value: Any) -> bool:
        return value is None or type(value) is str


class RotationKind(WholeKind):
    """A rotation in sixths, one digit (whether it is 0 … 5 is SX-I2's business)."""

    description = "a rotation: a whole number of sixths"
    pattern = "[0-9]"


PLACE = PlaceKind()
DOOR_SOURCE = DoorSourceKind()
ROTATION = RotationKind()
KIND = TextKind(r"[a-z-]{1,20}", "a tile kind such as straight")

# --- the moves ---------------------------------------------------------------------------


@move("place {kind} at {field} r{rotation}", rule="SX-07", kind=KIND, field=HEX,
      rotation=ROTATION)
class PlaceTile:
    """Phase 2: lay a tile of ``kind`` from the hand on ``field``, turned ``rotation``
    sixths (SX-07)."""

    kind: str
    field: Hex
    rotation: int


@move("swap {a} with {b}", rule="SX-08", a=HEX, b=HEX)
class SwapTiles:
    """Phase 2: exchange the tiles on ``a`` and ``b``, each keeping its turn (SX-08, SX-10)."""

    a: Hex
    b: Hex


_ordered_equal = SwapTiles.__eq__


def _same_swap(self: SwapTiles, other: object) -> Any:
    """A swap exchanges two tiles: which one is named first does not matter (the legal
    moves name them in board order)."""
    if not isinstance(other, SwapTiles):
        return NotImplemented
    return bool(_ordered_equal(self, other) or _ordered_equal(self, SwapTiles(other.b, other.a)))


def _swap_hash(self: SwapTiles) -> int:
    return hash(("SwapTiles", frozenset((self.a, self.b))))


SwapTiles.__eq__ = _same_swap          # type: ignore[method-assign,assignment]
SwapTiles.__hash__ = _swap_hash        # type: ignore[method-assign,assignment]


@move("move {src} to {dst}", rule="SX-08", src=HEX, dst=HEX)
class MoveTile:
    """Phase 2: move the tile on ``src`` to the empty ocean field ``dst`` (SX-08, SX-10)."""

    src: Hex
    dst: Hex


@move("rotate {field} to r{rotation}", rule="SX-08", field=HEX, rotation=ROTATION)
class RotateTile:
    """Phase 2: turn the tile on ``field`` so that it lies at ``rotation`` (SX-08, SX-09)."""

    field: Hex
    rotation: int


@move("step {src} to {dst}", rule="SX-I4", src=PLACE, dst=PLACE)
class Step:
    """Phase 3: one prisoner of yours steps from place ``src`` to place ``dst`` (SX-16, SX-I4).

    When several of your prisoners share ``src`` (the island or a hiding place),
    the one that has stepped least this turn goes.
    """

    src: str
    dst: str


@move("door {src} {dst}", rule="SX-I5", src=DOOR_SOURCE, dst=PLACE)
class Door:
    """Phase 3: put a door on part ``dst``: a new one (``src`` None, written ``door on dst``)
    or yours from ``src`` (``door src to dst``) (SX-13, SX-I5)."""

    dst: str
    src: str | None = None


@move("end turn", rule="SX-05")
class EndTurn:
    """Phase 3: stop moving prisoners (or pass phase 3) and end the turn (SX-I8)."""


Move = PlaceTile | SwapTiles | MoveTile | RotateTile | Step | Door | EndTurn
TILE_MOVES: tuple[type, ...] = (PlaceTile, SwapTiles, MoveTile, RotateTile)
ACT_MOVES: tuple[type, ...] = (Step, Door, EndTurn)
MOVES = MoveSet("Section X", *TILE_MOVES, *ACT_MOVES, rule="SX-05")
END_TURN = EndTurn()


def parse_move(text: object) -> Move:
    """The move whose ``str()`` is ``text`` (spaces may vary); ``InvalidInputError`` if none."""
    found: Move = MOVES.parse(text)
    return found


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
        for n, found in enumerate(self):
            if n == i:
                return found
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


class LegalMoves(tuple[Move, ...]):
    """The legal moves of a position, in order: a tuple whose ``in`` looks a move up in a
    set made when first asked (a tuple compares a move with each of up to ~1500 in turn;
    refusal checks ask several times a position). A move is in it exactly when it equals
    one of them: move classes hash what they compare (``boardlib.core.moves``); a move
    with a field that cannot be hashed (a list) is compared one by one."""

    _set: frozenset[Move]

    def __contains__(self, move: object) -> bool:
        try:
            found = self._set
        except AttributeError:
            found = self._set = frozenset(self)
        try:
            return move in found
        except TypeError:
            return tuple.__contains__(self, move)


END_TURN_ONLY = Listed((END_TURN,))
NO_MOVES = Listed(())

__all__ = ["PlaceTile", "SwapTiles", "MoveTile", "RotateTile", "Step", "Door", "EndTurn", "Move",
           "TILE_MOVES", "ACT_MOVES", "MOVES", "END_TURN", "PLACE", "DOOR_SOURCE", "ROTATION",
           "KIND", "parse_move", "MoveList", "Listed",
           "Chained", "LegalMoves", "END_TURN_ONLY", "NO_MOVES"]
