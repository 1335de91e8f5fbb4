"""A greedy Section X bot: walk prisoners along shortest escape routes, build and block tunnels.

The core bots (``RandomBot``, ``GreedyBot``, ``MCTSBot`` in :mod:`boardlib.core.bots`)
play Section X through the shared API too; this one knows the game:

* phase 3 (SX-16, SX-I4): take the step that brings a prisoner nearest to an open
  zone (a step into a zone first, SX-18); when no step gains, consider a door
  (SX-13) that improves the position, else end the turn;
* phase 2 (SX-07 … SX-11): try tile actions and keep the one after which
  ``State.heuristic`` is best - its own prisoners closer to freedom and the best
  opponent's further away (that is how it blocks routes).

Distances come from ``SectionXState.escape_distances``; the same routes as
:func:`boardlib.section_x.tunnels.escape_route` (a test checks they agree).
"""
from __future__ import annotations

from typing import Any

from boardlib.core.bots import Bot

from .board import BEYOND, FIELD_INDEX, ISLAND, is_zone, parse_place
from .moves import Door, EndTurn, PlaceTile, Step
from .rules import ACT_PHASE, SectionXState

UNREACHABLE = 99


class EscapeBot(Bot):
    """Greedy for Section X; ``breadth`` caps the tile actions it tries per turn."""

    name = "section_x-escape"

    def __init__(self, seed: int | None = None, breadth: int = 80) -> None:
        super().__init__(seed)
        self.breadth = breadth

    def choose(self, state: SectionXState) -> Any:  # type: ignore[override]
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if state.phase == ACT_PHASE:
            return self._phase_three(state, moves)
        return self._phase_two(state, moves)

    # --- phase 3 ----------------------------------------------------------
    def _phase_three(self, state: SectionXState, moves: tuple[Any, ...]) -> Any:
        p = state.current_player
        dist = state.escape_distances(p, use_key=False)    # the key: see _progress
        best: list[Step] = []
        best_key: tuple[int, int] | None = None
        for m in moves:
            if not isinstance(m, Step):
                continue
            src, dst = parse_place(m.src), parse_place(m.dst)
            assert src is not None and dst is not None
            d_src = dist.get(src, UNREACHABLE)
            d_dst = 0 if is_zone(dst) else dist.get(dst, UNREACHABLE)
            gain = d_src - d_dst
            if gain <= 0:
                continue
            # reaching a zone first, then the biggest gain, then the prisoner furthest along
            key = (1 if d_dst == 0 else 0, gain * 100 - d_src)
            if best_key is None or key > best_key:
                best, best_key = [m], key
            elif key == best_key:
                best.append(m)
        if best:
            return self.rng.choice(best)
        doors = [m for m in moves if isinstance(m, Door)]
        if doors:
            if len(doors) > self.breadth:
                doors = self.rng.sample(doors, self.breadth)
            stay = state.heuristic(p)
            scored = [(state.apply(m).heuristic(p), i) for i, m in enumerate(doors)]
            value, i = max(scored)
            if value > stay + 0.05:
                return doors[i]
        return EndTurn()

    # --- phase 2 ----------------------------------------------------------
    def _phase_two(self, state: SectionXState, moves: tuple[Any, ...]) -> Any:
        p = state.current_player
        candidates = list(moves)
        if len(candidates) > self.breadth:
            # placements that touch the tunnels or the island matter most; sample the rest
            near = [m for m in candidates if isinstance(m, PlaceTile) and _touches(state, m)]
            rest = [m for m in candidates if m not in set(near)]
            if len(near) > self.breadth // 2:
                near = self.rng.sample(near, self.breadth // 2)
            rest = self.rng.sample(rest, min(len(rest), self.breadth - len(near)))
            candidates = near + rest
        scored = [(state.apply(m).heuristic(p), i) for i, m in enumerate(candidates)]
        top = max(v for v, _ in scored)
        return candidates[self.rng.choice([i for v, i in scored if v >= top - 1e-9])]


def _touches(state: SectionXState, move: PlaceTile) -> bool:
    """Does a placement border a tile or the island (where it can join a route)?"""
    f = FIELD_INDEX[move.field]
    return any(n == ISLAND or (n >= 0 and state.board[n] is not None) for n in BEYOND[f])


__all__ = ["EscapeBot"]
