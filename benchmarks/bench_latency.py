"""Kernel-side click latency of the notebook boards.

A click, as the browser delivers it, runs: controller.click (what was clicked) ->
State.why_illegal (the rules) -> Match.play / State.apply -> controller.draw (the new
SVG) -> the panel's widgets (status, move list, log). This measures that whole path
in the kernel for every click of scripted complete games, and prints p50/p95/max.
The time to ship the SVG to the browser and render it is not included (see
ARCHITECTURE §7 for measured round trips).

    .venv/bin/python benchmarks/bench_latency.py            # every game that has a board
    .venv/bin/python benchmarks/bench_latency.py zyrcan --games 3

To add a game, register a function in ``SCENARIOS`` that returns a fresh panel for
that game (and its widget module in ``IMPORTS``); its controller needs
``clicks_for(state, move, selection) -> [element ids]``.
"""
from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from typing import Any, Callable

from boardlib.core.bots import RandomBot


def zyrcan_panel(players: int = 5) -> Any:
    from boardlib.zyrcan.widget import ZyrcanBoard  # imported before the clock starts

    return ZyrcanBoard(players=players)


def section_x_panel(players: int = 4) -> Any:
    from boardlib.section_x.widget import SectionXBoard

    # Random players never finish a round, so a game runs to its turn limit; 120 turns
    # (not the default 400) keep a scripted game near 300 clicks. Latency does not depend
    # on it (benchmarks/bench_section_x.py measures a crowded 42-tile board as well).
    return SectionXBoard(players=players, max_turns=120)


IMPORTS: dict[str, str] = {"zyrcan": "boardlib.zyrcan.widget",
                           "section_x": "boardlib.section_x.widget"}


SCENARIOS: dict[str, Callable[[], Any]] = {
    "zyrcan": zyrcan_panel,  # 5 players: the 67-hex board
    "section_x": section_x_panel,  # 4 players, 61 fields
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
    print(f"{name}: imports (matplotlib, ipywidgets, engine) {elapsed:.0f} ms")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=sorted(SCENARIOS), help="games to measure")
    parser.add_argument("--games", dest="count", type=int, default=3,
                        help="scripted complete games per board (the first one starts cold)")
    args = parser.parse_args(argv)
    for name in args.games:
        if name not in SCENARIOS:
            print(f"no latency scenario for {name!r}; known: {sorted(SCENARIOS)}")
            return 2
        bench(name, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
