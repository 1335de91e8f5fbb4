"""Bots that play any game through the shared API.

Every bot has ``choose(state) -> move`` (one step) and ``choose_turn(state) -> moves``
(a whole turn: steps until the player to move changes or the game ends), and is
reproducible from its seed. ``play_turn(match, bot)`` plays a whole turn into a match.
These bots read the whole state; games with hidden information add bots of their own
that look only at ``State.observation``.
"""
from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

from .api import State

if TYPE_CHECKING:
    from .match import Match


class Bot:
    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def choose_turn(self, state: State) -> tuple[Any, ...]:
        """The moves of a whole turn from ``state``: ``choose`` again and again until the
        turn passes (the player to move changes) or the game ends. A game whose turns
        have several steps (Carcassonne's tile, follower, token, end; Section X's steps)
        gets them all; a bot that plans whole turns overrides this."""
        return turn_moves(self, state)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Picks uniformly among the legal moves."""

    name = "random"

    def choose(self, state: State) -> Any:
        return state.random_move(self.rng)


class GreedyBot(Bot):
    """Looks one move ahead and takes the move whose result scores best for itself.

    The score is ``State.heuristic(player)``; ties are broken at random.
    """

    name = "greedy"

    def choose(self, state: State) -> Any:
        player = state.current_player
        moves = state.legal_moves()
        scored = [(state.apply_legal(m).heuristic(player), m) for m in moves]
        best = max(s for s, _ in scored)
        return self.rng.choice([m for s, m in scored if s == best])


class _Node:
    __slots__ = ("state", "player", "moves", "children", "visits", "totals", "ordered")

    def __init__(self, state: State) -> None:
        self.state = state
        self.player = state.current_player
        self.moves = list(state.legal_moves())
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * state.game.num_players
        self.ordered = False  # untried moves best first, opened up gradually (see MCTSBot)


class MCTSBot(Bot):
    """Monte Carlo tree search (UCT) with random play-outs.

    Give it ``iterations`` or ``time_limit`` (seconds per move), or both (whichever
    comes first). Each node keeps the reward of every player, so it plays games
    of any number of players; at a node, the player to move picks the child best
    for themself.

    Where a game has its own ``State.heuristic`` and the root has many moves, the
    root's moves are ranked by it and opened up a few at a time as visits grow
    (progressive widening), so a small budget is spent on the promising moves.

    A play-out stops after ``rollout_limit`` moves. By default an unfinished one
    counts as nothing for anyone; with ``cutoff_scale`` > 0 the game's heuristic
    judges it, each player scoring ``1 / (1 + exp(-heuristic / cutoff_scale))``:
    for games whose random play-outs seldom finish.
    """

    name = "mcts"

    def __init__(self, iterations: int | None = None, time_limit: float | None = None,
                 seed: int | None = None, exploration: float = 1.4,
                 rollout_limit: int = 1000, widening: bool = True,
                 cutoff_scale: float = 0.0) -> None:
        super().__init__(seed)
        if iterations is None and time_limit is None:
            iterations = 200
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.widening = widening
        self.cutoff_scale = cutoff_scale
        self.last_iterations = 0

    def choose(self, state: State) -> Any:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = _Node(state)
        if self.widening and len(moves) > 8 and type(state).heuristic is not State.heuristic:
            player = state.current_player
            ranked = sorted(range(len(moves)),
                            key=lambda i: -state.apply_legal(moves[i]).heuristic(player))
            root.moves = [moves[i] for i in ranked]
            root.ordered = True
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            self._iterate(root)
            done += 1
        self.last_iterations = done
        best = max(root.children.values(), key=lambda n: n.visits, default=None)
        if best is None:
            return self.rng.choice(moves)
        for move, child in root.children.items():
            if child is best:
                return move
        raise AssertionError("unreachable")

    def _iterate(self, root: _Node) -> None:
        path = [root]
        node = root
        # Selection: descend while the node is fully expanded (or as wide as it may be yet).
        while not node.state.is_terminal() and node.children and not (
                node.moves and (not node.ordered or len(node.children) < _width(node.visits))):
            node = self._select(node)
            path.append(node)
        # Expansion: try one untried move (the best-ranked one on an ordered node).
        if not node.state.is_terminal() and node.moves:
            move = node.moves.pop(0 if node.ordered else self.rng.randrange(len(node.moves)))
            child = _Node(node.state.apply_legal(move))
            node.children[move] = child
            node = child
            path.append(node)
        rewards = self._rollout(node.state)
        for visited in path:
            visited.visits += 1
            for p, r in enumerate(rewards):
                visited.totals[p] += r

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        player = node.player
        c = self.exploration

        def ucb(child: _Node) -> float:
            return child.totals[player] / child.visits + c * math.sqrt(log_n / child.visits)

        return max(node.children.values(), key=ucb)

    def _rollout(self, state: State) -> tuple[float, ...]:
        rng = self.rng
        for _ in range(self.rollout_limit):
            if state.is_terminal():
                break
            state = state.apply_legal(state.random_move(rng))
        if self.cutoff_scale > 0 and not state.is_terminal():
            return _judged(state, self.cutoff_scale)
        return state.returns()


def _judged(state: State, scale: float) -> tuple[float, ...]:
    """Per player, ``State.heuristic`` squashed into 0…1 (0.5 where it says 0)."""
    return tuple(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -state.heuristic(p) / scale))))
                 for p in range(state.game.num_players))


def _width(visits: int) -> int:
    """How many ranked moves a node with ``visits`` visits may have opened."""
    return 4 + int(2 * math.sqrt(visits))


MAX_TURN_MOVES = 1000
"""More steps than this in one turn means the turn never passes: an engine bug."""


def turn_moves(bot: Bot, state: State) -> tuple[Any, ...]:
    """The moves ``bot.choose`` makes from ``state`` until the turn passes or the game ends."""
    player = state.current_player
    moves: list[Any] = []
    while not state.is_terminal() and state.current_player == player:
        if len(moves) >= MAX_TURN_MOVES:
            raise RuntimeError(f"the turn of player {player} did not pass after "
                               f"{MAX_TURN_MOVES} moves")
        move = bot.choose(state)
        moves.append(move)
        state = state.apply(move)
    return tuple(moves)


def play_turn(match: Match, bot: Bot) -> tuple[Any, ...]:
    """``bot`` plays a whole turn in ``match`` (every move through the rules); returns
    the moves. A single step stays ``match.play(bot.choose(match.state))``."""
    if match.state.is_terminal():
        return ()
    moves = bot.choose_turn(match.state)
    for move in moves:
        match.play(move)
    return moves


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot}
"""The shared bots; a game adds or withdraws its own through ``Game.BOT_CLASSES``."""


def make_bot(kind: str, seed: int | None = None, game: Any = None, **settings: Any) -> Bot:
    """A bot by name: ``random``, ``greedy``, ``mcts``, or one of ``game.bots()``."""
    choices = game.bots() if game is not None else BOTS
    try:
        cls = choices[kind]
    except KeyError:
        raise ValueError(f"no bot called {kind!r}; choose from {sorted(choices)}") from None
    return cls(seed=seed, **settings)
