"""The JupyterLite site (`make lite`, issue 20) in headless Chromium with the network shut.

The built site is served from a sub-folder of 127.0.0.1 (as on GitHub Pages) by a small
static server in this process. Every request that is not for the site is blocked (a
Playwright route on the whole browser context, which also sees the Pyodide kernel's web
worker) and fails the test that made it, as does any console error. Part 1 checks the built
files (the lock file, the wheels, the front-end extensions, the pages). Part 2 plays every
engine in the site's Pyodide kernel and clicks a bare BoardView. Part 3 opens the start
page, each game lesson and each app, runs all its cells and clicks its boards.

A page whose code still needs matplotlib (which Pyodide cannot load offline) is an expected
failure, strict, with the module that pulls it in as the reason; the reasons are worked out
afresh on every run (`waiting_for`), so the test tightens itself as each board is ported to
plain SVG.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import http.server
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
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


# --- the site and its server ------------------------------------------------------------------


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site: `make test` builds it before pytest starts; a bare pytest run builds
    it here (make does nothing when no input changed)."""
    if shutil.which("make"):
        subprocess.run(["make", "--no-print-directory", "-s", "lite"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    else:
        build.build()
    assert (SITE / "jupyter-lite.json").is_file()
    return SITE


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module workers and WebAssembly need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site_url(site, tmp_path_factory):
    """The site in a sub-folder of the web server's root, as on GitHub Pages
    (``<owner>.github.io/<repository>/``): a request for anything outside it fails the test
    like a request to another host."""
    root = tmp_path_factory.mktemp("web-root")
    (root / "boardlib").symlink_to(site, target_is_directory=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/boardlib"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


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


@pytest.fixture
def offline(browser, site_url):
    """``offline()`` -> an OfflinePage in a fresh browser context: its own storage, so no
    JupyterLab workspace of an earlier page reopens (and starts kernels for) its notebooks.
    The context records what the page tried to fetch from outside the site (the route sees
    the Pyodide kernel's web worker too) and every console error. Closed after the test."""
    contexts = []

    def open_() -> OfflinePage:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.set_default_timeout(60_000)
        contexts.append(context)
        tab = OfflinePage(context.new_page(), site_url)

        def route(route):
            if route.request.url.startswith(site_url + "/"):
                route.continue_()
            else:
                tab.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", route)
        tab.page.on("console", lambda message: message.type == "error"
                    and tab.console_errors.append(message.text[:500]))
        tab.page.on("pageerror", lambda error: tab.console_errors.append(str(error)[:500]))
        return tab

    yield open_
    for context in contexts:
        context.close()


# --- driving the site ---------------------------------------------------------------------------

OPEN_TIMEOUT_MS = 90_000
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
        arg=path, timeout=OPEN_TIMEOUT_MS)


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
                                   arg=[board.element_handle(), before, why], timeout=3_000)
        except Exception:
            continue
        return element_id
    raise AssertionError(f"none of {tried} redrew the board")


def boards_to_click(page_path: str, count: int) -> list[int]:
    """Every board of the start page and of an app; a lesson's first and last (a lesson has
    dozens: its opening example and its full game)."""
    if page_path.startswith("apps/") or page_path.endswith("00-start-here.ipynb"):
        return list(range(count))
    return sorted({0, count - 1}) if count else []


# --- part 1: the built files -----------------------------------------------------------------


def test_lite_lock_lists_only_shipped_wheels_or_online_packages(site):
    """Every lock entry is a wheel in the site with its sha256, or a package a page marks
    `online=` (or one of its dependencies), pointed at Pyodide's published distribution."""
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    online = build.online_entries(build.read_pyodide_lock(), ONLINE_PACKAGES, {})
    local = {}
    for name, entry in lock["packages"].items():
        assert name == build.canonical(name) == entry["name"]
        if entry["file_name"].startswith("https://"):
            assert name in online, f"{name} would load from the internet but no page needs it"
            assert entry["file_name"].startswith(build.PYODIDE_CDN.split("{")[0])
            continue
        path = PYODIDE / entry["file_name"]
        assert path.is_file(), f"{name}: {entry['file_name']} is not in the site"
        assert re.search(r"-none-any\.whl$", path.name), f"{path.name} is not pure Python"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]
        assert set(entry["depends"]) <= set(lock["packages"]), name
        local[name] = entry
    for name in ["boardlib", "networkx", "ipywidgets", "anywidget", "ipython", "micropip"]:
        assert name in local, f"{name} is not shipped in the site"
    assert not set(ONLINE_PACKAGES) & set(local)
    assert "matplotlib" not in local["boardlib"]["depends"]  # else `import boardlib` needs it


def test_lite_a_page_marked_online_still_needs_its_packages():
    """`online=` in lite/pages.txt keeps a page out of the offline test: once its imports no
    longer need those packages (its board drawn without matplotlib), the mark must go."""
    for page, online in PAGES:
        if online:
            modules = imported_modules(ROOT / page)
            assert failing_without(online, modules), (
                f"{page} runs without {online} now: remove `online=` from lite/pages.txt so "
                "that the offline browser test covers it")


def test_lite_ships_the_pinned_versions_of_boardlibs_dependencies(site):
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())["packages"]
    pins = build.read_pins()
    for name in ["networkx", "ipywidgets", "anywidget", "comm", "psygnal"]:
        assert lock[name]["version"] == pins[name], name


