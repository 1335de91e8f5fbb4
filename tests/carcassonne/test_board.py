"""The Carcassonne board: drawing ids, deterministic SVG, clicks through the shared panel."""
import re

from boardlib.carcassonne.draw import draw_svg, draw_tile, picture
from boardlib.carcassonne.rules import END_TURN
from boardlib.carcassonne.widget import CarcassonneBoard, CarcassonneController

from cc_helpers import play, position


def ids(svg):
    return set(re.findall(r'id="([a-z]+_[^"]*)"', svg))


def test_svg_is_deterministic_and_has_clickable_ids():
    s = position("TU2", board=[[-1, 0, "L", 2]], deck=["B"])
    svg = draw_svg(s)
    assert svg == draw_svg(s)
    found = ids(svg)
    assert {"hand_0", "place_1_0", "fit_1_0", "place_0_1"} <= found
    assert "fit_0_1" not in found  # TU2 unturned cannot go north of D's city
    s = play(s, "tile 1,0 rot 0")
    found = ids(draw_svg(s))
    assert {"spot_1_0_1", "spot_1_0_2", "opening_1_0_W", "opening_1_0_E",
            "colour_blue", "colour_green", "colour_black"} <= found
    assert "tunnel token colour (TU-03)" in draw_svg(s)       # the swatches say what they are
    assert "tunnel token colour" not in picture(s).svg      # no swatches without controls
    s = play(s, "follower road:W", "token blue 1,0 W")
    found = ids(draw_svg(s))
    assert {"follower_1_0_1", "token_1_0_W"} <= found and "colour_blue" in found
    assert "<svg" in draw_tile("TU4").svg


def test_clicks_play_a_whole_turn_and_refusals_name_the_rule():
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B", "B"]))
    board.click("place_0_1")  # TU2's field side against D's city
    assert board.last_refusal is not None and board.last_refusal.rule == "CB-04"
    assert "CB-04" in board.why_line.value
    board.click("hand_0")
    assert board.selection == 1
    board.click("hand_0"), board.click("hand_0"), board.click("hand_0")
    assert board.selection == 0
    board.click("place_1_0")
    assert board.state.board[(1, 0)] == ("TU2", 0)
    board.click("spot_1_0_1")
    assert board.state.followers == {((1, 0), 1): 0}
    board.click("opening_1_0_W")
    assert board.state.tokens == {(1, 0, "W"): "blue"}
    board.click("opening_1_0_E")  # a second token in the same turn
    assert board.last_refusal.rule == "TU-03"
    assert board.controller.button_moves(board.state) == [("End turn", END_TURN)]
    board.try_move(END_TURN)
    assert board.state.current_player == 1
    assert "Red" in board.controller.localize("player 1 wins")


def test_clicks_for_every_legal_move_reproduce_it():
    controller = CarcassonneController()
    s = play(position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]), "tile 1,0 rot 0")
    for move in s.legal_moves():
        if move == END_TURN:
            continue
        selection = None
        result = None
        for element in controller.clicks_for(s, move):
            result = controller.click(s, element, selection)
            if hasattr(result, "selection"):
                selection = result.selection
        assert result.move == move


def test_board_with_bots_and_static_picture():
    board = CarcassonneBoard(players=2, seed=3, seats=["greedy", "random"], delay=0)
    board.bot_move()
    assert len(board.match) >= 1
    bundle = board._repr_mimebundle_()
    assert any("svg" in key for key in (bundle[0] if isinstance(bundle, tuple) else bundle))


def test_only_clickable_things_have_clickable_ids_and_svg_does_not_depend_on_history():
    s = play(position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]), "tile 1,0 rot 0")
    svg = draw_svg(s)
    prefixes = {i.split("_")[0] for i in ids(svg)}
    allowed = {"tile", "new", "place", "fit", "spot", "follower", "opening", "token",
               "hand", "handlabel", "turn", "turnlabel", "colour", "hint"}
    assert prefixes <= allowed, prefixes
    in_hand = draw_svg(position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]), show_graph=True)
    assert {i.split("_")[0] for i in ids(in_hand)} <= allowed
    assert len(ids(svg)) == len(re.findall(r'id="([a-z]+_[^"]*)"', svg))  # no duplicates
    # Drawing other positions first changes nothing in this one's bytes.
    other = position("E", deck=["U"])
    for r in range(4):
        draw_svg(other, rotation=r)
    assert draw_svg(s) == svg
    hand = draw_svg(position("E", deck=["U"]))
    assert hand.count('id="hand_0"') == 1


def test_a_picture_shows_the_position_without_the_live_boards_controls():
    """Found by a learner-style audit: static pictures showed yellow places and turn buttons
    that cannot be clicked. picture() leaves them out; the live board keeps them."""
    state = position("L", deck=["U", "V"])
    live = draw_svg(state)
    still = picture(state).svg
    for prefix in ("place_", "fit_", "turn_"):
        assert f'id="{prefix}' in live and f'id="{prefix}' not in still
    assert "click to turn" in live and "next tile: L" in still
    assert 'id="tile_0_0"' in still
