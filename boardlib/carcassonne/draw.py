"""Drawing Carcassonne with The Tunnel: a state becomes plain SVG (:mod:`boardlib.svg`).

Two pictures make a live board (issue 17, item 4):

* the **map** (:func:`draw_svg`), shown in a pan-and-zoom view: the laid tiles, the places
  where the next tile can go, follower spots, followers, tunnel openings and tokens;
* the **hand** (:func:`draw_hand`), beside it at a constant size: the tile in hand with its
  rotate buttons, the tunnel-token sets of the player to move and the score track.

Tile ``(x, y)`` is the square of side :data:`UNIT` around ``(x * UNIT, -y * UNIT)`` (north
up). Fields are green, cities brown with white pennants, roads white with a dark edge,
cloisters slate squares (SURFACES["carcassonne"]); a tunnel opening (TU-04) is a dark arch
on its road, never a disc, so that it cannot be taken for a follower. A follower is its
seat's shape and letter in its seat's colour (:func:`boardlib.svg.Drawing.seat_token`); a
farmer lies on a bar. A tunnel token is a plank in its owner's colour with the owner's
letter and the number of the set (TU-02: "R2" is Red's second pair).

Clickable elements (ids from :mod:`boardlib.svg.ids`), each with a ``<title>`` and an
``aria-label`` in words:

* ``place_<x>_<y>``            an empty place next to the land (CB-04); class ``fit`` where
                               the tile in hand fits turned as chosen, ``hint`` if hinted
* ``tile_<x>_<y>``             the tile laid this turn (class ``new``)
* ``spot_<x>_<y>_<i>``         where a follower may go on feature ``i`` of the new tile (CB-06)
* ``follower_<x>_<y>_<i>``     a follower standing on feature ``i``
* ``opening_<x>_<y>_<d>``      a tunnel opening on side ``d`` (0 N, 1 E, 2 S, 3 W), with its
                               token if one claims it (class ``token``)
* ``hand_0``                   the tile in hand (a click turns it clockwise)
* ``turn_1`` / ``turn_3``      a quarter turn clockwise / anticlockwise
* ``colour_<k>``               tunnel-token set ``COLOURS[k]`` of the player to move (TU-03)

Pure drawing: no widgets, no rules beyond asking the state. Same arguments, same bytes.
"""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Sequence
from xml.etree.ElementTree import Element

from boardlib.svg import (HINT, INK, SELECTED, SURFACES, BoardSVG, Drawing, SVGPicture,
                          element_id, seat, seat_colors, seat_names)
from boardlib.svg.builder import PieceCache
from boardlib.svg.marks import MarkLayer, Spot, draw_marks

from .rules import (AFTER, COLOURS, OVER, TILE, CarcassonneGame, CarcassonneState,
                    PlaceFollower, PlaceTile, PlaceTunnelToken)
from .tiles import CITY, CLOISTER, DIRS, FIELD, ROAD, TILE_TYPES, Feature

PLAYER_COLORS: tuple[str, ...] = seat_colors(5)
PLAYER_NAMES: tuple[str, ...] = seat_names(5)

SURFACE = SURFACES["carcassonne"]
FIELD_FILL = SURFACE["field"]
CITY_FILL = SURFACE["city"]
ROAD_COLOR = SURFACE["road"]
CLOISTER_FILL = SURFACE["cloister"]
FIELD_EDGE = "#55772f"
CITY_EDGE = "#5b3d27"
ROAD_EDGE = "#5d5d5d"
PENNANT_FILL = "#ffffff"
OPENING_FILL = "#262626"   # a tunnel's mouth; no seat is black or dark grey (palette)
FIT_FILL = "#fff1a8"
PLACE_FILL = "#ffffff"
TABLE = "#eef2e6"          # around the land
UNIT = 60.0                # a tile's side, in the drawing's units (pixels at 1:1)
FOLLOWER_RADIUS = 0.17 * UNIT   # every seat shape >= 14 px across on a 48 px tile
SPOT_RADIUS = 0.11 * UNIT
ASPECT = 0.62              # height / width of the map picture and of its window
LEAST_COLUMNS = 7          # the map picture is at least this many tiles wide ...
VIEW_COLUMNS = 11          # ... and the view shows at most this many at first (>= 48 px each)

Point = tuple[float, float]

CSS = (".bl-carcassonne .click:hover .cell{stroke:#111;stroke-width:2.5}"
       f".bl-carcassonne .place .cell{{fill:{PLACE_FILL};fill-opacity:0.35;stroke:#555;"
       "stroke-width:1.2;stroke-dasharray:5 3}"
       f".bl-carcassonne .place.fit .cell{{fill:{FIT_FILL};fill-opacity:0.95}}"
       ".bl-carcassonne .overlay{pointer-events:none}"
       # the hand view's own status and why-not lines are not used (the map's are)
       ".boardlib-hand .boardlib-status,.boardlib-hand .boardlib-why{display:none}")

