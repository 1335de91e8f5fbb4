"""Test helpers every game uses: random-play conformance, save checks and perft counts.

``check_random_play`` plays seeded random games (a new deal each, for games with a
seed) and checks, after every move, the contract of ``boardlib.core.api``:

* the game is terminal exactly when there are no legal moves;
* ``random_move`` picks the move ``rng.choice(legal_moves())`` would pick;
* every legal move is accepted by ``why_illegal`` (``None``);
* ``why_illegal(m) is None`` exactly when ``m in legal_moves()``, for the legal moves,
  for sampled other moves and for legal moves with a field changed or of a wrong type
  (``mutated_moves``); refused moves make ``apply`` raise ``IllegalMoveError`` with the
  same rule ID (of this game) while the state stays unchanged;
* ``apply`` leaves the old state unchanged (compared through ``to_dict``);
* every ``json_every``-th state's ``to_json`` loads again to an equal state with the
  same legal moves, and the move texts parse back;
* the game ends within ``GameInfo.max_game_length`` (or ``max_moves``), with scores
  within the declared bounds;
* the game's own invariants hold (``invariant(state)`` raises on a breach).

``check_loaded_save`` is the oracle for mutated saves (see ``strategies``): loading
either refuses with a short ``InvalidInputError`` or gives a sound state, never
another exception, and never takes more than a second.
"""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterable, Iterator

from boardlib.grids.hex import Hex

from ..api import Game, State
from ..errors import IllegalMoveError, InvalidInputError
from ..match import Match
from ..moves import DirectionKind, FieldKind, HexKind, PairKind, WholeKind, declared_fields

MAX_MESSAGE = 300
"""The longest error message a refusal of bad input may have."""


@dataclass
class PlayReport:
    games: int = 0
    moves: int = 0
    terminations: dict[str, int] = field(default_factory=dict)
    longest: int = 0
    round_trips: int = 0
    probes: int = 0


def check_random_play(game: Game, *, games: int = 200, seed: int = 0, max_moves: int = 10_000,
                      rule_prefix: str | None = None,
                      invariant: Callable[[State], None] | None = None,
                      wrong_moves: Callable[[State, random.Random], Iterable[Any]] | None = None,
                      json_every: int = 7, undo_every: int = 11,
                      new_deals: bool = True) -> PlayReport:
    """Play ``games`` random games and check every state; returns what was played.

    ``wrong_moves(state, rng)`` yields candidate moves (legal or not) to probe
    refusals; moves found among the legal ones are checked as legal. A game that
    declares ``MOVES`` is also probed with ``mutated_moves``. With ``new_deals``, a game
    with a seed option plays every game with a seed of its own (drawn from ``seed``).
    """
    rng = random.Random(seed)
    probe = random.Random(f"probe {seed}")   # its own draws: the games stay the same
    report = PlayReport()
    declared = game.TYPE
    info = game.info() if declared is not None else None
    if declared is not None:
        assert declared.min_players <= game.num_players <= declared.max_players
        assert info is not None and info.num_players == game.num_players
    limit = info.max_game_length if info is not None else max_moves
    seeded = new_deals and any(o.is_seed for o in game.OPTIONS)
    for _ in range(games):
        played = game.with_options(seed=rng.randrange(2 ** 32)) if seeded else game
        match = Match(played)
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
                check_round_trip(state)
                report.round_trips += 1
            if state.is_terminal():
                break
            assert n < limit, f"game not finished after {limit} moves"
            for move in legal:
                problem = state.why_illegal(move)
                assert problem is None, f"legal move {move} refused: {problem}"
            candidates: list[Any] = []
            if wrong_moves is not None:
                candidates += wrong_moves(state, rng)
            if played.MOVES is not None:
                candidates += mutated_moves(state, probe)
            before = state.to_dict()
            report.probes += check_refusals(state, candidates, rule_prefix, before)
            move = rng.choice(legal)
            assert played.parse_move(str(move)) == move, f"move text does not parse back: {move}"
            state = match.play(move)
            assert match.states[-2].to_dict() == before, "apply changed the old state"
            n += 1
            if n % undo_every == 0:
                undone = match.undo()
                assert undone.to_dict() == before, "undo did not restore the state"
                state = match.redo()
        outcome = state.outcome()
        assert outcome is not None
        assert all(0 <= w < played.num_players for w in outcome.winners)
        assert len(outcome.scores) == played.num_players
        if info is not None:
            assert all(info.min_score <= s <= info.max_score for s in outcome.scores), \
                f"scores {outcome.scores} outside {info.min_score}..{info.max_score}"
        report.games += 1
        report.moves += n
        report.longest = max(report.longest, n)
        report.terminations[outcome.termination] = (
            report.terminations.get(outcome.termination, 0) + 1)
    return report


