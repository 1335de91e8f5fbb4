"""Browser-test harness: headless Debian Chromium (Playwright) against real JupyterLab and Voila.

- One JupyterLab server per pytest process (session scope), one Chromium per test module;
  one Voila per pytest process, started by the first test that shows a board under Voila.
  Every server gets a free port on 127.0.0.1 and serves a temporary copy of notebooks/
  (JupyterLab autosaves), with its own config, settings and workspace dirs, so nothing in the
  repository or in ~/.jupyter is touched or read.
- A JupyterLab page, once loaded, opens the module's next notebook (see `Lab`): loading
  JupyterLab costs more CPU than most notebooks the tests run.
- Playwright's sync API keeps an asyncio loop running while it is open, so Chromium is closed
  after each module: tests that run later in the same xdist worker (widget tests, say) must not
  find a running event loop.
- JupyterLab runs with its app object exposed in the page (window.jupyterapp), so a test runs
  cells with the same commands as the Run menu and knows exactly when they are done.
- No Chromium: skipped with the reason, except under CI=true, where that is a failure.
- A failing test leaves screenshots of every open page in a temp dir; the report names it.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest
from jupyterserver import START_TIMEOUT, Server, served, server_env, voila_command
from quietpage import new_context

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM = Path(os.environ.get("BOARDLIB_CHROMIUM", "/usr/bin/chromium"))
# Flags that headless Chromium needs on these machines (ARCHITECTURE §6): root, no GPU, a small
# /dev/shm, and no background calls to a network that is closed here.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")

_screenshot_dir: Path | None = None


# --- collection: mark, and never run without a browser silently -----------------------


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.browser)


def _missing_browser_reason() -> str | None:
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (install Debian's: apt-get install chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Python Playwright is not installed (pip install -r requirements.txt)"
    return None


@pytest.fixture(scope="session")
def chromium_ready() -> None:
    reason = _missing_browser_reason()
    if reason:
        if IN_CI:
            pytest.fail(f"browser tests must run in CI, but: {reason}", pytrace=False)
        pytest.skip(reason)


# --- screenshots on failure ---------------------------------------------------------------------


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        paths = _screenshot_all_pages(item.name)
        if paths:
            report.sections.append(("browser screenshots", "\n".join(map(str, paths))))
            print(f"\nbrowser screenshots: {', '.join(map(str, paths))}", file=sys.stderr)


_browsers: list = []


def _screenshot_all_pages(test_name: str) -> list[Path]:
    global _screenshot_dir
    paths = []
    for browser in _browsers:
        with contextlib.suppress(Exception):
            for page in [page for context in browser.contexts for page in context.pages]:
                if _screenshot_dir is None:
                    _screenshot_dir = Path(tempfile.mkdtemp(prefix="boardlib-browser-"))
                safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in test_name)
                path = _screenshot_dir / f"{safe}-{len(paths)}.png"
                page.screenshot(path=str(path), full_page=True, timeout=10_000)
                paths.append(path)
    return paths


# --- Chromium -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser(chromium_ready):
    from playwright.sync_api import expect, sync_playwright

    # expect() waits 5 s by default; two busy cores can need more to draw a board.
    expect.set_options(timeout=30_000)

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        _browsers.append(chromium)
        try:
            yield chromium
        finally:
            _browsers.remove(chromium)
            chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page in its own context (no shared storage between tests)."""
    context = new_context(browser, viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    yield page
    context.close()


# --- servers ------------------------------------------------------------------------------------


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1))


