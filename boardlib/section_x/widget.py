"""Section X in a notebook: a playable board built on :class:`boardlib.widgets.GamePanel`.

Phase 2 (SX-07 … SX-11): click a tile in your hand (click it again, or ↺ ↻, to turn
it), then an empty ocean field to place it. Or click a tile on the board, then an
empty field (move), another tile (swap) or the same tile again (rotate: to the
rotation ↺ ↻ chose, else to the next one the rules allow). A click on the island puts
the picked tile down; so does a refusal when the picked board tile cannot move at all.
Phase 3 (SX-12 … SX-16): click a place with one of your prisoners (the island,
a tunnel part), then a joined place to step there; or click one of your doors
(beside the board, or on the board) and then a tunnel part. "End turn" finishes.
The keyboard reaches every clickable element (arrow keys, Enter or Space); R and Shift+R
turn the picked tile, U undoes, H hints.
The "Tunnel graph" box draws the networkx tunnel graph over the tiles, each tunnel in
its owner's colour, with every player's shortest escape route dashed; the
"Coordinates" box labels each ocean field with its ``q,r``.

The controller only turns clicks into candidate moves; the engine decides with
``why_illegal``, and its refusal (with the rule ID) shows in the "why not?" line.
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import boardlib
from boardlib.core.api import Illegal
from boardlib.core.bots import Bot
from boardlib.core.teaching import Mark
from boardlib.grids.hex import Hex
from boardlib.svg.marks import MarkLayer
from boardlib.widgets import BaseController, GamePanel, Play, Select
from boardlib.widgets.controller import ClickResult

from .draw import (ISLAND_ID, PLAYER_COLORS, PLAYER_NAMES, door_id, draw_svg, field_id,
                   mark_spot, parse_id, place_id)
from .board import FIELD_INDEX, FIELDS, GATES, ISLAND, parse_place, place_text, zone_code
from .moves import Door, EndTurn, MoveTile, PlaceTile, RotateTile, Step, SwapTiles
from .rules import (ACT_PHASE, OVER, PRISONERS, STEPS_PER_PRISONER, STEPS_PER_TURN,
                    TILE_PHASE, SectionXGame, SectionXState)
from .tiles import KIND_BY_NAME, TILE_KINDS, canonical_rotation, distinct_rotations

_PLAYER = re.compile(r"\bplayer (\d+)", re.IGNORECASE)


class SectionXController(BaseController[SectionXState]):
    """Clicks -> Section X moves.

    The selection is ``("hand", k, rotation)``, ``("tile", Hex)`` (``("tile", Hex,
    rotation)`` once ↺ ↻ turned it), ``("from", place code)`` or ``("door", place code |
    None)``.
    """

    colors = PLAYER_COLORS
    names = PLAYER_NAMES
    #: Label the ocean fields with ``q,r`` (the panel's "Coordinates" box).
    show_coordinates: bool = False

    # --- drawing --------------------------------------------------------------
    def draw(self, state: SectionXState, selection: Any, hint: Any = None,
             marks: MarkLayer | None = None) -> str:
        return draw_svg(state, selection, targets=self.targets(state, selection), hint=hint,
                        show_graph=self.show_graph, show_coordinates=self.show_coordinates,
                        caption=False, marks=marks)

    def static_svg(self, state: SectionXState) -> str:
        return draw_svg(state, show_graph=self.show_graph,
                        show_coordinates=self.show_coordinates)

    def mark_element_ids(self, state: SectionXState, mark: Mark) -> tuple[str, ...]:
        """The element drawn where the mark's place is (:func:`.draw.mark_spot`)."""
        spot = mark_spot(state, mark.at)
        return (spot.ref,) if spot is not None and spot.ref else ()

    def targets(self, state: SectionXState, selection: Any) -> list[Any]:
        """Where the selected thing may go (from the legal moves): fields or place codes."""
        if not isinstance(selection, tuple) or state.phase == OVER:
            return []
        legal = state.legal_moves()
        kind = selection[0]
        if kind == "hand" and selection[1] < len(state.hands[state.player]):
            name = TILE_KINDS[state.hands[state.player][selection[1]]].name
            rot = canonical_rotation(TILE_KINDS[state.hands[state.player][selection[1]]],
                                     selection[2])
            return [m.field for m in legal if isinstance(m, PlaceTile) and m.kind == name
                    and m.rotation == rot]
        if kind == "tile":
            a = selection[1]
            out = [m.dst for m in legal if isinstance(m, MoveTile) and m.src == a]
            out += [m.b if m.a == a else m.a for m in legal if isinstance(m, SwapTiles)
                    and a in (m.a, m.b)]
            return out
        if kind == "from":
            src = place_text(selection[1])
            return [parse_place(m.dst) for m in legal if isinstance(m, Step) and m.src == src]
        if kind == "door":
            source = None if selection[1] is None else place_text(selection[1])
            return [parse_place(m.dst) for m in legal if isinstance(m, Door) and m.src == source]
        return []

    # --- clicks ---------------------------------------------------------------
    def click(self, state: SectionXState, element_id: str, selection: Any) -> ClickResult:
        parsed = parse_id(element_id)
        if parsed is None:
            return None
        prefix, fields = parsed
        if state.phase == OVER:
            return Play(EndTurn())          # the engine says the game is over
        thing = self._thing(prefix, fields)
        if thing is None:
            return None
        if state.phase == TILE_PHASE:
            return self._tile_click(state, thing, selection)
        return self._act_click(state, thing, selection)

    @staticmethod
    def _thing(prefix: str, fields: tuple[int, ...]) -> tuple[str, Any] | None:
        if prefix == "hand" and len(fields) == 1:
            return ("hand", fields[0])
        if prefix == "turn" and fields in ((1,), (5,)):
            return ("turn", fields[0])
        if prefix == "doorpile" and len(fields) == 1:
            return ("doorpile", fields[0])
        if prefix == "field" and len(fields) == 2:
            return ("field", Hex(*fields))
        if prefix in ("part", "door") and len(fields) == 3 and 0 <= fields[2] < 3:
            h = Hex(fields[0], fields[1])
            if h not in FIELD_INDEX:
                return None
            code = FIELD_INDEX[h] * 4 + fields[2]
            return ("door" if prefix == "door" else "part", code)
        if prefix == "island" and not fields:
            return ("place", ISLAND)
        if prefix == "zone" and len(fields) == 1 and 0 <= fields[0] < 6:
            return ("place", zone_code(fields[0]))
        return None

    def _tile_click(self, state: SectionXState, thing: tuple[str, Any],
                    selection: Any) -> ClickResult:
        kind, value = thing
        hand = state.hands[state.player]
        if kind == "turn":
            return self._turn(state, selection, value)
        if kind == "hand":
            if value >= len(hand):
                return None
            if isinstance(selection, tuple) and selection[:2] == ("hand", value):
                return self._turn(state, selection, 1)      # a second click turns it, as ↺
            return Select(("hand", value, 0))
        if kind in ("part", "door"):
            kind, value = "field", FIELDS[value >> 2]
        if kind == "place":
            if value == ISLAND:
                return Select(None)                         # puts the picked tile down
            if isinstance(selection, tuple) and selection[0] == "hand":
                gate = GATES[zone_code(0) - value]      # the engine refuses gates (SX-I1)
                return Play(PlaceTile(TILE_KINDS[hand[selection[1]]].name, gate, selection[2]))
            return None
        if kind == "doorpile":
            return Play(Door("island"))     # the engine: doors come in phase 3 (SX-05)
        h = value
        tile = state.tile_at(h)
        if isinstance(selection, tuple) and selection[0] == "hand" and selection[1] < len(hand):
            if tile is not None:
                return Select(("tile", h))      # a tile on the board: pick that one instead
            return Play(PlaceTile(TILE_KINDS[hand[selection[1]]].name, h, selection[2]))
        if isinstance(selection, tuple) and selection[0] == "tile":
            a = selection[1]
            if h == a and len(selection) == 3 and tile is not None and selection[2] != \
                    canonical_rotation(tile[0], tile[1]):
                return Play(RotateTile(a, selection[2]))    # as ↺ ↻ turned it
            if h == a:
                return self._rotate(state, a)
            if tile is not None:
                return Play(SwapTiles(a, h))
            return Play(MoveTile(a, h))
        if tile is not None:
            return Select(("tile", h))
        return Illegal("SX-07", "First pick a tile: one from your hand (beside the board) to "
                                "place, or one on the board to move, swap or rotate.")

    @staticmethod
    def _turn(state: SectionXState, selection: Any, sixths: int) -> ClickResult:
        """↺ (+1 sixth) or ↻ (+5): turn the selected hand or board tile (the first hand
        tile if none is selected); a kind with n distinct rotations repeats after n sixths."""
        hand = state.hands[state.player]
        if isinstance(selection, tuple) and selection[0] == "tile":
            laid = state.tile_at(selection[1])
            assert laid is not None  # only a laid tile can be selected on the board
            kind, rot = laid
            now = selection[2] if len(selection) == 3 else canonical_rotation(kind, rot)
            n = len(distinct_rotations(kind))
            return Select(("tile", selection[1], (now + sixths) % n))
        if isinstance(selection, tuple) and selection[0] == "hand" and selection[1] < len(hand):
            k, now = selection[1], selection[2]
        elif hand:
            k, now = 0, 0
        else:
            return Illegal("SX-08", "Pick a tile first: one on the board to turn it there "
                                    "(your hand is empty).")
        n = len(distinct_rotations(TILE_KINDS[hand[k]]))
        return Select(("hand", k, (now + sixths) % n))

    @staticmethod
    def _rotate(state: SectionXState, a: Hex) -> ClickResult:
        """The next rotation of the tile on ``a`` that the engine accepts (or its refusal)."""
        laid = state.tile_at(a)
        assert laid is not None  # called only for a field that holds a tile
        kind, rot = laid
        rotations = distinct_rotations(kind)
        current = canonical_rotation(kind, rot)
        start = rotations.index(current)
        first = None
        for step in range(1, len(rotations)):
            move = RotateTile(a, rotations[(start + step) % len(rotations)])
            first = first or move
            if state.why_illegal(move) is None:
                return Play(move)
        return Play(first) if first is not None else Select(None)

    def _act_click(self, state: SectionXState, thing: tuple[str, Any],
                   selection: Any) -> ClickResult:
        kind, value = thing
        p = state.player
        if kind in ("hand", "turn"):
            hand = state.hands[p]
            k = value if kind == "hand" else 0
            name = TILE_KINDS[hand[k]].name if k < len(hand) else "straight"
            return Play(PlaceTile(name, Hex(2, 0), 0))   # the engine: phase 2 is over (SX-05)
        if kind == "field":
            part = self._part_of_field(state, value, selection)
            if isinstance(part, Illegal):
                return part
            kind, value = "part", part
        if kind == "doorpile":
            if value != p:
                return Illegal("SX-13", "You can only place your own doors.")
            return Select(None if selection == ("door", None) else ("door", None))
        if kind == "door" and state.door_at(value) == p and selection is None:
            return Select(("door", value))
        place = value
        if isinstance(selection, tuple) and selection[0] == "door":
            if selection[1] == place:
                return Select(None)
            src = None if selection[1] is None else place_text(selection[1])
            return Play(Door(place_text(place), src))
        if isinstance(selection, tuple) and selection[0] == "from":
            if selection[1] == place:
                return Select(None)
            if place in self._own_places(state) and place not in state.joined(selection[1]):
                return Select(("from", place))
            return Play(Step(place_text(selection[1]), place_text(place)))
        if place in self._own_places(state):
            return Select(("from", place))
        # not yours: the engine explains (no prisoner of yours there, SX-I4)
        return Play(Step(place_text(place), place_text(place)))

    @staticmethod
    def _part_of_field(state: SectionXState, h: Hex, selection: Any) -> int | Illegal:
        """A click on a tile beside its channels means its only part, if it has one."""
        door = isinstance(selection, tuple) and selection[0] == "door"
        tile = state.tile_at(h)
        if tile is None:
            if door:
                return Illegal("SX-I5", f"A door stands on a tunnel part, and {h} has no tile.")
            return Illegal("SX-I4", f"Prisoners stand on tunnel parts, the island or a free "
                                    f"zone, and {h} has no tile.")
        kind = tile[0]
        if len(kind.parts) == 1:
            return FIELD_INDEX[h] * 4
        what = ("A door stands on one tunnel part" if door else
                "A prisoner steps onto one tunnel part")
        return Illegal("SX-I5" if door else "SX-I4",
                       f"{what}, and the {kind.title} on {h} has {len(kind.parts)}: click the "
                       "light channel of the one you mean.")

    @staticmethod
    def _own_places(state: SectionXState) -> set[int]:
        return {c for c in state.prisoners_of(state.player) if c >= 0 or c == ISLAND}

    def rotate(self, state: SectionXState, selection: Any, step: int) -> ClickResult:
        """R / Shift+R on the board: as the ↺ / ↻ buttons (phase 2 only, SX-08)."""
        if state.phase != TILE_PHASE:
            return None
        return self._turn(state, selection, 1 if step > 0 else 5)

    def clicks_for(self, state: SectionXState, move: Any, selection: Any = None) -> list[str]:
        """The element ids a player clicks to play ``move`` from ``selection`` (scripted
        games, benchmarks, the every-move test): what is already picked is used when it
        helps and put down first when it would swallow the clicks."""
        if isinstance(move, PlaceTile):
            return self._place_clicks(state, move, selection)
        if isinstance(move, (MoveTile, SwapTiles)):
            a, b = (move.src, move.dst) if isinstance(move, MoveTile) else (move.a, move.b)
            if _picked_tile(selection) == b and isinstance(move, SwapTiles):
                a, b = b, a                              # a swap is the same either way
            if _picked_tile(selection) == a:
                return [field_id(b)]
            return self._put_down(state, selection) + [field_id(a), field_id(b)]
        if isinstance(move, RotateTile):
            return self._rotate_clicks(state, move, selection)
        if isinstance(move, Step):
            src, dst = parse_place(move.src), parse_place(move.dst)
            if src is None or dst is None:
                return []
            if selection == ("from", src):
                return [place_id(dst)]
            return self._put_down(state, selection) + [place_id(src), place_id(dst)]
        if isinstance(move, Door):
            dst = parse_place(move.dst)
            src = None if move.src is None else parse_place(move.src)
            if dst is None:
                return []
            if selection == ("door", src):
                return [place_id(dst)]
            if src is None:
                first = f"doorpile_{state.player}"
            else:
                h = FIELDS[src >> 2]
                first = door_id(h, src & 3)
            return self._put_down(state, selection) + [first, place_id(dst)]
        return []

    def _place_clicks(self, state: SectionXState, move: PlaceTile, selection: Any) -> list[str]:
        hand = state.hands[state.player]
        kind = KIND_BY_NAME[move.kind]
        rotations = distinct_rotations(kind)
        wanted = rotations.index(canonical_rotation(kind, move.rotation))
        picked = (isinstance(selection, tuple) and selection[0] == "hand"
                  and selection[1] < len(hand) and TILE_KINDS[hand[selection[1]]] is kind)
        if picked:           # the picked hand tile is of this kind: turn it on from where it is
            k, now = selection[1], selection[2]
            return [f"hand_{k}"] * ((wanted - now) % len(rotations)) + [field_id(move.field)]
        k = next(i for i, t in enumerate(hand) if TILE_KINDS[t] is kind)
        return [f"hand_{k}"] * (wanted + 1) + [field_id(move.field)]

    def _rotate_clicks(self, state: SectionXState, move: RotateTile,
                       selection: Any) -> list[str]:
        """Pick the tile, turn it with ↺ as far as the move says, click it again."""
        cell = field_id(move.field)
        tile = state.tile_at(move.field)
        assert tile is not None, move          # a legal turn is of a tile on the board
        kind, rot = tile
        n = len(distinct_rotations(kind))
        wanted = canonical_rotation(kind, move.rotation)
        if _picked_tile(selection) == move.field:
            now = selection[2] if len(selection) == 3 else canonical_rotation(kind, rot)
            return ["turn_1"] * ((wanted - now) % n) + [cell]
        first = self._put_down(state, selection) + [cell]
        return first + ["turn_1"] * ((wanted - canonical_rotation(kind, rot)) % n) + [cell]

    @staticmethod
    def _put_down(state: SectionXState, selection: Any) -> list[str]:
        """The click that lets go of ``selection`` (nothing when nothing is picked)."""
        if not isinstance(selection, tuple):
            return []
        if state.phase == TILE_PHASE:
            return [ISLAND_ID]                   # the island puts a picked tile down
        if selection[0] == "from":
            return [place_id(selection[1])]     # a second click on the same place
        if selection[0] == "door":
            if selection[1] is None:
                return [f"doorpile_{state.player}"]
            return [door_id(FIELDS[selection[1] >> 2], selection[1] & 3)]
        return []

    # --- words ----------------------------------------------------------------
    def status(self, state: SectionXState, selection: Any) -> str:
        if state.phase == OVER:
            return ""
        if state.phase == TILE_PHASE:
            if isinstance(selection, tuple) and selection[0] == "hand":
                return ("phase 2 (SX-07): click an outlined field to place the tile; click the "
                        "tile in your hand again (or ↺ ↻) to turn it; the island puts it down")
            if isinstance(selection, tuple) and selection[0] == "tile":
                return ("phase 2 (SX-08): click an empty field to move the tile, another tile "
                        "to swap, or the same tile to rotate it (↺ ↻ choose how far); the "
                        "island puts it down")
            return ("phase 2: pick a tile from your hand to place it (SX-07), or a tile on the "
                    "board to move, swap or rotate it (SX-08)")
        left = STEPS_PER_TURN - state.used_total
        if isinstance(selection, tuple) and selection[0] == "from":
            p = state.player
            used = [state.used[k] for k in range(PRISONERS * p, PRISONERS * (p + 1))
                    if state.locs[k] == selection[1]]
            more = min(left, STEPS_PER_PRISONER - min(used, default=STEPS_PER_PRISONER))
            if more == 0:
                return (f"phase 3: this prisoner has no step left (SX-16: two each, five a "
                        f"turn; {left} left this turn); pick another one, a door, or End turn")
            if not self.targets(state, selection):
                return ("phase 3: this prisoner cannot step anywhere now: no place joined to "
                        "it is open to it (SX-I4, SX-17, SX-18); pick another one, a door, "
                        "or End turn")
            return (f"phase 3: click an outlined place to step there (this prisoner: {more} "
                    f"more step{'s' if more != 1 else ''}; {left} steps left this turn, SX-16)")
        if isinstance(selection, tuple) and selection[0] == "door":
            return "phase 3: click an outlined tunnel part for your door (SX-13, SX-14)"
        return (f"phase 3 (SX-12): click one of your prisoners to step ({left} steps left), or "
                "one of your doors; End turn when done")

    def localize(self, text: str) -> str:
        return _PLAYER.sub(lambda m: self.player_name(int(m[1])), text)

    def button_moves(self, state: SectionXState) -> Sequence[tuple[str, Any]]:
        if state.phase == ACT_PHASE:
            return [("End turn", EndTurn())]
        return ()

    def selection_after(self, state: SectionXState, selection: Any) -> Any:
        return None

    def selection_after_refusal(self, state: SectionXState, selection: Any) -> Any:
        """A board tile that cannot move, swap or turn at all (say, a prisoner stands on it)
        is put down once the rules have said why: any other click would be refused too."""
        if (isinstance(selection, tuple) and selection[0] == "tile"
                and state.phase == TILE_PHASE and not self._can_rearrange(state, selection[1])):
            return None
        return selection

    @staticmethod
    def _can_rearrange(state: SectionXState, h: Hex) -> bool:
        """May the tile on ``h`` move, swap or turn at all?"""
        for m in state.legal_moves():
            if (isinstance(m, MoveTile) and m.src == h or isinstance(m, RotateTile)
                    and m.field == h or isinstance(m, SwapTiles) and h in (m.a, m.b)):
                return True
        return False


