"""One scenario per Section X rule (SX-01 … SX-23, SX-I1 … SX-I11), from prepared positions.

Geometry used below (axial q,r; gates at the six corners of the radius-4 board):
the east corridor is two straights unturned on 2,0 and 3,0 (ports E and W), so
island - 2,0/0 - 3,0/0 - zone 0; the south-east corridor is two straights turned
by 2 (ports NW and SE) on 0,2 and 0,3, leading to zone 5.
"""
from __future__ import annotations

import pytest

import boardlib
from boardlib.core.api import IllegalMoveError, InvalidInputError
from boardlib.grids.hex import Hex
from boardlib.section_x.catalogue import CATALOGUE
from boardlib.section_x.positions import EAST, H, SOUTH_EAST, act, position, tiles_running_out
from boardlib.section_x.phases import PHASE_MOVES
from boardlib.section_x.rules import (FIELD_INDEX, FIELDS, GATE_DISTANCE, GATES, ISLAND_FIELDS,
                                      OCEAN, PHASES, Door, EndTurn, MoveTile, PlaceTile,
                                      RotateTile, SectionXState, Step, SwapTiles)
from boardlib.section_x.tiles import KINDS, NUM_TILES, TILE_KINDS, distinct_rotations, part_masks


def refused(state: SectionXState, move: object) -> str:
    """The rule ID of a refusal; also checks that apply raises and changes nothing."""
    problem = state.why_illegal(move)
    assert problem is not None, f"{move} was accepted"
    assert problem.reason.endswith(".") and problem.reason[0].isupper()
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == problem.rule
    assert state.to_dict() == before
    return problem.rule


def rules_of(state: SectionXState) -> list[str]:
    return [e.rule for e in state.events]


# --- rules from the source ----------------------------------------------------------

def test_SX_01_prisoners_escape_from_the_island_to_a_free_zone():
    s = act(tiles=EAST, prisoners={0: ["3,0/0"]})
    assert s.escaped(0) == 0
    s = s.apply(Step("3,0/0", "zone 0"))
    assert s.escaped(0) == 1 and s.prisoners_of(0).count(-1) == 7


def test_SX_02_material_per_player():
    s = boardlib.load("section_x", players=4).new_initial_state()
    assert len(s.locs) == 32                       # 8 prisoners per colour
    assert all(ds == (None, None) for ds in s.doors)   # 2 doors each, in hand
    # 1 key each, which does something only in the keys variant (SX-I6, off by default)
    assert s.keys == (False,) * 4
    assert boardlib.load("section_x", players=4, keys=True).new_initial_state().keys == \
        (True,) * 4
    assert len(s.stack) + sum(map(len, s.hands)) == 54


def test_SX_03_board_island_ocean_and_six_free_zones():
    assert len(FIELDS) == 61 and len(ISLAND_FIELDS) == 7 and len(OCEAN) == 48
    assert GATES == (Hex(4, 0), Hex(4, -4), Hex(0, -4), Hex(-4, 0), Hex(-4, 4), Hex(0, 4))


def test_SX_04_setup_prisoners_on_island_tiles_shuffled_by_seed():
    a = boardlib.load("section_x", players=3, seed=1).new_initial_state()
    b = boardlib.load("section_x", players=3, seed=1).new_initial_state()
    c = boardlib.load("section_x", players=3, seed=2).new_initial_state()
    assert set(a.locs) == {-1} and len(a.locs) == 24
    assert a.to_dict() == b.to_dict()
    assert a.stack != c.stack
    assert sorted(a.stack + a.hands[0]) == list(range(54))


def test_SX_05_three_phases_in_order_and_clockwise_play():
    assert [p.name for p in PHASES] == ["draw", "tile", "act", "over"]
    assert [PHASES.describe(p.name) for p in PHASES][:3] == [
        "phase 1: take a tile (SX-06)", "phase 2: place, swap, move or rotate a tile (SX-07)",
        "phase 3: move prisoners or place a door (SX-12)"]
    s = position(tiles=EAST, hands={0: ["straight"]})
    assert refused(s, Step("island", "2,0/0")) == "SX-05"       # phase 2 first
    s = s.apply(PlaceTile("straight", H("-2,0"), 0))
    assert s.phase == "act"
    assert refused(s, PlaceTile("straight", H("-3,0"), 0)) == "SX-05"
    s = s.apply(EndTurn())
    assert s.current_player == 1 and s.phase == "tile"


