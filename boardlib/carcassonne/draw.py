"""Drawing Carcassonne with matplotlib: a state becomes a deterministic SVG string.

Tile ``(x, y)`` is the unit square around ``(x, y)`` with north up. Fields are green,
cities brown with white pennant triangles, roads white lines, cloisters slate squares, tunnel
openings dark discs (TU-04) and tunnel tokens small squares in their colour (TU-03).
Every clickable thing has a stable id that the board widget reports (see
:mod:`boardlib.widgets`):

* ``tile_<x>_<y>``            a laid tile
* ``place_<x>_<y>``           an empty place next to the land (CB-04); ``fit_<x>_<y>`` marks
                              the places where the tile in hand fits turned as chosen
* ``spot_<x>_<y>_<i>``        where a follower may go on feature ``i`` of the new tile (CB-06)
* ``follower_<x>_<y>_<i>``    a follower standing on feature ``i``
* ``opening_<x>_<y>_<side>``  a tunnel opening (side ``N E S W``); ``token_<x>_<y>_<side>``
                              the token claiming it
* ``hand_0``                  the drawn tile beside the board (click: turn it clockwise)
* ``turn_1`` / ``turn_3``     the rotate buttons beside it: a quarter turn clockwise /
                              anticlockwise
* ``colour_<name>``           the tunnel-token colours of the player to move
* ``hint_<x>_<y>``            a place marked by a hint

Pure drawing: no widgets here. Same state and arguments, same bytes.
"""
from __future__ import annotations

import html
import io
import re
from typing import Any, Iterable

from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, PathPatch, Rectangle
from matplotlib.path import Path

from boardlib.legacy_matplotlib import SVGCanvas, svg_settings
from boardlib.svg import SVGPicture

from .rules import (AFTER, COLOURS, OVER, TILE, CarcassonneState, PlaceFollower, PlaceTile,
                    PlaceTunnelToken)
from .tiles import CITY, CLOISTER, DIRS, FIELD, ROAD, TILE_TYPES, Feature, oriented

PLAYER_COLORS: tuple[str, ...] = ("#1f5fbf", "#d62728", "#2ca02c", "#e6b800", "#222222")
PLAYER_NAMES: tuple[str, ...] = ("Blue", "Red", "Green", "Yellow", "Black")
TOKEN_COLORS = {"blue": "#1f5fbf", "red": "#d62728", "green": "#2ca02c", "yellow": "#e6b800",
                "black": "#222222", "grey": "#8c8c8c"}
FIELD_FILL = "#9ccc65"
CITY_FILL = "#b5835a"
CITY_EDGE = "#6d4c33"
ROAD_COLOR = "#fafafa"
# Pieces of the land in colours no player has (a red cloister looked like a red monk).
CLOISTER_FILL = "#6c5b7b"
PENNANT_FILL = "#ffffff"
FIT_FILL = "#fff1a8"
# An empty place is painted, barely: an unpainted inside would let clicks fall through it.
PLACE_FILL = (1.0, 1.0, 1.0, 0.01)
HINT_EDGE = "#7c3aed"
UNIT_INCHES = 0.7

# Edge midpoints of the unit tile, N E S W (y up).
MID = ((0.0, 0.5), (0.5, 0.0), (0.0, -0.5), (-0.5, 0.0))
# Half-edge anchor points NL NR EL ER SL SR WL WR (left/right looking outward).
HALF = ((-0.25, 0.5), (0.25, 0.5), (0.5, 0.25), (0.5, -0.25),
        (0.25, -0.5), (-0.25, -0.5), (-0.5, -0.25), (-0.5, 0.25))
CORNER = {(0, 1): (0.5, 0.5), (1, 2): (0.5, -0.5), (2, 3): (-0.5, -0.5), (3, 0): (-0.5, 0.5)}


def _turn(point: tuple[float, float], quarter_turns: int) -> tuple[float, float]:
    """Rotate a tile-local point clockwise by quarter turns."""
    u, v = point
    for _ in range(quarter_turns % 4):
        u, v = v, -u
    return u, v


