"""Each "Try this" of notebooks/20-section-x.ipynb, clicked as its text says, one click
after another on one board (the selection is never reset behind the learner's back):
what the notebook promises the learner is what the board does."""
from __future__ import annotations

import re

import boardlib
from boardlib.section_x import tunnels
from boardlib.section_x.board import OCEAN_INDEX
from boardlib.section_x.positions import EAST, H, SOUTH_EAST, act, position
from boardlib.section_x.rules import (FIELD_INDEX, GATE_DISTANCE, Door, EndTurn, MoveTile,
                                      PlaceTile)
from boardlib.section_x.widget import SectionXBoard


TARGET_FIELD = r'<g id="field_(-?\d+)_(-?\d+)" class="click field[^"]*\btarget\b'
"""An outlined field of the board (a clickable field whose class says ``target``)."""


def board(state, **kwargs) -> SectionXBoard:
    return SectionXBoard(state=state, show_setup=False, **kwargs)


def refused(b: SectionXBoard, *clicks: str) -> str | None:
    """Click through; the rule of the refusal the last click got, if any."""
    b.last_refusal = None
    for element_id in clicks:
        b.click(element_id)
    return b.last_refusal.rule if b.last_refusal else None


def test_SX_09_SX_10_busy_tiles_refuse_to_turn_or_move():
    b = board(position(tiles=EAST, prisoners={1: ["2,0/0"]}, doors={1: ["3,0/0"]}))
    assert refused(b, "field_2_0", "field_2_0") == "SX-09"       # Blue's prisoner on it
    assert refused(b, "field_3_0", "field_3_0") == "SX-09"       # Blue's door owns it
    assert refused(b, "field_2_0", "field_2_-1") == "SX-10"
    assert len(b.match) == 0


def test_SX_11_hiding_place_moves_only_away_from_the_gates():
    b = board(position(tiles={"2,-1": ("hiding", 0)}, prisoners={0: ["2,-1/0", "2,-1/0"]}))
    b.click("field_2_-1")
    outlined = set(re.findall(TARGET_FIELD, b.svg))
    assert ("1", "1") in outlined and ("2", "0") not in outlined
    assert refused(b, "field_2_0") == "SX-11"
    assert refused(b, "field_2_-1", "field_1_1") is None
    assert b.state.tile_at(H("1,1"))[0].name == "hiding"


def test_SX_17_SX_18_full_hiding_place_and_claimed_zone():
    b = board(act(tiles={"2,0": ("hiding", 0), "3,0": ("straight", 0)},
                  prisoners={0: ["2,0/0", "2,0/0", "3,0/0"], 1: ["zone 0"]}))
    assert refused(b, "island", "part_2_0_0") == "SX-17"
    assert refused(b, "part_3_0_0", "zone_0") == "SX-18"


def test_SX_13_SX_14_doors_stop_blue_and_a_free_tunnel_takes_one():
    b = board(act(tiles={**EAST, "-2,0": ("straight", 0)}, doors={0: ["2,0/0"]}, player=1,
                  keys=False))
    assert refused(b, "island", "part_2_0_0") == "SX-13"
    assert refused(b, "doorpile_1", "part_3_0_0") == "SX-14"
    assert refused(b, "part_-2_0_0") is None        # the door is still picked
    assert b.state.door_at(b.state.doors[1][0][0]) == 1


def test_SX_15_blue_closes_the_gap_and_gets_its_door_back():
    row = {"0,-3": ("straight", 0), "1,-3": ("straight", 0), "3,-3": ("straight", 0)}
    b = board(position(tiles=row, doors={0: ["0,-3/0"], 1: ["3,-3/0"]}, player=1,
                       hands={1: ["straight"]}))
    assert refused(b, "hand_0", "field_2_-3") is None
    assert b.state.doors[1] == (None, None) and b.state.doors[0][0] is not None
    assert any(e.rule == "SX-15" for e in b.state.events)
    assert "Blue's doors in hand: 2" in b.svg                   # both back beside the board


def test_SX_19_to_SX_22_the_step_that_ends_the_round():
    b = board(act(tiles={**EAST, "-2,0": ("hiding", 0)},
                  prisoners={0: ["zone 5", "3,0/0", "-2,0/0"], 1: ["2,0/0"]},
                  doors={1: ["2,0/0"]}))
    assert refused(b, "part_3_0_0", "zone_0") is None
    s = b.state
    assert s.round == 2 and sum(c is not None for c in s.board) == 1    # only the hiding place
    assert s.tile_at(H("-2,0"))[0].name == "hiding" and s.prisoners_of(0)[2] >= 0
    assert s.freed(0) == 2 and s.buried(1) == 1


def test_SX_23_the_fifth_prisoner_wins():
    b = board(act(tiles=EAST, prisoners={0: ["freed"] * 4 + ["3,0/0"]}))
    assert refused(b, "part_3_0_0", "zone_0") is None
    assert b.state.outcome().winners == (0,)


def test_corridors_red_door_in_the_south_east_leaves_blue_route_east():
    b = board(act(tiles={**EAST, **SOUTH_EAST}, doors={1: ["2,0/0"]}), show_graph=True)
    assert refused(b, "doorpile_0", "part_0_2_0") is None
    assert tunnels.escape_route(b.state, 1) == ["island", "2,0/0", "3,0/0", "zone 0"]
    assert 'class="escaperoute p1"' in b.svg


def test_SX_03_on_an_empty_ocean_the_hand_tile_fits_everywhere():
    b = board(boardlib.load("section_x", players=3, seed=1).new_initial_state())
    b.click("hand_0")
    assert len(re.findall(TARGET_FIELD, b.svg)) == 48
    b.graph_box.value = True
    assert "<circle" not in re.search(r'<g class="overlay tunnelgraph">.*?</text>', b.svg,
                                      re.S).group(0)


