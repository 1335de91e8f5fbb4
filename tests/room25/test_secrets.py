"""Secrets on the engine side (R25-I4): texts tell no more than the rules make public, and
``revealed_to(player)`` says whether the move that led to a state showed a player something.

The random-game differential test is in ``test_hidden_information.py``.
"""
import re

import pytest

import boardlib
from boardlib.room25.scenarios import position

from .helpers import load, play, program_all, rules, texts

E1 = 4


def attempt(layout, actor, roles):
    g = load("suspicion", players=4)
    s = program_all(position(g, roles=roles, **layout), {0: "look", 1: "look", 2: "look",
                                                         3: "look", actor: "control"})
    while s.current_character != actor:
        s = play(s, "defer")
    return play(s, "control row 1 left")


def test_R25_I4_a_failed_escape_never_says_why_or_how_many_are_missing():
    prisoners_then_guard = ["prisoner", "prisoner", "prisoner", "guard"]
    tries = {
        "a guard's Control": attempt(dict(rooms={"a1": "room25"},
                                          chars={c: "a1" for c in range(4)}), 3,
                                     prisoners_then_guard),
        "one prisoner outside": attempt(dict(rooms={"a1": "room25"},
                                             chars={0: "a1", 1: "a1", 3: "a1"}), 0,
                                        prisoners_then_guard),
        "two prisoners outside": attempt(dict(rooms={"a1": "room25"}, chars={0: "a1", 3: "a1"}),
                                         0, prisoners_then_guard),
    }
    failures = set()
    for why, s in tries.items():
        assert not s.is_terminal() and s.room25_position() == E1, why
        [line] = [str(e) for e in s.events if "Room 25 slides off" in str(e)]
        failures.add(line)
        assert not re.search(r"\d (prisoner|character)|missing|guard", line), line
    assert failures == {"Room 25 slides off the edge, but nobody escapes: it comes back in at the "
                        "other end (R25-41)"}


def test_R25_I8_with_no_guard_dealt_the_prisoners_lose_and_nobody_wins():
    g = load("suspicion", players=4)
    s = program_all(position(g, roles=["prisoner"] * 4, turn=10))
    assert s.outcome().termination == "countdown" and s.outcome().winners == ()
    assert "the prisoners did not escape: the prisoners lose" in texts(s)
    assert "guards win" not in texts(s)
    # With a guard dealt the same ending names the winners.
    s = program_all(position(g, roles=["prisoner", "prisoner", "guard", "prisoner"], turn=10))
    assert "the guards win" in texts(s) and s.outcome().winners == (2,)
    # Two dead prisoners and no guard: the prisoners lose.
    s = position(g, roles=["prisoner"] * 4, rooms={"b3": "deadly"}, chars={1: None})
    s = play(program_all(s, {0: "move"}), "move b3")
    assert s.outcome().termination == "two prisoners dead" and s.outcome().winners == ()
    assert "guards win" not in texts(s) and "the prisoners lose" in texts(s)


def test_R25_I4_no_text_mentions_a_turn_beyond_the_last():
    g = load("cooperative", players=4)
    s = position(g, rooms={"b3": "flooded"}, turn=8)
    s = play(program_all(s, {0: "move, look"}), "move b3")
    assert "R25-33" in rules(s)
    assert not re.search(r"turn (9|\d\d)", texts(s)), texts(s)
    early = play(program_all(position(g, rooms={"b3": "flooded"}), {0: "move, look"}), "move b3")
    assert "of the next turn" in texts(early)


# --- revealed_to ---------------------------------------------------------------------------

def coop_two():
    return load("cooperative", players=2)    # player 0: Scientist, Nerd; player 1: Dude, Babe


def test_R25_I4_revealed_to_a_look_shows_the_looker_only():
    # A revealed guard acts on the spot (R25-39): no programmed token is turned up.
    g = load("suspicion", players=4)
    layout = dict(roles=["guard", "prisoner", "prisoner", "prisoner"], shown={0: 1}, turn=2,
                  rooms={"b3": "empty"})
    waiting = {1: "look", 2: "look", 3: "look"}   # single actions: each waits for a choice
    s = program_all(position(g, **layout), waiting)
    assert s.current_character == 0 and s.direct(0)
    looked = play(s, "look b3")
    assert [looked.revealed_to(p) for p in range(4)] == [True, False, False, False]
    # Entering the room shows it to the others, not to the guard who saw it already.
    entered = play(program_all(position(g, seen={0: ["b3"]}, **layout), waiting), "move b3")
    assert [entered.revealed_to(p) for p in range(4)] == [False, True, True, True]


def test_R25_I4_revealed_to_a_programmed_action_carried_out_shows_the_others():
    s = program_all(position(coop_two(), rooms={"b3": "empty"}, face_up=["b3"]),
                    {0: "move, look", 2: "look, move"})
    moved = play(s, "move b3")              # the Scientist's first token turns face up
    assert moved.revealed_to(1) and not moved.revealed_to(0)
    # A free move shows nothing; a loaded state shows nothing.
    marked = play(s, "remind a1")
    assert not marked.revealed_to(0) and not marked.revealed_to(1)
    loaded = s.game.state_from_json(moved.to_json())
    assert not loaded.revealed_to(0) and not loaded.revealed_to(1)


def test_R25_I4_revealed_to_roles_and_the_end_of_the_game():
    g = load("suspicion", players=4)
    s = position(g, roles=["guard", "prisoner", "prisoner", "prisoner"])
    shown = play(s, "reveal")
    assert [shown.revealed_to(p) for p in range(4)] == [False, True, True, True]
    over = program_all(position(g, roles=["guard", "prisoner", "prisoner", "prisoner"],
                                turn=10))
    assert over.is_terminal() and all(over.revealed_to(p) for p in range(4))
    with pytest.raises(boardlib.InvalidInputError):
        over.revealed_to(4)
