"""Drawing Section X: a state becomes a deterministic plain-SVG picture (:mod:`boardlib.svg`).

Pointy-top hexes (axial ``q, r``; ``r`` grows downwards): ocean fields, the island of seven
fields in the middle, the six gates of the free zones at the corners (SX-I1), in the
colours of ``SURFACES["section_x"]``. A tile is a dark slab with its tunnel parts drawn as
light channels from its middle to the edges they open on (SX-I2); a hiding place has a
round chamber. Prisoners are their seat's token (colour, shape and letter); doors are
arched door shapes in their owner's colour with the owner's letter. Beside the board: the
hand of the player to move, the rotate buttons, the doors still in hand, the tiles left in
the stack and every player's score.

Clickable elements (ids from :func:`boardlib.svg.element_id`), each with a ``<title>`` and
an ``aria-label`` in words:

* ``field_<q>_<r>``      an ocean field, with its tile in phase 2 (classes ``field``,
  ``tile``, ``selected``, ``target``, ``hint``)
* ``part_<q>_<r>_<i>``   in phase 3: part ``i`` of the tile on ``q,r``, with the prisoners on
  it (classes ``part``, ``occupied``, ``source``, ``target``); a one-part tile is its part
* ``door_<q>_<r>_<i>``   in phase 3: a door standing on that part (``door``, ``selected``)

In phase 2 a tile is picked whole, so its field is the clickable; in phase 3 prisoners and
doors go on parts, so the parts are. No two clickables share a middle (arrow keys need
that) and no click can mean two things.
* ``island``             the island, with each player's prisoners on it as one stack
* ``zone_<g>``           the gate of free zone ``g``, with the prisoner in it
* ``hand_<k>``           the ``k``-th tile in the hand of the player to move
* ``turn_1`` / ``turn_5`` the rotate buttons: a sixth anticlockwise / clockwise
* ``doorpile_<p>``       player ``p``'s doors not yet on the board

Everything else (captions, scores, the tunnel-graph overlay) takes no clicks. Same
arguments, same bytes: a field's picture depends only on its key, so a redraw draws only
the fields that changed (the tests compare with a fresh drawing).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, NamedTuple
from xml.etree.ElementTree import Element

from boardlib.grids.hex import Hex
from boardlib.grids.hexdraw import SQRT3, HexLayout
from boardlib.svg import (HINT, INK, SELECTED, SURFACES, BoardSVG, Drawing, SVGPicture,
                          element_id, parse_id, points_text, seat, seat_colors, seat_names)
from boardlib.svg.builder import PieceCache
from boardlib.svg.marks import MarkLayer, Spot, draw_marks

from .board import (FIELD_INDEX, FIELDS, GATES, ISLAND, ISLAND_FIELDS, field_of, is_zone,
                    parse_place, part_of, zone_code, zone_gate)
from .rules import ACT_PHASE, OVER, PRISONERS, TILE_PHASE, SectionXState
from .tiles import KIND_BY_NAME, TILE_KINDS, TileKind, part_masks

MAX_PLAYERS = 4
PLAYER_COLORS: tuple[str, ...] = seat_colors(MAX_PLAYERS)
PLAYER_NAMES: tuple[str, ...] = seat_names(MAX_PLAYERS)

SURFACE = SURFACES["section_x"]
FIELD_EDGE = "#7f9bb0"
CHAMBER_EDGE = "#3b2f25"
TARGET_FILL = "#ffffff"        # an empty field a tile may go to (also outlined: not colour alone)
LABEL_COLOR = "#1f3b4d"
SIZE = 30.0                    # a field's corner radius, in the drawing's units
MARGIN = 0.4 * SIZE
CAPTION_HEIGHT = 1.2 * SIZE
SIDE_WIDTH = 7.2 * SIZE        # the column beside the board: hand, doors, stack, scores
PIXEL_WIDTH = 900.0
PRISONER_RADIUS = 0.3 * SIZE
CHANNEL_WIDTH = 0.36 * SIZE

CSS = (f".bl-section_x .cell{{stroke:{FIELD_EDGE};stroke-width:1.2}}"
       f".bl-section_x .click:hover .cell{{stroke:{INK};stroke-width:2.5}}"
       f".bl-section_x .part:hover .channel{{stroke:#fffdf5}}"
       f".bl-section_x .label{{fill:{LABEL_COLOR}}}"
       ".bl-section_x .overlay{pointer-events:none}")

_LAYOUT = HexLayout(SIZE)
_BOUNDS = _LAYOUT.bounds(FIELDS)
BOARD_WIDTH = _BOUNDS[2] - _BOUNDS[0] + 2 * MARGIN
BOARD_HEIGHT = _BOUNDS[3] - _BOUNDS[1] + 2 * MARGIN
LAYOUT = HexLayout(SIZE, (MARGIN - _BOUNDS[0], MARGIN + CAPTION_HEIGHT - _BOUNDS[1]))
"""Where every field goes: the board's top-left corner inside the margins, under the
caption strip (cut off when there is no caption)."""
WIDTH = BOARD_WIDTH + SIDE_WIDTH
HEIGHT = BOARD_HEIGHT + CAPTION_HEIGHT

CENTERS: dict[Hex, tuple[float, float]] = {h: LAYOUT.center(h) for h in FIELDS}
CELLS: dict[Hex, str] = {h: points_text(LAYOUT.corners(h, 0.97)) for h in FIELDS}
SLABS: dict[Hex, str] = {h: points_text(LAYOUT.corners(h, 0.9)) for h in FIELDS}
RINGS: dict[Hex, str] = {h: points_text(LAYOUT.corners(h, 0.82)) for h in FIELDS}

HAND_CORNERS = HexLayout(SIZE).corners(Hex(0, 0))
_PIECES = PieceCache(size=4096)


def field_id(h: Hex) -> str:
    return element_id("field", h.q, h.r)


def part_id(h: Hex, i: int) -> str:
    return element_id("part", h.q, h.r, i)


def door_id(h: Hex, i: int) -> str:
    return element_id("door", h.q, h.r, i)


ISLAND_ID = element_id("island")


def zone_id(gate: int) -> str:
    return element_id("zone", gate)


def place_id(code: int) -> str:
    """The element a person clicks for place ``code`` (a part, the island, a zone)."""
    if code == ISLAND:
        return ISLAND_ID
    if is_zone(code):
        return zone_id(zone_code(0) - code)
    return part_id(FIELDS[code >> 2], code & 3)


# --- geometry ------------------------------------------------------------------------------

def _port_offsets(scale: float) -> tuple[tuple[float, float], ...]:
    """From a field's centre to the middle of its edge towards each direction (0 E … 5 SE),
    as the engine's neighbours lie (:meth:`Hex.neighbor`)."""
    unit = HexLayout(SIZE * scale)
    return tuple((x / 2, y / 2) for x, y in (unit.center(Hex(0, 0).neighbor(d))
                                             for d in range(6)))


