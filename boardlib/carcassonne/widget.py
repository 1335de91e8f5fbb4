"""Carcassonne in a notebook: a playable board built on :class:`boardlib.widgets.GamePanel`.

The map sits in its own pan-and-zoom view (issue 17, item 4): at first it shows at most
``VIEW_COLUMNS`` tiles across, so a tile stays at least 48 px wide at 1366×768; it follows the
last laid tile; "Fit" (or 0) shows the whole map. Beside it, always the same size, a second
view holds the tile in hand with its ↻ ↺ buttons, the tunnel-token sets and the score track.
The map marks every move since the viewing seat last moved (issue 18, item 1: the
teacher's marks, class ``last-move``): the laid tile, follower, token, the segments of a
feature that scored. A puzzle's board builds the same hand in (:class:`HandPart`).

Laying a tile (CB-04): turn the tile in hand (click it, ↻ ↺, or R / Shift+R on the map); the
places where it fits turned so are yellow; click one. Then (CB-06, TU-03) click a white spot
on the new tile for a follower, a dark arch (a tunnel opening) for a token of the chosen set,
and press "End turn" to score (CB-03). Arrow keys reach every place, spot and opening; Enter
clicks; U undoes, H hints. Anything the rules forbid is refused in the "why not?" line with
its rule ID: the controller only turns clicks into candidate moves, the engine decides.
"""
from __future__ import annotations

import re
from typing import Any, Sequence, cast

import ipywidgets as w

import boardlib
from boardlib.core.api import Illegal
from boardlib.core.bots import Bot
from boardlib.core.teaching import Mark
from boardlib.svg import element_id, parse_id
from boardlib.svg.marks import MarkLayer
from boardlib.widgets import BaseController, BoardView, GamePanel, Play, Select, shared
from boardlib.widgets.controller import ClickResult, mark_element_ids
from boardlib.widgets.panel import STALE_CLICK
from boardlib.widgets.puzzle import PuzzleCard

from .draw import (PLAYER_COLORS, PLAYER_NAMES, UNIT, draw_hand, draw_svg, picture,
                   token_words, view_window)
from .puzzles import for_rule
from .rules import (AFTER, COLOURS, END_TURN, TILE, CarcassonneGame, CarcassonneState,
                    EndTurn, PlaceFollower, PlaceTile, PlaceTunnelToken)
from .tiles import DIRS

_PLAYER = re.compile(r"\bplayer (\d+)")
_TOKEN = re.compile(r"\b(" + "|".join(COLOURS) + r")\b(?= (?:tunnel|token))")


