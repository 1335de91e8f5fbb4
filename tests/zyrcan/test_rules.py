"""One scenario per Zyrcan rule (ZY-01 … ZY-15, ZY-I1 … ZY-I4), from prepared positions.

Positions use the 3-player triangle board (q, r >= 0, q + r <= 8, corners removed)
unless a test says otherwise. Directions: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
"""
import pytest

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError, TERMINAL
from boardlib.grids.hex import Hex
from boardlib.zyrcan import ATTACK, OVER, PLACEMENT, Attack, Pass, Place, Ship, position

E, NE, NW, W, SW, SE = range(6)


def refusal(state, move):
    problem = state.why_illegal(move)
    assert problem is not None, f"{move} should be refused"
    before = state.to_dict()
    with pytest.raises(IllegalMoveError) as info:
        state.apply(move)
    assert info.value.rule == problem.rule
    assert state.to_dict() == before
    return problem


def test_ZY_01_three_to_five_players_with_twelve_ships():
    for n in (3, 4, 5):
        state = boardlib.load("zyrcan", players=n).new_initial_state()
        assert [sum(state.reserve(p).values()) for p in range(n)] == [12] * n
    for bad in (2, 6):
        with pytest.raises(InvalidInputError, match="ZY-01"):
            boardlib.load("zyrcan", players=bad)


def test_ZY_02_board_sizes_and_off_board_refusal():
    sizes = {n: len(boardlib.load("zyrcan", players=n).hexes) for n in (3, 4, 5)}
    assert sizes == {3: 42, 4: 53, 5: 67}
    state = boardlib.load("zyrcan").new_initial_state()
    assert refusal(state, Place(Hex(0, 0), 1)).rule == "ZY-02"  # a removed corner
    assert refusal(state, Place(Hex(9, 9), 1)).rule == "ZY-02"


def test_ZY_03_fleet_make_up_and_no_spare_ships():
    state = boardlib.load("zyrcan").new_initial_state()
    assert state.reserve(0) == {1: 4, 2: 6, 3: 2}
    assert refusal(state, Place(Hex(2, 2), 4)).rule == "ZY-03"
    # Player 0 places both 3-engine ships; a third one is refused.
    spots = iter(sorted(state.game.hexes))
    state = state.apply(Place(next(spots), 3))
    state = state.apply(Place(next(spots), 1)).apply(Place(next(spots), 1))
    state = state.apply(Place(next(spots), 3))
    state = state.apply(Place(next(spots), 1)).apply(Place(next(spots), 1))
    assert state.reserve(0)[3] == 0
    problem = refusal(state, Place(next(spots), 3))
    assert problem.rule == "ZY-03" and "no 3-engine ship" in problem.reason


def test_ZY_04_engines_are_the_distance():
    state = position(ships={Hex(2, 2): (0, 3), Hex(5, 2): (1, 1), Hex(2, 5): (2, 2)})
    assert state.targets(Hex(2, 2)) == {E: Hex(5, 2), SE: Hex(2, 5)}


def test_ZY_05_placement_on_empty_hexes_in_turn():
    state = boardlib.load("zyrcan").new_initial_state()
    assert state.phase == PLACEMENT and state.current_player == 0
    state = state.apply(Place(Hex(3, 3), 2))
    assert state.current_player == 1 and state.ship_at(Hex(3, 3)) == Ship(0, 2)
    assert refusal(state, Place(Hex(3, 3), 1)).rule == "ZY-05"
    assert refusal(state, Attack(Hex(3, 3), E)).rule == "ZY-05"
    assert refusal(state, Pass()).rule == "ZY-05"
    # Every empty hex and every type in reserve is offered: 41 hexes x 3 types.
    assert len(state.legal_moves()) == 41 * 3


def test_ZY_06_attack_phase_after_the_last_ship():
    game = boardlib.load("zyrcan")
    state = game.new_initial_state()
    hexes = iter(game.hexes)
    while state.phase == PLACEMENT:
        engines = next(e for e, k in state.reserve(state.current_player).items() if k)
        state = state.apply(Place(next(hexes), engines))
    assert state.phase == ATTACK
    assert [e.rule for e in state.events] == ["ZY-05", "ZY-06"]
    assert refusal(state, Place(next(hexes), 1)).rule == "ZY-06"
    enemy_ship = next(h for h, s in state.ships().items() if s.owner != state.current_player)
    assert refusal(state, Attack(enemy_ship, E)).rule == "ZY-06"
    assert refusal(state, Attack(next(hexes), E)).rule == "ZY-06"  # an empty hex


def test_ZY_07_only_the_six_straight_directions():
    # The enemy on 3,3 is a knight-like step away from 2,2: on no straight line, so no target.
    state = position(ships={Hex(2, 2): (0, 2), Hex(3, 3): (1, 2)})
    assert state.targets(Hex(2, 2)) == {}
    assert refusal(state, Attack(Hex(2, 2), 6)).rule == "ZY-07"
    assert state.legal_moves() == (Pass(),)


