"""Section X: random complete games per second on one core, plus bot and graph timings.

Plays seeded random 4-player games through the public API only (``legal_moves``
then ``apply``, which checks every move with ``why_illegal``). Random players
almost never free prisoners, so these games run to the ``max_turns`` limit
(default 400 turns, SX-I10); the figures say so. CPU time is reported because
the machine is shared.

    python benchmarks/bench_section_x.py [--games 20] [--players 4] [--profile]
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import boardlib


def random_game(seed: int, players: int, **options) -> tuple[int, int, str]:
    game = boardlib.load("section_x", players=players, seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves, state.turn, state.outcome().termination


def bench_random(games: int, players: int, **options) -> float:
    cpu, wall = time.process_time(), time.perf_counter()
    moves = turns = 0
    ends: Counter[str] = Counter()
    for seed in range(games):
        m, t, how = random_game(seed, players, **options)
        moves += m
        turns += t
        ends[how] += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rate = games / cpu
    print(f"random {players}-player games {options or ''}: {games} in {cpu:.2f} s CPU "
          f"({wall:.2f} s wall) = {rate:.1f} games/s on one core; {turns / cpu:,.0f} turns/s, "
          f"{moves / cpu:,.0f} moves/s, {turns / games:.0f} turns per game; ends {dict(ends)}")
    return rate


def bench_escape_bot(games: int = 2, players: int = 4) -> None:
    from boardlib.section_x.bots import EscapeBot

    cpu = time.process_time()
    moves = 0
    ends: Counter[str] = Counter()
    for seed in range(games):
        state = boardlib.load("section_x", players=players, seed=seed).new_initial_state()
        bots = [EscapeBot(seed=seed * 10 + p) for p in range(players)]
        while not state.is_terminal():
            state = state.apply(bots[state.current_player].choose(state))
            moves += 1
        ends[state.outcome().termination] += 1
    cpu = time.process_time() - cpu
    print(f"escape bots, {players} players: {games} games in {cpu:.1f} s CPU "
          f"({cpu / games:.1f} s per game, {1000 * cpu / moves:.1f} ms per move); ends {dict(ends)}")


def bench_graph(states: int = 50) -> None:
    from boardlib.section_x.tunnels import tunnel_graph

    game = boardlib.load("section_x", players=4, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    samples = []
    while len(samples) < states and not state.is_terminal():
        state = state.apply(rng.choice(state.legal_moves()))
        samples.append(state)
    cpu = time.process_time()
    for s in samples:
        tunnel_graph(s)
    cpu = time.process_time() - cpu
    print(f"tunnel_graph (networkx): {1000 * cpu / len(samples):.2f} ms per position")


def bench_clicks(moves: int = 12) -> None:
    """A human's clicks through the panel: engine + redraw, as the widget does it."""
    from boardlib.core.bots import RandomBot
    from boardlib.section_x.widget import SectionXBoard

    board = SectionXBoard(players=2, seed=5)
    controller = board.controller
    bot = RandomBot(5)
    clicks = 0
    cpu = time.process_time()
    for _ in range(moves):
        if board.state.is_terminal():
            break
        move = bot.choose(board.state)
        ids = controller.clicks_for(board.state, move, board.selection)
        if not ids:
            board.try_move(move)
            clicks += 1
        for element_id in ids:
            board.click(element_id)
            clicks += 1
    cpu = time.process_time() - cpu
    print(f"panel clicks (engine + SVG redraw): {1000 * cpu / clicks:.0f} ms CPU per click "
          f"over {clicks} clicks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("bench_random(args.games, args.players)", globals(), locals(), "/tmp/sx.prof")
        pstats.Stats("/tmp/sx.prof").sort_stats("tottime").print_stats(15)
        return
    bench_random(args.games, args.players)
    bench_random(args.games, args.players, max_turns=100)
    bench_graph()
    bench_clicks()
    bench_escape_bot()


if __name__ == "__main__":
    main()
