"""Test helpers every game uses: random-play conformance and perft counts.

``check_random_play`` plays seeded random games and checks, after every move,
the contract of ``boardlib.core.api``:

* the game is terminal exactly when there are no legal moves;
* ``random_move`` picks the move ``rng.choice(legal_moves())`` would pick;
* every legal move is accepted by ``why_illegal`` (``None``);
* sampled other moves are refused with a rule ID of this game, and ``apply``
  raises ``IllegalMoveError`` for them while the state stays unchanged;
* ``apply`` leaves the old state unchanged (compared through ``to_dict``);
* the JSON form round-trips;
* the game ends within ``max_moves``;
* the game's own invariants hold (``invariant(state)`` raises on a breach).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .api import Game, IllegalMoveError, State
from .match import Match


@dataclass
class PlayReport:
    games: int = 0
    moves: int = 0
    terminations: dict[str, int] = field(default_factory=dict)
    longest: int = 0


def check_random_play(game: Game, *, games: int = 200, seed: int = 0, max_moves: int = 10_000,
                      rule_prefix: str | None = None,
                      invariant: Callable[[State], None] | None = None,
                      wrong_moves: Callable[[State, random.Random], Iterable[Any]] | None = None,
                      json_every: int = 7, undo_every: int = 11) -> PlayReport:
    """Play ``games`` random games and check every state; returns what was played.

    ``wrong_moves(state, rng)`` yields candidate moves (legal or not) to probe
    refusals; moves found among the legal ones are skipped.
    """
    rng = random.Random(seed)
    probe = random.Random(f"probe {seed}")   # its own draws: the games stay the same
    report = PlayReport()
    prefix = rule_prefix
    for _ in range(games):
        match = Match(game)
        state = match.state
        n = 0
        while True:
            picked = None
            if not state.is_terminal():   # before legal_moves: games may pick without the list
                draw = probe.getrandbits(32)
                picked = state.random_move(random.Random(draw))
            legal = state.legal_moves()
            if picked is not None:
                assert picked == random.Random(draw).choice(legal), \
                    f"random_move picked {picked}, not the move rng.choice(legal_moves()) picks"
            assert state.is_terminal() == (len(legal) == 0), "terminal iff no legal moves"
            if invariant is not None:
                invariant(state)
            if n % json_every == 0:
                _check_round_trip(game, state)
            if state.is_terminal():
                break
            assert n < max_moves, f"game not finished after {max_moves} moves"
            for move in legal:
                problem = state.why_illegal(move)
                assert problem is None, f"legal move {move} refused: {problem}"
            if wrong_moves is not None:
                _check_refusals(state, legal, wrong_moves(state, rng), prefix)
            before = state.to_dict()
            move = rng.choice(legal)
            assert game.parse_move(str(move)) == move, f"move text does not parse back: {move}"
            state = match.play(move)
            assert match.states[-2].to_dict() == before, "apply changed the old state"
            n += 1
            if n % undo_every == 0:
                undone = match.undo()
                assert undone.to_dict() == before, "undo did not restore the state"
                state = match.redo()
        outcome = state.outcome()
        assert outcome is not None
        assert all(0 <= w < game.num_players for w in outcome.winners)
        assert len(outcome.scores) == game.num_players
        report.games += 1
        report.moves += n
        report.longest = max(report.longest, n)
        report.terminations[outcome.termination] = (
            report.terminations.get(outcome.termination, 0) + 1)
    return report


def _check_round_trip(game: Game, state: State) -> None:
    text = state.to_json()
    again = game.state_from_json(text)
    assert again.to_dict() == state.to_dict(), "JSON round-trip changed the state"
    assert again.legal_moves() == state.legal_moves(), "JSON round-trip changed the legal moves"
    assert json.loads(again.to_json()) == json.loads(text)


def _check_refusals(state: State, legal: tuple[Any, ...], candidates: Iterable[Any],
                    prefix: str | None) -> None:
    before = state.to_dict()
    for move in candidates:
        problem = state.why_illegal(move)
        if problem is None:
            assert move in legal, f"why_illegal accepts {move}, which is not a legal move"
            continue
        assert problem.rule, f"refusal of {move} has no rule ID"
        if prefix is not None:
            assert problem.rule.startswith(prefix), f"{problem.rule} is not a {prefix} rule"
        try:
            state.apply(move)
        except IllegalMoveError as exc:
            assert exc.rule == problem.rule
        else:  # pragma: no cover - a failure path
            raise AssertionError(f"apply accepted the illegal move {move}")
    assert state.to_dict() == before, "a refused move changed the state"


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` (terminal states end a line early)."""
    if depth == 0 or state.is_terminal():
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state._apply(m), depth - 1) for m in moves)
