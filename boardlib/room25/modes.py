"""The five modes: who plays, which characters each player runs, the sides, the turn order
and the length of the countdown (R25-01 … R25-03, R25-38, R25-44, R25-46, R25-48, R25-49).

``table(mode, players)`` seats a game; ``deal_roles`` deals Suspicion's secret roles.
How each mode is won lives in ``victory``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from boardlib.core.api import InvalidInputError

# R25-01: six characters without powers (in their pairs of R25-46: circle, square, cross),
# each with the four action tokens Move, Look, Push and Control.
CHARACTERS = ("Scientist", "Nerd", "Dude", "Babe", "Colossus", "Little Girl")
SYMBOLS = ("circle", "circle", "square", "square", "cross", "cross")
ACTIONS = "MLPC"
ACTION_TOKENS = tuple(ACTIONS)   # "x in" this compares whole values, of any type
ACTION_NAMES = {"M": "move", "L": "look", "P": "push", "C": "control"}
ACTION_LETTERS = {name: letter for letter, name in ACTION_NAMES.items()}
PRISONER, GUARD = "prisoner", "guard"

MODES = ("suspicion", "cooperative", "competition", "team", "solo")
MODE_PLAYERS = {"suspicion": (4, 5, 6), "cooperative": (2, 3, 4, 5, 6),
                "competition": (2, 3), "team": (4, 6), "solo": (1,)}
DEFAULT_PLAYERS = {"suspicion": 4, "cooperative": 4, "competition": 2, "team": 4, "solo": 1}
MODE_RULES = {"suspicion": "R25-38", "cooperative": "R25-46", "competition": "R25-48",
              "team": "R25-44", "solo": "R25-49"}
WIN_RULES = {"suspicion": "R25-41", "cooperative": "R25-47", "competition": "R25-48",
             "team": "R25-45", "solo": "R25-49"}
# R25-02: the 10-turn side of the board for Suspicion, Competition and Team, the 8-turn
# side for Cooperative and Solo.
TURNS = {"suspicion": 10, "competition": 10, "team": 10, "cooperative": 8, "solo": 8}


@dataclass(frozen=True)
class Table:
    """Who sits where: each character's name, player and side, and the first turn order."""

    names: tuple[str, ...]           # character -> name
    owner: tuple[int, ...]           # character -> player
    team: tuple[int, ...]            # character -> side (team in Team, player otherwise)
    order: tuple[int, ...]           # the turn order of turn 1, as characters

    @property
    def chars_of(self) -> tuple[tuple[int, ...], ...]:
        """player -> the characters they run."""
        players = max(self.owner) + 1
        return tuple(tuple(c for c, p in enumerate(self.owner) if p == q)
                     for q in range(players))

    @property
    def clue_players(self) -> tuple[int, ...]:
        """The players in the order of their first characters (R25-05)."""
        seen: list[int] = []
        for c in self.order:
            if self.owner[c] not in seen:
                seen.append(self.owner[c])
        return tuple(seen)


def one_each(players: int) -> Table:
    """R25-03 Turn order: one character per player; seat 0 plays first and the others follow
    in seat order (clockwise)."""
    seats = tuple(range(players))
    return Table(CHARACTERS[:players], seats, seats, seats)


def pairs(players: int) -> Table:
    """R25-46 Cooperative set-up with 2 or 3 players (and Competition, R25-48): player ``p``
    runs the matching pair ``2p`` and ``2p + 1`` (Scientist & Nerd, Dude & Babe, Colossus &
    Little Girl); everyone's first character plays, then everyone's second, so a player's
    two characters never act back to back."""
    owner = tuple(c // 2 for c in range(2 * players))
    order = tuple(2 * p for p in range(players)) + tuple(2 * p + 1 for p in range(players))
    return Table(CHARACTERS[:2 * players], owner, owner, order)


def teams(players: int) -> Table:
    """R25-44 Team set-up: two teams seated alternately A, B, A, B …, one prisoner per
    player; with 4 players each team takes a matching pair, with 6 one character of each
    symbol. Team A is side 0 (even seats), team B side 1."""
    pick = (0, 2, 1, 3) if players == 4 else (0, 1, 2, 3, 4, 5)
    seats = tuple(range(players))
    return Table(tuple(CHARACTERS[i] for i in pick), seats, tuple(p % 2 for p in seats), seats)


def solo() -> Table:
    """R25-49 Solo: one player runs four prisoners for 8 turns, choosing each action when it
    comes, without programming (``position.acts_on_the_spot``); they win when all four
    escape and lose at the first death or when the 8th turn ends (``victory``)."""
    return Table(CHARACTERS[:4], (0, 0, 0, 0), (0, 0, 0, 0), (0, 1, 2, 3))


def table(mode: str, players: int) -> Table:
    """The seating of ``mode`` for ``players`` (refused with the mode's rule if it does
    not fit)."""
    if players not in MODE_PLAYERS[mode]:
        allowed = ", ".join(map(str, MODE_PLAYERS[mode]))
        raise InvalidInputError(f"{mode} is played by {allowed} players, not {players} "
                                f"({MODE_RULES[mode]})")
    if mode == "solo":
        return solo()
    if mode == "competition" or (mode == "cooperative" and players <= 3):
        return pairs(players)
    if mode == "team":
        return teams(players)
    return one_each(players)


def deal_roles(rng: random.Random, mode: str, characters: int) -> tuple[str, ...]:
    """R25-38 Suspicion roles: shuffle 4 prisoners and 1 guard (4 players) or 2 guards (5-6
    players) and deal one to each character; the spare tile stays unseen, so there may be
    no guard at all. The other modes have prisoners only."""
    if mode != "suspicion":
        return (PRISONER,) * characters
    pool = [PRISONER] * 4 + [GUARD] * (1 if characters == 4 else 2)
    rng.shuffle(pool)
    return tuple(pool[:characters])


__all__ = ["CHARACTERS", "SYMBOLS", "ACTIONS", "ACTION_TOKENS", "ACTION_NAMES",
           "ACTION_LETTERS", "PRISONER", "GUARD", "MODES", "MODE_PLAYERS", "DEFAULT_PLAYERS",
           "MODE_RULES", "WIN_RULES", "TURNS", "Table", "one_each", "pairs", "teams", "solo",
           "table", "deal_roles"]
