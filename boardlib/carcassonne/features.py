"""Features as a networkx graph, rebuilt from scratch from a state (for teaching and checking).

``feature_graph(state)`` has one node per feature segment of every laid tile,
``((x, y), feature_index)``, and an edge wherever two segments continue each other across
a matching tile edge (CB-04) or through a finished tunnel (TU-05). A feature is a connected
component (CB-06); a road or city is complete when no end of it stays open (CB-08, CB-09,
TU-04). The engine keeps the same components incrementally; ``rescore_end`` recomputes the
end scoring from this graph alone so tests can compare the two.
"""
from __future__ import annotations

from typing import Any

import networkx as nx

from .groups import Node
from .rules import CarcassonneState, majority
from .tiles import (CITY, CLOISTER, DELTA, DIRS, FIELD, OPPOSITE, ROAD, TILE_TYPES,
                    meeting_half, oriented)


def feature_graph(state: CarcassonneState) -> nx.Graph:
    """One node per feature segment; edges across matching edges and through tunnels."""
    graph: nx.Graph[Node] = nx.Graph()
    board = state.board
    for pos, (letter, r) in board.items():
        ot = oriented(letter, r)
        for i, f in enumerate(TILE_TYPES[letter].features):
            graph.add_node((pos, i), kind=f.kind, label=ot.labels[i], letter=letter,
                           pennants=f.pennants, follower=state.followers.get((pos, i)))
    for (x, y), (letter, r) in board.items():
        ot = oriented(letter, r)
        for d in (0, 1):  # north and east: each shared edge once
            npos = (x + DELTA[d][0], y + DELTA[d][1])
            if npos not in board:
                continue
            nt = oriented(*board[npos])
            if ot.sides[d] != "F":
                mine, theirs = ot.edge_feature[d], nt.edge_feature[OPPOSITE[d]]
                assert mine is not None and theirs is not None  # city and road edges have one
                graph.add_edge(((x, y), mine), (npos, theirs), via="edge")
            if ot.sides[d] != "C":
                for s in (0, 1):
                    h = 2 * d + s
                    field, other = ot.half_feature[h], nt.half_feature[meeting_half(h)]
                    assert field is not None and other is not None  # not a city edge
                    graph.add_edge(((x, y), field), (npos, other), via="edge")
    for colour, (a, b) in tunnels(state).items():
        graph.add_edge(state.claimed_node(a), state.claimed_node(b), via="tunnel",
                       colour=colour)
    return graph


def tunnels(state: CarcassonneState) -> dict[str, tuple]:
    """Finished tunnels: colour -> its two openings (TU-05)."""
    out = {}
    for colour in sorted(set(state.tokens.values())):
        ops = state.colour_openings(colour)
        if len(ops) == 2:
            out[colour] = (ops[0], ops[1])
    return out


def components(state: CarcassonneState) -> list[frozenset]:
    """The features of the board as sets of nodes, found by networkx."""
    return [frozenset(c) for c in nx.connected_components(feature_graph(state))]


def incremental_components(state: CarcassonneState) -> list[frozenset]:
    """The same sets from the engine's incremental groups."""
    return [frozenset(g.members) for g in state.groups.values()]


def open_ends(state: CarcassonneState, component: frozenset) -> int:
    """Edges of a road or city that face an empty place, plus openings without a tunnel."""
    linked = {o for pair in tunnels(state).values() for o in pair}
    count = 0
    for (pos, i) in component:
        letter, r = state.board[pos]
        f = TILE_TYPES[letter].features[i]
        if f.kind not in (CITY, ROAD):
            continue
        for d in f.edges:
            d = (d + r) % 4
            npos = (pos[0] + DELTA[d][0], pos[1] + DELTA[d][1])
            count += npos not in state.board
        if f.is_opening:
            d = (f.edges[0] + r) % 4
            count += (pos[0], pos[1], DIRS[d]) not in linked
    return count