class CarcassonneController(BaseController[CarcassonneState]):
    """Clicks -> Carcassonne moves. Selection: the hand tile's rotation, or a token colour."""

    colors = PLAYER_COLORS
    names = PLAYER_NAMES

    def __init__(self) -> None:
        self.game: CarcassonneGame | None = None   # the game last drawn (for token words)

    # --- drawing --------------------------------------------------------------
    def draw(self, state: CarcassonneState, selection: Any, hint: Any = None,
             marks: MarkLayer | None = None) -> str:
        self.game = state.game
        return draw_svg(state, rotation=self.rotation(state, selection),
                        colour=self.colour(state, selection), hint=hint,
                        show_graph=self.show_graph, marks=marks)

    def draw_hand(self, state: CarcassonneState, selection: Any) -> str:
        """The constant-size part beside the map: tile in hand, token sets, scores."""
        return draw_hand(state, self.rotation(state, selection),
                         colour=self.colour(state, selection))

    def static_svg(self, state: CarcassonneState) -> str:
        return picture(state, show_graph=self.show_graph).svg

    def mark_element_ids(self, state: CarcassonneState, mark: Mark) -> tuple[str, ...]:
        """A feature segment ``((x, y), i)`` -> its follower, or the spot where one may
        stand; anything else as the default (a tile, or the free place of a refuted tile)."""
        at = mark.at
        if isinstance(at, tuple) and len(at) == 2 and isinstance(at[0], tuple) \
                and type(at[1]) is int:
            (x, y), i = at
            return (element_id("follower", x, y, i), element_id("spot", x, y, i))
        return mark_element_ids(mark)

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
            return str(state.pending)
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
        self.game = state.game
        parsed = parse_id(element_id)
        if parsed is None:
            return None
        kind, fields = parsed
        if kind == "hand" and state.phase == TILE:
            return Select((self.rotation(state, selection) + 1) % 4)
        if kind == "turn" and len(fields) == 1 and state.phase == TILE:
            return Select((self.rotation(state, selection) + fields[0]) % 4)
        if kind == "place" and len(fields) == 2 and state.phase == TILE:
            return Play(PlaceTile((fields[0], fields[1]), self.rotation(state, selection)))
        if kind in ("spot", "follower") and len(fields) == 3:
            x, y, i = fields
            if state.phase == AFTER and state.placed == (x, y):
                labels = state.oriented_at((x, y)).labels
                if 0 <= i < len(labels):
                    return Play(PlaceFollower(labels[i]))
            return None
        if kind == "opening" and len(fields) == 3 and 0 <= fields[2] < 4:
            colour = self.colour(state, selection) or COLOURS[0]
            return Play(PlaceTunnelToken((fields[0], fields[1], DIRS[fields[2]]), colour))
        if kind == "colour" and len(fields) == 1 and 0 <= fields[0] < len(COLOURS):
            return Select(COLOURS[fields[0]])
        return None

    def rotate(self, state: CarcassonneState, selection: Any, step: int) -> ClickResult:
        """R / Shift+R: turn the tile in hand a quarter clockwise / anticlockwise (CB-04)."""
        if state.phase != TILE:
            return None
        return Select((self.rotation(state, selection) + step) % 4)

    def clicks_for(self, state: CarcassonneState, move: Any, selection: Any = None) -> list[str]:
        """The element ids a player clicks to play ``move`` (scripted games, tests)."""
        if isinstance(move, PlaceTile):
            turns = (move.rotation - self.rotation(state, selection)) % 4
            return ["hand_0"] * turns + [element_id("place", *move.position)]
        if isinstance(move, PlaceFollower) and state.placed is not None:
            i = state.oriented_at(state.placed).label_index[move.feature]
            return [element_id("spot", *state.placed, i)]
        if isinstance(move, PlaceTunnelToken):
            x, y, side = move.opening
            pick = [] if self.colour(state, selection) == move.colour else [
                element_id("colour", COLOURS.index(move.colour))]
            return pick + [element_id("opening", x, y, DIRS.index(side))]
        return []  # EndTurn is a button

    # --- words ----------------------------------------------------------------
    def status(self, state: CarcassonneState, selection: Any) -> str:
        self.game = state.game
        if state.phase == TILE:
            r = self.rotation(state, selection)
            fits = sum(1 for m in state.legal_moves() if m.rotation == r)
            return (f"lay tile {state.tile} (CB-04): turned {90 * r}°, it fits on {fits} yellow "
                    "place(s); R or ↻ ↺ turns it")
        if state.phase == AFTER:
            parts = []
            if any(isinstance(m, PlaceFollower) for m in state.legal_moves()):
                parts.append("a white spot for a follower (CB-06)")
            colour = self.colour(state, selection)
            if colour and any(isinstance(m, PlaceTunnelToken) for m in state.legal_moves()):
                parts.append(f"a dark arch for a {token_words(state.game, colour)} tunnel "
                             "token (TU-03)")
            head = "click " + " or ".join(parts) + ", then " if parts else ""
            return head + "press End turn to score (CB-03) · supply " + str(
                state.supply[state.player])
        return ""

    def localize(self, text: str) -> str:
        """The engine says "player 1" and "the blue token"; the board says "Blue" and "the
        Red 1 token" (token sets are named by their owner's seat, TU-02)."""
        game = self.game
        if game is not None and game.options["tunnel"]:
            text = _TOKEN.sub(lambda m: token_words(game, m[1]) if m[1] in game.owner_of
                              else m[1], text)
        return _PLAYER.sub(lambda m: self.player_name(int(m[1])), text)

    def button_moves(self, state: CarcassonneState) -> Sequence[tuple[str, Any]]:
        if state.phase == AFTER and END_TURN in state.legal_moves():
            return [("End turn", END_TURN)]
        return ()

    def selection_after(self, state: CarcassonneState, selection: Any) -> Any:
        """Keep a chosen token colour during the turn; a new tile starts unturned."""
        return selection if state.phase == AFTER and isinstance(selection, str) else None

    def describe(self, state: CarcassonneState, move: Any) -> str:
        self.game = state.game
        if isinstance(move, PlaceTile):
            return f"{state.tile} {move}"
        if isinstance(move, EndTurn):
            return "end turn"
        if isinstance(move, PlaceTunnelToken):
            x, y, side = move.opening
            return f"{token_words(state.game, move.colour)} token {x},{y} {side}"
        return str(move)


