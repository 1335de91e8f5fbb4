"""The teaching layer's cost per move, and a bot's whole turn.

For seeded random games of Zyrcan and Carcassonne, times (CPU, one core) what a board asks
after every move: the move in words, its marks, its explanation, the standings of the new
position; prints median, 95th percentile and worst case in milliseconds. Then times the
Carcassonne greedy bot's whole turn found step by step (``choose`` at every step, which
searches the rest of the turn again) against one search (``choose_turn``).

    python benchmarks/bench_teaching.py [--games 20]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import boardlib
from boardlib.core.bots import make_bot, turn_moves
from boardlib.core.teaching import teacher


def timed(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return 1000 * (time.process_time() - start)


def report(label: str, values: list[float]) -> None:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    print(f"  {label:<12} p50 {statistics.median(values):6.3f} ms   p95 {p95:6.3f} ms   "
          f"max {values[-1]:6.2f} ms   ({len(values)} calls)")


def bench_game(name: str, games: int, **options: object) -> None:
    costs: dict[str, list[float]] = {"words": [], "marks": [], "explain": [], "standings": []}
    for seed in range(games):
        game = boardlib.load(name, **options, **({"seed": seed} if name == "carcassonne"
                                                 else {}))
        t = teacher(game, ("Red", "Blue", "Yellow", "Sky", "Pink").__getitem__)
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            move = state.random_move(rng)
            after = state.apply(move)
            before = state
            costs["words"].append(timed(lambda: t.move_words(before, move, after)))
            costs["marks"].append(timed(lambda: t.marks(before, move, after)))
            costs["explain"].append(timed(lambda: t.explain(before, move, after)))
            costs["standings"].append(timed(lambda: t.standings(after)))
            state = after
    print(f"{name} {options}: {games} random games")
    for label, values in costs.items():
        report(label, values)


def bench_whole_turns(games: int) -> None:
    step_by_step, one_search = [], []
    for seed in range(games):
        game = boardlib.load("carcassonne", players=2, seed=seed)
        state = game.new_initial_state()
        bot = make_bot("greedy", seed=seed, game=game)
        for _ in range(10):          # the first ten turns of each game
            if state.is_terminal():
                break
            step_by_step.append(timed(lambda: turn_moves(bot, state)))
            found: list[tuple] = []
            one_search.append(timed(lambda: found.append(bot.choose_turn(state))))
            for move in found[0]:
                state = state.apply(move)
    print(f"carcassonne greedy bot, a whole turn ({games} games, 10 turns each)")
    report("step by step", step_by_step)
    report("one search", one_search)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    bench_game("zyrcan", args.games, players=3)
    bench_game("zyrcan", args.games, players=5)
    bench_game("carcassonne", args.games, players=2)
    bench_game("carcassonne", args.games, players=4, farms="1st", king_robber_baron=True)
    bench_whole_turns(max(1, args.games // 4))


if __name__ == "__main__":
    main()
