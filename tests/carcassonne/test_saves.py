"""Carcassonne saves that never lie: typed moves, seeds, bounded input, and loading that
refuses scores, King and Robber Baron sizes the board does not give (CB-08 … CB-15, KR-01)."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings

import boardlib
from boardlib.carcassonne.rules import (END_TURN, PlaceFollower, PlaceTile, PlaceTunnelToken,
                                        end_scoring)
from boardlib.core import IllegalMoveError, InvalidInputError
from boardlib.core.testing import check_loaded_save, check_round_trip
from boardlib.core.testing.strategies import mutated_save, wrong_moves


def played(moves, seed=1, players=2, **options):
    game = boardlib.load("carcassonne", players=players, seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    return state


def finished(seed=1, **options):
    return played(10_000, seed=seed, **options)


def refused(state, **changes):
    data = json.loads(json.dumps(state.to_dict()))
    data.update(changes)
    with pytest.raises(InvalidInputError) as info:
        state.game.state_from_dict(data)
    assert len(str(info.value)) < 300
    return str(info.value)


# --- typed moves ------------------------------------------------------------------

@pytest.mark.parametrize("move, rule", [
    (PlaceTile((1.0, 0), 0), "CB-04"), (PlaceTile((1, 0), 0.0), "CB-04"),
    (PlaceTile([1, 0], 0), "CB-04"), (PlaceTile((True, 0), 0), "CB-04"),
    (PlaceTile((1, 0, 0), 0), "CB-04"), (PlaceFollower(3), "CB-06"),
    (PlaceTunnelToken([0, 0, "E"], "blue"), "TU-03"), (PlaceTunnelToken((0, 0, "E"), 1), "TU-03"),
    ("end turn", "CB-03"), (None, "CB-03"),
])
def test_CB_03_moves_of_the_wrong_type_are_refused_never_played(move, rule):
    state = played(0)
    problem = state.why_illegal(move)
    assert problem is not None and problem.rule == rule
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule


def test_CB_04_an_equal_looking_placement_is_not_a_legal_move():
    state = played(0)
    legal = state.legal_moves()[0]
    x, y = legal.position
    twin = PlaceTile((float(x), y), legal.rotation)
    assert twin == twin and twin != legal and twin not in state.legal_moves()


SAMPLES = [played(1), played(40, seed=2, players=3, king_robber_baron=True),
           played(120, seed=3, tu_v3=True), finished(4, farms="1st", king_robber_baron=True)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tile=wrong_moves(played(0)), after=wrong_moves(SAMPLES[0]),
       later=wrong_moves(SAMPLES[2]))
def test_any_mutated_move_is_legal_exactly_when_listed(tile, after, later):
    for state, move in ((played(0), tile), (SAMPLES[0], after), (SAMPLES[2], later)):
        problem = state.why_illegal(move)
        assert (problem is None) == (move in state.legal_moves())
        if problem is not None:
            before = state.to_dict()
            with pytest.raises(IllegalMoveError):
                state.apply(move)
            assert state.to_dict() == before


@pytest.mark.parametrize("text", ["tile 1,0 rot 45", "tile 1,0 rot 90 " * 30,
                                  "follower city:Q", "token blue 1,0 X", "tile 1.0,0 rot 0",
                                  "tile " + "9" * 300 + ",0 rot 0"])
def test_bad_move_text_is_invalid_input_with_a_short_message(text):
    with pytest.raises(InvalidInputError) as info:
        boardlib.load("carcassonne", seed=1).parse_move(text)
    assert len(str(info.value)) < 300


# --- seeds (CB-02) ------------------------------------------------------------------

def test_CB_02_every_new_game_is_a_new_deal_and_a_seed_reproduces_one():
    piles = {tuple(boardlib.load("carcassonne").new_initial_state().to_dict()["deck"])
             for _ in range(5)}
    assert len(piles) == 5
    one = boardlib.load("carcassonne", seed=11).new_initial_state()
    assert one == boardlib.load("carcassonne", seed=11).new_initial_state()


def test_CB_02_the_seed_tells_the_pile_so_players_never_see_it():
    game = boardlib.load("carcassonne", seed=424242)
    assert "424242" not in repr(game) and "seed" not in game.visible_options
    assert "424242" in game.new_initial_state().to_json()
    assert "424242" in boardlib.Match(game).to_json()


def test_CB_03_the_end_of_a_turn_reveals_the_next_tile():
    state = played(0)
    assert not state.revealed_to(0)
    state = state.apply(state.legal_moves()[0])
    assert not any(state.revealed_to(p) for p in range(2))   # a tile laid: nothing hidden
    state = state.apply(END_TURN)
    assert all(state.revealed_to(p) for p in range(2))


# --- loading refuses what the board does not give ---------------------------------------

def test_CB_08_CB_11_a_score_no_completed_features_give_is_refused():
    from boardlib.carcassonne.positions import play, position

    # Tile E on D's city closes a 2-tile city: 4 points (CB-09), the only feature scored.
    state = play(position("E", deck=["U"]), "tile 0,1 rot 180", "end turn")
    assert state.completed == (1, 0, 0) and state.scores == (0, 0)
    for good in ([4, 0], [0, 4], [4, 4]):          # a majority, or a tie (CB-11)
        data = {**state.to_dict(), "scores": good}
        assert state.game.state_from_dict(data).scores == tuple(good)
    for bad in ([3, 0], [8, 0], [0, 2]):
        assert "not what the features completed on this board can give" in refused(
            state, scores=bad)


def test_CB_14_CB_15_end_scores_must_be_what_the_board_gives():
    done = finished(6)
    assert done.end_scores == end_scoring(done).points
    end = list(done.end_scores)
    end[1] += 3
    assert "end scores must be" in refused(done, end_scores=end)


def test_KR_01_the_king_holds_the_largest_completed_city():
    done = finished(7, king_robber_baron=True)
    assert done.king is not None
    player, size = done.king
    assert "KR-01" in refused(done, king=[player, size + 1])
    assert "KR-01" in refused(done, king=None)
    plain = finished(7)
    assert "KR-01" in refused(plain, king=[0, 3])


def test_CB_03_the_turn_record_must_fit_the_board():
    after = SAMPLES[0]
    assert after.phase == "after"
    assert "'placed' must be the tile laid last" in refused(after, placed=[0, 0])
    assert "follower_done" in refused(after, follower_done=not after.follower_done)
    tile = played(0)
    assert "nothing else of the turn" in refused(tile, follower_done=True)


@pytest.mark.parametrize("sample", range(len(SAMPLES)))
def test_sample_states_round_trip(sample):
    check_round_trip(SAMPLES[sample])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(first=mutated_save(SAMPLES[0]), king=mutated_save(SAMPLES[1]),
       shared=mutated_save(SAMPLES[2]), over=mutated_save(SAMPLES[3]))
def test_mutated_saves_load_to_sound_states_or_are_refused_quickly(first, king, shared, over):
    for sample, text in zip(SAMPLES, (first, king, shared, over)):
        check_loaded_save(sample.game, text)


def _groups_by_node(state):
    """Each node's group as plain values: its nodes, tiles, open ends, pennants, followers."""
    out = {}
    for node, gid in state.node_group.items():
        g = state.groups[gid]
        out[node] = (g.kind, frozenset(g.members), g.tiles, g.open, g.pennants,
                     sorted(g.followers), g.cities, g.done)
    return out


def test_CB_04_laying_in_place_while_loading_and_copying_in_a_move_give_the_same_board():
    """The loader lays a saved board into dicts it owns (no copy per tile); a move copies the
    dicts before laying. Every move leaves the state it came from as it was, and loading any
    state gives the same feature groups as playing to it."""
    import random

    game = boardlib.load("carcassonne", players=3, seed=8, tu_v3=True, king_robber_baron=True)
    state = game.new_initial_state()
    rng = random.Random(8)
    while not state.is_terminal():
        before = (dict(state.board), dict(state.frontier), dict(state.node_group),
                  dict(state.groups), state.feats.next_gid)
        for move in state.legal_moves()[:6]:
            state.apply(move)
        assert (state.board, state.frontier, state.node_group, state.groups,
                state.feats.next_gid) == before, "a move changed the state it came from"
        if state.turn % 9 == 0:
            loaded = game.state_from_json(state.to_json())
            assert _groups_by_node(loaded) == _groups_by_node(state)
            assert loaded.frontier == state.frontier and loaded.openings == state.openings
        state = state.apply(rng.choice(state.legal_moves()))
    loaded = game.state_from_json(state.to_json())
    assert _groups_by_node(loaded) == _groups_by_node(state)
