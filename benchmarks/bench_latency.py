"""Click latency of the notebook boards: in the kernel, and from click to new picture in a
real browser; and the size of a late-game board's SVG.

Kernel side: a click, as the browser delivers it, runs controller.click (what was clicked)
-> State.why_illegal (the rules) -> Match.play / State.apply -> controller.draw (the new
SVG) -> the panel's parts (status, move list, log). This measures that whole path for
every click of scripted complete games, and prints p50/p95/max.

Browser side (on by default when Chromium is installed; ``--browser-clicks 0``: off), for
all four games (``BROWSER_BOARDS``): Voila serves a notebook with one board, all seats
human; headless Chromium at 1366x768 clicks the moves of a random game with the mouse, as a
person would (buttons such as Room 25's programmes and End turn are pressed but not timed),
and the page itself times each board click from the click event to the moment that board's
new ``<svg>`` is in the page (a MutationObserver), so Playwright's own polling is not
counted. It prints p50/p95 per game (target p95 <= 50 ms, issue 17 item 9) and the size of
the board's SVG after the last click; ``late_svg_size`` prints a late-game board's size.
It also prints "click to painted": to the first task after the next frame once the picture
is in (that frame's style, layout and paint included), so that work moved from before the
picture's arrival to just after it is still counted.

Where Carcassonne's time went (issue 17, second session; Chromium's CPU profile and the
websocket timings of these clicks): the kernel spends 2-4 ms of CPU a click (drawing the
map from cached pieces, the hand, the status); the rest is the browser's. Each new picture
carried its own ``<style>``, and inserting a style sheet made Chromium work out the style
of the whole page again: 10-25 ms per picture on a loaded machine against 3-8 ms with the
rules shared in the head (a swap of the same picture timed in the page). board.js also
read the page's layout two or three times per picture (the focused element's old place,
the room for the board, the new place of the focus). Now: the rules go once into the head,
the room is read only when it may have changed, no layout is read after a mouse click,
and the panel sends the board's picture before the one beside it (Carcassonne's hand).
To compare two versions on a busy machine, run them back to back, alternately, several
times (``PYTHONPATH`` at an unpacked copy of the other version's ``boardlib``).

    .venv/bin/python benchmarks/bench_latency.py            # every game that has a board
    .venv/bin/python benchmarks/bench_latency.py zyrcan --games 3 --browser-clicks 120
    .venv/bin/python benchmarks/bench_latency.py --games 0    # the browser and SVG sizes only

Before the plain-SVG board layer (matplotlib pieces, commit 5408e8d), the late-game board of
a 5-player Zyrcan game after 70 random moves was 49,532 bytes of SVG (3 players, 46 moves:
27,558 bytes); ``svg size`` below prints the same positions now. The late positions of
``LATE_GAME`` (the browser boards' games, RandomBot(11)), drawn by that commit's
``draw_svg``: Zyrcan 49,525 bytes, Section X 57,076, Carcassonne 74,133, Room 25 37,964.

To add a game, register a function in ``SCENARIOS`` that returns a fresh panel for that
game (and its widget module in ``IMPORTS``); its controller needs
``clicks_for(state, move, selection) -> [element ids]``.
"""
from __future__ import annotations

import argparse
import http.client
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

# The browser measurement: a notebook with one board, all seats human. The same source
# builds the board here too (``board_from_source``), to know what to click; games with
# chance have their seed fixed, so both deal the same.
BROWSER_BOARDS: dict[str, str] = {
    "zyrcan": "from boardlib.zyrcan.widget import ZyrcanBoard\nZyrcanBoard(players=5)",
    "section_x": "from boardlib.section_x.widget import SectionXBoard\n"
                 "SectionXBoard(players=4, seed=3, max_turns=120)",
    "carcassonne": "from boardlib.carcassonne.widget import CarcassonneBoard\n"
                   "CarcassonneBoard(players=5, seed=3)",
    "room25": "from boardlib.room25.widget import Room25Board\n"
              "Room25Board(mode='suspicion', players=5, seed=3)",
}


def board_from_source(source: str) -> Any:
    """The board a notebook cell of ``source`` shows (its last line is the board)."""
    *lines, last = source.splitlines()
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # noqa: S102 - our own fixed sources above
    return eval(last, namespace)  # noqa: S307


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
        state: Any = boardlib.load("zyrcan", players=players).new_initial_state()
        bot = RandomBot(1)
        for _ in range(moves):
            state = state.apply(bot.choose(state))
        svg = draw_svg(state)
        print(f"zyrcan: svg size of a late {players}-player board ({moves} moves): "
              f"{len(svg.encode()):,} bytes (the live board, without caption: "
              f"{len(draw_svg(state, caption=False).encode()):,})")


