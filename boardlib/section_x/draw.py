"""Drawing Section X with matplotlib: a state becomes a deterministic SVG string.

Pointy-top hexes (axial ``q, r``; ``r`` grows downwards): sea-blue ocean fields,
the sandy island in the middle, the six green gates of the free zones at the
corners (SX-I1). A tile is a dark slab with its tunnel parts drawn as light
channels from its middle to the edges they open on (SX-I2); hiding places have a
round chamber. Prisoners are discs in their player's colour, doors are squares.

Clickable ids (any id matching ``^[a-z]+_`` is reported by the board widget):

* ``field_<q>_<r>``         an ocean field (empty or under a tile)
* ``part_<q>_<r>_<i>``      part ``i`` of the tile on ``q,r``
* ``prisoner_<q>_<r>_<i>_<k>`` the ``k``-th prisoner on that part
* ``door_<q>_<r>_<i>``      a door standing on that part
* ``target_<q>_<r>_<i>``    a highlighted destination part; ``targetfield_<q>_<r>`` a field
* ``island_<q>_<r>``        an island field (all stand for the island)
* ``zone_<g>``              the gate of free zone ``g`` (and the prisoner in it)
* ``hand_<k>``              the ``k``-th tile in the hand of the player to move
* ``turn_1`` / ``turn_5``     the rotate buttons: a sixth anticlockwise / clockwise
* ``doorpile_<p>``          player ``p``'s doors not yet on the board

Ids without an underscore (``caption``, ``background``, ``zonelabel3``) are not
clickable.

Speed (a panel click must redraw in a few milliseconds on a board with 40+ tiles): one
figure is made once; the picture is a list of pieces (a field with its tile, the
prisoners on one part, a door, an outline, a hand tile, the caption ...). Each piece is
keyed by everything it shows, drawn by matplotlib's SVG renderer the first time that
key is needed and kept as text; a redraw builds the keys and joins the kept pieces.
Same arguments, same bytes, whichever pieces were drawn before (a test checks it).
"""
from __future__ import annotations

import math
from io import StringIO
from typing import Any, Callable, Iterable

from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Rectangle, RegularPolygon
from matplotlib.text import Text

from boardlib.grids.hex import Hex
from boardlib.legacy_matplotlib import (BOARD_CLOSE, BOARD_OPEN, SQRT3, SVGCanvas, compact_svg,
                                        default_style, hex_center, svg_settings)
from boardlib.svg import SVGPicture, parse_id

from .board import FIELD_INDEX, FIELDS, GATES, IS_OCEAN, ISLAND, ISLAND_FIELDS, is_zone, zone_code
from .rules import OVER, PRISONERS, TILE_PHASE, SectionXState
from .tiles import KIND_BY_NAME, TILE_KINDS, TileKind, part_masks

PLAYER_COLORS: tuple[str, ...] = ("#D55E00", "#0072B2", "#009E73", "#CC79A7")
PLAYER_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Purple")
OCEAN_FILL = "#cfe3f0"
ISLAND_FILL = "#e9d8a6"
GATE_FILL = "#8fcf7f"
TILE_FILL = "#5b4a3a"
CHANNEL = "#f1e6cf"
EDGE = "#7f9bb0"
SELECT_EDGE = "#111111"
TARGET_EDGE = "#f5b800"
HINT_EDGE = "#7c3aed"
BACKGROUND = "#fdfcf8"
UNIT = 0.28                      # inches per hex radius


def edge_mid(center: tuple[float, float], direction: int,
             scale: float = 1.0) -> tuple[float, float]:
    """Middle of the edge of a pointy-top hex towards ``direction`` (0 E … 5 SE)."""
    angle = math.radians(60 * direction)          # 0 E, 1 NE (60°), 2 NW (120°), ...
    r = scale * SQRT3 / 2
    return (center[0] + r * math.cos(angle), center[1] + r * math.sin(angle))


def part_center(center: tuple[float, float], masks: tuple[int, ...], i: int,
                scale: float = 1.0) -> tuple[float, float]:
    """Where part ``i`` is drawn: the middle for one part (or a part through the middle),
    else pulled towards the edges it opens on."""
    ports = [d for d in range(6) if masks[i] >> d & 1]
    if len(masks) == 1 or (len(ports) == 2 and (ports[1] - ports[0]) == 3):
        return center
    mids = [edge_mid(center, d, scale) for d in ports]
    x = sum(p[0] for p in mids) / len(mids)
    y = sum(p[1] for p in mids) / len(mids)
    return (center[0] + 0.8 * (x - center[0]), center[1] + 0.8 * (y - center[1]))


