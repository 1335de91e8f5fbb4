"""Zyrcan's guided first game, engine side: the script's steps each have answers the
engine accepts, along the one line the greedy bots reply with."""
from __future__ import annotations

from boardlib.core.testing import guided_steps
from boardlib.zyrcan.guided import FIRST_GAME, PLACED, opening
from boardlib.zyrcan.rules import ATTACK, PLACEMENT, Attack, Place


def test_ZY_05_the_opening_is_a_placement_position_with_two_ships_each_left():
    state = opening()
    assert state.phase == PLACEMENT and state.current_player == FIRST_GAME.seat == 0
    assert len(state.ships()) == PLACED
    assert all(sum(state.reserve(p).values()) == 2 for p in range(3))
    assert opening().to_json() == state.to_json()       # the same every time


def test_every_step_has_answers_and_cites_its_rule():
    kinds = []
    for number, step, state, puzzle in guided_steps(FIRST_GAME):
        accepted = puzzle.accepted()
        assert accepted and step.rule in step.explanation, step.rule
        assert len(accepted) < len(state.legal_moves()), "a step can be got wrong"
        kinds.append(type(accepted[0]))
        wrong = next(m for m in state.legal_moves() if m not in accepted)
        assert not puzzle.judge(wrong).right
        assert state.phase == (PLACEMENT if number <= 2 else ATTACK)   # ZY-05, ZY-06
    assert kinds == [Place, Place, Attack, Attack]
