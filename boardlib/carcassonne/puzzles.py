"""Carcassonne puzzles (engine side), judged by the engine.

Two kinds:

* prepared positions from the rule sections (:func:`boardlib.carcassonne.positions.
  position` and ``play``, the public API): lay a tile where it fits (CB-03, CB-04), put a
  follower where one may go (CB-06), score the most this turn (CB-07 … CB-15, TU-05);
* positions from real games: a seeded random game (``boardlib.load(..., seed=s)`` and
  ``RandomBot(s)``, so the same position every time) stopped where the player to move can
  score this turn, and not with every tile placement (:data:`GAME_POSITIONS`).

What counts as the best answer is the engine's: :func:`turn_points` plays the rest of the
turn every way a follower can go (then *end turn*) and reads the mover's score, end scoring
included when the game ends (CB-13, CB-14). A wrong answer is told its points and the best,
with the engine's own refusal (and rule) for an illegal one.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import boardlib
from boardlib.core.api import State
from boardlib.core.bots import RandomBot
from boardlib.core.puzzles import Answers, Best, Puzzle, Worse, by_id, by_rule, check_unique
from boardlib.core.teaching import Teacher, plural

from .moves import END_TURN, EndTurn, PlaceFollower, PlaceTile, PlaceTunnelToken
from .positions import play, position
from .rules import CarcassonneState
from .teaching import tile_words

SCORING_RULES = ("CB-08", "CB-09", "CB-10", "CB-14", "CB-15", "TU-05", "KR-02")


# --- what the engine measures --------------------------------------------------------------

def points(state: State, seat: int) -> float:
    """``seat``'s points: the final total once the game is over (CB-13, CB-14)."""
    outcome = state.outcome()
    if outcome is not None:
        return float(outcome.scores[seat])
    assert isinstance(state, CarcassonneState)
    return float(state.scores[seat])


def best_finish(state: State, seat: int) -> float:
    """The most points ``seat`` can have at the end of this turn from ``state``: every
    follower placement (or none), then *end turn* (tokens are left as they are)."""
    if state.is_terminal() or state.current_player != seat:
        return points(state, seat)
    best = None
    for move in state.legal_moves():
        if isinstance(move, EndTurn):
            value = points(state.apply(move), seat)
        elif isinstance(move, PlaceFollower):
            value = best_finish(state.apply(move), seat)
        else:
            continue
        best = value if best is None else max(best, value)
    return points(state, seat) if best is None else best


def turn_points(before: State, move: Any, after: State) -> float:
    """CB-03: what ``move`` lets the mover score by the end of the turn, at best."""
    seat = before.current_player
    return best_finish(after, seat) - points(before, seat)


def points_words(value: float) -> str:
    return f"{plural(int(value), 'point')} this turn" if value else "no points this turn"


def most_points(rule: str) -> Best:
    """Accept the moves after which the turn can score the mover the most (engine-scored)."""
    return Best(turn_points, points_words, rule)


def tunnels_finished(before: State, move: Any, after: State) -> float:
    """TU-05: how many tunnels ``move`` finished (colours with both tokens out)."""
    def finished(state: State) -> int:
        colours = [t[3] for t in state.to_dict()["tokens"]]
        return sum(1 for c in set(colours) if colours.count(c) == 2)
    return float(finished(after) - finished(before))


class OfKind(Answers):
    """Every legal move of the kinds given (``PlaceTile``: "lay the tile where it fits");
    the puzzle is about what the engine refuses. Another legal move is told ``why``."""

    def __init__(self, kinds: tuple[type, ...], why: str, rule: str) -> None:
        self.kinds = kinds
        self.why = why
        self.rule = rule

    def accepted(self, state: State) -> tuple[Any, ...]:
        return tuple(m for m in state.legal_moves() if isinstance(m, self.kinds))

    def why_worse(self, state: State, move: Any, words: Teacher) -> Worse:
        return Worse(self.why, self.rule, words.marks(state, move))


def best_line(state: State) -> tuple[Any, ...]:
    """One turn that scores the most, as moves from ``state`` to the end of the turn."""
    seat = state.current_player
    line: list[Any] = []
    while not state.is_terminal() and state.current_player == seat:
        options = [m for m in state.legal_moves()
                   if isinstance(m, (PlaceTile, PlaceFollower, EndTurn))]
        move = max(options, key=lambda m: (best_finish(state.apply(m), seat),
                                           isinstance(m, EndTurn)))
        line.append(move)
        state = state.apply(move)
    return tuple(line)


