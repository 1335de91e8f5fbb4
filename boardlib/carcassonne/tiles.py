"""Land tiles read from the packaged CSV files: features per tile, and their rotations.

Directions are numbered clockwise ``0 N, 1 E, 2 S, 3 W``; half-edges likewise clockwise from
the north-west corner: ``0 NL, 1 NR, 2 EL, 3 ER, 4 SL, 5 SR, 6 WL, 7 WR`` (left and right as
seen looking outward from the tile's centre). Turning a tile a quarter clockwise moves edge
``d`` to ``d + 1`` and half-edge ``h`` to ``h + 2``. Across a shared edge, half ``2d + s``
meets half ``2(d + 2) + (1 - s)`` of the neighbour (NL-SR, NR-SL, EL-WR, ER-WL).

A tile's *features* are its city segments (with pennants, CB-09), road segments (each end
either an edge or an inner stop: cloister, junction, city, houses, or a tunnel opening
TU-04), its cloister (CB-10) and its fields (sets of half-edges, with the city segments they
border, CB-15). Features are numbered per tile type, independent of rotation.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

DIRS = "NESW"
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
DELTA = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north is +y
OPPOSITE = (2, 3, 0, 1)

CITY, ROAD, CLOISTER, FIELD = "city", "road", "cloister", "field"
# How a one-edge road segment ends inside its tile. Everything but a tunnel stops the road.
INNER_ENDS = {"cloister": "cloister", "junction": "junction", "city": "city",
              "dead_end_houses": "houses", "tunnel": "tunnel"}


def meeting_half(half: int) -> int:
    """The neighbour's half-edge that touches ``half`` across the shared edge."""
    d, side = divmod(half, 2)
    return 2 * OPPOSITE[d] + (1 - side)


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature of an unrotated tile.

    ``edges``: directions (city, road) or half-edges (field) it reaches; ``inner_end``: how a
    one-edge road stops inside the tile (``"tunnel"`` marks a tunnel opening); ``cities``:
    for a field, the feature indexes of the city segments it borders.
    """

    kind: str
    edges: tuple[int, ...] = ()
    pennants: int = 0
    inner_end: str | None = None
    cities: tuple[int, ...] = ()

    @property
    def is_opening(self) -> bool:
        return self.inner_end == "tunnel"


@dataclass(frozen=True, slots=True)
class TileType:
    letter: str
    count: int
    start_count: int
    sides: str  # edge types N E S W: C city, R road, F field
    features: tuple[Feature, ...]
    name: str
    expansion: str  # "base" or "tunnel"

    def rotated(self, rotation: int) -> "Oriented":
        return oriented(self.letter, rotation % 4)

    @property
    def pennants(self) -> int:
        return sum(f.pennants for f in self.features)

    @property
    def openings(self) -> int:
        return sum(f.is_opening for f in self.features)


@dataclass(frozen=True, slots=True)
class Oriented:
    """A tile type turned ``rotation`` quarter turns clockwise, with lookup tables.

    ``sides[d]``: edge type at direction ``d``; ``edge_feature[d]``: the city/road feature on
    that edge (None on a field edge); ``half_feature[h]``: the field on half-edge ``h`` (None
    on a city edge); ``labels[i]``: the readable name of feature ``i`` ("city:N+W");
    ``openings``: direction -> feature for tunnel openings; ``ends[i]``: open ends a city or
    road segment starts with (its edges, plus one for a tunnel opening).
    """

    letter: str
    rotation: int
    sides: tuple[str, str, str, str]
    edge_feature: tuple[int | None, ...]
    half_feature: tuple[int | None, ...]
    labels: tuple[str, ...]
    label_index: dict[str, int]
    openings: tuple[tuple[int, int], ...]  # (direction, feature index)
    ends: tuple[int, ...]


def feature_label(feature: Feature, rotation: int) -> str:
    if feature.kind == CLOISTER:
        return CLOISTER
    if feature.kind == FIELD:
        halves = sorted((h + 2 * rotation) % 8 for h in feature.edges)
        return FIELD + ":" + "+".join(HALVES[h] for h in halves)
    dirs = sorted((d + rotation) % 4 for d in feature.edges)
    return feature.kind + ":" + "+".join(DIRS[d] for d in dirs)


def _split(text: str) -> list[str]:
    return [] if text.strip() in ("", "-") else text.split("|")


def _parse_row(row: dict, expansion: str) -> TileType:
    feats: list[Feature] = []
    city_parts = _split(row["city_segments"])
    pennants = int(row["pennants"])
    if pennants and len(city_parts) != 1:
        raise ValueError(f"tile {row['letter']}: pennant on a tile with several cities")
    for i, part in enumerate(city_parts):
        feats.append(Feature(CITY, tuple(DIRS.index(d) for d in part.split("+")),
                             pennants=pennants if i == 0 else 0))
    road_parts = _split(row["road_segments"])
    inner = _split(row["road_inner_ends"]) if row["road_inner_ends"].strip() != "-" else []
    for i, part in enumerate(road_parts):
        edges = tuple(DIRS.index(d) for d in part.split("+"))
        end = inner[i] if i < len(inner) else "-"
        if len(edges) == 1:
            if end not in INNER_ENDS:
                raise ValueError(f"tile {row['letter']}: road {part} has no inner end")
            feats.append(Feature(ROAD, edges, inner_end=INNER_ENDS[end]))
        else:
            feats.append(Feature(ROAD, edges))
    if row["cloister"].strip() == "1":
        feats.append(Feature(CLOISTER))
    touches = _split(row["farm_touches_city_segment_idx"])
    for i, part in enumerate(_split(row["farm_segments_halfedges"])):
        halves = tuple(HALVES.index(h) for h in part.split("+"))
        t = touches[i] if i < len(touches) else "-"
        cities = () if t == "-" else tuple(int(c) for c in t.split("+"))
        feats.append(Feature(FIELD, halves, cities=cities))
    return TileType(row["letter"], int(row["count"]), int(row["start_tile_count"]),
                    "".join(row[d] for d in DIRS), tuple(feats), row["name"], expansion)


def _load(filename: str, expansion: str) -> tuple[TileType, ...]:
    data = resources.files("boardlib.carcassonne").joinpath("data")
    text = data.joinpath(filename).read_text("utf-8")
    return tuple(_parse_row(row, expansion) for row in csv.DictReader(text.splitlines()))


BASE_TILES: tuple[TileType, ...] = _load("carcassonne_base_tiles.csv", "base")
TUNNEL_TILES: tuple[TileType, ...] = _load("carcassonne_tunnel_tiles.csv", "tunnel")
TILE_TYPES: dict[str, TileType] = {t.letter: t for t in BASE_TILES + TUNNEL_TILES}
START_LETTER = next(t.letter for t in BASE_TILES if t.start_count)  # CB-02: type D


@lru_cache(maxsize=None)
def oriented(letter: str, rotation: int) -> Oriented:
    tile = TILE_TYPES[letter]
    r = rotation % 4
    sides = (tile.sides[-r % 4], tile.sides[(1 - r) % 4], tile.sides[(2 - r) % 4],
             tile.sides[(3 - r) % 4])
    edge_feature: list[int | None] = [None] * 4
    half_feature: list[int | None] = [None] * 8
    openings = []
    ends = []
    for i, f in enumerate(tile.features):
        if f.kind in (CITY, ROAD):
            for d in f.edges:
                edge_feature[(d + r) % 4] = i
            if f.is_opening:
                openings.append(((f.edges[0] + r) % 4, i))
            ends.append(len(f.edges) + (1 if f.is_opening else 0))
        else:
            ends.append(0)
            if f.kind == FIELD:
                for h in f.edges:
                    half_feature[(h + 2 * r) % 8] = i
    labels = tuple(feature_label(f, r) for f in tile.features)
    return Oriented(letter, r, sides, tuple(edge_feature), tuple(half_feature), labels,
                    {lab: i for i, lab in enumerate(labels)}, tuple(sorted(openings)),
                    tuple(ends))


def tile_pool(tunnel: bool) -> list[str]:
    """Every tile letter of the game, the start tile's copy excluded (CB-01, TU-02)."""
    pool: list[str] = []
    for t in BASE_TILES + (TUNNEL_TILES if tunnel else ()):
        pool += [t.letter] * (t.count - t.start_count)
    return pool


