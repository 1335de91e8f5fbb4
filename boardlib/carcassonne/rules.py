"""Carcassonne with The Tunnel: the rule engine (catalogue ``CB-01`` … ``CB-16``, ``TU-01`` …
``TU-09``, variants ``TU-V1`` … ``TU-V4``, ``KR-01`` … ``KR-02`` and interpretations).

A turn is ``PlaceTile`` (CB-03, CB-04), then optionally ``PlaceFollower`` (CB-06) and
``PlaceTunnelToken`` (TU-03) in either order, then ``EndTurn``, which scores what the turn
completed (CB-07 … CB-11, TU-05, TU-07) and draws the next tile, discarding tiles that fit
nowhere (CB-05). After the last tile, unfinished features and farms are scored (CB-13 …
CB-15, KR-02).

Features are tracked incrementally: every feature segment of a placed tile is a *node*
``(position, feature index)``; connected segments share a group id, and each group records its
tiles, open ends, pennants and followers. Merging relabels the smaller group (union by size),
and every dict is copied before it changes, so older states stay valid. ``features.py``
rebuilds the same components with networkx for teaching and for the tests.

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from boardlib.core.schema import Boolean, Choice, ListOf, Optional, Record, Text, TupleOf, Whole
from boardlib.core import (PAIR, TERMINAL, Event, FieldKind, Game, GameInfo,
                           GameType, Illegal, MoveSet, Option, Outcome, Phase,
                           Phases, State, TextKind, is_whole, move, require, seed_option)

from .catalogue import CATALOGUE
from .tiles import (CITY, CLOISTER, CLOISTER_INDEX, DELTA, DIRS, FIELD, HALVES, OPPOSITE, ROAD,
                    START_LETTER, TILE_TYPES, meeting_half, oriented, tile_pool)

FOLLOWERS = 7  # CB-01
COLOURS = ("blue", "red", "green", "yellow", "black", "grey")  # TU-01: six token colours
TILE, AFTER, OVER = "tile", "after", "over"
Pos = tuple[int, int]
Node = tuple[Pos, int]

# --- moves -------------------------------------------------------------------


class RotationKind(FieldKind):
    """A tile's turn in quarter turns clockwise (0 … 3), written in degrees (``rot 90``)."""

    description = "a quarter-turn count 0 to 3"
    pattern = r"[0-9]{1,4}"

    def parse(self, text: str) -> int:
        degrees = int(text)
        if degrees % 90 or degrees >= 360:
            raise ValueError("rotation must be 0, 90, 180 or 270")
        return degrees // 90

    def write(self, value: Any) -> str:
        return str(90 * int(value))

    def accepts(self, value: Any) -> bool:
        return type(value) is int


class OpeningKind(FieldKind):
    """A tunnel opening ``(x, y, side)``: the tile's place and the edge, written ``x,y S``."""

    description = "an opening x,y and a side N, E, S or W"
    pattern = r"-?[0-9]{1,9},-?[0-9]{1,9} [NESW]"

    def parse(self, text: str) -> tuple[int, int, str]:
        place, side = text.split(" ")
        x, y = place.split(",")
        return int(x), int(y), side

    def write(self, value: Any) -> str:
        x, y, side = value
        return f"{x},{y} {side}"

    def accepts(self, value: Any) -> bool:
        return (type(value) is tuple and len(value) == 3 and type(value[0]) is int
                and type(value[1]) is int and type(value[2]) is str)


def feature_name(text: str) -> str:
    """A feature label with its parts in the engine's order: ``road:W+E`` -> ``road:E+W``."""
    if text == CLOISTER:
        return text
    kind, _, parts = text.partition(":")
    order = HALVES if kind == FIELD else tuple(DIRS)
    names = parts.split("+")
    if not all(p in order for p in names):
        raise ValueError(f"{kind} parts are {', '.join(order)}")
    return f"{kind}:{'+'.join(sorted(names, key=order.index))}"


FEATURE = TextKind(r"(?:city|road|field):[A-Z+]{1,40}|cloister",
                   "a feature such as road:E+W, city:N, field:NL+NR or cloister",
                   parse=feature_name)


@move("tile {position} rot {rotation}", rule="CB-04", position=PAIR, rotation=RotationKind())
class PlaceTile:
    """Lay the drawn tile at ``position`` turned ``rotation`` quarter turns clockwise (CB-04)."""

    position: Pos
    rotation: int


@move("follower {feature}", rule="CB-06", feature=FEATURE)
class PlaceFollower:
    """Put a follower on ``feature`` of the tile just laid, e.g. ``"city:N+E"`` (CB-06)."""

    feature: str


@move("token {colour} {opening}", rule="TU-03",
      colour=TextKind("[a-z]{1,12}", "a colour such as blue"), opening=OpeningKind())
class PlaceTunnelToken:
    """Claim the tunnel opening ``(x, y, side)`` with a token of ``colour`` (TU-03, TU-05)."""

    opening: tuple[int, int, str]
    colour: str


@move("end turn", rule="CB-03")
class EndTurn:
    """Finish the turn: score what it completed and draw the next tile (CB-03)."""


Move = PlaceTile | PlaceFollower | PlaceTunnelToken | EndTurn
END_TURN = EndTurn()
MOVES = MoveSet("Carcassonne", PlaceTile, PlaceFollower, PlaceTunnelToken, EndTurn,
                rule="CB-03")

PHASES = Phases(
    Phase(TILE, "CB-03", "laying the drawn tile", "the player whose turn it is",
          then=(AFTER,)),
    Phase(AFTER, "CB-06", "follower, tunnel token, end of turn",
          "the player who laid the tile", then=(TILE, OVER)),
    Phase(OVER, "CB-13", "game over", "nobody", then=()),
)
"""A turn (CB-03): lay the tile, then optionally a follower (CB-06) and a tunnel token
(TU-03) in either order, then end the turn; the next player draws. After the last tile the
game is over (CB-13)."""


# --- feature groups ------------------------------------------------------------


