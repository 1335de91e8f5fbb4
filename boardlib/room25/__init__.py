"""Room 25: escape the complex in five modes, with hidden rooms, roles and programs.

Rules in ``rules`` (no matplotlib), rooms and compositions in ``rooms``, prepared
positions in ``scenarios``, networkx views in ``graphs``, observation-only bots
in ``bots``; drawing in ``draw`` and the notebook board in ``widget``.
"""
from .catalogue import CATALOGUE
from .rules import (CENTER, EXIT_ZONES, POS_INDEX, POS_NAMES, Clue, Control, Defer, Illusion,
                    Look, Move, Pass, Program, Push, Remind, Reveal, Room25Game, Room25State,
                    Swap, Vision)
from .scenarios import position

__all__ = ["CATALOGUE", "CENTER", "EXIT_ZONES", "POS_INDEX", "POS_NAMES", "Clue", "Control",
           "Defer", "Illusion", "Look", "Move", "Pass", "Program", "Push", "Remind", "Reveal",
           "Room25Game", "Room25State", "Swap", "Vision", "position"]
