"""Section X's teacher (boardlib.section_x.teaching): the words, marks, steps and standings
of every kind of move, named after the rules they show, and random play checked by
boardlib.core.testing.teaching."""
from __future__ import annotations

import random

import pytest

import boardlib
from boardlib.core.teaching import Mark, teacher
from boardlib.core.testing.teaching import check_teaching
from boardlib.section_x.moves import (END_TURN, Door, MoveTile, PlaceTile, RotateTile, Step,
                                      SwapTiles)
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.section_x.teaching import SectionXTeacher

NAMES = ("Red", "Blue", "Yellow", "Sky")
NOTATION = [r"-?\d+,-?\d+/\d", r"\br\d\b", r"\bplayer \d"]


def teach(state):
    return teacher(state.game, NAMES.__getitem__)


def steps_of(state, move):
    return [(s.rule, s.text) for s in teach(state).explain(state, move)]


def round_end_position(**kw):
    """Red has a prisoner in zone 5 and one a step from zone 0 (two players: target 2);
    Blue stands on the straight 2,0 (to be buried), Red on a hiding place at -2,0."""
    tiles = {**EAST, "-2,0": ("hiding", 0)}
    return act(tiles=tiles, prisoners={0: ["zone 5", "3,0/0", "-2,0/0"], 1: ["2,0/0"]},
               doors={1: ["2,0/0"]}, hands={0: ["fork"], 1: ["branch", "branch"]},
               **{"seed": 5, **kw})


def test_the_game_names_its_teacher():
    assert isinstance(teach(position()), SectionXTeacher)


def test_SX_07_a_tile_laid_from_the_hand():
    s = position(tiles=EAST, hands={0: ["fork", "straight"]})
    move = PlaceTile("fork", H("0,2"), 1)
    t = teach(s)
    assert t.move_words(s, move) == "Red laid a fork tile on 0,2, turned 1 sixth anticlockwise"
    assert t.hint_words(s, move) == "lay your fork tile on 0,2, turned 1 sixth anticlockwise"
    assert steps_of(s, move) == [
        ("SX-07", "Red lays a fork tile from the hand on the empty ocean field 0,2: every edge "
                  "it shares with a tile matches, opening to opening and wall to wall. Red "
                  "holds 1 tile now.")]
    assert t.marks(s, move) == (Mark("placed", H("0,2"), 0),)


def test_SX_08_a_tile_moved_swapped_or_turned():
    s = position(tiles={**EAST, "0,2": ("fork", 0)})
    t = teach(s)
    moved = MoveTile(H("3,0"), H("0,3"))
    assert t.move_words(s, moved) == "Red moved the straight on 3,0 to 0,3"
    assert steps_of(s, moved)[0] == (
        "SX-08", "Instead of laying a tile, Red moves the straight on 3,0 to 0,3. Only tiles "
                 "without prisoners, or a hiding place holding only the mover's own prisoners, "
                 "may be moved (SX-10).")
    assert t.marks(s, moved) == (Mark("from", H("3,0"), 0), Mark("to", H("0,3"), 0))
    swap = SwapTiles(H("3,0"), H("0,2"))
    assert t.move_words(s, swap) == "Red swapped the straight on 3,0 with the fork on 0,2"
    assert t.marks(s, swap) == (Mark("to", H("3,0"), 0), Mark("to", H("0,2"), 0))
    turn = RotateTile(H("3,0"), 1)
    assert t.move_words(s, turn) == ("Red turned the straight on 3,0: now turned 1 sixth "
                                     "anticlockwise")
    assert t.hint_words(s, turn) == ("turn the straight on 3,0 so that it is turned 1 sixth "
                                     "anticlockwise")
    assert steps_of(s, turn)[0] == (
        "SX-08", "Instead of laying a tile, Red turns the straight on 3,0; it has no prisoners "
                 "on it and is in no other player's tunnel (SX-09).")
    assert t.marks(s, turn) == (Mark("turned", H("3,0"), 0),)


