"""The engine's fast layer: what the rules look up about a board, its prisoners and its doors.

Nothing here is a rule. Each structure answers a question whose plain definition lives
elsewhere, and ``tests/section_x/test_index.py`` checks every one of them against that
definition after every move of 200 seeded random games:

* :class:`BoardIndex` — per board: the empty ocean fields, the tiled ones and every tunnel
  part (read from the board); the rotations of a kind that fit an empty field (SX-07,
  :func:`.fit.misfit`); the places joined to a place and the tunnel of a part (SX-I4,
  SX-I5: neighbours and connected components of :func:`.tunnels.tunnel_graph`).
* :class:`PrisonerIndex` — per prisoners' places: who stands where, which places are full
  (SX-17, SX-18), which fields carry prisoners.
* :class:`DoorIndex` — per board and doors: each door's tunnel and its owner (SX-13).

States share an index while what it rests on stays the same (a board index lives as long
as its board); its answers are worked out when first asked for and then kept.
"""
from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any, Callable, Generic, NamedTuple, Sequence, TypeVar

from .board import (BEYOND, FIELDS, ISLAND, OCEAN_INDEX, OFF_BOARD, OPPOSITE, ZONES, Board,
                    PlacedDoor, zone_code)
from .tiles import KINDS, PRISONERS, TILE_KINDS, distinct_rotations, outline, part_masks

T = TypeVar("T")


