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
    one = act(tiles=EAST, doors={1: ["2,0/0"]})                     # keys on: Red holds one
    assert escape_route(one, 0) == ["island", "2,0/0", "3,0/0", "zone 0"]
    assert one.escape_distances(0)[parse_place("island")] == 3
    # the bots plan without it: one key serves only one of a player's prisoners a round
    assert escape_route(one, 0, use_key=False) is None
    assert parse_place("island") not in one.escape_distances(0, use_key=False)
    spent = act(tiles=EAST, doors={1: ["2,0/0"]}, keys_left=[False, True])
    assert escape_route(spent, 0) is None and parse_place("island") not in \
        spent.escape_distances(0)
    # a key opens one door, not two: from 3 west, past Blue's door on 2 west, over the
    # island and past Blue's door on 2,0 would take two (zone 3 is claimed)
    west = {"-2,0": ("straight", 0), "-3,0": ("straight", 0)}
    two = act(tiles={**EAST, **west}, prisoners={0: ["-3,0/0"], 1: ["zone 3"]},
              doors={1: ["-2,0/0", "2,0/0"]})
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


def test_incremental_links_equal_networkx_after_every_move():
    for seed in range(3):
        game = boardlib.load("section_x", players=2 + seed, seed=seed)
        s = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(150):
            check_engine_agrees(s)
            if s.is_terminal():
                break
            s = s.apply(rng.choice(s.legal_moves()))


def test_board_caches_kept_up_to_date_equal_a_full_recomputation():
    """After tile actions the engine updates tunnels and fit keys near the change only
    (and works out links place by place): each must equal the whole-board answer."""
    from boardlib.section_x.board import (OCEAN_INDEX, _compute_links, _compute_tunnels,
                                          _fit_key, _joined, _tunnel_from)
    from boardlib.section_x.rules import _BoardView, _Prisoners
    for seed in range(4):
        game = boardlib.load("section_x", players=2 + seed % 3, seed=seed)
        s = game.new_initial_state()
        rng = random.Random(seed)
        updated = indexed = tunnels_checked = carried_pris = 0
        for _ in range(300):
            if s.is_terminal():
                break
            s.tunnels(), s.fit_keys()          # so the next state updates them
            s = s.apply(s.random_move(rng))
            if s._view.tunnels is not None and s._view.fits is not None:
                updated += 1        # came from the previous state, not recomputed
            comp, sizes = s.tunnels()
            full = _compute_tunnels(s.board)
            full_comp, full_sizes = full.comp, full.sizes
            members = s._tunnel_data().members
            assert {t: sorted(m) for t, m in members.items()} == {
                t: sorted(c for c in comp if comp[c] == t) for t in set(comp.values())}
            assert _partition(comp) == _partition(full_comp)
            assert {c: sizes[t] for c, t in comp.items()} == {
                c: full_sizes[t] for c, t in full_comp.items()}
            assert s.fit_keys() == tuple(
                _fit_key(s.board, f) if f in OCEAN_INDEX and s.board[f] is None else 0
                for f in range(len(s.board)))
            if s._view.fits is not None:            # kept for tiled ocean fields too
                assert [s._view.fits[f] for f in OCEAN_INDEX] == [
                    _fit_key(s.board, f) for f in OCEAN_INDEX]
            near = s._view.near                   # joined() answers carried over
            assert all(near[c] == _joined(s.board, c) for c in near)
            view = s._view
            if view.indexed:        # fields by what lies on them, carried over
                fresh = _BoardView(s.board).index()
                assert (view.empty, view.parts, view.tiled_mask, view.turn_masks) == (
                    fresh.empty, fresh.parts, fresh.tiled_mask, fresh.turn_masks)
                indexed += 1
            for c, tunnel in view.tunnel_at.items():    # tunnels carried over or found
                assert tunnel == _tunnel_from(s.board, c)
                assert sorted(tunnel[1]) == sorted(d for d in comp if comp[d] == comp[c])
                tunnels_checked += 1
            if s._held is not None:     # the door tunnels, carried over or found
                assert sorted(part for _, _, part in s._held.values()) == sorted(
                    d[0] for ds in s.doors for d in ds if d is not None)
                for name, (_, tunnel, part) in s._held.items():
                    assert tunnel == _tunnel_from(s.board, part) and name == tunnel[0]
                    tunnels_checked += 1
            if s._pris is not None:     # carried over while the prisoners stay put
                fresh_pris = _Prisoners(s.locs, s.board, s.num_players)
                assert [getattr(s._pris, a) for a in _Prisoners.__slots__] == [
                    getattr(fresh_pris, a) for a in _Prisoners.__slots__]
                carried_pris += 1
            links = _compute_links(s.board)
            assert all(_joined(s.board, c) == links.get(c, ()) for c in links)
        assert updated > 100 and indexed > 100 and tunnels_checked > 100 and carried_pris > 100


def _partition(comp):
    groups = {}
    for c, t in comp.items():
        groups.setdefault(t, set()).add(c)
    return sorted(map(sorted, groups.values()))
