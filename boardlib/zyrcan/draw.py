"""Drawing Zyrcan: a state becomes a deterministic plain-SVG picture (:mod:`boardlib.svg`).

Pointy-top hexes (axial ``q, r``; ``r`` grows downwards); ships in their seat's colour and
shape (:mod:`boardlib.svg.palette`) showing their engine count; beside the board, the
ships the player to move still has to place. Clickable elements (the widget reports
their ids, :mod:`boardlib.svg.ids`), each with a ``<title>`` and ``aria-label`` in words:

* ``hex_<q>_<r>``  a board hex, with whatever stands on it. Its classes say the rest:
  ``ship`` (a ship stands there), ``selected``, ``target`` (a legal landing hex of the
  selected ship), ``hint`` (part of a hinted move).
* ``reserve_<e>``  the reserve ships with ``e`` engines of the player to move.

Everything else (caption, outlines, the attack-graph arrows) has no id and ignores the
mouse. Same arguments, same bytes.
"""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Any, Iterable
from xml.etree.ElementTree import Element

from boardlib.grids.hex import Hex
from boardlib.grids.hexdraw import HexLayout
from boardlib.svg import (HINT, INK, SELECTED, SURFACES, BoardSVG, Drawing, SVGPicture,
                          element_id, parse_id, points_text, seat, seat_colors, seat_names)
from boardlib.svg.builder import PieceCache
from boardlib.svg.marks import MarkLayer, Spot, draw_marks

from .rules import ENGINE_TYPES, OVER, PLACEMENT, Attack, Place, ZyrcanGame, ZyrcanState

PLAYER_COLORS: tuple[str, ...] = seat_colors(5)
PLAYER_NAMES: tuple[str, ...] = seat_names(5)

SURFACE = SURFACES["zyrcan"]
HEX_EDGE = "#a8a294"
COORD_COLOR = "#6b6659"
EMPTY_FILL = "#d4d4d4"   # a reserve type with no ship left
SIZE = 30.0              # a hex's corner radius, in the drawing's units (pixels at 1:1)
SHIP_RADIUS = 0.62 * SIZE
RESERVE_WIDTH = 4.2 * SIZE   # the column beside the board while ships are placed
CAPTION_HEIGHT = 1.3 * SIZE
MARGIN = 0.4 * SIZE

CSS = (f".bl-zyrcan .cell{{fill:{SURFACE['hex']};stroke:{HEX_EDGE};stroke-width:1.5}}"
       f".bl-zyrcan .target .cell{{fill:{SURFACE['target']}}}"
       f".bl-zyrcan .click:hover .cell{{stroke:{INK};stroke-width:2.5}}"
       f".bl-zyrcan .coord{{fill:{COORD_COLOR}}}"
       ".bl-zyrcan .overlay{pointer-events:none}")


def hex_id(h: Hex) -> str:
    return element_id("hex", h.q, h.r)


def attack_edges(state: ZyrcanState) -> list[tuple[Hex, Hex, int]]:
    """Every (attacker, victim, owner of attacker) pair, whoever's turn it is (see graphs)."""
    from .graphs import attack_graph  # networkx only when the overlay is asked for

    graph = attack_graph(state)
    return [(u, v, graph.nodes[u]["owner"]) for u, v in graph.edges]


class _Frame:
    """What does not change during a game on one board: where every hex goes, and the hexes
    drawn so far (``pieces``: a hex's picture depends only on what stands on it and its
    marks, so a redraw draws only the hexes that changed; the tests compare with a fresh
    drawing)."""

    def __init__(self, hexes: tuple[Hex, ...]) -> None:
        self.hexes = hexes
        bounds = HexLayout(SIZE).bounds(hexes)
        # hex (0, 0) placed so that the board's top-left corner sits inside the margins
        self.layout = HexLayout(SIZE, (MARGIN - bounds[0], MARGIN + CAPTION_HEIGHT - bounds[1]))
        self.board_width = bounds[2] - bounds[0] + 2 * MARGIN
        self.height = bounds[3] - bounds[1] + 2 * MARGIN + CAPTION_HEIGHT
        self.centers = {h: self.layout.center(h) for h in hexes}
        self.cells = {h: points_text(self.layout.corners(h, 0.97)) for h in hexes}
        self.rings = {h: points_text(self.layout.corners(h, 0.84)) for h in hexes}
        self.pieces = PieceCache(size=8 * len(hexes))
        self.corner_points = {h: self.layout.corners(h, 0.9) for h in hexes}

    def spot(self, at: object) -> Spot | None:
        """Where a mark's hex is drawn (``None``: not a hex of this board)."""
        if not isinstance(at, Hex) or at not in self.centers:
            return None
        return Spot(self.centers[at], self.corner_points[at], hex_id(at), SHIP_RADIUS * 1.2)


