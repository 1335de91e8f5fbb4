"""The tunnels of a Section X position as a networkx graph (SX-I4, SX-I5).

Nodes are places, named as in moves: ``"island"``, ``"zone 0"`` … ``"zone 5"``
and ``"q,r/i"`` for part ``i`` of the tile on field ``q,r``. Two places are
joined when two openings face each other across a shared hex edge (SX-I1):

* a part and the island, when the part opens towards an island field;
* a part and a free zone, when it opens towards that zone's gate;
* two parts of neighbouring tiles, when both open on their shared edge.

A *tunnel* is a connected set of parts (the island and the zones are not part of
any tunnel, SX-I5). This module builds the graph from the board and the hex
geometry on its own; the engine keeps a faster adjacency of its own
(``SectionXState.links``) and the tests check, move after move, that both agree.
"""
from __future__ import annotations

from typing import Any, Iterable

import networkx as nx

from boardlib.grids.hex import Hex, opposite

from .board import (FIELD_INDEX, FIELDS, GATE_OF, ISLAND_FIELDS, OCEAN_INDEX, is_zone,
                    parse_place, place_text)
from .fit import misfit
from .routes import escape_distances
from .index import FITTING, fit_key
from .state import SectionXPosition as SectionXState
from .tiles import KIND_NUMBER, KINDS, PRISONERS, TILE_KINDS, distinct_rotations, outline

ISLAND_NODE = "island"


def zone_node(gate: int) -> str:
    return f"zone {gate}"


def part_node(field: Hex, part: int) -> str:
    return f"{field}/{part}"


