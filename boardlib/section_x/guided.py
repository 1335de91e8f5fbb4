"""Section X's guided first game: the board says what to try, checks it, explains it, and
then lets the learner play on against the escape bot.

A real two-player game from a fixed shuffle (``SEED``): Red (the learner) has drawn the
first tile (SX-06). Over two turns Red lays a tile that opens a tunnel from the island
(SX-07), steps a prisoner into it (SX-16), ends the turn (SX-12), and after Blue's reply
lays a tile that lets the prisoners reach further (SX-I4) and closes the tunnel with a
door (SX-13). Each step's answers are judged by the engine (the measures of
:mod:`boardlib.section_x.puzzles`), never listed by hand. After the last step the game goes
on freely until someone frees five prisoners (SX-23).

``FIRST_GAME`` is the script (engine side: no widgets imported until a board is made);
:func:`first_game_board` makes the board (``boardlib.widgets.puzzle.GuidedBoard``) and
:func:`first_game` the card that starts it, for the lesson.
"""
from __future__ import annotations

from typing import Any

import boardlib
from boardlib.core.puzzles import Best, Guide, GuidedStep

from .moves import EndTurn
from .puzzles import RED, Kind, off_island, off_words, owned_parts, owned_words, reach, reach_words
from .rules import SectionXState

SEED = 4
"""The shuffle of the guided game (a fixed one, so that the steps read the same every
time): Red's first tile can open a tunnel from the island in many ways."""


def opening() -> SectionXState:
    """The guided game's position: a new two-player game (shuffle ``SEED``), Red to lay the
    tile drawn in phase 1 (SX-04, SX-06)."""
    state = boardlib.load("section_x", players=2, seed=SEED).new_initial_state()
    assert isinstance(state, SectionXState)
    return state


FIRST_GAME = Guide(
    "section-x-first-game", opening, RED, ("human", "greedy"),
    (
        GuidedStep(
            "SX-07",
            "You are Red: your eight prisoners stand on the island in the middle and want to "
            "reach a green free zone. You have drawn a tile (beside the board). Click it, then "
            "an ocean field next to the island, so that a tunnel opens from the island.",
            Best(reach(RED), reach_words, "SX-07"),
            "A laid tile must fit the tiles it touches (SX-07); next to the island an opening "
            "facing it is a way in: your prisoners can now step off the island (SX-I4).",
            "Click the tile in your hand again to turn it: its openings must face the island."),
        GuidedStep(
            "SX-16",
            "Phase 3: move prisoners. Click the island, then the tunnel part you opened: a "
            "prisoner steps into your tunnel.",
            Best(off_island(RED), off_words, "SX-16"),
            "A step goes through two facing openings (SX-I4); five steps a turn, at most two "
            "for one prisoner (SX-16). Once a prisoner has stepped, no door this turn (SX-12).",
            "The island is the sandy patch in the middle."),
        GuidedStep(
            "SX-12",
            "That is enough for this turn: press End turn. Blue then plays a whole turn.",
            Kind(EndTurn, "Steps are fine, but this step asks you to end the turn.", "SX-12"),
            "Phase 3 may be ended at any time (SX-12, SX-I8); then Blue draws, lays or "
            "rearranges a tile and moves (SX-05).",
            "The End turn button is beside the board."),
        GuidedStep(
            "SX-I4",
            "Blue has played (see the note above). Your turn: you drew again. Lay your tile "
            "so that your prisoners can reach as many tunnel parts as possible.",
            Best(reach(RED), reach_words, "SX-I4"),
            "Tunnels grow tile by tile; every part joined to the island through facing "
            "openings can be reached (SX-I4). Longer tunnels lead towards a free zone (SX-01).",
            "Lay it against your tunnel's open end, openings facing."),
        GuidedStep(
            "SX-13",
            "Now protect your tunnel: click one of your doors beside the board, then a part "
            "of your tunnel. A door makes the whole tunnel yours.",
            Best(owned_parts(RED), owned_words, "SX-13"),
            "A door makes its owner the owner of the whole tunnel (SX-13): only you move "
            "prisoners through it, and only you may move, turn or swap its tiles. One door "
            "per tunnel (SX-14).",
            "Your doors are beside the board, under your hand."),
    ),
    "You know a whole turn now: play the game out against Blue (the escape bot). Free five "
    "prisoners to win (SX-23); a round ends when someone frees two (SX-19).",
)
"""The guided first game of Section X."""


def first_game_board(**kwargs: Any) -> Any:
    """The guided first game on a board (``GuidedBoard``); keywords go to the board."""
    from boardlib.widgets.puzzle import GuidedBoard

    return GuidedBoard(FIRST_GAME, **kwargs)


def first_game(**kwargs: Any) -> Any:
    """The guided first game as a card that starts its board (``GuidedCard``)."""
    from boardlib.widgets.puzzle import GuidedCard

    return GuidedCard(FIRST_GAME, **kwargs)


__all__ = ["FIRST_GAME", "SEED", "opening", "first_game", "first_game_board"]
