"""Section X: random complete games per second on one core, plus bot and graph timings.

Plays seeded random 4-player games through the public API only (``random_move``,
the move ``rng.choice(legal_moves())`` would pick, then ``apply``; ``apply`` trusts
the move ``random_move`` just picked on that state and checks any other with
``why_illegal``). Each line says how the games ended (by the rules, or by the
``max_turns`` cap of 400 turns, SX-I10), how often a prisoner reached a free zone, and how
many rounds ended and why. CPU time is reported because the machine is shared.

Click latency: a random player's clicks through ``SectionXBoard`` from a crowded
position (42 tiles, 4 players), cold (every SVG piece drawn for the first time), warm,
and with the tunnel-graph overlay on (drawn afresh on every click);
``benchmarks/bench_latency.py section_x`` plays whole games by clicks.

    python benchmarks/bench_section_x.py [--games 20] [--players 4] [--profile]
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter

import boardlib


def random_game(seed: int, players: int, **options) -> tuple[int, int, str, Counter[str]]:
    """Moves, turns, how it ended, and what happened: zones reached (SX-18), round ends by
    cause (SX-19, SX-I7)."""
    game = boardlib.load("section_x", players=players, seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    moves = 0
    seen: Counter[str] = Counter()
    while not state.is_terminal():
        state = state.apply(state.random_move(rng))
        moves += 1
        for event in state.events:   # reading events costs nothing: they are kept anyway
            if event.rule == "SX-18":
                seen["zone reached"] += 1
            elif " ends: " in event.text:
                seen["round end: " + (event.text.split(": ")[1] if event.rule == "SX-I7"
                                      else "round target")] += 1
    seen["freed"] += sum(state.escaped(p) for p in range(players))
    return moves, state.turn, state.outcome().termination, seen


def bench_random(games: int, players: int, label: str = "", first_seed: int = 0,
                 **options) -> float:
    cpu, wall = time.process_time(), time.perf_counter()
    moves = turns = 0
    ends: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + games):
        m, t, how, happened = random_game(seed, players, **options)
        moves += m
        turns += t
        ends[how] += 1
        seen += happened
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rate = games / cpu
    by_rules = games - ends["turn limit"]
    ends_by_cause = {k[11:]: v for k, v in sorted(seen.items()) if k.startswith("round end")}
    print(f"random {players}-player games {options or ''}{label}: {games} in {cpu:.2f} s CPU "
          f"({wall:.2f} s wall) = {rate:.1f} games/s on one core; {turns / cpu:,.0f} turns/s, "
          f"{moves / cpu:,.0f} moves/s, {turns / games:.0f} turns per game")
    print(f"    {by_rules} of {games} ended by the rules, {ends['turn limit']} by the turn cap "
          f"{dict(ends)}; per game: {seen['zone reached'] / games:.2f} prisoners reached a free "
          f"zone, {seen['freed'] / games:.2f} were freed or in a zone when it stopped; rounds "
          f"ended: {ends_by_cause}")
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
          f"({cpu / games:.1f} s per game, {1000 * cpu / moves:.1f} ms per move); "
          f"ends {dict(ends)}")


def bench_graph(states: int = 50) -> None:
    from boardlib.section_x.tunnels import tunnel_graph

    game = boardlib.load("section_x", players=4, seed=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    samples = []
    while len(samples) < states and not state.is_terminal():
        state = state.apply(state.random_move(rng))
        samples.append(state)
    cpu = time.process_time()
    for s in samples:
        tunnel_graph(s)
    cpu = time.process_time() - cpu
    print(f"tunnel_graph (networkx): {1000 * cpu / len(samples):.2f} ms per position")


def crowded_state(seed: int = 7, tiles: int = 42, players: int = 4):
    """A position with ``tiles`` tiles on the board: random play that places when it can."""
    from boardlib.section_x.rules import PlaceTile

    game = boardlib.load("section_x", players=players, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while sum(c is not None for c in state.board) < tiles:
        if state.is_terminal():
            raise RuntimeError("the game ended before the board was crowded")
        legal = state.legal_moves()
        places = [m for m in legal if isinstance(m, PlaceTile)]
        state = state.apply(rng.choice(places or legal))
    return state


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench_clicks(moves: int = 60, seed: int = 7, label: str = "",
                 show_graph: bool = False) -> tuple[float, float]:
    """A human's clicks through the panel on a crowded board (42 tiles, 4 players):
    controller.click -> why_illegal -> apply -> new SVG -> panel widgets, as in the notebook.
    Per click both wall time and CPU time (the machine is shared); returns CPU p50, p95."""
    from boardlib.core.bots import RandomBot
    from boardlib.section_x.widget import SectionXBoard

    start = crowded_state(seed)
    tiles = sum(c is not None for c in start.board)
    board = SectionXBoard(state=start, show_graph=show_graph)
    controller = board.controller
    bot = RandomBot(seed)
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(moves):
        if board.state.is_terminal():
            break
        move = bot.choose(board.state)
        ids = controller.clicks_for(board.state, move, board.selection)
        if not ids:
            board.try_move(move)
            continue
        for element_id in ids:
            t0, c0 = time.perf_counter(), time.process_time()
            board.click(element_id)
            cpu.append(1000 * (time.process_time() - c0))
            wall.append(1000 * (time.perf_counter() - t0))
    p50, p95 = percentile(cpu, 50), percentile(cpu, 95)
    print(f"panel clicks, crowded board ({tiles} tiles, 4 players; engine + SVG redraw + "
          f"widgets){label}: {len(cpu)} clicks, CPU p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
          f"max {max(cpu):.1f} ms; wall p50 {percentile(wall, 50):.1f} ms, "
          f"p95 {percentile(wall, 95):.1f} ms")
    return p50, p95


def bench_import() -> None:
    """Import the engine outside the timed games: with PYTHONDONTWRITEBYTECODE set (as on
    these machines) every run compiles the source, which is not game play."""
    cpu = time.process_time()
    boardlib.load("section_x", players=4, seed=0)
    cpu = time.process_time() - cpu
    print(f"Python {platform.python_version()} ({sys.executable}); import of the Section X "
          f"engine: {1000 * cpu:.0f} ms CPU, not counted in the games below")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("bench_random(args.games, args.players)", globals(), locals(),
                        "/tmp/sx.prof")
        pstats.Stats("/tmp/sx.prof").sort_stats("tottime").print_stats(15)
        return
    bench_import()
    # the first games build the fit tables (made on first use) as they go
    bench_random(args.games, args.players)
    # new seeds: warm tables and caches, but none of the games just played (steady state)
    bench_random(args.games, args.players, first_seed=args.games,
                 label=" next seeds (fit tables and move caches warm)")
    bench_random(args.games, args.players, keys=True, label=" (the keys variant, SX-I6)")
    bench_random(args.games, 2, label=" (two players)")
    bench_graph()
    bench_clicks(label=" cold (pieces drawn for the first time)")
    bench_clicks(label=" warm (the same clicks again)")
    bench_clicks(label=" with the tunnel graph overlay", show_graph=True)
    bench_escape_bot()


if __name__ == "__main__":
    main()
