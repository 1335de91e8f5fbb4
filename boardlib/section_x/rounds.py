"""Rounds and the end of the game (SX-19 … SX-23, SX-I7, SX-I10).

A round ends when a player has freed enough prisoners in it (SX-19), when all six free
zones are claimed, or at the end of the turn in which the last tile was drawn (SX-I7).
Then the tunnels collapse (SX-20), the tiles are shuffled into a new supply (SX-21) and
the prisoners in the free zones go on to the free land (SX-22). Five freed prisoners win
(SX-23); SX-I10 ends games that nobody can win any more, or that run too long.
"""
from __future__ import annotations

from typing import NamedTuple

from boardlib.core.api import Outcome

from .board import BURIED, EMPTY_BOARD, FREED, ZONES, field_of, is_zone
from .phases import OVER
from .state import Draft
from .tiles import DOORS, PRISONERS

TARGET_FREED = 5          # SX-23


def default_round_target(players: int) -> int:
    """SX-I7: "two (or three)": two prisoners with two players, three with three or four."""
    return 2 if players == 2 else 3


def scores(draft: Draft) -> tuple[float, ...]:
    """Each player's freed prisoners, those in a free zone now included (SX-23)."""
    return tuple(float(sum(1 for c in draft.locs[PRISONERS * p:PRISONERS * (p + 1)]
                           if c == FREED or c in ZONES)) for p in range(draft.num_players))


def finish(draft: Draft, termination: str, winners: tuple[int, ...], rule: str) -> None:
    draft.phase = OVER
    draft.result = Outcome(termination, winners, scores(draft), rule)


def five_freed(draft: Draft, player: int) -> bool:
    """SX-23: the game ends as soon as a player has freed five prisoners; they win."""
    if scores(draft)[player] < TARGET_FREED:
        return False
    draft.event("SX-23", f"player {player} has freed {TARGET_FREED} prisoners and wins")
    finish(draft, "five prisoners freed", (player,), "SX-23")
    return True


class RoundEnd(NamedTuple):
    """Why a round ends: the rule and the cause in words."""

    rule: str
    cause: str


def round_end(draft: Draft, *, turn_over: bool) -> RoundEnd | None:
    """SX-19 with SX-I7: why the round ends now, if it does.

    SX-19: a player has freed ``round_target`` prisoners this round (SX-I7: by default two
    with two players, three with more). SX-I7: all six free zones are claimed, so nobody can
    free another prisoner this round (this project's addition: without it three- and
    four-player rounds stall); and, at the end of a turn (``turn_over``), the tiles have run
    out: the last tile was drawn from the stack in it.
    """
    claimed = ([k // PRISONERS for k, c in enumerate(draft.locs) if c in ZONES]  # by whom
               if not ZONES.isdisjoint(draft.locs) else [])
    for p in sorted(set(claimed)):
        if claimed.count(p) >= draft.game.round_target:
            return RoundEnd("SX-19", f"player {p} has freed {claimed.count(p)} prisoners in it")
    if len(claimed) == 6:
        return RoundEnd("SX-I7", "all six free zones are claimed")
    if turn_over and not draft.stack:
        return RoundEnd("SX-I7", "the last tile has been drawn: the tiles have run out")
    return None


def end_round(draft: Draft, why: RoundEnd) -> None:
    """The round ends (SX-19, SX-I7): the tunnels collapse (SX-20), a new supply is
    shuffled (SX-21), the free zones empty onto the free land (SX-22), doors and keys go
    back to their owners; then maybe nobody can win any more (SX-I10)."""
    draft.event(why.rule, f"round {draft.round} ends: {why.cause}")
    kept = collapse(draft)
    reshuffle(draft, kept)
    to_free_land(draft)
    if any(d is not None for row in draft.doors for d in row):
        draft.event("SX-20", "the doors go back to their owners")
    n = draft.num_players
    draft.doors = ((None,) * DOORS,) * n
    draft.keys = (bool(draft.game.options["keys"]),) * n        # a new key each round (SX-I6)
    draft.round += 1
    game_ends_otherwise(draft)


def collapse(draft: Draft) -> set[int]:
    """SX-20: every prisoner in a tunnel is buried, except those on hiding places, which stay
    on the board with their tiles. Returns the fields whose tiles stay."""
    kept = set()
    locs = list(draft.locs)
    buried = 0
    for k, place in enumerate(locs):
        if place >= 0:
            field = field_of(place)
            laid = draft.board[field]
            assert laid is not None
            if laid.kind.hiding:
                kept.add(field)
            else:
                locs[k] = BURIED
                buried += 1
    draft.locs = tuple(locs)
    draft.event("SX-20", f"the tunnels collapse: {buried} prisoner(s) buried, "
                f"{sum(1 for c in locs if c >= 0)} safe on hiding places")
    return kept


def reshuffle(draft: Draft, kept: set[int]) -> None:
    """SX-21: all other tiles — stack, hands and board — are shuffled into a new supply,
    from the game's seed and the round number (the same game gives the same shuffle)."""
    pool = list(draft.stack)
    for hand in draft.hands:
        pool.extend(hand)
    board = list(EMPTY_BOARD)
    for field, laid in enumerate(draft.board):
        if laid is not None:
            if field in kept:
                board[field] = laid
            else:
                pool.append(laid.tile)
    pool.sort()
    draft.game.shuffle_rng(draft.round).shuffle(pool)
    draft.lay(tuple(board))
    draft.hands = ((),) * draft.num_players
    draft.stack = tuple(pool)
    draft.event("SX-21", f"{len(pool)} tiles are shuffled into a new stack")


def to_free_land(draft: Draft) -> None:
    """SX-22: prisoners in the free zones go on to the free land (freed for good); the zones
    are open again."""
    freed = sum(1 for c in draft.locs if is_zone(c))
    if freed:
        draft.locs = tuple(FREED if is_zone(c) else c for c in draft.locs)
        draft.event("SX-22", f"{freed} prisoner(s) reach the free land; the zones are open "
                    "again")


def game_ends_otherwise(draft: Draft) -> bool:
    """SX-I10: besides SX-23 the game ends when no player can still free five prisoners
    (too many are buried: the most freed win, ties share), and when the ``max_turns``
    limit is reached (a draw by limit). Asked after each round and as each turn begins."""
    n = draft.num_players
    alive = [PRISONERS - draft.locs[PRISONERS * p:PRISONERS * (p + 1)].count(BURIED)
             for p in range(n)] if BURIED in draft.locs else [PRISONERS]
    if max(alive) < TARGET_FREED:
        points = scores(draft)
        draft.event("SX-I10", "no player can still free five prisoners: the most freed wins")
        finish(draft, "nobody can reach five",
               tuple(p for p in range(n) if points[p] == max(points)), "SX-I10")
        return True
    limit = draft.game.max_turns
    if limit and draft.turn >= limit:
        draft.event("SX-I10", f"the turn limit of {limit} is reached: the game stops as a draw")
        finish(draft, "turn limit", (), "SX-I10")
        return True
    return False


__all__ = ["TARGET_FREED", "default_round_target", "scores", "finish", "five_freed", "RoundEnd",
           "round_end", "end_round", "collapse", "reshuffle", "to_free_land",
           "game_ends_otherwise"]
