"""One scenario test (at least) per Room 25 rule, named after its ID.

Places: columns a-e left to right, rows 1-5 top to bottom; the Central Room is c3,
its neighbours b3, c2, d3, c4. Unless a test says otherwise it plays Cooperative
with four players (one character each: 0 Scientist, 1 Nerd, 2 Dude, 3 Babe, in
that turn order), and bystanders sit in the Central Room programming
"push, control", which is lost at once (R25-09).
"""
import warnings

import pytest

import boardlib
from boardlib.core.api import InvalidInputError
from boardlib.room25.rooms import BOX, standard_composition, validate_composition
from boardlib.room25.rules import (CENTER, EXIT_ZONES, INNER, POS_INDEX, Program, exit_controls)
from boardlib.room25.scenarios import position

from .helpers import load, play, program_all, refused, rules, texts

P = POS_INDEX


def coop(**kw):
    return load("cooperative", players=4, **kw)


# --- set-up and the turn ----------------------------------------------------------------------

def test_R25_01_four_action_tokens_per_character():
    g = coop()
    s = position(g)
    programs = [m for m in s.legal_moves() if isinstance(m, Program)]
    # 4 x 3 ordered pairs of different tokens + 4 single actions.
    assert len(programs) == 16
    assert {m.first for m in programs} == set("MLPC")
    assert g.names == ("Scientist", "Nerd", "Dude", "Babe")


def test_R25_02_countdown_length_per_mode():
    lengths = {m: load(m).new_initial_state().last_turn
               for m in ("suspicion", "cooperative", "competition", "team", "solo")}
    assert lengths == {"suspicion": 10, "cooperative": 8, "competition": 10, "team": 10,
                       "solo": 8}


def test_R25_03_turn_order_follows_the_seats():
    s = load("suspicion", players=5).new_initial_state()
    assert s.order == (0, 1, 2, 3, 4)
    assert s.current_player == 0  # the first clue goes in turn order too


def test_R25_04_complex_set_up():
    for seed in range(20):
        g = load("suspicion", seed=seed)
        s = g.new_initial_state()
        assert s.kind_at(CENTER) == "central" and s.is_face_up(CENTER)
        assert s.room25_position() in EXIT_ZONES
        assert [p for p in range(25) if s.kind_at(p) == "vision"][0] in EXIT_ZONES
        assert sum(s.is_face_up(p) for p in range(25)) == 1
        assert sorted(s.grid) == list(range(25))
    assert len(INNER) == 12 and len(EXIT_ZONES) == 12
    same = load("suspicion", seed=3).new_initial_state()
    assert same.grid == load("suspicion", seed=3).new_initial_state().grid
    assert same.grid != load("suspicion", seed=4).new_initial_state().grid


def test_R25_05_first_clue_one_room_next_to_centre_per_player():
    s = coop().new_initial_state()
    assert s.phase == "clue"
    assert [str(m) for m in s.legal_moves()] == ["clue c2", "clue b3", "clue d3", "clue c4"]
    refused(s, "clue a1", "R25-05")
    refused(s, "move b3", "R25-05")
    s1 = play(s, "clue b3")
    assert s1.observation(0)["rooms"][P["b3"]]["kind"] == s.kind_at(P["b3"])
    assert s1.observation(1)["rooms"][P["b3"]]["kind"] is None
    s4 = play(s1, "clue c2", "clue c2", "clue d3")
    assert s4.phase == "program"
    refused(s4, "clue c4", "R25-05")
    # Two players running two characters each still take one clue each.
    two = load("cooperative", players=2).new_initial_state()
    assert play(two, "clue b3", "clue c2").phase == "program"


def test_R25_06_turn_is_programming_execution_countdown():
    s = position(coop(), rooms={"b3": "empty"})
    assert s.phase == "program" and s.turn == 1
    s = program_all(s, {0: "move, look"})
    assert s.phase == "exec" and s.pass_no == 1
    s = play(s, "move b3")
    assert s.pass_no == 2
    s = play(s, "look a3")
    assert s.turn == 2 and s.phase == "program"


def test_R25_07_programming_rules():
    s = position(coop())
    refused(s, "program 0: move, move", "R25-07")
    refused(s, "program 1: move, look", "R25-07")  # it is the Scientist's turn to program
    s = play(s, "program 0: move")
    assert s.prog[0] == "M"
    # Programs are hidden: the next player sees only how many tokens were laid.
    seen_by_1 = s.observation(1)["characters"][0]
    assert seen_by_1["program"] is None and seen_by_1["tokens"] == 1
    assert s.observation(0)["characters"][0]["program"] == "M"
    s = program_all(s)
    # A single action may run with the first or with the second actions.
    assert "defer" in [str(m) for m in s.legal_moves()]
    s2 = play(s, "defer")
    assert s2.pass_no == 2 and s2.current_character == 0
    refused(s2, "defer", "R25-07")
    s3 = play(s2, "move b3")
    assert s3.position(0) == P["b3"] and s3.turn == 2


def test_R25_08_first_actions_in_order_then_second_actions():
    s = position(coop(), rooms={"b3": "empty", "d3": "empty"})
    s = program_all(s, {0: "move, look", 1: "move, look"})
    refused(s, "look c2", "R25-08")  # the Scientist's first action is a move
    s = play(s, "move b3")
    assert s.current_character == 1 and s.pass_no == 1
    s = play(s, "move d3")
    assert s.current_character == 0 and s.pass_no == 2
    assert s.did[0] == "M" and s.did[1] == "M"