def test_SX_05_the_declared_phases_say_which_moves_each_takes():
    samples = {PlaceTile: PlaceTile("straight", H("-2,0"), 0), RotateTile: RotateTile(H("2,0"), 1),
               MoveTile: MoveTile(H("2,0"), H("-2,0")), SwapTiles: SwapTiles(H("2,0"), H("3,0")),
               Step: Step("island", "2,0/0"), Door: Door("2,0/0"), EndTurn: EndTurn()}
    states = {"tile": position(tiles=EAST, hands={0: ["straight"]}), "act": act(tiles=EAST)}
    assert set(PHASE_MOVES) == set(states)           # the draw is the engine's (SX-06)
    for name, moves in PHASE_MOVES.items():
        state = states[name]
        assert {type(m) for m in state.legal_moves()} == set(moves)
        for kind, move in samples.items():
            problem = state.why_illegal(move)
            assert (problem is not None and problem.rule == "SX-05") == (kind not in moves)


def test_SX_06_draw_one_tile_unless_holding_three():
    s = boardlib.load("section_x", players=2, seed=5).new_initial_state()
    assert len(s.hands[0]) == 1 and len(s.stack) == 53          # player 0 drew
    full = act(player=1, hands={0: ["straight", "fork", "branch"]})
    stack_before = len(full.stack)
    after = full.apply(EndTurn())
    assert after.current_player == 0
    assert len(after.hands[0]) == 3 and len(after.stack) == stack_before   # phase 1 skipped
    short = act(player=1, hands={0: ["straight"]}, stack=["fork"])
    after = short.apply(EndTurn())
    assert sorted(TILE_KINDS[t].name for t in after.hands[0]) == ["fork", "straight"]
    assert "SX-06" in rules_of(after)


def test_SX_07_placed_tile_must_fit_its_neighbours():
    s = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight", "tight-curve"]})
    assert s.why_illegal(PlaceTile("straight", H("3,0"), 0)) is None
    # turned by 1 (NE-SW) its west side is a wall against the opening of 2,0
    assert refused(s, PlaceTile("straight", H("3,0"), 1)) == "SX-07"
    assert "west side is a wall" in s.why_illegal(PlaceTile("straight", H("3,0"), 1)).reason
    assert refused(s, PlaceTile("straight", H("2,0"), 0)) == "SX-07"     # taken
    assert refused(s, PlaceTile("fork", H("3,3"), 0)) == "SX-07"         # not in hand
    # no neighbour: any rotation fits
    assert all(s.why_illegal(PlaceTile("tight-curve", H("-3,1"), r)) is None for r in range(6))
    blocked = position(tiles={"2,0": ("straight", 1)}, hands={0: ["straight"]})
    assert "opening would face a wall" in blocked.why_illegal(
        PlaceTile("straight", H("3,0"), 0)).reason
    after = s.apply(PlaceTile("straight", H("3,0"), 0))
    assert len(after.hands[0]) == 1 and after.tile_at(H("3,0"))[0].name == "straight"


def test_SX_08_swap_move_or_rotate_instead_of_placing():
    s = position(tiles={"2,0": ("straight", 0), "-2,0": ("fork", 0)})
    moved = s.apply(MoveTile(H("2,0"), H("2,-1")))
    assert moved.tile_at(H("2,0")) is None and moved.tile_at(H("2,-1"))[0].name == "straight"
    swapped = s.apply(SwapTiles(H("2,0"), H("-2,0")))
    assert swapped.tile_at(H("2,0"))[0].name == "fork"
    assert swapped.tile_at(H("-2,0"))[0].name == "straight"
    turned = s.apply(RotateTile(H("2,0"), 1))
    assert turned.tile_at(H("2,0"))[1] == 1
    # a straight turned half-way is the same
    assert refused(s, RotateTile(H("2,0"), 3)) == "SX-08"
    assert refused(s, MoveTile(H("2,0"), H("-2,0"))) == "SX-08"   # target not empty
    assert refused(s, SwapTiles(H("2,0"), H("2,1"))) == "SX-08"   # nothing on 2,1
    assert refused(s, SwapTiles(H("2,0"), H("2,0"))) == "SX-08"


