"""The speed figures of issue 16 item 6: random complete games on one core, public API only.

    python benchmarks/bench_random_play.py [--seconds 5] [section_x carcassonne zyrcan room25]

Every game is made by ``boardlib.load`` from its own seed and played by
``state.apply(state.random_move(rng))`` until ``is_terminal()``: set-up, move lists and the
legality check of ``apply`` are all counted. Rates divide by the process's CPU time
(``process_time``), so a shared machine slows the wall clock more than the figure; each
line shows both. The script uses nothing but ``boardlib.load`` and the ``State`` methods
every game has, so the same file runs on an older checkout to compare (PYTHONPATH=that
checkout): the line ``boardlib from`` says which code was measured.

Figures: Section X random turns per second (target >= 4,000) and how many games ended by
the rules versus by the turn cap (SX-I10), by default and in the keys variant (SX-I6, the
default before issue 16, for a like-for-like comparison); Carcassonne with The Tunnel, Zyrcan on the
42-hex board and Room 25 per mode in random games per second.
"""
from __future__ import annotations

import argparse
import platform
import random
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardlib

ROOM25_TABLES = {"suspicion": 5, "cooperative": 4, "competition": 3, "team": 6, "solo": 1}
"""Room 25: each mode at a table size it allows."""

SECTION_X_TURNS_TARGET = 4000


def code_version() -> str:
    """Where the measured boardlib lives and its commit (dirty if it has changes)."""
    package = Path(boardlib.__file__).resolve().parent
    try:
        commit = subprocess.run(["git", "-C", str(package), "describe", "--always", "--dirty",
                                 "--abbrev=10"], capture_output=True, text=True, check=True,
                                timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = "unknown commit"
    return f"{package} at {commit}"


def play_for(seconds: float, make_game: Callable[[int], Any]) -> dict[str, Any]:
    """Random games, each from its own seed, until ``seconds`` of CPU time are used."""
    games = moves = turns = 0
    endings: Counter[str] = Counter()
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        state = make_game(games).new_initial_state()
        rng = random.Random(games)
        while not state.is_terminal():
            state = state.apply(state.random_move(rng))
            moves += 1
        outcome = state.outcome()
        endings[outcome.termination if outcome is not None else "no outcome"] += 1
        turns += getattr(state, "turn", 0)
        games += 1
    used, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"games": games, "moves": moves, "turns": turns, "cpu": used, "wall": wall,
            "endings": endings}


def report(label: str, run: dict[str, Any], extra: str = "") -> None:
    games, cpu = run["games"], run["cpu"]
    print(f"  {label}: {games / cpu:8.1f} games/s CPU ({games / run['wall']:.1f} per wall s; "
          f"{games} games, {run['moves'] / games:.0f} moves per game){extra}")


def bench_section_x(seconds: float, **options: Any) -> None:
    run = play_for(seconds, lambda seed: boardlib.load("section_x", players=4, seed=seed,
                                                       **options))
    endings, games = run["endings"], run["games"]
    capped = endings["turn limit"]
    turns_per_second = run["turns"] / run["cpu"]
    label = " (the keys variant, SX-I6: the default before issue 16)" if options else ""
    report(f"Section X, 4 players{label}", run,
           f"\n      {turns_per_second:,.0f} turns/s (target >= {SECTION_X_TURNS_TARGET:,}: "
           f"{'met' if turns_per_second >= SECTION_X_TURNS_TARGET else 'NOT met'}), "
           f"{run['turns'] / games:.0f} turns per game; {games - capped} of {games} games "
           f"ended by the rules, {capped} by the turn cap (SX-I10) {dict(endings)}")


def bench_carcassonne(seconds: float) -> None:
    run = play_for(seconds, lambda seed: boardlib.load("carcassonne", players=2, seed=seed,
                                                       tunnel=True))
    report("Carcassonne with The Tunnel, 2 players", run)


def bench_zyrcan(seconds: float) -> None:
    # Zyrcan has no chance and no seed: one game serves every play-out, which differ by the
    # random players alone (as in bench_zyrcan.py).
    game = boardlib.load("zyrcan", players=3)
    run = play_for(seconds, lambda seed: game)
    report("Zyrcan, 3 players on the 42-hex board", run)


def bench_room25(seconds: float) -> None:
    for mode, players in ROOM25_TABLES.items():
        run = play_for(seconds, lambda seed, mode=mode, players=players: boardlib.load(
            "room25", mode=mode, players=players, seed=seed))
        report(f"Room 25 {mode}, {players} players", run)


def bench_section_x_both(seconds: float) -> None:
    bench_section_x(seconds)
    bench_section_x(seconds, keys=True)


BENCHES: dict[str, Callable[[float], None]] = {
    "section_x": bench_section_x_both, "carcassonne": bench_carcassonne,
    "zyrcan": bench_zyrcan, "room25": bench_room25}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per figure")
    parser.add_argument("games", nargs="*", help=f"only these of {', '.join(BENCHES)}")
    args = parser.parse_args()
    chosen = args.games or list(BENCHES)
    unknown = set(chosen) - set(BENCHES)
    if unknown:
        parser.error(f"no benchmark for {', '.join(sorted(unknown))}")
    print(f"Random complete games, one core, {args.seconds:g} CPU s per figure; Python "
          f"{platform.python_version()}; boardlib from {code_version()}")
    for name in chosen:
        boardlib.load(name)  # imports and first-use tables outside the timed games
    for name in chosen:
        BENCHES[name](args.seconds)


if __name__ == "__main__":
    main()
