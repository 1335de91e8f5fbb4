"""Drawing Zyrcan with matplotlib: a state becomes a deterministic SVG string.

Pointy-top hexes (axial ``q, r``; ``r`` grows downwards), ships as discs in their
player's colour showing their engine count, and under the board the ships the
player to move still has to place. Every clickable thing carries an id that the
board widget reports (see :mod:`boardlib.widgets`):

* ``hex_<q>_<r>``     a board hex
* ``ship_<q>_<r>``    the ship standing on that hex (``label_<q>_<r>``: its engine digit)
* ``target_<q>_<r>``  a highlighted hex (the legal targets of the selected ship)
* ``hint_<q>_<r>``    a hex marked by a hint
* ``reserve_<e>``     the reserve ships with ``e`` engines of the player to move
  (``reservelabel_<e>`` its digit)

Everything else has an id without ``_`` (``caption``, ``background``, ``hintarrow``,
``attack-<q>-<r>-<q2>-<r2>`` for the attack-graph arrows), so the browser ignores it.

Speed (a click must redraw in well under 30 ms on the 67-hex board): one figure per
board layout is built once with every artist it can need. Each piece of the picture
(a hex, a ship's disc, its digit, an outline, a reserve ship, the caption, an arrow)
is drawn by matplotlib's SVG renderer the first time it is needed in a given look
and kept as text; a redraw looks the pieces up and joins them. Same arguments, same
bytes, whichever pieces were drawn before (a test checks it).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Iterable

from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle, RegularPolygon
from matplotlib.text import Text

from boardlib.grids.hex import Hex
from boardlib.grids.hexdraw import hex_center
from boardlib.svg import (BOARD_CLOSE, BOARD_OPEN, SVGCanvas, SVGPicture, compact_svg,
                          default_style, parse_id)

from .rules import ENGINE_TYPES, OVER, PLACEMENT, Attack, Place, ZyrcanGame, ZyrcanState

# Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
PLAYER_COLORS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#E69F00", "#CC79A7")
PLAYER_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Orange", "Purple")
LABEL_COLORS: tuple[str, ...] = ("white", "white", "white", "black", "black")

BACKGROUND = "#fdfcf8"
HEX_FILL = "#f3efe4"
HEX_EDGE = "#a8a294"
TARGET_FILL = "#fff1a8"
TARGET_EDGE = "#111111"
HINT_EDGE = "#7c3aed"
SELECTED_EDGE = "#111111"
COORD_COLOR = "#6b6659"
SHIP_RADIUS = 0.58
UNIT_INCHES = 0.30  # drawing size of one hex radius
RESERVE_STRIP = 2.4  # height of the reserve strip under the board, in hex radii


def hex_id(prefix: str, h: Hex) -> str:
    return f"{prefix}_{h.q}_{h.r}"


def attack_edges(state: ZyrcanState) -> list[tuple[Hex, Hex, int]]:
    """Every (attacker, victim, owner of attacker) pair, whoever's turn it is (see graphs)."""
    from .graphs import attack_graph  # networkx only when the overlay is asked for

    graph = attack_graph(state)
    return [(u, v, graph.nodes[u]["owner"]) for u, v in graph.edges]


