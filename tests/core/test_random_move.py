"""``random_move`` remembers its pick, so ``apply`` skips the check for that move only."""
import random

import pytest

import boardlib
from boardlib.core import IllegalMoveError


@pytest.mark.parametrize("name", ["zyrcan", "section_x", "carcassonne", "room25"])
def test_apply_trusts_only_the_move_picked_on_that_same_state(name, monkeypatch):
    state = boardlib.load(name).new_initial_state()
    asked = []
    checked = type(state).why_illegal
    monkeypatch.setattr(type(state), "why_illegal",
                        lambda self, move: asked.append(move) or checked(self, move))
    move = state.random_move(random.Random(3))
    after = state.apply(move)
    assert asked == []                                   # picked here: known legal
    other = next(m for m in state.legal_moves() if m is not move)
    assert state.apply(other) is not None
    assert asked == [other]                              # any other move is asked about
    assert after.apply(after.random_move(random.Random(4))) is not None
    # the same move object offered to the next state is checked there, not trusted
    if after.why_illegal(move) is not None:
        with pytest.raises(IllegalMoveError):
            after.apply(move)


def test_a_move_picked_in_phase_two_is_refused_in_phase_three():
    state = boardlib.load("section_x").new_initial_state()
    move = state.random_move(random.Random(0))
    after = state.apply(move)
    with pytest.raises(IllegalMoveError) as info:
        after.apply(move)
    assert info.value.rule == "SX-05"
