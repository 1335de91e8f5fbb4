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
from boardlib.core.puzzles import Answers, Best, Puzzle, Worse, by_rule, check_unique
from boardlib.core.teaching import Teacher, plural

from .moves import END_TURN, EndTurn, PlaceFollower, PlaceTile
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


PUZZLES: tuple[Puzzle, ...] = check_unique(
    PREPARED + tuple(game_puzzle(seed, moves) for seed, moves in GAME_POSITIONS))
"""Every Carcassonne puzzle: the prepared ones, then those from real games."""


def for_rule(rule: str) -> tuple[Puzzle, ...]:
    return by_rule(PUZZLES, rule)


def puzzle(puzzle_id: str) -> Puzzle:
    for found in PUZZLES:
        if found.id == puzzle_id:
            return found
    raise KeyError(puzzle_id)


__all__ = ["PUZZLES", "PREPARED", "GAME_POSITIONS", "for_rule", "puzzle", "turn_points",
           "best_finish", "best_line", "most_points", "points", "OfKind", "game_puzzle",
           "END_TURN"]
