"""Small helpers for the Room 25 scenario tests."""
import pytest

import boardlib
from boardlib.core.api import IllegalMoveError


def load(mode="cooperative", **options):
    """A game with seed 0 unless a test gives one (a game without a seed is a new deal)."""
    options.setdefault("seed", 0)
    return boardlib.load("room25", mode=mode, **options)


def play(state, *texts):
    """Apply moves given as text, through the public API."""
    for text in texts:
        state = state.apply(state.game.parse_move(text))
    return state


def program_all(state, plans=None):
    """Program every character that must program now; the default plan "push, control" is
    lost at once from the Central Room (R25-09), so bystanders never ask for decisions."""
    plans = plans or {}
    turn = state.turn
    while state.phase == "program" and state.turn == turn:
        c = state.current_character
        state = play(state, f"program {c}: {plans.get(c, 'push, control')}")
    return state


def refused(state, text, rule):
    """Assert that ``text`` is refused with ``rule``, and that the state is unchanged."""
    move = state.game.parse_move(text)
    before = state.to_dict()
    problem = state.why_illegal(move)
    assert problem is not None, f"{text} was accepted"
    assert problem.rule == rule, f"{text}: {problem}"
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == rule
    assert state.to_dict() == before
    return problem


def rules(state):
    return [e.rule for e in state.events]


def texts(state):
    return " | ".join(str(e) for e in state.events)