def _city_polygon(edges: Iterable[int]) -> list[tuple[float, float]]:
    """A city shape touching exactly the given sides (tile-local, unrotated frame)."""
    es = sorted(edges)
    if len(es) == 4:
        return [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)]
    if len(es) == 3:  # open side: the missing one; shape built for missing S, then turned
        missing = ({0, 1, 2, 3} - set(es)).pop()
        shape = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (0.22, -0.18), (-0.22, -0.18),
                 (-0.5, -0.5)]
        return [_turn(p, missing - 2) for p in shape]
    if len(es) == 2 and (es[1] - es[0]) % 2 == 0:  # opposite sides: a band (N+S form)
        shape = [(-0.5, 0.5), (0.5, 0.5), (0.2, 0.0), (0.5, -0.5), (-0.5, -0.5), (-0.2, 0.0)]
        return [_turn(p, es[0]) for p in shape]
    if len(es) == 2:  # adjacent sides: the triangle over their corner (N+E form)
        first = es[0] if (es[0] + 1) % 4 == es[1] else es[1]
        shape = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5)]
        return [_turn(p, first) for p in shape]
    shape = [(-0.5, 0.5), (0.5, 0.5), (0.32, 0.28), (-0.32, 0.28)]  # one side (N form)
    return [_turn(p, es[0]) for p in shape]


def feature_point(feature: Feature, index: int, letter: str) -> tuple[float, float]:
    """Where a follower stands on a feature (tile-local, unrotated)."""
    if feature.kind == CLOISTER:
        return (0.0, 0.0)
    if feature.kind == CITY:
        xs = [MID[d] for d in feature.edges]
        if len(xs) == 4:
            return (0.0, 0.12)
        return (sum(p[0] for p in xs) / len(xs) * 0.8, sum(p[1] for p in xs) / len(xs) * 0.8)
    if feature.kind == ROAD:
        if len(feature.edges) == 1:  # out towards the edge, clear of a tunnel opening
            u, v = MID[feature.edges[0]]
            return (u * 0.76, v * 0.76)
        a, b = (MID[d] for d in feature.edges)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        return (mid[0] * 0.6, mid[1] * 0.6) if mid != (0.0, 0.0) else (0.0, 0.0)
    pts = [HALF[h] for h in feature.edges]
    u = sum(p[0] for p in pts) / len(pts)
    v = sum(p[1] for p in pts) / len(pts)
    if abs(u) < 0.05 and abs(v) < 0.05:  # a field all round: stand near a free corner
        u, v = pts[0]
    return (u * 0.78, v * 0.78)


def opening_point(side: int) -> tuple[float, float]:
    """Where a tunnel opening sits: on its road, short of the tile's centre (unrotated)."""
    u, v = MID[side]
    return (u * 0.34, v * 0.34)


def _add(ax: Any, patch: Any) -> None:
    """Add a patch without the data-limit update of ``add_patch`` (limits are set by hand)."""
    patch.set_clip_on(False)
    ax.add_artist(patch)


def _compound(polys: list[list[tuple[float, float]]], closed: bool) -> Path:
    """Many shapes as one path, so the SVG has one element for all of them (drawing speed)."""
    verts: list[tuple[float, float]] = []
    codes: list[int] = []
    for poly in polys:
        verts += poly
        codes += [Path.MOVETO] + [Path.LINETO] * (len(poly) - 1)
        if closed:
            verts.append(poly[0])
            codes.append(Path.CLOSEPOLY)
    return Path(verts or [(0, 0)], codes or [Path.MOVETO])


