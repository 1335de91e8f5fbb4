"""PuzzleBoard driven from Python: clicks as the browser sends them, verdicts from the engine."""
from __future__ import annotations

import html
import json
import re

import pytest

from boardlib.core.puzzles import Progress
from boardlib.widgets.puzzle import PuzzleBoard, mark_element_ids, marks_style, stars_text
from boardlib.core.teaching import Mark
from boardlib.grids.hex import Hex
from boardlib.zyrcan.puzzles import PUZZLES, puzzle


def text(value: str) -> str:
    """What an HTML widget's value reads as, without tags."""
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


def board(puzzle_id, progress):
    return PuzzleBoard(puzzle(puzzle_id), progress=progress)


def test_ZY_08_a_right_answer_by_clicks_is_played_saved_and_explained(progress, tmp_path):
    b = board("zyrcan-08-exact", progress)
    assert "Exactly two hexes" not in b.message
    assert "Red's 2-engine ship has three enemies" in text(b.status_line.value)
    b.click("hex_2_2")
    b.click("hex_2_4")
    assert b.solved and len(b.match.moves) == 1
    lines = text(b.notes.value)
    assert "Right!" in lines and "ZY-08" in lines and "★★★" in lines
    assert "Red attacks with the 2-engine ship on 2,2" in lines   # the teacher's steps
    assert progress.stars("zyrcan-08-exact") == 3
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["puzzles"]["zyrcan-08-exact"] == {"stars": 3}


def test_ZY_08_a_wrong_answer_gets_the_engines_refusal_and_a_retry(progress):
    b = board("zyrcan-08-exact", progress)
    b.click("hex_2_2")
    b.click("hex_3_2")          # one hex away: the engine's ZY-08
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-08"
    assert b.message == ("Why not? A 2-engine ship flies exactly 2 hexes, but 3,2 is 1 away. "
                         "(ZY-08)")
    assert len(b.match.moves) == 0 and not b.solved
    assert "Try again" in text(b.notes.value)
    b.click("hex_2_4")          # the ship stays selected: the retry is one click
    assert b.solved


def test_ZY_14_a_worse_move_is_refuted_on_the_board(progress):
    b = board("zyrcan-14-whole", progress)
    b.click("hex_2_2")
    b.click("hex_1_2")
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-14"
    assert b.message.startswith("Why not? Then Blue can hit back: fly the 2-engine ship on "
                                "1,0 south-east to 1,2 and destroy Red's 1-engine ship.")
    assert b.scope in b.view._dom_classes
    assert f'.{b.scope} [id="hex_1_0"] > title + *{{stroke:' in b.svg
    assert "The marked places show why" in text(b.notes.value)
    assert len(b.match.moves) == 0
    b.click("hex_3_2")
    assert b.solved
    assert b.scope not in b.svg      # the refutation goes once the right move is played


def test_hints_cost_stars_and_the_second_shows_an_answer(progress):
    b = board("zyrcan-06-attack", progress)
    assert b.stars_now == 3
    b.view.press("h")
    assert b.stars_now == 2 and b.message.startswith("Hint: Your 2-engine ship on 3,3")
    assert "★★☆" in text(b.status_line.value)
    move = b.hint()
    assert b.stars_now == 1 and str(move) == "attack 3,3 E"
    assert "hint" in b.svg
    assert b.message == ("Hint: fly the 2-engine ship on 3,3 east to 5,3 and destroy Yellow's "
                         "3-engine ship")
    b.enter(move)
    assert progress.stars("zyrcan-06-attack") == 1


def test_again_sets_the_puzzle_up_afresh_and_nobody_solves_it_for_you(progress):
    b = board("zyrcan-15-last", progress)
    b.bot_move()
    assert len(b.match.moves) == 0 and "Nobody solves a puzzle" in b.message
    b.enter(b.puzzle.accepted()[0])
    assert b.solved and not b.undo_button.disabled
    b.click("hex_2_2")       # the game is over: the board says so
    b.view.press("u")        # U: again
    assert not b.solved and len(b.match.moves) == 0 and b.state is b.start
    assert progress.stars("zyrcan-15-last") == 3
    assert "solved before ★★★" in text(b.status_line.value)


def test_ZY_12_a_pass_button_answer_is_judged_too(progress):
    b = board("zyrcan-12-pass", progress)
    assert b.actions.labels == []  # Red can attack: no Pass button
    verdict = b.puzzle.judge("pass")
    assert verdict.rule == "ZY-12" and not verdict.legal


def test_ZY_05_placement_puzzle_by_clicks(progress):
    b = board("zyrcan-05-place", progress)
    b.click("hex_4_3")                 # a ship stands there: ZY-05
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-05"
    b.click("hex_1_0")                 # legal, but it could never reach 4,3
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-07"
    assert '[id="hex_1_0"]' in b.svg and '[id="hex_4_3"]' in b.svg
    b.click("hex_4_2")
    assert b.solved