# Edge midpoints of the unit tile, N E S W (v up); half-edges NL NR EL ER SL SR WL WR.
MID = ((0.0, 0.5), (0.5, 0.0), (0.0, -0.5), (-0.5, 0.0))
HALF = ((-0.25, 0.5), (0.25, 0.5), (0.5, 0.25), (0.5, -0.25),
        (0.25, -0.5), (-0.25, -0.5), (-0.5, -0.25), (-0.5, 0.25))
SIDE_WORDS = ("north", "east", "south", "west")


def turn(point: Point, quarter_turns: int) -> Point:
    """Rotate a tile-local point (v up) clockwise by quarter turns."""
    u, v = point
    for _ in range(quarter_turns % 4):
        u, v = v, -u
    return u, v


def local(point: Point, rotation: int, scale: float = UNIT) -> Point:
    """A tile-local point (v up, unrotated) in SVG units around the tile's centre."""
    u, v = turn(point, rotation)
    return (u * scale, -v * scale)


def centre(x: int, y: int) -> Point:
    return (x * UNIT, -y * UNIT)


def city_polygon(edges: Iterable[int]) -> list[Point]:
    """A city shape touching exactly the given sides (tile-local, unrotated, v up)."""
    es = sorted(edges)
    if len(es) == 4:
        return [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)]
    if len(es) == 3:
        missing = ({0, 1, 2, 3} - set(es)).pop()
        shape = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (0.22, -0.18), (-0.22, -0.18),
                 (-0.5, -0.5)]
        return [turn(p, missing - 2) for p in shape]
    if len(es) == 2 and (es[1] - es[0]) % 2 == 0:
        shape = [(-0.5, 0.5), (0.5, 0.5), (0.2, 0.0), (0.5, -0.5), (-0.5, -0.5), (-0.2, 0.0)]
        return [turn(p, es[0]) for p in shape]
    if len(es) == 2:
        first = es[0] if (es[0] + 1) % 4 == es[1] else es[1]
        return [turn(p, first) for p in [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5)]]
    shape = [(-0.5, 0.5), (0.5, 0.5), (0.32, 0.28), (-0.32, 0.28)]
    return [turn(p, es[0]) for p in shape]


def feature_point(feature: Feature, index: int, letter: str) -> Point:
    """Where a follower stands on a feature (tile-local, unrotated, v up)."""
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


def opening_point(side: int) -> Point:
    """Where a tunnel opening sits: on its road, short of the tile's centre (unrotated)."""
    u, v = MID[side]
    return (u * 0.34, v * 0.34)


# --- one tile's picture -------------------------------------------------------------------

def draw_arch(d: Drawing, parent: Element, at: Point, outward: Point, size: float) -> None:
    """A tunnel opening (TU-04): a dark arch, its flat side towards the tile's centre and its
    dome towards ``outward`` (a unit vector). Never a disc: a disc looked like a follower."""
    from boardlib.svg import num

    (px, py), (ox, oy) = at, outward
    nx, ny = -oy, ox                    # along the base of the arch
    a = (px + nx * size - ox * size * 0.5, py + ny * size - oy * size * 0.5)
    b = (px - nx * size - ox * size * 0.5, py - ny * size - oy * size * 0.5)
    d.path(parent, f"M{num(a[0])},{num(a[1])} A{num(size)},{num(size)} 0 0 0 "
           f"{num(b[0])},{num(b[1])} Z", fill=OPENING_FILL, stroke="#ffffff", stroke_width=1.2)


def _path(points: Sequence[Point], closed: bool) -> str:
    from boardlib.svg import num

    text = "M" + " L".join(f"{num(x)},{num(y)}" for x, y in points)
    return text + (" Z" if closed else "")


