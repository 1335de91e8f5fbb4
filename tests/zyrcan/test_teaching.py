"""Zyrcan's teaching: words, marks, standings and explanations (boardlib.zyrcan.teaching).

Positions are those of test_rules.py (the 3-player triangle; directions 0 E … 5 SE); the
sentences and numbers below were worked out by hand from the positions.
"""
import pytest

import boardlib
from boardlib.core import Match
from boardlib.core.teaching import Mark, history, since_seat_moved, teacher
from boardlib.core.testing.teaching import check_teaching
from boardlib.grids.hex import Hex
from boardlib.zyrcan import ATTACK, PLACEMENT, Attack, Pass, Place, position
from boardlib.zyrcan.teaching import ZyrcanTeacher

E, NE, NW, W, SW, SE = range(6)
NAMES = ("Red", "Blue", "Yellow", "Sky", "Pink")
NOTATION = [r"\bplace \d at\b", r"\battack -?\d+,-?\d+ \d", r"\bplayer \d"]


def teach(state):
    return teacher(state.game, NAMES.__getitem__)


# Red's 3-engine ship on 1,4 flies east over Red's 1-engine ship and Blue's 1-engine ship
# onto Yellow's only ship, a 2-engine ship on 4,4 (ZY-09's position).
FLY_OVER = {Hex(1, 4): (0, 3), Hex(2, 4): (0, 1), Hex(3, 4): (1, 1), Hex(4, 4): (2, 2)}


def test_teacher_of_zyrcan_is_its_own():
    assert isinstance(teacher(boardlib.load("zyrcan")), ZyrcanTeacher)


def test_ZY_05_words_marks_and_step_of_a_placement():
    state = boardlib.load("zyrcan").new_initial_state()
    move = Place(Hex(2, 2), 2)
    t = teach(state)
    assert t.move_words(state, move) == "Red placed a 2-engine ship on 2,2"
    assert t.hint_words(state, move) == "place a 2-engine ship on 2,2"
    assert t.marks(state, move) == (Mark("placed", Hex(2, 2), 0, "2"),)
    (step,) = t.explain(state, move)
    assert step.rule == "ZY-05" and step.title == "Placement phase"
    assert step.text == ("Red puts a 2-engine ship on the empty hex 2,2. Red still has 11 ships "
                         "to place: 4 with 1 engine, 5 with 2 engines and 2 with 3 engines.")
    assert step.event == "Red placed a 2-engine ship on 2,2"


def test_ZY_06_the_last_placement_starts_the_attack_phase():
    state = boardlib.load("zyrcan").new_initial_state()
    while sum(map(sum, state.reserves)) > 1:
        state = state.apply(state.legal_moves()[0])
    move = state.legal_moves()[0]          # Yellow (player 2) places the 36th ship
    steps = teach(state).explain(state, move)
    assert [s.rule for s in steps] == ["ZY-05", "ZY-06"]
    assert steps[0].text.endswith("That was the last ship of Yellow's fleet (4, 6 and 2 ships "
                                  "with 1, 2 and 3 engines, ZY-03).")
    assert steps[1].text == ("Every ship is on the board, so the attack phase begins: Red "
                             "attacks first, and from now on every turn is an attack.")
    assert state.apply(move).phase == ATTACK


