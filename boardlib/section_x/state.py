"""What a Section X position holds, what the rules read from it, and how the next one is built.

:class:`SectionXPosition` is the data of a state and its read-only views; the rules that
judge and apply moves are in :mod:`.rules` and the modules it names. A position never
changes once built: applying a move copies it into a :class:`Draft`, which the rules change
step by step (draw a tile, move a prisoner, collapse the tunnels …) and which then builds
the new position.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.core.api import TERMINAL, Event, Outcome, State
from boardlib.grids.hex import Hex

from .board import (BURIED, FIELD_INDEX, FREED, ISLAND, Board, PlacedDoor, field_of, is_zone,
                    part_of)
from .index import NUM_PARTS, BoardIndex, DoorIndex, PrisonerIndex, cached
from .phases import OVER
from .tiles import PRISONERS, LaidTile, TileKind

if TYPE_CHECKING:
    from .rules import SectionXGame

Doors = tuple[tuple[PlacedDoor | None, ...], ...]

# what a draft changes while a move is applied
FIELD_NAMES = ("board", "hands", "stack", "locs", "used", "doors", "stamp", "keys", "player",
               "phase", "turn", "round", "result")


class SectionXPosition(State):
    """A Section X position.

    * ``board[f]``: the :class:`~.tiles.LaidTile` on field ``f``, or ``None``;
    * ``hands[p]``: the ids of player ``p``'s tiles, sorted; ``stack``: the face-down tiles,
      the top one last;
    * ``locs[k]``: the place of prisoner ``k`` (prisoners ``8p … 8p+7`` are player ``p``'s);
      ``used[k]``: the steps it has taken this turn (SX-16);
    * ``doors[p]``: player ``p``'s two doors, each ``None`` (in hand) or a
      :class:`~.board.PlacedDoor`; ``stamp``: the stamp the next door placed gets;
    * ``keys[p]``: whether player ``p`` may still use a key this round (SX-I6);
    * ``player``, ``phase`` (``tile``, ``act`` or ``over``), ``turn``, ``round``;
    * ``events``: what the move that led here caused; ``result``: the outcome, once over.

    ``index`` is the board's :class:`~.index.BoardIndex`, shared with every state on the
    same board.
    """

    game: SectionXGame
    #: what ``State.evolve`` copies: the fields, the steps' sum, the events and the index
    FIELDS = FIELD_NAMES + ("used_total", "_events", "index")

    def __init__(self, game: SectionXGame, *, board: Board, hands: tuple[tuple[int, ...], ...],
                 stack: tuple[int, ...], locs: tuple[int, ...], used: tuple[int, ...],
                 doors: Doors, stamp: int, keys: tuple[bool, ...], player: int, phase: str,
                 turn: int, round: int, events: tuple[Event, ...] = (),
                 result: Outcome | None = None, index: BoardIndex | None = None,
                 known: dict[str, Any] | None = None) -> None:
        super().__init__(game)
        self.board = board
        self.hands = hands
        self.stack = stack
        self.locs = locs
        self.used = used
        self.used_total = sum(used)
        self.doors = doors
        self.stamp = stamp
        self.keys = keys
        self.player = player
        self.phase = phase
        self.turn = turn
        self.round = round
        self._events = events
        self.result = result
        self.index = index if index is not None and index.board is board else BoardIndex(board)
        if known:       # indexes of the state this one was built from that still hold
            self.__dict__.update(known)

    # --- the indexes behind the views ------------------------------------------------
    @cached
    def prisoners(self) -> PrisonerIndex:
        return self.index.prisoners(self.locs)

    @cached
    def door_index(self) -> DoorIndex:
        return self.index.doors(self.doors)

    # --- views -------------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def tile_at(self, field: Hex) -> tuple[TileKind, int] | None:
        """``(kind, rotation)`` of the tile on ``field``, or ``None``."""
        f = FIELD_INDEX.get(field)
        laid = None if f is None else self.board[f]
        return None if laid is None else (laid.kind, laid.rotation)

    def prisoners_of(self, player: int) -> tuple[int, ...]:
        """The places of ``player``'s eight prisoners."""
        return self.locs[PRISONERS * player:PRISONERS * (player + 1)]

    def freed(self, player: int) -> int:
        """Prisoners on the free land (SX-22)."""
        return self.prisoners_of(player).count(FREED)

    def in_zones(self, player: int) -> int:
        """Prisoners of ``player`` in a free zone this round (SX-18, SX-19)."""
        return sum(1 for c in self.prisoners_of(player) if is_zone(c))

    def escaped(self, player: int) -> int:
        """Freed for good plus in a free zone now: what counts towards five (SX-23)."""
        return self.freed(player) + self.in_zones(player)

    def buried(self, player: int) -> int:
        return self.prisoners_of(player).count(BURIED)

    def key_available(self, player: int) -> bool:
        return bool(self.keys[player])

    def occupancy(self) -> dict[int, tuple[int, ...]]:
        """Place -> the prisoners there (tunnel parts and free zones only)."""
        return self.prisoners.at

    def capacity(self, place: int) -> int:
        """Room on a place (SX-17): 1 per part, 2 on a hiding place, 1 per zone (SX-18)."""
        if place == ISLAND:
            return PRISONERS * self.num_players
        if is_zone(place):
            return 1
        laid = self.board[field_of(place)]
        return 0 if laid is None else laid.kind.capacity

    def part_exists(self, place: object) -> bool:
        """Is ``place`` a tunnel part of a tile on this board?"""
        if not isinstance(place, int) or not 0 <= place < 4 * len(self.board):
            return False
        laid = self.board[field_of(place)]
        return laid is not None and part_of(place) < NUM_PARTS[laid.tile]

    def door_at(self, place: int) -> int | None:
        """The player whose door stands on part ``place``, if any."""
        return self.door_index.door_at.get(place)

    def tunnel_owner(self, place: int) -> int | None:
        """Who owns the tunnel of part ``place`` through a door in it (SX-13), if anyone."""
        return self.door_index.owner(place)

    def joined(self, place: int) -> tuple[int, ...]:
        """The places joined to ``place`` through two facing openings, sorted (SX-I4)."""
        return self.index.joined(place)

    def links(self) -> dict[int, tuple[int, ...]]:
        """Every place on this board with the places joined to it (SX-I1, SX-I4)."""
        found = {c: self.index.joined(c) for c in self.index.parts}
        for c in (ISLAND, *range(-10, -16, -1)):
            if self.index.joined(c):
                found[c] = self.index.joined(c)
        return found

    def tunnels(self) -> tuple[dict[int, int], list[int]]:
        """``(part -> tunnel number, tunnel number -> its tiles)``: every tunnel (SX-I5)."""
        comp: dict[int, int] = {}
        sizes: list[int] = []
        for number, tunnel in enumerate(self.index.all_tunnels()):
            comp.update(dict.fromkeys(tunnel.parts, number))
            sizes.append(tunnel.size)
        return comp, sizes

    def __repr__(self) -> str:
        if self.phase == OVER:
            return f"<SectionXState over: {self.result}>"
        return (f"<SectionXState round {self.round} turn {self.turn}: player {self.player}, "
                f"phase {self.phase}, "
                f"escaped {[self.escaped(p) for p in range(self.num_players)]}>")


class Draft:
    """A working copy of a position while a move is applied; :meth:`build` makes the next
    position from it, whole, by the constructor. The rules change a draft's fields and add
    events; the position it was copied from stays as it was.

    The core's ``State.draft`` reads every field through ``__getattr__`` and builds through
    ``State.evolve``; the rules read a draft's fields dozens of times a move and build two
    or three positions a turn, so this one keeps the fields in slots and calls the
    constructor (``evolve`` is used where one field changes, e.g. :func:`.turn.start_turn`).
    """

    __slots__ = FIELD_NAMES + ("origin", "events", "_index", "_changed")

    board: Board
    hands: tuple[tuple[int, ...], ...]
    stack: tuple[int, ...]
    locs: tuple[int, ...]
    used: tuple[int, ...]
    doors: Doors
    stamp: int
    keys: tuple[bool, ...]
    player: int
    phase: str
    turn: int
    round: int
    result: Outcome | None

    def __init__(self, origin: SectionXPosition) -> None:
        self.origin = origin
        self.events: list[Event] = []
        self._index = origin.index
        self._changed: tuple[int, ...] | None = None
        self.board, self.hands, self.stack = origin.board, origin.hands, origin.stack
        self.locs, self.used, self.doors = origin.locs, origin.used, origin.doors
        self.stamp, self.keys, self.player = origin.stamp, origin.keys, origin.player
        self.phase, self.turn, self.round = origin.phase, origin.turn, origin.round
        self.result = origin.result

    @property
    def game(self) -> SectionXGame:
        return self.origin.game

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def lay(self, board: Board, changed: tuple[int, ...] | None = None) -> None:
        """Put ``board`` in the draft: the board as it was but for the ``changed`` fields
        (``None``: maybe any), which lets the new board's index take over the rest."""
        self._changed = changed if self.board is self._index.board else None
        self.board = board

    @property
    def index(self) -> BoardIndex:
        """The index of the draft's board as it is now."""
        if self._index.board is not self.board:
            self._index = BoardIndex(self.board, earlier=self._index, changed=self._changed)
        return self._index

    def event(self, rule: str, text: str) -> None:
        self.events.append(Event(rule, text))

    def build(self) -> Any:
        """The new position (of the same class as the one the draft was copied from)."""
        origin = self.origin
        known = {}
        if self.board is origin.board:     # the origin's prisoner and door indexes still hold
            found = origin.__dict__
            if self.locs is origin.locs and "prisoners" in found:
                known["prisoners"] = found["prisoners"]
            if self.doors is origin.doors and "door_index" in found:
                known["door_index"] = found["door_index"]
        return type(origin)(
            origin.game, board=self.board, hands=self.hands, stack=self.stack, locs=self.locs,
            used=self.used, doors=self.doors, stamp=self.stamp, keys=self.keys,
            player=self.player, phase=self.phase, turn=self.turn, round=self.round,
            events=tuple(self.events), result=self.result, index=self.index, known=known)


def replaced(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """``row`` with entry ``i`` replaced."""
    return row[:i] + (value,) + row[i + 1:]


__all__ = ["SectionXPosition", "Draft", "Doors", "replaced", "LaidTile", "PlacedDoor"]
