"""Move text, saved states and bad input: clear errors, states unchanged."""
from __future__ import annotations

import json
import random

import pytest

import boardlib
from boardlib.core.api import InvalidInputError
from boardlib.core.match import Match
from boardlib.section_x.positions import H, act, position
from boardlib.section_x.rules import (Door, EndTurn, MoveTile, PlaceTile, RotateTile, Step,
                                      SwapTiles)

GAME = boardlib.load("section_x", players=3, seed=9)


@pytest.mark.parametrize("move", [
    PlaceTile("wide-curve", H("2,-3"), 4), SwapTiles(H("2,-3"), H("-1,3")),
    MoveTile(H("2,0"), H("0,-3")), RotateTile(H("-2,2"), 5), Step("island", "2,-1/0"),
    Step("3,0/0", "zone 0"), Door("2,-1/0"), Door("3,-1/1", "2,-1/0"), EndTurn()])
def test_moves_print_and_parse_back(move):
    assert GAME.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "place", "step island", "swap 1,2", "door on moon",
                                  "rotate 2,0 to r12", 42])
def test_unreadable_moves_are_refused_clearly(text):
    with pytest.raises(InvalidInputError):
        GAME.parse_move(text)


def test_readable_but_wrong_moves_name_a_rule():
    s = position(hands={0: ["straight"]}, tiles={"2,-3": ("fork", 0)})
    assert s.why_illegal(GAME.parse_move("place castle at 2,0 r0")).rule == "SX-I2"
    assert s.why_illegal(GAME.parse_move("rotate 2,-3 to r9")).rule == "SX-I2"
    assert s.why_illegal(PlaceTile("straight", H("2,0"), 7)).rule == "SX-I2"
    assert s.why_illegal("end turn").rule == "SX-05"


def test_save_and_load_round_trip_in_a_match():
    match = Match(GAME)
    for _ in range(40):
        match.play(match.state.legal_moves()[-1])
    again = GAME.state_from_json(match.state.to_json())
    assert again.to_dict() == match.state.to_dict()
    assert again.legal_moves() == match.state.legal_moves()


def corrupt(change):
    data = json.loads(act(tiles={"2,0": ("straight", 0)}, prisoners={0: ["2,0/0"]},
                          doors={0: ["2,0/0"]}, seed=3).to_json())
    change(data["state"])
    return json.dumps(data)


@pytest.mark.parametrize("change, words", [
    (lambda s: s["prisoners"].pop(), "prisoners"),
    (lambda s: s["prisoners"].__setitem__(1, "2,0/0"), "room"),         # SX-17
    (lambda s: s["prisoners"].__setitem__(1, "5,5/0"), "place"),
    (lambda s: s["stack"].pop(), "54 tiles"),
    (lambda s: s["board"].__setitem__("1,0", [53, 0]), "ocean"),        # island field
    (lambda s: s["board"]["2,0"].__setitem__(1, 3), "rotation"),        # not canonical
    (lambda s: s["doors"][1].__setitem__(0, ["2,0/0", 0]), "one door"),  # SX-14
    (lambda s: s.__setitem__("phase", "dance"), "phase"),
    (lambda s: s.__setitem__("player", 7), "player"),
    (lambda s: s["steps"].__setitem__(0, 3), "steps"),
    (lambda s: s.__setitem__("steps_total", 4), "steps_total"),
    (lambda s: s.__setitem__("extra", 1), "fields"),
    (lambda s: s["hands"][0].extend([0, 1, 2, 3]), "hand"),
])
def test_malformed_saves_are_refused(change, words):
    game = boardlib.load("section_x", players=2, seed=3)
    with pytest.raises(InvalidInputError, match=words):
        game.state_from_json(corrupt(change))


def test_bad_options_are_refused():
    with pytest.raises(InvalidInputError):
        boardlib.load("section_x", strict_fit="yes")
    with pytest.raises(InvalidInputError):
        boardlib.load("section_x", round_target=9)
    with pytest.raises(InvalidInputError):
        boardlib.load("section_x", max_turns=-1)
    with pytest.raises(InvalidInputError):
        boardlib.load("section_x", colour="red")


def test_observation_hides_stack_order_and_other_hands():
    s = GAME.new_initial_state()
    seen = s.observation(1)
    assert seen["stack"] == len(s.stack) and seen["hands"][0] == 1
    assert s.observation(0)["hands"][0] == list(s.hands[0])


def test_events_name_rules():
    s = act(tiles={"2,0": ("straight", 0), "3,0": ("straight", 0)}, prisoners={0: ["3,0/0"]})
    after = s.apply(Step("3,0/0", "zone 0"))
    assert [str(e) for e in after.events] == ["player 0 reaches zone 0 and claims it (SX-18)"]


def test_SX_23_SX_I10_a_saved_result_must_match_the_position():
    """Found by an audit: a save could declare 'five prisoners freed' with everyone still on
    the island. Each ending is checked against the prisoners and turns on record."""
    game = boardlib.load("section_x")
    start = game.new_initial_state().to_dict()
    for termination, rule in (("five prisoners freed", "SX-23"), ("turn limit", "SX-I10"),
                              ("nobody can reach five", "SX-I10")):
        result = {"termination": termination, "winners": [0], "scores": [5.0, 0.0],
                  "rule": rule}
        with pytest.raises(InvalidInputError, match="does not match"):
            game.state_from_dict({**start, "phase": "over", "result": result})
    short = boardlib.load("section_x", max_turns=30, seed=2)
    state = short.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state = state.apply(state.random_move(rng))
    saved = json.loads(json.dumps(state.to_dict()))
    assert short.state_from_dict(saved).outcome() == state.outcome()
