"""Carcassonne's guided first game: every step has answers the engine accepts along the one
line the greedy bot replies with, a wrong answer is refused with its reason, and the board
walks the steps (End turn judged like a click) into free play against the bot."""
from __future__ import annotations

import re

from boardlib.carcassonne.guided import CHOSEN, FIRST_GAME, first_game, first_game_board, opening
from boardlib.carcassonne.moves import EndTurn, PlaceFollower, PlaceTile
from boardlib.core.testing import guided_steps


def text(value: str) -> str:
    return re.sub("<[^>]+>", " ", value)


def test_CB_02_the_opening_is_the_start_tile_with_the_chosen_tiles_first():
    state = opening()
    assert state.current_player == FIRST_GAME.seat == 0 and list(state.board) == [(0, 0)]
    assert (state.tile, *state.deck[:4]) == CHOSEN
    assert len(state.deck) + 1 == 71 + 4         # every other tile, the tunnel's included
    assert opening().to_json() == state.to_json()      # the same every time


def test_every_step_has_answers_and_a_wrong_answer_is_refused():
    kinds = []
    for number, step, state, puzzle in guided_steps(FIRST_GAME):
        accepted = puzzle.accepted()
        assert accepted and step.rule in step.explanation, step.rule
        assert puzzle.judge(accepted[0]).right
        others = [m for m in state.legal_moves() if m not in accepted]
        if others:                                   # a legal move that misses the goal
            wrong = puzzle.judge(others[0])
            assert wrong.legal and not wrong.right and wrong.rule == step.rule
        else:                                        # the only legal move: try an illegal one
            wrong = puzzle.judge("tile 30,30 rot 0")
            assert not wrong.legal and not wrong.right and wrong.rule == "CB-03"
        kinds.append(type(accepted[0]))
    assert kinds == [PlaceTile, PlaceFollower, EndTurn, PlaceTile, PlaceFollower, EndTurn,
                     PlaceTile]
    assert state.apply(accepted[0]).scores[0] == 4


def test_CB_08_the_last_step_closes_the_road_for_three():
    for _, _, state, puzzle in guided_steps(FIRST_GAME):
        last = state.apply(puzzle.accepted()[0])
    ended = last.apply(EndTurn())
    assert ended.scores[0] == 4 + 3
    assert any(e.rule == "CB-08" for e in ended.events)


def test_the_board_walks_the_steps_then_free_play():
    b = first_game_board(delay=0)
    assert b.guiding and "Step 1 of 7" in text(b.notes.value)
    for k, step in enumerate(FIRST_GAME.steps):
        assert b.guiding and b.state.current_player == 0
        move = step.puzzle(b.state, k + 1).accepted()[0]
        b.enter(move)                         # End turn: its button, judged
        assert b.step_number == k + 1, step.rule
        assert b.state.current_player == 0 or b.state.is_terminal()   # the bot replied
        assert "Right!" in text(b.notes.value) and step.rule in text(b.notes.value)
    assert b.step is None and not b.guiding
    assert "play the game out" in text(b.notes.value)
    assert [label for label, _ in b.move_buttons()] == ["End turn"]
    b.enter(EndTurn())                        # free play: no judge
    assert b.state.current_player == 0 and b.state.phase == "tile"


def test_CB_04_a_wrong_tile_on_the_board_is_refused_with_why_and_retried():
    b = first_game_board(delay=0)
    state = b.state
    accepted = FIRST_GAME.steps[0].puzzle(state, 1).accepted()
    wrong = next(m for m in state.legal_moves() if m not in accepted)
    try:
        b.enter(wrong)
    except ValueError:
        pass
    assert b.last_refusal is not None and b.last_refusal.rule == "CB-04"
    assert b.state is state and b.step_number == 0
    assert "Try again" in text(b.notes.value)
    b.enter(accepted[0])
    assert b.step_number == 1


def test_CB_03_end_turn_before_the_step_asks_for_it_is_judged():
    b = first_game_board(delay=0)
    b.enter(FIRST_GAME.steps[0].puzzle(b.state, 1).accepted()[0])
    (label, press), = b.move_buttons()
    assert label == "End turn"
    press()                          # ending the turn without the knight: not this step's goal
    assert b.step_number == 1 and b.last_refusal is not None
    assert b.last_refusal.rule == "CB-06" and b.state.phase == "after"


def test_the_card_is_light_and_starts_the_guided_board():
    card = first_game()
    assert "Your first game" in card.intro.value and "<svg" in card.picture
    card.open_button.click()
    assert card.board is not None and card.board.guiding
    assert "hand_0" in card.board.extra_views[0].view.drawn
