"""Carcassonne in a notebook: a playable board built on :class:`boardlib.widgets.GamePanel`.

Laying a tile (CB-04): the drawn tile waits beside the board; click it (or the ↻ ↺ buttons
beside it) to turn it a quarter;
the places where it fits turned that way are yellow; click a place to lay it. Then (CB-06,
TU-03) click a white spot on the new tile to put a follower there, click a dark tunnel
opening to claim it with a token (the colour swatches under the board choose the colour),
and press "End turn" to score (CB-03). The score track beside the board shows every
player's points; the event log names each completed feature with its points and rule
(``city completed: +8 Blue (CB-09)``); the "Feature graph" box overlays the graph of
:func:`boardlib.carcassonne.features.feature_graph`, one colour per feature. Anything the
rules forbid is refused in the "why not?" line with its rule ID: the controller only turns
clicks into candidate moves, the engine decides.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import boardlib
from boardlib.core.bots import Bot
from boardlib.widgets import BaseController, GamePanel, Play, Select
from boardlib.widgets.controller import ClickResult

from .draw import PLAYER_COLORS, PLAYER_NAMES, draw_svg
from .rules import (AFTER, END_TURN, TILE, CarcassonneGame, CarcassonneState, EndTurn,
                    PlaceFollower, PlaceTile, PlaceTunnelToken)

_PLAYER = re.compile(r"\bplayer (\d+)")
_ID = re.compile(r"^([a-z]+)_(.*)$")


def parse_id(element_id: str) -> tuple[str, list[str]] | None:
    """``"opening_2_-1_E"`` -> ``("opening", ["2", "-1", "E"])``; None if not one of ours."""
    m = _ID.match(element_id)
    if m is None:
        return None
    return m.group(1), m.group(2).split("_")


def _ints(fields: list[str], count: int) -> tuple[int, ...] | None:
    try:
        return tuple(int(f) for f in fields[:count]) if len(fields) >= count else None
    except ValueError:
        return None


class CarcassonneController(BaseController):
    """Clicks -> Carcassonne moves. Selection: the hand tile's rotation, or a token colour."""

    colors = PLAYER_COLORS
    names = PLAYER_NAMES

    # --- drawing --------------------------------------------------------------
    def draw(self, state: CarcassonneState, selection: Any, hint: Any = None) -> str:
        return draw_svg(state, rotation=self.rotation(state, selection),
                        colour=self.colour(state, selection), hint=hint,
                        show_graph=self.show_graph)

    def static_svg(self, state: CarcassonneState) -> str:
        return draw_svg(state, show_graph=self.show_graph)

    @staticmethod
    def rotation(state: CarcassonneState, selection: Any) -> int:
        return selection if state.phase == TILE and isinstance(selection, int) and not \
            isinstance(selection, bool) else 0

    @staticmethod
    def colour(state: CarcassonneState, selection: Any) -> str | None:
        """The token colour a click on an opening uses: the chosen one, else a sensible one."""
        if state.phase != AFTER or not state.game.options["tunnel"]:
            return None
        if state.pending is not None:
            return state.pending
        if isinstance(selection, str):
            return selection
        game = state.game
        mine = (game.colours_in_play if game.options["tu_v3"]
                else game.colours_of[state.player])
        # Prefer finishing a tunnel (a colour with one token out), then a fresh colour.
        for wanted in (1, 0):
            for c in mine:
                if state.token_count(c) == wanted:
                    return c
        return mine[0] if mine else None

    # --- clicks ---------------------------------------------------------------
    def click(self, state: CarcassonneState, element_id: str, selection: Any) -> ClickResult:
        parsed = parse_id(element_id)
        if parsed is None:
            return None
        prefix, fields = parsed
        if prefix in ("hand", "handlabel"):
            return Select((self.rotation(state, selection) + 1) % 4)
        if prefix in ("turn", "turnlabel"):  # the rotate buttons: turn_1 / turn_3 quarters
            quarters = _ints(fields, 1)
            if quarters is None or state.phase != TILE:
                return None
            return Select((self.rotation(state, selection) + quarters[0]) % 4)
        if prefix in ("place", "fit", "hint"):
            at = _ints(fields, 2)
            if at is None or state.phase != TILE:
                return None if at is None else Play(PlaceTile(at, 0))
            return Play(PlaceTile(at, self.rotation(state, selection)))
        if prefix in ("spot", "follower"):
            at = _ints(fields, 3)
            if at is None:
                return None
            x, y, i = at
            if state.phase == AFTER and state.placed == (x, y):
                labels = state.oriented_at((x, y)).labels
                if 0 <= i < len(labels):
                    return Play(PlaceFollower(labels[i]))
            return None
        if prefix in ("opening", "token"):
            at = _ints(fields, 2)
            if at is None or len(fields) != 3:
                return None
            colour = self.colour(state, selection) or "blue"
            return Play(PlaceTunnelToken((at[0], at[1], fields[2]), colour))
        if prefix == "colour" and fields:
            return Select(fields[0])
        return None

    def clicks_for(self, state: CarcassonneState, move: Any, selection: Any = None) -> list[str]:
        """The element ids a player clicks to play ``move`` (scripted games, tests)."""
        if isinstance(move, PlaceTile):
            turns = (move.rotation - self.rotation(state, selection)) % 4
            x, y = move.position
            return ["hand_0"] * turns + [f"place_{x}_{y}"]
        if isinstance(move, PlaceFollower):
            x, y = state.placed
            i = state.oriented_at(state.placed).label_index[move.feature]
            return [f"spot_{x}_{y}_{i}"]
        if isinstance(move, PlaceTunnelToken):
            x, y, side = move.opening
            pick = [] if self.colour(state, selection) == move.colour else [
                f"colour_{move.colour}"]
            return pick + [f"opening_{x}_{y}_{side}"]
        return []  # EndTurn is a button

    # --- words ----------------------------------------------------------------
    def status(self, state: CarcassonneState, selection: Any) -> str:
        if state.phase == TILE:
            r = self.rotation(state, selection)
            fits = sum(1 for m in state.legal_moves() if m.rotation == r)
            return (f"lay tile {state.tile} (CB-04): turned {90 * r}°, it fits on {fits} yellow "
                    "place(s); click the tile beside the board (or ↻ ↺) to turn it")
        if state.phase == AFTER:
            parts = []
            if any(isinstance(m, PlaceFollower) for m in state.legal_moves()):
                parts.append("a white spot for a follower (CB-06)")
            if any(isinstance(m, PlaceTunnelToken) for m in state.legal_moves()):
                parts.append(f"a dark opening for a {self.colour(state, selection)} tunnel "
                             "token (TU-03)")
            head = "click " + " or ".join(parts) + ", then " if parts else ""
            return head + "press End turn to score (CB-03) · supply " + str(
                state.supply[state.player])
        return ""

    def localize(self, text: str) -> str:
        """The engine says "player 1"; the board says "Red"."""
        return _PLAYER.sub(lambda m: self.player_name(int(m[1])), text)

    def button_moves(self, state: CarcassonneState) -> Sequence[tuple[str, Any]]:
        if state.phase == AFTER and END_TURN in state.legal_moves():
            return [("End turn", END_TURN)]
        return ()

    def selection_after(self, state: CarcassonneState, selection: Any) -> Any:
        """Keep a chosen token colour during the turn; a new tile starts unturned."""
        return selection if state.phase == AFTER and isinstance(selection, str) else None

    def describe(self, state: CarcassonneState, move: Any) -> str:
        if isinstance(move, PlaceTile):
            return f"{state.tile} {move}"
        if isinstance(move, EndTurn):
            return "end turn"
        return str(move)