# A late-game position per game: random moves from the browser board's start until this
# holds (or the game ends), and what it is, in words.
LATE_GAME: dict[str, tuple[Callable[[Any, int], bool], str]] = {
    "zyrcan": (lambda s, moves: moves >= 70, "70 moves"),
    "section_x": (lambda s, moves: s.turn >= 100, "turn 100"),
    "carcassonne": (lambda s, moves: len(s.board) >= 60, "60 tiles laid"),
    "room25": (lambda s, moves: s.turn >= 7, "turn 7"),
}


def late_svg_size(name: str, moves_limit: int = 5000) -> tuple[int, str]:
    """Bytes of the live board (as the browser gets it) in a late position of ``name``."""
    panel = board_from_source(BROWSER_BOARDS[name])
    late, words = LATE_GAME[name]
    state = panel.state
    bot = RandomBot(11)
    moves = 0
    while not state.is_terminal() and not late(state, moves) and moves < moves_limit:
        state = state.apply(bot.choose(state))
        moves += 1
    svg = panel.controller.draw(state, None)
    return len(svg.encode()), f"{words}, {moves} random moves"


# --- in the browser ----------------------------------------------------------------------------

# Every board of the page (Carcassonne has two: the map and the tile in hand) times its own
# clicks: from the click event to the moment its new <svg> is in the page.
# "Painted": the first task after the next frame once the new <svg> is in (a rendering step,
# its style, layout and paint, lies between a requestAnimationFrame callback and a message
# posted from it), so the work the page does before the picture can be seen counts too.
TIMER_JS = """() => {
  window.__clicks = []; window.__shown = []; window.__painted = [];
  document.querySelectorAll(".boardlib-board").forEach((board, i) => {
    window.__shown.push([]); window.__painted.push([]);
    board.addEventListener("click", () => window.__clicks.push([i, performance.now()]), true);
    new MutationObserver(() => {
      window.__shown[i].push(performance.now());
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__painted[i].push(performance.now());
        channel.port2.postMessage(0);
      });
    }).observe(board, {childList: true});
  });
}"""

ELAPSED_JS = """() => {
  const [i, click] = window.__clicks[window.__clicks.length - 1];
  const shown = window.__shown[i].find(t => t >= click);
  const painted = window.__painted[i].find(t => t >= click);
  return shown === undefined ? null
    : [shown - click, painted === undefined ? null : painted - click];
}"""

# Where a person clicks to reach element ``id``: which board holds it, and a point of it that
# the board sends as that id (its centre, else a point of a 7 x 7 grid over it), or null if
# none is inside the part of the picture shown (a zoomed map).
AIM_JS = """id => {
  const boards = Array.from(document.querySelectorAll(".boardlib-board"));
  const index = boards.findIndex(b => b.querySelector(`svg [id="${id}"]`));
  if (index < 0) return null;
  const board = boards[index];
  const nodes = Array.from(board.querySelectorAll(`svg [id="${id}"]`));
  const node = nodes[nodes.length - 1];
  const r = node.getBoundingClientRect();
  const view = board.querySelector("svg").getBoundingClientRect();
  const sent = (x, y) => {
    for (let n = document.elementFromPoint(x, y); n && n !== board; n = n.parentNode) {
      if (n.classList && n.classList.contains("click")) return n.id;
    }
    return null;
  };
  const points = [[0.5, 0.5]];
  for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) points.push([i / 8, j / 8]);
  for (const [fx, fy] of points) {
    const x = r.left + fx * r.width, y = r.top + fy * r.height;
    if (x < view.left || x > view.right || y < view.top || y > view.bottom) continue;
    if (sent(x, y) === id) return {index, x, y};
  }
  return {index, x: null, y: null};
}"""

