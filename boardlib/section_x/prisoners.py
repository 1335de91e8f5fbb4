"""Prisoners and their steps (SX-16, SX-17, SX-18, SX-I4) and the key variant (SX-I6).

A step moves one prisoner from its place to a place joined to it through two facing
openings (SX-I4): from the island into a part open to it, from part to part across a
shared edge, from a part through a gate into its free zone. Each step is one ``Step``
move; ``EndTurn`` ends the prisoners' phase.
"""
from __future__ import annotations

from typing import Iterator

from boardlib.core.api import Illegal

from .board import BURIED, FREED, ISLAND, is_zone, parse_place, place_text
from .doors import foreign_owner
from .moves import Move, MoveList, Step
from .state import Draft, SectionXPosition, replaced
from .tiles import PRISONERS

STEPS_PER_TURN = 5        # SX-16
STEPS_PER_PRISONER = 2    # SX-16


# --- SX-I6: the key (this project's invention; off by default) -----------------------------


def key_opens(state: SectionXPosition, player: int) -> bool:
    """SX-I6: with the ``keys`` variant on, a player's key lets one prisoner step through
    another player's door once per round. ``keys[p]`` says whether it is still unused; with
    the variant off no player has one, and nobody passes another player's door (SX-13)."""
    return state.keys[player]


# --- where a prisoner may step ---------------------------------------------------------------


def entry_problem(state: SectionXPosition, player: int, dst: int) -> Illegal | None:
    """Why a prisoner of ``player`` may not step onto the place ``dst``, or ``None``:
    SX-17 a full part (one prisoner per part, two on a hiding place), SX-18 a claimed free
    zone, SX-13 a part with another player's door (unless the key opens it, SX-I6)."""
    if dst == ISLAND:
        return None
    if dst in state.prisoners.full:
        if is_zone(dst):                                            # SX-18
            return Illegal("SX-18", f"Free {place_text(dst)} is already claimed by player "
                           f"{state.prisoners.at[dst][0] // PRISONERS}; no other prisoner may "
                           "enter it.")
        return Illegal("SX-17", f"Place {place_text(dst)} is full: a tunnel part holds one "
                       "prisoner and a hiding place two.")
    owner = foreign_owner(state, player, door_part=dst)             # SX-13
    if owner is not None and not key_opens(state, player):
        if state.game.options["keys"]:
            return Illegal("SX-I6", f"Player {owner}'s door stands on {place_text(dst)} and "
                           "your key is already used this round.")
        return Illegal("SX-13", f"Player {owner}'s door stands on {place_text(dst)}: only they "
                       "may move prisoners through it.")
    return None


def may_step_again(state: SectionXPosition, prisoner: int) -> bool:
    """SX-16: at most five steps a turn in all, at most two for each prisoner."""
    return state.used_total < STEPS_PER_TURN and state.used[prisoner] < STEPS_PER_PRISONER


def step_problem(state: SectionXPosition, move: Step) -> Illegal | None:
    """Why the step ``move`` is refused (SX-I4, SX-16, SX-17, SX-18, SX-13, SX-I6), or
    ``None``."""
    p = state.player
    src, dst = parse_place(move.src), parse_place(move.dst)
    for text, place in ((move.src, src), (move.dst, dst)):
        if (place is None or place in (FREED, BURIED)
                or (place >= 0 and not state.part_exists(place))):
            return Illegal("SX-I4", f"There is no place {text!r} on the board: write island, "
                           "zone 0-5, or q,r/i for part i of a tile.")
    assert src is not None and dst is not None
    if is_zone(src):
        return Illegal("SX-18", "A prisoner in a free zone has escaped; it does not move "
                       "again this round.")
    mine = [k for k in range(PRISONERS * p, PRISONERS * (p + 1)) if state.locs[k] == src]
    if not mine:
        return Illegal("SX-I4", f"You have no prisoner on {move.src}.")
    if state.used_total >= STEPS_PER_TURN:
        return Illegal("SX-16", "You have used all five steps of this turn.")
    if not any(may_step_again(state, k) for k in mine):
        return Illegal("SX-16", f"Your prisoner on {move.src} has already taken two steps "
                       "this turn.")
    if dst not in state.index.joined(src):
        return Illegal("SX-I4", f"Places {move.src} and {move.dst} are not joined by two "
                       "facing openings.")
    return entry_problem(state, p, dst)


def mover(state: SectionXPosition, src: int) -> int:
    """The prisoner of the player to move that steps from ``src``: of those there that may
    step again, the one that has stepped least this turn (then the lowest number)."""
    p = state.player
    ready = [k for k in range(PRISONERS * p, PRISONERS * (p + 1))
             if state.locs[k] == src and may_step_again(state, k)]
    return min(ready, key=lambda k: (state.used[k], k))


class Steps(MoveList):
    """Every step the player to move may take: the moves :func:`step_problem` allows, from
    each place of theirs in order (the island, then parts) to each place joined to it."""

    def __init__(self, state: SectionXPosition) -> None:
        p = state.player
        self.joined = state.index.joined
        mine = range(PRISONERS * p, PRISONERS * (p + 1))
        self.sources = sorted({state.locs[k] for k in mine if state.locs[k] >= 0
                               or state.locs[k] == ISLAND}) if state.used_total == 0 else \
            sorted({state.locs[k] for k in mine if (state.locs[k] >= 0 or state.locs[k] == ISLAND)
                    and may_step_again(state, k)})       # before any step all may (SX-16)
        # the places entry_problem refuses: full parts and claimed zones (SX-17, SX-18), and
        # other players' door parts unless the key opens them (SX-13, SX-I6)
        closed = state.prisoners.full
        if not key_opens(state, p):
            doors = [part for part, owner in state.door_index.door_at.items() if owner != p]
            if doors:
                closed = closed.union(doors)
        self.closed = closed
        self.size = sum([1 for src in self.sources for dst in self.joined(src)
                         if dst not in closed])

    def __iter__(self) -> Iterator[Move]:
        for src in self.sources:
            for dst in self.joined(src):
                if dst not in self.closed:
                    yield Step(place_text(src), place_text(dst))

    def nth(self, i: int) -> Move:
        for src in self.sources:       # walked up to the pick: later sources are not looked at
            for dst in self.joined(src):
                if dst not in self.closed:
                    if not i:
                        return Step(place_text(src), place_text(dst))
                    i -= 1
        raise AssertionError("unreachable")


def step(draft: Draft, move: Step) -> int:
    """SX-16, SX-I4: one prisoner steps (using the key through another player's door,
    SX-I6); returns the place it reached."""
    state = draft.origin
    p = draft.player
    src, dst = parse_place(move.src), parse_place(move.dst)
    assert src is not None and dst is not None
    k = mover(state, src)
    draft.locs = replaced(draft.locs, k, dst)
    draft.used = replaced(draft.used, k, draft.used[k] + 1)
    owner = foreign_owner(state, p, door_part=dst) if dst >= 0 else None
    if owner is not None:                                             # SX-I6
        draft.keys = replaced(draft.keys, p, False)
        draft.event("SX-I6", f"player {p} uses their key to pass player {owner}'s door on "
                    f"{place_text(dst)}")
    if is_zone(dst):                                                  # SX-18
        draft.event("SX-18", f"player {p} reaches {place_text(dst)} and claims it")
    return dst


__all__ = ["STEPS_PER_TURN", "STEPS_PER_PRISONER", "key_opens", "entry_problem",
           "may_step_again", "step_problem", "mover", "Steps", "step"]
