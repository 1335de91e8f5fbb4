"""Saving and loading positions: the JSON form (``to_save``), its schema (``state_schema``),
and the checks that refuse, naming the rule, a saved position no game can reach or that is
stuck (``check_fields``, ``check_reachable``).

Loading goes schema first (kinds, ranges and lengths of every field: nothing takes long to
refuse), then what every position holds (``check_fields``: the complex, the characters, the
roles), then what a position reached by playing holds (``check_reachable``: the turn order,
the bookkeeping of each phase, a decision to wait for, an ending the position shows).
Prepared lesson positions (``scenarios``) pass the first two only.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from boardlib.core.api import Outcome, require
from boardlib.core.schema import (Boolean, Choice, ListOf, Optional, Record, Text, TupleOf,
                                  Whole)

from .complex import CENTER, inverse
from .modes import GUARD, MODE_RULES, PRISONER
from .position import CLUE, EXEC, OVER, PENDING, PROGRAM, Flood, Pending, Trap, acts_on_the_spot
from .turn import WAITING_PHASES, waits_for_a_decision
from .victory import ENDINGS, ending_fits

ROOM_CHOICES = {"vision": "vision", "mobile": "mobile", "illusion": "illusion",
                "control": "control"}       # a pending choice -> the room kind that asks it


def state_schema(game: Any) -> Record:
    """What a saved Room 25 position looks like, field by field, with every bound."""
    return schema_for_table(game.num_chars, game.players, game.turns)


@lru_cache(maxsize=None)
def schema_for_table(n: int, players: int, turns: int) -> Record:
    """``state_schema`` of a table of ``n`` characters and ``players`` players, ``turns``
    turns long: made once per table (every load checks against it)."""
    every_tile = (1 << 25) - 1
    tile = Whole(0, 24)
    endings = sorted({t for mode in ENDINGS.values() for t in mode})
    rules = sorted({r for mode in ENDINGS.values() for r in mode.values()})
    return Record({
        "grid": ListOf(tile, 25, 25), "face_up": Whole(0, every_tile),
        "locked": Whole(0, every_tile), "loc": ListOf(Whole(-1, 24), n, n),
        "deaths": ListOf(Whole(0, n - 1), n), "roles": ListOf(Choice(PRISONER, GUARD), n, n),
        "shown": ListOf(Whole(0, turns), n, n), "seen": ListOf(Whole(0, every_tile), players,
                                                                players),
        "order": ListOf(Whole(0, n - 1), n, n), "turn": Whole(1, turns),
        "last_turn": Whole(1, turns), "alarm": Boolean(), "phase": Choice(*WAITING_PHASES),
        "cursor": Whole(0, max(n, players)), "pass": Whole(1, 2),
        "prog": ListOf(Text(2, "[MLPC]{0,2}"), n, n), "did": ListOf(Text(2, "[MLPC-]{0,2}"), n, n),
        "cold": Whole(0, (1 << n) - 1),
        "trap": ListOf(TupleOf(Whole(-1, 24), Whole(0, 2 * n * turns)), n, n),
        "flood": ListOf(TupleOf(Whole(-1, 24), Whole(0, turns + 1)), n, n),
        "shifts": ListOf(Whole(-1, 1), 10, 10), "marker": ListOf(Whole(-1, 24), n, n),
        "pending": Optional(TupleOf(Choice(*ROOM_CHOICES), Whole(0, n - 1))),
        "step": Whole(0, 2 * n * turns),
        "result": Optional(TupleOf(Choice(*endings), ListOf(Whole(0, players - 1), players),
                                   ListOf(Choice(0.0, 0.5, 1.0), players, players),
                                   Choice(*rules))),
    })


def fields_from_save(game: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a saved position, checked by ``state_schema`` and ``check_fields``."""
    state_schema(game).check(data)
    check_fields(game, data)
    result = data["result"]
    return {
        "grid": tuple(data["grid"]), "where": inverse(data["grid"]), "up": data["face_up"],
        "locked": data["locked"], "loc": tuple(data["loc"]), "deaths": tuple(data["deaths"]),
        "roles": tuple(data["roles"]), "shown": tuple(data["shown"]),
        "seen": tuple(data["seen"]), "order": tuple(data["order"]), "turn": data["turn"],
        "last_turn": data["last_turn"], "alarm": data["alarm"], "phase": data["phase"],
        "cursor": data["cursor"], "pass_no": data["pass"], "prog": tuple(data["prog"]),
        "did": tuple(data["did"]), "cold": data["cold"],
        "trap": tuple(Trap(*x) for x in data["trap"]),
        "flood": tuple(Flood(*x) for x in data["flood"]), "shifts": tuple(data["shifts"]),
        "marker": tuple(data["marker"]),
        "pending": None if data["pending"] is None else Pending(*data["pending"]),
        "step": data["step"],
        "result": None if result is None else Outcome(result[0], tuple(result[1]),
                                                      tuple(result[2]), result[3]),
        "happened": (), "shown_to": 0, "died_in": (),
    }


