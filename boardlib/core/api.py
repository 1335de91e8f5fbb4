"""The one API every game shares: states, moves, refusals, events and outcomes.

A game engine subclasses :class:`Game` and :class:`State`. States are immutable
values: ``apply`` returns a new state and leaves the old one as it was, so
undo, bots and tests can keep any number of them around.
"""
from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import import_module
from typing import Any, ClassVar, Mapping

TERMINAL = -1
"""``State.current_player`` once the game is over."""


@dataclass(frozen=True, slots=True)
class Illegal:
    """Why a move is refused: the rule it breaks and one plain sentence."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


class IllegalMoveError(ValueError):
    """Raised by ``State.apply`` for a move the rules forbid; the state is unchanged."""

    def __init__(self, move: object, rule: str, reason: str) -> None:
        super().__init__(f"{_move_text(move)}: {reason} ({rule})")
        self.move = move
        self.rule = rule
        self.reason = reason


def _move_text(move: object) -> str:
    """``str(move)``, or its repr when a malformed move cannot even be written out."""
    try:
        return str(move)
    except Exception:     # e.g. a field index outside the board
        return repr(move)


class InvalidInputError(ValueError):
    """Malformed input that is not a move: a bad option, save file or move text."""


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
    Subclasses that build states without ``__init__`` set ``_legal`` and
    ``_picked`` to ``None``.
    """

    __slots__ = ("game", "_legal", "_picked")

    def __init__(self, game: "Game") -> None:
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

    @abstractmethod
    def why_illegal(self, move: object) -> Illegal | None:
        """``None`` if ``move`` is legal here, else the rule it breaks."""

    @abstractmethod
    def _apply(self, move: Any) -> "State":
        """The state after a move already known to be legal."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description of the whole state (``Game.state_from_dict`` reads it)."""

    # --- shared behaviour ---------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that led here caused."""
        return ()

    def legal_moves(self) -> tuple[Any, ...]:
        if self._legal is None:
            self._legal = () if self.is_terminal() else self._legal_moves()
        return self._legal

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

    def apply(self, move: Any) -> "State":
        # A move random_move picked here is legal already; None means nothing was picked.
        if move is None or move is not self._picked:
            problem = self.why_illegal(move)
            if problem is not None:
                raise IllegalMoveError(move, problem.rule, problem.reason)
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
        return json.dumps({"game": self.game.name, "options": self.game.options,
                           "state": self.to_dict()}, sort_keys=True)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.game == self.game
                and other.to_dict() == self.to_dict())

    def __hash__(self) -> int:
        return hash(json.dumps(self.to_dict(), sort_keys=True))


@dataclass(frozen=True)
class Option:
    """A documented game option, checked when a game is created."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    rule: str = ""

    def check(self, value: Any) -> None:
        # 3.0 == 3 and True == 1, but neither is a player count: compare types too
        if self.choices is not None and not any(
                value == c and type(value) is type(c) for c in self.choices):
            raise InvalidInputError(
                f"option {self.name}={value!r} is not one of {list(self.choices)}"
                + (f" ({self.rule})" if self.rule else ""))
        wanted = type(self.default)
        if self.choices is None and self.default is not None and not (
                isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool))):
            kind = {bool: "true or false", int: "a whole number", str: "a text"}.get(
                wanted, f"a {wanted.__name__}")
            raise InvalidInputError(f"option {self.name}={value!r} should be {kind}")


class Game(ABC):
    """A game with fixed options; it creates initial states and reads saved ones."""

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: The game's own bots by name, as "module:Class", imported when first asked for. They
    #: replace the shared bot of the same name; ``None`` withdraws a shared bot that does not
    #: suit the game (one that would read hidden information, say).
    BOT_CLASSES: ClassVar[Mapping[str, str | None]] = {}

    def __init__(self, **options: Any) -> None:
        known = {o.name: o for o in self.OPTIONS}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidInputError(
                f"{self.name} has no option {', '.join(unknown)}; options are {sorted(known)}")
        values: dict[str, Any] = {}
        for opt in self.OPTIONS:
            value = options.get(opt.name, opt.default)
            opt.check(value)
            values[opt.name] = value
        self.options: Mapping[str, Any] = values
        self._setup()

    def _setup(self) -> None:
        """Precompute what every state of this game shares (boards, tables)."""

    def bots(self) -> dict[str, type]:
        """The bots that can take a seat in this game, by name (shared ones plus the game's)."""
        from .bots import BOTS

        found: dict[str, type] = dict(BOTS)
        for name, where in self.BOT_CLASSES.items():
            if where is None:
                found.pop(name, None)
            else:
                module, _, cls = where.partition(":")
                found[name] = getattr(import_module(module), cls)
        return found

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @abstractmethod
    def parse_move(self, text: str) -> Any:
        """The move whose ``str()`` is ``text``; ``InvalidInputError`` if there is none."""

    @abstractmethod
    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``State.to_dict``; validate and raise ``InvalidInputError``."""

    def state_from_json(self, text: str) -> State:
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise InvalidInputError(f"not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise InvalidInputError(f"not a saved {self.name} state")
        if data.get("options") != dict(self.options):
            raise InvalidInputError(
                f"saved with options {data.get('options')}, this game has {dict(self.options)}")
        state = data.get("state")
        if not isinstance(state, dict):
            raise InvalidInputError("the saved state is missing")
        return self.state_from_dict(state)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.name == self.name
                and dict(other.options) == dict(self.options))

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(dict(self.options), sort_keys=True, default=str)))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"boardlib.load({self.name!r}{', ' if opts else ''}{opts})"


def require(condition: bool, message: str) -> None:
    """Validation helper for loaders: raise ``InvalidInputError`` unless ``condition``."""
    if not condition:
        raise InvalidInputError(message)


def is_whole(value: Any) -> bool:
    """A whole number as JSON or a caller gives it: ``True`` equals 1 but is not one."""
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["TERMINAL", "Illegal", "IllegalMoveError", "InvalidInputError", "Event", "Outcome",
           "State", "Option", "Game", "require", "is_whole"]