# --- positions from real games -------------------------------------------------------------

GAME_POSITIONS: tuple[tuple[int, int], ...] = (
    (0, 18), (1, 24), (2, 35), (3, 22), (4, 14), (5, 26), (6, 14), (7, 14), (8, 35), (9,
    14), (10, 19), (11, 13), (12, 19), (13, 12), (14, 18), (15, 12), (16, 20), (17, 15),
    (18, 15), (19, 17), (20, 27), (21, 21), (22, 19), (23, 12),
)
"""(seed, moves): a 2-player game with that seed, that many moves of ``RandomBot(seed)``."""


@lru_cache(maxsize=64)
def game_position_json(seed: int, moves: int) -> str:
    state = boardlib.load("carcassonne", players=2, seed=seed).new_initial_state()
    bot = RandomBot(seed)
    for _ in range(moves):
        state = state.apply(bot.choose(state))
    return state.to_json()


def game_position(seed: int, moves: int) -> Callable[[], State]:
    """The position after ``moves`` moves of a seeded random 2-player game (rebuilt through
    the public API, then kept as its JSON save)."""
    def build() -> State:
        return boardlib.load("carcassonne", players=2, seed=seed).state_from_json(
            game_position_json(seed, moves))
    return build


def scoring_rule(state: State) -> str:
    """The rule of what the best turn from ``state`` scores (its first scoring event)."""
    after = state
    for move in best_line(state):
        after = after.apply(move)
        found = [e.rule for e in after.events if e.rule in SCORING_RULES]
        if found:
            return found[0]
    return "CB-03"


def game_puzzle(seed: int, moves: int) -> Puzzle:
    setup = game_position(seed, moves)
    state = setup()
    assert isinstance(state, CarcassonneState)
    rule = scoring_rule(state)
    letter = str(state.to_dict()["tile"])
    return Puzzle(
        f"carcassonne-game-{seed}-{moves}", (rule, "CB-03"), setup, state.current_player,
        f"From a real game: lay {tile_words(letter)} — and a follower if you like — so that "
        "this turn scores you the most points.",
        most_points(rule),
        f"That placement lets this turn score the most the engine finds for you: a feature "
        f"is completed and scored ({rule}).",
        "Look for a road, city or cloister with your follower on it that this tile can "
        "finish.", f"Game {seed}, move {moves}")


# --- prepared positions --------------------------------------------------------------------

WEST_L = [[-1, 0, "L", 2]]


def prepared(tile: str, *moves: str, **kwargs: Any) -> Callable[[], State]:
    """A prepared position (``position``) with some moves played (``play``)."""
    return lambda: play(position(tile, **kwargs), *moves)


