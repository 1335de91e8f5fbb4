"""GamePanel driven from Python with a tiny game (noughts and crosses, see conftest)."""
from __future__ import annotations

import asyncio
import re
import time

import ipywidgets as w
import pytest

from boardlib.core.bots import RandomBot
from boardlib.widgets import GamePanel

from .tictactoe_game import Mark, Resign, TicTacToe, TTTController


def make(seats=None, **kwargs) -> GamePanel:
    return GamePanel(TicTacToe(), TTTController(), seats=seats, **kwargs)


async def until(condition, seconds: float = 1.0) -> None:
    """Let the event loop run (bots move in tasks) until ``condition()`` or ``seconds`` pass."""
    for _ in range(int(seconds / 0.005)):
        if condition():
            return
        await asyncio.sleep(0.005)


def buttons(panel: GamePanel) -> dict[str, w.Widget]:
    found = {}

    def walk(widget):
        if isinstance(widget, (w.Button, w.ToggleButton)):
            found[widget.description] = widget
        for child in getattr(widget, "children", ()):
            walk(child)
    walk(panel)
    return found


def contains(widget, part) -> bool:
    return widget is part or any(contains(c, part) for c in getattr(widget, "children", ()))


def test_contract_classes_and_button_names():
    panel = make()
    assert isinstance(panel, w.VBox)
    assert "boardlib-panel" in panel._dom_classes
    assert "boardlib-log" in panel.event_log._dom_classes
    assert "boardlib-moves" in panel.move_list._dom_classes
    # the status and why-not lines are drawn by the board view (aria-live, board.js)
    assert panel.status_line.value == panel.view.status and "Crosses" in panel.view.status
    assert 'aria-live' in panel.view._esm and "boardlib-why" in panel.view._esm
    found = buttons(panel)
    for name in ("New game", "Undo", "Redo", "Bot move", "Hint", "Auto-play"):
        assert name in found, name
    assert isinstance(found["Auto-play"], w.ToggleButton)
    for part in (panel.view, panel.actions, panel.toolbar, panel.standings, panel.moves,
                 panel.events, panel.setup):
        assert contains(panel, part)


def test_select_then_play_through_the_view_click():
    panel = make()
    panel.view.click("cell_4")          # first click selects
    assert panel.selection == 4 and panel.match.moves == ()
    assert "cell 4 selected" in panel.status_line.value
    panel.view.click("cell_4")          # second click plays
    assert panel.match.moves == (Mark(4),)
    assert panel.state.cells[4] == 0 and panel.selection is None
    assert "Crosses" in panel.move_list.value and "mark 4" in panel.move_list.value
    assert "player 0 marked 4 (TT-02)" in re.sub("<[^>]+>", "", panel.event_log.value)
    assert "Noughts" in panel.status_line.value


def test_illegal_click_shows_rule_and_keeps_state():
    panel = make()
    panel.play("mark 0")
    before = panel.state
    svg = panel.svg
    panel.click("cell_0")
    panel.click("cell_0")               # already marked: the engine refuses
    assert panel.state is before
    assert panel.last_refusal.rule == "TT-02"
    assert "TT-02" in panel.why_line.value and "already marked" in panel.why_line.value
    assert panel.message == "Why not? That cell is already marked. (TT-02)"
    panel.click("cell_99")              # the controller refuses by itself
    assert panel.last_refusal.rule == "TT-01" and panel.state is before
    assert panel.svg.count("cell_") == svg.count("cell_")


@pytest.mark.parametrize("bad", ["axes_1", "cell_9", "cell_4_4", "", "x" * 5000, "Cell_1"])
def test_ids_the_board_did_not_draw_are_ignored_with_a_word(bad):
    panel = make()
    panel.click(bad)
    assert panel.match.moves == () and panel.selection is None
    assert "redrawn" in panel.message and panel.last_refusal is None
    panel.view._handle_message(panel.view, {"type": "click", "id": 7}, [])   # not even text
    panel.view._handle_message(panel.view, ["click"], [])
    assert panel.match.moves == ()


def test_undo_redo_and_history_lists():
    panel = make()
    panel.play("mark 0")
    panel.play("mark 4")
    panel.undo()
    assert panel.match.moves == (Mark(0),)
    assert "mark 4" not in panel.move_list.value and "marked 4" not in panel.event_log.value
    assert not buttons(panel)["Redo"].disabled
    panel.redo()
    assert panel.match.moves == (Mark(0), Mark(4))
    assert "marked 4" in panel.event_log.value
    panel.redo()                        # nothing left: says so, changes nothing
    assert "nothing" in panel.message.lower() or "no move" in panel.message.lower()
    assert buttons(panel)["Redo"].disabled


