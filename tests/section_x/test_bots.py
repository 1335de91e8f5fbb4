"""Bots on Section X: the core bots run it, and the escape bot takes the obvious steps."""
from __future__ import annotations

import boardlib
from boardlib.core.bots import GreedyBot, MCTSBot, RandomBot, make_bot
from boardlib.section_x.bots import EscapeBot
from boardlib.section_x.positions import EAST, act
from boardlib.section_x.rules import EndTurn, Step


def play(game, bots, limit=10_000):
    s = game.new_initial_state()
    n = 0
    while not s.is_terminal() and n < limit:
        s = s.apply(bots[s.current_player].choose(s))
        n += 1
    return s


def test_core_random_greedy_and_mcts_bots_play_section_x():
    game = boardlib.load("section_x", players=3, seed=2, max_turns=6)
    end = play(game, [RandomBot(1), GreedyBot(2), MCTSBot(iterations=8, seed=3)])
    assert end.is_terminal() and end.outcome().termination == "turn limit"


def test_escape_bot_steps_into_a_free_zone():
    s = act(tiles=EAST, prisoners={0: ["2,0/0", "3,0/0"]})
    assert EscapeBot(seed=0).choose(s) == Step("3,0/0", "zone 0")


def test_escape_bot_ends_turn_when_no_step_gains():
    # the only zone in reach is claimed: no step brings anyone nearer to freedom
    s = act(tiles=EAST, prisoners={0: ["2,0/0"], 1: ["zone 0"]}, steps={0: [1]})
    assert len(s.legal_moves()) == 3
    assert EscapeBot(seed=0).choose(s) == EndTurn()


def test_escape_bots_finish_a_two_player_game_with_a_winner():
    # from a late position: three freed each, two corridors built
    start = act(tiles={**EAST, "0,2": ("straight", 2), "0,3": ("straight", 2)},
                prisoners={0: ["freed"] * 3, 1: ["freed"] * 3}, hands={0: ["fork"]})
    bots = [EscapeBot(seed=1, breadth=20), EscapeBot(seed=2, breadth=20)]
    end = start
    for _ in range(2000):
        if end.is_terminal():
            break
        end = end.apply(bots[end.current_player].choose(end))
    out = end.outcome()
    assert out.termination == "five prisoners freed" and len(out.winners) == 1
    assert max(out.scores) == 5.0


def test_the_game_offers_the_escape_bot_and_the_core_bots():
    game = boardlib.load("section_x", players=2)
    assert isinstance(make_bot("escape", seed=1, game=game), EscapeBot)
    assert isinstance(make_bot("greedy", seed=1, game=game), EscapeBot)
    assert isinstance(make_bot("random", seed=1, game=game), RandomBot)


def test_mcts_judges_cut_off_play_outs_with_the_heuristic():
    # Random play-outs of Section X seldom finish; cut off after two moves and judged by
    # the heuristic, a small search finds the step into the free zone (SX-18), which
    # play-outs that count as nothing do not.
    s = act(tiles=EAST, prisoners={0: ["2,0/0", "3,0/0"]})
    into_zone = Step("3,0/0", "zone 0")

    def picks(**settings):
        return [MCTSBot(iterations=120, rollout_limit=2, widening=False, seed=seed,
                        **settings).choose(s) for seed in range(6)]
    assert picks(cutoff_scale=10.0) == [into_zone] * 6
    assert picks() != [into_zone] * 6


def test_a_cut_off_play_out_scores_the_heuristic_squashed_into_0_to_1():
    from boardlib.core.bots import _judged

    ahead = act(tiles=EAST, prisoners={1: ["zone 0"]})
    low, high = _judged(ahead, 10.0)
    assert 0.0 < low < 0.5 < high < 1.0 and abs(low + high - 1.0) < 1e-9
    assert _judged(act(tiles=EAST), 10.0) == (0.5, 0.5)
