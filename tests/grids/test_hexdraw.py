"""Pixel layout of hexes (HexLayout) and the teaching pictures of notebook 01 (hex_svg)."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from boardlib.grids.hex import DIRECTIONS, Hex, hexagon
from boardlib.grids.hexdraw import SQRT3, HexLayout, hex_picture, hex_svg

NS = "{http://www.w3.org/2000/svg}"
hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


def test_pointy_top_hexes_with_r_growing_downwards():
    layout = HexLayout(10.0, (5.0, 7.0))
    assert layout.center(Hex(0, 0)) == (5.0, 7.0)
    x, y = layout.center(Hex(0, 1))              # one row down: half a hex to the right
    assert (round(x - 5, 6), round(y - 7, 6)) == (round(5 * SQRT3, 6), 15.0)
    top = layout.corners(Hex(0, 0))[0]
    assert (round(top[0], 9), top[1]) == (5.0, -3.0)   # the first corner is the top one


@given(hexes, st.integers(0, 5))
def test_neighbours_are_one_hex_width_apart_and_share_an_edge(h, d):
    layout = HexLayout(3.0)
    (x1, y1), (x2, y2) = layout.center(h), layout.center(h.neighbor(d))
    assert math.isclose(math.hypot(x2 - x1, y2 - y1), 3.0 * SQRT3)
    shared = {(round(x, 6), round(y, 6)) for x, y in layout.corners(h)} & {
        (round(x, 6), round(y, 6)) for x, y in layout.corners(h.neighbor(d))}
    assert len(shared) == 2
    mx, my = layout.edge_midpoint(h, d)
    assert math.isclose(mx, (x1 + x2) / 2) and math.isclose(my, (y1 + y2) / 2)


@given(hexes, st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
def test_the_point_under_a_hex_is_that_hex(h, dx, dy):
    layout = HexLayout(8.0, (1.0, 2.0))
    x, y = layout.center(h)
    assert layout.hex_at(x + dx * 8.0, y + dy * 8.0) == h


def test_bounds_enclose_every_corner():
    layout = HexLayout(2.0)
    cells = hexagon(2)
    x0, y0, x1, y1 = layout.bounds(cells)
    for h in cells:
        for x, y in layout.corners(h):
            assert x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9
    assert (x1 - x0, y1 - y0) == (5 * 2 * SQRT3, 2.0 * (1.5 * 4 + 2))


def test_hex_svg_draws_labels_colours_arrows_and_a_title_without_matplotlib():
    cells = sorted(hexagon(1))
    svg = hex_svg(cells, labels={Hex(0, 0): "O"}, colors={Hex(1, 0): "#ff0000"},
                  arrows=[(Hex(0, 0), Hex(1, 0))], title="Neighbours", coordinates=True)
    root = ET.fromstring(svg)
    polygons = root.findall(f"{NS}polygon")
    assert len(polygons) == len(cells)
    assert sum(p.get("fill") == "#ff0000" for p in polygons) == 1
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "O" in texts and "1,-1" in texts and "Neighbours" in texts
    assert "0,0" not in texts                     # a label replaces the coordinates there
    assert len(root.findall(f"{NS}g")) == 1       # the arrow: a line and its head
    assert svg == hex_svg(cells, labels={Hex(0, 0): "O"}, colors={Hex(1, 0): "#ff0000"},
                          arrows=[(Hex(0, 0), Hex(1, 0))], title="Neighbours",
                          coordinates=True)
    assert hex_picture(cells)._repr_svg_().startswith("<svg style=")
    assert len(DIRECTIONS) == 6
