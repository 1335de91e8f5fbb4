"""Room 25's puzzles: every accepted answer is legal and judged right, a wrong answer per
puzzle is refused for the right reason, one puzzle per rule section of the lesson at least,
nothing judged or shown depends on rooms the solving seat does not know (R25-I4), and every
puzzle is answered by clicks on its board."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from boardlib.core.puzzles import Progress
from boardlib.room25 import CATALOGUE
from boardlib.room25.puzzles import PUZZLES, Foreseen, for_rule, gambles, puzzle
from boardlib.room25.saves import fields_from_save
from boardlib.room25.state import Room25State
from boardlib.room25.widget import Room25Controller
from boardlib.widgets.puzzle import PuzzleBoard

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "40-room25.ipynb"

# One illegal answer per puzzle and the rule the engine refuses it with.
ILLEGAL = {
    "01-tokens": ("program 0: move, move", "R25-07"),
    "02-last-turn": ("control row 3 left", "R25-18"),
    "03-order": ("move a1", "R25-13"),
    "04-outer-ring": ("vision c3", "R25-24"),
    "05-first-clue": ("clue a1", "R25-05"),
    "06-turn": ("move b3", "R25-07"),
    "07-programming": ("program 0: look, look", "R25-07"),
    "08-execution": ("look c3", "R25-14"),
    "09-lost": ("look c3", "R25-14"),
    "10-countdown": ("move c3", "R25-13"),
    "11-escape": ("control col c up", "R25-18"),
    "11-edge": ("control row 3 left", "R25-18"),
    "11-race": ("control row 3 left", "R25-18"),
    "12-alarm": ("move a1", "R25-13"),
    "13-adjacent": ("move c3", "R25-13"),
    "14-look": ("look a1", "R25-13"),
    "15-move": ("move e5", "R25-13"),
    "16-push": ("push 1 to a2", "R25-13"),
    "17-control": ("control row 3 left", "R25-18"),
    "18-one-way": ("control col b down", "R25-19"),
    "20-reminder": ("program 0: move, move", "R25-07"),
    "21-central": ("program 0: look, look", "R25-07"),
    "23-vortex": ("move a1", "R25-13"),
    "24-vision": ("vision b3", "R25-24"),
    "25-trapped": ("look a3", "R25-I5"),
    "26-moving": ("swap c3", "R25-26"),
    "26-illusion": ("illusion b3", "R25-32"),
    "27-control-room": ("control row 3 left", "R25-18"),
    "28-twin": ("move a1", "R25-13"),
    "31-prison": ("move a2", "R25-31"),
    "33-flooded": ("move b3", "R25-33"),
    "34-acid": ("move a1", "R25-13"),
    "35-cold": ("program 0: move, look", "R25-35"),
    "36-dark": ("look a3", "R25-36"),
    "37-expert": ("move a1", "R25-13"),
    "38-reveal": ("program 1: move, look", "R25-07"),
    "40-masks": ("move c3", "R25-13"),
    "41-prisoners": ("control col c up", "R25-18"),
    "44-team": ("control row 3 left", "R25-18"),
    "46-partial": ("control row 3 left", "R25-18"),
    "48-competition": ("push 3 to a3", "R25-16"),
    "49-solo": ("move c3", "R25-13"),
}


def short(p):
    return p.id.removeprefix("room25-")


def lesson_sections() -> list[str]:
    """The first rule ID of every ``## R25-..`` section heading of the lesson."""
    cells = json.loads(LESSON.read_text(encoding="utf-8"))["cells"]
    found = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            found += re.findall(r"^## (R25-\w+)", "".join(cell["source"]), re.M)
    return found


def wrong_legal(p, state=None):
    """The legal moves of the puzzle's kind that it does not accept."""
    state = state or p.position()
    accepted = p.accepted(state)
    return [m for m in state.legal_moves()
            if isinstance(m, p.answers.kinds) and m not in accepted]


def redealt(p, seed):
    """The puzzle's position with the rooms its seat does not know shuffled among their places
    (what the seat sees is the same)."""
    state = p.position()
    unknown = [q for q in range(25) if state.known_kind(p.seat, q) is None
               and not any(state.position(c) == q for c in range(state.game.num_chars))]
    data = state.to_dict()
    grid = list(data["grid"])
    tiles = [grid[q] for q in unknown]
    random.Random(seed).shuffle(tiles)
    for q, t in zip(unknown, tiles):
        grid[q] = t
    data["grid"] = grid
    return Room25State(state.game, **fields_from_save(state.game, data))


def test_at_least_35_and_one_per_lesson_section():
    assert len(PUZZLES) >= 35
    sections = lesson_sections()
    assert len(sections) >= 30
    for rule in sections:
        assert for_rule(rule), f"no puzzle for the lesson's section {rule}"
    for p in PUZZLES:
        assert all(r in CATALOGUE for r in p.rules), p.id
        assert p.rule in p.explanation, f"{p.id}: the explanation cites its rule"
        assert p.goal and p.hint and p.title
        assert isinstance(p.answers, Foreseen)


def test_every_mode_is_covered():
    modes = {p.position().game.mode for p in PUZZLES}
    assert modes == {"cooperative", "suspicion", "competition", "team", "solo"}


