"""Carcassonne's teaching: words, marks, standings and explanations
(boardlib.carcassonne.teaching), on the prepared positions of the rule tests.

The sentences and points were worked out by hand from the positions (the rule tests
check the same points against the engine); each explanation is also checked against the
engine's scores.
"""
import random

import pytest

import boardlib
from boardlib.carcassonne.scoring import end_scoring
from boardlib.carcassonne.teaching import (CarcassonneTeacher, TILE_NAMES, feature_words,
                                           tile_feature_words)
from boardlib.carcassonne.tiles import TILE_TYPES
from boardlib.core import Match
from boardlib.core.bots import RandomBot
from boardlib.core.teaching import Mark, history, teacher
from boardlib.core.testing.teaching import check_teaching

from cc_helpers import play, position

NAMES = ("Red", "Blue", "Yellow", "Sky", "Pink")
NOTATION = [r"\b(?:city|road|field):[A-Z]", r"\brot \d", r"\btoken [a-z]+ -?\d",
            r"\bfollower (?:city|road|field|cloister)\b", r"\bplayer \d", r"\+[A-Z]{2}\b"]
WEST_L = [[-1, 0, "L", 2]]
FARM_BOARD = [[0, 1, "D", 2], [1, 1, "U", 0]]
FARMERS = [[0, 0, "field:EL+WR", 0], [0, 1, "field:ER+WL", 0], [1, 1, "field:ER+SL+SR+WL", 1]]
ROAD_JOIN = [[0, -1, "B", 0], [-1, -1, "B", 0], [-2, -1, "B", 0], [-2, 0, "A", 3],
             [1, 0, "U", 0], [2, 0, "L", 0]]


def teach(state):
    return teacher(state.game, NAMES.__getitem__)


def explained(state, text):
    """The steps of the move ``text``, checked: the points the steps give are the engine's."""
    move = state.game.parse_move(text)
    after = state.apply(move)
    steps = teach(state).explain(state, move, after)
    return steps, after


def rules(steps):
    return [s.rule for s in steps]


def text_of(steps, rule, index=0):
    return [s.text for s in steps if s.rule == rule][index]


# --- feature names -------------------------------------------------------------------------

def test_feature_names_are_words_unique_on_every_turned_tile():
    for letter in TILE_TYPES:
        assert letter in TILE_NAMES
        for rotation in range(4):
            names = tile_feature_words(letter, rotation)
            assert len(set(names)) == len(names), (letter, rotation, names)
            assert all(":" not in n and "+" not in n for n in names)


def test_feature_names_of_a_few_tiles_by_hand():
    assert tile_feature_words("D", 0) == (
        "the city on the north edge", "the road between the east and west edges",
        "the field north of the road", "the field south of the road")
    # Turned a quarter clockwise, U's road runs north-south with fields east and west.
    assert tile_feature_words("U", 1) == (
        "the road between the north and south edges", "the field east of the road",
        "the field west of the road")
    assert tile_feature_words("B", 0) == ("the cloister", "the field around the cloister")
    assert tile_feature_words("H", 0)[-1] == "the field between the cities"
    # O: a corner city and a road bend: both fields lie south-east; the one by the city is
    # named by it.
    assert tile_feature_words("O", 0)[2:] == ("the field between the city and the road",
                                              "the field south-east of the road")
    assert feature_words("TU2", 0, 1) == "the tunnel road on the west edge"
    assert feature_words("C", 3, 0) == "the city filling the tile"


# --- words for moves -----------------------------------------------------------------------