def draw_tile_body(d: Drawing, parent: Element, letter: str, rotation: int,
                   scale: float = UNIT) -> None:
    """The land of one tile around ``(0, 0)``: field, cities, roads, cloister, pennants."""
    h = scale / 2
    d.rect(parent, -h, -h, scale, scale, fill=FIELD_FILL, stroke=FIELD_EDGE,
           stroke_width=0.8, cls="cell")

    def at(p: Point) -> Point:
        return local(p, rotation, scale)

    cities, roads, pennants, squares = [], [], [], []
    tile = TILE_TYPES[letter]
    for i, f in enumerate(tile.features):
        if f.kind == CITY:
            cities.append(_path([at(p) for p in city_polygon(f.edges)], True))
            if f.pennants:
                cx, cy = feature_point(f, i, letter)
                pennants.append(_path([at((cx - 0.09, cy + 0.2)), at((cx + 0.09, cy + 0.2)),
                                       at((cx, cy + 0.04))], True))
        elif f.kind == ROAD:
            if len(f.edges) == 2:
                a, b = MID[f.edges[0]], MID[f.edges[1]]
                pts = [((1 - t) ** 2 * a[0] + t ** 2 * b[0], (1 - t) ** 2 * a[1] + t ** 2 * b[1])
                       for t in (k / 6 for k in range(7))]
                roads.append(_path([at(p) for p in pts], False))
            else:
                a = MID[f.edges[0]]
                stop = {"cloister": 0.34, "houses": 0.3, "city": 0.4}.get(str(f.inner_end),
                                                                          0.0)
                end = opening_point(f.edges[0]) if f.is_opening else (a[0] * stop,
                                                                      a[1] * stop)
                roads.append(_path([at(a), at(end)], False))
                if f.inner_end == "houses":
                    squares.append(((a[0] * 0.22, a[1] * 0.22), 0.07, "#e0c9a6", CITY_EDGE))
        elif f.kind == CLOISTER:
            squares.append(((0.0, 0.0), 0.17, CLOISTER_FILL, "#3b2f45"))
    if any(f.kind == ROAD and f.inner_end == "junction" for f in tile.features):
        squares.append(((0.0, 0.0), 0.08, "#7a6a55", "none"))
    if cities:
        d.path(parent, " ".join(cities), fill=CITY_FILL, stroke=CITY_EDGE, stroke_width=0.8)
    if roads:
        joined = " ".join(roads)
        d.path(parent, joined, fill="none", stroke=ROAD_EDGE, stroke_width=0.1 * scale)
        d.path(parent, joined, fill="none", stroke=ROAD_COLOR, stroke_width=0.062 * scale)
    for (u, v), half, fill, edge in squares:
        cx, cy = at((u, v))
        d.rect(parent, cx - half * scale, cy - half * scale, 2 * half * scale,
               2 * half * scale, fill=fill, stroke=edge, stroke_width=0.8)
    if pennants:
        d.path(parent, " ".join(pennants), fill=PENNANT_FILL, stroke=CITY_EDGE,
               stroke_width=0.6)
    for f in tile.features:
        if f.is_opening:
            side = f.edges[0]
            draw_arch(d, parent, at(opening_point(side)), local(MID[side], rotation, 2.0),
                      0.12 * scale)


_TILES = PieceCache(size=4096)


def _draw_tile(d: Drawing, parent: Element | None, x: int, y: int, letter: str,
               rotation: int) -> None:
    """Tile ``letter`` laid at ``x, y`` (drawn once per place and turn, then reused)."""
    cx, cy = centre(x, y)

    def draw(g: Element) -> None:
        group = d.group(g, transform=f"translate({cx:g},{cy:g})", cls="tile")
        draw_tile_body(d, group, letter, rotation)
    d.piece(parent, _TILES, (x, y, letter, rotation % 4), draw)


# --- words --------------------------------------------------------------------------------

def token_set(game: CarcassonneGame, colour: str) -> tuple[int, int]:
    """(owner, number of the set from 1) of a tunnel-token colour (TU-02)."""
    return game.token_set(colour)


def token_label(game: CarcassonneGame, colour: str) -> str:
    """The letters on a token: the owner's letter, and the set's number if they have more."""
    owner, number = token_set(game, colour)
    return seat(owner).letter + (str(number) if len(game.colours_of[owner]) > 1 else "")


def token_words(game: CarcassonneGame, colour: str) -> str:
    """A token set in words: "Red 2" (Red's second pair) or "Red" (their only pair)."""
    owner, number = token_set(game, colour)
    many = len(game.colours_of[owner]) > 1
    return seat(owner).name + (f" {number}" if many else "")


def feature_words(feature: Feature) -> str:
    if feature.kind in (CITY, ROAD):
        where = "+".join(DIRS[d] for d in feature.edges)
        return f"{feature.kind} {where}"
    if feature.kind == FIELD:
        return "field"
    return "cloister"


def caption(state: CarcassonneState) -> str:
    scores = "  ".join(f"{seat(p).name} {s}" for p, s in enumerate(state.scores))
    if state.phase == OVER:
        outcome = state.outcome()
        winners = " and ".join(seat(p).name for p in (outcome.winners if outcome else ()))
        verb = "win" if " and " in winners else "wins"
        return f"Game over: {winners} {verb} · {scores}"
    left = len(state.deck) - state.drawn
    doing = "lays a tile" if state.phase == TILE else "may place a follower / token"
    return f"{seat(state.player).name} {doing} · {left} tiles left · {scores}"


# --- the map ------------------------------------------------------------------------------

def map_box(state: CarcassonneState) -> tuple[float, float, float, float]:
    """The map picture's viewBox ``(x, y, width, height)``: the land and its free places with
    half a tile around, at least :data:`LEAST_COLUMNS` wide, widened or heightened to
    :data:`ASPECT` (so the view's window keeps one shape)."""
    cells = list(state.board) + list(state.frontier)
    xs = [x for x, _ in cells]
    ys = [-y for _, y in cells]
    left, right = (min(xs) - 1.0) * UNIT, (max(xs) + 1.0) * UNIT
    top, bottom = (min(ys) - 1.0) * UNIT, (max(ys) + 1.0) * UNIT
    width = max(right - left, LEAST_COLUMNS * UNIT, (bottom - top) / ASPECT)
    height = width * ASPECT
    cx, cy = (left + right) / 2, (top + bottom) / 2
    return (cx - width / 2, cy - height / 2, width, height)


