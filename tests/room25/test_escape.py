"""Who escapes, and how (R25-11, R25-I3, R25-41, R25-45, R25-47, R25-48, R25-49).

Room 25 leaves the complex only through the Control action of a character inside it; any
other slide of Room 25 off an edge is an ordinary shift (it comes back in at the far end with
its occupants). Only the acting character's side escapes; enemies inside are passengers.

Room 25 is put on a1, an Exit Zone corner: "control row 1 left" (and "control col a up")
push it off the edge; after an ordinary shift it is back on e1 (or a5).
"""
from boardlib.room25.scenarios import position

from .helpers import load, play, program_all, rules, texts

A1, E1, B1 = 0, 4, 1


def control_by(state, actor, plans, line="control row 1 left"):
    """Program ``plans`` (others: "push, control"), then play until ``actor`` acts, and slide."""
    state = program_all(state, plans)
    while state.current_character != actor:
        state = play(state, "defer")
    return play(state, line)


# --- R25-11 / R25-I3: only a Control action from inside takes Room 25 out -----------------------

def test_R25_11_a_slide_by_a_character_outside_room_25_is_an_ordinary_shift():
    g = load("cooperative", players=4)
    s = position(g, rooms={"a1": "room25", "b1": "empty"}, chars={0: "b1", 1: "a1", 2: "a1",
                                                                   3: "a1"})
    s = control_by(s, 0, {0: "control", 1: "look", 2: "look", 3: "look"})
    assert not s.is_terminal() and s.room25_position() == E1
    assert [s.position(c) for c in (1, 2, 3)] == [E1] * 3      # the room carries its occupants
    assert s.position(0) == A1                                 # b1 slid to a1
    assert "R25-I3" in rules(s) and "only the Control action of a character inside" in texts(s)
    # Even a whole side inside does not leave when someone outside slides the row.
    g = load("competition", players=2)
    s = position(g, rooms={"a1": "room25", "b1": "empty"}, chars={0: "b1", 2: "a1", 3: "a1"})
    s = control_by(s, 0, {0: "control", 2: "look", 3: "look"})
    assert not s.is_terminal() and s.position(2) == s.position(3) == E1


def test_R25_11_the_control_action_of_a_character_inside_takes_everyone_out():
    g = load("cooperative", players=4)
    s = position(g, rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    s = control_by(s, 2, {0: "look", 1: "look", 2: "control", 3: "look"})
    assert s.outcome().termination == "escape" and s.outcome().winners == (0, 1, 2, 3)
    assert s.room25_position() == A1                           # it left from here


def test_R25_I3_the_control_rooms_free_shift_never_takes_anyone_out():
    g = load("competition", players=2)        # player 1 runs the Dude (2) and the Babe (3)
    s = position(g, rooms={"a1": "room25", "b3": "control"}, chars={2: "a1", 3: "a1"})
    s = program_all(s, {0: "move", 2: "look", 3: "look"})
    s = play(s, "move b3")                    # the Scientist enters the Control room (R25-27)
    assert s.phase == "pending"
    s = play(s, "control row 1 left")
    assert not s.is_terminal() and s.room25_position() == E1
    assert s.position(2) == s.position(3) == E1 and "R25-I3" in rules(s)


def test_R25_I3_a_side_that_may_not_escape_yet_slides_room_25_round():
    g = load("team", players=4)               # team A: characters 0 and 2
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 2: None, 1: "a1"}, turn=9)
    s = control_by(s, 0, {0: "control", 1: "look"})
    assert not s.is_terminal() and s.room25_position() == E1
    assert s.position(0) == s.position(1) == E1
    assert "R25-45" in rules(s) and "only in the last turn (turn 10)" in texts(s)


# --- only the acting side escapes; enemies inside are passengers ----------------------------

def test_R25_48_only_the_player_who_makes_the_control_escapes():
    g = load("competition", players=2)        # order: Scientist, Dude, Nerd, Babe
    layout = dict(rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    plans = {0: "look", 1: "look", 2: "look", 3: "look"}
    s = control_by(position(g, **layout), 0, {**plans, 0: "control"})
    assert s.outcome().winners == (0,) and s.outcome().scores == (1.0, 0.0)
    assert "passengers" in texts(s) and "R25-48" in rules(s)
    s = control_by(position(g, **layout), 2, {**plans, 2: "control"})
    assert s.outcome().winners == (1,) and s.outcome().scores == (0.0, 1.0)


def test_R25_48_an_enemy_inside_cannot_take_room_25_out_for_their_side_alone():
    g = load("competition", players=2)
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 1: "a1", 2: "a1"})  # Babe in c3
    s = control_by(s, 2, {0: "look", 1: "look", 2: "control"})
    assert not s.is_terminal() and s.room25_position() == E1
    assert "not everyone who must escape together is inside" in texts(s)


def test_R25_45_only_the_team_that_makes_the_control_escapes():
    g = load("team", players=4)               # team A: players 0, 2; team B: 1, 3
    layout = dict(rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    plans = {c: "look" for c in range(4)}
    a = control_by(position(g, **layout), 0, {**plans, 0: "control"})
    assert a.outcome().winners == (0, 2) and a.outcome().rule == "R25-45"
    b = control_by(position(g, **layout), 1, {**plans, 1: "control"})
    assert b.outcome().winners == (1, 3)


def test_R25_41_guards_inside_are_passengers_and_cannot_take_the_prisoners_out():
    g = load("suspicion", players=4)
    layout = dict(roles=["prisoner", "prisoner", "guard", "prisoner"], rooms={"a1": "room25"},
                  chars={c: "a1" for c in range(4)})
    plans = {c: "look" for c in range(4)}
    out = control_by(position(g, **layout), 0, {**plans, 0: "control"})
    assert out.outcome().termination == "escape" and out.outcome().winners == (0, 1, 3)
    held = control_by(position(g, **layout), 2, {**plans, 2: "control"})   # the guard
    assert not held.is_terminal() and held.room25_position() == E1
    assert "nobody escapes" in texts(held) and "R25-41" in rules(held)


def test_R25_49_solo_escapes_with_all_four_inside():
    g = load("solo")
    s = position(g, rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    assert s.current_character == 0
    s = play(s, "pass", "pass", "control row 1 left")
    assert s.outcome().termination == "escape" and s.outcome().rule == "R25-49"