def test_R25_09_lost_and_forced_actions():
    s = position(coop(), rooms={"b3": "empty"}, chars={0: "b3"})
    s = program_all(s, {0: "push, look"})
    # The push is lost at once: nobody else is in b3. Bystanders lose theirs in the centre.
    assert "R25-09" in rules(s)
    assert "Scientist's push cannot be carried out" in texts(s)
    assert s.did[0] == "P" and s.pass_no == 2 and s.current_character == 0
    # The look must be carried out: no passing, no other action.
    assert {str(m).split()[0] for m in s.legal_moves()} <= {"look", "remind"}
    refused(s, "pass", "R25-09")
    refused(s, "move a3", "R25-08")


def test_R25_10_countdown_rotates_the_order():
    s = program_all(position(coop()))
    assert s.turn == 2 and s.order == (1, 2, 3, 0)
    assert s.remaining_turns() == 7 and "R25-10" in rules(s)
    s = program_all(s)
    assert s.order == (2, 3, 0, 1) and s.remaining_turns() == 6


def test_R25_11_escape_with_everyone_inside():
    g = coop()
    s = position(g, rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    s = program_all(s, {0: "control", 1: "look", 2: "look", 3: "look"})
    s = play(s, "control row 1 left")
    assert s.is_terminal() and s.outcome().termination == "escape"
    assert s.outcome().winners == (0, 1, 2, 3) and "R25-47" in rules(s)


def test_R25_12_alarm_in_the_first_five_turns():
    g = load("suspicion", players=4)
    s = position(g, rooms={"b3": "room25"})
    s = program_all(s, {0: "move"})
    s = play(s, "move b3")
    assert s.alarm and s.last_turn == 5 and "R25-12" in rules(s)
    # After turn 5 entering Room 25 changes nothing.
    late = position(g, rooms={"b3": "room25"}, turn=6)
    late = play(program_all(late, {0: "move"}), "move b3")
    assert not late.alarm and late.last_turn == 10
    # Cooperative plays 8 turns and has no alarm.
    c = play(program_all(position(coop(), rooms={"b3": "room25"}), {0: "move"}), "move b3")
    assert not c.alarm and c.last_turn == 8


# --- actions ------------------------------------------------------------------------------------

def test_R25_13_adjacent_never_diagonal():
    s = program_all(position(coop(), rooms={"b2": "empty"}, chars={0: "b2"}), {0: "move"})
    assert sorted(str(m) for m in s.legal_moves() if str(m).startswith("move")) == [
        "move a2", "move b1", "move b3", "move c2"]
    refused(s, "move c3", "R25-13")
    refused(s, "move b2", "R25-13")


def test_R25_14_look_is_secret_and_face_down_only():
    s = position(coop(), rooms={"b3": "deadly"})
    s = program_all(s, {0: "look"})
    assert sorted(str(m) for m in s.legal_moves() if str(m).startswith("look")) == [
        "look b3", "look c2", "look c4", "look d3"]
    s = play(s, "look b3")
    assert not s.is_face_up(P["b3"])
    assert s.observation(0)["rooms"][P["b3"]]["kind"] == "deadly"
    assert s.observation(1)["rooms"][P["b3"]]["kind"] is None
    assert "deadly" not in texts(s).lower()  # events never leak the room
    s2 = program_all(position(coop(), rooms={"b3": "empty"}, face_up=["b3"]), {0: "look"})
    refused(s2, "look b3", "R25-14")


def test_R25_15_move_reveals_and_effects_strike_every_time():
    s = position(coop(), rooms={"b3": "vortex"})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.is_face_up(P["b3"]) and s.position(0) == CENTER and "R25-15" in rules(s)
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.position(0) == CENTER and "R25-23" in rules(s)


def test_R25_16_push_rules():
    # Pushing out of the Central Room: refused on the spot (Solo), lost when programmed.
    solo = position(load("solo"))
    refused(solo, "push 1 to b3", "R25-16")
    lost = program_all(position(coop()), {0: "push"})
    lost = play(lost, "defer")
    assert "from the Central Room (R25-16)" in texts(lost)
    # Pushing into the Central Room is allowed; the pushed character suffers the room.
    s = position(coop(), rooms={"b3": "empty", "a3": "deadly"}, chars={0: "b3", 1: "b3"})
    s = program_all(s, {0: "push", 1: "look"})
    assert "push 1 to c3" in [str(m) for m in s.legal_moves()]
    refused(s, "push 0 to a3", "R25-16")  # you cannot push yourself
    into_centre = play(s, "push 1 to c3")
    assert into_centre.position(1) == CENTER and into_centre.position(0) == P["b3"]
    killed = play(s, "push 1 to a3")
    assert not killed.alive(1) and killed.is_face_up(P["a3"]) and "R25-30" in rules(killed)


def test_R25_17_control_slides_rooms_with_occupants():
    s = position(coop(), rooms={"b2": "empty"}, chars={0: "b2"})
    before = s.grid
    s = play(program_all(s, {0: "control, look"}), "control row 2 left")
    assert s.position(0) == P["a2"]
    assert s.grid[P["e2"]] == before[P["a2"]]  # the room pushed off re-enters at the far end
    assert s.grid[P["a2"]] == before[P["b2"]]
    assert s.shifts[1] == -1 and "R25-17" in rules(s)


def test_R25_18_central_lines_never_slide():
    s = program_all(position(coop(), rooms={"b3": "empty"}, chars={0: "b3"}), {0: "control"})
    refused(s, "control row 3 left", "R25-18")
    assert [str(m) for m in s.legal_moves() if str(m).startswith("control")] == [
        "control col b up", "control col b down"]
    lost = program_all(position(coop()), {0: "control"})
    lost = play(lost, "defer")
    assert "R25-18" in texts(lost)


def test_R25_19_and_R25_I2_same_direction_within_a_turn():
    s = position(coop(), rooms={"b2": "empty", "b4": "empty"}, chars={0: "b2", 1: "b4"})
    s = program_all(s, {0: "control", 1: "control"})
    s = play(s, "control col b up")
    assert s.position(1) == P["b3"]
    refused(s, "control col b down", "R25-19")
    s = play(s, "control col b up")  # the same direction again is fine
    assert s.position(1) == P["b2"]


def test_R25_20_reminder_marker():
    s = position(coop(), rooms={"b3": "empty"})
    s = play(s, "remind b3")
    assert s.marker[0] == s.grid[P["b3"]] and s.current_character == 0   # a free move
    refused(s, "remind b2", "R25-20")
    s = program_all(s, {0: "move, look"})
    refused(s, "remind b2", "R25-20")   # still on b3, which is face down
    s = play(s, "move b3")
    assert s.marker[0] == -1 and "R25-20" in rules(s)
    assert "Scientist's reminder marker comes back" in texts(s)
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    s = play(s, "remind a1")             # back in hand: usable again at once, same turn
    assert s.marker[0] == s.grid[P["a1"]] and s.turn == 1


def test_R25_20_and_R25_I6_one_reminder_marker_per_character():
    g = load("cooperative", players=2)         # player 0 runs the Scientist and the Nerd
    s = position(g)
    assert s.current_character == 0
    s = play(s, "remind a1")
    refused(s, "remind a2", "R25-20")          # the Scientist's marker is out
    s = play(s, "program 0: push, control", "program 2: push, control")
    assert s.current_character == 1 and s.current_player == 0
    s = play(s, "remind a2")                   # the Nerd has a marker of their own
    assert s.marker[:2] == (s.grid[P["a1"]], s.grid[P["a2"]])
    obs = s.observation(1)
    assert obs["rooms"][P["a2"]]["markers"] == [1] and not obs["characters"][1]["marker_in_hand"]
    # Laid during a character's own decision only: not during the first clue.
    refused(g.new_initial_state(), "remind a1", "R25-20")


# --- rooms --------------------------------------------------------------------------------------

def test_R25_21_central_room_allows_only_look_and_move():
    s = program_all(position(coop()), {0: "push, control"})
    assert s.turn == 2 and texts(s).count("R25-16") >= 1 and texts(s).count("R25-18") >= 1


def test_R25_22_room_25_is_the_exit():
    s = position(coop(), rooms={"e5": "room25"}, chars={c: "e5" for c in range(4)})
    s = program_all(s, {0: "control", 1: "look", 2: "look", 3: "look"})
    assert sorted(str(m) for m in s.legal_moves() if str(m).startswith("control")) == [
        "control col e down", "control col e up", "control row 5 left", "control row 5 right"]
    assert play(s, "control col e down").outcome().termination == "escape"
    assert play(s, "control row 5 right").outcome().termination == "escape"
    assert not play(s, "control row 5 left").is_terminal()


def test_R25_23_vortex_sends_back_to_centre():
    s = play(program_all(position(coop(), rooms={"b3": "empty", "a3": "vortex"},
                                  chars={0: "b3"}), {0: "move"}), "move a3")
    assert s.position(0) == CENTER and "R25-23" in rules(s)


def test_R25_24_vision_looks_at_any_room():
    s = position(coop(), rooms={"b3": "vision", "e5": "deadly"})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.phase == "pending" and s.current_player == 0
    looks = [m for m in s.legal_moves() if str(m).startswith("vision")]
    assert len(looks) == 23  # every face-down room
    # "A good moment to lay your marker" (the Vision tile): the choice is a decision (R25-20).
    assert any(str(m).startswith("remind") for m in s.legal_moves())
    refused(s, "move a3", "R25-24")
    s = play(s, "vision e5")
    assert s.observation(0)["rooms"][P["e5"]]["kind"] == "deadly"
    assert s.observation(1)["rooms"][P["e5"]]["kind"] is None


def test_R25_25_trapped_dies_after_the_next_action_unless_out():
    # Entering with the first action and staying with the second: dead after the second.
    s = position(coop(), rooms={"b3": "trapped"})
    s = play(program_all(s, {0: "move, look"}), "move b3")
    assert s.alive(0) and "R25-25" in rules(s)
    s = play(s, "look a3")
    assert not s.alive(0) and "did not leave the Trapped room" in texts(s)
    # Entering with the second action and leaving with the next one (next turn): safe.
    s = position(coop(), rooms={"b3": "trapped"})
    s = play(program_all(s, {0: "look, move"}), "look c2", "move b3")
    s = play(program_all(s, {0: "move, look"}), "move c3")
    assert s.alive(0) and s.position(0) == CENTER
    # Pushed in by someone else: dies only after their own next action; Control does not help.
    s = position(coop(), rooms={"b2": "empty", "a2": "trapped"}, chars={0: "b2", 1: "b2"})
    s = program_all(s, {0: "look, control", 1: "push, look"})
    s = play(s, "look b1", "push 0 to a2")
    assert s.alive(0) and s.position(0) == P["a2"]
    s = play(s, "control col a down")
    assert not s.alive(0)


def test_R25_26_moving_room_swaps_with_a_face_down_room():
    game = load("cooperative", players=4, composition=["central", "room25", "vision", "mobile"]
                + ["empty"] * 8 + ["dark"] * 2 + ["cold"] * 2 + ["trapped"] * 2
                + ["flooded"] * 2 + ["acid"] * 2 + ["vortex", "deadly", "control"])
    s = position(game, rooms={"b3": "mobile"})
    hidden = s.grid[P["a1"]]
    mobile = s.grid[P["b3"]]
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.phase == "pending"
    refused(s, "swap c3", "R25-26")
    s = play(s, "swap a1")
    assert s.position(0) == P["a1"] and s.grid[P["a1"]] == mobile
    assert s.grid[P["b3"]] == hidden and not s.is_face_up(P["b3"])


def test_R25_27_control_room_slides_any_non_central_line():
    s = play(program_all(position(coop(), rooms={"b3": "control"}), {0: "move"}), "move b3")
    assert s.phase == "pending"
    assert len([m for m in s.legal_moves() if str(m).startswith("control")]) == 16
    refused(s, "control row 3 left", "R25-18")
    top = s.grid[P["a1"]]
    s = play(s, "control row 1 left")
    assert s.grid[P["e1"]] == top and "R25-27" in rules(s)


def expert_coop():
    return load("cooperative", players=4, composition="expert")


def test_R25_28_twin_rooms():
    s = position(expert_coop(), rooms={"b3": "twin", "a1": "twin"})
    hidden = play(program_all(s, {0: "move"}), "move b3")
    assert hidden.position(0) == P["b3"] and "R25-28" in rules(hidden)
    s = position(expert_coop(), rooms={"b3": "twin", "a1": "twin"}, face_up=["a1"])
    moved = play(program_all(s, {0: "move"}), "move b3")
    assert moved.position(0) == P["a1"]


def test_R25_29_empty_room_does_nothing():
    s = play(program_all(position(coop(), rooms={"b3": "empty"}), {0: "move"}), "move b3")
    assert s.position(0) == P["b3"] and set(rules(s)) <= {"R25-15", "R25-09", "R25-10"}


def test_R25_30_deadly_room_kills_at_once():
    s = play(program_all(position(coop(), rooms={"b3": "deadly"}), {0: "move, look"}),
             "move b3")
    assert not s.alive(0) and s.deaths == (0,) and "R25-30" in rules(s)
    assert not s.is_terminal()  # one death in Cooperative does not end the game


def test_R25_31_prison_cell_exits():
    s = position(expert_coop(), rooms={"b2": "prison", "c2": "empty"},
                 chars={0: "b2", 1: "c2"})
    s = program_all(s, {0: "move"})
    assert [str(m) for m in s.legal_moves() if str(m).startswith("move")] == ["move c2"]
    refused(s, "move a2", "R25-31")
    # Next to the Central Room, the centre is always a way out.
    s = program_all(position(expert_coop(), rooms={"b3": "prison"}, chars={0: "b3"}),
                    {0: "move"})
    assert [str(m) for m in s.legal_moves() if str(m).startswith("move")] == ["move c3"]


def test_R25_32_illusion_swaps_and_reveals_the_other_room():
    s = position(expert_coop(), rooms={"b3": "illusion", "a1": "deadly"})
    illusion = s.grid[P["b3"]]
    s = play(program_all(s, {0: "move, look"}), "move b3")
    assert s.phase == "pending"
    s = play(s, "illusion a1")
    assert s.grid[P["a1"]] == illusion and s.is_face_up(P["a1"])
    assert s.kind_at(P["b3"]) == "deadly" and s.is_face_up(P["b3"])
    assert not s.alive(0) and "R25-32" in rules(s) and "R25-30" in rules(s)


def test_R25_33_flooded_room_locks_and_drowns():
    s = position(coop(), rooms={"b3": "flooded"})
    s = play(program_all(s, {0: "move, look", 1: "move"}), "move b3")
    assert s.locked and "R25-33" in rules(s)
    refused(s, "move b3", "R25-33")   # the Nerd cannot follow
    # Turn 2: still inside after the second action -> drowns then, not before.
    s = position(coop(), rooms={"b3": "flooded"})
    s = play(program_all(s, {0: "move, look"}), "move b3", "look a3")
    s = program_all(s, {0: "look, control"})
    s = play(s, "look b2")
    assert s.alive(0)
    s = play(s, "control col b down")
    assert not s.alive(0) and "drowns" in texts(s)
    # Leaving during the next turn saves you.
    s = position(coop(), rooms={"b3": "flooded"})
    s = play(program_all(s, {0: "move, look"}), "move b3", "look a3")
    s = play(program_all(s, {0: "look, move"}), "look b2", "move c3")
    assert s.alive(0) and s.turn == 3


def test_R25_34_acid_bath_kills_the_first_occupant():
    s = position(coop(), rooms={"b3": "acid"}, chars={1: "b3"})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert not s.alive(1) and s.alive(0) and "R25-34" in rules(s)


def test_R25_35_cold_room_allows_one_programmed_action():
    s = position(coop(), rooms={"b3": "cold"}, chars={0: "b3"})
    refused(s, "program 0: move, look", "R25-35")
    assert len([m for m in s.legal_moves() if isinstance(m, Program)]) == 4


def test_R25_36_dark_room_forbids_look():
    s = program_all(position(coop(), rooms={"b3": "dark"}, chars={0: "b3"}), {0: "look"})
    s = play(s, "defer")
    assert "in the Dark room (R25-36)" in texts(s)
    solo = position(load("solo"), rooms={"b3": "dark"}, chars={0: "b3"})
    refused(solo, "look a3", "R25-36")


def test_R25_37_compositions_are_checked():
    rooms = standard_composition("beginner", "cooperative")
    assert validate_composition(rooms) == rooms
    with pytest.raises(InvalidInputError, match="25 rooms"):
        validate_composition(rooms + ["empty"])
    with pytest.raises(InvalidInputError, match="R25-37"):
        validate_composition(["central"] * 2 + rooms[2:])
    with pytest.raises(InvalidInputError, match="only 2"):
        validate_composition(rooms[:-3] + ["deadly"] * 3)
    with pytest.raises(InvalidInputError, match="unknown"):
        validate_composition(rooms[:-1] + ["lava"])
    risky = [k for k in rooms if k != "empty"] + ["empty"] * 7 + ["deadly"]
    with pytest.warns(UserWarning, match="R25-37"):
        load("cooperative", composition=risky)
    assert BOX["empty"] == 8 and sum(BOX.values()) == 32
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load("cooperative", composition={k: rooms.count(k) for k in set(rooms)})


# --- modes --------------------------------------------------------------------------------------

def test_R25_38_suspicion_roles():
    counts = {n: set() for n in (4, 5, 6)}
    for n in (4, 5, 6):
        for seed in range(30):
            roles = load("suspicion", players=n, seed=seed).new_initial_state().roles
            assert roles.count("prisoner") <= 4
            counts[n].add(roles.count("guard"))
    assert counts == {4: {0, 1}, 5: {1, 2}, 6: {2}}
    with pytest.raises(InvalidInputError, match="R25-38"):
        load("suspicion", players=3)


def test_R25_39_revealed_guard_acts_on_the_spot():
    g = load("suspicion", players=4)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"],
                 rooms={"b3": "empty", "d3": "empty"})
    s = program_all(s, {0: "move", 1: "look"})
    s = play(s, "reveal")
    assert s.shown[0] == 1 and "R25-39" in rules(s)
    refused(s, "reveal", "R25-39")
    s = play(s, "move b3", "look c2")
    s = program_all(s)
    # Turn 2: the guard did not program; it acts on the spot with two different actions.
    assert s.prog[0] == "" and s.direct(0)
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    s = play(s, "move c3")
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    refused(s, "move b3", "R25-39")
    # Prisoners never reveal by choice.
    p = program_all(position(g, roles=["prisoner"] * 4), {0: "look"})
    refused(p, "reveal", "R25-39")


