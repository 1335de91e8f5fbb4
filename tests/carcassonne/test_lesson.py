"""The Carcassonne lesson's pictures (boardlib.carcassonne.lesson, issue 19): static SVG,
each naming the rules it shows, read from the engine (end scoring, farms, refusals)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from boardlib.carcassonne import lesson, play, position
from boardlib.carcassonne.rules import end_scoring
from boardlib.carcassonne.tiles import BASE_TILES, TUNNEL_TILES

LESSON = Path(__file__).parents[2] / "notebooks" / "30-carcassonne-tunnel.ipynb"
WEST_L = [[-1, 0, "L", 2]]


def test_a_game_in_progress_names_its_parts_on_the_picture():
    svg = lesson.game_in_progress().svg
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    assert len(labels) >= 3
    said = " ".join(labels)
    for part in ("a city", "a road", "a field", "a cloister"):
        assert part in said, part
    assert lesson.game_in_progress().svg == svg            # the same every time


def test_CB_03_one_turn_is_drawn_step_by_step_with_its_rules():
    svg = lesson.one_turn().svg
    for rule in ("CB-03", "CB-04", "CB-06", "TU-03", "CB-07"):
        assert rule in svg, rule
    assert "then the next player draws" in svg


def test_CB_14_the_end_scoring_is_drawn_feature_by_feature():
    s = play(position("M", deck=["U", "B"]), "tile 0,1 rot 180", "follower city:E+S",
             "end turn", "tile 1,0 rot 0", "follower road:E+W", "end turn",
             "tile 1,-1 rot 0", "follower cloister")
    figure = lesson.end_of_game(s)
    unfinished = [(svg, words) for svg, words in figure.panels if words.startswith(
        "CB-14") or "CB-14 " in words[:80]]
    payments = [p for p in end_scoring(play(s, "end turn")).payments if p.rule == "CB-14"]
    assert len(unfinished) == len(payments) == 3
    assert all("<svg" in svg for svg, _ in unfinished)
    assert "+3" in unfinished[0][0] and "+2" in unfinished[1][0]   # the points on the map
    assert figure.panels[-1][1].startswith("CB-16") and "Red wins with 6" in figure.panels[-1][1]
    html = figure._repr_html_()
    assert "<script" not in html and html.count("<svg") >= 3


def test_CB_15_each_field_is_coloured_and_its_city_marked():
    farmers = [[0, 0, "field:EL+WR", 0], [0, 1, "field:ER+WL", 0],
               [1, 1, "field:ER+SL+SR+WL", 1]]
    state = position("U", board=[[0, 1, "D", 2], [1, 1, "U", 0]], followers=farmers)
    figure = lesson.farms(state)
    svg, words = figure.panels[0]
    yellow, purple = (c for c, _ in lesson.FIELD_COLOURS[:2])
    assert yellow in svg and purple in svg and ">C1<" in svg
    assert "yellow field: farmers Red 1; it borders C1" in words
    assert "purple field: farmers Red 1, Blue 1; it borders C1" in words
    assert [w for _, w in figure.panels[1:]] == [
        "farms='3rd' (CB-15): Red 6, Blue 3.", "farms='1st' (CB-15): Red 4, Blue 0.",
        "farms='2nd' (CB-15): Red 3, Blue 3."]


def test_TU_02_a_refusal_is_marked_and_cites_its_rule():
    s = play(position("TU2", board=WEST_L), "tile 1,0 rot 0")
    figure = lesson.refused(s, "token red 1,0 W", "token blue 1,0 W", hand=True)
    (svg, words), = figure.panels
    assert "refused: The red tokens belong to Blue; you use your own colours. (TU-02)" in words
    assert "“token blue 1,0 W”: legal." in words
    assert svg.count('data-mark="over"') == 2 and "Red 0" in svg   # marked; the score track


def test_CB_12_a_completed_city_is_explained_rule_by_rule():
    s = play(position("R", deck=["I", "N", "N"]), "tile 0,1 rot 90", "follower city:N+E+S",
             "end turn", "tile 1,1 rot 0", "end turn", "tile 0,2 rot 180", "end turn",
             "tile 1,2 rot 270")
    figure = lesson.explained(s, "end turn", rules=("CB-09", "CB-12"))
    rules = [words.split(") ", 1)[-1][:5] for _, words in figure.panels]
    assert "CB-12" in rules and "CB-09" in rules
    assert all(svg for svg, _ in figure.panels)


def test_the_tile_gallery_shows_every_tile_type():
    figure = lesson.tile_gallery(BASE_TILES + TUNNEL_TILES)
    assert len(figure.panels) == 24 + 4
    assert figure.panels[0][1] == "A ×2"


def test_the_lesson_keeps_live_boards_out_of_its_rule_sections():
    """Issue 19 item 4: a rule section shows static pictures and its Try-it card; live boards
    only where the learner plays a game (first game, full game, exercises)."""
    cells = json.loads(LESSON.read_text())["cells"]
    section, boards = "", []
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            section = source.splitlines()[0]
        elif cell["cell_type"] == "code" and "CarcassonneBoard(" in source and re.search(
                r"\b(CB|TU|KR)-\d+", section):
            boards.append(section)
    assert not boards


def test_CB_15_the_end_scoring_colours_each_farm_it_scores():
    farmers = [[0, 0, "field:EL+WR", 0], [0, 1, "field:ER+WL", 0],
               [1, 1, "field:ER+SL+SR+WL", 1]]
    state = play(position("U", board=[[0, 1, "D", 2], [1, 1, "U", 0]], followers=farmers),
                 "tile 0,-1 rot 0")
    figure = lesson.end_of_game(state)
    yellow = lesson.FIELD_COLOURS[0][0]
    farms = [(svg, words) for svg, words in figure.panels if "A farm: the field" in words]
    assert len(farms) == 2 and all(yellow in svg for svg, _ in farms)
    assert all(yellow not in svg for svg, words in figure.panels if "CB-16" in words[:6])
