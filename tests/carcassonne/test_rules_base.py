"""Scenario tests for the base game, one or more per rule (CB-01 ... CB-16, CB-I1)."""
import pytest

import boardlib
from boardlib.core.api import IllegalMoveError, InvalidInputError
from boardlib.carcassonne.features import rescore_end
from boardlib.carcassonne.rules import PlaceFollower, end_scoring

from cc_helpers import events_text, play, position


def refusal(state, text):
    problem = state.why_illegal(state.game.parse_move(text))
    assert problem is not None, f"{text} was accepted"
    with pytest.raises(IllegalMoveError):
        state.apply(state.game.parse_move(text))
    return problem


def test_CB_01_players_and_followers():
    for bad in (1, 6):
        with pytest.raises(InvalidInputError):
            boardlib.load("carcassonne", players=bad)
    for n in (2, 3, 4, 5):
        state = boardlib.load("carcassonne", players=n, tunnel=False).new_initial_state()
        assert state.supply == (7,) * n
        assert len(state.deck) == 71 and len(state.board) == 1


def test_CB_02_start_tile_and_seeded_pile():
    a = boardlib.load("carcassonne", seed=4).new_initial_state()
    b = boardlib.load("carcassonne", seed=4).new_initial_state()
    c = boardlib.load("carcassonne", seed=5).new_initial_state()
    assert a.board == {(0, 0): ("D", 0)}
    assert a.deck == b.deck and a.deck != c.deck
    assert "CB-02" in [e.rule for e in a.events]
    assert a.observation(0)["deck"] == sorted(a.observation(0)["deck"])  # order hidden


def test_CB_03_turn_order_tile_then_follower_then_end():
    s = position("U", deck=["U"])
    assert refusal(s, "end turn").rule == "CB-03"
    assert refusal(s, "follower road:E+W").rule == "CB-03"
    s = play(s, "tile 1,0 rot 0")
    assert refusal(s, "tile 2,0 rot 0").rule == "CB-03"
    s = play(s, "follower road:E+W")
    assert refusal(s, "follower field:NR+EL+ER+SL").rule == "CB-03"
    s = play(s, "end turn")
    assert s.current_player == 1 and s.phase == "tile"


def test_CB_04_edges_must_match_and_touch():
    s = position("U")  # straight road W-E
    assert refusal(s, "tile 0,0 rot 0").rule == "CB-04"  # occupied
    assert refusal(s, "tile 3,3 rot 0").rule == "CB-04"  # touches nothing
    p = refusal(s, "tile 1,0 rot 90")  # road N-S: its W side is field against D's road
    assert p.rule == "CB-04" and "W edge" in p.reason
    assert refusal(s, "tile 0,1 rot 0").rule == "CB-04"  # field against D's city
    legal = {str(m) for m in s.legal_moves()}
    # East and west continue the road (two rotations each); south needs a field north edge.
    assert {"tile 1,0 rot 0", "tile 1,0 rot 180", "tile -1,0 rot 0", "tile -1,0 rot 180",
            "tile 0,-1 rot 0", "tile 0,-1 rot 180"} == legal


def test_CB_05_tile_that_fits_nowhere_is_removed():
    # E turned 180 closes D's city; then C (city on all four sides) fits nowhere.
    s = position("E", deck=["C", "B"])
    s = play(s, "tile 0,1 rot 180", "end turn")
    assert any("CB-05" in e and "tile C" in e for e in events_text(s))
    assert s.tile == "B" and s.discarded[-1] == "C"


def test_CB_06_follower_only_on_a_free_feature_of_the_new_tile():
    s = position("U", deck=["U"])
    s = play(s, "tile 1,0 rot 0", "follower road:E+W", "end turn")
    s = play(s, "tile 2,0 rot 0")
    p = refusal(s, "follower road:E+W")
    assert p.rule == "CB-06" and "already" in p.reason
    assert refusal(s, "follower city:N").rule == "CB-06"  # U has no city
    assert PlaceFollower("field:NL+NR+EL+WR") in s.legal_moves()  # the field is free


def test_CB_06_no_follower_left_in_supply():
    board = [[1, 0, "U", 0], [2, 0, "U", 0], [-1, 0, "U", 0]]
    followers = [[0, 0, "city:N", 0], [0, 0, "road:E+W", 0], [0, 0, "field:EL+WR", 0],
                 [0, 0, "field:ER+SL+SR+WL", 0], [1, 0, "field:NL+NR+EL+WR", 0],
                 [2, 0, "field:NL+NR+EL+WR", 0], [-1, 0, "field:ER+SL+SR+WL", 0]]
    s = position("V", board=board, followers=followers)
    assert s.supply[0] == 0
    s = play(s, "tile 3,0 rot 0")
    assert not [m for m in s.legal_moves() if isinstance(m, PlaceFollower)]
    p = refusal(s, "follower field:SR+WL")
    assert p.rule == "CB-06" and "supply" in p.reason