def test_SX_06_no_draw_with_three_tiles_in_hand():
    b = board(act(player=1, hands={0: ["straight", "fork", "branch"]}))
    stack = len(b.state.stack)
    end_turn = next(w for w in b.actions.children if w.description == "End turn")
    end_turn.click()
    assert b.match.moves == (EndTurn(),)
    assert b.state.player == 0 and len(b.state.hands[0]) == 3 and len(b.state.stack) == stack


def test_SX_I6_the_key_opens_a_door_once_a_round():
    b = board(act(tiles=EAST, doors={0: ["2,0/0"]}, player=1, keys=True))
    assert refused(b, "island", "part_2_0_0") is None            # the key opens it
    assert any(e.rule == "SX-I6" for e in b.state.events) and b.state.keys[1] is False
    assert refused(b, "part_2_0_0", "island") is None      # back to the island
    assert refused(b, "island", "part_2_0_0") == "SX-I6"         # the key is used up


# --- the exercises' folded solutions -------------------------------------------------

def test_exercise_the_tight_curve_fits_on_every_empty_field():
    fit = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight", "tight-curve"]})
    fields = {m.field for m in fit.legal_moves()
              if isinstance(m, PlaceTile) and m.kind == "tight-curve"}
    assert len(fields) == 47


def test_exercise_the_hiding_place_may_move_to_the_five_other_far_fields():
    hide = position(tiles={"2,-1": ("hiding", 0)}, prisoners={0: ["2,-1/0", "2,-1/0"]})
    targets = {str(m.dst) for m in hide.legal_moves() if isinstance(m, MoveTile)}
    assert targets == {"1,1", "1,-2", "-1,-1", "-2,1", "-1,2"}
    ring = ["2,0", "2,-1", "2,-2", "1,-2", "0,-2", "-1,-1", "-2,0", "-2,1", "-2,2", "-1,2",
            "0,2", "1,1"]
    far = {r for r in ring if GATE_DISTANCE[FIELD_INDEX[H(r)]] == 3}
    assert far == targets | {"2,-1"}
    assert max(GATE_DISTANCE[f] for f in OCEAN_INDEX) == 3      # no ocean field is farther


def test_exercise_on_a_tie_the_earlier_door_stays():
    row = {"0,-3": ("straight", 0), "1,-3": ("straight", 0), "3,-3": ("straight", 0),
           "4,-3": ("straight", 0)}
    tie = position(tiles=row, doors={0: ["0,-3/0"], 1: ["3,-3/0"]}, player=1,
                   hands={1: ["straight"]})
    after = tie.apply(PlaceTile("straight", H("2,-3"), 0))
    assert after.doors[1] == (None, None) and after.doors[0][0] is not None
    assert "equally long" in str(after.events[0]) and "SX-I5" in str(after.events[0])


def test_exercise_a_door_claims_the_whole_component():
    s = act(tiles={**EAST, **SOUTH_EAST}, doors={1: ["2,0/0"], 0: ["0,3/0"]}, player=1)
    assert s.why_illegal(Door("0,2/0")).rule == "SX-14"


def test_exercise_red_reaches_the_east_corridor_only_with_the_key():
    corridors = act(tiles={**EAST, **SOUTH_EAST}, doors={1: ["2,0/0"]}, keys=True)
    south_east = {"island", "0,2/0", "0,3/0", "zone 5"}
    assert tunnels.reachable(corridors, 0) == south_east | {"2,0/0", "3,0/0", "zone 0"}
    keyless = act(tiles={**EAST, **SOUTH_EAST}, doors={1: ["2,0/0"]}, keys=False)
    assert tunnels.reachable(keyless, 0) == south_east
    # of the two equally short ways out, the drawn one keeps the key
    assert tunnels.escape_route(corridors, 0) == ["island", "0,2/0", "0,3/0", "zone 5"]


def test_SX_I3_with_strict_fit_the_turn_that_opens_onto_a_wall_is_refused():
    assert refused(board(position(tiles=EAST)), "field_2_0", "field_2_0") is None
    strict = board(position(tiles=EAST, strict_fit=True))
    assert refused(strict, "field_2_0", "field_2_0") == "SX-I3"
    assert len(strict.match) == 0


def test_SX_I10_when_nobody_can_reach_five_the_most_freed_wins():
    # player 0 still has five prisoners in the game; the collapse buries the one on -2,0
    b = board(act(tiles={**EAST, "-2,0": ("straight", 0)},
                  prisoners={0: ["buried"] * 3 + ["zone 5", "3,0/0", "-2,0/0"],
                             1: ["buried"] * 4 + ["2,0/0"]}))
    assert refused(b, "part_3_0_0", "zone_0") is None
    outcome = b.state.outcome()
    assert outcome.rule == "SX-I10" and outcome.winners == (0,) and outcome.scores == (2.0, 0.0)
    assert b.state.buried(1) == 5


def test_SX_07_turned_the_straight_misses_3_0_and_turned_back_it_fits():
    """The Try-this of SX-07: turn the hand tile, 3,0 is not outlined and is refused; ↻
    turns it back and 3,0 takes it."""
    b = board(position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight", "tight-curve"]}))
    b.click("hand_0")
    b.click("hand_0")                                   # turned a sixth
    assert ("3", "0") not in re.findall(TARGET_FIELD, b.svg)
    b.click("field_3_0")
    assert b.last_refusal.rule == "SX-07" and b.match.moves == ()
    b.click("turn_5")                                   # ↻ turns it back
    assert ("3", "0") in re.findall(TARGET_FIELD, b.svg)
    b.click("field_3_0")
    assert b.match.moves == (PlaceTile("straight", H("3,0"), 0),)
