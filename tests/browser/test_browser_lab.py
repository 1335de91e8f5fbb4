"""Real JupyterLab in headless Chromium: every notebook runs, and the Zyrcan board plays.

One JupyterLab serves this whole module (conftest.lab). Part 1: every notebook in notebooks/
runs all its cells without an error ("Run All Cells" is the Run menu's command; the test then
saves from the browser and reads the file JupyterLab wrote). Part 2: real clicks on the Zyrcan
board (issue 2, item 7; WIDGET_CONTRACT ids). One run of a generated notebook serves every
board test: it shows a new game (placement phase) and, twice, a prepared attack position (see
conftest.zyrcan_attack_setup), so each test has its own board and none depends on another's
clicks.
"""


from pathlib import Path

import pytest
from playwright.sync_api import expect

from boardlib.grids.hex import Hex

# The start page and the four game lessons (00, 10, ... 40); the primer and the Room 25 puzzle
# page run under nbval and the Voila page test only (the CI budget).
NOTEBOOKS = sorted(
    p.name for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]0-*.ipynb"))
# Never an empty list (pytest would skip): before notebooks/ has any, run the generated one.
ALL = NOTEBOOKS or ["zyrcan_board_fixture.ipynb"]


@pytest.mark.parametrize("name", ALL)
def test_notebook_runs_all_cells_without_errors(jupyterlab, open_in_lab, ui, name):
    page = open_in_lab(name)
    ok = jupyterlab.run_all(page, name)
    saved = jupyterlab.save(page, name)
    errors = ui.error_outputs(saved)
    assert not errors, f"{name}: cells failed in JupyterLab: {errors}"
    assert ok, f"{name}: JupyterLab reports a failed cell"
    code = [c for c in saved["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    not_run = [i for i, c in enumerate(code) if c.get("execution_count") is None]
    assert not not_run, f"{name}: code cells {not_run} were not run"
    # Live widgets: every view found its model and drew (no "Error displaying widget").
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="Error displaying widget")).to_have_count(0)
    expect(outputs.filter(has_text="Loading widget...")).to_have_count(0, timeout=30_000)
    boards = page.locator(".boardlib-board")
    expect(boards.locator("svg")).to_have_count(boards.count())
    # ... and none is blank (ARCHITECTURE §7: a board can look fine to nbval yet show nothing).
    blank = page.evaluate(
        "() => Array.from(document.querySelectorAll('.boardlib-board svg'))"
        ".filter(svg => svg.querySelectorAll('path, use, image, rect, circle, polygon')"
        ".length === 0).length"
    )
    assert blank == 0, f"{name}: {blank} live boards drew nothing"


def test_signed_notebooks_show_their_saved_pictures_before_any_cell_runs(jupyterlab,
                                                                         open_in_lab, ui):
    """`make lab` and Binder sign the notebooks (`jupyter trust`), so JupyterLab shows the
    saved board pictures of a notebook nobody has run; an unsigned copy shows none of them.
    (One after the other: the second opens in the page the first was shown in.)"""
    pictures = '.jp-OutputArea-output[data-mime-type="image/svg+xml"]'
    signed = open_in_lab(ui.SIGNED)
    expect(signed.locator(pictures).first).to_be_visible()
    jupyterlab.show_every_cell(signed)      # each output is drawn once it has been on screen
    assert signed.locator(pictures).count() >= 5
    assert signed.locator(".jp-InputArea-prompt", has_text="[*]").count() == 0   # nothing ran
    jupyterlab.close(signed)
    unsigned = open_in_lab(ui.UNSIGNED)
    expect(unsigned.locator(".jp-OutputArea-output").first).to_be_attached()
    jupyterlab.show_every_cell(unsigned)
    assert unsigned.locator(pictures).count() == 0


# --- the Zyrcan board ---------------------------------------------------------------------------


NAME = "zyrcan_board_fixture.ipynb"


@pytest.fixture(scope="module")
def notebook_page(jupyterlab):
    yield from jupyterlab.boards_page(NAME, panels=3)


def board_of(page, panel_index):
    return page.locator(".boardlib-panel").nth(panel_index).locator(".boardlib-board")


def fill_of(board, element_id):
    """The fill colour of the piece inside a board element (its first shape otherwise)."""
    return board.locator(f'[id="{element_id}"]').evaluate(
        "g => { const s = g.querySelector('.piece > *') || g.querySelector("
        "'path, circle, polygon, ellipse') || g; return getComputedStyle(s).fill; }"
    )


def test_a_click_places_a_ship(notebook_page, ui):
    page, board = notebook_page, board_of(notebook_page, ui.NEW_GAME_PANEL)
    assert ui.marked_ids(board, "ship") == set(), "a new game starts with an empty board (ZY-05)"
    spot = ui.hex_id("hex", Hex(5, 2))  # an inner hex of the 42-hex board
    reserves = sorted(ui.board_ids(board, "reserve_"))
    if reserves:  # choose which ship to place first, if the board offers a choice
        ui.real_click(page, board, reserves[-1])
    ui.real_click(page, board, spot)
    expect(board.locator(f'[id="{spot}"].ship')).to_have_count(1)
    assert ui.marked_ids(board, "ship") == {spot}
    panel = page.locator(".boardlib-panel").nth(ui.NEW_GAME_PANEL)
    expect(panel.locator(".boardlib-why")).not_to_contain_text("ZY-")
    # The same hex again is refused, and the "why not?" line names the rule (ZY-05).
    ui.real_click(page, board, spot, redraw=False)
    expect(panel.locator(".boardlib-why")).to_contain_text("ZY-05")
    assert ui.marked_ids(board, "ship") == {spot}


def test_selecting_a_ship_highlights_exactly_its_targets(notebook_page, ui, attack_setup):
    page, board = notebook_page, board_of(notebook_page, ui.HIGHLIGHT_PANEL)
    assert ui.marked_ids(board, "target") == set(), "nothing is highlighted before a selection"
    ui.real_click(page, board, ui.hex_id("hex", attack_setup.origin))
    expected = {ui.hex_id("hex", h) for h in attack_setup.targets}
    expect(board.locator("svg .click.target")).to_have_count(len(expected))
    assert ui.marked_ids(board, "target") == expected
    # each target says so to a screen reader, in words
    for element_id in expected:
        label = board.locator(f'[id="{element_id}"]').get_attribute("aria-label")
        assert "a target: click to attack" in label, label


def test_an_attack_removes_the_enemy_ship(notebook_page, ui, attack_setup):
    page, board = notebook_page, board_of(notebook_page, ui.ATTACK_PANEL)
    origin, target = (ui.hex_id("hex", h) for h in (attack_setup.origin,
                                                     attack_setup.targets[0]))
    ships_before = ui.marked_ids(board, "ship")
    assert len(ships_before) == len(attack_setup.ships)
    attacker_colour = fill_of(board, origin)
    assert attacker_colour != fill_of(board, target)
    ui.real_click(page, board, origin)
    expect(board.locator(f'[id="{target}"].target')).to_have_count(1)
    ui.real_click(page, board, target)
    # The attacker flies onto the target hex and the enemy ship there is destroyed (ZY-10).
    expect(board.locator(f'[id="{origin}"].ship')).to_have_count(0)
    expect(board.locator("svg .click.ship")).to_have_count(len(ships_before) - 1)
    assert ui.marked_ids(board, "ship") == ships_before - {origin}
    assert ui.marked_ids(board, "target") == set()
    assert fill_of(board, target) == attacker_colour
