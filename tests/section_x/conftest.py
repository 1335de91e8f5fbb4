"""Shared helpers for the Section X tests: invariants, wrong-move probes, a prepared game."""
from __future__ import annotations

import random
from typing import Any, Iterator

from boardlib.section_x.positions import position
from boardlib.section_x.rules import (BURIED, FIELDS, FREED, ISLAND, PRISONERS,
                                      Door, EndTurn, MoveTile, PlaceTile, RotateTile,
                                      SectionXGame, SectionXState, Step, SwapTiles, is_zone,
                                      place_text)
from boardlib.section_x.tiles import KINDS, NUM_TILES, canonical_rotation
from boardlib.section_x.tunnels import check_engine_agrees


def invariant(state: SectionXState, *, graph: bool = True) -> None:
    """The game's invariants (SX-02, SX-14, SX-17, SX-18, SX-06, SX-16)."""
    n = state.num_players
    # 8 prisoners per player = island + tunnels + free zones + freed + buried
    assert len(state.locs) == PRISONERS * n
    for p in range(n):
        mine = state.prisoners_of(p)
        island = mine.count(ISLAND)
        tunnels = sum(1 for c in mine if c >= 0)
        zones = sum(1 for c in mine if is_zone(c))
        assert island + tunnels + zones + mine.count(FREED) + mine.count(BURIED) == PRISONERS
    # 54 tiles = stacks + hands + board, each exactly once
    on_board = [cell[0] for cell in state.board if cell is not None]
    every = list(state.stack) + [t for h in state.hands for t in h] + on_board
    assert sorted(every) == list(range(NUM_TILES))
    assert all(len(h) <= 3 for h in state.hands)
    # no place over capacity, every prisoner on an existing part
    counts: dict[int, int] = {}
    for c in state.locs:
        if c >= 0:
            assert state.part_exists(c), f"prisoner on missing part {place_text(c)}"
        if c >= 0 or is_zone(c):
            counts[c] = counts.get(c, 0) + 1
    for c, k in counts.items():
        assert k <= state.capacity(c), f"{place_text(c)} holds {k}"
    # at most one door per tunnel, doors on existing parts
    comp, _ = state.tunnels()
    seen = set()
    for ds in state.doors:
        for d in ds:
            if d is not None:
                assert state.part_exists(d[0])
                assert comp[d[0]] not in seen, "two doors in one tunnel"
                seen.add(comp[d[0]])
    # step budget
    assert state.used_total == sum(state.used) <= 5 and max(state.used) <= 2
    # the engine's adjacency, tunnels, owners and escape distances equal the networkx
    # graph's (checked once per board, doors, prisoners and keys)
    if graph:
        key = (state.board, state.doors, state.locs, state.keys)
        if key not in _CHECKED:
            check_engine_agrees(state)
            if len(_CHECKED) > 5000:
                _CHECKED.clear()
            _CHECKED.add(key)


_CHECKED: set = set()


def wrong_moves(state: SectionXState, rng: random.Random) -> Iterator[Any]:
    """A few random candidate moves (mostly illegal), written in canonical form."""
    board_fields = [FIELDS[f] for f, c in enumerate(state.board) if c is not None]
    fields = list(FIELDS)
    places = ["island"] + [f"zone {g}" for g in range(6)] + [place_text(c) for c in state.links()
                                                             if c >= 0]
    kind = rng.choice(KINDS)
    yield PlaceTile(kind.name, rng.choice(fields), canonical_rotation(kind, rng.randrange(6)))
    a, b = sorted(rng.sample(range(len(FIELDS)), 2))
    yield SwapTiles(FIELDS[a], FIELDS[b])
    if board_fields:
        a, b = (sorted(rng.sample(board_fields, 2)) if len(board_fields) > 1
                else (board_fields[0],) * 2)
        ia, ib = sorted((FIELDS.index(a), FIELDS.index(b)))
        yield SwapTiles(FIELDS[ia], FIELDS[ib])
        src = rng.choice(board_fields)
        yield MoveTile(src, rng.choice(fields))
        tile = state.tile_at(src)
        yield RotateTile(src, canonical_rotation(tile[0], rng.randrange(6)))
    yield MoveTile(rng.choice(fields), rng.choice(fields))
    yield Step(rng.choice(places), rng.choice(places))
    mine = sorted({place_text(c) for c in state.prisoners_of(state.player) if c >= 0 or c == -1})
    if mine:
        yield Step(rng.choice(mine), rng.choice(places))
    parts = places[7:]
    if parts:
        yield Door(rng.choice(parts))
        own = [place_text(d[0]) for d in state.doors[state.player] if d is not None]
        if own:
            yield Door(rng.choice(parts), rng.choice(own))
    yield EndTurn()


HAND_KINDS = ("wide-curve", "tight-curve", "fork", "branch", "double-curve")


class CorridorGame(SectionXGame):
    """Section X starting from a prepared middle game: a straight corridor to every zone.

    Random play from the usual start almost never ends a round; from here it
    does, so the conformance run also covers round ends, collapses and game ends.
    """

    def new_initial_state(self) -> SectionXState:
        rng = random.Random(self.options["seed"])
        n = self.num_players
        tiles = {}
        for g, (q, r) in enumerate(((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))):
            inner = "hiding" if rng.random() < 0.3 else "straight"
            outer = "straight" if g < 2 else "crossing"     # part 0 of a crossing is straight
            tiles[f"{2 * q},{2 * r}"] = (inner, g % 3)
            tiles[f"{3 * q},{3 * r}"] = (outer, g % 3)
        spots = [f"{q},{r}/0" for q, r in (tuple(map(int, t.split(","))) for t in tiles)]
        rng.shuffle(spots)
        prisoners: dict[int, list[str]] = {p: [] for p in range(n)}
        for i, spot in enumerate(spots[:2 * n]):
            prisoners[i % n].append(spot)
        for p in range(n):   # earlier rounds: some freed, some buried
            prisoners[p] += ["freed"] * rng.randrange(4) + ["buried"] * rng.randrange(4)
        opts = dict(self.options)
        opts.pop("players")
        prepared = position(players=n, tiles=tiles, prisoners=prisoners,
                            hands={p: [rng.choice(HAND_KINDS)] for p in range(n)},
                            player=rng.randrange(n), **opts)
        return self.state_from_dict(prepared.to_dict())   # the same position, in this game


class CrowdedGame(SectionXGame):
    """Section X from a crowded board: tiles laid at random and so few left in the stack that
    the draws alone use them up (``54 - 3n`` laid, one in the hand of the player to move).

    Random play seldom uses up the tiles (most tile actions rearrange); from here the
    tiles run out within a few turns and the round ends for that (SX-I7).
    """

    def new_initial_state(self) -> SectionXState:
        from boardlib.section_x.board import OCEAN
        from boardlib.section_x.tiles import TILE_KINDS, distinct_rotations

        rng = random.Random(self.options["seed"])
        n = self.num_players
        kinds = list(TILE_KINDS)
        rng.shuffle(kinds)
        laid = min(len(OCEAN), 54 - 3 * n)
        fields = rng.sample(OCEAN, laid)
        tiles = {f"{h.q},{h.r}": (k.name, rng.choice(distinct_rotations(k)))
                 for h, k in zip(fields, kinds)}
        player = rng.randrange(n)
        opts = dict(self.options)
        opts.pop("players")
        prepared = position(players=n, tiles=tiles, hands={player: [kinds[laid].name]},
                            player=player, **opts)
        return self.state_from_dict(prepared.to_dict())
