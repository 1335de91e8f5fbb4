"""Real clicks on the Zyrcan board in JupyterLab (issue 2, item 7; WIDGET_CONTRACT ids).

One notebook run serves every test here: the generated fixture notebook shows a new game
(placement phase) and, twice, a prepared attack position (see conftest.zyrcan_attack_setup),
so each test has its own board and no test depends on another's clicks.
"""

import pytest
from playwright.sync_api import expect

from boardlib.grids.hex import Hex

NAME = "zyrcan_board_fixture.ipynb"


@pytest.fixture(scope="module")
def notebook_page(jupyterlab):
    page = jupyterlab.open(NAME)
    assert jupyterlab.run_all(page, NAME), "the Zyrcan fixture notebook failed to run"
    panels = page.locator(".boardlib-panel")
    expect(panels).to_have_count(3)
    expect(panels.locator(".boardlib-board svg")).to_have_count(3)
    yield page
    jupyterlab.close(page)


def board_of(page, panel_index):
    return page.locator(".boardlib-panel").nth(panel_index).locator(".boardlib-board")


def fill_of(board, element_id):
    """The fill colour of the first painted shape inside a board element."""
    return board.locator(f'[id="{element_id}"]').evaluate(
        "g => { const s = g.querySelector('path, circle, polygon, ellipse') || g;"
        " return getComputedStyle(s).fill; }"
    )


def test_a_click_places_a_ship(notebook_page, ui):
    page, board = notebook_page, board_of(notebook_page, ui.NEW_GAME_PANEL)
    assert ui.board_ids(board, "ship_") == set(), "a new game starts with an empty board (ZY-05)"
    spot = Hex(5, 2)  # an inner hex of the 42-hex board
    reserves = sorted(ui.board_ids(board, "reserve_"))
    if reserves:  # choose which ship to place first, if the board offers a choice
        ui.real_click(page, board, reserves[-1])
    ui.real_click(page, board, ui.hex_id("hex", spot))
    expect(board.locator(f'[id="{ui.hex_id("ship", spot)}"]')).to_have_count(1)
    assert ui.board_ids(board, "ship_") == {ui.hex_id("ship", spot)}
    panel = page.locator(".boardlib-panel").nth(ui.NEW_GAME_PANEL)
    expect(panel.locator(".boardlib-why")).not_to_contain_text("ZY-")


def test_selecting_a_ship_highlights_exactly_its_targets(notebook_page, ui, attack_setup):
    page, board = notebook_page, board_of(notebook_page, ui.HIGHLIGHT_PANEL)
    assert ui.board_ids(board, "target_") == set(), "nothing is highlighted before a selection"
    ui.real_click(page, board, ui.hex_id("ship", attack_setup.origin))
    expected = {ui.hex_id("target", h) for h in attack_setup.targets}
    expect(board.locator('[id^="target_"]')).to_have_count(len(expected))
    assert ui.board_ids(board, "target_") == expected


def test_an_attack_removes_the_enemy_ship(notebook_page, ui, attack_setup):
    page, board = notebook_page, board_of(notebook_page, ui.ATTACK_PANEL)
    origin, target = attack_setup.origin, attack_setup.targets[0]
    ships_before = ui.board_ids(board, "ship_")
    assert len(ships_before) == len(attack_setup.ships)
    attacker_colour = fill_of(board, ui.hex_id("ship", origin))
    assert attacker_colour != fill_of(board, ui.hex_id("ship", target))
    ui.real_click(page, board, ui.hex_id("ship", origin))
    expect(board.locator(f'[id="{ui.hex_id("target", target)}"]')).to_have_count(1)
    ui.real_click(page, board, ui.hex_id("target", target))
    # The attacker flies onto the target hex and the enemy ship there is destroyed (ZY-10).
    expect(board.locator(f'[id="{ui.hex_id("ship", origin)}"]')).to_have_count(0)
    expect(board.locator('[id^="ship_"]')).to_have_count(len(ships_before) - 1)
    assert ui.board_ids(board, "ship_") == ships_before - {ui.hex_id("ship", origin)}
    assert ui.board_ids(board, "target_") == set()
    assert fill_of(board, ui.hex_id("ship", target)) == attacker_colour