PREPARED: tuple[Puzzle, ...] = (
    Puzzle("carcassonne-03-turn", ("CB-03",), prepared("U", deck=["U"]), 0,
           "Your turn begins: lay the drawn tile (a straight road) somewhere it fits.",
           OfKind((PlaceTile,), "First the tile.", "CB-03"),
           "A turn is: lay the drawn tile, then perhaps a follower, then score (CB-03). "
           "Nothing else can come first.",
           "Put it next to the start tile, road to road.", "A turn"),
    Puzzle("carcassonne-04-fits", ("CB-04",), prepared("L", deck=["U", "V"]), 0,
           "Lay the tile with three roads so that every edge it shares matches: city to "
           "city, road to road, field to field.",
           OfKind((PlaceTile,), "Lay the tile.", "CB-04"),
           "A tile must touch the board along a whole edge, and every shared edge must "
           "match (CB-04); the engine lists exactly the places and turns that do.",
           "Try the east side of the start tile, road to road.", "Edges match"),
    Puzzle("carcassonne-06-follower", ("CB-06",), prepared(
        "U", "tile 1,0 rot 0", "follower road:E+W", "end turn", "tile 2,0 rot 0",
        deck=["U", "B"]), 1,
           "Your opponent's thief is on this road already. Put a follower of yours on the "
           "tile you just laid — somewhere it may go.",
           OfKind((PlaceFollower,), "The goal is a follower on this tile.", "CB-06"),
           "A follower goes on a feature of the tile just laid, and only if nobody's "
           "follower is on the connected feature already (CB-06): the road is taken, a "
           "field is free.",
           "Not the road: the fields beside it.", "A free feature"),
    Puzzle("carcassonne-07-home", ("CB-07",), prepared(
        "L", "tile 1,0 rot 0", "end turn", "tile -1,0 rot 180", deck=["L"]), 1,
           "Place a follower that scores and comes home this very turn.",
           most_points("CB-07"),
           "A follower comes back when its feature is scored, even in the turn it was "
           "placed (CB-07): the thief on the finished road scores at once and returns.",
           "Which road on this tile is closed at both ends?", "Home the same turn"),
    Puzzle("carcassonne-08-road", ("CB-08",), prepared(
        "L", "tile 1,0 rot 0", "follower road:W", "end turn", "tile 0,-1 rot 0", "end turn",
        deck=["B", "L", "B", "B"], board=[[0, 1, "E", 2]]), 0,
           "Your thief stands on the road running west from 1,0. Lay the tile so that this "
           "turn scores you the most.",
           most_points("CB-08"),
           "A road is complete when both ends are closed (a crossing, a city, a cloister): "
           "1 point per tile (CB-08).",
           "The tile with three roads closes a road at its crossing: close the west end.",
           "A finished road"),
    Puzzle("carcassonne-09-city", ("CB-09",), prepared("E", deck=["U"]), 0,
           "Lay the city edge so that this turn scores you the most.",
           most_points("CB-09"),
           "A city is complete when its wall is closed: 2 points per tile (CB-09). Facing "
           "the start tile's city, the two edges close a two-tile city — with your knight "
           "in it, it scores now.",
           "City to city: turn it to face the start tile's city.", "A finished city"),
    Puzzle("carcassonne-14-end", ("CB-14", "CB-13"), prepared(
        "M", "tile 0,1 rot 180", "follower city:E+S", "end turn",
        "tile 1,0 rot 0", "follower road:E+W", "end turn", deck=["U", "B"]), 0,
           "The last tile of the game. Lay it, with a follower if you like, for the most "
           "points: unfinished features count at the end.",
           most_points("CB-14"),
           "After the last tile the game ends (CB-13) and unfinished features score too: "
           "road 1 per tile, city 1 per tile and pennant, cloister 1 plus 1 per neighbour "
           "(CB-14).",
           "A monk in a cloister beside other tiles counts each neighbour.", "The end"),
    Puzzle("carcassonne-tu05-tunnel", ("TU-05", "TU-03"), prepared(
        "TU2", "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
        "tile 2,0 rot 0", "end turn", "tile 0,-1 rot 0", board=WEST_L, deck=["L", "B", "B"]),
           0,
           "Finish your tunnel with your second blue token: the two roads become one.",
           Best(tunnels_finished, lambda v: "a tunnel finished" if v else "no tunnel finished",
                "TU-05"),
           "When the second token of a colour claims another opening, the tunnel is "
           "finished and the two roads are one road (TU-05); it completes in the usual way.",
           "The free opening is on the east edge of 1,0.", "A tunnel"),
)


# --- more prepared positions: one puzzle for every rule section of the lesson ----------

START_ROAD = ((0, 0), 1)
"""The start tile's road (tile D, feature 1: the road across it, CB-02)."""


def start_road_tiles(before: State, move: Any, after: State) -> float:
    """CB-02, TU-01: how many tiles ``move`` adds to the start tile's road."""
    assert isinstance(before, CarcassonneState) and isinstance(after, CarcassonneState)
    grown = after.group_of(START_ROAD).tiles or ()
    return float(len(grown) - len(before.group_of(START_ROAD).tiles or ()))


def tiles_words(value: float) -> str:
    return f"the start road grows by {plural(int(value), 'tile')}" if value else (
        "the start road does not grow")


def best_lead(state: State, seat: int) -> float:
    """``seat``'s points minus the best other player's, at the end of this turn at best
    (every follower placement or token, then *end turn*; the end scoring if the game
    ends: CB-13)."""
    def lead(s: State) -> float:
        mine = points(s, seat)
        others = [points(s, p) for p in range(s.game.num_players) if p != seat]
        return mine - max(others)
    if state.is_terminal() or state.current_player != seat:
        return lead(state)
    best = None
    for move in state.legal_moves():
        value = (lead(state.apply(move)) if isinstance(move, EndTurn)
                 else best_lead(state.apply(move), seat))
        best = value if best is None else max(best, value)
    return lead(state) if best is None else best


def turn_lead(before: State, move: Any, after: State) -> float:
    """TU-06: how far ahead of the best other player ``move`` leaves the mover, at best, by
    the end of the turn (a tunnel that scores someone else's road counts against it)."""
    return best_lead(after, before.current_player)


