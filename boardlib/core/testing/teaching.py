"""Random-play checks of a game's teacher (the protocol of :mod:`boardlib.core.teaching`).

``check_teaching(game)`` plays seeded random games (a new deal each, for games with a
seed) and checks, for every move:

* ``move_words``, ``hint_words`` and every event and step text (of a game's own teacher:
  the plain ``Teacher`` repeats the engine's notation by design) are sentences that name
  seats by the seat-name function (never "player 2") and hold no engine notation: not
  the move's own text (``str(move)``, where it is more than a plain word such as "pass")
  and none of the game's ``notation`` patterns;
* ``explain`` gives at least one step; each step's rule is in the game's catalogue with
  its title; every rule of the engine's own events is among the steps' rules;
* every mark has a known kind and a seat of the game (or none);

and for every ``standings_every``-th position, for every viewing seat (one of them in turn
where nothing is hidden): a line per seat,
a value per column, leaders among the seats (the winners once the game is over); with
``twins(state, viewer, rng)`` (positions the viewer cannot tell from ``state``), the
standings are the same for each twin, and so are the words, marks and steps of the next
move unless it revealed something to the viewer (``State.revealed_to``). At the end of
each game, ``score_series`` has a point per whole turn and ``recent_marks`` works for
every seat. With ``hidden_moves(state, move, viewer)`` (the moves ``viewer`` cannot tell
from ``move``: another player's secret choice), every such move gets the same words,
marks and steps for that viewer.

A game with hidden information passes its ``twins`` (and ``hidden_moves`` if some moves
are secret); Carcassonne's shuffle the face-down
pile (``tests/carcassonne/test_teaching.py``), Room 25's would deal the hidden roles and
rooms again.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..api import Game, State
from ..teaching import MARK_KINDS, Mark, Played, Step, Teacher, teacher, whole_turns

SEAT_NAMES = ("Red", "Blue", "Yellow", "Sky", "Pink", "Green")
"""Seat names the checks pass to the teacher (the board palette's names)."""

ENGINE_SEATS = re.compile(r"\bplayer \d")

Twins = Callable[[State, int, random.Random], Iterable[State]]
HiddenMoves = Callable[[State, Any, int], Iterable[Any]]


@dataclass
class TeachingReport:
    games: int = 0
    moves: int = 0
    steps: int = 0
    marks: int = 0
    standings: int = 0
    twins: int = 0
    rules: Counter[str] = field(default_factory=Counter)


def check_words(text: str, move: Any, notation: Sequence[re.Pattern[str]] | None,
                what: str) -> None:
    """``text`` is a non-empty sentence without engine notation or engine seat names
    (``notation`` ``None``: only that it is a non-empty text)."""
    assert isinstance(text, str) and text.strip(), f"{what} of {move} is empty"
    if notation is None:
        return
    written = str(move)
    if any(c.isdigit() or c in ":+" for c in written):   # "pass", "end turn" are plain words
        assert written not in text, f"{what} {text!r} holds the notation {written!r}"
    for pattern in notation:
        assert not pattern.search(text), f"{what} {text!r} holds notation ({pattern.pattern})"
    assert not ENGINE_SEATS.search(text), f"{what} {text!r} names a seat as the engine does"


def check_marks(marks: Sequence[Mark], players: int, what: str) -> None:
    for mark in marks:
        assert isinstance(mark, Mark), f"{what}: {mark!r} is not a Mark"
        assert mark.kind in MARK_KINDS, f"{what}: unknown mark kind {mark.kind}"
        assert mark.seat is None or 0 <= mark.seat < players, f"{what}: seat {mark.seat}"
        assert isinstance(mark.label, str)


def check_steps(steps: Sequence[Step], game: Game, after: State, move: Any,
                notation: Sequence[re.Pattern[str]] | None) -> None:
    assert steps, f"no explanation for {move}"
    catalogue = getattr(game, "catalogue", None)
    for step in steps:
        assert isinstance(step, Step)
        if catalogue is not None:
            assert step.rule in catalogue, f"step rule {step.rule} is not in the catalogue"
            assert step.title == catalogue[step.rule].title
        check_words(step.text, move, notation, f"step {step.rule}")
        if step.event:
            check_words(step.event, move, notation, f"event {step.rule}")
        check_marks(step.marks, game.num_players, f"step {step.rule} of {move}")
    missing = {e.rule for e in after.events} - {s.rule for s in steps}
    assert not missing, f"the engine's events of {move} cite {missing}, no step does"


def check_standings(teach: Teacher, state: State, viewer: int | None) -> None:
    standings = teach.standings(state, viewer)
    n = teach.game.num_players
    table = standings.table
    assert [line.seat for line in table.lines] == list(range(n))
    assert all(len(line.values) == len(table.columns) for line in table.lines)
    assert set(standings.leaders) <= set(range(n))
    assert standings.summary
    outcome = state.outcome()
    if outcome is not None:
        assert standings.over and standings.leaders == outcome.winners
    else:
        assert not standings.over


def check_teaching(game: Game, *, games: int = 100, seed: int = 0,
                   notation: Sequence[str] = (), twins: Twins | None = None,
                   hidden_moves: HiddenMoves | None = None,
                   standings_every: int = 1, twins_every: int = 10,
                   max_moves: int = 10_000, seat_names: Sequence[str] = SEAT_NAMES,
                   new_deals: bool = True) -> TeachingReport:
    """Play ``games`` random games and check the teaching of every move (module doc)."""
    rng = random.Random(seed)
    patterns = [re.compile(p) for p in notation]
    report = TeachingReport()
    seeded = new_deals and any(o.is_seed for o in game.OPTIONS)
    secret = game.TYPE is None or game.TYPE.hidden_information
    for _ in range(games):
        played_game = game.with_options(seed=rng.randrange(2 ** 32)) if seeded else game
        teach = teacher(played_game, list(seat_names).__getitem__)
        # The plain Teacher repeats the engine's notation by design: check its structure only.
        words = patterns if type(teach) is not Teacher else None
        n = played_game.num_players
        seats: tuple[int | None, ...] = (None, *range(n))

        def viewers(count: int, seats: tuple[int | None, ...] = seats) -> tuple[int | None, ...]:
            # Every seat where something is hidden; else one seat a position, in turn.
            return seats if secret else (seats[count % len(seats)],)

        state = played_game.new_initial_state()
        played: list[Played] = []
        count = 0
        while not state.is_terminal():
            assert count < max_moves, f"game not finished after {max_moves} moves"
            if count % standings_every == 0:
                for viewer in viewers(count):
                    check_standings(teach, state, viewer)
                    report.standings += 1
            move = state.random_move(rng)
            after = state.apply(move)
            check_words(teach.move_words(state, move, after), move, words, "move words")
            check_words(teach.hint_words(state, move), move, words, "hint words")
            steps = teach.explain(state, move, after)
            check_steps(steps, played_game, after, move, words)
            marks = teach.marks(state, move, after)
            check_marks(marks, n, f"marks of {move}")
            for event in teach.events(state, move, after):
                check_words(event.text, move, words, "event")
            if twins is not None and count % twins_every == 0:
                report.twins += check_twins(teach, state, move, after, twins, rng)
            if hidden_moves is not None:
                report.twins += check_hidden_moves(teach, state, move, hidden_moves)
            report.steps += len(steps)
            report.marks += len(marks)
            report.rules.update(s.rule for s in steps)
            played.append(Played(state, move, after))
            state = after
            count += 1
        for viewer in (None, *range(n)):
            check_standings(teach, state, viewer)
        series = teach.score_series(played)
        assert len(series.values) == len(whole_turns(played)) + 1
        assert all(len(v) == n for v in series.values)
        for seat in (None, *range(n)):
            check_marks(teach.recent_marks(played, seat), n, "recent marks")
        report.games += 1
        report.moves += count
    return report


def check_twins(teach: Teacher, state: State, move: Any, after: State, twins: Twins,
                rng: random.Random) -> int:
    """Positions a viewer cannot tell apart get the same standings, and the same words,
    marks and steps for a move that reveals nothing to that viewer. Returns how many
    twins were compared."""
    compared = 0
    for viewer in range(teach.game.num_players):
        mine = teach.standings(state, viewer)
        for twin in twins(state, viewer, rng):
            assert teach.standings(twin, viewer) == mine, \
                f"the standings for seat {viewer} depend on what that seat cannot see"
            compared += 1
            if after.revealed_to(viewer) or twin.why_illegal(move) is not None:
                continue
            twin_after = twin.apply(move)
            if twin_after.revealed_to(viewer):
                continue
            assert teach.move_words(twin, move, twin_after, viewer) == \
                teach.move_words(state, move, after, viewer)
            assert teach.marks(twin, move, twin_after, viewer) == \
                teach.marks(state, move, after, viewer)
            assert teach.explain(twin, move, twin_after, viewer) == \
                teach.explain(state, move, after, viewer)
    return compared


def check_hidden_moves(teach: Teacher, state: State, move: Any,
                       hidden_moves: HiddenMoves) -> int:
    """A move a viewer cannot see (another player's secret program, say) gets the same
    words, marks and steps for that viewer as every move it cannot be told from
    (``hidden_moves(state, move, viewer)``). Returns how many moves were compared."""
    compared = 0
    for viewer in range(teach.game.num_players):
        after = state.apply(move)
        seen = (teach.move_words(state, move, after, viewer),
                teach.marks(state, move, after, viewer),
                teach.explain(state, move, after, viewer))
        for other in hidden_moves(state, move, viewer):
            other_after = state.apply(other)
            assert (teach.move_words(state, other, other_after, viewer),
                    teach.marks(state, other, other_after, viewer),
                    teach.explain(state, other, other_after, viewer)) == seen, \
                f"seat {viewer} can tell {move} from {other} by its words, marks or steps"
            compared += 1
    return compared


__all__ = ["check_teaching", "check_twins", "check_hidden_moves", "check_words", "check_marks",
           "check_steps", "check_standings", "TeachingReport", "SEAT_NAMES"]