def test_R25_40_masks_fall_on_a_clear_majority_in_room_25():
    g = load("suspicion", players=4)
    s = position(g, roles=["prisoner", "prisoner", "prisoner", "guard"], rooms={"b3": "room25"},
                 chars={0: "b3", 1: "b3"}, turn=6)
    s = play(program_all(s, {0: "look", 1: "look", 2: "move"}), "defer", "defer")
    assert s.shown == (0, 0, 0, 0)  # 2 of 4 is no clear majority
    s = play(s, "move b3")
    assert s.shown[3] == 6 and s.shown[:3] == (0, 0, 0) and "R25-40" in rules(s)
    assert s.observation(0)["characters"][3]["role"] == "guard"


def test_R25_41_prisoners_escape_and_the_last_turn_exception():
    g = load("suspicion", players=4)
    layout = dict(roles=["prisoner", "prisoner", "prisoner", "guard"], rooms={"a1": "room25"},
                  chars={0: "a1", 1: "a1", 2: None})
    early = position(g, turn=9, **layout)
    early = play(program_all(early, {0: "control", 1: "look"}), "control row 1 left")
    assert not early.is_terminal() and early.position(0) == P["e1"] and "R25-41" in rules(early)
    last = position(g, turn=10, **layout)
    last = play(program_all(last, {0: "control", 1: "look"}), "control row 1 left")
    assert last.outcome().termination == "escape" and last.outcome().winners == (0, 1, 2)


