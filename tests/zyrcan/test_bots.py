"""The shared bots play Zyrcan, reproducibly from their seeds."""
import boardlib
from boardlib.core import GreedyBot, MCTSBot, Match, RandomBot
from boardlib.grids.hex import Hex
from boardlib.zyrcan import Attack, position


def play(bots, seed=0):
    match = Match(boardlib.load("zyrcan", players=3))
    match.play_bots(dict(enumerate(bots)))
    return match


def test_bots_finish_games_and_are_reproducible():
    first = play([GreedyBot(1), RandomBot(2), MCTSBot(iterations=20, seed=3)])
    again = play([GreedyBot(1), RandomBot(2), MCTSBot(iterations=20, seed=3)])
    assert first.state.is_terminal() and first.moves == again.moves


def test_greedy_takes_the_biggest_ship():
    # Player 0 can destroy a 1-engine ship (E) or a 3-engine ship (SE): greedy takes the 3.
    ships = {Hex(2, 2): (0, 1), Hex(3, 2): (1, 1), Hex(2, 3): (1, 3), Hex(6, 1): (2, 2),
             Hex(5, 0): (1, 2)}
    assert GreedyBot(0).choose(position(ships=ships)) == Attack(Hex(2, 2), 5)


def test_mcts_avoids_the_losing_capture():
    # Taking player 1's only ship (E) leaves players 0 and 2 tied once player 1 passes
    # (ZY-I3, ZY-13): a shared win. Taking player 2's ship (SE) puts player 0 next to
    # player 1, who strikes back and wins as the last fleet (ZY-15).
    ships = {Hex(2, 2): (0, 1), Hex(3, 2): (1, 1), Hex(2, 3): (2, 1)}
    state = position(ships=ships)
    assert MCTSBot(iterations=200, seed=5).choose(state) == Attack(Hex(2, 2), 0)


def test_mcts_ranks_a_wide_root_with_the_heuristic():
    # On the empty board 126 placements are legal; with widening a 60-iteration search only
    # opens the best-ranked few of them, and plays one of those.
    state = boardlib.load("zyrcan").new_initial_state()
    bot = MCTSBot(iterations=60, seed=1)
    move = bot.choose(state)
    ranked = sorted(state.legal_moves(), key=lambda m: -state._apply(m).heuristic(0))
    assert move in ranked[:4 + int(2 * 60 ** 0.5)]
    assert MCTSBot(iterations=60, seed=1, widening=False).choose(state) in state.legal_moves()