def check_fields(game: Any, data: Mapping[str, Any]) -> None:
    """What every position holds, whether played or prepared for a lesson."""
    n, kinds = game.num_chars, game.kinds
    grid, up, locked, loc = data["grid"], data["face_up"], data["locked"], data["loc"]
    require(sorted(grid) == list(range(25)), "grid must hold each of the 25 rooms once (R25-04)")
    require(grid[CENTER] == game.central_tile, "the Central Room must be in the middle (R25-18)")
    require(up >> game.central_tile & 1, "the Central Room is always face up (R25-04)")
    require(locked & ~up == 0 and all(kinds[t] == "flooded" for t in range(25)
                                      if locked >> t & 1),
            "only face-up Flooded rooms lock (R25-33)")
    require(all(t < 0 or up >> t & 1 for t in loc), "characters stand only in face-up rooms "
            "(R25-15)")
    deaths = data["deaths"]
    require(len(set(deaths)) == len(deaths) and set(deaths) == {c for c in range(n)
                                                                 if loc[c] < 0},
            "deaths must list each dead character (loc -1) once")
    roles = data["roles"]
    if game.mode == "suspicion":
        require(roles.count(GUARD) <= (1 if n == 4 else 2) and roles.count(PRISONER) <= 4,
                "too many guards or prisoners for this table (R25-38)")
    else:
        require(GUARD not in roles and not any(data["shown"]),
                f"{game.mode} has no guards and no secret roles ({MODE_RULES[game.mode]})")
    turn, last_turn = data["turn"], data["last_turn"]
    require(turn <= last_turn, "turn is past the end of the countdown (R25-10)")
    require(all(s <= turn for s in data["shown"]), "a role cannot have been shown in a later "
            "turn (R25-39)")
    require(sorted(data["order"]) == list(range(n)), "order must list every character once")
    require(data["alarm"] == (last_turn != game.turns), "the countdown shortens only with the "
            "alarm (R25-12)")
    require(not data["alarm"] or (up >> game.room25_tile & 1 and 5 <= last_turn <= 9),
            "the alarm sounds only when someone enters Room 25 in the first five turns, "
            "leaving five turns (R25-12)")
    require(data["shifts"][2] == 0 and data["shifts"][7] == 0, "the central lines never slide "
            "(R25-18)")
    for c, (tile, since) in enumerate(data["trap"]):
        require((tile, since) == tuple(Trap(-1, 0)) or (tile >= 0 and kinds[tile] == "trapped"
                                                        and since <= data["step"]),
                f"character {c}'s trap must be a Trapped room entered by an earlier action "
                "(R25-25)")
    for c, (tile, deadline) in enumerate(data["flood"]):
        require((tile, deadline) == tuple(Flood(-1, 0)) or (
            tile >= 0 and locked >> tile & 1 and deadline in (turn, turn + 1)),
                f"character {c}'s flood must be a locked Flooded room with a deadline this "
                "turn or the next (R25-33)")
    require(game.options["reminder_markers"] or all(m < 0 for m in data["marker"]),
            "reminder markers are switched off in this game (R25-I6)")
    phase, pending = data["phase"], data["pending"]
    require((pending is not None) == (phase == PENDING), "pending is set exactly in the "
            "pending phase")
    if pending is not None:
        room, c = pending
        require(loc[c] >= 0 and kinds[loc[c]] == ROOM_CHOICES[room],
                f"a pending {room} choice belongs to a living character in that room "
                "(R25-24, R25-26, R25-27, R25-32)")
        require(room == "control" or up != (1 << 25) - 1, "a room's choice of a face-down "
                "room needs one (R25-24, R25-26, R25-32)")
    require((data["result"] is None) == (phase != OVER), "result is set exactly when the game "
            "is over")
    if phase == CLUE:
        require(data["cursor"] < len(game.clue_players), "clue cursor out of range (R25-05)")
    elif phase in (PROGRAM, EXEC, PENDING):
        require(data["cursor"] < n, "cursor out of range")