def tunnel_graph(state: SectionXState) -> nx.Graph:
    """The place graph of ``state``: island, six zones and every tunnel part.

    Node attributes: ``kind`` (island, zone, part), ``field`` and ``part`` for
    parts, ``capacity`` (SX-17), ``hiding``, ``door`` (the player whose door
    stands there, or None), ``owner`` (the tunnel's owner, SX-13) and
    ``prisoners`` (the players of the prisoners there). ``g.graph["keys"]``: per player,
    whether their key is still unused this round (SX-I6).
    """
    g: nx.Graph[str] = nx.Graph()
    occupants: dict[str, list[int]] = {}
    for k, code in enumerate(state.locs):
        if code >= 0 or is_zone(code):
            occupants.setdefault(place_text(code), []).append(k // PRISONERS)
    g.add_node(ISLAND_NODE, kind="island", capacity=None, hiding=False, door=None, owner=None,
               prisoners=[k // PRISONERS for k, c in enumerate(state.locs) if c == -1])
    for gate in range(6):
        name = zone_node(gate)
        g.add_node(name, kind="zone", gate=gate, capacity=1, hiding=False, door=None, owner=None,
                   prisoners=occupants.get(name, []))
    doors = {place_text(d.part): p for p, row in enumerate(state.doors) for d in row
             if d is not None}
    tiles: dict[Hex, tuple[int, ...]] = {}
    for f, laid in enumerate(state.board):
        if laid is None:
            continue
        field = FIELDS[f]
        kind = laid.kind
        masks = laid.part_ports
        tiles[field] = masks
        for i, m in enumerate(masks):
            name = part_node(field, i)
            g.add_node(name, kind="part", field=field, part=i, ports=m, capacity=kind.capacity,
                       hiding=kind.hiding, door=doors.get(name), owner=None,
                       prisoners=occupants.get(name, []))
    on_board = set(FIELDS)
    for field, masks in tiles.items():
        for i, m in enumerate(masks):
            here = part_node(field, i)
            for d in range(6):
                if not m >> d & 1:
                    continue
                beyond = field.neighbor(d)
                if beyond not in on_board:
                    continue                       # the rim: a dead end
                if beyond in ISLAND_FIELDS:
                    g.add_edge(here, ISLAND_NODE)
                elif beyond in GATE_OF:
                    g.add_edge(here, zone_node(GATE_OF[beyond]))
                elif beyond in tiles:
                    for j, other in enumerate(tiles[beyond]):
                        if other >> opposite(d) & 1:
                            g.add_edge(here, part_node(beyond, j))
    g.graph["keys"] = tuple(bool(k) for k in state.keys)    # unused keys (SX-I6)
    # SX-13: a door makes its tunnel the door owner's.
    for tunnel in tunnels(g):
        owners = [g.nodes[n]["door"] for n in tunnel if g.nodes[n]["door"] is not None]
        for n in tunnel:
            g.nodes[n]["owner"] = owners[0] if owners else None
    return g


def _graph(state_or_graph: SectionXState | nx.Graph) -> nx.Graph:
    return state_or_graph if isinstance(state_or_graph, nx.Graph) else tunnel_graph(state_or_graph)


def tunnels(state_or_graph: SectionXState | nx.Graph) -> list[frozenset[str]]:
    """Every tunnel: the connected sets of parts (SX-I5), largest first, then by name."""
    g = _graph(state_or_graph)
    parts = g.subgraph(n for n, k in g.nodes(data="kind") if k == "part")
    found = [frozenset(c) for c in nx.connected_components(parts)]
    return sorted(found, key=lambda c: (-len(c), sorted(c)))


def tunnel_of(state_or_graph: SectionXState | nx.Graph, place: str) -> frozenset[str]:
    """The tunnel containing part ``place`` (empty for the island or a zone)."""
    g = _graph(state_or_graph)
    if g.nodes[place]["kind"] != "part":
        return frozenset()
    parts = g.subgraph(n for n, k in g.nodes(data="kind") if k == "part")
    return frozenset(nx.node_connected_component(parts, place))


def tunnel_length(state_or_graph: SectionXState | nx.Graph, place: str) -> int:
    """How many tiles the tunnel of ``place`` runs through ("longer" in SX-15, SX-I5)."""
    g = _graph(state_or_graph)
    return len({g.nodes[n]["field"] for n in tunnel_of(g, place)})


def owner_of(state_or_graph: SectionXState | nx.Graph, place: str) -> int | None:
    """The player owning the tunnel of ``place`` through a door (SX-13), if any."""
    owner = _graph(state_or_graph).nodes[place]["owner"]
    return None if owner is None else int(owner)


def passable(g: nx.Graph, player: int, node: str, *, avoid_full: bool = False) -> bool:
    """May ``player`` enter ``node`` without a key (SX-13, SX-18)? With ``avoid_full`` also
    not when it is full (SX-17) and another player's prisoners stand there: the player's own
    prisoners can move on out of the way."""
    data = g.nodes[node]
    if data["kind"] == "zone":
        return not data["prisoners"]
    if data["kind"] == "island":
        return True
    if data["door"] is not None and data["door"] != player:
        return False
    return not _full(data, player, avoid_full)


def _full(data: dict[str, Any], player: int, avoid_full: bool) -> bool:
    here = data["prisoners"]
    return avoid_full and len(here) >= data["capacity"] and any(q != player for q in here)


def step_graph(g: nx.Graph, player: int, *, avoid_full: bool = False) -> nx.DiGraph:
    """Where ``player``'s prisoners may step, as a directed graph of ``(place, key)`` pairs,
    ``key`` True while the player's key is unused (SX-I6). A step onto another player's door
    part takes the key (SX-13); a zone is the end of the road (SX-18). Made once per graph.
    The pairs with ``key`` True are there only while the player holds an unused key: no
    step leads to them otherwise."""
    cache = g.graph.setdefault("step graphs", {})
    found = cache.get((player, avoid_full))
    if found is not None:
        return found
    nodes = g.nodes
    keyed = _with_key(g, player, True)
    layers = (False, True) if keyed else (False,)
    entered = {n: passable(g, player, n, avoid_full=avoid_full) for n in g}
    edges: list[tuple[tuple[str, bool], tuple[str, bool]]] = []
    for a, b in g.edges:
        for src, dst in ((a, b), (b, a)):
            if nodes[src]["kind"] == "zone":
                continue
            if entered[dst]:
                edges += [((src, k), (dst, k)) for k in layers]
            elif (keyed and nodes[dst]["kind"] == "part"
                  and not _full(nodes[dst], player, avoid_full)):
                edges.append(((src, True), (dst, False)))         # through a door: the key
    # one call each: networkx adds a long list much faster than one edge at a time
    steps: nx.DiGraph[tuple[str, bool]] = nx.DiGraph()
    steps.add_nodes_from([(n, k) for n in g for k in layers])
    steps.add_edges_from(edges)
    cache[(player, avoid_full)] = steps
    return steps


def _with_key(g: nx.Graph, player: int, use_key: bool) -> bool:
    keys = g.graph.get("keys", ())
    return use_key and player < len(keys) and keys[player]


def reachable(state_or_graph: SectionXState | nx.Graph, player: int, start: str = ISLAND_NODE,
              *, avoid_full: bool = False, use_key: bool = True) -> set[str]:
    """Places ``player``'s prisoner on ``start`` could reach, steps unlimited, passing one other
    player's door while the key is unused and ``use_key`` (SX-I6)."""
    g = _graph(state_or_graph)
    origin = (start, _with_key(g, player, use_key))
    return {start} | {n for n, _ in nx.descendants(step_graph(g, player, avoid_full=avoid_full),
                                                   origin)}


def escape_route(state_or_graph: SectionXState | nx.Graph, player: int, start: str = ISLAND_NODE,
                 *, avoid_full: bool = False, use_key: bool = True) -> list[str] | None:
    """A shortest path of places from ``start`` to an open free zone for ``player``, or None.

    The path avoids claimed zones (SX-18) and other players' doors (SX-13), but for one
    door while the player's key is unused and ``use_key`` (SX-I6); with ``avoid_full`` also
    places full of other players' prisoners now (SX-17). Of equally short paths, one that
    keeps the key wins, then the lowest zone number, then networkx's order.
    """
    g = _graph(state_or_graph)
    key = _with_key(g, player, use_key)
    paths = nx.single_source_shortest_path(step_graph(g, player, avoid_full=avoid_full),
                                           (start, key))
    best: tuple[int, bool, int] | None = None
    route: list[str] | None = None
    for gate in range(6):
        for kept in ((True, False) if key else (False,)):
            path = paths.get((zone_node(gate), kept))
            if path is None or len(path) < 2:
                continue
            rank = (len(path), kept != key, gate)
            if best is None or rank < best:
                best, route = rank, [n for n, _ in path]
    return route


def escape_routes(state: SectionXState, player: int, *, avoid_full: bool = False,
                  use_key: bool = True, graph: nx.Graph | None = None
                  ) -> dict[str, list[str] | None]:
    """For each place holding ``player``'s prisoners: its shortest escape route.

    ``graph``: the state's :func:`tunnel_graph`, if already built."""
    g = tunnel_graph(state) if graph is None else graph
    places = sorted({place_text(c) for c in state.prisoners_of(player) if c >= 0 or c == -1})
    return {p: escape_route(g, player, p, avoid_full=avoid_full, use_key=use_key)
            for p in places}


def escape_lengths(state_or_graph: SectionXState | nx.Graph, player: int, *,
                   avoid_full: bool = False, use_key: bool = True) -> dict[str, int]:
    """For every place from which ``player`` has an escape route: the route's number of
    steps (``len(escape_route(...)) - 1``, the same graph and options), for all places at
    once: breadth-first from the free zones backwards along the steps of
    :func:`step_graph` (one search serves both values of ``use_key``; kept with the
    graph). Zones themselves are left out."""
    g = _graph(state_or_graph)
    cache = g.graph.setdefault("escape lengths", {})
    found = cache.get((player, avoid_full))
    if found is None:
        steps = step_graph(g, player, avoid_full=avoid_full)
        zones = [z for z in ((zone_node(gate), kept) for gate in range(6)
                             for kept in (False, True)) if z in steps]
        found = cache[(player, avoid_full)] = {
            (node, kept): depth
            for depth, layer in enumerate(nx.bfs_layers(steps.reverse(copy=False), zones))
            for node, kept in layer if g.nodes[node]["kind"] != "zone"}
    key = _with_key(g, player, use_key)
    return {node: depth for (node, kept), depth in found.items() if kept == key}


def place_of(node: str) -> int:
    """The place a node of the graph names."""
    place = parse_place(node)
    assert place is not None, node
    return place


def links_as_text(state: SectionXState) -> set[frozenset[str]]:
    """The engine's own adjacency (``state.links()``) as a set of edges named like the graph."""
    edges: set[frozenset[str]] = set()
    for a, bs in state.links().items():
        for b in bs:
            edges.add(frozenset((place_text(a), place_text(b))))
    return edges


def graph_edges(g: nx.Graph) -> set[frozenset[str]]:
    return {frozenset(e) for e in g.edges}


def check_engine_agrees(state: SectionXState) -> None:
    """Raise AssertionError unless the engine's index and the bots' escape distances agree
    with the plain definitions (:func:`check_index`, :func:`check_escape_distances`)."""
    g = tunnel_graph(state)
    check_index(state, g)
    check_escape_distances(state, g)


def check_index(state: SectionXState, g: nx.Graph | None = None) -> None:
    """Raise AssertionError unless every structure of the engine's index (``state.index``,
    ``state.prisoners``, ``state.door_index``, see :mod:`.index`) says what the plain
    definitions say: the networkx graph ``g`` of the state for places joined, tunnels,
    their lengths and owners, :func:`.fit.misfit` for the rotations that fit, the prisoners'
    places for who stands where."""
    g = tunnel_graph(state) if g is None else g
    index = state.index
    board = state.board
    # the fields by what lies on them, and every part
    assert index.empty_fields == tuple(f for f in OCEAN_INDEX if board[f] is None)
    assert index.tiled_fields == tuple(f for f in OCEAN_INDEX if board[f] is not None)
    graph_parts = sorted(place_of(n) for n, kind in g.nodes(data="kind") if kind == "part")
    assert list(index.parts) == graph_parts, "the index's parts differ from the graph's"
    # places joined (SX-I4): the graph's neighbours
    for node in g:
        place = place_of(node)
        assert {place_text(c) for c in index.joined(place)} == set(g[node]), \
            f"the places joined to {node} differ from the graph's"
        assert list(index.joined(place)) == sorted(index.joined(place))
    assert links_as_text(state) == graph_edges(g), "engine links differ from the graph"
    # tunnels (SX-I5): the connected components of parts, their lengths and owners (SX-13)
    components = tunnels(g)
    component = {n: t for t in components for n in t}
    for node, parts in component.items():
        tunnel = index.tunnel(place_of(node))
        assert {place_text(c) for c in tunnel.parts} == set(parts), \
            f"the tunnel through {node} differs from the graph's component"
        assert tunnel.size == len({g.nodes[n]["field"] for n in parts}), \
            f"the length of {node}'s tunnel differs"
        assert state.tunnel_owner(place_of(node)) == g.nodes[node]["owner"], \
            f"the owner of {node} differs"
    comp, sizes = state.tunnels()
    assert sorted(map(sorted, _groups(comp).values())) == sorted(
        sorted(place_of(n) for n in t) for t in components)
    # the doors' tunnels
    doors = {(p, slot): d for p, row in enumerate(state.doors) for slot, d in enumerate(row)
             if d is not None}
    held = state.door_index.held
    assert {(h.player, h.slot): h.door for h in held} == doors
    for h in held:
        name = place_text(h.door.part)
        assert {place_text(c) for c in h.tunnel.parts} == set(component[name])
        assert g.nodes[name]["door"] == h.player == state.door_at(h.door.part)
    assert set(state.door_index.holding) == {place_of(n) for n in g
                                             if g.nodes[n]["owner"] is not None}
    for player in range(state.num_players):
        assert state.door_index.foreign_fields(player) == {
            FIELD_INDEX[g.nodes[n]["field"]] for n in g
            if g.nodes[n]["owner"] not in (None, player)}
    # the fit keys, and the rotations that fit (SX-07) for the kinds in the hand of the
    # player to move
    assert index.fit_key_of == {f: fit_key(board, f) for f in index.empty_fields}
    hand = tuple(sorted({KIND_NUMBER[TILE_KINDS[t]] for t in state.hands[state.player]}))
    for f, key in index.fit_key_of.items():
        for k in hand:
            kind = KINDS[k]
            plain = tuple(r for r in distinct_rotations(kind)
                          if misfit(board, f, outline(kind, r)) is None)
            assert FITTING[k][key] == index.fitting(f, k) == plain, \
                f"the rotations of a {kind.name} that fit {FIELDS[f]} differ"
    assert index.count_fitting(hand) == sum(
        len(index.fitting(f, k)) for f in index.empty_fields for k in hand)
    # who stands where (SX-17, SX-18)
    at: dict[int, list[int]] = {}
    for k, c in enumerate(state.locs):
        if c >= 0 or is_zone(c):
            at.setdefault(c, []).append(k)
    assert state.prisoners.at == {c: tuple(ks) for c, ks in at.items()}
    assert state.prisoners.full == frozenset(
        c for c, ks in at.items() if len(ks) >= state.capacity(c))
    assert state.prisoners.fields == frozenset(c // 4 for c in at if c >= 0)


def check_escape_distances(state: SectionXState, g: nx.Graph | None = None) -> None:
    """Raise AssertionError unless the bots' escape distances (engine, breadth-first, see
    :mod:`.routes`) are the lengths of the graph's shortest escape routes."""
    g = tunnel_graph(state) if g is None else g
    for player in range(state.num_players):
        places = {place_text(c) for c in state.prisoners_of(player) if c >= 0 or c == -1}
        for avoid_full, use_key in ((False, True), (True, True), (True, False)):
            distances = escape_distances(state, player, avoid_full, use_key)
            lengths = escape_lengths(g, player, avoid_full=avoid_full, use_key=use_key)
            for place in places:
                engine = distances.get(place_of(place))
                graph_steps = lengths.get(place)
                assert engine == graph_steps, (f"player {player}'s escape from {place} "
                                               f"(avoid_full={avoid_full}, use_key={use_key}):"
                                               f" engine {engine}, graph {graph_steps}")


def _groups(comp: dict[int, int]) -> dict[int, list[int]]:
    groups: dict[int, list[int]] = {}
    for c, t in comp.items():
        groups.setdefault(t, []).append(c)
    return groups


def places(names: Iterable[str]) -> list[int]:
    """Place codes for place names (helper for tests and widgets)."""
    codes = [parse_place(n) for n in names]
    if any(c is None for c in codes):
        raise ValueError(f"not places: {list(names)}")
    return codes  # type: ignore[return-value]


__all__ = ["tunnel_graph", "tunnels", "tunnel_of", "tunnel_length", "owner_of", "passable",
           "step_graph", "reachable", "escape_route", "escape_routes", "escape_lengths",
           "check_engine_agrees", "check_index", "check_escape_distances",
           "ISLAND_NODE", "zone_node", "part_node"]