def test_CB_04_CB_06_words_of_a_tile_and_a_farmer():
    s = position("U")
    t = teach(s)
    lay = s.game.parse_move("tile 1,0 rot 180")
    assert t.move_words(s, lay) == "Red laid tile U (straight road) at 1,0, turned 180°"
    assert t.hint_words(s, lay) == "lay tile U (straight road) on 1,0, turned two steps clockwise"
    south = s.game.parse_move("tile 0,-1 rot 0")
    assert t.hint_words(s, south) == "lay tile U (straight road) on 0,-1, as drawn"
    s = play(s, "tile 1,0 rot 0")
    farmer = s.game.parse_move("follower field:NL+NR+EL+WR")
    assert t.move_words(s, farmer) == "Red put a farmer on the field north of the road"
    assert t.hint_words(s, farmer) == "put a farmer on the field north of the road"
    thief = s.game.parse_move("follower road:E+W")
    assert t.move_words(s, thief) == "Red put a thief on the road between the east and west edges"
    assert t.hint_words(s, s.game.parse_move("end turn")) == "end your turn"


def test_CB_04_step_names_every_shared_edge():
    s = position("U")
    (step,) = explained(s, "tile 1,0 rot 180")[0]
    assert step.rule == "CB-04" and step.title == "Laying a tile"
    assert step.text == ("Red lays tile U (straight road) on 1,0, turned 180°. It touches the "
                         "land along 1 edge, and every shared edge matches (west: road against "
                         "road).")
    assert step.marks == (Mark("placed", (1, 0), 0, "U"),)


def test_CB_06_step_of_a_follower():
    s = play(position("U"), "tile 1,0 rot 0")
    (step,) = explained(s, "follower field:NL+NR+EL+WR")[0]
    assert step.text == ("Red puts a farmer on the field north of the road on tile 1,0, a field "
                         "over 2 tiles. No follower stood on that field yet, so the place is "
                         "free. Red has 6 followers left in hand (of 7, CB-01).")
    assert step.marks[0] == Mark("follower", ((1, 0), 1), 0, "farmer")


def test_TU_03_TU_05_words_and_steps_of_the_tokens_of_a_tunnel():
    s = position("TU2", board=WEST_L, deck=["L", "B"], king_robber_baron=True)
    s = play(s, "tile 1,0 rot 0")
    first = s.game.parse_move("token blue 1,0 W")
    assert teach(s).move_words(s, first) == ("Red put a Red 1 tunnel token on the tunnel opening "
                                             "on the west edge of 1,0")
    s = play(s, "token blue 1,0 W", "end turn", "tile 2,0 rot 0", "follower road:W",
             "end turn", "tile 0,-1 rot 0")
    second = s.game.parse_move("token blue 1,0 E")
    t = teach(s)
    assert t.move_words(s, second) == (
        "Red put a Red 1 tunnel token on the tunnel opening on the east edge of 1,0, finishing "
        "the Red 1 tunnel from the tunnel opening on the west edge of 1,0")
    assert t.hint_words(s, second) == ("put a Red 1 tunnel token on the tunnel opening on the "
                                       "east edge of 1,0 to finish the tunnel")
    steps, after = explained(s, "token blue 1,0 E")
    assert rules(steps) == ["TU-03", "TU-05"]
    assert text_of(steps, "TU-05").endswith("and the two roads are one road of 4 tiles. The "
                                            "tunnel belongs to everybody (TU-06).")
    assert t.marks(s, second) == (Mark("token", (1, 0, "E"), 0, "blue"),
                                  Mark("token", (1, 0, "W"), 0, "blue"))


# --- explanations of scoring ---------------------------------------------------------------

