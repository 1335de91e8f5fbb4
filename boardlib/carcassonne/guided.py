"""Carcassonne's guided first game: the board says what to try, checks it, explains it, and
then lets the learner play on against the greedy bot.

The game is a two-player game with The Tunnel whose first tiles are chosen (the rest of the
pile follows in a seeded order, so the same game comes every time): Red (the learner) holds
a city edge, E; Blue, the greedy bot, gets cloisters, which cannot touch a road; Red then
gets two T-junctions, W. In three turns Red closes a city with a knight (CB-04, CB-06,
CB-09), starts a road with a thief (CB-08) and closes it (CB-07). Each step's answer is
judged by the engine (:mod:`boardlib.carcassonne.puzzles`' measures: the points a turn can
score, the tiles the start road gains, the thieves on it), never listed by hand. After the
last step the game goes on freely until the pile runs out (CB-13).

``FIRST_GAME`` is the script (engine side: no widgets imported until a board is made);
:func:`first_game` makes the card that starts its board (``GuidedCard``).
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import boardlib
from boardlib.core.api import State
from boardlib.core.puzzles import Best, Guide, GuidedStep
from boardlib.core.teaching import plural

from .positions import position
from .puzzles import START_ROAD, most_points, start_road_tiles, tiles_words
from .rules import CarcassonneGame, CarcassonneState

SEED = 3                                  # the order of the pile after the chosen tiles
CHOSEN = ("E", "B", "W", "B", "W")        # Red, Blue, Red, Blue, Red: the first five tiles


def opening() -> CarcassonneState:
    """The guided game's position: the start tile alone, Red to lay E; then the chosen
    tiles, then every other tile of the game in a seeded order (CB-02)."""
    game = boardlib.load("carcassonne", players=2, tunnel=True, seed=SEED)
    assert isinstance(game, CarcassonneGame)
    rest = Counter(game.pool) - Counter(CHOSEN)
    pile = sorted(rest.elements())
    random.Random(SEED).shuffle(pile)
    return position(CHOSEN[0], deck=list(CHOSEN[1:]) + pile, tunnel=True, seed=SEED)


def thieves_on_start_road(before: State, move: Any, after: State) -> float:
    """CB-06: how many of the mover's thieves stand on the start tile's road after
    ``move``."""
    assert isinstance(after, CarcassonneState)
    mover = before.current_player
    return float(sum(1 for _, p in after.group_of(START_ROAD).followers if p == mover))


FIRST_GAME = Guide(
    "carcassonne-first-game", opening, 0, ("human", "greedy"),
    (
        GuidedStep(
            "CB-04",
            "You are Red and hold a tile with a city edge. Lay it next to the start tile so "
            "that the two city edges meet: turn it (click it, or ↻) until a yellow place "
            "above the start tile lights up, and click that place.",
            most_points("CB-04"),
            "Every edge a tile shares must continue the picture: city to city, road to "
            "road, field to field (CB-04). Turned upside down above the start tile, your "
            "tile closes a small city.",
            "Turn the tile twice, then click the place above the start tile."),
        GuidedStep(
            "CB-06",
            "You may now put one of your seven followers on the tile you just laid: click "
            "the white spot in the city to put a knight there.",
            most_points("CB-06"),
            "A follower goes on a feature of the tile just laid that nobody holds yet "
            "(CB-06): in a city it is a knight.",
            "The white spot on the brown city part."),
        GuidedStep(
            "CB-09",
            "Press End turn: everything your tile finished is scored now.",
            most_points("CB-09"),
            "The city is closed all round: 2 points per tile, 4 for you (CB-09), and your "
            "knight comes home to be placed again (CB-07).",
            "The End turn button under the board."),
        GuidedStep(
            "CB-08",
            "Blue laid a cloister (it scores 9 once surrounded, CB-10). You hold a "
            "T-junction: lay it so that one of its roads continues the start tile's road.",
            Best(start_road_tiles, tiles_words, "CB-08"),
            "Road meets road, so the start road is one tile longer (CB-04). A road ends at "
            "a crossing, a city or a cloister (CB-08): this one now stops at your junction.",
            "East or west of the start tile, turned so that a road meets its road."),
        GuidedStep(
            "CB-06",
            "Put a thief on the road you just continued: click the white spot on that "
            "road.",
            Best(thieves_on_start_road,
                 lambda v: plural(int(v), "thief", "thieves") + " on the start road"
                 if v else "no thief on the start road", "CB-06"),
            "Nobody's follower is on that road yet, so your thief may go there (CB-06). "
            "The road scores when both its ends are closed (CB-08).",
            "The white spot on the road that runs into the start tile."),
        GuidedStep(
            "CB-03",
            "Press End turn: nothing is finished yet, so nothing scores this time.",
            most_points("CB-03"),
            "A turn is one tile, perhaps a follower, then the scoring (CB-03); the road is "
            "still open at one end.",
            "The End turn button under the board."),
        GuidedStep(
            "CB-08",
            "Your second T-junction: close the other end of your road so that it scores.",
            most_points("CB-08"),
            "Both ends of the road now stop at a junction: complete, 1 point per tile, and "
            "your thief takes them (CB-08). Press End turn to score it.",
            "The open end of the start road, on the other side from your first junction."),
    ),
    "You know the rules now: press End turn, then play the game out against Blue, the "
    "greedy bot. The game ends when the last tile is laid (CB-13); farms and unfinished "
    "features score then (CB-14, CB-15).",
)
"""The guided first game of Carcassonne."""


def first_game_board(**kwargs: Any) -> Any:
    """The guided first game on a board (a ``GuidedBoard``, which judges the *End turn*
    button like a click: ending the turn is a move, CB-03); keywords go to the board."""
    from boardlib.widgets.puzzle import GuidedBoard

    return GuidedBoard(FIRST_GAME, **kwargs)


def first_game(**kwargs: Any) -> Any:
    """The guided first game as a light card (the first position and a button) that starts
    its board, like ``GuidedCard``; keywords go to the board."""
    import html

    from boardlib.widgets.puzzle import BoardCard, controller_for

    state = FIRST_GAME.setup()
    picture = controller_for(state.game).static_svg(state)
    intro = (f"<b>Your first game</b> · {len(FIRST_GAME.steps)} guided steps, then free "
             f"play against the greedy bot<br>{html.escape(FIRST_GAME.steps[0].say)}")
    card = BoardCard(intro, picture, lambda: first_game_board(**kwargs), "Start the game",
                     "The board guides your first moves")
    card.add_class("boardlib-guided-card")
    return card


__all__ = ["FIRST_GAME", "opening", "first_game", "first_game_board",
           "SEED", "CHOSEN", "thieves_on_start_road"]