def test_ZY_08_exactly_the_engine_count_no_fewer_no_more():
    # The 2-engine ship sees enemies at distance 1 (E) and 3 (SE): neither is reachable.
    state = position(ships={Hex(2, 2): (0, 2), Hex(3, 2): (1, 1), Hex(2, 5): (1, 1)})
    assert state.targets(Hex(2, 2)) == {}
    assert refusal(state, Attack(Hex(2, 2), E)).rule == "ZY-08"
    assert refusal(state, Attack(Hex(2, 2), SE)).rule == "ZY-08"


def test_ZY_09_flies_over_friend_and_foe():
    ships = {Hex(1, 4): (0, 3), Hex(2, 4): (0, 1), Hex(3, 4): (1, 1), Hex(4, 4): (2, 2)}
    state = position(ships=ships)
    assert state.targets(Hex(1, 4)) == {E: Hex(4, 4)}
    after = state.apply(Attack(Hex(1, 4), E))
    assert after.ship_at(Hex(2, 4)) == Ship(0, 1) and after.ship_at(Hex(3, 4)) == Ship(1, 1)


def test_ZY_10_must_land_on_an_enemy_which_is_destroyed():
    ships = {Hex(2, 2): (0, 1), Hex(3, 2): (1, 2), Hex(2, 3): (0, 2), Hex(1, 2): (2, 1),
             Hex(3, 1): (1, 1)}
    state = position(ships=ships)
    after = state.apply(Attack(Hex(2, 2), E))
    assert after.ship_at(Hex(2, 2)) is None and after.ship_at(Hex(3, 2)) == Ship(0, 1)
    assert len(after.ships()) == 4 and after.events[0].rule == "ZY-10"
    assert refusal(state, Attack(Hex(2, 2), SE)).rule == "ZY-10"        # own ship
    assert refusal(state, Attack(Hex(2, 2), NW)).rule == "ZY-10"        # empty hex
    edge = position(ships={Hex(1, 0): (0, 1), Hex(4, 4): (1, 1)})
    assert refusal(edge, Attack(Hex(1, 0), NW)).rule == "ZY-10"         # off the board


def test_ZY_11_a_lost_type_stays_lost():
    state = position(ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 3), Hex(4, 4): (1, 2),
                            Hex(5, 0): (2, 1)})
    after = state.apply(Attack(Hex(2, 2), E))
    assert [e.rule for e in after.events] == ["ZY-10", "ZY-11"]
    assert "no 3-engine ship" in after.events[1].text
    assert after.reserve(1) == {1: 0, 2: 0, 3: 0}  # nothing comes back


def test_ZY_12_no_attack_means_pass_and_the_game_ends():
    state = position(ships={Hex(2, 2): (0, 1), Hex(4, 4): (1, 1), Hex(6, 1): (2, 2)})
    assert state.legal_moves() == (Pass(),)
    end = state.apply(Pass())
    assert end.current_player == TERMINAL and end.phase == OVER
    assert end.outcome().termination == "pass" and end.outcome().rule == "ZY-12"
    assert end.events[0].rule == "ZY-12"
    able = position(ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 1), Hex(6, 1): (2, 2)})
    assert refusal(able, Pass()).rule == "ZY-12"
    assert refusal(end, Attack(Hex(2, 2), E)).rule == "ZY-12"


def test_ZY_13_most_engines_then_most_ships_then_draw():
    # Engines 3 : 3 : 1, ships 1 : 2 : 1 -> player 1 wins on ships.
    ships = {Hex(1, 1): (0, 3), Hex(5, 1): (1, 1), Hex(6, 1): (1, 2), Hex(2, 6): (2, 1)}
    end = position(ships=ships).apply(Pass())
    assert end.outcome().winners == (1,) and end.outcome().scores == (3.0, 3.0, 1.0)
    # Engines 3 : 3, ships 2 : 2 -> a draw between players 0 and 1.
    ships = {Hex(1, 1): (0, 2), Hex(1, 2): (0, 1), Hex(5, 1): (1, 1), Hex(6, 2): (1, 2),
             Hex(2, 6): (2, 1)}
    end = position(ships=ships).apply(Pass())
    assert end.outcome().winners == (0, 1) and end.outcome().is_draw


def test_ZY_14_one_attack_then_the_next_player():
    ships = {Hex(2, 2): (0, 1), Hex(3, 2): (1, 1), Hex(4, 2): (1, 1), Hex(6, 1): (2, 2)}
    after = position(ships=ships).apply(Attack(Hex(2, 2), E))
    assert after.current_player == 1
    assert refusal(after, Attack(Hex(3, 2), E)).rule == "ZY-06"  # now it is player 0's ship


