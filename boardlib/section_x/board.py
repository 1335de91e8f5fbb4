"""Section X's board: fields, places, fit and tunnels, from the tiles alone (SX-I1 … SX-I5).

Fields are numbered ring by ring (``FIELDS``). Places are small integers: part ``i``
of the tile on field ``f`` is ``f * 4 + i``; the island, the free zones, freed and
buried are negative (``place_text`` writes them ``island``, ``zone 3``, ``q,r/i``).
A board is a tuple with ``None`` or ``(tile id, rotation)`` per field, and everything
here is worked out from it alone, so the engine keeps the answers while a board lasts.
"""
from __future__ import annotations

from typing import Iterable

from boardlib.core.api import Illegal
from boardlib.grids.hex import DIRECTIONS, ORIGIN, Hex, spiral

from .tiles import KINDS, TILE_KINDS, outline, part_masks

# --- the board (SX-I1) ---------------------------------------------------------

RADIUS = 4
FIELDS: tuple[Hex, ...] = tuple(spiral(ORIGIN, RADIUS))          # 61 fields, ring by ring
FIELD_INDEX: dict[Hex, int] = {h: i for i, h in enumerate(FIELDS)}
ISLAND_FIELDS: frozenset[Hex] = frozenset(h for h in FIELDS if h.length() <= 1)
GATES: tuple[Hex, ...] = tuple(d.scale(RADIUS) for d in DIRECTIONS)  # gate g in direction g
GATE_OF: dict[Hex, int] = {h: g for g, h in enumerate(GATES)}
OCEAN: tuple[Hex, ...] = tuple(h for h in FIELDS if h not in ISLAND_FIELDS and h not in GATE_OF)
OCEAN_INDEX: tuple[int, ...] = tuple(FIELD_INDEX[h] for h in OCEAN)
IS_OCEAN: tuple[bool, ...] = tuple(h in set(OCEAN) for h in FIELDS)
assert len(FIELDS) == 61 and len(ISLAND_FIELDS) == 7 and len(OCEAN) == 48

# Place codes: parts are field * 4 + part; the rest are negative.
ISLAND, FREED, BURIED, OFF = -1, -2, -3, -99
ZONE0 = -10


def zone_code(gate: int) -> int:
    return ZONE0 - gate


def is_zone(code: int) -> bool:
    return ZONE0 - 5 <= code <= ZONE0


def _neighbour_code(field: Hex, direction: int) -> int:
    n = field.neighbor(direction)
    if n not in FIELD_INDEX:
        return OFF
    if n in ISLAND_FIELDS:
        return ISLAND
    if n in GATE_OF:
        return zone_code(GATE_OF[n])
    return FIELD_INDEX[n]


# NEIGH[f][d]: what lies beyond edge d of field f (ocean field index, ISLAND, a zone, OFF).
NEIGH: tuple[tuple[int, ...], ...] = tuple(tuple(_neighbour_code(h, d) for d in range(6))
                                           for h in FIELDS)
# SX-I9: distance of each field to the nearest gate.
GATE_DISTANCE: tuple[int, ...] = tuple(min(h.distance(g) for g in GATES) for h in FIELDS)


def place_text(code: int) -> str:
    """The text of a place code: ``island``, ``zone 2``, ``q,r/i``, ``freed``, ``buried``."""
    text = _PLACE_TEXTS.get(code)
    return text if text is not None else _place_text(code)


def _place_text(code: int) -> str:
    if code >= 0:
        return f"{FIELDS[code >> 2]}/{code & 3}"
    if code == ISLAND:
        return "island"
    if code == FREED:
        return "freed"
    if code == BURIED:
        return "buried"
    if is_zone(code):
        return f"zone {ZONE0 - code}"
    raise ValueError(code)


def parse_place(text: str) -> int | None:
    """The code of a place text, or ``None`` if it names no place (parts are not checked)."""
    if not isinstance(text, str):
        return None
    code = _PLACE_CODES.get(text, _UNKNOWN)
    return _parse_place(text) if code is _UNKNOWN else code


