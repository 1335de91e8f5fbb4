"""Zyrcan: the rule engine (catalogue ``ZY-01`` … ``ZY-15``, interpretations ``ZY-I1`` … ``ZY-I4``).

Twelve ships per player are placed one at a time (ZY-05); then every turn is an
attack (ZY-06): a ship flies straight (ZY-07) exactly its engine count (ZY-04,
ZY-08), over anything in between (ZY-09), and must land on an enemy ship, which
is destroyed (ZY-10). A player without an attack passes, which ends the game
(ZY-12); most engines wins (ZY-13).

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

import re
from itertools import compress
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple

from boardlib.core.api import (TERMINAL, Event, Game, Illegal, InvalidInputError, Option,
                               Outcome, State, require)
from boardlib.grids.hex import DIRECTION_NAMES, DIRECTIONS, Hex, direction_between

from .boards import SIZES, custom_board, standard_board
from .catalogue import CATALOGUE

FLEET: Mapping[int, int] = {1: 4, 2: 6, 3: 2}  # ZY-03: engines -> ships per fleet
ENGINE_TYPES = (1, 2, 3)
PLACEMENT, ATTACK, OVER = "placement", "attack", "over"


class Ship(NamedTuple):
    owner: int
    engines: int


# --- moves -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Place:
    """Put a ship with ``engines`` engines on the empty hex ``at`` (ZY-05)."""

    at: Hex
    engines: int

    def __str__(self) -> str:
        return f"place {self.engines} at {self.at}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Fly the ship on ``origin`` straight in ``direction`` (0 E … 5 SE) (ZY-06 … ZY-10)."""

    origin: Hex
    direction: int

    def __str__(self) -> str:
        return f"attack {self.origin} {DIRECTION_NAMES[self.direction % 6]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass when no attack is possible; this ends the game (ZY-12)."""

    def __str__(self) -> str:
        return "pass"


Move = Place | Attack | Pass
_PLACE = re.compile(r"^place ([0-9]+) at (-?[0-9]+),(-?[0-9]+)$")
_ATTACK = re.compile(r"^attack (-?[0-9]+),(-?[0-9]+) ([A-Z]{1,2})$")


# --- the game ----------------------------------------------------------------

