"""Room 25: the rule engine (catalogue ``R25-01`` … ``R25-49``, interpretations
``R25-I1`` … ``R25-I8``).

Characters start in the Central Room of a 5x5 complex of face-down rooms
(R25-04). Every turn they secretly program two actions (R25-07), perform them
in turn order (R25-08), and the countdown moves on (R25-10). Rooms strike the
moment someone enters (R25-15, R25-21 … R25-36). Prisoners escape by getting
into Room 25 and Controlling it off an edge from an Exit Zone (R25-11, R25-I3).
Five modes decide who plays whom and who wins (R25-38 … R25-49).

The turn is declared as data in ``PHASES``: ``clue`` (once), ``program``,
``exec`` (two passes in turn order) and ``pending`` (a room's follow-up
choice, e.g. where the Moving room goes). Secret, simultaneous programming is
played as hidden commits one character after another (R25-07, R25-I4).
Tiles keep their identity when rows slide; characters stand on tiles, so a
Control carries them along (R25-17).

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from boardlib.core.api import (TERMINAL, Event, Game, Illegal, InvalidInputError, Option,
                               Outcome, State, is_whole, require)

from .catalogue import CATALOGUE
from .rooms import KINDS, composition

# --- the board -------------------------------------------------------------------------------

SIZE = 5
CENTER = 12                                   # c3, the Central Room's place (R25-04, R25-21)
COLS = "abcde"
POS_NAMES = tuple(f"{COLS[p % SIZE]}{p // SIZE + 1}" for p in range(SIZE * SIZE))
POS_INDEX = {name: p for p, name in enumerate(POS_NAMES)}


def _dist(p: int, q: int) -> int:
    return abs(p // SIZE - q // SIZE) + abs(p % SIZE - q % SIZE)


# R25-13: orthogonal neighbours only, in increasing position order.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in range(25) if _dist(p, q) == 1) for p in range(25))
INNER = tuple(p for p in range(25) if 1 <= _dist(p, CENTER) <= 2)     # 12 places (R25-04)
EXIT_ZONES = tuple(p for p in range(25) if _dist(p, CENTER) >= 3)     # 12 corner places
# Lines 0-4 are rows 1-5, lines 5-9 columns a-e; each lists its places in order.
LINES: tuple[tuple[int, ...], ...] = tuple(
    [tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)]
    + [tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)])
CENTRAL_LINES = (2, 7)                                               # R25-18
FREE_LINES = tuple(k for k in range(10) if k not in CENTRAL_LINES)
LINES_OF = tuple((p // SIZE, SIZE + p % SIZE) for p in range(25))


def line_name(line: int, direction: int) -> str:
    if line < SIZE:
        return f"row {line + 1} {'right' if direction > 0 else 'left'}"
    return f"col {COLS[line - SIZE]} {'down' if direction > 0 else 'up'}"


def exit_controls(pos: int) -> tuple[tuple[int, int], ...]:
    """The (line, direction) slides that push the room on ``pos`` off the edge (R25-I3)."""
    out = []
    for line in LINES_OF[pos]:
        if line in CENTRAL_LINES:
            continue
        places = LINES[line]
        if places[-1] == pos:
            out.append((line, 1))
        if places[0] == pos:
            out.append((line, -1))
    return tuple(out)


# --- characters, actions, modes ----------------------------------------------------------------

CHARACTERS = ("Scientist", "Nerd", "Dude", "Babe", "Colossus", "Little Girl")  # R25-01, R25-46
SYMBOLS = ("circle", "circle", "square", "square", "cross", "cross")
ACTIONS = "MLPC"
ACTION_TOKENS = tuple(ACTIONS)   # "x in" this compares whole values, of any type
ACTION_NAMES = {"M": "move", "L": "look", "P": "push", "C": "control"}
ACTION_LETTERS = {v: k for k, v in ACTION_NAMES.items()}
PRISONER, GUARD = "prisoner", "guard"

MODES = ("suspicion", "cooperative", "competition", "team", "solo")
MODE_PLAYERS = {"suspicion": (4, 5, 6), "cooperative": (2, 3, 4, 5, 6),
                "competition": (2, 3), "team": (4, 6), "solo": (1,)}
MODE_RULES = {"suspicion": "R25-38", "cooperative": "R25-46", "competition": "R25-48",
              "team": "R25-44", "solo": "R25-49"}
WIN_RULES = {"suspicion": "R25-41", "cooperative": "R25-47", "competition": "R25-48",
             "team": "R25-45", "solo": "R25-49"}
TURNS = {"suspicion": 10, "competition": 10, "team": 10, "cooperative": 8, "solo": 8}  # R25-02

CLUE, PROGRAM, EXEC, PENDING, OVER = "clue", "program", "exec", "pending", "over"
PHASES = (
    # (phase, who decides, rule): the turn as data (R25-06).
    (CLUE, "each player once, in turn order, before the first programming", "R25-05"),
    (PROGRAM, "each living character that programs, in turn order (hidden commits)", "R25-07"),
    (EXEC, "pass 1 then pass 2, each living character in turn order", "R25-08"),
    (PENDING, "the character who entered a room that asks for a choice", "R25-15"),
    (OVER, "nobody", "R25-10"),
)


# --- moves -------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Clue:
    """The first clue: secretly look at a room next to the Central Room (R25-05)."""

    at: int

    def __str__(self) -> str:
        return f"clue {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Program:
    """Program character ``char``'s actions: ``first`` then ``second`` ("" = one only) (R25-07)."""

    char: int
    first: str
    second: str = ""

    def __str__(self) -> str:
        acts = ACTION_NAMES.get(self.first, self.first)
        if self.second:
            acts += ", " + ACTION_NAMES.get(self.second, self.second)
        return f"program {self.char}: {acts}"


@dataclass(frozen=True, slots=True)
class Defer:
    """Keep a single programmed action for the second round (R25-07)."""

    def __str__(self) -> str:
        return "defer"


@dataclass(frozen=True, slots=True)
class Pass:
    """A character acting on the spot skips this action (R25-39, R25-I5)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Move:
    """Move into the adjacent room at ``to`` (R25-15)."""

    to: int

    def __str__(self) -> str:
        return f"move {POS_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Look:
    """Secretly look at the adjacent face-down room at ``at`` (R25-14)."""

    at: int

    def __str__(self) -> str:
        return f"look {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Push:
    """Push character ``char`` from your room into the adjacent room at ``to`` (R25-16)."""

    char: int
    to: int

    def __str__(self) -> str:
        return f"push {self.char} to {POS_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Control:
    """Slide line ``line`` (0-4 rows, 5-9 columns) by one in ``direction`` ±1 (R25-17, R25-27)."""

    line: int
    direction: int

    def __str__(self) -> str:
        return f"control {line_name(self.line, self.direction)}"


@dataclass(frozen=True, slots=True)
class Vision:
    """The Vision room's look at any face-down room (R25-24)."""

    at: int

    def __str__(self) -> str:
        return f"vision {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap the Moving room (with its occupants) with the face-down room at ``at`` (R25-26)."""

    at: int

    def __str__(self) -> str:
        return f"swap {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Illusion:
    """Trade the Illusion room for the face-down room at ``at`` (R25-32)."""

    at: int

    def __str__(self) -> str:
        return f"illusion {POS_NAMES[self.at]}"


@dataclass(frozen=True, slots=True)
class Reveal:
    """A guard reveals their role during their own turn (R25-39)."""

    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Remind:
    """Put the acting character's reminder marker on the room at ``at`` (R25-20, R25-I6)."""

    at: int

    def __str__(self) -> str:
        return f"remind {POS_NAMES[self.at]}"


ACTION_MOVES = (Move, Look, Push, Control)
LETTER_OF = {Move: "M", Look: "L", Push: "P", Control: "C"}

# Move objects are shared: one per (type, place), built once.
_CLUE = tuple(Clue(p) for p in range(25))
_MOVE = tuple(Move(p) for p in range(25))
_LOOK = tuple(Look(p) for p in range(25))
_VISION = tuple(Vision(p) for p in range(25))
_SWAP = tuple(Swap(p) for p in range(25))
_ILLUSION = tuple(Illusion(p) for p in range(25))
_REMIND = tuple(Remind(p) for p in range(25))
_CONTROL = {(k, d): Control(k, d) for k in range(10) for d in (-1, 1)}
_PUSH = {(c, p): Push(c, p) for c in range(6) for p in range(25)}
_PROGRAMS = tuple(
    tuple(Program(c, a, b) for a in ACTIONS for b in ACTIONS if a != b)
    + tuple(Program(c, a) for a in ACTIONS) for c in range(6))
