"""Carcassonne with The Tunnel: the rule engine (catalogue ``CB-01`` … ``CB-16``, ``TU-01`` …
``TU-09``, variants ``TU-V1`` … ``TU-V4``, ``KR-01`` … ``KR-02`` and interpretations).

A turn is ``PlaceTile`` (CB-03, CB-04), then optionally ``PlaceFollower`` (CB-06) and
``PlaceTunnelToken`` (TU-03) in either order, then ``EndTurn``, which scores what the turn
completed (CB-07 … CB-11, TU-05, TU-07) and draws the next tile, discarding tiles that fit
nowhere (CB-05). After the last tile, unfinished features and farms are scored (CB-13 …
CB-15, KR-02).

Where each rule lives, by concept: ``tiles.py`` the tiles and their fit (CB-01, CB-04,
TU-01); ``moves.py`` the moves and their text; ``state.py`` the turn (CB-03 … CB-07,
CB-13, the Tunnel's token rules TU-02 … TU-08 and variants, KR-01); ``groups.py`` the
features as they grow (CB-06, CB-08 … CB-12, TU-05); ``scoring.py`` points (CB-08 …
CB-16, KR-02); ``saves.py`` saved states; this module the game and its options.
``features.py`` rebuilds the features with networkx for teaching and for the tests.

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from boardlib.core import Game, GameInfo, GameType, Option, seed_option

from .catalogue import CATALOGUE
from .groups import Features, Group, majority
from .moves import (END_TURN, MOVES, EndTurn, Move, PlaceFollower, PlaceTile, PlaceTunnelToken,
                    feature_name)
from .saves import check_reachable, load_state, state_schema
from .scoring import EndScore, end_scoring, feature_points
from .state import (AFTER, COLOURS, FOLLOWERS, OVER, PHASES, TILE, CarcassonneState, Draft,
                    Position)
from .tiles import CITY, CLOISTER, ROAD, START_LETTER, TILE_TYPES, fits, tile_pool


class CarcassonneGame(Game):
    """Carcassonne for 2–5 players (CB-01), with The Tunnel unless ``tunnel=False``."""

    TYPE = GameType("carcassonne", "Carcassonne with The Tunnel", min_players=2, max_players=5,
                    hidden_information=True, chance=True, secrets_rule="CB-02")
    PHASES = PHASES
    MOVES = MOVES
    catalogue = CATALOGUE
    BOT_CLASSES = {"greedy": "boardlib.carcassonne.bots:CarcassonneGreedyBot"}
    TEACHING = "boardlib.carcassonne.teaching:CarcassonneTeacher"
    OPTIONS = (
        Option("players", 2, "number of players, 2 to 5", choices=(2, 3, 4, 5), rule="CB-01"),
        seed_option("seed of the shuffled tile pile (CB-02)", rule="CB-02"),
        Option("tunnel", True, "play with The Tunnel: 4 more tiles and tunnel tokens",
               rule="TU-01"),
        Option("farms", "3rd", "farm scoring: third ('3rd'), first ('1st') or second ('2nd') "
               "edition", choices=("3rd", "1st", "2nd"), rule="CB-15"),
        Option("small_city_2pts", False, "a completed 2-tile city scores 2 (first edition)",
               rule="CB-09"),
        Option("king_robber_baron", False, "play with the King and the Robber Baron",
               rule="KR-01"),
        Option("tu_v1", False, "tokens only on openings of roads with your follower",
               rule="TU-V1"),
        Option("tu_v2", False, "a trapped player may place a neglected second token",
               rule="TU-V2"),
        Option("tu_v3", False, "shared tokens, tunnels built whole on occupied roads",
               rule="TU-V3"),
        Option("tu_v4", False, "tokens may not block another player's follower", rule="TU-V4"),
        Option("two_player_token_sets", 3, "token colour pairs per player with two players",
               choices=(3, 2), rule="TU-02"),
        Option("tu_no_self_link", False, "a tunnel may not link the two openings of one road",
               rule="TU-I2"),
    )

    def _setup(self) -> None:
        o = self.options
        n = o["players"]
        if o["tunnel"]:
            sets = {2: o["two_player_token_sets"], 3: 2}.get(n, 1)  # TU-02
        else:
            sets = 0
        # Player p takes colours p, p + n, p + 2n ...: player 0 is blue, player 1 red, ...
        self.colours_of: tuple[tuple[str, ...], ...] = tuple(
            tuple(COLOURS[p + n * k] for k in range(sets)) for p in range(n))
        self.owner_of: dict[str, int] = {c: p for p, cs in enumerate(self.colours_of)
                                         for c in cs}
        self.colours_in_play: tuple[str, ...] = tuple(c for c in COLOURS if c in self.owner_of)
        self.pool = tile_pool(o["tunnel"])

    def token_set(self, colour: str) -> tuple[int, int]:
        """(owner, number of the pair from 1) of a tunnel-token colour (TU-02): boards and
        words name a pair by its owner's seat ("Red 2"), not by the rulebook's colour."""
        owner = self.owner_of[colour]
        return owner, self.colours_of[owner].index(colour) + 1

    @property
    def num_players(self) -> int:
        return self.options["players"]

    def info(self) -> GameInfo:
        """A turn per tile at most: the tile, a follower, its tokens (two with TU-V3) and
        the end of the turn (CB-03, TU-03). Scores are bounded by what every tile could pay
        one player: its city segments (2 + 2 per pennant, +1 King), roads (1, +1 Robber
        Baron), cloister (9) and farms (4 per city a field touches) (CB-08 … CB-15, KR-02)."""
        tokens = (2 if self.options["tu_v3"] else 1) if self.options["tunnel"] else 0
        turns = len(self.pool)
        best = 0
        for letter in self.pool + [START_LETTER]:
            for f in TILE_TYPES[letter].features:
                if f.kind == CITY:
                    best += 3 + 2 * f.pennants
                elif f.kind == ROAD:
                    best += 2
                elif f.kind == CLOISTER:
                    best += 9
                else:
                    best += 4 * len(f.cities)
        return GameInfo(self.num_players, max_game_length=turns * (3 + tokens), min_score=0,
                        max_score=best)

    @staticmethod
    def fits(letter: str, need: int) -> tuple[int, ...]:
        """Rotations of ``letter`` that satisfy the neighbours' demand ``need`` (CB-04)."""
        return fits(letter, need)

    def new_initial_state(self) -> CarcassonneState:
        """CB-02: the start tile face up and the other tiles shuffled by the game's seed."""
        deck = list(self.pool)
        random.Random(self.options["seed"]).shuffle(deck)
        return CarcassonneState.initial(self, tuple(deck))

    def state_from_dict(self, data: Mapping[str, Any]) -> "CarcassonneState":
        """A saved state, checked by ``load_state`` (schema, then reachability)."""
        return load_state(self, data)


GAME_CLASS = CarcassonneGame

__all__ = ["CarcassonneGame", "CarcassonneState", "Draft", "Position", "PlaceTile",
           "PlaceFollower", "PlaceTunnelToken", "EndTurn", "END_TURN", "Move", "MOVES", "PHASES",
           "Group", "Features", "majority", "end_scoring", "EndScore", "feature_points",
           "feature_name", "load_state", "state_schema", "check_reachable", "COLOURS",
           "FOLLOWERS", "TILE", "AFTER", "OVER", "GAME_CLASS"]