def test_R25_42_guards_win_on_two_dead_prisoners_or_the_countdown():
    g = load("suspicion", players=4)
    roles = ["prisoner", "prisoner", "prisoner", "guard"]
    s = position(g, roles=roles, rooms={"b3": "deadly"}, chars={1: None})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.outcome().winners == (3,) and s.outcome().rule == "R25-42"
    s = program_all(position(g, roles=roles, turn=10))
    assert s.outcome().termination == "countdown" and s.outcome().winners == (3,)


def test_R25_43_deaths_reveal_roles_step_by_step():
    g = load("suspicion", players=4, composition="expert")  # two Deadly rooms
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"],
                 rooms={"b3": "deadly", "d3": "deadly"})
    s = play(program_all(s, {0: "move", 1: "move"}), "move b3")
    assert s.shown[0] == 0 and s.observation(1)["characters"][0]["role"] is None
    s = play(s, "move d3")  # a second death: the first (a guard) reveals, the second does not
    assert s.shown[0] == 1 and s.shown[1] == 0 and not s.is_terminal()
    s2 = position(g, roles=["prisoner", "guard", "prisoner", "prisoner"],
                  rooms={"b3": "deadly", "d3": "deadly"})
    s2 = play(program_all(s2, {0: "move", 1: "move"}), "move b3", "move d3")
    # The first was a prisoner, so the second (the guard) reveals too.
    assert s2.shown[0] == 1 and s2.shown[1] == 1 and "R25-43" in rules(s2)