def _tile_artists(center: tuple[float, float], kind: TileKind, rotation: int, ids: str | None,
                  scale: float = 1.0) -> list[Any]:
    """A tile slab with its channels. ``ids``: ``"q_r"`` for a board tile (clickable parts
    ``part_q_r_i``), else a prefix for ids without underscores (a hand tile)."""
    masks = part_masks(kind, rotation)
    board = ids is not None and "_" in ids
    artists: list[Any] = [RegularPolygon(center, 6, radius=0.93 * scale, orientation=0.0,
                                         facecolor=TILE_FILL, edgecolor="none",
                                         gid=f"tilebody_{ids}" if board else f"{ids}-body")]
    rounds: list[Any] = []
    for i, m in enumerate(masks):
        c = part_center(center, masks, i, scale)
        gid = f"part_{ids}_{i}" if board else f"{ids}-part{i}"
        # one polyline per part: out to each opening and back through the middle
        px: list[float] = []
        py: list[float] = []
        for d in range(6):
            if m >> d & 1:
                e = edge_mid(center, d, scale)
                px += [c[0], e[0], math.nan]
                py += [c[1], e[1], math.nan]
        artists.append(Line2D(px, py, color=CHANNEL, zorder=2, linewidth=7.5 * scale,
                              solid_capstyle="butt", gid=gid))
        if kind.hiding:
            rounds.append(Circle(c, 0.42 * scale, facecolor=CHANNEL, edgecolor="#3b2f25",
                                 linewidth=1.0, gid=gid, zorder=2.5))
        else:   # round off the bends in the middle
            rounds.append(Circle(c, 0.16 * scale, facecolor=CHANNEL, edgecolor="none",
                                 gid=gid, zorder=2.5))
    return artists + rounds   # every channel first, then the middles over them


def _part_xy(f: int, look: tuple[str, int], i: int) -> tuple[float, float]:
    """Where part ``i`` of the tile ``look`` (kind name, rotation) on field ``f`` is drawn."""
    kind = KIND_BY_NAME[look[0]]
    masks = part_masks(kind, look[1])
    return part_center(hex_center(FIELDS[f]), masks, i)


Piece = tuple[tuple[Any, ...], Callable[[], list[Any]]]


class _Layout:
    """The figure every Section X board is drawn into, and the kept SVG pieces."""

    def __init__(self) -> None:
        xs = [hex_center(h)[0] for h in FIELDS]
        ys = [hex_center(h)[1] for h in FIELDS]
        self.xmin, self.xmax = min(xs) - 1.3, max(xs) + 1.3
        self.top, self.bottom = max(ys) + 2.1, min(ys) - 4.2
        self.size = ((self.xmax - self.xmin) * UNIT, (self.top - self.bottom) * UNIT)
        self.fig, self.ax = self._figure(72)
        self._pieces: dict[tuple[Any, ...], str] = {}
        self._canvas = SVGCanvas(self.size[0] * 72, self.size[1] * 72, Creator=None)
        self._header = self._canvas.header + BOARD_OPEN

    def _figure(self, dpi: int) -> tuple[Figure, Any]:
        fig = Figure(figsize=self.size, dpi=dpi)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(self.xmin, self.xmax)
        ax.set_ylim(self.bottom, self.top)
        ax.set_axis_off()
        return fig, ax

    @staticmethod
    def _attach(artist: Any, fig: Figure, ax: Any) -> None:
        artist.set_figure(fig)
        artist.set_transform(ax.transData)
        artist.set_clip_on(False)   # nothing leaves the board; clipping costs time

    def svg(self, pieces: list[Piece], overlay: str = "", under: int = 0) -> str:
        """The SVG of ``pieces``, with ``overlay`` (SVG text) drawn under the last ``under``."""
        kept = self._pieces
        missing = [(key, build) for key, build in pieces if key not in kept]
        if missing:
            if len(kept) > 50_000:          # a very long session: start afresh
                kept.clear()
                missing = pieces
            # Matplotlib's own defaults, whatever style the notebook has set.
            with default_style(), svg_settings():
                for key, build in missing:
                    if key not in kept:
                        kept[key] = self._render(build())
        drawn = [kept[key] for key, _ in pieces]
        if overlay:
            drawn.insert(len(drawn) - under, overlay)
        return self._header + "".join(drawn) + BOARD_CLOSE

    def point(self, xy: tuple[float, float]) -> tuple[float, float]:
        """A point in board coordinates, in the SVG's own units (points, y downwards)."""
        unit = UNIT * 72
        return (xy[0] - self.xmin) * unit, (self.top - xy[1]) * unit

    def _render(self, artists: list[Any]) -> str:
        for artist in artists:
            self._attach(artist, self.fig, self.ax)
        return compact_svg(self._canvas.render(artists))


