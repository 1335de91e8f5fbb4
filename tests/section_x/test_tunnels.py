"""The networkx tunnel graph (SX-I4, SX-I5) and its agreement with the engine's adjacency."""
from __future__ import annotations

import random

import networkx as nx

import boardlib
from boardlib.section_x.board import parse_place
from boardlib.section_x.positions import EAST, act, position
from boardlib.section_x.tunnels import (check_engine_agrees, escape_route, escape_routes,
                                        owner_of, reachable, tunnel_graph, tunnel_length,
                                        tunnel_of, tunnels)


def test_SX_I4_graph_joins_island_parts_and_zones_through_facing_openings():
    g = tunnel_graph(position(tiles={**EAST, "-2,-1": ("crossing", 0)}))
    assert isinstance(g, nx.Graph)
    assert {frozenset(e) for e in g.edges} == {frozenset(("2,0/0", "island")),
                                               frozenset(("2,0/0", "3,0/0")),
                                               frozenset(("3,0/0", "zone 0"))}
    assert g.nodes["-2,-1/1"]["kind"] == "part" and g.degree["-2,-1/1"] == 0   # joins nothing
    assert g.number_of_nodes() == 1 + 6 + 4        # island, zones, 2 + 2 parts


def test_SX_I5_tunnels_are_components_of_parts_and_doors_own_them():
    s = position(tiles={**EAST, "-2,0": ("straight", 0)}, doors={1: ["3,0/0"]})
    g = tunnel_graph(s)
    assert tunnels(g) == [frozenset({"2,0/0", "3,0/0"}), frozenset({"-2,0/0"})]
    assert tunnel_of(g, "2,0/0") == {"2,0/0", "3,0/0"} and tunnel_of(g, "island") == frozenset()
    assert tunnel_length(g, "3,0/0") == 2
    assert owner_of(g, "2,0/0") == 1 and owner_of(g, "-2,0/0") is None


def test_SX_13_escape_routes_avoid_other_players_doors():
    s = act(tiles={**EAST, "0,2": ("straight", 2), "0,3": ("straight", 2)}, doors={1: ["2,0/0"]},
            keys=False)
    assert escape_route(s, 1) == ["island", "2,0/0", "3,0/0", "zone 0"]
    assert escape_route(s, 0) == ["island", "0,2/0", "0,3/0", "zone 5"]
    assert "2,0/0" not in reachable(s, 0) and "zone 0" in reachable(s, 1)


def test_SX_I6_with_the_key_a_route_may_pass_one_door():
    one = act(tiles=EAST, doors={1: ["2,0/0"]}, keys=True)          # Red holds one
    assert escape_route(one, 0) == ["island", "2,0/0", "3,0/0", "zone 0"]
    assert one.escape_distances(0)[parse_place("island")] == 3
    # the bots plan without it: one key serves only one of a player's prisoners a round
    assert escape_route(one, 0, use_key=False) is None
    assert parse_place("island") not in one.escape_distances(0, use_key=False)
    spent = act(tiles=EAST, doors={1: ["2,0/0"]}, keys_left=[False, True], keys=True)
    assert escape_route(spent, 0) is None and parse_place("island") not in \
        spent.escape_distances(0)
    # a key opens one door, not two: from 3 west, past Blue's door on 2 west, over the
    # island and past Blue's door on 2,0 would take two (zone 3 is claimed)
    west = {"-2,0": ("straight", 0), "-3,0": ("straight", 0)}
    two = act(tiles={**EAST, **west}, prisoners={0: ["-3,0/0"], 1: ["zone 3"]},
              doors={1: ["-2,0/0", "2,0/0"]}, keys=True)
    assert escape_route(two, 0, "-3,0/0") is None
    assert reachable(two, 0, "-3,0/0") == {"-3,0/0", "-2,0/0", "island"}
    assert parse_place("-3,0/0") not in two.escape_distances(0)
    for state in (one, spent, two):
        check_engine_agrees(state)
    blocked = act(tiles=EAST, prisoners={1: ["zone 0"]})
    assert escape_route(blocked, 0) is None              # the only zone is claimed (SX-18)
    assert escape_routes(act(tiles=EAST, prisoners={0: ["3,0/0"]}), 0) == {
        "3,0/0": ["3,0/0", "zone 0"], "island": ["island", "2,0/0", "3,0/0", "zone 0"]}


def test_SX_17_capacity_aware_routes_are_blocked_only_by_other_players_prisoners():
    route = ["island", "2,0/0", "3,0/0", "zone 0"]
    own = act(tiles=EAST, prisoners={0: ["2,0/0"]})       # Red's own prisoner moves on
    assert escape_route(own, 0, avoid_full=True) == route
    assert own.escape_distances(0, avoid_full=True)[parse_place("island")] == 3
    other = act(tiles=EAST, prisoners={1: ["2,0/0"]})     # Blue's prisoner fills the part
    assert escape_route(other, 0) == route
    assert escape_route(other, 0, avoid_full=True) is None
    assert parse_place("island") not in other.escape_distances(0, avoid_full=True)
    for state in (own, other):
        check_engine_agrees(state)


def test_engine_distances_match_networkx_routes():
    game = boardlib.load("section_x", players=3, seed=11)
    rng = random.Random(4)
    s = game.new_initial_state()
    checked = 0
    for _ in range(400):
        if s.is_terminal():
            break
        s = s.apply(rng.choice(s.legal_moves()))
        if s.turn % 10 == 0:
            g = tunnel_graph(s)
            for p in range(3):
                dist = s.escape_distances(p)
                for place in ("island", *[n for n in g if g.nodes[n]["kind"] == "part"][:10]):
                    route = escape_route(g, p, place)
                    code = boardlib.section_x.rules.parse_place(place)
                    assert (route is None) == (code not in dist)
                    if route is not None:
                        assert len(route) - 1 == dist[code]
                        checked += 1
    assert checked > 0


def test_escape_lengths_are_the_lengths_of_the_escape_routes_from_every_place():
    """``escape_lengths`` (backwards from the zones, all places at once: what the conformance
    invariant compares with the engine) equals ``len(escape_route) - 1`` from each place, for
    every player and option, in prepared corridor games with and without keys (SX-I6)."""
    from boardlib.section_x.tunnels import escape_lengths

    from .conftest import CorridorGame

    checked = 0
    for seed in (1, 2, 3):
        s = CorridorGame(players=2 + seed % 3, seed=seed, keys=seed != 2,
                         max_turns=12).new_initial_state()
        rng = random.Random(seed)
        while not s.is_terminal():
            g = tunnel_graph(s)
            for p in range(s.num_players):
                for avoid_full in (False, True):
                    for use_key in (False, True):
                        lengths = escape_lengths(g, p, avoid_full=avoid_full, use_key=use_key)
                        for place in g:
                            if g.nodes[place]["kind"] == "zone":
                                continue
                            route = escape_route(g, p, place, avoid_full=avoid_full,
                                                 use_key=use_key)
                            assert lengths.get(place) == (None if route is None
                                                          else len(route) - 1), place
                            checked += route is not None
            s = s.apply(s.random_move(rng))
    assert checked > 1000, checked
