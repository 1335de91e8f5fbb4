"""Room 25 throughput: random complete games per second per mode, one core, public API.

    .venv/bin/python benchmarks/bench_room25.py [seconds per mode] [--clicks]

Each game is created from its own seed (so set-up is included), played with
uniformly random legal moves through ``legal_moves``/``apply`` (refusal checks
included) until ``outcome()`` is set. Target: at least 100 games/s per mode.
"""
from __future__ import annotations

import random
import sys
import time

import boardlib

TABLES = {"suspicion": 5, "cooperative": 4, "competition": 3, "team": 6, "solo": 1}


def games_per_second(mode: str, players: int, seconds: float) -> tuple[float, float, float]:
    """(games per CPU second, games per wall second, moves per game).

    CPU time (``process_time``) is what one core delivers even when the machine is
    shared; wall time is shown beside it.
    """
    rng = random.Random(0)
    games = moves = 0
    start = time.perf_counter()
    cpu = time.process_time()
    while time.process_time() - cpu < seconds:
        game = boardlib.load("room25", mode=mode, players=players, seed=games)
        state = game.new_initial_state()
        while not state.is_terminal():
            state = state.apply(state.random_move(rng))
            moves += 1
        assert state.outcome() is not None
        games += 1
    wall = time.perf_counter() - start
    used = time.process_time() - cpu
    return games / used, games / wall, moves / games


def main() -> None:
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(numbers[0]) if numbers else 3.0
    print(f"Room 25, random complete games, {seconds:.0f} CPU s per mode, one core")
    for mode, players in TABLES.items():
        rate, wall_rate, length = games_per_second(mode, players, seconds)
        flag = "ok" if rate >= 100 else "BELOW TARGET"
        print(f"  {mode:12s} {players} players  {rate:8.1f} games/CPU-s  "
              f"({wall_rate:7.1f} per wall s, {length:5.1f} moves/game)  {flag}")


if __name__ == "__main__":
    main()


def click_latency(clicks: int = 10) -> float:
    """Milliseconds per board click that plays a move (controller, engine, redraw), CPU time."""
    from boardlib.room25.scenarios import position, program
    from boardlib.room25.widget import Room25Board

    game = boardlib.load("room25", mode="cooperative", players=4)
    state = program(position(game, rooms={"b3": "empty", "c2": "empty"}), {0: "move, look"})
    board = Room25Board(state=state)
    used = 0.0
    for _ in range(clicks):
        start = time.process_time()
        board.view.click("room_11")         # the Scientist moves to b3: a full redraw
        used += time.process_time() - start
        assert board.state.position(0) == 11
        board.undo()
    return 1000 * used / clicks


if __name__ == "__main__" and "--clicks" in sys.argv:
    print(f"  board click (move + redraw): {click_latency():.1f} ms CPU")
