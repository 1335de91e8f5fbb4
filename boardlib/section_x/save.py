"""Saved Section X states: written as JSON-ready data, read back and validated.

A save names places as in moves (``island``, ``zone 3``, ``q,r/i``) and tiles by their ids
(0 … 53, kind by kind as in :data:`.tiles.KINDS`). Loading refuses, with
``InvalidInputError`` naming the problem, anything malformed and positions that no game can
reach or that are stuck.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from boardlib.core.api import Event, InvalidInputError, Outcome, is_whole, require
from boardlib.grids.hex import Hex

from .board import (EMPTY_BOARD, FIELD_INDEX, FIELDS, IS_OCEAN, PlacedDoor, is_zone, parse_place,
                    place_text)
from .index import BoardIndex
from .phases import ACT_PHASE, OVER, SAVED_PHASES, TILE_PHASE
from .prisoners import STEPS_PER_PRISONER, STEPS_PER_TURN
from .rounds import TARGET_FREED
from .state import SectionXPosition
from .tiles import DOORS, NUM_TILES, PRISONERS, TILE_KINDS, LaidTile, canonical_rotation
from .turn import HAND_LIMIT

if TYPE_CHECKING:
    from .rules import SectionXGame

FIELDS_OF_A_SAVE = ("board", "hands", "stack", "prisoners", "steps", "steps_total", "doors",
                    "door_stamp", "keys", "player", "phase", "turn", "round", "events", "result")
MAX_NUMBER = 10 ** 9
MAX_EVENTS = 64
MAX_TEXT = 200


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


def read(game: SectionXGame, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of the state that :func:`to_dict` wrote as ``data``, validated (the
    position is checked further by :func:`check_reachable` once built)."""
    try:
        return _read(game, data)
    except InvalidInputError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as exc:
        raise InvalidInputError(f"malformed Section X state: {type(exc).__name__}") from None


def whole(value: Any, lo: int, hi: int, what: str) -> int:
    require(is_whole(value) and lo <= value <= hi,
            f"{what} must be a whole number from {lo} to {hi}, not {str(value)[:20]!r}")
    return int(value)