def test_R25_44_team_set_up():
    g = load("team", players=4)
    assert g.team == (0, 1, 0, 1) and g.names == ("Scientist", "Dude", "Nerd", "Babe")
    g6 = load("team", players=6)
    assert g6.names == ("Scientist", "Nerd", "Dude", "Babe", "Colossus", "Little Girl")
    assert g6.team == (0, 1, 0, 1, 0, 1)
    with pytest.raises(InvalidInputError, match="R25-44"):
        load("team", players=5)


def test_R25_45_team_escape_and_countdown():
    g = load("team", players=4)
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 2: "a1"})
    s = play(program_all(s, {0: "control", 2: "look"}), "control row 1 left")
    assert s.outcome().winners == (0, 2) and s.outcome().rule == "R25-45"
    # A team with a dead member escapes only in the last turn.
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 2: None}, turn=9)
    s = play(program_all(s, {0: "control"}), "control row 1 left")
    assert not s.is_terminal()
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 2: None}, turn=10)
    s = play(program_all(s, {0: "control"}), "control row 1 left")
    assert s.outcome().winners == (0, 2)
    # Nobody escaped: more characters in Room 25 wins.
    s = program_all(position(g, rooms={"b3": "room25"}, chars={1: "b3"}, turn=10), {1: "look"})
    s = play(s, "look a3")
    assert s.outcome().termination == "countdown" and s.outcome().winners == (1, 3)
    # Eliminating the other team wins at once.
    s = position(g, rooms={"b3": "deadly"}, chars={1: None})
    s = play(program_all(s, {3: "move"}), "move b3")
    assert s.outcome().winners == (0, 2)