def test_ZY_07_to_ZY_11_ZY_I3_an_attack_explained_rule_by_rule():
    state = position(ships=FLY_OVER)
    move = Attack(Hex(1, 4), E)
    after = state.apply(move)
    t = teach(state)
    assert t.move_words(state, move, after) == ("Red's 3-engine ship flew from 1,4 to 4,4 and "
                                                "destroyed Yellow's 2-engine ship")
    assert t.hint_words(state, move) == ("fly the 3-engine ship on 1,4 east to 4,4 and "
                                         "destroy Yellow's 2-engine ship")
    steps = t.explain(state, move, after)
    assert [s.rule for s in steps] == ["ZY-06", "ZY-07", "ZY-08", "ZY-09", "ZY-10", "ZY-11",
                                       "ZY-I3", "ZY-14"]
    by_rule = {s.rule: s for s in steps}
    assert by_rule["ZY-07"].text == ("It flies in a straight line east, through 2,4, 3,4 and "
                                     "4,4.")
    assert [m.at for m in by_rule["ZY-07"].marks if m.kind == "path"] == \
        [Hex(2, 4), Hex(3, 4), Hex(4, 4)]
    assert by_rule["ZY-08"].text == ("A 3-engine ship flies exactly 3 hexes (ZY-04), no fewer "
                                     "and no more: 4,4 is 3 hexes from 1,4.")
    assert [(m.kind, m.at, m.label) for m in by_rule["ZY-08"].marks] == \
        [("count", Hex(2, 4), "1"), ("count", Hex(3, 4), "2"), ("count", Hex(4, 4), "3")]
    assert by_rule["ZY-09"].text == ("It flies over Red's 1-engine ship on 2,4 and Blue's "
                                     "1-engine ship on 3,4: ships in between do not stop it, "
                                     "friend or foe.")
    assert by_rule["ZY-09"].marks == (Mark("over", Hex(2, 4), 0, "1"),
                                      Mark("over", Hex(3, 4), 1, "1"))
    assert by_rule["ZY-10"].text == ("It lands on 4,4, where Yellow's 2-engine ship stood: that "
                                     "ship is destroyed and Red's ship takes its hex.")
    assert Mark("removed", Hex(4, 4), 2, "2") in by_rule["ZY-10"].marks
    assert by_rule["ZY-11"].event == "Yellow has no 2-engine ship left"
    assert by_rule["ZY-I3"].event == "Yellow's fleet is destroyed"
    assert by_rule["ZY-14"].text == "The attack is a whole move; now Blue attacks."
    # The engine agrees: the ship destroyed, what the attacker holds, the events' rules.
    assert after.destroyed == (2, 2) and after.ship_at(Hex(4, 4)) == (0, 3)
    assert [e.rule for e in after.events] == ["ZY-10", "ZY-11", "ZY-I3"]
    assert [e.rule for e in t.events(state, move, after)] == ["ZY-10", "ZY-11", "ZY-I3"]


def test_ZY_10_marks_of_an_attack_from_to_and_the_removed_ship():
    state = position(ships=FLY_OVER)
    assert teach(state).marks(state, Attack(Hex(1, 4), E)) == (
        Mark("from", Hex(1, 4), 0), Mark("to", Hex(4, 4), 0, "3"),
        Mark("removed", Hex(4, 4), 2, "2"))


def test_ZY_09_ZY_11_no_step_when_nothing_is_flown_over_or_a_type_is_kept():
    # Blue has a second 1-engine ship, so losing one is not ZY-11; 3,2 between is empty.
    state = position(ships={Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(6, 1): (1, 1),
                            Hex(2, 6): (2, 1)})
    rules = [s.rule for s in teach(state).explain(state, Attack(Hex(2, 2), E))]
    assert rules == ["ZY-06", "ZY-07", "ZY-08", "ZY-10", "ZY-14"]


def test_ZY_15_ZY_13_the_last_fleet_wins():
    state = position(players=3, ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 1)})
    steps = teach(state).explain(state, Attack(Hex(2, 2), E))
    assert [s.rule for s in steps] == ["ZY-06", "ZY-07", "ZY-08", "ZY-10", "ZY-11", "ZY-I3",
                                       "ZY-15", "ZY-13"]
    assert steps[-2].text == "Only Red's fleet is left, so the game is over."
    assert steps[-1].text == ("On the board: Red 1 engine in 1 ship, Blue 0 engines in 0 ships "
                              "and Yellow 0 engines in 0 ships. Red has the most engines and "
                              "wins.")


def test_ZY_12_ZY_13_a_pass_ends_the_game_and_most_ships_break_the_tie():
    # Engines 3 : 3 : 1, ships 1 : 2 : 1 (test_rules' ZY-13 position); Red cannot attack.
    ships = {Hex(1, 1): (0, 3), Hex(5, 1): (1, 1), Hex(6, 1): (1, 2), Hex(2, 6): (2, 1)}
    state = position(ships=ships)
    t = teach(state)
    assert t.move_words(state, Pass()) == "Red could not attack and passed"
    assert t.hint_words(state, Pass()) == "pass: none of your ships can land on an enemy ship"
    pass_step, win = t.explain(state, Pass())
    assert pass_step.rule == "ZY-12"
    assert pass_step.text == ("Red has 1 ship and none of them can land on an enemy ship, so "
                              "Red must pass; the first pass ends the game.")
    assert pass_step.marks == (Mark("piece", Hex(1, 1), 0),)
    assert win.rule == "ZY-13"
    assert win.text == ("On the board: Red 3 engines in 1 ship, Blue 3 engines in 2 ships and "
                        "Yellow 1 engine in 1 ship. Blue is level on engines but has the most "
                        "ships, and wins.")
    assert win.event == "Blue is level on engines but has the most ships, and wins with 3 engines"
    assert state.apply(Pass()).outcome().winners == (1,)


