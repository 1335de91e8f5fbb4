"""Click latency of the notebook boards: in the kernel, and from click to new picture in a
real browser; and the size of a late-game board's SVG.

Kernel side: a click, as the browser delivers it, runs controller.click (what was clicked)
-> State.why_illegal (the rules) -> Match.play / State.apply -> controller.draw (the new
SVG) -> the panel's parts (status, move list, log). This measures that whole path for
every click of scripted complete games, and prints p50/p95/max.

Browser side (``--browser``, on by default when Chromium is installed): Voila serves a
notebook with one board; headless Chromium clicks it with the mouse, as a person would, and
the page itself times each click from the click event to the moment the new ``<svg>`` is
in the page (a MutationObserver), so Playwright's own polling is not counted.

    .venv/bin/python benchmarks/bench_latency.py            # every game that has a board
    .venv/bin/python benchmarks/bench_latency.py zyrcan --games 3 --browser-clicks 120

Before the plain-SVG board layer (matplotlib pieces, commit 5408e8d), the late-game board of
a 5-player Zyrcan game after 70 random moves was 49,532 bytes of SVG (3 players, 46 moves:
27,558 bytes); ``svg size`` below prints the same positions now.

To add a game, register a function in ``SCENARIOS`` that returns a fresh panel for that
game (and its widget module in ``IMPORTS``); its controller needs
``clicks_for(state, move, selection) -> [element ids]``.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable

from boardlib.core.bots import RandomBot

CHROMIUM = Path(os.environ.get("BOARDLIB_CHROMIUM", "/usr/bin/chromium"))


def zyrcan_panel(players: int = 5) -> Any:
    from boardlib.zyrcan.widget import ZyrcanBoard  # imported before the clock starts

    return ZyrcanBoard(players=players)


def section_x_panel(players: int = 4) -> Any:
    from boardlib.section_x.widget import SectionXBoard

    # Random players never finish a round, so a game runs to its turn limit; 120 turns
    # (not the default 400) keep a scripted game near 300 clicks. Latency does not depend
    # on it (benchmarks/bench_section_x.py measures a crowded 42-tile board as well).
    return SectionXBoard(players=players, max_turns=120)


def carcassonne_panel(players: int = 5) -> Any:
    from boardlib.carcassonne.widget import CarcassonneBoard

    return CarcassonneBoard(players=players)


def room25_panel() -> Any:
    from boardlib.room25.widget import Room25Board

    return Room25Board(mode="suspicion", players=5)


IMPORTS: dict[str, str] = {"zyrcan": "boardlib.zyrcan.widget",
                           "section_x": "boardlib.section_x.widget",
                           "carcassonne": "boardlib.carcassonne.widget",
                           "room25": "boardlib.room25.widget"}


SCENARIOS: dict[str, Callable[[], Any]] = {
    "zyrcan": zyrcan_panel,  # 5 players: the 67-hex board
    "section_x": section_x_panel,  # 4 players, 61 fields
    "carcassonne": carcassonne_panel,  # 5 players, the whole pile with the Tunnel
    "room25": room25_panel,  # Suspicion, 5 players (programmes are buttons, not clicks)
}

# The browser measurement: a notebook with one board, all seats human, and the code that
# makes the same board here (to know what to click).
BROWSER_BOARDS: dict[str, str] = {
    "zyrcan": "from boardlib.zyrcan.widget import ZyrcanBoard\nZyrcanBoard(players=5)",
}


def play_scripted_game(panel: Any, seed: int) -> tuple[list[float], list[float]]:
    """Play a random complete game by clicks; seconds per click (all, and move-completing)."""
    bot = RandomBot(seed)
    clicks: list[float] = []
    completing: list[float] = []
    controller = panel.controller
    while not panel.state.is_terminal():
        state = panel.state
        move = bot.choose(state)
        ids = controller.clicks_for(state, move, panel.selection)
        if not ids:  # not a board click (e.g. a pass button)
            panel.try_move(move)
            continue
        for element_id in ids:
            before = len(panel.match.moves)
            start = time.perf_counter()
            panel.click(element_id)
            elapsed = time.perf_counter() - start
            clicks.append(elapsed)
            if len(panel.match.moves) > before:
                completing.append(elapsed)
        if panel.match.moves[-1] != move:
            raise AssertionError(f"clicks {ids} did not play {move}: {panel.message}")
    return clicks, completing


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(label: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{label:<28} n={len(ms):4d}  p50 {percentile(ms, 50):6.2f} ms  "
            f"p95 {percentile(ms, 95):6.2f} ms  max {max(ms):7.2f} ms  "
            f"mean {statistics.fmean(ms):6.2f} ms")


def bench(name: str, games: int) -> dict[str, float]:
    start = time.perf_counter()
    importlib.import_module(IMPORTS[name])
    elapsed = (time.perf_counter() - start) * 1000
    print(f"{name}: imports (ipywidgets, engine, drawing) {elapsed:.0f} ms")
    start = time.perf_counter()
    panel = SCENARIOS[name]()
    print(f"{name}: first board built in {(time.perf_counter() - start) * 1000:.0f} ms "
          f"({panel.game!r})")
    all_clicks: list[float] = []
    all_completing: list[float] = []
    for game_number in range(games):
        if game_number:
            panel.new_game()
        clicks, completing = play_scripted_game(panel, seed=game_number)
        tag = "cold" if game_number == 0 else "warm"
        print("  " + report(f"game {game_number + 1} ({tag}) all clicks", clicks))
        print("  " + report(f"game {game_number + 1} ({tag}) moves", completing))
        all_clicks += clicks
        all_completing += completing
    print("  " + report("all games, all clicks", all_clicks))
    print("  " + report("all games, move clicks", all_completing))
    return {"p50": percentile(all_completing, 50) * 1000,
            "p95": percentile(all_completing, 95) * 1000}


def svg_sizes() -> None:
    """The SVG of the same late-game positions as in the docstring's "before" figures."""
    import boardlib
    from boardlib.zyrcan.draw import draw_svg

    for players, moves in ((5, 70), (3, 46)):
        state = boardlib.load("zyrcan", players=players).new_initial_state()
        bot = RandomBot(1)
        for _ in range(moves):
            state = state.apply(bot.choose(state))
        svg = draw_svg(state)
        print(f"zyrcan: svg size of a late {players}-player board ({moves} moves): "
              f"{len(svg.encode()):,} bytes (the live board, without caption: "
              f"{len(draw_svg(state, caption=False).encode()):,})")


