"""Driving the JupyterLite site (`make lite`, issue 20) in headless Chromium, for the two
test modules beside this file and for ``benchmarks/bench_lite.py``: what the site holds,
how a page is opened, run and clicked, and the static server's file types.

A page whose code still needs matplotlib (which Pyodide cannot load offline) is an expected
failure, strict, with the module that pulls it in as the reason; the reasons are worked out
afresh on every run (`waiting_for`), so the tests tighten themselves.
"""

from __future__ import annotations

import ast
import functools
import http.server
import importlib.util
import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SITE = ROOT / "lite" / "_output"
PYODIDE = SITE / "static" / "pyodide"


def load_build_module():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build_module()
PAGES = build.read_pages()
OFFLINE_PAGES = [page for page, online in PAGES if not online]
ONLINE_PACKAGES = sorted({name for _, online in PAGES for name in online})


# --- which pages cannot run offline yet, and why --------------------------------------------

# Imports every module named after the first argument with the packages named in the first
# (comma-separated) made unimportable, as in the offline Pyodide kernel, and prints the ones
# that fail for want of them.
_WITHOUT = """
import importlib, json, sys
blocked = sys.argv[1].split(",")
class Unavailable:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in blocked:
            raise ModuleNotFoundError(f"No module named {name!r}")
sys.meta_path.insert(0, Unavailable())
failing = {}
for module in sys.argv[2:]:
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if any(name in str(error) for name in blocked):
            failing[module] = str(error)
print(json.dumps(failing))
"""