def rotations_equal(letter: str, a: int, b: int) -> bool:
    """Whether two rotations of a tile look the same (used to explain symmetric tiles)."""
    return oriented(letter, a).labels == oriented(letter, b).labels


__all__ = ["SIDE_CODE", "decode_need", "fit_table", "fits", "DIRS", "HALVES", "DELTA",
           "OPPOSITE", "CITY", "ROAD", "CLOISTER", "FIELD", "Feature",
           "TileType", "Oriented", "BASE_TILES", "TUNNEL_TILES", "TILE_TYPES", "START_LETTER",
           "oriented", "tile_pool", "meeting_half", "feature_label"]

# Letter -> feature index of the tile's cloister (only tiles that have one).
CLOISTER_INDEX: dict[str, int] = {
    t.letter: i for t in TILE_TYPES.values() for i, f in enumerate(t.features)
    if f.kind == CLOISTER}


# --- fit (CB-04) ---------------------------------------------------------------------

# What the neighbours of an empty place demand, packed in an int: 2 bits per direction
# (0 nothing, 1 city, 2 road, 3 field), direction d at bits 2d..2d+1.
SIDE_CODE = {"C": 1, "R": 2, "F": 3}
CODE_SIDE = (None, "C", "R", "F")
# The speed layer of CB-04: tile letter -> for every demand code, the rotations that fit,
# built on first use; test_tiles checks it against the edges of every rotation.
_FIT_TABLE: dict[str, list[tuple[int, ...]]] = {}


def decode_need(code: int) -> tuple[str | None, ...]:
    return tuple(CODE_SIDE[(code >> (2 * d)) & 3] for d in range(4))


def fit_table(letter: str) -> list[tuple[int, ...]]:
    table = _FIT_TABLE.get(letter)
    if table is None:
        table = []
        for code in range(256):
            need = decode_need(code)
            table.append(tuple(r for r in range(4) if all(
                n is None or n == side for n, side in zip(need, oriented(letter, r).sides))))
        _FIT_TABLE[letter] = table
    return table


def fits(letter: str, need: int) -> tuple[int, ...]:
    """CB-04: the rotations of ``letter`` whose edges match what the neighbours demand."""
    return fit_table(letter)[need]