def test_SX_09_rotate_refused_with_prisoners_or_in_another_players_tunnel():
    s = position(tiles=EAST, prisoners={1: ["2,0/0"]})
    assert refused(s, RotateTile(H("2,0"), 1)) == "SX-09"
    assert s.why_illegal(RotateTile(H("2,0"), 1)).reason == \
        "You cannot rotate a tile with prisoners on it."
    owned = position(tiles=EAST, doors={1: ["2,0/0"]})
    assert refused(owned, RotateTile(H("3,0"), 1)) == "SX-09"   # 3,0 is in player 1's tunnel
    mine = position(tiles=EAST, doors={0: ["2,0/0"]})
    assert mine.why_illegal(RotateTile(H("3,0"), 1)) is None


def test_SX_10_move_or_swap_only_empty_tiles_or_own_hiding_place():
    s = position(tiles={"2,0": ("straight", 0), "-2,0": ("fork", 0)}, prisoners={0: ["2,0/0"]})
    assert refused(s, MoveTile(H("2,0"), H("2,-1"))) == "SX-10"
    assert refused(s, SwapTiles(H("-2,0"), H("2,0"))) == "SX-10"
    hide = position(tiles={"2,0": ("hiding", 0)}, prisoners={0: ["2,0/0", "2,0/0"]})
    after = hide.apply(MoveTile(H("2,0"), H("2,-1")))          # distance 2 -> 3
    assert after.prisoners_of(0).count(FIELD_INDEX[H("2,-1")] * 4) == 2   # they travel along
    mixed = position(tiles={"2,0": ("hiding", 0)}, prisoners={0: ["2,0/0"], 1: ["2,0/0"]})
    assert refused(mixed, MoveTile(H("2,0"), H("2,-1"))) == "SX-10"


def test_SX_11_distance_rule_for_hiding_places_with_own_prisoners():
    assert GATE_DISTANCE[FIELD_INDEX[H("2,-1")]] == 3
    assert GATE_DISTANCE[FIELD_INDEX[H("3,0")]] == 1
    assert GATE_DISTANCE[FIELD_INDEX[H("1,1")]] == 3
    s = position(tiles={"2,-1": ("hiding", 0), "3,0": ("straight", 0)},
                 prisoners={0: ["2,-1/0"]})
    assert refused(s, MoveTile(H("2,-1"), H("2,0"))) == "SX-11"    # 3 -> 2: nearer
    assert refused(s, SwapTiles(H("2,-1"), H("3,0"))) == "SX-11"   # 3 -> 1
    assert s.why_illegal(MoveTile(H("2,-1"), H("1,1"))) is None    # 3 -> 3: allowed
    empty = position(tiles={"2,-1": ("hiding", 0)})
    assert empty.why_illegal(MoveTile(H("2,-1"), H("3,0"))) is None   # no prisoners: no rule


def test_SX_12_phase_three_is_prisoners_or_a_door():
    s = act(tiles=EAST)
    stepped = s.apply(Step("island", "2,0/0"))
    assert refused(stepped, Door("3,0/0")) == "SX-12"
    door = s.apply(Door("2,0/0"))
    assert door.current_player == 1                      # a door ends the turn
    assert door.doors[0][0][0] == FIELD_INDEX[H("2,0")] * 4


def test_SX_13_door_owner_controls_passage_and_tiles():
    s = act(tiles=EAST, doors={0: ["2,0/0"]}, player=1, keys=False)
    assert refused(s, Step("island", "2,0/0")) == "SX-13"
    t = position(tiles=EAST, doors={0: ["2,0/0"]}, player=1)
    assert refused(t, MoveTile(H("3,0"), H("3,-1"))) == "SX-13"
    assert refused(t, SwapTiles(H("3,0"), H("2,0"))) == "SX-13"
    own = act(tiles=EAST, doors={0: ["2,0/0"]})
    assert own.why_illegal(Step("island", "2,0/0")) is None


def test_SX_14_one_door_per_tunnel():
    s = act(tiles=EAST, doors={0: ["2,0/0"]}, player=1)
    assert refused(s, Door("3,0/0")) == "SX-14"
    mine = act(tiles=EAST, doors={0: ["2,0/0"]})
    assert refused(mine, Door("3,0/0")) == "SX-14"      # not even your second door


ROW = {"0,-3": ("straight", 0), "1,-3": ("straight", 0), "3,-3": ("straight", 0)}