def failing_without(packages: list[str], modules: list[str]) -> dict[str, str]:
    """module -> error, for each of ``modules`` that cannot be imported without ``packages``."""
    result = subprocess.run([sys.executable, "-c", _WITHOUT, ",".join(packages), *modules],
                            capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(result.stdout)


def imported_modules(notebook: Path) -> list[str]:
    """The modules a notebook's code cells import (IPython magics skipped)."""
    modules = []
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(line for line in "".join(cell["source"]).splitlines(True)
                         if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                modules += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.append(node.module)
    return list(dict.fromkeys(modules))


@functools.cache
def waiting_for() -> dict[str, str]:
    """page -> why it cannot run offline yet (the modules that still import matplotlib)."""
    modules = {page: imported_modules(ROOT / page) for page in OFFLINE_PAGES}
    every = sorted({m for names in modules.values() for m in names})
    failing = failing_without(["matplotlib"], every)
    reasons = {}
    for page, names in modules.items():
        blocked = [name for name in names if name in failing]
        if blocked:
            reasons[page] = (f"imports {', '.join(blocked)}, which needs matplotlib (not "
                             "loadable offline): waits for the plain-SVG port of that board")
    return reasons


def page_param(page: str):
    reason = waiting_for().get(page)
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(page, id=Path(page).stem, marks=marks)



# --- the static server and the offline page ----------------------------------------------


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module workers and WebAssembly need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


@dataclass
class OfflinePage:
    """A browser page that may reach only the site; what it tried otherwise is kept."""

    page: object
    base: str
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return ([f"blocked request: {url}" for url in self.blocked]
                + [f"console error: {text}" for text in self.console_errors])


# --- driving the site ---------------------------------------------------------------------------

OPEN_TIMEOUT_MS = 90_000
# How often a wait looks again: Playwright's default (every animation frame) makes the page
# draw frames the whole time it waits, about 0.07 s of CPU a second, for nothing.
POLL_MS = 100
RUN_TIMEOUT_MS = 300_000

# Run All Cells in the current notebook; then what failed and what did not run.
RUN_ALL_JS = """
async ([path, timeoutMs]) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path) {
    throw new Error("the notebook tab is not the current one");
  }
  await panel.context.ready;
  await panel.sessionContext.ready;
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(
    () => reject(new Error("run all: still running after " + timeoutMs + " ms")), timeoutMs); });
  let ok;
  try {
    ok = await Promise.race([
      window.jupyterapp.commands.execute("notebook:run-all-cells"), timeout]);
  } finally {
    clearTimeout(timer);
  }
  const errors = [], notRun = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== "code") return;
    for (const output of cell.model.outputs.toJSON()) {
      if (output.output_type === "error") {
        errors.push("cell " + index + ": " + output.ename + ": " + output.evalue);
      }
    }
    if (cell.model.sharedModel.source.trim() && cell.model.executionCount === null) {
      notRun.push(index);
    }
  });
  return {ok, errors, notRun};
}
"""


def open_notebook(offline_page: OfflinePage, path: str) -> None:
    page = offline_page.page
    page.goto(f"{offline_page.base}/lab/index.html?path={path}")
    page.wait_for_function(
        "p => window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.context.path === p",
        arg=path, timeout=OPEN_TIMEOUT_MS, polling=POLL_MS)


# The why-not line of a board (board.js puts it beside the board's frame).
WHY_TEXT_JS = ("b => (b.parentNode.parentNode.querySelector('.boardlib-why') || {})"
               ".textContent || ''")


def board_version(board) -> int:
    return int(board.get_attribute("data-version") or 0)


# The board's clickable elements in the order a curious visitor would try them: the rarer a
# class an element carries on this board (a ship or a piece among many plain spaces), the
# sooner; ties in drawing order. Boards drawn by matplotlib carry ids only.
CANDIDATES_JS = """el => {
  const legacy = /^(figure|axes|patch|text|line2d|legend|image|collection)_\\d+$/;
  const nodes = Array.from(el.querySelectorAll("svg [id]"))
    .filter(n => /^[a-z]+_/.test(n.id) && !legacy.test(n.id));
  const count = {};
  for (const n of nodes) for (const c of n.classList) count[c] = (count[c] || 0) + 1;
  const rarity = n => Math.min(nodes.length, ...Array.from(n.classList, c => count[c]));
  const order = nodes.map((n, i) => [rarity(n), i, n.id])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return [...new Set(order.map(entry => entry[2]))];
}"""


def click_until_redrawn(offline_page: OfflinePage, board, ui, budget_s: float = 90) -> str:
    """Real clicks on the board's elements (CANDIDATES_JS order) until the kernel answers one
    with a new picture (data-version goes up) or a new why-not line (a refusal is an answer
    too: in a fresh Carcassonne deal the tile may fit nowhere unturned); the id it answered.
    Not every click means something (an enemy ship, an empty space), hence the search."""
    page = offline_page.page
    ids = board.evaluate(CANDIDATES_JS)
    assert ids, "the board has no clickable element"
    deadline = time.monotonic() + budget_s
    tried = []
    for element_id in ids:
        if time.monotonic() > deadline:
            break
        before, why = board_version(board), board.evaluate(WHY_TEXT_JS)
        ui.real_click(page, board, element_id, redraw=False)
        tried.append(element_id)
        try:
            page.wait_for_function(f"([b, v, w]) => Number(b.dataset.version) > v"
                                   f" || ({WHY_TEXT_JS})(b) !== w",
                                   arg=[board.element_handle(), before, why], timeout=3_000,
                                   polling=POLL_MS)
        except Exception:
            continue
        return element_id
    raise AssertionError(f"none of {tried} redrew the board")


def is_app_or_start(page_path: str) -> bool:
    return page_path.startswith("apps/") or page_path.endswith("00-start-here.ipynb")


def is_game_lesson(page_path: str) -> bool:
    """``notebooks/10-zyrcan.ipynb`` ... ``40-room25``: the lessons issue 20 asks to run
    offline (the primer and the Room 25 puzzle page are in the site, run by nbval and Voila)."""
    return re.match(r"notebooks/[1-9]0-", page_path) is not None


def boards_to_click(page_path: str, count: int) -> list[int]:
    """Every board of the start page and of an app; a lesson's first and last (a lesson has
    dozens: its opening example and its full game)."""
    if is_app_or_start(page_path):
        return list(range(count))
    return sorted({0, count - 1}) if count else []




def assert_saved_pictures_show(tab: OfflinePage) -> None:
    """The open notebook shows its saved board pictures before anything has run (as after
    `make lab` or on Binder: a visitor sees the boards at once, while Python loads), drawn,
    not a broken-image icon: the browser could decode them."""
    pictures = tab.page.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"] img')
    pictures.first.wait_for()
    tab.page.wait_for_function("img => img.complete && img.naturalWidth > 100",
                               arg=pictures.first.element_handle(), polling=POLL_MS)
    assert not tab.problems(), tab.problems()


def run_page_and_click_its_boards(tab: OfflinePage, ui, page_path: str,
                                  already_open: bool = False) -> None:
    """Open ``page_path`` (unless ``already_open``), Run All, check that every code cell ran
    without an error or a lost widget, then click its boards (:func:`boards_to_click`) until
    each answers."""
    if not already_open:
        open_notebook(tab, page_path)
    started = time.monotonic()
    result = tab.page.evaluate(RUN_ALL_JS, [page_path, RUN_TIMEOUT_MS])
    assert not result["errors"], f"{page_path}: {result['errors']}"
    assert result["ok"], f"{page_path}: JupyterLab reports a failed cell"
    assert not result["notRun"], f"{page_path}: code cells {result['notRun']} did not run"
    outputs = tab.page.locator(".jp-OutputArea-output")
    assert outputs.filter(has_text="Error displaying widget").count() == 0
    boards = tab.page.locator(".boardlib-board")
    count = boards.count()
    if is_app_or_start(page_path):
        assert count, f"{page_path} shows no live board"
    for index in boards_to_click(page_path, count):
        click_until_redrawn(tab, boards.nth(index), ui)
    assert not tab.problems(), tab.problems()
    print(f"{page_path}: ran, and {len(boards_to_click(page_path, count))} of its {count} "
          f"boards redrawn by a click, in {time.monotonic() - started:.1f} s")


# --- a notebook of one's own in the site -----------------------------------------------------

# A new notebook holding ``cells`` (code), run: the way a visitor tries code of their own.
# Returns whether all ran, and each cell's printed text and errors.
NEW_NOTEBOOK_JS = """
async (cells) => {
  const app = window.jupyterapp;
  await app.restored;
  const panel = await app.commands.execute("notebook:create-new", {kernelName: "python"});
  await panel.context.ready;
  await panel.sessionContext.ready;
  const notebook = panel.content.model.sharedModel;
  notebook.insertCells(0, cells.map(source => ({cell_type: "code", source})));
  notebook.deleteCell(cells.length);  // the empty cell a new notebook starts with
  const ok = await app.commands.execute("notebook:run-all-cells");
  return {ok, cells: panel.content.widgets.map(cell => {
    const outputs = cell.model.outputs.toJSON();
    return {printed: outputs.filter(o => o.output_type === "stream").map(o => o.text).join(""),
            errors: outputs.filter(o => o.output_type === "error")
                           .map(o => o.ename + ": " + o.evalue)};
  })};
}
"""

ENGINES_CODE = """
import json, sys, threading
import boardlib
from boardlib.core.testing import check_random_play
played = {}
for name in boardlib.GAMES:
    report = check_random_play(boardlib.load(name), games=1, seed=1)
    played[name] = report.games
print(json.dumps({"platform": sys.platform, "played": played,
                  "threads": threading.active_count()}))
"""

# A request from the kernel's web worker to another host: it must fail (the network is shut)
# and be recorded by the offline page.
ESCAPE_URL = "http://example.com/boardlib-offline-check"
ESCAPE_CODE = f"""
from js import fetch
try:
    await fetch({ESCAPE_URL!r})
    print("reached")
except Exception:
    print("blocked")
"""

ROUND_TRIP_CODE = """
from boardlib.widgets import BoardView

def picture(clicks):
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect id="square_{clicks}" class="click" x="10" y="10" width="80" height="80"'
            ' fill="#0072B2"/>'
            '</svg>')

view = BoardView(picture(0))
# BoardView.show once the plain-SVG board layer has landed (it learns the new ids), else the
# svg trait itself.
show = getattr(view, "show", lambda svg: setattr(view, "svg", svg))
view.on_click(lambda element_id: show(picture(int(element_id[7:]) + 1)))
view
"""