VERSION_JS = """i => Number(document.querySelectorAll(".boardlib-board")[i].dataset.version)"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def browser_bench(name: str, clicks: int) -> dict[str, float | None] | None:
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
                               "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
                               str(folder)], cwd=folder, env=env,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            if server.poll() is not None:  # its port was taken meanwhile
                print(f"{name}: browser: Voila exited; see {folder / 'voila.log'}")
                return None
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except (OSError, http.client.HTTPException):
                time.sleep(0.3)
        panel = board_from_source(BROWSER_BOARDS[name])  # the same board, to know what to click
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            page.goto(f"{url}/voila/render/board.ipynb", timeout=180_000)
            page.locator(".boardlib-board svg").first.wait_for(timeout=180_000)
            page.wait_for_timeout(1500)
            page.evaluate(TIMER_JS)
            times, painted, svg_bytes = _click_through(page, panel, clicks)
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
    if painted:
        print("  " + report("browser: click to painted", [t / 1000 for t in painted]))
    print(f"  browser: the board's SVG after the last click: {svg_bytes:,} bytes "
          f"({len(panel.match.moves)} moves)")
    return {"p50": percentile(times, 50), "p95": percentile(times, 95), "clicks": len(times),
            "painted_p50": percentile(painted, 50) if painted else None,
            "painted_p95": percentile(painted, 95) if painted else None,
            "svg_bytes": svg_bytes}


def _wait_for_version(page: Any, index: int, before: int) -> bool:
    try:
        page.wait_for_function(f"() => ({VERSION_JS})({index}) > {before}", timeout=30_000)
        return True
    except Exception:  # Playwright's TimeoutError: no new picture came
        return False


def _wait_for_element(page: Any, element_id: str) -> None:
    """Until some board shows ``element_id`` (a picture beside the board comes after the
    board's own: after End turn, the tile in hand a moment after the map)."""
    try:
        page.wait_for_function(
            "id => document.querySelector(`.boardlib-board svg [id=\"${id}\"]`) !== null",
            arg=element_id, timeout=30_000)
    except Exception:  # Playwright's TimeoutError: AIM_JS says it is not on the page
        pass


def _press_button(page: Any, panel: Any, move: Any) -> None:
    """A move that is a button beside the board (a programme, End turn): pressed, untimed."""
    label = next(text for text, m in panel.controller.button_moves(panel.state) if m == move)
    before = page.evaluate(VERSION_JS, 0)
    page.get_by_role("button", name=label, exact=True).click()
    _wait_for_version(page, 0, before)
    panel.try_move(move)                            # keep the local board in step


def _click_through(page: Any, panel: Any,
                   clicks: int) -> tuple[list[float], list[float], int]:
    """Click the moves of a random game until ``clicks`` are timed or it ends: ms per click
    to the new picture in the page and to the frame that paints it, and the size of the
    last picture of the first board (bytes)."""
    bot = RandomBot(7)
    times: list[float] = []
    painted: list[float] = []
    while len(times) < clicks and not panel.state.is_terminal():
        move = bot.choose(panel.state)
        ids = panel.controller.clicks_for(panel.state, move, panel.selection)
        if not ids:
            _press_button(page, panel, move)
            continue
        for element_id in ids:
            _wait_for_element(page, element_id)
            aim = page.evaluate(AIM_JS, element_id)
            if aim is None:
                raise AssertionError(f"{element_id} is not on the page")
            if aim["x"] is None:                   # outside the map's window: Fit, then aim
                page.get_by_role("button", name="show the whole board (0)").first.click()
                page.wait_for_timeout(100)
                aim = page.evaluate(AIM_JS, element_id)
                if aim["x"] is None:
                    raise AssertionError(f"no point of {element_id} sends its id")
            before = page.evaluate(VERSION_JS, aim["index"])
            page.mouse.click(aim["x"], aim["y"])
            if _wait_for_version(page, aim["index"], before):
                page.wait_for_timeout(60)          # any other redraw of this click lands
                elapsed = page.evaluate(ELAPSED_JS)
                if elapsed is not None:
                    times.append(elapsed[0])
                    if elapsed[1] is not None:
                        painted.append(elapsed[1])
            else:
                page.wait_for_timeout(60)
            panel.click(element_id)                # keep the local board in step
        if panel.match.moves and panel.match.moves[-1] != move:
            raise AssertionError(f"clicks {ids} did not play {move}: {panel.message}")
    svg_bytes = page.evaluate("() => new Blob([document.querySelector('.boardlib-board svg')"
                              ".outerHTML]).size")
    return times, painted, svg_bytes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(SCENARIOS), help="games to measure")
    parser.add_argument("--games", dest="count", type=int, default=3,
                        help="scripted complete games per board (the first one starts cold; "
                             "0: no kernel measurement)")
    parser.add_argument("--browser-clicks", type=int, default=80,
                        help="clicks timed in the browser (0: no browser measurement)")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    for name in args.games:
        if name not in SCENARIOS:
            print(f"no latency scenario for {name!r}; known: {sorted(SCENARIOS)}")
            return 2
        results[name] = {"kernel": bench(name, args.count)} if args.count else {}
        if name == "zyrcan":
            svg_sizes()
        size, words = late_svg_size(name)
        print(f"{name}: svg size of the live board late in a game ({words}): {size:,} bytes")
        results[name]["late_svg_bytes"] = size
        if args.browser_clicks and name in BROWSER_BOARDS:
            results[name]["browser"] = browser_bench(name, args.browser_clicks)
    print(json.dumps(results, indent=None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