def test_R25_46_cooperative_pairs_never_back_to_back():
    g = load("cooperative", players=2)
    assert g.names == ("Scientist", "Nerd", "Dude", "Babe") and g.owner == (0, 0, 1, 1)
    s = g.new_initial_state()
    assert s.order == (0, 2, 1, 3)
    g3 = load("cooperative", players=3)
    s3 = position(g3)
    for _ in range(5):
        owners = [g3.owner[c] for c in s3.order]
        assert all(owners[i] != owners[(i + 1) % 6] for i in range(6))
        s3 = program_all(s3)
    assert s3.turn == 6


def test_R25_47_cooperative_total_partial_and_lost():
    g = coop()
    layout = dict(rooms={"a1": "room25"}, chars={0: "a1", 1: "a1", 2: "a1", 3: None})
    # With a character dead the survivors may escape only in the last turn (as R25-41).
    early = position(g, turn=7, **layout)
    early = play(program_all(early, {0: "control", 1: "look", 2: "look"}), "control row 1 left")
    assert not early.is_terminal() and early.room25_position() == P["e1"]
    assert "only in the last turn" in texts(early) and "R25-47" in rules(early)
    s = position(g, turn=8, **layout)
    s = play(program_all(s, {0: "control", 1: "look", 2: "look"}), "control row 1 left")
    assert s.outcome().termination == "partial escape" and s.outcome().scores == (0.5,) * 4
    s = position(g, rooms={"b3": "deadly"}, chars={3: None})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.outcome().termination == "two dead" and s.outcome().winners == ()
    s = program_all(position(g, turn=8))
    assert s.outcome().termination == "countdown" and s.outcome().winners == ()


def test_R25_48_competition():
    g = load("competition", players=2)
    assert g.owner == (0, 0, 1, 1)
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 1: "a1", 2: "a1"})
    s = program_all(s, {0: "control", 1: "look", 2: "look"})
    s = play(s, "control row 1 left")
    assert s.outcome().winners == (0,) and s.outcome().rule == "R25-48"
    # One of yours dead: the other escapes alone, but only in the last turn.
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 1: None}, turn=9)
    assert not play(program_all(s, {0: "control"}), "control row 1 left").is_terminal()
    s = position(g, rooms={"a1": "room25"}, chars={0: "a1", 1: None}, turn=10)
    assert play(program_all(s, {0: "control"}), "control row 1 left").outcome().winners == (0,)
    # The last player with characters alive wins.
    s = position(g, rooms={"b3": "deadly"}, chars={3: None})
    s = play(program_all(s, {2: "move"}), "move b3")
    assert s.outcome().winners == (0,) and s.outcome().termination == "last alive"


def test_R25_49_solo():
    g = load("solo")
    s = position(g, rooms={"b3": "deadly"})
    assert s.phase == "exec" and s.current_character == 0
    assert "pass" in [str(m) for m in s.legal_moves()]
    assert not any(isinstance(m, Program) for m in s.legal_moves())
    dead = play(s, "move b3")
    assert dead.outcome().termination == "death" and dead.outcome().winners == ()
    s = position(g, turn=8)
    for _ in range(8):
        s = play(s, "pass")
    assert s.outcome().termination == "countdown"


# --- interpretations ----------------------------------------------------------------------------

