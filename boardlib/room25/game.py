"""Room 25 as a game: its options, its table (``modes``), its rooms (``rooms``), the first
position and the reading of moves and saves."""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from boardlib.core.api import Game, InvalidInputError, Option, seed_option
from boardlib.core.metadata import GameInfo, GameType
from boardlib.core.schema import Choice, ListOf, OneOf, Optional, Text, Whole

from .catalogue import CATALOGUE
from .complex import CENTER, deal_complex, inverse
from .modes import DEFAULT_PLAYERS, MODES, TURNS, deal_roles, table
from .moves import MOVES, parse_move
from .position import CLUE, NO_FLOOD, NO_TRAP, Draft
from .rooms import KINDS, composition
from .saves import check_reachable, fields_from_save
from .state import Room25State
from .turn import PHASES, advance


class CompositionOption(Option):
    """``beginner``, ``expert``, a list of 25 room keys or a mapping ``{key: count}``; a game
    keeps (and saves) a custom composition as the list in the rooms' order (R25-I1)."""

    def check(self, value: Any) -> None:
        if not isinstance(value, (str, list, tuple, dict)):
            raise InvalidInputError("option composition is 'beginner', 'expert' or a list of 25 "
                                    "room keys (R25-I1)")
        if not isinstance(value, dict):
            super().check(value)


class Room25Game(Game):
    """Room 25 in any of its five modes (R25-38 … R25-49)."""

    TYPE = GameType("room25", "Room 25", min_players=1, max_players=6,
                    hidden_information=True, chance=True, secrets_rule="R25-I4")
    PHASES = PHASES
    MOVES = MOVES
    catalogue = CATALOGUE
    TEACHING = "boardlib.room25.teaching:Room25Teacher"
    # Seats see only observations here (R25-I4): the shared full-state bots are withdrawn.
    BOT_CLASSES = {"random": "boardlib.room25.bots:ObservationRandomBot",
                   "prisoner": "boardlib.room25.bots:PrisonerBot",
                   "guard": "boardlib.room25.bots:GuardBot",
                   "role": "boardlib.room25.bots:RoleBot",
                   "greedy": None, "mcts": None}
    OPTIONS = (
        Option("mode", "suspicion", "suspicion, cooperative, competition, team or solo",
               choices=MODES, rule="R25-38"),
        Option("players", None, "number of players; default per mode (suspicion 4, "
               "cooperative 4, competition 2, team 4, solo 1)", schema=Optional(Whole(1, 6))),
        CompositionOption("composition", "beginner", "'beginner', 'expert' or a custom list "
                          "of 25 room keys", rule="R25-I1",
                          schema=OneOf(Choice("beginner", "expert"),
                                       ListOf(Text(20), max_length=32))),
        Option("reminder_markers", True, "play with reminder markers", rule="R25-I6"),
        seed_option("seed of the shuffles: the complex (R25-04) and the roles (R25-38); "
                    "without one, every game is a new deal", rule="R25-I4"),
    )

    def _setup(self) -> None:
        mode = self.options["mode"]
        players = self.options["players"]
        if players is None:
            players = DEFAULT_PLAYERS[mode]
        seats = table(mode, players)
        rooms = composition(self.options["composition"], mode)
        comp = self.options["composition"]
        self.options = {**self.options, "players": players,
                        "composition": comp if isinstance(comp, str) else rooms}
        self.mode: str = mode
        self.players: int = players
        self.kinds: tuple[str, ...] = tuple(rooms)          # tile -> room key
        self.tile_of_kind = {k: tuple(t for t, kk in enumerate(rooms) if kk == k) for k in KINDS}
        self.central_tile = self.tile_of_kind["central"][0]
        self.room25_tile = self.tile_of_kind["room25"][0]
        twins = self.tile_of_kind["twin"]
        self.twin_of = {twins[0]: twins[1], twins[1]: twins[0]} if len(twins) == 2 else {}
        self.turns = TURNS[mode]
        self.alarm_mode = self.turns == 10                   # R25-12
        self.names: tuple[str, ...] = seats.names
        self.owner: tuple[int, ...] = seats.owner
        self.team: tuple[int, ...] = seats.team
        self.initial_order: tuple[int, ...] = seats.order
        self.num_chars = len(seats.names)
        self.chars_of = seats.chars_of
        self.clue_players: tuple[int, ...] = seats.clue_players

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def info(self) -> GameInfo:
        """Bounds: the first clues (one per player); per turn one program per character and
        at most two slots per character, each a decision and up to two room choices (an
        Illusion that reveals a Vision, Moving or Control room); two guards' reveals; and
        reminder markers, laid at most once more per room turned up (24) per character. A
        player scores 1 for a win, 1/2 for a partial Cooperative escape, else 0."""
        n = self.num_chars
        longest = self.players + self.turns * (n + 2 * n * 3) + 2 + 25 * n
        return GameInfo(self.players, max_game_length=longest, min_score=0.0, max_score=1.0)

    def describe_room(self, tile: int) -> str:
        return KINDS[self.kinds[tile]].name

    def new_initial_state(self) -> Room25State:
        """Build the complex (R25-04), deal roles (R25-38) and wait for the first clues (R25-05)."""
        rng = random.Random(self.options["seed"])
        grid = deal_complex(rng, self.central_tile, self.room25_tile, self.tile_of_kind["vision"])
        n = self.num_chars
        first = Room25State(
            self, grid=tuple(grid), where=inverse(grid), up=1 << self.central_tile, locked=0,
            loc=(self.central_tile,) * n, deaths=(), roles=deal_roles(rng, self.mode, n),
            shown=(0,) * n, seen=(0,) * self.players, order=self.initial_order, turn=1,
            last_turn=self.turns, alarm=False, phase=CLUE, cursor=0, pass_no=1,
            prog=("",) * n, did=("",) * n, cold=0, trap=(NO_TRAP,) * n,
            flood=(NO_FLOOD,) * n, shifts=(0,) * 10, marker=(-1,) * n, pending=None, step=0,
            result=None, happened=(), shown_to=0, died_in=())
        assert self.kinds[grid[CENTER]] == "central"
        return self.settled(first)

    @staticmethod
    def settled(state: Room25State) -> Room25State:
        """``state`` after every step that needs no decision (``turn.advance``)."""
        d = Draft(state)
        advance(d)
        new: Room25State = d.build()
        return new

    def parse_move(self, text: str) -> Any:
        """The move ``text`` writes (spaces and case do not matter)."""
        return parse_move(text)

    def state_from_dict(self, data: Mapping[str, Any]) -> Room25State:
        """Rebuild a state from ``to_dict``, checking every field (bad input: InvalidInputError)."""
        state = Room25State(self, **fields_from_save(self, data))
        check_reachable(state)
        return state


__all__ = ["Room25Game"]
