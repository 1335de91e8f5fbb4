"""Hand-counted move numbers (perft-style) and the algebra of slides (R25-17, R25-18)."""
from hypothesis import given, strategies as st

from boardlib.core.testing import perft
from boardlib.room25.actions import slide
from boardlib.room25.complex import inverse
from boardlib.room25.position import Draft
from boardlib.room25.rules import CENTER, FREE_LINES
from boardlib.room25.scenarios import position

from .helpers import load


def test_R25_05_clue_counts():
    s = load("cooperative", players=2).new_initial_state()
    # Two players, four rooms next to the centre each: 4 x 4 lines of play.
    assert perft(s, 1) == 4 and perft(s, 2) == 16


def test_R25_07_programming_counts():
    # 12 ordered pairs + 4 singles; with reminder markers 25 places more.
    assert len(position(load("cooperative", players=4)).legal_moves()) == 16 + 25
    s = position(load("cooperative", players=4, reminder_markers=False))
    assert perft(s, 1) == 16 and perft(s, 2) == 16 * 16


def test_R25_21_solo_counts_in_the_centre():
    # Four moves, four looks, no push or control in the Central Room, and a pass.
    s = position(load("solo", reminder_markers=False), rooms={"b3": "empty"})
    assert len(s.legal_moves()) == 4 + 4 + 1
    # After the Scientist moves to b3, b3 is face up: the Nerd has one look fewer.
    s2 = s.apply(s.game.parse_move("move b3"))
    assert s2.current_character == 1 and len(s2.legal_moves()) == 4 + 3 + 1
    # Back to the Scientist for the second action: no second move (R25-I5); from b3 three
    # looks (a3, b2, b4), a control of column b up or down, and pass.
    s3 = s2.apply(s2.game.parse_move("pass"))
    s3 = s3.apply(s3.game.parse_move("pass")).apply(s3.game.parse_move("pass"))
    assert s3.current_character == 0 and s3.pass_no == 2
    assert len(s3.legal_moves()) == 3 + 2 + 1


def _slid(state, line, direction, times, grid=None):
    """The complex after ``times`` slides of ``line``, played on a draft of ``state``."""
    work = Draft(state)
    if grid is not None:
        work.grid, work.where = tuple(grid), inverse(grid)
    for _ in range(times):
        slide(work, 0, line, direction, "R25-17")
    return tuple(work.grid)


@given(line=st.sampled_from(FREE_LINES), direction=st.sampled_from((-1, 1)),
       times=st.integers(1, 5), seed=st.integers(0, 50))
def test_R25_17_slides_are_rotations(line, direction, times, seed):
    state = load("cooperative", seed=seed).new_initial_state()
    there = _slid(state, line, direction, times)
    assert there[CENTER] == state.grid[CENTER]                 # R25-18
    assert sorted(there) == list(range(25))
    # Five slides one way bring the line home; k slides are undone by k the other way.
    assert _slid(state, line, direction, 5) == state.grid
    assert _slid(state, line, -direction, times, grid=there) == state.grid