@lru_cache(maxsize=8)
def _frame(hexes: tuple[Hex, ...]) -> _Frame:
    return _Frame(hexes)


def ship_words(owner: int, engines: int) -> str:
    return f"{seat(owner).name} ship with {engines} engine{'s' * (engines != 1)}"


def draw_svg(state: ZyrcanState, selected: Hex | int | None = None,
             highlight: Iterable[Hex] = (), *, hint: Any = None,
             show_attacks: bool = False, default_type: int | None = None,
             show_coordinates: bool = False, caption: bool = True,
             marks: MarkLayer | None = None) -> BoardSVG:
    """The board as an SVG string.

    ``selected``: a hex (its ship gets a thick outline) or an engine count (that reserve
    ship gets a solid outline; ``default_type``: the type a click on a hex would place when
    none is chosen, dashed). ``highlight``: hexes outlined as targets (class ``target``).
    ``hint``: a move to mark. ``show_attacks``: overlay the attack graph, an arrow from
    every ship to every enemy it could destroy next (ZY-07 … ZY-10), whoever's turn it is.
    ``show_coordinates``: write each hex's ``q,r`` in it, as moves and messages name hexes.
    ``caption``: say whose turn it is above the board (a live board's status line says it).
    ``marks``: the last moves' or an *Explain* step's marks (:mod:`boardlib.svg.marks`);
    their places are hexes (:mod:`boardlib.zyrcan.teaching`).
    """
    game: ZyrcanGame = state.game
    frame = _frame(game.hexes)
    placing = state.phase == PLACEMENT
    width = frame.board_width + (RESERVE_WIDTH if placing else 0.0)
    top = 0.0 if caption else CAPTION_HEIGHT    # without a caption its strip is cut off
    d = Drawing(width, frame.height - top, min_y=top, title=f"Zyrcan board: {_caption(state)}",
                kind="zyrcan", css=CSS, pixel_width=width)
    d.rect(None, 0, top, width, frame.height - top, fill=SURFACE["background"])
    if caption:
        d.text(None, MARGIN, MARGIN + CAPTION_HEIGHT * 0.4, _caption(state), size=16.0,
               anchor="start", cls="caption")
    targets = frozenset(highlight)
    chosen = selected if isinstance(selected, Hex) else None
    hinted = _hint_hexes(state, hint)
    ships = state.ships()  # the public API: the engine's internal board may change
    for h in frame.hexes:
        ship = ships.get(h)
        look = (h, ship, h == chosen, h in targets, h in hinted, show_coordinates)
        d.piece(None, frame.pieces, look, partial(_draw_hex_look, d, frame, look))
    overlay = d.group(None, cls="overlay")
    for h in sorted(targets):
        d.element(overlay, "polygon", points=frame.rings[h], fill="none", stroke=INK,
                  stroke_width=3.5)
    if show_attacks:
        for u, v, owner in sorted(attack_edges(state)):
            d.arrow(overlay, frame.centers[u], frame.centers[v], color=seat(owner).color,
                    width=2.5, head=11.0, shrink=SHIP_RADIUS * 0.9, cls="arrow attack",
                    opacity="0.9")
    _draw_hint(d, overlay, frame, state, hint, hinted)
    draw_marks(d, marks, frame.spot)
    if placing:
        chosen_type = selected if isinstance(selected, int) and not isinstance(
            selected, bool) else None
        _draw_reserve(d, frame, state, chosen_type, default_type)
    return d.to_svg()


def _draw_hex_look(d: Drawing, frame: _Frame, look: tuple[Any, ...],
                   parent: Element) -> None:
    """:func:`_draw_hex` with the arguments in the order :meth:`Drawing.piece` calls it."""
    _draw_hex(d, parent, frame, *look)


