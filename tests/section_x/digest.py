"""Digests of seeded random Section X games: the safety net of the engine rewrite (issue 16).

Each digest hashes, state after state, every legal move in order (its kind and field
values), the move that ``random_move`` picks, and the whole position (board, hands, stack,
prisoners, steps, doors, keys, turn, round, phase, result), read through attributes that the
engine
before the rewrite (commit 5408e8d) and the rewritten one both have. Games stop at the
first state whose stack is empty: from the end of that turn on, the rewritten engine
ends the round because the tiles ran out (SX-I7), which the old one did not.

``python -m tests.section_x.digest`` writes ``old_engine_digests.json`` (run it on the old
engine; the file records what it was made from); ``test_rewrite_digest.py`` compares.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any, Iterator

import boardlib

REFERENCE = Path(__file__).with_name("old_engine_digests.json")


def start_games() -> Iterator[tuple[str, Any]]:
    """Seeded games from the usual start over the option sets that existed before (the
    first 60 turns: random play seldom empties the stack)."""
    for seed in range(32):
        options = dict(players=2 + seed % 3, seed=seed, keys=seed % 2 == 0,
                       strict_fit=seed % 4 == 1, round_target=(0, 1, 2, 3)[seed // 3 % 4],
                       max_turns=60)
        yield f"start {json.dumps(options, sort_keys=True)}", boardlib.load("section_x",
                                                                            **options)


def corridor_games() -> Iterator[tuple[str, Any]]:
    """The conformance test's prepared middle games (rounds end, collapses, game ends)."""
    from .conftest import CorridorGame

    for seed in range(64):
        options = dict(players=2 + seed % 3, seed=seed, max_turns=36,
                       round_target=1 + seed % 2, strict_fit=seed % 5 == 0, keys=seed % 7 != 0)
        yield f"corridor {json.dumps(options, sort_keys=True)}", CorridorGame(**options)


def summary(state: Any) -> list[Any]:
    """The whole position, engine-independent (place codes written as place texts)."""
    from boardlib.section_x.board import place_text

    result = state.outcome()
    return [
        state.phase, state.player, state.turn, state.round,
        [None if c is None else [c[0], c[1]] for c in state.board],
        [list(h) for h in state.hands], list(state.stack),
        [place_text(c) for c in state.locs], list(state.used),
        [[None if d is None else [place_text(d[0]), d[1]] for d in ds] for ds in state.doors],
        [bool(k) for k in state.keys],
        None if result is None else [result.termination, list(result.winners),
                                     list(result.scores), result.rule],
    ]


def move_fields(move: Any) -> list[Any]:
    """A move as its kind and field values (much quicker to write out than its text)."""
    return [type(move).__name__, *(getattr(move, f) for f in move.__slots__)]


def digest(game: Any, seed: int) -> tuple[str, int]:
    """(sha256 of the game's record, number of states hashed)."""
    h = hashlib.sha256()
    state = game.new_initial_state()
    rng = random.Random(seed)
    states = 0
    while True:
        h.update(json.dumps(summary(state)).encode())
        states += 1
        if state.is_terminal() or not state.stack:
            break
        legal = state.legal_moves()
        h.update(json.dumps([move_fields(m) for m in legal]).encode())
        move = state.random_move(rng)
        h.update(json.dumps(move_fields(move)).encode())
        state = state.apply(move)
    return h.hexdigest(), states


def all_digests() -> dict[str, list[Any]]:
    found: dict[str, list[Any]] = {}
    for i, (name, game) in enumerate([*start_games(), *corridor_games()]):
        found[name] = list(digest(game, 1000 + i))
    return found


if __name__ == "__main__":
    import subprocess

    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    REFERENCE.write_text(json.dumps({"engine commit": commit, "digests": all_digests()},
                                    indent=1, sort_keys=True) + "\n")
    print(f"wrote {REFERENCE}")