def test_R25_I1_default_compositions():
    from collections import Counter
    b = Counter(standard_composition("beginner", "team"))
    assert b == Counter({"central": 1, "room25": 1, "vision": 1, "empty": 8, "dark": 2,
                         "cold": 2, "trapped": 2, "flooded": 2, "acid": 2, "vortex": 2,
                         "deadly": 1, "control": 1})
    es = Counter(standard_composition("expert", "suspicion"))
    assert es["empty"] == 6 and es["deadly"] == 2 and es["illusion"] == 1 and es["mobile"] == 1
    eo = Counter(standard_composition("expert", "cooperative"))
    assert eo["twin"] == 2 and eo["prison"] == 2 and eo["empty"] == 4 and eo["mobile"] == 0
    assert all(sum(c.values()) == 25 for c in (b, es, eo))
    with pytest.raises(InvalidInputError, match="R25-I1"):
        load("cooperative", composition="nightmare")


def test_R25_I3_escape_geometry():
    for p in range(25):
        assert bool(exit_controls(p)) == (p in EXIT_ZONES)
    s = position(coop(), rooms={"a2": "room25", "b2": "empty"}, face_up=["a2"], chars={0: "b2"})
    s = play(program_all(s, {0: "control, look"}), "control row 2 left")
    # Room 25 is empty: it leaves the edge and comes back at the other end.
    assert "R25-I3" in rules(s) and s.room25_position() == P["e2"]


def test_R25_I5_solo_first_actions_then_second_actions():
    s = position(load("solo"), rooms={"b3": "empty"})
    s = play(s, "look b3", "pass", "pass", "pass")
    assert s.pass_no == 2 and s.current_character == 0
    refused(s, "look c2", "R25-I5")
    s = play(s, "move b3")
    assert s.turn == 1 and s.current_character == 1


def test_R25_I6_reminder_markers_can_be_switched_off():
    s = position(load("cooperative", players=4, reminder_markers=False))
    assert not any(str(m).startswith("remind") for m in s.legal_moves())
    refused(s, "remind a1", "R25-I6")


# --- further edge cases -------------------------------------------------------------------------

def test_R25_41_last_turn_escape_without_a_living_prisoner_who_is_outside():
    g = load("suspicion", players=4)
    s = position(g, roles=["prisoner", "prisoner", "prisoner", "guard"], rooms={"a1": "room25"},
                 chars={0: "a1", 1: "a1"}, turn=10)        # the Dude is alive but in c3
    s = play(program_all(s, {0: "control", 1: "look"}), "control row 1 left")
    assert s.outcome().termination == "escape" and s.outcome().winners == (0, 1, 2)
    # Two prisoners missing: no escape even in the last turn.
    s = position(g, roles=["prisoner", "prisoner", "prisoner", "guard"], rooms={"a1": "room25"},
                 chars={0: "a1"}, turn=10)
    s = play(program_all(s, {0: "control"}), "control row 1 left")
    assert s.outcome().termination == "countdown" and s.outcome().winners == (3,)


def test_R25_25_pushed_into_the_trap_and_leaving_next_survives():
    s = position(coop(), rooms={"b2": "empty", "a2": "trapped"}, chars={0: "b2", 1: "b2"})
    s = program_all(s, {0: "look, move", 1: "push, look"})
    s = play(s, "look b1", "push 0 to a2", "move a1")
    assert s.alive(0) and s.position(0) == P["a1"]


def test_R25_34_pushed_into_the_acid_bath_kills_the_occupant():
    s = position(coop(), rooms={"b2": "empty", "a2": "acid"}, chars={0: "b2", 1: "b2", 2: "a2"})
    s = play(program_all(s, {0: "push", 1: "look", 2: "look"}), "push 1 to a2")
    assert not s.alive(2) and s.alive(1) and s.position(1) == P["a2"]


def test_R25_12_alarm_also_when_pushed_into_room_25():
    g = load("team", players=4)
    s = position(g, rooms={"b2": "empty", "a2": "room25"}, chars={0: "b2", 1: "b2"}, turn=3)
    s = play(program_all(s, {0: "push", 1: "look"}), "push 1 to a2")
    assert s.alarm and s.last_turn == 7 and s.remaining_turns() == 5


def test_R25_01_programs_of_malformed_actions_are_refused_not_crashed():
    """Found by an audit: a number or a list as an action made why_illegal raise."""
    state = boardlib.load("room25", mode="cooperative").new_initial_state()
    while state.phase != "program":
        state = state.apply(state.legal_moves()[0])
    for first in (1, "ML", [1]):
        assert state.why_illegal(Program(0, first)).rule == "R25-01"
    for counts in ({"empty": 10 ** 9}, [[1]] * 25):    # a save file's option, before any list
        with pytest.raises(InvalidInputError, match="R25-I1"):
            boardlib.load("room25", composition=counts)


def test_R25_41_to_R25_49_a_saved_result_must_fit_the_mode_and_position():
    """Found by an audit: a cooperative save could claim an escape on turn 1."""
    game = boardlib.load("room25", mode="cooperative", players=4)
    start = game.new_initial_state().to_dict()
    for result in (["escape", [0, 1, 2, 3], [1.0] * 4, "R25-47"],             # Room 25 unfound
                   ["two dead", [], [0.0] * 4, "R25-47"],                     # nobody died
                   ["countdown", [], [0.0] * 4, "R25-47"],                    # turn 1 of 8
                   ["two prisoners dead", [1], [0.0, 1.0, 0.0, 0.0], "R25-42"]):  # not this mode
        with pytest.raises(InvalidInputError, match="does not fit"):
            game.state_from_dict({**start, "phase": "over", "result": result})


