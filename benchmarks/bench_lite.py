"""The JupyterLite site in headless Chromium, offline: cold start and click round trip.

Cold start: a fresh browser (no cache, no storage) opens a page of the site and runs its
cells, as a visitor does; the clock stops when the first live board has drawn its picture
(targets of issue 20: 20 s or less). Printed in phases: JupyterLab shown, Pyodide kernel
ready, first live board. Click round trip: a real mouse click on a board element until the
kernel's new picture is in the page, timed inside the page (performance.now() from the
click event to the DOM change; target 100 ms or less), p50/p95/max over repeated clicks.

Each offline page of lite/pages.txt whose code can run offline is measured; a page that
still needs matplotlib is named with what it waits for. An app's board is at the top of its
page; a lesson's first live board lies far below, and a board draws its picture once it is
on screen, so a lesson is timed to every cell run and that board scrolled to and drawn (a
page without a live board, the primer: to every cell run). The clicks on a page go to the
first of its boards that answers one, and stop when none of a dozen tries does (a refused
tile, moves that are buttons), hence few clicks on some pages. A minimal BoardView notebook
(the widget layer alone: anywidget, the comm to Pyodide and back) is always measured.

Whole games by clicks (``--game-clicks``): for each game a new notebook of the site holds
a board and a seeded random bot; the kernel says which elements the bot's next move is
clicked on (``clicks_for``; button moves it plays itself), and the mouse clicks them, each
timed to its new picture, as ``bench_latency.py`` does under Voila.

    make bench                                  # builds the site first
    .venv/bin/python benchmarks/bench_lite.py --clicks 30
    .venv/bin/python benchmarks/bench_lite.py --games-only --game-clicks 120
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import json
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


# The browser tests' helpers (page driving, Chromium flags): one description of the site.
lite_test = load("litepage", ROOT / "tests" / "browser" / "lite" / "litepage.py")
conftest = load("browser_conftest", ROOT / "tests" / "browser" / "conftest.py")

# Arms a timer inside the page: from the latest click on the board to the next change of its
# DOM (BoardView swaps in the kernel's new <svg>), in ms; window.__roundTrip resolves to it.
ARM_JS = """
board => {
  window.__roundTrip = new Promise(resolve => {
    let clicked = null;
    const onClick = () => { clicked = performance.now(); };
    const observer = new MutationObserver(() => {
      if (clicked === null) return;
      observer.disconnect();
      board.removeEventListener("click", onClick, true);
      resolve(performance.now() - clicked);
    });
    board.addEventListener("click", onClick, true);
    observer.observe(board, {childList: true, subtree: true});
  });
}
"""
WAIT_JS = """ms => Promise.race([window.__roundTrip,
                              new Promise(resolve => setTimeout(() => resolve(null), ms))])"""

def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(lite_test.QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def offline_page(browser, base: str):
    """A page in a fresh context (empty cache and storage) that may reach only the site."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(120_000)
    blocked: list[str] = []

    def route(route):
        if route.request.url.startswith(base + "/"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    return context, context.new_page(), blocked


KERNEL_IDLE_JS = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === "idle"; }"""


def cold_start(browser, base: str, path: str | None) -> dict:
    """Seconds from navigation to: JupyterLab shown, kernel idle, first live board drawn.
    ``path`` None: a new notebook with the BoardView stand-in (kernel not timed apart)."""
    context, page, blocked = offline_page(browser, base)
    try:
        start = time.perf_counter()
        if path is None:
            page.goto(f"{base}/lab/index.html")
            page.wait_for_function("() => window.jupyterapp", timeout=120_000)
            shown = kernel = time.perf_counter()
            result = page.evaluate(lite_test.NEW_NOTEBOOK_JS, [lite_test.ROUND_TRIP_CODE])
            page.locator(".boardlib-board svg").first.wait_for(timeout=120_000)
            board = time.perf_counter()
        else:
            lite_test.open_notebook(lite_test.OfflinePage(page, base), path)
            shown = time.perf_counter()
            page.wait_for_function(KERNEL_IDLE_JS, timeout=120_000)
            kernel = time.perf_counter()
            # Run All, and stop the clock at the first live board, not at the last cell.
            page.evaluate(f"args => {{ window.__runAll = ({lite_test.RUN_ALL_JS})(args); }}",
                          [path, lite_test.RUN_TIMEOUT_MS])
            if lite_test.is_app_or_start(path):
                page.locator(".boardlib-board svg").first.wait_for(timeout=120_000)
                board = time.perf_counter()
                result = page.evaluate("() => window.__runAll")
            else:
                # a lesson's first live board is far down the page, and a board draws its
                # picture once it is on screen: every cell run, then scrolled to it
                result = page.evaluate("() => window.__runAll")
                board = None                    # a page without a live board (the primer)
                if page.locator(".boardlib-board").count():
                    page.locator(".boardlib-board").first.scroll_into_view_if_needed()
                    page.locator(".boardlib-board svg").first.wait_for(timeout=120_000)
                    board = time.perf_counter()
        ran = time.perf_counter() if board is None else board
        errors = result.get("errors") or [
            error for cell in result.get("cells", []) for error in cell["errors"]]
        if errors:
            raise RuntimeError(f"{path or 'stand-in'}: {errors}")
        if blocked:
            raise RuntimeError(f"requests left the site: {blocked}")
        return {"shown": shown - start, "kernel": kernel - start,
                "board": None if board is None else board - start,
                "ran": ran - start, "page": page, "context": context}
    except Exception:
        context.close()
        raise


def round_trips(page, clicks: int) -> list[float]:
    """Milliseconds per redraw: real clicks on the first board's elements, in the order the
    browser test tries them (a selected piece, then the same piece again, and so on; one
    that brings no new picture, such as a refused move, is followed by the next) until the
    kernel's picture arrives, timed in the page from the last click."""
    boards = page.locator(".boardlib-board")
    for index in range(boards.count()):     # the first board that answers a click
        board = boards.nth(index)
        board.scroll_into_view_if_needed()
        times: list[float] = []
        for _ in range(clicks):
            page.evaluate(ARM_JS, board.element_handle())
            for element_id in board.evaluate(lite_test.CANDIDATES_JS)[:12]:
                page.mouse.click(*conftest.aim(page, board, element_id))
                took = page.evaluate(WAIT_JS, 3000)
                if took is not None:
                    times.append(took)
                    break
            else:
                break
            page.wait_for_timeout(50)  # let the panel settle (status line, move list)
        if times:
            return times
    raise RuntimeError("no click redrew a board (its moves are buttons, or refused)")