PORTS = _port_offsets(1.0)


def part_center(center: tuple[float, float], masks: tuple[int, ...], i: int,
                scale: float = 1.0) -> tuple[float, float]:
    """Where part ``i`` is drawn (its prisoners stand there): the middle for a tile of one
    part, else pulled towards the edges it opens on. A part straight through the middle of
    a tile with more parts is marked along its channel, towards its first opening (its last
    for an odd part): the two parts of a crossing keep their prisoners apart."""
    ports = [d for d in range(6) if masks[i] >> d & 1]
    if len(masks) == 1:
        return center
    if len(ports) == 2 and ports[1] - ports[0] == 3:
        towards = PORTS[ports[i % 2]]
        return (center[0] + 0.55 * scale * towards[0], center[1] + 0.55 * scale * towards[1])
    x = sum(PORTS[d][0] for d in ports) / len(ports)
    y = sum(PORTS[d][1] for d in ports) / len(ports)
    return (center[0] + 0.8 * scale * x, center[1] + 0.8 * scale * y)


def part_xy(h: Hex, kind: TileKind, rotation: int, i: int) -> tuple[float, float]:
    """Where part ``i`` of the tile ``kind`` turned by ``rotation`` on field ``h`` is drawn."""
    return part_center(CENTERS[h], part_masks(kind, rotation), i)


# --- what a field shows ----------------------------------------------------------------------

class PartLook(NamedTuple):
    """Everything one tunnel part shows (a piece of the picture's key)."""

    owners: tuple[int, ...]        # the seats of the prisoners on it
    door: int | None               # the owner of the door on it
    door_selected: bool
    source: bool                   # the picked prisoners stand here
    target: bool


def kind_words(kind: TileKind) -> str:
    parts = len(kind.parts)
    return f"{kind.title} tile ({parts} tunnel part{'s' * (parts != 1)})"


def prisoners_words(owners: Iterable[int]) -> str:
    counts: dict[int, int] = {}
    for p in owners:
        counts[p] = counts.get(p, 0) + 1
    return ", ".join(f"{n} {seat(p).name} prisoner{'s' * (n != 1)}"
                     for p, n in sorted(counts.items()))


def door_outline(x: float, y: float, width: float, height: float) -> str:
    """A door: a rectangle with a round top, standing on ``(x, y + height / 2)``."""
    r = width / 2
    left, right, bottom, top = x - r, x + r, y + height / 2, y - height / 2 + r
    return (f"M{left:.2f},{bottom:.2f} L{left:.2f},{top:.2f} "
            f"A{r:.2f},{r:.2f} 0 0 1 {right:.2f},{top:.2f} L{right:.2f},{bottom:.2f} Z")


def draw_door(d: Drawing, parent: Element, owner: int, x: float, y: float, scale: float = 1.0,
              selected: bool = False) -> None:
    """A door in ``owner``'s colour with their letter: a shape no prisoner has."""
    look = seat(owner)
    width, height = 0.5 * SIZE * scale, 0.66 * SIZE * scale
    d.path(parent, door_outline(x, y, width, height), fill=look.color,
           stroke=SELECTED if selected else INK, stroke_width=3.5 if selected else 1.4,
           stroke_linejoin="round")
    d.text(parent, x, y + 0.06 * SIZE * scale, look.letter, size=11.0 * scale, weight="bold",
           fill=look.ink)