_SINGLES = tuple(tuple(Program(c, a) for a in ACTIONS) for c in range(6))
DEFER, PASS, REVEAL = Defer(), Pass(), Reveal()

_POS = r"([a-e][1-5])"
_PARSERS = (
    (re.compile(rf"^clue {_POS}$"), lambda m: _CLUE[POS_INDEX[m[1]]]),
    (re.compile(rf"^move {_POS}$"), lambda m: _MOVE[POS_INDEX[m[1]]]),
    (re.compile(rf"^look {_POS}$"), lambda m: _LOOK[POS_INDEX[m[1]]]),
    (re.compile(rf"^vision {_POS}$"), lambda m: _VISION[POS_INDEX[m[1]]]),
    (re.compile(rf"^swap {_POS}$"), lambda m: _SWAP[POS_INDEX[m[1]]]),
    (re.compile(rf"^illusion {_POS}$"), lambda m: _ILLUSION[POS_INDEX[m[1]]]),
    (re.compile(rf"^remind {_POS}$"), lambda m: _REMIND[POS_INDEX[m[1]]]),
    (re.compile(rf"^push ([0-5]) to {_POS}$"), lambda m: _PUSH[int(m[1]), POS_INDEX[m[2]]]),
    (re.compile(r"^control row ([1-5]) (left|right)$"),
     lambda m: _CONTROL[int(m[1]) - 1, 1 if m[2] == "right" else -1]),
    (re.compile(r"^control col ([a-e]) (up|down)$"),
     lambda m: _CONTROL[SIZE + COLS.index(m[1]), 1 if m[2] == "down" else -1]),
    (re.compile(r"^program ([0-5]): (move|look|push|control)(?:, (move|look|push|control))?$"),
     lambda m: Program(int(m[1]), ACTION_LETTERS[m[2]],
                       ACTION_LETTERS[m[3]] if m[3] else "")),
    (re.compile(r"^defer$"), lambda m: DEFER),
    (re.compile(r"^pass$"), lambda m: PASS),
    (re.compile(r"^reveal$"), lambda m: REVEAL),
)


# --- the game ----------------------------------------------------------------------------------

class _PlayersOption(Option):
    def check(self, value: Any) -> None:
        if value is not None and not is_whole(value):
            raise InvalidInputError(f"option players={value!r} should be a whole number")


class _CompositionOption(Option):
    def check(self, value: Any) -> None:
        if not isinstance(value, (str, list, tuple, dict)):
            raise InvalidInputError("option composition is 'beginner', 'expert' or a list of 25 "
                                    "room keys (R25-I1)")


