"""Teaching, the engine side: a move in words, what it touched, who is winning and why.

Everything here is plain data and words, computed from the engine's own functions; nothing
draws and nothing imports matplotlib or ipywidgets. A board turns it into pictures: each
:class:`Mark` into SVG elements of class ``last-move`` in the mover's colour, each
:class:`Step` of :meth:`Teacher.explain` into one page of an *Explain* walk-through,
:class:`Standings` into the standing panel and :class:`ScoreSeries` into a chart.

Every game gets a :class:`Teacher` from :func:`teacher`. A game that names its own in
``Game.TEACHING`` (``"module:Class"``, imported when first asked for) gets that one;
any other game gets this base class, which repeats the engine's notation and events.

What a game's teacher provides
------------------------------
A game's ``teaching.py`` subclasses :class:`Teacher` and overrides:

``move_words(before, move, after, viewer)``
    The move in the past tense for the move list, naming seats with ``self.name(seat)``:
    "Blue's 2-engine ship flew from 3,3 to 5,3 and destroyed Green's 1-engine ship".
    Never engine notation (``str(move)`` stays the notation and parses back).
``hint_words(state, move, viewer)``
    The same move as advice, in the imperative: "lay tile U (straight road) on 0,-2,
    turned one step clockwise".
``explain(before, move, after, viewer)``
    One :class:`Step` per rule the move triggered, in order, each with its rule ID, the
    rule's title, a sentence whose numbers come from the engine, and the marks to draw.
    A step with ``event`` words also appears in the event log (:meth:`Teacher.events`).
``marks(before, move, after, viewer)``
    What the move touched on the board (:class:`Mark`, kinds in :data:`MARK_KINDS`).
``standings(state, viewer, played)``
    Who is winning, as far as ``viewer`` may know (:class:`Standings`).

:meth:`Teacher.events`, :meth:`Teacher.recent_marks`, :meth:`Teacher.recent_words` and
:meth:`Teacher.score_series` are built from those. Places in marks are in the game's own
coordinates; the game's teaching module lists which (a Zyrcan ``Hex``, a Carcassonne
``(x, y)`` tile or feature node).

Adding a game's teacher (Section X, Room 25)
--------------------------------------------
1. ``boardlib/<game>/teaching.py``: ``class <Game>Teacher(Teacher)`` with the five methods
   above, reading the engine's own functions (add a small public one to the engine where
   a number has no function yet: never compute a rule a second time).
2. One line on the game class: ``TEACHING = "boardlib.<game>.teaching:<Game>Teacher"``.
3. Marks use the kinds of :data:`MARK_KINDS` (add a kind there, with its meaning, if none
   fits) and the game's own places; list them in the module docstring for the board.
4. ``standings``: the deciding totals first (``Column(decides=True)``), per-seat state in
   ``SeatLine.out``/``note``, game-wide facts (a countdown, a round's target) in
   ``facts``. ``score_series`` then works by itself.
5. Tests: scenario tests per rule with exact sentences, and
   ``boardlib.core.testing.teaching.check_teaching(game, games=100, notation=[...])``
   with ``twins`` (and ``hidden_moves``) for hidden information.

Hidden information
------------------
``viewer`` is the seat whose knowledge the words may use (``None``: a spectator who
sees only what every player sees). A game with hidden information answers every method
from what ``viewer`` may see (``State.observation``), never more: no word, mark, step or
standing may differ between two positions ``viewer`` cannot tell apart.
:func:`boardlib.core.testing.teaching.check_teaching` checks that with the game's
``twins`` (positions that look the same to a seat).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .api import Event, Game, State

if TYPE_CHECKING:
    from .match import Match

# --- marks ---------------------------------------------------------------------------------

MARK_KINDS: dict[str, str] = {
    "piece": "a piece the step is about (a ship that cannot attack, a winner's ship)",
    "from": "where a piece set out",
    "to": "where a piece arrived",
    "placed": "a piece, ship, tile or token put on the board",
    "removed": "a piece taken off the board (a destroyed ship, a follower going home)",
    "path": "a place on a piece's way (a straight flight, a route)",
    "over": "a place a piece passed over without stopping",
    "count": "a place being counted; the label is its number",
    "feature": "a part of a feature that is scored or looked at (a city, a road, a field)",
    "follower": "a follower that counts (its seat is the owner)",
    "pennant": "a pennant that adds to a city",
    "points": "points won; the label says how many, the seat who won them",
    "token": "a token put or read (a tunnel token)",
    "shifted": "a row or column of the board that moved",
    "effect": "a place whose effect applies (a room's effect)",
    "turned": "a tile turned where it lies (a Section X tile action)",
    "looked": "a face-down place someone looked at in secret (the place, never what is there)",
}
"""Every kind of mark, with what it means. A game that needs another kind adds it here."""


@dataclass(frozen=True, slots=True)
class Mark:
    """One thing on the board to point at: ``kind`` (a key of :data:`MARK_KINDS`), the
    place ``at`` in the game's own coordinates, the ``seat`` whose colour it takes
    (``None``: nobody's) and a short ``label`` ("+8", "2")."""

    kind: str
    at: Any
    seat: int | None = None
    label: str = ""

    def __post_init__(self) -> None:
        if self.kind not in MARK_KINDS:
            raise ValueError(f"unknown mark kind {self.kind!r}; kinds are {sorted(MARK_KINDS)}")


# --- explanations --------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Step:
    """One rule a move triggered: its ``rule`` ID, the rule's ``title``, a sentence that
    applies it to this move (``text``), the ``marks`` that show it, and ``event``: the
    line for the event log, or ``""`` when the step only explains."""

    rule: str
    title: str
    text: str
    marks: tuple[Mark, ...] = ()
    event: str = ""

    def __str__(self) -> str:
        return f"{self.rule} {self.title}: {self.text}"


# --- standings -----------------------------------------------------------------------------

Value = int | float | str | None


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a standings table: its ``key``, a ``title`` for people, the rule it
    comes from, and whether it ``decides`` who wins (the board shows those first)."""

    key: str
    title: str
    rule: str = ""
    decides: bool = False


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's row: its name, a value per column, whether it is ``out`` of the game
    (no ships left, dead) and a short ``note`` ("King", "to move")."""

    seat: int
    name: str
    values: tuple[Value, ...]
    out: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class Table:
    """Columns and one line per seat, with a title (``"Points by feature"``)."""

    title: str
    columns: tuple[Column, ...]
    lines: tuple[SeatLine, ...]

    def value(self, seat: int, key: str) -> Value:
        """The value of column ``key`` in ``seat``'s line."""
        index = [c.key for c in self.columns].index(key)
        return next(line for line in self.lines if line.seat == seat).values[index]

    def text(self) -> str:
        """The table as aligned plain text (for notebooks and tests)."""
        head = [""] + [c.title for c in self.columns]
        rows = [head] + [[line.name + (f" ({line.note})" if line.note else "")]
                         + ["" if v is None else f"{v:g}" if isinstance(v, float) else str(v)
                            for v in line.values] for line in self.lines]
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        return "\n".join(
            "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
            for r in rows)


@dataclass(frozen=True, slots=True)
class Standings:
    """Who is winning, for one viewing seat.

    ``table``: the totals per seat (the columns that ``decide`` first). ``leaders``: who
    would win if the game ended now, by the game's own rule (the winners once it is
    over). ``summary``: that in one sentence. ``facts``: game-wide lines ("40 tiles left
    in the pile", "round 3: target 4"). ``breakdown``: a further table where the game has
    one (Carcassonne's points by feature at the end).
    """

    table: Table
    leaders: tuple[int, ...]
    summary: str
    facts: tuple[str, ...] = ()
    over: bool = False
    breakdown: Table | None = None

    def value(self, seat: int, key: str) -> Value:
        return self.table.value(seat, key)

    @property
    def deciding(self) -> Column | None:
        """The first column that decides the winner, if any."""
        return next((c for c in self.table.columns if c.decides), None)

    def text(self) -> str:
        parts = [self.summary, self.table.text(), *self.facts]
        if self.breakdown is not None:
            parts += [self.breakdown.title, self.breakdown.text()]
        return "\n".join(parts)


@dataclass(frozen=True, slots=True)
class ScoreSeries:
    """The deciding total of every seat after each whole turn of a match, for a chart.

    ``moves[i]`` moves had been played at point ``i``, which ``labels[i]`` names ("start",
    "turn 4"); ``values[i]`` has one number per seat (``names``)."""

    title: str
    rule: str
    names: tuple[str, ...]
    moves: tuple[int, ...]
    labels: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]

    def of(self, seat: int) -> tuple[float, ...]:
        """One seat's line: its total at every point."""
        return tuple(v[seat] for v in self.values)