class HandPart:
    """The tile in hand with its ↻ ↺ buttons, the token sets and the score track: a second
    :class:`BoardView` beside the map of ``panel`` (any :class:`GamePanel` of Carcassonne:
    the free board, a puzzle's board). ``drawer`` draws it (the Carcassonne controller,
    also when the panel's controller wraps it, as a puzzle's does); its clicks go through
    the panel's controller like the map's (CB-04 turns the tile, TU-02 picks a token set).

    It sits under the panel's tools (above its tabs), or in the standings slot of a panel
    without tabs. The panel calls ``show()`` after each redraw and hands on clicks
    ``owns(id)``."""

    def __init__(self, panel: GamePanel, drawer: CarcassonneController) -> None:
        self.panel = panel
        self.drawer = drawer
        self.view = BoardView(max_width="300px", layout=shared(w.Layout, width="300px"))
        self.view.add_class("boardlib-hand")
        self.view.on_click(self.hand_click)
        self.view.on_key(panel.on_key)
        self.view.on_unknown(lambda _: panel.say(STALE_CLICK))
        # always in sight: on a board with side tabs under its tools (the Standings tab
        # would hide the tile to lay), else in the standings slot beside the map
        if panel.tabs is not None:
            panel.add_control(self.view)
        else:
            panel.set_standings(self.view)

    def owns(self, element_id: str) -> bool:
        """Is ``element_id`` drawn in this view (not on the map)?"""
        return element_id in self.view.drawn

    def show(self) -> None:
        """Draw the hand for the position the map shows (in a replay that position's tile,
        supply and score track, not the game's) and its selection."""
        state, selection, _ = self.panel.shown_position()
        self.view.show(self.drawer.draw_hand(cast(CarcassonneState, state), selection))

    def click(self, element_id: str) -> None:
        """A click on ``element_id`` in this view, as the browser sends it."""
        self.view.click(element_id)

    def hand_click(self, element_id: str) -> None:
        """A click beside the map: turn the tile in hand, choose a token set."""
        panel = self.panel
        if panel.stopped_by_gate("click"):
            return
        state = panel.state
        if not state.is_terminal() and state.current_player in panel.bots:
            panel.say(f"{panel.player_name(state.current_player)} is a bot: press Bot move "
                      "or Auto-play, or make the seat human under New game.")
            return
        result = panel.controller.click(state, element_id, panel.selection)
        if isinstance(result, Illegal):
            panel.why_line.refuse(result, panel.words.localize(result.reason))
        elif isinstance(result, Select):
            panel.selection = result.selection
            panel.why_line.clear()
            self.show()        # the picture clicked first (the tile turned), then the map
            panel.refresh()    # (the hand again: the same picture, so nothing is sent)
        elif isinstance(result, Play):
            panel.try_move(result.move)


