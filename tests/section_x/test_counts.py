"""Move counts for small fixed positions, worked out by hand first (perft-style), and tile
algebra."""
from __future__ import annotations

from hypothesis import given, strategies as st

from boardlib.core.testing import perft
from boardlib.section_x.positions import act, position
from boardlib.section_x.rules import Door, EndTurn, Step
from boardlib.section_x.tiles import (KINDS, canonical_rotation, distinct_rotations, outline,
                                      part_masks, rotate_ports)


def kinds_of(moves):
    counts: dict[str, int] = {}
    for m in moves:
        counts[type(m).__name__] = counts.get(type(m).__name__, 0) + 1
    return counts


def test_SX_07_count_placements_of_a_straight_on_an_empty_board():
    # 48 ocean fields x 3 different turns of a straight, nothing to rearrange
    s = position(hands={0: ["straight"]})
    assert kinds_of(s.legal_moves()) == {"PlaceTile": 144}


def test_SX_07_SX_08_count_with_one_straight_laid():
    # Around 2,0 (open E and W): 3,0 takes 1 turn (opening W), 3,-1, 2,-1, 1,1, 2,1 take 2 each
    # (wall against wall); 42 other fields x 3 = 126; so 135 placements. One movable tile:
    # no swap, 47 moves, 2 other rotations.
    s = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight"]})
    assert kinds_of(s.legal_moves()) == {"PlaceTile": 135, "MoveTile": 47, "RotateTile": 2}


def test_SX_12_SX_16_count_phase_three_moves():
    # island -> 2,0/0 is the only step; a door may go on 2,0/0 or 3,0/0; or end the turn
    s = act(tiles={"2,0": ("straight", 0), "3,0": ("straight", 0)})
    assert s.legal_moves() == (Step("island", "2,0/0"), Door("2,0/0"), Door("3,0/0"), EndTurn())
    # after the step: that prisoner may go back or on to 3,0/0; the island's next prisoner
    # finds 2,0/0 full (SX-17); no door once a prisoner moved (SX-12); or end the turn
    stepped = s.apply(Step("island", "2,0/0"))
    assert stepped.legal_moves() == (Step("2,0/0", "island"), Step("2,0/0", "3,0/0"), EndTurn())
    assert perft(stepped, 1) == 3


@given(st.sampled_from(KINDS), st.integers(0, 5), st.integers(0, 5))
def test_SX_I2_rotations_shift_ports_and_compose(kind, a, b):
    for part in kind.parts:
        assert rotate_ports(rotate_ports(part, a), b) == rotate_ports(part, a + b)
        assert rotate_ports(part, 6) == part
    assert outline(kind, a) == sum(part_masks(kind, a))      # parts never share an edge
    c = canonical_rotation(kind, a)
    assert c in distinct_rotations(kind) and frozenset(part_masks(kind, c)) == frozenset(
        part_masks(kind, a))


def test_move_blocks_index_every_legal_move_in_order():
    """random_move looks moves up by index in blocks (swaps by pair arithmetic, moves on a
    grid, turns; rows of pairs checked one by one where SX-11 or strict_fit may refuse some):
    every index must give the move that iterating the block gives there, with and without
    strict_fit (SX-I3) and with hiding places carrying prisoners (SX-11)."""
    import random

    from .conftest import CorridorGame

    checked = set()
    for seed in range(12):
        game = CorridorGame(players=2 + seed % 3, seed=seed, max_turns=30,
                            strict_fit=seed % 3 == 0, keys=seed % 2 == 0)
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            blocks = state.moves.blocks
            for block in blocks:
                assert [block[i] for i in range(len(block))] == list(block)
            assert [m for block in blocks for m in block] == list(state.legal_moves())
            checked.update(type(b).__name__ for b in blocks if len(b))
            state = state.apply(rng.choice(state.legal_moves()))
    assert {"Placements", "AllSwaps", "AllMoves", "AllRotations", "Rows", "Steps",
            "DoorMoves"} <= checked, checked


def test_random_move_of_a_finished_game_is_refused_with_the_rule_that_ended_it():
    import random

    import boardlib
    import pytest
    from boardlib.core import IllegalMoveError

    state = boardlib.load("section_x", players=2, max_turns=1).new_initial_state()
    rng = random.Random(0)
    while not state.is_terminal():
        state = state.apply(state.random_move(rng))
    fresh = state.game.state_from_dict(state.to_dict())     # nothing cached yet
    with pytest.raises(IllegalMoveError, match="game is over") as info:
        fresh.random_move(random.Random(1))
    assert info.value.rule == "SX-I10"


def test_in_legal_moves_is_the_one_by_one_comparison():
    """``LegalMoves`` looks ``in`` up in a set: it must say what comparing with each legal
    move says, for legal moves, swaps named the other way round, moves with a field changed
    or of the wrong type (floats, bools, lists that cannot be hashed) and other objects."""
    import random

    import boardlib
    from boardlib.core.testing import mutated_moves
    from boardlib.section_x.moves import LegalMoves, SwapTiles

    from .conftest import wrong_moves

    rng = random.Random(3)
    checked = found = 0
    for seed in range(4):
        s = boardlib.load("section_x", players=2 + seed % 3, seed=seed,
                          max_turns=12).new_initial_state()
        while not s.is_terminal():
            legal = s.legal_moves()
            assert type(legal) is LegalMoves and list(legal) == list(s.moves)
            candidates = [*rng.sample(legal, min(5, len(legal))), *wrong_moves(s, rng),
                          *mutated_moves(s, rng, per_state=8), "end turn", None, 3]
            candidates += [SwapTiles(m.b, m.a) for m in legal if isinstance(m, SwapTiles)][:3]
            for move in candidates:
                plain = any(move == m for m in tuple(legal))
                assert (move in legal) == plain, move
                checked += 1
                found += plain
            s = s.apply(s.random_move(rng))
    assert checked > 2000 and 0 < found < checked, (checked, found)