def check_round_trip(state: State) -> None:
    """``state.to_json()`` loads again to an equal state with the same legal moves."""
    game = state.game
    text = state.to_json()
    try:
        again = game.state_from_json(text)
    except InvalidInputError as exc:
        raise AssertionError(f"a state its own game reached does not load again: {exc}\n"
                             f"{text}") from None
    assert again == state, "JSON round-trip changed the state"
    assert again.legal_moves() == state.legal_moves(), "JSON round-trip changed the legal moves"
    assert json.loads(again.to_json()) == json.loads(text)


def check_refusals(state: State, candidates: Iterable[Any], prefix: str | None,
                   before: dict[str, Any] | None = None) -> int:
    """``why_illegal(m) is None`` exactly when ``m in legal_moves()``; refusals carry a
    rule (of ``prefix``), ``apply`` raises with that rule and the state stays unchanged
    (``before``: ``state.to_dict()`` if the caller has it already).
    Returns how many candidates were checked."""
    legal = state.legal_moves()
    listed = listed_in(legal)
    if before is None:
        before = state.to_dict()
    count = 0
    for move in candidates:
        count += 1
        problem = state.why_illegal(move)
        if problem is None:
            assert listed(move), f"why_illegal accepts {move!r}, which is not a legal move"
            continue
        assert not listed(move), f"why_illegal refuses the legal move {move!r}: {problem}"
        assert problem.rule, f"refusal of {move!r} has no rule ID"
        assert len(problem.reason) <= MAX_MESSAGE, f"a long refusal: {problem.reason[:80]}..."
        if prefix is not None:
            assert problem.rule.startswith(prefix), f"{problem.rule} is not a {prefix} rule"
        try:
            state.apply(move)
        except IllegalMoveError as exc:
            assert exc.rule == problem.rule
        else:  # pragma: no cover - a failure path
            raise AssertionError(f"apply accepted the illegal move {move!r}")
    assert state.to_dict() == before, "a refused move changed the state"
    return count


def listed_in(legal: tuple[Any, ...]) -> Callable[[Any], bool]:
    """``move in legal`` as a set lookup (moves hash by their values and compare with their
    types, so the set finds the same moves); the list is searched for moves without a hash."""
    try:
        found = frozenset(legal)
    except TypeError:
        return legal.__contains__

    def listed(move: Any) -> bool:
        try:
            return move in found
        except TypeError:  # a field of a probe that has no hash (a list): compare one by one
            return move in legal
    return listed


# --- moves with a field changed ------------------------------------------------------

def wrong_values(kind: FieldKind, value: Any) -> list[Any]:
    """Values of the wrong type that look like ``value`` (``2.0`` and ``True`` for 1 ...)."""
    junk: list[Any] = [None, "x", [value]]
    if isinstance(kind, (WholeKind, DirectionKind)) and type(value) is int:
        junk += [float(value), value == 1, str(value), [value]]
    elif isinstance(kind, HexKind) and isinstance(value, Hex):
        junk += [(value.q, value.r), Hex(float(value.q), value.r),  # type: ignore[arg-type]
                 Hex(value.q, [value.r]), Hex(value.q == 1, value.r)]  # type: ignore[arg-type]
    elif isinstance(kind, PairKind) and isinstance(value, tuple):
        junk += [list(value), (float(value[0]), value[1]), Hex(*value), (value[0],)]
    else:
        junk += [0, 1.5, b"x"]
    return junk