def copy_notebooks(target: Path) -> Path:
    """A throw-away copy of notebooks/ (plus generated test notebooks, see `extra_notebooks`)."""
    if NOTEBOOKS.is_dir():
        shutil.copytree(NOTEBOOKS, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        target.mkdir(parents=True)
    write_test_notebooks(target)
    return target


@pytest.fixture(scope="session")
def lab(chromium_ready, tmp_path_factory) -> Iterator[Server]:
    """One JupyterLab for the whole session, on a temporary copy of the notebooks."""
    base = tmp_path_factory.mktemp("lab")
    root = copy_notebooks(base / "notebooks")
    home = base / "home"
    env = server_env(home)
    # No news pop-up, and every cell kept in the page (tests look at all of them): JupyterLab's
    # default in 4.6 (pinned), "contentVisibility", keeps every cell in the DOM and lets Chromium
    # skip drawing the cells scrolled out of view (as in a person's browser; "none" drew them
    # all, three times the CPU for a lesson's Run All). Set here so that it stays so.
    _write_json(
        home / "config" / "labconfig" / "page_config.json",
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}},
    )
    _write_json(
        home / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings",
        {"windowingMode": "contentVisibility"},
    )
    trust_copies(root, env)

    def command(port: int) -> list[str]:
        return [
            sys.executable, "-m", "jupyterlab",
            "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.terminals_enabled=False",
            "--LanguageServerManager.autodetect=False",
        ]

    with served("jupyterlab", command, "/api/status", root, env) as server:
        yield server


@pytest.fixture(scope="session")
def voila(chromium_ready, tmp_path_factory) -> Iterator[Server]:
    """Voila serving a temporary copy of the notebooks, for the whole session once a test
    needs it (each page gets a fresh kernel anyway; the modules write notebooks of their
    own names into it)."""
    base = tmp_path_factory.mktemp("voila")
    root = copy_notebooks(base / "notebooks")
    with served("voila", voila_command(root), "/", root, server_env(base / "home")) as server:
        yield server


# --- the generated Zyrcan test notebook -----------------------------------------------------------

ZYRCAN_FIXTURE = "zyrcan_board_fixture.ipynb"
# Panels in that notebook, in order (browser tests find them as the n-th .boardlib-panel).
NEW_GAME_PANEL, HIGHLIGHT_PANEL, ATTACK_PANEL = 0, 1, 2


@dataclass(frozen=True)
class AttackSetup:
    """A prepared attack-phase position on the 3-player board, built from the engine itself.

    Player 0's 2-engine ship at `origin` can hit exactly the enemy ships at `targets`; the ship
    one hex away (ZY-08: wrong distance) and its own ship two hexes away (ZY-10) are not targets.
    """

    ships: dict  # Hex -> (owner, engines)
    origin: object
    targets: tuple  # Hexes, the legal attacks' landing hexes

    def source(self) -> str:
        items = ", ".join(f"Hex({h.q}, {h.r}): Ship({o}, {e})" for h, (o, e) in self.ships.items())
        return f"position(players=3, ships={{{items}}}, to_move=0, phase='attack')"


def zyrcan_attack_setup() -> AttackSetup:
    import boardlib
    from boardlib.zyrcan.rules import Ship, position

    game = boardlib.load("zyrcan", players=3)
    for origin in game.hexes:
        two = {d: game.landing(origin, 2, d) for d in range(6)}
        one = {d: game.landing(origin, 1, d) for d in range(6)}
        on_board = [d for d in range(6) if two[d] is not None and one[d] is not None]
        if len(on_board) >= 4:
            break
    else:  # pragma: no cover - the 42-hex board has such hexes
        raise AssertionError("no hex with four directions of room on the 3-player board")
    d1, d2, d3, d4 = on_board[:4]
    ships = {
        origin: (0, 2),
        two[d1]: (1, 1),  # target
        two[d2]: (2, 3),  # target
        two[d3]: (0, 1),  # own ship: not a target (ZY-10)
        one[d4]: (1, 2),  # enemy one hex away: a 2-engine ship cannot stop there (ZY-08)
    }
    state = position(players=3, ships={h: Ship(*s) for h, s in ships.items()}, to_move=0)
    targets = tuple(sorted(set(state.targets(origin).values())))
    assert set(targets) == {two[d1], two[d2]}, targets
    return AttackSetup(ships, origin, targets)


SIGNED, UNSIGNED = "signed-zyrcan.ipynb", "unsigned-zyrcan.ipynb"


