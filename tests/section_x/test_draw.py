"""The Section X board drawn as plain SVG (boardlib.svg): named clickables, the palette's
seats and surfaces, deterministic pieces, the side column and the tunnel-graph overlay."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import boardlib
from boardlib.section_x import draw
from boardlib.section_x.board import FIELD_INDEX, OCEAN
from boardlib.section_x.draw import (PLAYER_COLORS, PLAYER_NAMES, SURFACE, TARGET_FILL,
                                     draw_svg, kind_picture, picture, tunnel_graph_svg)
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.svg import SURFACES, parse_id, seat
from boardlib.svg.palette import SURFACE_DIFFERENCE

from tests.widgets.colour_vision import least_difference

NS = "{http://www.w3.org/2000/svg}"


def busy_state():
    return act(tiles={**EAST, "0,2": ("hiding", 2), "-2,0": ("crossing", 0)},
               prisoners={0: ["2,0/0", "0,2/0", "0,2/0"], 1: ["zone 5", "-2,0/1"]},
               doors={1: ["3,0/0"], 0: ["-2,0/0"]}, hands={0: ["fork", "straight"]})


def clickables(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("id"): g for g in root.iter(f"{NS}g") if "click" in (g.get("class") or "")}


def kinds(svg: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for element_id in clickables(svg):
        out.setdefault(parse_id(element_id).kind, set()).add(element_id)
    return out


def random_states(games: int = 6, every: int = 9):
    for seed in range(games):
        state = boardlib.load("section_x", players=2 + seed % 3, seed=seed,
                              max_turns=80).new_initial_state()
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal():
            if n % every == 0:
                yield state
            state = state.apply(state.random_move(rng))
            n += 1
        yield state


def test_SX_I1_every_field_part_zone_and_hand_tile_is_one_named_clickable():
    svg = draw_svg(busy_state())
    root = ET.fromstring(svg)                      # well-formed
    assert root.get("class") == "bl-svg bl-section_x" and "Section X board" in root.get(
        "aria-label")
    found = kinds(svg)
    assert len(found["field"]) == len(OCEAN) - 4 == 44       # phase 3: tiles are their parts
    assert found["zone"] == {f"zone_{g}" for g in range(6)} and found["island"] == {"island"}
    assert found["part"] == {"part_2_0_0", "part_3_0_0", "part_0_2_0", "part_-2_0_0",
                             "part_-2_0_1"}
    assert found["door"] == {"door_3_0_0", "door_-2_0_0"}
    assert found["hand"] == {"hand_0", "hand_1"} and "turn" not in found   # phase 3
    assert set(svg.clickable) == set(clickables(svg))
    tile_phase = kinds(draw_svg(position(tiles=EAST, hands={0: ["fork"]})))
    assert len(tile_phase["field"]) == 48 and "part" not in tile_phase   # phase 2: fields
    for element_id, g in clickables(svg).items():
        title = g.find(f"{NS}title")
        assert g.get("role") == "button" and g.get("aria-label") == title.text, element_id
        assert len(title.text) > 8 and "_" not in title.text, title.text      # words, not ids
    words = svg.clickable
    assert words["part_0_2_0"].startswith("0,2 part 0: hiding place tunnel with 2 Red")
    assert words["door_3_0_0"] == "3,0 part 0: Blue's door"
    assert words["zone_5"] == "free zone 5: claimed by a Blue prisoner"
    assert words["island"] == "the island: Red 5 prisoners, Blue 6 prisoners"


def test_seat_n_has_palette_colour_n_and_every_piece_carries_its_letter_or_shape():
    assert PLAYER_COLORS == tuple(seat(p).color for p in range(4))
    assert PLAYER_NAMES == ("Red", "Blue", "Yellow", "Sky")
    state = act(tiles={**EAST, "-2,0": ("straight", 0), "0,-2": ("straight", 1),
                       "0,2": ("straight", 2)}, players=4,
                prisoners={p: [f"{t}/0"] for p, t in enumerate(("2,0", "-2,0", "0,-2", "0,2"))},
                doors={p: [f"{t}/0"] for p, t in enumerate(("3,0",))})
    svg = draw_svg(state)
    groups = clickables(svg)
    for p, field in enumerate(("2,0", "-2,0", "0,-2", "0,2")):
        q, r = field.split(",")
        part = groups[f"part_{q}_{r}_0"]
        token = part.findall(f"{NS}g")[0]
        shape, letter = list(token)
        assert shape.get("fill") == seat(p).color and letter.text == seat(p).letter
        assert shape.tag == (f"{NS}circle" if seat(p).shape == "circle" else f"{NS}polygon")
    door = groups["door_3_0_0"]
    outline, letter = [e for e in door if e.tag != f"{NS}title"]
    assert outline.tag == f"{NS}path" and " A" in outline.get("d")   # an arched door shape
    assert outline.get("fill") == seat(0).color and letter.text == "R"
    # the island's stacks show each seat's shape with its count
    island = groups["island"]
    counts = [t.text for t in island.iter(f"{NS}text")]
    assert counts == ["island", "7", "7", "7", "7"]


def test_SX_03_surfaces_come_from_the_palette_and_no_piece_melts_into_them():
    svg = draw_svg(busy_state(), targets=[H("1,1")])
    cells = {e.get("fill") for e in ET.fromstring(svg).iter(f"{NS}polygon")
             if e.get("class") == "cell"}
    assert cells == {SURFACE["ocean"], SURFACE["island"], SURFACE["gate"], TARGET_FILL}
    assert SURFACE is SURFACES["section_x"]
    under_pieces = [SURFACE[k] for k in ("ocean", "island", "gate", "tunnel", "channel",
                                         "background")] + [TARGET_FILL]
    for p in range(4):
        for surface in under_pieces:
            assert least_difference(seat(p).color, surface) >= SURFACE_DIFFERENCE, (p, surface)


def test_drawing_is_deterministic_and_kept_pieces_give_the_same_bytes():
    s = busy_state()
    other = position(tiles={"2,0": ("fork", 1), "-2,1": ("crossing", 0)}, hands={0: ["fork"]})
    part = FIELD_INDEX[H("2,0")] * 4
    warm = [draw_svg(other, ("hand", 0, 2)), draw_svg(s, ("from", -1), targets=[part, -10])]
    draw._PIECES.clear()                           # forget every kept piece
    cold = [draw_svg(s, ("from", -1), targets=[part, -10]), draw_svg(other, ("hand", 0, 2))]
    assert cold == warm[::-1]
    assert cold[0].clickable == warm[1].clickable
    assert "target" in clickables(cold[0])["part_2_0_0"].get("class")
    assert "target" in clickables(cold[0])["zone_0"].get("class")
    assert "source" in clickables(cold[0])["island"].get("class")


def test_pictures_of_random_games_are_well_formed_and_name_every_clickable():
    drawn = 0
    for state in random_states():
        svg = draw_svg(state, show_coordinates=drawn % 2 == 0)
        groups = clickables(svg)
        assert set(groups) == set(svg.clickable)
        tiles = sum(c is not None for c in state.board)
        parts = sum(len(draw.TILE_KINDS[c[0]].parts) for c in state.board if c is not None)
        acting = state.phase == "act"
        assert len([i for i in groups if i.startswith("part_")]) == (parts if acting else 0)
        assert len([i for i in groups if i.startswith("field_")]) == 48 - (tiles if acting else 0)
        tiled = [g for g in ET.fromstring(svg).iter(f"{NS}g")
                 if "tile" in (g.get("class") or "").split()]
        assert len(tiled) == tiles
        drawn += 1
    assert drawn > 40


def test_SX_07_SX_08_selection_targets_and_hint_are_marked_by_outline_and_class():
    s = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight", "fork"]})
    svg = draw_svg(s, ("hand", 1, 2), targets=[H("3,0"), H("-2,0")])
    groups = clickables(svg)
    assert {i for i, g in groups.items() if "target" in g.get("class").split()} == {
        "field_3_0", "field_-2_0"}
    assert "selected" in groups["hand_1"].get("class") and "picked" in svg.clickable["hand_1"]
    assert {"turn_1", "turn_5"} <= set(groups)
    picked = draw_svg(s, ("tile", H("2,0"), 1))
    assert "selected" in clickables(picked)["field_2_0"].get("class")
    # a board tile being turned is shown turned
    turned = draw_svg(position(tiles={"2,0": ("straight", 1)}, hands={0: ["straight", "fork"]}))
    channel = re.compile(r'<g id="field_2_0".*?(<path [^>]*class="channel" />)', re.S)
    assert channel.search(picked).group(1) == channel.search(turned).group(1)
    assert channel.search(picked).group(1) != channel.search(svg).group(1)
    from boardlib.section_x.rules import MoveTile
    hinted = draw_svg(s, hint=MoveTile(H("2,0"), H("2,-1")))
    assert {i for i, g in clickables(hinted).items() if "hint" in g.get("class").split()} == {
        "field_2_0", "field_2_-1"}


def test_SX_I6_the_keys_show_only_when_the_keys_variant_is_on():
    off = draw_svg(act(tiles=EAST))
    on = draw_svg(act(tiles=EAST, keys=True))
    assert "key" not in off.replace("keyboard", "")
    assert on.count("key unused") == 2


def test_the_side_column_shows_the_stack_doors_and_scores_and_goes_quiet_at_the_end():
    s = act(tiles=EAST, doors={0: ["2,0/0"]})
    svg = draw_svg(s)
    assert "Tiles in the stack: " in svg and "Red: 0 free, 0 buried" in svg
    assert svg.clickable["doorpile_0"] == "Red's doors in hand: 1"
    assert "turn_1" not in svg.clickable                  # phase 3: nothing to turn
    caption = draw_svg(s, caption=False)
    assert "Round 1" not in re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", caption)


def test_SX_13_tunnel_graph_overlay_takes_no_clicks():
    s = act(tiles={**EAST, "0,2": ("straight", 2), "0,3": ("straight", 2)},
            prisoners={0: ["3,0/0"]}, doors={1: ["2,0/0"]})
    on, off = draw_svg(s, show_graph=True), draw_svg(s)
    assert on.clickable == off.clickable
    assert 'class="overlay tunnelgraph"' in on and "tunnelgraph" not in off
    assert ".bl-section_x .overlay{pointer-events:none}" in on
    assert 'class="escaperoute p0"' in tunnel_graph_svg(s)


def test_pictures_for_notebooks():
    assert picture(busy_state())._repr_svg_().startswith("<svg style=")
    tile = kind_picture("triple-curve", 1)
    root = ET.fromstring(tile.svg)
    assert root.get("width") == "58" and len(list(root.iter(f"{NS}path"))) == 3


@pytest.mark.parametrize("name", ["straight", "crossing", "triple-curve", "hiding-fork"])
def test_every_part_of_a_tile_is_drawn_and_doors_on_small_parts_are_smaller(name):
    kind = draw.KIND_BY_NAME[name]
    s = act(tiles={**EAST, "-2,0": (name, 0)}, doors={0: ["-2,0/0"]})
    groups = clickables(draw_svg(s))
    assert {i for i in groups if i.startswith("part_-2_0_")} == {
        f"part_-2_0_{i}" for i in range(len(kind.parts))}
    door = [e for e in groups["door_-2_0_0"] if e.tag == f"{NS}path"][0]
    radius = float(re.search(r" A([\d.]+),", door.get("d")).group(1))
    assert radius == pytest.approx(0.25 * draw.SIZE * (0.8 if len(kind.parts) > 1 else 1.0),
                                   abs=0.01)