@pytest.mark.parametrize("p", PUZZLES, ids=short)
def test_every_accepted_answer_is_legal_and_right(p):
    state = p.position()
    accepted = p.accepted()
    assert accepted, f"{p.id} accepts nothing"
    for move in accepted:
        assert state.why_illegal(move) is None
        verdict = p.judge(move)
        assert verdict.right and verdict.legal and verdict.rule == p.rule
        assert verdict.steps, "a right answer is explained rule by rule"
        assert not gambles(state, move, state.apply(move)), "never a gamble"
    assert p.hint_move() in accepted


@pytest.mark.parametrize("p", PUZZLES, ids=short)
def test_a_wrong_answer_is_refused_with_its_reason(p):
    state = p.position()
    text, rule = ILLEGAL[short(p)]
    move = state.game.parse_move(text)
    verdict = p.judge(move)
    problem = state.why_illegal(move)
    assert problem is not None
    assert not verdict.right and not verdict.legal
    assert (verdict.rule, verdict.text) == (rule, problem.reason)
    for other in wrong_legal(p)[:3]:
        verdict = p.judge(other)
        assert not verdict.right and verdict.legal
        assert verdict.rule in (p.answers.rule, "R25-I4"), (other, verdict)
        assert verdict.marks, "a worse legal move is marked"


def test_every_puzzle_has_an_illegal_try():
    assert set(ILLEGAL) == {short(p) for p in PUZZLES}


@pytest.mark.parametrize("p", PUZZLES, ids=short)
def test_R25_I4_nothing_judged_depends_on_rooms_the_seat_does_not_know(p):
    start = p.position()
    for seed in (1, 2):
        other = redealt(p, seed)
        assert other.observation(p.seat) == start.observation(p.seat)
        assert p.accepted(other) == p.accepted(start)
        for move in start.legal_moves():
            if isinstance(move, p.answers.kinds):
                mine, theirs = p.judge(move, start), p.judge(move, other)
                assert (mine.right, mine.rule, mine.text) == (theirs.right, theirs.rule,
                                                              theirs.text), move


def test_R25_11_verdict_texts_exact():
    p = puzzle("room25-11-escape")
    assert str(p.judge("control row 1 right")) == (
        "Not this one. That move: nobody wins yet. The best move here: your side wins. "
        "(R25-11)")
    assert str(p.judge("control row 1 left")) == (
        "Right! R25-11: the Control of someone inside pushes Room 25 off the edge. (R25-11)")


def test_R25_I4_a_gamble_names_the_place_never_the_room():
    verdict = puzzle("room25-12-alarm").judge("move d3")
    assert str(verdict) == (
        "Not this one. A gamble: you do not know the room at d3, and what happens there is "
        "what you cannot see. Choose a move whose result you know. (R25-I4)")


def test_R25_16_the_guard_pushes_into_the_deadly_room():
    p = puzzle("room25-16-push")
    assert [str(m) for m in p.accepted()] == ["push 1 to a3"]
    assert str(p.judge("push 1 to c3")) == (
        "Not this one. That move: no enemy dies. The best move here: 1 enemy dies. (R25-16)")


def test_R25_25_leaving_the_trap_is_the_only_way_to_live():
    p = puzzle("room25-25-trapped")
    assert {str(m) for m in p.accepted()} == {"move a1", "move b2"}
    assert p.judge("control row 2 left").text == (
        "That move: you die. The best move here: you survive.")


def test_unknown_puzzle():
    with pytest.raises(KeyError):
        puzzle("room25-99-nothing")


@pytest.mark.parametrize("p", PUZZLES, ids=short)
def test_each_board_is_built_and_answered_by_clicks(p, tmp_path):
    controller = Room25Controller(viewer=p.seat)
    board = PuzzleBoard(p, controller=controller, progress=Progress(tmp_path / "p.json"),
                        viewer=p.seat, hint_bot="role")
    state = board.state
    wrong = wrong_legal(p)
    if wrong and controller.clicks_for(state, wrong[0]):
        for element_id in controller.clicks_for(state, wrong[0]):
            board.click(element_id)
        assert not board.solved and board.state is state
        assert board.last_refusal is not None
    right = p.accepted()[0]
    clicks = controller.clicks_for(board.state, right, board.selection)
    if clicks:
        for element_id in clicks:
            board.click(element_id)
    else:   # programs, Reveal: the board's buttons
        labels = {m: label for label, m in controller.button_moves(board.state)}
        dict(board.move_buttons())[labels[right]]()
    assert board.solved, p.id


def test_try_it_shows_the_solving_seats_view():
    from boardlib.room25.puzzles import try_it

    card = try_it("R25-16")
    assert card.puzzle.id == "room25-16-push"


@pytest.mark.parametrize("p", PUZZLES, ids=short)
def test_R25_I4_the_board_shows_nothing_of_rooms_the_seat_does_not_know(p):
    controller = Room25Controller(viewer=p.seat)
    start = p.position()
    assert controller.static_svg(start) == controller.static_svg(redealt(p, 3))
    assert controller.draw(start, None) == controller.draw(redealt(p, 4), None)


def test_the_redeal_moves_hidden_rooms():
    """The R25-I4 tests above compare positions whose hidden rooms really differ."""
    for p in PUZZLES:
        start, other = p.position(), redealt(p, 3)
        assert [start.kind_at(q) for q in range(25)] != [other.kind_at(q) for q in range(25)]
