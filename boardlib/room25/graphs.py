"""The complex as a networkx graph (R25-13): safe routes and where Room 25 can leave.

Nodes are places 0..24 (``POS_NAMES`` gives a1 … e5), edges join rooms that
share a side. A *view* of the complex is either a full ``Room25State`` (what
everybody can see: face-up rooms) or a player's ``observation`` dict (face-up
rooms plus the ones that player has seen). Blocked rooms are removed from the
safe graph: locked Flooded rooms (R25-33) and rooms known to kill (Deadly,
R25-30), plus any kinds the caller adds.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Iterable, Mapping

import networkx as nx

from .rules import (CENTER, EXIT_ZONES, NEIGHBOURS, POS_INDEX, POS_NAMES, Control,
                    Room25State, exit_controls)

DEADLY_KINDS = frozenset({"deadly"})


def _view(view: Room25State | Mapping[str, Any]) -> tuple[list[str | None], set[int]]:
    """(known kind per place, locked places) of a state or an observation."""
    if isinstance(view, Room25State):
        kinds = [view.kind_at(p) if view.is_face_up(p) else None for p in range(25)]
        locked = {p for p in range(25) if view.locked >> view.grid[p] & 1}
        return kinds, locked
    rooms = view["rooms"]
    return [r["kind"] for r in rooms], {p for p, r in enumerate(rooms) if r["locked"]}


def complex_graph() -> nx.Graph:
    """The 5x5 complex: 25 places, edges between orthogonal neighbours (R25-13)."""
    g: nx.Graph[int] = nx.Graph()
    for p in range(25):
        g.add_node(p, name=POS_NAMES[p], exit_zone=p in EXIT_ZONES, central=p == CENTER)
    for p in range(25):
        for q in NEIGHBOURS[p]:
            if p < q:
                g.add_edge(p, q)
    return g


def safe_graph(view: Room25State | Mapping[str, Any],
               avoid: Iterable[str] = DEADLY_KINDS) -> nx.Graph:
    """The complex without locked Flooded rooms and rooms known to be of an ``avoid`` kind."""
    kinds, locked = _view(view)
    avoid = frozenset(avoid)
    g = complex_graph()
    for p in range(25):
        g.nodes[p]["kind"] = kinds[p]
    g.remove_nodes_from([p for p in range(25) if p in locked or kinds[p] in avoid])
    return g


def safe_route(view: Room25State | Mapping[str, Any], start: int | str, goal: int | str,
               avoid: Iterable[str] = DEADLY_KINDS) -> list[int] | None:
    """A shortest route of places from ``start`` to ``goal`` through the safe graph, or None.

    The start itself is kept even if it is blocked (you may be standing in it).
    """
    start, goal = _place(start), _place(goal)
    g = safe_graph(view, avoid)
    if start not in g:
        g.add_node(start)
        for q in NEIGHBOURS[start]:
            if q in g:
                g.add_edge(start, q)
    if goal not in g:
        return None
    try:
        path: list[int] = nx.shortest_path(g, start, goal)
        return path
    except nx.NetworkXNoPath:
        return None


def room25_place(view: Room25State | Mapping[str, Any]) -> int | None:
    """Where Room 25 is, if the view knows it."""
    kinds, _ = _view(view)
    return kinds.index("room25") if "room25" in kinds else None


def route_to_room25(view: Room25State | Mapping[str, Any], start: int | str,
                    avoid: Iterable[str] = DEADLY_KINDS) -> list[int] | None:
    """The shortest safe route to Room 25, when the view knows where it is."""
    goal = room25_place(view)
    return None if goal is None else safe_route(view, start, goal, avoid)


def exit_moves(place: int | str) -> list[Control]:
    """The Control slides that would push the room on ``place`` off the complex (R25-I3).

    Empty unless ``place`` is an Exit Zone: the middle of each edge lies on a central line,
    which never slides (R25-18).
    """
    return [Control(line, d) for line, d in exit_controls(_place(place))]


def exit_graph() -> nx.MultiDiGraph:
    """Directed: for each Exit Zone place, an edge to the node "out" per slide that frees it
    (corners have two)."""
    g: nx.MultiDiGraph[int | str] = nx.MultiDiGraph()
    for p in EXIT_ZONES:
        for move in exit_moves(p):
            g.add_edge(p, "out", move=str(move))
    return g


def _place(p: int | str) -> int:
    return POS_INDEX[p] if isinstance(p, str) else int(p)


__all__ = ["complex_graph", "safe_graph", "safe_route", "route_to_room25", "room25_place",
           "exit_moves", "exit_graph"]
