"""The engine's fast layer (:mod:`boardlib.section_x.index`) against the plain definitions.

After every move of 200 seeded random games — from the usual start, some until the tiles
run out, and from the prepared corridor middle game, where rounds end and tunnels collapse —
every structure of the board, prisoner and door indexes is compared with what the networkx
graph of the tunnels, the fit rule and the prisoners' places say
(:func:`boardlib.section_x.tunnels.check_index`).
"""
from __future__ import annotations

import random
from collections import Counter

import boardlib
from boardlib.section_x.tunnels import check_index

from .conftest import CorridorGame, CrowdedGame


def test_every_index_structure_equals_the_plain_definition_after_every_move_of_200_games():
    states = 0
    round_ends: Counter[str] = Counter()
    for seed in range(200):
        options = dict(players=2 + seed % 3, seed=seed, keys=seed % 3 == 0,
                       strict_fit=seed % 5 == 0)
        if seed % 2:
            game = CorridorGame(**options, round_target=1 + seed // 2 % 2, max_turns=40)
        elif seed % 10 == 0:        # the tiles run out (SX-I7)
            game = CrowdedGame(**options, max_turns=30)
        else:
            game = boardlib.load("section_x", **options, max_turns=16 + seed % 7)
        state = game.new_initial_state()
        rng = random.Random(seed)
        before = None
        while True:
            check_index(state)
            if before is not None:
                check_change(before, state)
            states += 1
            round_ends.update(e.rule for e in state.events if " ends: " in e.text)
            if state.is_terminal():
                break
            before, state = state, state.apply(state.random_move(rng))
    assert states > 8_000, states
    assert round_ends["SX-19"] > 30 and round_ends["SX-I7"] >= 5, round_ends


def check_change(before, after):
    """A board index made from the one before knows which fields changed: ``touched`` holds
    each field whose tile changed and the ocean fields around it."""
    from boardlib.section_x.index import NEAR

    touched = after.index.touched
    if after.index is before.index or touched is None:
        return
    changed = {f for f, (a, b) in enumerate(zip(before.board, after.board)) if a != b}
    assert changed and touched >= frozenset().union(*(NEAR[f] for f in changed))


def test_near_is_each_ocean_field_with_the_ocean_fields_around_it_and_symmetric():
    from boardlib.section_x.board import FIELD_INDEX, FIELDS, IS_OCEAN, OCEAN_INDEX
    from boardlib.section_x.index import NEAR

    for f in OCEAN_INDEX:
        around = {FIELD_INDEX[n] for n in FIELDS[f].neighbors()
                  if n in FIELD_INDEX and IS_OCEAN[FIELD_INDEX[n]]}
        assert NEAR[f] == {f} | around
        assert all(f in NEAR[g] for g in NEAR[f])