def test_SX_15_joined_tunnels_keep_the_longer_pieces_door():
    # player 0's tunnel has 2 tiles, player 1's has 1; player 1 closes the gap at 2,-3
    s = position(tiles=ROW, doors={0: ["0,-3/0"], 1: ["3,-3/0"]}, player=1,
                 hands={1: ["straight"]})
    after = s.apply(PlaceTile("straight", H("2,-3"), 0))
    assert after.doors[1] == (None, None)               # back to player 1
    assert after.doors[0][0] is not None
    assert "SX-15" in rules_of(after)
    assert after.tunnel_owner(FIELD_INDEX[H("3,-3")] * 4) == 0


def test_SX_15_tie_keeps_the_door_placed_first():
    tiles = {"1,-3": ("straight", 0), "3,-3": ("straight", 0)}
    s = position(tiles=tiles, doors={0: ["1,-3/0"], 1: ["3,-3/0"]}, player=1,
                 hands={1: ["straight"]})                 # player 0's door was placed first
    after = s.apply(PlaceTile("straight", H("2,-3"), 0))
    assert after.doors[0][0] is not None and after.doors[1] == (None, None)
    data = s.to_dict()                                    # now make player 1's door older
    data["doors"] = [[["1,-3/0", 1], None], [["3,-3/0", 0], None]]
    s2 = s.game.state_from_dict(data)
    after = s2.apply(PlaceTile("straight", H("2,-3"), 0))
    assert after.doors[1][0] is not None and after.doors[0] == (None, None)


def test_SX_16_five_steps_per_turn_two_per_prisoner():
    s = act(tiles=EAST)
    s = s.apply(Step("island", "2,0/0")).apply(Step("2,0/0", "3,0/0"))
    assert refused(s, Step("3,0/0", "zone 0")) == "SX-16"        # that prisoner took two
    assert s.why_illegal(Step("3,0/0", "2,0/0")) is not None
    back = act(tiles=EAST, prisoners={0: ["2,0/0"]}, steps={0: [1]})
    assert back.why_illegal(Step("2,0/0", "island")) is None       # backwards is allowed
    spent = act(tiles={**EAST, **SOUTH_EAST}, prisoners={0: ["2,0/0", "3,0/0", "island"]},
                steps={0: [2, 2, 1]})
    assert spent.used_total == 5
    assert refused(spent, Step("island", "0,2/0")) == "SX-16"       # a fresh prisoner, but 5 used
    assert spent.legal_moves() == (EndTurn(),)


def test_SX_17_one_prisoner_per_part_two_on_a_hiding_place():
    s = act(tiles=EAST, prisoners={1: ["2,0/0"]})
    assert refused(s, Step("island", "2,0/0")) == "SX-17"
    h = act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)})
    h = h.apply(Step("island", "2,0/0")).apply(Step("island", "2,0/0"))
    assert h.locs[:2] == (FIELD_INDEX[H("2,0")] * 4,) * 2
    assert refused(h, Step("island", "2,0/0")) == "SX-17"


def test_SX_18_a_reached_zone_is_claimed():
    s = act(tiles=EAST, prisoners={0: ["3,0/0"], 1: ["zone 0"]})
    assert refused(s, Step("3,0/0", "zone 0")) == "SX-18"
    out = act(tiles=EAST, prisoners={0: ["zone 0"]})
    assert refused(out, Step("zone 0", "3,0/0")) == "SX-18"


def round_end_position(**kw) -> SectionXState:
    """Player 0 has one prisoner in zone 5 and one a step from zone 0 (two players: target 2).

    Player 1 stands on the straight 2,0 (to be buried) and player 0 on a hiding
    place at -2,0 (to survive).
    """
    tiles = {**EAST, "-2,0": ("hiding", 0)}
    return act(tiles=tiles, prisoners={0: ["zone 5", "3,0/0", "-2,0/0"], 1: ["2,0/0"]},
               doors={1: ["2,0/0"]}, hands={0: ["fork"], 1: ["branch", "branch"]},
               **{"seed": 5, **kw})


def test_SX_19_round_ends_when_a_player_frees_two():
    s = round_end_position()
    after = s.apply(Step("3,0/0", "zone 0"))
    assert after.round == 2 and after.current_player == 1
    assert "SX-19" in rules_of(after)
    target1 = round_end_position(round_target=3)            # option: needs three
    assert target1.apply(Step("3,0/0", "zone 0")).round == 1