_LAYOUT: _Layout | None = None


def _layout() -> _Layout:
    global _LAYOUT
    if _LAYOUT is None:
        _LAYOUT = _Layout()
    return _LAYOUT


def draw_svg(state: SectionXState, selection: Any = None, *, targets: Iterable[Any] = (),
             hint: Any = None, show_graph: bool = False, show_coordinates: bool = False) -> str:
    """The board as an SVG string (same arguments, same bytes).

    ``selection``: what the player picked: ``("hand", k, rotation)``, ``("tile", Hex)``
    or ``("tile", Hex, rotation)``, ``("from", place code)`` or ``("door", place code |
    None)``; it gets a thick outline (a hand tile, or a board tile being turned, is shown
    turned to ``rotation``). ``targets``: place codes (parts, zones,
    the island) or fields (``Hex``) to outline as legal destinations. ``hint``: a move
    to mark (its fields are outlined in violet). ``show_graph``: overlay the tunnel graph
    and each player's shortest escape route (:func:`tunnel_graph_svg`).
    ``show_coordinates``: label every ocean field with its ``q,r``, as the notebook's
    texts and ``Hex("q,r")`` name them.
    """
    layout = _layout()
    pieces = _board_pieces(layout, state, selection, list(targets), hint, show_coordinates)
    if not show_graph:
        return layout.svg(pieces)
    # the graph lies on the tiles, under prisoners, doors, outlines and the strip
    tiles = sum(1 for key, _ in pieces if key[0] in ("background", "field"))
    return layout.svg(pieces, tunnel_graph_svg(state), under=len(pieces) - tiles)


