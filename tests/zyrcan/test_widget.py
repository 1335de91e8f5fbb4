"""ZyrcanBoard driven from Python: clicks arrive as element ids, as the browser sends them."""
from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest

from boardlib.core.bots import RandomBot
from boardlib.grids.hex import Hex
from boardlib.zyrcan.rules import PLACEMENT, Attack, Pass, Place, position
from boardlib.zyrcan.widget import ZyrcanBoard

E, NE, NW, W, SW, SE = range(6)
# Red (0) to move: the 2-engine ship on 2,2 can hit 4,2 (E) and 2,4 (SE) (ZY-08, ZY-10);
# 3,3 holds Red's own ship, 3,2 an enemy one hex away, 5,2 an enemy three hexes away.
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(3, 2): (1, 2), Hex(5, 2): (2, 2), Hex(6, 1): (1, 1)}


def text(value: str) -> str:
    """What an HTML widget's value reads as, without tags."""
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def marked(svg: str, mark: str) -> set[str]:
    """The ids of the hexes whose classes include ``mark`` ("ship", "target", "hint" ...)."""
    return {i for i, classes in re.findall(r'<g id="(hex_[^"]*)" class="([^"]*)"', svg)
            if mark in classes.split()}


def ids(svg: str, prefix: str) -> set[str]:
    return set(re.findall(rf'id="({prefix}_[^"]*)"', svg))


def attack_board(**kwargs) -> ZyrcanBoard:
    return ZyrcanBoard(state=position(players=3, ships=SHIPS), **kwargs)


def assert_refused(board: ZyrcanBoard, element_id: str, rule: str) -> None:
    state, moves, svg = board.state, board.match.moves, board.svg
    board.click(element_id)
    assert board.last_refusal is not None and board.last_refusal.rule == rule, board.message
    assert rule in board.why_line.value and "Why not?" in board.why_line.value
    assert board.state is state and board.match.moves == moves
    assert marked(board.svg, "ship") == marked(svg, "ship")


# --- placement (ZY-05) ---------------------------------------------------------------

def test_click_a_hex_places_the_smallest_type_first():
    board = ZyrcanBoard(players=3)
    assert marked(board.svg, "ship") == set()
    board.click("hex_5_2")
    assert board.match.moves == (Place(Hex(5, 2), 1),)
    assert marked(board.svg, "ship") == {"hex_5_2"}
    assert 'aria-label="5,2: Red ship with 1 engine"' in board.svg
    assert "Red placed a 1-engine ship on 5,2 (ZY-05)" in text(board.event_log.value)
    assert '<span class="boardlib-rule">ZY-05</span>' in board.event_log.value   # kept whole
    assert "Blue to move" in board.status_line.value


def test_choose_a_reserve_type_then_place_it():
    board = ZyrcanBoard(players=3)
    svg = board.svg
    board.click("reserve_1")               # the default type: choosing it still shows
    assert board.selection == 1 and board.svg != svg
    board.click("reserve_1")               # a second click lets go again
    assert board.selection is None and board.svg == svg
    board.click("reserve_3")
    assert board.selection == 3 and board.match.moves == ()
    board.click("hex_4_2")
    assert board.match.moves == (Place(Hex(4, 2), 3),)
    assert board.selection is None         # Blue did not choose Red's type
    assert "place a 1-engine ship" in board.status_line.value
    board.click("reserve_2")
    board.click("hex_4_3")
    assert board.match.moves[-1] == Place(Hex(4, 3), 2)


def test_placing_on_a_ship_is_refused_with_ZY_05():
    board = ZyrcanBoard(players=3)
    board.click("hex_5_2")
    assert_refused(board, "hex_5_2", "ZY-05")


def test_an_exhausted_reserve_type_is_refused_with_ZY_03():
    # Two turns each, Blue placing both 3-engine ships (placed in turn: ZY-05, ZY-I2).
    state = position(players=3, ships={Hex(2, 2): (0, 3), Hex(3, 2): (0, 3), Hex(4, 2): (1, 1),
                                       Hex(5, 2): (1, 1), Hex(2, 4): (2, 1), Hex(3, 4): (2, 1)},
                     phase=PLACEMENT)
    board = ZyrcanBoard(state=state)
    assert "×0" in board.svg
    assert_refused(board, "reserve_3", "ZY-03")
    assert "no 3-engine ship" in board.message


# --- attack (ZY-06 ... ZY-10) ----------------------------------------------------------

