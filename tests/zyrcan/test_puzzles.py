"""Zyrcan's puzzles: every answer the engine accepts is legal and judged right, a wrong
answer per puzzle is refused for the right reason, one puzzle per rule section at least."""
from __future__ import annotations

import pytest

from boardlib.zyrcan import CATALOGUE
from boardlib.zyrcan.puzzles import PUZZLES, for_rule, puzzle

# One wrong answer per puzzle: (move, rule of the refusal, legal?)
WRONG = {
    "zyrcan-01-fleets": [("attack 3,3 NW", "ZY-13", True), ("attack 3,3 E", "ZY-10", False)],
    "zyrcan-02-board": [("attack 0,0 SE", "ZY-13", True), ("attack 0,0 SW", "ZY-10", False)],
    "zyrcan-03-fleet": [("place 1 at 2,2", "ZY-03", True), ("place 3 at 5,2", "ZY-05", False),
                        ("place 3 at 3,2", "ZY-08", True)],
    "zyrcan-04-speed": [("attack 4,2 E", "ZY-13", True), ("attack 2,4 E", "ZY-08", False)],
    "zyrcan-05-place": [("place 1 at 4,3", "ZY-05", False), ("place 1 at 1,0", "ZY-07", True),
                        ("place 1 at 4,1", "ZY-08", True)],
    "zyrcan-06-attack": [("attack 2,2 E", "ZY-13", True), ("attack 3,2 W", "ZY-06", False)],
    "zyrcan-07-straight": [("attack 2,2 SE", "ZY-10", False)],
    "zyrcan-08-exact": [("attack 2,2 E", "ZY-08", False)],
    "zyrcan-09-over": [("attack 2,4 E", "ZY-13", True), ("attack 1,4 W", "ZY-10", False)],
    "zyrcan-10-land": [("attack 2,2 W", "ZY-10", True), ("attack 2,2 SE", "ZY-10", False),
                       ("attack 2,2 NW", "ZY-10", False)],
    "zyrcan-11-lost": [("attack 4,2 SE", "ZY-11", True)],
    "zyrcan-12-pass": [("attack 0,6 E", "ZY-12", True), ("pass", "ZY-12", False)],
    "zyrcan-13-win": [("attack 1,1 E", "ZY-13", True)],
    "zyrcan-14-whole": [("attack 2,2 W", "ZY-14", True), ("attack 3,2 W", "ZY-06", False)],
    "zyrcan-15-last": [("attack 2,3 NE", "ZY-08", False)],
}


def test_at_least_fifteen_and_one_per_rule_section():
    assert len(PUZZLES) >= 15
    for rule in CATALOGUE.rules:
        if rule.interpretation:
            continue
        assert for_rule(rule.id), f"no puzzle for {rule.id}"
    for p in PUZZLES:
        assert all(r in CATALOGUE for r in p.rules), p.id
        assert p.rule in p.explanation, f"{p.id}: the explanation cites its rule"
        assert p.goal and p.hint and p.title


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_every_accepted_answer_is_legal_and_right(p):
    state = p.position()
    accepted = p.accepted()
    assert accepted, f"{p.id} accepts nothing"
    for move in accepted:
        assert state.why_illegal(move) is None
        verdict = p.judge(move)
        assert verdict.right and verdict.legal and verdict.rule == p.rule
        assert verdict.steps, "a right answer is explained rule by rule"
    assert p.hint_move() in accepted


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_a_wrong_answer_is_refused_with_its_reason(p):
    assert p.id in WRONG
    state = p.position()
    for text, rule, legal in WRONG[p.id]:
        move = state.game.parse_move(text)
        verdict = p.judge(move)
        assert not verdict.right, text
        assert (verdict.rule, verdict.legal) == (rule, legal), (text, verdict)
        assert verdict.text
        if legal:
            assert verdict.marks, "a worse legal move is marked on the board"
        else:
            problem = state.why_illegal(move)
            assert problem is not None and verdict.text == problem.reason


def test_every_puzzle_has_a_wrong_legal_or_illegal_try():
    assert set(WRONG) == {p.id for p in PUZZLES}


def test_ZY_13_verdict_texts_exact():
    verdict = puzzle("zyrcan-06-attack").judge("attack 2,2 E")
    assert verdict.text == ("That move: 2 enemy engines destroyed. The best move here: "
                            "3 enemy engines destroyed.")
    lead = puzzle("zyrcan-13-win").judge("attack 1,1 E")
    assert lead.text == "That move: you do not lead alone. The best move here: you lead."


def test_ZY_14_a_wrong_answer_is_refuted_by_the_reply_marked_on_the_board():
    verdict = puzzle("zyrcan-14-whole").judge("attack 2,2 W")
    assert verdict.text == ("Then player 1 can hit back: fly the 2-engine ship on 1,0 "
                            "south-east to 1,2 and destroy player 0's 1-engine ship.")
    reply = [(m.kind, str(m.at), m.seat) for m in verdict.marks if m.seat == 1]
    assert ("from", "1,0", 1) in reply and ("to", "1,2", 1) in reply


def test_ZY_12_no_attack_left_for_the_next_player():
    p = puzzle("zyrcan-12-pass")
    (move,) = p.accepted()
    after = p.position().apply(move)
    assert [str(m) for m in after.legal_moves()] == ["pass"]
    worse = p.judge("attack 0,6 E")
    assert worse.text.startswith("Then player 1 still has 1 attack, for example: fly the "
                                 "1-engine ship on 2,2 west to 1,2")


def test_ZY_08_placement_that_cannot_reach_is_told_why():
    verdict = puzzle("zyrcan-05-place").judge("place 1 at 4,1")
    assert verdict.text == ("From 4,1 that ship could never hit the ship on 4,3: it is 2 "
                            "hexes away, and a 1-engine ship flies exactly 1 hex.")
    wrong_type = puzzle("zyrcan-03-fleet").judge("place 2 at 2,2")
    assert wrong_type.text == "That is a 2-engine ship; the goal asks for a 3-engine one."


def test_ZY_05_placing_on_a_ship_is_the_engines_refusal():
    verdict = puzzle("zyrcan-05-place").judge("place 1 at 4,3")
    assert verdict.rule == "ZY-05" and not verdict.legal


def test_unknown_puzzle():
    with pytest.raises(KeyError):
        puzzle("nope")
