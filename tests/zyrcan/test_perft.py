"""Move counts (perft) for small positions, worked out by hand before being frozen here.

Board: the 3-player triangle. Directions 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
"""
import boardlib
from boardlib.core.testing import perft
from boardlib.grids.hex import Hex
from boardlib.zyrcan import position


def test_perft_empty_board_placement():
    # 42 empty hexes x 3 ship types; then 41 x 3 for the next player (who has all types).
    state = boardlib.load("zyrcan", players=3).new_initial_state()
    assert [perft(state, d) for d in (1, 2)] == [126, 126 * 123]
    # The 53-hex board for four players: 159, then 159 x 156.
    state = boardlib.load("zyrcan", players=4).new_initial_state()
    assert [perft(state, d) for d in (1, 2)] == [159, 159 * 156]


def test_perft_ship_surrounded_by_four_enemies():
    # Player 0's 1-engine ship on 3,3 has enemies E, NW, W and SE of it: 4 attacks.
    # Whichever it takes, player 1 has exactly one answer (its 2-engine ship on 3,4 flies NW
    # two hexes, or its 1-engine ship on 4,3 flies SW), and player 2 then exactly one move
    # (an attack, or the pass of a player whose fleet is gone).
    ships = {Hex(3, 3): (0, 1), Hex(4, 3): (1, 1), Hex(3, 4): (1, 2), Hex(2, 3): (2, 1),
             Hex(3, 2): (2, 2)}
    state = position(ships=ships)
    assert [perft(state, d) for d in (1, 2, 3)] == [4, 4, 4]


def test_perft_two_duels_and_a_watcher():
    # Player 0: 1-engine ships on 2,2 and 5,2; player 1: 1-engine ships on 3,2 and 4,2;
    # player 2: a 2-engine ship on 3,4 that reaches 5,2 (NE) and 3,2 (NW).
    # Depth 1: 2 attacks. Depth 2: either way player 1 has 2 answers (E or W) -> 4.
    # Depth 3: after 0 takes 3,2, both of player 1's answers leave a ship on 5,2 and on 3,2,
    # so player 2 has 2 attacks each (4); after 0 takes 4,2, both answers leave 5,2 and 3,2
    # empty, so player 2 can only pass (2). Total 6.
    ships = {Hex(2, 2): (0, 1), Hex(5, 2): (0, 1), Hex(3, 2): (1, 1), Hex(4, 2): (1, 1),
             Hex(3, 4): (2, 2)}
    state = position(ships=ships)
    assert [perft(state, d) for d in (1, 2, 3)] == [2, 4, 6]