def _parse_place(text: str) -> int | None:
    t = text.strip()
    if t == "island":
        return ISLAND
    if t in ("freed", "buried"):
        return FREED if t == "freed" else BURIED
    if t.startswith("zone "):
        try:
            g = int(t[5:])
        except ValueError:
            return None
        return zone_code(g) if 0 <= g < 6 else None
    field, slash, part = t.partition("/")
    if not slash:
        return None
    try:
        h = Hex.parse(field)
        i = int(part)
    except ValueError:
        return None
    if h not in FIELD_INDEX or not 0 <= i < 4:
        return None
    return FIELD_INDEX[h] * 4 + i


_KIND_NO: tuple[int, ...] = tuple(KINDS.index(k) for k in TILE_KINDS)
_NUM_PARTS: tuple[int, ...] = tuple(len(k.parts) for k in TILE_KINDS)
_HIDING: tuple[bool, ...] = tuple(k.hiding for k in TILE_KINDS)
_CAPACITY: tuple[int, ...] = tuple(k.capacity for k in TILE_KINDS)

_PLACE_TEXTS: dict[int, str] = {
    c: _place_text(c)
    for c in ([ISLAND, FREED, BURIED] + [zone_code(g) for g in range(6)]
              + [f * 4 + i for f in range(len(FIELDS)) for i in range(4)])}
_PLACE_CODES: dict[str, int] = {t: c for c, t in _PLACE_TEXTS.items()}
_UNKNOWN = object()
FIELD_TEXT: tuple[str, ...] = tuple(str(h) for h in FIELDS)

_DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def _field_check(h: object) -> tuple[int | None, Illegal | None]:
    """The ocean field index of ``h`` (a tile may lie there) or why not (SX-I1)."""
    if not isinstance(h, Hex) or h not in FIELD_INDEX:
        return None, Illegal("SX-I1", f"Field {h} is not on the board.")
    if h in ISLAND_FIELDS:
        return None, Illegal("SX-I1", f"Field {h} is part of the island; tiles go on ocean "
                             "fields only.")
    if h in GATE_OF:
        return None, Illegal("SX-I1", f"Field {h} is the gate of free zone {GATE_OF[h]}; tiles "
                             "go on ocean fields only.")
    return FIELD_INDEX[h], None


_FIELD_CHECK: dict[Hex, tuple[int | None, Illegal | None]] = {h: _field_check(h) for h in FIELDS}

# --- board helpers ----------------------------------------------------------------


def _cell_outline(cell: tuple[int, int]) -> int:
    return _OUTLINE[cell[0]][cell[1]]


_OUTLINE: tuple[tuple[int, ...], ...] = tuple(tuple(outline(k, r) for r in range(6))
                                              for k in TILE_KINDS)


def _fit_constraint(board: tuple, f: int, skip: int = -1) -> tuple[int, int]:
    """For field ``f``: (edges that touch a tile, edges where that tile has an opening).

    A tile with outline ``m`` fits (SX-07) iff ``m & care == need``. ``skip`` is a
    field treated as empty (the tile being moved away).
    """
    care = need = 0
    d = 0
    for n in NEIGH[f]:
        if n >= 0 and n != skip:
            cell = board[n]
            if cell is not None:
                care |= 1 << d
                if _OUTLINE[cell[0]][cell[1]] >> _BACK[d] & 1:
                    need |= 1 << d
        d += 1
    return care, need


_BACK = (3, 4, 5, 0, 1, 2)


# Per tile id, rotation and direction d: what that tile, seen from its neighbour across
# edge d, adds to the neighbour's fit key (the care bit, and the need bit if it opens there).
_FACE_BITS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(1 << (d + 6) | (m >> _BACK[d] & 1) << d for d in range(6)) for m in rots)
    for rots in _OUTLINE)
_OCEAN_NEIGH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, n) for d, n in enumerate(NEIGH[f]) if n >= 0) for f in range(len(FIELDS)))


def _fit_key(board: tuple, f: int) -> int:
    """``care << 6 | need`` of :func:`_fit_constraint`, from tables."""
    key = 0
    for d, n in _OCEAN_NEIGH[f]:
        cell = board[n]
        if cell is not None:
            key |= _FACE_BITS[cell[0]][cell[1]][d]
    return key