def _draw_tile(d: Drawing, parent: Element, center: tuple[float, float], kind: TileKind,
               rotation: int, scale: float = 1.0,
               part_parent: Any = None) -> list[tuple[float, float]]:
    """A tile's slab and channels; returns each part's centre. ``part_parent(i)``: the
    group part ``i`` is drawn into (a board tile's clickable parts), else ``parent``."""
    masks = part_masks(kind, rotation)
    x, y = center
    d.polygon(parent, [(x + px, y + py) for px, py in HexLayout(SIZE * scale * 0.9).corners(
        Hex(0, 0))], fill=SURFACE["tunnel"])
    centres = []
    for i, m in enumerate(masks):
        group = parent if part_parent is None else part_parent(i)
        c = part_center(center, masks, i, scale)
        centres.append(c)
        path = " ".join(f"M{c[0]:.2f},{c[1]:.2f} L{x + PORTS[p][0] * scale:.2f},"
                        f"{y + PORTS[p][1] * scale:.2f}" for p in range(6) if m >> p & 1)
        d.path(group, path, fill="none", stroke=SURFACE["channel"],
               stroke_width=CHANNEL_WIDTH * scale, cls="channel")
        if kind.hiding:
            d.circle(group, c[0], c[1], 0.42 * SIZE * scale, fill=SURFACE["channel"],
                     stroke=CHAMBER_EDGE, stroke_width=1.2)
        else:          # round off the bend in the middle
            d.circle(group, c[0], c[1], CHANNEL_WIDTH * scale / 2, fill=SURFACE["channel"])
    return centres


def part_words(h: Hex, i: int, kind: TileKind, part: PartLook) -> tuple[str, list[str]]:
    """What a tunnel part says (its ``aria-label``) and its classes."""
    words = [f"{h} part {i}: {kind.title} tunnel"]
    classes = ["part"]
    if part.owners:
        classes.append("occupied")
        words.append(f"with {prisoners_words(part.owners)}")
    if part.door is not None:
        words.append(f"and {seat(part.door).name}'s door")
    if part.source:
        classes.append("source")
        words.append("(picked)")
    if part.target:
        classes.append("target")
        words.append("— a target: click to go here")
    return " ".join(words), classes


def door_xy(h: Hex, kind: TileKind, rotation: int, i: int) -> tuple[float, float]:
    """Where a door on part ``i`` stands: in its channel, part of the way from the part's
    middle (where its prisoners stand) to its first opening, so neither hides the other."""
    masks = part_masks(kind, rotation)
    cx, cy = part_center(CENTERS[h], masks, i)
    ports = [d for d in range(6) if masks[i] >> d & 1]
    if len(masks) > 1 and len(ports) == 2 and ports[1] - ports[0] == 3:
        # through the middle: the half away from where its prisoners stand
        away = PORTS[ports[1 - i % 2]]
        return CENTERS[h][0] + 0.6 * away[0], CENTERS[h][1] + 0.6 * away[1]
    first = ports[0]
    ex, ey = CENTERS[h][0] + PORTS[first][0], CENTERS[h][1] + PORTS[first][1]
    return cx + 0.55 * (ex - cx), cy + 0.55 * (ey - cy)


