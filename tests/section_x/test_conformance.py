"""Random-play conformance (boardlib.core.testing.check_random_play) with the game's invariants.

Two sets of seeded games: from the usual start (short, turn-limited) and from a
prepared middle game with a corridor to every zone, where rounds end, tunnels
collapse and games are won (SX-19 … SX-23, SX-I10).
"""
from __future__ import annotations


import boardlib
from boardlib.core.testing import check_random_play
from boardlib.section_x.rules import SectionXState

from .conftest import CorridorGame, invariant, wrong_moves


def test_random_play_from_the_start_2_3_4_players():
    total = 0
    for players in (2, 3, 4):
        game = boardlib.load("section_x", players=players, seed=players, max_turns=16)
        report = check_random_play(game, games=36, seed=players, rule_prefix="SX-",
                                   invariant=invariant, wrong_moves=wrong_moves)
        assert report.terminations == {"turn limit": 36}
        total += report.games
    assert total == 108


def test_random_play_through_round_ends_and_game_ends():
    seen: dict[str, int] = {}
    rounds = 0
    for seed in range(96):
        players = 2 + seed % 3
        game = CorridorGame(players=players, seed=seed, max_turns=36,
                            round_target=1 + seed % 2, strict_fit=seed % 5 == 0,
                            keys=seed % 7 != 0)
        last: list[SectionXState] = []

        def check(state: SectionXState) -> None:
            invariant(state)
            last[:] = [state]

        report = check_random_play(game, games=1, seed=seed, rule_prefix="SX-",
                                   invariant=check, wrong_moves=wrong_moves)
        for k, v in report.terminations.items():
            seen[k] = seen.get(k, 0) + v
        rounds += last[0].round - 1
    # every way a game can end occurs, and many rounds end
    assert set(seen) == {"five prisoners freed", "turn limit", "nobody can reach five"}, seen
    assert rounds >= 60, rounds