def lead_words(value: float) -> str:
    n = int(value)
    return (f"you end {plural(n, 'point')} ahead" if n > 0 else
            f"you end {plural(-n, 'point')} behind" if n < 0 else "you end level")


def crowned(before: State, move: Any, after: State) -> float:
    """KR-01: 1 if the mover is King once the turn ends (no follower needed), else 0."""
    assert isinstance(after, CarcassonneState)
    ended = after.apply(END_TURN) if END_TURN in after.legal_moves() else after
    assert isinstance(ended, CarcassonneState)
    return 1.0 if ended.king is not None and ended.king[0] == before.current_player else 0.0


RING = ("tile 0,1 rot 90", "follower city:N+E+S", "end turn", "tile 1,1 rot 0", "end turn",
        "tile 0,2 rot 180", "end turn", "tile 0,-1 rot 0", "end turn")
CLOISTER_ROUND = [[1, 0, "U", 0], [-1, 0, "U", 0], [0, -1, "B", 0], [-1, -1, "B", 0],
                  [1, -1, "B", 0], [0, -2, "B", 0], [-1, -2, "A", 0]]
ROAD_OF_FIVE = [[0, -1, "B", 0], [-1, -1, "B", 0], [-2, -1, "B", 0], [-2, 0, "A", 3],
                [1, 0, "U", 0], [2, 0, "L", 0]]
FARM_BOARD = [[0, 1, "D", 2], [1, 1, "U", 0]]
TUNNEL_FINISH = ("tile 1,0 rot 0", "token blue 1,0 W", "end turn",
                 "tile 2,0 rot 0", "follower road:W", "end turn", "tile 0,-1 rot 0")
KING_BOARD = [[-1, 0, "L", 2], [-1, -1, "N", 1], [1, 0, "L", 0]]


def seeded_start(seed: int) -> Callable[[], State]:
    """The first position of a game with ``seed`` (CB-02: the pile shuffled by the seed)."""
    return lambda: boardlib.load("carcassonne", seed=seed).new_initial_state()