def test_R25_11_a_saved_escape_must_be_one_the_position_shows():
    """Found by an audit: a save whose Room 25 was found could claim any escape."""
    g = coop()
    s = position(g, rooms={"a1": "room25"}, chars={c: "a1" for c in range(4)})
    s = play(program_all(s, {0: "control", 1: "look", 2: "look", 3: "look"}),
             "control row 1 left")
    saved = s.to_dict()
    assert g.state_from_dict(saved).outcome() == s.outcome()      # the real escape loads
    outside = list(saved["loc"])
    outside[3] = saved["grid"][POS_INDEX["c3"]]                    # one character left behind
    partial = ["partial escape", [0, 1, 2, 3], [0.5] * 4, "R25-47"]  # nobody died
    for bad in ({**saved, "loc": outside}, {**saved, "result": partial}):
        with pytest.raises(InvalidInputError, match="does not fit"):
            g.state_from_dict(bad)


# --- corrected rules (issue 15): the Trapped room and passing, guards revealing -------------------

def test_R25_25_and_R25_I5_passing_in_the_trapped_room_kills():
    """Solo: entering with the first action and passing the second is still staying (R25-I5)."""
    s = position(load("solo"), rooms={"b3": "trapped"})
    s = play(s, "move b3", "pass", "pass", "pass")
    assert s.alive(0) and s.pass_no == 2 and s.current_character == 0
    s = play(s, "pass")
    assert not s.alive(0) and "did not leave the Trapped room" in texts(s)
    assert s.outcome().termination == "death" and s.outcome().rule == "R25-49"


def test_R25_25_a_revealed_guard_who_passes_in_the_trapped_room_dies():
    g = load("suspicion", players=4)
    layout = dict(roles=["guard", "prisoner", "prisoner", "prisoner"], shown={0: 1}, turn=2,
                  rooms={"b3": "trapped"})
    s = program_all(position(g, **layout))
    assert s.direct(0) and s.current_character == 0
    s = play(s, "move b3")
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    assert s.alive(0) and s.pass_no == 2
    s = play(s, "pass")
    assert not s.alive(0) and "R25-25" in rules(s)
    # Entered with the second action: passing the first action of the next turn kills too.
    s = program_all(position(g, **layout))
    s = play(s, "pass")
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    s = play(s, "move b3")
    s = program_all(s)
    assert s.turn == 3 and s.alive(0)
    while s.current_character != 0:
        s = play(s, str(s.legal_moves()[0]))
    s = play(s, "pass")
    assert not s.alive(0) and "R25-25" in rules(s)


def test_R25_I8_a_hidden_guard_may_reveal_while_programming():
    g = load("suspicion", players=4)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"])
    assert s.phase == "program" and "reveal" in [str(m) for m in s.legal_moves()]
    s = play(s, "reveal")
    assert s.shown[0] == 1 and s.phase == "program" and s.current_character == 0
    assert s.observation(1)["characters"][0]["role"] == "guard"
    s = program_all(s)                      # still programs this turn (R25-39: from the next)
    assert s.turn == 2 and s.direct(0) and s.prog[0] == ""
    # Prisoners get no Reveal at any decision.
    assert "reveal" not in [str(m) for m in position(g, roles=["prisoner"] * 4).legal_moves()]


def test_R25_I8_a_hidden_guard_may_reveal_at_a_room_choice():
    g = load("suspicion", players=4)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"], rooms={"b3": "vision"})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.phase == "pending" and "reveal" in [str(m) for m in s.legal_moves()]
    s = play(s, "reveal")
    assert s.phase == "pending" and s.shown[0] == 1
    refused(s, "reveal", "R25-39")


def test_R25_43_a_third_death_is_revealed_at_once():
    g = load("suspicion", players=5, composition="expert")     # two Deadly rooms
    roles = ["guard", "prisoner", "prisoner", "prisoner", "guard"]
    s = position(g, roles=roles, rooms={"b3": "deadly", "d3": "deadly"}, chars={0: None},
                 order=[4, 1, 2, 3, 0])
    s = program_all(s, {1: "move", 4: "move"})
    s = play(s, "move b3")                   # second death: the guard who died first reveals
    assert s.shown[0] and not s.shown[4] and not s.is_terminal()
    s = play(s, "move d3")                   # third death: revealed at once
    assert s.shown[1] and s.observation(2)["characters"][1]["role"] == "prisoner"


def test_R25_I7_rooms_carry_their_occupants():
    # The Illusion room trades places with a1 and carries the Nerd who stood in it (R25-32).
    s = position(expert_coop(), rooms={"b3": "illusion", "a1": "empty"}, chars={1: "b3"})
    illusion = s.grid[P["b3"]]
    s = play(program_all(s, {0: "move", 1: "look"}), "move b3", "illusion a1")
    assert s.grid[P["a1"]] == illusion and s.position(1) == P["a1"]
    assert s.position(0) == P["b3"] and s.kind_at(P["b3"]) == "empty"
    # A Control slides rooms with everyone in them; only the mover suffers a new room.
    s = position(coop(), rooms={"b2": "empty", "b1": "trapped"}, chars={0: "b2", 1: "b2"})
    s = play(program_all(s, {0: "control", 1: "look"}), "control col b up")
    assert s.position(0) == s.position(1) == P["b1"] and not any(s.trap[c][0] >= 0 for c in (0, 1))