def describe(state: CarcassonneState) -> list[dict[str, Any]]:
    """Every feature with its kind, tiles, pennants, completeness and followers."""
    out = []
    for comp in components(state):
        kind = TILE_TYPES[state.board[next(iter(comp))[0]][0]].features[
            next(iter(comp))[1]].kind
        tiles = {pos for pos, _ in comp}
        pennants = sum(TILE_TYPES[state.board[pos][0]].features[i].pennants for pos, i in comp)
        if kind == CLOISTER:
            (pos,) = tiles
            around = sum((pos[0] + dx, pos[1] + dy) in state.board
                         for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
            complete = around == 8
        elif kind == FIELD:
            around, complete = 0, False
        else:
            around, complete = 0, open_ends(state, comp) == 0
        followers: dict[int, int] = {}
        for node in comp:
            p = state.followers.get(node)
            if p is not None:
                followers[p] = followers.get(p, 0) + 1
        out.append({"kind": kind, "nodes": comp, "tiles": tiles, "pennants": pennants,
                    "complete": complete, "around": around, "followers": followers})
    return out


def rescore_end(state: CarcassonneState) -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """End scoring (CB-14, CB-15, KR-02) and completed counts, from the graph alone."""
    o = state.game.options
    n = state.game.num_players
    points = [0] * n
    feats = describe(state)
    city_of: dict[Any, int] = {}
    completed = [0, 0, 0]
    for k, feat in enumerate(feats):
        if feat["kind"] == CITY:
            for node in feat["nodes"]:
                city_of[node] = k
        if feat["complete"]:
            completed[{CITY: 0, ROAD: 1, CLOISTER: 2}[feat["kind"]]] += 1
            continue
        if feat["kind"] == FIELD or not feat["followers"]:
            continue
        size = len(feat["tiles"])
        amount = {ROAD: size, CITY: size + feat["pennants"],
                  CLOISTER: 1 + feat["around"]}[feat["kind"]]
        for p in majority(feat["followers"]):
            points[p] += amount
    fields = []
    for feat in feats:
        if feat["kind"] != FIELD or not feat["followers"]:
            continue
        cities = set()
        for (pos, i) in feat["nodes"]:
            for c in TILE_TYPES[state.board[pos][0]].features[i].cities:
                k = city_of[(pos, c)]
                if feats[k]["complete"]:
                    cities.add(k)
        fields.append((feat["followers"], cities))
    if o["farms"] == "3rd":
        for followers, cities in fields:
            for p in majority(followers):
                points[p] += 3 * len(cities)
    else:
        all_cities = sorted({c for _, cs in fields for c in cs})
        for city in all_cities:
            touching = [f for f, cs in fields if city in cs]
            if o["farms"] == "1st":
                total: dict[int, int] = {}
                for f in touching:
                    for p, k in f.items():
                        total[p] = total.get(p, 0) + k
                for p in majority(total):
                    points[p] += 4
            else:
                for p in {p for f in touching for p in majority(f)}:
                    points[p] += 3
    if o["king_robber_baron"]:
        if state.king is not None:
            points[state.king[0]] += completed[0]
        if state.baron is not None:
            points[state.baron[0]] += completed[1]
    return tuple(points), (completed[0], completed[1], completed[2])


def rescore_turn(state: CarcassonneState) -> tuple[int, ...]:
    """What ``EndTurn`` would pay now (CB-08 ... CB-11), from the graph alone.

    Features completed in earlier turns carry no followers any more (CB-07), so every
    complete feature with followers is one this turn completed.
    """
    o = state.game.options
    points = [0] * state.game.num_players
    for feat in describe(state):
        if not feat["complete"] or not feat["followers"]:
            continue
        size = len(feat["tiles"])
        if feat["kind"] == ROAD:
            amount = size
        elif feat["kind"] == CITY:
            amount = 2 if o["small_city_2pts"] and size == 2 else 2 * size + 2 * feat["pennants"]
        else:
            amount = 9
        for p in majority(feat["followers"]):
            points[p] += amount
    return tuple(points)


__all__ = ["rescore_turn", "feature_graph", "tunnels", "components", "incremental_components",
           "open_ends",
           "describe", "rescore_end"]
