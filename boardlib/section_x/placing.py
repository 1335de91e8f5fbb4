"""Phase 2, placing a tile (SX-07): a tile from the hand goes on a free ocean field, and it
must fit the tiles around it (:func:`.fit.misfit`)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from boardlib.core.api import Illegal

from .board import FIELD_INDEX, FIELDS, ocean_problem, with_tile
from .fit import misfit, misfit_sentence
from .moves import Move, MoveList, PlaceTile
from .state import Draft, SectionXPosition, replaced
from .tiles import (KIND_BY_NAME, KIND_NUMBER, KINDS, TILE_KINDS, LaidTile, TileKind,
                    canonical_rotation, outline)
from .turn import tile_action_done


def rotation_problem(rotation: object, kind: TileKind) -> Illegal | None:
    """SX-I2: a tile turns in sixths, 0 to 5; a turn that looks like a smaller one (a
    straight turned by 3 is a straight unturned) is written as the smaller one."""
    if type(rotation) is not int or not 0 <= rotation < 6:
        return Illegal("SX-I2", "A rotation is a number of sixths from 0 to 5.")
    same = canonical_rotation(kind, rotation)
    if same != rotation:
        return Illegal("SX-I2", f"A {kind.title} turned r{rotation} looks the same as turned "
                       f"r{same}; write r{same}.")
    return None


def place_problem(state: SectionXPosition, move: PlaceTile) -> Illegal | None:
    """SX-07: a tile of a kind you hold, on an empty ocean field (SX-I1), fitting every tile
    it touches."""
    kind = KIND_BY_NAME.get(move.kind) if isinstance(move.kind, str) else None
    if kind is None:
        return Illegal("SX-I2", f"There is no tile kind {move.kind!r:.30}; kinds are "
                       f"{', '.join(k.name for k in KINDS)}.")
    problem = rotation_problem(move.rotation, kind)
    if problem:
        return problem
    if all(TILE_KINDS[t] is not kind for t in state.hands[state.player]):
        return Illegal("SX-07", f"You have no {kind.title} tile in your hand.")
    problem = ocean_problem(move.field)
    if problem:
        return problem
    field = FIELD_INDEX[move.field]
    if state.board[field] is not None:
        return Illegal("SX-07", f"Field {move.field} already has a tile; place on an empty "
                       "ocean field.")
    openings = outline(kind, move.rotation)
    wrong = misfit(state.board, field, openings)
    if wrong is not None:
        return Illegal("SX-07", misfit_sentence(state.board, field, openings, wrong,
                                                "The tile does not fit"))
    return None


class Placements(MoveList):
    """Every placement :func:`place_problem` allows: the empty ocean fields in order, for
    each the kinds in hand (in table order), for each the rotations that fit (looked up in
    the board's index)."""

    def __init__(self, state: SectionXPosition) -> None:
        self.kinds = hand_kinds(state.hands[state.player])
        self.board_index = state.index
        self.size = state.index.count_fitting(self.kinds)

    def __iter__(self) -> Iterator[Move]:
        for f in self.board_index.empty_fields:
            for k in self.kinds:
                for r in self.board_index.fitting(f, k):
                    yield PlaceTile(KINDS[k].name, FIELDS[f], r)

    def nth(self, i: int) -> Move:
        for f in self.board_index.empty_fields:
            for k in self.kinds:
                fitting = self.board_index.fitting(f, k)
                if i < len(fitting):
                    return PlaceTile(KINDS[k].name, FIELDS[f], fitting[i])
                i -= len(fitting)
        raise AssertionError("unreachable")


@lru_cache(maxsize=None)
def hand_kinds(hand: tuple[int, ...]) -> tuple[int, ...]:
    """The kind numbers of the tiles in a hand, each once, in table order."""
    return tuple(sorted({KIND_NUMBER[TILE_KINDS[t]] for t in hand}))


def place(draft: Draft, move: PlaceTile) -> Any:
    """Lay the tile (of that kind, the lowest id in hand) on the field; phase 3 follows."""
    p = draft.player
    kind = KIND_BY_NAME[move.kind]
    hand = list(draft.hands[p])
    tile = min(t for t in hand if TILE_KINDS[t] is kind)
    hand.remove(tile)
    draft.hands = replaced(draft.hands, p, tuple(hand))
    laid = LaidTile(tile, canonical_rotation(kind, move.rotation))
    field = FIELD_INDEX[move.field]
    draft.lay(with_tile(draft.board, field, laid), (field,))
    return tile_action_done(draft, draft.origin)


__all__ = ["rotation_problem", "place_problem", "Placements", "place"]
