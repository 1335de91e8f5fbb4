"""Carcassonne with The Tunnel: random complete games per second on one core.

Plays seeded random 2-player games (base tiles + The Tunnel, farms scored at the end) through
the public API only: ``legal_moves`` then ``apply``, which checks every move with
``why_illegal``. Also times a greedy bot's full turn, the networkx feature graph, and the
click latency of the notebook board with 70+ tiles laid (p50/p95, target p95 <= 50 ms).

    python benchmarks/bench_carcassonne.py [--games 100] [--profile]
"""
from __future__ import annotations

import argparse
import random
import time

import boardlib
from boardlib.carcassonne.rules import END_TURN


def random_game(seed: int, **options) -> tuple[int, int]:
    game = boardlib.load("carcassonne", players=2, seed=seed, tunnel=True, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        state = state.apply(state.random_move(rng))
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
        state = state.apply(state.random_move(rng))
    start = time.perf_counter()
    for _ in range(games):
        graph = feature_graph(state)
    elapsed = (time.perf_counter() - start) / games
    print(f"feature_graph of a finished board: {graph.number_of_nodes()} nodes, "
          f"{graph.number_of_edges()} edges in {1000 * elapsed:.1f} ms")


def _percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench_clicks(min_tiles: int = 70, seeds: tuple[int, ...] = (5, 6, 7, 8),
                 show_graph: bool = False) -> float:
    """Click -> legality check -> apply -> new SVG, through the notebook panel, 70+ tiles.

    Seeded 2-player games (Tunnel on) are played by the greedy bot until ``min_tiles`` tiles
    lie on the board; then every click of the rest of the game is timed in the kernel:
    ``board.click(id)`` turns the id into a move, ``why_illegal`` checks it, the match
    applies it and the board is drawn again (the SVG the browser would receive), and the
    "End turn" button the same way. Returns the 95th percentile in seconds.
    """
    from boardlib.carcassonne.bots import CarcassonneGreedyBot
    from boardlib.carcassonne.widget import CarcassonneBoard

    times: list[float] = []
    kinds: dict[str, list[float]] = {}
    refused = 0
    tiles = []
    for seed in seeds:
        game = boardlib.load("carcassonne", players=2, seed=seed, tunnel=True)
        state = game.new_initial_state()
        bot = CarcassonneGreedyBot(seed=seed)
        while len(state.board) < min_tiles or state.phase != "tile":
            state = state.apply(bot.choose(state))
        tiles.append(len(state.board))
        board = CarcassonneBoard(state=state, delay=0, show_graph=show_graph)
        controller = board.controller
        rng = random.Random(seed)
        while not board.state.is_terminal():
            current = board.state
            # Mostly legal clicks, a few refused ones (a place where the tile does not fit).
            move = rng.choice(current.legal_moves())
            clicks = controller.clicks_for(current, move, board.selection)
            if current.phase == "tile" and rng.random() < 0.3:
                turned = controller.rotation(current, board.selection)
                wrong = sorted(set(current.frontier) - {
                    m.position for m in current.legal_moves() if m.rotation == turned})
                if wrong:
                    clicks = [f"place_{wrong[0][0]}_{wrong[0][1]}"] + clicks
            for element in clicks:
                start = time.perf_counter()
                board.click(element)
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                kinds.setdefault(element.split("_")[0], []).append(elapsed)
                refused += board.last_refusal is not None
            if not board.state.is_terminal() and board.state.phase == "after":
                start = time.perf_counter()
                board.try_move(END_TURN)
                elapsed = time.perf_counter() - start
                times.append(elapsed)
                kinds.setdefault("endturn", []).append(elapsed)
    p50, p95 = _percentile(times, 0.5), _percentile(times, 0.95)
    overlay = " with the feature-graph overlay on" if show_graph else ""
    print(f"click -> check -> apply -> new SVG{overlay} ({min(tiles)}-76 tiles, "
          f"{len(seeds)} games, {len(times)} clicks, {refused} refused): p50 {1000 * p50:.1f} ms, "
          f"p95 {1000 * p95:.1f} ms, worst {1000 * max(times):.1f} ms (target p95 <= 50 ms: "
          f"{'met' if p95 <= 0.05 else 'NOT met'})")
    print("   by click: " + ", ".join(
        f"{kind} p50 {1000 * _percentile(t, 0.5):.1f} / worst {1000 * max(t):.1f} ms (n={len(t)})"
        for kind, t in sorted(kinds.items())))
    return p95


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
    bench_clicks(show_graph=True)
    print(f"target >= 30 games/s: {'met' if rate >= 30 else 'NOT met'}")


if __name__ == "__main__":
    main()
