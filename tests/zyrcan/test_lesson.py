"""The Zyrcan lesson's pictures and sentences (boardlib.zyrcan.lesson, issue 19 items 1-2):
each is computed by the engine, shows what it says, and is static SVG (no widget)."""

from __future__ import annotations

import re
from xml.etree import ElementTree as ET

import pytest

from boardlib.grids.hex import Hex
from boardlib.svg.diagram import wrap
from boardlib.zyrcan import Attack, Pass, position
from boardlib.zyrcan import lesson
from boardlib.zyrcan.rules import ATTACK

NS = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def marks(svg: str, kind: str) -> set[str]:
    """The element ids of the places marked ``kind`` (data-mark/data-at of boardlib.svg.marks)."""
    return {g.get("data-at", "") for g in ET.fromstring(svg).iter(f"{NS}g")
            if g.get("data-mark") == kind}


KNIGHT = position(ships={Hex(2, 2): (0, 2), Hex(3, 3): (1, 2), Hex(6, 1): (2, 1)})
OVER = position(ships={Hex(1, 4): (0, 3), Hex(2, 4): (0, 1), Hex(3, 4): (1, 1),
                       Hex(4, 4): (2, 2)})


def test_mid_game_is_an_attack_phase_position_with_red_to_move_ZY_06():
    state = lesson.mid_game()
    assert state.phase == ATTACK and state.current_player == 0 and not state.is_terminal()
    assert len(state.ships()) < 36, "some attacks have been played"


def test_game_in_progress_labels_the_attack_the_engine_allows_ZY_07_ZY_08_ZY_10():
    state = lesson.mid_game()
    move = lesson.showcase_attack(state)
    assert move in state.legal_moves()
    assert state.ship_at(move.origin).engines > 1, "a flight long enough to see"
    svg = lesson.game_in_progress().svg
    words = " ".join(texts(svg))
    for rule in ("ZY-03", "ZY-07", "ZY-08", "ZY-10", "ZY-13"):
        assert rule in words
    totals = ", ".join(f"{name} {state.engines(p)}"
                       for p, name in enumerate(("Red", "Blue", "Yellow")))
    assert totals in words, "the engine totals are the engine's"
    # six numbered labels, four of them also on the board beside their hex
    badges = [t for t in texts(svg) if re.fullmatch(r"[1-6]", t)]
    assert sorted(set(badges)) == list("123456") and len(badges) >= 10
    # the attack is drawn: a flight from the ship to its target
    assert marks(svg, "from") == {f"hex_{move.origin.q}_{move.origin.r}"}
    assert svg == lesson.game_in_progress().svg, "same picture every time"
    assert "<foreignObject" not in svg and "widget" not in svg


def test_one_turn_diagram_names_each_steps_rule_and_fits_its_boxes_ZY_05_ZY_14():
    svg = lesson.one_turn().svg
    words = " ".join(texts(svg))
    for rule in ("ZY-05", "ZY-06", "ZY-07/08/09", "ZY-10", "ZY-12", "ZY-14"):
        assert rule in words
    for step in lesson.TURN:
        assert len(wrap(step.detail)) <= 3
        assert all(len(row) <= 22 for row in wrap(step.detail)), step.detail


def test_board_sizes_counts_the_engines_hexes_and_crops_the_reserve_ZY_02():
    svg = lesson.board_sizes().svg
    labels = [t for t in texts(svg) if "players" in t]
    assert labels == ["3 players: 42 hexes", "4 players: 53 hexes", "5 players: 67 hexes"]
    nested = ET.fromstring(svg).findall(f"{NS}svg")
    assert len(nested) == 3
    for board in nested:   # the reserve column is cut off by the viewBox
        width = float(board.get("viewBox").split()[2])
        assert max(float(p.split(",")[0]) for cell in board.iter(f"{NS}polygon")
                   if cell.get("class") == "cell"
                   for p in cell.get("points").split()) <= width + 0.5


def test_fleet_words_are_the_reserve_ZY_03():
    state = position(phase="placement", ships={})
    words = lesson.fleet_words(state, 0)
    assert words == ("Red's fleet: 12 ships — 4 with 1 engine, 6 with 2 engines, 2 with 3 "
                     "engines; 22 engines in all (ZY-03).")


def test_straight_lines_arrow_every_landing_hex_and_miss_the_knight_move_ZY_07():
    svg = lesson.straight_lines(KNIGHT, Hex(2, 2)).svg
    landings = {f"hex_{h.q}_{h.r}" for d in range(6)
                if (h := KNIGHT.game.landing(Hex(2, 2), 2, d)) is not None}
    assert marks(svg, "to") == landings
    assert "hex_3_3" not in landings, "the enemy is on no straight line"


def test_targets_words_say_nothing_to_hit_and_pass_ZY_07_ZY_12():
    words = lesson.targets_words(KNIGHT, Hex(2, 2))
    assert "can hit nothing" in words and "only legal move is to pass (ZY-12)" in words
    assert KNIGHT.legal_moves() == (Pass(),)
    assert "Yellow's 2-engine ship on 4,4 (east)" in lesson.targets_words(OVER, Hex(1, 4))
    assert "pass" not in lesson.targets_words(OVER, Hex(1, 4))


def test_attack_picture_marks_the_ships_flown_over_ZY_09():
    svg = lesson.attack_picture(OVER, Attack(Hex(1, 4), 0)).svg
    assert marks(svg, "over") == {"hex_2_4", "hex_3_4"}
    assert marks(svg, "removed") == {"hex_4_4"}


def test_explained_keeps_the_steps_of_the_rules_asked_for_ZY_13():
    tie = position(ships={Hex(1, 1): (0, 3), Hex(5, 1): (1, 1), Hex(6, 1): (1, 2),
                          Hex(2, 6): (2, 1)})
    words = lesson.explained(tie, Pass(), rules=("ZY-13", "ZY-I4"))
    assert words.endswith("(ZY-13)") and "Blue is level on engines but has the most ships" in (
        words)
    assert "ZY-12" not in words
    assert words._repr_markdown_() == words   # one line: shown as it is


def test_words_show_as_markdown_one_line_a_line():
    assert lesson.Words("a\nb")._repr_markdown_() == "a  \nb"


@pytest.mark.parametrize("rule", ["ZY-15"])
def test_last_fleet_standing_is_explained_after_the_attack_ZY_15(rule):
    last = position(ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 1)})
    words = lesson.explained(last, Attack(Hex(2, 2), 0), rules=(rule, "ZY-13"))
    assert f"({rule})" in words and "Red has the most engines and wins" in words
    svg = lesson.attack_picture(last, Attack(Hex(2, 2), 0), after=True).svg
    assert "Game over: Red wins" in " ".join(texts(svg))
