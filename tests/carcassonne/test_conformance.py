"""Random-play conformance over 200+ seeded games with 2-5 players and The Tunnel on."""
import pytest

import boardlib
from boardlib.core.testing import check_random_play

from cc_helpers import check_invariants, wrong_moves

# (players, options, games): 208 games in all, every player count, the Tunnel always on,
# spread over the farm versions and the variants so each is played many times.
CASES = [
    (2, {}, 40),
    (3, {"farms": "1st", "king_robber_baron": True}, 32),
    (4, {"farms": "2nd", "small_city_2pts": True}, 28),
    (5, {"king_robber_baron": True}, 24),
    (2, {"tu_v1": True, "two_player_token_sets": 2}, 20),
    (3, {"tu_v2": True}, 22),
    (2, {"tu_v3": True, "king_robber_baron": True}, 22),
    (4, {"tu_v4": True, "tu_v2": True}, 20),
    (3, {"tu_no_self_link": True, "tu_v3": True}, 12),
    (2, {"tunnel": False, "farms": "2nd"}, 12),
]


@pytest.mark.parametrize("players,options,games", CASES)
def test_random_play_conformance(players, options, games):
    game = boardlib.load("carcassonne", players=players, seed=players * 101,
                         **{"tunnel": True, **options})
    report = check_random_play(game, games=games, seed=players + len(options),
                               invariant=check_invariants, wrong_moves=wrong_moves,
                               json_every=23, undo_every=31)
    assert report.games == games
    assert report.terminations == {"last tile played": games}


def test_total_conformance_games_at_least_200():
    assert sum(g for _, _, g in CASES) >= 200


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"farms": "1st", "small_city_2pts": True}),
    (4, {"farms": "2nd", "king_robber_baron": True}), (5, {"tu_v3": True})])
def test_final_score_equals_from_scratch_rescoring_of_every_turn_and_the_end(players, options):
    """Each EndTurn's points recomputed from the networkx graph just before it is played,
    plus the end scoring recomputed from the final board, give exactly the final scores."""
    import random

    from boardlib.carcassonne.features import rescore_end, rescore_turn
    from boardlib.carcassonne.rules import END_TURN

    game = boardlib.load("carcassonne", players=players, seed=40 + players, **options)
    state = game.new_initial_state()
    rng = random.Random(players)
    expected = [0] * players
    while not state.is_terminal():
        move = rng.choice(state.legal_moves())
        if move == END_TURN:
            expected = [a + b for a, b in zip(expected, rescore_turn(state))]
        state = state.apply(move)
    end, completed = rescore_end(state)
    assert completed == state.completed
    assert tuple(a + b for a, b in zip(expected, end)) == state.scores


# Every option set: each option away from its default once, and a few together.
OPTION_SETS = [
    {}, {"tunnel": False}, {"farms": "1st"}, {"farms": "2nd"}, {"small_city_2pts": True},
    {"king_robber_baron": True}, {"tu_v1": True}, {"tu_v2": True}, {"tu_v3": True},
    {"tu_v4": True}, {"two_player_token_sets": 2}, {"tu_no_self_link": True},
    {"tu_v3": True, "tu_no_self_link": True, "king_robber_baron": True},
    {"tu_v1": True, "tu_v2": True, "tu_v4": True, "farms": "1st", "small_city_2pts": True},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
def test_TU_I2_every_state_of_random_games_loads_again_to_an_equal_state(options):
    """No reachable state is refused by its own loader (the old TU-I2 refusal did refuse
    one, 151 legal moves in): every state of random games, every option set."""
    import random

    from boardlib.core.testing import check_round_trip

    for k in range(3):
        players = 2 + (k + len(options)) % 4
        game = boardlib.load("carcassonne", players=players, seed=1000 * k + len(options),
                             **options)
        state = game.new_initial_state()
        rng = random.Random(k)
        while True:
            check_round_trip(state)
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_moves()))
