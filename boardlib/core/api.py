"""The one API every game shares: games, states, options, events and outcomes.

A game engine subclasses :class:`Game` and :class:`State`. States are immutable
values: ``apply`` returns a new state and leaves the old one as it was, so undo, bots
and tests can keep any number of them around. A new state is built whole, by the
constructor or by :meth:`State.evolve` / :meth:`State.draft` — never by changing a
state after it was built. How a game uses the rest of the core is told in
``boardlib.core``'s docstring.
"""
from __future__ import annotations

import json
import random
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, Generic, TypeVar
from collections.abc import Mapping

from .errors import (Illegal, IllegalMoveError, InvalidInputError, excerpt, is_whole,
                     require)
from .metadata import GameInfo, GameType
from .moves import MoveSet
from .phases import Phases
from .schema import Boolean, Choice, Optional, Record, Schema, Text, Whole, load_json, \
    to_json_value

TERMINAL = -1
"""``State.current_player`` once the game is over."""

S = TypeVar("S", bound="State")

SHARED_BOTS: Mapping[str, str] = {"random": "boardlib.core.bots:RandomBot",
                                  "greedy": "boardlib.core.bots:GreedyBot",
                                  "mcts": "boardlib.core.bots:MCTSBot"}
"""The bots every game gets, by name, as ``"module:Class"`` (imported when asked for)."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something a move caused, with the rule that made it happen."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: why, who won (several on a shared win) and the scores."""

    termination: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    rule: str = ""

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    def __str__(self) -> str:
        who = " and ".join(f"player {p}" for p in self.winners) or "nobody"
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"{who} {verb} ({self.termination}); scores {list(self.scores)}"


