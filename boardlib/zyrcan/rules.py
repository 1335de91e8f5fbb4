"""Zyrcan: the rule engine (catalogue ``ZY-01`` … ``ZY-15``, interpretations ``ZY-I1`` … ``ZY-I4``).

Twelve ships per player are placed one at a time (ZY-05); then every turn is an
attack (ZY-06): a ship flies straight (ZY-07) exactly its engine count (ZY-04,
ZY-08), over anything in between (ZY-09), and must land on an enemy ship, which
is destroyed (ZY-10). A player without an attack passes, which ends the game
(ZY-12); most engines wins (ZY-13).

Where each rule lives: the fleet (ZY-01, ZY-03) and the phases (ZY-05, ZY-06, ZY-12)
are data below; the boards (ZY-02, ZY-I1) are in ``boards.py``; ``ZyrcanGame.landing``
is the flight (ZY-04, ZY-07 … ZY-09); ``ZyrcanState`` has one method per move
(``_place`` ZY-05/ZY-06, ``_attack`` ZY-10/ZY-11/ZY-14/ZY-15, ``_pass`` ZY-12/ZY-I3), the
refusals (``_why_not_place``, ``_why_not_attack``, ``_why_not_pass``) and ``outcome``
(ZY-13, ZY-I4). ``load_state`` reads saved states and refuses those no game can reach.

The board is kept as a tuple of small ints (``code(owner, engines)``, 0 = empty) and
the game precomputes, per hex, where each ship type lands in each direction: that is
the speed layer, and ``tests/zyrcan`` checks it against ``landing`` and the networkx
attack graph.

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

from itertools import compress
from typing import Any, NamedTuple
from collections.abc import Mapping

from boardlib.core import (DIRECTION, HEX, TERMINAL, WHOLE, Event, Game, GameInfo, GameType,
                           Illegal, InvalidInputError, MoveSet, Option, Outcome, Phase,
                           Phases, State, move, require)
from boardlib.core.schema import Choice, ListOf, Optional, Record, TupleOf, Whole
from boardlib.grids.hex import DIRECTION_NAMES, DIRECTIONS, Hex, direction_between

from .boards import MAX_CUSTOM_HEXES, SIZES, custom_board, standard_board
from .catalogue import CATALOGUE

FLEET: Mapping[int, int] = {1: 4, 2: 6, 3: 2}  # ZY-03: engines -> ships per fleet
FLEET_SIZE = sum(FLEET.values())                # ZY-01: 12 ships
FLEET_ENGINES = sum(e * k for e, k in FLEET.items())
ENGINE_TYPES = (1, 2, 3)
PLACEMENT, ATTACK, OVER = "placement", "attack", "over"

PHASES = Phases(
    Phase(PLACEMENT, "ZY-05", "placing ships", "each player in seat order, one ship a turn",
          then=(ATTACK,)),
    Phase(ATTACK, "ZY-06", "attacks", "each player in seat order, one attack a turn",
          then=(OVER,)),
    Phase(OVER, "ZY-12", "game over", "nobody", then=()),
)
"""Zyrcan's turn flow: placement (ZY-05), then attacks (ZY-06) until the first pass (ZY-12)
or the last fleet standing (ZY-15). Both phases keep one rotation (ZY-I2)."""

ENDINGS: Mapping[str, str] = {"pass": "ZY-12", "eliminated": "ZY-I3", "last fleet": "ZY-15"}
"""How a game can end, with the rule of each ending."""


class Ship(NamedTuple):
    owner: int
    engines: int


# --- moves -------------------------------------------------------------------

@move("place {engines} at {at}", rule="ZY-05", engines=WHOLE, at=HEX)
class Place:
    """Put a ship with ``engines`` engines on the empty hex ``at`` (ZY-05)."""

    at: Hex
    engines: int


@move("attack {origin} {direction}", rule="ZY-06", origin=HEX, direction=DIRECTION)
class Attack:
    """Fly the ship on ``origin`` straight in ``direction`` (0 E … 5 SE) (ZY-06 … ZY-10)."""

    origin: Hex
    direction: int


@move("pass", rule="ZY-12")
class Pass:
    """Pass when no attack is possible; this ends the game (ZY-12)."""


Move = Place | Attack | Pass
MOVES = MoveSet("Zyrcan", Place, Attack, Pass, rule="ZY-14")


# --- the game ----------------------------------------------------------------

class ZyrcanGame(Game):
    """Zyrcan for 3–5 players (ZY-01) on a standard (ZY-I1) or custom board."""

    TYPE = GameType("zyrcan", "Zyrcan", min_players=3, max_players=5,
                    hidden_information=False, chance=False)
    PHASES = PHASES
    MOVES = MOVES
    catalogue = CATALOGUE
    TEACHING = "boardlib.zyrcan.teaching:ZyrcanTeacher"
    OPTIONS = (
        Option("players", 3, "number of players, 3 to 5", choices=(3, 4, 5), rule="ZY-01"),
        Option("board", None, "None for the standard board of ZY-I1, or a list of [q, r] "
               "pairs for a custom board", rule="ZY-I1",
               schema=Optional(ListOf(TupleOf(Whole(-64, 64), Whole(-64, 64)),
                                      max_length=MAX_CUSTOM_HEXES))),
        Option("first_player", 0, "who places the first ship", rule="ZY-I2",
               schema=Whole(0, 4)),
    )

    def _setup(self) -> None:
        players = self.options["players"]
        board = self.options["board"]
        if board is None:
            cells = standard_board(players)
            assert len(cells) == SIZES[players]
        else:
            cells = custom_board(board, players)
        if not self.options["first_player"] < players:
            raise InvalidInputError(f"first_player must be 0 to {players - 1} (ZY-I2)")
        self.hexes: tuple[Hex, ...] = tuple(sorted(cells, key=lambda h: (h.r, h.q)))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self._tables(players)

    def _tables(self, players: int) -> None:
        """The speed layer: ``landing`` for every hex, ship type and direction, as indexes."""
        hexes, index = self.hexes, self.index
        # jump[i][engines][direction] = landing index, or -1 off the board (engines 0: no
        # ship, no jumps).
        self.jump: tuple[tuple[tuple[int, ...], ...], ...] = tuple(((),) + tuple(
            tuple(index.get(h + _step(d, e), -1) for d in range(6)) for e in ENGINE_TYPES)
            for h in hexes)
        # flights[i][engines] = ((direction, landing index), ...) for landings on the board.
        self.flights = tuple(
            {e: tuple((d, j) for d, j in enumerate(self.jump[i][e]) if j >= 0)
             for e in ENGINE_TYPES}
            for i in range(len(hexes)))
        self.place_moves = {e: tuple(Place(h, e) for h in hexes) for e in ENGINE_TYPES}
        # strikes[i][engines] = ((landing index, Attack move), ...): the attack table per hex.
        self.strikes: tuple[tuple[tuple[tuple[int, Attack], ...], ...], ...] = tuple(
            ((),) + tuple(tuple((j, Attack(h, d)) for d, j in self.flights[i][e])
                            for e in ENGINE_TYPES)
            for i, h in enumerate(hexes))
        # Ships on the hot path are small ints, code(owner, engines), 0 = empty:
        # owned[p][code] is the engine count if the ship is p's (else 0); enemy[p][code] says
        # whether it is somebody else's ship.
        codes = range(4 * players)
        self.ship_of: tuple[Ship | None, ...] = tuple(
            Ship(c >> 2, c & 3) if c & 3 else None for c in codes)
        self.owned = tuple(tuple(c & 3 if c >> 2 == p else 0 for c in codes)
                           for p in range(players))
        self.enemy = tuple(tuple(bool(c & 3) and c >> 2 != p for c in codes)
                           for p in range(players))
        self.pass_move = Pass()

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def info(self) -> GameInfo:
        """At most 12 placements per player, one attack per ship destroyed (all but the
        winner's last ship) and the final pass; a fleet has 22 engines (ZY-03, ZY-13)."""
        n = self.num_players
        return GameInfo(n, max_game_length=FLEET_SIZE * n + (FLEET_SIZE * n - 1) + 1,
                        min_score=0, max_score=FLEET_ENGINES)

    def landing(self, origin: Hex, engines: int, direction: int) -> Hex | None:
        """ZY-04, ZY-07 … ZY-09: a ship flies straight in ``direction`` exactly ``engines``
        hexes, over whatever lies between; where it ends (None: off the board)."""
        end = origin + _step(direction, engines)
        return end if end in self.index else None

    def new_initial_state(self) -> ZyrcanState:
        """ZY-05: the board starts empty and every player holds a whole fleet (ZY-03)."""
        n = self.num_players
        reserve = tuple(FLEET[e] for e in ENGINE_TYPES)
        return ZyrcanState(self, (0,) * len(self.hexes), (reserve,) * n,
                           self.options["first_player"], PLACEMENT, None)

    def state_from_dict(self, data: Mapping[str, Any]) -> ZyrcanState:
        """A saved state, checked by ``load_state`` (schema, then reachability)."""
        return load_state(self, data)


def code(owner: int, engines: int) -> int:
    """The compact form of a ship on the hot path (0 means an empty hex)."""
    return 4 * owner + engines


def _step(direction: int, k: int) -> Hex:
    return DIRECTIONS[direction].scale(k)


# --- states ------------------------------------------------------------------

class ZyrcanState(State):
    """A Zyrcan position. Immutable: ``apply`` returns a new state."""

    __slots__ = ("board", "reserves", "to_move", "phase", "ended", "last_move", "destroyed")
    FIELDS = __slots__
    game: ZyrcanGame

    def __init__(self, game: ZyrcanGame, board: tuple[int, ...],
                 reserves: tuple[tuple[int, ...], ...], to_move: int, phase: str,
                 ended: str | None, last_move: Move | None = None,
                 destroyed: Ship | None = None) -> None:
        super().__init__(game)
        self.board = board          # per game.hexes: a ship code (see ZyrcanGame._tables)
        self.reserves = reserves    # per player: ships left to place, by engine type 1, 2, 3
        self.to_move = to_move
        self.phase = phase
        self.ended = ended          # how the game ended (a key of ENDINGS), once it has
        self.last_move = last_move  # the move that led here (None in a new or loaded state)
        self.destroyed = destroyed  # the ship that move destroyed, if it was an attack

    # --- reading the position ------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def mover(self) -> int:
        """Who made the move that led here: the player before the one to move, except
        at the end, where the player who ended the game stays to move."""
        return self.to_move if self.phase == OVER else (self.to_move - 1) % self.game.num_players

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last move caused, each with its rule (written out only when asked for)."""
        move, player = self.last_move, self.mover
        if move is None:
            return ()
        if isinstance(move, Place):
            events = [Event("ZY-05", f"player {player} placed a {move.engines}-engine ship "
                                     f"on {move.at}")]
            if self.phase == ATTACK:
                events.append(Event("ZY-06", "every ship is placed: the attack phase begins"))
            return tuple(events)
        if isinstance(move, Attack):
            victim = self.destroyed
            assert victim is not None
            game = self.game
            i = game.index[move.origin]
            engines = next(e for e in ENGINE_TYPES if game.jump[i][e][move.direction] >= 0
                           and game.ship_of[self.board[game.jump[i][e][move.direction]]]
                           == Ship(player, e))
            end = move.origin + _step(move.direction, engines)
            events = [Event("ZY-10", f"player {player}'s {engines}-engine ship flew "
                                     f"{DIRECTION_NAMES[move.direction]} from {move.origin} "
                                     f"and destroyed player {victim.owner}'s "
                                     f"{victim.engines}-engine ship on {end}")]
            if code(*victim) not in self.board:
                events.append(Event("ZY-11", f"player {victim.owner} has no "
                                             f"{victim.engines}-engine ship left"))
                if not self.ship_count(victim.owner):
                    events.append(Event("ZY-I3", f"player {victim.owner}'s fleet is destroyed"))
            if self.ended == "last fleet":
                events.append(Event("ZY-15", f"only player {player}'s fleet is left"))
            return tuple(events)
        if self.ended == "eliminated":
            return (Event("ZY-I3", f"player {player} has no ships left and passes: "
                                   "the game ends"),)
        return (Event("ZY-12", f"player {player} cannot attack and passes: the game ends"),)

    def ships(self) -> dict[Hex, Ship]:
        ship_of = self.game.ship_of
        return {h: s for h, c in zip(self.game.hexes, self.board) if (s := ship_of[c])}

    def ship_at(self, at: Hex) -> Ship | None:
        i = self.game.index.get(at) if HEX.accepts(at) else None
        return None if i is None else self.game.ship_of[self.board[i]]

    def reserve(self, player: int) -> dict[int, int]:
        return dict(zip(ENGINE_TYPES, self.reserves[player]))

    def engines(self, player: int) -> int:
        return sum(map(self.game.owned[player].__getitem__, self.board))

    def ship_count(self, player: int) -> int:
        return sum(1 for c in self.board if c and c >> 2 == player)

    def fleets(self) -> set[int]:
        """The players who still have ships on the board."""
        return {c >> 2 for c in self.board if c}

    def targets(self, origin: Hex) -> dict[int, Hex]:
        """The legal attacks of the ship on ``origin``: direction -> the hex it would hit."""
        if self.phase != ATTACK:
            return {}
        i = self.game.index.get(origin) if HEX.accepts(origin) else None
        if i is None:
            return {}
        engines = self.game.owned[self.to_move][self.board[i]]
        if not engines:
            return {}
        hexes, enemy = self.game.hexes, self.game.enemy[self.to_move]
        return {d: hexes[j] for d, j in self.game.flights[i][engines] if enemy[self.board[j]]}

    # --- legal moves ---------------------------------------------------
    def _legal_moves(self) -> tuple[Move, ...]:
        if self.phase == PLACEMENT:
            return self._placements()
        attacks = self._attacks()
        return attacks if attacks else (self.game.pass_move,)  # ZY-12

    def _placements(self) -> tuple[Place, ...]:
        """ZY-05: any ship type still in reserve, on any empty hex."""
        empty = [not c for c in self.board]
        moves: list[Place] = []
        for k, e in enumerate(ENGINE_TYPES):
            if self.reserves[self.to_move][k]:
                moves.extend(compress(self.game.place_moves[e], empty))
        return tuple(moves)

    def _attacks(self) -> tuple[Attack, ...]:
        """ZY-06 … ZY-10: every own ship, every direction whose landing holds an enemy."""
        game, board = self.game, self.board
        strikes, owned, enemy = game.strikes, game.owned[self.to_move], game.enemy[self.to_move]
        attacks = []
        for i, c in enumerate(board):
            engines = owned[c]
            if engines:
                for j, attack in strikes[i][engines]:
                    if enemy[board[j]]:
                        attacks.append(attack)
        return tuple(attacks)

    # --- refusals ------------------------------------------------------
    def _why_illegal(self, move: Move) -> Illegal | None:
        if self.phase == OVER:
            return Illegal(ENDINGS[self.ended or "pass"],
                           "The game is over; no more moves can be made.")
        if type(move) is Place:
            return self._why_not_place(move)
        if type(move) is Attack:
            return self._why_not_attack(move)
        return self._why_not_pass()

    def _why_not_pass(self) -> Illegal | None:
        """ZY-12: only a player who cannot attack passes (and nobody during placement)."""
        if self.phase == PLACEMENT:
            return Illegal("ZY-05", "Nobody passes while ships are being placed; "
                           "place one of your ships.")
        if self.legal_moves()[0] != self.game.pass_move:
            return Illegal("ZY-12", "You still have an attack, so you may not pass.")
        return None

    def _why_not_place(self, move: Place) -> Illegal | None:
        """ZY-02, ZY-03, ZY-05: a ship from your reserve, on an empty hex of the board."""
        problem = self.why_not_place_type(move.engines)
        if problem is not None:
            return problem
        i = self.game.index.get(move.at)
        if i is None:
            return Illegal("ZY-02", f"{move.at} is not a hex of this board.")
        if self.board[i]:
            return Illegal("ZY-05", "That hex already holds a ship; place on an empty hex.")
        return None

    def why_not_place_type(self, engines: int) -> Illegal | None:
        """Why the player to move may not place a ship with ``engines`` engines now, if so."""
        if self.phase == OVER:
            return self.why_illegal(self.game.pass_move)
        if self.phase != PLACEMENT:
            return Illegal("ZY-06", "All ships are placed: every turn now is an attack.")
        if type(engines) is not int or engines not in ENGINE_TYPES:
            return Illegal("ZY-03", "Ships have 1, 2 or 3 engines.")
        if not self.reserves[self.to_move][engines - 1]:
            return Illegal("ZY-03", f"You have no {engines}-engine ship left to place.")
        return None

    def why_not_attack_from(self, origin: Hex) -> Illegal | None:
        """Why the player to move may not attack with a ship on ``origin`` at all, if so."""
        if self.phase == OVER:
            return self.why_illegal(self.game.pass_move)
        if self.phase != ATTACK:
            return Illegal("ZY-05", "Attacks start only once every ship has been placed.")
        i = self.game.index.get(origin) if HEX.accepts(origin) else None
        if i is None:
            return Illegal("ZY-02", f"{origin} is not a hex of this board.")
        ship = self.game.ship_of[self.board[i]]
        if ship is None:
            return Illegal("ZY-06", "There is no ship there to attack with.")
        if ship.owner != self.to_move:
            return Illegal("ZY-06", f"That ship belongs to player {ship.owner}; "
                           "attack with one of your own.")
        return None

    def attack_towards(self, origin: Hex, target: Hex) -> Attack | Illegal:
        """The attack from ``origin`` that lands on ``target``, or the rule that forbids it.

        Boards use this for "click a ship, then click where it should land".
        """
        problem = self.why_not_attack_from(origin)
        if problem is not None:
            return problem
        ship = self.game.ship_of[self.board[self.game.index[origin]]]
        assert ship is not None
        direction = direction_between(origin, target)
        if direction is None:
            return Illegal("ZY-07", f"A ship flies straight along one of the six hex "
                           f"directions, and {target} is not on a straight line from {origin}.")
        distance = origin.distance(target)
        if distance != ship.engines:
            return Illegal("ZY-08", f"A {ship.engines}-engine ship flies exactly "
                           f"{ship.engines} hex{'es' if ship.engines > 1 else ''}, "
                           f"but {target} is {distance} away.")
        found = Attack(origin, direction)
        return self.why_illegal(found) or found

    def _why_not_attack(self, move: Attack) -> Illegal | None:
        """ZY-06 … ZY-10: your own ship, a direction, and an enemy where the flight ends."""
        game = self.game
        i = game.index.get(move.origin)
        d = move.direction
        if self.phase == ATTACK and i is not None and 0 <= d < 6:
            c = self.board[i]
            if game.owned[self.to_move][c]:
                j = game.jump[i][c & 3][d]
                if j >= 0 and game.enemy[self.to_move][self.board[j]]:
                    return None  # the common case first: a legal attack
        problem = self.why_not_attack_from(move.origin)
        if problem is not None:
            return problem
        assert i is not None
        ship = game.ship_of[self.board[i]]
        assert ship is not None
        if not 0 <= move.direction < 6:
            return Illegal("ZY-07", "A ship flies in one of the six hex directions.")
        end = game.landing(move.origin, ship.engines, move.direction)
        victim = None if end is None else game.ship_of[self.board[game.index[end]]]
        if self._enemy_on_line(move.origin, ship, move.direction):
            return Illegal("ZY-08", f"A {ship.engines}-engine ship flies exactly "
                           f"{ship.engines} hex{'es' if ship.engines > 1 else ''} — no fewer, "
                           "no more — so it cannot stop on that enemy.")
        if end is None:
            return Illegal("ZY-10", "That flight would end off the board.")
        if victim is None:
            return Illegal("ZY-10", "That flight would end on an empty hex; an attack must "
                           "end on an enemy ship.")
        return Illegal("ZY-10", "That flight would end on your own ship.")

    def _enemy_on_line(self, origin: Hex, ship: Ship, direction: int) -> bool:
        """Is an enemy somewhere else on this straight line (so the distance is what is wrong)?"""
        h = origin.neighbor(direction)
        while (i := self.game.index.get(h)) is not None:
            if self.game.enemy[ship.owner][self.board[i]]:
                return True
            h = h.neighbor(direction)
        return False

    # --- playing moves -------------------------------------------------
    def _apply(self, move: Move) -> ZyrcanState:
        if type(move) is Place:
            return self._place(move)
        if type(move) is Attack:
            return self._attack(move)
        assert type(move) is Pass
        return self._pass(move)

    def _place(self, move: Place) -> ZyrcanState:
        """ZY-05: the ship goes on the board, the next player places; once every ship is
        placed, the attack phase begins (ZY-06) with the next player in turn (ZY-I2)."""
        game, p = self.game, self.to_move
        board = list(self.board)
        board[game.index[move.at]] = code(p, move.engines)
        mine = list(self.reserves[p])
        mine[move.engines - 1] -= 1
        reserves = list(self.reserves)
        reserves[p] = tuple(mine)
        phase = ATTACK if sum(map(sum, reserves)) == 0 else PLACEMENT
        return ZyrcanState(game, tuple(board), tuple(reserves), (p + 1) % game.num_players,
                           phase, None, move)

    def _attack(self, move: Attack) -> ZyrcanState:
        """ZY-10: the enemy ship where the flight ends is destroyed and the attacker takes
        its hex; a lost type stays lost (ZY-11); the turn passes on (ZY-14), unless only
        the attacker's fleet is left, which ends the game (ZY-15)."""
        game, p = self.game, self.to_move
        i = game.index[move.origin]
        board = list(self.board)
        attacker = board[i]
        j = game.jump[i][attacker & 3][move.direction]
        victim = game.ship_of[board[j]]
        assert victim is not None
        board[i], board[j] = 0, attacker
        if (not any(map(game.owned[victim.owner].__getitem__, board))
                and len({c >> 2 for c in board if c}) == 1):
            return ZyrcanState(game, tuple(board), self.reserves, p, OVER, "last fleet", move,
                               victim)
        return ZyrcanState(game, tuple(board), self.reserves, (p + 1) % game.num_players,
                           ATTACK, None, move, victim)

    def _pass(self, move: Pass) -> ZyrcanState:
        """ZY-12: the first pass ends the game; a player without ships passes (ZY-I3)."""
        p = self.to_move
        ending = "eliminated" if self.ship_count(p) == 0 else "pass"
        return self.evolve(phase=OVER, ended=ending, last_move=move, destroyed=None)

    # --- the end -------------------------------------------------------
    def leaders(self) -> tuple[int, ...]:
        """Who would win if the game ended now: most engines, then most ships; still tied,
        all the tied leaders (ZY-13, ZY-I4)."""
        n = self.game.num_players
        totals = [(self.engines(p), self.ship_count(p)) for p in range(n)]
        best = max(totals)
        return tuple(p for p in range(n) if totals[p] == best)

    def outcome(self) -> Outcome | None:
        """Most engines wins; then most ships; still tied: the leaders draw (ZY-13, ZY-I4)."""
        if self.phase != OVER:
            return None
        n = self.game.num_players
        assert self.ended is not None
        return Outcome(self.ended, self.leaders(),
                       tuple(float(self.engines(p)) for p in range(n)), ENDINGS[self.ended])

    def heuristic(self, player: int) -> float:
        """For the greedy bot: engine lead, then how many enemies this player could hit next."""
        if self.phase == OVER:
            return 1000.0 * self.returns()[player]
        engines = [self.engines(p) for p in range(self.game.num_players)]
        lead = engines[player] - max(e for p, e in enumerate(engines) if p != player)
        return 10.0 * lead + self._threats(player) - 0.5 * self._exposure(player)

    def _threats(self, player: int) -> int:
        """How many enemy ships ``player`` could hit if it were their turn."""
        game, board = self.game, self.board
        owned, enemy = game.owned[player], game.enemy[player]
        return sum(1 for i, c in enumerate(board) if owned[c]
                   for _, j in game.flights[i][owned[c]] if enemy[board[j]])

    def _exposure(self, player: int) -> int:
        """How many times ``player``'s ships could be hit by the others."""
        game, board = self.game, self.board
        owned = game.owned[player]
        return sum(1 for i, c in enumerate(board) if c and c >> 2 != player
                   for _, j in game.flights[i][c & 3] if owned[board[j]])

    # --- saving --------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"phase": self.phase, "to_move": self.to_move, "ended": self.ended,
                "ships": [[h.q, h.r, s.owner, s.engines] for h, s in self.ships().items()],
                "reserves": [list(r) for r in self.reserves]}

    def __repr__(self) -> str:
        return (f"<ZyrcanState {self.phase}, player {self.to_move} to move, "
                f"{len(self.ships())} ships>")