class ZyrcanGame(Game):
    """Zyrcan for 3–5 players (ZY-01) on a standard (ZY-I1) or custom board."""

    name = "zyrcan"
    title = "Zyrcan"
    catalogue = CATALOGUE
    OPTIONS = (
        Option("players", 3, "number of players, 3 to 5", choices=(3, 4, 5), rule="ZY-01"),
        Option("board", None, "None for the standard board of ZY-I1, or a list of [q, r] "
               "pairs for a custom board", rule="ZY-I1"),
        Option("first_player", 0, "who places the first ship", rule="ZY-I2"),
    )

    def _setup(self) -> None:
        players = self.options["players"]
        board = self.options["board"]
        if board is None:
            cells = standard_board(players)
            assert len(cells) == SIZES[players]
        elif isinstance(board, (list, tuple)):
            cells = custom_board(board, players)
        else:
            raise InvalidInputError("option board is None (standard) or a list of [q, r] pairs")
        first = self.options["first_player"]
        if not isinstance(first, int) or not 0 <= first < players:
            raise InvalidInputError(f"first_player must be 0 to {players - 1} (ZY-I2)")
        self.hexes: tuple[Hex, ...] = tuple(sorted(cells, key=lambda h: (h.r, h.q)))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        # flights[i][engines] = ((direction, landing index), ...) for landings on the board.
        self.flights = tuple(
            {e: tuple((d, self.index[h + _step(d, e)])
                      for d in range(6) if h + _step(d, e) in self.index)
             for e in ENGINE_TYPES}
            for h in self.hexes)
        # jump[i][engines][direction] = landing index, or -1 off the board.
        self.jump = tuple((None,) + tuple(
            tuple(self.index.get(h + _step(d, e), -1) for d in range(6)) for e in ENGINE_TYPES)
            for h in self.hexes)
        self._place_moves = {e: tuple(Place(h, e) for h in self.hexes) for e in ENGINE_TYPES}
        # strikes[i][engines] = ((landing index, Attack move), ...): the attack table per hex.
        self.strikes = tuple(
            (None,) + tuple(tuple((j, Attack(h, d)) for d, j in self.flights[i][e])
                            for e in ENGINE_TYPES)
            for i, h in enumerate(self.hexes))
        # Ships on the hot path are small ints: code(owner, engines) = 4 * owner + engines,
        # 0 = empty.
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

    def landing(self, origin: Hex, engines: int, direction: int) -> Hex | None:
        """Where a ship with ``engines`` engines flying from ``origin`` ends (None: off board)."""
        end = origin + _step(direction, engines)
        return end if end in self.index else None

    def new_initial_state(self) -> "ZyrcanState":
        n = self.num_players
        reserve = tuple(FLEET[e] for e in ENGINE_TYPES)
        return ZyrcanState(self, (0,) * len(self.hexes), (reserve,) * n,
                           self.options["first_player"], PLACEMENT, None, None)

    def parse_move(self, text: str) -> Move:
        text = " ".join(str(text).split())
        if text == "pass":
            return self.pass_move
        if m := _PLACE.match(text):
            return Place(Hex(int(m[2]), int(m[3])), int(m[1]))
        if (m := _ATTACK.match(text)) and m[3] in DIRECTION_NAMES:
            return Attack(Hex(int(m[1]), int(m[2])), DIRECTION_NAMES.index(m[3]))
        raise InvalidInputError(
            f"not a Zyrcan move: {text!r} (write 'place 2 at 3,-1', 'attack 3,-1 NE' or 'pass')")

    def state_from_dict(self, data: Mapping[str, Any]) -> "ZyrcanState":
        n = self.num_players
        phase = data.get("phase")
        require(phase in (PLACEMENT, ATTACK, OVER), f"unknown phase {phase!r}")
        to_move = data.get("to_move")
        require(isinstance(to_move, int) and 0 <= to_move < n, f"to_move must be 0 to {n - 1}")
        board = [0] * len(self.hexes)
        ships = data.get("ships")
        require(isinstance(ships, list), "ships must be a list of [q, r, owner, engines]")
        for item in ships:
            require(isinstance(item, list) and len(item) == 4
                    and all(isinstance(v, int) for v in item),
                    f"a ship is [q, r, owner, engines], not {item!r}")
            q, r, owner, engines = item
            i = self.index.get(Hex(q, r))
            require(i is not None, f"ship on {q},{r}, which is not on this board (ZY-02)")
            require(0 <= owner < n and engines in ENGINE_TYPES, f"bad ship {item!r} (ZY-03)")
            require(board[i] == 0, f"two ships on {q},{r} (ZY-05)")
            board[i] = code(owner, engines)
        reserves = data.get("reserves")
        require(isinstance(reserves, list) and len(reserves) == n
                and all(isinstance(r, list) and len(r) == 3 and all(
                    isinstance(c, int) and c >= 0 for c in r) for r in reserves),
                "reserves must list, per player, the 1-, 2- and 3-engine ships left to place")
        for p in range(n):
            for k, e in enumerate(ENGINE_TYPES):
                on_board = board.count(code(p, e))
                total = on_board + reserves[p][k]
                require(total <= FLEET[e], f"player {p} has {total} {e}-engine ships; a fleet "
                        f"has {FLEET[e]} (ZY-03)")
                if phase == PLACEMENT:
                    require(total == FLEET[e], f"during placement player {p} must still have "
                            f"all {FLEET[e]} {e}-engine ships (ZY-05)")
        if phase != PLACEMENT:
            require(not any(any(r) for r in reserves),
                    "ships left to place after placement (ZY-06)")
        ended = data.get("ended")
        require((ended is None) == (phase != OVER), "'ended' is set exactly when the game is over")
        require(ended in (None, *_TERMINATIONS), f"unknown ending {ended!r}")
        if ended is not None:
            require(self._could_end(tuple(board), to_move, ended), f"the board does not show "
                    f"the ending {ended!r} of player {to_move}'s move ({_TERMINATIONS[ended]})")
        return ZyrcanState(self, tuple(board), tuple(tuple(r) for r in reserves), to_move,
                           phase, ended, None)

    def _could_end(self, board: tuple[int, ...], player: int, ended: str) -> bool:
        """Does ``board`` show the game ended this way by ``player``'s last move?"""
        fleets = {c >> 2 for c in board if c}
        if ended == "last fleet":           # player's attack left only their fleet (ZY-15)
            return fleets == {player}
        if ended == "eliminated":           # player had no ship left and passed (ZY-I3)
            return player not in fleets
        # player passed because no attack was possible (ZY-12)
        before = ZyrcanState(self, board, ((0,) * 3,) * self.num_players, player, ATTACK,
                             None, None)
        return player in fleets and before.legal_moves() == (Pass(),)


def code(owner: int, engines: int) -> int:
    """The compact form of a ship on the hot path (0 means an empty hex)."""
    return 4 * owner + engines


