"""Zyrcan throughput and bot strength (figures, not a timed test).

    python benchmarks/bench_zyrcan.py [--games N] [--mcts-games N] [--mcts-time S]

Prints complete random games per second on each standard board (one core, through the
public API: legal_moves + apply, which checks every move), and the MCTS bot's results
against two random bots in 3-player games. Rates divide by the process's CPU time, so a busy
machine slows the wall clock but not the figure.
"""
from __future__ import annotations

import argparse
import random
import time

import boardlib
from boardlib.core import Match, MCTSBot, RandomBot


def random_games_per_second(players: int, games: int, seed: int = 0) -> float:
    game = boardlib.load("zyrcan", players=players)
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state = state.apply(state.random_move(rng))
    return games / (time.process_time() - start)


def mcts_results(games: int, time_limit: float) -> tuple[float, float, int]:
    """MCTS in every seat in turn against two random bots: (wins, shared wins, iterations/move)."""
    wins = shared = 0.0
    iterations = []
    for g in range(games):
        seat = g % 3
        mcts = MCTSBot(time_limit=time_limit, seed=g)
        bots = {p: (mcts if p == seat else RandomBot(1000 * g + p)) for p in range(3)}
        match = Match(boardlib.load("zyrcan", players=3))
        while not match.state.is_terminal():
            player = match.state.current_player
            match.play(bots[player].choose(match.state))
            if player == seat and mcts.last_iterations:
                iterations.append(mcts.last_iterations)
        winners = match.state.outcome().winners
        if winners == (seat,):
            wins += 1
        elif seat in winners:
            shared += 1
    return wins / games, shared / games, int(sum(iterations) / max(1, len(iterations)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=30)
    parser.add_argument("--mcts-time", type=float, default=0.2)
    args = parser.parse_args()
    print("Zyrcan: complete random games per CPU second (one core, public API)")
    for players, hexes in ((3, 42), (4, 53), (5, 67)):
        rate = random_games_per_second(players, args.games)
        print(f"  {players} players, {hexes}-hex board: {rate:8.0f} games/s")
    if args.mcts_games:
        win, shared, its = mcts_results(args.mcts_games, args.mcts_time)
        print(f"MCTS ({args.mcts_time:.2f} s/move, ~{its} iterations) vs two random bots, "
              f"{args.mcts_games} games: sole wins {win:.0%}, shared wins {shared:.0%}, "
              f"wins incl. shared {win + shared:.0%}")


if __name__ == "__main__":
    main()
