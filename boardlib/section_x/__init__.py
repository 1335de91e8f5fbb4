"""Section X: prisoners escape a prison island through tunnels they lay as they go.

The engine lives in :mod:`boardlib.section_x.rules` (load it with
``boardlib.load("section_x", players=3, seed=1)``); :mod:`.tunnels` gives the
networkx view of the tunnels, :mod:`.bots` a greedy escape bot.
"""
from .catalogue import CATALOGUE
from .positions import act, position

__all__ = ["CATALOGUE", "position", "act"]