def test_ZY_I4_a_tie_on_engines_and_ships_is_shared():
    ships = {Hex(1, 1): (0, 2), Hex(4, 1): (1, 2), Hex(1, 6): (2, 2)}
    state = position(ships=ships)
    win = teach(state).explain(state, Pass())[-1]
    assert win.rule == "ZY-I4"
    assert win.text.endswith("Red, Blue and Yellow are level on engines and ships, so they "
                             "share the win.")


def test_ZY_I3_an_eliminated_player_passes():
    state = position(ships={Hex(2, 2): (0, 1), Hex(4, 4): (2, 2)}, to_move=1)
    t = teach(state)
    assert t.move_words(state, Pass()) == "Blue had no ships left and passed"
    assert [s.rule for s in t.explain(state, Pass())] == ["ZY-I3", "ZY-13"]


def test_ZY_13_standings_are_the_engines_totals():
    ships = {Hex(1, 1): (0, 3), Hex(5, 1): (1, 1), Hex(6, 1): (1, 2), Hex(2, 6): (2, 1)}
    state = position(ships=ships)
    standings = teach(state).standings(state)
    assert [c.key for c in standings.table.columns] == ["engines", "ships", "type1", "type2",
                                                        "type3"]
    assert [line.values for line in standings.table.lines] == [
        (3, 1, 0, 0, 1), (3, 2, 1, 1, 0), (1, 1, 1, 0, 0)]
    for p in range(3):   # against the engine
        assert standings.value(p, "engines") == state.engines(p)
        assert standings.value(p, "ships") == state.ship_count(p)
    assert standings.leaders == (1,) == state.leaders()
    assert standings.summary == "Blue leads with 3 engines in 2 ships (ZY-13)."
    assert not standings.over and standings.table.lines[0].note == "to move"
    over = teach(state).standings(state.apply(Pass()))
    assert over.over and over.leaders == (1,)
    assert over.summary == "Blue won with 3 engines in 2 ships (ZY-13)."


def test_ZY_05_standings_while_placing_count_the_ships_to_place():
    state = boardlib.load("zyrcan").new_initial_state().apply(Place(Hex(2, 2), 3))
    standings = teach(state).standings(state)
    assert standings.value(0, "to_place") == 11 and standings.value(1, "to_place") == 12
    assert standings.value(0, "engines") == 3
    assert state.phase == PLACEMENT


def test_recent_marks_are_every_move_since_the_seat_last_moved():
    match = Match(boardlib.load("zyrcan"))
    for move in (Place(Hex(2, 2), 1), Place(Hex(3, 2), 2), Place(Hex(4, 2), 3)):
        match.play(move)
    played = history(match)
    t = teach(match.state)
    assert [p.mover for p in since_seat_moved(played, 0)] == [1, 2]
    assert t.recent_marks(played, 0) == (Mark("placed", Hex(3, 2), 1, "2"),
                                         Mark("placed", Hex(4, 2), 2, "3"))
    assert t.recent_marks(played, 2) == ()       # Yellow moved last
    assert t.recent_words(played, 0) == ("Blue placed a 2-engine ship on 3,2",
                                         "Yellow placed a 3-engine ship on 4,2")
    assert t.recent_marks(played, None) == (Mark("placed", Hex(4, 2), 2, "3"),)


def test_ZY_13_score_series_follows_the_engines_on_the_board():
    match = Match(boardlib.load("zyrcan"))
    for move in (Place(Hex(2, 2), 1), Place(Hex(3, 2), 2), Place(Hex(4, 2), 3)):
        match.play(move)
    series = teach(match.state).score_series(history(match))
    assert series.labels == ("start", "turn 1", "turn 2", "turn 3")
    assert series.values == ((0, 0, 0), (1, 0, 0), (1, 2, 0), (1, 2, 3))
    assert series.of(2) == (0, 0, 0, 3) and series.rule == "ZY-13"


@pytest.mark.parametrize("players,games", [(3, 100), (4, 20), (5, 20)])
def test_random_play_every_move_has_words_marks_and_steps(players, games):
    report = check_teaching(boardlib.load("zyrcan", players=players), games=games,
                            notation=NOTATION, seed=players)
    assert report.games == games
    if players == 3:   # every attack rule was explained somewhere in 100 games
        assert {"ZY-05", "ZY-06", "ZY-07", "ZY-08", "ZY-09", "ZY-10", "ZY-11", "ZY-12",
                "ZY-13", "ZY-14"} <= set(report.rules)
