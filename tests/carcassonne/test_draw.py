"""The Carcassonne drawing in plain SVG (issue 17): ids of the one scheme, words for every
clickable element, the palette's seat colours with letters and shapes, deterministic bytes,
a map picture of one shape for the zoomable view, and the hand beside it."""
import re
import xml.etree.ElementTree as ET

import pytest

from boardlib.carcassonne.draw import (ASPECT, FOLLOWER_RADIUS, OPENING_FILL, UNIT,
                                       VIEW_COLUMNS, draw_hand, draw_svg, draw_tile, map_box,
                                       picture, token_label, token_words, view_window)
from boardlib.svg import SEATS, SURFACES, parse_id, seat

from cc_helpers import play, position

NS = "{http://www.w3.org/2000/svg}"


def ids(svg):
    return set(svg.clickable)


def tunnel_turn():
    s = position("TU2", board=[[-1, 0, "L", 2]], deck=["B"])
    return s, play(s, "tile 1,0 rot 0")


def test_CB_04_places_fit_as_turned_and_the_svg_is_deterministic():
    s, _ = tunnel_turn()
    svg = draw_svg(s)
    assert svg == draw_svg(s) and "matplotlib" not in svg
    assert {"place_1_0", "place_0_1"} <= ids(svg)
    fit = {i for i in ids(svg) if 'class="click place fit' in svg.split(f'id="{i}"')[1][:40]}
    assert "place_1_0" in fit and "place_0_1" not in fit   # TU2 unturned: not north of D
    assert "the tile fits here turned 0°" in svg.clickable["place_1_0"]
    hand = draw_hand(s)
    assert {"hand_0", "turn_1", "turn_3"} == ids(hand)
    assert "tile TU2 in hand, turned 0°" in hand.clickable["hand_0"]


def test_every_clickable_follows_the_id_scheme_and_is_named_in_words():
    _, s = tunnel_turn()
    for svg in (draw_svg(s, show_graph=True), draw_hand(s)):
        root = ET.fromstring(svg)
        clickables = [g for g in root.iter(f"{NS}g") if "click" in (g.get("class") or "")]
        assert len(clickables) == len(svg.clickable) >= 3
        for g in clickables:
            assert parse_id(g.get("id")) is not None
            assert g.get("role") == "button"
            assert g.get("aria-label") == g.find(f"{NS}title").text == svg.clickable[g.get("id")]
            assert len(g.get("aria-label").split()) >= 3          # words, not a code


def test_CB_06_TU_03_spots_openings_and_token_sets_after_laying():
    _, s = tunnel_turn()
    found = ids(draw_svg(s))
    assert {"spot_1_0_1", "spot_1_0_2", "opening_1_0_3", "opening_1_0_1", "tile_1_0"} <= found
    hand = draw_hand(s, colour="blue")
    # 2 players with three pairs each (TU-02): Red's are "blue", "green", "black" in the rules
    assert {"colour_0", "colour_2", "colour_4"} <= ids(hand)
    assert "tunnel tokens Red 1, 2 left (chosen)" == hand.clickable["colour_0"]
    assert "colour_0" not in ids(draw_hand(s, controls=False))
    s = play(s, "follower road:W", "token blue 1,0 W")
    svg = draw_svg(s)
    assert {"follower_1_0_1", "opening_1_0_3"} <= ids(svg)
    assert svg.clickable["opening_1_0_3"] == "1,0: tunnel opening west, claimed by a Red 1 token"
    assert svg.clickable["follower_1_0_1"] == "1,0: Red follower on road:W"
    assert "<svg" in draw_tile("TU4").svg


def test_seat_n_has_palette_colour_n_with_its_letter_and_shape():
    s = position("M", deck=["E", "E"], players=5)
    s = play(s, "tile 0,1 rot 180", "follower city:E+S")
    svg = draw_svg(s)
    root = ET.fromstring(svg)
    follower = next(g for g in root.iter(f"{NS}g") if g.get("id", "").startswith("follower_"))
    shape = next(e for e in follower.iter() if e.get("fill") == SEATS[0].color)
    label = next(e for e in follower.iter(f"{NS}text"))
    assert shape.tag in (f"{NS}circle", f"{NS}polygon") and label.text == SEATS[0].letter
    hand = draw_hand(s)
    for p in range(5):
        assert f">{seat(p).name} {s.scores[p]}<" in hand
        assert seat(p).color in hand


def test_tokens_are_named_by_their_owners_seat_TU_02():
    game = position("M", deck=["E"]).game
    assert [token_label(game, c) for c in ("blue", "red", "green", "yellow")] == [
        "R1", "B1", "R2", "B2"]
    assert token_words(game, "black") == "Red 3"
    four = position("M", deck=["E"], players=4).game
    assert token_label(four, "yellow") == "S" and token_words(four, "red") == "Blue"


def test_black_followers_are_gone_and_openings_are_dark_arches_not_discs():
    """Issue 17: black followers looked like tunnel openings. No seat is dark; an opening is
    an arch path, never a circle of its dark colour."""
    assert all(s.color.lower() not in ("#000000", "#222222", OPENING_FILL) for s in SEATS)
    _, s = tunnel_turn()
    svg = draw_svg(s)
    assert '<circle' not in re.sub(r"<circle[^>]*fill=\"(none|#ffffff)\"[^>]*/>", "",
                                    svg.split('id="opening_1_0_3"')[1].split("</g>")[0])
    assert f'fill="{OPENING_FILL}"' in svg


