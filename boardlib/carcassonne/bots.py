"""Bots for Carcassonne: a greedy bot that plans its whole turn.

The core bots (``RandomBot``, ``GreedyBot``, ``MCTSBot``) play Carcassonne through the shared
API as they are. The core greedy bot looks one move ahead, but scoring happens only at
``EndTurn`` (CB-03), so here the greedy bot looks at every whole turn: each tile placement
(CB-04), with or without a follower (CB-06), with or without a tunnel token that finishes a
tunnel (TU-05), then ``EndTurn``. It takes the turn with the best immediate score lead;
ties are broken by what the player's followers would be worth if the game ended now
(CB-14, CB-15), then at random.
"""
from __future__ import annotations

from typing import Any

from boardlib.core.bots import Bot

from .rules import (AFTER, END_TURN, TILE, CarcassonneState, PlaceTunnelToken, end_scoring)

# Weight of the provisional end value next to points already scored.
POTENTIAL_WEIGHT = 0.25


def _lead(values: tuple[float, ...] | tuple[int, ...], player: int) -> float:
    others = [v for p, v in enumerate(values) if p != player]
    return float(values[player] - max(others))


def turn_value(state: CarcassonneState, player: int) -> float:
    """Score lead after the turn, plus a small share of the provisional end-game lead."""
    if state.is_terminal():
        return _lead(state.scores, player) * (1 + POTENTIAL_WEIGHT)
    potential = end_scoring(state).points
    return _lead(state.scores, player) + POTENTIAL_WEIGHT * _lead(potential, player)


def _worth_trying(state: CarcassonneState, move: Any) -> bool:
    """Tokens that only claim an opening change no score now; tokens that link might."""
    if isinstance(move, PlaceTunnelToken):
        return state.token_count(move.colour) == 1 or state.pending is not None
    return True


def plans(state: CarcassonneState, depth: int = 3) -> list[tuple[list[Any], CarcassonneState]]:
    """Every way to finish the turn from the after-tile phase: (moves, state after EndTurn)."""
    out = [([END_TURN], state.apply_legal(END_TURN))] if END_TURN in state.legal_moves() else []
    if depth == 0:
        return out
    for move in state.legal_moves():
        if move is END_TURN or move == END_TURN or not _worth_trying(state, move):
            continue
        for rest, final in plans(state.apply_legal(move), depth - 1):
            out.append(([move] + rest, final))
    return out


class CarcassonneGreedyBot(Bot):
    """Plays the whole turn that gives the best immediate score lead (see module doc)."""

    name = "carcassonne-greedy"

    def best_plans(self, state: CarcassonneState) -> list[list[Any]]:
        """Every plan for the rest of the turn whose value is the best, the first of each
        first move only (ties are broken among first moves)."""
        player = state.current_player
        if state.phase == TILE:
            candidates = []
            for placement in state.legal_moves():
                for moves, final in plans(state.apply_legal(placement)):
                    candidates.append(([placement] + moves, final))
        elif state.phase == AFTER:
            candidates = plans(state)
        else:
            raise ValueError("the game is over")
        best: list[list[Any]] = []
        best_value = float("-inf")
        for moves, final in candidates:
            value = turn_value(final, player)
            if value > best_value:
                best_value, best = value, [moves]
            elif value == best_value and all(moves[0] != b[0] for b in best):
                best.append(moves)
        return best

    def choose(self, state: CarcassonneState) -> Any:  # type: ignore[override]
        return self.rng.choice(self.best_plans(state))[0]

    def choose_turn(self, state: CarcassonneState) -> tuple[Any, ...]:  # type: ignore[override]
        """The best whole turn, found in one search (``choose`` step by step searches the
        rest of the turn again at every step)."""
        if state.is_terminal():
            return ()
        return tuple(self.rng.choice(self.best_plans(state)))


__all__ = ["CarcassonneGreedyBot", "turn_value", "plans"]
