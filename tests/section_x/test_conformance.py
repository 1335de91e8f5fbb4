"""Random-play conformance (boardlib.core.testing.check_random_play) with the game's invariants.

Three sets of seeded games, each a new deal: from the usual start (short, turn-limited),
from a prepared middle game with a corridor to every zone, where rounds end, tunnels
collapse and games are won (SX-19 … SX-23, SX-I10), and from a crowded board where the
tiles run out (SX-I7). Every option is on in some of them.
"""
from __future__ import annotations

from collections import Counter

import boardlib
from boardlib.core.testing import check_random_play
from boardlib.section_x.rules import SectionXState

from .conftest import CorridorGame, CrowdedGame, invariant, wrong_moves


def test_random_play_from_the_start_2_3_4_players():
    total = 0
    for players in (2, 3, 4):
        game = boardlib.load("section_x", players=players, seed=players, max_turns=16,
                             keys=players == 3, strict_fit=players == 4)
        report = check_random_play(game, games=16, seed=players, rule_prefix="SX-",
                                   invariant=invariant, wrong_moves=wrong_moves)
        assert report.terminations == {"turn limit": 16}
        assert report.round_trips > 60 and report.probes > 1000
        total += report.games
    assert total == 48


def test_random_play_through_round_ends_and_game_ends():
    seen: Counter[str] = Counter()
    round_ends: Counter[str] = Counter()
    for seed in range(60):
        players = 2 + seed % 3
        options = dict(players=players, seed=seed, strict_fit=seed % 5 == 0,
                       keys=seed % 3 == 0)
        game = (CrowdedGame(**options, max_turns=24) if seed % 4 == 3 else
                CorridorGame(**options, max_turns=36, round_target=1 + seed % 2))

        def check(state: SectionXState) -> None:
            invariant(state)
            round_ends.update(e.text.split(": ")[1] if e.rule == "SX-I7" else e.rule
                              for e in state.events if " ends: " in e.text)

        report = check_random_play(game, games=1, seed=seed, rule_prefix="SX-",
                                   invariant=check, wrong_moves=wrong_moves)
        seen.update(report.terminations)
    # every way a game can end occurs, and rounds end for every reason
    assert set(seen) == {"five prisoners freed", "turn limit", "nobody can reach five"}, seen
    assert round_ends["SX-19"] >= 20, round_ends
    assert round_ends["the last tile has been drawn"] >= 10, round_ends