def _draw_field(d: Drawing, parent: Element, h: Hex, look: tuple[str, int] | None,
                marks: tuple[bool, bool, bool], coordinates: bool,
                parts: tuple[PartLook, ...], parts_clickable: bool) -> None:
    """An ocean field and its tile. In phase 2 the field is what a person clicks (a tile is
    picked whole); in phase 3 the tunnel parts are (a one-part tile is its part, slab and
    all), and the doors. So no two clickables share a middle, as arrow keys need."""
    selected, target, hinted = marks
    kind = None if look is None else KIND_BY_NAME[look[0]]
    classes = ["field"] + ["tile"] * (kind is not None)
    extra = []
    if selected:
        classes.append("selected")
        extra.append("(picked)")
    if target:
        classes.append("target")
        extra.append("— a target: click to put the tile here")
    if hinted:
        classes.append("hint")
        extra.append("— part of the hint")
    groups: dict[int, Element] = {}
    if kind is not None and parts_clickable and len(parts) == 1:
        words, part_classes = part_words(h, 0, kind, parts[0])
        body = groups[0] = d.clickable(parent, part_id(h, 0), " ".join([words, *extra]),
                                       cls=" ".join(part_classes + classes[1:]))
    elif kind is not None and parts_clickable:
        body = d.group(parent, cls=" ".join(classes))
    else:
        held = []                           # what stands on the tile, for screen readers
        for part in parts:
            if part.owners:
                held.append(prisoners_words(part.owners))
            if part.door is not None:
                held.append(f"{seat(part.door).name}'s door")
        words = " ".join([f"{h}:", "empty ocean field" if kind is None else kind_words(kind)]
                         + [f"with {', '.join(held)}"] * bool(held) + extra)
        body = d.clickable(parent, field_id(h), words, cls=" ".join(classes))
    d.element(body, "polygon", points=CELLS[h], cls="cell",
              fill=TARGET_FILL if target and kind is None else SURFACE["ocean"])
    x, y = CENTERS[h]
    centres: list[tuple[float, float]] = []
    if kind is not None:
        assert look is not None

        def part_group(i: int) -> Element:
            if i not in groups:
                if parts_clickable:
                    words, part_classes = part_words(h, i, kind, parts[i])
                    groups[i] = d.clickable(parent, part_id(h, i), words,
                                            cls=" ".join(part_classes))
                else:
                    groups[i] = body
            return groups[i]

        centres = _draw_tile(d, body, (x, y), kind, look[1], part_parent=part_group)
    if selected or target or hinted:
        d.element(body, "polygon", points=RINGS[h], fill="none",
                  stroke=HINT if hinted and not (selected or target) else INK,
                  stroke_width=4.0 if selected else 3.0,
                  stroke_dasharray=None if selected else "7 4")
    if kind is None or look is None:
        if coordinates:
            _draw_coordinates(d, body, h, False)
        return
    for i, part in enumerate(parts):
        cx, cy = centres[i]
        if part.target:
            d.circle(groups[i], cx, cy, 0.44 * SIZE, fill="none", stroke=INK, stroke_width=3.0,
                     stroke_dasharray="5 3")
        spread = 0.62 * SIZE if len(part.owners) > 1 else 0.0
        for j, owner in enumerate(part.owners):
            dx = (j - (len(part.owners) - 1) / 2) * spread
            d.seat_token(groups[i], seat(owner), cx + dx, cy, PRISONER_RADIUS,
                         outline=SELECTED if part.source else INK,
                         outline_width=3.0 if part.source else 1.2, label_size=11.0)
    for i, part in enumerate(parts):
        if part.door is None:
            continue
        label = f"{h} part {i}: {seat(part.door).name}'s door" + (
            " (picked)" if part.door_selected else "")
        door = (d.clickable(parent, door_id(h, i), label,
                            cls="door" + (" selected" if part.door_selected else ""))
                if parts_clickable else d.group(body, cls="door"))
        draw_door(d, door, part.door, *door_xy(h, kind, look[1], i),
                  scale=0.8 if len(parts) > 1 else 1.0, selected=part.door_selected)
    if coordinates:       # over the channels, letting clicks through to the tile under it
        _draw_coordinates(d, d.group(parent, cls="overlay"), h, True)


def _draw_coordinates(d: Drawing, parent: Element, h: Hex, on_tile: bool) -> None:
    """The label ``q,r`` low in field ``h`` (SX-I1), on a light patch over a tile."""
    x, y = CENTERS[h]
    if on_tile:
        d.rect(parent, x - 0.45 * SIZE, y + 0.5 * SIZE, 0.9 * SIZE, 0.34 * SIZE,
               fill="#ffffff", opacity="0.85", rx=3.0)
    d.text(parent, x, y + 0.67 * SIZE, f"{h.q},{h.r}".replace("-", "\N{MINUS SIGN}"),
           size=10.5, cls="label")


def _draw_island(d: Drawing, parent: Element, stacks: tuple[int, ...], picked: int | None,
                 target: bool) -> None:
    words: list[str] = ["the island:"]
    words.append(", ".join(f"{seat(p).name} {n} prisoner{'s' * (n != 1)}"
                           for p, n in enumerate(stacks) if n) or "no prisoners")
    if picked is not None:
        words.append(f"({seat(picked).name}'s picked)")
    if target:
        words.append("— a target: click to go back here")
    group = d.clickable(parent, ISLAND_ID, " ".join(words),
                        cls="island" + " target" * target + " source" * (picked is not None))
    for h in sorted(ISLAND_FIELDS):
        d.element(group, "polygon", points=CELLS[h], cls="cell", fill=SURFACE["island"])
    x, y = CENTERS[Hex(0, 0)]
    if target:
        d.circle(group, x, y, 2.2 * SIZE, fill="none", stroke=INK, stroke_width=3.0,
                 stroke_dasharray="7 4")
    d.text(group, x, y, "island", size=12.0, cls="label")
    spots = ISLAND_STACKS
    for p, count in enumerate(stacks):
        if not count:
            continue
        sx, sy = CENTERS[spots[p]]
        d.seat_token(group, seat(p), sx, sy, 0.42 * SIZE, str(count),
                     outline=SELECTED if picked == p else INK,
                     outline_width=4.0 if picked == p else 1.2, label_size=13.0)


def _draw_zone(d: Drawing, parent: Element, g: int, owner: int | None, target: bool) -> None:
    h = GATES[g]
    words = f"free zone {g}: " + ("empty" if owner is None else
                                 f"claimed by a {seat(owner).name} prisoner")
    if target:
        words += " — a target: click to escape here"
    group = d.clickable(parent, zone_id(g), words, cls="zone" + " target" * target)
    d.element(group, "polygon", points=CELLS[h], cls="cell", fill=SURFACE["gate"])
    x, y = CENTERS[h]
    if target:
        d.element(group, "polygon", points=RINGS[h], fill="none", stroke=INK, stroke_width=3.0,
                  stroke_dasharray="7 4")
    if owner is not None:
        d.seat_token(group, seat(owner), x, y - 0.12 * SIZE, PRISONER_RADIUS * 1.15,
                     label_size=11.0)
    d.text(group, x, y + 0.6 * SIZE, f"zone {g}", size=11.0, cls="label")


