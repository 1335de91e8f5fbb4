"""The per-game part of a game panel: how to draw a state and what a click means.

A controller holds no rules. ``click`` turns an element id into a *candidate*
move (``Play``), a new selection (``Select``) or a refusal (``Illegal``); the
panel asks the engine's ``why_illegal`` before it plays anything.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, Sequence, TypeVar, Union, runtime_checkable

from boardlib.core.api import Illegal, Outcome, State
from boardlib.core.teaching import Mark
from boardlib.svg.ids import element_id


@dataclass(frozen=True, slots=True)
class Play:
    """Try this move (the panel checks it with ``State.why_illegal`` first)."""

    move: Any


@dataclass(frozen=True, slots=True)
class Select:
    """Show a new selection (``None`` clears it); nothing is played."""

    selection: Any = None


ClickResult = Union[Play, Select, Illegal, None]
"""What a click means; ``None``: the click means nothing here and is ignored."""

StateT = TypeVar("StateT", bound=State, contravariant=True)
"""The game's own state class: a controller only ever gets states of its game."""


@runtime_checkable
class Controller(Protocol[StateT]):
    """The two things a game must tell the panel."""

    def draw(self, state: StateT, selection: Any) -> str:
        """The board as an SVG string. May take a keyword ``hint=None``: a move to mark."""

    def click(self, state: StateT, element_id: str, selection: Any) -> ClickResult:
        """What a click on ``element_id`` means while ``selection`` is selected."""


class BaseController(Generic[StateT]):
    """Defaults for the optional parts of a controller; games override what they need."""

    #: CSS colours of the players, by seat (used in the status line and move list).
    colors: Sequence[str] = ()
    #: Names of the players, by seat; default "player 0", "player 1", ...
    names: Sequence[str] = ()
    #: Draw the game's graph over the board (set by the panel's ``graph_toggle`` box).
    show_graph: bool = False

    def draw(self, state: StateT, selection: Any, hint: Any = None) -> str:  # pragma: no cover
        raise NotImplementedError

    def click(self, state: StateT, element_id: str,
              selection: Any) -> ClickResult:  # pragma: no cover
        raise NotImplementedError

    def player_name(self, player: int) -> str:
        if 0 <= player < len(self.names):
            return self.names[player]
        return f"player {player}"

    def player_color(self, player: int) -> str | None:
        return self.colors[player] if 0 <= player < len(self.colors) else None

    def status(self, state: StateT, selection: Any) -> str:
        """Game-specific words for the status line (phase, what to click next); may be empty."""
        return ""

    def localize(self, text: str) -> str:
        """Engine text (events, refusals) in the board's words, e.g. colour names for players."""
        return text

    def describe(self, state: StateT, move: Any) -> str:
        """A move for the move list, as played from ``state``."""
        return str(move)

    def describe_hint(self, state: StateT, move: Any) -> str:
        """A suggested move, for the player to move only (the move list may hide more)."""
        return self.describe(state, move)

    def outcome_text(self, outcome: Outcome) -> str:
        winners = [self.player_name(p) for p in outcome.winners]
        who = " and ".join(winners) or "nobody"
        verb = "share the win" if len(winners) > 1 else "wins"
        scores = ", ".join(f"{self.player_name(p)} {s:g}" for p, s in enumerate(outcome.scores))
        rule = f" ({outcome.rule})" if outcome.rule else ""
        return f"{who} {verb}: {outcome.termination}{rule}. Scores: {scores}."

    def button_moves(self, state: StateT) -> Sequence[tuple[str, Any]]:
        """Moves that are not on the board, shown as buttons: ``[("Pass", Pass())]``."""
        return ()

    def selection_after(self, state: StateT, selection: Any) -> Any:
        """The selection to keep after a move was played (default: none)."""
        return None

    def selection_after_refusal(self, state: StateT, selection: Any) -> Any:
        """The selection to keep after a click was refused (default: the same, so that
        another target can be tried)."""
        return selection

    def rotate(self, state: StateT, selection: Any, step: int) -> ClickResult:
        """R (``step`` 1) or Shift+R (``step`` -1) on the board: turn the tile in hand, say.
        ``None``: there is nothing to turn (the board says so)."""
        return None

    def clicks_for(self, state: StateT, move: Any, selection: Any = None) -> list[str]:
        """The element ids a person clicks to play ``move`` (for scripted games and the latency
        benchmark); ``[]`` when the move is a button instead."""
        raise NotImplementedError(f"{type(self).__name__} cannot script clicks")

    def static_svg(self, state: StateT) -> str:
        """The picture stored in saved notebooks."""
        return self.draw(state, None)

    def mark_element_ids(self, state: StateT, mark: Mark) -> tuple[str, ...]:
        """The elements of ``state``'s picture that ``mark``'s place names (a puzzle outlines
        them to show why an answer was wrong); ``()``: none."""
        return mark_element_ids(mark)


def mark_element_ids(mark: Mark) -> tuple[str, ...]:
    """The board elements a mark's place names: a hex (``q``, ``r``) -> its ``hex`` id; a
    pair of whole numbers (a tile's ``x, y``) -> its ``tile`` id and, where no tile is laid
    yet (a refuted Carcassonne tile, CB-04), its free ``place`` id; else none."""
    at = mark.at
    if hasattr(at, "q") and hasattr(at, "r"):
        return (element_id("hex", at.q, at.r),)
    if isinstance(at, tuple) and len(at) == 2 and all(type(v) is int for v in at):
        return (element_id("tile", *at), element_id("place", *at))
    return ()


__all__ = ["Play", "Select", "ClickResult", "Controller", "BaseController", "mark_element_ids"]