# --- whole games by clicks: the moves of a random bot, entered with the mouse ---------------

# One board per game (all seats human; games with chance are seeded), and the kernel-side
# helper that says what to click next: the ids of the bot's next move, or a button move
# played in the kernel (a programme, End turn: pressed, not timed).
GAME_BOARDS = {
    "zyrcan": "from boardlib.zyrcan.widget import ZyrcanBoard as Board\nkw = dict(players=5)",
    "section_x": "from boardlib.section_x.widget import SectionXBoard as Board\n"
                 "kw = dict(players=4, seed=3, max_turns=120)",
    "carcassonne": "from boardlib.carcassonne.widget import CarcassonneBoard as Board\n"
                   "kw = dict(players=5, seed=3)",
    "room25": "from boardlib.room25.widget import Room25Board as Board\n"
              "kw = dict(mode='suspicion', players=5, seed=3)",
}
NEXT_CLICKS = """
import json
from boardlib.core.bots import RandomBot
panel, bot = Board(**kw), RandomBot(7)

def next_clicks():
    while not panel.state.is_terminal():
        move = bot.choose(panel.state)
        ids = panel.controller.clicks_for(panel.state, move, panel.selection)
        if ids:
            return json.dumps(ids)
        panel.try_move(move)          # a button move, played here
    return json.dumps(None)
"""

