"""The Zyrcan lesson as a Voila app: it renders with live boards, hides its setup cells and
plays a click; and the start page's progress panel counts a puzzle solved elsewhere. (Every
page under Voila: test_browser_voila_pages.py.)

Voila runs the whole notebook in a fresh kernel and shows only outputs, the way a visitor of
the app (or of the Binder link) meets it.
"""

import json
import warnings
from pathlib import Path

import pytest
from playwright.sync_api import expect

from boardlib.core.puzzles import Progress
from boardlib.zyrcan.puzzles import PUZZLES

ROOT = Path(__file__).resolve().parents[2]
ZYRCAN_NOTEBOOK = "10-zyrcan.ipynb"


def app_notebook() -> str:
    if (ROOT / "notebooks" / ZYRCAN_NOTEBOOK).exists():
        return ZYRCAN_NOTEBOOK
    return "zyrcan_board_fixture.ipynb"  # until notebooks/10-zyrcan.ipynb is written


@pytest.fixture(scope="module")
def app_page(voila, browser):
    """The Zyrcan app, loaded to its last output; loaded once more if some widgets failed to
    display, as a visitor would (as test_browser_voila_pages.py does for every page)."""
    name = app_notebook()
    context, page, errors, console = open_app(voila, browser, name)
    problem = undisplayed_widgets(page, name, console)
    if problem is not None:
        warnings.warn(f"Voila app loaded again after: {problem}", stacklevel=1)
        context.close()
        context, page, errors, console = open_app(voila, browser, name)
    # the boards, drawn
    expect(page.locator(".boardlib-board svg").first).to_be_visible(timeout=180_000)
    yield page, errors
    context.close()


def test_zyrcan_notebook_renders_under_voila(app_page):
    page, errors = app_page
    expect(page.locator(".boardlib-panel").first).to_be_visible()
    boards = page.locator(".boardlib-board")
    assert boards.count() >= 1
    expect(boards.locator("svg")).to_have_count(boards.count())
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    # --show_tracebacks: a failing cell would print its traceback into the page
    expect(page.locator(".jp-OutputArea-output").filter(has_text="Traceback")).to_have_count(0)
    assert not errors, f"JavaScript errors in the app: {errors}"


def test_cells_tagged_voila_hide_are_hidden_in_the_app(app_page):
    """Solutions and Python-only cells carry the tag ``voila-hide``; nbconvert's template
    turns it into a class that the notebook's first cell styles away (JupyterLab shows them)."""
    page, _ = app_page
    tagged = page.locator(".celltag_voila-hide")
    assert tagged.count() >= 5, "the Zyrcan notebook tags its solutions and Python-only cells"
    assert tagged.evaluate_all("cells => cells.filter(c => c.offsetParent !== null).length") == 0
    expect(page.get_by_text("'attack 2,2 SE'")).to_be_hidden()     # a solution's output


def test_toolbar_values_and_boxes_sit_by_what_they_belong_to(app_page):
    """The delay slider's value follows its track, and each view box keeps a gap from the
    label before it (the audit found "0.4" far off the track and "arrows☐ Coordinates")."""
    page, _ = app_page
    toolbar = page.locator(".boardlib-panel").first
    track = toolbar.locator(".boardlib-delay .slider-container").bounding_box()
    # where the value's text is drawn, not its box (the default box centres it in 72 px)
    text_left = toolbar.locator(".boardlib-delay .widget-readout").evaluate(
        "r => { const range = document.createRange(); range.selectNodeContents(r);"
        " return range.getBoundingClientRect().left; }")
    assert 0 <= text_left - (track["x"] + track["width"]) <= 20, (track, text_left)
    assert track["width"] >= 100, "a track too short to set a delay with the mouse"
    boxes = toolbar.locator(".widget-checkbox").all()
    assert boxes, "the Zyrcan board has view boxes"
    for box in boxes:     # beside the widget before it on the same row (the toolbar wraps)
        gap, same_row = box.evaluate(
            "b => { const a = b.getBoundingClientRect(),"
            " p = b.previousElementSibling.getBoundingClientRect();"
            " return [a.left - p.right, Math.abs(a.top - p.top) < a.height / 2]; }")
        assert gap >= 8 or not same_row, gap