class State(ABC):
    """A position of a game. Subclasses fill in the abstract methods.

    ``legal_moves`` is cached per state (states never change). ``apply`` asks
    ``why_illegal`` first, so every refusal carries a rule ID; only the move that
    ``random_move`` just picked on this very state is known legal without asking.

    A game on the current core lists its own fields in ``FIELDS`` (its ``__slots__``),
    implements ``_why_illegal`` for well-typed moves and lets the base ``why_illegal``
    check types against ``Game.MOVES`` first. Older engines override ``why_illegal``
    itself. Subclasses that build states without ``__init__`` start from ``blank``
    (``evolve`` does).
    """

    __slots__ = ("game", "_legal", "_picked")
    #: The state's own fields, in order: what ``evolve`` and ``draft`` copy.
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game) -> None:
        self.game = game
        self._legal: tuple[Any, ...] | None = None
        self._picked: Any = None

    # --- to implement -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to move, or ``TERMINAL``."""

    @abstractmethod
    def _legal_moves(self) -> tuple[Any, ...]:
        """Every legal move, in a deterministic order."""

    def _why_illegal(self, move: Any) -> Illegal | None:
        """The rules' verdict on a move whose type ``Game.MOVES`` has checked already."""
        raise NotImplementedError(f"{type(self).__name__} implements why_illegal itself")

    @abstractmethod
    def _apply(self: S, move: Any) -> S:
        """The state after a move already known to be legal."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the whole state (``Game.state_from_dict`` reads it)."""

    # --- building the next state --------------------------------------
    @classmethod
    def blank(cls: type[S], game: Game) -> S:
        """A state of this class with only its game set and no move worked out yet: for an
        engine that builds its next state field by field (a draft's ``build``) without
        running ``__init__``. Every field of ``FIELDS`` is to be set before it is used."""
        new = object.__new__(cls)
        new.game = game
        new._legal = None
        new._picked = None
        return new

    def evolve(self: S, **changes: Any) -> S:
        """A new state like this one with some fields changed; this one stays as it is.

        >>> later = state.evolve(to_move=1)      # doctest: +SKIP
        """
        new = self.blank(self.game)
        for name in self.FIELDS:
            setattr(new, name, changes.pop(name) if name in changes else getattr(self, name))
        if changes:
            raise AttributeError(f"{type(self).__name__} has no field {', '.join(changes)}")
        return new

    def draft(self: S) -> Draft[S]:
        """A mutable working copy of this state's fields; ``draft.build()`` makes the new
        state. Unchanged fields are shared, so keep field values immutable (tuples,
        frozensets, or dicts that are replaced, never changed in place)."""
        return Draft(self)

    # --- shared behaviour ---------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that led here caused."""
        return ()

    def revealed_to(self, player: int) -> bool:
        """Did the move that led here show ``player`` something hidden from them before?

        A face-down tile or room turned up, a secret role, a look at a hidden program.
        Boards refuse to undo such a move when a bot plays a seat of a game with hidden
        information, since the human would take back a move but keep what it showed.
        The default, for games without hidden information: nothing was revealed.
        """
        return False

    def legal_moves(self) -> tuple[Any, ...]:
        if self._legal is None:
            self._legal = () if self.is_terminal() else self._legal_moves()
        return self._legal

    def why_illegal(self, move: object) -> Illegal | None:
        """``None`` if ``move`` is legal here, else the rule it breaks and why.

        A move of the wrong class or with a field of the wrong type (``2.0`` for ``2``,
        a hex of floats) is refused here, with the move's rule, before the game's rules
        see it; so ``why_illegal(m) is None`` exactly when ``m in legal_moves()``.
        """
        moves = self.game.MOVES
        if moves is not None:
            problem = moves.type_problem(move)
            if problem is not None:
                return problem
        return self._why_illegal(move)

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def random_move(self, rng: random.Random) -> Any:
        """A legal move picked uniformly by ``rng``: exactly ``rng.choice(self.legal_moves())``.

        Random players and play-outs call this. A game whose move lists are long
        overrides ``_random_move`` to pick the same move without building the list (it
        draws ``rng.randrange(count)`` and finds that move of ``legal_moves`` in place);
        ``check_random_play`` holds every game to the equality. The move is remembered,
        so ``apply`` need not ask ``why_illegal`` about it again.
        """
        if self.is_terminal():
            raise IllegalMoveError(None, self._over_rule(), "The game is over: there is no "
                                   "move to pick.")
        move = self._picked = self._random_move(rng)
        return move

    def _over_rule(self) -> str:
        """The rule that ended the game, for refusals after its end."""
        outcome = self.outcome()
        return outcome.rule if outcome is not None and outcome.rule else "game over"

    def _random_move(self, rng: random.Random) -> Any:
        return rng.choice(self.legal_moves())

    def apply(self: S, move: Any) -> S:
        # A move random_move picked here is legal already; None means nothing was picked.
        if move is None or move is not self._picked:
            problem = self.why_illegal(move)
            if problem is not None:
                raise IllegalMoveError(move, problem.rule, problem.reason)
        return self._apply(move)

    def apply_legal(self: S, move: Any) -> S:
        """The state after ``move``, which the caller took from ``legal_moves()`` of this
        very state: ``apply`` without asking ``why_illegal`` again. Bots and move counting
        (``perft``) use it; a move from anywhere else goes through ``apply``."""
        return self._apply(move)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see. Games with hidden information override this."""
        return self.to_dict()

    def returns(self) -> tuple[float, ...]:
        """Per player: 1 for a sole win, 1/k each for k co-winners, 0 otherwise (for bots)."""
        outcome = self.outcome()
        n = self.game.num_players
        if outcome is None or not outcome.winners:
            return (0.0,) * n
        share = 1.0 / len(outcome.winners)
        return tuple(share if p in outcome.winners else 0.0 for p in range(n))

    def heuristic(self, player: int) -> float:
        """How good this position looks for ``player`` (used by the greedy bot)."""
        return self.returns()[player] if self.is_terminal() else 0.0

    def to_json(self) -> str:
        """The state as a save: game, options (the seed included) and ``to_dict``."""
        return json.dumps({"game": self.game.name, "options": dict(self.game.options),
                           "state": self.to_dict()}, sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.game == self.game
                and other.to_dict() == self.to_dict())

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict(), sort_keys=True))


class Draft(Generic[S]):
    """A mutable working copy of a state's fields (an immer-like draft).

    Read and assign fields as on the state; ``build()`` makes a new state from the
    fields, and the state the draft came from never changes::

        draft = state.draft()
        draft.scores = (3, 0)
        draft.to_move = 1
        new_state = draft.build()
    """

    def __init__(self, state: S) -> None:
        object.__setattr__(self, "_base", state)
        object.__setattr__(self, "_changes", {})

    def __getattr__(self, name: str) -> Any:
        changes = object.__getattribute__(self, "_changes")
        if name in changes:
            return changes[name]
        base = object.__getattribute__(self, "_base")
        if name not in base.FIELDS:
            raise AttributeError(f"a draft of {type(base).__name__} has no field {name}")
        return getattr(base, name)

    def __setattr__(self, name: str, value: Any) -> None:
        base = object.__getattribute__(self, "_base")
        if name not in base.FIELDS:
            raise AttributeError(f"{type(base).__name__} has no field {name}")
        object.__getattribute__(self, "_changes")[name] = value

    def build(self) -> S:
        """The new state. The draft may be built only once."""
        changes = object.__getattribute__(self, "_changes")
        base = object.__getattribute__(self, "_base")
        object.__setattr__(self, "_changes", None)
        if changes is None:
            raise RuntimeError("this draft was built already")
        new: S = base.evolve(**changes)
        return new


@dataclass(frozen=True)
class Option:
    """A documented game option, checked when a game is created.

    ``schema`` says which values are allowed; without one, ``choices`` or the type of
    ``default`` decide (a whole number, true/false, a short text). Subclasses may
    override ``check``.
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    rule: str = ""
    schema: Schema | None = None

    @property
    def is_seed(self) -> bool:
        """A seed option: a fresh seed is drawn when none is given (see ``seed_option``)."""
        return False

    def allowed(self) -> Schema | None:
        if self.schema is not None:
            return self.schema
        if self.choices is not None:
            return Choice(*self.choices)
        if isinstance(self.default, bool):
            return Boolean()
        if is_whole(self.default):
            return Whole()
        if isinstance(self.default, str):
            return Text()
        return None

    def check(self, value: Any) -> None:
        schema = self.allowed()
        if schema is None:
            return
        try:
            schema.check(value, f"option {self.name}")
        except InvalidInputError as exc:
            raise InvalidInputError(f"{exc}" + (f" ({self.rule})" if self.rule else "")) \
                from None