def view_window(state: CarcassonneState, at: tuple[int, int],
                width: float | None = None) -> list[float]:
    """A window of the map around tile ``at`` (``[]``: the whole map fits at a readable size).
    ``width``: the window's width in map units (default :data:`VIEW_COLUMNS` tiles)."""
    x0, y0, full_w, full_h = map_box(state)
    width = VIEW_COLUMNS * UNIT if width is None else width
    if width >= full_w - 1e-6:
        return []
    height = width * ASPECT
    cx, cy = centre(*at)
    x = min(max(cx - width / 2, x0), x0 + full_w - width)
    y = min(max(cy - height / 2, y0), y0 + full_h - height)
    return [round(x, 2), round(y, 2), round(width, 2), round(height, 2)]


def draw_svg(state: CarcassonneState, rotation: int = 0, *, colour: str | None = None,
             hint: Any = None, show_places: bool = True, show_graph: bool = False,
             controls: bool = True, caption_line: bool = False,
             marks: MarkLayer | None = None) -> BoardSVG:
    """The map as SVG.

    ``rotation``: how the tile in hand is turned; places where it fits so are ``fit``.
    ``colour``: the tunnel-token colour a click on an opening uses (said in its words).
    ``hint``: a move to mark. ``show_graph``: overlay the feature graph
    (:func:`feature_graph_overlay`). ``controls=False``: a picture of a position, with nothing
    to click (no places, no follower spots). ``caption_line``: say whose turn it is and the
    scores above the map (static pictures; a live board's status line says it).
    ``marks``: the last moves' or an *Explain* step's marks (:mod:`boardlib.svg.marks`),
    at the places the teacher names (:func:`mark_spot`): the laid tile outlined (CB-04),
    a follower (CB-06) or token (TU-03) ringed, a scored feature's segments (CB-07..CB-12).
    """
    x0, y0, width, height = map_box(state)
    strip = 0.5 * UNIT if caption_line else 0.0
    words = caption(state)
    d = Drawing(width, height + strip, min_x=x0, min_y=y0 - strip,
                title=f"Carcassonne map: {words}", kind="carcassonne", css=CSS,
                pixel_width=min(900.0, width))
    d.rect(None, x0, y0 - strip, width, height + strip, fill=TABLE)
    if caption_line:
        d.text(None, x0 + 0.15 * UNIT, y0 - strip / 2, words, size=15.0, anchor="start",
               cls="caption")
    board = state.board
    placed = state.placed if state.phase == AFTER else None
    legal = state.legal_moves() if controls and not state.is_terminal() else ()
    for (x, y), (letter, r) in sorted(board.items()):
        if (x, y) == placed:
            continue
        _draw_tile(d, None, x, y, letter, r)
    hint_at = _hint_spot(state, hint)
    if state.phase == TILE and show_places and controls:
        fitting = {m.position for m in legal if isinstance(m, PlaceTile)
                   and m.rotation == rotation % 4}
        for (x, y) in sorted(state.frontier):
            _draw_place(d, x, y, (x, y) in fitting, (x, y) == hint_at, rotation)
    if placed is not None:
        letter, r = board[placed]
        group = d.clickable(None, element_id("tile", *placed),
                            f"{placed[0]},{placed[1]}: tile {letter} laid this turn"
                            + (" (the hint)" if hint_at == placed else ""),
                            cls="new" + (" hint" if hint_at == placed else ""))
        _draw_tile(d, group, placed[0], placed[1], letter, r)
    claimable = frozenset(m.opening for m in legal if isinstance(m, PlaceTunnelToken))
    for (x, y, side) in sorted(state.openings):
        _draw_opening(d, state, x, y, DIRS.index(side), colour, claimable, hint)
    if show_graph:
        feature_graph_overlay(d, state)
    if placed is not None:
        _draw_spots(d, state, placed, legal, hint)
    for ((x, y), i), player in sorted(state.followers.items()):
        _draw_follower(d, state, x, y, i, player)
    overlay = d.group(None, cls="overlay")
    if placed is not None:
        cx, cy = centre(*placed)
        d.rect(overlay, cx - UNIT / 2, cy - UNIT / 2, UNIT, UNIT, fill="none",
               stroke=SELECTED, stroke_width=3.0)
    if hint_at is not None:
        cx, cy = centre(*hint_at)
        d.rect(overlay, cx - UNIT * 0.47, cy - UNIT * 0.47, UNIT * 0.94, UNIT * 0.94,
               fill="none", stroke=HINT, stroke_width=3.5, stroke_dasharray="7 4")
    draw_marks(d, short_labels(marks), lambda at: mark_spot(state, at))
    return d.to_svg()


class ShownMark(NamedTuple):
    """A mark as the map draws it (:class:`boardlib.svg.marks.MarkLike`)."""

    kind: str
    at: Any
    seat: int | None
    label: str