# --- in the browser ----------------------------------------------------------------------------

TIMER_JS = """board => {
  window.__clicks = []; window.__shown = [];
  board.addEventListener("click", () => window.__clicks.push(performance.now()), true);
  new MutationObserver(() => window.__shown.push(performance.now()))
    .observe(board, {childList: true});
}"""

ELAPSED_JS = """() => {
  const click = window.__clicks[window.__clicks.length - 1];
  const shown = window.__shown.find(t => t >= click);
  return shown === undefined ? null : shown - click;
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def browser_bench(name: str, clicks: int) -> dict[str, float] | None:
    """Click-to-new-picture latency in headless Chromium under Voila (ms), or None."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(f"{name}: browser: Playwright is not installed")
        return None
    if not CHROMIUM.exists():
        print(f"{name}: browser: no Chromium at {CHROMIUM}")
        return None
    import nbformat

    folder = Path(tempfile.mkdtemp(prefix="boardlib-bench-"))
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BROWSER_BOARDS[name])])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, folder / "board.ipynb")
    home = folder / "home"
    env = dict(os.environ, PYTHONHASHSEED="0")
    for key, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                     ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[key] = str(home / sub)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    port = _free_port()
    log = (folder / "voila.log").open("wb")
    server = subprocess.Popen([sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                               "--Voila.ip=127.0.0.1", str(folder)], cwd=folder, env=env,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except OSError:
                time.sleep(0.3)
        panel = SCENARIOS[name]()                  # the same board, to know what to click
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(f"{url}/voila/render/board.ipynb", timeout=180_000)
            board = page.locator(".boardlib-board")
            board.locator("svg").wait_for(timeout=180_000)
            page.wait_for_timeout(1500)
            page.evaluate(TIMER_JS, board.element_handle())
            times = _click_through(page, board, panel, clicks)
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
    print("  " + report("browser: click to picture", [t / 1000 for t in times]))
    return {"p50": percentile(times, 50), "p95": percentile(times, 95)}


def _click_through(page: Any, board: Any, panel: Any, clicks: int) -> list[float]:
    """Click the moves of a random game (restarting when it ends); ms per click."""
    bot = RandomBot(7)
    times: list[float] = []
    while len(times) < clicks:
        if panel.state.is_terminal():
            break
        move = bot.choose(panel.state)
        ids = panel.controller.clicks_for(panel.state, move, panel.selection)
        if not ids:
            break                                  # a button move: the game is at its end
        for element_id in ids:
            version = int(board.get_attribute("data-version") or 0)
            box = board.locator(f'[id="{element_id}"]').bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                                   arg=[board.element_handle(), version], timeout=30_000)
            elapsed = page.evaluate(ELAPSED_JS)
            if elapsed is not None:
                times.append(elapsed)
            panel.click(element_id)                # keep the local board in step
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(SCENARIOS), help="games to measure")
    parser.add_argument("--games", dest="count", type=int, default=3,
                        help="scripted complete games per board (the first one starts cold)")
    parser.add_argument("--browser-clicks", type=int, default=80,
                        help="clicks timed in the browser (0: no browser measurement)")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    for name in args.games:
        if name not in SCENARIOS:
            print(f"no latency scenario for {name!r}; known: {sorted(SCENARIOS)}")
            return 2
        results[name] = {"kernel": bench(name, args.count)}
        if name == "zyrcan":
            svg_sizes()
        if args.browser_clicks and name in BROWSER_BOARDS:
            results[name]["browser"] = browser_bench(name, args.browser_clicks)
    print(json.dumps(results, indent=None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
