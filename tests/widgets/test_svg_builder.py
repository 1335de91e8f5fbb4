"""The plain-SVG builder, the id scheme and the rule that boards never import matplotlib."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardlib.svg import (SEATS, BoardSVG, Drawing, ElementId, SVGPicture, element_id, num,
                          parse_id, shape_points)

NS = "{http://www.w3.org/2000/svg}"

# Boards drawn through boardlib.svg: importing their board or widget loads no matplotlib.
# A game is added here when its draw.py and widget.py are ported.
PORTED_GAMES = ("zyrcan", "section_x", "carcassonne", "room25")
BOARD_LAYER = ("boardlib.svg", "boardlib.widgets", "boardlib.grids.hexdraw")


@pytest.mark.parametrize("module", [*BOARD_LAYER, *(f"boardlib.{g}.{m}" for g in PORTED_GAMES
                                                    for m in ("draw", "widget"))])
def test_the_board_layer_and_ported_boards_never_import_matplotlib(module):
    code = (f"import sys, {module}; bad = sorted(m for m in sys.modules "
            "if m.split('.')[0] == 'matplotlib'); print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_check_above_would_catch_matplotlib():
    code = ("import sys, matplotlib.pyplot; "
            "sys.exit(0 if 'matplotlib' in sys.modules else 1)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# --- the id scheme ---------------------------------------------------------------------------

@given(st.from_regex(r"[a-z]{1,10}", fullmatch=True),
       st.lists(st.integers(-10 ** 6, 10 ** 6), max_size=4))
def test_ids_are_written_and_parsed_in_one_place(kind, fields):
    text = element_id(kind, *fields)
    assert parse_id(text) == ElementId(kind, tuple(fields))
    assert str(parse_id(text)) == text


@pytest.mark.parametrize("bad", ["", "Hex_1", "hex_1.5", "hex_1_", "hex__1", "hex_x", "_1",
                                 "hex 1", "hex_1_2\n", "h" * 65, None, 3, b"hex_1"])
def test_anything_else_is_not_an_id(bad):
    assert parse_id(bad) is None


@pytest.mark.parametrize("kind,fields", [("Hex", (1,)), ("hex1", ()), ("hex", (True,)),
                                         ("hex", (1.0,)), ("", ())])
def test_ids_are_only_written_from_the_scheme(kind, fields):
    with pytest.raises(ValueError):
        element_id(kind, *fields)


# --- the builder -------------------------------------------------------------------------------

def sample() -> BoardSVG:
    d = Drawing(100, 50, title="A sample board", kind="sample", css=".bl-sample .x{fill:red}",
                pixel_width=400)
    g = d.clickable(None, element_id("cell", 1, -2), "1,-2: an empty cell", cls="cell")
    d.polygon(g, [(0, 0), (10.126, 0), (5, 8.66666)], fill="#eee")
    d.text(g, 5, 4, "A & <B>", size=7.0)
    d.seat_token(None, SEATS[1], 50, 25, 10, "3")
    d.arrow(None, (0, 0), (90, 40), color="#333", width=2.0, head=6.0, shrink=3.0)
    return d.to_svg()


def test_a_drawing_is_one_well_formed_deterministic_document():
    svg = sample()
    assert svg == sample()
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert (root.get("viewBox"), root.get("width"), root.get("height")) == ("0 0 100 50",
                                                                            "400", "200")
    assert root.get("class") == "bl-svg bl-sample" and root.get("aria-label") == "A sample board"
    assert root.find(f"{NS}title").text == "A sample board"
    assert ".bl-sample .x{fill:red}" in root.find(f"{NS}style").text
    assert "10.13,0" in svg and "8.67" in svg            # two decimals
    assert "A &amp; &lt;B&gt;" in svg                       # text is escaped
    # attributes in the order given: the id first, as the browser tests read it
    assert '<g id="cell_1_-2" class="click cell" role="button" tabindex="-1"' in svg


def test_clickables_are_named_and_recorded():
    svg = sample()
    assert svg.clickable == {"cell_1_-2": "1,-2: an empty cell"}
    g = ET.fromstring(svg).find(f"{NS}g")
    assert g.get("aria-label") == g.find(f"{NS}title").text == "1,-2: an empty cell"
    d = Drawing(1, 1, title="t")
    d.clickable(None, "cell_1", "one")
    with pytest.raises(ValueError, match="two clickable"):
        d.clickable(None, "cell_1", "again")
    with pytest.raises(ValueError, match="id scheme"):
        d.clickable(None, "Cell 1", "bad")


def test_numbers_are_short():
    assert [num(v) for v in (12.0, 0.126, -0.001, 3.14159, -2.5, 1e-9)] == [
        "12", "0.13", "0", "3.14", "-2.5", "0"]


@pytest.mark.parametrize("s", SEATS)
def test_every_seat_shape_fits_its_circle_and_carries_a_label(s):
    points = shape_points(s.shape, 0, 0, 10) if s.shape != "circle" else [(10, 0)]
    assert max((x * x + y * y) ** 0.5 for x, y in points) <= 14.5 + 1e-9
    d = Drawing(30, 30, title="t")
    d.seat_token(None, s, 15, 15, 10)
    svg = d.to_svg()
    token = ET.fromstring(svg).find(f"{NS}g")
    shape, label = list(token)
    assert shape.get("fill") == s.color and label.text == s.letter
    assert label.get("fill") == s.ink


def test_svg_picture_shows_in_notebooks_and_scales_down():
    picture = SVGPicture(sample(), "sample")
    assert picture._repr_svg_().startswith('<svg style="max-width: 100%; height: auto" ')
    assert repr(picture) == "<sample picture>"
    styled = SVGPicture('<svg style="width: 3px"></svg>')
    assert styled._repr_svg_() == '<svg style="width: 3px"></svg>'


def test_cached_pieces_give_the_same_bytes_and_clickables_as_fresh_ones():
    from boardlib.svg.builder import PieceCache

    cache = PieceCache(size=3)

    def picture(marks, use_cache=True):
        d = Drawing(50, 10, title="pieces")
        for i in range(5):
            def draw(parent, i=i):
                g = d.clickable(parent, element_id("cell", i), f"cell {i}, {marks[i]}")
                d.rect(g, i * 10, 0, 9, 9, fill="#ccc" if marks[i] else "#fff")
            if use_cache:
                d.piece(None, cache, (i, marks[i]), draw)
            else:
                draw(d.group(None))
        return d.to_svg()

    for marks in ("abcde", "abcdx", "abcde", "zbcde"):
        cached, fresh = picture(marks), picture(marks, use_cache=False)
        # the uncached one wraps each piece in a group: compare what is inside
        assert cached.clickable == fresh.clickable
        assert cached.replace("<g>", "").replace("</g>", "").count("<rect") == 5
        assert cached == picture(marks)
    assert len(cache) == 3                         # bounded: the oldest pieces went
    d = Drawing(1, 1, title="t")
    d.clickable(None, "cell_4", "already here")
    with pytest.raises(ValueError, match="two clickable"):
        d.piece(None, cache, (4, "e"), lambda parent: None)   # cached: draws cell_4