def short_labels(layer: MarkLayer | None) -> MarkLayer | None:
    """The layer with word labels left out ("knight", "blue": the follower's shape and the
    token's plank say them; a badge holds a few characters), "+8" and "2" kept."""
    if not layer:
        return layer
    marks = tuple(ShownMark(m.kind, m.at, m.seat, m.label if len(m.label) <= 3 else "")
                  for m in layer.marks)
    return MarkLayer(marks, layer.css_class, layer.fresh)


def mark_spot(state: CarcassonneState, at: Any) -> Spot | None:
    """Where a teacher's mark place is on the map (``boardlib.carcassonne.teaching``): a
    tile or free place ``(x, y)`` -> its square; a feature segment ``((x, y), i)`` -> where
    a follower stands on it; a tunnel opening ``(x, y, side)`` -> its arch. ``None``: not
    on the map."""
    if not isinstance(at, tuple):
        return None
    if len(at) == 2 and all(type(v) is int for v in at):
        if at not in state.board and at not in state.frontier:   # off the map
            return None
        x, y = at
        cx, cy = centre(x, y)
        h = UNIT * 0.47
        return Spot((cx, cy), [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h),
                               (cx - h, cy + h)], element_id("tile", x, y), UNIT * 0.45)
    if len(at) == 2 and isinstance(at[0], tuple) and type(at[1]) is int:
        (x, y), i = at
        if (x, y) not in state.board:
            return None
        letter, r = state.board[(x, y)]
        features = TILE_TYPES[letter].features
        if not 0 <= i < len(features):
            return None
        cx, cy = centre(x, y)
        u, v = local(feature_point(features[i], i, letter), r)
        return Spot((cx + u, cy + v), (), element_id("follower", x, y, i),
                    FOLLOWER_RADIUS * 1.25)
    if len(at) == 3 and isinstance(at[2], str) and at[2] in DIRS:
        x, y, side = at
        if (x, y) not in state.board:
            return None
        r = state.board[(x, y)][1]
        k = DIRS.index(side)
        cx, cy = centre(x, y)
        u, v = local(opening_point((k - r) % 4), r)
        return Spot((cx + u, cy + v), (), element_id("opening", x, y, k), 0.2 * UNIT)
    return None


_PIECES = PieceCache(size=4096)   # places, openings, followers: a click redraws few of them


def _draw_place(d: Drawing, x: int, y: int, fit: bool, hinted: bool, rotation: int) -> None:
    d.piece(None, _PIECES, ("place", x, y, fit, hinted, rotation % 4),
            lambda g: _place(d, g, x, y, fit, hinted, rotation))


def _place(d: Drawing, parent: Element, x: int, y: int, fit: bool, hinted: bool,
           rotation: int) -> None:
    turned = f"turned {90 * (rotation % 4)}°"
    label = (f"{x},{y}: free place, the tile fits here {turned}" if fit else
             f"{x},{y}: free place, the tile does not fit here {turned}")
    classes = "place" + (" fit" if fit else "") + (" hint" if hinted else "")
    group = d.clickable(parent, element_id("place", x, y), label + (" (the hint)" if hinted
                                                                   else ""), cls=classes)
    cx, cy = centre(x, y)
    d.rect(group, cx - UNIT * 0.46, cy - UNIT * 0.46, UNIT * 0.92, UNIT * 0.92, cls="cell",
           pointer_events="all")
    if fit:
        d.circle(group, cx, cy, 0.07 * UNIT, fill="#8a7400")


def _draw_opening(d: Drawing, state: CarcassonneState, x: int, y: int, side: int,
                  colour: str | None, claimable: frozenset[Any], hint: Any = None) -> None:
    game = state.game
    letter, r = state.board[(x, y)]
    # the opening's place on the tile: its road's inner end, turned with the tile
    base = (side - r) % 4
    cx, cy = centre(x, y)
    u, v = local(opening_point(base), r)
    px, py = cx + u, cy + v
    claimed = state.tokens.get((x, y, DIRS[side]))
    can = (x, y, DIRS[side]) in claimable
    if claimed is not None:
        label = (f"{x},{y}: tunnel opening {SIDE_WORDS[side]}, claimed by a "
                 f"{token_words(game, claimed)} token")
    elif can and colour is not None:
        label = (f"{x},{y}: tunnel opening {SIDE_WORDS[side]}, free: click for a "
                 f"{token_words(game, colour)} token (TU-03)")
    else:
        label = f"{x},{y}: tunnel opening {SIDE_WORDS[side]}, free"
    token = None if claimed is None else (seat(token_set(game, claimed)[0]),
                                          token_label(game, claimed))
    hinted = isinstance(hint, PlaceTunnelToken) and hint.opening == (x, y, DIRS[side])
    if hinted:
        label += " (the hint)"
    key = ("opening", x, y, side, r, label, token, hinted)
    d.piece(None, _PIECES, key, lambda g: _opening(d, g, x, y, side, label, (px, py),
                                                   local(MID[base], r, 2.0), token, hinted))