class CarcassonneBoard(GamePanel):
    """A playable board: ``CarcassonneBoard(players=2, seats=["human", "greedy"], tunnel=True)``.

    ``state``: a prepared position to start from; ``seats``: per player ``"human"``,
    ``"random"``, ``"greedy"`` (the whole-turn greedy bot of this game), ``"mcts"`` or a bot.
    ``show_graph``: start with the feature-graph overlay on (the "Feature graph" box).
    Game options (``seed``, ``tunnel``, ``farms`` ...) and :class:`GamePanel` keywords
    (``delay``, ``hint_bot`` ...) may be given too.
    """

    def __init__(self, players: int = 2, state: CarcassonneState | None = None,
                 seats: Sequence[str | Bot] | None = None, show_graph: bool = False,
                 **kwargs: Any) -> None:
        names = {o.name for o in CarcassonneGame.OPTIONS}
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in names}
        game = state.game if state is not None else boardlib.load(
            "carcassonne", players=players, **options)
        kwargs.setdefault("bot_settings", {"mcts": {"time_limit": 1.0, "rollout_limit": 400}})
        super().__init__(game, CarcassonneController(), state=state, seats=seats,
                         graph_toggle=("Feature graph", "Overlay the feature graph: a dot per "
                                       "feature segment, a line per joined edge, a dashed arc "
                                       "per tunnel; one colour per feature"),
                         show_graph=show_graph, **kwargs)


__all__ = ["CarcassonneBoard", "CarcassonneController", "parse_id"]
