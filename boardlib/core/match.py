"""A match: a game being played, with its history, undo/redo and JSON save files."""
from __future__ import annotations

import json
from typing import Any, Callable, Iterator

from .api import Game, IllegalMoveError, InvalidInputError, State

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
        return iter(zip(self._states, self._moves))

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
        return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game.name,
                           "options": dict(self.game.options),
                           "moves": [str(m) for m in self._moves]}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "Match":
        """Read a save file; ``InvalidInputError`` says exactly what is wrong with it."""
        from boardlib import load  # the registry lives at the package top

        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise InvalidInputError(f"this save file is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidInputError("this is not a boardlib save file")
        if type(data.get("version")) is not int or data.get("version") != SAVE_VERSION:
            raise InvalidInputError(f"unsupported save version {data.get('version')!r}")
        options, moves = data.get("options"), data.get("moves")
        if not isinstance(options, dict) or not isinstance(moves, list):
            raise InvalidInputError("a save file needs an 'options' object and a 'moves' list")
        match = cls(load(str(data.get("game")), **options))
        for number, text_move in enumerate(moves, 1):
            if not isinstance(text_move, str):
                raise InvalidInputError(f"move {number} is not text: {text_move!r}")
            try:
                match.play(text_move)
            except IllegalMoveError as exc:
                raise InvalidInputError(f"move {number} ({text_move}) is illegal: {exc}") from None
        match._redo.clear()
        return match