class CarcassonneBoard(GamePanel):
    """A playable board: ``CarcassonneBoard(players=2, seats=["human", "greedy"], tunnel=True)``.

    ``state``: a prepared position to start from; ``seats``: per player ``"human"``,
    ``"random"``, ``"greedy"`` (the whole-turn greedy bot of this game), ``"mcts"`` or a bot.
    ``show_graph``: start with the feature-graph overlay on (the "Feature graph" box).
    Game options (``seed``, ``tunnel``, ``farms`` ...) and :class:`GamePanel` keywords
    (``delay``, ``hint_bot`` ...) may be given too.

    ``self.view`` is the map (pan and zoom); ``self.hand`` the tile in hand, the token sets
    and the score track, beside it under the tools (:class:`HandPart`).
    """

    def __init__(self, players: int = 2, state: CarcassonneState | None = None,
                 seats: Sequence[str | Bot] | None = None, show_graph: bool = False,
                 **kwargs: Any) -> None:
        names = {o.name for o in CarcassonneGame.OPTIONS}
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in names}
        game = state.game if state is not None else boardlib.load(
            "carcassonne", players=players, **options)
        kwargs.setdefault("bot_settings", {"mcts": {"time_limit": 1.0, "rollout_limit": 400}})
        kwargs.setdefault("zoomable", True)
        self.hand_part: HandPart | None = None
        self.followed: tuple[int, int] | None = None   # the tile the map's window follows
        super().__init__(game, CarcassonneController(), state=state, seats=seats,
                         graph_toggle=("Feature graph", "Overlay the feature graph: a dot per "
                                       "feature segment, a line per joined edge, a dashed arc "
                                       "per tunnel; one colour per feature"),
                         show_graph=show_graph, **kwargs)
        self.hand_part = HandPart(self, self.controls)
        self.hand = self.hand_part.view
        self.redraw()

    @property
    def controls(self) -> CarcassonneController:
        assert isinstance(self.controller, CarcassonneController)
        return self.controller

    @property
    def game_state(self) -> CarcassonneState:
        """The position shown, as the Carcassonne state it is."""
        return cast(CarcassonneState, self.state)

    def last_laid(self) -> tuple[int, int] | None:
        """The tile laid last in this match (the map's window follows it)."""
        for state in reversed(self.match.states):
            placed = getattr(state, "placed", None)
            if placed is not None:
                return (int(placed[0]), int(placed[1]))
        return None

    def update_view(self) -> None:
        """Before each redraw: when another tile was laid last, the map's window moves to
        it, keeping the zoom a person chose (the readable one after "Fit")."""
        super().update_view()
        at = self.last_laid() or (0, 0)
        if at == self.followed:
            return
        self.followed = at
        window = list(self.view.window)
        width = window[2] if len(window) == 4 and window[2] >= 4 * UNIT else None
        self.view.window = view_window(self.game_state, at, width)

    def show_beside(self) -> None:
        """The tile in hand, token sets and score track, after the map is sent."""
        super().show_beside()
        if self.hand_part is not None:
            self.hand_part.show()

    def click(self, element_id: str) -> None:
        """A click on ``element_id`` in the map or beside it (as the browser sends it)."""
        if self.hand_part is not None and self.hand_part.owns(element_id):
            self.hand_part.click(element_id)
        else:
            super().click(element_id)

    def hand_click(self, element_id: str) -> None:
        """A click beside the map: turn the tile in hand, choose a token set."""
        assert self.hand_part is not None
        self.hand_part.hand_click(element_id)

    def fit_map(self) -> None:
        """Show the whole map (the view's "Fit" button does the same)."""
        self.view.fit()


def try_it(rule: str, **kwargs: Any) -> PuzzleCard:
    """The first puzzle of a rule section (``boardlib.carcassonne.puzzles``), as a light
    card that builds its puzzle board when clicked: ``try_it("CB-09")``; keywords go to
    the board (``progress=`` ...)."""
    return PuzzleCard(for_rule(rule)[0], **kwargs)


__all__ = ["CarcassonneBoard", "CarcassonneController", "HandPart", "parse_id", "try_it"]
