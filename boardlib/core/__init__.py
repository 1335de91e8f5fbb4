"""Game-agnostic layer: the State/Move API, errors, matches, catalogues and bots."""
from .api import (TERMINAL, Event, Game, Illegal, IllegalMoveError, InvalidInputError, Option,
                  Outcome, State, require)
from .bots import BOTS, Bot, GreedyBot, MCTSBot, RandomBot, make_bot
from .catalogue import Catalogue, Rule
from .match import Match

__all__ = ["TERMINAL", "Event", "Game", "Illegal", "IllegalMoveError", "InvalidInputError",
           "Option", "Outcome", "State", "require", "BOTS", "Bot", "GreedyBot", "MCTSBot",
           "RandomBot", "make_bot", "Catalogue", "Rule", "Match"]