def test_lite_boardlib_wheel_ships_every_data_file_of_the_package(site):
    """Pyodide has no checkout: a CSV, JS or CSS file that boardlib reads must be in the
    wheel (pyproject's package-data)."""
    tracked = subprocess.run(["git", "ls-files", "boardlib"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.split()
    data = {path for path in tracked if not path.endswith(".py")}
    (wheel,) = PYODIDE.glob("boardlib-*.whl")
    shipped = set(zipfile.ZipFile(wheel).namelist())
    assert data, "found no data files to check (git ls-files failed?)"
    assert data <= shipped, f"not in the wheel: {sorted(data - shipped)}"


def extension_package_json(wheel: Path, extension: str) -> dict:
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist()
                   if n.endswith(f"share/jupyter/labextensions/{extension}/package.json")]
        return json.loads(archive.read(name))


def test_lite_extensions_come_from_the_pinned_wheels_and_pypi_is_off(site):
    """The anywidget and ipywidgets front ends are the ones in the wheels of the pinned
    versions ("No version of module anywidget is registered" otherwise), and ipywidgets'
    own requirement accepts that jupyterlab-widgets pin."""
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    names = {extension["name"] for extension in config["federated_extensions"]}
    assert names == {"anywidget", "@jupyter-widgets/jupyterlab-manager",
                     "@jupyterlite/pyodide-kernel-extension"}
    pins = build.read_pins()
    wheels = build.CACHE / "wheels"
    for package, extension in [("anywidget", "anywidget"),
                               ("jupyterlab_widgets", "@jupyter-widgets/jupyterlab-manager")]:
        (wheel,) = wheels.glob(f"{package}-{pins[build.canonical(package)]}-*.whl")
        in_site = json.loads((SITE / "extensions" / extension / "package.json").read_text())
        assert in_site == extension_package_json(wheel, extension), extension
    (ipywidgets,) = PYODIDE.glob(f"ipywidgets-{pins['ipywidgets']}-*.whl")
    needs = build.Wheel(ipywidgets).requires
    (widgets,) = [r for r in needs if build.canonical(r.name) == "jupyterlab-widgets"]
    assert widgets.specifier.contains(pins["jupyterlab-widgets"])
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")


def test_lite_holds_every_declared_page_with_its_code_cells_trusted(site):
    for page, online in PAGES:
        cells = json.loads((SITE / "files" / page).read_text())["cells"]
        if online:
            assert "".join(cells[0]["source"]).endswith(f"%pip install {' '.join(online)}")
            cells = cells[1:]
        original = nbformat.reads((ROOT / page).read_text(), as_version=4)["cells"]
        assert [c["source"] for c in cells] == [c["source"] for c in original]
        assert [c.get("outputs") for c in cells] == [c.get("outputs") for c in original]
        assert all(c["metadata"]["trusted"] for c in cells if c["cell_type"] == "code")
        assert all(isinstance(c["source"], str) for c in cells), "lines must come joined"


def test_lite_shows_the_saved_board_pictures_before_anything_runs(offline):
    """As after `make lab` or on Binder: a visitor sees the boards of the start page at
    once, while Python is still loading."""
    tab = offline()
    open_notebook(tab, "notebooks/00-start-here.ipynb")
    pictures = tab.page.locator('.jp-OutputArea-output[data-mime-type="image/svg+xml"] img')
    pictures.first.wait_for()
    # Drawn, not a broken-image icon: the browser could decode the picture.
    tab.page.wait_for_function("img => img.complete && img.naturalWidth > 100",
                               arg=pictures.first.element_handle())
    assert not tab.problems(), tab.problems()


# --- part 2: the engines and the widget layer in the Pyodide kernel ----------------------

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
    report = check_random_play(boardlib.load(name), games=2, seed=1)
    played[name] = report.games
print(json.dumps({"platform": sys.platform, "played": played,
                  "threads": threading.active_count()}))
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


def test_lite_engines_play_and_a_board_view_answers_clicks_offline(offline, ui):
    """In one new notebook of the site (one Pyodide start): random-play conformance
    (boardlib.core.testing) for every game on Pyodide's Python, then the widget layer alone
    (anywidget's front end from the site, the comm to the kernel and back): each real click
    on the square makes Python send a new picture. Nothing is fetched from outside."""
    import boardlib

    tab = offline()
    tab.page.goto(f"{tab.base}/lab/index.html")
    tab.page.wait_for_function("() => window.jupyterapp", timeout=OPEN_TIMEOUT_MS)
    result = tab.page.evaluate(NEW_NOTEBOOK_JS, [ENGINES_CODE, ROUND_TRIP_CODE])
    engines, board_cell = result["cells"]
    assert not engines["errors"], engines
    played = json.loads(engines["printed"].strip().splitlines()[-1])
    assert played["platform"] == "emscripten"
    assert played["played"] == {name: 2 for name in boardlib.GAMES}
    assert played["threads"] == 1  # no thread was started on the way
    assert not board_cell["errors"] and result["ok"], result
    board = tab.page.locator(".boardlib-board")
    board.locator("svg").wait_for()
    for clicks in range(3):
        ui.real_click(tab.page, board, f"square_{clicks}")
        assert board.locator(f'[id="square_{clicks + 1}"]').count() == 1
    assert not tab.problems(), tab.problems()


# --- part 3: every page, run and clicked ---------------------------------------------------


@pytest.mark.parametrize("page_path", [page_param(page) for page in OFFLINE_PAGES])
def test_lite_page_runs_offline_and_its_boards_answer_clicks(offline, ui, page_path):
    tab = offline()
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
    if page_path.startswith("apps/") or page_path.endswith("00-start-here.ipynb"):
        assert count, f"{page_path} shows no live board"
    for index in boards_to_click(page_path, count):
        click_until_redrawn(tab, boards.nth(index), ui)
    assert not tab.problems(), tab.problems()
    print(f"{page_path}: ran, and {len(boards_to_click(page_path, count))} of its {count} "
          f"boards redrawn by a click, in {time.monotonic() - started:.1f} s")
