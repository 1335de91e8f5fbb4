"""The shared API on Carcassonne: catalogue, moves as text, saved states, import isolation."""
import json
import random

import pytest

import boardlib
from boardlib.core.api import InvalidInputError
from boardlib.core.match import Match
from boardlib.carcassonne.catalogue import CATALOGUE
from boardlib.carcassonne.rules import (END_TURN, PlaceFollower, PlaceTile, PlaceTunnelToken)

from cc_helpers import position

SPEC_IDS = ([f"CB-{i:02d}" for i in range(1, 17)] + [f"TU-{i:02d}" for i in range(1, 10)]
            + [f"TU-V{i}" for i in range(1, 5)] + ["KR-01", "KR-02", "CB-I1", "TU-I1",
                                                   "TU-I2", "TU-I3"])


def test_catalogue_has_every_rule_of_the_specification():
    assert all(rule in CATALOGUE for rule in SPEC_IDS)
    assert {r.id for r in CATALOGUE.interpretations} >= {"CB-I1", "TU-I1", "TU-I2", "TU-I3"}


def test_registry_and_options():
    game = boardlib.load("carcassonne", players=3, seed=7, tunnel=True)
    assert game.name == "carcassonne" and game.num_players == 3
    with pytest.raises(InvalidInputError):
        boardlib.load("carcassonne", farms="4th")
    with pytest.raises(InvalidInputError):
        boardlib.load("carcassonne", tunnels=True)


@pytest.mark.parametrize("move", [PlaceTile((3, -2), 3), PlaceTile((0, 1), 0),
                                  PlaceFollower("city:N+E"), PlaceFollower("cloister"),
                                  PlaceFollower("field:NL+NR+EL+WR"),
                                  PlaceTunnelToken((1, -4, "W"), "grey"), END_TURN])
def test_moves_round_trip_through_text(move):
    game = boardlib.load("carcassonne")
    assert game.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["tile 1,2", "tile 1,0 rot 45", "follower city:Q",
                                  "token blue 1,0 X", "dance", ""])
def test_bad_move_text_is_refused_clearly(text):
    with pytest.raises(InvalidInputError):
        boardlib.load("carcassonne").parse_move(text)


def test_parse_normalises_feature_order():
    game = boardlib.load("carcassonne")
    assert game.parse_move("follower city:W+N") == PlaceFollower("city:N+W")


def test_state_round_trips_and_apply_leaves_old_state():
    game = boardlib.load("carcassonne", players=3, seed=2, king_robber_baron=True)
    match = Match(game)
    for _ in range(60):
        state = match.state
        before = state.to_dict()
        match.play(state.legal_moves()[len(state.legal_moves()) // 2])
        assert state.to_dict() == before
    again = game.state_from_json(match.state.to_json())
    assert again.to_dict() == match.state.to_dict()
    assert again.legal_moves() == match.state.legal_moves()
    saved = Match.from_json(match.to_json())
    assert saved.state.to_dict() == match.state.to_dict()


@pytest.mark.parametrize("change,words", [
    (lambda d: d["board"].append([5, 5, "U", 0]), "does not fit"),
    (lambda d: d["board"].__setitem__(0, [0, 0, "U", 0]), "start tile"),
    (lambda d: d["deck"].append("C"), "not this game's tiles"),
    (lambda d: d["supply"].__setitem__(0, 3), "supply"),
    (lambda d: d["followers"].append([0, 0, "city:S", 0]), "no feature"),
    (lambda d: d["tokens"].append([0, 0, "W", "blue"]), "no tunnel opening"),
    (lambda d: d["scores"].__setitem__(1, -1), "scores"),
    (lambda d: d.__setitem__("phase", "dancing"), "phase"),
    (lambda d: d.pop("deck"), "the field 'deck' is missing"),
    (lambda d: d.__setitem__("completed", [5, 0, 0]), "completed"),
])
def test_malformed_saved_states_are_refused(change, words):
    s = position("U", deck=["U"])
    data = json.loads(json.dumps(s.to_dict()))
    change(data)
    with pytest.raises(InvalidInputError, match=words):
        s.game.state_from_dict(data)


def test_refused_move_leaves_state_unchanged():
    s = position("U", deck=["U"])
    before = s.to_dict()
    with pytest.raises(Exception):
        s.apply(PlaceTile((5, 5), 0))
    assert s.to_dict() == before


def test_finished_game_round_trips_and_keeps_its_outcome():
    game = boardlib.load("carcassonne", players=2, seed=9, king_robber_baron=True)
    state = game.new_initial_state()
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[-1] if len(moves) < 4 else moves[3])
    again = game.state_from_json(state.to_json())
    assert again.is_terminal() and again.outcome() == state.outcome()
    assert again.end_scores == state.end_scores


def test_observation_hides_only_the_pile_order():
    state = boardlib.load("carcassonne", seed=3).new_initial_state()
    seen = state.observation(1)
    full = state.to_dict()
    assert seen["deck"] == sorted(full["deck"]) and seen["deck"] != full["deck"]
    assert {k: v for k, v in seen.items() if k != "deck"} == {
        k: v for k, v in full.items() if k != "deck"}


def test_saved_game_with_a_fractional_king_or_an_early_end_is_refused():
    """Found by fuzzing saves: a king of 1.5 loaded and crashed the end scoring; a game
    declared over with tiles still to lay loaded too (CB-13)."""
    game = boardlib.load("carcassonne", king_robber_baron=True)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(40):
        state = state.apply(state.random_move(rng))
    saved = json.loads(json.dumps(state.to_dict()))
    for change in ({"king": [1.5, 1]}, {"king": [True, 1]}, {"end_scores": "abc"},
                   {"phase": "over", "end_scores": [0, 0], "tile": None, "placed": None}):
        with pytest.raises(InvalidInputError):
            game.state_from_dict({**saved, **change})
    assert game.state_from_dict(saved).to_dict() == saved