def check_reachable(state: Any, ready: bool = True) -> None:
    """Refuse a loaded position no game can reach or that is stuck: the turn order must be the
    first one turned ``turn - 1`` times (R25-10); each phase's bookkeeping must match the
    cursor (``phase_bookkeeping``); it must wait for a decision; and its ending must be one the
    position shows (``victory.ending_fits``)."""
    game = state.game
    n = game.num_chars
    first = game.initial_order
    turned = (state.turn - 1) % n
    require(state.order == first[turned:] + first[:turned], "the turn order must be the first "
            "one with the leader moved to the end once per turn (R25-10)")
    phase_bookkeeping(state)
    if ready and state.phase != OVER:
        require(waits_for_a_decision(state), "the saved state does not wait for a decision")
    if state.result is not None:
        require(ending_fits(state), f"the saved result {state.result.termination!r} "
                f"({state.result.rule}) does not fit this mode and position")


def phase_bookkeeping(state: Any) -> None:
    """What the phase says about programs and slots. Before programming: nothing programmed
    or done, nobody moved (R25-05). Programming: those before the cursor have programmed,
    nobody after it, nothing done, no line slid (R25-07, R25-10). Execution: every living
    character who does not act on the spot has a program (R25-35: one action from a Cold
    room) and has done one slot per pass behind them, as programmed (R25-08, R25-09); those
    acting on the spot used different actions (R25-I5, R25-39)."""
    game = state.game
    phase, cursor, order = state.phase, state.cursor, state.order
    n = game.num_chars
    if phase == CLUE:
        require(state.turn == 1 and state.up == 1 << game.central_tile and not state.deaths
                and all(t == game.central_tile for t in state.loc) and state.step == 0
                and not any(state.prog) and not any(state.did) and not any(state.shifts)
                and all(m < 0 for m in state.marker),
                "before the first programming nothing has happened yet (R25-05)")
        return
    if phase == OVER:
        return
    position_in_turn = {c: i for i, c in enumerate(order)}
    for c in range(n):
        prog, did, alive = state.prog[c], state.did[c], state.loc[c] >= 0
        direct = acts_on_the_spot(state, c)
        behind = position_in_turn[c] < cursor
        if phase == PROGRAM:
            programmed = alive and not direct and behind
            require(bool(prog) == programmed or (not alive and not prog),
                    f"character {c} must have programmed exactly if before the cursor (R25-07)")
            require(did == "" and not any(state.shifts),
                    "during programming nothing has been done this turn (R25-07)")
            continue
        require(not direct or prog == "", f"character {c} acts on the spot and programs nothing "
                "(R25-39, R25-I5)")
        require(not alive or direct or prog, f"character {c} has no program (R25-07)")
        require(len(prog) <= 1 or not state.cold >> c & 1, f"character {c} programmed two "
                "actions in a Cold room (R25-35)")
        slots = state.pass_no - 1 + (1 if behind or (phase == PENDING and
                                                     position_in_turn[c] == cursor) else 0)
        require(len(did) == slots if alive else len(did) <= slots,
                f"character {c} must have one slot done per pass behind them (R25-08)")
        if direct:
            letters = did.replace("-", "")
            require(len(set(letters)) == len(letters), f"character {c} used an action twice "
                    "(R25-I5, R25-39)")
        elif len(prog) == 2:
            require(did == prog[:len(did)], f"character {c}'s slots must follow the program "
                    "(R25-08)")
        elif prog:
            require(did in ("", prog, "-", prog + "-", "-" + prog), f"character {c}'s single "
                    "action is done once, now or in the second round (R25-07)")


def to_save(state: Any) -> dict[str, Any]:
    """The position as JSON-ready data (``fields_from_save`` reads it back)."""
    s = state
    return {
        "grid": list(s.grid), "face_up": s.up, "locked": s.locked,
        "loc": list(s.loc), "deaths": list(s.deaths), "roles": list(s.roles),
        "shown": list(s.shown), "seen": list(s.seen), "order": list(s.order),
        "turn": s.turn, "last_turn": s.last_turn, "alarm": s.alarm,
        "phase": s.phase, "cursor": s.cursor, "pass": s.pass_no,
        "prog": list(s.prog), "did": list(s.did), "cold": s.cold,
        "trap": [list(x) for x in s.trap], "flood": [list(x) for x in s.flood],
        "shifts": list(s.shifts), "marker": list(s.marker),
        "pending": None if s.pending is None else list(s.pending),
        "step": s.step,
        "result": None if s.result is None else [
            s.result.termination, list(s.result.winners), list(s.result.scores),
            s.result.rule],
    }


__all__ = ["state_schema", "fields_from_save", "check_fields", "check_reachable",
           "phase_bookkeeping", "to_save"]
