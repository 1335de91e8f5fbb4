"""Section X: the rule engine (catalogue ``SX-01`` … ``SX-23``, interpretations ``SX-I1`` …
``SX-I11``).

Prisoners leave the island through tunnels of hexagonal tiles laid on the ocean (SX-01,
SX-03). Each rule lives in the module named after its concept; find a rule by its ID there:

=======================  ==============================================================
:mod:`.tiles`            the material (SX-02) and the 54 tiles (SX-I2)
:mod:`.board`            fields, island, gates, places, distance (SX-03, SX-I1, SX-I9)
:mod:`.phases`           the three phases of a turn as data, clockwise play (SX-05)
:mod:`.turn`             drawing (SX-06), the turn's flow (SX-12, SX-I8)
:mod:`.fit`              when a tile fits (SX-07)
:mod:`.placing`          placing a tile from the hand (SX-07)
:mod:`.rearranging`      swapping, moving, turning tiles (SX-08 … SX-11, SX-I3)
:mod:`.doors`            doors and their tunnels (SX-13, SX-14, SX-15, SX-I5)
:mod:`.prisoners`        steps, room, free zones, the key (SX-16 … SX-18, SX-I4, SX-I6)
:mod:`.rounds`           round ends, collapse, game ends (SX-19 … SX-23, SX-I7, SX-I10)
:mod:`.state`            what a position holds and how the next one is built
:mod:`.index`            the fast layer the rules look things up in (no rules)
:mod:`.save`             saved states, validated on load
=======================  ==============================================================

Rule by rule, where it is written:

* SX-01 :class:`SectionXGame`; SX-02 :mod:`.tiles` (``PRISONERS``, ``DOORS``, ``KEYS``,
  the 54 of ``TILE_KINDS``); SX-03, SX-I1 :mod:`.board` (``ocean_problem``); SX-04
  :meth:`SectionXGame.new_initial_state`; SX-05 :data:`.phases.PHASES`, ``next_player``;
* SX-06 :func:`.turn.draw_tile`; SX-07 :func:`.placing.place_problem` with
  :func:`.fit.misfit`; SX-08 :func:`.rearranging.rotate_problem`, ``move_problem``,
  ``swap_problem``; SX-09 ``turn_problem``; SX-10 ``shift_problem``; SX-11 ``comes_nearer``;
* SX-12 :func:`.turn.door_choice_open`; SX-13 :func:`.doors.foreign_owner`; SX-14, SX-I5
  :func:`.doors.door_problem`, ``place_door``; SX-15 ``settle_joined_tunnels``;
* SX-16 :func:`.prisoners.may_step_again`; SX-17, SX-18 :func:`.prisoners.entry_problem`
  (room: :attr:`.tiles.TileKind.capacity`); SX-I4 ``step_problem``; SX-I6 ``key_opens``;
* SX-19, SX-I7 :func:`.rounds.round_end`; SX-20 ``collapse``; SX-21 ``reshuffle``; SX-22
  ``to_free_land``; SX-23 ``five_freed``; SX-I10 ``game_ends_otherwise``;
* SX-I2 :data:`.tiles.KINDS`; SX-I3 :func:`.rearranging.strict_fit_problem`; SX-I8
  :func:`.turn.start_turn`; SX-I9 :data:`.board.GATE_DISTANCE`; SX-I11 the ``players`` option.

The legal moves are listed by the blocks of each module (``Placements``, ``rearrangements``,
``Steps``, ``DoorMoves``), which count the moves those functions allow without making them;
the conformance tests check that a move is listed exactly when its function allows it.

This module joins them: the game with its options and set-up (SX-04, SX-I11), and the
state's legal moves, refusals and moves applied. It imports neither matplotlib, ipywidgets
nor networkx; :mod:`.tunnels` draws the tunnels as a networkx graph.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from boardlib.core.api import Game, Illegal, InvalidInputError, Option, seed_option
from boardlib.core.metadata import GameInfo, GameType
from boardlib.grids.hex import DIRECTION_NAMES

from .board import (BURIED, EMPTY_BOARD, FIELD_INDEX, FIELDS, FREED, GATE_DISTANCE, GATES,
                    ISLAND, ISLAND_FIELDS, OCEAN, is_zone, parse_place, place_text, zone_code)
from .catalogue import CATALOGUE
from .doors import DoorMoves, door_problem, place_door
from .index import cached
from .moves import (END_TURN_ONLY, MOVES, NO_MOVES, Chained, Door, EndTurn, LegalMoves, Move,
                    MoveList, MoveTile, PlaceTile, RotateTile, Step, SwapTiles)
from .phases import ACT_PHASE, OVER, PHASE_MOVES, PHASES, TILE_PHASE
from .placing import Placements, place, place_problem
from .prisoners import STEPS_PER_PRISONER, STEPS_PER_TURN, Steps, step, step_problem
from .rearranging import (rearrange, rearrangements, move_problem, rotate_problem,
                          swap_problem)
from .rounds import TARGET_FREED, default_round_target
from .routes import escape_distances
from .save import check_reachable, read, to_dict
from .state import Draft, SectionXPosition
from .tiles import DOORS, NUM_TILES, PRISONERS
from .turn import HAND_LIMIT, door_choice_open, draw_event, end_turn, start_turn, zone_claimed

class SectionXGame(Game):
    """Section X for 2–4 players (SX-I11): each leads prisoners who escape the prison island
    to the free zones through tunnels they lay, hindering each other (SX-01); five freed
    prisoners win (SX-23)."""

    # hidden information: the order of the face-down stack and the other players' hands
    TYPE = GameType("section_x", "Section X", min_players=2, max_players=4,
                    hidden_information=True, chance=True, secrets_rule="SX-04")
    PHASES = PHASES
    MOVES = MOVES
    catalogue = CATALOGUE
    TEACHING = "boardlib.section_x.teaching:SectionXTeacher"
    # The escape bot plays "greedy" here: the shared one-ply greedy bot would score every
    # one of ~1000 tile actions per turn (read by Game.bots() where the core supports it).
    BOT_CLASSES = {"escape": "boardlib.section_x.bots:EscapeBot",
                   "greedy": "boardlib.section_x.bots:EscapeBot"}
    OPTIONS = (
        Option("players", 2, "number of players (SX-I11)", choices=(2, 3, 4), rule="SX-I11"),
        seed_option("seed for shuffling the tiles (SX-04, SX-21); none: a fresh deal"),
        Option("keys", False, "variant, this project's invention: each player's key lets one "
               "prisoner pass another player's door once per round (SX-I6)",
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
        self.round_target: int = (self.options["round_target"]
                                  or default_round_target(self.num_players))
        self.max_turns: int = self.options["max_turns"]

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def info(self) -> GameInfo:
        """A turn has at most seven moves: a tile action, five steps and the end of the turn
        (SX-16); ``max_turns`` bounds the turns (SX-I10; without it no bound is known). A
        score counts freed prisoners: five end the game (SX-23)."""
        turns = self.max_turns or 10 ** 9
        return GameInfo(self.num_players, max_game_length=7 * turns, min_score=0,
                        max_score=TARGET_FREED)

    def new_initial_state(self) -> SectionXState:
        """SX-04: each player's prisoners on the island and doors in hand; the tiles shuffled
        face down. Then player 0's first turn begins."""
        n = self.num_players
        stack = list(range(NUM_TILES))
        random.Random(self.options["seed"]).shuffle(stack)
        setup = SectionXState(
            self, board=EMPTY_BOARD, hands=((),) * n, stack=tuple(stack),
            locs=(ISLAND,) * (PRISONERS * n), used=(0,) * (PRISONERS * n),
            doors=((None,) * DOORS,) * n, stamp=0, keys=(bool(self.options["keys"]),) * n,
            player=0, phase=TILE_PHASE, turn=0, round=1)
        started: SectionXState = start_turn(Draft(setup))
        return started

    def shuffle_rng(self, round_number: int) -> random.Random:
        """The generator for the reshuffle after round ``round_number`` (SX-21), from the seed."""
        return random.Random(f"section_x:{self.options['seed']}:{round_number}")

    def state_from_dict(self, data: Mapping[str, Any]) -> SectionXState:
        state = SectionXState(self, **read(self, data))
        check_reachable(state)
        return state