def trust_copies(root: Path, env: dict[str, str]) -> None:
    """Two copies of the Zyrcan notebook with its saved outputs: one signed the way `make lab`
    and Binder sign the notebooks (`jupyter trust`), one not (a marker keeps them different)."""
    source = root / "10-zyrcan.ipynb"
    if not source.exists():
        return
    for name in (SIGNED, UNSIGNED):
        notebook = json.loads(source.read_text())
        notebook["metadata"]["boardlib_test_copy"] = name
        (root / name).write_text(json.dumps(notebook, indent=1))
    jupyter = Path(sys.executable).parent / "jupyter"
    subprocess.run([str(jupyter), "trust", str(root / SIGNED)], env=env, check=True,
                   capture_output=True)


# anywidget gives each model two seconds to load its module; on two cores under a full test
# run one can take longer, and the page logs this (its widget then drops the kernel's messages).
SLOW_START = "[anywidget] Failed to initialize model."


@contextlib.contextmanager
def voila_board_page(voila, browser, name: str, title: str, sources: list[str], boards: int,
                     board: str = ".boardlib-board") -> Iterator[tuple]:
    """A board notebook (write_board_notebook) rendered by Voila at 1366x768, once its
    ``boards`` pictures are in the page: ``(page, page errors)``. A page on which anywidget
    gave up waiting for a model (SLOW_START) is loaded once more with a fresh kernel, as a
    visitor would reload it, with a warning (as test_browser_voila_pages does)."""
    from playwright.sync_api import expect

    write_board_notebook(voila.root, name, title, sources)
    for attempt in (1, 2):
        context = new_context(browser, viewport=SCREEN)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        try:
            page.goto(f"{voila.url}/voila/render/{name}", timeout=180_000)
            expect(page.locator(f".boardlib-panel {board} svg")).to_have_count(
                boards, timeout=180_000)
            page.wait_for_timeout(1000)
        except BaseException:
            context.close()
            raise
        if attempt == 1 and any(SLOW_START in error for error in errors):
            warnings.warn(f"{name}: Voila page loaded again after: {errors}", stacklevel=1)
            context.close()
            continue
        try:
            yield page, errors
        finally:
            context.close()
        return


def write_board_notebook(folder: Path, name: str, title: str, sources: list[str]) -> None:
    """A small notebook: a title, then one code cell per source (boards independent of prose)."""
    import nbformat

    cells = [nbformat.v4.new_markdown_cell(f"# {title} (browser-test fixture)")]
    cells += [nbformat.v4.new_code_cell(source) for source in sources]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / name)


def write_test_notebooks(folder: Path) -> None:
    """Write the Zyrcan board notebook the interaction tests use."""
    setup = zyrcan_attack_setup()
    write_board_notebook(folder, ZYRCAN_FIXTURE, "Zyrcan board", [
        "from boardlib.grids.hex import Hex\n"
        "from boardlib.zyrcan.rules import Ship, position\n"
        "from boardlib.zyrcan.widget import ZyrcanBoard",
        "ZyrcanBoard()  # a new 3-player game: placement phase",
        f"ZyrcanBoard(state={setup.source()})  # select a ship",
        f"ZyrcanBoard(state={setup.source()})  # attack",
    ])


@pytest.fixture(scope="session")
def attack_setup() -> AttackSetup:
    return zyrcan_attack_setup()


# --- driving JupyterLab ---------------------------------------------------------------------------

RUN_ALL_JS = """
async ([path, timeoutMs]) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  if (!panel || !panel.context || panel.context.path !== path) {
    throw new Error("the notebook tab is not the current one: " + (panel && panel.title.label));
  }
  await panel.context.ready;
  await panel.sessionContext.ready;
  if (!panel.sessionContext.session || !panel.sessionContext.session.kernel) {
    throw new Error("no kernel started for " + path);
  }
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error("run all cells: still running after " + timeoutMs + " ms")),
      timeoutMs);
  });
  try {
    return await Promise.race([app.commands.execute("notebook:run-all-cells"), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
"""

