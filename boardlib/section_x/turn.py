"""The flow of a turn (SX-05, SX-06, SX-12, SX-I8): draw, tile action, prisoners or a door.

The phases are declared in :mod:`.phases`. A turn begins with phase 1, which the engine does
itself (:func:`draw_tile`), and phase 2 when a tile action is possible (SX-I8). After the
tile action comes phase 3: steps until ``EndTurn``, or one door, which ends the turn too.
"""
from __future__ import annotations

from typing import Any

from boardlib.core.api import Event

from .doors import settle_joined_tunnels
from .phases import ACT_PHASE, OVER, TILE_PHASE, next_player
from .rounds import end_round, five_freed, game_ends_otherwise, round_end
from .state import Draft, SectionXPosition, replaced
from .tiles import PRISONERS

HAND_LIMIT = 3            # SX-06


def draw_tile(draft: Draft) -> None:
    """SX-06: phase 1, the player takes the top tile of the stack — unless they hold three."""
    p = draft.player
    if len(draft.hands[p]) < HAND_LIMIT and draft.stack:
        hand = tuple(sorted(draft.hands[p] + draft.stack[-1:]))
        draft.stack = draft.stack[:-1]
        draft.hands = replaced(draft.hands, p, hand)
        draft.events.append(draw_event(p))


def draw_event(player: int) -> Event:
    """What a draw (SX-06) shows: the tile is seen by ``player`` only (see ``revealed_to``)."""
    return DRAW_EVENTS[player]


DRAW_EVENTS = tuple(Event("SX-06", f"player {p} draws a tile") for p in range(4))


def start_turn(draft: Draft) -> Any:
    """A turn begins: phase 1 (SX-06), then phase 2, or phase 3 at once when no tile action
    is possible (SX-I8: phase 2 is compulsory when possible, else skipped)."""
    draft.used = (0,) * (PRISONERS * draft.num_players)
    draft.phase = TILE_PHASE
    draw_tile(draft)
    state = draft.build()
    if state.has_tile_action():
        return state
    skipped = Event("SX-I8", f"player {state.player} has no possible tile action: phase 2 is "
                    "skipped")
    return state.evolve(phase=ACT_PHASE, _events=state.events + (skipped,))


def next_turn(draft: Draft) -> Any:
    """The next player's turn (SX-05: clockwise), unless the game ends now (SX-I10)."""
    if draft.phase == OVER:
        return draft.build()
    draft.turn += 1
    if game_ends_otherwise(draft):
        return draft.build()
    draft.player = next_player(draft.player, draft.num_players)
    return start_turn(draft)


def end_turn(draft: Draft) -> Any:
    """The turn ends (``EndTurn``, or a door was placed): the round ends if the tiles have
    run out (SX-I7); then the next player's turn."""
    why = round_end(draft, turn_over=True)
    if why is not None:
        end_round(draft, why)
    return next_turn(draft)


def zone_claimed(draft: Draft) -> Any:
    """A prisoner has reached a free zone (SX-18): maybe the game ends (SX-23), or the
    round (SX-19, SX-I7) and with it the turn; else the player moves on."""
    if five_freed(draft, draft.player):
        return draft.build()
    why = round_end(draft, turn_over=False)
    if why is None:
        return draft.build()
    end_round(draft, why)
    return next_turn(draft)


def tile_action_done(draft: Draft, before: SectionXPosition) -> Any:
    """After the tile action: joined tunnels settle their doors (SX-15); phase 3 begins."""
    settle_joined_tunnels(draft, before)
    draft.phase = ACT_PHASE
    return draft.build()


def door_choice_open(state: SectionXPosition) -> bool:
    """SX-12: phase 3 is prisoners *or* a door: a door only while no prisoner has stepped
    this turn."""
    return state.used_total == 0


__all__ = ["HAND_LIMIT", "draw_tile", "draw_event", "start_turn", "next_turn", "end_turn",
           "zone_claimed", "tile_action_done", "door_choice_open"]