def test_undo_against_a_bot_goes_back_to_the_human_turn():
    panel = make(seats=["human", "random"])
    panel.click("cell_0")
    panel.click("cell_0")               # the bot replies at once (no event loop here)
    assert len(panel.match.moves) == 2 and panel.state.current_player == 0
    panel.undo()
    assert panel.match.moves == () and panel.state.current_player == 0


def test_bot_move_and_hint():
    panel = make()
    move = panel.hint()
    assert move in panel.state.legal_moves() and panel.match.moves == ()
    assert "Hint" in panel.why_line.value
    assert 'stroke="gold"' in panel.svg or move == Resign()
    panel.bot_move()
    assert len(panel.match.moves) == 1 and panel.hint_move is None


def test_button_moves_and_game_over():
    panel = make()
    assert [b.description for b in panel.actions.children] == ["Resign"]
    panel.actions.children[0].click()
    assert panel.state.is_terminal()
    assert "Game over" in panel.status_line.value and "Noughts wins" in panel.status_line.value
    assert panel.actions.children == ()
    panel.click("cell_1")
    panel.click("cell_1")
    assert panel.last_refusal.rule == "TT-03"


def test_new_game_with_options_and_seats():
    panel = make()
    panel.play("mark 0")
    panel.new_game(first_player=1, seats=["random", "human"])
    assert panel.match.moves == () and panel.game.options["first_player"] == 1
    assert panel.seats == ("random", "human")
    assert panel.state.current_player == 1
    # the form: option widgets follow the game, the button reads them
    panel.option_widgets["first_player"].value = 0
    panel.seat_box.children[1].value = "greedy"
    buttons(panel)["New game"].click()
    assert panel.game.options["first_player"] == 0
    # seat 0 is human, seat 1 greedy: the human moves first, nothing else happens
    assert panel.seats == ("human", "greedy") and panel.match.moves == ()


def test_bad_new_game_options_are_reported():
    panel = make()
    panel.new_game(players=3)
    assert "Cannot start" in panel.message and panel.game.options["players"] == 2


def test_bad_seat_kind_is_refused():
    with pytest.raises(ValueError, match="seat 1"):
        make(seats=["human", "wizard"])


def test_prepared_state_and_bot_objects():
    game = TicTacToe()
    state = game.new_initial_state().apply(Mark(4))
    panel = GamePanel(controller=TTTController(), state=state, seats=[RandomBot(3), "human"])
    assert panel.state is state and panel.seats == ("random", "human")
    # a bot to move in a prepared position replies at once when a human plays too
    panel = GamePanel(controller=TTTController(), state=state, seats=["human", RandomBot(3)])
    assert panel.match.states[0] is state and len(panel.match.moves) == 1


def test_autoplay_without_event_loop_plays_to_the_end():
    panel = make(seats=["random", "random"])
    assert panel.match.moves == ()      # all-bot seats wait for Auto-play
    panel.autoplay.value = True
    assert panel.state.is_terminal() and panel.autoplay.value is False


def test_autoplay_as_asyncio_task_and_stop():
    async def scenario():
        panel = make(seats=["random", "random"], delay=0.0)
        panel.autoplay.value = True
        assert panel._task is not None
        await until(panel.state.is_terminal)
        assert panel.state.is_terminal() and panel.autoplay.value is False
        assert panel._task is None
        # stop in the middle: a long delay, then toggle off
        panel.new_game()
        panel.speed.value = 1.0
        panel.autoplay.value = True
        await until(lambda: panel.match.moves)
        played = len(panel.match.moves)
        panel.autoplay.value = False
        await asyncio.sleep(0.05)
        assert played == 1 and len(panel.match.moves) == 1 and panel._task is None
    asyncio.run(scenario())


def test_bot_reply_task_is_dropped_after_undo():
    async def scenario():
        panel = make(seats=["human", "random"], delay=0.0)
        panel.click("cell_0")
        panel.click("cell_0")
        assert panel._task is not None   # the bot replies in the background
        panel.undo()
        await asyncio.sleep(0.05)
        assert panel.match.moves == () and panel._task is None
        panel.click("cell_0")
        panel.click("cell_0")
        panel.click("cell_5")             # the bot's turn: a human click must wait
        assert "Wait a moment" in panel.message and panel.selection is None
        await until(lambda: len(panel.match.moves) == 2)
        assert len(panel.match.moves) == 2 and panel.state.current_player == 0
    asyncio.run(scenario())


class SlowBot(RandomBot):
    """A bot that thinks for a while, as MCTS does."""

    def choose(self, state):
        time.sleep(0.15)
        return super().choose(state)


