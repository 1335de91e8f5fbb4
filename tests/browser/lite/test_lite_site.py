"""The JupyterLite site (`make lite`, issue 20) in headless Chromium with the network shut.

The built site is served from a sub-folder of 127.0.0.1 (as on GitHub Pages) by a small
static server in this process. Every request that is not for the site is blocked (a
Playwright route on the whole browser context, which also sees the Pyodide kernel's web
worker) and fails the test that made it, as does any console error. Part 1 checks the built
files (the lock file, the wheels, the front-end extensions, the pages). Part 2 plays every
engine in the site's Pyodide kernel and clicks a bare BoardView. Part 3 opens the
apps, runs all their cells and clicks every board; the start page (its saved pictures before
anything runs, then run and clicked) is ``test_lite_progress.py``'s, the lessons are
``test_lite_lessons.py``'s (other modules, so other xdist workers can run them).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import zipfile
from pathlib import Path

import nbformat
import pytest
from litepage import (
    NEW_NOTEBOOK_JS, ENGINES_CODE, ESCAPE_CODE, ESCAPE_URL, ONLINE_PACKAGES, POLL_MS, PAGES,
    OFFLINE_PAGES, PYODIDE, ROOT, ROUND_TRIP_CODE, SITE, OPEN_TIMEOUT_MS, build,
    failing_without, imported_modules, page_param, run_page_and_click_its_boards)


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


# --- part 2: the engines and the widget layer in the Pyodide kernel ----------------------

def test_lite_engines_play_and_a_board_view_answers_clicks_offline(offline, ui):
    """In one new notebook of the site (one Pyodide start): random-play conformance
    (boardlib.core.testing) for every game on Pyodide's Python, a fetch from the kernel to
    another host (it must fail and be recorded: the offline check sees the worker), then the
    widget layer alone
    (anywidget's front end from the site, the comm to the kernel and back): each real click
    on the square makes Python send a new picture. Nothing is fetched from outside."""
    import boardlib

    tab = offline()
    tab.page.goto(f"{tab.base}/lab/index.html")
    tab.page.wait_for_function("() => window.jupyterapp", timeout=OPEN_TIMEOUT_MS,
                               polling=POLL_MS)
    result = tab.page.evaluate(NEW_NOTEBOOK_JS, [ENGINES_CODE, ESCAPE_CODE, ROUND_TRIP_CODE])
    engines, escape, board_cell = result["cells"]
    assert not engines["errors"], engines
    # The network is shut for the kernel's worker too, and the attempt is seen: the one
    # request this test makes on purpose is the only one that may be recorded (Chromium
    # may try it twice: it retries a request whose proxy did not answer).
    assert escape["printed"].strip() == "blocked", escape
    assert tab.blocked and set(tab.blocked) == {ESCAPE_URL}, tab.blocked
    tab.blocked.clear()
    tab.console_errors[:] = [text for text in tab.console_errors
                             if "ERR_PROXY_CONNECTION_FAILED" not in text]
    played = json.loads(engines["printed"].strip().splitlines()[-1])
    assert played["platform"] == "emscripten"
    assert played["played"] == {name: 1 for name in boardlib.GAMES}
    assert played["threads"] == 1  # no thread was started on the way
    assert not board_cell["errors"] and result["ok"], result
    board = tab.page.locator(".boardlib-board")
    board.locator("svg").wait_for()
    for clicks in range(3):
        ui.real_click(tab.page, board, f"square_{clicks}")
        assert board.locator(f'[id="square_{clicks + 1}"]').count() == 1
    assert not tab.problems(), tab.problems()


# --- part 3: the apps, run and clicked (the start page: test_lite_progress.py) ----------


@pytest.mark.parametrize("page_path", [page_param(page) for page in OFFLINE_PAGES
                                       if page.startswith("apps/")])
def test_lite_page_runs_offline_and_its_boards_answer_clicks(offline, ui, page_path):
    run_page_and_click_its_boards(offline(), ui, page_path)