def _draw_hex(d: Drawing, parent: Element, frame: _Frame, h: Hex, ship: Any,
              chosen: bool, target: bool, hinted: bool, coordinates: bool) -> None:
    words = [f"{h}:", "empty" if ship is None else ship_words(ship.owner, ship.engines)]
    classes = ["hex"]
    if ship is not None:
        classes.append("ship")
    if chosen:
        classes.append("selected")
        words.append("(selected)")
    if target:
        classes.append("target")
        words.append("— a target: click to attack")
    if hinted:
        classes.append("hint")
        words.append("— part of the hint")
    group = d.clickable(parent, hex_id(h), " ".join(words), cls=" ".join(classes))
    d.element(group, "polygon", points=frame.cells[h], cls="cell")
    x, y = frame.centers[h]
    if ship is not None:
        d.seat_token(group, seat(ship.owner), x, y - (0.12 * SIZE if coordinates else 0.0),
                     SHIP_RADIUS, str(ship.engines), outline=SELECTED if chosen else INK,
                     outline_width=4.0 if chosen else 1.2, label_size=17.0, cls="piece")
    if coordinates:
        d.text(group, x, y + 0.7 * SIZE, f"{h.q},{h.r}".replace("-", "\N{MINUS SIGN}"),
               size=9.0, cls="coord")


def _hint_hexes(state: ZyrcanState, hint: Any) -> tuple[Hex, ...]:
    if isinstance(hint, Place):
        return (hint.at,)
    if isinstance(hint, Attack):
        ship = state.ship_at(hint.origin)
        end = None if ship is None else state.game.landing(hint.origin, ship.engines,
                                                           hint.direction)
        return (hint.origin,) if end is None else (hint.origin, end)
    return ()


def _draw_hint(d: Drawing, overlay: Element, frame: _Frame, state: ZyrcanState, hint: Any,
               hinted: tuple[Hex, ...]) -> None:
    for h in hinted:
        d.element(overlay, "polygon", points=frame.rings[h], fill="none", stroke=HINT,
                  stroke_width=3.5, stroke_dasharray="7 4")
    if isinstance(hint, Attack) and len(hinted) == 2:
        d.arrow(overlay, frame.centers[hinted[0]], frame.centers[hinted[1]], color=HINT,
                width=3.0, head=13.0, shrink=SHIP_RADIUS, cls="arrow hint")


def _draw_reserve(d: Drawing, frame: _Frame, state: ZyrcanState, chosen: int | None,
                  default: int | None) -> None:
    player = state.to_move
    look = seat(player)
    left = frame.board_width + 0.3 * SIZE
    top = MARGIN + CAPTION_HEIGHT + 0.5 * SIZE
    d.text(None, left, top, f"{look.name} places:", size=15.0, anchor="start")
    reserve = state.reserve(player)
    for k, engines in enumerate(ENGINE_TYPES):
        count = reserve.get(engines, 0)
        y = top + (1.6 + 2.0 * k) * SIZE
        x = left + 1.0 * SIZE
        state_words = ("chosen" if chosen == engines else
                       "placed by a click on a hex" if default == engines else "")
        label = (f"reserve: {engines}-engine ship, {count} left"
                 + (f" ({state_words})" if state_words else ""))
        group = d.clickable(None, element_id("reserve", engines), label,
                            cls="reserve" + (" selected" if chosen == engines else ""))
        d.rect(group, left - 0.2 * SIZE, y - SIZE, RESERVE_WIDTH - 0.5 * SIZE, 2.0 * SIZE,
               fill="none", pointer_events="all")   # the whole row answers a click
        token = look if count else look._replace(color=EMPTY_FILL, ink="#737373")
        marked = chosen == engines or default == engines
        d.seat_token(group, token, x, y, SHIP_RADIUS, str(engines),
                     outline=SELECTED if marked else INK,
                     outline_width=4.0 if chosen == engines else (2.5 if marked else 1.2),
                     dashed=default == engines and chosen != engines, label_size=17.0)
        d.text(group, x + 1.0 * SIZE, y, f"×{count}", size=15.0, anchor="start")


def _caption(state: ZyrcanState) -> str:
    if state.phase == OVER:
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return "Game over"
        names = " and ".join(seat(p).name for p in outcome.winners)
        return f"Game over: {names} {'win' if len(outcome.winners) > 1 else 'wins'}"
    phase = "placement" if state.phase == PLACEMENT else "attack"
    return f"{seat(state.to_move).name} to move · {phase} phase"


def draw_attack_graph(state: ZyrcanState, **kwargs: Any) -> BoardSVG:
    """The board with the attack graph drawn over it (arrows attacker -> victim)."""
    return draw_svg(state, show_attacks=True, **kwargs)


def picture(state: ZyrcanState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, **kwargs), "Zyrcan board")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "hex_id", "parse_id", "attack_edges", "ship_words",
           "draw_svg", "draw_attack_graph", "picture", "SVGPicture"]