class Group:
    """A connected feature: its segments, tiles, open ends, pennants and followers.

    Treated as immutable once it sits in a state; changes make a new Group.
    ``open`` counts unmatched edges plus unlinked tunnel openings (TU-04); a road or city
    with none is complete. ``cities`` (fields only) are the city nodes the field borders.
    """

    __slots__ = ("kind", "members", "tiles", "open", "pennants", "followers", "cities", "done")

    def __init__(self, kind: str, members: tuple, tiles: frozenset | None, open_: int,
                 pennants: int, followers: tuple, cities: frozenset | None, done: bool) -> None:
        self.kind = kind
        self.members = members
        self.tiles = tiles
        self.open = open_
        self.pennants = pennants
        self.followers = followers  # ((node, player), ...)
        self.cities = cities
        self.done = done

    def replace(self, **changes: Any) -> "Group":
        g = Group(self.kind, self.members, self.tiles, self.open, self.pennants, self.followers,
                  self.cities, self.done)
        for key, value in changes.items():
            setattr(g, key, value)
        return g

    def counts(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for _, p in self.followers:
            out[p] = out.get(p, 0) + 1
        return out


def majority(counts: Mapping[int, int]) -> tuple[int, ...]:
    """CB-11 with CB-I1: every player with the most followers (none if nobody has any)."""
    if not counts:
        return ()
    top = max(counts.values())
    return tuple(sorted(p for p, c in counts.items() if c == top))


class Features:
    """The mutable working copy used while one move changes the feature groups."""

    __slots__ = ("node_group", "groups", "next_gid")

    def __init__(self, node_group: dict, groups: dict, next_gid: int) -> None:
        self.node_group = node_group
        self.groups = groups
        self.next_gid = next_gid

    def new(self, group: Group) -> int:
        gid = self.next_gid
        self.next_gid += 1
        self.groups[gid] = group
        for node in group.members:
            self.node_group[node] = gid
        return gid

    def union(self, a: int, b: int) -> int:
        if a == b:
            return a
        ga, gb = self.groups[a], self.groups[b]
        if len(ga.members) < len(gb.members):
            a, b, ga, gb = b, a, gb, ga
        tiles = ga.tiles | gb.tiles if ga.tiles is not None else None
        cities = ga.cities | gb.cities if ga.cities is not None else None
        self.groups[a] = Group(ga.kind, ga.members + gb.members, tiles, ga.open + gb.open,
                               ga.pennants + gb.pennants, ga.followers + gb.followers, cities,
                               False)
        node_group = self.node_group
        for node in gb.members:
            node_group[node] = a
        del self.groups[b]
        return a

    def close_ends(self, gid: int, count: int) -> None:
        g = self.groups[gid]
        self.groups[gid] = g.replace(open=g.open - count)

    def add_tile(self, board: Mapping[Pos, tuple[str, int]], pos: Pos, letter: str,
                 rotation: int) -> None:
        """Add a tile's segments and join them to the neighbours' across matching edges."""
        ot = oriented(letter, rotation)
        feats = TILE_TYPES[letter].features
        x, y = pos
        for i, f in enumerate(feats):
            node = (pos, i)
            if f.kind == FIELD:
                self.new(Group(FIELD, (node,), None, 0, 0, (),
                               frozenset((pos, c) for c in f.cities), False))
            else:
                self.new(Group(f.kind, (node,), frozenset((pos,)), ot.ends[i], f.pennants, (),
                               None, False))
        node_group = self.node_group
        for d in range(4):
            dx, dy = DELTA[d]
            npos = (x + dx, y + dy)
            other = board.get(npos)
            if other is None:
                continue
            nt = oriented(*other)
            side = ot.sides[d]
            if side != "F":  # city or road: the segments on both sides become one
                a = node_group[(pos, ot.edge_feature[d])]
                b = node_group[(npos, nt.edge_feature[OPPOSITE[d]])]
                self.close_ends(self.union(a, b), 2)
            if side != "C":  # field or road edge: both halves continue the fields
                for s in (0, 1):
                    h = 2 * d + s
                    a = node_group[(pos, ot.half_feature[h])]
                    b = node_group[(npos, nt.half_feature[meeting_half(h)])]
                    self.union(a, b)

    def link(self, a: Node, b: Node) -> int:
        """Join the roads of two tunnel openings (TU-05): both openings stop being ends."""
        gid = self.union(self.node_group[a], self.node_group[b])
        self.close_ends(gid, 2)
        return gid


# --- the game ----------------------------------------------------------------------

# What the neighbours of an empty place demand, packed in an int: 2 bits per direction
# (0 nothing, 1 city, 2 road, 3 field), direction d at bits 2d..2d+1.
SIDE_CODE = {"C": 1, "R": 2, "F": 3}
CODE_SIDE = (None, "C", "R", "F")
# tile letter -> for every demand code, the rotations that fit (CB-04); built on first use.
_FIT_TABLE: dict[str, list[tuple[int, ...]]] = {}
_PLACE_TILE: dict[tuple[Pos, int], "PlaceTile"] = {}


def decode_need(code: int) -> tuple[str | None, ...]:
    return tuple(CODE_SIDE[(code >> (2 * d)) & 3] for d in range(4))


def fit_table(letter: str) -> list[tuple[int, ...]]:
    table = _FIT_TABLE.get(letter)
    if table is None:
        table = []
        for code in range(256):
            need = decode_need(code)
            table.append(tuple(r for r in range(4) if all(
                n is None or n == side for n, side in zip(need, oriented(letter, r).sides))))
        _FIT_TABLE[letter] = table
    return table


def place_tile(pos: Pos, rotation: int) -> "PlaceTile":
    """Shared PlaceTile values: legal-move lists reuse them instead of building new ones."""
    move = _PLACE_TILE.get((pos, rotation))
    if move is None:
        move = _PLACE_TILE[(pos, rotation)] = PlaceTile(pos, rotation)
    return move


class CarcassonneGame(Game):
    """Carcassonne for 2–5 players (CB-01), with The Tunnel unless ``tunnel=False``."""

    TYPE = GameType("carcassonne", "Carcassonne with The Tunnel", min_players=2, max_players=5,
                    hidden_information=True, chance=True)  # the face-down pile (CB-02)
    PHASES = PHASES
    MOVES = MOVES
    catalogue = CATALOGUE
    BOT_CLASSES = {"greedy": "boardlib.carcassonne.bots:CarcassonneGreedyBot"}
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
        return fit_table(letter)[need]

    def new_initial_state(self) -> "CarcassonneState":
        deck = list(self.pool)
        random.Random(self.options["seed"]).shuffle(deck)  # CB-02
        s = CarcassonneState(self)
        s.player = 0
        s.board = {}
        s.frontier = {}
        s.feats = Features({}, {}, 0)
        s.followers = {}
        n = self.num_players
        s.supply = (FOLLOWERS,) * n
        s.scores = (0,) * n
        s.tokens = {}
        s.openings = ()
        s.deck = tuple(deck)
        s.drawn = 0
        s.discarded = ()
        s.king = s.baron = None
        s.completed = (0, 0, 0)
        s.missed = frozenset()
        s.turn = 1
        s.end_scores = None
        s._events = (Event("CB-02", f"start tile {START_LETTER} laid at 0,0"),)
        s._lay(((0, 0)), START_LETTER, 0)
        s._new_turn_fields()
        s._draw([])
        return s

    def state_from_dict(self, data: Mapping[str, Any]) -> "CarcassonneState":
        """A saved state, checked by ``load_state`` (schema, then reachability)."""
        return load_state(self, data)


# --- the state -----------------------------------------------------------------------


class CarcassonneState(State):
    """A position: the board, features, followers, tokens, scores and the tile pile."""

    __slots__ = ("phase", "player", "tile", "board", "frontier", "feats", "followers", "supply",
                 "scores", "tokens", "openings", "deck", "drawn", "discarded", "king", "baron",
                 "completed", "missed", "turn", "end_scores", "placed", "follower_done",
                 "turn_tokens", "pending", "placements", "_events")

    game: CarcassonneGame

    def _copy(self) -> "CarcassonneState":
        s = CarcassonneState.__new__(CarcassonneState)
        s.game = self.game
        s._legal = None
        s._picked = None
        s._events = ()
        s.phase = self.phase
        s.player = self.player
        s.tile = self.tile
        s.board = self.board
        s.frontier = self.frontier
        s.feats = self.feats
        s.followers = self.followers
        s.supply = self.supply
        s.scores = self.scores
        s.tokens = self.tokens
        s.openings = self.openings
        s.deck = self.deck
        s.drawn = self.drawn
        s.discarded = self.discarded
        s.king = self.king
        s.baron = self.baron
        s.completed = self.completed
        s.missed = self.missed
        s.turn = self.turn
        s.end_scores = self.end_scores
        s.placed = self.placed
        s.follower_done = self.follower_done
        s.turn_tokens = self.turn_tokens
        s.pending = self.pending
        s.placements = self.placements
        return s

    def _new_turn_fields(self) -> None:
        self.placed = None  # position of the tile laid this turn
        self.follower_done = False
        self.turn_tokens = ()  # colours placed this turn
        self.pending = None  # TU-V3: colour whose second token must follow now

    # --- basic views ---------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def node_group(self) -> dict:
        return self.feats.node_group

    @property
    def groups(self) -> dict:
        return self.feats.groups

    def group_of(self, node: Node) -> Group:
        return self.feats.groups[self.feats.node_group[node]]

    def oriented_at(self, pos: Pos):
        return oriented(*self.board[pos])

    def opening_node(self, opening: tuple[int, int, str]) -> Node | None:
        """The road segment that runs into a tunnel opening, or None if there is none there."""
        x, y, side = opening
        placed = self.board.get((x, y))
        if placed is None or side not in DIRS:
            return None
        for d, i in oriented(*placed).openings:
            if DIRS[d] == side:
                return ((x, y), i)
        return None

    def token_count(self, colour: str) -> int:
        return sum(1 for c in self.tokens.values() if c == colour)

    def colour_openings(self, colour: str) -> list[tuple[int, int, str]]:
        return sorted(o for o, c in self.tokens.items() if c == colour)

    # --- laying tiles (CB-04) ------------------------------------------------
    def _lay(self, pos: Pos, letter: str, rotation: int) -> None:
        """Put a tile on this (fresh) state: board, frontier, features, openings."""
        board = dict(self.board)
        board[pos] = (letter, rotation)
        feats = Features(dict(self.feats.node_group), dict(self.feats.groups),
                         self.feats.next_gid)
        feats.add_tile(self.board, pos, letter, rotation)
        ot = oriented(letter, rotation)
        frontier = dict(self.frontier)
        frontier.pop(pos, None)
        x, y = pos
        for d in range(4):
            dx, dy = DELTA[d]
            npos = (x + dx, y + dy)
            if npos in board:
                continue
            frontier[npos] = frontier.get(npos, 0) | (SIDE_CODE[ot.sides[d]] << (2 * OPPOSITE[d]))
        if ot.openings:
            self.openings = tuple(sorted(self.openings + tuple(
                (x, y, DIRS[d]) for d, _ in ot.openings)))
        self.board = board
        self.frontier = frontier
        self.feats = feats

    def _compute_placements(self, letter: str) -> tuple[PlaceTile, ...]:
        table = fit_table(letter)
        frontier = self.frontier
        out = []
        for pos in sorted(frontier):
            for r in table[frontier[pos]]:
                out.append(place_tile(pos, r))
        return tuple(out)

    def _draw(self, events: list[Event]) -> None:
        """Draw tiles until one fits (CB-05); with the pile empty the game ends (CB-13)."""
        deck = self.deck
        while self.drawn < len(deck):
            letter = deck[self.drawn]
            self.drawn += 1
            placements = self._compute_placements(letter)
            if placements:
                self.tile = letter
                self.placements = placements
                self.phase = TILE
                self._events = self._events + tuple(events)
                return
            self.discarded = self.discarded + (letter,)
            events.append(Event("CB-05", f"tile {letter} fits nowhere and is removed"))
        self.tile = None
        self.placements = ()
        self._end_game(events)
        self._events = self._events + tuple(events)

    # --- legal moves --------------------------------------------------------------
    def _legal_moves(self) -> tuple[Any, ...]:
        if self.phase == TILE:
            return self.placements
        moves: list[Any] = []
        if self.pending is None:
            moves += self._follower_moves()
        moves += self._token_moves()
        if self.pending is None:
            moves.append(END_TURN)
        return tuple(moves)

    def _follower_moves(self) -> list[PlaceFollower]:
        if self.follower_done or self.supply[self.player] == 0:
            return []
        pos = self.placed
        ot = self.oriented_at(pos)
        groups, node_group = self.feats.groups, self.feats.node_group
        return [PlaceFollower(label) for i, label in enumerate(ot.labels)
                if not groups[node_group[(pos, i)]].followers]

    def _token_colours(self) -> list[str]:
        """Colours the player could place now, before checking openings."""
        g = self.game
        if not g.options["tunnel"]:
            return []
        if self.pending is not None:
            return [self.pending]
        if self.turn_tokens:
            return []
        if g.options["tu_v3"]:
            return [c for c in g.colours_in_play if self.token_count(c) == 0]
        own = [c for c in g.colours_of[self.player] if self.token_count(c) < 2]
        if g.options["tu_v2"]:
            own += [c for c in sorted(self.missed) if g.owner_of[c] != self.player
                    and self.token_count(c) == 1]
        return own

    def _token_moves(self) -> list[PlaceTunnelToken]:
        colours = self._token_colours()
        if not colours:
            return []
        free = [o for o in self.openings if o not in self.tokens]
        out = []
        for c in colours:
            for o in free:
                move = PlaceTunnelToken(o, c)
                if self._token_problem(move) is None:
                    out.append(move)
        return out

    # --- refusals --------------------------------------------------------------------
    def _why_illegal(self, move: Move) -> Illegal | None:
        if self.phase == OVER:
            return Illegal("CB-13", "The game is over: the last tile has been laid and scored.")
        if isinstance(move, PlaceTile):
            return self._tile_problem(move)
        if isinstance(move, PlaceFollower):
            return self._follower_problem(move)
        if isinstance(move, PlaceTunnelToken):
            return self._token_problem(move)
        if self.phase == TILE:
            return Illegal("CB-03", "Lay the drawn tile before ending your turn.")
        if self.pending is not None:
            return Illegal("TU-V3", f"Place the second {self.pending} token first: with "
                           "shared tokens a tunnel is built whole in one turn.")
        return None

    def revealed_to(self, player: int) -> bool:
        """The end of a turn turns up the next tile of the face-down pile (CB-02, CB-03) for
        everyone, and any tile that fits nowhere (CB-05)."""
        return self.turn > 1 and self.placed is None

    def _tile_problem(self, move: PlaceTile) -> Illegal | None:
        if self.phase != TILE:
            return Illegal("CB-03", "You have already laid your tile this turn.")
        pos, r = move.position, move.rotation
        code = self.frontier.get(pos)
        if code is not None and r in fit_table(self.tile)[code]:
            return None  # the common case: a legal placement
        if not 0 <= r < 4:
            return Illegal("CB-04", "A tile turns only in quarter turns: rotation 0 to 3.")
        if pos in self.board:
            return Illegal("CB-04", f"The place {pos[0]},{pos[1]} already holds a tile.")
        code = self.frontier.get(pos)
        if code is None:
            return Illegal("CB-04", "A new tile must touch the land along a whole edge.")
        need = decode_need(code)
        sides = oriented(self.tile, r).sides
        names = {"C": "a city", "R": "a road", "F": "a field"}
        for d in range(4):
            if need[d] is not None and need[d] != sides[d]:
                return Illegal("CB-04", f"Turned this way the tile's {DIRS[d]} edge shows "
                               f"{names[sides[d]]} against {names[need[d]]}: edges must match.")
        return None

    def _follower_problem(self, move: PlaceFollower) -> Illegal | None:
        if self.phase != AFTER:
            return Illegal("CB-03", "Lay the drawn tile first; a follower goes on that tile.")
        if self.pending is not None:
            return Illegal("TU-V3", f"Place the second {self.pending} token first: with "
                           "shared tokens a tunnel is built whole in one turn.")
        if self.follower_done:
            return Illegal("CB-03", "Only one follower may be placed in a turn.")
        if self.supply[self.player] == 0:
            return Illegal("CB-06", "All your followers are on the board; none is left in "
                           "your supply.")
        ot = self.oriented_at(self.placed)
        i = ot.label_index.get(move.feature)
        if i is None:
            return Illegal("CB-06", f"The tile you just laid has no feature {move.feature!r}; "
                           f"it has {', '.join(ot.labels)}.")
        if self.group_of((self.placed, i)).followers:
            kind = ot.labels[i].split(":")[0]
            return Illegal("CB-06", f"Someone's follower already stands on the {kind} this "
                           "feature connects to.")
        return None

    def _token_problem(self, move: PlaceTunnelToken) -> Illegal | None:
        g = self.game
        o = g.options
        if not o["tunnel"]:
            return Illegal("TU-01", "This game is played without The Tunnel: there are no "
                           "tunnel tokens.")
        if self.phase != AFTER:
            return Illegal("TU-03", "Lay your tile first; tunnel tokens are placed after it.")
        colour = move.colour
        if colour not in g.colours_in_play:
            return Illegal("TU-02", f"There are no {colour} tunnel tokens in this game.")
        if self.pending is not None and colour != self.pending:
            return Illegal("TU-V3", f"The second {self.pending} token must be placed now.")
        if self.turn_tokens and self.pending is None:
            return Illegal("TU-03", "Only one tunnel token may be placed in a turn.")
        owner = g.owner_of[colour]
        count = self.token_count(colour)
        if count >= 2:
            return Illegal("TU-08", f"Both {colour} tokens are already on the board and stay "
                           "there.")
        takeover = False
        if not o["tu_v3"] and owner != self.player:
            trapped = o["tu_v2"] and colour in self.missed and count == 1 and self._on_road_of(
                self.colour_openings(colour)[0], self.player)
            if not trapped:
                return Illegal("TU-02", f"The {colour} tokens belong to player {owner}; you "
                               "use your own colours." + (
                                   " With TU-V2 you may take over only a token its owner "
                                   "neglected, on a road with your follower."
                                   if o["tu_v2"] else ""))
            takeover = True
        node = self.opening_node(move.opening)
        if node is None:
            x, y, side = move.opening
            return Illegal("TU-03", f"There is no tunnel opening at {x},{y} {side}.")
        if move.opening in self.tokens:
            return Illegal("TU-03", f"That opening is already claimed by a "
                           f"{self.tokens[move.opening]} token.")
        road = self.group_of(node)
        if count == 1 and o["tu_no_self_link"]:
            first = self.opening_node(self.colour_openings(colour)[0])
            if self.node_group[first] == self.node_group[node]:
                return Illegal("TU-I2", f"The other {colour} token already claims this road's "
                               "other opening: with this option a tunnel must join two "
                               "different roads.")
        mine = any(p == self.player for _, p in road.followers)
        if self.pending is not None:
            return None  # TU-V3: the first token was allowed, so the tunnel gets finished
        if o["tu_v1"] and not mine and not takeover:
            return Illegal("TU-V1", "You may claim an opening only when one of your followers "
                           "stands on the road leading into it.")
        if o["tu_v4"] and count == 0 and not mine and road.followers:
            return Illegal("TU-V4", "That token would block another player's follower on "
                           "this road.")
        if o["tu_v3"] and count == 0:
            if not road.followers:
                return Illegal("TU-V3", "With shared tokens a tunnel starts only at an opening "
                               "whose road carries a follower.")
            if not self._partner_exists(move.opening, node):
                return Illegal("TU-V3", "A tunnel is built whole: there is no other free "
                               "opening for the second token.")
        return None

    def _partner_exists(self, opening: tuple, node: Node) -> bool:
        """Is there a free opening for the second token of a tunnel from ``opening``? Any
        other free opening will do, unless ``tu_no_self_link`` forbids one on the same road
        (TU-I2)."""
        gid = self.node_group[node]
        apart = self.game.options["tu_no_self_link"]
        for other in self.openings:
            if other != opening and other not in self.tokens:
                if not apart or self.node_group[self.opening_node(other)] != gid:
                    return True
        return False

    def _on_road_of(self, opening: tuple, player: int) -> bool:
        node = self.opening_node(opening)
        return node is not None and any(p == player for _, p in self.group_of(node).followers)

    # --- applying moves -----------------------------------------------------------
    def _apply(self, move: Any) -> "CarcassonneState":
        s = self._copy()
        if isinstance(move, PlaceTile):
            s._lay(move.position, self.tile, move.rotation)
            s.placed = move.position
            s.tile = None
            s.phase = AFTER
            s.placements = ()
            s._events = (Event("CB-04", f"player {self.player} lays tile {self.tile} at "
                               f"{move.position[0]},{move.position[1]}"),)
        elif isinstance(move, PlaceFollower):
            i = s.oriented_at(s.placed).label_index[move.feature]
            node = (s.placed, i)
            feats = Features(s.feats.node_group, dict(s.feats.groups), s.feats.next_gid)
            gid = feats.node_group[node]
            g = feats.groups[gid]
            feats.groups[gid] = g.replace(followers=g.followers + ((node, s.player),))
            s.feats = feats
            s.followers = dict(s.followers)
            s.followers[node] = s.player
            supply = list(s.supply)
            supply[s.player] -= 1
            s.supply = tuple(supply)
            s.follower_done = True
            s._events = (Event("CB-06", f"player {s.player} places a follower on "
                               f"{move.feature}"),)
        elif isinstance(move, PlaceTunnelToken):
            s._place_token(move)
        else:
            s._end_turn()
        return s

    def _place_token(self, move: PlaceTunnelToken) -> None:
        colour = move.colour
        partner = self.colour_openings(colour)
        self.tokens = dict(self.tokens)
        self.tokens[move.opening] = colour
        self.turn_tokens = self.turn_tokens + (colour,)
        x, y, side = move.opening
        if partner:
            feats = Features(dict(self.feats.node_group), dict(self.feats.groups),
                             self.feats.next_gid)
            feats.link(self.opening_node(partner[0]), self.opening_node(move.opening))
            self.feats = feats
            self.pending = None
            px, py, pside = partner[0]
            self._events = (Event("TU-05", f"player {self.player} finishes the {colour} tunnel "
                                  f"from {px},{py} {pside} to {x},{y} {side}"),)
        else:
            if self.game.options["tu_v3"]:
                self.pending = colour
            self._events = (Event("TU-03", f"player {self.player} claims the opening {x},{y} "
                                  f"{side} with a {colour} token"),)

    def _score_group(self, gid: int, points: int, what: str, rule: str,
                     events: list[Event], scores: list[int], supply: list[int]) -> None:
        """Pay a completed feature's majority (CB-11) and send its followers home (CB-07)."""
        g = self.feats.groups[gid]
        winners = majority(g.counts())
        for p in winners:
            scores[p] += points
        if winners:
            who = " and ".join(f"player {p}" for p in winners)
            events.append(Event(rule, f"{what} completed: +{points} {who}"))
        else:
            events.append(Event(rule, f"{what} completed ({points} points), nobody scores"))
        if g.followers:
            followers = dict(self.followers)
            for node, p in g.followers:
                supply[p] += 1
                del followers[node]
            self.followers = followers
            events.append(Event("CB-07", f"{len(g.followers)} follower(s) return to supply"))
        self.feats.groups[gid] = g.replace(followers=(), done=True)

    def _end_turn(self) -> None:
        """Score what this turn completed (CB-03), then the next player draws (CB-05)."""
        o = self.game.options
        events: list[Event] = []
        feats = Features(self.feats.node_group, dict(self.feats.groups), self.feats.next_gid)
        self.feats = feats
        groups, node_group = feats.groups, feats.node_group
        scores, supply = list(self.scores), list(self.supply)
        cities, roads, cloisters = self.completed
        pos = self.placed
        # Candidates: the new tile's cities and roads, roads joined by a tunnel this turn,
        # then cloisters on and around the new tile.
        candidates: list[int] = []
        linked: set[int] = set()
        letter, rot = self.board[pos]
        for i, f in enumerate(TILE_TYPES[letter].features):
            if f.kind in (CITY, ROAD):
                candidates.append(node_group[(pos, i)])
        for colour in self.turn_tokens:
            ops = self.colour_openings(colour)
            if len(ops) == 2:
                gid = node_group[self.opening_node(ops[1])]
                candidates.append(gid)
                linked.add(gid)
        seen: set[int] = set()
        for gid in candidates:
            if gid in seen:
                continue
            seen.add(gid)
            g = groups[gid]
            if g.done or g.open != 0:
                continue
            size = len(g.tiles)
            if g.kind == ROAD:
                roads += 1
                self._score_group(gid, size, f"road of {size} tile(s)", "CB-08", events,
                                  scores, supply)
                if o["king_robber_baron"] and (self.baron is None or size > self.baron[1]):
                    rule = "TU-09" if gid in linked else "KR-01"
                    self.baron = (self.player, size)
                    events.append(Event(rule, f"player {self.player} becomes Robber Baron "
                                        f"(road of {size})"))
            else:
                cities += 1
                points = 2 * size + 2 * g.pennants
                if o["small_city_2pts"] and size == 2:
                    points = 2
                self._score_group(gid, points, f"city of {size} tile(s)" + (
                    f" with {g.pennants} pennant(s)" if g.pennants else ""), "CB-09", events,
                    scores, supply)
                if o["king_robber_baron"] and (self.king is None or size > self.king[1]):
                    self.king = (self.player, size)
                    events.append(Event("KR-01", f"player {self.player} becomes King "
                                        f"(city of {size})"))
        x, y = pos
        board = self.board
        for cx in (x - 1, x, x + 1):
            for cy in (y - 1, y, y + 1):
                placed = board.get((cx, cy))
                if placed is None or placed[0] not in CLOISTER_INDEX:
                    continue
                node = ((cx, cy), CLOISTER_INDEX[placed[0]])
                gid = node_group[node]
                if groups[gid].done or _neighbours(board, (cx, cy)) != 8:
                    continue
                cloisters += 1
                self._score_group(gid, 9, "cloister", "CB-10", events, scores, supply)
        self.scores, self.supply = tuple(scores), tuple(supply)
        self.completed = (cities, roads, cloisters)
        if o["tu_v2"]:
            self._note_missed_chances()
        self._events = tuple(events)
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self._new_turn_fields()
        self._draw([])

    def _note_missed_chances(self) -> None:
        """TU-V2 with TU-I1: a lone token of this player outlasted a turn with a free opening."""
        placed_now = set(self.turn_tokens)
        missed = set(self.missed)
        for colour in self.game.colours_of[self.player]:
            if colour in placed_now or colour in missed or self.token_count(colour) != 1:
                continue
            first = self.opening_node(self.colour_openings(colour)[0])
            if self._partner_exists(self.colour_openings(colour)[0], first):
                missed.add(colour)
        self.missed = frozenset(missed)

    # --- end of the game (CB-13 … CB-15, KR-02) ------------------------------------
    def _end_game(self, events: list[Event]) -> None:
        end = end_scoring(self)
        for rule, text in end.events:
            events.append(Event(rule, text))
        self.end_scores = end.points
        self.scores = tuple(a + b for a, b in zip(self.scores, end.points))
        self.phase = OVER
        best = max(self.scores)
        winners = [p for p, v in enumerate(self.scores) if v == best]
        events.append(Event("CB-16", "game over: " + " and ".join(
            f"player {p}" for p in winners) + (" share the win" if len(winners) > 1 else
                                               " wins") + f" with {best}"))

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        best = max(self.scores)
        winners = tuple(p for p, v in enumerate(self.scores) if v == best)  # CB-16, CB-I1
        return Outcome("last tile played", winners, tuple(float(v) for v in self.scores),
                       "CB-16")

    def heuristic(self, player: int) -> float:
        """Score lead over the best other player (used by greedy bots)."""
        others = [v for p, v in enumerate(self.scores) if p != player]
        return float(self.scores[player] - max(others))

    # --- saving ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        board = self.board
        followers = sorted([x, y, oriented(*board[(x, y)]).labels[i], p]
                           for ((x, y), i), p in self.followers.items())
        return {
            "phase": self.phase,
            "player": self.player,
            "turn": self.turn,
            "tile": self.tile,
            "deck": list(self.deck[self.drawn:]),
            "discarded": list(self.discarded),
            "board": [[x, y, letter, r] for (x, y), (letter, r) in board.items()],
            "followers": followers,
            "supply": list(self.supply),
            "scores": list(self.scores),
            "end_scores": None if self.end_scores is None else list(self.end_scores),
            "tokens": sorted([x, y, side, c] for (x, y, side), c in self.tokens.items()),
            "placed": None if self.placed is None else list(self.placed),
            "follower_done": self.follower_done,
            "turn_tokens": list(self.turn_tokens),
            "pending": self.pending,
            "king": None if self.king is None else list(self.king),
            "baron": None if self.baron is None else list(self.baron),
            "completed": list(self.completed),
            "missed": sorted(self.missed),
        }

    def observation(self, player: int) -> dict[str, Any]:
        """Everything but the order of the face-down pile (CB-02)."""
        data = self.to_dict()
        data["deck"] = sorted(data["deck"])
        return data

    def __repr__(self) -> str:
        return (f"<Carcassonne turn {self.turn} {self.phase} player {self.player} tile "
                f"{self.tile} scores {list(self.scores)}>")


def _neighbours(board: Mapping[Pos, Any], pos: Pos) -> int:
    """Tiles on the 8 places around ``pos`` (CB-10, CB-14)."""
    x, y = pos
    return sum((x + dx, y + dy) in board for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               if dx or dy)


# --- end scoring, shared with the from-scratch check in features.py -------------------


@dataclass
class EndScore:
    points: tuple[int, ...]
    events: list[tuple[str, str]]


def end_scoring(state: CarcassonneState) -> EndScore:
    """Unfinished features (CB-14), farms (CB-15) and the royal bonus (KR-02)."""
    o = state.game.options
    n = state.game.num_players
    points = [0] * n
    events: list[tuple[str, str]] = []
    groups, node_group = state.feats.groups, state.feats.node_group

    def pay(winners: Iterable[int], amount: int, what: str, rule: str) -> None:
        winners = tuple(winners)
        for p in winners:
            points[p] += amount
        if winners and amount:
            events.append((rule, f"{what}: +{amount} " + " and ".join(
                f"player {p}" for p in winners)))

    for gid in sorted(groups):
        g = groups[gid]
        if g.done or not g.followers or g.kind == FIELD:
            continue
        if g.kind == ROAD:
            amount, what = len(g.tiles), f"unfinished road of {len(g.tiles)}"
        elif g.kind == CITY:
            amount = len(g.tiles) + g.pennants
            what = f"unfinished city of {len(g.tiles)}"
        else:
            (pos,) = g.tiles
            amount, what = 1 + _neighbours(state.board, pos), "unfinished cloister"
        pay(majority(g.counts()), amount, what, "CB-14")
    # Farms: which completed cities each field touches.
    field_cities: dict[int, set[int]] = {}
    for gid, g in groups.items():
        if g.kind == FIELD and g.followers:
            done = {node_group[c] for c in g.cities}
            field_cities[gid] = {c for c in done if groups[c].done}
    style = o["farms"]
    if style == "3rd":
        for gid in sorted(field_cities):
            count = len(field_cities[gid])
            pay(majority(groups[gid].counts()), 3 * count,
                f"farm supplying {count} city(ies)", "CB-15")
    else:
        by_city: dict[int, list[int]] = {}
        for gid, cs in field_cities.items():
            for c in cs:
                by_city.setdefault(c, []).append(gid)
        for city in sorted(by_city):
            fields = by_city[city]
            if style == "1st":
                total: dict[int, int] = {}
                for f in fields:
                    for p, k in groups[f].counts().items():
                        total[p] = total.get(p, 0) + k
                pay(majority(total), 4, "city supplied by farmers (1st edition)", "CB-15")
            else:
                paid = sorted({p for f in fields for p in majority(groups[f].counts())})
                pay(paid, 3, "city supplied by farmers (2nd edition)", "CB-15")
    if o["king_robber_baron"]:
        cities, roads, _ = state.completed
        if state.king is not None:
            pay((state.king[0],), cities, f"King, {cities} completed cities", "KR-02")
        if state.baron is not None:
            pay((state.baron[0],), roads, f"Robber Baron, {roads} completed roads", "KR-02")
    return EndScore(tuple(points), events)


# --- loading saved states ------------------------------------------------------------


def state_schema(game: CarcassonneGame) -> Record:
    """What a saved Carcassonne state looks like: ``CarcassonneState.to_dict``."""
    n = game.num_players
    tiles = len(game.pool) + 1
    letter = Choice(*sorted(TILE_TYPES))
    colour = Choice(*game.colours_in_play) if game.colours_in_play else Choice()
    place = Whole(-tiles, tiles)
    points = Whole(0, int(game.info().max_score))
    per_player = TupleOf(*[points] * n)
    holder = Optional(TupleOf(Whole(0, n - 1), Whole(1, tiles)))
    return Record({
        "phase": Choice(*PHASES.names), "player": Whole(0, n - 1), "turn": Whole(1, tiles),
        "tile": Optional(letter), "deck": ListOf(letter, max_length=tiles),
        "discarded": ListOf(letter, max_length=tiles),
        "board": ListOf(TupleOf(place, place, letter, Whole(0, 3)), min_length=1,
                        max_length=tiles),
        "followers": ListOf(TupleOf(place, place, Text(60), Whole(0, n - 1)),
                            max_length=FOLLOWERS * n),
        "supply": TupleOf(*[Whole(0, FOLLOWERS)] * n), "scores": per_player,
        "end_scores": Optional(per_player),
        "tokens": ListOf(TupleOf(place, place, Choice(*DIRS), colour), max_length=12),
        "placed": Optional(TupleOf(place, place)), "follower_done": Boolean(),
        "turn_tokens": ListOf(colour, max_length=2), "pending": Optional(colour),
        "king": holder, "baron": holder,
        "completed": TupleOf(Whole(0, tiles), Whole(0, 4 * tiles), Whole(0, tiles)),
        "missed": ListOf(colour, max_length=len(COLOURS)),
    })


def load_state(game: CarcassonneGame, data: Mapping[str, Any],
               derive_completed: bool = False) -> CarcassonneState:
    """A saved state, refused (``InvalidInputError``) unless a game can reach it.

    After the schema: the tiles fit in the order listed (CB-04), are this game's tiles
    (CB-01, TU-02), followers and supplies agree (CB-01, CB-06, CB-07), tokens lie on
    openings (TU-03, TU-05); then ``check_reachable``: the turn's own record (the tile
    laid, its follower), the King and Robber Baron (KR-01, TU-I3), the end scores
    (CB-14, CB-15, KR-02) and every score (a sum of features completed, CB-08 … CB-11).
    ``derive_completed`` (for prepared positions) takes the completed-feature counts from
    the board instead of checking them.
    """
    if derive_completed:
        data = {**data, "completed": [0, 0, 0]}
    state_schema(game).check(data)
    state = _build_loaded(game, data, derive_completed)
    check_reachable(state, derive_completed)
    return state


def check_reachable(s: CarcassonneState, derived: bool = False) -> None:
    """Refuse what the board does not give: the last tile laid and its follower, the King
    and the Robber Baron, end scores and scores (see ``load_state``). A prepared position
    (``derived``) may show completed features whose King or Robber Baron nobody holds."""
    o, n = s.game.options, s.game.num_players
    if s.phase == AFTER:
        require(s.placed == list(s.board)[-1], "'placed' must be the tile laid last (CB-03)")
        mine = [p for (pos, _), p in s.followers.items() if pos == s.placed]
        require(all(p == s.player for p in mine), "a follower of another player stands on "
                "the tile just laid (CB-06)")
        require(s.follower_done == bool(mine), "'follower_done' must say whether a follower "
                "went on the tile just laid (CB-03, CB-06)")
    else:
        require(not s.follower_done and not s.turn_tokens and s.pending is None,
                "before a tile is laid nothing else of the turn has happened (CB-03)")
    sizes: dict[str, list[int]] = {CITY: [], ROAD: [], CLOISTER: []}
    points: list[int] = []
    for g in s.groups.values():
        if g.done and g.kind != FIELD:
            size = len(g.tiles)
            sizes[g.kind].append(size)
            points.append(feature_points(g, o["small_city_2pts"]))
    for key, kind, what in (("king", CITY, "city"), ("baron", ROAD, "road")):
        holder = getattr(s, key)
        if not o["king_robber_baron"] or derived:
            require(derived or holder is None, f"{key} without the King and Robber Baron rule "
                    "(KR-01)")
            continue
        largest = max(sizes[kind], default=None)
        if largest is None:
            require(holder is None, f"no {what} is completed, so nobody holds the {key} (KR-01)")
        else:
            require(holder is not None and holder[1] == largest, f"the largest completed {what} "
                    f"has {largest} tiles, so the {key} holds {largest} (KR-01, TU-I3)")
    end = (0,) * n
    if s.phase == OVER:
        end = end_scoring(s).points
        require(s.end_scores == end, f"the end scores must be {list(end)}, what the board "
                "gives (CB-14, CB-15, KR-02)")
    sums = subset_sums(points)
    for p in range(n):
        earned = s.scores[p] - end[p]
        require(earned >= 0 and (sums >> earned) & 1, f"player {p}'s score {s.scores[p]} is "
                "not what the features completed on this board can give (CB-08 … CB-11)")


def feature_points(g: Group, small_city_2pts: bool) -> int:
    """What a completed feature pays each of its majority players (CB-08, CB-09, CB-10)."""
    size = len(g.tiles)
    if g.kind == ROAD:
        return size
    if g.kind == CITY:
        return 2 if small_city_2pts and size == 2 else 2 * size + 2 * g.pennants
    return 9


def subset_sums(values: Iterable[int]) -> int:
    """Every sum of some of ``values``, as the bits of an int (bit k set: k is a sum)."""
    sums = 1
    for v in values:
        sums |= sums << v
    return sums


def _build_loaded(game: CarcassonneGame, data: Mapping[str, Any],
                  derive_completed: bool) -> CarcassonneState:
    n = game.num_players
    o = game.options
    phase = data["phase"]
    require(phase in (TILE, AFTER, OVER), f"unknown phase {phase!r}")
    player = data["player"]
    require(isinstance(player, int) and 0 <= player < n, f"bad player {player!r}")
    s = CarcassonneState(game)
    s.phase = phase
    s.player = player
    s.turn = data["turn"]
    require(isinstance(s.turn, int) and s.turn >= 1, "bad turn number")
    s.board, s.frontier, s.feats = {}, {}, Features({}, {}, 0)
    s.openings, s.followers, s.tokens = (), {}, {}
    s.king = s.baron = None
    s._events = ()
    board = data["board"]
    require(isinstance(board, list) and board, "the board must list the laid tiles")
    for k, entry in enumerate(board):
        require(isinstance(entry, list) and len(entry) == 4, f"bad board entry {entry!r}")
        x, y, letter, r = entry
        require(isinstance(x, int) and isinstance(y, int) and isinstance(r, int)
                and 0 <= r < 4 and letter in TILE_TYPES, f"bad board entry {entry!r}")
        if k == 0:
            require((x, y, letter, r) == (0, 0, START_LETTER, 0),
                    "the first tile must be the start tile at 0,0 (CB-02)")
        else:
            need = s.frontier.get((x, y))
            require((x, y) not in s.board and need is not None
                    and r in game.fits(letter, need), f"tile {letter} at {x},{y} does not fit "
                    "the tiles laid before it (CB-04)")
        s._lay((x, y), letter, r)
    tile = data["tile"]
    deck = data["deck"]
    discarded = data["discarded"]
    require(isinstance(deck, list) and all(t in TILE_TYPES for t in deck), "bad deck")
    require(isinstance(discarded, list) and all(t in TILE_TYPES for t in discarded),
            "bad discard list")
    s.deck, s.drawn, s.discarded = tuple(deck), 0, tuple(discarded)
    everything = sorted([e[2] for e in board] + deck + discarded + ([tile] if phase == TILE
                                                                    else []))
    require(everything == sorted(game.pool + [START_LETTER]),
            "the tiles on the board, in the pile, discarded and in hand are not this game's "
            "tiles (CB-01, TU-02)")
    if phase == TILE:
        s.tile = tile
        s.placements = s._compute_placements(tile)
        require(bool(s.placements), f"the tile in hand ({tile}) fits nowhere (CB-05)")
    else:
        require(tile is None, "no tile is in hand after laying it")
        s.tile, s.placements = None, ()
    placed = data["placed"]
    if phase == AFTER:
        require(isinstance(placed, list) and tuple(placed) in s.board, "bad 'placed'")
        s.placed = tuple(placed)
    else:
        require(placed is None, "'placed' is only set after laying the tile")
        s.placed = None
    require(isinstance(data["follower_done"], bool), "'follower_done' must be true or false")
    s.follower_done = data["follower_done"]
    s.turn_tokens = tuple(data["turn_tokens"])
    s.pending = data["pending"]
    require(all(c in game.colours_in_play for c in s.turn_tokens) and len(s.turn_tokens) <= (
        2 if o["tu_v3"] else 1), "bad 'turn_tokens'")
    require(s.pending is None or (o["tu_v3"] and s.pending in s.turn_tokens), "bad 'pending'")
    # Tunnel tokens and the tunnels they finish (TU-05, TU-I2).
    tokens = data["tokens"]
    require(isinstance(tokens, list), "tokens must be a list")
    for entry in tokens:
        require(isinstance(entry, list) and len(entry) == 4, f"bad token {entry!r}")
        x, y, side, colour = entry
        opening = (x, y, side)
        require(colour in game.colours_in_play, f"no {colour!r} tokens in this game (TU-02)")
        require(s.opening_node(opening) is not None, f"no tunnel opening at {x},{y} {side}")
        require(opening not in s.tokens, f"two tokens on {x},{y} {side}")
        s.tokens[opening] = colour
    require(s.pending is None or s.token_count(s.pending) == 1,
            "a tunnel waiting for its second token needs exactly one token out (TU-V3)")
    for colour in game.colours_in_play:
        ops = s.colour_openings(colour)
        require(len(ops) <= 2, f"more than two {colour} tokens (TU-01)")
        if len(ops) == 2:
            # No TU-I2 check here: the two roads may have joined after the tunnel was built.
            s.feats.link(s.opening_node(ops[0]), s.opening_node(ops[1]))
    # Followers (CB-06) and supplies (CB-01).
    followers = data["followers"]
    require(isinstance(followers, list), "followers must be a list")
    counts = [0] * n
    for entry in followers:
        require(isinstance(entry, list) and len(entry) == 4, f"bad follower {entry!r}")
        x, y, label, p = entry
        require((x, y) in s.board and isinstance(p, int) and 0 <= p < n,
                f"bad follower {entry!r}")
        i = s.oriented_at((x, y)).label_index.get(label)
        require(i is not None, f"tile at {x},{y} has no feature {label!r}")
        node = ((x, y), i)
        require(node not in s.followers, f"two followers on {x},{y} {label}")
        s.followers[node] = p
        gid = s.node_group[node]
        g = s.groups[gid]
        s.groups[gid] = g.replace(followers=g.followers + ((node, p),))
        counts[p] += 1
    supply = data["supply"]
    require(isinstance(supply, list) and len(supply) == n and all(
        isinstance(v, int) and v == FOLLOWERS - c for v, c in zip(supply, counts)),
        "each supply must be 7 minus the player's followers on the board (CB-01)")
    s.supply = tuple(supply)
    scores = data["scores"]
    require(isinstance(scores, list) and len(scores) == n and all(
        isinstance(v, int) and v >= 0 for v in scores), "scores must be whole numbers >= 0")
    s.scores = tuple(scores)
    end = data["end_scores"]
    require((end is None) == (phase != OVER), "end scores exist exactly when the game is over")
    require(end is None or (isinstance(end, list) and len(end) == n and all(
        is_whole(v) and v >= 0 for v in end)), "end scores must be whole numbers >= 0")
    require(phase != OVER or not s.deck, "a game is over only when no tile is left to lay (CB-13)")
    s.end_scores = None if end is None else tuple(end)
    # Completed features were scored in their turn; this turn's wait for EndTurn.
    pending_groups: set[int] = set()
    if phase == AFTER:
        for i in range(len(TILE_TYPES[s.board[s.placed][0]].features)):
            pending_groups.add(s.node_group[(s.placed, i)])
        for colour in s.turn_tokens:
            for op in s.colour_openings(colour):
                pending_groups.add(s.node_group[s.opening_node(op)])
    done = [0, 0, 0]
    for gid, g in list(s.groups.items()):
        if g.kind == FIELD:
            continue
        if g.kind == CLOISTER:
            (pos,) = g.tiles
            complete = _neighbours(s.board, pos) == 8
            if phase == AFTER and max(abs(pos[0] - s.placed[0]), abs(pos[1] - s.placed[1])) <= 1:
                complete = False
        else:
            complete = g.open == 0 and gid not in pending_groups
        if complete:
            require(not g.followers, "a follower stands on a feature completed in an earlier "
                    "turn (CB-07)")
            s.groups[gid] = g.replace(done=True)
            done[{CITY: 0, ROAD: 1, CLOISTER: 2}[g.kind]] += 1
    completed = done if derive_completed else data["completed"]
    require(completed == done, f"completed feature counts {completed} do not match the board "
            f"{done}")
    s.completed = tuple(done)
    for key in ("king", "baron"):
        value = data[key]
        require(value is None or (isinstance(value, list) and len(value) == 2 and is_whole(value[0])
                                  and 0 <= value[0] < n and is_whole(value[1])), f"bad {key}")
        require(value is None or o["king_robber_baron"], f"{key} without KR-01")
        setattr(s, key, None if value is None else tuple(value))
    missed = data["missed"]
    require(isinstance(missed, list) and all(c in game.colours_in_play for c in missed),
            "bad 'missed'")
    s.missed = frozenset(missed)
    return s


GAME_CLASS = CarcassonneGame

__all__ = ["CarcassonneGame", "CarcassonneState", "PlaceTile", "PlaceFollower",
           "PlaceTunnelToken", "EndTurn", "END_TURN", "Group", "Features", "majority",
           "end_scoring", "COLOURS", "FOLLOWERS", "GAME_CLASS", "load_state", "state_schema",
           "PHASES", "MOVES", "feature_name"]
