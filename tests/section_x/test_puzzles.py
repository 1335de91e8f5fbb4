"""Section X's puzzles: every answer the engine accepts is legal and judged right, a wrong
answer per puzzle is refused for the right reason (its rule ID), at least one puzzle per rule
section of the lesson, and every puzzle can be answered by clicks on its board."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardlib.core.puzzles import Progress
from boardlib.section_x import CATALOGUE
from boardlib.section_x.puzzles import NO_WAY, PUZZLES, for_rule, nearest, puzzle, way_out
from boardlib.section_x.widget import SectionXController
from boardlib.widgets.puzzle import PuzzleBoard

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "20-section-x.ipynb"

# Wrong answers per puzzle: (move, rule of the verdict, legal?). A legal one is "not this
# one" with the puzzle's own rule; an illegal one is the engine's refusal.
WRONG = {
    "sx-01-goal": [("step island to 2,0/0", "SX-01", True),
                   ("step 3,0/0 to zone 1", "SX-I4", False)],
    "sx-03-board": [("place straight at 2,0 r0", "SX-03", True),
                    ("place straight at 1,0 r0", "SX-I1", False)],
    "sx-16-budget": [("step island to 2,0/0", "SX-16", True),
                     ("step 3,0/0 to zone 0", "SX-16", False)],
    "sx-04-setup": [("place straight at -2,2 r0", "SX-I4", True),
                    ("place straight at 0,0 r0", "SX-I1", False)],
    "sx-I2-kinds": [("place tight-curve at 2,0 r0", "SX-I2", True),
                    ("place fork at 2,0 r0", "SX-07", False)],
    "sx-05-phases": [("door on 2,0/0", "SX-05", True),
                     ("place straight at 2,-1 r0", "SX-05", False)],
    "sx-06-draw": [("place straight at -2,2 r0", "SX-06", True),
                   ("place crossing at 1,1 r0", "SX-07", False)],
    "sx-07-fit": [("place tight-curve at 3,0 r2", "SX-07", True),
                  ("place straight at 3,0 r1", "SX-07", False)],
    "sx-08-move": [("place tight-curve at -2,2 r0", "SX-08", True),
                   ("place tight-curve at 3,0 r0", "SX-07", False)],
    "sx-08-rotate": [("rotate 3,0 to r2", "SX-08", True),
                     ("rotate 2,0 to r0", "SX-08", False)],
    "sx-I3-cut": [("place tight-curve at -2,2 r0", "SX-I3", True),
                  ("rotate 2,0 to r1", "SX-09", False)],
    "sx-09-turn": [("place tight-curve at -2,2 r0", "SX-09", True),
                   ("rotate 2,0 to r1", "SX-09", False), ("rotate 3,0 to r1", "SX-09", False)],
    "sx-10-hands-off": [("move -3,3 to -2,2", "SX-10", True),
                        ("move 3,0 to 0,3", "SX-10", False)],
    "sx-11-distance": [("move 2,1 to 2,2", "SX-11", True),
                       ("move 2,1 to 3,1", "SX-11", False)],
    "sx-12-choose": [("end turn", "SX-12", True), ("door on 3,0/0", "SX-12", False),
                     ("step 3,0/0 to zone 0", "SX-16", False)],
    "sx-17-room": [("step 2,0/0 to island", "SX-17", True),
                   ("step 2,0/0 to 3,0/0", "SX-17", False)],
    "sx-18-zone": [("step island to 0,2/0", "SX-18", True),
                   ("step 3,0/0 to zone 0", "SX-18", False)],
    "sx-13-doors": [("end turn", "SX-13", True), ("step island to 2,0/0", "SX-13", False)],
    "sx-14-one-door": [("step island to -2,0/0", "SX-14", True),
                       ("door on 3,0/0", "SX-14", False)],
    "sx-I6-key": [("end turn", "SX-I6", True), ("door on 3,0/0", "SX-14", False)],
    "sx-15-join": [("place straight at -2,2 r0", "SX-15", True),
                   ("place straight at 2,-3 r1", "SX-07", False)],
    "sx-15-keep": [("place straight at 2,-3 r0", "SX-15", True),
                   ("rotate 0,-3 to r1", "SX-09", False)],
    "sx-19-round": [("step island to -2,0/0", "SX-19", True),
                    ("step island to 2,0/0", "SX-17", False)],
    "sx-20-collapse": [("step island to 2,0/0", "SX-20", True),
                       ("step 3,0/0 to zone 0", "SX-18", False)],
    "sx-I7-run-out": [("step island to 1,1/0", "SX-I7", True)],
    "sx-23-win": [("step island to 2,0/0", "SX-23", True),
                  ("step 3,0/0 to zone 1", "SX-I4", False)],
    "sx-I10-hopeless": [("step -2,0/0 to island", "SX-I10", True),
                        ("step island to 2,0/0", "SX-17", False)],
    "sx-I5-route": [("door on 0,2/0", "SX-I5", True), ("step island to 2,0/0", "SX-13", False)],
    "sx-I5-components": [("door on -2,0/0", "SX-I5", True), ("door on 0,2/0", "SX-I5", False)],
    "sx-13-claim": [("step island to 2,0/0", "SX-13", True), ("door on 2,0/0", "SX-14", False)],
    "sx-15-tie": [("place straight at 2,-3 r0", "SX-15", True),
                  ("place straight at 2,-3 r1", "SX-07", False)],
    "sx-20-spared": [("step island to -2,0/0", "SX-20", True),
                     ("step 2,0/0 to -2,0/0", "SX-I4", False)],
}


def lesson_sections() -> list[list[str]]:
    """The rule IDs of each "## SX-..." heading of the lesson (Parts 1 to 3)."""
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        for line in "".join(cell["source"]).splitlines():
            if re.match(r"#{2,3} SX-", line):
                found.append(re.findall(r"SX-I?\d+", line))
    return found


def test_at_least_twenty_five_and_one_per_lesson_section():
    assert len(PUZZLES) >= 25
    sections = lesson_sections()
    assert len(sections) >= 15
    for ids in sections:
        assert any(p.rule in ids for p in PUZZLES), f"no puzzle for the section {ids}"
    for p in PUZZLES:
        assert all(r in CATALOGUE for r in p.rules), p.id
        assert p.rule in p.explanation, f"{p.id}: the explanation cites its rule"
        assert p.goal and p.hint and p.title


def test_every_puzzle_has_wrong_tries():
    assert set(WRONG) == {p.id for p in PUZZLES}


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_accepted_answer_is_legal_and_right(p):
    state = p.position()
    accepted = p.accepted()
    assert accepted
    assert len(accepted) < len(state.legal_moves()), f"{p.id}: every legal move is right"
    for move in accepted:
        assert state.why_illegal(move) is None
        verdict = p.judge(move)
        assert verdict.right and verdict.legal and verdict.rule == p.rule
        assert verdict.text == p.explanation
        assert str(verdict).startswith("Right!")


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_a_wrong_answer_is_refused_with_its_reason(p):
    state = p.position()
    for text, rule, legal in WRONG[p.id]:
        move = state.game.parse_move(text)
        verdict = p.judge(text)
        assert not verdict.right, (p.id, text)
        assert (verdict.rule, verdict.legal) == (rule, legal), (p.id, text, str(verdict))
        problem = state.why_illegal(move)
        if legal:
            assert problem is None and verdict.headline == "Not this one."
        else:
            assert problem is not None and verdict.text == problem.reason
            assert verdict.headline == "Not allowed."


def test_SX_07_verdict_texts_exact():
    p = puzzle("sx-07-fit")
    assert str(p.judge("place tight-curve at 3,0 r2")) == (
        "Not this one. That move: Red has no way out from the island. The best move here: "
        "Red's way out from the island is 3 steps. (SX-07)")
    assert str(p.judge("place straight at 3,0 r1")) == (
        "Not allowed. The tile does not fit: its west side is a wall but the tile on 2,0 has "
        "an opening there. (SX-07)")
    assert [str(m) for m in p.accepted()] == ["place straight at 3,0 r0"]


def test_SX_15_joining_loses_the_shorter_tunnels_door_exact():
    keep = puzzle("sx-15-keep")
    assert keep.judge("place straight at 2,-3 r0").text == (
        "That move: 0 doors of yours on the board. The best move here: 1 door of yours on "
        "the board.")
    join = puzzle("sx-15-join")
    assert [str(m) for m in join.accepted()] == ["place straight at 2,-3 r0"]


def test_SX_11_only_farther_fields_are_accepted():
    p = puzzle("sx-11-distance")
    assert sorted(str(m) for m in p.accepted()) == sorted(
        f"move 2,1 to {f}" for f in ("-1,2", "1,1", "2,-1", "1,-2", "-1,-1", "-2,1"))
    assert p.judge("move 2,1 to 2,2").text == (
        "That move: your hiding place is 2 fields from the nearest gate. The best move here: "
        "your hiding place is 3 fields from the nearest gate.")


def test_SX_I3_cutting_a_way_out_is_measured_by_the_escape_route():
    p = puzzle("sx-I3-cut")
    state = p.position()
    cut = way_out(0, "2,0/0")
    for move in p.accepted():
        assert cut(state, move, state.apply(move)) == NO_WAY
    assert not any(str(m).startswith("place") for m in p.accepted())


def test_SX_I5_the_door_closes_the_east_corridor():
    p = puzzle("sx-I5-route")
    assert [str(m) for m in p.accepted()] == ["step island to 0,2/0"]
    state = p.position()
    move = p.accepted()[0]
    assert nearest(0)(state, move, state.apply(move)) == 2


def test_the_verdicts_name_seats_by_colour():
    p = puzzle("sx-13-doors")
    names = SectionXController().localize
    verdict = p.judge("step island to 2,0/0", seat_name=lambda s: ("Red", "Blue")[s])
    assert names(verdict.text) == "Red's door stands on 2,0/0: only they may move prisoners " \
        "through it."


def test_unknown_puzzle_and_sections():
    with pytest.raises(KeyError):
        puzzle("sx-99-none")
    assert [p.id for p in for_rule("SX-08")] == ["sx-08-move", "sx-08-rotate"]


# --- on the board ----------------------------------------------------------------------------

@pytest.fixture
def progress(tmp_path):
    return Progress(tmp_path / "progress.json")


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_puzzle_is_answered_by_clicks_on_its_board(p, progress):
    board = PuzzleBoard(p, progress=progress)
    state = board.start
    move = p.accepted()[0]
    for element_id in SectionXController().clicks_for(state, move):
        board.click(element_id)
    assert board.solved, (p.id, str(move), board.message)
    assert len(board.match.moves) == 1 and board.match.moves[0] == move
    assert progress.stars(p.id) == 3


def test_SX_17_a_wrong_answer_by_clicks_is_refused_then_the_right_one_solves(progress):
    p = puzzle("sx-17-room")
    board = PuzzleBoard(p, progress=progress)
    clicks = SectionXController().clicks_for
    for element_id in clicks(board.start, board.start.game.parse_move("step 2,0/0 to 3,0/0")):
        board.click(element_id)
    assert not board.solved and len(board.match.moves) == 0
    assert board.last_refusal is not None and board.last_refusal.rule == "SX-17"
    board.restart()
    for element_id in clicks(board.start, p.accepted()[0]):
        board.click(element_id)
    assert board.solved