def test_selecting_a_ship_highlights_exactly_its_legal_targets():
    board = attack_board()
    assert marked(board.svg, "target") == set()
    board.click("hex_2_2")
    expected = {f"hex_{h.q}_{h.r}" for h in board.state.targets(Hex(2, 2)).values()}
    assert expected == {"hex_4_2", "hex_2_4"}
    assert marked(board.svg, "target") == expected
    assert marked(board.svg, "selected") == {"hex_2_2"}
    assert "target: click to attack" in board.view.drawn["hex_4_2"]
    assert "can hit 2 targets" in board.status_line.value
    board.click("hex_3_3")                 # another own ship: it becomes the selection
    assert board.selection == Hex(3, 3)
    assert marked(board.svg, "target") == {f"hex_{h.q}_{h.r}" for h in
                                           board.state.targets(Hex(3, 3)).values()}
    board.click("hex_3_3")                 # clicking it again clears the selection
    assert board.selection is None and marked(board.svg, "target") == set()


def test_an_attack_destroys_the_enemy_and_the_attacker_takes_its_hex():
    board = attack_board()
    board.click("hex_2_2")
    board.click("hex_4_2")
    assert board.match.moves == (Attack(Hex(2, 2), E),)
    ships = marked(board.svg, "ship")
    assert "hex_2_2" not in ships and "hex_4_2" in ships
    assert len(ships) == len(SHIPS) - 1
    assert board.state.ship_at(Hex(4, 2)).owner == 0
    assert "destroyed Blue's 1-engine ship on 4,2 (ZY-10)" in text(board.event_log.value)
    assert marked(board.svg, "target") == set() and board.selection is None


def test_illegal_attack_clicks_name_their_rule_and_change_nothing():
    board = attack_board()
    board.click("hex_2_2")
    assert_refused(board, "hex_4_3", "ZY-07")    # not on a straight line
    assert_refused(board, "hex_3_2", "ZY-08")    # an enemy, but one hex away
    assert "exactly 2 hexes" in board.message and "1 away" in board.message
    assert_refused(board, "hex_5_2", "ZY-08")    # three hexes away
    assert_refused(board, "hex_2_0", "ZY-10")    # the right distance, but empty
    assert board.selection == Hex(2, 2)          # a refusal keeps the selection


def test_clicking_an_enemy_or_empty_hex_first_is_refused_with_ZY_06():
    board = attack_board()
    assert_refused(board, "hex_4_2", "ZY-06")
    assert "Blue" in board.message               # the board's names, not "player 1"
    assert_refused(board, "hex_0_5", "ZY-06")


def test_pass_button_when_no_attack_is_left():
    state = position(players=3, ships={Hex(2, 2): (0, 1), Hex(6, 1): (1, 1), Hex(2, 6): (2, 2)})
    board = ZyrcanBoard(state=state)
    assert state.legal_moves() == (Pass(),)
    assert [b.description for b in board.actions.children] == ["Pass"]
    assert "must pass" in board.status_line.value
    board.actions.children[0].click()
    assert board.state.is_terminal() and "Game over" in board.status_line.value
    # Red 1, Blue 1, Yellow 2 engines: Yellow wins (ZY-13) after Red's pass (ZY-12)
    assert "passed, which ends the game (ZY-12)" in board.status_line.value
    assert "Yellow wins with 2 engines (ZY-13)" in board.status_line.value
    assert_refused(board, "hex_2_2", "ZY-12")


# --- panel controls -----------------------------------------------------------------

def test_undo_and_redo():
    board = attack_board()
    board.click("hex_2_2")
    board.click("hex_4_2")
    after = board.svg
    board.undo()
    assert board.match.moves == () and marked(board.svg, "ship") == {
        f"hex_{h.q}_{h.r}" for h in SHIPS}
    board.redo()
    assert board.match.moves == (Attack(Hex(2, 2), E),) and board.svg == after


def test_bot_move_hint_and_bot_seats():
    board = ZyrcanBoard(players=3, seats=["human", "random", "greedy"])
    board.click("hex_4_2")                 # the bots reply at once without an event loop
    assert len(board.match.moves) == 3 and board.state.current_player == 0
    hint = board.hint()
    assert isinstance(hint, Place) and len(board.match.moves) == 3
    assert marked(board.svg, "hint") == {f"hex_{hint.at.q}_{hint.at.r}"}
    assert "Hint (greedy)" in board.why_line.value
    assert "boardlib-hint" in board.why_line.value   # violet, not a refusal's red
    board.bot_move()                       # plays for the human seat, then the bots reply
    assert len(board.match.moves) == 6 and marked(board.svg, "hint") == set()
    board.undo()                           # back to the human's turn, past the bots' moves
    assert len(board.match.moves) == 3 and board.state.current_player == 0