def test_CB_08_CB_07_a_completed_road_step_by_step():
    s = position("L", deck=["L"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "end turn", "tile -1,0 rot 180")
    steps, after = explained(s, "end turn")
    assert rules(steps) == ["CB-08", "CB-11", "CB-08", "CB-07", "CB-13", "CB-16"]
    assert steps[0].text == ("The road is complete: both its ends stop at a crossing. It runs "
                             "over 3 tiles.")
    assert [(m.at, m.label) for m in steps[0].marks if m.kind == "count"] == [
        ((-1, 0), "1"), ((0, 0), "2"), ((1, 0), "3")]
    assert steps[1].text == ("On the road of 3 tiles: Red 1 thief. Red alone has thieves there "
                             "and takes the points.")
    assert steps[2].text == "A completed road scores 1 point per tile: 3 points for Red."
    assert steps[2].event == "The road of 3 tiles is complete: 3 points for Red"
    assert steps[3].text == "The thief on it goes back to its owner, to be placed again."
    assert steps[-1].text == "Final scores: Red 3 and Blue 0. Red wins with 3 points."
    assert after.scores == (3, 0)      # the engine agrees
    assert teach(s).move_words(s, s.game.parse_move("end turn"), after) == (
        "Blue ended the turn; Red scored 3; the game is over")
    marks = teach(s).marks(s, s.game.parse_move("end turn"), after)
    assert Mark("points", (-1, 0), 0, "+3") in marks
    assert Mark("removed", ((1, 0), 3), 0, "thief") in marks
    assert sum(m.kind == "feature" and m.seat == 0 for m in marks) == 3


def test_CB_09_CB_11_a_completed_city_its_tiles_pennant_knight_and_points():
    s = position("M", deck=["E"])
    s = play(s, "tile 0,1 rot 180", "follower city:E+S", "end turn", "tile 1,1 rot 270")
    steps, after = explained(s, "end turn")
    assert rules(steps)[:5] == ["CB-09", "CB-09", "CB-11", "CB-09", "CB-07"]
    assert steps[0].text == ("The city is complete: its wall is closed all round. It covers 3 "
                             "tiles.")
    assert steps[1].text == "It has 1 pennant, each worth as much as a tile."
    assert steps[1].marks == (Mark("pennant", ((0, 1), 0)),)
    assert steps[2].marks == (Mark("follower", ((0, 1), 0), 0, "knight"),)
    assert steps[3].text == ("A completed city scores 2 points per tile and 2 per pennant: "
                             "3 × 2 + 1 × 2 = 8 points for Red.")
    assert after.scores == (8, 0)


def test_CB_09_small_city_option_in_words():
    s = position("E", small_city_2pts=True)
    s = play(s, "tile 0,1 rot 180", "follower city:S")
    steps, after = explained(s, "end turn")
    assert text_of(steps, "CB-09", 1) == ("A completed city of 2 tiles scores 2 points (the "
                                          "first-edition option) for Red.")
    assert after.scores == (2, 0)


def test_CB_10_a_completed_cloister_counts_its_eight_neighbours():
    s = position("U", deck=["U", "B", "B", "B", "B", "A", "E"])
    s = play(s, "tile 1,0 rot 0", "end turn", "tile -1,0 rot 0", "end turn",
             "tile 0,-1 rot 0", "follower cloister", "end turn")
    for place in ("-1,-1", "1,-1", "0,-2", "-1,-2"):
        s = play(s, f"tile {place} rot 0", "end turn")
    s = play(s, "tile 1,-2 rot 90")
    steps, after = explained(s, "end turn")
    assert rules(steps) == ["CB-10", "CB-11", "CB-10", "CB-07", "CB-13", "CB-16"]  # last tile
    assert steps[0].text == "The cloister at 0,-1 is complete: all 8 places around it hold tiles."
    assert [m.label for m in steps[0].marks if m.kind == "count"] == list("12345678")
    assert steps[2].text == "A completed cloister scores 9 points for Red."
    assert after.scores == (9, 0)


@pytest.mark.parametrize("followers,verdict,scores", [
    ([[1, 0, "road:E+W", 0], [2, 0, "road:W", 0], [-2, 0, "road:E", 1]],
     "On the road of 5 tiles: Red 2 thieves and Blue 1 thief. Red has the most and takes the "
     "points.", (5, 0)),
    ([[1, 0, "road:E+W", 0], [-2, 0, "road:E", 1]],
     "On the road of 5 tiles: Red 1 thief and Blue 1 thief. Red and Blue have as many each, so "
     "all of them score in full (CB-I1).", (5, 5)),
])
def test_CB_11_CB_I1_majority_in_words(followers, verdict, scores):
    s = play(position("U", board=ROAD_JOIN, followers=followers), "tile -1,0 rot 0")
    steps, after = explained(s, "end turn")
    assert text_of(steps, "CB-11") == verdict
    assert steps[0].text.startswith("The road is complete: one end stops at a cloister, the "
                                    "other at a crossing.")
    assert after.scores == scores


def test_CB_12_a_tile_the_city_passes_twice_counts_once():
    s = position("R", deck=["I", "N", "N"])
    s = play(s, "tile 0,1 rot 90", "follower city:N+E+S", "end turn", "tile 1,1 rot 0",
             "end turn", "tile 0,2 rot 180", "end turn", "tile 1,2 rot 270")
    steps, after = explained(s, "end turn")
    assert rules(steps)[:2] == ["CB-09", "CB-12"]
    assert steps[1].text == "Tile 1,1 carries two parts of this city but counts once."
    assert text_of(steps, "CB-09", 1).endswith("5 × 2 = 10 points for Red.")
    assert after.scores == (10, 0)


def test_TU_07_a_road_through_a_tunnel_counts_visible_tiles():
    s = position("TU2", board=WEST_L, deck=["TU3", "L"])
    s = play(s, "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
             "tile 1,-1 rot 0", "end turn", "tile 2,-1 rot 0", "token blue 1,-1 E")
    steps, after = explained(s, "end turn")
    assert rules(steps)[:2] == ["CB-08", "TU-07"]
    assert steps[1].text == ("The road goes through 1 tunnel; only its visible tiles count, a "
                             "tunnel adds none.")
    assert "It runs over 5 tiles." in steps[0].text and after.scores == (5, 0)


def test_KR_01_TU_09_KR_02_the_robber_baron_through_a_tunnel():
    s = position("TU2", board=WEST_L, deck=["L", "B"], king_robber_baron=True)
    s = play(s, "tile 1,0 rot 0", "token blue 1,0 W", "end turn", "tile 2,0 rot 0",
             "follower road:W", "end turn", "tile 0,-1 rot 0", "token blue 1,0 E")
    steps, after = explained(s, "end turn")
    assert rules(steps) == ["CB-08", "TU-07", "CB-12", "CB-11", "CB-08", "CB-07", "TU-09",
                            "CB-13", "KR-02", "CB-16"]
    assert text_of(steps, "TU-09") == (
        "Red completed the longest road so far (4 tiles) by placing the last token of a "
        "tunnel, and becomes Robber Baron; only a longer road takes the title over (TU-I3).")
    assert text_of(steps, "KR-02") == ("Red, the Robber Baron, scores 1 point per completed "
                                       "road in the game: 1 road, 1 point.")
    assert after.baron == (0, 4) and after.scores == (1, 4)


def test_KR_01_the_king():
    s = play(position("E", king_robber_baron=True), "tile 0,1 rot 180", "follower city:S")
    steps, after = explained(s, "end turn")
    assert text_of(steps, "KR-01") == ("Red completed the largest city so far (2 tiles) and "
                                       "becomes King; only a larger city takes the title over "
                                       "(TU-I3).")
    assert text_of(steps, "KR-02").endswith("in the game: 1 city, 1 point.")
    assert after.scores == (5, 0)


def test_CB_05_a_tile_that_fits_nowhere():
    s = play(position("E", deck=["C", "B"]), "tile 0,1 rot 180")
    steps, after = explained(s, "end turn")
    assert text_of(steps, "CB-05") == ("Tile C (city filling the tile) fits nowhere on the "
                                       "board, so it is removed from the game and the next tile "
                                       "is drawn.")
    assert text_of(steps, "CB-11") == ("No knight stands on the city of 2 tiles, so nobody "
                                       "scores it.")
    assert steps[-1].event == "Blue drew tile B (cloister)"


def test_CB_13_CB_14_unfinished_features_at_the_end():
    s = position("M", deck=["U", "B"])
    s = play(s, "tile 0,1 rot 180", "follower city:E+S", "end turn",
             "tile 1,0 rot 0", "follower road:E+W", "end turn",
             "tile 1,-1 rot 0", "follower cloister")
    steps, after = explained(s, "end turn")
    assert rules(steps) == ["CB-13", "CB-14", "CB-14", "CB-14", "CB-16"]
    assert steps[1].text == ("The unfinished city of 2 tiles with 1 pennant scores 1 point per "
                             "tile and 1 per pennant: 2 + 1 = 3 for Red (knights on it: Red 1; "
                             "the most take it, CB-11).")
    assert steps[2].text == ("The unfinished road of 2 tiles scores 1 point per tile: 2 for Blue "
                             "(thieves on it: Blue 1; the most take it, CB-11).")
    assert steps[3].text == ("The unfinished cloister at 1,-1 scores 1 point plus 1 per "
                             "neighbouring tile: 1 + 2 = 3 for Red (monks on it: Red 1; the "
                             "most take it, CB-11).")
    assert [m.at for m in steps[3].marks if m.kind == "count"] == [(0, 0), (1, 0)]
    assert after.end_scores == (6, 2)


@pytest.mark.parametrize("farms,kinds,points", [
    ("3rd", ["CB-15", "CB-11", "CB-15"] * 2, (6, 3)),
    ("1st", ["CB-15", "CB-11", "CB-15"], (4, 0)),
    ("2nd", ["CB-15", "CB-11", "CB-15"], (3, 3)),
])
def test_CB_15_farms_under_the_three_versions(farms, kinds, points):
    # FARM_BOARD's two fields by the 2-tile city (see test_rules_base); U at 2,1 only
    # carries the road and the fields on, so the farms pay as the rule tests count.
    s = play(position("U", board=FARM_BOARD, followers=FARMERS, farms=farms), "tile 2,1 rot 0")
    steps, after = explained(s, "end turn")
    assert rules(steps) == ["CB-13"] + kinds + ["CB-16"]
    assert after.end_scores == points
    texts = [st.text for st in steps]
    if farms == "3rd":
        assert texts[1] == "A farm: the field over 1 tile borders 1 completed city."
        assert texts[3] == "Each completed city it borders pays 3 points: 3 × 1 = 3 for Red."
        assert texts[5] == ("On the field: Red 1 farmer and Blue 1 farmer. Red and Blue have as "
                            "many each, so all of them score in full (CB-I1).")
    elif farms == "1st":
        assert texts[2] == ("Farmers on all those fields together: Red 2 farmers and Blue 1 "
                            "farmer. Red has the most (first edition).")
        assert texts[3] == "The city pays its farmers' majority 4 points: 4 for Red."
    else:
        assert texts[2] == ("The majority of each field: Red on the field of 1 tile and Red and "
                            "Blue on the field of 3 tiles. Each of them is paid once for this "
                            "city (second edition).")
        assert texts[3] == "The city pays each of them 3 points: 3 for Red and Blue."
    field = [m for m in steps[1].marks if m.kind == "feature"]
    assert field and all(m.at in after.feats.node_group for m in field)


def test_explained_points_add_up_to_the_engines_scores_in_random_games():
    # Every "+N" points mark of every step is what the engine paid, feature by feature.
    for seed in range(8):
        game = boardlib.load("carcassonne", players=3, seed=seed,
                             farms=("3rd", "1st", "2nd")[seed % 3],
                             king_robber_baron=seed % 2 == 0)
        t = teach(game.new_initial_state())
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            move = state.random_move(rng)
            after = state.apply(move)
            paid = [0] * 3
            for step in t.explain(state, move, after):
                for m in step.marks:
                    if m.kind == "points":
                        paid[m.seat] += int(m.label)
            if after.is_terminal():   # the royal bonus has no place on the board
                for pay in end_scoring(after).payments:
                    if pay.rule == "KR-02":
                        paid[pay.players[0]] += pay.amount
            assert tuple(paid) == tuple(a - b for a, b in zip(after.scores, state.scores))
            state = after


# --- standings -----------------------------------------------------------------------------

def test_CB_16_standings_scores_followers_tokens_and_what_the_end_would_add():
    # The 2-tile city scored 4 for Red when it was completed (nobody else scored yet).
    s = position("U", board=FARM_BOARD, followers=FARMERS, scores=[4, 0])
    standings = teach(s).standings(s)
    assert [c.key for c in standings.table.columns] == ["score", "if_ended", "followers",
                                                        "tokens"]
    # 3rd-edition farms would pay Red 6 and Blue 3 (test_rules_base), the pile is empty.
    assert [line.values for line in standings.table.lines] == [(4, 10, 5, 6), (0, 3, 6, 6)]
    assert standings.leaders == (0,)
    assert standings.summary == "Red leads with 4 points (CB-16)."
    assert standings.facts == ("0 tiles left in the pile (CB-13).",
                               "Red is laying tile U (straight road).")
    assert end_scoring(s).points == (6, 3)


def test_CB_16_points_by_feature_at_the_end_add_up_to_the_scores():
    game = boardlib.load("carcassonne", players=2, seed=11, king_robber_baron=True)
    match = Match(game)
    bots = {0: RandomBot(seed=1), 1: RandomBot(seed=2)}
    match.play_bots(bots)
    played = history(match)
    standings = teach(match.state).standings(match.state, played=played)
    assert standings.over and standings.leaders == match.state.outcome().winners
    table = standings.breakdown
    assert [c.key for c in table.columns] == ["road", "city", "cloister", "field", "royal"]
    for line in table.lines:
        assert sum(line.values) == match.state.scores[line.seat]
    alone = teach(match.state).standings(match.state).breakdown
    assert alone.title == "End scoring by feature"
    assert [sum(line.values) for line in alone.lines] == list(match.state.end_scores)
    series = teach(match.state).score_series(played)
    assert series.values[-1] == tuple(float(v) for v in match.state.scores)
    assert series.labels[0] == "start" and series.labels[-1] == "end"


def test_teacher_of_carcassonne_is_its_own():
    assert isinstance(teacher(boardlib.load("carcassonne", seed=1)), CarcassonneTeacher)


# --- random play ---------------------------------------------------------------------------

def deal_again(state, viewer, rng):
    """A position that looks the same to every seat: the face-down pile shuffled (CB-02)."""
    data = state.to_dict()
    if len(data["deck"]) < 2:
        return []
    deck = list(data["deck"])
    rng.shuffle(deck)
    data["deck"] = deck
    return [state.game.state_from_dict(data)]


@pytest.mark.parametrize("options,games", [
    (dict(players=2), 40),
    (dict(players=4, farms="1st", king_robber_baron=True), 30),
    (dict(players=3, farms="2nd", tu_v3=True, small_city_2pts=True), 30),
])
def test_random_play_every_move_has_words_marks_and_steps(options, games):
    report = check_teaching(boardlib.load("carcassonne", seed=0, **options), games=games,
                            notation=NOTATION, twins=deal_again, standings_every=10,
                            twins_every=40, seed=len(options))
    assert report.games == games and report.twins > 0
    assert {"CB-04", "CB-06", "CB-07", "CB-08", "CB-09", "CB-11", "CB-13", "CB-14", "CB-15",
            "CB-16", "TU-03", "TU-05"} <= set(report.rules)


def test_KR_01_the_robber_baron_for_the_longest_road():
    s = position("L", deck=["L"], king_robber_baron=True)
    s = play(s, "tile 1,0 rot 0", "end turn", "tile -1,0 rot 180")
    steps, after = explained(s, "end turn")
    assert text_of(steps, "KR-01") == (
        "Blue completed the longest road so far (3 tiles), and becomes Robber Baron; only a "
        "longer road takes the title over (TU-I3).")
    assert text_of(steps, "KR-02") == ("Blue, the Robber Baron, scores 1 point per completed "
                                       "road in the game: 1 road, 1 point.")
    assert after.baron == (1, 3) and after.scores == (0, 1)