# Scroll the current notebook from top to bottom, a screen at a time, as a person reading it
# would, then back to the top. Under JupyterLab's "contentVisibility" windowing the cells are
# attached a few at a time while the notebook loads, and a cell's outputs are drawn once it
# has been on screen: first wait until every cell is in the page, then scroll.
SHOW_EVERY_CELL_JS = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const notebook = panel.content;
  const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const cells = () => notebook.node.querySelectorAll('.jp-Cell').length;
  for (let i = 0; i < 3000 && cells() < panel.model.cells.length; i++) await frame();
  if (cells() < panel.model.cells.length) {
    throw new Error(`only ${cells()} of ${panel.model.cells.length} cells in the page`);
  }
  const scroller = notebook.outerNode || notebook.node.querySelector('.jp-WindowedPanel-outer')
                   || notebook.node;
  let steps = 0;
  scroller.scrollTop = 0;
  await frame();
  while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1 && steps < 2000) {
    scroller.scrollTop += Math.max(100, scroller.clientHeight - 50);
    steps += 1;
    await frame();
  }
  scroller.scrollTop = 0;
  await frame();
  return steps;
}"""

SAVE_JS = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.save();
}
"""


# Open a notebook in a JupyterLab page that is already loaded, as the File Browser does.
OPEN_JS = """async path => {
  await window.jupyterapp.commands.execute('docmanager:open', {path});
}"""
# Close every document of a page without the "save your work?" dialog (the tests read what
# they saved themselves); the page, its JupyterLab loaded, can then open the next notebook.
CLOSE_ALL_JS = """() => {
  const shell = window.jupyterapp.shell;
  for (const widget of Array.from(shell.widgets('main'))) widget.dispose();
  return Array.from(shell.widgets('main')).filter(w => w.context).length;
}"""


class Lab:
    """Opens notebooks of the `lab` server in Chromium and runs them like a person would.

    Loading JupyterLab into a page costs more CPU than running a small notebook, so a page
    whose notebook was closed keeps JupyterLab loaded and opens the next notebook from the
    File menu's command (the page is empty again: no cell, output or board of the closed
    notebook is left in it). A new page is loaded only while every page has a notebook open.
    """

    def __init__(self, server: Server, browser):
        self.server = server
        self.browser = browser
        self.opened = 0
        self.idle: list = []      # pages with JupyterLab loaded and no notebook open
        self.pages: list = []     # every page this Lab loaded

    def open(self, name: str, viewport: dict | None = None):
        viewport = viewport or {"width": 1400, "height": 1000}
        if self.idle:
            page = self.idle.pop()
            page.set_viewport_size(viewport)
            page.evaluate(OPEN_JS, name)
        else:
            context = new_context(self.browser, viewport=viewport)
            page = context.new_page()
            self.pages.append(page)
            # A workspace of its own: JupyterLab would otherwise reopen (and start kernels
            # for) every notebook an earlier test opened.
            self.opened += 1
            page.goto(f"{self.server.url}/lab/workspaces/test{self.opened}/tree/{name}?reset")
        page.wait_for_function(
            "p => window.jupyterapp && window.jupyterapp.shell.currentWidget"
            " && window.jupyterapp.shell.currentWidget.context"
            " && window.jupyterapp.shell.currentWidget.context.path === p",
            arg=name,
            timeout=START_TIMEOUT * 1000,
        )
        return page

    def run_all(self, page, name: str, timeout_s: float = 240) -> bool:
        """Run every cell (Run > Run All Cells), then scroll through the notebook so that
        every cell's outputs are drawn (`show_every_cell`); True when no cell failed."""
        ok = page.evaluate(RUN_ALL_JS, [name, int(timeout_s * 1000)])
        self.show_every_cell(page)
        return ok

    def show_every_cell(self, page) -> int:
        """Scroll the notebook through, a screen at a time, and back to its top; the number
        of screens scrolled."""
        return page.evaluate(SHOW_EVERY_CELL_JS)

    def save(self, page, name: str) -> dict:
        """Save from the browser and read back the file JupyterLab wrote."""
        page.evaluate(SAVE_JS)
        return json.loads((self.server.root / name).read_text())

    def close(self, page) -> None:
        """Close the page's notebook and shut its kernel down; the page waits for the next
        notebook (a page that cannot close its documents is closed itself)."""
        if page in self.idle:
            return
        try:
            left = page.evaluate(CLOSE_ALL_JS)
            assert left == 0, f"{left} documents still open"
            page.wait_for_function("() => !document.querySelector('.jp-Notebook')")
            self.idle.append(page)
        except Exception:
            with contextlib.suppress(Exception):
                page.context.close()
            with contextlib.suppress(ValueError):
                self.pages.remove(page)
        self.server.stop_kernels()

    def close_all(self) -> None:
        for page in self.pages:
            with contextlib.suppress(Exception):
                page.context.close()
        self.pages, self.idle = [], []
        self.server.stop_kernels()

    def boards_page(self, name: str, panels: int) -> Iterator:
        """For a module fixture: open ``name``, run it, expect ``panels`` drawn boards, yield
        the page, close it afterwards."""
        from playwright.sync_api import expect

        page = self.open(name)
        assert self.run_all(page, name), f"the fixture notebook {name} failed to run"
        found = page.locator(".boardlib-panel")
        expect(found).to_have_count(panels)
        expect(found.locator(".boardlib-board svg")).to_have_count(panels)
        yield page
        self.close(page)