def _opening(d: Drawing, parent: Element, x: int, y: int, side: int, label: str, at: Point,
             outward: Point, token: tuple[Any, str] | None, hinted: bool = False) -> None:
    px, py = at
    group = d.clickable(parent, element_id("opening", x, y, side), label,
                        cls="opening" + (" token" if token else "") + (" hint" if hinted else ""))
    d.circle(group, px, py, 0.16 * UNIT, fill="none", pointer_events="all",
             stroke=HINT if hinted else None, stroke_width=3.0 if hinted else None,
             stroke_dasharray="4 2" if hinted else None)
    draw_arch(d, group, at, outward, 0.12 * UNIT)
    if token is not None:
        look, text = token
        w, h = 0.3 * UNIT, 0.2 * UNIT
        d.rect(group, px - w / 2, py - h / 2, w, h, rx=3.0, fill=look.color, stroke=INK,
               stroke_width=1.2)
        d.text(group, px, py, text, size=0.15 * UNIT, weight="bold", fill=look.ink)


def _draw_spots(d: Drawing, state: CarcassonneState, placed: tuple[int, int],
                legal: Sequence[Any], hint: Any) -> None:
    free = {m.feature for m in legal if isinstance(m, PlaceFollower)}
    letter, r = state.board[placed]
    labels = state.oriented_at(placed).labels
    cx, cy = centre(*placed)
    for i, f in enumerate(TILE_TYPES[letter].features):
        if labels[i] not in free:
            continue
        u, v = local(feature_point(f, i, letter), r)
        hinted = isinstance(hint, PlaceFollower) and hint.feature == labels[i]
        group = d.clickable(None, element_id("spot", placed[0], placed[1], i),
                            f"{placed[0]},{placed[1]}: {labels[i]}, free: click to put a "
                            f"{seat(state.player).name} follower here (CB-06)"
                            + (" (the hint)" if hinted else ""),
                            cls="spot" + (" hint" if hinted else ""))
        d.circle(group, cx + u, cy + v, SPOT_RADIUS, fill="#ffffff", stroke=HINT if hinted
                 else INK, stroke_width=2.5 if hinted else 1.5, fill_opacity="0.9")


def _draw_follower(d: Drawing, state: CarcassonneState, x: int, y: int, i: int,
                   player: int) -> None:
    letter, r = state.board[(x, y)]
    label = state.oriented_at((x, y)).labels[i]
    d.piece(None, _PIECES, ("follower", x, y, i, player, letter, r, label),
            lambda g: _follower(d, g, x, y, i, player, letter, r, label))


def _follower(d: Drawing, parent: Element, x: int, y: int, i: int, player: int, letter: str,
              r: int, label: str) -> None:
    f = TILE_TYPES[letter].features[i]
    farmer = f.kind == FIELD
    look = seat(player)
    role = "farmer" if farmer else "follower"
    group = d.clickable(parent, element_id("follower", x, y, i),
                        f"{x},{y}: {look.name} {role} on {label}", cls="follower")
    cx, cy = centre(x, y)
    u, v = local(feature_point(f, i, letter), r)
    if farmer:   # lying in the field: on a bar
        d.rect(group, cx + u - FOLLOWER_RADIUS * 1.3, cy + v + FOLLOWER_RADIUS * 0.75,
               FOLLOWER_RADIUS * 2.6, FOLLOWER_RADIUS * 0.5, fill=INK)
    d.seat_token(group, look, cx + u, cy + v, FOLLOWER_RADIUS, outline="#ffffff"
                 if look.ink == "#ffffff" else INK, outline_width=1.4)


def _hint_spot(state: CarcassonneState, hint: Any) -> tuple[int, int] | None:
    if isinstance(hint, PlaceTile):
        return hint.position
    if isinstance(hint, (PlaceFollower, PlaceTunnelToken)) and state.placed is not None:
        x, y = state.placed
        return (int(x), int(y))
    return None


GRAPH_COLORS = ("#e6194b", "#4363d8", "#f58231", "#911eb4", "#0fa3b1", "#f032e6",
                "#3cb44b", "#9a6324", "#000075", "#808000", "#800000", "#469990")
"""One colour per connected feature of the overlay, in turn."""


