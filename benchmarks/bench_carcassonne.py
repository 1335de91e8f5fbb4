"""Carcassonne with The Tunnel: random complete games per second on one core.

Plays seeded random 2-player games (base tiles + The Tunnel, farms scored at the end) through
the public API only: ``legal_moves`` then ``apply``, which checks every move with
``why_illegal``. Also times a greedy bot's full turn and the networkx feature graph.

    python benchmarks/bench_carcassonne.py [--games 100] [--profile]
"""
from __future__ import annotations

import argparse
import random
import time

import boardlib


def random_game(seed: int, **options) -> tuple[int, int]:
    game = boardlib.load("carcassonne", players=2, seed=seed, tunnel=True, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, len(state.board)


def bench_random(games: int, **options) -> float:
    start, cpu = time.perf_counter(), time.process_time()
    moves = 0
    for seed in range(games):
        moves += random_game(seed, **options)[0]
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    rate = games / cpu  # CPU time: the machine is shared, wall time depends on neighbours
    print(f"random 2-player games {options or ''}: {games} in {cpu:.2f} s CPU ({elapsed:.2f} s "
          f"wall) = {rate:.1f} games/s on one core ({moves / cpu:,.0f} moves/s, "
          f"{moves / games:.0f} moves per game)")
    return rate


def bench_greedy(turns: int = 20) -> None:
    from boardlib.carcassonne.bots import CarcassonneGreedyBot

    game = boardlib.load("carcassonne", players=2, seed=1)
    state = game.new_initial_state()
    bot = CarcassonneGreedyBot(seed=1)
    start = time.perf_counter()
    done = 0
    while done < turns and not state.is_terminal():
        state = state.apply(bot.choose(state))
        done += 1
    elapsed = time.perf_counter() - start
    print(f"greedy bot: {done} moves in {elapsed:.2f} s = {1000 * elapsed / done:.1f} ms per move")


def bench_graph(games: int = 5) -> None:
    from boardlib.carcassonne.features import feature_graph

    game = boardlib.load("carcassonne", players=2, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
    start = time.perf_counter()
    for _ in range(games):
        graph = feature_graph(state)
    elapsed = (time.perf_counter() - start) / games
    print(f"feature_graph of a finished board: {graph.number_of_nodes()} nodes, "
          f"{graph.number_of_edges()} edges in {1000 * elapsed:.1f} ms")


def bench_clicks(turns: int = 10) -> None:
    """Board clicks through the notebook panel (engine + redraw, no browser), mid-game."""
    from boardlib.carcassonne.widget import CarcassonneBoard

    game = boardlib.load("carcassonne", players=2, seed=8)
    state = game.new_initial_state()
    rng = random.Random(8)
    while len(state.board) < 40:
        state = state.apply(rng.choice(state.legal_moves()))
    while state.phase != "tile":
        state = state.apply(rng.choice(state.legal_moves()))
    board = CarcassonneBoard(state=state, delay=0)
    controller = board.controller
    times = []
    for _ in range(turns):
        if board.state.is_terminal():
            break
        for move in (rng.choice(board.state.legal_moves()),):
            for element in controller.clicks_for(board.state, move, board.selection):
                start = time.perf_counter()
                board.click(element)
                times.append(time.perf_counter() - start)
        if not board.state.is_terminal() and board.state.phase == "after":
            board.try_move(board.game.parse_move("end turn"))
    times.sort()
    print(f"panel click (engine + SVG redraw, {len(board.state.board)} tiles): median "
          f"{1000 * times[len(times) // 2]:.0f} ms, worst {1000 * times[-1]:.0f} ms "
          f"over {len(times)} clicks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("bench_random(args.games)", globals(), {"args": args}, "/tmp/cc.prof")
        pstats.Stats("/tmp/cc.prof").sort_stats("tottime").print_stats(20)
        return
    rate = bench_random(args.games)
    bench_random(max(10, args.games // 4), king_robber_baron=True, farms="1st")
    bench_graph()
    bench_greedy()
    bench_clicks()
    print(f"target >= 30 games/s: {'met' if rate >= 30 else 'NOT met'}")


if __name__ == "__main__":
    main()