@pytest.fixture(scope="module")
def jupyterlab(lab, browser) -> Iterator[Lab]:
    jupyterlab = Lab(lab, browser)
    yield jupyterlab
    jupyterlab.close_all()


@pytest.fixture
def open_in_lab(jupyterlab):
    """`open_in_lab(name)` -> a page showing that notebook; closed after the test (and after
    a failure's screenshot), with its kernel shut down."""
    pages = []

    def open_(name: str):
        page = jupyterlab.open(name)
        pages.append(page)
        return page

    yield open_
    for page in pages:
        jupyterlab.close(page)


def error_outputs(notebook: dict) -> list[str]:
    """Each failed cell of a saved notebook, as 'cell N: ename: evalue'."""
    problems = []
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "code":
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                problems.append(f"cell {index}: {output.get('ename')}: {output.get('evalue')}")
    return problems


def board_ids(board, prefix: str) -> set[str]:
    """The ids starting with `prefix` inside one `.boardlib-board` locator."""
    return set(board.evaluate(
        "(el, prefix) => Array.from(el.querySelectorAll('[id^=\"' + prefix + '\"]'), n => n.id)",
        prefix,
    ))


# The id board.js sends for a click at (x, y): the nearest clickable element walking up (class
# "click"; in a plain picture not built by boardlib.svg, an id of the scheme).
SENT_ID_JS = """([x, y, board]) => {
  const plain = !board.querySelector("svg .click");
  for (let n = document.elementFromPoint(x, y); n && n !== board; n = n.parentNode) {
    const id = n.getAttribute ? n.getAttribute("id") : null;
    if (!plain) {
      if (n.classList && n.classList.contains("click")) return id;
      continue;
    }
    if (id && /^[a-z]+_/.test(id)) return id;
  }
  return null;
}"""


def marked_ids(board, mark: str) -> set[str]:
    """The ids of the clickable elements of one board whose classes include ``mark``."""
    return set(board.evaluate(
        "(el, mark) => Array.from(el.querySelectorAll('svg .click.' + mark), n => n.id)", mark))