# --- loading saves -------------------------------------------------------------

def state_schema(game: ZyrcanGame) -> Record:
    """What a saved Zyrcan state looks like: ``ZyrcanState.to_dict``."""
    n = game.num_players
    coordinate = Whole(-64, 64)
    return Record({
        "phase": Choice(*PHASES.names),
        "to_move": Whole(0, n - 1),
        "ended": Optional(Choice(*ENDINGS)),
        "ships": ListOf(TupleOf(coordinate, coordinate, Whole(0, n - 1), Choice(*ENGINE_TYPES)),
                        max_length=len(game.hexes)),
        "reserves": TupleOf(*[TupleOf(*(Whole(0, FLEET[e]) for e in ENGINE_TYPES))] * n),
    })


def load_state(game: ZyrcanGame, data: Mapping[str, Any]) -> ZyrcanState:
    """A saved state, refused (``InvalidInputError``) unless a game can reach it.

    After the schema: the ships stand on the board, one per hex (ZY-02, ZY-05); no fleet
    has more ships than ZY-03 gives; ships are placed in turn (ZY-05, ZY-I2), so the
    player to move and each player's count of placed ships follow from the number
    placed; an attack phase has two fleets left at least (ZY-15); an ending is one the
    board shows (ZY-12, ZY-15, ZY-I3). Not checked: that in the attack phase the player
    to move follows from the number of ships destroyed (ZY-14), since prepared lesson
    positions choose the player to move freely.
    """
    state_schema(game).check(data)
    n, first = game.num_players, game.options["first_player"]
    phase, to_move, ended = data["phase"], data["to_move"], data["ended"]
    board = [0] * len(game.hexes)
    for q, r, owner, engines in data["ships"]:
        i = game.index.get(Hex(q, r))
        require(i is not None, f"a ship on {q},{r}, which is not a hex of this board (ZY-02)")
        assert i is not None
        require(board[i] == 0, f"two ships on {q},{r} (ZY-05)")
        board[i] = code(owner, engines)
    reserves = tuple(tuple(r) for r in data["reserves"])
    for p in range(n):
        for k, e in enumerate(ENGINE_TYPES):
            total = board.count(code(p, e)) + reserves[p][k]
            require(total <= FLEET[e], f"player {p} has {total} {e}-engine ships; a fleet "
                    f"has {FLEET[e]} (ZY-03)")
            require(phase != PLACEMENT or total == FLEET[e], f"during placement player {p} "
                    f"must still have all {FLEET[e]} {e}-engine ships (ZY-05)")
    left = sum(map(sum, reserves))
    require(phase == PLACEMENT or left == 0, "ships are left to place, so the placement "
            "phase is not over (ZY-06)")
    require(phase != PLACEMENT or left > 0, "every ship is placed, so the attack phase has "
            "begun (ZY-06)")
    fleets = {c >> 2 for c in board if c}
    require(phase != ATTACK or len(fleets) >= 2, "only one fleet is left, so the game is "
            "over (ZY-15)")
    require((ended is None) == (phase != OVER), "'ended' is set exactly when the game is over")
    state = ZyrcanState(game, tuple(board), reserves, to_move, phase, ended)
    if ended is not None:
        require(_could_end(state, ended), f"the board does not show the ending {ended!r} of "
                f"player {to_move}'s move ({ENDINGS[ended]})")
    if phase == PLACEMENT:
        turns = sum(1 for c in board if c)
        expected = (first + turns) % n
        require(to_move == expected, f"with {turns} ships placed and player {first} first, "
                f"player {expected} is to move, not player {to_move} (ZY-05, ZY-I2)")
        for p in range(n):
            placed = sum(1 for c in board if c and c >> 2 == p)
            owed = turns // n + (1 if (p - first) % n < turns % n else 0)
            require(placed == owed, f"player {p} has placed {placed} ships, but with {turns} "
                    f"placed in turn from player {first} they have placed {owed} "
                    "(ZY-05, ZY-I2)")
    return state


