"""The shape of the four game lessons (issue 19 items 1 and 2), read from their stored outputs.

A lesson opens with five minutes to the first game: ``## The goal`` (two sentences),
``## A game in progress`` (a picture with labelled parts), ``## One turn`` (a diagram of one
whole turn, SVG) and ``## Play your first game`` (the guided game), all before the first rule
section. The rule catalogue comes after the rule sections or folded (``<details>``). Every
rule section (a ``##`` heading that names a rule ID) shows a board or a picture, and none ends
in a bare Python repr.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ["10-zyrcan", "20-section-x", "30-carcassonne-tunnel", "40-room25"]
OPENING = ["The goal", "A game in progress", "One turn", "Play your first game"]
RULE_ID = re.compile(r"\b(ZY|SX|CB|TU|KR|R25)-I?\d+\b")

def sections(name: str) -> list[tuple[str, list[dict]]]:
    """(heading, cells) for each ``##`` section of a lesson, in order."""
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    result: list[tuple[str, list[dict]]] = [("", [])]
    for cell in notebook["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## "):
            result.append((source.splitlines()[0][3:].strip(), [cell]))
        else:
            result[-1][1].append(cell)
    return result


def outputs(cells: list[dict]) -> list[dict]:
    return [output for cell in cells for output in cell.get("outputs", [])]


def pictures(cells: list[dict]) -> list[str]:
    """The SVG or HTML pictures among the cells' stored outputs (a widget's stored output
    carries the board's picture too)."""
    found = []
    for output in outputs(cells):
        data = output.get("data", {})
        if "image/svg+xml" in data:
            found.append("".join(data["image/svg+xml"]))
        html = "".join(data.get("text/html", ""))
        if "<svg" in html or "<img" in html:
            found.append(html)
    return found


def is_rule_section(heading: str) -> bool:
    return bool(RULE_ID.search(heading))


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_opens_with_goal_picture_turn_and_first_game(name):
    parts = sections(name)
    headings = [heading for heading, _ in parts]
    first_rule = next(i for i, heading in enumerate(headings) if is_rule_section(heading))
    places = []
    for wanted in OPENING:
        assert wanted in headings[:first_rule], f"{name}: no '## {wanted}' before the rules"
        places.append(headings.index(wanted))
    assert places == sorted(places), f"{name}: the opening comes in the order {OPENING}"
    cells = dict(parts)
    goal = "".join("".join(cell["source"]) for cell in cells["The goal"]
                   if cell["cell_type"] == "markdown").split("\n", 1)[1].strip()
    first_paragraph = goal.split("\n\n")[0]
    assert len(re.findall(r"[.!?](\s|$)", first_paragraph)) <= 2, f"{name}: goal in 2 sentences"
    (labelled, *_) = pictures(cells["A game in progress"]) or [""]
    assert labelled.count("<text") >= 3, f"{name}: the mid-game picture names its parts"
    assert any("<svg" in picture for picture in pictures(cells["One turn"])), (
        f"{name}: one whole turn is drawn (SVG), not printed")
    assert pictures(cells["Play your first game"]), f"{name}: the guided game's board"


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_catalogue_is_folded_or_after_the_rules(name):
    parts = sections(name)
    headings = [heading for heading, _ in parts]
    place = headings.index("The rule catalogue")
    last_rule = max(i for i, heading in enumerate(headings) if is_rule_section(heading))
    folded = any("<details" in "".join(output.get("data", {}).get("text/html", ""))
                 for output in outputs(parts[place][1]))
    assert folded or place > last_rule, f"{name}: the catalogue comes first and unfolded"


@pytest.mark.parametrize("name", LESSONS)
def test_every_rule_section_shows_a_board_or_picture(name):
    without = [heading for heading, cells in sections(name)
               if is_rule_section(heading) and not pictures(cells)]
    assert not without, f"{name}: rule sections with no board or picture: {without}"


@pytest.mark.parametrize("name", LESSONS)
def test_no_rule_section_shows_a_bare_python_value(name):
    """A bare ``execute_result`` with only ``text/plain`` is a repr (``({}, (Pass(),))``,
    ``Outcome(...)``); print a sentence or draw it instead."""
    bare = [heading for heading, cells in sections(name) if is_rule_section(heading)
            for output in outputs(cells)
            if output["output_type"] == "execute_result"
            and set(output.get("data", {})) == {"text/plain"}]
    assert not bare, f"{name}: rule sections ending in a bare value: {sorted(set(bare))}"
