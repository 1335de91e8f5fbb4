"""Room 25's guided first game (boardlib.room25.guided): every step has answers the engine
accepts and a wrong one it refuses, along each of the four first clues the learner may take;
nothing the guide says, accepts or shows depends on rooms Red does not know (R25-I4); and the
board plays the steps by clicks, then free play."""
from __future__ import annotations

import random
import re

import pytest

from boardlib.core.bots import make_bot
from boardlib.room25.guided import FIRST_GAME, SEATS, first_game, first_game_board, opening
from boardlib.room25.moves import Clue, Look, Move, Program
from boardlib.room25.rules import CLUE, EXEC, PROGRAM
from boardlib.room25.saves import fields_from_save
from boardlib.room25.state import Room25State
from boardlib.room25.widget import Room25Controller

RED = FIRST_GAME.seat
# One illegal answer per step, and the rule the engine refuses it with.
ILLEGAL = (("clue a1", "R25-05"), ("program 0: move, move", "R25-07"), ("move a1", "R25-13"),
           ("look c3", "R25-14"))
KINDS = (Clue, Program, Move, Look)


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def bots(state):
    return {p: make_bot(kind, seed=p, game=state.game) for p, kind in enumerate(SEATS)
            if kind != "human"}


def step_positions(clue: int):
    """The position of each step, the learner taking the ``clue``-th first clue and then the
    first accepted answer, the bots replying in between."""
    state = opening()
    players = bots(state)
    found = []
    for number, step in enumerate(FIRST_GAME.steps, 1):
        while state.current_player != RED:
            state = state.apply(players[state.current_player].choose(state))
        found.append(state)
        accepted = step.puzzle(state, number).accepted()
        state = state.apply(accepted[clue % len(accepted)] if number == 1 else accepted[0])
    while state.current_player != RED:
        state = state.apply(players[state.current_player].choose(state))
    return found, state


def redealt(state: Room25State, seed: int) -> Room25State:
    """``state`` with the rooms Red does not know shuffled among their places (what Red
    sees is the same)."""
    unknown = [q for q in range(25) if state.known_kind(RED, q) is None
               and not any(state.position(c) == q for c in range(state.game.num_chars))]
    data = state.to_dict()
    grid = list(data["grid"])
    tiles = [grid[q] for q in unknown]
    random.Random(seed).shuffle(tiles)
    for q, t in zip(unknown, tiles):
        grid[q] = t
    data["grid"] = grid
    return Room25State(state.game, **fields_from_save(state.game, data))


def test_R25_05_the_opening_is_a_new_cooperative_game_before_the_first_clue():
    state = opening()
    assert state.game.mode == "cooperative" and state.game.num_players == 4
    assert state.phase == CLUE and state.current_player == RED
    assert opening().to_json() == state.to_json()        # the same every time
    assert len(FIRST_GAME.steps) == 4 and FIRST_GAME.seats == SEATS


@pytest.mark.parametrize("clue", range(4))
def test_every_step_accepts_the_right_answer_and_refuses_a_wrong_one(clue):
    positions, end = step_positions(clue)
    assert [s.phase for s in positions] == [CLUE, PROGRAM, EXEC, EXEC]
    for number, (step, state, (illegal, rule), kind) in enumerate(
            zip(FIRST_GAME.steps, positions, ILLEGAL, KINDS), 1):
        puzzle = step.puzzle(state, number)
        accepted = puzzle.accepted()
        assert accepted and step.rule in step.explanation, step.rule
        for move in accepted:
            assert isinstance(move, kind) and state.why_illegal(move) is None
            verdict = puzzle.judge(move, state)
            assert verdict.right and verdict.steps
        verdict = puzzle.judge(illegal, state)
        problem = state.why_illegal(state.game.parse_move(illegal))
        assert problem is not None and not verdict.right and not verdict.legal
        assert (verdict.rule, verdict.text) == (rule, problem.reason)
        worse = [m for m in state.legal_moves() if isinstance(m, kind) and m not in accepted]
        assert bool(worse) == (number in (2, 3))   # any clue or unseen look is right
        if worse:
            verdict = puzzle.judge(worse[0], state)
            assert not verdict.right and verdict.legal and verdict.rule in (step.rule, "R25-I4")
    assert end.turn == 2 and end.phase == PROGRAM and not end.is_terminal()      # R25-10
    assert all(end.alive(c) for c in range(4))


def test_R25_15_the_move_accepted_is_into_the_room_of_the_clue_only():
    positions, _ = step_positions(1)
    clue_place = next(q for q in range(25) if positions[1].known_kind(RED, q) is not None
                      and not positions[1].is_face_up(q))
    (move,) = FIRST_GAME.steps[2].puzzle(positions[2], 3).accepted()
    assert move.to == clue_place
    other = next(m for m in positions[2].legal_moves() if isinstance(m, Move) and m != move)
    verdict = FIRST_GAME.steps[2].puzzle(positions[2], 3).judge(other, positions[2])
    assert verdict.rule == "R25-I4" and verdict.text.startswith("A gamble: you do not know")


@pytest.mark.parametrize("clue", range(4))
def test_R25_I4_nothing_the_guide_judges_or_shows_depends_on_rooms_red_does_not_know(clue):
    positions, _ = step_positions(clue)
    controller = Room25Controller(viewer=RED)
    for number, (step, state, kind) in enumerate(zip(FIRST_GAME.steps, positions, KINDS), 1):
        puzzle = step.puzzle(state, number)
        for seed in (1, 2):
            twin = redealt(state, seed)
            assert [twin.kind_at(q) for q in range(25)] != [state.kind_at(q) for q in range(25)]
            assert twin.observation(RED) == state.observation(RED)
            assert puzzle.accepted(twin) == puzzle.accepted(state)
            for move in state.legal_moves():
                if isinstance(move, kind):
                    mine, theirs = puzzle.judge(move, state), puzzle.judge(move, twin)
                    assert (mine.right, mine.rule, mine.text) == (theirs.right, theirs.rule,
                                                                  theirs.text), move
            assert controller.static_svg(twin) == controller.static_svg(state)


def test_the_board_walks_the_steps_by_clicks_then_free_play():
    b = first_game_board(delay=0)
    assert b.guiding and "Step 1 of 4" in text(b.notes.value)
    for number, step in enumerate(FIRST_GAME.steps, 1):
        assert b.guiding and b.state.current_player == RED
        state = b.state
        illegal, rule = ILLEGAL[number - 1]
        with pytest.raises(ValueError):
            b.enter(state.game.parse_move(illegal))
        assert b.last_refusal is not None and b.last_refusal.rule == rule
        assert b.state is state and b.step_number == number - 1
        move = step.puzzle(state, number).accepted()[0]
        clicks = b.controller.clicks_for(state, move, b.selection)
        if clicks:
            for element_id in clicks:
                b.click(element_id)
        else:   # a program: the board's buttons
            labels = {m: label for label, m in Room25Controller(RED).button_moves(state)}
            dict(b.move_buttons())[labels[move]]()
        assert b.step_number == number, step.rule
        assert "Right!" in text(b.notes.value) and step.rule in text(b.notes.value)
    assert b.step is None and "free play" in text(b.status_line.value)
    assert "play on with your team" in text(b.notes.value)
    assert b.state.turn == 2


def test_the_card_shows_reds_view_and_starts_the_board():
    card = first_game()
    assert repr(card) == "<GuidedCard: room25-first-game>"
    assert "4 guided steps" in card.intro.value
    assert "as Red knows it" in card.picture
    card.open_button.click()
    assert card.board is not None and card.board.guiding