def _board_pieces(layout: _Layout, state: SectionXState, selection: Any, targets: list[Any],
                  hint: Any, show_coordinates: bool = False) -> list[Piece]:
    """The picture as (key, artist builder) pairs, in drawing order (later on top)."""
    xmin, bottom, top = layout.xmin, layout.bottom, layout.top
    pieces: list[Piece] = [(("background",), lambda: [Rectangle(
        (xmin, bottom), layout.xmax - xmin, top - bottom, facecolor=BACKGROUND,
        edgecolor="none", gid="background")])]
    board = state.board
    looks: dict[int, tuple[str, int]] = {}
    for f, cell in enumerate(board):
        if cell is not None:
            looks[f] = (TILE_KINDS[cell[0]].name, cell[1])
    if isinstance(selection, tuple) and selection[0] == "tile" and len(selection) == 3:
        f = FIELD_INDEX[selection[1]]      # a board tile being turned: show it turned
        if f in looks:
            looks[f] = (looks[f][0], selection[2])
    # fields, each with its tile
    for f, h in enumerate(FIELDS):
        pieces.append((("field", f, looks.get(f)), lambda f=f: _field_artists(f, looks.get(f))))
    target_fields = {t for t in targets if isinstance(t, Hex)}
    target_codes = sorted({t for t in targets if isinstance(t, int)})
    # outlines of the selected, target and hinted fields, under the labels and pieces
    selected_field = (selection[1] if isinstance(selection, tuple) and selection[0] == "tile"
                      else None)
    hint_fields = _hint_fields(hint)
    for f, h in enumerate(FIELDS):
        if h == selected_field or h in target_fields or h in hint_fields:
            edge = (SELECT_EDGE if h == selected_field else
                    TARGET_EDGE if h in target_fields else HINT_EDGE)
            prefix = "targetfield" if h in target_fields else "selectfield"
            pieces.append((("outline", f, edge, prefix), lambda h=h, edge=edge, prefix=prefix: [
                RegularPolygon(hex_center(h), 6, radius=0.88, orientation=0.0, fill=False,
                               edgecolor=edge, linewidth=2.6, gid=f"{prefix}_{h.q}_{h.r}")]))
    if show_coordinates:       # over the outlines, which would hide them
        for f, h in enumerate(FIELDS):
            if IS_OCEAN[f]:
                tiled = f in looks
                pieces.append((("coordinate", f, tiled),
                               lambda h=h, tiled=tiled: [_coordinate_artist(h, tiled)]))
    # target zones and the island (under the prisoners)
    for code in target_codes:
        if is_zone(code):
            g = zone_code(0) - code
            pieces.append((("zonetarget", g), lambda g=g: [RegularPolygon(
                hex_center(GATES[g]), 6, radius=0.88, orientation=0.0, fill=False,
                edgecolor=TARGET_EDGE, linewidth=2.6, gid=f"zone_{g}")]))
        elif code == ISLAND:
            pieces.append((("islandtarget",), lambda: [Circle(
                (0, 0), 1.9, fill=False, edgecolor=TARGET_EDGE, linewidth=2.6,
                gid="island_0_0")]))
    # prisoners on the island: one small stack per player
    source = selection[1] if isinstance(selection, tuple) and selection[0] == "from" else None
    island_spots = sorted(ISLAND_FIELDS)
    for p in range(state.num_players):
        count = state.prisoners_of(p).count(ISLAND)
        if count:
            sel = source == ISLAND and p == state.player
            pieces.append((("stack", p, count, sel),
                           lambda p=p, count=count, sel=sel: _stack_artists(
                               island_spots[[0, 2, 4, 6][p]], p, count, sel)))
    pieces.append((("zonelabels",), _zone_label_artists))
    # doors
    for p, ds in enumerate(state.doors):
        for d in ds:
            if d is not None and (d[0] >> 2) in looks:
                code = d[0]
                sel = selection == ("door", code)
                look = looks[code >> 2]
                pieces.append((("door", code, look, p, sel),
                               lambda code=code, look=look, p=p, sel=sel: _door_artists(
                                   code, look, p, sel)))
    # prisoners on parts and zones
    for code, ks in sorted(state.occupancy().items()):
        owners = tuple(k // PRISONERS for k in ks)
        if code >= 0:
            look = looks[code >> 2]
            sel = code == source
            pieces.append((("prisoners", code, look, owners, sel),
                           lambda code=code, look=look, owners=owners, sel=sel:
                           _prisoner_artists(code, look, owners, sel)))
        elif is_zone(code):
            g = zone_code(0) - code
            pieces.append((("zoneprisoner", g, owners[0]), lambda g=g, o=owners[0]: [Circle(
                (hex_center(GATES[g])[0], hex_center(GATES[g])[1] - 0.1), 0.3,
                facecolor=PLAYER_COLORS[o], edgecolor="white", linewidth=1.2,
                gid=f"zone_{g}")]))
    # target parts (over the prisoners)
    for code in target_codes:
        if code >= 0 and (code >> 2) in looks and (code & 3) < len(
                KIND_BY_NAME[looks[code >> 2][0]].parts):
            look = looks[code >> 2]
            pieces.append((("targetpart", code, look), lambda code=code, look=look: [Circle(
                _part_xy(code >> 2, look, code & 3), 0.34, fill=False, edgecolor=TARGET_EDGE,
                linewidth=2.6, gid=f"target_{FIELDS[code >> 2].q}_{FIELDS[code >> 2].r}_"
                                   f"{code & 3}")]))
    pieces += _strip_pieces(layout, state, selection)
    caption = _caption(state)
    pieces.append((("caption", caption), lambda: [Text(
        xmin + 0.3, top - 0.8, caption, ha="left", va="center", fontsize=9, gid="caption")]))
    return pieces


def _field_artists(f: int, look: tuple[str, int] | None) -> list[Any]:
    h = FIELDS[f]
    c = hex_center(h)
    if h in ISLAND_FIELDS:
        fill, gid = ISLAND_FILL, f"island_{h.q}_{h.r}"
    elif h in GATES:
        fill, gid = GATE_FILL, f"zone_{GATES.index(h)}"
    else:
        fill, gid = OCEAN_FILL, f"field_{h.q}_{h.r}"
    artists: list[Any] = [RegularPolygon(c, 6, radius=0.99, orientation=0.0, facecolor=fill,
                                         edgecolor=EDGE, linewidth=0.8, gid=gid)]
    if look is not None:
        artists += _tile_artists(c, KIND_BY_NAME[look[0]], look[1], f"{h.q}_{h.r}")
    return artists


def _coordinate_artist(h: Hex, tiled: bool) -> Text:
    """The label ``q,r`` low in field ``h``; a click on it is a click on the field."""
    x, y = hex_center(h)
    label = f"{h.q},{h.r}".replace("-", "\N{MINUS SIGN}")
    box = dict(boxstyle="round,pad=0.12", facecolor="white", alpha=0.8, edgecolor="none")
    return Text(x, y - 0.58, label, ha="center", va="center", fontsize=5.5,
                color="#2c4a5e", bbox=box if tiled else None,
                gid=f"{'tilebody' if tiled else 'field'}_{h.q}_{h.r}")


def _stack_artists(h: Hex, p: int, count: int, sel: bool) -> list[Any]:
    x, y = hex_center(h)
    return [Circle((x, y), 0.34, facecolor=PLAYER_COLORS[p],
                   edgecolor=SELECT_EDGE if sel else "white", linewidth=2.4 if sel else 1.0,
                   gid=f"island_{h.q}_{h.r}"),
            Text(x, y, str(count), ha="center", va="center_baseline", fontsize=8,
                 color="white", fontweight="bold", gid=f"island_{h.q}_{h.r}")]


def _zone_label_artists() -> list[Any]:
    out = []
    for g, h in enumerate(GATES):
        x, y = hex_center(h)
        out.append(Text(x, y + 0.55, f"zone {g}", ha="center", va="center", fontsize=6.5,
                        color="#1f4d1a", gid=f"zonelabel{g}"))
    return out


def _door_artists(code: int, look: tuple[str, int], p: int, sel: bool) -> list[Any]:
    x, y = _part_xy(code >> 2, look, code & 3)
    h = FIELDS[code >> 2]
    # on a tile of several parts a smaller door leaves the small curves beside it in view,
    # still larger than a prisoner standing on it
    half = 0.3 if len(KIND_BY_NAME[look[0]].parts) == 1 else 0.25
    return [Rectangle((x - half, y - half), 2 * half, 2 * half, facecolor=PLAYER_COLORS[p],
                      edgecolor=SELECT_EDGE if sel else "white", linewidth=2.5 if sel else 1.2,
                      alpha=0.9, gid=f"door_{h.q}_{h.r}_{code & 3}")]


def _prisoner_artists(code: int, look: tuple[str, int], owners: tuple[int, ...],
                      sel: bool) -> list[Any]:
    x, y = _part_xy(code >> 2, look, code & 3)
    h = FIELDS[code >> 2]
    out = []
    for j, owner in enumerate(owners):
        dx = (j - (len(owners) - 1) / 2) * 0.36
        out.append(Circle((x + dx, y), 0.2, facecolor=PLAYER_COLORS[owner],
                          edgecolor=SELECT_EDGE if sel else "white",
                          linewidth=2.2 if sel else 1.0,
                          gid=f"prisoner_{h.q}_{h.r}_{code & 3}_{j}"))
    return out


def _strip_pieces(layout: _Layout, state: SectionXState, selection: Any) -> list[Piece]:
    """Under the board: the hand of the player to move, doors in hand, scores."""
    if state.phase == OVER:
        return []
    xmin, bottom = layout.xmin, layout.bottom
    p = state.player
    y = bottom + 2.2
    pieces: list[Piece] = [(("handlabel", p), lambda: [Text(
        xmin + 0.3, y + 1.5, f"{PLAYER_NAMES[p]}'s hand", fontsize=8, ha="left",
        va="center", gid="handlabel")])]
    if state.phase == TILE_PHASE:   # right of the three hand places, clear of the board
        for k, (arrow, name) in enumerate((("↺", "turn_1"), ("↻", "turn_5"))):
            xy = (xmin + 7.45, y + 0.45 - 0.9 * k)
            pieces.append((("turn", k), lambda xy=xy, arrow=arrow, name=name: [
                Circle(xy, 0.36, facecolor="#f4f4f4", edgecolor="#555555", linewidth=1.0,
                       gid=name),
                Text(*xy, arrow, ha="center", va="center_baseline", fontsize=9, gid=name)]))
    for k, tile in enumerate(state.hands[p]):
        chosen = isinstance(selection, tuple) and selection[0] == "hand" and selection[1] == k
        rot = selection[2] if chosen else 0
        name = TILE_KINDS[tile].name

        def hand_tile(k: int = k, name: str = name, rot: int = rot,
                      chosen: bool = chosen) -> list[Any]:
            c = (xmin + 1.4 + 2.2 * k, y)
            tile = _tile_artists(c, KIND_BY_NAME[name], rot, f"hand{k}", scale=0.95)
            for artist in tile:         # a click anywhere on the hand tile picks it
                artist.set_gid(f"hand_{k}")
            return ([RegularPolygon(c, 6, radius=1.0, orientation=0.0, facecolor=OCEAN_FILL,
                                    edgecolor=SELECT_EDGE if chosen else EDGE,
                                    linewidth=2.6 if chosen else 0.8, gid=f"hand_{k}")]
                    + tile)
        pieces.append((("hand", k, name, rot, chosen), hand_tile))
    doors_left = sum(1 for d in state.doors[p] if d is None)
    x0 = xmin + 8.2
    sel = selection == ("door", None)
    for j in range(doors_left):
        pieces.append((("doorpile", p, j, sel), lambda j=j: [Rectangle(
            (x0 + 0.8 * j, y - 0.3), 0.6, 0.6, facecolor=PLAYER_COLORS[p],
            edgecolor=SELECT_EDGE if sel else "white", linewidth=2.5 if sel else 1.0,
            gid=f"doorpile_{p}")]))
    if doors_left:
        pieces.append((("doorlabel",), lambda: [Text(x0, y + 0.8, "doors", fontsize=7,
                                                     ha="left", va="center", gid="doorlabel")]))
    each = [f"{PLAYER_NAMES[q]}: {state.escaped(q)} free, {state.buried(q)} buried"
            + (", key unused" if state.keys[q] else "") for q in range(state.num_players)]
    scores = "\n".join("  ·  ".join(each[i:i + 2]) for i in range(0, len(each), 2))
    pieces.append((("scores", scores), lambda: [Text(
        xmin + 0.3, bottom + 0.45, scores, fontsize=6.5, ha="left", va="center",
        gid="scores")]))
    return pieces


def _caption(state: SectionXState) -> str:
    if state.phase == OVER:
        out = state.outcome()
        if out is None or not out.winners:
            return f"Game over ({out.termination if out else ''})"
        names = " and ".join(PLAYER_NAMES[p] for p in out.winners)
        return f"Game over: {names} {'win' if len(out.winners) > 1 else 'wins'} ({out.termination})"
    phase = ("phase 2: place, swap, move or rotate a tile" if state.phase == "tile"
             else f"phase 3: prisoners ({state.used_total}/5 steps) or a door")
    return f"Round {state.round} · {PLAYER_NAMES[state.player]} · {phase}"


def _hint_fields(hint: Any) -> set[Hex]:
    fields: set[Hex] = set()
    for attr in ("field", "src", "dst", "a", "b"):
        value = getattr(hint, attr, None)
        if isinstance(value, Hex):
            fields.add(value)
        elif isinstance(value, str) and "/" in value:
            fields.add(Hex.parse(value.split("/")[0]))
    return fields


UNOWNED = "#3a3a3a"
"""The overlay's colour for a tunnel without a door (SX-13)."""


def tunnel_graph_svg(state: SectionXState) -> str:
    """The tunnel graph over the board, as an SVG group that takes no clicks.

    A dot on every tunnel part and a line for every edge of
    :func:`boardlib.section_x.tunnels.tunnel_graph` (edges to the island end on the island
    field they face, edges to a zone on its gate). A tunnel's dots and lines take its
    owner's colour (SX-13), dark grey without a door. For each player, a thick dashed line
    follows the shortest escape route of the prisoner nearest to a free zone
    (:func:`boardlib.section_x.tunnels.escape_route`: past claimed zones and other
    players' doors, but for one door while the key is unused). ``pointer-events: none``
    lets clicks through.
    """
    from . import tunnels   # networkx: only when the overlay is asked for

    layout = _layout()
    graph = tunnels.tunnel_graph(state)
    where: dict[str, tuple[float, float]] = {}
    for node, data in graph.nodes(data=True):
        if data["kind"] == "part":
            f = FIELD_INDEX[data["field"]]
            cell = state.board[f]
            where[node] = _part_xy(f, (TILE_KINDS[cell[0]].name, cell[1]), data["part"])
        elif data["kind"] == "zone":
            where[node] = hex_center(GATES[data["gate"]])

    def end(node: str, toward: str) -> tuple[float, float]:
        """Where a line from part ``toward`` meets ``node``: the island field it faces."""
        if node != tunnels.ISLAND_NODE:
            return where[node]
        data = graph.nodes[toward]
        for d in range(6):
            beyond = data["field"].neighbor(d)
            if data["ports"] >> d & 1 and beyond in ISLAND_FIELDS:
                return hex_center(beyond)
        raise AssertionError(f"{toward} does not face the island")

    def colour(node: str) -> str:
        owner = graph.nodes[node]["owner"]
        return UNOWNED if owner is None else PLAYER_COLORS[owner]

    def pt(xy: tuple[float, float]) -> str:
        x, y = layout.point(xy)
        return f"{x:.1f},{y:.1f}"

    out = ['<g id="tunnelgraph" style="pointer-events:none">\n']
    lines: dict[tuple[str, bool], list[str]] = {}
    for a, b in sorted(tuple(sorted(e)) for e in graph.edges()):
        part, other = (a, b) if graph.nodes[a]["kind"] == "part" else (b, a)
        inner = graph.nodes[other]["kind"] == "part"
        lines.setdefault((colour(part), inner), []).append(
            f"M{pt(where[part])} L{pt(end(other, part))}")
    for (col, inner), paths in sorted(lines.items()):
        out.append(f'<path d="{" ".join(paths)}" fill="none" stroke="{col}" '
                   f'stroke-width="{2.2 if inner else 1.2}" stroke-opacity="0.9"/>\n')
    dots: dict[str, list[str]] = {}
    for node in sorted(where):
        if graph.nodes[node]["kind"] == "part":
            x, y = layout.point(where[node])
            dots.setdefault(colour(node), []).append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2"/>')
    for col in sorted(dots):
        out.append(f'<g fill="{col}" stroke="white" stroke-width="0.8">'
                   + "".join(dots[col]) + "</g>\n")
    n = state.num_players
    for p in range(n):
        # the route of the prisoner nearest to a free zone
        routes = [r for r in tunnels.escape_routes(state, p, graph=graph).values() if r]
        if not routes:
            continue
        route = min(routes, key=len)
        shift = (p - (n - 1) / 2) * 0.12        # side by side where routes share a tunnel
        points = []
        for i, node in enumerate(route):
            if node != tunnels.ISLAND_NODE:
                points.append(where[node])
                continue
            points += [end(node, route[j]) for j in (i - 1, i + 1) if 0 <= j < len(route)]
        path = " L".join(pt((x + shift, y + shift)) for x, y in points)
        out.append(f'<path id="escaperoute{p}" d="M{path}" fill="none" '
                   f'stroke="{PLAYER_COLORS[p]}" stroke-width="4" stroke-opacity="0.75" '
                   'stroke-dasharray="7,4" stroke-linecap="round"/>\n')
    for k, line in enumerate(("Tunnel graph: a dot per part,", "coloured by the tunnel's owner",
                              "(grey: no door); dashed: each", "player's shortest way out")):
        x, y = layout.point((layout.xmax - 0.3, layout.bottom + 3.0 - 0.55 * k))
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="7" '
                   'font-family="DejaVu Sans, sans-serif" '
                   f'text-anchor="end" fill="#333">{line}</text>\n')
    out.append("</g>\n")
    return "".join(out)


def picture(state: SectionXState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, **kwargs), "Section X board")


def kind_picture(name: str, rotation: int = 0) -> SVGPicture:
    """One tile kind on its own (for the tile table of the notebook)."""
    kind = KIND_BY_NAME[name]
    with default_style(), svg_settings():
        fig = Figure(figsize=(0.8, 0.8), dpi=72)
        FigureCanvasSVG(fig)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(-1.05, 1.05)
        ax.set_ylim(-1.05, 1.05)
        ax.set_axis_off()
        ax.add_artist(RegularPolygon((0, 0), 6, radius=1.0, orientation=0.0, facecolor=OCEAN_FILL,
                                     edgecolor=EDGE))
        for artist in _tile_artists((0, 0), kind, rotation, None):
            artist.set_gid(None)
            ax.add_artist(artist)
        buffer = StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return SVGPicture(buffer.getvalue(), f"{name} tile")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "hex_center", "edge_mid", "parse_id", "draw_svg",
           "tunnel_graph_svg", "picture", "kind_picture", "SVGPicture"]