def test_SX_20_collapse_buries_tunnel_prisoners_but_not_hiding_places():
    after = round_end_position().apply(Step("3,0/0", "zone 0"))
    assert after.buried(1) == 1 and after.buried(0) == 0
    hiding = FIELD_INDEX[H("-2,0")]
    assert after.prisoners_of(0).count(hiding * 4) == 1
    assert after.tile_at(H("-2,0"))[0].name == "hiding"      # the tile stays
    assert after.tile_at(H("2,0")) is None and after.tile_at(H("3,0")) is None
    assert after.doors == ((None, None), (None, None))
    assert "SX-20" in rules_of(after)


def test_SX_21_other_tiles_are_shuffled_into_the_supply():
    before = round_end_position()
    after = before.apply(Step("3,0/0", "zone 0"))
    # 54 tiles: 1 hiding place stays; player 1 then draws one for the new round
    assert len(after.stack) == 52 and len(after.hands[1]) == 1 and after.hands[0] == ()
    assert sorted(after.stack + after.hands[1] + (after.board[FIELD_INDEX[H("-2,0")]][0],)) \
        == list(range(54))
    assert after.stack != tuple(sorted(after.stack))          # shuffled
    again = round_end_position().apply(Step("3,0/0", "zone 0"))
    assert again.stack == after.stack                         # from the seed: reproducible


def test_SX_22_freed_prisoners_go_to_free_land_and_zones_reopen():
    after = round_end_position().apply(Step("3,0/0", "zone 0"))
    assert after.freed(0) == 2 and after.in_zones(0) == 0
    assert "SX-22" in rules_of(after)
    assert not any(-15 <= c <= -10 for c in after.locs)


def test_SX_23_five_freed_wins():
    s = act(tiles=EAST, prisoners={0: ["freed"] * 4 + ["3,0/0"]})
    after = s.apply(Step("3,0/0", "zone 0"))
    assert after.is_terminal()
    out = after.outcome()
    assert out.winners == (0,) and out.rule == "SX-23" and out.scores == (5.0, 0.0)
    assert after.legal_moves() == ()
    assert refused(after, EndTurn()) == "SX-23"


# --- interpretations ----------------------------------------------------------

def test_SX_I1_island_and_gates_take_no_tiles_and_join_the_tunnels():
    s = position(tiles=EAST, hands={0: ["straight"]})
    assert refused(s, PlaceTile("straight", H("1,0"), 0)) == "SX-I1"   # island
    assert refused(s, PlaceTile("straight", H("4,0"), 0)) == "SX-I1"   # gate of zone 0
    assert refused(s, PlaceTile("straight", H("9,0"), 0)) == "SX-I1"   # off the board
    links = s.links()
    a, b = FIELD_INDEX[H("2,0")] * 4, FIELD_INDEX[H("3,0")] * 4
    assert set(links[a]) == {-1, b} and set(links[b]) == {a, -10}       # island and zone 0
    rim = position(tiles={"3,-4": ("straight", 1)})     # opens NE off the board: a dead end
    assert rim.links()[FIELD_INDEX[H("3,-4")] * 4] == ()


def test_SX_I2_tile_set_and_rotation():
    assert NUM_TILES == 54
    assert {k.name: k.count for k in KINDS} == {
        "straight": 8, "wide-curve": 8, "tight-curve": 6, "fork": 4, "branch": 4,
        "crossing": 4, "double-curve": 4, "straight-curve": 4, "triple-curve": 2,
        "hiding": 6, "hiding-fork": 4}
    wide = KINDS[1]
    assert part_masks(wide, 0) == (0b000101,) and part_masks(wide, 1) == (0b001010,)
    assert part_masks(wide, 5) == (0b100010,)             # ports 5 and 1
    assert distinct_rotations(KINDS[0]) == (0, 1, 2)       # a straight has three
    assert sum(len(k.parts) * k.count for k in KINDS) == 8 + 8 + 6 + 4 + 4 + 8 + 8 + 8 + 6 + 6 + 4
    assert [k.capacity for k in KINDS if k.hiding] == [2, 2]


def test_SX_I3_rearranging_may_block_unless_strict_fit():
    s = position(tiles=EAST)
    assert s.why_illegal(RotateTile(H("3,0"), 1)) is None      # opening against a wall: allowed
    strict = position(tiles={**EAST, "-3,3": ("fork", 0)}, strict_fit=True)
    assert refused(strict, RotateTile(H("3,0"), 1)) == "SX-I3"
    # the fork's south-west opening would face the wall on the north-east of 2,0
    assert refused(strict, MoveTile(H("-3,3"), H("3,-1"))) == "SX-I3"
    assert position(tiles={**EAST, "-3,3": ("fork", 0)}).why_illegal(
        MoveTile(H("-3,3"), H("3,-1"))) is None
    assert strict.why_illegal(MoveTile(H("-3,3"), H("-2,-2"))) is None   # nothing around
    assert refused(strict, SwapTiles(H("-3,3"), H("3,0"))) == "SX-I3"