def _misfit(board: tuple, f: int, m: int, skip: int = -1) -> int | None:
    """The first direction in which outline ``m`` on field ``f`` does not fit, or ``None``."""
    care, need = _fit_constraint(board, f, skip)
    bad = (m & care) ^ need
    if not bad:
        return None
    return (bad & -bad).bit_length() - 1


def _misfit_sentence(board: tuple, f: int, m: int, d: int, lead: str) -> str:
    side = _DIRECTION_WORDS[d]
    n = FIELDS[NEIGH[f][d]]
    if m >> d & 1:
        return f"{lead}: its {side} opening would face a wall of the tile on {n}."
    return f"{lead}: its {side} side is a wall but the tile on {n} has an opening there."


def _rotate_misfit(board: tuple, f: int, rotation: int) -> int | None:
    tile, _ = board[f]
    return _misfit(board, f, outline(TILE_KINDS[tile], rotation))


def _moved(board: tuple, a: int, b: int) -> tuple:
    new = list(board)
    new[b], new[a] = board[a], None
    return tuple(new)


def _swapped(board: tuple, a: int, b: int) -> tuple:
    new = list(board)
    new[a], new[b] = board[b], board[a]
    return tuple(new)


def _move_misfit(board: tuple, a: int, b: int) -> int | None:
    return _misfit(board, b, _cell_outline(board[a]), skip=a)


def _swap_misfit(board: tuple, a: int, b: int) -> tuple[int, int] | None:
    new = _swapped(board, a, b)
    for f in (a, b):
        d = _misfit(new, f, _cell_outline(new[f]))
        if d is not None:
            return f, d
    return None


def _distance_sentence(src: Hex, dst: Hex, a: int, b: int) -> str:
    return (f"A hiding place with your prisoners may not come nearer to a free zone: {src} is "
            f"{GATE_DISTANCE[a]} from the nearest gate, {dst} only {GATE_DISTANCE[b]}.")


# Per tile id and rotation: part masks, and the part opening at each port (-1 for a wall);
# worked out once per kind (tiles of a kind share the answers).
_KIND_MASKS = {k: tuple(part_masks(k, rot) for rot in range(6)) for k in KINDS}
_KIND_PORT_PART = {k: tuple(tuple(next((i for i, m in enumerate(masks) if m >> d & 1), -1)
                                  for d in range(6)) for masks in per_rot)
                   for k, per_rot in _KIND_MASKS.items()}
_PART_MASKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_KIND_MASKS[k] for k in TILE_KINDS)
_PORT_PART: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    _KIND_PORT_PART[k] for k in TILE_KINDS)


def _field_links(board: tuple, f: int, adj: dict[int, list[int]]) -> None:
    """Add the links of the tile on field ``f`` to ``adj`` (island and zones both ways)."""
    tile, rot = board[f]
    row = NEIGH[f]
    for i, m in enumerate(_PART_MASKS[tile][rot]):
        code = f * 4 + i
        mine = adj.setdefault(code, [])
        for d in range(6):
            if not m >> d & 1:
                continue
            n = row[d]
            if n == OFF:
                continue
            if n < 0:                      # the island or a zone
                mine.append(n)
                adj.setdefault(n, []).append(code)
                continue
            other = board[n]
            if other is None:
                continue
            j = _PORT_PART[other[0]][other[1]][(d + 3) % 6]
            if j >= 0:
                mine.append(n * 4 + j)      # the other tile adds the reverse link


def _compute_links(board: tuple) -> dict[int, tuple[int, ...]]:
    """Place -> joined places through facing openings (the engine's copy of the tunnel graph)."""
    adj: dict[int, list[int]] = {}
    for f, cell in enumerate(board):
        if cell is not None:
            _field_links(board, f, adj)
    return {c: tuple(sorted(set(v))) for c, v in adj.items()}


# Per field f and port mask m (a part's openings, bit d for direction d), at f << 6 | m:
# the ocean fields those openings face with the direction back from there, the island
# and zone codes they face (each once), and the reach: bit f and the ocean fields faced,
# as a bit mask. Tunnel searches look a part's neighbours up here instead of going round
# its six edges. Filled when first asked for (by _port_links): building all of it would
# cost more than a game.
_PORT_LINKS: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...], int] | None] = (
    [None] * (len(FIELDS) << 6))


