"""Section X: the rule engine (catalogue ``SX-01`` … ``SX-23``, interpretations ``SX-I1``
… ``SX-I11``).

Prisoners leave the island through tunnels of hexagonal tiles laid on the
ocean (SX-01, SX-03). A turn has three phases, declared as data in
:data:`PHASES` (SX-05): draw a tile (automatic, SX-06), one tile action (place
with fit, swap, move or rotate, SX-07 … SX-11), then either prisoner steps
(``Step`` moves against a budget, SX-16) or one door (SX-12 … SX-15).
A round ends when a player frees enough prisoners (SX-19); the tunnels
collapse (SX-20 … SX-22); five freed prisoners win (SX-23).

Places are written as text in moves: ``island``, ``zone 3`` (the free zone
behind the gate in direction 3) and ``q,r/i`` (part ``i`` of the tile on field
``q,r``); inside the engine they are small integers (:mod:`.board`, which also
works out fit, links and tunnels). The moves and the blocks that count them are
in :mod:`.moves`.

This module imports neither matplotlib, ipywidgets nor networkx; the networkx
view of the tunnels is in :mod:`boardlib.section_x.tunnels`.
"""
from __future__ import annotations

import random
from bisect import bisect_left, insort
from operator import attrgetter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from boardlib.core.api import (TERMINAL, Event, Game, Illegal, InvalidInputError, Option,
                               Outcome, State, is_whole, require)
from boardlib.grids.hex import DIRECTION_NAMES, Hex

from .board import (BURIED, FIELD_INDEX, FIELD_TEXT, FIELDS, FREED, GATE_DISTANCE, GATES, IS_OCEAN,
                    ISLAND, ISLAND_FIELDS, OCEAN, OCEAN_INDEX, ZONE0,
                    _BACK, _CAPACITY, _FIELD_BIT, _NUM_PARTS, _OCEAN_NEIGH, _OUTLINE,
                    _FACING_FIELDS, _FIELD_CHECK, _HIDING, _KIND_NO, _compute_links,
                    _compute_tunnels, _distance_sentence, _field_check,
                    _fit_key, _joined, _misfit, _misfit_sentence, _move_misfit, _moved,
                    _part_links, _rotate_misfit, _swap_misfit, _swapped, _tunnel_from,
                    _Tunnels, _update_tunnels, is_zone, parse_place, place_text, zone_code)
from .catalogue import CATALOGUE
from .moves import (_END_BLOCK, _MOVE, _OTHER_ROTATIONS, _PATTERNS, _ROTATE, _SWAP,
                    ACT_MOVES, TILE_MOVES, Door, EndTurn, Move, MoveTile, PlaceTile, RotateTile,
                    Step, SwapTiles, _DoorTargets, _fields_of, _kind_counts,
                    _Placements, _Rearrangements, _Rows, _Steps, _Turns)
from .tiles import (KIND_BY_NAME, KINDS, NUM_TILES, TILE_KINDS, TileKind, canonical_rotation,
                    outline)

_UNSET = object()
_NO_PARTS: frozenset[int] = frozenset()
_SIZE = attrgetter("size")
_HAND_KINDS: dict[tuple[int, ...], tuple[tuple[int, ...], list[list[int]]]] = {}


def _hand_kinds(hand: tuple[int, ...]) -> tuple[tuple[int, ...], list[list[int]]]:
    """The kind numbers of the tiles in a hand, sorted, and their fit counts
    (:func:`.moves._kind_counts`), once per hand."""
    known = _HAND_KINDS.get(hand)
    if known is None:
        kinds = tuple(sorted({_KIND_NO[t] for t in hand}))
        known = _HAND_KINDS[hand] = kinds, [_kind_counts(k) for k in kinds]
    return known


TARGET_FREED = 5          # SX-23
PRISONERS = 8             # SX-02
DOORS = 2                 # SX-02
HAND_LIMIT = 3            # SX-06
STEPS_PER_TURN = 5        # SX-16
STEPS_PER_PRISONER = 2    # SX-16