# Where a panel sits and how tall its parts are, in CSS pixels, as the page shows it: scrolled
# so that the panel's top is at the top of its scroll area (JupyterLab's notebook, or Voila's
# page), the panel's bottom must not be below that area's bottom.
MEASURE_JS = """panel => {
  let area = panel.parentElement;
  while (area && area !== document.body) {
    const style = getComputedStyle(area);
    if (/(auto|scroll)/.test(style.overflowY) && area.scrollHeight > area.clientHeight) break;
    area = area.parentElement;
  }
  const scroller = area && area !== document.body ? area : document.scrollingElement;
  const top = panel.getBoundingClientRect().top;
  scroller.scrollTop += top - (scroller === document.scrollingElement ? 0
                                : scroller.getBoundingClientRect().top);
  const view = scroller === document.scrollingElement
    ? {top: 0, bottom: window.innerHeight}
    : scroller.getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  const part = sel => { const n = panel.querySelector(sel);
                        return n ? n.getBoundingClientRect() : null; };
  const svg = part(".boardlib-board svg");
  const why = part(".boardlib-why");
  return {panel_top: box.top, panel_bottom: box.bottom, panel_height: box.height,
          panel_width: box.width, area_top: view.top, area_bottom: view.bottom,
          area_height: view.bottom - view.top, window_height: window.innerHeight,
          board_width: svg ? svg.width : 0, board_height: svg ? svg.height : 0,
          why_bottom: why ? why.bottom : 0};
}"""


def measure_panel(panel) -> dict:
    """Scroll ``panel`` (a ``.boardlib-panel`` locator) to the top of its scroll area and
    measure it (see MEASURE_JS); every game's browser test checks it fits one screen."""
    return panel.evaluate(MEASURE_JS)


def assert_fits_one_screen(panel) -> dict:
    """The whole panel, its controls and its why-not line, within the visible area."""
    m = measure_panel(panel)
    assert m["panel_bottom"] <= m["area_bottom"] + 1, m
    assert m["why_bottom"] <= m["area_bottom"] + 1, m
    return m


SCREEN = {"width": 1366, "height": 768}
"""The projector a class uses: every board and its controls fit on it."""


def focused_id(board) -> str | None:
    """The id of the board element that has the keyboard focus (None: none of them)."""
    return board.evaluate("b => { const a = document.activeElement;"
                          " return a && b.contains(a) && a.id ? a.id : null; }")


def centre_of(board, element_id: str) -> tuple[float, float]:
    box = board.locator(f'[id="{element_id}"]').last.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# Where the keyboard focus is, and where it should go: one round trip per key press.
WHERE_JS = """([b, target]) => {
  const centre = n => { const r = n.getBoundingClientRect();
                        return [r.left + r.width / 2, r.top + r.height / 2]; };
  const a = document.activeElement;
  const at = a && b.contains(a) && a.id ? a : null;
  const goal = Array.from(b.querySelectorAll('[id]')).filter(n => n.id === target).pop();
  return [at ? at.id : null, at ? centre(at) : null, goal ? centre(goal) : null];
}"""


def key_to(page, board, element_id: str, limit: int = 40) -> int:
    """Move the keyboard focus to ``element_id`` with arrow keys alone, as a person would:
    each press goes the way the target lies (the larger of the two offsets first). Returns
    the number of presses; fails if the focus stops moving."""
    handle = board.element_handle()
    blocked = None
    for presses in range(limit):
        current, here, there = page.evaluate(WHERE_JS, [handle, element_id])
        if current == element_id:
            return presses
        if current is None or there is None:
            raise AssertionError(f"no keyboard focus on the board ({current}), or no "
                                 f"{element_id} on it")
        dx, dy = there[0] - here[0], there[1] - here[1]
        horizontal = ("ArrowRight" if dx > 0 else "ArrowLeft")
        vertical = ("ArrowDown" if dy > 0 else "ArrowUp")
        first, second = (horizontal, vertical) if abs(dx) >= abs(dy) else (vertical, horizontal)
        if blocked == current:           # that way did not move: the other axis
            first = second
        page.keyboard.press(first)
        blocked = current
    raise AssertionError(f"{limit} arrow presses did not reach {element_id}")


def version(board) -> int:
    """The board's picture counter (BoardView's ``version``, mirrored as data-version)."""
    return int(board.get_attribute("data-version") or 0)