LESSON: tuple[Puzzle, ...] = (
    Puzzle("carcassonne-01-pieces", ("CB-01", "CB-06"), prepared(
        "U", "tile 1,0 rot 0", deck=["U"], players=3), 0,
           "Three players, seven followers each. You have laid your tile: put one of your "
           "followers on it.",
           OfKind((PlaceFollower,), "The goal is one of your seven followers on the tile.",
                  "CB-01"),
           "Every player has seven followers (CB-01); one may go on the tile just laid, on a "
           "feature nobody holds yet (CB-06).",
           "Click a white spot on the new tile.", "Seven followers"),
    Puzzle("carcassonne-02-setup", ("CB-02", "CB-04"), seeded_start(4), 0,
           "The start tile lies at 0,0, the pile is shuffled. Lay the first tile so that the "
           "start tile's road grows.",
           Best(start_road_tiles, tiles_words, "CB-02"),
           "The start tile is a D with a road across it (CB-02); a tile with a road laid at "
           "either end of that road continues it (CB-04).",
           "Turn the tile until a road meets the start tile's road, east or west.",
           "The start tile"),
    Puzzle("carcassonne-05-nowhere", ("CB-05", "CB-09"), prepared("E", deck=["C", "B"]), 0,
           "Close the start tile's city with this tile and score it (the next tile, a city "
           "on all four sides, will then fit nowhere).",
           most_points("CB-05"),
           "Turned upside down, the tile closes a two-tile city: 4 points with your knight "
           "(CB-09). Then nothing can take a city on all four sides, so that tile is removed "
           "and the next one drawn (CB-05).",
           "City edge to city edge, above the start tile.", "A tile that fits nowhere"),
    Puzzle("carcassonne-10-cloister", ("CB-10",), lambda: position(
        "E", deck=["U"], board=CLOISTER_ROUND, followers=[[0, -1, "cloister", 0]]), 0,
           "Your monk's cloister has seven neighbours. Lay the last tile to surround it and "
           "score 9.",
           most_points("CB-10"),
           "A cloister with all eight places around it filled is complete and scores 9 "
           "(CB-10); the monk comes home (CB-07).",
           "The free place east of the bottom row; turn the tile so that its city faces "
           "nothing.", "A finished cloister"),
    Puzzle("carcassonne-11-majority", ("CB-11",), lambda: position(
        "U", board=ROAD_OF_FIVE, followers=[[1, 0, "road:E+W", 0], [2, 0, "road:W", 0],
                                            [-2, 0, "road:E", 1]]), 0,
           "Two of your thieves and one of Blue's stand on this road. Close it so that you "
           "alone take its points.",
           most_points("CB-11"),
           "The player with the most followers on a finished feature takes all its points; "
           "the others get nothing (CB-11).",
           "The gap in the road is west of the start tile.", "Majority"),
    Puzzle("carcassonne-12-ring", ("CB-12", "CB-09"), prepared(
        "R", *RING, deck=["I", "N", "B", "N"]), 0,
           "Your knight holds the ring city. Close it with the last tile: how much is it "
           "worth?",
           most_points("CB-12"),
           "A finished city scores 2 per tile, and each tile counts once even where the "
           "city passes through it twice (CB-12): five tiles, 10 points.",
           "The free corner north-east of the ring.", "A tile counts once"),
    Puzzle("carcassonne-13-last", ("CB-13", "CB-14"), prepared("U"), 0,
           "This is the last tile of the game. Lay it, and a follower, for the most points: "
           "after this turn the game is over.",
           most_points("CB-13"),
           "The game ends once the last tile is laid and scored (CB-13); a thief on the "
           "unfinished road still counts 1 per tile (CB-14).",
           "Continue the start tile's road and put a thief on it.", "The last tile"),
    Puzzle("carcassonne-15-farm", ("CB-15", "CB-11"), lambda: position(
        "U", board=FARM_BOARD, followers=[[0, 1, "field:ER+WL", 0],
                                          [1, 1, "field:ER+SL+SR+WL", 1]]), 0,
           "The last tile. Put a farmer where a field touches the finished city, so that "
           "you win more fields than Blue.",
           most_points("CB-15"),
           "Farmers score at the end, 3 points for each finished city their field touches "
           "(CB-15, third edition); the most farmers on a field take it (CB-11).",
           "A field that touches the finished city, where Blue's farmer is not.",
           "A farm"),
    Puzzle("carcassonne-16-win", ("CB-16", "CB-09"), lambda: position(
        "E", board=KING_BOARD[:1] + [[1, 0, "U", 0]], followers=[[1, 0, "road:E+W", 1]]), 0,
           "This is the last tile. Blue's thief on the unfinished road will score 3 at the "
           "end. Win the game.",
           most_points("CB-16"),
           "The highest score wins (CB-16): a knight in the city you close scores 4, "
           "and 4 beats Blue's 3 for the unfinished road (CB-14).",
           "Close the start tile's city and put a knight in it.", "Winning"),
    Puzzle("carcassonne-tu01-tile", ("TU-01", "CB-04"), prepared("TU2", board=WEST_L), 0,
           "This is a tunnel tile: two roads that stop at tunnel openings. Lay it so that "
           "the start tile's road runs into it.",
           Best(start_road_tiles, tiles_words, "TU-01"),
           "The Tunnel adds four tiles with tunnel openings (TU-01); a road running into an "
           "opening stops there until a tunnel is finished (TU-04).",
           "East of the start tile, its roads east and west.", "A tunnel tile"),
    Puzzle("carcassonne-tu02-colours", ("TU-02", "TU-03"), prepared(
        "TU2", "tile 1,0 rot 0", board=WEST_L), 0,
           "Put a tunnel token on an opening of the new tile — a token of one of your own "
           "colours.",
           OfKind((PlaceTunnelToken,), "The goal is a token of yours on an opening.",
                  "TU-02"),
           "With two players each has three colour pairs (TU-02): only your own colours "
           "are yours to place; the engine refuses the others.",
           "Click a dark arch; the token set beside the map is yours.", "Your tokens"),
    Puzzle("carcassonne-tu03-claim", ("TU-03", "CB-06"), prepared(
        "TU2", "tile 1,0 rot 0", "follower road:W", board=WEST_L), 0,
           "Your thief is on the west road. Claim an opening as well: the token does not "
           "replace the follower.",
           OfKind((PlaceTunnelToken,), "The goal is a token on an opening.", "TU-03"),
           "Once in your turn you may put a token on any free opening, beside your follower "
           "(TU-03).", "Click one of the dark arches on the new tile.", "Claim an opening"),
    Puzzle("carcassonne-tu04-broken", ("TU-04", "CB-14"), lambda: position(
        "L", board=WEST_L + [[1, 0, "TU2", 0]], followers=[[1, 0, "road:W", 0]],
        tokens=[[1, 0, "W", "blue"]]), 0,
           "The last tile. Your thief's road runs into a claimed opening with no tunnel "
           "yet. Lay the tile (and a follower) for the most points at the end.",
           most_points("TU-04"),
           "A road into an opening without a finished tunnel is broken off: not complete "
           "(TU-04), so at the end it scores 1 per tile like any unfinished road (CB-14).",
           "A thief on a second unfinished road counts too.", "Broken off"),
    Puzzle("carcassonne-tu06-everybody", ("TU-06", "TU-05"), prepared(
        *(("TU2",) + TUNNEL_FINISH), board=WEST_L, deck=["L", "B"]), 0,
           "Blue's thief stands on the west road; your second blue token could finish the "
           "tunnel. End this last turn as far ahead as you can.",
           Best(turn_lead, lead_words, "TU-06"),
           "A tunnel belongs to everybody (TU-06): finishing it would complete the road for "
           "Blue's thief. Better leave it and score your own way.",
           "Who has a follower on the road the tunnel would finish?", "Whose tunnel"),
    Puzzle("carcassonne-tu07-visible", ("TU-07", "TU-05"), prepared(
        "TU2", "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
        "tile 1,-1 rot 0", "end turn", "tile 2,-1 rot 0", board=WEST_L, deck=["TU3", "L"]), 0,
           "Finish the blue tunnel from TU2 to TU3: your thief's road then runs through it.",
           most_points("TU-07"),
           "The joined road counts the tiles you can see, each once; a tunnel adds none "
           "(TU-07).", "The free opening is on TU3, east.", "Visible tiles"),
    Puzzle("carcassonne-tu08-stay", ("TU-08", "TU-03"), prepared(
        "TU2", "tile 1,0 rot 0", "follower road:W", "token blue 1,0 W", "end turn",
        "tile 2,0 rot 0", "end turn", "tile 0,-1 rot 0", "token blue 1,0 E", "end turn",
        "tile 1,-1 rot 0", "end turn", "tile -2,0 rot 0", board=WEST_L,
        deck=["L", "B", "B", "TU1"]), 0,
           "Both blue tokens are on the board for good. Claim an opening of your new tunnel "
           "tile with a colour you can still use.",
           OfKind((PlaceTunnelToken,), "The goal is a token on an opening.", "TU-08"),
           "Tokens stay where they are, even after the road scores (TU-08): the blue pair "
           "is used up, your other colours are not.",
           "Choose another of your token sets beside the map.", "Tokens stay"),
    Puzzle("carcassonne-tu09-baron", ("TU-09", "KR-01"), prepared(
        *(("TU2",) + TUNNEL_FINISH), board=WEST_L, deck=["L", "B"], king_robber_baron=True),
           0,
           "With King & Robber Baron: finish the tunnel with your second blue token and "
           "become Robber Baron.",
           Best(tunnels_finished, lambda v: "a tunnel finished" if v else "no tunnel finished",
                "TU-09"),
           "The token that completes the longest road makes its placer Robber Baron "
           "(TU-09), even though the road scores for Blue's thief (TU-06).",
           "The free opening is on TU2's east side.", "Robber Baron"),
    Puzzle("carcassonne-kr01-king", ("KR-01", "CB-09"), lambda: position(
        "E", deck=["E", "U", "E"], board=KING_BOARD, king_robber_baron=True), 0,
           "King & Robber Baron: complete the first city of the game and become King.",
           Best(crowned, lambda v: "you are King" if v else "you are not King", "KR-01"),
           "Whoever completes the first city becomes King (KR-01); only a bigger city takes "
           "the title (TU-I3).", "Close the start tile's city.", "The King"),
)
"""One puzzle for each rule section of the lesson that had none (issue 19 item 3)."""


PUZZLES: tuple[Puzzle, ...] = check_unique(
    PREPARED + LESSON + tuple(game_puzzle(seed, moves) for seed, moves in GAME_POSITIONS))
"""Every Carcassonne puzzle: the prepared ones, then those from real games."""


def for_rule(rule: str) -> tuple[Puzzle, ...]:
    return by_rule(PUZZLES, rule)


def puzzle(puzzle_id: str) -> Puzzle:
    """The puzzle with this id."""
    return by_id(PUZZLES, puzzle_id)


__all__ = ["PUZZLES", "PREPARED", "LESSON", "GAME_POSITIONS", "for_rule", "puzzle",
           "turn_points", "best_finish", "best_line", "most_points", "points", "OfKind",
           "game_puzzle", "END_TURN", "start_road_tiles", "turn_lead", "crowned"]
