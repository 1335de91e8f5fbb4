"""Zyrcan drawing: deterministic plain SVG, every clickable named in words, one id scheme."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import boardlib
from boardlib.core.bots import RandomBot
from boardlib.grids.hex import Hex
from boardlib.svg import parse_id, seat
from boardlib.zyrcan import draw
from boardlib.zyrcan.draw import draw_attack_graph, draw_svg, picture
from boardlib.zyrcan.graphs import attack_graph
from boardlib.zyrcan.rules import Attack, Place, position

NS = "{http://www.w3.org/2000/svg}"
E, NE, NW, W, SW, SE = range(6)
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(5, 2): (1, 2)}


def clickables(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {g.get("id"): g for g in root.iter(f"{NS}g") if "click" in (g.get("class") or "")}


def classes(svg: str, element_id: str) -> set[str]:
    return set(clickables(svg)[element_id].get("class").split())


def marked(svg: str, mark: str) -> set[str]:
    return {i for i, g in clickables(svg).items() if mark in g.get("class").split()}


def played(players: int, moves: int, seed: int = 0):
    state = boardlib.load("zyrcan", players=players).new_initial_state()
    bot = RandomBot(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("players,size", [(3, 42), (4, 53), (5, 67)])
def test_every_hex_is_one_clickable_and_the_svg_is_well_formed(players, size):
    state = boardlib.load("zyrcan", players=players).new_initial_state()
    svg = draw_svg(state)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    found = clickables(svg)
    hexes = {i for i in found if i.startswith("hex_")}
    assert hexes == {f"hex_{h.q}_{h.r}" for h in state.game.hexes} and len(hexes) == size
    # the player to move's reserve, one clickable ship per engine type, beside the board
    assert set(found) - hexes == {"reserve_1", "reserve_2", "reserve_3"}
    assert set(svg.clickable) == set(found)           # what the widget will accept
    assert marked(svg, "ship") == set() and "Red to move" in svg
    assert all(parse_id(i) is not None for i in found)  # one id scheme


def test_every_clickable_is_named_in_words_for_screen_readers():
    state = position(players=3, ships=SHIPS)
    svg = draw_svg(state, selected=Hex(2, 2), highlight=state.targets(Hex(2, 2)).values())
    for element_id, g in clickables(svg).items():
        title = g.find(f"{NS}title")
        assert title is not None and title.text == g.get("aria-label"), element_id
        assert g.get("role") == "button" and g.get("tabindex") == "-1"
    labels = {i: g.get("aria-label") for i, g in clickables(svg).items()}
    assert labels["hex_2_2"] == "2,2: Red ship with 2 engines (selected)"
    assert labels["hex_4_2"] == "4,2: Blue ship with 1 engine — a target: click to attack"
    assert labels["hex_4_3"] == "4,3: empty"
    assert svg.clickable == labels


def test_ships_show_seat_colour_shape_and_engine_count():
    state = position(players=3, ships=SHIPS)
    svg = draw_svg(state)
    assert marked(svg, "ship") == {f"hex_{h.q}_{h.r}" for h in SHIPS}
    for h, (owner, engines) in SHIPS.items():
        g = clickables(svg)[f"hex_{h.q}_{h.r}"]
        look = seat(owner)
        shape = g.find(f"{NS}g[@class='piece']/*")
        assert shape.get("fill") == look.color
        assert shape.tag == (f"{NS}circle" if look.shape == "circle" else f"{NS}polygon")
        digit = g.find(f"{NS}g[@class='piece']/{NS}text")
        assert digit.text == str(engines) and digit.get("fill") == look.ink
    # seats 0, 1, 2 have three different shapes: colour is never the only cue
    shapes = {clickables(svg)[f"hex_{h.q}_{h.r}"].find(f"{NS}g[@class='piece']/*").tag
              + str(len(clickables(svg)[f"hex_{h.q}_{h.r}"].find(
                  f"{NS}g[@class='piece']/*").get("points", "").split()))
              for h, (owner, _) in SHIPS.items() for _ in [owner]}
    assert len(shapes) == 3
    assert marked(svg, "target") == set()
    assert not any(i.startswith("reserve_") for i in clickables(svg))   # attack phase


def test_highlight_marks_exactly_the_given_targets_and_the_selection():
    state = position(players=3, ships=SHIPS)
    targets = state.targets(Hex(2, 2))
    assert set(targets.values()) == {Hex(4, 2), Hex(2, 4)}
    svg = draw_svg(state, selected=Hex(2, 2), highlight=targets.values())
    assert marked(svg, "target") == {"hex_4_2", "hex_2_4"}
    assert marked(svg, "selected") == {"hex_2_2"}
    chosen = clickables(svg)["hex_2_2"].find(f"{NS}g[@class='piece']/*")
    other = clickables(svg)["hex_3_3"].find(f"{NS}g[@class='piece']/*")
    assert chosen.get("stroke-width") == "4" and other.get("stroke-width") == "1.2"


def test_svg_is_deterministic():
    state = played(5, 80, seed=3)
    first = draw_svg(state, show_attacks=True, show_coordinates=True)
    draw._frame.cache_clear()
    assert draw_svg(state, show_attacks=True, show_coordinates=True) == first
    assert "Date" not in first and "<text" in first
    assert not re.search(r"\d\.\d{3}", first)          # two decimals at most


def test_hexes_drawn_before_give_the_same_picture_as_a_fresh_drawing():
    state = boardlib.load("zyrcan", players=4).new_initial_state()
    bot = RandomBot(8)
    for turn in range(70):
        if state.is_terminal():
            break
        mine = [h for h, s in state.ships().items() if s.owner == state.to_move]
        kwargs = {"show_coordinates": turn % 3 == 0, "show_attacks": turn % 4 == 0,
                  "hint": state.legal_moves()[0] if turn % 5 == 0 else None}
        if mine and turn % 2:
            kwargs |= {"selected": mine[0], "highlight": state.targets(mine[0]).values()}
        warm = draw_svg(state, **kwargs)
        draw._frame.cache_clear()                  # new frames, no piece drawn yet
        assert draw_svg(state, **kwargs) == warm, turn
        state = state.apply(bot.choose(state))


def test_pictures_do_not_leak_between_states():
    before = played(3, 10, seed=1)
    after = before.apply(before.legal_moves()[0])
    svg_before = draw_svg(before)
    draw_svg(after)
    assert draw_svg(before) == svg_before
    assert len(marked(draw_svg(after), "ship")) == len(marked(svg_before, "ship")) + 1


def test_reserve_shows_counts_and_the_chosen_type():
    state = boardlib.load("zyrcan").new_initial_state()
    state = state.apply(Place(Hex(2, 2), 3))  # Red placed a 3; Blue to move, full fleet
    svg = draw_svg(state, selected=2)
    assert "Blue places:" in svg and "×6" in svg and "×4" in svg and "×2" in svg
    chosen = clickables(svg)["reserve_2"]
    assert "selected" in chosen.get("class")
    assert chosen.get("aria-label") == "reserve: 2-engine ship, 6 left (chosen)"
    token = chosen.find(f"{NS}g/*")
    assert token.get("fill") == seat(1).color and token.get("stroke-width") == "4"
    assert token.get("stroke-dasharray") is None
    # the type a hex click places by default is marked dashed, and differs from a choice
    default = clickables(draw_svg(state, default_type=2))["reserve_2"]
    assert default.find(f"{NS}g/*").get("stroke-dasharray") == "3 2"
    assert "placed by a click on a hex" in default.get("aria-label")
    plain = clickables(draw_svg(state, default_type=2))["reserve_1"]
    assert plain.find(f"{NS}g/*").get("stroke-width") == "1.2"


def test_hint_marks_the_hexes_of_the_move():
    state = position(players=3, ships=SHIPS)
    svg = draw_svg(state, hint=Attack(Hex(2, 2), E))
    assert marked(svg, "hint") == {"hex_2_2", "hex_4_2"} and 'class="arrow hint"' in svg
    placing = boardlib.load("zyrcan").new_initial_state()
    assert marked(draw_svg(placing, hint=Place(Hex(3, 3), 1)), "hint") == {"hex_3_3"}


def test_attack_graph_overlay_has_one_arrow_per_edge_in_the_attackers_colour():
    state = position(players=3, ships=SHIPS)
    graph = attack_graph(state)
    assert graph.number_of_edges() >= 3
    svg = draw_attack_graph(state)
    root = ET.fromstring(svg)
    arrows = [g for g in root.iter(f"{NS}g") if g.get("class") == "arrow attack"]
    assert len(arrows) == graph.number_of_edges()
    owners = sorted(graph.nodes[u]["owner"] for u, _ in graph.edges)
    assert sorted(seat(o).color for o in owners) == sorted(
        a.find(f"{NS}polygon").get("fill") for a in arrows)
    assert "arrow attack" not in draw_svg(state)
    assert draw_attack_graph(state) == svg


def test_the_reserve_column_goes_after_placement_and_the_caption_can_go():
    placing = boardlib.load("zyrcan").new_initial_state()
    attacking = position(players=3, ships=SHIPS)

    def box(svg):
        return [float(v) for v in re.search(r'viewBox="([^"]*)"', svg).group(1).split()]
    assert box(draw_svg(attacking))[2] < box(draw_svg(placing))[2]     # narrower
    assert box(draw_svg(attacking))[3] == box(draw_svg(placing))[3]
    live = draw_svg(placing, caption=False)
    assert "Red to move" not in re.sub(r"<title>.*?</title>|aria-label=\"[^\"]*\"", "", live)
    assert box(live)[3] < box(draw_svg(placing))[3]


def test_picture_for_notebooks():
    state = position(players=3, ships=SHIPS)
    shown = picture(state)._repr_svg_()
    assert picture(state).svg == draw_svg(state)
    # scales down in a narrow Voila page instead of running past it
    assert shown == draw_svg(state).replace("<svg ", '<svg style="max-width: 100%; '
                                            'height: auto" ', 1)
    assert repr(picture(state)) == "<Zyrcan board picture>"