class Room25Game(Game):
    """Room 25 in any of its five modes (R25-38 … R25-49)."""

    name = "room25"
    title = "Room 25"
    catalogue = CATALOGUE
    # Seats see only observations here (R25-I4): the shared full-state bots are withdrawn.
    BOT_CLASSES = {"random": "boardlib.room25.bots:ObservationRandomBot",
                   "prisoner": "boardlib.room25.bots:PrisonerBot",
                   "guard": "boardlib.room25.bots:GuardBot",
                   "role": "boardlib.room25.bots:RoleBot",
                   "greedy": None, "mcts": None}
    OPTIONS = (
        Option("mode", "suspicion", "suspicion, cooperative, competition, team or solo",
               choices=MODES, rule="R25-38"),
        _PlayersOption("players", None, "number of players; default per mode (suspicion 4, "
                       "cooperative 4, competition 2, team 4, solo 1)"),
        _CompositionOption("composition", "beginner", "'beginner', 'expert' or a custom list "
                           "of 25 room keys", rule="R25-I1"),
        Option("reminder_markers", True, "play with reminder markers", rule="R25-I6"),
        Option("seed", 0, "seed of the shuffles (rooms, roles)"),
    )

    def _setup(self) -> None:
        mode = self.options["mode"]
        players = self.options["players"]
        if players is None:
            players = {"suspicion": 4, "cooperative": 4, "competition": 2, "team": 4,
                       "solo": 1}[mode]
        if players not in MODE_PLAYERS[mode]:
            allowed = ", ".join(map(str, MODE_PLAYERS[mode]))
            raise InvalidInputError(f"{mode} is played by {allowed} players, not {players} "
                                    f"({MODE_RULES[mode]})")
        rooms = composition(self.options["composition"], mode)
        comp = self.options["composition"]
        self.options = {**self.options, "players": players,
                        "composition": comp if isinstance(comp, str) else rooms}
        self.mode: str = mode
        self.players: int = players
        self.kinds: tuple[str, ...] = tuple(rooms)          # tile id -> room key
        self.tile_of_kind = {k: tuple(t for t, kk in enumerate(rooms) if kk == k) for k in KINDS}
        self.central_tile = self.tile_of_kind["central"][0]
        self.room25_tile = self.tile_of_kind["room25"][0]
        twins = self.tile_of_kind["twin"]
        self.twin_of = {twins[0]: twins[1], twins[1]: twins[0]} if len(twins) == 2 else {}
        self.turns = TURNS[mode]
        self.alarm_mode = self.turns == 10                   # R25-12
        # Characters, their players and sides; the initial turn order (R25-03, R25-44, R25-46).
        if mode == "solo":
            names, owner, order = CHARACTERS[:4], (0, 0, 0, 0), (0, 1, 2, 3)
        elif mode == "competition" or (mode == "cooperative" and players <= 3):
            # Player p runs the matching pair 2p, 2p+1; first characters, then second ones.
            names = CHARACTERS[:2 * players]
            owner = tuple(c // 2 for c in range(2 * players))
            order = tuple(2 * p for p in range(players)) + tuple(2 * p + 1 for p in range(players))
        elif mode == "team":
            # Seats alternate A, B, A, B ...; 4 players: pairs, 6: one of each symbol per team.
            pick = (0, 2, 1, 3) if players == 4 else (0, 1, 2, 3, 4, 5)
            names = tuple(CHARACTERS[i] for i in pick)
            owner = tuple(range(players))
            order = tuple(range(players))
        else:
            names = CHARACTERS[:players]
            owner = tuple(range(players))
            order = tuple(range(players))
        self.names: tuple[str, ...] = tuple(names)
        self.owner: tuple[int, ...] = owner
        self.num_chars = len(names)
        self.team: tuple[int, ...] = tuple(p % 2 for p in owner) if mode == "team" else owner
        self.initial_order: tuple[int, ...] = order
        self.chars_of = tuple(tuple(c for c in range(self.num_chars) if owner[c] == p)
                              for p in range(players))
        seen: list[int] = []
        for c in order:
            if owner[c] not in seen:
                seen.append(owner[c])
        self.clue_players: tuple[int, ...] = tuple(seen)

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def describe_room(self, tile: int) -> str:
        return KINDS[self.kinds[tile]].name

    # --- creating and reading states --------------------------------------------------------
    def new_initial_state(self) -> "Room25State":
        """Build the complex (R25-04), deal roles (R25-38) and wait for the first clues (R25-05)."""
        rng = random.Random(self.options["seed"])
        kinds = self.kinds
        special = {self.central_tile, self.room25_tile, *self.tile_of_kind["vision"]}
        rest = [t for t in range(25) if t not in special]
        rng.shuffle(rest)
        grid = [0] * 25
        grid[CENTER] = self.central_tile
        for p, t in zip(INNER, rest[:12]):
            grid[p] = t
        outer = rest[12:] + [self.room25_tile, *self.tile_of_kind["vision"]]
        rng.shuffle(outer)
        for p, t in zip(EXIT_ZONES, outer):
            grid[p] = t
        n = self.num_chars
        if self.mode == "suspicion":
            pool = [PRISONER] * 4 + [GUARD] * (1 if self.players == 4 else 2)
            rng.shuffle(pool)
            roles = tuple(pool[:n])
        else:
            roles = (PRISONER,) * n
        assert kinds[grid[CENTER]] == "central"
        s = Room25State(self)
        s.grid = grid
        s.where = list(_inverse(grid))
        s.up = 1 << self.central_tile
        s.locked = 0
        s.loc = [self.central_tile] * n
        s.deaths = ()
        s.roles = roles
        s.shown = [0] * n
        s.seen = [0] * self.players
        s.order = self.initial_order
        s.turn = 1
        s.last_turn = self.turns
        s.alarm = False
        s.phase = CLUE
        s.cursor = 0
        s.pass_no = 1
        s.prog = [""] * n
        s.did = [""] * n
        s.cold = 0
        s.trap = [(-1, 0)] * n
        s.flood = [(-1, 0)] * n
        s.shifts = [0] * 10
        s.marker = [-1] * n
        s.pending = None
        s.step = 0
        s.result = None
        s._events = []
        s._revealed = 0
        s._finish()
        return s

    def parse_move(self, text: str) -> Any:
        text = " ".join(str(text).split()).lower()
        for pattern, build in _PARSERS:
            m = pattern.match(text)
            if m:
                return build(m)
        raise InvalidInputError(
            f"not a Room 25 move: {text!r} (e.g. 'clue c2', 'program 0: move, look', 'move b3', "
            "'look c2', 'push 1 to b3', 'control row 1 left', 'control col d up', 'defer', "
            "'pass', 'vision a1', 'swap a1', 'illusion a1', 'reveal', 'remind a1')")

    def state_from_dict(self, data: Mapping[str, Any]) -> "Room25State":
        """Rebuild a state from ``to_dict``, checking every field (bad input: InvalidInputError)."""
        return self._load(data, ready=True)

    def _load(self, data: Mapping[str, Any], ready: bool) -> "Room25State":
        require(isinstance(data, Mapping), "a saved state is a JSON object")
        n, players = self.num_chars, self.players

        def ints(key: str, length: int, lo: int, hi: int) -> tuple[int, ...]:
            v = data.get(key)
            require(isinstance(v, list) and len(v) == length
                    and all(type(x) is int and lo <= x <= hi for x in v),
                    f"{key} must be a list of {length} whole numbers from {lo} to {hi}")
            return tuple(v)

        def one(key: str, lo: int, hi: int) -> int:
            v = data.get(key)
            require(type(v) is int and lo <= v <= hi, f"{key} must be a whole number "
                    f"from {lo} to {hi}")
            return v

        grid = ints("grid", 25, 0, 24)
        require(sorted(grid) == list(range(25)), "grid must hold each of the 25 rooms once "
                "(R25-04)")
        require(grid[CENTER] == self.central_tile, "the Central Room must be in the middle "
                "(R25-18)")
        up = one("face_up", 0, (1 << 25) - 1)
        require(up >> self.central_tile & 1, "the Central Room is always face up (R25-04)")
        locked = one("locked", 0, (1 << 25) - 1)
        require(locked & ~up == 0, "only face-up rooms can be locked (R25-33)")
        require(all(self.kinds[t] == "flooded" for t in range(25) if locked >> t & 1),
                "only Flooded rooms lock (R25-33)")
        loc = ints("loc", n, -1, 24)
        require(all(t < 0 or up >> t & 1 for t in loc), "characters stand only in face-up "
                "rooms (R25-15)")
        deaths = data.get("deaths")
        require(isinstance(deaths, list) and all(type(c) is int and 0 <= c < n for c in deaths)
                and len(set(deaths)) == len(deaths)
                and set(deaths) == {c for c in range(n) if loc[c] < 0},
                "deaths must list each dead character (loc -1) once")
        roles = data.get("roles")
        require(isinstance(roles, list) and len(roles) == n
                and all(r in (PRISONER, GUARD) for r in roles), "roles must be prisoner/guard")
        if self.mode == "suspicion":
            guards = roles.count(GUARD)
            require(guards <= (1 if players == 4 else 2) and roles.count(PRISONER) <= 4,
                    "too many guards or prisoners for this table (R25-38)")
        else:
            require(GUARD not in roles, f"{self.mode} has no guards ({MODE_RULES[self.mode]})")
        turn = one("turn", 1, self.turns)
        last_turn = one("last_turn", 1, self.turns)
        require(turn <= last_turn, "turn is past the end of the countdown (R25-10)")
        shown = ints("shown", n, 0, turn)
        seen = ints("seen", players, 0, (1 << 25) - 1)
        order = ints("order", n, 0, n - 1)
        require(sorted(order) == list(range(n)), "order must list every character once")
        alarm = data.get("alarm")
        require(isinstance(alarm, bool), "alarm must be true or false")
        require(alarm or last_turn == self.turns, "the countdown only shortens on the alarm "
                "(R25-12)")
        phase = data.get("phase")
        require(phase in (CLUE, PROGRAM, EXEC, PENDING, OVER), f"unknown phase {phase!r}")
        cursor = one("cursor", 0, max(n, players))
        pass_no = one("pass", 1, 2)
        prog = data.get("prog")
        require(isinstance(prog, list) and len(prog) == n and all(
            isinstance(x, str) and len(x) <= 2 and all(a in ACTIONS for a in x)
            and len(set(x)) == len(x) for x in prog), "prog must be up to two different "
            "actions per character (R25-07)")
        did = data.get("did")
        require(isinstance(did, list) and len(did) == n and all(
            isinstance(x, str) and len(x) <= 2 and all(a in ACTIONS + "-" for a in x)
            for x in did), "did must be up to two performed slots per character (R25-08)")
        cold = one("cold", 0, (1 << n) - 1)
        trap = data.get("trap")
        flood = data.get("flood")
        for name, v in (("trap", trap), ("flood", flood)):
            require(isinstance(v, list) and len(v) == n and all(
                isinstance(x, list) and len(x) == 2 and all(type(y) is int for y in x)
                and -1 <= x[0] <= 24 for x in v), f"{name} must be [tile, number] per character")
        shifts = ints("shifts", 10, -1, 1)
        require(shifts[2] == 0 and shifts[7] == 0, "central lines never slide (R25-18)")
        marker = ints("marker", n, -1, 24)
        pending = data.get("pending")
        require(pending is None or (isinstance(pending, list) and len(pending) == 2
                                    and pending[0] in ("vision", "mobile", "illusion", "control")
                                    and type(pending[1]) is int and 0 <= pending[1] < n
                                    and loc[pending[1]] >= 0),
                "pending is null or [room effect, character]")
        require((pending is not None) == (phase == PENDING), "pending is set exactly in the "
                "pending phase")
        step = one("step", 0, 10 ** 9)
        result = data.get("result")
        require((result is None) == (phase != OVER), "result is set exactly when the game is over")
        if result is not None:
            require(isinstance(result, list) and len(result) == 4 and isinstance(result[0], str)
                    and isinstance(result[1], list) and isinstance(result[2], list)
                    and len(result[2]) == players and isinstance(result[3], str)
                    and all(type(w) is int and 0 <= w < players for w in result[1])
                    and all(isinstance(x, (int, float)) for x in result[2]),
                    "result is [termination, winners, scores, rule]")
        if phase == CLUE:
            require(cursor < len(self.clue_players), "clue cursor out of range")
        elif phase in (PROGRAM, EXEC, PENDING):
            require(cursor < n, "cursor out of range")
        s = Room25State(self)
        s.grid, s.up, s.locked, s.loc = grid, up, locked, loc
        s.deaths, s.roles, s.shown, s.seen = tuple(deaths), tuple(roles), shown, seen
        s.order, s.turn, s.last_turn, s.alarm = order, turn, last_turn, alarm
        s.phase, s.cursor, s.pass_no = phase, cursor, pass_no
        s.prog, s.did, s.cold = tuple(prog), tuple(did), cold
        s.trap = tuple(tuple(x) for x in trap)
        s.flood = tuple(tuple(x) for x in flood)
        s.shifts, s.marker = shifts, marker
        s.pending = None if pending is None else tuple(pending)
        s.step = step
        s.result = None if result is None else (result[0], tuple(result[1]),
                                                tuple(float(x) for x in result[2]), result[3])
        s._events = ()
        s._revealed = 0
        s.where = _inverse(grid)
        s._legal = None
        s._picked = None
        if ready and phase != OVER:
            require(s._decision_ready(), "the saved state does not wait for a decision")
        if s.result is not None:
            require(_result_fits(s), f"the saved result {s.result[0]!r} ({s.result[3]}) does "
                    "not fit this mode and position")
        return s


# How each mode can end, and under which rule (R25-41 … R25-49).
_ENDINGS = {
    "suspicion": {"escape": "R25-41", "two prisoners dead": "R25-42", "countdown": "R25-42"},
    "cooperative": {"escape": "R25-47", "partial escape": "R25-47", "two dead": "R25-47",
                    "countdown": "R25-47"},
    "solo": {"escape": "R25-49", "partial escape": "R25-49", "death": "R25-49",
             "countdown": "R25-49"},
    "team": {"escape": "R25-45", "last alive": "R25-45", "all dead": "R25-45",
             "countdown": "R25-45"},
    "competition": {"escape": "R25-48", "last alive": "R25-48", "all dead": "R25-48",
                    "countdown": "R25-48"},
}


def _result_fits(s: "Room25State") -> bool:
    """Could the game have ended as its saved result says? (A saved game's check: the
    ending's rule fits the mode, only winners score, and deaths or the countdown that the
    ending needs are on record.)"""
    termination, winners, scores, rule = s.result
    game = s.game
    if _ENDINGS[game.mode].get(termination) != rule:
        return False
    if any((p in winners) != (x > 0) for p, x in enumerate(scores)) or len(set(
            x for x in scores if x > 0)) > 1:
        return False
    if termination in ("escape", "partial escape"):
        # replayed: Room 25, found, on an edge, holds the people who escape (R25-11)
        place = s.where[game.room25_tile]
        return (bool(s.up >> game.room25_tile & 1) and place in EXIT_ZONES
                and any("C" in s.did[c] and (s._escape(c) or (None,))[:2] == (termination,
                                                                             winners)
                        for c in range(game.num_chars)))
    dead = len(s.deaths)
    needs = {
        "countdown": s.turn >= s.last_turn,
        "two prisoners dead": sum(1 for c in s.deaths if s.roles[c] == PRISONER) >= 2,
        "two dead": dead >= 2, "death": dead >= 1,
        "all dead": dead == game.num_chars, "last alive": 0 < dead < game.num_chars,
    }
    return needs[termination]


def _inverse(grid: Iterable[int]) -> tuple[int, ...]:
    where = [0] * 25
    for p, t in enumerate(grid):
        where[t] = p
    return tuple(where)


# --- states ------------------------------------------------------------------------------------

_FIELDS = ("grid", "where", "up", "locked", "loc", "deaths", "roles", "shown", "seen", "order",
           "turn", "last_turn", "alarm", "phase", "cursor", "pass_no", "prog", "did", "cold",
           "trap", "flood", "shifts", "marker", "pending", "step", "result",
           "_events", "_revealed")


class Room25State(State):
    """A Room 25 position. Immutable once built: ``apply`` returns a new state.

    Fields: ``grid`` place -> tile, ``where`` tile -> place, ``up``/``locked`` bit
    sets of tiles, ``loc`` character -> tile (-1 dead), ``order`` the turn order,
    ``prog`` programmed letters, ``did`` what each slot did this turn ("-" none).
    """

    __slots__ = _FIELDS + ("_lset",)
    game: Room25Game

    def __init__(self, game: Room25Game) -> None:
        self.game = game
        self._legal = None
        self._picked = None
        self._lset = None

    # --- building a successor (only inside _apply) -------------------------------------------
    def _copy(self) -> "Room25State":
        s = Room25State.__new__(Room25State)
        s.game = self.game
        s._legal = None
        s._picked = None
        s._lset = None
        s.grid, s.where, s.loc = list(self.grid), list(self.where), list(self.loc)
        s.shown, s.seen, s.prog = list(self.shown), list(self.seen), list(self.prog)
        s.did, s.trap, s.flood = list(self.did), list(self.trap), list(self.flood)
        s.shifts, s.marker = list(self.shifts), list(self.marker)
        s.up, s.locked, s.deaths, s.roles = self.up, self.locked, self.deaths, self.roles
        s.order, s.turn, s.last_turn, s.alarm = self.order, self.turn, self.last_turn, self.alarm
        s.phase, s.cursor, s.pass_no, s.cold = self.phase, self.cursor, self.pass_no, self.cold
        s.pending, s.step = self.pending, self.step
        s.result = self.result
        s._events = []
        s._revealed = 0
        return s

    def _finish(self) -> "Room25State":
        """Run automatic steps until a decision is needed, then freeze the lists."""
        self._advance()
        self.grid, self.where, self.loc = tuple(self.grid), tuple(self.where), tuple(self.loc)
        self.shown, self.seen, self.prog = tuple(self.shown), tuple(self.seen), tuple(self.prog)
        self.did, self.trap, self.flood = tuple(self.did), tuple(self.trap), tuple(self.flood)
        self.shifts, self.marker = tuple(self.shifts), tuple(self.marker)
        self.deaths = tuple(self.deaths)
        self._events = tuple(self._events)
        return self

    # --- reading ------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase == CLUE:
            return self.game.clue_players[self.cursor]
        if phase == PENDING:
            return self.game.owner[self.pending[1]]
        return self.game.owner[self.order[self.cursor]]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_character(self) -> int | None:
        """The character whose decision this is (None in the clue phase or at the end)."""
        if self.phase in (CLUE, OVER):
            return None
        if self.phase == PENDING:
            return self.pending[1]
        return self.order[self.cursor]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(Event(rule, text) for rule, text in self._events)

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
        if self.game.mode == "solo":                                   # R25-49, R25-I5
            return True
        s = self.shown[c]
        return self.roles[c] == GUARD and 0 < s < self.turn            # R25-39

    def role_public(self, c: int) -> bool:
        return self.game.mode != "suspicion" or self.shown[c] > 0 or self.phase == OVER

    def outcome(self) -> Outcome | None:
        if self.result is None:
            return None
        termination, winners, scores, rule = self.result
        return Outcome(termination, tuple(winners), tuple(scores), rule)

    # --- what a slot asks for -----------------------------------------------------------------
    def _slot(self, c: int) -> str:
        """The current execution slot of ``c``: an action letter, '?' (single action: now or
        later), '*' (choose on the spot) or '' (nothing to do)."""
        if self.direct(c):
            if self.cold >> c & 1 and any(a != "-" for a in self.did[c]):
                return ""                                              # R25-35
            return "*"
        prog = self.prog[c]
        if len(prog) == 2:
            return prog[self.pass_no - 1]
        if len(prog) == 1:
            if self.pass_no == 1:
                return "?"
            return prog if self.did[c] == "-" else ""
        return ""

    def _options(self, c: int, act: str) -> list[Any]:
        """Every way character ``c`` can perform action ``act`` now (R25-13 … R25-19)."""
        game = self.game
        tile = self.loc[c]
        pos = self.where[tile]
        kind = game.kinds[tile]
        grid, up, locked = self.grid, self.up, self.locked
        if act == "M":                                                 # R25-15
            out = []
            prison = kind == "prison"
            for q in NEIGHBOURS[pos]:
                t = grid[q]
                if locked >> t & 1:                                    # R25-33
                    continue
                if prison and q != CENTER and t not in self.loc:       # R25-31
                    continue
                out.append(_MOVE[q])
            return out
        if act == "L":                                                 # R25-14
            if kind == "dark":                                         # R25-36
                return []
            return [_LOOK[q] for q in NEIGHBOURS[pos] if not up >> grid[q] & 1]
        if act == "P":                                                 # R25-16
            if pos == CENTER:
                return []
            others = [d for d, t in enumerate(self.loc) if t == tile and d != c]
            if not others:
                return []
            targets = [q for q in NEIGHBOURS[pos] if not locked >> grid[q] & 1]
            return [_PUSH[d, q] for d in others for q in targets]
        if act == "C":                                                 # R25-17
            out = []
            for line in LINES_OF[pos]:
                if line in CENTRAL_LINES:                              # R25-18
                    continue
                done = self.shifts[line]
                for d in (-1, 1):
                    if done == -d:                                     # R25-19, R25-I2
                        continue
                    out.append(_CONTROL[line, d])
            return out
        raise AssertionError(act)

    def _face_down_places(self) -> list[int]:
        up, grid = self.up, self.grid
        return [q for q in range(25) if not up >> grid[q] & 1]

    def _free_moves(self, c: int) -> list[Any]:
        """What character ``c`` may do at any decision of theirs besides the decision itself:
        lay their reminder marker while it is in hand (R25-20, R25-I6), and, as a hidden
        guard, reveal (R25-39, R25-I8)."""
        out: list[Any] = []
        if self.game.options["reminder_markers"] and self.marker[c] < 0:
            out.extend(_REMIND)
        if self.game.mode == "suspicion" and self.roles[c] == GUARD and self.shown[c] == 0:
            out.append(REVEAL)
        return out

    def _decision_ready(self) -> bool:
        """Does the state wait for a decision (used to validate loaded states)?"""
        if self.phase == CLUE:
            return True
        if self.phase == PENDING:
            return True
        if self.cursor >= len(self.order):
            return False
        c = self.order[self.cursor]
        if self.loc[c] < 0:
            return False
        if self.phase == PROGRAM:
            return not self.direct(c) and self.prog[c] == ""
        act = self._slot(c)
        if act in ("*", "?"):
            return True
        return act != "" and bool(self._options(c, act))

    def _legal_moves(self) -> tuple[Any, ...]:
        phase = self.phase
        if phase == CLUE:
            grid, up = self.grid, self.up
            return tuple(_CLUE[q] for q in NEIGHBOURS[CENTER] if not up >> grid[q] & 1)
        if phase == PENDING:
            kind, c = self.pending
            if kind == "control":                                      # R25-27
                shifts = self.shifts
                return tuple([_CONTROL[k, d] for k in FREE_LINES for d in (-1, 1)
                              if shifts[k] != -d] + self._free_moves(c))
            table = {"vision": _VISION, "mobile": _SWAP, "illusion": _ILLUSION}[kind]
            return tuple([table[q] for q in self._face_down_places()] + self._free_moves(c))
        c = self.order[self.cursor]
        if phase == PROGRAM:
            moves = list(_SINGLES[c] if self.cold >> c & 1 else _PROGRAMS[c])  # R25-35
            return tuple(moves + self._free_moves(c))
        act = self._slot(c)
        if act == "*":
            moves = []
            for a in ACTIONS:
                if a not in self.did[c]:
                    moves.extend(self._options(c, a))
            moves.append(PASS)
        elif act == "?":
            moves = self._options(c, self.prog[c])
            moves.append(DEFER)
        else:
            moves = self._options(c, act)
        return tuple(moves + self._free_moves(c))

    # --- refusals -----------------------------------------------------------------------------
    def why_illegal(self, move: object) -> Illegal | None:
        legal = self.legal_moves()
        # Fast path: legal moves are shared objects, so most moves match by identity.
        for m in legal:
            if m is move:
                return None
        lset = self._lset
        if lset is None:
            lset = self._lset = frozenset(legal)
        try:
            if move in lset:
                return None
        except TypeError:  # an unhashable non-move
            pass
        return self._diagnose(move)

    def _diagnose(self, move: object) -> Illegal:
        game = self.game
        if self.phase == OVER:
            rule = self.result[3] if self.result else "R25-10"
            return Illegal(rule, "The game is over; no more moves can be made.")
        t = type(move)
        c = self.current_character
        name = game.names[c] if c is not None else ""
        # Free moves first: they are allowed in several phases.
        if t is Remind:
            if not game.options["reminder_markers"]:
                return Illegal("R25-I6", "Reminder markers are switched off in this game.")
            if not is_whole(move.at) or not 0 <= move.at < 25:
                return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
            if c is None:
                return Illegal("R25-20", "A reminder marker is laid during a character's own "
                               "decision, when they program or act.")
            return Illegal("R25-20", f"{name}'s reminder marker is still on a room; it comes "
                           "back only when that room is turned face up.")
        if t is Reveal:
            if game.mode != "suspicion":
                return Illegal("R25-39", f"There are no guards in {game.mode} mode.")
            if c is None:
                return Illegal("R25-I8", "A guard reveals at one of their own decisions in a "
                               "turn, not during the first clue.")
            if self.roles[c] != GUARD:
                return Illegal("R25-39", "Only a guard may reveal; prisoners never reveal by "
                               "choice.")
            return Illegal("R25-39", f"{name}'s role is already public.")
        if self.phase == CLUE:
            if t is not Clue:
                return Illegal("R25-05", "First every player takes their first clue: look at a "
                               "room next to the Central Room.")
            if not isinstance(move.at, int) or move.at not in NEIGHBOURS[CENTER]:
                return Illegal("R25-05", "The first clue must be a room orthogonally next to "
                               "the Central Room.")
            return Illegal("R25-05", "That room is already face up; pick a face-down one.")
        if t is Clue:
            return Illegal("R25-05", "The first clue is taken only once, before the first "
                           "programming.")
        if self.phase == PENDING:
            kind, pc = self.pending
            rule = {"vision": "R25-24", "mobile": "R25-26", "illusion": "R25-32",
                    "control": "R25-27"}[kind]
            wanted = {"vision": Vision, "mobile": Swap, "illusion": Illusion,
                      "control": Control}[kind]
            room = {"vision": "Vision", "mobile": "Moving", "illusion": "Illusion",
                    "control": "Control"}[kind]
            if t is not wanted:
                return Illegal(rule, f"First finish the {room} room's effect for "
                               f"{game.names[pc]}.")
            if t is Control:
                return self._why_not_line(move, any_line=True)
            if not isinstance(move.at, int) or not 0 <= move.at < 25:
                return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
            return Illegal(rule, "Choose a face-down room.")
        if t in (Vision, Swap, Illusion):
            rule = {Vision: "R25-24", Swap: "R25-26", Illusion: "R25-32"}[t]
            return Illegal(rule, "That room power is used only right after entering the room.")
        if self.phase == PROGRAM:
            if t is not Program:
                return Illegal("R25-07", "Now is programming: choose the actions, they are "
                               "performed later.")
            if move.char != c:
                return Illegal("R25-07", f"It is {name}'s turn to program.")
            if not all(a in ACTION_TOKENS for a in (move.first, move.second or "M")):
                return Illegal("R25-01", "The four actions are move, look, push and control.")
            if move.first == move.second:
                return Illegal("R25-07", "The two programmed actions must be two different "
                               "tokens.")
            if self.cold >> c & 1:
                return Illegal("R25-35", "In the Cold room you may program only one action.")
            return Illegal("R25-07", "That is not a program.")
        if t is Program:
            if self.direct(c):
                return Illegal("R25-39", f"{name} acts on the spot this turn and does not "
                               "program.")
            return Illegal("R25-07", "Actions are programmed only in the programming phase.")
        # Execution.
        act = self._slot(c)
        if t is Defer:
            return Illegal("R25-07", "Only a character who programmed a single action can keep "
                           "it for the second round, and only during the first.")
        if t is Pass:
            return Illegal("R25-09", "A programmed action must be performed; only a character "
                           "acting on the spot may pass.")
        if t not in ACTION_MOVES:
            return Illegal("R25-08", f"{move!r} is not a Room 25 move.")
        letter = LETTER_OF[t]
        if act == "*":
            if letter in self.did[c]:
                rule = "R25-I5" if game.mode == "solo" else "R25-39"
                return Illegal(rule, f"{name} already used {ACTION_NAMES[letter]} this turn; "
                               "the second action must be a different one.")
        else:
            planned = self.prog[c] if act == "?" else act
            if letter != planned:
                return Illegal("R25-08", f"{name}'s programmed action now is "
                               f"{ACTION_NAMES.get(planned, planned)}, not "
                               f"{ACTION_NAMES[letter]}.")
        tile = self.loc[c]
        pos = self.where[tile]
        kind = game.kinds[tile]
        if t is Control:
            return self._why_not_line(move, any_line=False, pos=pos)
        target = move.to if t in (Move, Push) else move.at
        if not isinstance(target, int) or not 0 <= target < 25:
            return Illegal("R25-04", "The complex has 25 places, a1 to e5.")
        if t is Look and kind == "dark":
            return Illegal("R25-36", "Nobody can Look from the Dark room.")
        if t is Push:
            if pos == CENTER:
                return Illegal("R25-16", "Nobody may be pushed out of the Central Room.")
            d = move.char
            if not isinstance(d, int) or not 0 <= d < game.num_chars or d == c \
                    or self.loc[d] != tile:
                return Illegal("R25-16", "You can push only another character who is in your "
                               "room.")
        if target not in NEIGHBOURS[pos]:
            return Illegal("R25-13", "Only a room sharing a side with yours is adjacent; never "
                           "diagonally, never your own.")
        if t is Look:
            return Illegal("R25-14", "You can Look only at a face-down room.")
        if self.locked >> self.grid[target] & 1:
            return Illegal("R25-33", "The Flooded room is locked: nobody may enter it.")
        if t is Move and kind == "prison":
            return Illegal("R25-31", "From the Prison cell you may move only into a room "
                           "holding another character, or into the Central Room.")
        return Illegal("R25-08", "That move is not possible now.")

    def _why_not_line(self, move: Control, any_line: bool, pos: int = CENTER) -> Illegal:
        line, d = move.line, move.direction
        if not isinstance(line, int) or not 0 <= line < 10 or d not in (-1, 1):
            return Illegal("R25-17", "Control slides one of the five rows or five columns by "
                           "one place.")
        if line in CENTRAL_LINES:
            return Illegal("R25-18", "The Central Room never moves: its row and its column "
                           "cannot slide.")
        if not any_line and line not in LINES_OF[pos]:
            if pos == CENTER:
                return Illegal("R25-21", "From the Central Room only Look and Move are "
                               "possible.")
            return Illegal("R25-17", "Control slides the row or the column of your own room.")
        if self.shifts[line] == -d:
            return Illegal("R25-19", "This line already slid the other way this turn; it may "
                           "slide again only in the same direction.")
        return Illegal("R25-17", "That slide is not possible now.")

    # --- applying ------------------------------------------------------------------------------
    def _apply(self, move: Any) -> "Room25State":
        s = self._copy()
        s._do(move)
        return s._finish()

    def _event(self, rule: str, text: str) -> None:
        self._events.append((rule, text))

    def _do(self, move: Any) -> None:
        game = self.game
        t = type(move)
        if t is Remind:                                                # R25-20, R25-I6
            c = self.current_character
            self.marker[c] = self.grid[move.at]
            self._event("R25-20", f"{game.names[c]} puts their reminder marker on "
                                  f"{POS_NAMES[move.at]}")
            return
        if t is Reveal:                                                # R25-39, R25-I8
            c = self.current_character
            self._show_role(c)
            self._event("R25-39", f"{game.names[c]} reveals: guard. From the next turn on they "
                                  "act without programming")
            return
        if self.phase == CLUE:                                         # R25-05
            p = game.clue_players[self.cursor]
            self._show_room(p, self.grid[move.at])
            self._event("R25-05", f"player {p} secretly looks at {POS_NAMES[move.at]}")
            self.cursor += 1
            return
        if self.phase == PROGRAM:                                      # R25-07
            c = move.char
            self.prog[c] = move.first + move.second
            n = len(self.prog[c])
            self._event("R25-07", f"{game.names[c]} programs {n} action{'s' * (n > 1)} "
                                  "face down")
            self.cursor += 1
            return
        if self.phase == PENDING:
            self._resolve_pending(move)
            if self.pending is None and self.result is None:
                self._end_action(self.order[self.cursor])
            return
        c = self.order[self.cursor]
        if t is Defer:                                                 # R25-07
            self.did[c] += "-"
            self._event("R25-07", f"{game.names[c]} keeps their single action for the second "
                                  "round")
            self._end_slot(c)
            return
        if t is Pass:                                                  # R25-I5, R25-39
            # A passed action is used up: it is the Trapped room's "next action" (R25-25).
            self.step += 1
            self.did[c] += "-"
            self._event("R25-I5" if game.mode == "solo" else "R25-39",
                        f"{game.names[c]} passes this action")
            self._end_action(c)
            return
        self.step += 1
        self._use_token(c, LETTER_OF[t])
        self._perform(c, move)
        if self.pending is None and self.result is None:
            self._end_action(c)

    def _end_action(self, c: int) -> None:
        """After ``c``'s action (and any room choice it caused): the trap (R25-25), then the
        slot."""
        tile, step = self.trap[c]
        if tile >= 0 and step != self.step:
            self.trap[c] = (-1, 0)
            if self.loc[c] == tile:
                self._die(c, "R25-25",
                          "did not leave the Trapped room with their next action and dies")
                if self.result is not None:
                    return
        self._end_slot(c)

    def _end_slot(self, c: int) -> None:
        """A slot is over: the Flooded room drowns after the second action of the next turn."""
        if self.pass_no == 2:
            tile, deadline = self.flood[c]
            if tile >= 0 and deadline <= self.turn:
                self.flood[c] = (-1, 0)
                if self.loc[c] == tile:
                    self._die(c, "R25-33",
                              "drowns: still in the Flooded room after their second action")
        self.cursor += 1

    def _perform(self, c: int, move: Any) -> None:
        game = self.game
        t = type(move)
        name = game.names[c]
        if t is Move:                                                  # R25-15
            self._event("R25-15", f"{name} moves to {POS_NAMES[move.to]}")
            self._enter(c, move.to)
        elif t is Look:                                                # R25-14
            self._show_room(game.owner[c], self.grid[move.at])
            self._event("R25-14", f"{name} secretly looks at {POS_NAMES[move.at]}")
        elif t is Push:                                                # R25-16
            self._event("R25-16", f"{name} pushes {game.names[move.char]} into "
                                  f"{POS_NAMES[move.to]}")
            self._enter(move.char, move.to)
        else:                                                          # R25-17
            self._slide(c, move.line, move.direction, "R25-17")
        self._masks()

    def _enter(self, c: int, pos: int) -> None:
        """Character ``c`` enters the room at ``pos`` and suffers its effect (R25-15)."""
        tile = self.grid[pos]
        self._reveal(tile)
        others = [d for d, t in enumerate(self.loc) if t == tile and d != c]
        self.loc[c] = tile
        self._arrive(c, tile, others)

    # --- what a move shows (R25-I4): recorded for revealed_to ----------------------------------
    def _show_room(self, player: int, tile: int) -> None:
        """``player`` secretly sees the face-down room ``tile`` (R25-05, R25-14, R25-24)."""
        if not self.seen[player] >> tile & 1:
            self.seen[player] |= 1 << tile
            self._revealed |= 1 << player

    def _show_role(self, c: int) -> None:
        """Character ``c``'s role becomes public (R25-39, R25-40, R25-43)."""
        self.shown[c] = self.turn
        self._revealed |= self._others(c)

    def _use_token(self, c: int, letter: str) -> None:
        """``c`` performs (or loses) the action ``letter``; a programmed token is turned face
        up as it is carried out (R25-08)."""
        self.did[c] += letter
        if not self.direct(c):
            self._revealed |= self._others(c)

    def _others(self, c: int) -> int:
        """The players other than ``c``'s, as a bit set."""
        return ((1 << self.game.num_players) - 1) & ~(1 << self.game.owner[c])

    def revealed_to(self, player: int) -> bool:
        """Did the move that led here show ``player`` something hidden from them before: a
        room turned face up or looked at, a role, a programmed action carried out, or
        everything at the end of the game (R25-I4)? Boards use it to refuse an Undo that
        would let a human seat take back what a bot's move showed them."""
        require(is_whole(player) and 0 <= player < self.game.num_players,
                f"player must be 0 to {self.game.num_players - 1}")
        return bool(self._revealed >> player & 1)

    def _reveal(self, tile: int) -> None:
        if self.up >> tile & 1:
            return
        self.up |= 1 << tile
        for p in range(self.game.num_players):
            if not self.seen[p] >> tile & 1:
                self._revealed |= 1 << p
        game = self.game
        self._event("R25-15", f"the room at {POS_NAMES[self.where[tile]]} turns face up: "
                              f"{game.describe_room(tile)}")
        for c, m in enumerate(self.marker):                            # R25-20
            if m == tile:
                self.marker[c] = -1
                self._event("R25-20", f"{game.names[c]}'s reminder marker comes back")

    def _arrive(self, c: int, tile: int, others: list[int]) -> None:
        """Apply the effect of the room ``tile`` that ``c`` just entered (R25-21 … R25-36)."""
        game = self.game
        kind = game.kinds[tile]
        name = game.names[c]
        if kind == "room25":                                           # R25-22, R25-12
            if game.alarm_mode and self.turn <= 5 and not self.alarm:
                self.alarm = True
                self.last_turn = min(self.last_turn, self.turn + 4)
                self._event("R25-12", f"{name} enters Room 25 in turn {self.turn}: the alarm "
                                      f"sounds, only 5 turns remain")
        elif kind == "acid":                                           # R25-34
            for d in others:
                if self.loc[d] == tile:
                    self._die(d, "R25-34", f"dies in the Acid bath as {name} comes in")
                    if self.result is not None:
                        return
        elif kind == "deadly":                                         # R25-30
            self._die(c, "R25-30", "enters the Deadly room and dies")
        elif kind == "vortex":                                         # R25-23
            self.loc[c] = game.central_tile
            self._event("R25-23", f"the Vortex sends {name} back to the Central Room")
        elif kind == "trapped":                                        # R25-25
            self.trap[c] = (tile, self.step)
            self._event("R25-25", f"{name} is trapped: their next action must take them out")
        elif kind == "flooded":                                        # R25-33
            self.locked |= 1 << tile
            self.flood[c] = (tile, self.turn + 1)
            when = ("of the next turn" if self.turn < self.last_turn
                    else "of the next turn, which this game does not reach")
            self._event("R25-33", f"the Flooded room locks behind {name}, who drowns if still "
                                  f"inside after their second action {when}")
        elif kind == "twin":                                           # R25-28
            other = game.twin_of.get(tile)
            if other is not None and self.up >> other & 1:
                self.loc[c] = other
                self._event("R25-28", f"the Twin room moves {name} to its twin at "
                                      f"{POS_NAMES[self.where[other]]}")
            else:
                self._event("R25-28", "the other Twin room is still face down: nothing happens")
        elif kind in ("vision", "mobile", "illusion"):                 # R25-24, R25-26, R25-32
            rule = {"vision": "R25-24", "mobile": "R25-26", "illusion": "R25-32"}[kind]
            if any(not self.up >> t & 1 for t in range(25)):
                self.pending = (kind, c)
                self.phase = PENDING
            else:
                self._event(rule, "every room is face up: the room has no effect")
        elif kind == "control":                                        # R25-27
            self.pending = ("control", c)
            self.phase = PENDING
        elif kind == "empty":                                          # R25-29
            pass

    def _resolve_pending(self, move: Any) -> None:
        kind, c = self.pending
        self.pending = None
        self.phase = EXEC
        game = self.game
        name = game.names[c]
        if kind == "vision":                                           # R25-24
            self._show_room(game.owner[c], self.grid[move.at])
            self._event("R25-24", f"{name} uses the Vision room to look at "
                                  f"{POS_NAMES[move.at]}")
        elif kind == "mobile":                                         # R25-26
            here = self.where[self.loc[c]]
            self._swap_places(here, move.at)
            self._event("R25-26", f"the Moving room carries {name} from {POS_NAMES[here]} to "
                                  f"{POS_NAMES[move.at]}; the face-down room goes to "
                                  f"{POS_NAMES[here]}")
        elif kind == "illusion":                                       # R25-32
            here = self.where[self.loc[c]]
            new_tile = self.grid[move.at]
            self._swap_places(here, move.at)
            self._event("R25-32", f"the Illusion room trades places with {POS_NAMES[move.at]}: "
                                  f"{name} now stands in the room revealed at {POS_NAMES[here]}")
            self._reveal(new_tile)
            self.loc[c] = new_tile
            self._arrive(c, new_tile, [])
        else:                                                          # R25-27
            self._slide(c, move.line, move.direction, "R25-27")
        self._masks()

    def _swap_places(self, p: int, q: int) -> None:
        a, b = self.grid[p], self.grid[q]
        self.grid[p], self.grid[q] = b, a
        self.where[a], self.where[b] = q, p

    def _slide(self, c: int, line: int, d: int, rule: str) -> None:
        """Slide a line by one; the room pushed off re-enters at the other end (R25-17), unless
        it is Room 25 leaving with its escaping side (R25-11, R25-I3)."""
        places = LINES[line]
        tiles = [self.grid[p] for p in places]
        leaving = tiles[-1] if d > 0 else tiles[0]
        self.shifts[line] = d
        game = self.game
        self._event(rule, f"{game.names[c]} slides {line_name(line, d)}")
        if leaving == game.room25_tile and self.up >> leaving & 1:
            if rule == "R25-17" and self._try_escape(c):
                return
            if rule != "R25-17" or self.loc[c] != leaving:
                self._event("R25-I3", "Room 25 slides off the edge and comes back in at the "
                                      "other end: only the Control action of a character "
                                      "inside it takes it out of the complex")
        tiles = [leaving] + tiles[:-1] if d > 0 else tiles[1:] + [leaving]
        for p, t in zip(places, tiles):
            self.grid[p] = t
            self.where[t] = p

    # --- escapes, deaths and the end ------------------------------------------------------------
    def _try_escape(self, actor: int) -> bool:
        """``actor``'s Control slides Room 25 off an edge: does their side escape (R25-11,
        R25-I3)? If not, say so without telling why when roles are secret (R25-I4)."""
        if self.loc[actor] != self.game.room25_tile:
            return False
        found = self._escape(actor)
        if found is None:
            mode = self.game.mode
            why = "nobody escapes" if mode == "suspicion" else self._why_no_escape(actor)
            self._event(WIN_RULES[mode], f"Room 25 slides off the edge, but {why}: it comes "
                                         "back in at the other end")
            return False
        termination, winners, rule, text, score = found
        self._end(termination, winners, rule, text, score)
        return True

    def _side(self, c: int) -> list[int]:
        """The characters who escape together with ``c`` (R25-I3): the prisoners in
        Suspicion, everyone in Cooperative and Solo, ``c``'s player's pair in Competition
        (R25-48), ``c``'s team in Team (R25-45)."""
        game = self.game
        if game.mode == "suspicion":
            return [d for d in range(game.num_chars) if self.roles[d] == PRISONER]
        if game.mode == "competition":
            return list(game.chars_of[game.owner[c]])
        if game.mode == "team":
            return [d for d in range(game.num_chars) if game.team[d] == game.team[c]]
        return list(range(game.num_chars))

    def _escape(self, actor: int) -> tuple | None:
        """Does Room 25 leave the complex with ``actor``'s side if ``actor``, inside it,
        Controls it off an edge now? ``(termination, winners, rule, text, score)`` or None.

        The side escapes when all its members are inside (R25-11); with one missing (dead,
        or in Suspicion also left behind), only in the last turn (R25-41, R25-45, R25-47,
        R25-48). Enemies inside are passengers (R25-I3). Reads the position only, so a
        saved result can be checked against it."""
        game = self.game
        r25 = game.room25_tile
        if self.loc[actor] != r25:
            return None
        mode = game.mode
        last = self.turn == self.last_turn
        side = self._side(actor)
        if actor not in side:                                          # an enemy: a passenger
            return None
        missing = [c for c in side if self.loc[c] != r25]
        dead = [c for c in side if self.loc[c] < 0]
        if mode == "suspicion":                                        # R25-41
            if missing and not (last and len(missing) == 1):
                return None
            winners = tuple(sorted({game.owner[c] for c in side}))
            note = "" if not missing else f" without {game.names[missing[0]]}, in the last turn"
            return "escape", winners, "R25-41", f"the prisoners escape in Room 25{note}", 1.0
        if len(missing) > len(dead) or (dead and not last):
            return None
        if mode in ("cooperative", "solo"):                            # R25-47, R25-49
            rule = "R25-47" if mode == "cooperative" else "R25-49"
            if not dead:
                return ("escape", tuple(range(game.num_players)), rule,
                        "everyone escapes: total victory", 1.0)
            return ("partial escape", tuple(range(game.num_players)), rule,
                    "the survivors escape in the last turn: partial victory", 0.5)
        rule = "R25-48" if mode == "competition" else "R25-45"        # R25-45, R25-48
        key = game.owner if mode == "competition" else game.team
        winners = tuple(p for p in range(game.num_players)
                        if any(key[c] == key[actor] for c in game.chars_of[p]))
        name = self._side_name(key[actor])
        return ("escape", winners, rule, f"Room 25 leaves the complex with {name}: they escape "
                "and win; the others inside were passengers", 1.0)

    def _why_no_escape(self, actor: int) -> str:
        """Why ``actor``'s public side cannot escape now (not for Suspicion, R25-I4)."""
        side = self._side(actor)
        r25 = self.game.room25_tile
        if any(self.loc[c] >= 0 and self.loc[c] != r25 for c in side):
            return "not everyone who must escape together is inside"
        return ("with a character dead, the rest may escape only in the last turn "
                f"(turn {self.last_turn})")

    def _side_name(self, side: int) -> str:
        if self.game.mode == "team":
            return f"team {'AB'[side]}"
        return f"player {side}'s characters"

    def _die(self, c: int, rule: str, why: str) -> None:
        game = self.game
        self.loc[c] = -1
        self.trap[c] = (-1, 0)
        self.flood[c] = (-1, 0)
        earlier = list(self.deaths)
        self.deaths = earlier + [c]
        self._event(rule, f"{game.names[c]} {why}")
        mode = game.mode
        n = game.num_players
        if mode == "suspicion":                                        # R25-43, R25-42
            if earlier:
                for e in earlier:
                    if not self.shown[e]:
                        self._show_role(e)
                        self._event("R25-43", f"the dead {game.names[e]} reveals: {self.roles[e]}")
                # The second dead reveals if the first was a prisoner; any later death at once.
                if not self.shown[c] and (len(earlier) >= 2 or self.roles[earlier[0]] == PRISONER):
                    self._show_role(c)
                    self._event("R25-43", f"the dead {game.names[c]} reveals: {self.roles[c]}")
            dead_prisoners = sum(1 for e in self.deaths if self.roles[e] == PRISONER)
            if dead_prisoners >= 2:
                guards = self._guard_players()
                self._end("two prisoners dead", guards, "R25-42", "two prisoners are dead: the "
                          "prisoners lose" + (", the guards win" if guards else
                                              " (no guard was dealt)"))
        elif mode == "cooperative":                                    # R25-47
            if len(self.deaths) >= 2:
                self._end("two dead", (), "R25-47", "a second character died: everyone loses")
        elif mode == "solo":                                           # R25-49
            self._end("death", (), "R25-49", "a prisoner died: the solo game is lost")
        else:                                                          # R25-45, R25-48
            rule = "R25-48" if mode == "competition" else "R25-45"
            alive_sides = sorted({game.team[d] for d in range(game.num_chars) if self.loc[d] >= 0})
            if len(alive_sides) <= 1:
                winners = tuple(p for p in range(n)
                                if any(game.team[d] in alive_sides for d in game.chars_of[p]))
                text = ("nobody is left alive" if not alive_sides else
                        f"{self._side_name(alive_sides[0])} are the last left alive and win")
                self._end("last alive" if alive_sides else "all dead", winners, rule, text)
        self._masks()  # a death can leave a clear majority in Room 25 (R25-40)

    def _guard_players(self) -> tuple[int, ...]:
        """The players of the guards dealt (maybe none, R25-38)."""
        game = self.game
        return tuple(sorted({game.owner[g] for g in range(game.num_chars)
                             if self.roles[g] == GUARD}))

    def _masks(self) -> None:
        """Masks fall when a clear majority of the living is in Room 25 (R25-40)."""
        if self.game.mode != "suspicion" or self.result is not None:
            return
        tile = self.game.room25_tile
        if not self.up >> tile & 1:
            return
        living = [c for c, t in enumerate(self.loc) if t >= 0]
        inside = sum(1 for c in living if self.loc[c] == tile)
        if 2 * inside <= len(living):
            return
        for c in living:
            if self.loc[c] != tile and not self.shown[c]:
                self._show_role(c)
                self._event("R25-40", f"masks fall: {self.game.names[c]} is a {self.roles[c]}")

    def _end(self, termination: str, winners: tuple[int, ...], rule: str, text: str,
             score: float = 1.0) -> None:
        n = self.game.num_players
        scores = tuple(score if p in winners else 0.0 for p in range(n))
        self.result = (termination, tuple(winners), scores, rule)
        self.phase = OVER
        self.pending = None
        self._event(rule, text)
        # At the end every room, role and program is shown (R25-I4): to whom was one hidden?
        game = self.game
        for p in range(n):
            if (any(not (self.up | self.seen[p]) >> t & 1 for t in range(25))
                    or any(game.owner[c] != p and (not self.role_public(c)
                                                   or len(self.did[c].replace("-", ""))
                                                   < len(self.prog[c]))
                           for c in range(game.num_chars))):
                self._revealed |= 1 << p

    def _countdown(self) -> None:
        """End of the turn (R25-10); after the last turn, the countdown decides (R25-42 …)."""
        game = self.game
        if self.turn >= self.last_turn:
            mode = game.mode
            if mode == "suspicion":                                    # R25-42, R25-I8
                guards = self._guard_players()
                self._end("countdown", guards, "R25-42", "the countdown is over: the prisoners "
                          "did not escape and lose" + (", the guards win" if guards else
                                                       " (no guard was dealt)"))
            elif mode == "team":                                       # R25-45
                tile = game.room25_tile
                counts = [0, 0]
                if self.up >> tile & 1:
                    for c, t in enumerate(self.loc):
                        if t == tile:
                            counts[game.team[c]] += 1
                if counts[0] == counts[1]:
                    self._end("countdown", (), "R25-45", f"the countdown is over with {counts[0]} "
                              "characters of each team in Room 25: nobody wins")
                else:
                    side = 0 if counts[0] > counts[1] else 1
                    winners = tuple(p for p in range(game.num_players) if p % 2 == side)
                    self._end("countdown", winners, "R25-45", f"the countdown is over: team "
                              f"{'AB'[side]} has more characters in Room 25 ({counts[side]} to "
                              f"{counts[1 - side]}) and wins")
            else:
                rule = {"cooperative": "R25-47", "competition": "R25-48", "solo": "R25-49"}[mode]
                self._end("countdown", (), rule, "the countdown is over: nobody escaped")
            return
        self.turn += 1
        self.order = self.order[1:] + self.order[:1]
        n = game.num_chars
        self.prog = [""] * n
        self.did = [""] * n
        self.shifts = [0] * 10
        self._event("R25-10", f"turn {self.turn} begins, {self.remaining_turns()} left; "
                              f"{game.names[self.order[0]]} plays first")
        self._start_programming()

    def _start_programming(self) -> None:
        self.phase = PROGRAM
        self.cursor = 0
        kinds = self.game.kinds
        cold = 0
        for c, t in enumerate(self.loc):
            if t >= 0 and kinds[t] == "cold":                          # R25-35
                cold |= 1 << c
        self.cold = cold

    def _advance(self) -> None:
        """Play every step that needs no decision: skipped, empty and lost slots (R25-09),
        pass changes (R25-08) and the countdown (R25-10)."""
        game = self.game
        while self.result is None:
            phase = self.phase
            if phase == PENDING:
                return
            if phase == CLUE:
                if self.cursor < len(game.clue_players):
                    if self._legal_clue_exists():
                        return
                    self.cursor += 1
                    continue
                self._start_programming()
                continue
            order = self.order
            if phase == PROGRAM:
                while self.cursor < len(order):
                    c = order[self.cursor]
                    if self.loc[c] >= 0 and not self.direct(c):
                        return
                    self.cursor += 1
                self.phase = EXEC
                self.pass_no = 1
                self.cursor = 0
                continue
            # EXEC
            if self.cursor >= len(order):
                if self.pass_no == 1:
                    self.pass_no = 2
                    self.cursor = 0
                else:
                    self._countdown()
                continue
            c = order[self.cursor]
            if self.loc[c] < 0:
                self.cursor += 1
                continue
            act = self._slot(c)
            if act == "":
                self.did[c] += "-"
                self._end_slot(c)
                continue
            if act in ("*", "?"):
                return
            if self._options(c, act):
                return
            self.step += 1
            self._use_token(c, act)
            self._event("R25-09", f"{game.names[c]}'s {ACTION_NAMES[act]} cannot be carried out "
                                  f"{self._why_lost(c, act)}: the action is lost")
            self._end_action(c)

    def _legal_clue_exists(self) -> bool:
        return any(not self.up >> self.grid[q] & 1 for q in NEIGHBOURS[CENTER])

    def _why_lost(self, c: int, act: str) -> str:
        pos = self.where[self.loc[c]]
        kind = self.game.kinds[self.loc[c]]
        if act == "P":
            return "from the Central Room (R25-16)" if pos == CENTER else "(nobody else is here)"
        if act == "C":
            return "(the Central Room's lines never slide, R25-18)" if pos == CENTER else \
                "(R25-17)"
        if act == "L":
            return "in the Dark room (R25-36)" if kind == "dark" else "(no adjacent face-down room)"
        return "(no room it may enter)"

    # --- saving and observing -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "grid": list(self.grid), "face_up": self.up, "locked": self.locked,
            "loc": list(self.loc), "deaths": list(self.deaths), "roles": list(self.roles),
            "shown": list(self.shown), "seen": list(self.seen), "order": list(self.order),
            "turn": self.turn, "last_turn": self.last_turn, "alarm": self.alarm,
            "phase": self.phase, "cursor": self.cursor, "pass": self.pass_no,
            "prog": list(self.prog), "did": list(self.did), "cold": self.cold,
            "trap": [list(x) for x in self.trap], "flood": [list(x) for x in self.flood],
            "shifts": list(self.shifts), "marker": list(self.marker),
            "pending": None if self.pending is None else list(self.pending),
            "step": self.step,
            "result": None if self.result is None else [
                self.result[0], list(self.result[1]), list(self.result[2]), self.result[3]],
        }

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
            pos = self.position(c)
            tokens = len(self.prog[c])
            chars.append({
                "name": game.names[c], "player": game.owner[c],
                "place": None if pos is None else POS_NAMES[pos],
                "alive": pos is not None,
                "role": self.roles[c] if (mine or self.role_public(c)) else None,
                "team": game.team[c] if game.mode in ("team", "competition") else None,
                "program": self.prog[c] if (mine or over) else None,
                "tokens": tokens,
                "performed": self.did[c],
                "trapped": self.trap[c][0] >= 0 and self.trap[c][0] == self.loc[c],
                "flooding": self.flood[c][0] >= 0 and self.flood[c][0] == self.loc[c],
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
            "pending": None if self.pending is None else self.pending[0],
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
            near = [_dist(self.where[self.loc[c]], target) for c in mine if self.loc[c] >= 0]
            closeness = 1 - (sum(near) / len(near)) / 8 if near else 0.0
        else:
            closeness = 0.0
        if game.mode == "suspicion" and any(self.roles[c] == GUARD for c in mine):
            dead = sum(1 for e in self.deaths if self.roles[e] == PRISONER)
            return 0.4 * dead + 0.1 * alive
        return 0.5 * alive * 0.5 + 0.4 * closeness


GAME_CLASS = Room25Game

__all__ = ["Room25Game", "Room25State", "GAME_CLASS", "Clue", "Program", "Defer", "Pass",
           "Move", "Look", "Push", "Control", "Vision", "Swap", "Illusion", "Reveal", "Remind",
           "POS_NAMES", "POS_INDEX", "NEIGHBOURS", "INNER", "EXIT_ZONES", "LINES", "CENTER",
           "CHARACTERS", "PHASES", "exit_controls", "line_name"]
