"""Section X boards are sturdy (issue 17): every legal move can be entered by clicks from any
selection a person can reach, in both phases of random games; unknown ids are ignored with
a word; keys work as on every board; New game closes what it replaces."""
from __future__ import annotations

import random

import pytest

import boardlib
from boardlib.core.api import Illegal
from boardlib.section_x.draw import draw_svg
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.section_x.rules import (ACT_PHASE, TILE_PHASE, Door, EndTurn, MoveTile, PlaceTile,
                                      RotateTile, Step, SwapTiles)
from boardlib.section_x.widget import SectionXBoard, SectionXController
from boardlib.widgets import Play, Select
from boardlib.widgets.testing import check_every_move_by_clicks, widget_count

GAMES = 30


def game_states(games: int = GAMES, per_game: int = 3) -> list:
    """A few states of each of ``games`` seeded random games (2-4 players), in both phases."""
    states = []
    for seed in range(games):
        state = boardlib.load("section_x", players=2 + seed % 3, seed=seed,
                              max_turns=120).new_initial_state()
        rng = random.Random(seed)
        picked, n = [], 0
        wanted = {TILE_PHASE: per_game - per_game // 2, ACT_PHASE: per_game // 2}
        while not state.is_terminal() and any(wanted.values()):
            if n % (5 + seed % 7) == 3 and wanted.get(state.phase, 0):
                wanted[state.phase] -= 1
                picked.append(state)
            state = state.apply(state.random_move(rng))
            n += 1
        states += picked
    return states


def selections_by_clicks(controller, state, clickable, depth=2, limit=40, seed=0):
    """Selections reachable by up to ``depth`` clicks (no move played), the empty one first;
    at most ``limit`` of them, a seeded sample that keeps one of every kind."""
    found, frontier = [None], [None]
    for _ in range(depth):
        following = []
        for selection in frontier:
            for element_id in clickable:
                result = controller.click(state, element_id, selection)
                if isinstance(result, Select) and result.selection not in found:
                    found.append(result.selection)
                    following.append(result.selection)
        frontier = following
    if len(found) <= limit:
        return found
    rng = random.Random(seed)
    kinds = {}
    for s in found[1:]:
        kinds.setdefault(s[0], s)
    rest = [s for s in found[1:] if s not in kinds.values()]
    return [None, *kinds.values(), *rng.sample(rest, limit - 1 - len(kinds))]


def enter_by_clicks(controller, state, move, selection, clickable) -> None:
    """What the panel does with each click of ``clicks_for`` (the ids must be drawn, a
    Select changes the selection, only the last click plays, and exactly ``move``)."""
    clicks = controller.clicks_for(state, move, selection)
    if not clicks:
        assert isinstance(move, EndTurn), move          # a button, not a click
        return
    for k, element_id in enumerate(clicks):
        assert element_id in clickable, (move, selection, clicks, element_id)
        result = controller.click(state, element_id, selection)
        last = k == len(clicks) - 1
        if isinstance(result, Select) and not last:
            selection = result.selection
            continue
        assert last and isinstance(result, Play) and result.move == move, (
            move, selection, clicks, element_id, result)
        assert state.why_illegal(result.move) is None


def test_every_legal_move_can_be_entered_by_clicks_from_every_selection_in_30_games():
    """Tile placement with rotation, moving, swapping and turning (SX-07, SX-08), prisoner
    steps (SX-16) and doors (SX-13): from the empty selection and from every kind of
    selection reachable by clicks, the clicks ``clicks_for`` names play exactly the move."""
    controller = SectionXController()
    entered, seen, phases = 0, set(), set()
    states = game_states()
    assert len(states) >= 2 * GAMES
    for n, state in enumerate(states):
        clickable = set(draw_svg(state).clickable)
        selections = selections_by_clicks(controller, state, sorted(clickable), limit=25,
                                          seed=n)
        moves = list(state.legal_moves())
        if len(moves) > 60:                     # a seeded sample of the many placements
            moves = random.Random(n).sample(moves, 60)
        phases.add(state.phase)
        for selection in selections:
            for move in moves:
                enter_by_clicks(controller, state, move, selection, clickable)
                entered += 1
                seen.add((type(move).__name__, None if selection is None else selection[0]))
    assert phases == {TILE_PHASE, ACT_PHASE} and entered > 10_000
    for move in (PlaceTile, MoveTile, SwapTiles, RotateTile):
        for picked in (None, "hand", "tile"):
            assert (move.__name__, picked) in seen, (move, picked)
    for move in (Step, Door):
        for picked in (None, "from", "door"):
            assert (move.__name__, picked) in seen, (move, picked)


def test_the_panel_enters_every_move_by_real_clicks_in_phase_3_of_random_games():
    """The shared harness (boardlib.widgets.testing) on the panel itself: phase-3 positions
    of random games, every selection one click deep."""
    states = [s for s in game_states(games=4, per_game=4) if s.phase == ACT_PHASE][:3]
    board = SectionXBoard(players=2, show_setup=False, show_history=False)
    assert check_every_move_by_clicks(board, states, depth=1) >= 30


@pytest.mark.slow
def test_the_panel_enters_every_move_by_real_clicks_in_phase_2():
    """The same harness on a phase-2 position: every placement in every rotation, every
    move and turn of the board tile, from every selection one click deep (about 40 s)."""
    small = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight"]})
    board = SectionXBoard(players=2, show_setup=False, show_history=False)
    assert check_every_move_by_clicks(board, [small], depth=1) > 500


@pytest.mark.parametrize("bad", ["hex_1_1", "part_9_9_0", "field_1", "zone_7", "<script>",
                                 "x" * 500, "island_0_0", "turn_2"])
def test_clicks_on_ids_the_board_did_not_draw_change_nothing_and_say_so(bad):
    board = SectionXBoard(state=position(tiles=EAST, hands={0: ["straight"]}),
                          show_setup=False, show_history=False)
    before = board.svg
    board.click(bad)
    assert board.match.moves == () and board.selection is None and board.svg == before
    assert "redrawn" in board.message and board.last_refusal is None


def test_keys_R_and_shift_R_turn_U_undoes_H_hints():
    board = SectionXBoard(state=position(tiles={"2,0": ("tight-curve", 0)},
                                         hands={0: ["straight"]}),
                          show_setup=False, show_history=False)
    board.view.press("r")                       # nothing picked: the first hand tile turns
    assert board.selection == ("hand", 0, 1)
    board.view.press("R")
    board.view.press("R")
    assert board.selection == ("hand", 0, 2)    # a straight has three distinct rotations
    board.click("field_2_0")
    board.view.press("r")
    assert board.selection == ("tile", H("2,0"), 1)
    board.click("field_2_0")
    assert board.match.moves == (RotateTile(H("2,0"), 1),)
    board.view.press("r")                        # phase 3: nothing turns, and it says so
    assert "nothing to turn" in board.message
    board.view.press("h")
    assert "Hint" in board.message or "hint" in board.message
    board.view.press("u")
    assert board.match.moves == ()
    board.click("hand_0")
    board.view.press("escape")
    assert board.selection is None


def test_new_game_closes_the_widgets_it_replaces():
    board = SectionXBoard(players=2, show_history=True)
    board.new_game()
    before = widget_count()
    for _ in range(20):
        board.new_game()
    assert widget_count() == before


def test_a_refused_click_names_its_rule_and_changes_nothing():
    board = SectionXBoard(state=act(tiles=EAST), show_setup=False, show_history=False)
    board.click("part_3_0_0")              # no prisoner of Red's there (SX-I4)
    assert board.last_refusal is not None and board.last_refusal.rule.startswith("SX-")
    assert board.last_refusal.rule in board.why_line.value
    assert board.match.moves == ()
    result = SectionXController().click(board.state, "field_1_1", None)
    assert isinstance(result, Illegal) and result.rule == "SX-I4"
