"""Section X's guided first game: every step has answers the engine accepts and can be got
wrong, along the one line the escape bot replies with; on its board a wrong move is refused
with its rule and may be retried, a right one is explained, and free play follows."""
from __future__ import annotations

import re

from boardlib.core.testing import guided_steps
from boardlib.section_x.guided import FIRST_GAME, first_game, first_game_board, opening
from boardlib.section_x.moves import Door, EndTurn, PlaceTile, Step


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def play(b, move) -> None:
    """Enter ``move`` as a learner: its clicks on the board, or its button (End turn)."""
    clicks = b.controller.clicks_for(b.state, move, b.selection)
    if not clicks:
        assert isinstance(move, EndTurn)
        dict(b.move_buttons())["End turn"]()
    for element_id in clicks:
        b.click(element_id)


def test_SX_04_SX_06_the_opening_is_a_new_game_with_reds_first_tile_drawn():
    state = opening()
    assert state.current_player == FIRST_GAME.seat == 0 and state.phase == "tile"
    assert len(state.hands[0]) == 1 and len(state.prisoners_of(0)) == 8
    assert opening().to_json() == state.to_json()       # the same every time


def test_every_step_has_answers_cites_its_rule_and_can_be_got_wrong():
    kinds = []
    for number, step, state, puzzle in guided_steps(FIRST_GAME):
        accepted = puzzle.accepted()
        assert accepted and step.rule in step.explanation, step.rule
        wrong = next(m for m in state.legal_moves() if m not in accepted)
        verdict = puzzle.judge(wrong)
        assert not verdict.right and verdict.rule, (step.rule, wrong)
        kinds.append(type(accepted[0]))
    assert kinds == [PlaceTile, Step, EndTurn, PlaceTile, Door]


def test_the_guided_board_refuses_a_wrong_move_then_walks_every_step_into_free_play():
    b = first_game_board(delay=0)
    assert b.guiding and "Step 1 of 5" in text(b.notes.value)
    for number, step in enumerate(FIRST_GAME.steps, 1):
        assert b.guiding and b.state.current_player == 0, number
        state, played = b.state, len(b.match.moves)
        accepted = step.puzzle(state, number).accepted()
        wrong = next(m for m in state.legal_moves() if m not in accepted)
        play(b, wrong)
        assert b.step_number == number - 1 and len(b.match.moves) == played
        assert b.state.to_json() == state.to_json(), "a wrong move is not played"
        assert "Try again" in text(b.notes.value) and b.verdict is not None
        assert b.verdict.rule.startswith("SX-")
        b.view.press("escape")            # put down what the wrong try picked up
        play(b, accepted[0])
        assert b.step_number == number
        notes = text(b.notes.value)
        assert "Right!" in notes and step.rule in notes
        assert b.state.current_player == 0 or b.state.is_terminal()    # Blue replied
    assert b.step is None and not b.guiding
    assert "play the game out" in text(b.notes.value)
    b.enter(b.state.legal_moves()[0])          # anything legal now: no judge
    assert b.step is None


def test_the_guided_game_as_a_light_card():
    from boardlib.widgets.testing import widget_count

    first_game()
    before = widget_count()
    card = first_game()
    assert widget_count() - before <= 3
    assert "5 guided steps" in card.intro.value and 'id="island"' in card.intro.value
    assert repr(card) == "<GuidedCard: section-x-first-game>"
    card.open_button.click()
    assert card.board is not None and card.board.guiding
