"""Room 25's teaching: words, marks, standings and explanations (boardlib.room25.teaching).

Places: columns a-e, rows 1-5; the Central Room is c3. Unless a test says otherwise it plays
Cooperative with four players (0 Scientist, 1 Nerd, 2 Dude, 3 Babe, one each, seats Red,
Blue, Yellow, Sky), bystanders programming "push, control", lost at once (R25-09).
"""
import pytest

import boardlib
from boardlib.core.teaching import Mark, teacher
from boardlib.core.testing.teaching import check_teaching
from boardlib.room25.rules import POS_INDEX, Program
from boardlib.room25.scenarios import position
from boardlib.room25.teaching import Room25Teacher

from .helpers import load, program_all
from .test_hidden_information import (ChangeProgram, DealSpare, SwapAnyRoles, SwapRoles,
                                      SwapRooms)

P = POS_INDEX
NAMES = ("Red", "Blue", "Yellow", "Sky", "Pink", "Green")
NOTATION = [r"\bprogram \d", r"\bpush \d", r"\bcontrol (row|col)", r"\b(move|look|vision|swap|"
            r"illusion|remind|clue) [a-e][1-5]\b"]


def coop(**kw):
    return load("cooperative", players=4, **kw)


def teach(state):
    return teacher(state.game, NAMES.__getitem__)


def test_teacher_of_room25_is_its_own():
    assert isinstance(teacher(boardlib.load("room25")), Room25Teacher)


def test_R25_05_a_first_clue_names_the_place_never_the_room():
    state = coop().new_initial_state()
    move = state.game.parse_move("clue b3")
    t = teach(state)
    assert t.move_words(state, move) == "Red looked in secret at the room at b3 (a first clue)"
    assert t.hint_words(state, move) == "look in secret at the room at b3 as your first clue"
    assert t.marks(state, move) == (Mark("looked", P["b3"], 0),)
    (step,) = t.explain(state, move)
    assert (step.rule, step.text) == ("R25-05", "Red secretly looks at b3.")


def test_R25_07_R25_I4_a_programme_is_told_by_its_length_only_even_to_its_owner():
    state = position(coop())
    move = state.game.parse_move("program 0: move, look")
    t = teach(state)
    hidden = "Red programmed Scientist with 2 actions, face down"
    assert t.move_words(state, move, viewer=0) == hidden     # a hot-seat list stays on screen
    assert t.move_words(state, move, viewer=1) == hidden
    assert t.move_words(state, move) == hidden
    assert t.hint_words(state, move) == "program Scientist to move, then look"
    assert t.marks(state, move) == ()
    (step,) = t.explain(state, move, viewer=1)
    assert (step.rule, step.text) == ("R25-07", "Scientist programs 2 actions face down.")
    other = state.game.parse_move("program 0: push, control")
    assert t.explain(state, other, viewer=1) == t.explain(state, move, viewer=1)


def test_R25_15_a_move_turns_the_room_face_up_with_from_to_and_effect_marks():
    state = program_all(position(coop(), rooms={"b3": "empty"}), {0: "move"})
    move = state.game.parse_move("move b3")
    after = state.apply(move)
    t = teach(state)
    assert t.move_words(state, move, after) == "Red's Scientist moved into the room at b3"
    assert t.hint_words(state, move) == "Scientist: move into the room at b3"
    assert t.marks(state, move, after) == (Mark("effect", P["b3"]), Mark("from", P["c3"], 0),
                                           Mark("to", P["b3"], 0))
    steps = t.explain(state, move, after)
    assert [s.text for s in steps[:2]] == ["Scientist moves to b3.",
                                           "The room at b3 turns face up: Empty Room."]
    assert [s.rule for s in steps] == [e.rule for e in after.events]
    assert steps[0].marks == (Mark("from", P["c3"], 0), Mark("to", P["b3"], 0))


def test_R25_16_R25_30_a_push_into_the_deadly_room_marks_the_death():
    state = position(coop(), rooms={"b3": "empty", "a3": "deadly"}, chars={0: "b3", 1: "b3"})
    state = program_all(state, {0: "push", 1: "look"})
    move = state.game.parse_move("push 1 to a3")
    after = state.apply(move)
    t = teach(state)
    assert t.move_words(state, move, after) == ("Red's Scientist pushed Blue's Nerd into the "
                                                "room at a3")
    assert t.hint_words(state, move) == "Scientist: push Nerd into the room at a3"
    by_rule = {s.rule: s for s in t.explain(state, move, after)}
    assert by_rule["R25-16"].text == "Scientist pushes Nerd into a3."
    assert by_rule["R25-30"].text == "Nerd enters the Deadly room and dies."
    # the X goes where the Nerd died, the Deadly room entered, not the room left (R25-30)
    assert by_rule["R25-30"].marks == (Mark("removed", P["a3"], 1),)
    assert Mark("removed", P["a3"], 1) in t.marks(state, move, after)
    assert Mark("removed", P["b3"], 1) not in t.marks(state, move, after)


