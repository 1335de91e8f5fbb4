"""Zyrcan saves that never lie: typed moves, bounded input, and loading that refuses
every state no game can reach (ZY-02, ZY-03, ZY-05, ZY-06, ZY-12, ZY-14, ZY-15, ZY-I2)."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError
from boardlib.core.testing import check_loaded_save, check_round_trip
from boardlib.core.testing.strategies import mutated_save, wrong_moves
from boardlib.grids.hex import Hex
from boardlib.zyrcan import ATTACK, OVER, PLACEMENT, Attack, Place, position


def played(moves, players=3, seed=0, **options):
    rng = random.Random(seed)
    state = boardlib.load("zyrcan", players=players, **options).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def refused(state, **changes):
    with pytest.raises(InvalidInputError) as info:
        state.game.state_from_dict({**state.to_dict(), **changes})
    assert len(str(info.value)) < 300
    return str(info.value)


# --- typed moves ------------------------------------------------------------------

@pytest.mark.parametrize("move, rule", [
    (Place(Hex(3, 3), 2.0), "ZY-05"), (Place(Hex(3, 3), True), "ZY-05"),
    (Place(Hex(3.0, 3), 2), "ZY-05"), (Place(Hex([3], 3), 2), "ZY-05"),
    (Place((3, 3), 2), "ZY-05"), (Place("3,3", 2), "ZY-05"),
    (Attack(Hex(3, 3), 0.0), "ZY-06"), (Attack(Hex(3, 3), "E"), "ZY-06"),
    ("place 2 at 3,3", "ZY-14"), (None, "ZY-14"),
])
def test_ZY_14_moves_of_the_wrong_type_are_refused_never_played(move, rule):
    state = boardlib.load("zyrcan").new_initial_state()
    problem = state.why_illegal(move)
    assert problem is not None and problem.rule == rule
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule and len(str(info.value)) < 300


def test_ZY_14_equal_looking_moves_are_not_legal_moves():
    state = boardlib.load("zyrcan").new_initial_state()
    legal = state.legal_moves()
    assert Place(Hex(3, 3), 2) in legal and Place(Hex(3, 3), 2.0) not in legal


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=wrong_moves(played(20)), attack=wrong_moves(played(60)))
def test_any_mutated_move_is_legal_exactly_when_listed(data, attack):
    for state, move in ((played(20), data), (played(60), attack)):
        problem = state.why_illegal(move)
        assert (problem is None) == (move in state.legal_moves())
        if problem is not None:
            with pytest.raises(IllegalMoveError):
                state.apply(move)


@pytest.mark.parametrize("text", ["place 2 at 3,3,3", "attack 3,3 N", "place 2.0 at 3,3",
                                  "pass " * 100, "place " + "9" * 300 + " at 1,1"])
def test_bad_move_text_is_invalid_input_with_a_short_message(text):
    with pytest.raises(InvalidInputError) as info:
        boardlib.load("zyrcan").parse_move(text)
    assert len(str(info.value)) < 300


def test_ZY_I1_a_custom_board_is_bounded():
    with pytest.raises(InvalidInputError, match="at most 1000 items"):
        boardlib.load("zyrcan", board=[[q, r] for q in range(40) for r in range(40)])
    with pytest.raises(InvalidInputError, match="from -64 to 64"):
        boardlib.load("zyrcan", board=[[q, 10 ** 6] for q in range(40)])
    with pytest.raises(InvalidInputError, match="whole number"):
        boardlib.load("zyrcan", board=[[q, 1.0] for q in range(40)])


# --- loading refuses what no game can reach ------------------------------------------

def test_ZY_15_an_attack_phase_with_one_fleet_left_is_stuck_and_refused():
    state = position(ships={Hex(2, 2): (0, 2), Hex(6, 1): (1, 1)})
    alone = state.to_dict()
    alone["ships"] = [s for s in alone["ships"] if s[2] == 0]
    with pytest.raises(InvalidInputError, match="only one fleet is left.*ZY-15"):
        state.game.state_from_dict({**alone, "to_move": 2})


def test_ZY_05_ZY_I2_a_placement_turn_order_must_match_the_ships_placed():
    state = played(7)                                     # 7 ships placed, player 1 to move
    assert state.phase == PLACEMENT and state.to_move == 1
    assert "player 1 is to move, not player 2" in refused(state, to_move=2)
    ships = state.to_dict()["ships"]
    mine = [s for s in ships if s[2] == 0]
    theirs = [s for s in ships if s[2] != 0]
    swapped = [[*mine[0][:2], 1, mine[0][3]]] + mine[1:] + theirs  # one of 0's ships is 1's
    reserves = state.to_dict()["reserves"]
    e = mine[0][3] - 1
    reserves[0][e] += 1
    reserves[1][e] -= 1
    message = refused(state, ships=swapped, reserves=reserves)
    assert "player 0 has placed 2 ships" in message and "ZY-05" in message


def test_ZY_06_no_attack_phase_with_ships_left_to_place_and_no_placement_without():
    assert "ZY-06" in refused(played(7), phase=ATTACK)
    full = played(36)
    assert full.phase == ATTACK
    data = full.to_dict()
    assert "ZY-06" in refused(full, phase=PLACEMENT, reserves=data["reserves"])


def test_ZY_02_ZY_03_ZY_05_ships_on_the_board_and_fleets_of_twelve():
    state = played(7)
    data = state.to_dict()
    assert "ZY-02" in refused(state, ships=[[0, 0, 0, 1]] + data["ships"][1:])
    assert "ZY-05" in refused(state, ships=data["ships"] + [data["ships"][0]])
    reserves = [list(r) for r in data["reserves"]]
    reserves[0][0] += 1
    assert "state.reserves[0][0]: must be a whole number from 0 to 4" in refused(
        state, reserves=reserves) or "ZY-03" in refused(state, reserves=reserves)


def test_ZY_12_ZY_15_an_ending_must_be_one_the_board_shows():
    middle = played(45)
    for ended in ("last fleet", "eliminated", "pass"):
        assert "does not show the ending" in refused(middle, phase=OVER, ended=ended)
    assert "'ended' is set exactly" in refused(middle, ended="pass")


def test_every_reachable_state_loads_again_to_an_equal_state():
    for seed in range(30):
        state = boardlib.load("zyrcan", players=3 + seed % 3).new_initial_state()
        rng = random.Random(seed)
        while True:
            check_round_trip(state)
            if state.is_terminal():
                break
            state = state.apply(rng.choice(state.legal_moves()))


def test_saves_are_json_and_hold_the_options():
    game = boardlib.load("zyrcan", players=4, first_player=2)
    data = json.loads(game.new_initial_state().to_json())
    assert data["options"] == {"players": 4, "board": None, "first_player": 2}
    with pytest.raises(InvalidInputError, match="first_player differ"):
        boardlib.load("zyrcan", players=4).state_from_json(json.dumps(data))


SAMPLES = [played(0), played(7), played(36), played(50), played(200, seed=3),
           played(90, players=5, seed=1)]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=mutated_save(SAMPLES[1]), attack=mutated_save(SAMPLES[3]),
       over=mutated_save(SAMPLES[4]), five=mutated_save(SAMPLES[5]))
def test_mutated_saves_load_to_sound_states_or_are_refused_quickly(data, attack, over, five):
    for sample, text in zip(SAMPLES[1:], (data, attack, over, five)):
        check_loaded_save(sample.game, text)


def test_sample_endings_cover_the_over_phase():
    assert SAMPLES[4].phase == OVER