def test_SX_16_a_step_counts_against_the_prisoner_and_the_turn():
    s = act(tiles=EAST, prisoners={0: ["2,0/0"]}, steps={0: [1]})
    move = Step("2,0/0", "3,0/0")
    t = teach(s)
    assert t.move_words(s, move) == ("Red moved a prisoner from the straight on 2,0 to the "
                                     "straight on 3,0")
    assert steps_of(s, move) == [
        ("SX-16", "Red's prisoner steps from the straight on 2,0 to the straight on 3,0: its "
                  "step 2 of 2, and Red's step 2 of 5 this turn."),
        ("SX-I4", "The straight on 2,0 is joined through facing openings to 2 places, the "
                  "straight on 3,0 among them: a prisoner steps only between places joined "
                  "so."),
        ("SX-17", "The straight on 3,0 has room for 1 prisoner; now 1 is there.")]
    assert t.marks(s, move) == (Mark("from", "2,0/0", 0), Mark("to", "3,0/0", 0))
    room = t.explain(s, move)[2]
    assert room.marks == (Mark("count", "3,0/0", 0, "1/1"),)


def test_SX_17_SX_13_a_hiding_place_holds_two_and_an_own_door_lets_its_owner_pass():
    s = act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)},
            prisoners={0: ["2,0/0"]}, doors={0: ["2,0/0"]})
    move = Step("island", "2,0/0")
    assert steps_of(s, move)[1:] == [
        ("SX-I4", "The island is joined through facing openings only to the hiding place on "
                  "2,0: a prisoner steps only between places joined so."),
        ("SX-17", "The hiding place on 2,0 has room for 2 prisoners; now 2 are there."),
        ("SX-13", "Red's own door stands on the hiding place on 2,0: only Red may move "
                  "prisoners through it.")]


def test_SX_18_a_zone_reached_is_claimed():
    s = act(tiles=EAST, prisoners={0: ["3,0/0"]})
    move = Step("3,0/0", "zone 0")
    assert teach(s).move_words(s, move) == ("Red moved a prisoner from the straight on 3,0 "
                                            "to free zone 0")
    assert steps_of(s, move)[2] == (
        "SX-18", "Red reaches free zone 0 and claims it: no other prisoner may enter that zone "
                 "this round.")


def test_SX_13_a_door_owns_its_tunnel():
    s = act(tiles=EAST)
    move = Door("2,0/0")
    t = teach(s)
    assert t.move_words(s, move) == "Red put a door on the straight on 2,0"
    assert steps_of(s, move)[0] == (
        "SX-13", "Red puts a door on the straight on 2,0 and owns its tunnel: only its owner "
                 "may move prisoners through that door.")
    assert t.marks(s, move) == (Mark("placed", "2,0/0", 0, "door"),)
    assert steps_of(s, move)[1] == ("SX-06", "Blue draws a tile (51 tiles left in the stack).")


def test_SX_I5_a_door_moved():
    s = act(tiles={**EAST, "0,2": ("straight", 2)}, doors={0: ["2,0/0"]})
    move = Door("0,2/0", "2,0/0")
    assert teach(s).move_words(s, move) == ("Red moved a door from the straight on 2,0 to the "
                                            "straight on 0,2")
    assert steps_of(s, move)[0] == (
        "SX-I5", "Red moves a door from the straight on 2,0 to the straight on 0,2.")
    assert teach(s).marks(s, move) == (Mark("from", "2,0/0", 0), Mark("to", "0,2/0", 0, "door"))


def test_SX_05_the_end_of_a_turn():
    s = act(tiles=EAST, prisoners={0: ["2,0/0"]}, steps={0: [1]})
    assert teach(s).move_words(s, END_TURN) == "Red ended the turn"
    assert teach(s).hint_words(s, END_TURN) == "end your turn"
    assert steps_of(s, END_TURN)[0] == ("SX-05", "Red ends the turn after 1 step; play goes "
                                                 "clockwise.")


def test_SX_19_SX_20_SX_21_SX_22_a_round_ends_and_the_tunnels_collapse():
    s = round_end_position()
    assert steps_of(s, Step("3,0/0", "zone 0")) == [
        ("SX-16", "Red's prisoner steps from the straight on 3,0 to free zone 0: its step 1 of "
                  "2, and Red's step 1 of 5 this turn."),
        ("SX-I4", "The straight on 3,0 is joined through facing openings to 2 places, free "
                  "zone 0 among them: a prisoner steps only between places joined so."),
        ("SX-18", "Red reaches free zone 0 and claims it: no other prisoner may enter that "
                  "zone this round."),
        ("SX-19", "Round 1 ends: Red has freed 2 prisoners in it (the round's target is 2)."),
        ("SX-20", "The tunnels collapse: every prisoner in a tunnel is buried (1 prisoner of "
                  "Blue); those on hiding places stay on the board (1)."),
        ("SX-21", "53 tiles are shuffled into a new stack."),
        ("SX-22", "2 prisoners in the free zones go on to the free land, freed for good; the "
                  "zones are open again."),
        ("SX-20", "The doors go back to their owners."),
        ("SX-06", "Blue draws a tile (52 tiles left in the stack).")]


