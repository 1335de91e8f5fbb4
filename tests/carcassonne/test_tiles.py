"""Tiles from the packaged CSV files (CB-01, CB-02, TU-01) and their rotations."""
from collections import Counter

import pytest

from boardlib.carcassonne.tiles import (BASE_TILES, CITY, CLOISTER, FIELD, HALVES, ROAD,
                                        START_LETTER, TILE_TYPES, TUNNEL_TILES, meeting_half,
                                        oriented, tile_pool)


def test_CB_01_seventy_two_base_tiles_and_four_tunnel_tiles():
    assert sum(t.count for t in BASE_TILES) == 72
    assert sum(t.count for t in TUNNEL_TILES) == 4
    assert len(tile_pool(False)) == 71 and len(tile_pool(True)) == 75  # start tile laid apart


def test_CB_02_start_tile_is_a_D():
    assert START_LETTER == "D"
    assert [t.letter for t in BASE_TILES if t.start_count] == ["D"]
    d = TILE_TYPES["D"]
    assert d.sides == "CRFR"
    assert oriented("D", 0).labels == ("city:N", "road:E+W", "field:EL+WR",
                                       "field:ER+SL+SR+WL")


def test_CB_09_ten_pennants():
    assert sum(t.pennants * t.count for t in BASE_TILES) == 10
    # A pennant sits on a tile with one city segment (C, F, M, O, Q, S).
    assert {t.letter for t in BASE_TILES if t.pennants} == set("CFMOQS")


def test_TU_01_ten_tunnel_openings_on_four_tiles():
    assert [t.openings for t in TUNNEL_TILES] == [3, 2, 2, 3]
    assert sum(t.openings for t in TUNNEL_TILES) == 10
    tu4 = TILE_TYPES["TU4"]
    assert [f.inner_end for f in tu4.features if f.kind == ROAD] == [
        "houses", "tunnel", "tunnel", "tunnel"]
    assert sum(f.kind == FIELD for f in tu4.features) == 3  # the author's clarification


@pytest.mark.parametrize("letter", sorted(TILE_TYPES))
def test_every_half_edge_of_a_field_side_belongs_to_exactly_one_field(letter):
    tile = TILE_TYPES[letter]
    owners = Counter(h for f in tile.features if f.kind == FIELD for h in f.edges)
    for d, side in enumerate(tile.sides):
        for s in (0, 1):
            expected = 0 if side == "C" else 1
            assert owners[2 * d + s] == expected, (letter, HALVES[2 * d + s])
    # City and road segments cover exactly their sides, each side once.
    edges = Counter(d for f in tile.features if f.kind in (CITY, ROAD) for d in f.edges)
    for d, side in enumerate(tile.sides):
        assert edges[d] == (0 if side == "F" else 1)
        kind = {"C": CITY, "R": ROAD}.get(side)
        if kind:
            assert any(d in f.edges and f.kind == kind for f in tile.features)


@pytest.mark.parametrize("letter", sorted(TILE_TYPES))
def test_rotation_moves_sides_and_features_clockwise(letter):
    base = oriented(letter, 0)
    for r in range(4):
        turned = oriented(letter, r)
        for d in range(4):
            assert turned.sides[(d + r) % 4] == base.sides[d]
            assert turned.edge_feature[(d + r) % 4] == base.edge_feature[d]
        for h in range(8):
            assert turned.half_feature[(h + 2 * r) % 8] == base.half_feature[h]
    assert oriented(letter, 4 % 4) == base


def test_half_edges_meet_across_an_edge():
    pairs = {HALVES[h]: HALVES[meeting_half(h)] for h in range(8)}
    assert pairs == {"NL": "SR", "NR": "SL", "EL": "WR", "ER": "WL",
                     "SL": "NR", "SR": "NL", "WL": "ER", "WR": "EL"}


def test_cloisters_and_fields_bordering_cities():
    assert {t.letter for t in TILE_TYPES.values()
            if any(f.kind == CLOISTER for f in t.features)} == {"A", "B"}
    h = TILE_TYPES["H"]  # one field touches both separate cities
    (field,) = [f for f in h.features if f.kind == FIELD]
    assert field.cities == (0, 1)