@dataclass(frozen=True)
class SeedOption(Option):
    """The seed of a game's randomness: every new game without a given seed is a new deal.

    Left out (or ``None``), a fresh seed is drawn when the game is created and kept in
    its options, so saves (``to_json``, ``Match.to_json``) reproduce the game. In games
    with hidden information the seed is never shown to players (``repr(game)``,
    ``Game.visible_options``): it would tell them the deal.
    """

    @property
    def is_seed(self) -> bool:
        return True


SEED_LIMIT = 2 ** 63


def seed_option(doc: str, rule: str = "") -> SeedOption:
    """The ``seed`` option of a game with chance: a whole number, or None for a fresh one."""
    return SeedOption("seed", None, doc, rule=rule,
                      schema=Optional(Whole(0, SEED_LIMIT - 1)))


def fresh_seed() -> int:
    """A seed nobody can guess (not from ``random``, which a program may have seeded)."""
    return secrets.randbelow(SEED_LIMIT)


class Game(ABC):
    """A game with fixed options; it creates initial states and reads saved ones.

    A game on the current core declares ``TYPE`` (metadata), ``PHASES`` (turn flow),
    ``MOVES`` (its move classes) and implements ``info`` and ``state_schema``; see
    ``boardlib.core``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    TYPE: ClassVar[GameType | None] = None
    PHASES: ClassVar[Phases | None] = None
    MOVES: ClassVar[MoveSet | None] = None
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The game's own bots by name, as "module:Class", imported when first asked for. They
    #: replace the shared bot of the same name; ``None`` withdraws a shared bot that does not
    #: suit the game (one that would read hidden information, say).
    BOT_CLASSES: ClassVar[Mapping[str, str | None]] = {}
    #: The game's teacher (moves in words, marks, standings, explanations) as
    #: "module:Class", imported when first asked for; ``None``: the plain one that repeats
    #: the engine's notation (see ``boardlib.core.teaching``).
    TEACHING: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("TYPE")
        if declared is not None:  # the metadata names the game once
            cls.name = declared.name
            cls.title = declared.title

    def __init__(self, /, **options: Any) -> None:
        known = {o.name: o for o in self.OPTIONS}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidInputError(
                f"{self.name} has no option {', '.join(_name(u) for u in unknown[:3])}; "
                f"options are {sorted(known)}")
        values: dict[str, Any] = {}
        fixed = False
        for opt in self.OPTIONS:
            value = options.get(opt.name, opt.default)
            if opt.is_seed:
                fixed = value is not None
                if value is None:
                    value = fresh_seed()
            opt.check(value)
            values[opt.name] = to_json_value(value)
        self.options: Mapping[str, Any] = values
        #: Whether the seed was given (a board's *New game* keeps it) or drawn fresh.
        self.seed_fixed = fixed
        self._setup()

    def _setup(self) -> None:  # noqa: B027 - an optional hook: by default nothing to do
        """Precompute what every state of this game shares (boards, tables)."""

    def with_options(self, **changes: Any) -> Game:
        """The same game with some options changed (a fresh seed unless one is given)."""
        options = dict(self.options)
        if not self.seed_fixed:
            for o in self.OPTIONS:
                if o.is_seed:
                    del options[o.name]
        options.update(changes)
        return type(self)(**options)

    @property
    def visible_options(self) -> dict[str, Any]:
        """The options a player may see: all but the seed of a game with hidden information."""
        secret = self.TYPE is not None and self.TYPE.hidden_information
        return {o.name: self.options[o.name] for o in self.OPTIONS
                if not (secret and o.is_seed)}

    def bots(self) -> dict[str, type]:
        """The bots that can take a seat in this game, by name (shared ones plus the game's)."""
        found: dict[str, type] = {}
        wanted: dict[str, str | None] = dict(SHARED_BOTS)
        wanted.update(self.BOT_CLASSES)
        for name, where in wanted.items():
            if where is not None:
                module, _, cls = where.partition(":")
                found[name] = getattr(import_module(module), cls)
        return found

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def info(self) -> GameInfo:
        """Bounds of this game with its options (a game on the current core declares them)."""
        raise NotImplementedError(f"{type(self).__name__} does not declare its GameInfo")

    @abstractmethod
    def new_initial_state(self) -> State: ...

    def parse_move(self, text: str) -> Any:
        """The move whose ``str()`` is ``text``; ``InvalidInputError`` if there is none."""
        if self.MOVES is None:
            raise NotImplementedError(f"{type(self).__name__} parses its moves itself")
        return self.MOVES.parse(text)

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict``; validate and raise ``InvalidInputError``."""

    def state_from_json(self, text: str) -> State:
        """Read ``State.to_json``: parsed safely, options compared, then ``state_from_dict``."""
        data = load_json(text, "this saved state")
        Record({"game": Text(40), "options": Record(
            {o.name: o.allowed() or _ANY_OPTION for o in self.OPTIONS}), "state": _OBJECT}
        ).check(data, "save")
        if data["game"] != self.name:
            raise InvalidInputError(f"this is a saved {excerpt(data['game'])} state, not "
                                    f"{self.name}")
        if data["options"] != dict(self.options):
            differ = sorted(k for k in self.options if data["options"][k] != self.options[k])
            raise InvalidInputError(f"saved with other options than this game's "
                                    f"({', '.join(differ)} differ)")
        return self.state_from_dict(data["state"])

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.name == self.name
                and dict(other.options) == dict(self.options))

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(dict(self.options), sort_keys=True, default=str)))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.visible_options.items())
        return f"boardlib.load({self.name!r}{', ' if opts else ''}{opts})"


def _name(text: str) -> str:
    """An option name as given, or an excerpt if it is not a short name."""
    return text if text.isidentifier() and len(text) <= 40 else excerpt(text)


class _AnyObject(Schema):
    """An object whose fields the game's own schema checks next."""

    description = "an object"

    def accepts(self, value: Any) -> bool:
        return type(value) is dict


class _AnyOption(Schema):
    """An option an older game checks itself (its ``Option.check``)."""

    description = "an option value"

    def accepts(self, value: Any) -> bool:
        return True


_OBJECT = _AnyObject()
_ANY_OPTION = _AnyOption()


__all__ = ["TERMINAL", "Illegal", "IllegalMoveError", "InvalidInputError", "Event", "Outcome",
           "State", "Draft", "Option", "SeedOption", "seed_option", "fresh_seed", "Game",
           "require", "is_whole", "SHARED_BOTS", "GameType", "GameInfo"]
