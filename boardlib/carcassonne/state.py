"""A Carcassonne position and the turn (CB-03 … CB-07, CB-13, TU-03 … TU-09, KR-01).

``CarcassonneState`` is an immutable position: its legal moves (``_legal_moves``) and
refusals (``_tile_problem`` CB-04, ``_follower_problem`` CB-06, ``_token_problem`` TU-01 …
TU-08 and the variants). ``Draft`` is the mutable working copy a move builds the next
state in: ``lay`` (CB-04), ``draw`` (CB-05, CB-13), ``place_follower`` (CB-06),
``place_token`` (TU-03, TU-05), ``end_turn`` (CB-07 … CB-11, KR-01, TU-09) and
``end_game`` (CB-13 … CB-16); ``build()`` makes the new state. Both read the position
through ``Position``. No state changes after it is built.

This module imports neither matplotlib nor ipywidgets.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardlib.core import TERMINAL, Event, Illegal, Outcome, Phase, Phases, State

from .groups import Features, Group, Node, Pos, majority
from .moves import END_TURN, Move, PlaceFollower, PlaceTile, PlaceTunnelToken, place_tile
from .scoring import completed_this_turn, end_scoring, feature_points, leaders
from .tiles import (CITY, DELTA, DIRS, OPPOSITE, ROAD, SIDE_CODE, Oriented, decode_need,
                    fit_table, oriented)

if TYPE_CHECKING:
    from .rules import CarcassonneGame

FOLLOWERS = 7  # CB-01
COLOURS = ("blue", "red", "green", "yellow", "black", "grey")  # TU-01: six token colours
TILE, AFTER, OVER = "tile", "after", "over"

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

Opening = tuple[int, int, str]
"""A tunnel opening: the place of a tile and the side its road leaves by (TU-04)."""

FIELDS = ("phase", "player", "tile", "board", "frontier", "feats", "followers", "supply",
          "scores", "tokens", "openings", "deck", "drawn", "discarded", "king", "baron",
          "completed", "missed", "turn", "end_scores", "placed", "follower_done",
          "turn_tokens", "pending", "placements", "_events")
"""A position's fields (``_events``: what the move that led here caused)."""


class Position:
    """The read-only questions a state and its draft both answer about the position."""

    __slots__ = ()
    # The fields of FIELDS, for the type checker (state and draft both hold them).
    game: CarcassonneGame
    phase: str
    player: int
    tile: str | None
    board: dict[Pos, tuple[str, int]]
    frontier: dict[Pos, int]
    feats: Features
    followers: dict[Node, int]
    supply: tuple[int, ...]
    scores: tuple[int, ...]
    tokens: dict[Opening, str]
    openings: tuple[Opening, ...]
    deck: tuple[str, ...]
    drawn: int
    discarded: tuple[str, ...]
    king: tuple[int, int] | None
    baron: tuple[int, int] | None
    completed: tuple[int, int, int]
    missed: frozenset[str]
    turn: int
    end_scores: tuple[int, ...] | None
    placed: Pos | None
    follower_done: bool
    turn_tokens: tuple[str, ...]
    pending: str | None
    placements: tuple[PlaceTile, ...]
    _events: tuple[Event, ...]

    @property
    def node_group(self) -> dict[Node, int]:
        return self.feats.node_group

    @property
    def groups(self) -> dict[int, Group]:
        return self.feats.groups

    def group_of(self, node: Node) -> Group:
        return self.feats.groups[self.feats.node_group[node]]

    def oriented_at(self, pos: Pos) -> Oriented:
        return oriented(*self.board[pos])

    def claimed_node(self, opening: Opening) -> Node:
        """The road segment under an opening known to be one: one a token lies on (TU-03)
        or one listed in ``openings`` (TU-04)."""
        node = self.opening_node(opening)
        assert node is not None, f"no tunnel opening at {opening}"
        return node

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

    def placements_for(self, letter: str) -> tuple[PlaceTile, ...]:
        """CB-04: every place and rotation where ``letter`` fits, in a fixed order."""
        table = fit_table(letter)
        frontier = self.frontier
        out = []
        for pos in sorted(frontier):
            for r in table[frontier[pos]]:
                out.append(place_tile(pos, r))
        return tuple(out)

    def partner_exists(self, opening: Opening, node: Node) -> bool:
        """Is there a free opening for the second token of a tunnel from ``opening``? Any
        other free opening will do, unless ``tu_no_self_link`` forbids one on the same road
        (TU-I2)."""
        gid = self.node_group[node]
        apart = self.game.options["tu_no_self_link"]
        for other in self.openings:
            if other != opening and other not in self.tokens:
                if not apart or self.node_group[self.claimed_node(other)] != gid:
                    return True
        return False

    def on_road_of(self, opening: Opening, player: int) -> bool:
        node = self.opening_node(opening)
        return node is not None and any(p == player for _, p in self.group_of(node).followers)