def test_SX_I4_steps_follow_facing_openings():
    s = act(tiles=EAST)
    assert refused(s, Step("island", "3,0/0")) == "SX-I4"          # not joined
    assert refused(s, Step("2,0/0", "3,0/0")) == "SX-I4"           # nobody of yours there
    assert refused(s, Step("island", "5,5/0")) == "SX-I4"          # not a place
    assert [str(m) for m in s.legal_moves() if isinstance(m, Step)] == ["step island to 2,0/0"]
    # when two of yours share a hiding place, the one that stepped least goes
    h = act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)},
            prisoners={0: ["2,0/0", "2,0/0"]}, steps={0: [1, 0]})
    after = h.apply(Step("2,0/0", "3,0/0"))
    assert after.used[:2] == (1, 1) and after.locs[1] == FIELD_INDEX[H("3,0")] * 4


def test_SX_I5_doors_place_move_and_stay_with_their_part_on_a_split():
    s = act(tiles=EAST)
    assert refused(s, Door("island")) == "SX-I5"
    assert refused(s, Door("3,0/0", "2,0/0")) == "SX-I5"     # no door of yours there
    two = act(tiles={**EAST, **SOUTH_EAST}, doors={0: ["2,0/0", "0,2/0"]})
    assert refused(two, Door("-2,0/0")) == "SX-I5"           # both are on the board
    moved = two.apply(Door("3,0/0", "2,0/0"))                # within its own tunnel
    assert moved.doors[0][0][0] == FIELD_INDEX[H("3,0")] * 4
    split = position(tiles=EAST, doors={0: ["2,0/0"]})
    after = split.apply(MoveTile(H("3,0"), H("3,-1")))
    assert after.tunnel_owner(FIELD_INDEX[H("2,0")] * 4) == 0
    assert after.tunnel_owner(FIELD_INDEX[H("3,-1")] * 4) is None


def test_SX_I6_key_passes_a_door_once_per_round():
    s = act(tiles=EAST, doors={0: ["2,0/0"]}, player=1, keys=True)
    after = s.apply(Step("island", "2,0/0"))
    assert after.keys == (True, False) and "SX-I6" in rules_of(after)
    again = act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)}, doors={0: ["2,0/0"]},
                player=1, keys_left=[True, False], keys=True)
    assert refused(again, Step("island", "2,0/0")) == "SX-I6"
    renewed = round_end_position(keys_left=[True, False], keys=True).apply(
        Step("3,0/0", "zone 0"))
    assert renewed.keys == (True, True)                      # a new round gives the key back
    off = act(tiles=EAST, doors={0: ["2,0/0"]}, player=1, keys=False)
    assert refused(off, Step("island", "2,0/0")) == "SX-13"


def test_SX_I7_round_target_option_and_empty_supply():
    assert boardlib.load("section_x", players=2).round_target == 2
    assert boardlib.load("section_x", players=3).round_target == 3
    assert boardlib.load("section_x", players=4, round_target=1).round_target == 1
    s = act(tiles=EAST, prisoners={0: ["3,0/0"]}, round_target=1)
    assert s.apply(Step("3,0/0", "zone 0")).round == 2
    # the tiles running out: see the test below


def test_SX_I8_phase_two_skipped_when_no_tile_action(monkeypatch):
    # empty board, empty hand: no tile action, so no game waits in phase 2 here (and no
    # player is without a tile in phase 2: each turn begins with a draw)
    with pytest.raises(InvalidInputError, match="SX-06"):
        position(hands={0: []})
    assert act(hands={0: []}).has_tile_action() is False
    t = act(player=1)
    monkeypatch.setattr(SectionXState, "has_tile_action", lambda self: False)
    after = t.apply(EndTurn())
    assert after.current_player == 0 and after.phase == "act"
    assert "SX-I8" in rules_of(after)
    assert after.why_illegal(EndTurn()) is None            # phase 3 may be passed


