"""Puzzles that answer back, the engine side: a position, a goal, and a judge.

A :class:`Puzzle` is a prepared position (built by a function from the game's public
API, or read from a JSON save with :func:`saved`), the seat that solves it, the goal in
words, the accepted answers, an explanation that cites the rule, and a hint. The engine
judges every answer (:meth:`Puzzle.judge`):

* an illegal move gets the engine's own refusal: ``why_illegal``'s sentence and rule ID;
* an accepted move is right, with the explanation and the teacher's steps for the move;
* a legal move that is not accepted is worse, and the :class:`Answers` say why, with
  marks (:class:`boardlib.core.teaching.Mark`) for the refutation, to draw on the board.

Accepted answers are judged by the engine wherever it can: :class:`Best` accepts the
legal moves that score best on a number the engine computes ("engines destroyed");
a game adds its own :class:`Answers` where the goal is more than a number (Zyrcan's
"attack so that nobody can hit back" finds the reply that refutes a wrong answer).
:class:`Moves` lists answers by hand, only where no engine measure says it.

Progress (:class:`Progress`) is a small JSON file: solved puzzles and their stars (a
puzzle solved without help earns :data:`MAX_STARS`; each hint used costs one). It lives in
``~/.boardlib/progress.json`` unless a path (or ``BOARDLIB_PROGRESS``) says otherwise;
in JupyterLite the browser's file system works the same through Python.

Nothing here draws or imports widgets; boards (``boardlib.widgets.puzzle``) show it.
"""
from __future__ import annotations

import json
import os
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .api import Game, State
from .errors import InvalidInputError
from .teaching import Mark, SeatNamer, Step, Teacher, teacher

MAX_STARS = 3
"""Stars for a puzzle solved without a hint; each hint used costs one (never below one)."""

PROGRESS_ENV = "BOARDLIB_PROGRESS"
DEFAULT_PROGRESS = Path("~") / ".boardlib" / "progress.json"