class _Board:
    """Every artist a board of this shape can need, made once, and their SVG pieces.

    Pieces are keyed by what they show (``("disc", hex, owner, chosen)`` ...); a piece
    depends only on its key, so the joined picture never depends on drawing history.
    A redraw whose pieces were all seen before costs about a millisecond.
    """

    def __init__(self, game: ZyrcanGame) -> None:
        # Matplotlib's own defaults, whatever style the notebook has set: every board looks
        # the same, and pieces drawn later match those drawn earlier.
        with default_style():
            self._build(game)

    def _build(self, game: ZyrcanGame) -> None:
        self.hexes = game.hexes
        centers = [hex_center(h) for h in self.hexes]
        xs = [x for x, _ in centers]
        ys = [y for _, y in centers]
        self.xmin, self.xmax = min(xs) - 1.2, max(xs) + 1.2
        top = max(ys) + 1.3 + 1.0  # room for the caption above the board
        bottom = min(ys) - 1.3 - RESERVE_STRIP  # and for the reserve below it
        self.reserve_y = min(ys) - 1.3 - 1.1
        width, height = self.xmax - self.xmin, top - bottom
        # The axes fill the figure and the figure has the data's proportions, so one data
        # unit is UNIT_INCHES both ways: equal aspect without any adjustment at draw time.
        self.fig = Figure(figsize=(width * UNIT_INCHES, height * UNIT_INCHES), dpi=72)
        FigureCanvasSVG(self.fig)
        ax = self.fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(self.xmin, self.xmax)
        ax.set_ylim(bottom, top)
        ax.set_axis_off()
        self.ax = ax
        font = 11.0
        # A light card behind the board keeps the caption readable on dark notebook themes.
        self.background = Rectangle((self.xmin, bottom), width, height, facecolor=BACKGROUND,
                                    edgecolor="none", gid="background")
        self.cell: dict[Hex, tuple[Any, ...]] = {}
        self.coords: dict[Hex, Text] = {}
        for h, (x, y) in zip(self.hexes, centers):
            cell = RegularPolygon((x, y), 6, radius=0.97, orientation=0.0, facecolor=HEX_FILL,
                                  edgecolor=HEX_EDGE, linewidth=1.0, gid=hex_id("hex", h))
            ship = Circle((x, y), SHIP_RADIUS, linewidth=1.2, edgecolor="white",
                          gid=hex_id("ship", h), visible=False)
            label = Text(x, y, "", ha="center", va="center_baseline", fontsize=font,
                         fontweight="bold", gid=hex_id("label", h), visible=False)
            target = RegularPolygon((x, y), 6, radius=0.86, orientation=0.0, fill=False,
                                    edgecolor=TARGET_EDGE, linewidth=2.6,
                                    gid=hex_id("target", h), visible=False)
            self.cell[h] = (cell, ship, label, target)
            # the hex's q,r low in the hex, below any ship; a click on it clicks the hex
            self.coords[h] = Text(x, y - 0.79, f"{h.q},{h.r}".replace("-", "\N{MINUS SIGN}"),
                                  ha="center", va="center", fontsize=6, color=COORD_COLOR,
                                  gid=hex_id("hex", h))
        # Up to two hint outlines (a placement, or an attack's origin and target).
        self.hint_patches = []
        for _ in range(2):
            hint = RegularPolygon((0, 0), 6, radius=0.9, orientation=0.0, fill=False,
                                  edgecolor=HINT_EDGE, linewidth=2.6, linestyle=(0, (3, 2)))
            self.hint_patches.append(hint)
        self.hint_arrow = FancyArrowPatch((0, 0), (1, 1), arrowstyle="-|>", mutation_scale=14,
                                          color=HINT_EDGE, linewidth=2.0, shrinkA=10,
                                          shrinkB=10, gid="hintarrow")
        # The reserve of the player to move, centred under the board.
        middle = (self.xmin + self.xmax) / 2.0
        self.reserve_title = Text(self.xmin + 0.4, self.reserve_y, "", ha="left",
                                  va="center", fontsize=font, gid="reservetitle")
        self.reserve: dict[int, tuple[Any, Any, Any]] = {}
        for k, engines in enumerate(ENGINE_TYPES):
            x = middle + (k - 0.5) * 2.6
            disc = Circle((x, self.reserve_y), SHIP_RADIUS, linewidth=1.2, edgecolor="white",
                          gid=f"reserve_{engines}")
            digit = Text(x, self.reserve_y, str(engines), ha="center", va="center_baseline",
                         fontsize=font, fontweight="bold", gid=f"reservelabel_{engines}")
            count = Text(x + 0.75, self.reserve_y, "", ha="left", va="center",
                         fontsize=font - 1, gid=f"reservecount{engines}")
            self.reserve[engines] = (disc, digit, count)
        self.caption = Text(self.xmin + 0.4, top - 0.75, "", ha="left", va="center",
                            fontsize=font + 1, gid="caption")
        # The artists are drawn one by one into the SVG renderer, never through the axes
        # (adding them there would compute data limits and clip paths we do not need).
        for artist in self._artists():
            self._attach(artist)
        self._pieces: dict[tuple[Any, ...], str] = {}
        w_pt, h_pt = width * UNIT_INCHES * 72, height * UNIT_INCHES * 72
        self._canvas = SVGCanvas(w_pt, h_pt)
        self._header = self._canvas.header + BOARD_OPEN
        # Once every ship is placed the reserve strip under the board is empty: a shorter
        # viewBox cuts it off (SVG y grows downwards, so the pieces stay where they are).
        strip_pt = (RESERVE_STRIP - 0.3) * UNIT_INCHES * 72
        self._header_short = SVGCanvas(w_pt, h_pt - strip_pt).header + BOARD_OPEN

    def _artists(self) -> list[Any]:
        found = [self.background] + [a for parts in self.cell.values() for a in parts]
        found += list(self.coords.values())
        found += self.hint_patches + [self.hint_arrow, self.reserve_title, self.caption]
        found += [a for parts in self.reserve.values() for a in parts]
        return found

    def _attach(self, artist: Any) -> None:
        artist.set_figure(self.fig)
        artist.set_transform(self.ax.transData)
        artist.set_clip_on(False)  # nothing leaves the board; clipping costs time

    # --- pieces ------------------------------------------------------------
    def _render(self, *artists: Any) -> str:
        """Matplotlib's SVG for these artists, drawn in this order (invisible ones skipped)."""
        return compact_svg(self._canvas.render(a for a in artists if a.get_visible()))

    def _hex_piece(self, h: Hex, lit: bool, ship: tuple[int, int, bool] | None,
                   coordinates: bool) -> str:
        key = (h, lit, ship, coordinates)
        piece = self._pieces.get(key)
        if piece is None:
            # Built from smaller pieces, each drawn once: a new ship costs its disc and digit,
            # a selection only the disc, a highlight only the hex and its outline.
            cell, disc, label, target = self.cell[h]
            parts = [self._piece(("cell", h, lit), lambda: cell.set_facecolor(
                TARGET_FILL if lit else HEX_FILL), cell)]
            if ship is not None:
                owner, engines, chosen = ship

                def paint_disc() -> None:
                    disc.set_visible(True)
                    disc.set_facecolor(PLAYER_COLORS[owner % len(PLAYER_COLORS)])
                    disc.set_edgecolor(SELECTED_EDGE if chosen else "white")
                    disc.set_linewidth(3.2 if chosen else 1.2)

                def paint_label() -> None:
                    label.set_visible(True)
                    label.set_text(str(engines))
                    label.set_color(LABEL_COLORS[owner % len(LABEL_COLORS)])
                parts.append(self._piece(("disc", h, owner, chosen), paint_disc, disc))
                parts.append(self._piece(("label", h, engines, LABEL_COLORS[
                    owner % len(LABEL_COLORS)]), paint_label, label))
            if lit:
                parts.append(self._piece(("target", h), lambda: target.set_visible(True),
                                         target))
            if coordinates:   # last, on a patch of the hex's colour: outlines cross it
                label = self.coords[h]
                fill = TARGET_FILL if lit else HEX_FILL
                parts.append(self._piece(("coordinate", h, fill), lambda: label.set_bbox(dict(
                    boxstyle="round,pad=0.1", facecolor=fill, edgecolor="none")), label))
            piece = self._pieces[key] = "".join(parts)
        return piece

    def _piece(self, key: tuple[Any, ...], prepare: Any, *artists: Any) -> str:
        piece = self._pieces.get(key)
        if piece is None:
            prepare()
            piece = self._pieces[key] = self._render(*artists)
        return piece

    def svg(self, state: ZyrcanState, selected: Hex | int | None, highlight: frozenset[Hex],
            hint: Any, show_attacks: bool, default_type: int | None = None,
            show_coordinates: bool = False) -> str:
        ships = state.ships()  # the public API: the engine's internal board may change
        chosen_hex = selected if isinstance(selected, Hex) else None
        parts = [self._header if state.phase == PLACEMENT else self._header_short,
                 self._piece(("background",), lambda: None, self.background)]
        for h in self.hexes:
            ship = ships.get(h)
            look = None if ship is None else (ship.owner, ship.engines, h == chosen_hex)
            parts.append(self._hex_piece(h, h in highlight, look, show_coordinates))
        if show_attacks:
            parts.append(self._attack_arrows(state))
        parts.extend(self._hint_pieces(hint, state))
        chosen_type = selected if isinstance(selected, int) and not isinstance(
            selected, bool) else None
        parts.extend(self._reserve_pieces(state, chosen_type, default_type))
        text = _caption(state)
        parts.append(self._piece(("caption", text), lambda: self.caption.set_text(text),
                                 self.caption))
        parts.append(BOARD_CLOSE)
        return "".join(parts)

    def _hint_pieces(self, hint: Any, state: ZyrcanState) -> list[str]:
        spots: list[Hex] = []
        end = None
        if isinstance(hint, Place):
            spots = [hint.at]
        elif isinstance(hint, Attack):
            ship = state.ship_at(hint.origin)
            end = (None if ship is None
                   else state.game.landing(hint.origin, ship.engines, hint.direction))
            spots = [hint.origin] + ([end] if end is not None else [])
        pieces = []
        for patch, spot in zip(self.hint_patches, spots):
            def place(p: Any = patch, at: Hex = spot) -> None:
                p.xy = hex_center(at)
                p.set_gid(hex_id("hint", at))
            pieces.append(self._piece(("hint", spot), place, patch))
        if end is not None and isinstance(hint, Attack):
            start_xy, end_xy = hex_center(hint.origin), hex_center(end)
            pieces.append(self._piece(("hintarrow", hint.origin, end),
                                      lambda: self.hint_arrow.set_positions(start_xy, end_xy),
                                      self.hint_arrow))
        return pieces

    def _reserve_pieces(self, state: ZyrcanState, chosen: int | None,
                        default: int | None) -> list[str]:
        if state.phase != PLACEMENT:
            return []
        player = state.to_move
        title = f"{PLAYER_NAMES[player % 5]} places:"
        pieces = [self._piece(("rtitle", title), lambda: self.reserve_title.set_text(title),
                              self.reserve_title)]
        reserve = state.reserve(player)
        for engines in ENGINE_TYPES:
            count = reserve.get(engines, 0)
            disc, digit, counter = self.reserve[engines]

            # A chosen type gets a solid dark rim, the type a hex click would place anyway
            # (the default) a dashed one, the others their white rim.
            look = "chosen" if chosen == engines else ("default" if default == engines else "")

            def prepare(n: int = count, look: str = look, disc: Any = disc, digit: Any = digit,
                        counter: Any = counter) -> None:
                disc.set_facecolor(PLAYER_COLORS[player % 5] if n else "#d4d4d4")
                disc.set_edgecolor(SELECTED_EDGE if look else "white")
                disc.set_linewidth({"chosen": 3.2, "default": 2.0}.get(look, 1.2))
                disc.set_linestyle((0, (2, 1.5)) if look == "default" else "solid")
                digit.set_color(LABEL_COLORS[player % 5] if n else "#737373")
                counter.set_text(f"×{n}")
            pieces.append(self._piece(("reserve", engines, player, count, look),
                                      prepare, disc, digit, counter))
        return pieces

    def _attack_arrows(self, state: ZyrcanState) -> str:
        """One arrow per edge of the attack graph, each drawn once and kept like the rest."""
        pieces = []
        for u, v, owner in sorted(attack_edges(state)):
            key = ("arrow", u, v, owner)
            piece = self._pieces.get(key)
            if piece is None:
                arrow = FancyArrowPatch(hex_center(u), hex_center(v), arrowstyle="-|>",
                                        mutation_scale=12, linewidth=1.6, shrinkA=12,
                                        shrinkB=13, color=PLAYER_COLORS[owner % 5], alpha=0.9,
                                        connectionstyle="arc3,rad=0.12",
                                        gid=f"attack-{u.q}-{u.r}-{v.q}-{v.r}")
                self._attach(arrow)
                piece = self._pieces[key] = self._render(arrow)
            pieces.append(piece)
        return "".join(pieces)