# --- the picture -----------------------------------------------------------------------------

def draw_svg(state: SectionXState, selection: Any = None, *, targets: Iterable[Any] = (),
             hint: Any = None, show_graph: bool = False, show_coordinates: bool = False,
             caption: bool = True, marks: MarkLayer | None = None) -> BoardSVG:
    """The board as an SVG string (same arguments, same bytes).

    ``selection``: what the player picked: ``("hand", k, rotation)``, ``("tile", Hex)`` or
    ``("tile", Hex, rotation)``, ``("from", place code)`` or ``("door", place code |
    None)``; it gets a thick outline (a hand tile, or a board tile being turned, is shown
    turned to ``rotation``). ``targets``: place codes (parts, zones, the island) or fields
    (``Hex``) to outline as legal destinations. ``hint``: a move to mark (its fields are
    outlined, dashed violet). ``show_graph``: overlay the tunnel graph and each player's
    shortest escape route (SX-13, :func:`draw_tunnel_graph`). ``show_coordinates``: label
    every ocean field with its ``q,r``, as the notebook's texts and ``Hex("q,r")`` name them
    (SX-I1). ``caption``: say whose turn it is above the board (a live board's status line
    says it). ``marks``: the last moves' or an *Explain* step's marks
    (:mod:`boardlib.svg.marks`; places as :mod:`.teaching` lists them, :func:`mark_spot`).
    """
    mark_layer = marks                # (``marks`` is reused below for a field's outlines)
    top = 0.0 if caption else CAPTION_HEIGHT     # without a caption its strip is cut off
    d = Drawing(WIDTH, HEIGHT - top, min_y=top, title=f"Section X board: {_caption(state)}",
                kind="section_x", css=CSS, pixel_width=PIXEL_WIDTH)
    d.rect(None, 0, top, WIDTH, HEIGHT - top, fill=SURFACE["background"])
    if caption:
        d.text(None, MARGIN, MARGIN + CAPTION_HEIGHT * 0.4, _caption(state), size=15.0,
               anchor="start", cls="caption")
    looks: dict[int, tuple[str, int]] = {}
    for f, cell in enumerate(state.board):
        if cell is not None:
            looks[f] = (TILE_KINDS[cell[0]].name, cell[1])
    picked = selection if isinstance(selection, tuple) and selection else ()
    if picked[:1] == ("tile",) and len(picked) == 3 and FIELD_INDEX.get(picked[1]) in looks:
        f = FIELD_INDEX[picked[1]]              # a board tile being turned: show it turned
        looks[f] = (looks[f][0], picked[2])
    target_fields = {t for t in targets if isinstance(t, Hex)}
    target_codes = {t for t in targets if isinstance(t, int) and not isinstance(t, bool)}
    selected_field = picked[1] if picked[:1] == ("tile",) else None
    source = picked[1] if picked[:1] == ("from",) else None
    door_picked = picked[1] if picked[:1] == ("door",) else None
    hinted = _hint_fields(hint)
    doors: dict[int, int] = {}
    for p, ds in enumerate(state.doors):
        for door in ds:
            if door is not None:
                doors[door[0]] = p
    occupancy = state.occupancy()
    acting = state.phase == ACT_PHASE           # phase 3: the parts are clicked, not fields
    board = d.group(None, cls="board")
    for f, h in enumerate(FIELDS):
        if h in ISLAND_FIELDS or h in GATES:
            continue
        look = looks.get(f)
        parts: tuple[PartLook, ...] = ()
        if look is not None:
            parts = tuple(PartLook(tuple(k // PRISONERS for k in occupancy.get(4 * f + i, ())),
                                   doors.get(4 * f + i), door_picked == 4 * f + i,
                                   source == 4 * f + i, 4 * f + i in target_codes)
                          for i in range(len(KIND_BY_NAME[look[0]].parts)))
        lit = (h == selected_field, h in target_fields, h in hinted)
        key = (h, look, lit, show_coordinates, parts, acting)
        d.piece(board, _PIECES, key, _field_drawer(d, h, look, lit, show_coordinates, parts,
                                                   acting))
    stacks = tuple(state.prisoners_of(p).count(ISLAND) for p in range(state.num_players))
    _draw_island(d, board, stacks, state.player if source == ISLAND else None,
                 ISLAND in target_codes)
    for g in range(len(GATES)):
        inside = occupancy.get(zone_code(g), ())
        _draw_zone(d, board, g, inside[0] // PRISONERS if inside else None,
                   zone_code(g) in target_codes)
    if show_graph:
        draw_tunnel_graph(d, d.group(None, cls="overlay tunnelgraph"), state)
    for run in mark_runs(mark_layer):
        draw_marks(d, run, lambda at: mark_spot(state, at))
    _draw_side(d, state, picked)
    return d.to_svg()


class IslandMark(NamedTuple):
    """A mark on the island, drawn on its seat's stack of prisoners: ``at`` is
    ``("island", seat)``."""

    kind: str
    at: tuple[str, int]
    seat: int | None
    label: str


ISLAND_STACKS = (Hex(-1, 0), Hex(1, 0), Hex(0, -1), Hex(0, 1))
"""Where each seat's prisoners on the island stand (one stack per player)."""


def mark_runs(layer: MarkLayer | None) -> list[MarkLayer]:
    """``layer`` cut before every ``from`` mark: a turn has several moves (a tile action,
    steps), and each run's arrow must go from its own ``from`` to its own ``to``."""
    if not layer:
        return []
    runs: list[list[Any]] = [[]]
    for mark in layer.marks:
        if mark.kind == "from" and runs[-1]:
            runs.append([])
        if mark.at == "island" and mark.seat is not None:   # the seat's own stack there
            mark = IslandMark(mark.kind, ("island", mark.seat), mark.seat, mark.label)
        runs[-1].append(mark)
    return [MarkLayer(tuple(run), layer.css_class, layer.fresh) for run in runs]


def mark_spot(state: SectionXState, at: object) -> Spot | None:
    """Where a mark's place is drawn: a ``Hex`` is an ocean field (its outline); a ``str``
    is a place as moves write it: the island, a free zone (its gate's field) or a tunnel
    part (a ring round its prisoners' spot; the field itself when its tile has gone)."""
    if isinstance(at, tuple) and len(at) == 2 and at[0] == "island":
        return Spot(CENTERS[ISLAND_STACKS[at[1]]], (), ISLAND_ID, 0.62 * SIZE)
    if isinstance(at, Hex):
        if at not in CENTERS:
            return None
        return Spot(CENTERS[at], LAYOUT.corners(at, 0.9), field_id(at), 0.9 * SIZE)
    code = parse_place(at)
    if code is None:
        return None
    if code == ISLAND:
        return Spot(CENTERS[Hex(0, 0)], (), ISLAND_ID, 1.9 * SIZE)
    if is_zone(code):
        gate = GATES[zone_gate(code)]
        return Spot(CENTERS[gate], LAYOUT.corners(gate, 0.82), zone_id(zone_gate(code)),
                    0.8 * SIZE)
    if code < 0:
        return None                     # freed or buried: not on the board
    h = FIELDS[field_of(code)]
    look = state.tile_at(h)
    if look is None or part_of(code) >= len(look[0].parts):
        return Spot(CENTERS[h], LAYOUT.corners(h, 0.9), field_id(h), 0.9 * SIZE)
    return Spot(part_xy(h, look[0], look[1], part_of(code)), (), part_id(h, part_of(code)),
                PRISONER_RADIUS * 1.6)


def _field_drawer(d: Drawing, h: Hex, look: tuple[str, int] | None,
                  marks: tuple[bool, bool, bool], coordinates: bool,
                  parts: tuple[PartLook, ...], acting: bool) -> Callable[[Element], None]:
    return lambda parent: _draw_field(d, parent, h, look, marks, coordinates, parts, acting)


def _draw_side(d: Drawing, state: SectionXState, picked: tuple[Any, ...]) -> None:
    """Beside the board: the hand and doors of the player to move, the stack, the scores."""
    left = BOARD_WIDTH + 0.2 * SIZE
    y = MARGIN + CAPTION_HEIGHT + 0.3 * SIZE
    if state.phase != OVER:
        p = state.player
        d.seat_token(None, seat(p), left + 0.35 * SIZE, y + 0.3 * SIZE, 0.3 * SIZE,
                     label_size=9.0)
        d.text(None, left + 0.8 * SIZE, y + 0.3 * SIZE, f"{seat(p).name}'s hand", size=14.0,
               anchor="start")
        y += 1.9 * SIZE
        hand = state.hands[p]
        for k, tile in enumerate(hand):
            chosen = picked[:2] == ("hand", k)
            kind = TILE_KINDS[tile]
            rotation = picked[2] if chosen else 0
            cx = left + (1.05 + 2.05 * k) * SIZE
            words = f"your hand, tile {k + 1}: {kind_words(kind)}" + (
                f", picked, turned {rotation} sixth{'s' * (rotation != 1)}" if chosen else "")
            group = d.clickable(None, element_id("hand", k), words,
                                cls="hand" + " selected" * chosen)
            d.polygon(group, [(cx + px, y + py) for px, py in HAND_CORNERS],
                      fill=SURFACE["ocean"], stroke=SELECTED if chosen else FIELD_EDGE,
                      stroke_width=4.0 if chosen else 1.2)
            _draw_tile(d, group, (cx, y), kind, rotation)
        if not hand:
            d.text(None, left + 0.2 * SIZE, y, "(no tiles)", size=13.0, anchor="start")
        y += 1.55 * SIZE
        if state.phase == TILE_PHASE:
            for k, (arrow, sixths, words) in enumerate((
                    ("\u21ba", 1, "turn the picked tile a sixth anticlockwise (R)"),
                    ("\u21bb", 5, "turn the picked tile a sixth clockwise (Shift+R)"))):
                cx = left + (0.7 + 1.5 * k) * SIZE
                button = d.clickable(None, element_id("turn", sixths), words, cls="turn")
                d.circle(button, cx, y + 0.5 * SIZE, 0.55 * SIZE, fill="#f4f4f4", stroke="#555555",
                         stroke_width=1.2)
                d.text(button, cx, y + 0.52 * SIZE, arrow, size=20.0)
            d.text(None, left + 3.3 * SIZE, y + 0.5 * SIZE, "turn (R)", size=12.0,
                   anchor="start")
            y += 1.4 * SIZE
        doors_left = sum(1 for door in state.doors[p] if door is None)
        y += 0.4 * SIZE
        if doors_left:
            chosen = picked == ("door", None)
            group = d.clickable(None, element_id("doorpile", p),
                                f"{seat(p).name}'s doors in hand: {doors_left}"
                                + (" (picked)" if chosen else ""),
                                cls="doorpile" + " selected" * chosen)
            d.rect(group, left, y - 0.5 * SIZE, (0.8 + 0.75 * doors_left) * SIZE, 1.0 * SIZE,
                   fill="none", pointer_events="all")   # the whole row answers a click
            for j in range(doors_left):
                draw_door(d, group, p, left + (0.4 + 0.75 * j) * SIZE, y, selected=chosen)
            d.text(None, left + (0.9 + 0.75 * doors_left) * SIZE, y,
                   f"door{'s' * (doors_left != 1)} to place", size=13.0, anchor="start")
        else:
            d.text(None, left, y, "both doors on the board", size=13.0, anchor="start")
        y += 1.1 * SIZE
    d.text(None, left, y, f"Tiles in the stack: {len(state.stack)}", size=13.0, anchor="start")
    y += 0.9 * SIZE
    keys = bool(state.game.options.get("keys"))
    for q in range(state.num_players):
        d.seat_token(None, seat(q), left + 0.3 * SIZE, y, 0.27 * SIZE, label_size=8.0)
        line = f"{seat(q).name}: {state.escaped(q)} free, {state.buried(q)} buried"
        d.text(None, left + 0.75 * SIZE, y, line, size=13.0, anchor="start")
        if keys:          # the keys variant only (SX-I6)
            y += 0.55 * SIZE
            d.text(None, left + 0.75 * SIZE, y, "key unused" if state.keys[q] else "key used",
                   size=12.0, anchor="start")
        y += 0.8 * SIZE


def _caption(state: SectionXState) -> str:
    if state.phase == OVER:
        out = state.outcome()
        if out is None or not out.winners:
            return f"Game over ({out.termination if out else ''})"
        names = " and ".join(seat(p).name for p in out.winners)
        return f"Game over: {names} {'win' if len(out.winners) > 1 else 'wins'} ({out.termination})"
    phase = ("phase 2: place, swap, move or rotate a tile" if state.phase == TILE_PHASE
             else f"phase 3: prisoners ({state.used_total}/5 steps) or a door")
    return f"Round {state.round} · {seat(state.player).name} · {phase}"


def _hint_fields(hint: Any) -> set[Hex]:
    fields: set[Hex] = set()
    for attr in ("field", "src", "dst", "a", "b"):
        value = getattr(hint, attr, None)
        if isinstance(value, Hex):
            fields.add(value)
        elif isinstance(value, str) and "/" in value:
            fields.add(Hex.parse(value.split("/")[0]))
    return fields


# --- the tunnel graph overlay (SX-13) ------------------------------------------------------

UNOWNED = "#3a3a3a"
"""The overlay's colour for a tunnel without a door (SX-13)."""


def draw_tunnel_graph(d: Drawing, parent: Element, state: SectionXState) -> None:
    """The tunnel graph over the board, in a group that takes no clicks.

    A dot on every tunnel part and a line for every edge of
    :func:`boardlib.section_x.tunnels.tunnel_graph` (edges to the island end on the island
    field they face, edges to a zone on its gate). A tunnel's dots and lines take its
    owner's colour (SX-13), dark grey without a door. For each player, a thick dashed line
    (class ``escaperoute p<n>``) follows the shortest escape route of the prisoner nearest
    to a free zone (:func:`boardlib.section_x.tunnels.escape_route`).
    """
    from . import tunnels   # networkx: only when the overlay is asked for

    graph = tunnels.tunnel_graph(state)
    where: dict[str, tuple[float, float]] = {}
    for node, data in graph.nodes(data=True):
        if data["kind"] == "part":
            cell = state.board[FIELD_INDEX[data["field"]]]
            assert cell is not None
            where[node] = part_xy(data["field"], TILE_KINDS[cell[0]], cell[1], data["part"])
        elif data["kind"] == "zone":
            where[node] = CENTERS[GATES[data["gate"]]]

    def end(node: str, toward: str) -> tuple[float, float]:
        """Where a line from part ``toward`` meets ``node``: the island field it faces."""
        if node != tunnels.ISLAND_NODE:
            return where[node]
        data = graph.nodes[toward]
        for direction in range(6):
            beyond = data["field"].neighbor(direction)
            if data["ports"] >> direction & 1 and beyond in ISLAND_FIELDS:
                return CENTERS[beyond]
        raise AssertionError(f"{toward} does not face the island")

    def colour(node: str) -> str:
        owner = graph.nodes[node]["owner"]
        return UNOWNED if owner is None else seat(owner).color

    def pt(xy: tuple[float, float]) -> str:
        return f"{xy[0]:.1f},{xy[1]:.1f}"

    lines: dict[tuple[str, bool], list[str]] = {}
    for a, b in sorted(tuple(sorted(e)) for e in graph.edges()):
        part, other = (a, b) if graph.nodes[a]["kind"] == "part" else (b, a)
        inner = graph.nodes[other]["kind"] == "part"
        lines.setdefault((colour(part), inner), []).append(
            f"M{pt(where[part])} L{pt(end(other, part))}")
    for (col, inner), paths in sorted(lines.items()):
        d.path(parent, " ".join(paths), fill="none", stroke=col,
               stroke_width=3.0 if inner else 1.6, stroke_opacity="0.9", cls="edge")
    dots: dict[str, list[tuple[float, float]]] = {}
    for node in sorted(where):
        if graph.nodes[node]["kind"] == "part":
            dots.setdefault(colour(node), []).append(where[node])
    for col in sorted(dots):
        group = d.group(parent, fill=col, stroke="#ffffff", stroke_width=1.0, cls="dots")
        for x, y in dots[col]:
            d.circle(group, x, y, 4.5)
    n = state.num_players
    for p in range(n):
        routes = [r for r in tunnels.escape_routes(state, p, graph=graph).values() if r]
        if not routes:
            continue
        route = min(routes, key=len)
        shift = (p - (n - 1) / 2) * 3.5      # side by side where routes share a tunnel
        points: list[tuple[float, float]] = []
        for i, node in enumerate(route):
            if node != tunnels.ISLAND_NODE:
                points.append(where[node])
                continue
            points += [end(node, route[j]) for j in (i - 1, i + 1) if 0 <= j < len(route)]
        d.path(parent, "M" + " L".join(pt((x + shift, y + shift)) for x, y in points),
               fill="none", stroke=seat(p).color, stroke_width=5.5, stroke_opacity="0.8",
               stroke_dasharray="9 5", stroke_linecap="round", cls=f"escaperoute p{p}")
    legend = ("Tunnel graph: a dot per part,", "coloured by the tunnel's owner",
              "(grey: no door); dashed: each", "player's shortest way out")
    for k, text in enumerate(legend):        # low in the side column, clear of the board
        d.text(parent, BOARD_WIDTH + 0.2 * SIZE, HEIGHT - MARGIN - (len(legend) - 1 - k) * 14.0,
               text, size=11.0, anchor="start", fill="#333333")


def tunnel_graph_svg(state: SectionXState) -> str:
    """The tunnel-graph overlay on its own, as SVG text (for tests and figures)."""
    d = Drawing(WIDTH, HEIGHT, title="Section X tunnel graph", kind="section_x")
    draw_tunnel_graph(d, d.group(None, cls="overlay tunnelgraph"), state)
    return d.to_svg()


# --- pictures for notebook cells ------------------------------------------------------------

def picture(state: SectionXState, **kwargs: Any) -> SVGPicture:
    """A static picture of ``state`` for a notebook cell (same arguments as ``draw_svg``)."""
    return SVGPicture(draw_svg(state, **kwargs), "Section X board")


@lru_cache(maxsize=128)
def kind_svg(name: str, rotation: int = 0) -> str:
    kind = KIND_BY_NAME[name]
    side = 2.1 * SIZE
    d = Drawing(side, side, min_x=-side / 2, min_y=-side / 2,
                title=f"{kind.title} tile, turned {rotation}", kind="section_x",
                pixel_width=58.0)
    d.polygon(None, HexLayout(SIZE).corners(Hex(0, 0)), fill=SURFACE["ocean"],
              stroke=FIELD_EDGE, stroke_width=1.2)
    _draw_tile(d, d.group(None), (0.0, 0.0), kind, rotation)
    return d.to_svg()


def kind_picture(name: str, rotation: int = 0) -> SVGPicture:
    """One tile kind on its own (for the tile table of the notebook)."""
    return SVGPicture(kind_svg(name, rotation), f"{name} tile")


__all__ = ["PLAYER_COLORS", "PLAYER_NAMES", "SURFACE", "UNOWNED", "LAYOUT", "CENTERS",
           "SQRT3", "field_id", "part_id", "door_id", "zone_id", "place_id", "ISLAND_ID",
           "part_center", "part_xy", "parse_id", "draw_svg", "draw_tunnel_graph",
           "tunnel_graph_svg", "picture", "kind_picture", "kind_svg", "SVGPicture", "mark_spot",
           "mark_runs", "IslandMark", "ISLAND_STACKS"]