def test_stopping_auto_play_while_a_bot_thinks_lets_it_still_reply():
    """Found in Voila: auto-play stopped mid-thought left the bot's turn to the human, whose
    next click moved for the bot."""
    async def scenario():
        panel = make(seats=["human", SlowBot(1)], delay=0.0)
        panel.click("cell_0")
        panel.click("cell_0")
        panel.autoplay.value = True
        await until(lambda: panel._thinking == 1)
        assert panel._thinking == 1 and "thinking" in panel.status_line.value
        assert "click" not in panel.status_line.value.split("thinking")[1]
        panel.autoplay.value = False
        panel.click("cell_5")              # still the bot's turn: refused, not played
        panel.click("cell_5")
        assert "Wait a moment" in panel.message and len(panel.match.moves) == 1
        await until(lambda: len(panel.match.moves) == 2)
        assert len(panel.match.moves) == 2 and panel.state.current_player == 0
    asyncio.run(scenario())


def test_a_click_for_an_all_bot_seat_says_how_it_moves():
    panel = make(seats=["random", "random"])
    panel.click("cell_0")
    assert panel.match.moves == () and "Bot move or Auto-play" in panel.message
    assert "press Bot move or Auto-play" in panel.status_line.value


def test_mimebundle_has_static_svg_and_stable_text():
    panel = make()
    panel.click("cell_3")               # a selection is not part of the static picture
    data = panel._repr_mimebundle_()
    if isinstance(data, tuple):
        data = data[0]
    assert "application/vnd.jupyter.widget-view+json" in data
    picture = data["image/svg+xml"]
    assert picture.startswith("<svg") and 'stroke="red"' not in picture
    assert data["text/plain"] == (
        "<GamePanel: boardlib.load('tictactoe', players=2, first_player=0)>")


def test_move_list_and_log_show_the_newest_first():
    panel = make()
    panel.play("mark 0")
    panel.play("mark 4")
    moves = panel.move_list.value
    assert moves.startswith("<ol reversed>") and moves.index("mark 4") < moves.index("mark 0")
    log = panel.event_log.value
    assert log.index("marked 4") < log.index("marked 0")


class MinimalController:
    """Only the two required methods, no BaseController, no hint parameter."""

    def draw(self, state, selection):       # a hand-written picture: ids only, no classes
        cells = "".join(f'<rect id="cell_{i}"/>' for i in range(9))
        return f'<svg xmlns="http://www.w3.org/2000/svg">{cells}</svg>'

    def click(self, state, element_id, selection):
        from boardlib.widgets import Play
        return Play(Mark(int(element_id.split("_")[1])))


def test_a_minimal_controller_is_enough():
    panel = GamePanel(TicTacToe(), MinimalController())
    panel.click("cell_2")
    assert panel.match.moves == (Mark(2),) and "player 0" in panel.move_list.value
    assert panel.hint() is not None and "Hint" in panel.message   # shown as text only
    data = panel._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert data["image/svg+xml"].startswith("<svg")


def test_not_a_controller_is_refused():
    with pytest.raises(TypeError, match="controller"):
        GamePanel(TicTacToe(), object())


def test_long_games_show_only_the_newest_moves():
    panel = make()
    panel.moves.shown = panel.events.shown = 2
    for cell in (0, 4, 8):
        panel.play(f"mark {cell}")
    assert "mark 8" in panel.move_list.value and "mark 4" in panel.move_list.value
    assert "mark 0" not in panel.move_list.value and "1 earlier move<" in panel.move_list.value
    assert "marked 0" not in panel.event_log.value and "marked 8" in panel.event_log.value


def test_small_teaching_panels_leave_out_setup_and_history():
    panel = make(show_setup=False, show_history=False, board_width="300px",
                 seats=["human", "random"])
    assert panel.setup is None and panel.option_widgets == {} and panel.seat_box is None
    assert not contains(panel, panel.moves) and not contains(panel, panel.events)
    assert panel.view.max_width == "300px"
    panel.play("mark 0")                 # the lists still follow the game, just not shown
    assert "mark 0" in panel.move_list.value
    panel.new_game_button.click()        # without the form: the same options and seats
    assert len(panel.match) == 0 and panel.seats == ("human", "random")


class ScriptedTTT(TTTController):
    def clicks_for(self, state, move, selection=None):
        return [] if isinstance(move, Resign) else [f"cell_{move.cell}"] * 2


def test_enter_plays_a_move_by_its_clicks_and_says_when_they_fail():
    panel = GamePanel(TicTacToe(), ScriptedTTT())
    assert panel.enter(Mark(4)) == ["cell_4", "cell_4"]
    assert panel.match.moves == (Mark(4),)
    before = panel.state
    with pytest.raises(ValueError, match="refused click cell_4"):
        panel.enter(Mark(4))                       # already marked (TT-02)
    assert panel.state is before and panel.last_refusal.rule == "TT-02"
    assert panel.enter(Resign()) == [] and panel.state.is_terminal()