def test_new_game_with_more_players():
    board = ZyrcanBoard(players=3)
    board.click("hex_4_2")
    board.new_game(players=5, seats=["human"] * 5)
    assert board.match.moves == () and board.game.num_players == 5
    assert len(ids(board.svg, "hex")) == 67 and len(board.seat_box.children) == 5
    board.option_widgets["players"].value = 4
    assert len(board.seat_box.children) == 4
    first = board.option_widgets["first_player"]          # picked by colour, as seats are
    assert [label for label, _ in first.options] == ["Red", "Blue", "Yellow", "Sky"]
    first.value = 3
    board.new_game_button.click()
    assert len(ids(board.svg, "hex")) == 53
    assert board.game.options["first_player"] == 3 and board.state.current_player == 3
    board.option_widgets["players"].value = 3             # Sky has no seat now
    assert first.value == 0 and len(first.options) == 3


def test_mimebundle_has_a_static_svg_of_the_board():
    board = attack_board()
    board.click("hex_2_2")
    data = board._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    svg = data["image/svg+xml"]
    assert marked(svg, "ship") == {f"hex_{h.q}_{h.r}" for h in SHIPS}
    assert marked(svg, "target") == set()  # the stored picture has no selection
    assert "Red to move" in svg            # and says whose turn it is (no status line)
    assert "application/vnd.jupyter.widget-view+json" in data


def test_scripted_game_by_clicks_plays_exactly_the_bots_moves():
    """Every move of a complete random game, entered by clicks, is the move intended."""
    board = ZyrcanBoard(players=3)
    bot = RandomBot(5)
    while not board.state.is_terminal():
        board.enter(bot.choose(board.state))   # raises unless the clicks play that move
    assert board.state.outcome() is not None and "Game over" in board.status_line.value


@pytest.mark.parametrize("bad", ["axes_1", "figure_1", "reservecount1", "hex_x_y", "hex_1",
                                 "ship_2_2", "hex_99_99", "reserve_2"])
def test_clicks_on_ids_the_board_did_not_draw_change_nothing_and_say_so(bad):
    board = attack_board()                 # attack phase: no reserve is drawn
    svg = board.svg
    board.click(bad)
    assert board.match.moves == () and board.svg == svg and board.last_refusal is None
    assert "redrawn" in board.message


def test_attack_arrows_overlay_follows_the_checkbox():
    board = attack_board()
    assert 'class="arrow' not in board.svg
    board.attack_arrows.value = True
    from boardlib.zyrcan.graphs import attack_graph
    edges = attack_graph(board.state).number_of_edges()
    assert board.svg.count('class="arrow attack"') == edges > 0
    board.click("hex_2_2")
    board.click("hex_4_2")                 # the arrows follow the new position
    assert board.svg.count('class="arrow attack"') == attack_graph(
        board.state).number_of_edges()
    board.attack_arrows.value = False
    assert 'class="arrow' not in board.svg
    assert 'class="arrow attack"' in ZyrcanBoard(state=board.state, show_attacks=True).svg


def test_ZY_01_coordinates_box_labels_every_hex_with_the_q_r_moves_use():
    """The move list, the messages and the notebook name hexes ``q,r``; the "Coordinates"
    box writes that name in every hex (under any ship), and a click on it clicks the hex."""
    board = attack_board()
    hexes = board.state.game.hexes

    def labels(svg):
        return re.findall(r"<text[^>]*>(\d+,\d+)</text>", svg)

    assert labels(board.svg) == []
    board.coordinates_box.value = True
    assert sorted(labels(board.svg)) == sorted(f"{h.q},{h.r}" for h in hexes)
    root = ET.fromstring(board.svg)
    owner = next(g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")
                 if any(t.text == "2,4" for t in g.iter("{http://www.w3.org/2000/svg}text"))
                 and g.get("id"))
    assert owner == "hex_2_4"                         # the label clicks as the hex it names
    board.click("hex_2_2")
    board.click(owner)                                # Red's 2-engine ship hits 2,4 (SE)
    assert board.match.moves == (Attack(Hex(2, 2), SE),)
    assert len(labels(board.svg)) == len(hexes)       # still there after the move
    board.coordinates_box.value = False
    assert labels(board.svg) == []
    assert labels(ZyrcanBoard(state=board.state, show_coordinates=True).svg)


def test_every_legal_move_can_be_entered_by_clicks_from_every_selection():
    """Placement (all types chosen or not) and attack positions (every own ship selected):
    the generic harness enters each legal move by the clicks clicks_for names."""
    import boardlib
    from boardlib.widgets.testing import check_every_move_by_clicks

    state = boardlib.load("zyrcan", players=3).new_initial_state()
    bot, states = RandomBot(2), []
    for turn in range(52):
        if turn in (0, 37, 51):
            states.append(state)
        state = state.apply(bot.choose(state))
    assert states[1].phase != PLACEMENT
    entered = check_every_move_by_clicks(ZyrcanBoard(players=3), states)
    assert entered > 500