class cached(Generic[T]):
    """``functools.cached_property`` without its lock (Python 3.11 takes one at each first
    read, which costs more than most of what is cached here): the value is worked out when
    first read and kept in the instance."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        if instance is None:
            return self        # type: ignore[return-value]
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


# --- tables per tile and rotation, made once -------------------------------------------------

PART_MASKS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(part_masks(k, r) for r in range(6)) for k in TILE_KINDS)
OPENINGS: tuple[tuple[int, ...], ...] = tuple(tuple(outline(k, r) for r in range(6))
                                              for k in TILE_KINDS)
# PART_AT_PORT[tile][rotation][port]: the part that opens there, -1 for a wall
PART_AT_PORT: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(next((i for i, m in enumerate(masks) if m >> d & 1), -1) for d in range(6))
          for masks in rows) for rows in PART_MASKS)
NUM_PARTS: tuple[int, ...] = tuple(len(k.parts) for k in TILE_KINDS)

# Fit keys. For an empty field, ``care`` marks the edges shared with a tile and ``need``
# those of them where that tile opens; a tile with openings ``m`` fits (SX-07) exactly when
# ``m & care == need``. The key is ``care << 6 | need``; FITTING[kind number][key] lists the
# rotations of that kind that fit, in the order of ``distinct_rotations``.


def _fitting(kind_number: int) -> tuple[tuple[int, ...], ...]:
    # a rotation with openings m fits exactly one need per care: the need m & care
    rows: list[tuple[int, ...]] = [()] * (1 << 12)
    kind = KINDS[kind_number]
    for r in distinct_rotations(kind):
        m = outline(kind, r)
        for care in range(64):
            rows[care << 6 | m & care] += (r,)
    return tuple(rows)


FITTING: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_fitting(k) for k in range(len(KINDS)))
# FACE_KEY[tile][rotation][d]: what that tile adds to the key of the empty field that lies in
# direction OPPOSITE[d] from it, i.e. whose edge d it touches
FACE_KEY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(1 << (d + 6) | (m >> OPPOSITE[d] & 1) << d for d in range(6)) for m in rows)
    for rows in OPENINGS)
OCEAN_EDGES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((d, n) for d, n in enumerate(BEYOND[f]) if n >= 0) for f in range(len(FIELDS)))
# the (field, edge) pairs that face the island and each free zone
FACING: dict[int, tuple[tuple[int, int], ...]] = {
    place: tuple((f, d) for f in OCEAN_INDEX for d in range(6) if BEYOND[f][d] == place)
    for place in (ISLAND, *(zone_code(g) for g in range(6)))}


FIT_COUNT: tuple[tuple[int, ...], ...] = tuple(tuple(len(r) for r in rows) for rows in FITTING)
# NEAR[f]: field f and the ocean fields around it: what a tile on f touches
NEAR: tuple[frozenset[int], ...] = tuple(frozenset({f} | {n for _, n in OCEAN_EDGES[f]})
                                         for f in range(len(FIELDS)))
FACING_FIELDS: dict[int, frozenset[int]] = {place: frozenset(f for f, _ in pairs)
                                            for place, pairs in FACING.items()}


def _openings(field: int, ports: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    ocean = tuple((n, OPPOSITE[d]) for d, n in OCEAN_EDGES[field] if ports >> d & 1)
    beyond = tuple(sorted({BEYOND[field][d] for d in range(6)
                           if ports >> d & 1 and OFF_BOARD < BEYOND[field][d] < 0}))
    return ocean, beyond


# OPENINGS_AT[64 * field + ports]: where a part with these ports on this field opens: the ocean
# fields it faces with the edge seen from there, and the island and zones it faces (made for
# the port sets that parts have)
_PART_PORTS = frozenset(m for rows in PART_MASKS for masks in rows for m in masks)
OPENINGS_AT: tuple[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ...] = tuple(
    _openings(f, m) if m in _PART_PORTS else ((), ())
    for f in range(len(FIELDS)) for m in range(64))


def fit_key(board: Board, field: int) -> int:
    """``care << 6 | need`` of the empty ``field`` (see FITTING)."""
    key = 0
    for d, n in OCEAN_EDGES[field]:
        laid = board[n]
        if laid is not None:
            key |= FACE_KEY[laid.tile][laid.rotation][d]
    return key


class Tunnel(NamedTuple):
    """A tunnel (SX-I5): a connected set of tunnel parts and the fields of its tiles."""

    parts: frozenset[int]
    fields: frozenset[int]

    @property
    def size(self) -> int:
        """How many tiles it runs through: "longer" in SX-15 (SX-I5)."""
        return len(self.fields)


class BoardIndex:
    """What the rules look up about one board (see the module docstring).

    ``earlier``: the index of the board this one was made from (by a tile action or a
    collapse), which differs on the fields ``changed`` (found by comparing the boards if not
    given). Only what a changed tile touches is worked out again: the fields and parts lists
    are updated, the fit keys of the empty fields away from the change are kept, and a
    tunnel, door index or prisoner index found on the earlier board is taken over when no
    changed tile touches it (a tunnel: none of its tiles lies on or next to a changed field).
    """

    def __init__(self, board: Board, earlier: BoardIndex | None = None,
                 changed: Sequence[int] | None = None) -> None:
        self.board = board
        self._joined: dict[int, tuple[int, ...]] = {}
        self._tunnels: dict[int, Tunnel] = {}          # part -> its tunnel, once asked for
        self._door_indexes: dict[Any, DoorIndex] = {}
        self._prisoner_indexes: dict[Any, PrisonerIndex] = {}
        self._changed: frozenset[int] = frozenset()    # the fields changed since earlier
        self._near_change: frozenset[int] = frozenset()   # touched, or nothing
        # the changed fields and the ocean fields around them (None: all may have changed)
        self.touched: frozenset[int] | None = None
        # what the index of the earlier board found (not the index itself: no chain of boards)
        self._earlier_tunnels: dict[int, Tunnel] = {}
        self._earlier_joined: dict[int, tuple[int, ...]] = {}
        self._earlier_doors: dict[Any, DoorIndex] = {}
        self._earlier_prisoners: dict[Any, PrisonerIndex] = {}
        if earlier is None:
            empty: list[int] = []
            tiled: list[int] = []
            parts: list[int] = []
            for f in OCEAN_INDEX:
                laid = board[f]
                if laid is None:
                    empty.append(f)
                else:
                    tiled.append(f)
                    parts.extend(range(4 * f, 4 * f + NUM_PARTS[laid.tile]))
            # empty field -> its fit key (see FITTING)
            self.fit_key_of: dict[int, int] = {f: fit_key(board, f) for f in empty}
        else:
            empty, tiled, parts = self._take_over(earlier, changed)
        self.empty_fields: tuple[int, ...] = tuple(empty)
        self.tiled_fields: tuple[int, ...] = tuple(tiled)
        self.parts: tuple[int, ...] = tuple(parts)

    def _take_over(self, earlier: BoardIndex, changed: Sequence[int] | None
                   ) -> tuple[list[int], list[int], list[int]]:
        board, old = self.board, earlier.board
        if changed is None:
            changed = [f for f in OCEAN_INDEX if board[f] is not old[f]]
        empty, tiled, parts = (list(earlier.empty_fields), list(earlier.tiled_fields),
                               list(earlier.parts))
        for f in changed:
            was, laid = old[f], board[f]
            if was is not None:
                at = bisect_left(parts, 4 * f)
                del parts[at:at + NUM_PARTS[was.tile]]
                if laid is None:
                    tiled.remove(f)
                    insort(empty, f)
            if laid is not None:
                at = bisect_left(parts, 4 * f)
                parts[at:at] = range(4 * f, 4 * f + NUM_PARTS[laid.tile])
                if was is None:
                    empty.remove(f)
                    insort(tiled, f)
        self.touched = touched = frozenset().union(*[NEAR[f] for f in changed])
        self._near_change = touched
        # fit keys: a changed field's own key is worked out afresh (or dropped, if it holds a
        # tile now); each empty field next to it swaps the bits the old tile gave its key for
        # those of the new one (each edge has bits of its own)
        self.fit_key_of = keys = dict(earlier.fit_key_of)
        for c in changed:
            if board[c] is None:
                keys[c] = fit_key(board, c)
            else:
                keys.pop(c, None)
        for c in changed:
            was, laid = old[c], board[c]
            for e, f in OCEAN_EDGES[c]:
                if f in keys and f not in changed:
                    back = OPPOSITE[e]         # the direction from f to c
                    if was is not None:
                        keys[f] ^= FACE_KEY[was.tile][was.rotation][back]
                    if laid is not None:
                        keys[f] ^= FACE_KEY[laid.tile][laid.rotation][back]
        self._changed = frozenset(changed)
        self._earlier_tunnels = earlier._tunnels
        self._earlier_joined = earlier._joined
        self._earlier_doors = earlier._door_indexes
        self._earlier_prisoners = earlier._prisoner_indexes
        return empty, tiled, parts

    def fitting(self, field: int, kind_number: int) -> tuple[int, ...]:
        """The rotations of kind ``KINDS[kind_number]`` that fit the empty ``field`` (SX-07)."""
        return FITTING[kind_number][self.fit_key_of[field]]

    def count_fitting(self, kind_numbers: Sequence[int]) -> int:
        """How many (empty field, kind, rotation) placements of these kinds fit (SX-07)."""
        keys = self.fit_key_of.values()
        return sum([sum(map(FIT_COUNT[k].__getitem__, keys)) for k in kind_numbers])

    def joined(self, place: int) -> tuple[int, ...]:
        """The places joined to ``place`` through two facing openings, sorted (SX-I4)."""
        found = self._joined.get(place)
        if found is None:
            found = self._earlier_joined.get(place)
            stale = (place // 4 in self._near_change if place >= 0
                     else not FACING_FIELDS[place].isdisjoint(self._changed))
            if found is None or stale:
                found = tuple(sorted(
                    self._part_links(place) if place >= 0 else self._facing_parts(place)))
            self._joined[place] = found
        return found

    def _part_links(self, place: int) -> set[int]:
        board = self.board
        f = place // 4
        laid = board[f]
        assert laid is not None
        ocean, beyond = OPENINGS_AT[64 * f + PART_MASKS[laid.tile][laid.rotation][place % 4]]
        found = set(beyond)                         # the island, free zones
        for n, back in ocean:
            other = board[n]
            if other is not None:
                j = PART_AT_PORT[other.tile][other.rotation][back]
                if j >= 0:
                    found.add(4 * n + j)
        return found

    def _facing_parts(self, place: int) -> set[int]:
        board = self.board
        found = set()
        for f, d in FACING.get(place, ()):
            laid = board[f]
            if laid is not None:
                j = PART_AT_PORT[laid.tile][laid.rotation][d]
                if j >= 0:
                    found.add(4 * f + j)
        return found

    def tunnel(self, part: int) -> Tunnel:
        """The tunnel of ``part``: every part joined to it, step by step (SX-I5)."""
        found = self._tunnels.get(part)
        if found is not None:
            return found
        found = self._earlier_tunnels.get(part)
        if found is not None and found.fields.isdisjoint(self._near_change):
            self._tunnels[part] = found
            return found
        found = self._search(part)
        self._tunnels.update(dict.fromkeys(found.parts, found))
        return found

    def _search(self, part: int) -> Tunnel:
        board = self.board
        parts = {part}
        todo = [part]
        while todo:                     # self._part_links written out: this is a hot path
            c = todo.pop()
            f = c // 4
            laid = board[f]
            assert laid is not None
            ports = PART_MASKS[laid.tile][laid.rotation][c % 4]
            ocean, _ = OPENINGS_AT[64 * f + ports]
            for n, back in ocean:
                other = board[n]
                if other is not None:
                    j = PART_AT_PORT[other.tile][other.rotation][back]
                    if j >= 0 and 4 * n + j not in parts:
                        parts.add(4 * n + j)
                        todo.append(4 * n + j)
        return Tunnel(frozenset(parts), frozenset([c // 4 for c in parts]))

    def all_tunnels(self) -> list[Tunnel]:
        """Every tunnel, by its smallest part (for tests and the tunnel view)."""
        seen: set[int] = set()
        found = []
        for part in self.parts:
            if part not in seen:
                tunnel = self.tunnel(part)
                seen |= tunnel.parts
                found.append(tunnel)
        return found

    def prisoners(self, locs: tuple[int, ...]) -> PrisonerIndex:
        """The prisoner index of ``locs`` on this board (kept, like :meth:`doors`)."""
        found = self._prisoner_indexes.get(locs)
        if found is None:
            found = self._earlier_prisoners.get(locs)
            if found is None or not found.fields.isdisjoint(self._changed):
                found = PrisonerIndex(locs, self.board)
            self._prisoner_indexes[locs] = found
        return found

    def doors(self, doors: tuple[tuple[PlacedDoor | None, ...], ...]) -> DoorIndex:
        """The door index of ``doors`` on this board (kept: states on one board share it)."""
        found = self._door_indexes.get(doors)
        if found is None:
            found = self._earlier_doors.get(doors)
            if found is None or not all(h.tunnel.fields.isdisjoint(self._near_change)
                                        for h in found.held):
                found = DoorIndex(self, doors)
            self._door_indexes[doors] = found
        return found


class PrisonerIndex:
    """Who stands where (see the module docstring): prisoner ``k`` belongs to player
    ``k // 8``."""

    def __init__(self, locs: Sequence[int], board: Board) -> None:
        at: dict[int, list[int]] = {}
        for k, place in enumerate(locs):
            if place >= 0 or place in ZONES:             # a tunnel part or a free zone
                at.setdefault(place, []).append(k)
        self.at: dict[int, tuple[int, ...]] = {c: tuple(ks) for c, ks in at.items()}
        full = set()
        fields = set()
        alone: dict[int, int] = {}
        for place, ks in at.items():
            if place < 0:
                full.add(place)                           # a claimed zone (SX-18)
                continue
            field = place // 4
            fields.add(field)
            kind = TILE_KINDS[board[field].tile]          # type: ignore[union-attr]
            if len(ks) >= kind.capacity:                  # SX-17
                full.add(place)
            if kind.hiding and ks[0] // PRISONERS == ks[-1] // PRISONERS:   # ks is sorted
                alone[field] = ks[0] // PRISONERS
        self.full: frozenset[int] = frozenset(full)
        self.fields: frozenset[int] = frozenset(fields)
        # hiding places whose prisoners are all one player's: field -> that player (SX-10)
        self.alone: dict[int, int] = alone

    def on_field(self, field: int) -> tuple[int, ...]:
        """The prisoners on the tile of ``field``."""
        return tuple(k for i in range(4) for k in self.at.get(4 * field + i, ()))