def test_ZY_15_the_last_fleet_wins():
    state = position(players=3, ships={Hex(2, 2): (0, 1), Hex(3, 2): (1, 1)})
    end = state.apply(Attack(Hex(2, 2), E))
    outcome = end.outcome()
    assert end.is_terminal() and outcome.termination == "last fleet" and outcome.rule == "ZY-15"
    assert outcome.winners == (0,)
    assert [e.rule for e in end.events] == ["ZY-10", "ZY-11", "ZY-I3", "ZY-15"]


def test_ZY_I1_custom_boards_are_accepted_and_checked():
    pairs = [[q, r] for q in range(6) for r in range(6)]
    game = boardlib.load("zyrcan", players=3, board=pairs)
    assert len(game.hexes) == 36 and len(game.new_initial_state().legal_moves()) == 36 * 3
    with pytest.raises(InvalidInputError, match="ZY-05"):
        boardlib.load("zyrcan", players=3, board=pairs[:35])
    with pytest.raises(InvalidInputError, match="twice"):
        boardlib.load("zyrcan", players=3, board=pairs + [[0, 0]])
    with pytest.raises(InvalidInputError):
        boardlib.load("zyrcan", board="big")


def test_ZY_I2_first_player_and_rotation():
    game = boardlib.load("zyrcan", players=4, first_player=2)
    state = game.new_initial_state()
    assert state.current_player == 2
    state = state.apply(state.legal_moves()[0])
    assert state.current_player == 3
    with pytest.raises(InvalidInputError, match="ZY-I2"):
        boardlib.load("zyrcan", players=3, first_player=3)
    # 36 placements starting with player 0: player 2 places last, player 0 attacks first.
    state = boardlib.load("zyrcan").new_initial_state()
    while state.phase == PLACEMENT:
        last = state.current_player
        state = state.apply(state.legal_moves()[0])
    assert last == 2 and state.current_player == 0


def test_ZY_I3_an_eliminated_player_passes_and_ends_the_game():
    ships = {Hex(2, 2): (0, 1), Hex(4, 4): (2, 2)}
    state = position(ships=ships, to_move=1)
    assert state.legal_moves() == (Pass(),)
    end = state.apply(Pass())
    assert end.outcome().termination == "eliminated" and end.outcome().rule == "ZY-I3"
    assert end.outcome().winners == (2,)


def test_ZY_I4_everyone_tied_shares_the_draw():
    ships = {Hex(1, 1): (0, 2), Hex(4, 1): (1, 2), Hex(1, 6): (2, 2)}
    end = position(ships=ships).apply(Pass())
    assert end.outcome().winners == (0, 1, 2)
    assert end.returns() == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_ZY_07_ZY_08_board_clicks_are_explained_by_the_engine():
    # A board asks the engine what "ship on 2,2, then a click on that hex" means.
    state = position(ships={Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(3, 2): (1, 1),
                            Hex(3, 3): (2, 1)})
    assert state.attack_towards(Hex(2, 2), Hex(4, 2)) == Attack(Hex(2, 2), E)
    assert state.attack_towards(Hex(2, 2), Hex(3, 3)).rule == "ZY-07"
    assert state.attack_towards(Hex(2, 2), Hex(3, 2)).rule == "ZY-08"
    assert state.attack_towards(Hex(4, 2), Hex(2, 2)).rule == "ZY-06"  # not Red's ship
    assert state.why_not_attack_from(Hex(5, 5)).rule == "ZY-02"
    assert state.why_not_place_type(1).rule == "ZY-06"
    placing = boardlib.load("zyrcan").new_initial_state()
    assert placing.why_not_place_type(2) is None and placing.why_not_place_type(5).rule == "ZY-03"
    assert placing.why_not_attack_from(Hex(2, 2)).rule == "ZY-05"


def test_ZY_12_ZY_15_ZY_I3_a_saved_ending_must_match_the_board():
    """Found by an audit: a save could say 'last fleet' with three fleets on the board."""
    middle = position(ships={Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3)})
    for ended in ("last fleet", "eliminated", "pass"):   # Red can attack: no pass either
        with pytest.raises(InvalidInputError, match="does not show the ending"):
            middle.game.state_from_dict({**middle.to_dict(), "phase": OVER, "ended": ended})
    alone = position(ships={Hex(2, 2): (0, 2), Hex(6, 1): (1, 1)})   # no attack possible
    passed = alone.apply(Pass())
    assert passed.game.state_from_dict(passed.to_dict()).outcome() == passed.outcome()
    last = position(ships={Hex(2, 2): (0, 2), Hex(4, 2): (1, 1)}).apply(Attack(Hex(2, 2), 0))
    assert last.outcome().termination == "last fleet"
    assert last.game.state_from_dict(last.to_dict()).outcome() == last.outcome()
