"""Room 25 drawing (stable ids, deterministic, no hidden rooms shown) and the board widget."""
import re

import boardlib
from boardlib.room25.draw import LABEL_ROOM, LABEL_SIZE, SHORT, draw_svg, label_size
from boardlib.room25.scenarios import position
from boardlib.room25.widget import Room25Board, Room25Controller

from .helpers import play, program_all


def ids(svg):
    return set(re.findall(r'id="([a-z]+_[0-9_]+)"', svg))


def test_draw_has_stable_clickable_ids_and_is_deterministic():
    g = boardlib.load("room25", mode="cooperative", players=4)
    s = position(g, rooms={"b2": "empty"}, chars={0: "b2", 3: None})
    svg = draw_svg(s, 0, targets=[1, 5])
    assert svg == draw_svg(s, 0, targets=[1, 5])
    found = ids(svg)
    assert {f"room_{p}" for p in range(25)} <= found
    assert {"char_0", "char_1", "char_2"} <= found and "char_3" not in found  # the dead
    assert {f"slide_{k}_{d}" for k in (0, 1, 3, 4, 5, 6, 8, 9) for d in (0, 1)} <= found
    assert "slide_2_0" not in found and "slide_7_1" not in found  # central lines (R25-18)
    assert {"target_1", "target_5"} <= found


def test_R25_I4_picture_shows_only_what_the_viewer_knows():
    g = boardlib.load("room25", mode="cooperative", players=4)
    s = play(program_all(position(g, rooms={"b3": "deadly"}), {0: "look"}), "look b3")
    assert "(Deadly)" in draw_svg(s, 0)
    assert "Deadly" not in draw_svg(s, 1) and "Deadly" not in draw_svg(s, None)


def test_board_clicks_play_moves_and_explain_refusals():
    board = Room25Board(mode="cooperative", players=4)
    for place in ("room_11", "room_7", "room_7", "room_13"):   # four first clues (R25-05)
        board.view.click(place)
    assert board.state.phase == "program"
    labels = [b.description for b in board.actions.children]
    assert "move → look" in labels and "push (one only)" in labels
    for _ in range(4):
        board.try_move(board.state.game.parse_move(
            f"program {board.state.current_character}: move, look"))
    assert board.state.phase == "exec"
    board.view.click("room_0")                                   # a1: not adjacent
    assert board.last_refusal is not None and board.last_refusal.rule == "R25-13"
    board.view.click("room_11")                                  # b3: a legal move
    assert board.state.position(0) in (11, 12) or not board.state.alive(0)
    # The move list keeps programs secret.
    text = board.move_list.value
    assert "programs 2 actions" in text and "move, look" not in text


def test_board_push_and_slide_clicks():
    g = boardlib.load("room25", mode="cooperative", players=4)
    s = position(g, rooms={"b2": "empty", "a2": "empty"}, chars={0: "b2", 1: "b2"},
                 face_up=["a2"])
    s = program_all(s, {0: "push, control"})
    board = Room25Board(state=s)
    board.view.click("char_1")
    assert board.selection == 1
    board.view.click("room_5")                                   # push the Nerd to a2
    assert board.state.position(1) == 5
    # row 3 holds the centre: no arrow is drawn there, so the controller alone is asked
    # (the board ignores ids it did not draw)
    assert "slide_2_0" not in board.view.drawn
    play = board.controller.click(board.state, "slide_2_0", board.selection)
    assert board.state.why_illegal(play.move).rule == "R25-18"
    board.view.click("slide_6_0")                                # column b up
    assert board.state.position(0) == 1
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "image/svg+xml" in data


def test_controller_targets_follow_the_legal_moves():
    g = boardlib.load("room25", mode="cooperative", players=4)
    s = program_all(position(g), {0: "move"})
    assert Room25Controller().targets(s, None) == [7, 11, 13, 17]


def test_board_form_sets_mode_and_players_and_hints_from_observations():
    board = Room25Board(mode="cooperative", players=2)
    board.option_widgets["mode"].value = "solo"
    board.option_widgets["players"].value = 1
    board._new_game_from_form()
    assert board.game.options["mode"] == "solo" and board.game.num_players == 1
    board.option_widgets["mode"].value = "team"
    board.option_widgets["players"].value = 5
    board._new_game_from_form()
    assert "R25-44" in board.message and board.game.options["mode"] == "solo"
    from boardlib.room25.bots import ObservationBot
    assert isinstance(board._helper, ObservationBot)
    assert board.hint() in board.state.legal_moves()


def test_seen_room_names_fit_inside_the_target_ring():
    """Found by an audit: "(Flooded)" ran over the ring that marks a target."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    for name in SHORT.values():
        for text in (name, f"({name})"):
            size = label_size(text)
            width, _, _ = text_to_path.get_text_width_height_descent(
                text, FontProperties(size=size, weight="bold"), ismath=False)
            assert width <= LABEL_ROOM + 0.5 and size <= LABEL_SIZE, text
    assert label_size("Dark") == LABEL_SIZE and label_size("(Flooded)") < LABEL_SIZE
