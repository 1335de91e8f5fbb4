"""Phase 2, rearranging instead of placing (SX-08 … SX-11, SX-I3): swap two placed tiles,
move one to an empty ocean field, or turn one.

Only a tile laid from the hand must fit (SX-07). A rearranged tile may leave openings facing
walls — that is how players block each other, also at the open end of another player's
door tunnel: a door protects its tunnel's own tiles (SX-13), not the fields around it
(SX-I3). The option ``strict_fit`` makes rearranged tiles fit too.
"""
from __future__ import annotations

from typing import Any, Iterator

from boardlib.core.api import Illegal
from boardlib.grids.hex import Hex

from .board import FIELD_INDEX, FIELDS, GATE_DISTANCE, Board, field_of, moved, ocean_problem, \
    swapped, with_tile
from .doors import carried_doors, foreign_owner
from .fit import misfit, misfit_sentence
from .moves import Listed, Move, MoveList, MoveTile, RotateTile, SwapTiles
from .placing import rotation_problem
from .state import Draft, SectionXPosition
from .tiles import (KIND_NUMBER, KINDS, PRISONERS, TILE_KINDS, LaidTile, canonical_rotation,
                    distinct_rotations)
from .turn import tile_action_done

# OTHER_ROTATIONS[kind number][rotation]: the other looks a turn can give a tile lying so
OTHER_ROTATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(r for r in distinct_rotations(k) if r != canonical_rotation(k, rot))
          for rot in range(6)) for k in KINDS)


# TURNS[tile id]: how many other looks a turn can give that tile (the same from each rotation)
TURNS: tuple[int, ...] = tuple(len(OTHER_ROTATIONS[KIND_NUMBER[k]][0]) for k in TILE_KINDS)


def other_rotations(laid: LaidTile) -> tuple[int, ...]:
    """SX-08: the rotations a turn can give this tile (those that look different)."""
    return OTHER_ROTATIONS[KIND_NUMBER[laid.kind]][laid.rotation]


# --- which tiles may be turned, moved or swapped ------------------------------------------


def turn_problem(state: SectionXPosition, field: int) -> Illegal | None:
    """SX-09: rotate only a tile with no prisoners on it that is not part of another player's
    tunnel (SX-13)."""
    if field in state.prisoners.fields:
        return Illegal("SX-09", "You cannot rotate a tile with prisoners on it.")
    owner = foreign_owner(state, state.player, tile_field=field)
    if owner is not None:
        return Illegal("SX-09", f"The tile on {FIELDS[field]} is part of player {owner}'s "
                       "tunnel; only they may rotate it.")
    return None