class _Painter:
    """Collects the shapes of many tiles, then adds them as a few compound patches.

    One patch per kind of thing (all fields, all cities, all roads ...) keeps the picture
    to a handful of SVG elements however big the land grows; only clickable things get
    patches of their own.
    """

    def __init__(self, ax: Any) -> None:
        self.ax = ax
        self.land: list[list[tuple[float, float]]] = []
        self.cities: list[list[tuple[float, float]]] = []
        self.pennants: list[list[tuple[float, float]]] = []
        self.roads: list[list[tuple[float, float]]] = []
        self.squares: dict[str, list[list[tuple[float, float]]]] = {
            "junction": [], "cloister": [], "houses": []}
        self.scale = 1.0

    def tile(self, x: float, y: float, letter: str, rotation: int,
             scale: float = 1.0) -> None:
        self.scale = scale

        def at(p: tuple[float, float]) -> tuple[float, float]:
            u, v = _turn(p, rotation)
            return (x + u * scale, y + v * scale)

        def square(kind: str, centre: tuple[float, float], half: float) -> None:
            cx, cy = at(centre)
            h = half * scale
            self.squares[kind].append([(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h),
                                       (cx - h, cy + h)])

        h = 0.5 * scale
        self.land.append([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)])
        tile = TILE_TYPES[letter]
        for i, f in enumerate(tile.features):
            if f.kind == CITY:
                self.cities.append([at(p) for p in _city_polygon(f.edges)])
                if f.pennants:
                    cx, cy = feature_point(f, i, letter)
                    self.pennants.append([at((cx - 0.09, cy + 0.17)), at((cx + 0.09, cy + 0.17)),
                                          at((cx, cy - 0.01))])
            elif f.kind == ROAD:
                if len(f.edges) == 2:
                    a, b = MID[f.edges[0]], MID[f.edges[1]]
                    # A gentle curve through the centre, as a few straight pieces.
                    pts = []
                    for k in range(7):
                        t = k / 6
                        pts.append(((1 - t) ** 2 * a[0] + t ** 2 * b[0],
                                    (1 - t) ** 2 * a[1] + t ** 2 * b[1]))
                    self.roads.append([at(p) for p in pts])
                else:
                    a = MID[f.edges[0]]
                    end = opening_point(f.edges[0]) if f.is_opening else (
                        (a[0] * 0.34, a[1] * 0.34) if f.inner_end == CLOISTER else
                        (a[0] * 0.3, a[1] * 0.3) if f.inner_end == "houses" else
                        (a[0] * 0.4, a[1] * 0.4) if f.inner_end == "city" else (0.0, 0.0))
                    self.roads.append([at(a), at(end)])
                    if f.inner_end == "houses":
                        square("houses", (a[0] * 0.22, a[1] * 0.22), 0.07)
            elif f.kind == CLOISTER:
                square("cloister", (0.0, 0.0), 0.17)
        if any(f.kind == ROAD and f.inner_end == "junction" for f in tile.features):
            square("junction", (0.0, 0.0), 0.08)

    def artists(self, gid: str | None = None, parts: str = "part") -> list[Any]:
        """The collected shapes as a few patches; the land carries ``gid``.

        The other shapes get ids ``<parts>-<k>`` without an underscore, so the board widget
        never takes them for clickable things (and matplotlib writes no counter-based ids,
        which would make the SVG depend on drawing history).
        """
        s = self.scale
        out = [PathPatch(_compound(self.land, True), facecolor=FIELD_FILL, edgecolor="#55772f",
                         linewidth=0.8, gid=gid)]
        if self.cities:
            out.append(PathPatch(_compound(self.cities, True), facecolor=CITY_FILL,
                                 edgecolor=CITY_EDGE, linewidth=0.8))
        if self.roads:
            out.append(PathPatch(_compound(self.roads, False), facecolor="none",
                                 edgecolor="#5d5d5d", linewidth=5.2 * s, capstyle="butt"))
            out.append(PathPatch(_compound(self.roads, False), facecolor="none",
                                 edgecolor=ROAD_COLOR, linewidth=3.2 * s, capstyle="butt"))
        looks = {"junction": ("#7a6a55", "none"), "cloister": (CLOISTER_FILL, "#3b2f45"),
                 "houses": ("#e0c9a6", "#6d4c33")}
        for kind, shapes in self.squares.items():
            if shapes:
                face, edge = looks[kind]
                out.append(PathPatch(_compound(shapes, True), facecolor=face, edgecolor=edge,
                                     linewidth=0.8))
        if self.pennants:
            out.append(PathPatch(_compound(self.pennants, True), facecolor=PENNANT_FILL,
                                 edgecolor=CITY_EDGE, linewidth=0.6))
        for k, artist in enumerate(out[1:], 1):
            artist.set_gid(f"{parts}-{k}")
        return out

    def flush(self, gid: str) -> None:
        for artist in self.artists(gid, gid):
            _add(self.ax, artist)