class CarcassonneState(Position, State):
    """A position: the board, features, followers, tokens, scores and the tile pile."""

    __slots__ = FIELDS
    FIELDS = FIELDS
    game: CarcassonneGame

    @classmethod
    def initial(cls, game: CarcassonneGame, deck: tuple[str, ...]) -> CarcassonneState:
        """CB-02: the start tile lies face up, the shuffled pile waits face down; the first
        player draws (CB-05)."""
        from .tiles import START_LETTER

        d = Draft.empty(game)
        d.deck = deck
        d._events = (Event("CB-02", f"start tile {START_LETTER} laid at 0,0"),)
        d.lay((0, 0), START_LETTER, 0)
        d.new_turn()
        d.draw([])
        return d.build()

    def draft(self) -> Draft:  # type: ignore[override]
        """The mutable working copy the next state is built in (its events start empty)."""
        d = Draft.__new__(Draft)
        d.game = self.game
        d.owned = False  # the dicts are this state's: a move copies before changing them
        d.phase = self.phase
        d.player = self.player
        d.tile = self.tile
        d.board = self.board
        d.frontier = self.frontier
        d.feats = self.feats
        d.followers = self.followers
        d.supply = self.supply
        d.scores = self.scores
        d.tokens = self.tokens
        d.openings = self.openings
        d.deck = self.deck
        d.drawn = self.drawn
        d.discarded = self.discarded
        d.king = self.king
        d.baron = self.baron
        d.completed = self.completed
        d.missed = self.missed
        d.turn = self.turn
        d.end_scores = self.end_scores
        d.placed = self.placed
        d.follower_done = self.follower_done
        d.turn_tokens = self.turn_tokens
        d.pending = self.pending
        d.placements = self.placements
        d._events = self._events
        d._events = ()
        return d

    def _apply(self, move: Move) -> CarcassonneState:
        d = self.draft()
        if isinstance(move, PlaceTile):
            d.lay_drawn(move)
        elif isinstance(move, PlaceFollower):
            d.place_follower(move)
        elif isinstance(move, PlaceTunnelToken):
            d.place_token(move)
        else:
            d.end_turn()
        return d.build()

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

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
        assert pos is not None  # after the tile phase a tile was laid this turn
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
        assert self.tile is not None  # the tile phase always has a drawn tile (CB-05)
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
            needed = need[d]
            if needed is not None and needed != sides[d]:
                return Illegal("CB-04", f"Turned this way the tile's {DIRS[d]} edge shows "
                               f"{names[sides[d]]} against {names[needed]}: edges must match.")
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
        placed = self.placed
        assert placed is not None  # after the tile phase a tile was laid this turn
        ot = self.oriented_at(placed)
        i = ot.label_index.get(move.feature)
        if i is None:
            return Illegal("CB-06", f"The tile you just laid has no feature {move.feature!r}; "
                           f"it has {', '.join(ot.labels)}.")
        if self.group_of((placed, i)).followers:
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
            trapped = o["tu_v2"] and colour in self.missed and count == 1 and self.on_road_of(
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
            first = self.claimed_node(self.colour_openings(colour)[0])
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
            if not self.partner_exists(move.opening, node):
                return Illegal("TU-V3", "A tunnel is built whole: there is no other free "
                               "opening for the second token.")
        return None

    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome("last tile played", leaders(self.scores),
                       tuple(float(v) for v in self.scores), "CB-16")

    def heuristic(self, player: int) -> float:
        """Score lead over the best other player (used by greedy bots)."""
        others = [v for p, v in enumerate(self.scores) if p != player]
        return float(self.scores[player] - max(others))

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


class Draft(Position):
    """The mutable working copy of a position that one move (or the loader) changes; the
    dicts it replaces are new ones, so the state it came from stays as it was."""

    # ``owned``: the board, frontier and feature dicts were made by this draft and no state
    # shares them yet (a new table, or the loader laying a saved board), so ``lay`` changes
    # them in place; otherwise it copies them first, which keeps the earlier state unchanged.
    __slots__ = ("game", "owned") + FIELDS

    @classmethod
    def empty(cls, game: CarcassonneGame) -> Draft:
        """An empty table before the start tile: full supplies, no scores, no tokens."""
        d = cls.__new__(cls)
        n = game.num_players
        d.game = game
        d.owned = True
        d.phase, d.player, d.tile = TILE, 0, None
        d.board, d.frontier, d.feats, d.followers = {}, {}, Features({}, {}, 0), {}
        d.supply, d.scores = (FOLLOWERS,) * n, (0,) * n
        d.tokens, d.openings = {}, ()
        d.deck, d.drawn, d.discarded = (), 0, ()
        d.king = d.baron = None
        d.completed, d.missed, d.turn, d.end_scores = (0, 0, 0), frozenset(), 1, None
        d.placed, d.follower_done, d.turn_tokens, d.pending = None, False, (), None
        d.placements, d._events = (), ()
        return d

    def build(self) -> CarcassonneState:
        """The new state, built whole from the draft's fields."""
        self.owned = False  # the state shares the draft's dicts from here on
        s = CarcassonneState.blank(self.game)
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
        s._events = self._events
        return s

    def lay_drawn(self, move: PlaceTile) -> None:
        """CB-03, CB-04: the player lays the drawn tile; now follower, token or end."""
        tile, player = self.tile, self.player
        assert tile is not None
        self.lay(move.position, tile, move.rotation)
        self.placed = move.position
        self.tile = None
        self.phase = AFTER
        self.placements = ()
        self._events = (Event("CB-04", f"player {player} lays tile {tile} at "
                                       f"{move.position[0]},{move.position[1]}"),)

    def place_follower(self, move: PlaceFollower) -> None:
        """CB-06: a follower from the supply onto a feature of the tile just laid."""
        assert self.placed is not None
        i = self.oriented_at(self.placed).label_index[move.feature]
        node = (self.placed, i)
        feats = Features(self.feats.node_group, dict(self.feats.groups), self.feats.next_gid)
        gid = feats.node_group[node]
        g = feats.groups[gid]
        feats.groups[gid] = g.replace(followers=g.followers + ((node, self.player),))
        self.feats = feats
        self.followers = dict(self.followers)
        self.followers[node] = self.player
        supply = list(self.supply)
        supply[self.player] -= 1
        self.supply = tuple(supply)
        self.follower_done = True
        self._events = (Event("CB-06", f"player {self.player} places a follower on "
                                       f"{move.feature}"),)

    def lay(self, pos: Pos, letter: str, rotation: int) -> None:
        """CB-04: lay a tile: board, frontier (what each empty place demands), features,
        tunnel openings (TU-04)."""
        if self.owned:
            board, frontier, feats = self.board, self.frontier, self.feats
        else:
            board, frontier = dict(self.board), dict(self.frontier)
            feats = Features(dict(self.feats.node_group), dict(self.feats.groups),
                             self.feats.next_gid)
            self.owned = True
        feats.add_tile(board, pos, letter, rotation)
        board[pos] = (letter, rotation)
        ot = oriented(letter, rotation)
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

    def draw(self, events: list[Event]) -> None:
        """Draw tiles until one fits (CB-05); with the pile empty the game ends (CB-13)."""
        deck = self.deck
        while self.drawn < len(deck):
            letter = deck[self.drawn]
            self.drawn += 1
            placements = self.placements_for(letter)
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
        self.end_game(events)
        self._events = self._events + tuple(events)

    def new_turn(self) -> None:
        """CB-03: a new turn starts with nothing of it done yet."""
        self.placed = None  # position of the tile laid this turn
        self.follower_done = False
        self.turn_tokens = ()  # colours placed this turn
        self.pending = None  # TU-V3: colour whose second token must follow now

    def place_token(self, move: PlaceTunnelToken) -> None:
        colour = move.colour
        partner = self.colour_openings(colour)
        self.tokens = dict(self.tokens)
        self.tokens[move.opening] = colour
        self.turn_tokens = self.turn_tokens + (colour,)
        x, y, side = move.opening
        if partner:
            feats = Features(dict(self.feats.node_group), dict(self.feats.groups),
                             self.feats.next_gid)
            feats.link(self.claimed_node(partner[0]), self.claimed_node(move.opening))
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

    def score_group(self, gid: int, points: int, what: str, rule: str,
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

    def end_turn(self) -> None:
        """Score what this turn completed (CB-03), then the next player draws (CB-05)."""
        o = self.game.options
        events: list[Event] = []
        feats = Features(self.feats.node_group, dict(self.feats.groups), self.feats.next_gid)
        self.feats = feats
        groups = feats.groups
        scores, supply = list(self.scores), list(self.supply)
        cities, roads, cloisters = self.completed
        small = o["small_city_2pts"]
        for done in completed_this_turn(self):
            g = groups[done.group]
            size, points = len(g.tiles), feature_points(g, small)
            if done.kind == ROAD:
                roads += 1
                self.score_group(done.group, points, f"road of {size} tile(s)", "CB-08", events,
                                 scores, supply)
                if o["king_robber_baron"] and (self.baron is None or size > self.baron[1]):
                    rule = "TU-09" if done.linked else "KR-01"
                    self.baron = (self.player, size)
                    events.append(Event(rule, f"player {self.player} becomes Robber Baron "
                                        f"(road of {size})"))
            elif done.kind == CITY:
                cities += 1
                self.score_group(done.group, points, f"city of {size} tile(s)" + (
                    f" with {g.pennants} pennant(s)" if g.pennants else ""), "CB-09", events,
                    scores, supply)
                if o["king_robber_baron"] and (self.king is None or size > self.king[1]):
                    self.king = (self.player, size)
                    events.append(Event("KR-01", f"player {self.player} becomes King "
                                        f"(city of {size})"))
            else:
                cloisters += 1
                self.score_group(done.group, points, "cloister", "CB-10", events, scores,
                                 supply)
        self.scores, self.supply = tuple(scores), tuple(supply)
        self.completed = (cities, roads, cloisters)
        if o["tu_v2"]:
            self.note_missed_chances()
        self._events = tuple(events)
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self.new_turn()
        self.draw([])

    def note_missed_chances(self) -> None:
        """TU-V2 with TU-I1: a lone token of this player outlasted a turn with a free opening."""
        placed_now = set(self.turn_tokens)
        missed = set(self.missed)
        for colour in self.game.colours_of[self.player]:
            if colour in placed_now or colour in missed or self.token_count(colour) != 1:
                continue
            first = self.claimed_node(self.colour_openings(colour)[0])
            if self.partner_exists(self.colour_openings(colour)[0], first):
                missed.add(colour)
        self.missed = frozenset(missed)

    def end_game(self, events: list[Event]) -> None:
        end = end_scoring(self)
        for rule, text in end.events:
            events.append(Event(rule, text))
        self.end_scores = end.points
        self.scores = tuple(a + b for a, b in zip(self.scores, end.points))
        self.phase = OVER
        best = max(self.scores)
        winners = leaders(self.scores)
        events.append(Event("CB-16", "game over: " + " and ".join(
            f"player {p}" for p in winners) + (" share the win" if len(winners) > 1 else
                                               " wins") + f" with {best}"))


__all__ = ["CarcassonneState", "Draft", "Position", "PHASES", "FIELDS", "FOLLOWERS", "COLOURS",
           "TILE", "AFTER", "OVER"]
