"""The Zyrcan board as a class meets it: at 1366x768, by keyboard alone, read aloud.

One JupyterLab notebook and one Voila app, each with a new all-human game and a late-game
position. Checked in both: the board with all its controls and its why-not line fits the
screen, the why-not line appearing moves nothing, every clickable SVG element is named in
words, and a whole game is played with the keyboard only (arrow keys, Enter). Screenshots of
the early and the late board are kept in ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

NAME = "zyrcan_play_fixture.ipynb"
NEW, LATE, KEYBOARD = 0, 1, 2


def late_source() -> str:
    """A 3-player position after placement and a few attacks, from seeded random play."""
    return ("import boardlib\nfrom boardlib.core.bots import RandomBot\n"
            "late = boardlib.load('zyrcan', players=3).new_initial_state()\n"
            "bot = RandomBot(11)\n"
            "for _ in range(44):\n"
            "    late = late.apply(bot.choose(late))\n"
            "ZyrcanBoard(state=late, seats=['human', 'human', 'human'])")


ZOOM_SOURCE = """from boardlib.svg import Drawing, element_id
from boardlib.widgets import BoardView
d = Drawing(800, 800, title="a big grid", kind="grid", pixel_width=800)
for i in range(40):
    for j in range(40):
        d.rect(d.clickable(None, element_id("cell", i, j), f"cell {i},{j}"), i * 20, j * 20,
               19, 19, fill="#ddd")
zoom = BoardView(d.to_svg(), zoomable=True)
zoom.on_click(lambda i: setattr(zoom, "status", f"clicked {i}"))
zoom"""

SOURCES = ["from boardlib.zyrcan.widget import ZyrcanBoard",
           "ZyrcanBoard(players=3)  # every seat human", late_source(),
           "ZyrcanBoard(players=3)  # played by keyboard", ZOOM_SOURCE]

RUN_IN_KERNEL_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  await kernel.requestExecute({code}).done;
}"""


@pytest.fixture(scope="module")
def lab_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Zyrcan play", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(".boardlib-panel .boardlib-board svg")).to_have_count(3)
    expect(page.locator(".boardlib-view .boardlib-board svg")).to_have_count(4)
    yield page
    jupyterlab.close(page)


def panel(page, index):
    return page.locator(".boardlib-panel").nth(index)


def test_lab_board_and_controls_fit_1366x768(lab_page, ui):
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel(lab_page, index))
        assert found["board_width"] >= 400, found          # the board uses the room it has
        lab_page.screenshot(path=str(ui.screenshot_dir() / f"zyrcan-lab-{name}.png"))
        print(name, found)


def test_every_clickable_is_named_in_words(lab_page):
    board = panel(lab_page, LATE).locator(".boardlib-board")
    named = board.evaluate("""b => Array.from(b.querySelectorAll('svg .click'), n => ({
        id: n.id, role: n.getAttribute('role'), label: n.getAttribute('aria-label'),
        title: n.querySelector(':scope > title') && n.querySelector(':scope > title').textContent
    }))""")
    assert len(named) >= 42
    for item in named:
        assert item["role"] == "button" and item["label"] and item["label"] == item["title"], item
    assert any(": Red ship with" in item["label"] for item in named)
    live = panel(lab_page, LATE).locator('[aria-live="polite"]')
    expect(live).to_have_count(2)                          # status and why-not lines


def test_the_why_not_line_appearing_moves_nothing(lab_page, ui):
    page, p = lab_page, panel(lab_page, NEW)
    board = p.locator(".boardlib-board")
    ui.real_click(page, board, "hex_3_3")                  # Red places a ship
    before = ui.measure_panel(p)
    svg_box = board.locator("svg").bounding_box()
    ui.real_click(page, board, "hex_3_3", redraw=False)    # taken: refused with ZY-05
    expect(p.locator(".boardlib-why")).to_contain_text("ZY-05")
    after = ui.measure_panel(p)
    assert after["panel_height"] == before["panel_height"], (before, after)
    assert board.locator("svg").bounding_box() == svg_box


