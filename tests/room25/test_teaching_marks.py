"""The teacher's marks on the Room 25 board (issue 18): after the bots' replies the board
shows, as ``last-move`` elements, exactly the marks of ``Teacher.recent_marks``, each on
its room; an Explain step's marks replace them; none shows behind the hot-seat cover."""
import re

import pytest

from boardlib.core.teaching import history
from boardlib.room25.draw import room_id
from boardlib.room25.widget import Room25Board

MARK = re.compile(r'<g class="(last-move|explain) mark-(\w+)" data-mark="(\w+)" '
                  r'data-at="(\w+)" data-seat="(\d*)"')


def drawn_marks(svg, css_class="last-move"):
    """The marks drawn on the board: (kind, element id of the place, seat), no arrows."""
    return [(kind, at, int(seat) if seat else None)
            for cls, _, kind, at, seat in MARK.findall(svg)
            if cls == css_class and kind != "flight"]


def expected(board, seat):
    return [(m.kind, room_id(m.at), m.seat)
            for m in board.teacher.recent_marks(history(board.match), seat)]


@pytest.mark.parametrize("mode,players", [("suspicion", 4), ("cooperative", 2)])
def test_R25_I4_after_the_bots_reply_the_board_marks_their_moves(mode, players):
    board = Room25Board(mode=mode, players=players, seed=3,
                        seats=["human"] + ["role"] * (players - 1))
    board.view.click("room_7")                          # the human's first clue (R25-05)
    marked = 0
    for _ in range(12):                                 # play on: program, act, ...
        if board.state.is_terminal():
            break
        moves = board.state.legal_moves()
        board.try_move(moves[len(moves) // 2])
        assert drawn_marks(board.svg) == expected(board, 0)
        marked += bool(expected(board, 0))
    assert marked


def test_R25_15_a_bots_move_is_marked_from_to_and_the_room_turned_up():
    board = Room25Board(mode="cooperative", players=2, seed=3, seats=["human", "role"])
    board.view.click("room_7")
    seen = set()
    for _ in range(30):
        if board.state.is_terminal():
            break
        moves = board.state.legal_moves()
        board.try_move(moves[0])
        seen |= {kind for kind, _, seat in drawn_marks(board.svg) if seat in (1, None)}
    assert {"from", "to", "effect"} <= seen, seen


def test_R25_I4_no_mark_shows_behind_the_pass_the_screen_cover():
    board = Room25Board(mode="cooperative", players=2, seed=3, pass_screen=True)
    board.view.click("room_7")                          # Red is ready
    board.view.click("room_7")                          # Red's first clue; Blue's screen
    assert board.screened and "cover" in board.svg
    assert board.teacher.recent_marks(history(board.match), None)
    assert drawn_marks(board.svg) == []
    board.actions.children[0].click()                   # Blue is ready: Red's clue is marked
    assert drawn_marks(board.svg) == [("looked", "room_7", 0)]


def test_an_explain_step_draws_its_own_marks():
    board = Room25Board(mode="cooperative", players=2, seed=3, seats=["human", "human"])
    board.view.click("room_7")
    (step,) = board.explain(1)
    assert step.rule == "R25-05"
    assert drawn_marks(board.svg, "explain") == [("looked", "room_7", 0)]
    assert drawn_marks(board.svg) == []