def feature_graph_overlay(d: Drawing, state: CarcassonneState) -> Element:
    """The feature graph over the map, in a group that takes no clicks (class ``overlay
    featuregraph``): a dot per node of :func:`boardlib.carcassonne.features.feature_graph`
    (a feature segment of a laid tile) where a follower would stand, a line per edge across a
    matching tile edge (CB-04), a dashed arc per finished tunnel (TU-05); one colour per
    connected component: one road, city, cloister or field (CB-06)."""
    import networkx as nx   # only when the overlay is asked for

    from boardlib.svg import num

    from .features import feature_graph

    graph = feature_graph(state)
    where: dict[Any, Point] = {}
    for node in graph:
        (x, y), i = node
        letter, r = state.board[(x, y)]
        cx, cy = centre(x, y)
        u, v = local(feature_point(TILE_TYPES[letter].features[i], i, letter), r)
        where[node] = (cx + u, cy + v)
    comps = sorted((sorted(c) for c in nx.connected_components(graph)), key=lambda c: c[0])
    colour_of = {node: GRAPH_COLORS[k % len(GRAPH_COLORS)]
                 for k, comp in enumerate(comps) for node in comp}

    def pt(p: Point) -> str:
        return f"{num(p[0])},{num(p[1])}"

    lines: dict[str, list[str]] = {}
    arcs: dict[str, list[str]] = {}
    for a, b in sorted((min(e), max(e)) for e in graph.edges()):
        pa, pb = where[a], where[b]
        if graph.edges[a, b].get("via") == "tunnel":
            bow = ((pa[0] + pb[0]) / 2 - 0.25 * (pb[1] - pa[1]),
                   (pa[1] + pb[1]) / 2 + 0.25 * (pb[0] - pa[0]))
            arcs.setdefault(colour_of[a], []).append(f"M{pt(pa)} Q{pt(bow)} {pt(pb)}")
        else:
            lines.setdefault(colour_of[a], []).append(f"M{pt(pa)} L{pt(pb)}")
    group = d.group(None, cls="overlay featuregraph")
    for c in sorted(lines):
        d.path(group, " ".join(lines[c]), fill="none", stroke=c, stroke_width=2.0,
               stroke_opacity="0.9")
    for c in sorted(arcs):
        d.path(group, " ".join(arcs[c]), fill="none", stroke=c, stroke_width=2.2,
               stroke_dasharray="5 3")
    dots: dict[str, list[Any]] = {}
    for node in sorted(graph):
        dots.setdefault(colour_of[node], []).append(where[node])
    for c in sorted(dots):
        g = d.group(group, fill=c, stroke="#ffffff", stroke_width=0.8, cls="nodes")
        for x, y in dots[c]:
            d.circle(g, x, y, 0.055 * UNIT)
    return group


# --- the hand: tile in hand, rotate buttons, token sets, score track -----------------------

HAND_WIDTH = 300.0
HAND_TILE = 80.0
TRACK_LAP = 50      # points per lap, as on the printed scoring track
TRACK_ROW = 20.0
TRACK_LEFT = 142.0  # the right column: tiles left, supply, score track


def token_colours(state: CarcassonneState) -> list[str]:
    """Token colours the player to move could put down now (the sets beside the map)."""
    game = state.game
    if game.options["tu_v3"]:
        return [c for c in COLOURS if c in game.colours_in_play and state.token_count(c) < 2]
    return [c for c in game.colours_of[state.player] if state.token_count(c) < 2]


def hand_height(state: CarcassonneState, controls: bool = True) -> float:
    """The hand picture's height: the tile or the score track, whichever is taller, and
    the row of token sets after a tile is laid in a game with The Tunnel."""
    game = state.game
    tunnel_row = 36.0 if state.phase == AFTER and game.options["tunnel"] and controls else 0.0
    return max(HAND_TILE + 32.0, 66.0 + TRACK_ROW * game.num_players + 6.0) + tunnel_row