def _step(direction: int, k: int) -> Hex:
    return DIRECTIONS[direction].scale(k)


_TERMINATIONS = {"pass": "ZY-12", "eliminated": "ZY-I3", "last fleet": "ZY-15"}


# --- states ------------------------------------------------------------------

class ZyrcanState(State):
    """A Zyrcan position. Immutable: ``apply`` returns a new state."""

    __slots__ = ("board", "reserves", "to_move", "phase", "ended", "_cause")
    game: ZyrcanGame

    def __init__(self, game: ZyrcanGame, board: tuple[int, ...],
                 reserves: tuple[tuple[int, ...], ...], to_move: int, phase: str,
                 ended: str | None, cause: tuple[Any, ...] | None) -> None:
        self.game = game
        self._legal = None
        self._picked = None
        self.board = board          # per game.hexes: a ship code (see ZyrcanGame._setup), 0 = empty
        self.reserves = reserves    # per player: ships left to place, by engine type 1, 2, 3
        self.to_move = to_move
        self.phase = phase
        self.ended = ended          # how the game ended, once it has
        self._cause = cause         # (player, move, (victim, attacker engines)) of the last move

    # --- reading the position ------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last move caused, each with its rule (written out only when asked for)."""
        if self._cause is None:
            return ()
        player, move, hit = self._cause
        if isinstance(move, Place):
            events = [Event("ZY-05", f"player {player} placed a {move.engines}-engine ship "
                                     f"on {move.at}")]
            if self.phase == ATTACK:
                events.append(Event("ZY-06", "every ship is placed: the attack phase begins"))
            return tuple(events)
        if isinstance(move, Attack):
            victim, engines = hit
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
        return {h: ship_of[c] for h, c in zip(self.game.hexes, self.board) if c}

    def ship_at(self, at: Hex) -> Ship | None:
        i = self.game.index.get(at)
        return None if i is None else self.game.ship_of[self.board[i]]

    def reserve(self, player: int) -> dict[int, int]:
        return dict(zip(ENGINE_TYPES, self.reserves[player]))

    def engines(self, player: int) -> int:
        return sum(map(self.game.owned[player].__getitem__, self.board))

    def ship_count(self, player: int) -> int:
        return sum(1 for c in self.board if c and c >> 2 == player)

    def targets(self, origin: Hex) -> dict[int, Hex]:
        """The legal attacks of the ship on ``origin``: direction -> the hex it would hit."""
        if self.phase != ATTACK:
            return {}
        i = self.game.index.get(origin)
        engines = 0 if i is None else self.game.owned[self.to_move][self.board[i]]
        if not engines:
            return {}
        hexes, enemy = self.game.hexes, self.game.enemy[self.to_move]
        return {d: hexes[j] for d, j in self.game.flights[i][engines] if enemy[self.board[j]]}

    # --- moves ---------------------------------------------------------
    def _legal_moves(self) -> tuple[Move, ...]:
        game, board, p = self.game, self.board, self.to_move
        if self.phase == PLACEMENT:
            empty = [not c for c in board]
            moves: list[Move] = []
            for k, e in enumerate(ENGINE_TYPES):
                if self.reserves[p][k]:
                    moves.extend(compress(game._place_moves[e], empty))
            return tuple(moves)
        attacks = []
        strikes, owned, enemy = game.strikes, game.owned[p], game.enemy[p]
        for i, c in enumerate(board):
            engines = owned[c]
            if engines:
                for j, attack in strikes[i][engines]:
                    if enemy[board[j]]:
                        attacks.append(attack)
        return tuple(attacks) if attacks else (game.pass_move,)

    def why_illegal(self, move: object) -> Illegal | None:
        if self.phase == OVER:
            rule = _TERMINATIONS[self.ended or "pass"]
            return Illegal(rule, "The game is over; no more moves can be made.")
        if type(move) is Place:
            return self._why_not_place(move)
        if type(move) is Attack:
            return self._why_not_attack(move)
        if isinstance(move, Pass):
            if self.phase == PLACEMENT:
                return Illegal("ZY-05", "Nobody passes while ships are being placed; "
                               "place one of your ships.")
            if self.legal_moves()[0] != self.game.pass_move:
                return Illegal("ZY-12", "You still have an attack, so you may not pass.")
            return None
        rule = "ZY-05" if self.phase == PLACEMENT else "ZY-06"
        return Illegal(rule, f"{move!r} is not a Zyrcan move.")

    def _why_not_place(self, move: Place) -> Illegal | None:
        problem = self.why_not_place_type(move.engines)
        if problem is not None:
            return problem
        i = self.game.index.get(move.at) if isinstance(move.at, Hex) else None
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
        if engines not in ENGINE_TYPES:
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
        i = self.game.index.get(origin) if isinstance(origin, Hex) else None
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
        move = Attack(origin, direction)
        return self.why_illegal(move) or move

    def _why_not_attack(self, move: Attack) -> Illegal | None:
        game = self.game
        i = game.index.get(move.origin) if isinstance(move.origin, Hex) else None
        d = move.direction
        if self.phase == ATTACK and i is not None and type(d) is int and 0 <= d < 6:
            c = self.board[i]
            if game.owned[self.to_move][c]:
                j = game.jump[i][c & 3][d]
                if j >= 0 and game.enemy[self.to_move][self.board[j]]:
                    return None  # the common case first: a legal attack
        problem = self.why_not_attack_from(move.origin)
        if problem is not None:
            return problem
        ship = game.ship_of[self.board[i]]  # type: ignore[index]
        assert ship is not None
        if not isinstance(move.direction, int) or not 0 <= move.direction < 6:
            return Illegal("ZY-07", "A ship flies in one of the six hex directions.")
        end = game.landing(move.origin, ship.engines, move.direction)
        victim = None if end is None else game.ship_of[self.board[game.index[end]]]
        if victim is not None and victim.owner != ship.owner:
            return None
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

    def _apply(self, move: Move) -> "ZyrcanState":
        game, p, n = self.game, self.to_move, self.game.num_players
        if type(move) is Place:
            i = game.index[move.at]
            board = list(self.board)
            board[i] = code(p, move.engines)
            k = move.engines - 1
            mine = list(self.reserves[p])
            mine[k] -= 1
            reserves = list(self.reserves)
            reserves[p] = tuple(mine)
            phase = ATTACK if sum(map(sum, reserves)) == 0 else PLACEMENT  # ZY-06
            return ZyrcanState(game, tuple(board), tuple(reserves), (p + 1) % n, phase, None,
                               (p, move, None))
        if type(move) is Attack:
            i = game.index[move.origin]
            board = list(self.board)
            attacker = board[i]
            j = game.jump[i][attacker & 3][move.direction]
            victim = game.ship_of[board[j]]
            board[i], board[j] = 0, attacker
            if (not any(map(game.owned[victim.owner].__getitem__,  # type: ignore[union-attr]
                            board))
                    and len({c >> 2 for c in board if c}) == 1):  # ZY-15
                return ZyrcanState(game, tuple(board), self.reserves, p, OVER, "last fleet",
                                   (p, move, (victim, attacker & 3)))
            return ZyrcanState(game, tuple(board), self.reserves, (p + 1) % n, ATTACK, None,
                               (p, move, (victim, attacker & 3)))
        # Pass: the first pass ends the game (ZY-12); a player without ships passes (ZY-I3).
        eliminated = self.ship_count(p) == 0
        return ZyrcanState(game, self.board, self.reserves, p, OVER,
                           "eliminated" if eliminated else "pass", (p, move, None))

    # --- the end -------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Most engines wins; then most ships; still tied: the leaders draw (ZY-13, ZY-I4)."""
        if self.phase != OVER:
            return None
        n = self.game.num_players
        engines = [self.engines(p) for p in range(n)]
        ships = [self.ship_count(p) for p in range(n)]
        best = max((engines[p], ships[p]) for p in range(n))
        winners = tuple(p for p in range(n) if (engines[p], ships[p]) == best)
        assert self.ended is not None
        return Outcome(self.ended, winners, tuple(float(e) for e in engines),
                       _TERMINATIONS[self.ended])

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


def position(players: int = 3, ships: Mapping[Hex, Ship | tuple[int, int]] | None = None,
             to_move: int = 0, phase: str = ATTACK, **options: Any) -> ZyrcanState:
    """A prepared position for teaching and tests: ``ships`` maps hexes to (owner, engines).

    In the attack phase nobody has ships left to place; in the placement phase each player
    still holds the rest of their fleet.
    """
    game = ZyrcanGame(players=players, **options)
    placed = [[q_r.q, q_r.r, int(s[0]), int(s[1])] for q_r, s in (ships or {}).items()]
    if phase == PLACEMENT:
        reserves = [[FLEET[e] - sum(1 for s in placed if s[2] == p and s[3] == e)
                     for e in ENGINE_TYPES] for p in range(players)]
    else:
        reserves = [[0, 0, 0] for _ in range(players)]
    return game.state_from_dict({"phase": phase, "to_move": to_move, "ended": None,
                                 "ships": placed, "reserves": reserves})


GAME_CLASS = ZyrcanGame
