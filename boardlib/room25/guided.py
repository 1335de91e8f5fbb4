"""Room 25's guided first game: the board says what to try, checks it, explains it, and then
lets the learner play on with three bots as the team.

Cooperative, four players (R25-46): the learner is Red and runs the Scientist; Blue, Yellow
and Sky are observation bots (``"role"``: they see only what their seat may see, R25-I4).
The complex comes from a fixed seed, so the same game comes every time. The script walks
through the first turn: the first clue (R25-05), programming Move then Look (R25-07), the
Move into the room the clue showed (R25-15) and the Look (R25-14); then the countdown moves
on (R25-10) and the game goes on freely until it ends (R25-11, R25-47).

Secrets stay secret (R25-I4): every step's words are the same whatever lies face down, and
each step's answers are judged by :class:`boardlib.room25.puzzles.Foreseen`, which accepts
only moves whose result the learner can foresee and refuses a gamble without naming what
lies in the unknown room. The board shows the complex as Red knows it.

``FIRST_GAME`` is the script (engine side: no widgets imported until a board is made);
:func:`first_game` makes the card that starts the board, :func:`first_game_board` the board.
"""
from __future__ import annotations

from typing import Any

import boardlib
from boardlib.core.puzzles import Guide, GuidedStep

from .moves import Clue, Look, Move, Program
from .puzzles import Foreseen, learns, move_then_look, out_alive
from .state import Room25State

SEED = 45         # a complex whose four rooms around the centre are harmless (for a first game)
SEATS = ("human", "role", "role", "role")


def opening() -> Room25State:
    """The guided game's position: a new Cooperative game for four (seed :data:`SEED`),
    before the first clue; Red to look."""
    state = boardlib.load("room25", mode="cooperative", players=4, seed=SEED).new_initial_state()
    assert isinstance(state, Room25State)
    return state


FIRST_GAME = Guide(
    "room25-first-game", opening, 0, SEATS,
    (
        GuidedStep(
            "R25-05",
            "You are Red and run the Scientist; Blue, Yellow and Sky are your team (bots). "
            "Everyone wakes up in the Central Room c3. Before the first turn each player looks "
            "in secret at one room next to c3: click one of the four rooms around c3.",
            Foreseen(learns, "R25-05", (Clue,)),
            "R25-05: a first clue. Only you know that room now: the board shows its name in "
            "brackets, still face down. The others take their clues too, in secret.",
            "The four rooms that share a side with c3: b3, c2, d3 and c4."),
        GuidedStep(
            "R25-07",
            "Programming: choose the Scientist's two actions, face down. Press the button "
            "'move \u2192 look': first move, then look.",
            Foreseen(move_then_look, "R25-07", (Program,)),
            "R25-07: two different tokens, in order. Nobody sees your plan, only how many "
            "tokens you laid (R25-I4). In the Central Room only Move and Look work (R25-21).",
            "The programming buttons are under the board."),
        GuidedStep(
            "R25-15",
            "Execution, first actions in turn order (R25-08): you go first. Move the "
            "Scientist into the room your clue showed you: you know it is safe.",
            Foreseen(out_alive, "R25-15", (Move,)),
            "R25-15: the room turns face up and its effect strikes whoever enters. You knew "
            "it, so it held no surprise.",
            "Click the room whose name is in brackets."),
        GuidedStep(
            "R25-14",
            "Second actions: Look. Click a face-down room next to the Scientist that you have "
            "not seen: you learn it, in secret.",
            Foreseen(learns, "R25-14", (Look,)),
            "R25-14: you looked at a room next to you; it stays face down and only you know "
            "it. When everyone has done both actions, the countdown moves on (R25-10).",
            "Grey rooms with a ? next to the Scientist (sharing a side, R25-13)."),
    ),
    "You know a whole turn now: play on with your team. Find Room 25 (it hides in the outer "
    "ring), get everyone in, and slide it off the edge with a Control from inside (R25-11) "
    "before the 8 turns run out (R25-02). Hint suggests a move.",
)
"""The guided first game of Room 25."""


def board_settings(kwargs: dict[str, Any]) -> dict[str, Any]:
    """The board's keywords: drawn as Red knows the complex (R25-I4), observation bot hints."""
    from .widget import Room25Controller

    kwargs.setdefault("controller", Room25Controller(viewer=FIRST_GAME.seat))
    kwargs.setdefault("viewer", FIRST_GAME.seat)
    kwargs.setdefault("hint_bot", "role")
    return kwargs


def first_game_board(**kwargs: Any) -> Any:
    """The guided first game on a board, drawn as Red knows the complex (R25-I4); keywords
    go to the board (``GuidedBoard``)."""
    from boardlib.widgets.puzzle import GuidedBoard

    return GuidedBoard(FIRST_GAME, **board_settings(kwargs))


def first_game(**kwargs: Any) -> Any:
    """The guided first game as a card that starts its board (``GuidedCard``), drawn as Red
    knows the complex (R25-I4); keywords go to the board."""
    from boardlib.widgets.puzzle import GuidedCard

    return GuidedCard(FIRST_GAME, **board_settings(kwargs))


__all__ = ["FIRST_GAME", "SEED", "SEATS", "opening", "first_game", "first_game_board",
           "board_settings"]
