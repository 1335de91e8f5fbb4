"""Saving and loading positions: the JSON form, every field checked on loading, and the
refusal of positions no game can reach or that are stuck.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from boardlib.core.api import Outcome, require

from .complex import CENTER, inverse
from .modes import ACTIONS, GUARD, MODE_RULES, PRISONER
from .position import CLUE, EXEC, OVER, PENDING, PROGRAM, Flood, Pending, Trap
from .turn import waits_for_a_decision
from .victory import ending_fits


def fields_from_save(game: Any, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a saved position (``to_save``), each checked (``InvalidInputError``,
    naming the rule where one applies)."""
    require(isinstance(data, Mapping), "a saved state is a JSON object")
    n, players = game.num_chars, game.players

    def ints(key: str, length: int, lo: int, hi: int) -> tuple[int, ...]:
        v = data.get(key)
        require(isinstance(v, list) and len(v) == length
                and all(type(x) is int and lo <= x <= hi for x in v),
                f"{key} must be a list of {length} whole numbers from {lo} to {hi}")
        return tuple(v)

    def one(key: str, lo: int, hi: int) -> int:
        v = data.get(key)
        require(type(v) is int and lo <= v <= hi, f"{key} must be a whole number "
                f"from {lo} to {hi}")
        return v

    grid = ints("grid", 25, 0, 24)
    require(sorted(grid) == list(range(25)), "grid must hold each of the 25 rooms once "
            "(R25-04)")
    require(grid[CENTER] == game.central_tile, "the Central Room must be in the middle "
            "(R25-18)")
    up = one("face_up", 0, (1 << 25) - 1)
    require(up >> game.central_tile & 1, "the Central Room is always face up (R25-04)")
    locked = one("locked", 0, (1 << 25) - 1)
    require(locked & ~up == 0, "only face-up rooms can be locked (R25-33)")
    require(all(game.kinds[t] == "flooded" for t in range(25) if locked >> t & 1),
            "only Flooded rooms lock (R25-33)")
    loc = ints("loc", n, -1, 24)
    require(all(t < 0 or up >> t & 1 for t in loc), "characters stand only in face-up "
            "rooms (R25-15)")
    deaths = data.get("deaths")
    require(isinstance(deaths, list) and all(type(c) is int and 0 <= c < n for c in deaths)
            and len(set(deaths)) == len(deaths)
            and set(deaths) == {c for c in range(n) if loc[c] < 0},
            "deaths must list each dead character (loc -1) once")
    roles = data.get("roles")
    require(isinstance(roles, list) and len(roles) == n
            and all(r in (PRISONER, GUARD) for r in roles), "roles must be prisoner/guard")
    if game.mode == "suspicion":
        guards = roles.count(GUARD)
        require(guards <= (1 if players == 4 else 2) and roles.count(PRISONER) <= 4,
                "too many guards or prisoners for this table (R25-38)")
    else:
        require(GUARD not in roles, f"{game.mode} has no guards ({MODE_RULES[game.mode]})")
    turn = one("turn", 1, game.turns)
    last_turn = one("last_turn", 1, game.turns)
    require(turn <= last_turn, "turn is past the end of the countdown (R25-10)")
    shown = ints("shown", n, 0, turn)
    seen = ints("seen", players, 0, (1 << 25) - 1)
    order = ints("order", n, 0, n - 1)
    require(sorted(order) == list(range(n)), "order must list every character once")
    alarm = data.get("alarm")
    require(isinstance(alarm, bool), "alarm must be true or false")
    require(alarm or last_turn == game.turns, "the countdown only shortens on the alarm "
            "(R25-12)")
    phase = data.get("phase")
    require(phase in (CLUE, PROGRAM, EXEC, PENDING, OVER), f"unknown phase {phase!r}")
    cursor = one("cursor", 0, max(n, players))
    pass_no = one("pass", 1, 2)
    prog = data.get("prog")
    require(isinstance(prog, list) and len(prog) == n and all(
        isinstance(x, str) and len(x) <= 2 and all(a in ACTIONS for a in x)
        and len(set(x)) == len(x) for x in prog), "prog must be up to two different "
        "actions per character (R25-07)")
    did = data.get("did")
    require(isinstance(did, list) and len(did) == n and all(
        isinstance(x, str) and len(x) <= 2 and all(a in ACTIONS + "-" for a in x)
        for x in did), "did must be up to two performed slots per character (R25-08)")
    cold = one("cold", 0, (1 << n) - 1)
    trap = data.get("trap")
    flood = data.get("flood")
    for name, v in (("trap", trap), ("flood", flood)):
        require(isinstance(v, list) and len(v) == n and all(
            isinstance(x, list) and len(x) == 2 and all(type(y) is int for y in x)
            and -1 <= x[0] <= 24 for x in v), f"{name} must be [tile, number] per character")
    shifts = ints("shifts", 10, -1, 1)
    require(shifts[2] == 0 and shifts[7] == 0, "central lines never slide (R25-18)")
    marker = ints("marker", n, -1, 24)
    pending = data.get("pending")
    require(pending is None or (isinstance(pending, list) and len(pending) == 2
                                and pending[0] in ("vision", "mobile", "illusion", "control")
                                and type(pending[1]) is int and 0 <= pending[1] < n
                                and loc[pending[1]] >= 0),
            "pending is null or [room effect, character]")
    require((pending is not None) == (phase == PENDING), "pending is set exactly in the "
            "pending phase")
    step = one("step", 0, 10 ** 9)
    result = data.get("result")
    require((result is None) == (phase != OVER), "result is set exactly when the game is over")
    if result is not None:
        require(isinstance(result, list) and len(result) == 4 and isinstance(result[0], str)
                and isinstance(result[1], list) and isinstance(result[2], list)
                and len(result[2]) == players and isinstance(result[3], str)
                and all(type(w) is int and 0 <= w < players for w in result[1])
                and all(isinstance(x, (int, float)) for x in result[2]),
                "result is [termination, winners, scores, rule]")
    if phase == CLUE:
        require(cursor < len(game.clue_players), "clue cursor out of range")
    elif phase in (PROGRAM, EXEC, PENDING):
        require(cursor < n, "cursor out of range")
    return {
        "grid": grid, "where": inverse(grid), "up": up, "locked": locked, "loc": loc,
        "deaths": tuple(deaths), "roles": tuple(roles), "shown": shown, "seen": seen,
        "order": order, "turn": turn, "last_turn": last_turn, "alarm": alarm, "phase": phase,
        "cursor": cursor, "pass_no": pass_no, "prog": tuple(prog), "did": tuple(did),
        "cold": cold, "trap": tuple(Trap(*x) for x in trap),
        "flood": tuple(Flood(*x) for x in flood), "shifts": shifts, "marker": marker,
        "pending": None if pending is None else Pending(*pending), "step": step,
        "result": None if result is None else Outcome(
            result[0], tuple(result[1]), tuple(float(x) for x in result[2]), result[3]),
        "happened": (), "shown_to": 0,
    }


def check_reachable(state: Any, ready: bool = True) -> None:
    """Refuse a loaded position that is stuck (waits for nobody's decision) or whose ending
    the position does not show (``victory.ending_fits``)."""
    if ready and state.phase != OVER:
        require(waits_for_a_decision(state), "the saved state does not wait for a decision")
    if state.result is not None:
        require(ending_fits(state), f"the saved result {state.result.termination!r} "
                f"({state.result.rule}) does not fit this mode and position")


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


__all__ = ["fields_from_save", "check_reachable", "to_save"]
