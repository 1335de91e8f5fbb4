"""Zyrcan in a notebook: a playable board built on :class:`boardlib.widgets.GamePanel`.

Placement (ZY-05): click one of your reserve ships beside the board to choose its
engine count (the smallest type you still have is chosen for you), then click an
empty hex. Attack (ZY-06 … ZY-10): click one of your ships; its legal targets
are outlined (class ``target``); click a target to attack. Anything else is
refused in the "why not?" line with the rule it breaks. The keyboard reaches every hex
and reserve ship (arrow keys, Enter); U undoes, H hints.

The controller only translates clicks into candidate moves; the engine decides
(``why_illegal``), so the board never knows a rule the engine does not.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import boardlib
from boardlib.core.api import Outcome
from boardlib.core.bots import Bot
from boardlib.grids.hex import Hex
from boardlib.svg.marks import MarkLayer
from boardlib.widgets import BaseController, GamePanel, Play, Select
from boardlib.widgets.controller import ClickResult

from .draw import PLAYER_COLORS, PLAYER_NAMES, draw_svg, hex_id, parse_id
from .rules import ATTACK, ENGINE_TYPES, PLACEMENT, Attack, Pass, Place, ZyrcanState
_PLAYER = re.compile(r"\bplayer (\d+)")
_ENDINGS = {"pass": "A player could not attack and passed, which ends the game",
            "eliminated": "A player without ships passed, which ends the game",
            "last fleet": "Only one fleet is left"}


class ZyrcanController(BaseController[ZyrcanState]):
    """Clicks -> Zyrcan moves. The selection is an engine count (placing) or a hex (attacking).

    Both are let go after each move (the default ``selection_after``): the next player did
    not choose them, so each placement turn starts from the smallest type left.
    """

    colors = PLAYER_COLORS
    names = PLAYER_NAMES

    def __init__(self, show_attacks: bool = False, show_coordinates: bool = False) -> None:
        self.show_attacks = show_attacks  # overlay the attack graph (arrows attacker -> victim)
        self.show_coordinates = show_coordinates  # write q,r in every hex

    # --- drawing --------------------------------------------------------------
    def draw(self, state: ZyrcanState, selection: Any, hint: Any = None,
             marks: MarkLayer | None = None) -> str:
        view = {"hint": hint, "show_attacks": self.show_attacks, "caption": False,
                "show_coordinates": self.show_coordinates, "marks": marks}
        if state.phase == PLACEMENT:
            chosen = self.chosen_type(state, selection)
            default = None if chosen is not None else self.placing_type(state, None)
            return draw_svg(state, selected=chosen, default_type=default, **view)
        if isinstance(selection, Hex):
            return draw_svg(state, selected=selection,
                            highlight=state.targets(selection).values(), **view)
        return draw_svg(state, **view)

    def static_svg(self, state: ZyrcanState) -> str:
        return draw_svg(state, show_coordinates=self.show_coordinates)

    @staticmethod
    def chosen_type(state: ZyrcanState, selection: Any) -> int | None:
        """The reserve type the player picked, if they still have a ship of it."""
        if state.phase != PLACEMENT or not isinstance(selection, int):
            return None
        return selection if state.reserve(state.to_move).get(selection, 0) else None

    @staticmethod
    def placing_type(state: ZyrcanState, selection: Any) -> int | None:
        """The engine count a click on a hex places: the chosen type, else the smallest left."""
        if state.phase != PLACEMENT:
            return None
        reserve = state.reserve(state.to_move)
        if isinstance(selection, int) and reserve.get(selection, 0):
            return selection
        return next((e for e in ENGINE_TYPES if reserve.get(e, 0)), None)

    # --- clicks ---------------------------------------------------------------
    def click(self, state: ZyrcanState, element_id: str, selection: Any) -> ClickResult:
        parsed = parse_id(element_id)
        if parsed is None:
            return None
        kind, fields = parsed
        if kind == "reserve" and len(fields) == 1:
            return self._click_reserve(state, fields[0], selection)
        if kind == "hex" and len(fields) == 2:
            return self._click_hex(state, Hex(*fields), selection)
        return None

    def _click_reserve(self, state: ZyrcanState, engines: int, selection: Any) -> ClickResult:
        problem = state.why_not_place_type(engines)
        if problem is not None:
            return problem  # e.g. ZY-03: no ship of that type left
        return Select(None if selection == engines else engines)  # a second click lets go

    def _click_hex(self, state: ZyrcanState, at: Hex, selection: Any) -> ClickResult:
        if state.phase == PLACEMENT:
            return Play(Place(at, self.placing_type(state, selection) or 1))
        ship = state.ship_at(at)
        mine = ship is not None and ship.owner == state.to_move
        if isinstance(selection, Hex) and selection != at and not mine:
            found = state.attack_towards(selection, at)
            return Play(found) if isinstance(found, Attack) else found
        if isinstance(selection, Hex) and selection == at:
            return Select(None)
        # A ship of yours becomes the selection; anything else is explained by the engine
        # (no ship there, someone else's ship, or the game is over).
        return state.why_not_attack_from(at) or Select(at)

    def clicks_for(self, state: ZyrcanState, move: Any, selection: Any = None) -> list[str]:
        """The element ids a player clicks to play ``move`` (scripted games, benchmarks)."""
        if isinstance(move, Place):
            pick = [] if self.placing_type(state, selection) == move.engines else [
                f"reserve_{move.engines}"]
            return pick + [hex_id(move.at)]
        if isinstance(move, Attack):
            ship = state.ship_at(move.origin)
            end = None if ship is None else state.game.landing(move.origin, ship.engines,
                                                               move.direction)
            if end is None:
                return []
            pick = [] if selection == move.origin else [hex_id(move.origin)]
            return pick + [hex_id(end)]
        return []  # a pass is a button, not a click on the board

    # --- words ----------------------------------------------------------------
    def status(self, state: ZyrcanState, selection: Any) -> str:
        if state.phase == PLACEMENT:
            engines = self.placing_type(state, selection)
            placed = sum(1 for _ in state.ships())
            return (f"placement (ZY-05): click a hex to place a {engines}-engine ship, or pick "
                    f"another type beside the board · {placed} ship{'s' * (placed != 1)} placed")
        if state.phase != ATTACK:
            return ""
        if state.legal_moves() == (Pass(),):
            return "no attack is possible: you must pass, which ends the game (ZY-12)"
        if isinstance(selection, Hex):
            targets = state.targets(selection)
            ship = state.ship_at(selection)
            engines = ship.engines if ship else 0
            if not targets:
                return f"the {engines}-engine ship on {selection} has no target; pick another"
            return (f"the {engines}-engine ship on {selection} can hit {len(targets)} "
                    f"target{'s' if len(targets) > 1 else ''}: click one")
        return "attack (ZY-06): click one of your ships"

    def outcome_text(self, outcome: Outcome) -> str:
        """Why it ended, then who won on engines (ZY-13; shared wins ZY-I4)."""
        why = _ENDINGS.get(outcome.termination, outcome.termination)
        rule = f" ({outcome.rule})" if outcome.rule else ""
        names = [self.player_name(p) for p in outcome.winners]
        best = max(outcome.scores) if outcome.scores else 0
        if len(names) == 1:
            result = f"{names[0]} wins with {best:g} engine{'s' * (best != 1)} (ZY-13)"
        else:
            result = (f"{' and '.join(names)} share the win with {best:g} engines each "
                      "(ZY-13, ZY-I4)")
        scores = ", ".join(f"{self.player_name(p)} {s:g}" for p, s in enumerate(outcome.scores))
        return f"{why}{rule}. {result}. Engines: {scores}."

    def localize(self, text: str) -> str:
        """The engine says "player 2"; the board says "Green"."""
        return _PLAYER.sub(lambda m: self.player_name(int(m[1])), text)

    def button_moves(self, state: ZyrcanState) -> Sequence[tuple[str, Any]]:
        if state.phase == ATTACK and state.legal_moves() == (Pass(),):
            return [("Pass", Pass())]
        return ()


class ZyrcanBoard(GamePanel):
    """A playable Zyrcan board: ``ZyrcanBoard(players=3, seats=["human", "greedy", "mcts"])``.

    ``state``: a prepared position to start from (see ``boardlib.zyrcan.rules.position``);
    ``seats``: per player ``"human"``, ``"random"``, ``"greedy"``, ``"mcts"`` or a bot.
    ``show_attacks``: start with the attack graph drawn over the board (every ship's possible
    attacks, ZY-07 … ZY-10); the "Attack arrows" box turns it on and off.
    ``show_coordinates``: start with the "Coordinates" box ticked (each hex labelled ``q,r``,
    the names the move list, the messages and the notebook use).
    Other keywords go to :class:`GamePanel` (``delay``, ``hint_bot``, ``show_history`` ...).
    """

    def __init__(self, players: int = 3, state: ZyrcanState | None = None,
                 seats: Sequence[str | Bot] | None = None, show_attacks: bool = False,
                 show_coordinates: bool = False, **kwargs: Any) -> None:
        options = {k: kwargs.pop(k) for k in ("board", "first_player") if k in kwargs}
        game = state.game if state is not None else boardlib.load("zyrcan", players=players,
                                                                  **options)
        super().__init__(game, ZyrcanController(show_attacks, show_coordinates), state=state,
                         seats=seats, view_boxes=[
                             ("show_attacks", "Attack arrows", ""),
                             ("show_coordinates", "Coordinates", "Label every hex with its q,r")],
                         **kwargs)
        self.attack_arrows = self.view_boxes["show_attacks"]
        self.coordinates_box = self.view_boxes["show_coordinates"]


__all__ = ["ZyrcanBoard", "ZyrcanController"]
