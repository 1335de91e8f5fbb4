"""A match: a game being played, with its history, undo/redo and JSON save files."""
from __future__ import annotations

import json
from typing import Any
from collections.abc import Callable, Iterator

from .api import Game, IllegalMoveError, InvalidInputError, State
from .errors import excerpt, move_text
from .registry import load
from .schema import MAX_TEXT, Anything, ListOf, Record, Text, Whole, load_json

SAVE_FORMAT = "boardlib-match"
SAVE_VERSION = 1


class Match:
    """Moves played from an initial state; ``undo``/``redo`` walk the history.

    A save file records the game, its options and the moves as text; loading
    replays every move through the rules, so a tampered file cannot smuggle in
    an illegal position.
    """

    def __init__(self, game: Game, initial: State | None = None) -> None:
        self.game = game
        self._states: list[State] = [initial or game.new_initial_state()]
        self._moves: list[Any] = []
        self._redo: list[Any] = []

    # --- where we are -------------------------------------------------
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def moves(self) -> tuple[Any, ...]:
        return tuple(self._moves)

    @property
    def states(self) -> tuple[State, ...]:
        return tuple(self._states)

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[tuple[State, Any]]:
        """Each move with the state it was played from."""
        # One state more than moves: the last state has no move yet.
        return iter(zip(self._states, self._moves, strict=False))

    # --- playing ------------------------------------------------------
    def play(self, move: Any) -> State:
        """Apply ``move`` (a move or its text); raises ``IllegalMoveError`` and changes nothing."""
        if isinstance(move, str):
            move = self.game.parse_move(move)
        new = self.state.apply(move)
        self._states.append(new)
        self._moves.append(move)
        self._redo.clear()
        return new

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> State:
        if not self._moves:
            raise IndexError("nothing to undo")
        self._states.pop()
        self._redo.append(self._moves.pop())
        return self.state

    def redo(self) -> State:
        if not self._redo:
            raise IndexError("nothing to redo")
        move = self._redo.pop()
        self._states.append(self.state.apply(move))
        self._moves.append(move)
        return self.state

    def play_bots(self, bots: dict[int, Any], limit: int | None = None,
                  progress: Callable[[State], None] | None = None) -> State:
        """Let ``bots[player]`` move while a bot's player is to move (at most ``limit`` moves)."""
        count = 0
        while not self.state.is_terminal() and self.state.current_player in bots:
            if limit is not None and count >= limit:
                break
            self.play(bots[self.state.current_player].choose(self.state))
            count += 1
            if progress is not None:
                progress(self.state)
        return self.state

    # --- save files ---------------------------------------------------
    def to_json(self) -> str:
        """The save file: game, options (the seed included) and the moves as text."""
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
                           "options": dict(self.game.options),
                           "moves": [str(m) for m in self._moves]}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Match:
        """Read a save file; ``InvalidInputError`` says exactly what is wrong with it.

        The game and options are checked as ``load`` checks them, and every move is
        replayed through the rules, so a tampered file cannot smuggle in a position.
        """
        data = load_json(text, "this save file")
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidInputError("this is not a boardlib save file")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise InvalidInputError(f"unsupported save version {excerpt(version)}")
        Record({"format": Text(40), "version": Whole(1, 1000), "game": Text(40),
                "options": Anything(100_000),
                "moves": ListOf(Text(MAX_TEXT), max_length=MAX_MOVES)}).check(data, "save")
        if not isinstance(data["options"], dict):
            raise InvalidInputError(f"save.options: must be an object, not "
                                    f"{excerpt(data['options'])}")
        match = cls(load(data["game"], **data["options"]))
        for number, text_move in enumerate(data["moves"], 1):
            try:
                match.play(text_move)
            except (IllegalMoveError, InvalidInputError) as exc:
                raise InvalidInputError(f"move {number} ({move_text(text_move)}) cannot be "
                                        f"played: {exc}") from None
        match._redo.clear()
        return match


MAX_MOVES = 100_000
"""The most moves a save file may hold."""
