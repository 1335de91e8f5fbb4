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
        while True:
            check_index(state)
            states += 1
            round_ends.update(e.rule for e in state.events if " ends: " in e.text)
            if state.is_terminal():
                break
            state = state.apply(state.random_move(rng))
    assert states > 8_000, states
    assert round_ends["SX-19"] > 30 and round_ends["SX-I7"] >= 5, round_ends
