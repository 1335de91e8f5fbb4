"""Bots on Carcassonne: the game's greedy bot, and the core Random, Greedy and MCTS bots."""
import boardlib
from boardlib.core.bots import GreedyBot, MCTSBot, RandomBot, make_bot
from boardlib.core.match import Match
from boardlib.carcassonne.bots import CarcassonneGreedyBot, plans

from cc_helpers import play, position


def test_greedy_bot_completes_a_city_with_its_own_knight():
    # E turned 180 north of the start closes a 2-tile city: greedy lays it there and puts a
    # knight on it for 4 points this turn (CB-09), rather than anything else.
    s = position("E", deck=["U"])
    bot = CarcassonneGreedyBot(seed=0)
    move = bot.choose(s)
    assert str(move) == "tile 0,1 rot 180"
    s = s.apply(move)
    s = s.apply(bot.choose(s))
    assert str(s.events[0]).startswith("player 0 places a follower on city:S")
    s = s.apply(bot.choose(s))
    assert s.scores == (4, 0)


def test_greedy_bot_links_a_tunnel_that_finishes_its_road():
    s = position("TU2", board=[[-1, 0, "L", 2]], deck=["L", "B", "B"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 2,0 rot 0", "end turn")
    bot = CarcassonneGreedyBot(seed=1)
    while s.current_player == 0:
        s = s.apply(bot.choose(s))
    assert s.scores[0] >= 4 and len(s.tokens) == 2  # TU-05: the blue tunnel was finished


def test_plans_cover_follower_and_token_choices():
    s = play(position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]), "tile 1,0 rot 0")
    texts = {" / ".join(map(str, moves)) for moves, _ in plans(s)}
    assert "end turn" in texts and "follower road:W / end turn" in texts


def test_greedy_bot_beats_random_bot():
    game = boardlib.load("carcassonne", players=2, seed=11)
    final = Match(game).play_bots({0: CarcassonneGreedyBot(seed=1), 1: RandomBot(seed=2)})
    assert final.outcome().winners == (0,)
    assert final.scores[0] > 2 * final.scores[1]


def test_core_bots_play_carcassonne():
    game = boardlib.load("carcassonne", players=3, seed=5, tu_v3=True)
    match = Match(game)
    bots = {0: RandomBot(seed=1), 1: GreedyBot(seed=2), 2: make_bot("greedy", 3, game=game)}
    final = match.play_bots(bots)
    assert final.is_terminal() and len(final.outcome().scores) == 3
    # MCTS: a few moves with a small budget, each one legal.
    state = boardlib.load("carcassonne", players=2, seed=6).new_initial_state()
    mcts = MCTSBot(iterations=6, seed=4)
    for _ in range(3):
        move = mcts.choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert mcts.last_iterations in (0, 6)