def test_CB_07_follower_scores_and_returns_in_the_same_turn():
    s = position("L", deck=["L"])  # T-junctions close both ends of D's road
    s = play(s, "tile 1,0 rot 0", "end turn", "tile -1,0 rot 180", "follower road:E")
    assert s.supply == (7, 6)
    s = play(s, "end turn")
    assert s.supply == (7, 7) and s.scores == (0, 3)
    assert any("CB-07" in e for e in events_text(s))


def test_CB_08_road_completed_one_point_per_tile():
    s = position("L", deck=["L"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "end turn")
    assert s.scores == (0, 0)
    s = play(s, "tile -1,0 rot 180", "end turn")  # player 1 closes player 0's road
    assert s.scores == (3, 0)
    assert "road of 3 tile(s) completed: +3 player 0 (CB-08)" in events_text(s)


def test_CB_08_road_loop_is_complete():
    # Four curves round a square south of the start tile close on themselves: no end at all.
    s = position("V", deck=["V", "V", "V"])
    s = play(s, "tile 0,-1 rot 270", "follower road:E+S", "end turn",
             "tile 1,-1 rot 0", "end turn", "tile 1,-2 rot 90", "end turn")
    assert s.scores == (0, 0)
    s = play(s, "tile 0,-2 rot 180", "end turn")
    assert s.scores == (4, 0)


def test_CB_09_city_with_pennant_two_points_per_tile_and_pennant():
    # D's city + M (pennant) turned to S+E + E closing on the west side of (1,1).
    s = position("M", deck=["E"])
    s = play(s, "tile 0,1 rot 180", "follower city:E+S", "end turn")
    s = play(s, "tile 1,1 rot 270", "end turn")
    assert s.scores == (2 * 3 + 2, 0)
    assert "city of 3 tile(s) with 1 pennant(s) completed: +8 player 0 (CB-09)" in events_text(s)


@pytest.mark.parametrize("small,points", [(False, 4), (True, 2)])
def test_CB_09_two_tile_city_under_both_rules(small, points):
    s = position("E", small_city_2pts=small)
    s = play(s, "tile 0,1 rot 180", "follower city:S", "end turn")
    assert s.scores == (points, 0)


def test_CB_10_cloister_with_eight_neighbours_scores_nine():
    s = position("U", deck=["U", "B", "B", "B", "B", "A", "E"])
    s = play(s, "tile 1,0 rot 0", "end turn", "tile -1,0 rot 0", "end turn",
             "tile 0,-1 rot 0", "follower cloister", "end turn")
    for place in ("-1,-1", "1,-1", "0,-2", "-1,-2"):
        s = play(s, f"tile {place} rot 0", "end turn")
        assert s.scores == (0, 0)
    s = play(s, "tile 1,-2 rot 90", "end turn")
    assert s.scores == (9, 0)
    assert "cloister completed: +9 player 0 (CB-10)" in events_text(s)


ROAD_JOIN = [[0, -1, "B", 0], [-1, -1, "B", 0], [-2, -1, "B", 0], [-2, 0, "A", 3],
             [1, 0, "U", 0], [2, 0, "L", 0]]


def test_CB_11_majority_takes_all():
    followers = [[1, 0, "road:E+W", 0], [2, 0, "road:W", 0], [-2, 0, "road:E", 1]]
    s = position("U", board=ROAD_JOIN, followers=followers)
    s = play(s, "tile -1,0 rot 0", "end turn")
    assert s.scores == (5, 0)  # 2 thieves beat 1; the road runs over 5 tiles


def test_CB_11_CB_I1_tied_majority_all_score_in_full():
    followers = [[1, 0, "road:E+W", 0], [-2, 0, "road:E", 1]]
    s = position("U", board=ROAD_JOIN, followers=followers)
    s = play(s, "tile -1,0 rot 0", "end turn")
    assert s.scores == (5, 5)
    assert "road of 5 tile(s) completed: +5 player 0 and player 1 (CB-08)" in events_text(s)


def test_CB_12_tile_counted_once_when_a_city_passes_twice():
    # I at (1,1) has two separate city edges, N and W; both belong to one ring city.
    s = position("R", deck=["I", "N", "N"])
    s = play(s, "tile 0,1 rot 90", "follower city:N+E+S", "end turn",
             "tile 1,1 rot 0", "end turn", "tile 0,2 rot 180", "end turn")
    assert s.scores == (0, 0)
    s = play(s, "tile 1,2 rot 270", "end turn")
    # Tiles D, R, I, N, N: five tiles (not six segments), no pennant.
    assert s.scores == (10, 0)


def test_CB_13_game_ends_after_the_last_tile():
    s = position("U", deck=["U"])
    s = play(s, "tile 1,0 rot 0", "end turn", "tile 2,0 rot 0")
    assert s.outcome() is None
    s = play(s, "end turn")
    assert s.is_terminal() and s.legal_moves() == ()
    assert refusal(s, "end turn").rule == "CB-13"


def test_CB_14_unfinished_features_at_the_end():
    # City D+M with a pennant (2 tiles + 1 pennant = 3), road D+U (2), cloister with 2 around.
    s = position("M", deck=["U", "B"])
    s = play(s, "tile 0,1 rot 180", "follower city:E+S", "end turn",
             "tile 1,0 rot 0", "follower road:E+W", "end turn",
             "tile 1,-1 rot 0", "follower cloister", "end turn")
    assert s.is_terminal()
    # Player 0: city 3 + cloister (1 + D, U around it = 3) = 6; player 1: road 2.
    assert s.end_scores == (6, 2) and s.scores == (6, 2)
    assert rescore_end(s)[0] == (6, 2)
    assert any("CB-14" in e for e in events_text(s))


# D turned over at (0,1) closes the start tile's city; U at (1,1) carries on its road and fields.
FARM_BOARD = [[0, 1, "D", 2], [1, 1, "U", 0]]
# Field X (start tile, between road and city): player 0. Field Z (north tile's strip by the
# city, running on into U's south field): one farmer each.
FARMERS = [[0, 0, "field:EL+WR", 0], [0, 1, "field:ER+WL", 0], [1, 1, "field:ER+SL+SR+WL", 1]]


@pytest.mark.parametrize("farms,points", [("3rd", (6, 3)), ("1st", (4, 0)), ("2nd", (3, 3))])
def test_CB_15_one_farm_position_under_the_three_versions(farms, points):
    # The 2-tile city borders two fields: one with player 0's farmer, one with a farmer each.
    s = position("U", board=FARM_BOARD, followers=FARMERS, farms=farms, completed=(1, 0, 0))
    assert end_scoring(s).points == points
    assert rescore_end(s)[0] == points


def test_CB_15_incomplete_city_feeds_no_farm():
    s = position("U", board=[[0, 1, "M", 2]], followers=[[0, 0, "field:EL+WR", 0]])
    # M turned over continues D's city to the east, where it stays open.
    assert end_scoring(s).points == (0, 0)


def test_CB_16_CB_I1_level_scores_share_the_win():
    s = position("U")
    s = play(s, "tile 1,0 rot 0", "end turn")
    outcome = s.outcome()
    assert outcome.winners == (0, 1) and outcome.is_draw and outcome.rule == "CB-16"


def test_CB_16_highest_score_wins():
    s = position("E")
    s = play(s, "tile 0,1 rot 180", "follower city:S", "end turn")
    assert s.outcome().winners == (0,) and s.outcome().scores == (4.0, 0.0)


def test_CB_07_farmers_stay_until_the_end():
    s = position("E", deck=["U"])
    s = play(s, "tile 0,1 rot 180", "follower field:NL+NR+EL+ER+WL+WR", "end turn")
    assert s.supply == (6, 7) and s.scores == (0, 0)  # the city scored for nobody
    assert list(s.followers.values()) == [0]


def test_CB_06_TU_05_a_tunnel_joins_roads_before_the_follower_is_placed():
    # TU3 south of the start carries Red's thief on its east road, whose opening holds a blue
    # token. Blue lays TU2 east of the start: its east road is free until Blue's second blue
    # token joins it to Red's road; then a thief may no longer go there (CB-06).
    s = position("TU2", board=[[-1, 0, "L", 2], [0, -1, "TU3", 0]],
                 followers=[[0, -1, "road:E", 1]], tokens=[[0, -1, "E", "blue"]], deck=["B"])
    s = play(s, "tile 1,0 rot 0")
    assert s.why_illegal(s.game.parse_move("follower road:E")) is None
    linked = play(s, "token blue 1,0 E")
    assert linked.why_illegal(linked.game.parse_move("follower road:E")).rule == "CB-06"
    assert linked.why_illegal(linked.game.parse_move("follower road:W")) is None


def test_CB_03_CB_04_perft_counts_worked_out_by_hand():
    from boardlib.core.testing import perft

    # U (straight road) next to the start tile: 2 rotations east, 2 west, 2 south (CB-04).
    # Every placement leaves road + 2 fields free for a follower, or End turn: 4 moves each.
    s = position("U", deck=["U"])
    assert perft(s, 1) == 6
    assert perft(s, 2) == 6 * 4
