"""The puzzle engine (boardlib.core.puzzles): verdicts come from the engine, progress keeps."""
from __future__ import annotations

import json

import pytest

from boardlib.core.errors import InvalidInputError
from boardlib.core.puzzles import (MAX_STARS, Best, Moves, Progress, Puzzle, Verdict,
                                   check_unique, progress_summary, saved, stars_for)
from boardlib.grids.hex import Hex
from boardlib.zyrcan import Attack, position
from boardlib.zyrcan.puzzles import engines_destroyed


def two_targets():
    """Red's 1-engine ship on 2,2 can take Blue's 1-engine ship (east) or 3-engine (south-east)."""
    return position(ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 1), Hex(2, 3): (1, 3),
                           Hex(6, 1): (2, 2)})


def make(answers=None, setup=two_targets, seat=0, **kwargs):
    return Puzzle("test-best", ("ZY-13", "ZY-10"), setup, seat, "Destroy the most engines.",
                  answers or Best(engines_destroyed, lambda v: f"{v:g} engines destroyed",
                                  "ZY-13"),
                  "Three engines beat one (ZY-13).", "Look south-east.", **kwargs)


def test_ZY_13_best_accepts_what_the_engine_scores_highest():
    puzzle = make()
    assert puzzle.accepted() == (Attack(Hex(2, 2), 5),)
    verdict = puzzle.judge("attack 2,2 SE")
    assert verdict.right and verdict.legal and verdict.rule == "ZY-13"
    assert verdict.text == "Three engines beat one (ZY-13)."
    assert verdict.headline == "Right!"
    assert [s.rule for s in verdict.steps][:3] == ["ZY-06", "ZY-07", "ZY-08"]


def test_ZY_13_a_worse_legal_move_is_told_why_with_marks():
    verdict = make().judge(Attack(Hex(2, 2), 0))
    assert not verdict.right and verdict.legal
    assert verdict.text == ("That move: 1 engines destroyed. The best move here: "
                            "3 engines destroyed.")
    assert verdict.rule == "ZY-13"
    assert {m.kind for m in verdict.marks} == {"from", "to", "removed"}
    assert str(verdict).startswith("Not this one. That move")


def test_ZY_10_an_illegal_answer_gets_the_engines_refusal():
    state = two_targets()
    move = Attack(Hex(2, 2), 2)
    verdict = make().judge(move)
    problem = state.why_illegal(move)
    assert problem is not None
    assert (verdict.right, verdict.legal, verdict.rule, verdict.text) == (
        False, False, problem.rule, problem.reason)
    assert verdict.rule == "ZY-10"
    assert verdict.headline == "Not allowed."
    assert verdict.marks == ()


def test_moves_lists_answers_in_notation():
    puzzle = make(Moves("attack 2,2 E", why="Take the near one here.", rule="ZY-10"))
    assert puzzle.judge("attack 2,2 E").right
    worse = puzzle.judge("attack 2,2 SE")
    assert (worse.right, worse.text, worse.rule) == (False, "Take the near one here.", "ZY-10")
    with pytest.raises(ValueError):
        Moves(why="x", rule="ZY-10")


def test_judging_leaves_the_position_as_it_was():
    state = two_targets()
    before = state.to_json()
    make().judge("attack 2,2 E", state)
    assert state.to_json() == before


def test_saved_positions_come_from_a_json_save():
    text = two_targets().to_json()
    puzzle = make(setup=saved("zyrcan", text, players=3))
    assert puzzle.position().to_json() == text
    assert puzzle.accepted() == (Attack(Hex(2, 2), 5),)
    broken = make(setup=saved("zyrcan", text.replace('"attack"', '"nonsense"'), players=3))
    with pytest.raises(InvalidInputError):
        broken.position()


def test_the_puzzles_seat_must_be_to_move():
    with pytest.raises(InvalidInputError, match="player 1 is not to move"):
        make(seat=1).position()


def test_a_puzzle_teaches_a_rule_and_ids_are_unique():
    with pytest.raises(ValueError):
        Puzzle("x", (), two_targets, 0, "goal", Moves("pass", why="", rule="ZY-12"), "why")
    with pytest.raises(ValueError, match="test-best"):
        check_unique([make(), make()])


def test_verdict_text():
    verdict = Verdict(True, None, "ZY-15", "Last fleet left.")
    assert str(verdict) == "Right! Last fleet left. (ZY-15)"


# --- progress ---------------------------------------------------------------------------

def test_stars_a_hint_costs_one_never_below_one():
    assert [stars_for(h) for h in range(5)] == [3, 2, 1, 1, 1]
    assert MAX_STARS == 3


def test_progress_keeps_the_best_result_in_a_file(tmp_path):
    path = tmp_path / "deep" / "progress.json"
    progress = Progress(path)
    assert progress.summary() == "Puzzles: none solved yet."
    assert progress.record("a", 2) == 2
    assert progress.record("a", 1) == 2          # a worse result does not replace a better
    assert progress.record("b", 3) == 3
    again = Progress(path)
    assert (again.stars("a"), again.stars("b"), again.stars("c")) == (2, 3, 0)
    assert again.solved("a") and not again.solved("c")
    assert json.loads(path.read_text())["puzzles"] == {"a": {"stars": 2}, "b": {"stars": 3}}
    assert again.summary() == "Puzzles: 2 solved, 5 stars."
    assert progress_summary(path, [make()]) == "Puzzles: 0 of 1 solved, 0 of 3 stars."


def test_progress_that_cannot_be_written_is_kept_for_the_session(tmp_path):
    (tmp_path / "blocked").write_text("a file where the folder should be")
    progress = Progress(tmp_path / "blocked" / "progress.json")
    assert progress.record("a", 2) == 2           # no error for the learner
    assert progress.stars("a") == 2 and progress.not_saved is not None
    assert "this session only" in progress.not_saved


def test_progress_refuses_impossible_stars(tmp_path):
    progress = Progress(tmp_path / "p.json")
    for stars in (0, 4, 2.0, "3"):
        with pytest.raises(InvalidInputError):
            progress.record("a", stars)  # type: ignore[arg-type]
    assert not (tmp_path / "p.json").exists()


def test_a_broken_progress_file_is_an_empty_record(tmp_path):
    path = tmp_path / "p.json"
    for text in ("{not json", "[]", '{"puzzles": {"a": {"stars": "x"}, "b": 7}}'):
        path.write_text(text)
        assert Progress(path).solved_ids == ()
    path.write_text('{"puzzles": {"a": {"stars": 9}}}')
    assert Progress(path).stars("a") == MAX_STARS


def test_progress_path_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDLIB_PROGRESS", str(tmp_path / "env.json"))
    Progress().record("x", 1)
    assert (tmp_path / "env.json").exists()


@pytest.mark.parametrize("game", ["zyrcan", "section_x", "carcassonne", "room25"])
def test_each_game_finds_every_puzzle_by_its_id_and_names_an_unknown_one(game):
    import importlib

    puzzles = importlib.import_module(f"boardlib.{game}.puzzles")
    for found in puzzles.PUZZLES:
        assert puzzles.puzzle(found.id) is found
    with pytest.raises(KeyError, match="no puzzle 'nope'"):
        puzzles.puzzle("nope")