def shift_problem(state: SectionXPosition, field: int, verb: str) -> Illegal | None:
    """SX-10: move or swap only a tile with no prisoners on it, or a hiding place holding only
    your own; and (SX-13) not a tile of another player's tunnel. ``verb``: move or swap."""
    h = FIELDS[field]
    if field in state.prisoners.fields:
        on_tile = state.prisoners.on_field(field)
        laid = state.board[field]
        assert laid is not None
        if not laid.kind.hiding:
            return Illegal("SX-10", f"You cannot {verb} the tile on {h}: prisoners stand on it.")
        if any(k // PRISONERS != state.player for k in on_tile):
            return Illegal("SX-10", f"You cannot {verb} the hiding place on {h}: another "
                           "player's prisoners stand on it.")
    owner = foreign_owner(state, state.player, tile_field=field)
    if owner is not None:
        return Illegal("SX-13", f"The tile on {h} belongs to player {owner}'s tunnel (their "
                       f"door); only they may {verb} it.")
    return None


def comes_nearer(state: SectionXPosition, src: int, dst: int) -> bool:
    """SX-11: a hiding place with your prisoners on it may not end nearer to a free zone than
    it was (distance: SX-I9). Would the tile on ``src`` break that on ``dst``?"""
    return src in state.prisoners.fields and GATE_DISTANCE[dst] < GATE_DISTANCE[src]


def distance_problem(state: SectionXPosition, src: int, dst: int) -> Illegal | None:
    """The refusal of SX-11 (see :func:`comes_nearer`), if the move breaks it."""
    if comes_nearer(state, src, dst):
        return Illegal("SX-11", f"A hiding place with your prisoners may not come nearer to a "
                       f"free zone: {FIELDS[src]} is {GATE_DISTANCE[src]} from the nearest "
                       f"gate, {FIELDS[dst]} only {GATE_DISTANCE[dst]}.")
    return None


def strict_fit_problem(state: SectionXPosition, board: Board, fields: tuple[int, ...],
                       ignore: int | None, lead: str) -> Illegal | None:
    """SX-I3: with ``strict_fit`` the tiles on ``fields`` must fit on the rearranged
    ``board`` (``ignore``: a field whose tile has just moved away)."""
    if not state.game.options["strict_fit"]:
        return None
    for field in fields:
        laid = board[field]
        assert laid is not None
        wrong = misfit(board, field, laid.openings, ignore=ignore)
        if wrong is not None:
            return Illegal("SX-I3", misfit_sentence(board, field, laid.openings, wrong, lead))
    return None


# --- the three actions ------------------------------------------------------------------------


def tiled_field(state: SectionXPosition, h: object, verb: str) -> tuple[int, Illegal | None]:
    problem = ocean_problem(h)
    if problem:
        return -1, problem
    assert isinstance(h, Hex)
    field = FIELD_INDEX[h]
    if state.board[field] is None:
        return field, Illegal("SX-08", f"There is no tile on {h} to {verb}.")
    return field, None


def rotate_problem(state: SectionXPosition, move: RotateTile) -> Illegal | None:
    """SX-08, SX-09 (SX-I3): turn a tile to a rotation that looks different."""
    field, problem = tiled_field(state, move.field, "rotate")
    if problem:
        return problem
    laid = state.board[field]
    assert laid is not None
    if type(move.rotation) is not int or not 0 <= move.rotation < 6:
        return rotation_problem(move.rotation, laid.kind)
    problem = turn_problem(state, field)
    if problem:
        return problem
    if canonical_rotation(laid.kind, move.rotation) == laid.rotation:
        return Illegal("SX-08", f"Turning the {laid.kind.title} to r{move.rotation} leaves it "
                       "exactly as it lies; that is no rotation.")
    problem = rotation_problem(move.rotation, laid.kind)
    if problem:
        return problem
    turned = with_tile(state.board, field, LaidTile(laid.tile, canonical_rotation(
        laid.kind, move.rotation)))
    return strict_fit_problem(state, turned, (field,), None,
                              "With strict_fit the turned tile must fit")


def move_problem(state: SectionXPosition, move: MoveTile) -> Illegal | None:
    """SX-08, SX-10, SX-11, SX-13 (SX-I3): move a tile to an empty ocean field."""
    src, problem = tiled_field(state, move.src, "move")
    if problem:
        return problem
    problem = ocean_problem(move.dst)
    if problem:
        return problem
    dst = FIELD_INDEX[move.dst]
    if state.board[dst] is not None:
        return Illegal("SX-08", f"Field {move.dst} is not empty; to exchange two tiles, swap "
                       "them.")
    problem = shift_problem(state, src, "move") or distance_problem(state, src, dst)
    if problem:
        return problem
    return strict_fit_problem(state, moved(state.board, src, dst), (dst,), src,
                              "With strict_fit the moved tile must fit")


def swap_problem(state: SectionXPosition, move: SwapTiles) -> Illegal | None:
    """SX-08, SX-10, SX-11, SX-13 (SX-I3): exchange two tiles, each keeping its turn."""
    for h in (move.a, move.b):
        problem = ocean_problem(h)
        if problem:
            return problem
    a, b = FIELD_INDEX[move.a], FIELD_INDEX[move.b]
    if a == b:
        return Illegal("SX-08", "A swap needs two different tiles.")
    for field, h in ((a, move.a), (b, move.b)):
        if state.board[field] is None:
            return Illegal("SX-08", f"There is no tile on {h} to swap; to put a tile on an "
                           "empty field, move it.")
    problem = (shift_problem(state, a, "swap") or shift_problem(state, b, "swap")
               or distance_problem(state, a, b) or distance_problem(state, b, a))
    if problem:
        return problem
    return strict_fit_problem(state, swapped(state.board, a, b), (a, b), None,
                              "With strict_fit both swapped tiles must fit")


# --- the legal rearrangements ---------------------------------------------------------------


class AllSwaps(MoveList):
    """Every pair of ``fields`` swapped, ``a`` before ``b``, in order."""

    def __init__(self, fields: list[int]) -> None:
        self.fields = fields
        self.size = len(fields) * (len(fields) - 1) // 2

    def __iter__(self) -> Iterator[Move]:
        for x, a in enumerate(self.fields):
            for b in self.fields[x + 1:]:
                yield SwapTiles(FIELDS[a], FIELDS[b])

    def nth(self, i: int) -> Move:
        fields = self.fields
        for x, a in enumerate(fields):
            row = len(fields) - 1 - x              # the pairs of a with the fields after it
            if i < row:
                return SwapTiles(FIELDS[a], FIELDS[fields[x + 1 + i]])
            i -= row
        raise AssertionError("unreachable")


class AllMoves(MoveList):
    """Every tile of ``fields`` moved to every field of ``targets``, in order."""

    def __init__(self, fields: list[int], targets: tuple[int, ...]) -> None:
        self.fields = fields
        self.targets = targets
        self.size = len(fields) * len(targets)

    def __iter__(self) -> Iterator[Move]:
        for a in self.fields:
            for b in self.targets:
                yield MoveTile(FIELDS[a], FIELDS[b])

    def nth(self, i: int) -> Move:
        a, b = divmod(i, len(self.targets))
        return MoveTile(FIELDS[self.fields[a]], FIELDS[self.targets[b]])


class AllRotations(MoveList):
    """Every tile of ``fields`` turned to each of its other rotations, in order."""

    def __init__(self, board: Board, fields: list[int]) -> None:
        self.board = board
        self.fields = fields
        self.size = sum([TURNS[laid.tile] for laid in map(board.__getitem__, fields)
                         if laid is not None])

    def __iter__(self) -> Iterator[Move]:
        for f in self.fields:
            for r in other_rotations(self.board[f]):     # type: ignore[arg-type]
                yield RotateTile(FIELDS[f], r)

    def nth(self, i: int) -> Move:
        for f in self.fields:
            rotations = other_rotations(self.board[f])   # type: ignore[arg-type]
            if i < len(rotations):
                return RotateTile(FIELDS[f], rotations[i])
            i -= len(rotations)
        raise AssertionError("unreachable")


class Rows(MoveList):
    """Moves ``make(a, b)`` for each row ``(a, [b, ...])`` in order."""

    def __init__(self, rows: list[tuple[int, list[int]]], make: Any) -> None:
        self.rows = rows
        self.make = make
        self.size = sum(len(targets) for _, targets in rows)

    def __iter__(self) -> Iterator[Move]:
        for a, targets in self.rows:
            for b in targets:
                yield self.make(FIELDS[a], FIELDS[b])

    def nth(self, i: int) -> Move:
        for a, targets in self.rows:
            if i < len(targets):
                return self.make(FIELDS[a], FIELDS[targets[i]])
            i -= len(targets)
        raise AssertionError("unreachable")


def rearrangements(state: SectionXPosition) -> list[MoveList]:
    """Every swap, move and turn that :func:`swap_problem`, :func:`move_problem` and
    :func:`rotate_problem` allow, in that order: the tiles that may move (SX-10, SX-13) pair
    by pair, then each to each empty ocean field, then each tile that may turn (SX-09) to
    its other rotations.

    Most often every pair is allowed and the moves are counted without being made. Pairs
    with a hiding place carrying prisoners (SX-11), and all of them under ``strict_fit``
    (SX-I3), are checked one by one.
    """
    index = state.index
    p = state.player
    foreign = state.door_index.foreign_fields(p)
    prisoners = state.prisoners
    # where shift_problem is None: no other player's tunnel (SX-13) and no prisoners, or a
    # hiding place holding only yours (SX-10); and where turn_problem is None: no other
    # player's tunnel and no prisoners (SX-09)
    not_turnable = foreign | prisoners.fields
    if not not_turnable:
        movable = turnable = list(index.tiled_fields)
        carrying: set[int] = set()
    else:
        mine = {f for f in prisoners.fields if prisoners.alone.get(f) == p and f not in foreign}
        movable = [f for f in index.tiled_fields if f not in not_turnable or f in mine]
        turnable = [f for f in index.tiled_fields if f not in not_turnable]
        carrying = mine
    strict = state.game.options["strict_fit"]
    if not carrying and not strict:
        return [AllSwaps(movable), AllMoves(movable, index.empty_fields),
                AllRotations(state.board, turnable)]

    def may_swap(a: int, b: int) -> bool:
        if comes_nearer(state, a, b) or comes_nearer(state, b, a):
            return False
        return not strict or swap_problem(state, SwapTiles(FIELDS[a], FIELDS[b])) is None

    def may_move(a: int, b: int) -> bool:
        if comes_nearer(state, a, b):
            return False
        return not strict or move_problem(state, MoveTile(FIELDS[a], FIELDS[b])) is None

    # without strict_fit only pairs with a carrying hiding place need a look
    swaps = [(a, [b for b in movable[x + 1:] if may_swap(a, b)]
              if strict or a in carrying else
              [b for b in movable[x + 1:] if b not in carrying or may_swap(a, b)])
             for x, a in enumerate(movable)]
    moves = [(a, [b for b in index.empty_fields if may_move(a, b)]
              if strict or a in carrying else list(index.empty_fields)) for a in movable]
    turns: MoveList = AllRotations(state.board, turnable)
    if strict:
        turns = Listed([m for m in turns
                        if isinstance(m, RotateTile) and rotate_problem(state, m) is None])
    return [Rows(swaps, SwapTiles), Rows(moves, MoveTile), turns]


def rearrange(draft: Draft, move: SwapTiles | MoveTile | RotateTile) -> Any:
    """Apply a rearrangement: prisoners on a moved hiding place and doors travel with their
    tiles (SX-I5); phase 3 follows."""
    board = draft.board
    if isinstance(move, RotateTile):
        field = FIELD_INDEX[move.field]
        laid = board[field]
        assert laid is not None
        draft.lay(with_tile(board, field, LaidTile(laid.tile, canonical_rotation(
            laid.kind, move.rotation))), (field,))
        return tile_action_done(draft, draft.origin)
    if isinstance(move, MoveTile):
        a, b = FIELD_INDEX[move.src], FIELD_INDEX[move.dst]
        draft.lay(moved(board, a, b), (a, b))
        relocated = {a: b}
    else:
        a, b = FIELD_INDEX[move.a], FIELD_INDEX[move.b]
        draft.lay(swapped(board, a, b), (a, b))
        relocated = {a: b, b: a}
    if not draft.origin.prisoners.fields.isdisjoint(relocated):   # a hiding place (SX-10)
        draft.locs = tuple(4 * relocated[field_of(c)] + c % 4
                           if c >= 0 and field_of(c) in relocated else c for c in draft.locs)
    draft.doors = carried_doors(draft.doors, relocated)
    return tile_action_done(draft, draft.origin)


__all__ = ["OTHER_ROTATIONS", "other_rotations", "turn_problem", "shift_problem", "comes_nearer",
           "distance_problem", "strict_fit_problem", "rotate_problem", "move_problem",
           "swap_problem", "AllSwaps", "AllMoves", "AllRotations", "Rows", "rearrangements",
           "rearrange"]