def near_values(kind: FieldKind, value: Any, rng: random.Random) -> list[Any]:
    """Well-typed values near ``value``: the neighbours a mistaken click would give."""
    if isinstance(kind, (WholeKind, DirectionKind)) and type(value) is int:
        return [value - 1, value + 1, rng.randint(-3, 9), 10 ** 12]
    if isinstance(kind, HexKind) and isinstance(value, Hex):
        return [value.neighbor(rng.randrange(6)), Hex(value.q + 9, value.r), Hex(10 ** 9, 0)]
    if isinstance(kind, PairKind) and isinstance(value, tuple):
        x, y = value
        return [(x + 1, y), (x, y - 1), (x + 40, y)]
    if isinstance(value, str):
        return [value + "+N", value.upper(), ""]
    return []


def mutated_moves(state: State, rng: random.Random, per_state: int = 3) -> Iterator[Any]:
    """A few legal moves of ``state`` with one field changed: to a nearby value of the
    right type (often illegal, sometimes another legal move) or to a wrong type."""
    legal = state.legal_moves()
    if not legal:
        return
    for _ in range(per_state):
        base = rng.choice(legal)
        fields = list(declared_fields(type(base)))
        if not fields:
            continue
        name, kind = rng.choice(fields)
        value = getattr(base, name)
        options = near_values(kind, value, rng) + wrong_values(kind, value)
        changed = {f: getattr(base, f) for f, _ in fields}
        changed[name] = rng.choice(options)
        yield type(base)(**changed)


# --- loading saves ------------------------------------------------------------------

def check_loaded_save(game: Game, text: str, *, seconds: float = 1.0,
                      reachable: Callable[[State], None] | None = None,
                      play: int = 20, seed: int = 0) -> State | None:
    """Load ``text`` (a possibly mutated save) and check what happens.

    Either ``InvalidInputError`` with a message of at most ``MAX_MESSAGE`` characters, or
    a state that is sound: it saves and loads again to an equal state, ``reachable``
    (a game's own check) accepts it, and ``play`` random moves from it follow the rules.
    Any other exception fails, and so does taking longer than ``seconds`` (CPU time).
    Returns the loaded state, or None if the save was refused.
    """
    start = time.process_time()
    try:
        state = game.state_from_json(text)
    except InvalidInputError as exc:
        elapsed = time.process_time() - start
        assert elapsed <= seconds, f"refusing took {elapsed:.2f} s"
        assert len(str(exc)) <= MAX_MESSAGE, f"a long error message: {str(exc)[:80]}..."
        return None
    elapsed = time.process_time() - start
    assert elapsed <= seconds, f"loading took {elapsed:.2f} s"
    check_round_trip(state)
    if reachable is not None:
        reachable(state)
    rng = random.Random(seed)
    walk = state
    for _ in range(play):
        if walk.is_terminal():
            assert walk.outcome() is not None
            break
        moves = walk.legal_moves()
        assert moves, "a loaded state that is not over has no legal move: it is stuck"
        walk = walk.apply(rng.choice(moves))
    return state


def perft(state: State, depth: int) -> int:
    """The number of move sequences of length ``depth`` (terminal states end a line early)."""
    if depth == 0 or state.is_terminal():
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.apply_legal(m), depth - 1) for m in moves)


def guided_steps(guide: Any) -> Iterator[tuple[int, Any, State, Any]]:
    """Walk a guided first game (:class:`boardlib.core.puzzles.Guide`) along its script:
    the other seats' bots (``guide.seats``, seeded by seat) move until the learner is to
    move, then ``(number, step, state, puzzle)`` for each step, numbered from 1; the walk
    goes on with the step's first accepted answer."""
    from ..bots import make_bot

    state = guide.setup()
    bots = {p: make_bot(kind, seed=p, game=state.game)
            for p, kind in enumerate(guide.seats) if kind != "human"}
    for number, step in enumerate(guide.steps, 1):
        while state.current_player != guide.seat:
            state = state.apply(bots[state.current_player].choose(state))
        puzzle = step.puzzle(state, number)
        yield number, step, state, puzzle
        state = state.apply(puzzle.accepted()[0])


__all__ = ["PlayReport", "check_random_play", "guided_steps", "check_round_trip", "check_refusals",
           "mutated_moves", "wrong_values", "near_values", "check_loaded_save", "perft",
           "MAX_MESSAGE"]