# --- phases as data (SX-05, SX-I8) --------------------------------------------


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a turn: its name, its rule, whether the engine does it by itself, and
    the kinds of move a player makes in it (``why_illegal`` refuses the others, SX-05)."""

    name: str
    rule: str
    title: str
    automatic: bool
    moves: tuple[type, ...] = ()


TILE_PHASE, ACT_PHASE, OVER = "tile", "act", "over"
PHASES: tuple[Phase, ...] = (
    Phase("draw", "SX-06", "take a tile", automatic=True),
    Phase(TILE_PHASE, "SX-07", "place, swap, move or rotate a tile", automatic=False,
          moves=TILE_MOVES),
    Phase(ACT_PHASE, "SX-12", "move prisoners or place a door", automatic=False,
          moves=ACT_MOVES),
)
PHASE_MOVES: dict[str, tuple[type, ...]] = {p.name: p.moves for p in PHASES if p.moves}

# --- the game ----------------------------------------------------------------


class SectionXGame(Game):
    """Section X for 2–4 players (SX-I11)."""

    name = "section_x"
    title = "Section X"
    catalogue = CATALOGUE
    # The escape bot plays "greedy" here: the shared one-ply greedy bot would score every
    # one of ~1000 tile actions per turn (read by Game.bots() where the core supports it).
    BOT_CLASSES = {"escape": "boardlib.section_x.bots:EscapeBot",
                   "greedy": "boardlib.section_x.bots:EscapeBot"}
    OPTIONS = (
        Option("players", 2, "number of players (SX-I11)", choices=(2, 3, 4), rule="SX-I11"),
        Option("seed", 0, "seed for shuffling the tiles (SX-04, SX-21)"),
        Option("keys", True, "each player has a key usable once per round (SX-I6)",
               choices=(True, False), rule="SX-I6"),
        Option("strict_fit", False, "swap, move and rotate must fit too (SX-I3)",
               choices=(True, False), rule="SX-I3"),
        Option("round_target", 0, "prisoners freed to end a round; 0 = 2 with two players, "
               "3 with more (SX-19, SX-I7)", choices=(0, 1, 2, 3, 4, 5), rule="SX-I7"),
        Option("max_turns", 400, "turns after which the game stops as a draw by limit; "
               "0 = no limit (SX-I10)"),
    )

    def _setup(self) -> None:
        if self.options["max_turns"] < 0:
            raise InvalidInputError("option max_turns must be 0 (no limit) or more (SX-I10)")
        n = self.options["players"]
        self.round_target = self.options["round_target"] or (2 if n == 2 else 3)
        self.no_doors = ((None,) * DOORS,) * n
        self.no_steps = (0,) * (PRISONERS * n)
        self.max_turns = self.options["max_turns"]
        self.strict_fit = self.options["strict_fit"]

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def new_initial_state(self) -> "SectionXState":
        """SX-04: prisoners on the island, doors in hand, tiles shuffled face down."""
        n = self.num_players
        stack = list(range(NUM_TILES))
        random.Random(self.options["seed"]).shuffle(stack)
        state = SectionXState(
            self, board=(None,) * len(FIELDS), hands=((),) * n, stack=tuple(stack),
            locs=(ISLAND,) * (PRISONERS * n), used=(0,) * (PRISONERS * n), used_total=0,
            doors=((None,) * DOORS,) * n, stamp=0, keys=(self.options["keys"],) * n,
            player=0, phase=TILE_PHASE, turn=0, round=1, events=(), result=None)
        return state._start_turn(0, 0, [])

    def shuffle_rng(self, round_number: int) -> random.Random:
        """The generator for the reshuffle after round ``round_number`` (SX-21), from the seed."""
        return random.Random(f"section_x:{self.options['seed']}:{round_number}")

    def parse_move(self, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidInputError(f"a move is text, not {type(text).__name__}")
        t = " ".join(text.split())
        for pattern, build in _PATTERNS:
            m = pattern.match(t)
            if m:
                return build(m)
        raise InvalidInputError(
            f"cannot read {text!r} as a Section X move; examples: 'place straight at 2,-3 r1', "
            "'swap 2,-3 with 1,2', 'move 2,-3 to 0,3', 'rotate 2,-3 to r2', "
            "'step island to 2,-1/0', 'door on 2,-1/0', 'door 2,-1/0 to 3,-1/0', 'end turn'")

    def state_from_dict(self, data: Mapping[str, Any]) -> "SectionXState":
        return _state_from_dict(self, data)


# --- the state -----------------------------------------------------------------

class SectionXState(State):
    """A Section X position. All fields are tuples of small values; see ``to_dict``.

    ``board[f]`` is ``None`` or ``(tile id, rotation)``; ``locs[k]`` is the place code
    of prisoner ``k`` (prisoners ``8p … 8p+7`` belong to player ``p``); ``used`` counts
    each prisoner's steps this turn; ``doors[p]`` holds two entries, ``None`` (in hand)
    or ``(part code, stamp)``, the stamp ordering door placements (SX-I5 ties).
    """

    __slots__ = ("board", "hands", "stack", "locs", "used", "used_total", "doors", "stamp",
                 "keys", "player", "phase", "turn", "round", "_events", "result",
                 "_view", "_pris", "_owners", "_held", "_memo")

    def __init__(self, game: SectionXGame, *, board: tuple, hands: tuple, stack: tuple,
                 locs: tuple, used: tuple, used_total: int, doors: tuple, stamp: int,
                 keys: tuple, player: int, phase: str, turn: int, round: int,
                 events: tuple, result: Outcome | None,
                 view: "_BoardView | None" = None) -> None:
        super().__init__(game)
        self.board = board
        self.hands = hands
        self.stack = stack
        self.locs = locs
        self.used = used
        self.used_total = used_total
        self.doors = doors
        self.stamp = stamp
        self.keys = keys
        self.player = player
        self.phase = phase
        self.turn = turn
        self.round = round
        self._events = events
        self.result = result
        self._view = _BoardView(board) if view is None else view   # shared by equal boards
        self._pris: _Prisoners | None = None
        self._owners: dict[int, int] | None = None
        self._held: dict[int, tuple[int, tuple, int]] | None = None
        self._memo: dict[Any, Any] = {}     # per-field answers, reused by why_illegal

    game: SectionXGame

    def _derive(self, board: tuple | None = None, hands: tuple | None = None,
                stack: tuple | None = None, locs: tuple | None = None,
                used: tuple | None = None, used_total: int | None = None,
                doors: tuple | None = None, stamp: int | None = None,
                keys: tuple | None = None, player: int | None = None,
                phase: str | None = None, turn: int | None = None, round: int | None = None,
                result: Outcome | None = None, view: "_BoardView | None" = None,
                held: "dict[int, tuple[int, tuple, int]] | None" = None) -> "SectionXState":
        """A copy with the fields given changed (no field changes to ``None``); caches
        survive where what they rest on does. ``view`` is the new board's view, ``held``
        the new doors' tunnels (if known). Fields are passed by name rather than as
        ``**changes`` (no setattr per change); the parameters are not keyword-only, as
        CPython looks each keyword-only default up in a dict per call."""
        state = object.__new__(SectionXState)
        state.game = self.game
        state._legal = state._picked = None
        state.hands = self.hands if hands is None else hands
        state.stack = self.stack if stack is None else stack
        state.used = self.used if used is None else used
        state.used_total = self.used_total if used_total is None else used_total
        state.stamp = self.stamp if stamp is None else stamp
        state.keys = self.keys if keys is None else keys
        state.player = self.player if player is None else player
        state.phase = self.phase if phase is None else phase
        state.turn = self.turn if turn is None else turn
        state.round = self.round if round is None else round
        state.result = self.result if result is None else result
        state._events = ()
        state.board = board = self.board if board is None else board
        state.doors = doors = self.doors if doors is None else doors
        state.locs = locs = self.locs if locs is None else locs
        if board is self.board:
            state._view = self._view
            if doors is self.doors:
                state._owners, state._held = self._owners, self._held
            else:
                state._owners = None
                state._held = held
        else:
            state._view = view or _BoardView(board)
            state._owners = state._held = None
        state._pris = self._pris if locs is self.locs else None
        state._memo = {}
        return state

    # --- basic views ------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    def is_terminal(self) -> bool:
        return self.phase == OVER       # asked twice a move in play: no property call

    @property
    def events(self) -> tuple[Event, ...]:
        # kept as (rule, text) pairs: most states are played past without their events read
        return tuple([Event(rule, text) for rule, text in self._events])

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def tile_at(self, field: Hex) -> tuple[TileKind, int] | None:
        """``(kind, rotation)`` of the tile on ``field``, or ``None``."""
        f = FIELD_INDEX.get(field)
        if f is None or self.board[f] is None:
            return None
        tile, rot = self.board[f]
        return TILE_KINDS[tile], rot

    def prisoners_of(self, player: int) -> tuple[int, ...]:
        """Place codes of ``player``'s eight prisoners."""
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

    def occupancy(self) -> dict[int, list[int]]:
        """Place code -> prisoner ids there (tunnel parts and zones only)."""
        return self._prisoners().occ

    def _prisoners(self) -> "_Prisoners":
        if self._pris is None:
            self._pris = _Prisoners(self.locs, self.board, len(self.hands))
        return self._pris

    def capacity(self, code: int) -> int:
        """Room on a place (SX-17): 1 per part, 2 on a hiding place, 1 per zone (SX-18)."""
        if code == ISLAND:
            return PRISONERS * self.num_players
        if is_zone(code):
            return 1
        cell = self.board[code >> 2]
        return TILE_KINDS[cell[0]].capacity if cell is not None else 0

    def part_exists(self, code: int) -> bool:
        if code < 0:
            return False
        cell = self.board[code >> 2]
        return cell is not None and (code & 3) < len(TILE_KINDS[cell[0]].parts)

    def door_at(self, code: int) -> int | None:
        """The player whose door stands on part ``code``, if any."""
        for p, ds in enumerate(self.doors):
            for d in ds:
                if d is not None and d[0] == code:
                    return p
        return None

    # --- tunnels (see tunnels.py for the networkx view) --------------------
    def links(self) -> dict[int, tuple[int, ...]]:
        """Place code -> places joined to it through facing openings (SX-I1, SX-I4).

        Built from the board when first asked for and shared by every state with the
        same board; the rules themselves ask :meth:`joined`, one place at a time.
        ``tests/section_x`` checks both against :func:`tunnels.tunnel_graph`.
        """
        view = self._view
        if view.links is None:
            view.links = _compute_links(self.board)
        return view.links

    def joined(self, code: int) -> tuple[int, ...]:
        """The places joined to place ``code`` through facing openings, sorted (SX-I4)."""
        view = self._view
        if view.links is not None:
            return view.links.get(code, ())
        found = view.near.get(code)
        if found is None:
            found = view.near[code] = _joined(self.board, code)
        return found

    def fit_keys(self) -> tuple[int, ...]:
        """Per empty ocean field, what a tile laid there must match (SX-07) as
        ``care << 6 | need``: the edges that touch a tile, and which of them face an
        opening (0 where no tile may be laid)."""
        board = self.board
        return tuple([key if IS_OCEAN[f] and board[f] is None else 0
                      for f, key in enumerate(self._view.fit_keys())])

    def tunnels(self) -> tuple[dict[int, int], list[int]]:
        """``(part -> tunnel id, tunnel id -> number of tiles)``: connected parts (SX-I5)."""
        t = self._tunnel_data()
        return t.comp, t.sizes

    def _tunnel_data(self) -> "_Tunnels":
        view = self._view
        if view.tunnels is None:
            view.tunnels = _compute_tunnels(self.board)
        return view.tunnels

    def owners(self) -> dict[int, int]:
        """Tunnel id -> the player whose door stands in it (SX-13)."""
        if self._owners is None and self.doors == self.game.no_doors:
            self._owners = {}
        if self._owners is None:
            comp, _ = self.tunnels()
            self._owners = {comp[d[0]]: p for p, ds in enumerate(self.doors)
                            for d in ds if d is not None}
        return self._owners

    def _held_tunnels(self) -> dict[int, tuple[int, tuple[int, frozenset[int], int, int], int]]:
        """The tunnels that hold a door, by their smallest part: (the door's player, the
        tunnel as :func:`.board._tunnel_from` gives it, the door's part) (SX-13), in no
        particular order. The rules need only these, not the whole labelling of
        :meth:`tunnels`; a tile action or a door move updates them (``_settle_doors``,
        ``_apply_door``)."""
        held = self._held
        if held is None:
            tunnel_of = self._view.tunnel_of
            held = self._held = {}
            for p, ds in enumerate(self.doors):
                for d in ds:
                    if d is not None:
                        tunnel = tunnel_of(d[0])
                        held[tunnel[0]] = (p, tunnel, d[0])
        return held

    def tunnel_owner(self, code: int, ignore: tuple[int, int] | None = None) -> int | None:
        """Who owns the tunnel of part ``code`` through a door (SX-13), ignoring door ``ignore``."""
        comp, _ = self.tunnels()
        if ignore is None:
            return self.owners().get(comp[code])
        t = comp[code]
        for p, ds in enumerate(self.doors):
            for slot, d in enumerate(ds):
                if d is not None and (p, slot) != ignore and comp.get(d[0]) == t:
                    return p
        return None

    def _foreign_owner(self, f: int, player: int) -> int | None:
        """Another player owning a tunnel through the tile on field ``f``, if any (SX-13)."""
        owners = self.owners()
        if not owners:
            return None
        comp, _ = self.tunnels()
        tile, _ = self.board[f]
        for i in range(len(TILE_KINDS[tile].parts)):
            owner = owners.get(comp[f * 4 + i])
            if owner is not None and owner != player:
                return owner
        return None

    # --- legal moves ------------------------------------------------------
    def _legal_moves(self) -> tuple[Move, ...]:
        return tuple([m for block in self._move_blocks() for m in block])

    def _random_move(self, rng: random.Random) -> Move:
        """``rng.choice(self.legal_moves())`` without building the ~1000 tile actions of a
        crowded board: the drawn index is looked up block by block (see :class:`_Rows`)."""
        if self._legal is not None:
            return super()._random_move(rng)
        blocks = self._move_blocks()
        # every block has ``size``: no Python __len__ calls; _randbelow is what rng.choice does
        i = rng._randbelow(sum(map(_SIZE, blocks)))
        for block in blocks:
            if i < block.size:
                return block[i]
            i -= block.size
        raise AssertionError("unreachable")

    def _move_blocks(self) -> list[Sequence[Move]]:
        """The legal moves as consecutive blocks, each counted and indexed without building it."""
        if self.phase == TILE_PHASE:
            return self._tile_blocks()
        return self._act_blocks()

    def _placements(self) -> "_Placements | None":
        """SX-07: tiles from the hand laid with fit (``None`` with an empty hand); made once
        per state, as the start of a turn asks for them first (SX-I8)."""
        made = self._memo.get("placements", _UNSET)
        if made is _UNSET:
            made = None
            hand = self.hands[self.player]
            if hand:
                view = self._view.index()
                kinds, counts = _hand_kinds(hand)
                made = _Placements(kinds, counts, view.empty, view.fit_keys())
            self._memo["placements"] = made
        return made

    def _tile_blocks(self) -> list[Sequence[Move]]:
        """Every legal phase-2 action (SX-07 … SX-11, SX-I3): places, swaps, moves, turns;
        made once per state."""
        memo = self._memo
        blocks = memo.get("tile blocks")
        if blocks is None:
            placements = self._placements()
            blocks = memo["tile blocks"] = self._rearrangements()
            if placements is not None:
                blocks.insert(0, placements)
        return blocks

    def _rearrangements(self) -> list[Sequence[Move]]:
        """SX-08 … SX-11, SX-I3: swaps, moves and turns of tiles on the board."""
        p = self.player
        board = self.board
        strict = self.game.strict_fit
        view = self._view.index()
        empty = view.empty
        # SX-08 with SX-09, SX-10, SX-13: which tiles may be rearranged. Sets of fields are
        # bit masks (bit f for field f), so the moves are counted without listing them.
        foreign = 0                         # fields in another player's tunnel (SX-13)
        for q, tunnel, _ in (self._held or self._held_tunnels()).values():
            if q != p:
                foreign |= tunnel[2]
        prisoners = self._pris or self._prisoners()
        hiders = prisoners.alone[p] & ~foreign
        rotatable = view.tiled_mask & ~(foreign | prisoners.crowded)
        if not strict and not hiders:     # nothing to check per pair
            return [_Rearrangements(board, rotatable, empty, view.turn_count(rotatable))]
        fields = _fields_of(rotatable | hiders)
        hiding = set(_fields_of(hiders))
        turns: Sequence[Move] = (_Rows(_turn_rows(board, _fields_of(rotatable), strict))
                                 if strict else
                                 _Turns(board, rotatable, view.turn_count(rotatable)))
        return [_Rows(_swap_rows(board, fields, hiding, strict)),
                _Rows(_move_rows(board, fields, hiding, empty, strict)), turns]

    def _act_blocks(self) -> list[Sequence[Move]]:
        """Phase 3 (SX-12): steps while the budget lasts, doors before any step, end turn."""
        if self.used_total == 0:
            return [self._steps(), self._door_targets(), _END_BLOCK]
        if self.used_total < STEPS_PER_TURN:
            return [self._steps(), _END_BLOCK]
        return [_END_BLOCK]

    def _steps(self) -> "_Steps":
        """SX-16: a step of one of your prisoners that has a step left, onto a joined place
        with room (SX-17, SX-18) and without another player's door unless you still have
        your key (SX-13, SX-I6)."""
        p = self.player
        prisoners = self._pris or self._prisoners()
        if self.used_total == 0:
            sources = prisoners.sources[p]
        else:
            lo = PRISONERS * p
            used = self.used
            sources = sorted({c for k, c in enumerate(self.locs[lo:lo + PRISONERS], lo)
                              if (c >= 0 or c == ISLAND) and used[k] < STEPS_PER_PRISONER})
        # the same answers as _step_block(p, dst, occ) is None, without sentences: full
        # parts, claimed zones, and doors that would stop this player
        blocked = prisoners.full
        if not self.keys[p]:
            blocked = blocked.copy()
            for q, _, door in (self._held or self._held_tunnels()).values():  # every door
                if q != p:
                    blocked.add(door)
        # counted from a part's links unsorted and not kept: a fresh board (after the tile
        # action) has none kept, and joined() sorts them only if a step is picked
        near = self._view.near
        board = self.board
        size = 0
        for src in sources:     # few: plain loops cost less than comprehensions or map
            dsts = near.get(src)
            if dsts is None:
                dsts = _part_links(board, src) if src >= 0 else self.joined(src)
            for dst in dsts:
                if dst not in blocked:
                    size += 1
        return _Steps(sources, self.joined, blocked, size)

    def _step_block(self, p: int, dst: int, occ: dict[int, list[int]]) -> Illegal | None:
        """Why ``p`` may not step onto ``dst`` (SX-17, SX-18, SX-13, SX-I6), or ``None``."""
        if dst == ISLAND:
            return None
        if is_zone(dst):
            if occ.get(dst):
                return Illegal("SX-18", f"Free {place_text(dst)} is already claimed by player "
                               f"{occ[dst][0] // PRISONERS}; no other prisoner may enter it.")
            return None
        if len(occ.get(dst, ())) >= self.capacity(dst):
            return Illegal("SX-17", f"Place {place_text(dst)} is full: a tunnel part holds "
                           "one prisoner and a hiding place two.")
        owner = self.door_at(dst)
        if owner is not None and owner != p and not self.keys[p]:
            if self.game.options["keys"]:
                return Illegal("SX-I6", f"Player {owner}'s door stands on {place_text(dst)} and "
                               "your key is already used this round.")
            return Illegal("SX-13", f"Player {owner}'s door stands on {place_text(dst)}: only "
                           "they may move prisoners through it.")
        return None

    def _door_targets(self) -> _DoorTargets:
        """SX-13, SX-14, SX-I5: a door of yours (from the hand, or lifted from its part)
        onto any part of a tunnel that has no other door."""
        p = self.player
        parts = self._view.index().parts
        taken: set[int] = set()         # the parts of tunnels that hold a door
        mine = {}
        for q, tunnel, part in (self._held or self._held_tunnels()).values():
            taken |= tunnel[1]
            if q == p:
                mine[part] = tunnel[1]
        free = len(parts) - len(taken)
        doors = self.doors[p]
        targets = [(None, _NO_PARTS, free)] if None in doors else []
        size = len(targets) * free
        for d in doors:
            if d is not None:
                src = d[0]   # lifting this door frees its own tunnel (SX-I5)
                own = mine[src]
                count = free + len(own) - 1
                targets.append((src, own, count))
                size += count
        return _DoorTargets(parts, taken, targets, size)

    def has_tile_action(self) -> bool:
        """Is any phase-2 action possible (SX-I8: otherwise the phase is skipped)?

        Placements are looked at first: mostly there are some, and the rest need not be made.
        """
        placements = self._placements()
        if placements is not None and placements.size:
            return True
        return any([len(block) for block in self._tile_blocks()])

    # --- refusals -----------------------------------------------------------
    def why_illegal(self, move: object) -> Illegal | None:
        if self.phase == OVER:
            return Illegal(self.result.rule if self.result else "SX-23",
                           "The game is over; no more moves can be made.")
        why = _WHY.get(type(move))
        if why is None:
            return Illegal("SX-05", f"{move!r} is not a Section X move.")
        if type(move) not in PHASE_MOVES[self.phase]:
            if self.phase == TILE_PHASE:
                return Illegal("SX-05", "It is phase 2: first place, swap, move or rotate a "
                               "tile; prisoners and doors come in phase 3.")
            return Illegal("SX-05", "It is phase 3: the tile action of this turn is done; "
                           "move prisoners, place a door or end the turn.")
        return why(self, move)

    def _field(self, h: object) -> tuple[int | None, Illegal | None]:
        """The ocean field index of ``h`` or why it is none (SX-I1)."""
        known = _FIELD_CHECK.get(h) if isinstance(h, Hex) else None
        return known if known is not None else _field_check(h)

    def _why_place(self, move: PlaceTile) -> Illegal | None:
        kind = KIND_BY_NAME.get(move.kind) if isinstance(move.kind, str) else None
        if kind is None:
            return Illegal("SX-I2", f"There is no tile kind {move.kind!r}; kinds are "
                           f"{', '.join(k.name for k in KINDS)}.")
        if not isinstance(move.rotation, int) or not 0 <= move.rotation < 6:
            return Illegal("SX-I2", "A rotation is a number of sixths from 0 to 5.")
        if all(TILE_KINDS[t] is not kind for t in self.hands[self.player]):
            return Illegal("SX-07", f"You have no {kind.title} tile in your hand.")
        f, problem = self._field(move.field)
        if problem:
            return problem
        if self.board[f] is not None:
            return Illegal("SX-07", f"Field {move.field} already has a tile; place on an "
                           "empty ocean field.")
        key = self._view.fit_keys()[f]
        if outline(kind, move.rotation) & (key >> 6) == key & 63:
            return None
        d = _misfit(self.board, f, outline(kind, move.rotation))
        if d is not None:
            return Illegal("SX-07", _misfit_sentence(self.board, f, outline(kind, move.rotation), d,
                                                     "The tile does not fit"))
        return None

    def _why_rearrange(self, f: int, h: Hex, verb: str) -> Illegal | None:
        """SX-10 and SX-13 for moving or swapping the tile on field ``f`` (memoised)."""
        key = ("rearrange", f, verb)
        if key not in self._memo:
            self._memo[key] = self._rearrange_problem(f, h, verb)
        return self._memo[key]

    def _rearrange_problem(self, f: int, h: Hex, verb: str) -> Illegal | None:
        p = self.player
        occ = self.occupancy()
        tile, _ = self.board[f]
        kind = TILE_KINDS[tile]
        on_tile = [k for i in range(len(kind.parts)) for k in occ.get(f * 4 + i, ())]
        if on_tile and not kind.hiding:
            return Illegal("SX-10", f"You cannot {verb} the tile on {h}: prisoners stand on it.")
        if on_tile and any(k // PRISONERS != p for k in on_tile):
            return Illegal("SX-10", f"You cannot {verb} the hiding place on {h}: another "
                           "player's prisoners stand on it.")
        owner = self._foreign_owner(f, p)
        if owner is not None:
            return Illegal("SX-13", f"The tile on {h} belongs to player {owner}'s tunnel (their "
                           f"door); only they may {verb} it.")
        return None

    def _carries_prisoners(self, f: int) -> bool:
        key = ("carries", f)
        if key not in self._memo:
            occ = self.occupancy()
            tile, _ = self.board[f]
            self._memo[key] = any(occ.get(f * 4 + i) for i in range(len(TILE_KINDS[tile].parts)))
        return self._memo[key]

    def _why_rotate(self, move: RotateTile) -> Illegal | None:
        f, problem = self._field(move.field)
        if problem:
            return problem
        if self.board[f] is None:
            return Illegal("SX-08", f"There is no tile on {move.field} to rotate.")
        if not isinstance(move.rotation, int) or not 0 <= move.rotation < 6:
            return Illegal("SX-I2", "A rotation is a number of sixths from 0 to 5.")
        if self._carries_prisoners(f):
            return Illegal("SX-09", "You cannot rotate a tile with prisoners on it.")
        owner = self._foreign_owner(f, self.player)
        if owner is not None:
            return Illegal("SX-09", f"The tile on {move.field} is part of player {owner}'s "
                           "tunnel; only they may rotate it.")
        tile, rot = self.board[f]
        kind = TILE_KINDS[tile]
        if canonical_rotation(kind, move.rotation) == canonical_rotation(kind, rot):
            return Illegal("SX-08", f"Turning the {kind.title} to r{move.rotation} leaves it "
                           "exactly as it lies; that is no rotation.")
        if self.game.options["strict_fit"]:
            d = _rotate_misfit(self.board, f, move.rotation)
            if d is not None:
                return Illegal("SX-I3", _misfit_sentence(
                    self.board, f, outline(kind, move.rotation), d,
                    "With strict_fit the turned tile must fit"))
        return None

    def _why_move(self, move: MoveTile) -> Illegal | None:
        a, problem = self._field(move.src)
        if problem:
            return problem
        if self.board[a] is None:
            return Illegal("SX-08", f"There is no tile on {move.src} to move.")
        b, problem = self._field(move.dst)
        if problem:
            return problem
        if self.board[b] is not None:
            return Illegal("SX-08", f"Field {move.dst} is not empty; to exchange two tiles, "
                           "swap them.")
        problem = self._why_rearrange(a, move.src, "move")
        if problem:
            return problem
        if self._carries_prisoners(a) and GATE_DISTANCE[b] < GATE_DISTANCE[a]:
            return Illegal("SX-11", _distance_sentence(move.src, move.dst, a, b))
        if self.game.options["strict_fit"]:
            d = _move_misfit(self.board, a, b)
            if d is not None:
                board = _moved(self.board, a, b)
                return Illegal("SX-I3", _misfit_sentence(
                    board, b, outline(TILE_KINDS[board[b][0]], board[b][1]), d,
                    "With strict_fit the moved tile must fit"))
        return None

    def _why_swap(self, move: SwapTiles) -> Illegal | None:
        a, problem = self._field(move.a)
        if problem:
            return problem
        b, problem = self._field(move.b)
        if problem:
            return problem
        if a == b:
            return Illegal("SX-08", "A swap needs two different tiles.")
        for f, h in ((a, move.a), (b, move.b)):
            if self.board[f] is None:
                return Illegal("SX-08", f"There is no tile on {h} to swap; to put a tile on an "
                               "empty field, move it.")
        for f, h in ((a, move.a), (b, move.b)):
            problem = self._why_rearrange(f, h, "swap")
            if problem:
                return problem
        for f, g, hf, hg in ((a, b, move.a, move.b), (b, a, move.b, move.a)):
            if self._carries_prisoners(f) and GATE_DISTANCE[g] < GATE_DISTANCE[f]:
                return Illegal("SX-11", _distance_sentence(hf, hg, f, g))
        if self.game.options["strict_fit"]:
            bad = _swap_misfit(self.board, a, b)
            if bad is not None:
                f, d = bad
                board = _swapped(self.board, a, b)
                return Illegal("SX-I3", _misfit_sentence(
                    board, f, outline(TILE_KINDS[board[f][0]], board[f][1]), d,
                    "With strict_fit both swapped tiles must fit"))
        return None

    def _why_step(self, move: Step) -> Illegal | None:
        p = self.player
        src, dst = parse_place(move.src), parse_place(move.dst)
        for text, code in ((move.src, src), (move.dst, dst)):
            if (code is None or code in (FREED, BURIED)
                    or (code >= 0 and not self.part_exists(code))):
                return Illegal("SX-I4", f"There is no place {text!r} on the board: write island, "
                               "zone 0-5, or q,r/i for part i of a tile.")
        if is_zone(src):
            return Illegal("SX-18", "A prisoner in a free zone has escaped; it does not move "
                           "again this round.")
        mine = [k for k in range(PRISONERS * p, PRISONERS * (p + 1)) if self.locs[k] == src]
        if not mine:
            return Illegal("SX-I4", f"You have no prisoner on {move.src}.")
        if self.used_total >= STEPS_PER_TURN:
            return Illegal("SX-16", "You have used all five steps of this turn.")
        if all(self.used[k] >= STEPS_PER_PRISONER for k in mine):
            return Illegal("SX-16", f"Your prisoner on {move.src} has already taken two steps "
                           "this turn.")
        if dst not in self.joined(src):
            return Illegal("SX-I4", f"Places {move.src} and {move.dst} are not joined by two "
                           "facing openings.")
        return self._step_block(p, dst, self.occupancy())

    def _why_door(self, move: Door) -> Illegal | None:
        p = self.player
        if self.used_total > 0:
            return Illegal("SX-12", "You are moving prisoners this turn; phase 3 allows "
                           "prisoners or a door, not both.")
        dst = parse_place(move.dst)
        if dst is None or not self.part_exists(dst):
            return Illegal("SX-I5", f"A door stands on a tunnel part of a tile; {move.dst!r} "
                           "is none.")
        ignore = None
        if move.src is None:
            if all(d is not None for d in self.doors[p]):
                return Illegal("SX-I5", "Both your doors are on the board; move one of them "
                               "instead.")
        else:
            src = parse_place(move.src)
            slots = [s for s, d in enumerate(self.doors[p]) if d is not None and d[0] == src]
            if not slots:
                return Illegal("SX-I5", f"You have no door on {move.src}.")
            if src == dst:
                return Illegal("SX-I5", f"Your door already stands on {move.dst}.")
            ignore = (p, slots[0])
        owner = self.tunnel_owner(dst, ignore=ignore)
        if owner is not None:
            whose = "your other" if owner == p else f"player {owner}'s"
            return Illegal("SX-14", f"The tunnel through {move.dst} already has a door "
                           f"({whose}); a tunnel holds only one.")
        return None

    # --- applying moves -------------------------------------------------------
    def _apply(self, move: Move) -> "SectionXState":
        if isinstance(move, Door):      # the commonest move in random play: tested first
            return self._apply_door(move, [])
        p = self.player
        events: list[tuple[str, str]] = []
        if isinstance(move, MoveTile):    # the commonest tile actions first
            a, b = FIELD_INDEX[move.src], FIELD_INDEX[move.dst]
            return self._after_tiles(_moved(self.board, a, b), (a, b), {a: b}, events)
        if isinstance(move, SwapTiles):
            a, b = FIELD_INDEX[move.a], FIELD_INDEX[move.b]
            return self._after_tiles(_swapped(self.board, a, b), (a, b), {a: b, b: a}, events)
        if isinstance(move, PlaceTile):
            kind = KIND_BY_NAME[move.kind]
            hand = list(self.hands[p])
            tile = min(t for t in hand if TILE_KINDS[t] is kind)
            hand.remove(tile)
            f = FIELD_INDEX[move.field]
            board = list(self.board)
            board[f] = (tile, canonical_rotation(kind, move.rotation))
            hands = self.hands[:p] + (tuple(hand),) + self.hands[p + 1:]
            return self._after_tiles(tuple(board), (f,), {}, events, hands=hands)
        if isinstance(move, RotateTile):
            f = FIELD_INDEX[move.field]
            tile, _ = self.board[f]
            board = list(self.board)
            board[f] = (tile, canonical_rotation(TILE_KINDS[tile], move.rotation))
            return self._after_tiles(tuple(board), (f,), {}, events)
        if isinstance(move, Step):
            return self._step(parse_place(move.src), parse_place(move.dst), events)
        return self._end_turn(events)  # EndTurn

    def _apply_door(self, move: Door, events: list[tuple[str, str]]) -> "SectionXState":
        """SX-13, SX-I5: a door from the hand or moved; the turn ends."""
        p = self.player
        dst = parse_place(move.dst)
        doors = list(self.doors[p])
        if move.src is None:
            slot = doors.index(None)
            events.append(("SX-13", f"player {p} puts a door on {move.dst} and owns "
                           "its tunnel"))
        else:
            src = parse_place(move.src)
            slot = 0 if doors[0] is not None and doors[0][0] == src else 1   # DOORS == 2
            events.append(("SX-I5", f"player {p} moves a door from {move.src} to "
                           f"{move.dst}"))
        held = None
        if self._held is not None:        # the door leaves its tunnel for dst's
            held = self._held.copy()
            if move.src is not None:
                for entry in held.values():
                    if entry[2] == src:
                        del held[entry[1][0]]
                        break
            # searched here, not kept in the view: the next state gets it in ``held``
            tunnel = _tunnel_from(self.board, dst)
            held[tunnel[0]] = (p, tunnel, dst)
        doors[slot] = (dst, self.stamp)
        doors_now = self.doors[:p] + (tuple(doors),) + self.doors[p + 1:]
        if self.stack or any(self.hands):        # no round end for want of tiles (SX-I7)
            return self._next_turn(events, doors_now, self.stamp + 1, held)
        return self._end_turn(events, doors_now, self.stamp + 1)

    def _after_tiles(self, board: tuple, changed: tuple[int, ...], relocated: dict[int, int],
                     events: list[tuple[str, str]], hands: tuple | None = None) -> "SectionXState":
        """Finish a tile action: carry prisoners and doors along, join tunnels (SX-15).
        ``hands`` is given by a placement only; a named parameter costs less than
        ``**changes``."""
        locs = self.locs
        doors = self.doors
        # A door tunnel whose reach (its fields and those its openings face) holds no
        # changed field is the same tunnel afterwards, meets no other and keeps its door
        # where it was: only the touched ones are looked at.
        changed_mask = 0
        for f in changed:
            changed_mask |= _FIELD_BIT[f]
        touched = []        # a plain loop: a comprehension costs a function call
        for entry in self._held_tunnels().values():
            if entry[1][3] & changed_mask:
                touched.append(entry)
        if relocated:
            # only hiding places move with prisoners on them (SX-10); the fields moved
            # from are changed, and so is a move's target, which was empty
            if self._prisoners().crowded & changed_mask:
                locs = tuple([_carried(c, relocated) for c in locs])
            for entry in touched:
                if entry[2] >> 2 in relocated:
                    doors = tuple([tuple([None if d is None else (_carried(d[0], relocated), d[1])
                                          for d in ds]) for ds in doors])
                    break
        state = self._derive(board=board, locs=locs, doors=doors, phase=ACT_PHASE,
                             view=self._view.after(board, changed), hands=hands)
        state = state._settle_doors(self, events, touched, relocated)
        state._events = tuple(events)
        return state

    def _settle_doors(self, earlier: "SectionXState", events: list[tuple[str, str]],
                      touched: list[tuple[int, tuple, int]], relocated: dict[int, int]
                      ) -> "SectionXState":
        """SX-15: where tunnels joined, the door of the longer piece stays (earlier on a tie).

        "Longer" is the door's tunnel on the board ``earlier``, before the tile action
        that reached the door tunnels ``touched`` (entries of ``earlier._held_tunnels()``)
        and moved tiles ``relocated`` from field to field; a tunnel's length is its number
        of tiles (SX-I5)."""
        held_before = earlier._held
        if not touched:
            self._held = held_before        # never changed once made: shared
            return self
        board = self.board
        held = held_before.copy()
        for entry in touched:
            del held[entry[1][0]]
        merged = False
        for p, _, part in touched:
            part = _carried(part, relocated)
            tunnel = _tunnel_from(board, part)     # seldom asked again: not kept in the view
            merged = merged or tunnel[0] in held
            held[tunnel[0]] = (p, tunnel, part)
        if not merged:
            self._held = held
            return self
        tunnel_before = earlier._view.tunnel_of
        before = {(p, s): tunnel_before(d[0])[2].bit_count() for p, ds in enumerate(earlier.doors)
                  for s, d in enumerate(ds) if d is not None}
        tunnel_of = self._view.tunnel_of
        by_tunnel: dict[int, list[tuple[int, int]]] = {}
        for p, ds in enumerate(self.doors):
            for s, d in enumerate(ds):
                if d is not None:
                    by_tunnel.setdefault(tunnel_of(d[0])[0], []).append((p, s))
        returned = []
        for members in by_tunnel.values():
            if len(members) < 2:
                continue
            keep = max(members, key=lambda ps: (before[ps], -self.doors[ps[0]][ps[1]][1]))
            returned.extend(m for m in members if m != keep)
            for p, s in members:
                if (p, s) != keep:
                    why = ("longer piece" if before[keep] > before[p, s]
                           else "pieces equally long: the door placed earlier, SX-I5")
                    events.append(("SX-15", f"tunnels joined: player {keep[0]}'s door "
                                   f"stays ({why}), player {p}'s door on "
                                   f"{place_text(self.doors[p][s][0])} goes back to them"))
        if not returned:
            return self
        doors = [list(ds) for ds in self.doors]
        for p, s in returned:
            doors[p][s] = None
        return self._derive(doors=tuple(tuple(ds) for ds in doors))

    def _step(self, src: int, dst: int, events: list[tuple[str, str]]) -> "SectionXState":
        p = self.player
        mine = [k for k in range(PRISONERS * p, PRISONERS * (p + 1))
                if self.locs[k] == src and self.used[k] < STEPS_PER_PRISONER]
        k = min(mine, key=lambda k: (self.used[k], k))
        locs = self.locs[:k] + (dst,) + self.locs[k + 1:]
        used = self.used[:k] + (self.used[k] + 1,) + self.used[k + 1:]
        keys = self.keys
        owner = self.door_at(dst) if dst >= 0 else None
        if owner is not None and owner != p:
            keys = keys[:p] + (False,) + keys[p + 1:]
            events.append(("SX-I6", f"player {p} uses their key to pass player {owner}'s "
                           f"door on {place_text(dst)}"))
        state = self._derive(locs=locs, used=used, used_total=self.used_total + 1, keys=keys)
        if self._pris is not None:
            state._pris = self._pris.stepped(locs, self.board, k, src, dst)
        if is_zone(dst):
            events.append(("SX-18", f"player {p} reaches {place_text(dst)} and claims it"))
            if state.escaped(p) >= TARGET_FREED:
                events.append(("SX-23", f"player {p} has freed {TARGET_FREED} prisoners "
                               "and wins"))
                return state._finish(Outcome("five prisoners freed", (p,),
                                             state._scores(), "SX-23"), events)
            if state.in_zones(p) >= self.game.round_target:
                events.append(("SX-19", f"player {p} has freed {state.in_zones(p)} "
                               f"prisoners this round: round {self.round} ends"))
                return state._collapse(events)._next_turn(events)
            if sum(1 for c in state.locs if is_zone(c)) == 6:
                # nobody can free another prisoner this round: without this the game
                # would stall (project addition under SX-I7)
                events.append(("SX-I7", f"all six free zones are claimed: round "
                               f"{self.round} ends"))
                return state._collapse(events)._next_turn(events)
        state._events = tuple(events)
        return state

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.escaped(p)) for p in range(self.num_players))

    def _finish(self, outcome: Outcome, events: list[tuple[str, str]]) -> "SectionXState":
        state = self._derive(phase=OVER, result=outcome)
        state._events = tuple(events)
        return state

    def _end_turn(self, events: list[tuple[str, str]], doors: tuple | None = None,
                  stamp: int | None = None) -> "SectionXState":
        """End of a turn with the ``doors`` and ``stamp`` a door move brings: SX-I7
        empty-supply round end, then the next player's turn."""
        if not self.stack and not any(self.hands):
            events.append(("SX-I7", f"no tiles left in the stack or in any hand: round "
                           f"{self.round} ends"))
            state = self._derive(doors=doors, stamp=stamp)._collapse(events)
            if state.phase == OVER:
                return state
            return state._next_turn(events)
        return self._next_turn(events, doors, stamp)

    def _next_turn(self, events: list[tuple[str, str]], doors: tuple | None = None,
                   stamp: int | None = None, held: dict | None = None) -> "SectionXState":
        """The next player's turn, made in one step with the ``doors``, ``stamp`` and
        ``held`` tunnels (see ``_derive``) a door move brings. The changes go by name, not
        as ``**changes``: passing a dict on costs more than the rest of the call."""
        if self.phase == OVER:
            self._events = tuple(events)
            return self
        turn = self.turn + 1
        limit = self.game.max_turns
        if limit and turn >= limit:
            events.append(("SX-I10", f"the turn limit of {limit} is reached: the game "
                           "stops as a draw"))
            state = self._derive(turn=turn, doors=doors, stamp=stamp, held=held)
            return state._finish(Outcome("turn limit", (), self._scores(), "SX-I10"), events)
        nxt = (self.player + 1) % len(self.hands)   # SX-05: clockwise
        return self._start_turn(nxt, turn, events, doors, stamp, held)

    def _start_turn(self, p: int, turn: int, events: list[tuple[str, str]],
                    doors: tuple | None = None, stamp: int | None = None,
                    held: dict | None = None) -> "SectionXState":
        """Turn ``turn`` of player ``p``, with the changes of :meth:`_next_turn`. Phase 1
        (SX-06) is automatic; phase 2 is skipped when impossible (SX-I8)."""
        stack = hands = None
        if len(self.hands[p]) < HAND_LIMIT and self.stack:
            stack = self.stack[:-1]
            hand = tuple(sorted(self.hands[p] + (self.stack[-1],)))
            hands = self.hands[:p] + (hand,) + self.hands[p + 1:]
            events.append(("SX-06", f"player {p} draws a tile"))
        state = self._derive(player=p, turn=turn, used=self.game.no_steps, used_total=0,
                             phase=TILE_PHASE, stack=stack, hands=hands, doors=doors,
                             stamp=stamp, held=held)
        if not state.has_tile_action():
            events.append(("SX-I8", f"player {p} has no possible tile action: phase 2 "
                           "is skipped"))
            state = state._derive(phase=ACT_PHASE)
        state._events = tuple(events)
        return state

    def _collapse(self, events: list[tuple[str, str]]) -> "SectionXState":
        """SX-20 … SX-22 (and SX-I10): the tunnels fall in at the end of a round."""
        board = list(self.board)
        keep_fields = set()
        locs = list(self.locs)
        buried = freed = 0
        for k, c in enumerate(locs):
            if c >= 0:
                tile, _ = board[c >> 2]
                if TILE_KINDS[tile].hiding:
                    keep_fields.add(c >> 2)
                else:
                    locs[k] = BURIED
                    buried += 1
            elif is_zone(c):
                locs[k] = FREED
                freed += 1
        pool = [t for t in self.stack]
        for hand in self.hands:
            pool.extend(hand)
        for f, cell in enumerate(board):
            if cell is not None and f not in keep_fields:
                pool.append(cell[0])
                board[f] = None
        pool.sort()
        self.game.shuffle_rng(self.round).shuffle(pool)
        n = self.num_players
        events.append(("SX-20", f"the tunnels collapse: {buried} prisoner(s) buried, "
                       f"{sum(1 for c in locs if c >= 0)} safe on hiding places"))
        events.append(("SX-21", f"{len(pool)} tiles are shuffled into a new stack"))
        if freed:
            events.append(("SX-22", f"{freed} prisoner(s) reach the free land; the zones "
                           "are open again"))
        if any(d is not None for ds in self.doors for d in ds):
            events.append(("SX-20", "the doors go back to their owners"))
        state = self._derive(board=tuple(board), hands=((),) * n, stack=tuple(pool),
                             locs=tuple(locs), doors=((None,) * DOORS,) * n,
                             keys=(self.game.options["keys"],) * n, round=self.round + 1)
        alive = [PRISONERS - state.buried(p) for p in range(n)]
        if max(alive) < TARGET_FREED:
            scores = state._scores()
            best = max(scores)
            winners = tuple(p for p in range(n) if scores[p] == best)
            events.append(("SX-I10", "no player can still free five prisoners: the most "
                           "freed wins"))
            return state._finish(Outcome("nobody can reach five", winners, scores, "SX-I10"),
                                 events)
        return state

    # --- results and views ----------------------------------------------------------
    def outcome(self) -> Outcome | None:
        return self.result

    def heuristic(self, player: int) -> float:
        """How good the position is for ``player`` compared with the best opponent.

        Escaped prisoners count 10, buried ones -3, and each prisoner still
        inside adds ``2 / (1 + d)`` where ``d`` is its number of steps to an open
        zone avoiding other players' doors and parts they fill (12 when there is
        no way out) - so a bypass around a blocking prisoner is worth building.
        """
        if self.phase == OVER:
            return 1000.0 * self.returns()[player]
        values = [self._progress(p) for p in range(self.num_players)]
        others = max(v for q, v in enumerate(values) if q != player)
        return values[player] - others

    def _progress(self, p: int) -> float:
        # One key serves one prisoner a round: counting it for all of them misleads the bots.
        dist = self.escape_distances(p, avoid_full=True, use_key=False)
        v = 10.0 * self.escaped(p) - 3.0 * self.buried(p)
        for c in self.prisoners_of(p):
            if c >= 0 or c == ISLAND:
                v += 2.0 / (1 + dist.get(c, 12))
        return v

    def escape_distances(self, player: int | None = None, avoid_full: bool = False,
                         use_key: bool = True) -> dict[int, int]:
        """Steps from each place to the nearest open free zone (breadth-first, SX-18).

        With ``player`` given, parts holding another player's door are closed (SX-13), but
        while the player's key is unused (and ``use_key``) one of them may be passed
        (SX-I6); with ``avoid_full`` also parts full of other players' prisoners are closed
        (SX-17). Step budgets are ignored. ``tunnels.escape_route`` finds the same lengths
        with networkx.
        """
        key = ("escape", player, avoid_full, use_key)
        if key in self._memo:
            return self._memo[key]
        links = self.links()
        occ = self.occupancy()
        doors: set[int] = set()         # closed, but the key opens one of them
        full: set[int] = set()          # closed
        if player is not None:
            doors = {d[0] for q, ds in enumerate(self.doors) if q != player
                     for d in ds if d is not None}
            if avoid_full:
                full = {c for c, ks in occ.items() if c >= 0 and len(ks) >= self.capacity(c)
                        and any(k // PRISONERS != player for k in ks)}
        with_key = use_key and player is not None and bool(self.keys[player]) and bool(doors)
        layers = (False, True) if with_key else (False,)
        # Backwards from the open zones over (place, key still unused) pairs. A prisoner on
        # a closed part may still leave it, but no route passes through it; the key lets a
        # prisoner onto one door part, after which it is spent.
        frontier = [(z, k) for z in (zone_code(g) for g in range(6))
                    if z in links and not occ.get(z) for k in layers]
        dist = dict.fromkeys(frontier, 0)
        while frontier:
            nxt = []
            for c, k in frontier:
                if c in full or (c in doors and (k or not with_key)):
                    continue
                before = True if c in doors else k     # the key was used to step onto c
                d = dist[c, k] + 1
                for n in links.get(c, ()):
                    if (n, before) not in dist and not is_zone(n):
                        dist[n, before] = d
                        nxt.append((n, before))
            frontier = nxt
        found = {c: d for (c, k), d in dist.items() if k == with_key or is_zone(c)}
        self._memo[key] = found
        return found

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: the stack's order and other hands are hidden (counts only)."""
        data = self.to_dict()
        data["stack"] = len(self.stack)
        data["hands"] = [list(h) if p == player else len(h) for p, h in enumerate(self.hands)]
        return data

    def to_dict(self) -> dict[str, Any]:
        return {
            "board": {FIELD_TEXT[f]: [cell[0], cell[1]] for f, cell in enumerate(self.board)
                      if cell is not None},
            "hands": [list(h) for h in self.hands],
            "stack": list(self.stack),
            "prisoners": [place_text(c) for c in self.locs],
            "steps": list(self.used),
            "steps_total": self.used_total,
            "doors": [[None if d is None else [place_text(d[0]), d[1]] for d in ds]
                      for ds in self.doors],
            "door_stamp": self.stamp,
            "keys": list(self.keys),
            "player": self.player,
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round,
            "events": [[rule, text] for rule, text in self._events],
            "result": None if self.result is None else {
                "termination": self.result.termination, "winners": list(self.result.winners),
                "scores": list(self.result.scores), "rule": self.result.rule},
        }

    def __repr__(self) -> str:
        if self.phase == OVER:
            return f"<SectionXState over: {self.result}>"
        return (f"<SectionXState round {self.round} turn {self.turn}: player {self.player}, "
                f"phase {self.phase}, "
                f"escaped {[self.escaped(p) for p in range(self.num_players)]}>")


def _carried(code: int, relocated: dict[int, int]) -> int:
    """Place ``code`` after the tiles ``relocated`` from field to field moved."""
    if code >= 0 and (code >> 2) in relocated:
        return relocated[code >> 2] * 4 + (code & 3)
    return code


_WHY = {PlaceTile: SectionXState._why_place, RotateTile: SectionXState._why_rotate,
        MoveTile: SectionXState._why_move, SwapTiles: SectionXState._why_swap,
        Step: SectionXState._why_step, Door: SectionXState._why_door,
        EndTurn: lambda state, move: None}   # EndTurn: always possible in phase 3 (SX-I8)


def _swap_rows(board: tuple, fields: list[int], hiders: set[int],
               strict: bool) -> list[tuple[tuple[SwapTiles, ...], list[int]]]:
    """Per field ``a`` of ``fields``, the later fields its tile may swap with: a hiding
    place with prisoners on it may not come nearer a gate (SX-11); with ``strict_fit``
    both tiles must fit (SX-I3). Only rows that meet a hiding place are filtered."""
    rows = []
    for x, a in enumerate(fields):
        da = GATE_DISTANCE[a]
        later = fields[x + 1:]
        if a in hiders:
            later = [b for b in later if GATE_DISTANCE[b] >= da
                     and (b not in hiders or GATE_DISTANCE[b] <= da)]
        else:
            for b in hiders:        # few: removed one by one (in C) from the sorted row
                if b > a and GATE_DISTANCE[b] > da:
                    later.remove(b)
        if strict:
            later = [b for b in later if _swap_misfit(board, a, b) is None]
        rows.append((_SWAP[a], later))
    return rows


def _move_rows(board: tuple, fields: list[int], hiders: set[int], empty: list[int],
               strict: bool) -> list[tuple[tuple[MoveTile, ...], list[int]]]:
    """Per field ``a`` of ``fields``, the empty fields its tile may move to (SX-11, SX-I3)."""
    rows = []
    for a in fields:
        targets = empty
        if a in hiders:
            da = GATE_DISTANCE[a]
            targets = [g for g in empty if GATE_DISTANCE[g] >= da]
        if strict:
            targets = [g for g in targets if _move_misfit(board, a, g) is None]
        rows.append((_MOVE[a], targets))
    return rows


def _turn_rows(board: tuple, fields: list[int],
               strict: bool) -> list[tuple[tuple[RotateTile, ...], Sequence[int]]]:
    """Per field of ``fields``: its rotate moves and the other rotations its tile may take
    (SX-08); with ``strict_fit`` only those that fit (SX-I3)."""
    rows = []
    for f in fields:
        tile, rot = board[f]
        others: Sequence[int] = _OTHER_ROTATIONS[tile][rot]
        if strict:
            others = [r for r in others if _rotate_misfit(board, f, r) is None]
        rows.append((_ROTATE[f], others))
    return rows


# Per tile id: how many other rotations a turn may give it (SX-08), the same for every
# rotation; and the numbers that occur.
_TURNS: tuple[int, ...] = tuple(len(rows[0]) for rows in _OTHER_ROTATIONS)
_TURN_COUNTS: tuple[int, ...] = tuple(sorted(set(_TURNS)))


# Per field c and tile outline m (the outlines that occur): (n, bits) for each ocean
# neighbour n, bits being what a tile of that outline on c adds to n's fit key (see
# .board._FACE_BITS), so that a change XORs them in without working them out.
_OUTLINES_USED = frozenset(m for rots in _OUTLINE for m in rots)
_FIT_DELTAS: tuple[list[tuple[tuple[int, int], ...] | None], ...] = tuple(
    [tuple((n, 1 << (_BACK[d] + 6) | (m >> d & 1) << _BACK[d]) for d, n in _OCEAN_NEIGH[c])
     if m in _OUTLINES_USED else None for m in range(64)]
    for c in range(len(FIELDS)))
# Per field f and count k: the codes of f's first k parts, to splice into a parts list.
_PART_RUNS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(range(4 * f, 4 * f + k)) for k in range(5)) for f in range(len(FIELDS)))
_ISLAND_FACING = _FACING_FIELDS[ISLAND]     # the fields facing the island


