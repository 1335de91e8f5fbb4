"""Saved Section X states: written as JSON-ready data, read back and validated.

A save names places as in moves (``island``, ``zone 3``, ``q,r/i``) and tiles by their ids
(0 … 53, kind by kind as in :data:`.tiles.KINDS`). Loading checks the save against
:func:`state_schema` first (``InvalidInputError`` naming the path of the first bad value),
then refuses, naming the rule, every position that no game can reach or that is stuck
(:func:`check_reachable`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from boardlib.core.api import Event, Outcome
from boardlib.core.errors import InvalidInputError, excerpt, require
from boardlib.core.schema import (Boolean, Choice, ListOf, Optional, Record, Schema, Text,
                                  TupleOf, Whole)
from .board import (EMPTY_BOARD, FIELD_INDEX, FIELDS, OCEAN, PLACE_OF_TEXT,
                    PlacedDoor, is_zone, place_text)
from .index import BoardIndex
from .phases import ACT_PHASE, OVER, SAVED_PHASES, TILE_PHASE
from .prisoners import STEPS_PER_PRISONER, STEPS_PER_TURN
from .rounds import TARGET_FREED
from .state import SectionXPosition
from .tiles import DOORS, NUM_TILES, PRISONERS, TILE_KINDS, LaidTile, canonical_rotation
from .turn import HAND_LIMIT

if TYPE_CHECKING:
    from .rules import SectionXGame

MAX_NUMBER = 10 ** 9
MAX_EVENTS = 64
TERMINATIONS = {"five prisoners freed": "SX-23", "turn limit": "SX-I10",
                "nobody can reach five": "SX-I10"}


def to_dict(state: SectionXPosition) -> dict[str, Any]:
    """The state as JSON-ready data (see the module docstring)."""
    result = state.result
    return {
        "board": {str(FIELDS[f]): [laid.tile, laid.rotation] for f, laid in enumerate(state.board)
                  if laid is not None},
        "hands": [list(h) for h in state.hands],
        "stack": list(state.stack),
        "prisoners": [place_text(c) for c in state.locs],
        "steps": list(state.used),
        "steps_total": state.used_total,
        "doors": [[None if d is None else [place_text(d.part), d.stamp] for d in row]
                  for row in state.doors],
        "door_stamp": state.stamp,
        "keys": list(state.keys),
        "player": state.player,
        "phase": state.phase,
        "turn": state.turn,
        "round": state.round,
        "events": [[e.rule, e.text] for e in state.events],
        "result": None if result is None else {
            "termination": result.termination, "winners": list(result.winners),
            "scores": list(result.scores), "rule": result.rule},
    }


# --- the schema ----------------------------------------------------------------------------

class BoardTiles(Schema):
    """The board: an object from ocean fields ``"q,r"`` to ``[tile id, rotation]``."""

    description = "an object from ocean fields q,r to [tile id, rotation]"
    tile = TupleOf(Whole(0, NUM_TILES - 1), Whole(0, 5))

    def accepts(self, value: Any) -> bool:
        return type(value) is dict and len(value) <= len(OCEAN)

    def check_parts(self, value: Any, path: str) -> None:
        for field, tile in value.items():
            if OCEAN_FIELD_OF_TEXT.get(field) is None:
                raise InvalidInputError(f"{path}: {excerpt(field)} is not an ocean field "
                                        "(SX-I1)")
            self.tile.check(tile, f"{path}[{field}]")


OCEAN_FIELD_OF_TEXT: dict[str, int] = {str(h): FIELD_INDEX[h] for h in OCEAN}


class PlaceText(Schema):
    """A place as moves write it (``island``, ``zone 3``, ``q,r/i``, ``freed``, ``buried``)."""

    description = "a place: island, zone 0-5, q,r/i, freed or buried"

    def accepts(self, value: Any) -> bool:
        return type(value) is str and value in PLACE_OF_TEXT


class Score(Schema):
    """A score: freed prisoners, 0 to 5 (SX-23), as JSON writes it (``2.0`` or ``2``)."""

    description = "a number from 0 to 5"

    def accepts(self, value: Any) -> bool:
        return type(value) in (int, float) and 0 <= value <= TARGET_FREED


def state_schema(game: SectionXGame) -> Record:
    """What a saved Section X state looks like: :func:`to_dict`."""
    n = game.num_players
    tile = Whole(0, NUM_TILES - 1)
    place = PlaceText()
    return Record({
        "board": BoardTiles(),
        "hands": TupleOf(*[ListOf(tile, max_length=HAND_LIMIT)] * n),
        "stack": ListOf(tile, max_length=NUM_TILES),
        "prisoners": TupleOf(*[place] * (PRISONERS * n)),
        "steps": TupleOf(*[Whole(0, STEPS_PER_PRISONER)] * (PRISONERS * n)),
        "steps_total": Whole(0, STEPS_PER_TURN),
        "doors": TupleOf(*[TupleOf(*[Optional(TupleOf(place, Whole(0, MAX_NUMBER)))] * DOORS)]
                         * n),
        "door_stamp": Whole(0, MAX_NUMBER),
        "keys": TupleOf(*[Boolean()] * n),
        "player": Whole(0, n - 1),
        "phase": Choice(*SAVED_PHASES),
        "turn": Whole(0, MAX_NUMBER),
        "round": Whole(1, MAX_NUMBER),
        "events": ListOf(TupleOf(Text(12), Text(200)), max_length=MAX_EVENTS),
        "result": Optional(Record({
            "termination": Choice(*TERMINATIONS), "winners": ListOf(Whole(0, n - 1), n),
            "scores": TupleOf(*[Score()] * n), "rule": Choice(*set(TERMINATIONS.values()))})),
    })


# --- reading ---------------------------------------------------------------------------------

def read(game: SectionXGame, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the state that :func:`to_dict` wrote as ``data``: checked against the
    schema, then for what the schema cannot say; the position is checked further by
    :func:`check_reachable` once built."""
    state_schema(game).check(data)
    board = list(EMPTY_BOARD)
    for text, (tile, rot) in data["board"].items():
        require(canonical_rotation(TILE_KINDS[tile], rot) == rot,
                f"state.board[{text}]: rotation {rot} is written as its smallest equal "
                "rotation (SX-I2)")
        board[OCEAN_FIELD_OF_TEXT[text]] = LaidTile(tile, rot)
    hands = tuple(tuple(sorted(hand)) for hand in data["hands"])
    stack = tuple(data["stack"])
    every = [laid.tile for laid in board if laid is not None] + [t for h in hands for t in h]
    require(sorted(every + list(stack)) == list(range(NUM_TILES)),
            "the 54 tiles must each be exactly once on the board, in a hand or in the stack "
            "(SX-02)")
    board_t = tuple(board)
    index = BoardIndex(board_t)
    parts = set(index.parts)
    locs = tuple(PLACE_OF_TEXT[text] for text in data["prisoners"])
    for text, place in zip(data["prisoners"], locs):
        require(place < 0 or place in parts,
                f"prisoner place {text!r} is not a tunnel part on this board (SX-I4)")
    for place in set(locs):
        if place >= 0 or is_zone(place):
            room = 1 if place < 0 else TILE_KINDS[board_t[place // 4].tile].capacity  # type: ignore
            held = locs.count(place)
            require(held <= room, f"{place_text(place)} holds {held} prisoners, more than it "
                    "has room for (SX-17, SX-18)")
    used = tuple(data["steps"])
    require(sum(used) == data["steps_total"],
            "steps_total must be the sum of the prisoners' steps (SX-16)")
    stamp = data["door_stamp"]
    doors = []
    for row in data["doors"]:
        placed: list[PlacedDoor | None] = []
        for d in row:
            if d is None:
                placed.append(None)
                continue
            text, placed_at = d
            part = PLACE_OF_TEXT[text]
            require(part in parts, f"door place {text!r} is not a tunnel part (SX-I5)")
            require(placed_at < stamp, f"the door on {text} has stamp {placed_at}, not below "
                    f"door_stamp {stamp} (SX-I5)")
            placed.append(PlacedDoor(part, placed_at))
        doors.append(tuple(placed))
    keys = tuple(data["keys"])
    require(game.options["keys"] or not any(keys), "keys are off in this game (SX-I6)")
    events = tuple(Event(rule, text) for rule, text in data["events"])
    r = data["result"]
    result = None if r is None else Outcome(r["termination"], tuple(r["winners"]),
                                            tuple(float(s) for s in r["scores"]), r["rule"])
    require((data["phase"] == OVER) == (result is not None),
            "a finished game needs a result, and only it")
    return dict(board=board_t, hands=hands, stack=stack, locs=locs, used=used,
                doors=tuple(doors), stamp=stamp, keys=keys, player=data["player"],
                phase=data["phase"], turn=data["turn"], round=data["round"], events=events,
                result=result, index=index)


def check_reachable(state: SectionXPosition) -> None:
    """Refuse a position that no game reaches, or one that is stuck."""
    seen: set[frozenset[int]] = set()
    for row in state.doors:
        for d in row:
            if d is not None:
                tunnel = state.index.tunnel(d.part).parts
                require(tunnel not in seen, "a tunnel holds at most one door (SX-14)")
                seen.add(tunnel)
    stamps = [d.stamp for row in state.doors for d in row if d is not None]
    require(len(set(stamps)) == len(stamps), "two doors have the same stamp (SX-I5)")
    require(state.used_total == 0 or state.phase in (ACT_PHASE, OVER),
            "steps are only taken in phase 3 (SX-05)")
    if state.result is not None:
        require(state.result == result_shown(state, state.result.termination),
                "the saved result does not match the prisoners and turns on record "
                f"({state.result.rule or 'SX-23'})")
        return
    limit = state.game.max_turns
    require(not limit or state.turn < limit,
            f"turn {state.turn} is past the turn limit of {limit}, yet the game goes on (SX-I10)")
    n = state.num_players
    require(all(state.escaped(p) < TARGET_FREED for p in range(n)),
            "a player has freed five prisoners, yet the game goes on (SX-23)")
    require(all(state.in_zones(p) < state.game.round_target for p in range(n)),
            "a player has freed the round's target, yet the round goes on (SX-19, SX-I7)")
    require(sum(1 for c in state.locs if is_zone(c)) < 6,
            "all six free zones are claimed, yet the round goes on (SX-I7)")
    require(max(PRISONERS - state.buried(p) for p in range(n)) >= TARGET_FREED,
            "no player can still free five prisoners, yet the game goes on (SX-I10)")
    if state.phase == TILE_PHASE:
        require(bool(state.hands[state.player]), "it is phase 2 but the player to move holds "
                "no tile: every turn begins by drawing one (SX-06, SX-I7)")
        require(bool(state.legal_moves()), "it is phase 2 but no tile action is possible: the "
                "engine skips phase 2 then (SX-I8)")


def result_shown(state: SectionXPosition, termination: str) -> Outcome | None:
    """The result a finished game with ``termination`` has, judged from its position."""
    n = state.num_players
    scores = tuple(float(state.escaped(p)) for p in range(n))
    if termination == "five prisoners freed":                              # SX-23
        winners = tuple(p for p in range(n) if state.escaped(p) >= TARGET_FREED)
        return Outcome(termination, winners, scores, "SX-23") if len(winners) == 1 else None
    if termination == "turn limit":                                        # SX-I10
        limit = state.game.max_turns
        return (Outcome(termination, (), scores, "SX-I10")
                if limit and state.turn >= limit else None)
    if termination == "nobody can reach five":                             # SX-I10
        if max(PRISONERS - state.buried(p) for p in range(n)) >= TARGET_FREED:
            return None
        return Outcome(termination, tuple(p for p in range(n) if scores[p] == max(scores)),
                       scores, "SX-I10")
    return None


__all__ = ["to_dict", "state_schema", "read", "check_reachable", "result_shown"]