def aim(page, board, element_id: str) -> tuple[float, float]:
    """Screen coordinates where a click reaches ``element_id``: its centre if the click there
    is sent as that id, else the first such point of a 9 x 9 grid over its box (a person
    aims at what they see; a shape drawn on top can make the exact centre send another id)."""
    element = board.locator(f'[id="{element_id}"]').last  # the topmost of same-id shapes
    last = None
    for _ in range(40):  # until layout has settled: the same box twice in a row
        try:
            element.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
            box = element.bounding_box(timeout=10_000)
        except Exception:  # replaced while we looked (a late redraw): look again
            box = None
        if box is not None and box == last:
            handle = board.element_handle()
            points = [(0.5, 0.5)] + [(i / 10, j / 10) for i in range(1, 10) for j in range(1, 10)]
            seen = []
            for fx, fy in points:
                x, y = box["x"] + fx * box["width"], box["y"] + fy * box["height"]
                sent = page.evaluate(SENT_ID_JS, [x, y, handle])
                if sent == element_id:
                    return x, y
                seen.append(sent)
            raise AssertionError(f"no point of {element_id} sends its id; clicks there send "
                                 f"{sorted(set(map(str, seen)))}")
        last = box
        page.wait_for_timeout(150)
    raise AssertionError(f"{element_id} never settled in a clickable place on the board")


def real_click(page, board, element_id: str, redraw: bool = True) -> None:
    """A real mouse click on a board element, where a person would click it.

    The mouse goes to screen coordinates, so whatever is drawn on top there receives the
    click, exactly as in a person's browser. With ``redraw``, wait until the kernel has
    answered with a new picture (BoardView replaces the whole <svg>, and data-version goes
    up), so the next click never aims at an element that is being replaced.
    """
    before = version(board)
    old_svg = board.locator("svg").element_handle()
    page.mouse.click(*aim(page, board, element_id))
    if redraw:
        page.wait_for_function("svg => !svg.isConnected", arg=old_svg, timeout=60_000)
        page.wait_for_function("([board, v]) => Number(board.dataset.version) > v",
                               arg=[board.element_handle(), before], timeout=60_000)


def hex_id(prefix: str, h) -> str:
    return f"{prefix}_{h.q}_{h.r}"


def screenshot_dir() -> Path:
    """Where the browser tests keep the screenshots a person looks at: ``BOARDLIB_SCREENSHOTS``,
    by default ``boardlib-screenshots`` in the temp dir."""
    folder = Path(os.environ.get("BOARDLIB_SCREENSHOTS") or
                  Path(tempfile.gettempdir()) / "boardlib-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def ui():
    """Helpers for test modules (conftest itself is not importable from them)."""
    import types

    return types.SimpleNamespace(
        board_ids=board_ids, marked_ids=marked_ids, real_click=real_click,
        write_board_notebook=write_board_notebook, voila_board_page=voila_board_page,
        hex_id=hex_id, error_outputs=error_outputs,
        measure_panel=measure_panel, assert_fits_one_screen=assert_fits_one_screen,
        SCREEN=SCREEN, focused_id=focused_id, key_to=key_to, version=version,
        ZYRCAN_FIXTURE=ZYRCAN_FIXTURE, NEW_GAME_PANEL=NEW_GAME_PANEL,
        HIGHLIGHT_PANEL=HIGHLIGHT_PANEL, ATTACK_PANEL=ATTACK_PANEL,
        SIGNED=SIGNED, UNSIGNED=UNSIGNED, screenshot_dir=screenshot_dir,
    )


@pytest.fixture(scope="session")
def chromium_launch(chromium_ready) -> dict:
    """Keyword arguments that launch Chromium as the ``browser`` fixture does, for a fixture
    that launches its own (the JupyterLite tests: a persistent profile, see
    tests/browser/lite/conftest.py)."""
    return {"executable_path": str(CHROMIUM), "headless": True, "args": list(CHROMIUM_FLAGS)}