def test_sizes_are_readable_at_the_first_zoom():
    """Issue 17 item 4: the view shows at most VIEW_COLUMNS tiles across at first; the map is
    596 px wide in JupyterLab at 1366x768 with the file browser open (the browser test
    measures it), so a tile is >= 48 px, and the narrowest seat shape (the square, 1.72 r
    across) is >= 14 px on a 48 px tile."""
    from boardlib.svg import shape_points

    assert 596 / VIEW_COLUMNS >= 48
    xs = [x for x, _ in shape_points("square", 0, 0, FOLLOWER_RADIUS / UNIT * 48)]
    assert max(xs) - min(xs) >= 14


def test_the_map_has_one_shape_and_the_window_follows_a_tile():
    s = position("M", deck=["E"])
    x, y, w, h = map_box(s)
    assert h == pytest.approx(w * ASPECT) and w >= 7 * UNIT
    assert view_window(s, (0, 0)) == []          # a small map: all of it
    from boardlib.core.bots import RandomBot
    import boardlib
    big = boardlib.load("carcassonne", players=2, seed=5).new_initial_state()
    bot = RandomBot(1)
    while len(big.board) < 60:
        big = big.apply(bot.choose(big))
    x, y, w, h = map_box(big)
    window = view_window(big, (0, 0))
    assert window[2] == VIEW_COLUMNS * UNIT and window[3] == pytest.approx(window[2] * ASPECT)
    assert x <= window[0] and window[0] + window[2] <= x + w + 0.01
    assert y <= window[1] and window[1] + window[3] <= y + h + 0.01


def test_only_clickable_things_have_ids_and_bytes_do_not_depend_on_history():
    _, s = tunnel_turn()
    svg = draw_svg(s)
    assert set(re.findall(r' id="([^"]*)"', svg)) == ids(svg)
    other = position("E", deck=["U"])
    for r in range(4):
        draw_svg(other, rotation=r)
    assert draw_svg(s) == svg


def test_a_picture_shows_the_position_without_the_live_boards_controls():
    state = position("L", deck=["U", "V"])
    still = picture(state).svg
    assert "place_" not in still and "spot_" not in still and 'class="click' not in still
    assert "Red lays a tile" in still
    assert SURFACES["carcassonne"]["field"] in still


def test_the_drawing_takes_its_colours_from_the_palette_which_checks_them_for_CVD():
    """tests/widgets/test_palette.py checks every seat colour against SURFACES["carcassonne"]
    under simulated deuteranopia, protanopia and tritanopia; the drawing uses exactly those."""
    from boardlib.carcassonne import draw

    assert draw.PLAYER_COLORS == tuple(s.color for s in SEATS[:5])
    assert draw.SURFACE is SURFACES["carcassonne"]
    assert (draw.FIELD_FILL, draw.CITY_FILL, draw.ROAD_COLOR, draw.CLOISTER_FILL) == tuple(
        SURFACES["carcassonne"][k] for k in ("field", "city", "road", "cloister"))


def test_a_hinted_token_marks_its_opening():
    from boardlib.carcassonne.rules import PlaceTunnelToken

    _, s = tunnel_turn()
    hint = PlaceTunnelToken((1, 0, "W"), "blue")
    svg = draw_svg(s, hint=hint, colour="blue")
    assert svg.clickable["opening_1_0_3"].endswith("(the hint)")
    assert 'id="opening_1_0_3" class="click opening hint"' in svg
    assert "(the hint)" not in svg.clickable["opening_1_0_1"]


def test_marks_of_the_teacher_are_drawn_at_tiles_features_and_openings():
    from boardlib.carcassonne.draw import mark_spot
    from boardlib.core.teaching import Mark
    from boardlib.svg.marks import LAST_MOVE, MarkLayer

    _, after = tunnel_turn()                       # TU2 laid at 1,0
    opening = next(iter(after.openings))
    marks = (Mark("placed", (1, 0), 0, "TU2"), Mark("follower", ((1, 0), 0), 0, "thief"),
             Mark("token", opening, 1, "blue"), Mark("feature", ((-1, 0), 0), None),
             Mark("placed", (9, 9), 0, "B"))       # no tile there: not drawn
    svg = draw_svg(after, marks=MarkLayer(marks, LAST_MOVE, True))
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{NS}g") if "last-move" in (g.get("class") or "").split()]
    x, y, side = opening
    assert [(g.get("data-mark"), g.get("data-at")) for g in groups] == [
        ("placed", "tile_1_0"), ("follower", "follower_1_0_0"),
        ("token", f"opening_{x}_{y}_{'NESW'.index(side)}"), ("feature", "follower_-1_0_0")]
    badges = ["".join(g.itertext()) for g in groups]
    assert badges[1] == "" and badges[2] == ""     # "thief", "blue": words do not fit a badge
    assert mark_spot(after, (9, 9, "N")) is None and mark_spot(after, "x") is None
    assert mark_spot(after, ((1, 0), 99)) is None
    assert draw_svg(after, marks=MarkLayer()) == draw_svg(after)   # no marks, same bytes
    assert ids(svg) == ids(draw_svg(after))                        # marks are not clickable