def test_SX_23_standings_freed_prisoners_decide():
    s = round_end_position()
    standings = teach(s).standings(s, 0)
    assert standings.deciding.key == "freed" and standings.deciding.rule == "SX-23"
    assert [c.key for c in standings.table.columns] == [
        "freed", "in_zone", "on_board", "island", "buried", "hand"]
    assert standings.value(0, "freed") == 1 and standings.value(0, "in_zone") == 1
    assert standings.value(0, "on_board") == 2 and standings.value(1, "on_board") == 1
    assert standings.value(1, "hand") == 2
    assert standings.leaders == (0,)
    assert standings.summary == "Red leads with 1 prisoner freed (SX-23)."
    assert standings.facts == (
        "Round 1: it ends when a player has freed 2 prisoners in it (SX-19, SX-I7).",
        "Free zones claimed: 1 of 6 (SX-18).", "Tiles left in the stack: 48 (SX-I7).",
        "5 freed prisoners win (SX-23).")
    after = s.apply(Step("3,0/0", "zone 0"))
    later = teach(after).standings(after, 1)
    assert later.value(0, "freed") == 2 and later.value(1, "buried") == 1
    assert later.facts[0].startswith("Round 2:")


def test_SX_23_the_winner_is_named_once_the_game_is_over():
    s = act(tiles=EAST, prisoners={0: ["freed"] * 4 + ["3,0/0"]})
    after = s.apply(Step("3,0/0", "zone 0"))
    standings = teach(after).standings(after)
    assert standings.over and standings.leaders == (0,)
    assert standings.summary == "Red won with 5 prisoners freed (SX-23)."
    assert ("SX-23", "Red has freed 5 prisoners and wins (5 freed prisoners win).") in \
        steps_of(s, Step("3,0/0", "zone 0"))


def stack_shuffled(state, viewer, rng):
    """A position that looks the same to every seat: the face-down stack shuffled (SX-04)."""
    data = state.to_dict()
    if len(data["stack"]) < 2:
        return []
    stack = list(data["stack"])
    rng.shuffle(stack)
    data["stack"] = stack
    return [state.game.state_from_dict(data)]


def hands_dealt_again(state, viewer, rng):
    """The other seats' hands exchanged with stack tiles: ``viewer`` sees only counts."""
    data = state.to_dict()
    pool = list(data["stack"]) + [t for p, h in enumerate(data["hands"]) if p != viewer
                                  for t in h]
    rng.shuffle(pool)
    hands = []
    for p, hand in enumerate(data["hands"]):
        if p == viewer:
            hands.append(list(hand))
        else:
            hands.append(sorted(pool[:len(hand)]))
            pool = pool[len(hand):]
    data["hands"], data["stack"] = hands, pool
    return [state.game.state_from_dict(data)]


def test_standings_show_no_hidden_hand():
    s = position(tiles=EAST, hands={0: ["fork"], 1: ["straight", "branch"]})
    rng = random.Random(1)
    t = teach(s)
    for twin in hands_dealt_again(s, 0, rng):
        assert t.standings(twin, 0) == t.standings(s, 0)


@pytest.mark.parametrize("options,games", [
    (dict(players=2), 60),
    (dict(players=3, keys=True), 20),
    (dict(players=4, round_target=1, strict_fit=True), 20),
])
def test_random_play_every_move_has_words_marks_and_steps(options, games):
    report = check_teaching(boardlib.load("section_x", seed=0, max_turns=120, **options),
                            games=games, notation=NOTATION, twins=stack_shuffled,
                            standings_every=5, twins_every=20, seed=len(options))
    assert report.games == games and report.twins > 0
    assert {"SX-05", "SX-06", "SX-07", "SX-08", "SX-13", "SX-16"} <= set(report.rules)
