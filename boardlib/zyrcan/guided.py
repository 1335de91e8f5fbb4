"""Zyrcan's guided first game: the board says what to try, checks it, explains it, and then
lets the learner play on against two bots.

The game starts late in the placement phase (ZY-05): ten ships of every fleet are already
on the board, placed by a seeded random bot through the public API, so the same position
comes every time. Red (the learner) places the last two ships, then makes the first two
attacks; Blue and Yellow are greedy bots that reply on their own. Each step's answer is
judged by the engine (:mod:`boardlib.zyrcan.puzzles`' answers), never listed by hand.
After the last step the game goes on freely until it ends (ZY-12, ZY-15).

``FIRST_GAME`` is the script (engine side: no widgets imported until a board is made);
:func:`first_game_board` makes the board (``boardlib.widgets.puzzle.GuidedBoard``) and
:func:`try_it` a section's puzzle (a ``PuzzleCard`` that opens its board) for the notebook.
"""
from __future__ import annotations

from typing import Any

import boardlib
from boardlib.core.bots import RandomBot
from boardlib.core.puzzles import Guide, GuidedStep

from .puzzles import OutOfReach, Reaches, most_engines
from .rules import ZyrcanState

SEED = 29         # the random bot that placed the first thirty ships
PLACED = 30       # ten ships per fleet


def opening() -> ZyrcanState:
    """The guided game's position: three players, thirty ships placed in turn from Red by a
    seeded random bot (ZY-05, ZY-I2); Red to place the next ship."""
    state = boardlib.load("zyrcan", players=3).new_initial_state()
    bot = RandomBot(SEED)
    for _ in range(PLACED):
        state = state.apply(bot.choose(state))
    assert isinstance(state, ZyrcanState)
    return state


FIRST_GAME = Guide(
    "zyrcan-first-game", opening, 0, ("human", "greedy", "greedy"),
    (
        GuidedStep(
            "ZY-05",
            "You are Red, and every fleet has two ships left to place. Click an empty hex to "
            "place a ship there (the smallest type you have left, unless you pick another "
            "beside the board) — where no enemy ship can hit it: no enemy exactly its engine "
            "count away on a straight line.",
            OutOfReach(rule="ZY-05"),
            "Ships go on empty hexes, one per turn, in seat order (ZY-05). A ship flies exactly "
            "as many hexes as it has engines (ZY-04, ZY-08), and only in straight lines "
            "(ZY-07): no enemy ship can land there.",
            "For each enemy ship near the hex, count its engines and the hexes between."),
        GuidedStep(
            "ZY-08",
            "Now place your last ship (see beside the board what is left of your fleet) where "
            "it could hit an enemy ship once the attacks begin.",
            Reaches(None, rule="ZY-08"),
            "From there your ship can fly exactly its engine count (ZY-08) in a straight line "
            "(ZY-07) onto an enemy. Every fleet now has all twelve ships on the board (ZY-03), "
            "so the attack phase begins (ZY-06).",
            "Count its engines: that many hexes along a straight line must end on an enemy."),
        GuidedStep(
            "ZY-06",
            "Attack! Click one of your ships: the hexes it can hit are outlined. Then click "
            "the enemy to destroy. Destroy as many engines as you can.",
            most_engines("ZY-10"),
            "You attacked with one of your own ships (ZY-06): it flew straight, exactly "
            "its engine count, over anything between (ZY-07, ZY-08, ZY-09), and destroyed "
            "the enemy ship where it landed (ZY-10). "
            "Engines on the board decide the winner (ZY-13).",
            "Click each of your ships in turn and look at the outlined hexes."),
        GuidedStep(
            "ZY-14",
            "Blue and Yellow have attacked (a whole move each, in turn: ZY-14). Your turn "
            "again: once more, destroy as many engines as you can.",
            most_engines("ZY-13"),
            "Every turn is one whole attack (ZY-14). When a player cannot attack, they pass "
            "and the game ends; most engines wins (ZY-12, ZY-13).",
            "A 3-engine victim is worth three times a 1-engine one."),
    ),
    "You know the rules now: play the game out against Blue and Yellow (greedy bots). "
    "The first player who cannot attack passes, and that ends the game (ZY-12).",
)
"""The guided first game of Zyrcan."""


def first_game_board(**kwargs: Any) -> Any:
    """The guided first game on a board (``GuidedBoard``); keywords go to the board."""
    from boardlib.widgets.puzzle import GuidedBoard

    return GuidedBoard(FIRST_GAME, **kwargs)


def first_game(**kwargs: Any) -> Any:
    """The guided first game as a card that starts its board (``GuidedCard``)."""
    from boardlib.widgets.puzzle import GuidedCard

    return GuidedCard(FIRST_GAME, **kwargs)


def try_it(rule: str, **kwargs: Any) -> Any:
    """The first puzzle of a rule section, as a card that opens its board
    (``PuzzleCard``): ``try_it("ZY-08")``; keywords go to the board."""
    from boardlib.widgets.puzzle import PuzzleCard

    from .puzzles import for_rule

    return PuzzleCard(for_rule(rule)[0], **kwargs)


__all__ = ["FIRST_GAME", "opening", "first_game", "first_game_board", "try_it", "SEED", "PLACED"]
