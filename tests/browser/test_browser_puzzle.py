"""Puzzles and the guided first game in a real browser (JupyterLab, 1366x768): a wrong answer
clicked on the board is refused with its rule and its refutation outlined, a right one is
played and explained; H gives a hint; the guided game checks the learner's first move.
Screenshots in ``BOARDLIB_SCREENSHOTS`` (default: a temp dir)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

NAME = "puzzle_fixture.ipynb"
EXACT, WHOLE, GUIDED = 0, 1, 2
SOURCES = [
    "from boardlib.widgets.puzzle import PuzzleBoard\n"
    "from boardlib.zyrcan.puzzles import puzzle\n"
    "from boardlib.zyrcan.guided import first_game_board, try_it",
    "PuzzleBoard(puzzle('zyrcan-08-exact'), progress='progress.json')",
    "PuzzleBoard(puzzle('zyrcan-14-whole'), progress='progress.json')",
    "first_game_board(delay=0.05)",
    "try_it('ZY-01', progress='progress.json')",
]
BLUE = "rgb(0, 114, 178)"      # seat 1's colour (boardlib.svg.palette)


@pytest.fixture(scope="module")
def lab_page(jupyterlab, ui):
    """The Zyrcan puzzles, the guided game and a card (SOURCES), then the Carcassonne puzzle
    (CARCASSONNE_SOURCES), in one notebook: the whole module's page."""
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Puzzles",
                            SOURCES + CARCASSONNE_SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    # three Zyrcan boards, and the Carcassonne puzzle's map and tile in hand
    expect(page.locator(".boardlib-board svg")).to_have_count(5)
    expect(page.locator(".boardlib-puzzle-card")).to_have_count(1)
    expect(page.locator(".boardlib-panel")).to_have_count(0)   # no free game among them
    yield page
    jupyterlab.close(page)


def panel(page, index):
    return page.locator(".boardlib-puzzle, .boardlib-guided").nth(index)


def test_ZY_08_wrong_then_right_by_real_clicks(lab_page, ui):
    page, p = lab_page, panel(lab_page, EXACT)
    board = p.locator(".boardlib-board")
    found = ui.assert_fits_one_screen(p)
    assert found["board_width"] >= 400, found
    expect(p.locator(".boardlib-status")).to_contain_text("three enemies")
    ui.real_click(page, board, "hex_2_2")
    ui.real_click(page, board, "hex_3_2", redraw=False)       # one hex away: ZY-08
    expect(p.locator(".boardlib-why")).to_contain_text("flies exactly 2 hexes")
    expect(p.locator(".boardlib-why")).to_contain_text("ZY-08")
    expect(p.locator(".boardlib-notes")).to_contain_text("Try again")
    page.screenshot(path=str(ui.screenshot_dir() / "puzzle-wrong.png"))
    ui.real_click(page, board, "hex_2_4")                      # the right one
    expect(p.locator(".boardlib-notes")).to_contain_text("Right!")
    expect(p.locator(".boardlib-notes")).to_contain_text("ZY-08")
    expect(board.locator("svg .click.ship")).to_have_count(4)  # one enemy fewer
    page.screenshot(path=str(ui.screenshot_dir() / "puzzle-right.png"))


def test_ZY_14_the_refutation_is_outlined_on_the_board(lab_page, ui):
    page, p = lab_page, panel(lab_page, WHOLE)
    board = p.locator(".boardlib-board")
    ui.real_click(page, board, "hex_2_2")
    ui.real_click(page, board, "hex_1_2")                      # worse: Blue hits back
    expect(p.locator(".boardlib-why")).to_contain_text("can hit back")
    stroke = board.locator('[id="hex_1_0"] > polygon').first.evaluate(
        "n => getComputedStyle(n).stroke")
    assert stroke == BLUE, stroke
    other = panel(page, EXACT).locator('.boardlib-board [id="hex_1_0"] > polygon').first
    assert other.evaluate("n => getComputedStyle(n).stroke") != BLUE   # scoped to one board
    ui.assert_fits_one_screen(p)
    page.screenshot(path=str(ui.screenshot_dir() / "puzzle-refuted.png"))
    board.locator('[tabindex="0"]').focus()
    page.keyboard.press("h")                                   # H: the hint, a star less
    expect(p.locator(".boardlib-why")).to_contain_text("Hint:")
    expect(p.locator(".boardlib-status")).to_contain_text("★★☆")