def draw_hand(state: CarcassonneState, rotation: int = 0, *, colour: str | None = None,
              controls: bool = True) -> BoardSVG:
    """The part of the board beside the map, always the same size: the tile in hand (click:
    turn it) with ↻ ↺ (CB-04), the tiles left and the supply, the score track, and after a
    tile is laid the token sets to choose from (TU-03)."""
    game = state.game
    height = hand_height(state, controls)
    d = Drawing(HAND_WIDTH, height, title="Carcassonne: tile in hand and scores",
                kind="carcassonne", css=CSS, pixel_width=HAND_WIDTH)
    d.rect(None, 0, 0, HAND_WIDTH, height, fill="#fdfcf8")
    left, top = 8.0, 6.0
    if state.phase == TILE and state.tile is not None:
        turned = rotation % 4
        words = (f"tile {state.tile} in hand, turned {90 * turned}°: click to turn it a "
                 "quarter clockwise (R)" if controls else f"next tile: {state.tile}")
        group = (d.clickable(None, "hand_0", words, cls="hand") if controls
                 else d.group(None, cls="hand"))
        g = d.group(group, transform=f"translate({left + HAND_TILE / 2:g},"
                                     f"{top + HAND_TILE / 2:g})")
        draw_tile_body(d, g, state.tile, turned, HAND_TILE)
        d.text(None, left + HAND_TILE / 2, top + HAND_TILE + 13, f"tile {state.tile} · "
               f"{90 * turned}°", size=13.0)
        if controls:
            for k, (quarters, arrow, say) in enumerate(((1, "↻", "clockwise (R)"),
                                                        (3, "↺", "anticlockwise (Shift+R)"))):
                bx, by = left + HAND_TILE + 25, top + 18 + 42 * k
                button = d.clickable(None, element_id("turn", quarters),
                                     f"turn the tile a quarter {say}", cls="turn")
                d.circle(button, bx, by, 16.0, fill="#f4f4f4", stroke="#555555",
                         stroke_width=1.2)
                d.text(button, bx, by, arrow, size=19.0)
    elif state.phase == AFTER:
        for k, line in enumerate(("Tile laid:", "a follower", "or a token,", "then End turn")):
            d.text(None, left, top + 12 + 18 * k, line, size=13.0, anchor="start")
    x0 = TRACK_LEFT
    left_over = len(state.deck) - state.drawn
    d.text(None, x0, top + 10, f"{left_over} tile{'s' * (left_over != 1)} left", size=13.0,
           anchor="start")
    if state.phase != OVER:
        look = seat(state.player)
        d.seat_token(None, look, x0 + 9, top + 32, 9.0, label_size=11.0)
        d.text(None, x0 + 22, top + 32, f"{state.supply[state.player]} followers left",
               size=13.0, anchor="start")
    score_track(d, state, x0, top + 46)
    if height > hand_height(state, False):
        y = height - 34.0
        colours = token_colours(state)
        d.text(None, left, y + 14, "token set (TU-03):" if colours else "no tokens left",
               size=13.0, anchor="start")
        for k, name in enumerate(colours):
            owner, _ = token_set(game, name)
            look = seat(owner)
            chosen = name == colour
            count = 2 - state.token_count(name)
            button = d.clickable(None, element_id("colour", COLOURS.index(name)),
                                 f"tunnel tokens {token_words(game, name)}, {count} left"
                                 + (" (chosen)" if chosen else ""),
                                 cls="colour" + (" selected" if chosen else ""))
            bx = left + 128 + 52 * k
            d.rect(button, bx, y + 2, 44, 24, rx=4.0, fill=look.color,
                   stroke=SELECTED if chosen else "#9ca3af", stroke_width=3.5 if chosen else 1.0)
            d.text(button, bx + 22, y + 14, token_label(game, name), size=13.0, weight="bold",
                   fill=look.ink)
    return d.to_svg()


def score_track(d: Drawing, state: CarcassonneState, x0: float, y0: float) -> None:
    """The score track: per player their piece, a bar against laps of 50 points (past 50
    the track stretches to the next lap) and the score; the player to move in bold."""
    scores = state.scores
    lap = TRACK_LAP * max(1, -(-max(scores) // TRACK_LAP))
    mover = state.player if state.phase != OVER else -1
    d.text(None, x0, y0 + 8, f"score track (0–{lap})", size=12.0, anchor="start",
           fill="#444444", cls="track")
    bar_x, bar_w = x0 + 20, 56.0
    for p, score in enumerate(scores):
        look = seat(p)
        y = y0 + 18 + TRACK_ROW * p + TRACK_ROW / 2
        row = d.group(None, cls="track-row" + (" moving" if p == mover else ""))
        d.seat_token(row, look, x0 + 8, y, 8.0, outline=SELECTED if p == mover else INK,
                     outline_width=2.5 if p == mover else 1.0, label_size=11.0)
        d.rect(row, bar_x, y - 5, bar_w, 10, fill="#eeeeee", stroke="#999999",
               stroke_width=0.6)
        if score > 0:
            d.rect(row, bar_x, y - 5, bar_w * min(score, lap) / lap, 10, fill=look.color,
                   cls="bar")
        d.text(row, bar_x + bar_w + 6, y, f"{look.name} {score}", size=13.0, anchor="start",
               weight="bold" if p == mover else None)


# --- pictures -----------------------------------------------------------------------------

def picture(state: CarcassonneState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell: the map with a caption line (same
    arguments as :func:`draw_svg`; without the live board's controls unless
    ``controls=True``)."""
    kwargs.setdefault("controls", False)
    kwargs.setdefault("caption_line", True)
    return SVGPicture(draw_svg(state, **kwargs), "Carcassonne board")


def draw_tile(letter: str, rotation: int = 0) -> SVGPicture:
    """One tile on its own (for the notebook's tile gallery)."""
    side = 72.0
    d = Drawing(side, side, min_x=-side / 2, min_y=-side / 2, title=f"tile {letter}",
                kind="carcassonne", css=CSS, pixel_width=side)
    draw_tile_body(d, d.group(None, cls="tile"), letter, rotation, side - 4)
    return SVGPicture(d.to_svg(), f"tile {letter}")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "SURFACE", "UNIT", "ASPECT", "VIEW_COLUMNS",
           "draw_svg", "draw_hand", "picture", "draw_tile", "map_box", "view_window",
           "feature_point", "opening_point", "SVGPicture", "caption", "score_track",
           "feature_graph_overlay", "GRAPH_COLORS", "token_set", "token_label",
           "token_words", "token_colours", "feature_words", "turn", "local", "centre",
           "mark_spot"]
