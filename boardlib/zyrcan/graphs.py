"""Zyrcan as a graph: who can hit whom with one attack (ZY-07 … ZY-10)."""
from __future__ import annotations

import networkx as nx

from boardlib.grids.hex import DIRECTION_NAMES, Hex

from .rules import ZyrcanState


def attack_graph(state: ZyrcanState) -> nx.DiGraph:
    """A directed graph: a node per ship (hex; attributes ``owner``, ``engines``) and an edge
    attacker -> victim for every attack its owner could make on their turn
    (attribute ``direction``). It ignores whose turn it is, so it shows every threat.
    """
    game = state.game
    graph: nx.DiGraph[Hex] = nx.DiGraph()
    ships = state.ships()
    for at, ship in ships.items():
        graph.add_node(at, owner=ship.owner, engines=ship.engines)
    for at, ship in ships.items():
        for direction in range(6):
            end = game.landing(at, ship.engines, direction)
            victim = None if end is None else ships.get(end)
            if end is not None and victim is not None and victim.owner != ship.owner:
                graph.add_edge(at, end, direction=direction,
                               label=DIRECTION_NAMES[direction])
    return graph


def threatened(state: ZyrcanState, player: int) -> set:
    """The hexes of ``player``'s ships that some enemy ship could destroy next."""
    graph = attack_graph(state)
    return {v for u, v in graph.edges if graph.nodes[v]["owner"] == player}