def test_the_guided_game_refuses_a_wrong_first_move_and_takes_a_right_one(lab_page, ui):
    from boardlib.zyrcan.guided import FIRST_GAME
    from boardlib.zyrcan.widget import ZyrcanController

    page, p = lab_page, panel(lab_page, GUIDED)
    board = p.locator(".boardlib-board")
    state = FIRST_GAME.setup()
    step = FIRST_GAME.steps[0].puzzle(state, 1)
    accepted = step.accepted()
    wrong = next(m for m in state.legal_moves() if m not in accepted and m.engines == 1)
    right = next(m for m in accepted if m.engines == 1)
    clicks = ZyrcanController().clicks_for
    expect(p.locator(".boardlib-notes")).to_contain_text("Step 1 of 4")
    ui.assert_fits_one_screen(p)
    page.screenshot(path=str(ui.screenshot_dir() / "guided-start.png"))
    (wrong_hex,) = clicks(state, wrong)
    ui.real_click(page, board, wrong_hex)
    expect(p.locator(".boardlib-why")).to_contain_text("your ship could be hit")
    expect(p.locator(".boardlib-notes")).to_contain_text("Try again")
    page.screenshot(path=str(ui.screenshot_dir() / "guided-wrong.png"))
    (right_hex,) = clicks(state, right)
    ui.real_click(page, board, right_hex)
    expect(p.locator(".boardlib-notes")).to_contain_text("Right!")
    expect(p.locator(".boardlib-notes")).to_contain_text("Step 2 of 4", timeout=30_000)
    page.screenshot(path=str(ui.screenshot_dir() / "guided-step2.png"))


def test_a_puzzle_card_opens_its_board_and_the_board_answers(lab_page, ui):
    page = lab_page
    card = page.locator(".boardlib-puzzle-card")
    # the card's words and picture: a static output just before it, in its output area
    words = page.locator(".jp-OutputArea").filter(has=card).locator(".boardlib-card-text")
    expect(words).to_contain_text("Destroy the enemy ship with the most engines")
    expect(words.locator(".boardlib-card-picture svg")).to_have_count(1)
    card.get_by_role("button", name="Solve it on the board").click()
    board = card.locator(".boardlib-puzzle .boardlib-board")
    expect(board.locator("svg")).to_have_count(1, timeout=30_000)
    ui.real_click(page, board, "hex_3_3")
    ui.real_click(page, board, "hex_2_3")          # Yellow's 2-engine ship: right
    expect(card.locator(".boardlib-notes")).to_contain_text("Right!")
    expect(words).to_be_hidden()           # the live board took the picture's place
    page.screenshot(path=str(ui.screenshot_dir() / "puzzle-card-solved.png"))


# --- Carcassonne: a puzzle answered with the tile in hand and the map ---------------------------

CARCASSONNE_SOURCES = [
    "from boardlib.widgets.puzzle import PuzzleBoard\n"
    "from boardlib.carcassonne.puzzles import puzzle",
    "PuzzleBoard(puzzle('carcassonne-09-city'), progress='progress.json')",
]
CARCASSONNE_MAP = ".boardlib-view:not(.boardlib-hand) .boardlib-board"
CARCASSONNE_HAND = ".boardlib-hand .boardlib-board"
MAP_LINE = ".boardlib-view:not(.boardlib-hand) > {}"     # the map's lines, not the hand's


@pytest.fixture(scope="module")
def carcassonne_page(lab_page):
    """The same page: the Carcassonne puzzle follows the Zyrcan ones."""
    puzzle_ = carcassonne_puzzle(lab_page)
    expect(puzzle_.locator(f"{CARCASSONNE_MAP} svg")).to_have_count(1)
    expect(puzzle_.locator(f"{CARCASSONNE_HAND} svg")).to_have_count(1)
    return lab_page


def carcassonne_puzzle(page):
    """The one puzzle with a tile in hand beside its map."""
    return page.locator(".boardlib-puzzle").filter(has=page.locator(CARCASSONNE_HAND))


def turn_hand_to(page, ui, hand, quarters: int) -> None:
    """Click the tile in hand until it is turned ``quarters`` × 90° (its caption says so)."""
    for _ in range(4):
        if f"· {90 * quarters}°" in (hand.locator("svg").text_content() or ""):
            return
        ui.real_click(page, hand, "hand_0")
    raise AssertionError(f"the tile in hand never turned to {90 * quarters}°")


def test_CB_09_a_carcassonne_puzzle_wrong_then_right_by_real_clicks(carcassonne_page, ui):
    page = carcassonne_page
    p = carcassonne_puzzle(page)
    board, hand = p.locator(CARCASSONNE_MAP), p.locator(CARCASSONNE_HAND)
    expect(p.locator(MAP_LINE.format(".boardlib-status"))).to_contain_text("CB-09")
    ui.assert_fits_one_screen(p)
    turn_hand_to(page, ui, hand, 1)
    ui.real_click(page, board, "place_0_-1", redraw=False)    # legal, but scores nothing
    expect(p.locator(MAP_LINE.format(".boardlib-why"))).to_contain_text("no points this turn")
    expect(p.locator(MAP_LINE.format(".boardlib-why"))).to_contain_text("CB-09")
    expect(p.locator(".boardlib-notes")).to_contain_text("Try again")
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-puzzle-wrong.png"))
    turn_hand_to(page, ui, hand, 2)
    ui.real_click(page, board, "place_0_1")                    # closes the city: 4 points
    expect(p.locator(".boardlib-notes")).to_contain_text("Right!")
    expect(p.locator(".boardlib-notes")).to_contain_text("CB-09")
    expect(board.locator('svg [id="tile_0_1"]')).to_have_count(1)
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-puzzle-right.png"))