# Runs ``code`` in the open notebook's kernel and returns what it printed.
KERNEL_RUN_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let printed = "";
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = msg => { if (msg.header.msg_type === "stream") printed += msg.content.text; };
  await future.done;
  return printed;
}"""
BOARD_OF_JS = """id => Array.from(document.querySelectorAll(".boardlib-board"))
  .findIndex(b => b.querySelector(`svg [id="${id}"]`))"""


def game_round_trips(browser, base: str, game: str, clicks: int) -> list[float]:
    """Milliseconds from a real click to the new picture, for the clicks of a random game
    on ``game``'s board in a new notebook of the site (kernel and page as a visitor has)."""
    context, page, blocked = offline_page(browser, base)
    try:
        page.goto(f"{base}/lab/index.html")
        page.wait_for_function("() => window.jupyterapp", timeout=120_000)
        result = page.evaluate(lite_test.NEW_NOTEBOOK_JS,
                               [GAME_BOARDS[game], NEXT_CLICKS + "\npanel"])
        if not result["ok"] or any(cell["errors"] for cell in result["cells"]):
            raise RuntimeError(f"{game}: {result}")
        page.locator(".boardlib-board svg").first.wait_for(timeout=120_000)
        boards = page.locator(".boardlib-board")
        times: list[float] = []
        while len(times) < clicks:
            ids = json.loads(page.evaluate(KERNEL_RUN_JS, "print(next_clicks())"))
            if ids is None:
                break
            for element_id in ids:
                page.wait_for_function(f"id => ({BOARD_OF_JS})(id) >= 0", arg=element_id,
                                       timeout=30_000)
                board = boards.nth(page.evaluate(BOARD_OF_JS, element_id))
                try:
                    point = conftest.aim(page, board, element_id)
                except AssertionError:       # outside the map's window: Fit, then aim
                    page.get_by_role("button", name="show the whole board (0)").first.click()
                    page.wait_for_timeout(100)
                    point = conftest.aim(page, board, element_id)
                page.evaluate(ARM_JS, board.element_handle())
                page.mouse.click(*point)
                took = page.evaluate(WAIT_JS, 10_000)
                if took is None:
                    raise RuntimeError(f"{game}: no new picture after a click on {element_id}")
                times.append(took)
                page.wait_for_timeout(50)    # the rest of the panel (move list, status)
        if blocked:
            raise RuntimeError(f"requests left the site: {blocked}")
        return times
    finally:
        context.close()


def figures(name: str, start: dict, times: list[float]) -> None:
    if start["board"] is None:
        print(f"{name:34} cold start: JupyterLab {start['shown']:5.1f} s, kernel "
              f"{start['kernel']:5.1f} s, every cell run {start['ran']:5.1f} s")
        return
    print(f"{name:34} cold start: JupyterLab {start['shown']:5.1f} s, kernel "
          f"{start['kernel']:5.1f} s, first live board {start['board']:5.1f} s (target <= 20 s)")
    if times:
        print(f"{'':34} {clicks_summary(times)}")


def clicks_summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    return (f"click round trip over {len(times)} clicks: p50 {statistics.median(times):4.0f} "
            f"ms, p95 {p95:4.0f} ms, max {times[-1]:4.0f} ms (target <= 100 ms)")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--game-clicks", type=int, default=60,
                        help="clicks of a random game per game (0: none)")
    parser.add_argument("--games-only", action="store_true",
                        help="only the whole games by clicks, not the pages")
    args = parser.parse_args()
    site = lite_test.SITE
    if not (site / "jupyter-lite.json").exists():
        raise SystemExit("no site in lite/_output: run `make lite` (make bench does)")
    size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
    print(f"site: {size / 2**20:.1f} MiB in {sum(1 for _ in site.rglob('*'))} files")
    server, base = serve(site)
    waiting = lite_test.waiting_for()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(conftest.CHROMIUM),
                                             headless=True, args=conftest.CHROMIUM_FLAGS)
        try:
            targets = [("BoardView stand-in (new notebook)", None)]
            targets += [(path, path) for path in lite_test.OFFLINE_PAGES]
            if args.games_only:
                targets = []
            for name, path in targets:
                if path in waiting:
                    print(f"{name:34} waits: {waiting[path]}")
                    continue
                start = cold_start(browser, base, path)
                try:
                    try:
                        times = [] if start["board"] is None else round_trips(start["page"],
                                                                              args.clicks)
                    except RuntimeError as problem:
                        times = []
                        print(f"{name:34} clicks not timed: {problem}")
                    figures(name, start, times)
                finally:
                    start["context"].close()
            for game in GAME_BOARDS if args.game_clicks else ():
                times = game_round_trips(browser, base, game, args.game_clicks)
                print(f"{game + ', a random game by clicks':34} {clicks_summary(times)}")
        finally:
            browser.close()
            server.shutdown()


if __name__ == "__main__":
    main()
