"""``random_move`` remembers its pick, so ``apply`` skips the check for that move only."""
import random

import pytest

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError


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


@pytest.mark.parametrize("name", ["zyrcan", "section_x", "carcassonne", "room25"])
def test_apply_none_is_refused_with_a_rule_before_and_after_a_pick(name):
    """None is what "nothing picked yet" looks like inside a state: it must never pass as
    the picked move (it once ended a Zyrcan game at once)."""
    state = boardlib.load(name).new_initial_state()
    saved = state.to_dict()
    for _ in range(2):
        with pytest.raises(IllegalMoveError) as info:
            state.apply(None)
        assert info.value.rule and state.to_dict() == saved
        state.random_move(random.Random(1))             # now something is picked


@pytest.mark.parametrize("name, option, value", [
    ("zyrcan", "players", 3.0), ("section_x", "players", 2.0), ("section_x", "keys", 1),
    ("section_x", "strict_fit", 0), ("section_x", "max_turns", True),
    ("carcassonne", "two_player_token_sets", 2.0), ("section_x", "seed", 1.5)])
def test_an_option_of_the_wrong_type_is_refused_even_when_it_compares_equal(name, option, value):
    """3.0 == 3 and 1 == True, but a saved game made with them could not be read back."""
    with pytest.raises(InvalidInputError, match=option):
        boardlib.load(name, **{option: value})


def test_a_refused_move_that_cannot_be_written_out_still_gets_its_rule():
    from boardlib.room25.rules import Move
    state = boardlib.load("room25", mode="cooperative").new_initial_state()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(Move(25))                      # no 26th room: written as an excerpt
    assert info.value.rule.startswith("R25") and "25" in str(info.value)
