"""Every page Voila serves, as a visitor sees it: the play apps and the lessons show no code
and no reprs (issue 19 item 6), and each app fits one 1366x768 screen and plays a click
(issue 18 item 8); the Zyrcan lesson hides its setup cells, keeps its toolbar tidy and plays a
click; the start page's progress panel counts a puzzle solved elsewhere (issue 19 item 3).

One Voila serves a copy of the repository's ``apps/`` and ``notebooks/`` side by side, as
``make voila`` and Binder do (``/voila/render/apps/zyrcan.ipynb``). In the copies each app's
board gets ``seed=0``, so that this process can rebuild the very same board and work out,
with the game's own controller, which clicks play a move.

Voila runs a whole notebook in a fresh kernel for every page load, so each page is loaded
once and serves every check made on it: an app's no-code check, its one-screen layout and its
click; the Zyrcan lesson's no-code check and the lesson checks after it.

What counts as code or a repr: a visible code input, or a visible output whose MIME type is
``text/plain`` or printed text (stdout/stderr), outside cells tagged ``voila-show``. Setup
cells are hidden by the tag ``voila-hide`` (``tools/tag_voila_cells.py`` says how).
Screenshots of each app go to ``BOARDLIB_SCREENSHOTS`` (see conftest ``ui.screenshot_dir``).
"""

from __future__ import annotations

import ast
import contextlib
import json
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyterserver import Server, served, server_env, voila_command
from playwright.sync_api import expect
from quietpage import new_context

from boardlib.core.puzzles import Progress
from boardlib.widgets.board import clickable_ids
from boardlib.zyrcan.puzzles import PUZZLES

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted(f"apps/{p.name}" for p in (ROOT / "apps").glob("*.ipynb"))
LESSONS = sorted(f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb"))

SCREEN = {"width": 1366, "height": 768}
APP_SEED = 0


# --- the server ------------------------------------------------------------------------------


def seeded_source(source: str) -> str:
    """The app's cell with ``seed=APP_SEED`` added to its last call (the board)."""
    tree = ast.parse(source)
    last = tree.body[-1]
    assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call), (
        "an app's code cell ends with the board: GameBoard(...)")
    last.value.keywords.append(ast.keyword("seed", ast.Constant(APP_SEED)))
    return ast.unparse(tree)


