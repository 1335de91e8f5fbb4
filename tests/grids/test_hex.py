"""Axial hex algebra (ARCHITECTURE section 3), property-tested with hypothesis."""
from hypothesis import given, strategies as st

from boardlib.grids.hex import (DIRECTIONS, ORIGIN, Hex, direction_between, hexagon, line,
                                opposite, ring, spiral)

coords = st.integers(-50, 50)
hexes = st.builds(Hex, coords, coords)


@given(hexes, hexes)
def test_six_rotations_return_home(h, center):
    assert h.rotate(6, center) == h
    assert h.rotate(1, center).rotate(5, center) == h


@given(hexes, hexes, st.integers(0, 5))
def test_rotation_keeps_distance(a, b, steps):
    assert a.rotate(steps).distance(b.rotate(steps)) == a.distance(b)


@given(hexes, st.integers(0, 12))
def test_ring_size_and_distance(center, radius):
    cells = ring(center, radius)
    assert len(cells) == max(1, 6 * radius) and len(set(cells)) == len(cells)
    assert all(center.distance(c) == radius for c in cells)


@given(st.integers(0, 8))
def test_hexagon_count(radius):
    assert len(hexagon(radius)) == 3 * radius * (radius + 1) + 1 == len(spiral(ORIGIN, radius))


@given(hexes, st.integers(0, 5), st.integers(1, 10))
def test_lines_are_straight(start, direction, length):
    cells = line(start, direction, length)
    assert [start.distance(c) for c in cells] == list(range(1, length + 1))
    assert all(direction_between(start, c) == direction for c in cells)


@given(hexes, st.integers(0, 5))
def test_shared_edges_and_opposites(h, d):
    # Edge (h, d) is edge (neighbour, d + 3): walking there and back returns home.
    assert h.neighbor(d).neighbor(opposite(d)) == h
    assert h.distance(h.neighbor(d)) == 1
    assert h.s == -h.q - h.r


def test_directions_turn_counter_clockwise_and_parse():
    assert ([DIRECTIONS[d].rotate(1) for d in range(6)]
            == [DIRECTIONS[(d + 1) % 6] for d in range(6)])
    assert Hex.parse(str(Hex(3, -1))) == Hex(3, -1)
    assert direction_between(Hex(0, 0), Hex(1, 1)) is None