# --- history -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Played:
    """A move of a match with the states before and after it."""

    before: State
    move: Any
    after: State

    @property
    def mover(self) -> int:
        return self.before.current_player


def history(match: Match) -> tuple[Played, ...]:
    """Every move of ``match`` with the state it was played from and the state it made."""
    states = match.states
    return tuple(Played(states[i], move, states[i + 1]) for i, move in enumerate(match.moves))


def since_seat_moved(played: Sequence[Played], seat: int | None) -> tuple[Played, ...]:
    """The moves made since ``seat`` last moved (every move, if it has not moved yet).

    With ``seat`` ``None`` (nobody in particular watches): the last turn, that is the
    moves the last mover made in a row.
    """
    i = len(played)
    if seat is None:
        if not played:
            return ()
        seat_of_last = played[-1].mover
        while i > 0 and played[i - 1].mover == seat_of_last:
            i -= 1
        return tuple(played[i:])
    while i > 0 and played[i - 1].mover != seat:
        i -= 1
    return tuple(played[i:])


def whole_turns(played: Sequence[Played]) -> list[int]:
    """Indexes into ``played`` after which a turn ended (the player changed or the game
    ended), in order."""
    return [i for i, p in enumerate(played)
            if p.after.is_terminal() or p.after.current_player != p.mover]