def test_SX_I9_distance_is_hex_distance_to_nearest_gate():
    expected = {"3,0": 1, "2,0": 2, "2,-1": 3, "1,1": 3, "-3,3": 1, "3,-4": 1, "2,-3": 2}
    for text, d in expected.items():
        assert GATE_DISTANCE[FIELD_INDEX[H(text)]] == d, text


def test_SX_I10_game_ends_when_nobody_can_reach_five():
    tiles = {**EAST, "-2,0": ("straight", 0)}
    s = act(tiles=tiles, prisoners={0: ["zone 5", "3,0/0", "-2,0/0"] + ["buried"] * 3,
                                    1: ["buried"] * 4})
    after = s.apply(Step("3,0/0", "zone 0"))      # round ends; player 0 loses -2,0 too
    assert after.buried(0) == 4 and after.buried(1) == 4
    out = after.outcome()
    assert out.rule == "SX-I10" and out.winners == (0,) and out.scores == (2.0, 0.0)


def test_SX_I10_turn_limit_is_a_draw_by_limit():
    s = act(max_turns=2, player=1)        # turn 0, player 1 in phase 3
    s = s.apply(EndTurn())                # turn 1: player 0 draws and must act with a tile
    assert not s.is_terminal() and s.turn == 1 and s.phase == "tile"
    s = s.apply(s.legal_moves()[0]).apply(EndTurn())   # the second turn ends: limit reached
    assert s.is_terminal()
    out = s.outcome()
    assert out.termination == "turn limit" and out.winners == () and out.is_draw
    assert out.rule == "SX-I10"


def test_SX_I11_two_to_four_players():
    for n in (2, 3, 4):
        assert boardlib.load("section_x", players=n).num_players == n
    for bad in (1, 5):
        with pytest.raises(InvalidInputError, match="SX-I11"):
            boardlib.load("section_x", players=bad)


def test_catalogue_lists_every_rule_and_interpretation():
    ids = [r.id for r in CATALOGUE]
    assert ids[:23] == [f"SX-{i:02d}" for i in range(1, 24)]
    assert [r.id for r in CATALOGUE.interpretations] == [f"SX-I{i}" for i in range(1, 12)]


def test_SX_I7_round_ends_when_all_six_zones_are_claimed():
    # three players, target 3: zones taken 2 + 2 + 1, player 0 takes the sixth (its second)
    s = act(players=3, tiles=EAST, prisoners={0: ["zone 1", "3,0/0"], 1: ["zone 2", "zone 3"],
                                              2: ["zone 4", "zone 5"]})
    after = s.apply(Step("3,0/0", "zone 0"))
    assert after.round == 2 and "SX-I7" in rules_of(after)
    assert [after.freed(p) for p in range(3)] == [2, 2, 2]


def test_SX_I7_round_ends_at_the_end_of_the_turn_in_which_the_last_tile_is_drawn():
    s = tiles_running_out(seed=4)
    assert len(s.stack) == 1 and s.current_player == 0
    drawn = s.apply(EndTurn())                 # player 1 draws the last tile...
    assert drawn.stack == () and drawn.round == 1 and "SX-06" in rules_of(drawn)
    assert drawn.current_player == 1 and drawn.phase == "tile"
    acted = drawn.apply(drawn.legal_moves()[0])
    assert acted.round == 1                    # ...and plays the turn out
    after = acted.apply(EndTurn())
    assert after.round == 2 and after.current_player == 0
    ends = [e for e in after.events if " ends: " in e.text]
    assert [(e.rule, e.text) for e in ends] == [
        ("SX-I7", "round 1 ends: the last tile has been drawn: the tiles have run out")]
    assert after.buried(1) == 1 and after.prisoners_of(0)[:2] == s.prisoners_of(0)[:2]
    assert len(after.stack) + len(after.hands[0]) == 53      # all but the hiding place


def test_every_round_end_names_its_cause():
    target = round_end_position().apply(Step("3,0/0", "zone 0"))
    assert [e.text for e in target.events if " ends: " in e.text] == [
        "round 1 ends: player 0 has freed 2 prisoners in it"]
    s = act(players=3, tiles=EAST, prisoners={0: ["zone 1", "3,0/0"], 1: ["zone 2", "zone 3"],
                                              2: ["zone 4", "zone 5"]})
    six = s.apply(Step("3,0/0", "zone 0"))
    assert [e.text for e in six.events if " ends: " in e.text] == [
        "round 1 ends: all six free zones are claimed"]