# --- verdicts ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Worse:
    """Why a legal move is not the answer: a sentence, the rule behind it, and the marks
    that show the refutation on the board."""

    text: str
    rule: str
    marks: tuple[Mark, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one answer.

    ``right``: the answer solves the puzzle. ``legal``: the rules allow it (an illegal
    answer's ``rule`` and ``text`` are the engine's ``why_illegal``). ``text`` says why, with
    the rule ``rule``; ``marks`` show a refutation (wrong answers) and ``steps`` what the
    right move did, rule by rule (the teacher's explanation)."""

    right: bool
    move: Any
    rule: str
    text: str
    legal: bool = True
    marks: tuple[Mark, ...] = ()
    steps: tuple[Step, ...] = ()

    @property
    def headline(self) -> str:
        """One word for the board: "Right!", "Not allowed", "Not the best"."""
        if self.right:
            return "Right!"
        return "Not this one." if self.legal else "Not allowed."

    def __str__(self) -> str:
        return f"{self.headline} {self.text} ({self.rule})"


# --- accepted answers ----------------------------------------------------------------------

class Answers(ABC):
    """What answers a puzzle accepts, and why another legal move is worse."""

    @abstractmethod
    def accepted(self, state: State) -> tuple[Any, ...]:
        """The accepted moves, in the engine's order of legal moves."""

    @abstractmethod
    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        """Why the legal move ``move`` (not accepted) does not reach the goal."""


class Best(Answers):
    """The legal moves with the highest engine-computed ``value(before, move, after)``.

    ``words(v)`` says a value in words ("3 engines destroyed"); ``rule`` is the rule that
    makes the value matter. ``least``: accept the lowest value instead. A wrong answer is
    told its value and the best value, and is marked on the board (what it did)."""

    def __init__(self, value: Callable[[State, Any, State], float], words: Callable[[float], str],
                 rule: str, least: bool = False) -> None:
        self.value = value
        self.words = words
        self.rule = rule
        self.least = least

    def values(self, state: State) -> dict[Any, float]:
        """Every legal move with its value."""
        return {m: self.value(state, m, state.apply(m)) for m in state.legal_moves()}

    def best_value(self, state: State) -> float:
        values = self.values(state).values()
        return min(values) if self.least else max(values)

    def accepted(self, state: State) -> tuple[Any, ...]:
        values = self.values(state)
        best = min(values.values()) if self.least else max(values.values())
        return tuple(m for m, v in values.items() if v == best)

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        mine = self.value(state, move, state.apply(move))
        return Worse(f"That move: {self.words(mine)}. The best move here: "
                     f"{self.words(self.best_value(state))}.", self.rule,
                     words.marks(state, move))


class Moves(Answers):
    """Answers listed by hand, in move notation (only where no engine measure says it).
    ``why`` is the sentence for any other legal move, with its ``rule``."""

    def __init__(self, *notation: str, why: str, rule: str) -> None:
        if not notation:
            raise ValueError("Moves needs at least one accepted move")
        self.notation = notation
        self.why = why
        self.rule = rule

    def accepted(self, state: State) -> tuple[Any, ...]:
        wanted = {state.game.parse_move(text) for text in self.notation}
        return tuple(m for m in state.legal_moves() if m in wanted)

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        return Worse(self.why, self.rule, words.marks(state, move))


# --- positions -----------------------------------------------------------------------------

def saved(game: str, text: str, **options: Any) -> Callable[[], State]:
    """A puzzle's position from a JSON save (``State.to_json``) of ``game`` with
    ``options``: the function that builds it, checked by the engine on every load."""
    from boardlib import load  # the registry imports every game: only when a puzzle is built

    def build() -> State:
        return load(game, **options).state_from_json(text)

    return build


# --- puzzles -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Puzzle:
    """A prepared position with a goal, judged by the engine.

    ``id``: stable, unique (``"zyrcan-08-exact"``), the key of the progress file.
    ``rules``: the rule IDs it teaches (the first is its section's). ``setup()``: builds
    the position from the game's public API (:func:`saved` reads a JSON save).
    ``seat``: whose turn it is there, the learner's seat. ``goal``: what to do, in words.
    ``answers``: what is accepted (:class:`Best`, :class:`Moves` or a game's own).
    ``explanation``: why the answer is right, citing the rule. ``hint``: a nudge (costs a
    star on a board). ``title``: a short name for lists.
    """

    id: str
    rules: tuple[str, ...]
    setup: Callable[[], State] = field(repr=False, compare=False)
    seat: int
    goal: str
    answers: Answers = field(repr=False, compare=False)
    explanation: str
    hint: str = ""
    title: str = ""

    def __post_init__(self) -> None:
        if not self.rules:
            raise ValueError(f"puzzle {self.id!r} teaches no rule")

    @property
    def rule(self) -> str:
        """The rule of the puzzle's section (its first rule)."""
        return self.rules[0]

    def position(self) -> State:
        """The prepared position; refused (``InvalidInputError``) unless the puzzle's seat
        is to move there."""
        state = self.setup()
        if state.is_terminal() or state.current_player != self.seat:
            raise InvalidInputError(f"puzzle {self.id!r}: player {self.seat} is not to move "
                                    "in its position")
        return state

    @property
    def game(self) -> Game:
        return self.position().game

    def accepted(self, state: State | None = None) -> tuple[Any, ...]:
        """The accepted moves (never empty for a sound puzzle: the tests check it)."""
        return self.answers.accepted(self.position() if state is None else state)

    def judge(self, move: Any, state: State | None = None,
              seat_name: SeatNamer | None = None) -> Verdict:
        """Right or wrong, and why (see the module docstring). ``move`` may be a move or its
        notation; ``state`` is the position (default: a fresh :meth:`position`);
        ``seat_name`` names seats in the words (a board passes its colour names)."""
        state = self.position() if state is None else state
        if isinstance(move, str):
            move = state.game.parse_move(move)
        problem = state.why_illegal(move)
        if problem is not None:
            return Verdict(False, move, problem.rule, problem.reason, legal=False)
        words = teacher(state.game, seat_name)
        if move in self.answers.accepted(state):
            return Verdict(True, move, self.rule, self.explanation,
                           steps=words.explain(state, move))
        worse = self.answers.why_worse(state, move, words)
        return Verdict(False, move, worse.rule, worse.text, marks=worse.marks)

    def hint_move(self, state: State | None = None) -> Any:
        """An accepted move, for a board's last hint."""
        return self.accepted(state)[0]


def check_unique(puzzles: Iterable[Puzzle]) -> tuple[Puzzle, ...]:
    """``puzzles`` as a tuple; ``ValueError`` if two share an id (progress keys by id)."""
    found = tuple(puzzles)
    ids = [p.id for p in found]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"puzzle ids used twice: {twice}")
    return found


def by_rule(puzzles: Sequence[Puzzle], rule: str) -> tuple[Puzzle, ...]:
    """The puzzles whose section is ``rule`` (their first rule)."""
    return tuple(p for p in puzzles if p.rule == rule)


def by_id(puzzles: Sequence[Puzzle], puzzle_id: str) -> Puzzle:
    """The puzzle called ``puzzle_id`` (ids are unique: :func:`check_unique`)."""
    for found in puzzles:
        if found.id == puzzle_id:
            return found
    raise KeyError(f"no puzzle {puzzle_id!r}; the ids are listed in each game's PUZZLES")


# --- guided games ----------------------------------------------------------------------

@dataclass(frozen=True)
class GuidedStep:
    """One step of a guided game: what to try (``say``), the answers the engine accepts
    there, what happened and why (``explanation``, citing ``rule``), and a ``hint``."""

    rule: str
    say: str
    answers: Answers = field(repr=False, compare=False)
    explanation: str
    hint: str = ""

    def puzzle(self, state: State, number: int) -> Puzzle:
        """This step as a puzzle on ``state`` (judged like any puzzle)."""
        return Puzzle(f"guided-step-{number}", (self.rule,), lambda: state,
                      state.current_player, self.say, self.answers, self.explanation,
                      self.hint, f"step {number}")


@dataclass(frozen=True)
class Guide:
    """A guided first game: a position (``setup``), the learner's ``seat``, what the other
    seats are (``seats``: bot names for a board), the steps in order, and the words for the
    free play that follows them (``finale``)."""

    name: str
    setup: Callable[[], State] = field(repr=False, compare=False)
    seat: int
    seats: tuple[str, ...]
    steps: tuple[GuidedStep, ...]
    finale: str

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError(f"guide {self.name!r} has no steps")


# --- progress ------------------------------------------------------------------------------

def stars_for(hints_used: int) -> int:
    """Stars for a solved puzzle: :data:`MAX_STARS`, one less per hint, at least one."""
    return max(1, MAX_STARS - max(0, hints_used))


class Progress:
    """Solved puzzles and their stars, kept in a small JSON file.

    ``path``: the file (default: ``$BOARDLIB_PROGRESS``, else ``~/.boardlib/progress.json``).
    A missing or unreadable file is an empty record (a lesson never fails because of it);
    every :meth:`record` writes the file whole (a new file, then renamed over the old)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        chosen = path if path is not None else os.environ.get(PROGRESS_ENV) or DEFAULT_PROGRESS
        self.path = Path(chosen).expanduser()
        self._stars: dict[str, int] = self._read()
        self.not_saved: str | None = None     # why the last write failed, if it did

    def _read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        puzzles = data.get("puzzles") if isinstance(data, dict) else None
        if not isinstance(puzzles, dict):
            return {}
        return {str(k): min(MAX_STARS, v["stars"]) for k, v in puzzles.items()
                if isinstance(v, dict) and type(v.get("stars")) is int and v["stars"] > 0}

    def stars(self, puzzle_id: str) -> int:
        """Stars earned on ``puzzle_id`` (0: not solved yet)."""
        return self._stars.get(puzzle_id, 0)

    def solved(self, puzzle_id: str) -> bool:
        return self.stars(puzzle_id) > 0

    @property
    def solved_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self._stars))

    def record(self, puzzle_id: str, stars: int) -> int:
        """Note a solution with ``stars`` (1 to :data:`MAX_STARS`); the best result is kept.
        Returns the stars now held for it."""
        if type(stars) is not int or not 1 <= stars <= MAX_STARS:
            raise InvalidInputError(f"stars are 1 to {MAX_STARS}, not {stars!r}")
        best = max(stars, self.stars(puzzle_id))
        if best != self.stars(puzzle_id):
            self._stars[puzzle_id] = best
            self._write()
        return best

    def _write(self) -> None:
        # A file that cannot be written (a read-only home, a browser without storage) keeps
        # the progress for this session only: solving a puzzle never fails for it.
        text = json.dumps({"version": 1, "puzzles": {k: {"stars": v} for k, v in
                                                     sorted(self._stars.items())}}, indent=1)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, self.path)
        except OSError as error:
            self.not_saved = f"progress kept for this session only ({error.strerror})"
        else:
            self.not_saved = None

    def summary(self, puzzles: Sequence[Puzzle] | None = None) -> str:
        """One line for the start page: "Puzzles: 3 of 15 solved, 7 of 45 stars." With no
        ``puzzles``: only those solved so far are counted."""
        if puzzles is None:
            count = len(self._stars)
            return (f"Puzzles: {count} solved, {sum(self._stars.values())} stars."
                    if count else "Puzzles: none solved yet.")
        ids = [p.id for p in puzzles]
        solved = sum(1 for i in ids if self.solved(i))
        stars = sum(self.stars(i) for i in ids)
        return (f"Puzzles: {solved} of {len(ids)} solved, {stars} of {MAX_STARS * len(ids)} "
                "stars.")


def progress_summary(path: str | os.PathLike[str] | None = None,
                     puzzles: Sequence[Puzzle] | None = None) -> str:
    """The start page's line: :meth:`Progress.summary` of the progress file at ``path``."""
    return Progress(path).summary(puzzles)


__all__ = ["MAX_STARS", "PROGRESS_ENV", "Worse", "Verdict", "Answers", "Best", "Moves", "saved",
           "Puzzle", "GuidedStep", "Guide", "check_unique", "by_rule", "by_id", "stars_for",
           "Progress", "progress_summary"]


# --- progress per game, for the start page (issue 19 item 3) ---------------------------------

BROWSER_DRIVE = Path("/drive")
"""In JupyterLite (Pyodide: ``sys.platform == "emscripten"``) the folder of the site's file
browser, which the browser keeps in its own storage (IndexedDB): the progress file lives
there, since the kernel's home folder is in memory and gone when the page is reloaded."""


def browser_progress_path(platform: str | None = None,
                          drive: Path = BROWSER_DRIVE) -> Path | None:
    """Where the progress file goes in a browser-only Python (``None`` elsewhere, or when
    the site has no drive mounted): ``/drive/boardlib-progress.json``, at the top of the
    site's files, where the learner sees it (and may download or delete it). Not in a
    folder of its own: looking up a folder the site did not ship makes JupyterLite ask the
    web server for its listing, a 404 on every start."""
    import sys

    if (platform or sys.platform) != "emscripten" or not drive.is_dir():
        return None
    return drive / "boardlib-progress.json"


_IN_BROWSER = browser_progress_path()
if _IN_BROWSER is not None:   # Progress() reads this default when it is made
    DEFAULT_PROGRESS = _IN_BROWSER


@dataclass(frozen=True, slots=True)
class GameProgress:
    """One game's line of the start page: its ``name`` (as ``boardlib.load`` knows it),
    ``title``, puzzles ``solved`` of ``puzzles`` and ``stars`` of ``max_stars``."""

    name: str
    title: str
    solved: int
    puzzles: int
    stars: int

    @property
    def max_stars(self) -> int:
        return MAX_STARS * self.puzzles

    def words(self) -> str:
        """ "Zyrcan: 3 of 15 puzzles solved, 7 of 45 stars." """
        return (f"{self.title}: {self.solved} of {self.puzzles} puzzles solved, "
                f"{self.stars} of {self.max_stars} stars.")


def game_puzzles(name: str) -> tuple[Puzzle, ...]:
    """The ``PUZZLES`` of a registered game (its ``puzzles`` module beside its rules, imported
    only when asked for, as the registry imports games); ``()`` for a game without any."""
    from importlib import import_module

    from .registry import GAMES

    rules = GAMES.get(name)
    if rules is None:
        raise InvalidInputError(f"no game called {name!r}; games are {sorted(GAMES)}")
    try:
        module = import_module(rules.rsplit(".", 1)[0] + ".puzzles")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(module, "PUZZLES", ()))


def games_progress(progress: Progress | str | os.PathLike[str] | None = None,
                   games: Sequence[str] | None = None) -> tuple[GameProgress, ...]:
    """Every game's puzzles solved and stars earned, read from ``progress`` (a
    :class:`Progress`, or the path of its file; default: the learner's file)."""
    from .registry import GAMES, game_class

    record = progress if isinstance(progress, Progress) else Progress(progress)
    lines = []
    for name in GAMES if games is None else games:
        puzzles = game_puzzles(name)
        title = str(getattr(game_class(name), "title", name))
        lines.append(GameProgress(name, title, sum(record.solved(p.id) for p in puzzles),
                                  len(puzzles), sum(record.stars(p.id) for p in puzzles)))
    return tuple(lines)


__all__ += ["BROWSER_DRIVE", "browser_progress_path", "GameProgress", "game_puzzles",
            "games_progress"]
