"""A Room 25 position: what it holds (see ``position``), what each player may see of it, and
the moves from it.

``apply`` plays a move on a ``Draft`` of the position (``turn.play``), lets the turn run on
to the next decision (``turn.advance``) and builds the new position; the old one never
changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.core.api import TERMINAL, Event, Illegal, Outcome, State, is_whole, require

from .complex import POS_NAMES, distance
from .modes import GUARD, PRISONER
from .position import (CLUE, FIELDS, OVER, PENDING, Draft, PositionFields,
                       acts_on_the_spot, role_public)
from .refusals import why_not
from .saves import to_save
from .turn import advance, current_character, legal_moves, play, slot

if TYPE_CHECKING:
    from .game import Room25Game


class Room25State(State, PositionFields):
    """A Room 25 position; immutable once built (``Draft.build``).

    The fields are described in ``boardlib.room25.position``: ``grid`` place -> tile,
    ``loc`` character -> tile (-1 dead), ``order`` the turn order, ``prog`` the programmed
    action letters …
    """

    __slots__ = FIELDS + ("_lset",)
    FIELDS = FIELDS
    game: Room25Game
    happened: tuple[tuple[str, str], ...]
    _lset: frozenset[Any] | None

    def __init__(self, game: Room25Game, **fields: Any) -> None:
        super().__init__(game)
        self._lset = None
        missing = set(FIELDS) - set(fields)
        if missing or len(fields) != len(FIELDS):
            raise TypeError(f"a position needs every field; missing {sorted(missing)}")
        for name in FIELDS:
            setattr(self, name, fields[name])

    @classmethod
    def from_draft(cls, d: Draft) -> Room25State:
        """The position a move's draft holds, built whole."""
        s = cls.blank(d.game)
        s._lset = None
        s.grid, s.where, s.loc = d.grid, d.where, d.loc
        s.shown, s.seen, s.prog = d.shown, d.seen, d.prog
        s.did, s.trap, s.flood = d.did, d.trap, d.flood
        s.shifts, s.marker, s.deaths = d.shifts, d.marker, d.deaths
        s.up, s.locked, s.roles = d.up, d.locked, d.roles
        s.order, s.turn, s.last_turn = d.order, d.turn, d.last_turn
        s.alarm, s.phase, s.cursor = d.alarm, d.phase, d.cursor
        s.pass_no, s.cold, s.pending = d.pass_no, d.cold, d.pending
        s.step, s.result = d.step, d.result
        s.happened, s.shown_to, s.died_in = tuple(d.happened), d.shown_to, d.died_in
        return s

    # --- reading ------------------------------------------------------------------------------
    def content(self) -> tuple[Any, ...]:
        """Every field of the position (``FIELDS``: what the last move caused and showed
        whom included) as one hashable value: positions of one game with equal contents
        are the same position, so anything computed from one holds for the other."""
        return tuple(getattr(self, name) for name in FIELDS)

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase == CLUE:
            return self.game.clue_players[self.cursor]
        if phase == PENDING:
            return self.game.owner[current_character(self)]
        return self.game.owner[self.order[self.cursor]]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_character(self) -> int | None:
        """The character whose decision this is (None in the clue phase or at the end)."""
        if self.phase in (CLUE, OVER):
            return None
        return current_character(self)

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that led here caused, each with the rule that made it happen."""
        return tuple(Event(rule, text) for rule, text in self.happened)

    def kind_at(self, pos: int) -> str:
        """The room kind at a place (full information; observations mask it)."""
        return self.game.kinds[self.grid[pos]]

    def is_face_up(self, pos: int) -> bool:
        return bool(self.up >> self.grid[pos] & 1)

    def position(self, char: int) -> int | None:
        """The place of a character, or None if dead."""
        t = self.loc[char]
        return None if t < 0 else self.where[t]

    def alive(self, char: int) -> bool:
        return self.loc[char] >= 0

    def room25_position(self) -> int:
        return self.where[self.game.room25_tile]

    def remaining_turns(self) -> int:
        """Turns left on the countdown, the current one included (R25-10, R25-12)."""
        return self.last_turn - self.turn + 1

    def direct(self, c: int) -> bool:
        """Does character ``c`` act on the spot this turn (Solo, or a revealed guard)?"""
        return acts_on_the_spot(self, c)

    def role_public(self, c: int) -> bool:
        return role_public(self, c)

    def slot(self, c: int) -> str:
        """What ``c``'s current execution slot asks for: an action letter, ``?`` (a single
        action, now or later), ``*`` (choose on the spot) or ``""`` (``turn.slot``)."""
        return slot(self, c)

    def outcome(self) -> Outcome | None:
        return self.result

    def revealed_to(self, player: int) -> bool:
        """Did the move that led here show ``player`` something hidden from them before: a
        room turned face up or looked at, a role, a programmed action carried out, or
        everything at the end of the game (R25-I4)? Boards use it to refuse an Undo that
        would let a human seat take back what a bot's move showed them."""
        require(is_whole(player) and 0 <= player < self.game.num_players,
                f"player must be 0 to {self.game.num_players - 1}")
        return bool(self.shown_to >> player & 1)

    # --- moves --------------------------------------------------------------------------------
    _legal_moves = legal_moves

    def why_illegal(self, move: object) -> Illegal | None:
        """None if ``move`` is legal; else the rule it breaks and why. A legal move is most
        often one of the shared move objects of ``legal_moves``, found by identity; anything
        else is checked for its type first (``MOVES``), then against the rules."""
        for m in self.legal_moves():
            if m is move:
                return None
        return super().why_illegal(move)

    def _why_illegal(self, move: Any) -> Illegal | None:
        lset = self._lset
        if lset is None:
            lset = self._lset = frozenset(self.legal_moves())
        if move in lset:
            return None
        return why_not(self, move)

    def _apply(self, move: Any) -> Room25State:
        d = Draft(self)
        play(d, move)
        advance(d)
        return Room25State.from_draft(d)

    # --- saving and observing -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return to_save(self)

    def known_kind(self, player: int, pos: int) -> str | None:
        """The room kind at ``pos`` as ``player`` knows it: face up, or seen (R25-I4)."""
        t = self.grid[pos]
        if self.up >> t & 1 or self.seen[player] >> t & 1 or self.phase == OVER:
            return self.game.kinds[t]
        return None

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (R25-I4): face-down rooms only if they saw them, roles only
        their own or revealed ones, programs only their own (others: token counts and what was
        already performed)."""
        game = self.game
        require(isinstance(player, int) and 0 <= player < game.num_players,
                f"player must be 0 to {game.num_players - 1}")
        over = self.phase == OVER
        markers: dict[int, list[int]] = {}             # tile -> characters whose marker is on it
        for c, m in enumerate(self.marker):
            if m >= 0:
                markers.setdefault(m, []).append(c)
        up, seen, locked, kinds = self.up, self.seen[player], self.locked, game.kinds
        rooms = []
        for pos in range(25):
            t = self.grid[pos]
            known = over or up >> t & 1 or seen >> t & 1
            rooms.append({
                "place": POS_NAMES[pos],
                "kind": kinds[t] if known else None,
                "face_up": bool(up >> t & 1),
                "locked": bool(locked >> t & 1),
                "markers": markers.get(t, []),
            })
        chars = []
        for c in range(game.num_chars):
            mine = game.owner[c] == player
            place = self.position(c)
            chars.append({
                "name": game.names[c], "player": game.owner[c],
                "place": None if place is None else POS_NAMES[place],
                "alive": place is not None,
                "role": self.roles[c] if (mine or self.role_public(c)) else None,
                "team": game.team[c] if game.mode in ("team", "competition") else None,
                "program": self.prog[c] if (mine or over) else None,
                "tokens": len(self.prog[c]),
                "performed": self.did[c],
                "trapped": self.trap[c].tile >= 0 and self.trap[c].tile == self.loc[c],
                "flooding": self.flood[c].tile >= 0 and self.flood[c].tile == self.loc[c],
                "acts_directly": self.direct(c),
                "cold": bool(self.cold >> c & 1),
                "marker_in_hand": self.marker[c] < 0,
            })
        out = self.outcome()
        return {
            "player": player, "mode": game.mode, "turn": self.turn,
            "last_turn": self.last_turn, "remaining": self.remaining_turns(),
            "alarm": self.alarm, "phase": self.phase, "pass": self.pass_no,
            "current_player": self.current_player, "current_character": self.current_character,
            "order": list(self.order), "rooms": rooms, "characters": chars,
            "shifts": list(self.shifts),
            "pending": None if self.pending is None else self.pending.room,
            "outcome": None if out is None else {"termination": out.termination,
                                                 "winners": list(out.winners)},
        }

    def heuristic(self, player: int) -> float:
        """A rough value for ``player``: alive characters, known way to Room 25, dead enemies."""
        if self.phase == OVER:
            return self.returns()[player]
        game = self.game
        mine = game.chars_of[player]
        alive = sum(1 for c in mine if self.loc[c] >= 0) / max(1, len(mine))
        r25 = game.room25_tile
        if self.up >> r25 & 1:
            target = self.where[r25]
            near = [distance(self.where[self.loc[c]], target) for c in mine if self.loc[c] >= 0]
            closeness = 1 - (sum(near) / len(near)) / 8 if near else 0.0
        else:
            closeness = 0.0
        if game.mode == "suspicion" and any(self.roles[c] == GUARD for c in mine):
            dead = sum(1 for e in self.deaths if self.roles[e] == PRISONER)
            return 0.4 * dead + 0.1 * alive
        return 0.5 * alive * 0.5 + 0.4 * closeness


__all__ = ["Room25State"]
