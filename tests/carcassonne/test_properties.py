"""Hypothesis: any random game prefix keeps the incremental features equal to networkx's,
round-trips through JSON, and its legal moves are exactly the moves why_illegal accepts."""
import random

from hypothesis import given, settings, strategies as st

import boardlib
from boardlib.carcassonne.features import components, incremental_components
from boardlib.carcassonne.rules import PlaceTile
from boardlib.carcassonne.tiles import TILE_TYPES, oriented


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), moves=st.integers(0, 160),
       v1=st.booleans(), v3=st.booleans())
def test_random_prefix_keeps_features_and_round_trips(seed, players, moves, v1, v3):
    game = boardlib.load("carcassonne", players=players, seed=seed, tu_v1=v1, tu_v3=v3)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state = state.apply(rng.choice(state.legal_moves()))
    assert sorted(map(sorted, components(state))) == sorted(
        map(sorted, incremental_components(state)))
    again = game.state_from_json(state.to_json())
    assert again.to_dict() == state.to_dict() and again.legal_moves() == state.legal_moves()
    if state.phase == "tile":  # every place and rotation: legal exactly when listed
        legal = set(state.legal_moves())
        for pos in state.frontier:
            for r in range(4):
                move = PlaceTile(pos, r)
                assert (state.why_illegal(move) is None) == (move in legal)


@given(letter=st.sampled_from(sorted(TILE_TYPES)), a=st.integers(0, 3), b=st.integers(0, 3))
def test_rotations_compose(letter, a, b):
    turned = oriented(letter, (a + b) % 4)
    base = oriented(letter, a)
    assert turned.sides == tuple(base.sides[(d - b) % 4] for d in range(4))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 80) | st.sampled_from(
        ["D", "U", "TU2", "blue", "N", "city:N", "tile", "after", "over", ""]),
    lambda inner: st.lists(inner, max_size=4), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(["phase", "player", "turn", "tile", "deck", "discarded", "board",
                            "followers", "supply", "scores", "end_scores", "tokens", "placed",
                            "follower_done", "turn_tokens", "pending", "king", "baron",
                            "completed", "missed"]),
       value=JSON_VALUES)
def test_tampered_saved_state_loads_or_is_refused_clearly(key, value):
    from boardlib.core.api import InvalidInputError

    game = boardlib.load("carcassonne", players=2, seed=1, tu_v3=True)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_moves()))
    data = state.to_dict()
    data[key] = value
    try:
        loaded = game.state_from_dict(data)
    except InvalidInputError:
        return
    loaded.legal_moves()  # a state that loads must be playable