def test_ZY_03_pick_the_type_then_the_hex(progress):
    b = board("zyrcan-03-fleet", progress)
    b.click("hex_2_2")                 # a 1-engine ship (the smallest left): not the goal
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-03"
    b.click("reserve_3")
    b.click("hex_2_2")
    assert b.solved


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_puzzle_is_solved_by_the_clicks_of_each_answer(p, progress):
    b = PuzzleBoard(p, progress=progress)
    for move in p.accepted():
        b.restart()
        b.enter(move)
        assert b.solved, move


def test_marks_style_is_scoped_and_coloured():
    style = marks_style("s1", [Mark("removed", Hex(1, 2), 1), Mark("from", Hex(0, 0), None)])
    assert style.startswith("<style>") and '.s1 [id="hex_1_2"]' in style
    assert "stroke-dasharray" in style and "#000000" in style
    assert marks_style("s1", []) == ""
    assert mark_element_ids(Mark("feature", "city")) == ()
    assert mark_element_ids(Mark("placed", (2, -1))) == ("tile_2_m1",) or \
        mark_element_ids(Mark("placed", (2, -1)))[0].startswith("tile_2_")
    assert stars_text(2) == "★★☆"


def test_repr_is_stable(progress):
    assert repr(board("zyrcan-01-fleets", progress)) == "<PuzzleBoard: zyrcan-01-fleets>"


# --- the guided first game ----------------------------------------------------------------

def guided():
    from boardlib.zyrcan.guided import first_game_board
    return first_game_board()


def test_the_guided_game_walks_its_steps_then_free_play():
    from boardlib.zyrcan.guided import FIRST_GAME
    b = guided()
    assert b.step_number == 0 and b.guiding
    assert "Step 1 of 4" in text(b.notes.value)
    assert "step 1 of 4" in text(b.status_line.value)
    for k, step in enumerate(FIRST_GAME.steps):
        assert b.guiding and b.state.current_player == 0
        move = step.puzzle(b.state, k + 1).accepted()[0]
        b.enter(move)
        assert b.step_number == k + 1
        assert b.state.current_player == 0 or b.state.is_terminal()  # the bots replied
        lines = text(b.notes.value)
        assert "Right!" in lines and step.rule in lines
        if k < 3:
            assert "Blue" in lines and "Yellow" in lines      # what the bots did, in words
    assert b.step is None and not b.guiding
    assert "play the game out" in text(b.notes.value)
    assert "free play" in text(b.status_line.value)
    free = b.state.legal_moves()[-1]
    b.enter(free)                       # anything legal now: no judge
    assert len(b.match.moves) > 0


def test_a_wrong_guided_move_is_refused_with_why_and_retried():
    b = guided()
    state = b.state
    step = b.step
    wrong = next(m for m in state.legal_moves() if m not in step.puzzle(state, 1).accepted())
    for element_id in b.controller.clicks_for(state, wrong):
        b.click(element_id)
    assert b.last_refusal is not None and b.last_refusal.rule == "ZY-05"
    assert b.message.startswith(f"Why not? On {wrong.at} your ship could be hit: ")
    assert b.state is state and b.step_number == 0
    assert "Try again" in text(b.notes.value)
    assert b.scope in b.svg                    # the flights that end nowhere are marked
    b.undo()
    assert "Undo comes with free play" in b.message
    b.bot_move()
    assert b.state is state and "yours to try" in b.message


def test_guided_hints_first_words_then_the_move():
    b = guided()
    b.view.press("h")
    assert b.message == ("Hint: For each enemy ship near the hex, count its engines and the "
                         "hexes between.")
    move = b.hint()
    assert move in b.step.puzzle(b.state, 1).accepted()
    assert b.message.startswith("Hint: place a 1-engine ship on")
    b.enter(move)
    assert b.step_number == 1


def test_start_again():
    b = guided()
    b.enter(b.step.puzzle(b.state, 1).accepted()[0])
    b.again_button.click()
    assert b.step_number == 0 and len(b.match.moves) == 0 and b.verdict is None
    assert repr(b) == "<GuidedBoard: zyrcan-first-game>"


def test_CB_09_a_carcassonne_puzzle_on_its_board(progress):
    from boardlib.carcassonne.puzzles import puzzle as carcassonne_puzzle

    b = PuzzleBoard(carcassonne_puzzle("carcassonne-09-city"), progress=progress)
    b.enter(b.puzzle.accepted()[0])
    assert b.solved and "CB-09" in text(b.notes.value)
    b.restart()
    wrong = next(m for m in b.state.legal_moves() if m not in b.puzzle.accepted())
    with pytest.raises(ValueError):      # the board refuses it: not played
        b.enter(wrong)
    assert b.last_refusal is not None and b.last_refusal.rule == "CB-09"
    assert b.message.startswith("Why not? That move: no points this turn.")
    assert len(b.match.moves) == 0


