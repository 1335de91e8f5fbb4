"""Carcassonne's puzzles: at least 30; every accepted answer is legal and judged right by
the engine; a wrong answer per puzzle is refused with the right reason."""
from __future__ import annotations

import re

import pytest

from boardlib.carcassonne.moves import PlaceFollower, PlaceTile
from boardlib.carcassonne.puzzles import (GAME_POSITIONS, PUZZLES, best_line, puzzle,
                                          turn_points)

ILLEGAL = {  # puzzles whose every legal move of the asked kind is right: an illegal try each
    "carcassonne-03-turn": ("end turn", "CB-03"),
    "carcassonne-04-fits": ("tile 0,1 rot 0", "CB-04"),
    "carcassonne-06-follower": ("follower road:E+W", "CB-06"),
}


def test_at_least_thirty_with_unique_ids():
    assert len(PUZZLES) >= 30
    assert len(GAME_POSITIONS) >= 22
    for p in PUZZLES:
        assert p.goal and p.explanation and p.hint and p.rule in p.explanation, p.id


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_accepted_answer_is_legal_and_right(p):
    state = p.position()
    accepted = p.accepted()
    assert accepted
    for move in accepted:
        assert state.why_illegal(move) is None
        verdict = p.judge(move)
        assert verdict.right and verdict.rule == p.rule and verdict.steps


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_a_wrong_answer_is_refused_with_its_reason(p):
    state = p.position()
    accepted = p.accepted()
    others = [m for m in state.legal_moves() if m not in accepted]
    if p.id in ILLEGAL:
        text, rule = ILLEGAL[p.id]
        verdict = p.judge(text)
        problem = state.why_illegal(state.game.parse_move(text))
        assert problem is not None and (verdict.rule, verdict.text) == (rule, problem.reason)
        assert not verdict.legal and not verdict.right
        return
    assert others, f"{p.id}: every legal move is accepted"
    verdict = p.judge(others[0])
    assert not verdict.right and verdict.legal and verdict.rule == p.rule
    if isinstance(state.legal_moves()[0], PlaceTile):    # and an illegal tile far away
        far = p.judge("tile 30,30 rot 0")
        assert not far.legal and far.rule == "CB-04"


def test_CB_09_verdict_text_exact():
    p = puzzle("carcassonne-09-city")
    assert p.judge("tile 0,-1 rot 90").text == ("That move: no points this turn. The best "
                                                 "move here: 4 points this turn.")
    right = p.judge("tile 0,1 rot 180")
    assert right.right and "CB-09" in right.text


def test_CB_07_the_follower_that_comes_home_at_once():
    p = puzzle("carcassonne-07-home")
    assert [str(m) for m in p.accepted()] == ["follower road:E"]
    assert isinstance(p.accepted()[0], PlaceFollower)
    assert p.judge("follower road:W").text == ("That move: 1 point this turn. The best move "
                                               "here: 3 points this turn.")


def test_CB_08_closing_the_road_scores_three():
    p = puzzle("carcassonne-08-road")
    state = p.position()
    for move in p.accepted():
        assert turn_points(state, move, state.apply(move)) == 3
    after = state
    for move in best_line(state):
        after = after.apply(move)
    assert any(e.rule == "CB-08" and "+3" in e.text for e in after.events)


def test_TU_05_only_the_matching_colour_finishes_the_tunnel():
    p = puzzle("carcassonne-tu05-tunnel")
    assert [str(m) for m in p.accepted()] == ["token blue 1,0 E"]
    assert p.judge("token green 1,0 E").text == ("That move: no tunnel finished. The best "
                                                 "move here: a tunnel finished.")


def test_game_positions_are_the_same_every_time():
    p = PUZZLES[-1]
    assert p.position().to_json() == p.position().to_json()


def test_CB_04_a_puzzle_board_shows_the_tile_in_hand_and_turns_it_by_clicks(tmp_path):
    from boardlib.core.puzzles import Progress
    from boardlib.widgets.puzzle import PuzzleBoard

    p = puzzle("carcassonne-04-fits")
    board = PuzzleBoard(p, progress=Progress(tmp_path / "progress.json"))
    hand = board.extra_views[0].view
    assert "hand_0" in hand.drawn and "turn_1" in hand.drawn
    assert hand in board.standings.children           # beside the map, as on the free board
    board.click("hand_0")
    assert board.selection == 1 and board.last_refusal is None
    board.click("turn_3")                     # ↺: a quarter back
    assert board.selection == 0
    right = p.accepted()[0]
    board.enter(right)
    assert board.solved and "turn_1" not in hand.drawn  # laid: no tile in hand


def test_try_it_is_a_light_card_that_builds_the_puzzle_board_with_its_hand(tmp_path):
    from boardlib.carcassonne.widget import try_it
    from boardlib.core.puzzles import Progress
    from boardlib.widgets.testing import widget_count

    progress = Progress(tmp_path / "progress.json")
    try_it("CB-03", progress=progress).show_board()        # shared layouts exist from here
    before = widget_count()
    card = try_it("CB-09", progress=progress)
    assert widget_count() - before <= 3, "a card is light (a board is dozens of models)"
    assert card.puzzle.id == "carcassonne-09-city" and "CB-09" in card.intro.value
    card.open_button.click()
    board = card.board
    assert board is not None and "hand_0" in board.extra_views[0].view.drawn
    board.enter(board.puzzle.accepted()[0])
    assert board.solved and progress.stars("carcassonne-09-city") == 3


def test_the_lesson_has_a_try_it_card_in_every_rule_section_with_a_puzzle():
    import json
    from pathlib import Path

    lesson = Path(__file__).parents[2] / "notebooks" / "30-carcassonne-tunnel.ipynb"
    cells = json.loads(lesson.read_text())["cells"]
    section, cards = None, {}
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            section = source.split()[1]
        found = re.fullmatch(r'try_it\("([A-Z]+-\d+)"\)', source.strip())
        if cell["cell_type"] == "code" and found:
            cards[found[1]] = section
    with_puzzles = {p.rule for p in PUZZLES}
    assert set(cards) == with_puzzles
    assert all(rule == section for rule, section in cards.items()), cards


def test_CB_09_a_refuted_tile_is_outlined_on_its_free_place(tmp_path):
    from boardlib.core.puzzles import Progress
    from boardlib.widgets.puzzle import PuzzleBoard

    board = PuzzleBoard(puzzle("carcassonne-09-city"), progress=Progress(tmp_path / "p.json"))
    wrong = PlaceTile((0, -1), 1)
    with pytest.raises(ValueError):
        board.enter(wrong)
    assert board.last_refusal is not None and board.last_refusal.rule == "CB-09"
    assert '[id="place_0_m1"]' in board.svg or '[id="place_0_-1"]' in board.svg
    assert "The marked places show why" in re.sub("<[^>]+>", "", board.notes.value)