def _figure(xmin: float, xmax: float, ymin: float, ymax: float) -> tuple[Figure, Any]:
    width, height = xmax - xmin, ymax - ymin
    fig = Figure(figsize=(width * UNIT_INCHES, height * UNIT_INCHES), dpi=72)
    FigureCanvasSVG(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(ymin, ymax)
    ax.set_axis_off()
    return fig, ax


def _svg(fig: Figure) -> str:
    buffer = io.StringIO()
    with svg_settings():
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def caption(state: CarcassonneState) -> str:
    scores = "  ".join(f"{PLAYER_NAMES[p]} {s}" for p, s in enumerate(state.scores))
    if state.phase == OVER:
        winners = " and ".join(PLAYER_NAMES[p] for p in state.outcome().winners)
        verb = "win" if " and " in winners else "wins"
        return f"Game over: {winners} {verb} · {scores}"
    left = len(state.deck) - state.drawn
    doing = "lays a tile" if state.phase == TILE else "may place a follower / token"
    return f"{PLAYER_NAMES[state.player]} {doing} · {left} tiles left · {scores}"


class _Canvas:
    """One huge, fixed SVG canvas whose pieces are drawn once and then reused.

    Tile ``(x, y)`` always lands on the same SVG coordinates, so the SVG text of a tile, a
    place, a follower ... can be kept and a redraw only joins pieces; each picture then
    crops the canvas to the board with its ``viewBox``. Only pieces never seen before cost
    matplotlib time (about a millisecond each).
    """

    def __init__(self) -> None:
        side = 2 * CANVAS_SPAN * UNIT_INCHES
        self.fig = Figure(figsize=(side, side), dpi=72)
        FigureCanvasSVG(self.fig)
        self.ax = self.fig.add_axes((0.0, 0.0, 1.0, 1.0))
        self.ax.set_xlim(-CANVAS_SPAN, CANVAS_SPAN)
        self.ax.set_ylim(-CANVAS_SPAN, CANVAS_SPAN)
        self.ax.set_axis_off()
        self.size = side * 72  # points
        self._canvas = SVGCanvas(self.size, self.size)
        self.header = self._canvas.header
        self.pieces: dict[tuple[Any, ...], str] = {}

    def piece(self, key: tuple[Any, ...], make: Any) -> str:
        """The SVG of the artists ``make()`` returns, drawn once per ``key``."""
        found = self.pieces.get(key)
        if found is None:
            if len(self.pieces) > PIECES_KEPT:
                self.pieces.clear()
            found = self.pieces[key] = self.render(make())
        return found

    def render(self, artists: list[Any]) -> str:
        """The SVG of ``artists`` on this canvas, not kept."""
        for artist in artists:
            artist.set_figure(self.fig)
            artist.set_transform(self.ax.transData)
            artist.set_clip_on(False)
        return self._canvas.render(artists)

    def document(self, body: list[str], xmin: float, xmax: float, ymin: float,
                 ymax: float) -> str:
        """The pieces cropped to the data box ``xmin..xmax, ymin..ymax``."""
        unit = UNIT_INCHES * 72
        vx = (xmin + CANVAS_SPAN) * unit
        vy = self.size - (ymax + CANVAS_SPAN) * unit
        vw, vh = (xmax - xmin) * unit, (ymax - ymin) * unit
        header = re.sub(r'width="[^"]*" height="[^"]*" viewBox="[^"]*"',
                        f'width="{vw:.1f}pt" height="{vh:.1f}pt" '
                        f'viewBox="{vx:.1f} {vy:.1f} {vw:.1f} {vh:.1f}"', self.header, count=1)
        return "".join([header, ' <g id="board">\n'] + body + [" </g>\n</svg>\n"])


CANVAS_SPAN = 110  # tiles from the centre each way: more than any land can reach (76 tiles)
PIECES_KEPT = 20_000
_CANVAS: list[_Canvas] = []


def _canvas() -> _Canvas:
    if not _CANVAS:
        _CANVAS.append(_Canvas())
    return _CANVAS[0]


def _tile_artists(x: float, y: float, letter: str, rotation: int, gid: str, parts: str,
                  scale: float = 1.0) -> list[Any]:
    painter = _Painter(None)
    painter.tile(x, y, letter, rotation, scale=scale)
    return painter.artists(gid, parts)


def draw_svg(state: CarcassonneState, rotation: int = 0, *, colour: str | None = None,
             hint: Any = None, show_places: bool = True, show_graph: bool = False,
             controls: bool = True) -> str:
    """The board as an SVG string.

    ``rotation``: how the tile in hand is turned (quarter turns clockwise); the places where
    it fits so turned are filled (``fit_<x>_<y>``). ``colour``: the tunnel-token colour
    chosen. ``hint``: a move to mark. ``show_graph``: overlay the feature graph (see
    :func:`feature_graph_svg`). ``controls=False`` leaves out what only a live board
    needs (places, follower spots, turn buttons, token colours): a picture of a position.
    Same arguments, same bytes.
    """
    show_places = show_places and controls
    canvas = _canvas()
    piece = canvas.piece
    board = state.board
    xs = [x for x, _ in board] + [x for x, _ in state.frontier]
    ys = [y for _, y in board] + [y for _, y in state.frontier]
    xmin, xmax = min(xs) - 0.6, max(xs) + 0.6 + 1.8  # room for the tile in hand
    text = caption(state)      # 9 pt letters are about a tenth of a tile wide: room for them
    xmax = max(xmax, xmin + 0.2 + 0.105 * len(text))
    ymin, ymax = min(ys) - 0.6 - 0.6, max(ys) + 0.6 + 0.5  # swatches below, caption above
    # The hand tile, its label and the score track (one row per player) always fit.
    ymin = min(ymin, ymax - TRACK_TOP - TRACK_ROW * state.game.num_players - 0.1)
    body: list[str] = []
    for (x, y), (letter, r) in board.items():
        body.append(piece(("tile", x, y, letter, r),
                          lambda x=x, y=y, letter=letter, r=r: _tile_artists(
                              x, y, letter, r, f"tile_{x}_{y}", f"tile-{x}-{y}")))
    if state.placed is not None:
        px, py = state.placed
        body.append(piece(("new", px, py), lambda: [Rectangle(
            (px - 0.5, py - 0.5), 1, 1, fill=False, edgecolor="#111111", linewidth=2.2,
            gid=f"new_{px}_{py}")]))
    if state.phase == TILE and show_places:
        fitting = {m.position for m in state.legal_moves() if m.rotation == rotation % 4}
        for (x, y) in sorted(state.frontier):
            fit = (x, y) in fitting
            body.append(piece(("place", x, y, fit), lambda x=x, y=y, fit=fit: _place(x, y, fit)))
    for (x, y, side) in state.openings:
        name = state.tokens.get((x, y, side))
        body.append(piece(("opening", x, y, side, name),
                          lambda x=x, y=y, side=side, name=name: _opening(x, y, side, name)))
    if show_graph:
        body.append(feature_graph_svg(state))
    if state.phase == AFTER and controls:
        px, py = state.placed
        letter, r = board[state.placed]
        ot = oriented(letter, r)
        legal = {m.feature for m in state.legal_moves() if isinstance(m, PlaceFollower)}
        for i, f in enumerate(TILE_TYPES[letter].features):
            if ot.labels[i] in legal:
                u, v = _turn(feature_point(f, i, letter), r)
                body.append(piece(("spot", px, py, i, u, v), lambda i=i, u=u, v=v: [Circle(
                    (px + u, py + v), 0.08, facecolor="white", edgecolor="#111111",
                    linewidth=1.2, alpha=0.85, gid=f"spot_{px}_{py}_{i}")]))
    for ((x, y), i), player in sorted(state.followers.items()):
        letter, r = board[(x, y)]
        f = TILE_TYPES[letter].features[i]
        u, v = _turn(feature_point(f, i, letter), r)
        body.append(piece(("follower", x, y, i, player, f.kind == FIELD, u, v),
                          lambda x=x, y=y, i=i, player=player, farmer=f.kind == FIELD, u=u,
                          v=v: _follower(x + u, y + v, player, farmer, f"follower_{x}_{y}_{i}")))
    hx, hy = xmax - 1.1, ymax - 1.5
    if state.phase == TILE and state.tile is not None:
        tile, turned = state.tile, rotation % 4
        # The tile's shapes are not clickable; a clear square over them is (``hand_0``).
        body.append(piece(("hand", hx, hy, tile, turned), lambda: _tile_artists(
            hx, hy, tile, turned, "handtile", "handtile", scale=1.2) + [
                Rectangle((hx - 0.6, hy - 0.6), 1.2, 1.2, facecolor=(1, 1, 1, 0.01),
                          edgecolor="none", gid="hand_0")]))
        label = f"tile {tile} · click to turn" if controls else f"next tile: {tile}"
        body.append(_raw_text(hx, hy - 0.85, label, 8, "handlabel_0", anchor="middle"))
        turns = ((0.3, "↻", "turn_1"), (-0.3, "↺", "turn_3")) if controls else ()
        for k, (dy, arrow, name) in enumerate(turns):
            body.append(piece(("turn", hx, hy, k), lambda dy=dy, name=name: [
                Circle((hx + 0.82, hy + dy), 0.16, facecolor="#f4f4f4", edgecolor="#555555",
                       linewidth=1.0, gid=name)]))
            body.append(_raw_text(hx + 0.82, hy + dy, arrow, 10, name.replace("_", "label_"),
                                  anchor="middle"))
    if state.phase == AFTER and state.game.options["tunnel"] and controls:
        colours = _colours_for(state)
        if colours:     # the swatches pick the colour of the next tunnel token (TU-03)
            body.append(_raw_text(xmin + 0.26, ymin + 0.62, "tunnel token colour (TU-03)", 7.5,
                                  "colourlabel", colour="#374151"))
        for k, name in enumerate(colours):
            cx, chosen = xmin + 0.4 + 0.4 * k, name == colour
            body.append(piece(("colour", name, cx, ymin, chosen),
                              lambda name=name, cx=cx, chosen=chosen: [Rectangle(
                                  (cx - 0.14, ymin + 0.16), 0.28, 0.28,
                                  facecolor=TOKEN_COLORS[name],
                                  edgecolor="#111111" if chosen else "white",
                                  linewidth=2.4 if chosen else 1.0, gid=f"colour_{name}")]))
    spot = _hint_spot(state, hint)
    if spot is not None:
        body.append(piece(("hint", spot), lambda: [Rectangle(
            (spot[0] - 0.5, spot[1] - 0.5), 1, 1, fill=False, edgecolor=HINT_EDGE,
            linewidth=2.6, linestyle=(0, (3, 2)), gid=f"hint_{spot[0]}_{spot[1]}")]))
    body.extend(score_track(state, xmax - 1.8, ymax - TRACK_TOP))
    body.append(_raw_text(xmin + 0.1, ymax - 0.25, text, 9, "caption"))
    return canvas.document(body, xmin, xmax, ymin, ymax)


TRACK_TOP = 2.7     # score track: its title this far below the top of the picture
TRACK_ROW = 0.3     # height of one player's row
TRACK_WIDTH = 0.7   # length of a full lap of the track (in tiles)
TRACK_LAP = 50      # points per lap, as on the printed scoring track


FONT = ("font-family: 'DejaVu Sans', 'Bitstream Vera Sans', 'Lucida Grande', 'Verdana', "
        "'Arial', 'Helvetica', sans-serif")


def _xy(x: float, y: float) -> tuple[str, str]:
    """Board coordinates -> SVG coordinates of the shared canvas."""
    unit, size = UNIT_INCHES * 72, _canvas().size
    return f"{(x + CANVAS_SPAN) * unit:.1f}", f"{size - (y + CANVAS_SPAN) * unit:.1f}"


def _raw_text(x: float, y: float, text: str, size: float, gid: str, *, bold: bool = False,
              colour: str = "#000000", anchor: str = "start") -> str:
    """A vertically centred SVG text (``anchor``: start, middle, end), written directly.

    Texts that change with every move (the caption, the scores) are written as SVG here:
    matplotlib's text layout costs several milliseconds per text, which a click cannot
    afford on a full board.
    """
    sx, sy = _xy(x, y)
    weight = "; font-weight: bold" if bold else ""
    return (f'<g id="{gid}"><text x="{sx}" y="{sy}" style="font-size: {size}px; {FONT}{weight}; '
            f'fill: {colour}; text-anchor: {anchor}" dominant-baseline="central">'
            f'{html.escape(text)}</text></g>\n')


def _raw_rect(x: float, y: float, width: float, height: float, gid: str, fill: str,
              stroke: str = "none", stroke_width: float = 0.0) -> str:
    sx, sy = _xy(x, y + height)
    unit = UNIT_INCHES * 72
    return (f'<g id="{gid}"><rect x="{sx}" y="{sy}" width="{width * unit:.1f}" '
            f'height="{height * unit:.1f}" style="fill: {fill}; stroke: {stroke}; '
            f'stroke-width: {stroke_width}"/></g>\n')


def score_track(state: CarcassonneState, x0: float, y0: float) -> list[str]:
    """The score track beside the board: a bar per player in their colour, with the score.

    Bars are drawn against laps of 50 points (the printed track); past 50 the whole track
    stretches to the next lap, so every bar stays comparable. The player to move has a
    black frame and a bold score. Ids (``scoretrack-...``) have no underscore: nothing
    here is clickable. Written as SVG directly (see :func:`_raw_text`).
    """
    scores = state.scores
    lap = TRACK_LAP * max(1, -(-max(scores) // TRACK_LAP))
    mover = state.player if state.phase != OVER else -1
    out = [_raw_text(x0, y0, f"score track (0–{lap})", 7, "scoretrack-title",
                     colour="#444444")]
    for p, score in enumerate(scores):
        y = y0 - TRACK_ROW * (p + 1)
        out.append(_track_row(p, score, lap, p == mover, x0, y))
    return out


def _track_row(player: int, score: int, lap: int, moving: bool, x0: float, y: float) -> str:
    colour = PLAYER_COLORS[player]
    bar_x, h = x0 + 0.2, 0.18
    fill = TRACK_WIDTH * min(score, lap) / lap
    out = [_raw_rect(x0, y - 0.08, 0.16, 0.16, f"scoretrack-{player}", colour,
                     "#111111" if moving else "white", 1.8 if moving else 0.8),
           _raw_rect(bar_x, y - h / 2, TRACK_WIDTH, h, f"scoretrack-{player}-lap", "#eeeeee",
                     "#999999", 0.6)]
    if fill > 0:
        out.append(_raw_rect(bar_x, y - h / 2, fill, h, f"scoretrack-{player}-bar", colour))
    out.append(_raw_text(bar_x + TRACK_WIDTH + 0.06, y, f"{PLAYER_NAMES[player]} {score}", 7,
                         f"scoretrack-{player}-score", bold=moving))
    return "".join(out)


GRAPH_COLORS = ("#e6194b", "#4363d8", "#f58231", "#911eb4", "#0fa3b1", "#f032e6",
                "#3cb44b", "#9a6324", "#000075", "#808000", "#800000", "#469990")
"""One colour per connected feature of the overlay, in turn."""


def feature_graph_svg(state: CarcassonneState) -> str:
    """The feature graph drawn over the board, as an SVG group that takes no clicks.

    A dot for every node of :func:`boardlib.carcassonne.features.feature_graph` (one feature
    segment of a laid tile) where a follower would stand on it; a line for every edge
    across a matching tile edge (CB-04) and a dashed arc through every finished tunnel
    (TU-05). Each connected component -- one road, city, cloister or field (CB-06) -- has
    its own colour. The group has ``pointer-events: none``, so clicks reach the board below.
    """
    from .features import feature_graph  # networkx: only when the overlay is asked for
    import networkx as nx

    graph = feature_graph(state)
    board = state.board
    where: dict[Any, tuple[float, float]] = {}
    for node in graph:
        (x, y), i = node
        letter, r = board[(x, y)]
        u, v = _turn(feature_point(TILE_TYPES[letter].features[i], i, letter), r)
        where[node] = (x + u, y + v)
    comps = sorted((sorted(c) for c in nx.connected_components(graph)), key=lambda c: c[0])
    colour_of = {}
    for k, comp in enumerate(comps):
        for node in comp:
            colour_of[node] = GRAPH_COLORS[k % len(GRAPH_COLORS)]
    # Written as SVG directly (no matplotlib artists): the overlay changes with every move,
    # so nothing of it can be cached, and this keeps it to a few milliseconds.
    unit = UNIT_INCHES * 72
    size = _canvas().size

    def pt(p: tuple[float, float]) -> str:
        return f"{(p[0] + CANVAS_SPAN) * unit:.1f},{size - (p[1] + CANVAS_SPAN) * unit:.1f}"

    lines: dict[str, list[str]] = {}
    arcs: dict[str, list[str]] = {}
    for a, b in sorted((min(e), max(e)) for e in graph.edges()):
        pa, pb = where[a], where[b]
        if graph.edges[a, b].get("via") == "tunnel":
            # A bow to one side, so the tunnel stands out from the edges it runs over.
            bow = ((pa[0] + pb[0]) / 2 - 0.25 * (pb[1] - pa[1]),
                   (pa[1] + pb[1]) / 2 + 0.25 * (pb[0] - pa[0]))
            arcs.setdefault(colour_of[a], []).append(f"M{pt(pa)} Q{pt(bow)} {pt(pb)}")
        else:
            lines.setdefault(colour_of[a], []).append(f"M{pt(pa)} L{pt(pb)}")
    dots: dict[str, list[str]] = {}
    for node in sorted(graph):
        x, y = pt(where[node]).split(",")
        dots.setdefault(colour_of[node], []).append(
            f'<circle cx="{x}" cy="{y}" r="{0.055 * unit:.1f}"/>')
    out = ['<g id="featuregraph" style="pointer-events:none">\n']
    for colour in sorted(lines):
        out.append(f'<path d="{" ".join(lines[colour])}" fill="none" stroke="{colour}" '
                   'stroke-width="1.6" stroke-opacity="0.9"/>\n')
    for colour in sorted(arcs):
        out.append(f'<path d="{" ".join(arcs[colour])}" fill="none" stroke="{colour}" '
                   'stroke-width="1.8" stroke-dasharray="4,2"/>\n')
    for colour in sorted(dots):
        out.append(f'<g fill="{colour}" stroke="white" stroke-width="0.5">'
                   + "".join(dots[colour]) + "</g>\n")
    out.append("</g>\n")
    return "".join(out)


def _place(x: int, y: int, fit: bool) -> list[Any]:
    out = [Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, facecolor=FIT_FILL if fit else PLACE_FILL,
                     edgecolor="#888888", linewidth=1.0, linestyle=(0, (3, 2)),
                     gid=f"place_{x}_{y}")]
    if fit:
        out.append(Circle((x, y), 0.06, facecolor="#b59b00", edgecolor="none",
                          gid=f"fit_{x}_{y}"))
    return out


def _opening(x: int, y: int, side: str, colour_name: str | None) -> list[Any]:
    u, v = opening_point(DIRS.index(side))
    out = [Circle((x + u, y + v), 0.085, facecolor="#2b2b2b", edgecolor="white",
                  linewidth=0.8, gid=f"opening_{x}_{y}_{side}")]
    if colour_name is not None:
        out.append(Rectangle((x + u - 0.07, y + v - 0.07), 0.14, 0.14,
                             facecolor=TOKEN_COLORS[colour_name], edgecolor="white",
                             linewidth=1.0, gid=f"token_{x}_{y}_{side}"))
    return out


def _follower(fx: float, fy: float, player: int, farmer: bool, gid: str) -> list[Any]:
    if farmer:  # farmers lie down in their field: a flat oval (tokens are squares)
        return [Ellipse((fx, fy), 0.3, 0.14, facecolor=PLAYER_COLORS[player],
                        edgecolor="white", linewidth=1.0, gid=gid)]
    return [Circle((fx, fy), 0.11, facecolor=PLAYER_COLORS[player], edgecolor="white",
                   linewidth=1.2, gid=gid)]


def _hint_spot(state: CarcassonneState, hint: Any) -> tuple[int, int] | None:
    if isinstance(hint, PlaceTile):
        return hint.position
    if isinstance(hint, PlaceFollower) and state.placed is not None:
        return state.placed
    if isinstance(hint, PlaceTunnelToken):
        return (hint.opening[0], hint.opening[1])
    return None


def _colours_for(state: CarcassonneState) -> list[str]:
    """Token colours the player to move could use now (for the swatches)."""
    game = state.game
    if game.options["tu_v3"]:
        return [c for c in COLOURS if c in game.colours_in_play and state.token_count(c) < 2]
    return [c for c in game.colours_of[state.player] if state.token_count(c) < 2]


def picture(state: CarcassonneState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``;
    without the live board's controls unless ``controls=True``)."""
    kwargs.setdefault("controls", False)
    return SVGPicture(draw_svg(state, **kwargs), "Carcassonne board")


def draw_tile(letter: str, rotation: int = 0) -> SVGPicture:
    """One tile on its own (for the notebook's tile gallery)."""
    fig, ax = _figure(-0.6, 0.6, -0.6, 0.6)
    paint = _Painter(ax)
    paint.tile(0.0, 0.0, letter, rotation)
    paint.flush(f"tile-{letter}")
    return SVGPicture(_svg(fig), f"tile {letter}")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "TOKEN_COLORS", "draw_svg", "picture", "draw_tile",
           "feature_point", "opening_point", "SVGPicture", "caption", "score_track",
           "feature_graph_svg", "GRAPH_COLORS"]
