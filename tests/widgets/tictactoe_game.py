"""A tiny game (noughts and crosses) to drive the shared widgets without a real engine.

A plain module (not conftest.py) so that its name is unique across the test folders.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from boardlib.core.api import (TERMINAL, Event, Game, Illegal, InvalidInputError, Option,
                               Outcome, State)
from boardlib.svg import Drawing, element_id
from boardlib.widgets import BaseController, Play, Select

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@dataclass(frozen=True, slots=True)
class Mark:
    cell: int

    def __str__(self) -> str:
        return f"mark {self.cell}"


@dataclass(frozen=True, slots=True)
class Resign:
    def __str__(self) -> str:
        return "resign"


class TicTacToe(Game):
    name = "tictactoe"
    title = "Noughts and crosses"
    OPTIONS = (Option("players", 2, "always two", choices=(2,)),
               Option("first_player", 0, "who starts"))

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> "TTTState":
        return TTTState(self, (None,) * 9, self.options["first_player"], ())

    def parse_move(self, text: str) -> Any:
        if text == "resign":
            return Resign()
        if text.startswith("mark ") and text[5:].isdigit():
            return Mark(int(text[5:]))
        raise InvalidInputError(f"not a move: {text!r}")

    def state_from_dict(self, data: Mapping[str, Any]) -> "TTTState":
        return TTTState(self, tuple(data["cells"]), data["to_move"], ())


class TTTState(State):
    __slots__ = ("cells", "to_move", "_events")

    def __init__(self, game: TicTacToe, cells: tuple, to_move: int, events: tuple) -> None:
        super().__init__(game)
        self.cells, self.to_move, self._events = cells, to_move, events

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    def _winner(self) -> int | None:
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    @property
    def current_player(self) -> int:
        if self.to_move < 0 or self._winner() is not None or None not in self.cells:
            return TERMINAL
        return self.to_move

    def _legal_moves(self) -> tuple:
        return tuple(Mark(i) for i in range(9) if self.cells[i] is None) + (Resign(),)

    def why_illegal(self, move: object) -> Illegal | None:
        if self.is_terminal():
            return Illegal("TT-03", "The game is over.")
        if isinstance(move, Resign):
            return None
        if not isinstance(move, Mark) or not 0 <= move.cell < 9:
            return Illegal("TT-01", "Mark one of the nine cells.")
        if self.cells[move.cell] is not None:
            return Illegal("TT-02", "That cell is already marked.")
        return None

    def _apply(self, move: Any) -> "TTTState":
        if isinstance(move, Resign):
            return TTTState(self.game, self.cells, -1 - self.to_move,
                            (Event("TT-04", f"player {self.to_move} resigns"),))
        cells = self.cells[:move.cell] + (self.to_move,) + self.cells[move.cell + 1:]
        return TTTState(self.game, cells, 1 - self.to_move,
                        (Event("TT-02", f"player {self.to_move} marked {move.cell}"),))

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        if self.to_move < 0:
            winner = 1 - (-1 - self.to_move)
            return Outcome("resignation", (winner,), (1.0 * (winner == 0), 1.0 * (winner == 1)))
        w = self._winner()
        if w is None:
            return Outcome("draw", (0, 1), (0.5, 0.5), "TT-05")
        return Outcome("three in a row", (w,), (1.0 * (w == 0), 1.0 * (w == 1)), "TT-05")

    def to_dict(self) -> dict[str, Any]:
        return {"cells": list(self.cells), "to_move": self.to_move}


class TTTController(BaseController):
    """Click a cell to select it, click it again to mark it (to exercise Select)."""

    names = ("Crosses", "Noughts")
    colors = ("#0072B2", "#D55E00")

    def __init__(self) -> None:
        self.draw_calls = 0

    def draw(self, state: TTTState, selection: Any, hint: Any = None) -> str:
        self.draw_calls += 1
        d = Drawing(4, 3, title="Noughts and crosses", kind="tictactoe", pixel_width=300)
        for i, owner in enumerate(state.cells):
            fill = "#eee" if owner is None else self.colors[owner]
            stroke = "red" if i == selection else ("gold" if hint == Mark(i) else "black")
            words = f"cell {i}: " + ("empty" if owner is None else self.names[owner])
            cell = d.clickable(None, element_id("cell", i), words)
            d.rect(cell, i % 3, i // 3, 1, 1, fill=fill, stroke=stroke, stroke_width=0.05)
        # beside the grid: a clickable that is not a cell (the controller refuses it)
        d.rect(d.clickable(None, "cell_99", "not a cell"), 3.2, 0.2, 0.6, 0.6, fill="#ccc")
        return d.to_svg()

    def click(self, state: TTTState, element_id: str, selection: Any):
        kind, _, rest = element_id.partition("_")
        if kind != "cell":
            return None
        cell = int(rest)
        if cell == 99:
            return Illegal("TT-01", "That is not a cell.")
        if selection == cell:
            return Play(Mark(cell))
        return Select(cell)

    def status(self, state: TTTState, selection: Any) -> str:
        return "" if selection is None else f"cell {selection} selected"

    def button_moves(self, state: TTTState):
        return [("Resign", Resign())]
