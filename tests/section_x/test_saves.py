"""Section X saves that never lie, and moves that are typed (issue 16 item 4): every state a
game reaches loads again to an equal state; loading refuses every state no game can reach
or that is stuck, naming the rule; mutated saves and moves are refused quickly, never with
another exception; a game without a seed is a fresh deal."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError
from boardlib.core.testing import check_loaded_save, check_round_trip
from boardlib.core.testing.strategies import mutated_save, wrong_moves
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.section_x.rules import (Door, MoveTile, PlaceTile, RotateTile, Step,
                                      SwapTiles)

from .conftest import CorridorGame, CrowdedGame


def played(moves, game=None, seed=0, **options):
    """The state after ``moves`` random moves (or the end)."""
    game = game or boardlib.load("section_x", seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(state.random_move(rng))
    return state


def refused(state, **changes):
    """The message with which a save of ``state`` with ``changes`` is refused."""
    with pytest.raises(InvalidInputError) as info:
        state.game.state_from_dict({**state.to_dict(), **changes})
    assert len(str(info.value)) < 300
    return str(info.value)


# --- typed moves ------------------------------------------------------------------

@pytest.mark.parametrize("move, rule", [
    (PlaceTile("straight", H("2,0"), 0.0), "SX-07"), (PlaceTile("straight", H("2,0"), True),
                                                      "SX-07"),
    (PlaceTile("straight", H("2,0") + H("0,0"), 0), None),
    (PlaceTile("straight", (2, 0), 0), "SX-07"), (PlaceTile(3, H("2,0"), 0), "SX-07"),
    (SwapTiles(H("2,0"), "3,0"), "SX-08"), (MoveTile(H("2,0"), [3, 0]), "SX-08"),
    (RotateTile(H("2,0"), 1.5), "SX-08"), ("place straight at 2,0 r0", "SX-05"),
    (None, "SX-05"), (Step("island", 7), "SX-I4"), (Door(("2,0/0",)), "SX-I5"),
])
def test_moves_of_the_wrong_type_are_refused_never_played(move, rule):
    state = position(tiles=EAST, hands={0: ["straight"]}, seed=1)
    problem = state.why_illegal(move)
    assert move not in state.legal_moves()
    if rule is None:                       # a well-typed move: the rules refuse it
        assert problem is not None
        return
    assert problem is not None and problem.rule == rule, problem
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert len(str(info.value)) < 300


def test_equal_looking_moves_are_not_legal_moves():
    state = position(hands={0: ["straight"]}, seed=1)
    legal = state.legal_moves()
    assert PlaceTile("straight", H("2,0"), 1) in legal
    assert PlaceTile("straight", H("2,0"), 1.0) not in legal
    assert PlaceTile("straight", H("2,0"), True) not in legal
    # a turn that looks like a smaller one is written as the smaller one (SX-I2)
    assert state.why_illegal(PlaceTile("straight", H("2,0"), 4)).rule == "SX-I2"
    # a swap names its tiles in either order
    two = position(tiles={"2,0": ("straight", 0), "-2,0": ("fork", 0)}, seed=1)
    assert SwapTiles(H("2,0"), H("-2,0")) in two.legal_moves()
    assert SwapTiles(H("-2,0"), H("2,0")) in two.legal_moves()
    assert two.why_illegal(SwapTiles(H("-2,0"), H("2,0"))) is None


SAMPLES = [played(30, seed=1, players=3), played(5, CorridorGame(players=2, seed=4)),
           played(40, CorridorGame(players=4, seed=6, keys=True)),
           played(12, CrowdedGame(players=3, seed=2)),
           played(400, CorridorGame(players=2, seed=3, round_target=1, max_turns=60))]


def test_the_samples_cover_both_phases_doors_prisoners_and_the_end():
    assert {s.phase for s in SAMPLES} == {"tile", "act", "over"}
    assert any(d is not None for s in SAMPLES for row in s.doors for d in row)
    assert any(c >= 0 for s in SAMPLES for c in s.locs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=wrong_moves(SAMPLES[0]), second=wrong_moves(SAMPLES[1]),
       third=wrong_moves(SAMPLES[2]), fourth=wrong_moves(SAMPLES[3]))
def test_any_mutated_move_is_legal_exactly_when_listed(first, second, third, fourth):
    for state, move in zip(SAMPLES, (first, second, third, fourth)):
        problem = state.why_illegal(move)
        assert (problem is None) == (move in state.legal_moves()), (move, problem)
        if problem is not None:
            assert problem.rule.startswith("SX-")
            with pytest.raises(IllegalMoveError):
                state.apply(move)


@pytest.mark.parametrize("text", ["door on", "step island to zone 9", "place straight at 2,0 r",
                                  "end turn " * 30, "swap " + "9" * 300 + ",0 with 1,1",
                                  "rotate 2,0 to r12"])
def test_bad_move_text_is_invalid_input_with_a_short_message(text):
    with pytest.raises(InvalidInputError) as info:
        boardlib.load("section_x", seed=1).parse_move(text)
    assert len(str(info.value)) < 300


# --- loading refuses what no game can reach ------------------------------------------

def test_SX_06_SX_I8_no_game_waits_in_phase_two_with_an_empty_hand():
    state = position(tiles=EAST, hands={0: ["fork"]}, seed=2)
    assert "SX-06" in refused(state, hands=[[], []], stack=state.to_dict()["stack"] + [
        t for t in state.hands[0]])


def test_SX_19_SX_23_SX_I7_rounds_and_games_that_should_have_ended_are_refused():
    state = act(tiles=EAST, prisoners={0: ["zone 1"]}, seed=2)
    places = state.to_dict()["prisoners"]
    assert "SX-19" in refused(state, prisoners=["zone 1", "zone 2"] + places[2:])
    assert "SX-23" in refused(state, prisoners=["freed"] * 5 + places[5:])
    three = act(players=3, tiles=EAST, seed=2)
    zones = [f"zone {g}" for g in range(6)]
    six = three.to_dict()["prisoners"]
    six[0:2], six[8:10], six[16:18] = zones[0:2], zones[2:4], zones[4:6]
    assert "SX-I7" in refused(three, prisoners=six)


def test_SX_I10_a_game_past_its_limit_or_that_nobody_can_win_is_refused():
    state = act(tiles=EAST, max_turns=10, seed=2)
    assert "SX-I10" in refused(state, turn=10)
    places = state.to_dict()["prisoners"]
    assert "SX-I10" in refused(state, prisoners=["buried"] * 4 + places[4:8] +
                               ["buried"] * 4 + places[12:])


def test_SX_14_SX_I5_SX_I6_doors_and_keys_on_record_must_be_possible():
    state = act(tiles=EAST, doors={0: ["2,0/0"]}, seed=2)
    assert "SX-14" in refused(state, doors=[[["2,0/0", 0], None], [["3,0/0", 1], None]],
                              door_stamp=2)
    assert "SX-I5" in refused(state, doors=[[["2,0/0", 5], None], [None, None]])
    assert "SX-I6" in refused(state, keys=[True, False])
    assert "SX-I5" in refused(state, doors=[[["2,0/0", 0], None], [["-2,0/0", 0], None]])


def test_saves_are_checked_against_their_schema_first():
    state = act(tiles=EAST, seed=2)
    assert "state.steps[3]: must be a whole number from 0 to 2" in refused(
        state, steps=[0, 0, 0, 2.0] + [0] * 12)
    assert "state.board" in refused(state, board={"2,0": [0, 0], "9,9": [1, 0]})
    assert "state.player" in refused(state, player=True)


def test_every_reachable_state_loads_again_to_an_equal_state():
    """Over random games of every option set (and the prepared middle games)."""
    checked = 0
    for seed in range(24):
        options = dict(players=2 + seed % 3, seed=seed, keys=seed % 2 == 0,
                       strict_fit=seed % 4 == 1, round_target=(0, 1, 3)[seed % 3])
        game = (CorridorGame(**options, max_turns=30) if seed % 3 == 1 else
                CrowdedGame(**options, max_turns=20) if seed % 3 == 2 else
                boardlib.load("section_x", **options, max_turns=14))
        state = game.new_initial_state()
        rng = random.Random(seed)
        while True:
            check_round_trip(state)
            checked += 1
            if state.is_terminal():
                break
            state = state.apply(state.random_move(rng))
    assert checked > 1000


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=mutated_save(SAMPLES[0]), corridor=mutated_save(SAMPLES[2]),
       crowded=mutated_save(SAMPLES[3]), over=mutated_save(SAMPLES[4]))
def test_mutated_saves_load_to_sound_states_or_are_refused_quickly(start, corridor, crowded,
                                                                   over):
    for sample, text in zip((SAMPLES[0], SAMPLES[2], SAMPLES[3], SAMPLES[4]),
                            (start, corridor, crowded, over)):
        check_loaded_save(sample.game, text)


# --- seeds ------------------------------------------------------------------------

def test_a_game_without_a_seed_is_a_fresh_deal_and_a_given_seed_reproduces_it():
    stacks = {boardlib.load("section_x").new_initial_state().stack for _ in range(3)}
    assert len(stacks) == 3
    assert (boardlib.load("section_x", seed=7).new_initial_state().stack
            == boardlib.load("section_x", seed=7).new_initial_state().stack)
    game = boardlib.load("section_x", seed=7)
    assert "seed" not in repr(game) and "seed" not in game.visible_options   # hidden order
    assert json.loads(game.new_initial_state().to_json())["options"]["seed"] == 7
