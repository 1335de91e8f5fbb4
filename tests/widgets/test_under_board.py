"""What a board leaves room for, and how the arrow keys reach clickables on one spot (issue
17 items 3 and 6; the browser tests measure and key through them): Room 25's narration is
a fixed box marked to stay on screen under the board, its hot-seat box shows only when two
seats are human, and board.js spreads clickables that share a middle (a Section X crossing).
"""
from __future__ import annotations

from pathlib import Path

from boardlib.room25.widget import NARRATION_HEIGHT, Room25Board
from boardlib.section_x.positions import act
from boardlib.section_x.widget import SectionXBoard

BOARD_JS = (Path(__file__).resolve().parents[2] / "boardlib" / "widgets" / "board.js").read_text()


def test_R25_08_the_narration_is_a_fixed_box_the_board_leaves_room_for():
    board = Room25Board(mode="solo", seed=1)
    assert board.narration is not None
    assert "boardlib-under-board" in board.narration._dom_classes
    assert board.narration.layout.height == NARRATION_HEIGHT
    assert board.narration.layout.overflow == "auto"       # a long step scrolls in its box
    board.click("room_7")                                   # first clue (R25-05)
    assert "R25-05" in board.narration.value
    assert board.narration.layout.height == NARRATION_HEIGHT
    assert 'const UNDER_BOARD = "boardlib-under-board"' in BOARD_JS


def test_R25_I4_the_pass_the_screen_box_shows_only_with_two_human_seats():
    against_bots = Room25Board(mode="suspicion", players=4, seed=2,
                               seats=["human", "role", "role", "role"])
    assert against_bots.pass_screen.layout.display == "none"
    hot_seat = Room25Board(mode="cooperative", players=2, seed=3)
    assert hot_seat.pass_screen.layout.display == ""
    assert against_bots.pass_screen.layout is not hot_seat.pass_screen.layout


def test_SX_I4_a_crossing_has_two_clickables_on_one_middle_that_board_js_spreads():
    """Both straight parts of a crossing are clickables (their channels share the tile's
    middle); board.js's keyPoints spreads clickables of one spot apart for the arrow keys."""
    board = SectionXBoard(state=act(tiles={"0,2": ("crossing", 0)}, prisoners={}))
    assert {"part_0_2_0", "part_0_2_1"} <= set(board.view.drawn)
    assert "function keyPoints(nodes)" in BOARD_JS
    assert "nearestInDirection(current, nodes, dx, dy, goal, points)" in BOARD_JS