class _Prisoners:
    """What the rules work out from the prisoners' places (``locs``) and the tiles under
    them, shared by every state with the same places: a tile keeps its kind while
    prisoners stand on it (SX-09, SX-10; a moved hiding place changes their places).

    ``occ``: place -> prisoners there (parts and zones); ``full``: parts and zones with no
    room left (SX-17, SX-18); ``crowded``: the fields with prisoners as a bit mask;
    ``alone[p]``: the hiding places holding only player ``p``'s prisoners (SX-10);
    ``sources[p]``: the sorted places (island, parts) of ``p``'s prisoners, where they
    may step from before any step of the turn (SX-16).
    """

    __slots__ = ("occ", "full", "crowded", "alone", "sources")

    def __init__(self, locs: tuple, board: tuple, players: int) -> None:
        occ: dict[int, list[int]] = {}
        for k, c in enumerate(locs):
            if c >= 0 or ZONE0 - 5 <= c <= ZONE0:   # a part or a zone
                occ.setdefault(c, []).append(k)
        self.occ = occ
        full = set()
        crowded = 0
        alone = [0] * players
        for c, ks in occ.items():
            if c < 0:
                full.add(c)                         # a claimed zone
                continue
            tile = board[c >> 2][0]
            bit = 1 << (c >> 2)
            crowded |= bit
            if len(ks) >= _CAPACITY[tile]:
                full.add(c)
            owner = ks[0] // PRISONERS
            if _HIDING[tile] and all(k // PRISONERS == owner for k in ks):
                alone[owner] |= bit
        self.full = full
        self.crowded = crowded
        self.alone = alone
        self.sources = [_sources(locs, p) for p in range(players)]

    def stepped(self, locs: tuple, board: tuple, k: int, src: int, dst: int) -> "_Prisoners":
        """The same for ``locs``, where prisoner ``k`` has stepped from ``src`` to ``dst``:
        only those two places change, which costs less than starting afresh."""
        new = object.__new__(_Prisoners)
        occ = new.occ = self.occ.copy()
        full = new.full = self.full.copy()
        crowded = self.crowded
        alone = new.alone = self.alone.copy()
        if src >= 0:                    # else the island (a zone is left no more)
            rest = occ.pop(src)
            rest = [j for j in rest if j != k]
            if rest:
                occ[src] = rest
            full.discard(src)
            if not rest:                # is the field empty now? (no generator for it)
                c = src & ~3
                if c not in occ and c + 1 not in occ and c + 2 not in occ and c + 3 not in occ:
                    crowded &= ~_FIELD_BIT[src >> 2]
            _update_alone(alone, board, src, rest)
        if dst >= 0 or is_zone(dst):
            here = occ[dst] = sorted(occ.get(dst, []) + [k])
            if dst < 0:
                full.add(dst)           # a claimed zone
            else:
                if len(here) >= _CAPACITY[board[dst >> 2][0]]:
                    full.add(dst)
                crowded |= _FIELD_BIT[dst >> 2]
                _update_alone(alone, board, dst, here)
        new.crowded = crowded
        sources = new.sources = self.sources.copy()
        p = k // PRISONERS
        sources[p] = _sources(locs, p)
        return new


def _sources(locs: tuple, p: int) -> list[int]:
    """The places, sorted, of player ``p``'s prisoners that may step (the island, parts)."""
    return sorted({c for c in locs[PRISONERS * p:PRISONERS * (p + 1)] if c >= 0 or c == ISLAND})


def _update_alone(alone: list[int], board: tuple, c: int, ks: list[int]) -> None:
    """Set ``alone`` (see :class:`_Prisoners`) right for part ``c`` holding prisoners ``ks``."""
    tile = board[c >> 2][0]
    if _HIDING[tile]:                   # one part: the field's bit is the part's
        bit = _FIELD_BIT[c >> 2]
        others = ~bit
        for q, fields in enumerate(alone):
            alone[q] = fields & others
        if ks and all(j // PRISONERS == ks[0] // PRISONERS for j in ks):
            alone[ks[0] // PRISONERS] |= bit


class _BoardView:
    """What the rules work out from a board alone, shared by every state with that board:
    links (whole, or place by place in ``near``), tunnels (all, or those asked for in
    ``tunnel_at``), fit keys, and the fields by what lies on them. ``after`` carries what
    it can over to a board changed on a few fields.

    The fields: ``empty`` ocean fields in order, ``tiled_mask`` with bit ``f`` set for a
    tiled field ``f``, ``turn_masks[k]`` the tiled fields whose tile has ``k`` other
    rotations, and ``parts``, every tunnel part in order. They are made together by
    :meth:`index` and kept up to date by :meth:`after`.
    """

    __slots__ = ("board", "links", "near", "tunnels", "tunnel_at", "fits", "indexed",
                 "empty", "tiled_mask", "turn_masks", "parts")

    def __init__(self, board: tuple) -> None:
        self.board = board
        self.links: dict[int, tuple[int, ...]] | None = None
        self.near: dict[int, tuple[int, ...]] = {}
        self.tunnels: _Tunnels | None = None
        # part -> its tunnel (:func:`.board._tunnel_from`), for the parts asked about so far:
        # those holding doors
        self.tunnel_at: dict[int, tuple[int, frozenset[int], int, int]] = {}
        self.fits: list[int] | None = None          # see fit_keys()
        self.indexed = False

    def index(self) -> "_BoardView":
        """Sort the fields by what lies on them (once per board; see the class)."""
        if not self.indexed:
            board = self.board
            empty = self.empty = []
            parts = self.parts = []
            turn_masks = self.turn_masks = [0] * 6
            tiled_mask = 0
            for f in OCEAN_INDEX:
                cell = board[f]
                if cell is None:
                    empty.append(f)
                else:
                    tiled_mask |= 1 << f
                    turn_masks[_TURNS[cell[0]]] |= 1 << f
                    parts.extend(range(4 * f, 4 * f + _NUM_PARTS[cell[0]]))
            self.tiled_mask = tiled_mask
            self.indexed = True
        return self

    def fit_keys(self) -> list[int]:
        """Per field, what a tile laid there must match (SX-07) as ``care << 6 | need``
        (see :func:`.board._fit_key`); right for every ocean field, tiled or not (only
        empty ones take a tile), meaningless elsewhere."""
        if self.fits is None:
            board = self.board
            self.fits = [_fit_key(board, f) for f in range(len(FIELDS))]
        return self.fits

    def turn_count(self, fields: int) -> int:
        """How many rotate moves the tiles on the ``fields`` mask have (SX-08)."""
        masks = self.turn_masks
        count = 0
        for k in _TURN_COUNTS:
            count += k * (masks[k] & fields).bit_count()
        return count

    def tunnel_of(self, code: int) -> tuple[int, frozenset[int], int, int]:
        """The tunnel of part ``code`` (SX-I5), found when first asked for."""
        tunnel = self.tunnel_at.get(code)
        if tunnel is None:
            tunnel = self.tunnel_at[code] = _tunnel_from(self.board, code)
        return tunnel

    def after(self, board: tuple, changed: tuple[int, ...]) -> "_BoardView":
        """The view of ``board``, which differs from this one on the ``changed`` fields."""
        view = object.__new__(_BoardView)
        view.board = board
        view.links = None
        view.tunnels = (None if self.tunnels is None
                        else _update_tunnels(self.tunnels, board, changed))
        view.tunnel_at = {}     # the doors' tunnels are carried by _settle_doors
        # joined() answers that the change leaves true; only the island's is worth keeping
        # (a part's is quickly found again), and it rests on the fields facing the island
        island = self.near.get(ISLAND)
        view.near = ({ISLAND: island} if island is not None and _ISLAND_FACING.isdisjoint(changed)
                     else {})
        old = self.board
        fits = self.fits
        if fits is not None:
            # a changed field's tile leaves its bits in its neighbours' keys and the new
            # tile puts in its own: both by direction, so one XOR does it
            fits = list(fits)
            for c in changed:
                deltas = _FIT_DELTAS[c]
                for cell in (old[c], board[c]):
                    if cell is not None:
                        for n, bits in deltas[_OUTLINE[cell[0]][cell[1]]]:
                            fits[n] ^= bits
        view.fits = fits
        view.indexed = indexed = self.indexed
        if indexed:
            empty, parts, tiled_mask = self.empty, self.parts, self.tiled_mask
            turn_masks = list(self.turn_masks)
            for f in changed:
                was, cell = old[f], board[f]
                bit = _FIELD_BIT[f]      # not 1 << f: masks are big integers, each made anew
                if was is not None:
                    turn_masks[_TURNS[was[0]]] ^= bit
                if cell is not None:
                    turn_masks[_TURNS[cell[0]]] |= bit
                    if was is not None and _NUM_PARTS[was[0]] == _NUM_PARTS[cell[0]]:
                        continue                    # a turn, or a swap of like tiles
                if parts is self.parts:
                    parts = list(parts)
                lo = bisect_left(parts, 4 * f)
                hi = lo if was is None else lo + _NUM_PARTS[was[0]]
                parts[lo:hi] = _PART_RUNS[f][0 if cell is None else _NUM_PARTS[cell[0]]]
                if (was is None) != (cell is None):    # a move or a placement
                    if empty is self.empty:
                        empty = list(empty)
                    if cell is None:
                        insort(empty, f)
                    else:
                        empty.remove(f)
                    tiled_mask ^= bit
            view.empty, view.parts, view.tiled_mask = empty, parts, tiled_mask
            view.turn_masks = turn_masks
        return view


# --- loading -------------------------------------------------------------------------


def _state_from_dict(game: SectionXGame, data: Mapping[str, Any]) -> SectionXState:
    """Rebuild and validate a state written by ``to_dict`` (InvalidInputError on any flaw)."""
    try:
        return _load(game, data)
    except InvalidInputError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise InvalidInputError(f"malformed Section X state: {exc!r}") from None


def _load(game: SectionXGame, data: Mapping[str, Any]) -> SectionXState:
    n = game.num_players
    require(isinstance(data, Mapping), "a state is a JSON object")
    keys = {"board", "hands", "stack", "prisoners", "steps", "steps_total", "doors",
            "door_stamp", "keys", "player", "phase", "turn", "round", "events", "result"}
    require(set(data) == keys, f"a state has exactly the fields {sorted(keys)}")

    def integer(v: Any, lo: int, hi: int, what: str) -> int:
        require(is_whole(v) and lo <= v <= hi,
                f"{what} must be a whole number from {lo} to {hi}, not {v!r}")
        return v

    board: list = [None] * len(FIELDS)
    require(isinstance(data["board"], Mapping), "board must map fields to tiles")
    for text, cell in data["board"].items():
        try:
            h = Hex.parse(text)
        except ValueError:
            raise InvalidInputError(f"board field {text!r} is not q,r") from None
        require(h in FIELD_INDEX and IS_OCEAN[FIELD_INDEX[h]],
                f"board field {text} is not an ocean field (SX-I1)")
        require(isinstance(cell, list) and len(cell) == 2, f"tile on {text} must be [id, rotation]")
        tile = integer(cell[0], 0, NUM_TILES - 1, "a tile id")
        rot = integer(cell[1], 0, 5, "a rotation")
        require(canonical_rotation(TILE_KINDS[tile], rot) == rot,
                f"tile on {text}: rotation {rot} is written as its smallest equal rotation")
        board[FIELD_INDEX[h]] = (tile, rot)
    hands = data["hands"]
    require(isinstance(hands, list) and len(hands) == n, f"hands must list {n} hands")
    hands_t = []
    for h in hands:
        require(isinstance(h, list) and len(h) <= HAND_LIMIT,
                f"a hand holds at most {HAND_LIMIT} tiles (SX-06)")
        hands_t.append(tuple(sorted(integer(t, 0, NUM_TILES - 1, "a tile id") for t in h)))
    require(isinstance(data["stack"], list), "stack must be a list")
    stack = tuple(integer(t, 0, NUM_TILES - 1, "a tile id") for t in data["stack"])
    every = [c[0] for c in board if c is not None] + [t for h in hands_t for t in h] + list(stack)
    require(sorted(every) == list(range(NUM_TILES)),
            "the 54 tiles must each be exactly once on the board, in a hand or in the stack "
            "(SX-02)")

    proto = SectionXState(game, board=tuple(board), hands=tuple(hands_t), stack=stack,
                          locs=(), used=(), used_total=0, doors=(), stamp=0, keys=(),
                          player=0, phase=TILE_PHASE, turn=0, round=1, events=(), result=None)
    require(isinstance(data["prisoners"], list) and len(data["prisoners"]) == PRISONERS * n,
            f"prisoners must list {PRISONERS * n} places (SX-02)")
    locs = []
    for text in data["prisoners"]:
        code = parse_place(text)
        require(code is not None and (code < 0 or proto.part_exists(code)),
                f"prisoner place {text!r} is not a place on this board")
        locs.append(code)
    counts: dict[int, int] = {}
    for c in locs:
        counts[c] = counts.get(c, 0) + 1
    for c, k in counts.items():
        if c >= 0 or is_zone(c):
            require(k <= proto.capacity(c), f"{place_text(c)} holds {k} prisoners, more than "
                    "it has room for (SX-17, SX-18)")
    steps = data["steps"]
    require(isinstance(steps, list) and len(steps) == PRISONERS * n,
            "steps must list each prisoner")
    used = tuple(integer(s, 0, STEPS_PER_PRISONER, "a prisoner's steps") for s in steps)
    used_total = integer(data["steps_total"], 0, STEPS_PER_TURN, "steps_total")
    require(sum(used) == used_total, "steps_total must be the sum of the prisoners' steps")
    stamp = integer(data["door_stamp"], 0, 10 ** 9, "door_stamp")
    doors_in = data["doors"]
    require(isinstance(doors_in, list) and len(doors_in) == n, f"doors must list {n} players")
    doors = []
    for ds in doors_in:
        require(isinstance(ds, list) and len(ds) == DOORS, f"each player has {DOORS} doors (SX-02)")
        row = []
        for d in ds:
            if d is None:
                row.append(None)
                continue
            require(isinstance(d, list) and len(d) == 2, "a door is [part, stamp] or null")
            code = parse_place(d[0])
            require(code is not None and proto.part_exists(code), f"door place {d[0]!r} is not "
                    "a tunnel part (SX-I5)")
            row.append((code, integer(d[1], 0, stamp - 1, "a door stamp")))
        doors.append(tuple(row))
    key_list = data["keys"]
    require(isinstance(key_list, list) and len(key_list) == n and
            all(isinstance(k, bool) for k in key_list), "keys must list one true/false per player")
    require(game.options["keys"] or not any(key_list), "keys are off in this game (SX-I6)")
    phase = data["phase"]
    require(phase in (TILE_PHASE, ACT_PHASE, OVER), "phase must be tile, act or over")
    player = integer(data["player"], 0, n - 1, "player")
    turn = integer(data["turn"], 0, 10 ** 9, "turn")
    rnd = integer(data["round"], 1, 10 ** 9, "round")
    require(isinstance(data["events"], list), "events must be a list")
    events = []
    for e in data["events"]:
        require(isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e),
                "an event is [rule, text]")
        events.append((e[0], e[1]))
    result = None
    if data["result"] is not None:
        r = data["result"]
        require(isinstance(r, Mapping) and set(r) == {"termination", "winners", "scores", "rule"},
                "result must have termination, winners, scores and rule")
        require(isinstance(r["winners"], list) and all(isinstance(w, int) and 0 <= w < n
                                                       for w in r["winners"]), "bad winners")
        require(isinstance(r["scores"], list) and len(r["scores"]) == n, "bad scores")
        result = Outcome(str(r["termination"]), tuple(r["winners"]),
                         tuple(float(s) for s in r["scores"]), str(r["rule"]))
    require((phase == OVER) == (result is not None), "a finished game needs a result, and only it")
    state = SectionXState(game, board=tuple(board), hands=tuple(hands_t), stack=stack,
                          locs=tuple(locs), used=used, used_total=used_total,
                          doors=tuple(doors), stamp=stamp, keys=tuple(key_list), player=player,
                          phase=phase, turn=turn, round=rnd, events=tuple(events), result=result)
    comp, _ = state.tunnels()
    seen: dict[int, int] = {}
    for ds in state.doors:
        for d in ds:
            if d is not None:
                t = comp[d[0]]
                require(t not in seen, "a tunnel holds at most one door (SX-14)")
                seen[t] = 1
    for p in range(n):
        require(all(0 <= s for s in used), "steps cannot be negative")
    require(used_total == 0 or phase in (ACT_PHASE, OVER), "steps are only taken in phase 3")
    if result is not None:
        require(result == _result_shown(state, result.termination), "the saved result does not "
                f"match the prisoners and turns on record ({result.rule or 'SX-23'})")
    return state


def _result_shown(state: SectionXState, termination: str) -> Outcome | None:
    """The result a finished game with ``termination`` has, judged from its position."""
    n = state.num_players
    scores = state._scores()
    if termination == "five prisoners freed":                              # SX-23
        winners = tuple(p for p in range(n) if state.escaped(p) >= TARGET_FREED)
        return Outcome(termination, winners, scores, "SX-23") if len(winners) == 1 else None
    if termination == "turn limit":                                        # SX-I10
        limit = state.game.options["max_turns"]
        return (Outcome(termination, (), scores, "SX-I10")
                if limit and state.turn >= limit else None)
    if termination == "nobody can reach five":                             # SX-I10
        if max(PRISONERS - state.buried(p) for p in range(n)) >= TARGET_FREED:
            return None
        return Outcome(termination, tuple(p for p in range(n) if scores[p] == max(scores)),
                       scores, "SX-I10")
    return None


GAME_CLASS = SectionXGame

__all__ = ["SectionXGame", "SectionXState", "GAME_CLASS", "PlaceTile", "SwapTiles", "MoveTile",
           "RotateTile", "Step", "Door", "EndTurn", "PHASES", "FIELDS", "FIELD_INDEX",
           "ISLAND_FIELDS", "GATES", "OCEAN", "GATE_DISTANCE", "place_text", "parse_place",
           "ISLAND", "FREED", "BURIED", "zone_code", "is_zone", "DIRECTION_NAMES"]