def enter_by_keyboard(page, board, ui, element_id: str) -> int:
    """Arrow keys to ``element_id``, then Enter; waits for the new picture. Key presses."""
    presses = ui.key_to(page, board, element_id)
    before = ui.version(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)
    assert ui.focused_id(board) == element_id, "the focus stays on the element after a redraw"
    return presses + 1


def play_a_game_by_keyboard(page, p, ui, seed: int, moves: int | None = None) -> dict:
    """Play (part of) a 3-player game with keys only: the moves of a seeded random bot,
    entered as a person would (arrows, Enter; Tab to the Pass button). The engine here
    follows along to know what to enter; the page's board must end in the same state."""
    import boardlib
    from boardlib.core.bots import RandomBot
    from boardlib.zyrcan.rules import Pass
    from boardlib.zyrcan.widget import ZyrcanController

    board = p.locator(".boardlib-board")
    board.locator('[tabindex="0"]').focus()      # where Tab lands: the board's current element
    controller = ZyrcanController()
    state = boardlib.load("zyrcan", players=3).new_initial_state()
    bot = RandomBot(seed)
    presses = played = 0
    while not state.is_terminal() and (moves is None or played < moves):
        move = bot.choose(state)
        if isinstance(move, Pass):                  # a button beside the board: Tab to it
            button = p.get_by_role("button", name="Pass")
            # a person waits to see it enabled: its state comes after the picture, and Tab
            # skips a disabled button (on into the move list, where Enter starts a replay)
            expect(button).to_be_enabled()
            for _ in range(30):
                page.keyboard.press("Tab")
                presses += 1
                if button.evaluate("b => b === document.activeElement"):
                    break
            else:
                raise AssertionError("30 presses of Tab did not reach the Pass button")
            page.keyboard.press("Enter")
        else:
            for element_id in controller.clicks_for(state, move, None):
                presses += enter_by_keyboard(page, board, ui, element_id)
        state = state.apply(move)
        played += 1
        if not state.is_terminal() and played % 10 == 0:   # the picture follows the engine
            expect(board.locator("svg .click.ship")).to_have_count(len(state.ships()))
    return {"state": state, "presses": presses, "moves": played}


def test_a_whole_game_by_keyboard_alone_in_jupyterlab(lab_page, ui):
    p = panel(lab_page, KEYBOARD)
    result = play_a_game_by_keyboard(lab_page, p, ui, seed=3)
    state = result["state"]
    assert state.is_terminal()
    expect(p.locator(".boardlib-status")).to_contain_text("Game over")
    winners = " and ".join(("Red", "Blue", "Yellow")[w] for w in state.outcome().winners)
    expect(p.locator(".boardlib-status")).to_contain_text(winners)
    print(f"{result['moves']} moves, {result['presses']} key presses")


def test_u_undoes_and_h_hints_from_the_keyboard(lab_page, ui):
    page, p = lab_page, panel(lab_page, NEW)
    board = p.locator(".boardlib-board")
    board.locator('[tabindex="0"]').focus()      # where Tab lands: the board's current element
    ships = len(ui.marked_ids(board, "ship"))
    enter_by_keyboard(page, board, ui, "hex_5_2")
    expect(board.locator("svg .click.ship")).to_have_count(ships + 1)
    page.keyboard.press("h")
    expect(p.locator(".boardlib-why")).to_contain_text("Hint")
    expect(board.locator("svg .click.hint")).to_have_count(1)
    page.keyboard.press("u")
    expect(board.locator("svg .click.ship")).to_have_count(ships)
    assert ui.focused_id(board) == "hex_5_2"          # the focus stayed where it was
    # keys on the board are the board's: no notebook shortcut fires ("0 0" restarts the
    # kernel, "d d" deletes a cell, arrows select cells in JupyterLab's command mode)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    for key in ("0", "0", "d", "d", "a", "ArrowDown", "ArrowDown"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    expect(page.locator(".jp-Dialog")).to_have_count(0)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    assert ui.focused_id(board) is not None


def view_box(board) -> list[float]:
    return [float(v) for v in board.locator("svg").get_attribute("viewBox").split()]


