"""Carcassonne's guided first game in a real browser (JupyterLab, 1366x768): a wrong tile
clicked on the map is refused with its rule, the right one (turned in the hand beside the
map) is played and explained, the knight's spot is clicked, *End turn* is judged as a step,
the bot replies, and H gives the step's hint. Screenshots in ``BOARDLIB_SCREENSHOTS``."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

NAME = "carcassonne_guided_fixture.ipynb"
SOURCES = ["from boardlib.carcassonne.guided import first_game_board",
           "first_game_board(delay=0.05)"]
MAP = ".boardlib-view:not(.boardlib-hand) .boardlib-board"
HAND = ".boardlib-hand .boardlib-board"
MAP_LINE = ".boardlib-view:not(.boardlib-hand) > {}"


@pytest.fixture(scope="module")
def guided_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Carcassonne guided", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(f".boardlib-guided {MAP} svg")).to_have_count(1)
    expect(page.locator(f".boardlib-guided {HAND} svg")).to_have_count(1)
    yield page
    jupyterlab.close(page)


def click_move(page, ui, guided, state, move, last_redraws: bool = True) -> None:
    """The clicks a learner makes for ``move``: turn the tile in hand, then the map."""
    from boardlib.carcassonne.widget import CarcassonneController

    board, hand = guided.locator(MAP), guided.locator(HAND)
    clicks = CarcassonneController().clicks_for(state, move)
    for k, element_id in enumerate(clicks):
        view = hand if element_id.startswith("hand") else board
        ui.real_click(page, view, element_id, redraw=last_redraws or k < len(clicks) - 1)


def test_CB_04_CB_06_CB_09_the_first_turn_by_real_clicks(guided_page, ui):
    from boardlib.carcassonne.guided import FIRST_GAME

    page = guided_page
    guided = page.locator(".boardlib-guided").first
    notes, why = guided.locator(".boardlib-notes"), guided.locator(MAP_LINE.format(".boardlib-why"))
    state = FIRST_GAME.setup()
    accepted = FIRST_GAME.steps[0].puzzle(state, 1).accepted()
    wrong = next(m for m in state.legal_moves() if m not in accepted)
    expect(notes).to_contain_text("Step 1 of 7")
    ui.assert_fits_one_screen(guided)
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-guided-start.png"))

    click_move(page, ui, guided, state, wrong, last_redraws=False)
    expect(why).to_contain_text("CB-04")
    expect(notes).to_contain_text("Try again")
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-guided-wrong.png"))
    for _ in range(4):                           # back to the tile unturned
        if "· 0°" in (guided.locator(HAND).locator("svg").text_content() or ""):
            break
        ui.real_click(page, guided.locator(HAND), "hand_0")
    click_move(page, ui, guided, state, accepted[0])
    expect(notes).to_contain_text("Right!")
    expect(notes).to_contain_text("Step 2 of 7")

    state = state.apply(accepted[0])
    knight = FIRST_GAME.steps[1].puzzle(state, 2).accepted()[0]
    click_move(page, ui, guided, state, knight)
    expect(notes).to_contain_text("Step 3 of 7")

    guided.get_by_role("button", name="End turn").click()     # judged: the city scores
    expect(notes).to_contain_text("Step 4 of 7", timeout=60_000)   # after Blue's reply
    expect(guided).to_contain_text("Red 4")
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-guided-step4.png"))

    guided.locator(MAP).locator('[tabindex="0"]').first.focus()
    page.keyboard.press("h")                                     # H: the step's hint
    expect(why).to_contain_text("Hint:")