def test_R25_17_a_slide_marks_every_place_of_its_line():
    state = program_all(position(coop(), rooms={"b2": "empty"}, chars={0: "b2"}),
                        {0: "control, look"})
    move = state.game.parse_move("control row 2 left")
    t = teach(state)
    assert t.move_words(state, move) == "Red's Scientist slid row 2 left"
    assert t.hint_words(state, move) == "Scientist: slide row 2 left"
    assert t.marks(state, move) == tuple(Mark("shifted", P[f"{c}2"], 0) for c in "abcde")
    assert t.explain(state, move)[0].text == "Scientist slides row 2 left."


def test_R25_14_a_look_marks_the_place_and_tells_nobody_the_room():
    state = program_all(position(coop(), rooms={"b3": "deadly"}), {0: "look"})
    move = state.game.parse_move("look b3")
    t = teach(state)
    assert t.move_words(state, move) == "Red's Scientist looked in secret at the room at b3"
    assert t.marks(state, move) == (Mark("looked", P["b3"], 0),)
    assert "Deadly" not in " ".join(s.text for s in t.explain(state, move, viewer=0))


def test_R25_30_a_move_into_the_deadly_room_marks_the_death_in_that_room():
    """The engine records the room each death happened in (``died_in``); the teacher puts
    the X there: in the Deadly room entered, not in the room the character came from."""
    state = program_all(position(coop(), rooms={"b3": "deadly"}), {0: "move"})
    move = state.game.parse_move("move b3")
    after = state.apply(move)
    assert after.died_in == ((0, state.grid[P["b3"]]),) and not after.alive(0)
    t = teach(state)
    assert Mark("removed", P["b3"], 0) in t.marks(state, move, after)
    assert Mark("removed", P["c3"], 0) not in t.marks(state, move, after)
    by_rule = {s.rule: s for s in t.explain(state, move, after)}
    assert by_rule["R25-30"].marks == (Mark("removed", P["b3"], 0),)
    assert after.apply(after.legal_moves()[0]).died_in == ()     # one move's record only


def test_R25_10_R25_47_standings_countdown_characters_and_what_decides():
    state = position(coop(), rooms={"b3": "empty"}, chars={0: "b3", 1: None}, turn=3)
    standings = teach(state).standings(state, 0)
    assert standings.value(0, "alive") == 1 and standings.value(1, "alive") == 0
    assert standings.value(0, "characters") == "Scientist b3"      # every role: prisoner
    assert standings.value(1, "characters") == "Nerd dead"
    assert standings.table.lines[1].out
    assert standings.facts[0] == "Turn 3 of 8: 6 turns left, this one included (R25-10)."
    assert "(R25-47)" in standings.facts[-1]
    assert standings.summary == "Nobody has escaped yet: 6 turns left on the countdown (R25-47)."
    assert standings.leaders == () and not standings.over


def test_R25_38_R25_I4_suspicion_standings_show_only_the_roles_the_viewer_knows():
    state = position(load("suspicion", players=4))
    t = teach(state)
    for viewer in range(4):
        standings = t.standings(state, viewer)
        for seat in range(4):
            words = standings.value(seat, "characters")
            role = state.roles[state.game.chars_of[seat][0]]
            assert words.endswith(role) == (seat == viewer), (viewer, seat, words)
    public = t.standings(state, None)
    assert not any(str(public.value(s, "characters")).endswith(("guard", "prisoner"))
                   for s in range(4))


# --- random play ----------------------------------------------------------------------------

TWIN_CHANGES = (SwapRoles, SwapAnyRoles, DealSpare, SwapRooms, ChangeProgram)


def twins(state, viewer, rng):
    """Positions ``viewer`` cannot tell from ``state``: hidden roles swapped or dealt
    otherwise, unseen face-down rooms swapped, another seat's programme changed (R25-I4)."""
    for change in TWIN_CHANGES:
        variant = change(state, viewer, rng).variant
        if variant is not None:
            yield variant


def hidden_moves(state, move, viewer):
    """Another seat's programme of as many actions, where neither shows anything (R25-07)."""
    game = state.game
    if not isinstance(move, Program) or game.owner[move.char] == viewer \
            or state.apply(move).revealed_to(viewer):
        return []
    return [m for m in state.legal_moves() if isinstance(m, Program) and m.char == move.char
            and bool(m.second) == bool(move.second) and m != move
            and not state.apply(m).revealed_to(viewer)]


@pytest.mark.parametrize("mode,games", [("suspicion", 100), ("cooperative", 30), ("team", 30),
                                        ("competition", 30), ("solo", 30)])
def test_R25_I4_teaching_in_random_games_reveals_nothing_hidden(mode, games):
    report = check_teaching(boardlib.load("room25", mode=mode), games=games, seed=25,
                            notation=NOTATION, twins=twins, hidden_moves=hidden_moves,
                            twins_every=5)
    assert report.games == games and report.twins > 0
    assert {"R25-05", "R25-15", "R25-10"} <= set(report.rules)
    assert ("R25-07" in report.rules) == (mode != "solo")     # Solo acts on the spot (R25-49)