def _picked_tile(selection: Any) -> Hex | None:
    """The board tile in ``selection`` (phase 2), if one is picked."""
    if isinstance(selection, tuple) and selection and selection[0] == "tile":
        picked: Hex = selection[1]
        return picked
    return None


class SectionXBoard(GamePanel):
    """A playable Section X board: ``SectionXBoard(players=2, seats=["human", "greedy"])``.

    ``state``: a prepared position to start from (see :mod:`boardlib.section_x.positions`);
    ``seats``: per player ``"human"``, ``"random"``, ``"greedy"`` (the escape bot of this
    game), ``"mcts"`` or a bot. ``show_graph``: start with the "Tunnel graph" box ticked
    (the networkx tunnel graph over the tiles, coloured by owner, and each player's
    shortest escape route). ``show_coordinates``: start with the "Coordinates" box ticked
    (each ocean field labelled ``q,r``, the names the notebook's texts use). Game options
    (``seed``, ``keys``, ``strict_fit``, ``round_target``, ``max_turns``) and
    :class:`GamePanel` keywords may be given too.
    """

    def __init__(self, players: int = 2, state: SectionXState | None = None,
                 seats: Sequence[str | Bot] | None = None, show_graph: bool = False,
                 show_coordinates: bool = False, **kwargs: Any) -> None:
        names = {o.name for o in SectionXGame.OPTIONS} - {"players"}
        options = {k: kwargs.pop(k) for k in list(kwargs) if k in names}
        game = state.game if state is not None else boardlib.load(
            "section_x", players=players, **options)
        kwargs.setdefault("hint_bot", "escape")
        # Random play-outs seldom finish: cut them short and let the heuristic judge them
        # (this beat 200-move play-outs counted as nothing in 6 of 8 games).
        kwargs.setdefault("bot_settings", {"mcts": {"time_limit": 1.0, "rollout_limit": 40,
                                                    "cutoff_scale": 10.0}})
        controller = SectionXController()
        controller.show_coordinates = show_coordinates
        super().__init__(game, controller, state=state, seats=seats,
                         graph_toggle=("Tunnel graph", "Overlay the tunnel graph: a dot per "
                                       "tunnel part, lines where openings face, coloured by "
                                       "the tunnel's owner; dashed: shortest escape routes"),
                         show_graph=show_graph, view_boxes=[
                             ("show_coordinates", "Coordinates",
                              "Label every ocean field with its q,r")], **kwargs)
        self.coordinates_box = self.view_boxes["show_coordinates"]


__all__ = ["SectionXBoard", "SectionXController"]