class HeldTunnel(NamedTuple):
    """A door on the board with the tunnel it holds."""

    player: int
    slot: int
    door: PlacedDoor
    tunnel: Tunnel


class DoorIndex:
    """Each door's tunnel and owner (see the module docstring)."""

    def __init__(self, board: BoardIndex, doors: Sequence[Sequence[PlacedDoor | None]]) -> None:
        held = []
        for p, row in enumerate(doors):
            for slot, door in enumerate(row):
                if door is not None:
                    held.append(HeldTunnel(p, slot, door, board.tunnel(door.part)))
        self.held: tuple[HeldTunnel, ...] = tuple(held)
        self._foreign: dict[int, frozenset[int]] = {}

    @cached
    def holding(self) -> dict[int, HeldTunnel]:
        """Part -> the door tunnel it belongs to (parts of tunnels without a door are absent)."""
        found: dict[int, HeldTunnel] = {}
        for h in self.held:
            found.update(dict.fromkeys(h.tunnel.parts, h))
        return found

    @cached
    def taken_parts(self) -> list[int]:
        """The parts of the tunnels that hold a door, sorted."""
        return sorted([c for h in self.held for c in h.tunnel.parts])

    @cached
    def door_at(self) -> dict[int, int]:
        """Part -> the player whose door stands on it."""
        return {h.door.part: h.player for h in self.held}

    def owner(self, part: int) -> int | None:
        """The owner of the tunnel of ``part`` (SX-13), if a door stands in it."""
        entry = self.holding.get(part)
        return None if entry is None else entry.player

    def taken(self) -> int:
        """How many parts lie in tunnels that hold a door (they are disjoint, SX-14)."""
        return sum([len(h.tunnel.parts) for h in self.held])

    def foreign_fields(self, player: int) -> frozenset[int]:
        """The fields of the tiles in other players' door tunnels (SX-13)."""
        found = self._foreign.get(player)
        if found is None:
            found = self._foreign[player] = frozenset().union(
                *(h.tunnel.fields for h in self.held if h.player != player))
        return found


__all__ = ["cached", "PART_MASKS", "OPENINGS", "PART_AT_PORT", "NUM_PARTS", "FITTING", "FIT_COUNT",
           "FACING", "NEAR", "fit_key", "Tunnel", "BoardIndex", "PrisonerIndex", "HeldTunnel",
           "DoorIndex"]