def test_try_it_gives_the_sections_puzzle_as_a_card_that_opens_its_board(progress):
    from boardlib.widgets.testing import widget_count
    from boardlib.zyrcan.guided import try_it

    try_it("ZY-01", progress=progress).show_board()       # the shared layouts exist from here on
    before = widget_count()
    card = try_it("ZY-09", progress=progress)
    assert widget_count() - before <= 3, "a card is light (a board is over 20 models)"
    assert card.puzzle.id == "zyrcan-09-over" and repr(card) == "<PuzzleCard: zyrcan-09-over>"
    assert "Ships in the way do not stop a flight" in card.intro.value
    assert 'id="hex_1_4"' in card.intro.value                  # the position's picture
    data, _ = card._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg") and data["text/plain"] == repr(card)
    card.open_button.click()
    board = card.board
    assert board is not None and card.children == (board,) and card.show_board() is board
    board.enter(board.puzzle.accepted()[0])
    assert board.solved and progress.stars("zyrcan-09-over") == 3
    assert "solved ★★★" in try_it("ZY-09", progress=progress).intro.value


def test_puzzle_boards_are_not_free_game_panels(progress):
    from boardlib.zyrcan.guided import first_game_board

    assert board("zyrcan-01-fleets", progress)._dom_classes[-1] == "boardlib-puzzle"
    assert "boardlib-panel" not in board("zyrcan-01-fleets", progress)._dom_classes
    assert "boardlib-panel" not in first_game_board()._dom_classes


def test_the_guided_game_as_a_card():
    from boardlib.widgets.testing import widget_count
    from boardlib.zyrcan.guided import first_game

    first_game()
    before = widget_count()
    card = first_game()
    assert widget_count() - before <= 3
    assert "Step" not in card.intro.value and "4 guided steps" in card.intro.value
    assert repr(card) == "<GuidedCard: zyrcan-first-game>"
    card.open_button.click()
    assert card.board is not None and card.board.guiding


# --- a wrong answer's marks are on the board --------------------------------------------

def every_puzzle():
    from boardlib.carcassonne.puzzles import PUZZLES as carcassonne
    from boardlib.room25.puzzles import PUZZLES as room25
    from boardlib.section_x.puzzles import PUZZLES as section_x
    return [*PUZZLES, *section_x, *carcassonne, *room25]


def first_marked_wrong_answer(p, tries: int = 12):
    """A legal move the puzzle refutes with marks (among the first ``tries`` it refuses),
    with its verdict; ``None``: none."""
    state = p.position()
    refused = 0
    for move in state.legal_moves():
        verdict = p.judge(move, state)
        if verdict.legal and not verdict.right:
            if verdict.marks:
                return move, verdict
            refused += 1
            if refused == tries:
                break
    return None


def test_every_puzzles_refutation_marks_are_drawn_on_its_board():
    """The words "The marked places show why" must be true: for every puzzle of every game
    whose refutation has marks, at least one of them names an element of the picture."""
    from boardlib.svg import parse_id
    from boardlib.widgets.puzzle import controller_for
    checked = 0
    for p in every_puzzle():
        found = first_marked_wrong_answer(p)
        if found is None:
            continue
        _, verdict = found
        controller = controller_for(p.position().game)
        drawn = set(re.findall(r'id="([^"]+)"', controller.draw(p.position(), None)))
        named = {i for mark in verdict.marks
                 for i in controller.mark_element_ids(p.position(), mark)}
        assert named & drawn, (p.id, verdict.marks, sorted(named)[:4])
        assert all(parse_id(i) for i in named), named
        checked += 1
    assert checked >= 40, checked     # in all four games


def test_R25_a_worse_answer_is_outlined_room_by_room_in_a_room25_puzzle(progress):
    from boardlib.room25.puzzles import PUZZLES as room25
    from boardlib.room25.widget import Room25Controller
    p, (worse, _) = next((p, found) for p in room25
                         if (found := first_marked_wrong_answer(p)) is not None)
    b = PuzzleBoard(p, progress=progress, controller=Room25Controller(viewer=p.seat),
                    viewer=p.seat, hint_bot="role")
    b.press_button(worse)           # as a click or a button would: judged, refused
    assert not b.solved
    assert "The marked places show why" in text(b.notes.value)
    style = b.overlay()
    rooms = re.findall(r'\[id="(room_\d+)"\]', style)
    assert rooms and all(f'id="{r}"' in b.view.svg for r in rooms), (rooms, style)
