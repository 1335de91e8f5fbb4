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
* ``doorpile_<p>``          player ``p``'s doors not yet on the board

Ids without an underscore (``caption``, ``background``) are not clickable.
"""
from __future__ import annotations

import contextlib
import math
from io import StringIO
from typing import Any, Iterable, Iterator

import matplotlib
import matplotlib.style
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, Rectangle, RegularPolygon
from matplotlib.text import Text

from boardlib.grids.hex import Hex

from .rules import (FIELDS, GATES, ISLAND, ISLAND_FIELDS, OVER, PRISONERS, SectionXState,
                    is_zone, zone_code)
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
SVG_RC = {"svg.hashsalt": "boardlib-section-x", "svg.fonttype": "none", "svg.id": None}
UNIT = 0.28                      # inches per hex radius
_SQRT3 = math.sqrt(3.0)


def hex_center(h: Hex) -> tuple[float, float]:
    """Centre of a pointy-top hex of radius 1 (y up, so rows go down)."""
    return (_SQRT3 * (h.q + h.r / 2.0), -1.5 * h.r)


def edge_mid(center: tuple[float, float], direction: int, scale: float = 1.0) -> tuple[float, float]:
    """Middle of the edge of a pointy-top hex towards ``direction`` (0 E … 5 SE)."""
    angle = math.radians(60 * direction)          # 0 E, 1 NE (60°), 2 NW (120°), ...
    r = scale * _SQRT3 / 2
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


def parse_id(element_id: str) -> tuple[str, tuple[int, ...]] | None:
    """``"part_2_-1_0"`` -> ``("part", (2, -1, 0))``; ``None`` for ids that are not ours."""
    prefix, _, rest = element_id.partition("_")
    try:
        fields = tuple(int(x) for x in rest.split("_")) if rest else ()
    except ValueError:
        return None
    return prefix, fields


@contextlib.contextmanager
def _svg_settings() -> Iterator[None]:
    params = matplotlib.rcParams
    saved = {k: params[k] for k in SVG_RC}
    params.update(SVG_RC)
    try:
        yield
    finally:
        params.update(saved)


def _draw_tile(ax: Any, center: tuple[float, float], kind: TileKind, rotation: int, q: int,
               r: int, scale: float = 1.0, with_ids: bool = True) -> list[tuple[float, float]]:
    """A tile slab with its channels; returns the centre of each part."""
    masks = part_masks(kind, rotation)
    ax.add_artist(RegularPolygon(center, 6, radius=0.93 * scale, orientation=0.0,
                                facecolor=TILE_FILL, edgecolor="none",
                                gid=f"tilebody_{q}_{r}" if with_ids else None))
    centers = []
    for i, m in enumerate(masks):
        c = part_center(center, masks, i, scale)
        centers.append(c)
        gid = f"part_{q}_{r}_{i}" if with_ids else None
        # one polyline per part: out to each opening and back through the middle
        px: list[float] = []
        py: list[float] = []
        for d in range(6):
            if m >> d & 1:
                e = edge_mid(center, d, scale)
                px += [c[0], e[0], math.nan]
                py += [c[1], e[1], math.nan]
        ax.add_artist(Line2D(px, py, color=CHANNEL, zorder=2, linewidth=7.5 * scale,
                             solid_capstyle="butt", gid=gid))
        if kind.hiding:
            ax.add_artist(Circle(c, 0.42 * scale, facecolor=CHANNEL, edgecolor="#3b2f25",
                                 linewidth=1.0, gid=gid, zorder=2.5))
        else:   # round off the bends in the middle
            ax.add_artist(Circle(c, 0.16 * scale, facecolor=CHANNEL, edgecolor="none",
                                 gid=gid, zorder=2.5))
    return centers


def draw_svg(state: SectionXState, selection: Any = None, *, targets: Iterable[Any] = (),
             hint: Any = None) -> str:
    """The board as an SVG string (same arguments, same bytes).

    ``selection``: what the player picked: ``("hand", k, rotation)``, ``("tile", Hex)``,
    ``("from", place code)`` or ``("door", place code | None)``; it gets a thick outline
    (a hand tile is shown turned to ``rotation``). ``targets``: place codes (parts, zones,
    the island) or fields (``Hex``) to outline as legal destinations. ``hint``: a move
    to mark (its fields are outlined in violet).
    """
    with matplotlib.style.context("default"), _svg_settings():
        return _render(state, selection, list(targets), hint)


def draw_png(state: SectionXState, selection: Any = None, *, targets: Iterable[Any] = (),
             hint: Any = None, dpi: int = 100) -> bytes:
    """The same picture as ``draw_svg``, as PNG bytes."""
    with matplotlib.style.context("default"), _svg_settings():
        return _render(state, selection, list(targets), hint, png_dpi=dpi)


def _render(state: SectionXState, selection: Any, targets: list[Any], hint: Any,
            png_dpi: int = 0) -> Any:
    n = state.num_players
    xs = [hex_center(h)[0] for h in FIELDS]
    ys = [hex_center(h)[1] for h in FIELDS]
    xmin, xmax = min(xs) - 1.3, max(xs) + 1.3
    top, bottom = max(ys) + 2.1, min(ys) - 4.2
    fig = Figure(figsize=((xmax - xmin) * UNIT, (top - bottom) * UNIT), dpi=72)
    FigureCanvasSVG(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(xmin, xmax)
    ax.set_ylim(bottom, top)
    ax.set_axis_off()
    ax.add_artist(Rectangle((xmin, bottom), xmax - xmin, top - bottom, facecolor=BACKGROUND,
                           edgecolor="none", gid="background"))
    occ = state.occupancy()
    selected_field = selection[1] if isinstance(selection, tuple) and selection[0] == "tile" else None
    target_fields = {t for t in targets if isinstance(t, Hex)}
    target_codes = {t for t in targets if isinstance(t, int)}
    hint_fields = _hint_fields(hint)
    part_xy: dict[int, tuple[float, float]] = {}
    # fields
    for f, h in enumerate(FIELDS):
        c = hex_center(h)
        if h in ISLAND_FIELDS:
            fill, gid = ISLAND_FILL, f"island_{h.q}_{h.r}"
        elif h in GATES:
            fill, gid = GATE_FILL, f"zone_{GATES.index(h)}"
        else:
            fill, gid = OCEAN_FILL, f"field_{h.q}_{h.r}"
        ax.add_artist(RegularPolygon(c, 6, radius=0.99, orientation=0.0, facecolor=fill,
                                    edgecolor=EDGE, linewidth=0.8, gid=gid))
        cell = state.board[f]
        if cell is not None:
            centers = _draw_tile(ax, c, TILE_KINDS[cell[0]], cell[1], h.q, h.r)
            for i, pc in enumerate(centers):
                part_xy[f * 4 + i] = pc
        if h == selected_field or h in target_fields or h in hint_fields:
            edge = (SELECT_EDGE if h == selected_field else
                    TARGET_EDGE if h in target_fields else HINT_EDGE)
            prefix = "targetfield" if h in target_fields else "selectfield"
            ax.add_artist(RegularPolygon(c, 6, radius=0.88, orientation=0.0, fill=False,
                                        edgecolor=edge, linewidth=2.6, zorder=5,
                                        gid=f"{prefix}_{h.q}_{h.r}"))
    # zone labels
    for g, h in enumerate(GATES):
        x, y = hex_center(h)
        ax.add_artist(Text(x, y + 0.55, f"zone {g}", ha="center", va="center", fontsize=6.5,
                           color="#1f4d1a", gid=f"zonelabel_{g}"))
    # target parts, zones, island
    for code in target_codes:
        if code >= 0 and code in part_xy:
            h = FIELDS[code >> 2]
            ax.add_artist(Circle(part_xy[code], 0.34, fill=False, edgecolor=TARGET_EDGE, zorder=5,
                                linewidth=2.6, gid=f"target_{h.q}_{h.r}_{code & 3}"))
        elif is_zone(code):
            g = zone_code(0) - code
            ax.add_artist(RegularPolygon(hex_center(GATES[g]), 6, radius=0.88, orientation=0.0,
                                        fill=False, edgecolor=TARGET_EDGE, linewidth=2.6,
                                        gid=f"zone_{g}"))
        elif code == ISLAND:
            ax.add_artist(Circle((0, 0), 1.9, fill=False, edgecolor=TARGET_EDGE, linewidth=2.6,
                                gid="island_0_0"))
    # doors
    for p, ds in enumerate(state.doors):
        for d in ds:
            if d is not None and d[0] in part_xy:
                x, y = part_xy[d[0]]
                h = FIELDS[d[0] >> 2]
                sel = selection == ("door", d[0])
                ax.add_artist(Rectangle((x - 0.3, y - 0.3), 0.6, 0.6, facecolor=PLAYER_COLORS[p],
                                       edgecolor=SELECT_EDGE if sel else "white",
                                       linewidth=2.5 if sel else 1.2, alpha=0.9, zorder=3,
                                       gid=f"door_{h.q}_{h.r}_{d[0] & 3}"))
    # prisoners on parts and zones
    source = selection[1] if isinstance(selection, tuple) and selection[0] == "from" else None
    for code, ks in sorted(occ.items()):
        if code >= 0:
            x, y = part_xy[code]
            h = FIELDS[code >> 2]
            for j, k in enumerate(ks):
                dx = (j - (len(ks) - 1) / 2) * 0.36
                ax.add_artist(Circle((x + dx, y), 0.2, facecolor=PLAYER_COLORS[k // PRISONERS],
                                    edgecolor=SELECT_EDGE if code == source else "white",
                                    linewidth=2.2 if code == source else 1.0, zorder=4,
                                    gid=f"prisoner_{h.q}_{h.r}_{code & 3}_{j}"))
        elif is_zone(code):
            g = zone_code(0) - code
            x, y = hex_center(GATES[g])
            ax.add_artist(Circle((x, y - 0.1), 0.3, facecolor=PLAYER_COLORS[ks[0] // PRISONERS],
                                edgecolor="white", linewidth=1.2, zorder=4, gid=f"zone_{g}"))
    # prisoners on the island: one small stack per player
    for p in range(n):
        count = state.prisoners_of(p).count(ISLAND)
        if not count:
            continue
        h = sorted(ISLAND_FIELDS)[[0, 2, 4, 6][p]]
        x, y = hex_center(h)
        sel = source == ISLAND and p == state.player
        ax.add_artist(Circle((x, y), 0.34, facecolor=PLAYER_COLORS[p],
                            edgecolor=SELECT_EDGE if sel else "white",
                            linewidth=2.4 if sel else 1.0, gid=f"island_{h.q}_{h.r}"))
        ax.add_artist(Text(x, y, str(count), ha="center", va="center_baseline", fontsize=8,
                           color="white", fontweight="bold", gid=f"island_{h.q}_{h.r}"))
    _draw_strip(ax, state, selection, xmin, bottom)
    ax.add_artist(Text(xmin + 0.3, top - 0.8, _caption(state), ha="left", va="center",
                       fontsize=9, gid="caption"))
    if png_dpi:
        from io import BytesIO

        from matplotlib.backends.backend_agg import FigureCanvasAgg
        FigureCanvasAgg(fig)
        raw = BytesIO()
        fig.savefig(raw, format="png", dpi=png_dpi)
        return raw.getvalue()
    buffer = StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()


def _draw_strip(ax: Any, state: SectionXState, selection: Any, xmin: float,
                bottom: float) -> None:
    """Under the board: the hand of the player to move, doors in hand, scores."""
    if state.phase == OVER:
        return
    p = state.player
    y = bottom + 2.2
    ax.add_artist(Text(xmin + 0.3, y + 1.5, f"{PLAYER_NAMES[p]}'s hand", fontsize=8,
                       ha="left", va="center", gid="handlabel"))
    hand = state.hands[p]
    for k, tile in enumerate(hand):
        kind = TILE_KINDS[tile]
        rot = 0
        chosen = isinstance(selection, tuple) and selection[0] == "hand" and selection[1] == k
        if chosen:
            rot = selection[2]
        c = (xmin + 1.4 + 2.2 * k, y)
        ax.add_artist(RegularPolygon(c, 6, radius=1.0, orientation=0.0, facecolor=OCEAN_FILL,
                                    edgecolor=SELECT_EDGE if chosen else EDGE,
                                    linewidth=2.6 if chosen else 0.8, gid=f"hand_{k}"))
        _draw_tile(ax, c, kind, rot, 0, 0, scale=0.95, with_ids=False)
        ax.add_artist(RegularPolygon(c, 6, radius=1.0, orientation=0.0, facecolor="none",
                                    edgecolor="none", zorder=6, gid=f"hand_{k}"))   # clicks
    doors_left = sum(1 for d in state.doors[p] if d is None)
    x0 = xmin + 8.2
    for j in range(doors_left):
        sel = selection == ("door", None)
        ax.add_artist(Rectangle((x0 + 0.8 * j, y - 0.3), 0.6, 0.6, facecolor=PLAYER_COLORS[p],
                               edgecolor=SELECT_EDGE if sel else "white", zorder=3,
                               linewidth=2.5 if sel else 1.0, gid=f"doorpile_{p}"))
    if doors_left:
        ax.add_artist(Text(x0, y + 0.8, "doors", fontsize=7, ha="left", va="center",
                           gid="doorlabel"))
    scores = "  ".join(f"{PLAYER_NAMES[q]} {state.escaped(q)} free {state.buried(q)} lost"
                       + (" key" if state.keys[q] else "") for q in range(state.num_players))
    ax.add_artist(Text(xmin + 0.3, bottom + 0.45, scores, fontsize=6.5, ha="left", va="center",
                       gid="scores"))


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


class SVGPicture:
    """An SVG string that notebooks display as a picture."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return "<Section X board picture>"


def picture(state: SectionXState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, **kwargs))


def kind_picture(name: str, rotation: int = 0) -> SVGPicture:
    """One tile kind on its own (for the tile table of the notebook)."""
    kind = KIND_BY_NAME[name]
    with matplotlib.style.context("default"), _svg_settings():
        fig = Figure(figsize=(0.8, 0.8), dpi=72)
        FigureCanvasSVG(fig)
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(-1.05, 1.05)
        ax.set_ylim(-1.05, 1.05)
        ax.set_axis_off()
        ax.add_artist(RegularPolygon((0, 0), 6, radius=1.0, orientation=0.0, facecolor=OCEAN_FILL,
                                    edgecolor=EDGE))
        _draw_tile(ax, (0, 0), kind, rotation, 0, 0, with_ids=False)
        buffer = StringIO()
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return SVGPicture(buffer.getvalue())


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "hex_center", "edge_mid", "parse_id", "draw_svg",
           "picture", "kind_picture", "SVGPicture"]