def copy_site(root: Path) -> None:
    """apps/ and notebooks/ side by side; each app's board with a fixed deal."""
    for folder in ("apps", "notebooks"):
        shutil.copytree(ROOT / folder, root / folder,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for path in APPS:
        nb = nbformat.read(root / path, as_version=4)
        cell = board_cell(nb)
        cell.source = seeded_source(cell.source)
        nbformat.write(nb, root / path)


def board_cell(nb) -> nbformat.NotebookNode:
    (cell,) = [c for c in nb.cells if c.cell_type == "code" and "Board(" in c.source]
    return cell


@pytest.fixture(scope="module")
def site(chromium_ready, tmp_path_factory) -> Iterator[Server]:
    base = tmp_path_factory.mktemp("voila-pages")
    root = base / "repo"
    copy_site(root)
    with served("voila", voila_command(root), "/", root, server_env(base / "home")) as server:
        yield server


# --- a page, loaded ------------------------------------------------------------------------


def stored_outputs(path: str) -> int:
    nb = json.loads((ROOT / path).read_text())
    return sum(len(cell.get("outputs", ())) for cell in nb["cells"])


@contextlib.contextmanager
def open_page(site: Server, browser, path: str, viewport=SCREEN):
    """A page of the site, loaded until all its outputs are shown and no more appear; with
    the JavaScript errors it raised."""
    context = new_context(browser, viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{site.url}/voila/render/{path}", timeout=240_000)
        page.wait_for_function(
            "n => document.querySelectorAll('.jp-OutputArea-output').length >= n"
            " || document.body.innerText.includes('Traceback')",
            arg=stored_outputs(path), timeout=300_000)
        outputs = page.locator(".jp-OutputArea-output")
        for _ in range(10):
            shown = outputs.count()
            page.wait_for_timeout(1000)
            if outputs.count() == shown:
                break
        yield page, errors
    finally:
        context.close()


# Visible code inputs and plain-text outputs, each with the heading above it.
VISIBLE_CODE_JS = """() => {
  const plain = new Set(["text/plain", "application/vnd.jupyter.stdout",
                         "application/vnd.jupyter.stderr"]);
  const shown = n => n.offsetParent !== null && n.getBoundingClientRect().height > 0;
  const found = [];
  let heading = "(top)";
  const nodes = document.querySelectorAll(
    "h1, h2, h3, .jp-CodeCell .jp-InputArea, .jp-OutputArea-output");
  for (const node of nodes) {
    if (/^H[123]$/.test(node.tagName)) {
      if (shown(node)) heading = node.innerText.trim();
      continue;
    }
    if (!shown(node) || node.closest(".celltag_voila-show")) continue;
    const code = node.classList.contains("jp-InputArea");
    if (code || plain.has(node.dataset.mimeType)) {
      found.push(`${code ? "code" : node.dataset.mimeType} under "${heading}": `
                 + node.innerText.trim().slice(0, 80));
    }
  }
  return found;
}"""


# anywidget gives each model two seconds to load its module; one that takes longer logs this
# and then drops the kernel's messages (its board would not answer clicks).
SLOW_START = "[anywidget] Failed to initialize model."


def lost_widgets(page, errors: list[str]) -> str | None:
    """Why some of the page's widgets are not live, or None: Voila's front end restored only
    some of the kernel's widget models ("Error displaying widget"), or anywidget gave up
    waiting for one (SLOW_START). Seen only on long lessons beside the rest of the suite."""
    lost = page.get_by_text("Error displaying widget").count()
    slow = sum(SLOW_START in error for error in errors)
    if lost or slow:
        return f"{lost} widgets not displayed, {slow} anywidget models too slow to start"
    return None


@contextlib.contextmanager
def loaded_page(site: Server, browser, path: str) -> Iterator[tuple]:
    """:func:`open_page`, with every widget live: a page whose widgets came up only in part
    (:func:`lost_widgets`) is loaded once more with a fresh kernel, as a visitor would
    reload it, with a warning; twice fails."""
    for attempt in (1, 2):
        with open_page(site, browser, path) as (page, errors):
            problem = lost_widgets(page, errors)
            if problem is None:
                yield page, errors
                return
            assert attempt == 1, f"{path}, loaded twice: {problem}"
            warnings.warn(f"{path}: Voila page loaded again after: {problem}", stacklevel=1)


def assert_no_code_and_no_reprs(page, errors: list[str], path: str) -> None:
    """Issue 19 item 6: under Voila a page shows its text, pictures and boards; no code,
    no ``text/plain`` repr and no printed value, unless the cell is tagged voila-show. Every
    cell ran (no traceback) and every board drew its picture."""
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.filter(has_text="Traceback").count() == 0
    boards = page.locator(".boardlib-board")
    expect(outputs.filter(has_text="Loading widget...")).to_have_count(0)
    expect(boards.locator("svg")).to_have_count(boards.count())
    visible = page.evaluate(VISIBLE_CODE_JS)
    assert not visible, f"{path} shows {len(visible)} code or plain-text parts: {visible}"
    assert not errors, errors


ZYRCAN_LESSON = "notebooks/10-zyrcan.ipynb"


@pytest.fixture(scope="module")
def zyrcan_lesson(site, browser):
    """The Zyrcan lesson, loaded once for its no-code check and the lesson checks below."""
    with loaded_page(site, browser, ZYRCAN_LESSON) as opened:
        yield opened


@pytest.mark.parametrize("path", LESSONS)
def test_voila_page_shows_no_code_and_no_reprs(site, browser, request, path):
    """Issue 19 item 6 on each lesson page (the apps: the app test below)."""
    if path == ZYRCAN_LESSON:
        page, errors = request.getfixturevalue("zyrcan_lesson")
        assert_no_code_and_no_reprs(page, errors, path)
        return
    with loaded_page(site, browser, path) as (page, errors):
        assert_no_code_and_no_reprs(page, errors, path)


# --- the Zyrcan lesson as an app (its page loaded once, above) ------------------------------


def test_zyrcan_lesson_renders_its_boards_under_voila(zyrcan_lesson):
    page, errors = zyrcan_lesson
    expect(page.locator(".boardlib-panel").first).to_be_visible()
    boards = page.locator(".boardlib-board")
    assert boards.count() >= 1
    expect(boards.locator("svg")).to_have_count(boards.count())
    expect(page.get_by_text("Error displaying widget")).to_have_count(0)
    # --show_tracebacks: a failing cell would print its traceback into the page
    expect(page.locator(".jp-OutputArea-output").filter(has_text="Traceback")).to_have_count(0)
    assert not errors, f"JavaScript errors in the app: {errors}"


def test_cells_tagged_voila_hide_are_hidden_in_the_app(zyrcan_lesson):
    """Solutions and Python-only cells carry the tag ``voila-hide``; nbconvert's template
    turns it into a class that the notebook's first cell styles away (JupyterLab shows them)."""
    page, _ = zyrcan_lesson
    tagged = page.locator(".celltag_voila-hide")
    assert tagged.count() >= 5, "the Zyrcan notebook tags its solutions and Python-only cells"
    assert tagged.evaluate_all("cells => cells.filter(c => c.offsetParent !== null).length") == 0
    expect(page.get_by_text("'attack 2,2 SE'")).to_be_hidden()     # a solution's output


def test_toolbar_values_and_boxes_sit_by_what_they_belong_to(zyrcan_lesson):
    """The delay slider's value follows its track, and each view box keeps a gap from the
    label before it (the audit found "0.4" far off the track and "arrows☐ Coordinates")."""
    page, _ = zyrcan_lesson
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


def test_a_click_plays_under_voila(zyrcan_lesson, ui):
    """The first board still in its placement phase accepts a ship on an empty hex."""
    page, _ = zyrcan_lesson
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


# --- each app: no code, one screen, and a click plays ------------------------------------


def app_board(path: str):
    """The app's board, built in this process as the seeded copy builds it in Voila."""
    nb = nbformat.read(ROOT / path, as_version=4)
    tree = ast.parse(seeded_source(board_cell(nb).source))
    last = tree.body.pop()
    namespace: dict = {}
    exec(compile(tree, path, "exec"), namespace)
    return eval(compile(ast.Expression(last.value), path, "eval"), namespace)


def clicks_that_play(path: str) -> list[tuple[str, bool]]:
    """Board element ids whose clicks, in order, play the first move on the app's board: the
    game's ``clicks_for`` of its first legal move, else a search over the board's ids. Each
    id comes with whether its click redraws the board (checked on a fresh board)."""
    board = app_board(path)
    state = board.state
    try:
        ids = board.controller.clicks_for(state, state.legal_moves()[0])
    except NotImplementedError:
        ids = search_clicks(board)
        board = app_board(path)
    played: list[tuple[str, bool]] = []
    for element_id in ids:
        before = board.svg
        board.click(element_id)
        played.append((element_id, board.svg != before))
    assert board.moves.entries, f"the clicks {ids} played no move"
    return played


def search_clicks(board, limit: int = 80) -> list[str]:
    """Clicks on the board's elements in drawing order until one plays a move; the ids of
    the clicks that changed the picture (the others changed nothing)."""
    tried: list[str] = []
    kept: list[str] = []
    for _ in range(limit):
        ids = [i for i in clickable_ids(board.svg) if i not in tried]
        if not ids:
            break
        before, picture = len(board.moves.entries), board.svg
        tried.append(ids[0])
        board.click(ids[0])
        if board.svg != picture or len(board.moves.entries) > before:
            kept.append(ids[0])
        if len(board.moves.entries) > before:
            break
    return kept


APP_LAYOUT_JS = """() => {
  const box = s => {
    const n = document.querySelector(s);
    return n ? n.getBoundingClientRect() : null;
  };
  const title = box("h1"), panel = box(".boardlib-panel"), why = box(".boardlib-why");
  return {scroll: document.scrollingElement.scrollTop, title_top: title.top,
          panel_top: panel.top, panel_bottom: panel.bottom,
          why_bottom: why ? why.bottom : 0, height: window.innerHeight,
          links: Array.from(document.querySelectorAll("#rendered_cells a[href]"),
                            a => a.getAttribute("href"))};
}"""


@pytest.mark.parametrize("path", APPS)
def test_voila_app_shows_no_code_fits_one_screen_and_a_click_plays(site, browser, ui, path):
    """Issue 19 item 6 (as on every page: :func:`assert_no_code_and_no_reprs`), then
    issue 18 item 8 on the same page load: the app's title, how to play, links and its whole
    board with its controls are on one 1366x768 screen without scrolling; real clicks on the
    board play a move (the move list grows, and the bot answers)."""
    clicks = clicks_that_play(path)
    with loaded_page(site, browser, path) as (page, errors):
        assert_no_code_and_no_reprs(page, errors, path)
        layout = page.evaluate(APP_LAYOUT_JS)
        assert layout["scroll"] == 0 and layout["title_top"] >= 0, layout
        assert layout["panel_bottom"] <= layout["height"] + 1, layout
        assert layout["why_bottom"] <= layout["height"] + 1, layout
        ui.assert_fits_one_screen(page.locator(".boardlib-panel").first)
        lesson = [h for h in layout["links"] if h.startswith("../notebooks/")]
        assert len(lesson) >= 2, f"an app links to its lesson and the start page: {layout}"
        for href in lesson:
            assert (ROOT / "apps" / href).resolve().is_file(), href
        page.screenshot(path=str(ui.screenshot_dir() / f"voila-{Path(path).stem}.png"))

        board = page.locator(".boardlib-board").first
        moves = page.locator(".boardlib-moves li")
        assert moves.count() == 0
        for element_id, redraws in clicks:
            ui.real_click(page, board, element_id, redraw=redraws)
            if not redraws:
                page.wait_for_timeout(500)
        page.wait_for_function("() => document.querySelectorAll('.boardlib-moves li').length",
                               timeout=30_000)
        page.wait_for_timeout(2000)    # the bots' replies, and the narration under the board
        page.evaluate("() => window.scrollTo(0, 0)")
        after = page.evaluate(APP_LAYOUT_JS)
        assert after["panel_bottom"] <= after["height"] + 1, ("after a move", after)
        page.screenshot(path=str(ui.screenshot_dir() / f"voila-{Path(path).stem}-played.png"))
        assert not errors, errors


# --- the start page's progress panel (issue 19 item 3) ---------------------------------------


def test_progress_panel_counts_a_puzzle_solved_elsewhere_after_refresh(site, browser, ui,
                                                                        tmp_path):
    path = tmp_path / "progress.json"
    ui.write_board_notebook(site.root / "notebooks", "progress_fixture.ipynb", "Progress",
                            ["from boardlib.widgets.puzzle import ProgressPanel\n"
                             f"ProgressPanel({str(path)!r})"])
    context = new_context(browser, viewport=SCREEN)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{site.url}/voila/render/notebooks/progress_fixture.ipynb", timeout=180_000)
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