def _could_end(state: ZyrcanState, ended: str) -> bool:
    """Does the board show the game ended this way by the last move of ``state.to_move``?"""
    player, fleets = state.to_move, state.fleets()
    if ended == "last fleet":           # player's attack left only their fleet (ZY-15)
        return fleets == {player}
    if len(fleets) < 2:                 # one fleet left: the attack before ended the game
        return False
    if ended == "eliminated":           # player had no ship left and passed (ZY-I3)
        return player not in fleets
    # player passed because no attack was possible (ZY-12)
    before = state.evolve(phase=ATTACK, ended=None)
    return player in fleets and before.legal_moves() == (state.game.pass_move,)


def position(players: int = 3, ships: Mapping[Hex, Ship | tuple[int, int]] | None = None,
             to_move: int = 0, phase: str = ATTACK, **options: Any) -> ZyrcanState:
    """A prepared position for teaching and tests: ``ships`` maps hexes to (owner, engines).

    In the attack phase nobody has ships left to place; in the placement phase each player
    still holds the rest of their fleet, and unless ``first_player`` is given it is the one
    whose rotation makes ``to_move`` the player to move after the ships placed (ZY-05,
    ZY-I2), so that the position is one a game can reach.
    """
    placed = [[h.q, h.r, int(s[0]), int(s[1])] for h, s in (ships or {}).items()]
    if phase == PLACEMENT:
        options.setdefault("first_player", (to_move - len(placed)) % players)
    game = ZyrcanGame(players=players, **options)
    if phase == PLACEMENT:
        reserves = [[FLEET[e] - sum(1 for s in placed if s[2] == p and s[3] == e)
                     for e in ENGINE_TYPES] for p in range(players)]
    else:
        reserves = [[0, 0, 0] for _ in range(players)]
    return game.state_from_dict({"phase": phase, "to_move": to_move, "ended": None,
                                 "ships": placed, "reserves": reserves})


GAME_CLASS = ZyrcanGame