_BOARDS: "OrderedDict[tuple[Hex, ...], _Board]" = OrderedDict()
_BOARDS_KEPT = 8


def _board_for(game: ZyrcanGame) -> _Board:
    key = game.hexes
    board = _BOARDS.get(key)
    if board is None:
        board = _BOARDS[key] = _Board(game)
        while len(_BOARDS) > _BOARDS_KEPT:
            _BOARDS.popitem(last=False)
    else:
        _BOARDS.move_to_end(key)
    return board


def _caption(state: ZyrcanState) -> str:
    if state.phase == OVER:
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            return "Game over"
        names = " and ".join(PLAYER_NAMES[p % 5] for p in outcome.winners)
        return f"Game over: {names} {'win' if len(outcome.winners) > 1 else 'wins'}"
    phase = "placement" if state.phase == PLACEMENT else "attack"
    return f"{PLAYER_NAMES[state.to_move % 5]} to move · {phase} phase"


def draw_svg(state: ZyrcanState, selected: Hex | int | None = None,
             highlight: Iterable[Hex] = (), *, hint: Any = None,
             show_attacks: bool = False, default_type: int | None = None,
             show_coordinates: bool = False) -> str:
    """The board as an SVG string.

    ``selected``: a hex (its ship gets a thick outline) or an engine count (that reserve
    ship gets a solid outline; ``default_type``: the type a click on a hex would place when
    none is chosen, dashed). ``highlight``: hexes outlined as targets (``target_<q>_<r>``).
    ``hint``: a move to mark. ``show_attacks``: overlay the attack graph, an arrow from
    every ship to every enemy it could destroy next (ZY-07 … ZY-10), whoever's turn it is.
    ``show_coordinates``: write each hex's ``q,r`` in it, as moves and messages name hexes.
    Same arguments, same bytes.
    """
    board = _board_for(state.game)
    return board.svg(state, selected, frozenset(highlight), hint, show_attacks, default_type,
                     show_coordinates)


def draw_attack_graph(state: ZyrcanState, **kwargs: Any) -> str:
    """The board with the attack graph drawn over it (arrows attacker -> victim)."""
    return draw_svg(state, show_attacks=True, **kwargs)


def picture(state: ZyrcanState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, **kwargs), "Zyrcan board")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "hex_center", "hex_id", "parse_id", "attack_edges",
           "draw_svg", "draw_attack_graph", "picture", "SVGPicture"]
