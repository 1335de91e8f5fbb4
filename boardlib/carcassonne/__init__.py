"""Carcassonne (base game, third-edition scoring) with the Spielbox mini-expansion The Tunnel.

``boardlib.load("carcassonne", players=3, seed=7, tunnel=True)`` gives the game; the rule
engine lives in :mod:`boardlib.carcassonne.rules`, the tiles in :mod:`.tiles`, the networkx
view of features in :mod:`.features`.
"""