def test_a_click_plays_under_voila(app_page, ui):
    """The first board still in its placement phase accepts a ship on an empty hex."""
    page, _ = app_page
    panels = page.locator(".boardlib-panel")
    for index in range(panels.count()):
        board = panels.nth(index).locator(".boardlib-board")
        if ui.board_ids(board, "reserve_"):
            break
    else:
        pytest.fail("no Zyrcan board in its placement phase (with reserve ships) in the app")
    ships = ui.marked_ids(board, "ship")
    empty = sorted(ui.board_ids(board, "hex_") - ships)
    assert empty, "the placement board has no empty hex"
    # Pick the biggest ship type (a new board preselects the smallest), then an empty hex.
    ui.real_click(page, board, sorted(ui.board_ids(board, "reserve_"))[-1])
    spot = empty[len(empty) // 2]
    ui.real_click(page, board, spot)
    expect(board.locator(f'[id="{spot}"].ship')).to_have_count(1)
    assert ui.marked_ids(board, "ship") >= ships | {spot}


# --- loading the app ----------------------------------------------------------------------


def stored_outputs(name: str) -> int:
    """How many outputs the stored notebook has: the app shows as many once every cell ran."""
    import json

    notebook = json.loads((ROOT / "notebooks" / name).read_text())
    return sum(len(cell.get("outputs", ())) for cell in notebook["cells"])


def failed_headings(page) -> list[str]:
    """The nearest heading above each output that says "Error displaying widget"."""
    return page.evaluate("""() => {
        const found = [];
        const nodes = [...document.querySelectorAll('h1, h2, h3, .jp-OutputArea-output')];
        let heading = '(none)';
        for (const node of nodes) {
            if (/^H[123]$/.test(node.tagName)) heading = node.innerText.trim();
            else if (node.innerText.includes('Error displaying widget')) found.push(heading);
        }
        return found;
    }""")


def undisplayed_widgets(page, name: str, console: list[str]) -> str | None:
    """Why widgets show "Error displaying widget" in the app, or None if none does."""
    failed = page.get_by_text("Error displaying widget")
    if failed.count() == 0:
        return None
    problems = sorted({line for line in console if line.startswith("error")})
    return (f"{name}: {failed.count()} widgets failed to display, under the headings "
            f"{failed_headings(page)}; browser console errors: {problems[:6]}")


def open_app(voila, browser, name: str):
    """A new browser context on the app ``name``, loaded until every stored output is there
    and no more appear; with the page's JavaScript errors and console errors and warnings."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    console: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    try:
        page.goto(f"{voila.url}/voila/render/{name}", timeout=180_000)
        outputs = page.locator(".jp-OutputArea-output")
        expected = stored_outputs(name)
        page.wait_for_function(       # all outputs there, or a failed cell (Voila stops)
            "n => document.querySelectorAll('.jp-OutputArea-output').length >= n"
            " || document.body.innerText.includes('Traceback')",
            arg=expected, timeout=240_000)
        # Voila adds an output area or two of its own: also wait until no more appear.
        for _ in range(20):
            shown = outputs.count()
            page.wait_for_timeout(2000)
            if outputs.count() == shown:
                break
    except BaseException:
        context.close()
        raise
    return context, page, errors, console


# --- the start page's progress panel (issue 19 item 3) ---------------------------------------


def test_progress_panel_counts_a_puzzle_solved_elsewhere_after_refresh(voila, browser, ui,
                                                                        tmp_path):
    path = tmp_path / "progress.json"
    ui.write_board_notebook(voila.root, "progress_fixture.ipynb", "Progress",
                         ["from boardlib.widgets.puzzle import ProgressPanel\n"
                          f"ProgressPanel({str(path)!r})"])
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{voila.url}/voila/render/progress_fixture.ipynb", timeout=180_000)
        panel = page.locator(".boardlib-progress")
        expect(panel).to_contain_text("no puzzle solved yet", timeout=180_000)
        zyrcan = panel.locator("tr", has_text="Zyrcan")
        expect(zyrcan).to_contain_text(f"0 of {len(PUZZLES)}")
        for game in ("Section X", "Carcassonne with The Tunnel", "Room 25"):
            expect(panel.locator("tr", has_text=game)).to_have_count(1)
        Progress(path).record(PUZZLES[0].id, 3)     # solved on the Zyrcan page
        page.get_by_role("button", name="Refresh").click()
        expect(zyrcan).to_contain_text(f"1 of {len(PUZZLES)}")
        expect(zyrcan).to_contain_text(f"★ 3 of {3 * len(PUZZLES)}")
        expect(panel).to_contain_text("1 puzzle solved")
        assert json.loads(path.read_text())["puzzles"][PUZZLES[0].id] == {"stars": 3}
        page.screenshot(path=str(tmp_path / "progress-refreshed.png"))
        assert not errors, errors
    finally:
        context.close()