# --- words ---------------------------------------------------------------------------------

def default_seat_name(seat: int) -> str:
    """How seats are called when the board gives no names: "player 0", "player 1" ..."""
    return f"player {seat}"


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals ("player 0 placed" -> "Player 0 placed")."""
    return text[:1].upper() + text[1:]


def joined(items: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 tile``, ``3 tiles``; ``many`` for irregular plurals."""
    return f"{count} {word if count == 1 else many or word + 's'}"


SeatNamer = Callable[[int], str]


class Teacher:
    """The teaching of one game; this base class serves any game with the engine's words.

    ``seat_name`` names a seat in words (the board passes its colour names); the default
    says "player 0". Subclasses override the methods listed in the module docstring.
    """

    def __init__(self, game: Game, seat_name: SeatNamer | None = None) -> None:
        self.game = game
        self.seat_name: SeatNamer = seat_name or default_seat_name

    def name(self, seat: int) -> str:
        return self.seat_name(seat)

    def title(self, rule: str) -> str:
        """The title of ``rule`` in the game's catalogue (the ID itself if it has none)."""
        catalogue = getattr(self.game, "catalogue", None)
        if catalogue is not None and rule in catalogue:
            return str(catalogue[rule].title)
        return rule

    def step(self, rule: str, text: str, marks: Sequence[Mark] = (), event: str = "") -> Step:
        """A :class:`Step` of ``rule`` with the rule's own title."""
        return Step(rule, self.title(rule), text, tuple(marks), event)

    # --- per move -------------------------------------------------------------------------
    def move_words(self, before: State, move: Any, after: State | None = None,
                   viewer: int | None = None) -> str:
        """The move for the move list, in the past tense."""
        return f"{sentence(self.name(before.current_player))} played {move}"

    def hint_words(self, state: State, move: Any, viewer: int | None = None) -> str:
        """The move as advice to the player to move, in the imperative."""
        return f"play {move}"

    def explain(self, before: State, move: Any, after: State | None = None,
                viewer: int | None = None) -> tuple[Step, ...]:
        """One step per rule the move triggered. Here: one per engine event."""
        after = before.apply(move) if after is None else after
        return tuple(self.step(e.rule, e.text, event=e.text) for e in after.events)

    def marks(self, before: State, move: Any, after: State | None = None,
              viewer: int | None = None) -> tuple[Mark, ...]:
        """What the move touched on the board. Here: nothing known."""
        return ()

    def events(self, before: State, move: Any, after: State | None = None,
               viewer: int | None = None) -> tuple[Event, ...]:
        """What the move caused, for the event log: the explanation's event lines."""
        return tuple(Event(s.rule, s.event) for s in self.explain(before, move, after, viewer)
                     if s.event)

    # --- per position and match -------------------------------------------------------------
    def standings(self, state: State, viewer: int | None = None,
                  played: Sequence[Played] | None = None) -> Standings:
        """Who is winning. Here: the outcome's scores once the game is over.

        ``played`` is the match so far (:func:`history`), for games whose standings
        need it (points by kind of feature)."""
        n = self.game.num_players
        outcome = state.outcome()
        columns = (Column("score", "Score", outcome.rule if outcome else "", True),)
        lines = tuple(SeatLine(p, self.name(p), (outcome.scores[p] if outcome else None,))
                      for p in range(n))
        if outcome is None:
            return Standings(Table("Standings", columns, lines), (), "The game is on.")
        names = joined([self.name(p) for p in outcome.winners])
        return Standings(Table("Standings", columns, lines), outcome.winners,
                         sentence(f"{names} won.") if names else "Nobody won.", over=True)

    def recent_marks(self, played: Sequence[Played], seat: int | None) -> tuple[Mark, ...]:
        """The marks of every move made since ``seat`` last moved (see
        :func:`since_seat_moved`), each in its mover's colour, without repeats."""
        seen: dict[Mark, None] = {}
        for p in since_seat_moved(played, seat):
            for mark in self.marks(p.before, p.move, p.after, seat):
                seen.setdefault(mark, None)
        return tuple(seen)

    def recent_words(self, played: Sequence[Played], seat: int | None) -> tuple[str, ...]:
        """The words of every move made since ``seat`` last moved, in order (for the
        status line after the bots' replies)."""
        return tuple(self.move_words(p.before, p.move, p.after, seat)
                     for p in since_seat_moved(played, seat))

    def score_series(self, played: Sequence[Played], viewer: int | None = None) -> ScoreSeries:
        """The deciding standing of every seat at the start and after every whole turn."""
        if not played:
            raise ValueError("a score series needs at least one move")
        points = [(0, "start", played[0].before)]
        turn = 0
        for i in whole_turns(played):
            turn += 1
            after = played[i].after
            points.append((i + 1, "end" if after.is_terminal() else f"turn {turn}", after))
        first = self.standings(points[0][2], viewer)
        column = first.deciding
        if column is None:
            raise ValueError(f"{self.game.name}'s standings have no deciding column")
        values = []
        for _, _, state in points:
            table = self.standings(state, viewer).table
            values.append(tuple(float(v) if isinstance(v, (int, float)) else 0.0
                                for v in (table.value(p, column.key)
                                          for p in range(self.game.num_players))))
        return ScoreSeries(column.title, column.rule,
                           tuple(self.name(p) for p in range(self.game.num_players)),
                           tuple(m for m, _, _ in points), tuple(lab for _, lab, _ in points),
                           tuple(values))


def teacher(game: Game, seat_name: SeatNamer | None = None) -> Teacher:
    """The teacher of ``game``: the class its ``TEACHING`` names, else :class:`Teacher`."""
    where = getattr(type(game), "TEACHING", None)
    if where is None:
        return Teacher(game, seat_name)
    module, _, name = where.partition(":")
    cls: type[Teacher] = getattr(import_module(module), name)
    return cls(game, seat_name)


__all__ = ["MARK_KINDS", "Mark", "Step", "Column", "SeatLine", "Table", "Standings",
           "ScoreSeries", "Played", "history", "since_seat_moved", "whole_turns", "Teacher",
           "teacher", "default_seat_name", "sentence", "joined", "plural", "SeatNamer", "Value"]
