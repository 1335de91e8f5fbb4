"""The standard boards of ZY-02 / ZY-I1: their sizes, rows and symmetries."""
import pytest

from boardlib.grids.hex import Hex, bounding_rows
from boardlib.zyrcan.boards import rows_board, standard_board, star_board, triangle_board


def test_ZY_02_sizes():
    assert {n: len(standard_board(n)) for n in (3, 4, 5)} == {3: 42, 4: 53, 5: 67}


def test_ZY_I1_triangle_rows_and_threefold_symmetry():
    board = triangle_board()
    assert sorted(len(row) for row in bounding_rows(board)) == sorted([2, 3, 4, 5, 6, 7, 8, 7])
    # In the triangle's own coordinates (q, r, 8 - q - r) a third of a turn permutes them.
    turned = {Hex(r, 8 - q - r) for q, r in board}
    assert turned == board


def test_ZY_I1_rows_board_and_half_turn():
    board = rows_board()
    assert [len(row) for row in bounding_rows(board)] == [8, 7, 8, 7, 8, 7, 8]
    assert {h.rotate(3, center=Hex(2, 3)) for h in board} == board
    # 53 is prime to 3, so no third of a turn about any hex maps it onto itself.
    assert {h.rotate(2, center=Hex(2, 3)) for h in board} != board


@pytest.mark.parametrize("steps", range(6))
def test_ZY_I1_star_board_sixfold(steps):
    board = star_board()
    assert {h.rotate(steps) for h in board} == board
    assert max(h.length() for h in board) == 5
