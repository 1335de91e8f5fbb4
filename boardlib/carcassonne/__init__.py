"""Carcassonne (base game, third-edition scoring) with the Spielbox mini-expansion The Tunnel.

``boardlib.load("carcassonne", players=3, seed=7, tunnel=True)`` gives the game; the rule
engine lives in :mod:`.rules`, the tiles in :mod:`.tiles`, the networkx view of features in
:mod:`.features`, prepared teaching positions in :mod:`.positions`, drawing in :mod:`.draw`
and the notebook board in :mod:`.widget` (which imports ipywidgets, so it is not imported
here).
"""
from .catalogue import CATALOGUE
from .positions import play, position
from .rules import (END_TURN, CarcassonneGame, CarcassonneState, EndTurn, PlaceFollower,
                    PlaceTile, PlaceTunnelToken)

__all__ = ["CATALOGUE", "END_TURN", "CarcassonneGame", "CarcassonneState", "EndTurn",
           "PlaceFollower", "PlaceTile", "PlaceTunnelToken", "play", "position"]