def _read(game: SectionXGame, data: Mapping[str, Any]) -> dict[str, Any]:
    n = game.num_players
    require(isinstance(data, Mapping), "a state is a JSON object")
    require(set(data) == set(FIELDS_OF_A_SAVE),
            f"a state has exactly the fields {sorted(FIELDS_OF_A_SAVE)}")

    board = list(EMPTY_BOARD)
    require(isinstance(data["board"], Mapping) and len(data["board"]) <= len(FIELDS),
            "board must map fields to tiles")
    for text, cell in data["board"].items():
        try:
            h = Hex.parse(text)
        except ValueError:
            raise InvalidInputError(f"board field {str(text)[:20]!r} is not q,r") from None
        require(h in FIELD_INDEX and IS_OCEAN[FIELD_INDEX[h]],
                f"board field {h} is not an ocean field (SX-I1)")
        require(isinstance(cell, list) and len(cell) == 2, f"tile on {h} must be [id, rotation]")
        tile = whole(cell[0], 0, NUM_TILES - 1, "a tile id")
        rot = whole(cell[1], 0, 5, "a rotation")
        require(canonical_rotation(TILE_KINDS[tile], rot) == rot,
                f"tile on {h}: rotation {rot} is written as its smallest equal rotation")
        board[FIELD_INDEX[h]] = LaidTile(tile, rot)
    hands_in = data["hands"]
    require(isinstance(hands_in, list) and len(hands_in) == n, f"hands must list {n} hands")
    hands = []
    for hand in hands_in:
        require(isinstance(hand, list) and len(hand) <= HAND_LIMIT,
                f"a hand holds at most {HAND_LIMIT} tiles (SX-06)")
        hands.append(tuple(sorted(whole(t, 0, NUM_TILES - 1, "a tile id") for t in hand)))
    require(isinstance(data["stack"], list) and len(data["stack"]) <= NUM_TILES,
            "stack must be a list of tile ids")
    stack = tuple(whole(t, 0, NUM_TILES - 1, "a tile id") for t in data["stack"])
    every = [laid.tile for laid in board if laid is not None] + [t for h in hands for t in h]
    require(sorted(every + list(stack)) == list(range(NUM_TILES)),
            "the 54 tiles must each be exactly once on the board, in a hand or in the stack "
            "(SX-02)")
    board_t = tuple(board)
    index = BoardIndex(board_t)

    def part_exists(place: int) -> bool:
        return place in index.parts

    prisoners = data["prisoners"]
    require(isinstance(prisoners, list) and len(prisoners) == PRISONERS * n,
            f"prisoners must list {PRISONERS * n} places (SX-02)")
    locs = []
    for text in prisoners:
        place = parse_place(text)
        require(place is not None and (place < 0 or part_exists(place)),
                f"prisoner place {str(text)[:20]!r} is not a place on this board")
        assert place is not None
        locs.append(place)
    counts: dict[int, int] = {}
    for c in locs:
        counts[c] = counts.get(c, 0) + 1
    for c, k in counts.items():
        if c >= 0 or is_zone(c):
            room = 1 if c < 0 else TILE_KINDS[board_t[c // 4].tile].capacity   # type: ignore
            require(k <= room, f"{place_text(c)} holds {k} prisoners, more than it has room "
                    "for (SX-17, SX-18)")
    steps = data["steps"]
    require(isinstance(steps, list) and len(steps) == PRISONERS * n,
            "steps must list each prisoner")
    used = tuple(whole(s, 0, STEPS_PER_PRISONER, "a prisoner's steps") for s in steps)
    used_total = whole(data["steps_total"], 0, STEPS_PER_TURN, "steps_total")
    require(sum(used) == used_total, "steps_total must be the sum of the prisoners' steps")
    stamp = whole(data["door_stamp"], 0, MAX_NUMBER, "door_stamp")
    doors_in = data["doors"]
    require(isinstance(doors_in, list) and len(doors_in) == n, f"doors must list {n} players")
    doors = []
    for row_in in doors_in:
        require(isinstance(row_in, list) and len(row_in) == DOORS,
                f"each player has {DOORS} doors (SX-02)")
        row: list[PlacedDoor | None] = []
        for d in row_in:
            if d is None:
                row.append(None)
                continue
            require(isinstance(d, list) and len(d) == 2, "a door is [part, stamp] or null")
            place = parse_place(d[0])
            require(place is not None and part_exists(place),
                    f"door place {str(d[0])[:20]!r} is not a tunnel part (SX-I5)")
            assert place is not None
            row.append(PlacedDoor(place, whole(d[1], 0, stamp - 1, "a door stamp")))
        doors.append(tuple(row))
    keys = data["keys"]
    require(isinstance(keys, list) and len(keys) == n and all(isinstance(k, bool) for k in keys),
            "keys must list one true/false per player")
    require(game.options["keys"] or not any(keys), "keys are off in this game (SX-I6)")
    phase = data["phase"]
    require(isinstance(phase, str) and phase in SAVED_PHASES,
            f"phase must be one of {', '.join(SAVED_PHASES)}")
    player = whole(data["player"], 0, n - 1, "player")
    turn = whole(data["turn"], 0, MAX_NUMBER, "turn")
    rnd = whole(data["round"], 1, MAX_NUMBER, "round")
    events_in = data["events"]
    require(isinstance(events_in, list) and len(events_in) <= MAX_EVENTS,
            f"events must be a list of at most {MAX_EVENTS}")
    events = []
    for e in events_in:
        require(isinstance(e, list) and len(e) == 2
                and all(isinstance(x, str) and len(x) <= MAX_TEXT for x in e),
                "an event is [rule, text]")
        events.append((e[0], e[1]))
    result = None
    if data["result"] is not None:
        r = data["result"]
        require(isinstance(r, Mapping) and set(r) == {"termination", "winners", "scores", "rule"},
                "result must have termination, winners, scores and rule")
        require(isinstance(r["winners"], list) and len(r["winners"]) <= n
                and all(is_whole(w) and 0 <= w < n for w in r["winners"]), "bad winners")
        require(isinstance(r["scores"], list) and len(r["scores"]) == n
                and all(is_whole(s) or isinstance(s, float) for s in r["scores"]), "bad scores")
        require(isinstance(r["termination"], str) and isinstance(r["rule"], str),
                "termination and rule are texts")
        result = Outcome(r["termination"][:MAX_TEXT], tuple(r["winners"]),
                         tuple(float(s) for s in r["scores"]), r["rule"][:MAX_TEXT])
    require((phase == OVER) == (result is not None), "a finished game needs a result, and only it")
    return dict(board=board_t, hands=tuple(hands), stack=stack, locs=tuple(locs), used=used,
                doors=tuple(doors), stamp=stamp, keys=tuple(keys), player=player, phase=phase,
                turn=turn, round=rnd, events=tuple(Event(*e) for e in events), result=result,
                index=index)


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


__all__ = ["to_dict", "read", "check_reachable", "result_shown"]
