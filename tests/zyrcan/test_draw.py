"""Zyrcan drawing: deterministic SVG with the element ids of the widget contract."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import boardlib
from boardlib.core.bots import RandomBot
from boardlib.grids.hex import Hex
from boardlib.zyrcan import draw
from boardlib.zyrcan.draw import draw_attack_graph, draw_svg, hex_center, parse_id, picture
from boardlib.zyrcan.graphs import attack_graph
from boardlib.zyrcan.rules import Attack, Place, position

E, NE, NW, W, SW, SE = range(6)
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(5, 2): (1, 2)}


def ids(svg: str, prefix: str) -> set[str]:
    return set(re.findall(rf'id="({prefix}_[^"]*)"', svg))


def played(players: int, moves: int, seed: int = 0):
    state = boardlib.load("zyrcan", players=players).new_initial_state()
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("players,size", [(3, 42), (4, 53), (5, 67)])
def test_every_hex_has_its_id_and_the_svg_is_well_formed(players, size):
    state = boardlib.load("zyrcan", players=players).new_initial_state()
    svg = draw_svg(state)
    root = ET.fromstring(svg.encode())
    assert root.tag.endswith("svg")
    assert ids(svg, "hex") == {f"hex_{h.q}_{h.r}" for h in state.game.hexes}
    assert len(ids(svg, "hex")) == size
    assert ids(svg, "ship") == set() and ids(svg, "target") == set()
    # the player to move's reserve, one clickable ship per engine type
    assert ids(svg, "reserve") == {"reserve_1", "reserve_2", "reserve_3"}
    assert "Red to move" in svg


def test_ships_are_drawn_with_their_engine_count_and_colour():
    state = position(players=3, ships=SHIPS)
    svg = draw_svg(state)
    assert ids(svg, "ship") == {f"ship_{h.q}_{h.r}" for h in SHIPS}
    for h, (owner, engines) in SHIPS.items():
        group = re.search(rf'<g id="ship_{h.q}_{h.r}">(.*?)</g>', svg, re.S).group(1)
        assert draw.PLAYER_COLORS[owner].lower() in group.lower()
        label = re.search(rf'<g id="label_{h.q}_{h.r}">(.*?)</g>', svg, re.S).group(1)
        assert re.search(rf">{engines}</text>", label)
    # attack phase: no reserve to place
    assert ids(svg, "reserve") == set()


def test_highlight_draws_exactly_the_given_targets():
    state = position(players=3, ships=SHIPS)
    targets = state.targets(Hex(2, 2))
    assert set(targets.values()) == {Hex(4, 2), Hex(2, 4)}
    svg = draw_svg(state, selected=Hex(2, 2), highlight=targets.values())
    assert ids(svg, "target") == {"target_4_2", "target_2_4"}
    # the selected ship gets a thick dark outline, the others keep their white rim
    selected = re.search(r'<g id="ship_2_2">(.*?)</g>', svg, re.S).group(1)
    other = re.search(r'<g id="ship_3_3">(.*?)</g>', svg, re.S).group(1)
    assert draw.SELECTED_EDGE in selected and draw.SELECTED_EDGE not in other


def test_svg_is_deterministic_and_independent_of_the_piece_cache():
    state = played(5, 80, seed=3)
    first = draw_svg(state, selected=None)
    again = draw_svg(state)
    assert first == again
    draw._BOARDS.clear()               # rebuild every piece from scratch
    assert draw_svg(state) == first
    assert "<dc:date>" not in first and "Date" not in first
    assert "<text" in first and "DejaVuSans" not in first  # svg.fonttype "none": real text


def test_pieces_do_not_leak_between_states():
    before = played(3, 10, seed=1)
    after = before.apply(before.legal_moves()[0])
    svg_before = draw_svg(before)
    draw_svg(after)
    assert draw_svg(before) == svg_before
    assert len(ids(draw_svg(after), "ship")) == len(ids(svg_before, "ship")) + 1


def test_reserve_shows_counts_and_the_chosen_type():
    state = boardlib.load("zyrcan").new_initial_state()
    state = state.apply(Place(Hex(2, 2), 3))  # Red placed a 3; Blue to move, full fleet
    svg = draw_svg(state, selected=2)
    assert "Blue places:" in svg and "×6" in svg and "×4" in svg and "×2" in svg
    chosen = re.search(r'<g id="reserve_2">(.*?)</g>', svg, re.S).group(1)
    assert draw.SELECTED_EDGE in chosen and "stroke-dasharray" not in chosen
    assert draw.PLAYER_COLORS[1].lower() in chosen.lower()
    # the type a hex click places by default is marked dashed, and differs from a choice
    default = draw_svg(state, default_type=2)
    rim = re.search(r'<g id="reserve_2">(.*?)</g>', default, re.S).group(1)
    assert draw.SELECTED_EDGE in rim and "stroke-dasharray" in rim
    plain = re.search(r'<g id="reserve_1">(.*?)</g>', default, re.S).group(1)
    assert draw.SELECTED_EDGE not in plain


def test_hint_marks_the_hexes_of_the_move():
    state = position(players=3, ships=SHIPS)
    svg = draw_svg(state, hint=Attack(Hex(2, 2), E))
    assert ids(svg, "hint") == {"hint_2_2", "hint_4_2"} and 'id="hintarrow"' in svg
    placing = boardlib.load("zyrcan").new_initial_state()
    assert ids(draw_svg(placing, hint=Place(Hex(3, 3), 1)), "hint") == {"hint_3_3"}


def test_attack_graph_overlay_has_one_arrow_per_edge():
    state = position(players=3, ships=SHIPS)
    graph = attack_graph(state)
    assert graph.number_of_edges() >= 3
    svg = draw_attack_graph(state)
    arrows = set(re.findall(r'id="attack-(-?\d+)-(-?\d+)-(-?\d+)-(-?\d+)"', svg))
    assert {(Hex(int(a), int(b)), Hex(int(c), int(d))) for a, b, c, d in arrows} == set(
        graph.edges)
    assert draw_svg(state, show_attacks=False).count('id="attack') == 0
    assert draw_attack_graph(state) == svg


def test_picture_and_helpers():
    state = position(players=3, ships=SHIPS)
    shown = picture(state)._repr_svg_()
    assert picture(state).svg == draw_svg(state)
    # scales down in a narrow Voila page instead of running past it
    assert shown == draw_svg(state).replace("<svg ", '<svg style="max-width: 100%; '
                                            'height: auto" ', 1)
    assert parse_id("hex_3_-1") == ("hex", (3, -1))
    assert parse_id("reserve_2") == ("reserve", (2,))
    assert parse_id("axes_x") is None
    x0, y0 = hex_center(Hex(0, 0))
    x1, y1 = hex_center(Hex(0, 1))       # one row down: half a hex to the right
    assert (round(x1 - x0, 3), round(y1 - y0, 3)) == (round(3 ** 0.5 / 2, 3), -1.5)


def test_the_empty_reserve_strip_is_cut_off_after_placement():
    placing = boardlib.load("zyrcan").new_initial_state()
    attacking = position(players=3, ships=SHIPS)

    def height(svg):
        return float(re.search(r'<svg[^>]* height="([0-9.]+)pt"', svg).group(1))
    assert height(draw_svg(attacking)) < height(draw_svg(placing))
    assert re.search(r'<svg[^>]* width="([0-9.]+)pt"', draw_svg(attacking)).group(1) == \
        re.search(r'<svg[^>]* width="([0-9.]+)pt"', draw_svg(placing)).group(1)
