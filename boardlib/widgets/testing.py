"""Checks every game's board passes (its tests call these with its own panel).

``check_every_move_by_clicks(panel, states)``: from each state, and from every selection a
person can reach there by clicking, every legal move is entered by the clicks its
controller's ``clicks_for`` names, and must be exactly the move played. A board that cannot
enter some move from some selection (say, because a selected piece swallows the click a
move needs) fails with the move, the selection and the clicks.

``widget_count()``: the widgets alive in this kernel, to check that a board closes what it
replaces (200 New game presses leave the count flat).
"""
from __future__ import annotations

from typing import Any, Iterable

from boardlib.core.api import State

from .panel import GamePanel


def widget_count() -> int:
    """How many widget models this kernel holds open."""
    from ipywidgets.widgets import widget as module   # ipywidgets 8 keeps them there

    return len(getattr(module, "_instances"))


def reachable_selections(panel: GamePanel, state: State, depth: int = 2,
                         limit: int = 200) -> list[Any]:
    """Every selection reachable from ``state`` by up to ``depth`` clicks on what the board
    draws (no move played), the empty selection first."""
    found: list[Any] = [None]
    frontier: list[Any] = [None]
    for _ in range(depth):
        following: list[Any] = []
        for selection in frontier:
            panel.start_from(state, selection)
            for element_id in list(panel.view.drawn):
                panel.start_from(state, selection)
                panel.click(element_id)
                reached = panel.selection
                if len(panel.match.moves) == 0 and all(reached != s for s in found):
                    found.append(reached)
                    following.append(reached)
                    if len(found) >= limit:
                        return found
        frontier = following
    return found


def check_every_move_by_clicks(panel: GamePanel, states: Iterable[State],
                               depth: int = 2) -> int:
    """Enter every legal move of every state from every reachable selection by clicks;
    ``AssertionError`` on the first that does not play. Returns how many were entered.
    The panel's seats should all be human (bots would reply)."""
    entered = 0
    for state in states:
        if state.is_terminal():
            continue
        for selection in reachable_selections(panel, state, depth):
            for move in state.legal_moves():
                panel.start_from(state, selection)
                clicks = getattr(panel.controller, "clicks_for",
                                 panel.words.clicks_for)(state, move, selection)
                try:
                    panel.enter(move)
                except ValueError as exc:
                    raise AssertionError(
                        f"{move} could not be entered from selection {selection!r} by the "
                        f"clicks {clicks}: {exc}") from None
                entered += 1
    return entered


__all__ = ["check_every_move_by_clicks", "reachable_selections", "widget_count"]