# Per kind of move: the function that says why it is refused (or None); the core has checked
# the move's type and its fields' types already (Game.MOVES).
REFUSALS: dict[type, Callable[[Any, Any], Illegal | None]] = {
    PlaceTile: place_problem, RotateTile: rotate_problem, MoveTile: move_problem,
    SwapTiles: swap_problem, Step: step_problem, Door: door_problem,
    EndTurn: lambda state, move: None,      # always possible in phase 3 (SX-I8)
}


class SectionXState(SectionXPosition):
    """A Section X position with its rules: legal moves, refusals, moves applied."""

    # --- legal moves ----------------------------------------------------------------
    @cached
    def moves(self) -> MoveList:
        """The legal moves as counted blocks (see :class:`.moves.MoveList`)."""
        if self.phase == TILE_PHASE:
            return self.tile_actions
        if self.phase == ACT_PHASE:
            # SX-12: steps, or a door before any step; or end the turn
            doors = DoorMoves(self) if door_choice_open(self) else NO_MOVES
            return Chained([Steps(self), doors, END_TURN_ONLY])
        return NO_MOVES

    def _legal_moves(self) -> tuple[Move, ...]:
        return LegalMoves(self.moves)

    def _random_move(self, rng: random.Random) -> Move:
        """``rng.choice(self.legal_moves())``, without making the other moves."""
        moves = self.moves
        return moves[rng.randrange(len(moves))]

    @cached
    def tile_actions(self) -> MoveList:
        """Every tile action the player to move could take: placements (SX-07), then swaps,
        moves and turns (SX-08 … SX-11)."""
        return Chained([Placements(self), *rearrangements(self)])

    def has_tile_action(self) -> bool:
        """Is any phase-2 action possible (SX-I8: otherwise the phase is skipped)?"""
        return len(self.tile_actions) > 0

    # --- refusals -------------------------------------------------------------------
    def _why_illegal(self, move: Move) -> Illegal | None:
        if self.phase == OVER:
            return Illegal(self.result.rule if self.result else "SX-23",
                           "The game is over; no more moves can be made.")
        refusal = REFUSALS[type(move)]
        if type(move) not in PHASE_MOVES[self.phase]:
            if self.phase == TILE_PHASE:
                return Illegal("SX-05", "It is phase 2: first place, swap, move or rotate a "
                               "tile; prisoners and doors come in phase 3.")
            return Illegal("SX-05", "It is phase 3: the tile action of this turn is done; "
                           "move prisoners, place a door or end the turn.")
        if isinstance(move, Door) and not door_choice_open(self):
            return Illegal("SX-12", "You are moving prisoners this turn; phase 3 allows "
                           "prisoners or a door, not both.")
        return refusal(self, move)

    # --- applying moves ----------------------------------------------------------------
    def _apply(self, move: Move) -> SectionXState:
        draft = Draft(self)
        result: SectionXState
        if isinstance(move, PlaceTile):
            result = place(draft, move)
        elif isinstance(move, (SwapTiles, MoveTile, RotateTile)):
            result = rearrange(draft, move)
        elif isinstance(move, Step):
            result = zone_claimed(draft) if is_zone(step(draft, move)) else draft.build()
        elif isinstance(move, Door):
            place_door(draft, move)
            result = end_turn(draft)                   # a door ends the turn (SX-12)
        else:
            result = end_turn(draft)
        return result

    # --- results and views ----------------------------------------------------------------
    def outcome(self) -> Any:
        return self.result

    def revealed_to(self, player: int) -> bool:
        """Did the move that led here show ``player`` a hidden tile? It did when ``player``
        then drew from the face-down stack (SX-06)."""
        return draw_event(player) in self.events

    def heuristic(self, player: int) -> float:
        """How good the position is for ``player`` compared with the best opponent.

        Escaped prisoners count 10, buried ones -3, and each prisoner still inside adds
        ``2 / (1 + d)`` where ``d`` is its number of steps to an open zone avoiding other
        players' doors and parts they fill (12 when there is no way out) - so a bypass
        around a blocking prisoner is worth building.
        """
        if self.phase == OVER:
            return 1000.0 * self.returns()[player]
        values = [self._progress(p) for p in range(self.num_players)]
        others = max(v for q, v in enumerate(values) if q != player)
        return values[player] - others

    def _progress(self, p: int) -> float:
        # One key serves one prisoner a round: counting it for all of them misleads the bots.
        dist = escape_distances(self, p, avoid_full=True, use_key=False)
        v = 10.0 * self.escaped(p) - 3.0 * self.buried(p)
        for c in self.prisoners_of(p):
            if c >= 0 or c == ISLAND:
                v += 2.0 / (1 + dist.get(c, 12))
        return v

    def escape_distances(self, player: int | None = None, avoid_full: bool = False,
                         use_key: bool = True) -> dict[int, int]:
        """Steps from each place to the nearest open free zone (see :mod:`.routes`)."""
        return escape_distances(self, player, avoid_full, use_key)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: the stack's order and other hands are hidden (counts only)."""
        data = self.to_dict()
        data["stack"] = len(self.stack)
        data["hands"] = [list(h) if p == player else len(h) for p, h in enumerate(self.hands)]
        return data

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)


GAME_CLASS = SectionXGame

__all__ = ["SectionXGame", "SectionXState", "GAME_CLASS", "PlaceTile", "SwapTiles", "MoveTile",
           "RotateTile", "Step", "Door", "EndTurn", "PHASES", "FIELDS", "FIELD_INDEX",
           "ISLAND_FIELDS", "GATES", "OCEAN", "GATE_DISTANCE", "place_text", "parse_place",
           "ISLAND", "FREED", "BURIED", "zone_code", "is_zone", "DIRECTION_NAMES", "TILE_PHASE",
           "ACT_PHASE", "OVER", "PRISONERS", "DOORS", "HAND_LIMIT", "STEPS_PER_TURN",
           "STEPS_PER_PRISONER", "TARGET_FREED"]