def _port_links(f: int, m: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], int]:
    """Fill in ``_PORT_LINKS[f << 6 | m]``."""
    ports = [(d, n) for d, n in enumerate(NEIGH[f]) if m >> d & 1]
    ocean = tuple((n, _BACK[d]) for d, n in ports if n >= 0)
    beyond = tuple(sorted({n for _, n in ports if OFF < n < 0}))   # two may face the island
    links = _PORT_LINKS[f << 6 | m] = (ocean, beyond, sum(1 << n for n, _ in ocean) | 1 << f)
    return links


_FACING: dict[int, tuple[tuple[int, int], ...]] = {
    code: tuple((f, d) for f in OCEAN_INDEX for d in range(6) if NEIGH[f][d] == code)
    for code in [ISLAND] + [zone_code(g) for g in range(6)]}
_FACING_FIELDS: dict[int, frozenset[int]] = {
    code: frozenset(f for f, _ in pairs) for code, pairs in _FACING.items()}


def _facing_parts(f: int, code: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per tile id and rotation: the parts of that tile on field ``f`` that open onto the
    place ``code`` beyond it, sorted, each once (a part may face the island twice)."""
    edges = [d for d, n in enumerate(NEIGH[f]) if n == code]
    per_kind = {k: tuple(tuple(sorted({f * 4 + ports[d] for d in edges if ports[d] >= 0}))
                         for ports in per_rot)
                for k, per_rot in _KIND_PORT_PART.items()}
    return tuple(per_kind[k] for k in TILE_KINDS)


# Per place beyond the ocean (the island, a zone): the fields facing it in order, each with
# its _facing_parts table.
_FACING_PARTS: dict[int, tuple[tuple[int, tuple[tuple[tuple[int, ...], ...], ...]], ...]] = {
    code: tuple((f, _facing_parts(f, code)) for f in sorted(fields))
    for code, fields in _FACING_FIELDS.items()}


def _joined(board: tuple, code: int) -> tuple[int, ...]:
    """What ``_compute_links(board)[code]`` holds, worked out for this one place."""
    if code < 0:
        found: list[int] = []
        for f, parts in _FACING_PARTS.get(code, ()):   # fields in order: found stays sorted
            cell = board[f]
            if cell is not None:
                found += parts[cell[0]][cell[1]]
        return tuple(found)
    return tuple(sorted(_part_links(board, code)))


def _part_links(board: tuple, code: int) -> list[int]:
    """The places part ``code`` opens onto: parts of neighbouring tiles whose openings face
    it, the island, a zone (each once, unsorted)."""
    f = code >> 2
    cell = board[f]
    m = _PART_MASKS[cell[0]][cell[1]][code & 3]
    ocean, beyond, _ = _PORT_LINKS[f << 6 | m] or _port_links(f, m)
    found = list(beyond)                # the island and zones
    for n, back in ocean:
        other = board[n]
        if other is not None:
            j = _PORT_PART[other[0]][other[1]][back]
            if j >= 0:
                found.append(n * 4 + j)
    return found


def _tunnel_from(board: tuple, start: int) -> tuple[int, frozenset[int], int, int]:
    """The tunnel of part ``start`` (SX-I5): its smallest part (the tunnel's name while it
    lasts), its parts, its fields as a bit mask (bit ``f`` for field ``f``), and its reach:
    those fields and the fields its openings face. Only a tile change on its reach can
    change a tunnel.

    Depth-first over the parts' links: :func:`_part_links` written out, as calling it (or
    helpers shared with it) costs 1.6% of a random game's instructions. Most door tunnels
    are one part: the parts ``start`` opens onto are looked at first, and without any the
    answer comes without a search (1% of a game). Field bits come from ``_FIELD_BIT``:
    masks are big integers, and ``1 << f`` would make one each time."""
    f = start >> 2
    cell = board[f]
    m = _PART_MASKS[cell[0]][cell[1]][start & 3]
    links = _PORT_LINKS[f << 6 | m] or _port_links(f, m)
    fields = _FIELD_BIT[f]
    reach = links[2]
    stack = []
    for n, back in links[0]:
        other = board[n]
        if other is not None:
            j = _PORT_PART[other[0]][other[1]][back]
            if j >= 0:
                stack.append(n * 4 + j)
    if not stack:
        return start, frozenset((start,)), fields, reach
    found = {start, *stack}
    while stack:
        c = stack.pop()
        f = c >> 2
        cell = board[f]
        m = _PART_MASKS[cell[0]][cell[1]][c & 3]
        links = _PORT_LINKS[f << 6 | m] or _port_links(f, m)
        fields |= _FIELD_BIT[f]
        reach |= links[2]
        for n, back in links[0]:
            other = board[n]
            if other is not None:
                j = _PORT_PART[other[0]][other[1]][back]
                if j >= 0:
                    j += n * 4
                    if j not in found:
                        found.add(j)
                        stack.append(j)
    return min(found), frozenset(found), fields, reach


_FIELD_BIT: tuple[int, ...] = tuple(1 << f for f in range(len(FIELDS)))


class _Tunnels:
    """The tunnels of one board (SX-I5): connected parts, numbered.

    ``comp`` maps each part to its tunnel id, ``sizes[id]`` counts the tunnel's tiles
    ("longer" in SX-15), ``members[id]`` lists its parts. Ids of tunnels that a change
    split or joined are not reused.
    """

    __slots__ = ("comp", "sizes", "members")

    def __init__(self, comp: dict[int, int], sizes: list[int],
                 members: dict[int, list[int]]) -> None:
        self.comp = comp
        self.sizes = sizes
        self.members = members


def _label_tunnels(board: tuple, seeds: Iterable[int], comp: dict[int, int],
                   sizes: list[int], members: dict[int, list[int]]) -> None:
    """Label the tunnel of each seed part not yet in ``comp`` with a new id (SX-I5)."""
    for start in seeds:
        if start in comp:
            continue
        t = len(sizes)
        comp[start] = t
        found = [start]
        stack = [start]
        while stack:
            for n in _part_links(board, stack.pop()):
                if n >= 0 and n not in comp:
                    comp[n] = t
                    stack.append(n)
                    found.append(n)
        members[t] = found
        sizes.append(len({c >> 2 for c in found}))      # "longer" counts tiles (SX-I5)


def _board_parts(board: tuple, fields: Iterable[int]) -> list[int]:
    return [f * 4 + i for f in fields if board[f] is not None
            for i in range(_NUM_PARTS[board[f][0]])]


def _compute_tunnels(board: tuple) -> _Tunnels:
    """Tunnels = connected components of parts (island and zones do not join them)."""
    comp: dict[int, int] = {}
    sizes: list[int] = []
    members: dict[int, list[int]] = {}
    _label_tunnels(board, _board_parts(board, range(len(FIELDS))), comp, sizes, members)
    return _Tunnels(comp, sizes, members)


def _update_tunnels(old: _Tunnels, board: tuple, changed: Iterable[int]) -> _Tunnels:
    """The tunnels of ``board`` from those of a board that differs on ``changed`` fields.

    Only tunnels that ran through a changed field can split, and only tiles on
    changed fields can join tunnels: those are labelled afresh, the rest keep
    their ids. Tests compare the result with the networkx components.
    """
    if len(old.sizes) > 4 * len(old.comp) + 64:     # ids of changed tunnels pile up
        return _compute_tunnels(board)
    changed = set(changed)
    comp = dict(old.comp)
    members = dict(old.members)
    seeds = _board_parts(board, sorted(changed))
    for t in {old.comp[c] for f in changed for c in range(4 * f, 4 * f + 4) if c in old.comp}:
        for c in members.pop(t):           # a tunnel through a changed field may split
            del comp[c]
            if c >> 2 not in changed:
                seeds.append(c)
    fresh: dict[int, int] = {}
    sizes = list(old.sizes)
    _label_tunnels(board, seeds, fresh, sizes, members)
    for c in fresh:                        # a new tile joined these tunnels to its own
        t = comp.get(c)
        if t is not None:
            members.pop(t, None)
    comp.update(fresh)
    return _Tunnels(comp, sizes, members)