def test_a_zoomable_view_zooms_pans_fits_and_centres_on_request(lab_page, ui):
    page = lab_page
    view = page.locator(".boardlib-view").last
    board = view.locator(".boardlib-board")
    status = view.locator(".boardlib-status")
    board.scroll_into_view_if_needed()
    assert view_box(board) == [0, 0, 800, 800]
    # expect() waits: a cell just scrolled into view is drawn (and has inner text) a frame later
    expect(view.locator(".boardlib-zoom button")).to_have_text(["+", "\u2212", "Fit"])
    view.get_by_role("button", name="zoom in (+)").click()
    view.get_by_role("button", name="zoom in (+)").click()
    zoomed = view_box(board)
    assert zoomed[2] == pytest.approx(800 / 1.25 ** 2, abs=0.02), zoomed
    page.screenshot(path=str(ui.screenshot_dir() / "zoomable-view.png"))
    buttons, picture = view.locator(".boardlib-zoom").bounding_box(), board.bounding_box()
    assert buttons["x"] + buttons["width"] <= picture["x"] + picture["width"] + 1   # on it
    # a drag pans the window and is not a click
    box = board.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx - 80, cy - 60, steps=8)
    page.mouse.up()
    panned = view_box(board)
    assert panned[0] > zoomed[0] and panned[1] > zoomed[1] and panned[2] == zoomed[2]
    page.wait_for_timeout(300)
    expect(status).to_have_text("")
    page.mouse.click(cx, cy)                       # a click still is one
    expect(status).to_contain_text("clicked cell_")
    # the wheel zooms about the pointer; the page does not scroll
    before = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.scrollTop")
    page.mouse.wheel(0, -100)
    assert view_box(board)[2] < panned[2]
    assert page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.node.scrollTop") == before
    # Python learns the window, and can ask to centre on an element
    page.wait_for_timeout(400)
    page.evaluate(RUN_IN_KERNEL_JS, "zoom.status = 'window ' + ' '.join("
                                    "f'{v:.0f}' for v in zoom.window)")
    shown = view_box(board)
    expect(status).to_have_text("window " + " ".join(f"{v:.0f}" for v in shown))
    old = board.locator("svg").get_attribute("viewBox")
    page.evaluate(RUN_IN_KERNEL_JS, "zoom.center_on('cell_39_39')")
    page.wait_for_function("([b, old]) => b.querySelector('svg').getAttribute('viewBox') !== old",
                           arg=[board.element_handle(), old])
    x, y, w, h = view_box(board)
    assert x <= 39 * 20 and x + w >= 39 * 20 + 19 and y <= 39 * 20 and y + h >= 39 * 20 + 19
    # keys on the focused board: - zooms out, 0 fits
    board.locator('[tabindex="0"]').focus()
    page.keyboard.press("-")
    assert view_box(board)[2] > w
    page.keyboard.press("0")
    assert view_box(board) == [0, 0, 800, 800]
    view.get_by_role("button", name="zoom in (+)").click()
    view.get_by_role("button", name="show the whole board (0)").click()
    assert view_box(board) == [0, 0, 800, 800]


# --- the same board under Voila ---------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_page(voila, browser, ui):
    with ui.voila_board_page(voila, browser, NAME, "Zyrcan play", SOURCES, boards=3) as opened:
        yield opened


def test_voila_board_and_controls_fit_1366x768(voila_page, ui):
    page, errors = voila_page
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel(page, index))
        assert found["board_width"] >= 400, found
        page.screenshot(path=str(ui.screenshot_dir() / f"zyrcan-voila-{name}.png"))
        print(name, found)
    assert not errors, errors


def test_voila_plays_by_keyboard(voila_page, ui):
    page, errors = voila_page
    p = panel(page, KEYBOARD)
    result = play_a_game_by_keyboard(page, p, ui, seed=5, moves=8)
    board = p.locator(".boardlib-board")
    expect(board.locator("svg .click.ship")).to_have_count(len(result["state"].ships()))
    page.keyboard.press("u")
    expect(board.locator("svg .click.ship")).to_have_count(len(result["state"].ships()) - 1)
    assert not errors, errors
