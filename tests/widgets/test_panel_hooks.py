"""GamePanel's public extension API, its secrets, its keys, bots without threads, and a
panel that closes what it replaces (driven with noughts and crosses)."""
from __future__ import annotations

import asyncio
import gc
import tracemalloc

import ipywidgets as w
import pytest

from boardlib.core import GameType, seed_option
from boardlib.core.api import Option
from boardlib.core.bots import RandomBot
from boardlib.widgets import GamePanel, Select
from boardlib.widgets import bots as bot_threads
from boardlib.widgets.testing import check_every_move_by_clicks, widget_count

from .tictactoe_game import Mark, Resign, TicTacToe, TTTController, TTTState


class ScriptedTTT(TTTController):
    def clicks_for(self, state, move, selection=None):
        if isinstance(move, Resign):
            return []
        return [f"cell_{move.cell}"] if selection == move.cell else [f"cell_{move.cell}"] * 2


def make(seats=None, controller=None, **kwargs) -> GamePanel:
    return GamePanel(TicTacToe(), controller or ScriptedTTT(), seats=seats, **kwargs)


# --- the click harness ----------------------------------------------------------------------

def test_the_harness_enters_every_move_from_every_selection():
    game = TicTacToe()
    states = [game.new_initial_state(), game.new_initial_state().apply(Mark(4))]
    # every cell selectable (a marked one too); each mark and Resign from each selection
    assert check_every_move_by_clicks(make(), states) == 10 * 10 + 10 * 9


def test_the_harness_fails_a_board_that_cannot_enter_a_move():
    class Forgetful(ScriptedTTT):   # thinks one click plays: it only selects, unless the
        def clicks_for(self, state, move, selection=None):    # cell was selected already
            return [] if isinstance(move, Resign) else [f"cell_{move.cell}"]

    with pytest.raises(AssertionError, match="from selection None"):
        check_every_move_by_clicks(make(controller=Forgetful()),
                                   [TicTacToe().new_initial_state()])


# --- hooks ----------------------------------------------------------------------------------

class Hooked(GamePanel):
    def __init__(self, **kwargs):
        self.stopped: set[str] = set()
        super().__init__(TicTacToe(), ScriptedTTT(), narration=True, **kwargs)

    def gate(self, action):
        return f"{action} is stopped" if action in self.stopped else None

    def status_html(self):
        return super().status_html() + " · <i>hooked</i>"

    def narration_lines(self):
        return [f"{len(self.match.moves)} moves so far"]

    def move_buttons(self):
        return [*super().move_buttons(), ("Shout", lambda: self.say("Hello!"))]

    def option_widget(self, option, value):
        if option.name == "first_player":
            return w.BoundedIntText(value=value, min=0, max=1, description="who starts")
        return None


def test_hooks_shape_the_status_narration_buttons_and_form():
    panel = Hooked()
    assert panel.status_line.value.endswith("· <i>hooked</i>")
    assert "0 moves so far" in panel.narration.value
    assert panel.actions.labels == ["Resign", "Shout"]
    panel.actions.children[1].click()
    assert panel.message == "Hello!"
    assert isinstance(panel.option_widgets["first_player"], w.BoundedIntText)
    panel.play("mark 4")
    assert "1 moves so far" in panel.narration.value


@pytest.mark.parametrize("action,call", [
    ("click", lambda p: p.click("cell_4")), ("move", lambda p: p.try_move(Mark(4))),
    ("bot", lambda p: p.bot_move()), ("hint", lambda p: p.hint()),
    ("undo", lambda p: p.undo()), ("redo", lambda p: p.redo()),
    ("new", lambda p: p.new_game())])
def test_gate_stops_each_action_and_says_why(action, call):
    panel = Hooked()
    panel.play("mark 0")
    panel.undo()
    panel.stopped = {action}
    before = (panel.state, panel.selection, panel.match.moves)
    call(panel)
    assert (panel.state, panel.selection, panel.match.moves) == before
    assert panel.message == f"{action} is stopped"


def test_sections_standings_and_controls_go_where_asked():
    panel = make()
    extra, side, table, tool = w.HTML("below"), w.HTML("side"), w.HTML("table"), w.Button()
    panel.add_section(extra)
    panel.add_section(side, where="side")
    panel.set_standings(table)
    panel.add_control(tool)
    assert extra in panel._below.children and side in panel._side.children
    assert panel.standings.children == (table,) and tool in panel.toolbar.children
    newer = w.HTML("newer")
    panel.set_standings(newer)                 # the old one is closed, not left behind
    assert panel.standings.children == (newer,) and table.comm is None
    with pytest.raises(ValueError):
        panel.add_section(w.HTML(), where="top")


# --- keys -----------------------------------------------------------------------------------

def test_keys_undo_hint_let_go_and_rotate():
    class Turning(ScriptedTTT):
        def rotate(self, state, selection, step):
            return Select(None if selection is None else (selection + step) % 9)

    panel = make(controller=Turning())
    panel.play("mark 0")
    panel.view.press("u")
    assert panel.match.moves == ()
    panel.view.press("h")
    assert panel.hint_move is not None and "Hint" in panel.message
    panel.click("cell_4")
    panel.view.press("r")
    assert panel.selection == 5
    panel.view.press("R")
    panel.view.press("R")
    assert panel.selection == 3
    panel.view.press("escape")
    assert panel.selection is None
    plain = make()
    plain.view.press("r")                      # nothing to turn in this game: said so
    assert "nothing to turn" in plain.message


# --- secrets --------------------------------------------------------------------------------

class SecretTicTacToe(TicTacToe):
    """Noughts and crosses that hides something: marking the centre shows the other player
    a secret (as a face-down room turned up would). Its metadata says so, as a game's does."""

    TYPE = GameType("secret_tictactoe", "Secret noughts and crosses", min_players=2,
                    max_players=2, hidden_information=True, chance=True)
    OPTIONS = (*TicTacToe.OPTIONS, seed_option("the deal"))

    def new_initial_state(self):
        return SecretState(self, (None,) * 9, self.options["first_player"], ())


class SecretState(TTTState):
    def _apply(self, move):
        made = super()._apply(move)
        return SecretState(made.game, made.cells, made.to_move, made.events)

    def revealed_to(self, player):
        """The move that led here marked the centre, which shows the *other* player."""
        return any(e.text == f"player {1 - player} marked 4" for e in self.events)


class Centre(RandomBot):
    """Takes the centre when it can."""

    def choose(self, state):
        return Mark(4) if state.cells[4] is None else super().choose(state)


def secret(seats=("human", "random"), **kwargs) -> GamePanel:
    return GamePanel(SecretTicTacToe(), ScriptedTTT(), seats=list(seats), **kwargs)


def test_no_buttons_and_no_hint_while_a_bot_is_to_move():
    bots_turn = GamePanel(state=SecretTicTacToe().new_initial_state(), controller=ScriptedTTT(),
                          seats=["random", "random"])
    assert bots_turn.actions.children == ()    # no Resign for the bot to press
    assert bots_turn.hint_button.disabled
    assert bots_turn.hint() is None and "Hints are for human seats" in bots_turn.message
    human = secret(seats=("human", "random"))
    assert human.actions.labels == ["Resign"] and not human.hint_button.disabled


def test_undo_refuses_to_take_back_what_showed_a_human_a_secret_when_a_bot_plays():
    everyone = secret(seats=("human", "human"))
    everyone.play("mark 4")                    # Crosses takes the centre: Noughts sees
    assert everyone.state.revealed_to(1)
    everyone.undo()                            # all seats human: undo freely
    assert everyone.match.moves == ()
    mine = secret(seats=("human", "random"))
    mine.play("mark 4")                        # shows the bot something: that is no secret
    mine.undo()                                # a human may take back
    assert mine.match.moves == ()
    against = secret(seats=("human", Centre(1)))
    against.click("cell_8")
    against.click("cell_8")                    # the bot replies at once: the centre
    assert against.match.moves == (Mark(8), Mark(4)) and against.state.revealed_to(0)
    against.undo()                             # would take back what Crosses has seen
    assert against.match.moves == (Mark(8), Mark(4))
    assert "Undo is not possible" in against.message and "Crosses" in against.message
    same_without_secrets = GamePanel(TicTacToe(), ScriptedTTT(), seats=["human", Centre(1)])
    same_without_secrets.click("cell_8")
    same_without_secrets.click("cell_8")
    same_without_secrets.undo()
    assert same_without_secrets.match.moves == ()


def test_new_game_deals_afresh_unless_the_seed_was_fixed_and_hidden_games_show_no_seed():
    panel = secret(seats=("human", "human"))
    assert "seed" not in panel.option_widgets          # it would tell the deal
    seeds = set()
    for _ in range(5):
        panel.new_game_button.click()
        seeds.add(panel.game.options["seed"])
    assert len(seeds) == 5
    fixed = GamePanel(SecretTicTacToe(seed=42), ScriptedTTT())   # the game knows it was given
    assert fixed.game.seed_fixed
    fixed.new_game_button.click()
    assert fixed.game.options["seed"] == 42 and "seed" not in fixed.option_widgets
    assert "42" not in repr(fixed) and "seed" not in repr(fixed)
    older = GamePanel(TicTacToeWithSeed(seed=5), ScriptedTTT(), seed_fixed=True)
    older.new_game()                                  # a plain seed option: the panel is told
    assert older.game.options["seed"] == 5


class TicTacToeWithSeed(TicTacToe):
    """A game whose seed is a plain option (a game not yet on the core's seed_option)."""

    name = "seeded_tictactoe"
    OPTIONS = (*TicTacToe.OPTIONS, Option("seed", 0, "the deal"))


def test_a_game_without_secrets_shows_its_seed_field_empty_for_a_new_deal():
    class Dealt(TicTacToe):
        TYPE = GameType("dealt", "Dealt noughts and crosses", min_players=2, max_players=2,
                        hidden_information=False, chance=True)
        OPTIONS = (*TicTacToe.OPTIONS, seed_option("the deal"))

    panel = GamePanel(Dealt(), ScriptedTTT())
    field = panel.option_widgets["seed"]
    assert field.value == "" and "new deal" in field.placeholder
    panel.new_game_button.click()
    first = panel.game.options["seed"]
    field.value = "123"
    panel.new_game_button.click()
    assert panel.game.options["seed"] == 123 and field.value == "123"
    panel.new_game_button.click()                       # kept while it is in the field
    assert panel.game.options["seed"] == 123
    field.value = "a lot"
    panel.new_game_button.click()
    assert "whole number" in panel.message and panel.game.options["seed"] == 123
    field.value = ""
    panel.new_game_button.click()
    assert panel.game.options["seed"] not in (123, first) and field.value == ""


# --- bots without threads (Pyodide) --------------------------------------------------------

def test_bots_play_without_threads_where_there_are_none(monkeypatch):
    monkeypatch.setattr(bot_threads, "THREADS", False)

    async def scenario():
        loop = asyncio.get_running_loop()

        def no_threads(*args, **kwargs):
            raise AssertionError("a thread was asked for")
        monkeypatch.setattr(loop, "run_in_executor", no_threads)
        panel = make(seats=["random", "random"], delay=0.0)
        panel.autoplay.value = True
        for _ in range(400):
            if panel.state.is_terminal():
                break
            await asyncio.sleep(0.005)
        assert panel.state.is_terminal() and panel.autoplay.value is False
        reply = make(seats=["human", "random"], delay=0.0)
        reply.click("cell_0")
        reply.click("cell_0")
        for _ in range(200):
            if len(reply.match.moves) == 2:
                break
            await asyncio.sleep(0.005)
        assert len(reply.match.moves) == 2
    asyncio.run(scenario())


# --- nothing piles up ------------------------------------------------------------------------

def test_200_new_games_leave_the_widget_count_and_memory_flat():
    """Before the board layer was split, 200 presses of New game left 1,800 more widgets
    and 5.8 MB (3 players). Now seat dropdowns and move buttons are reused or closed."""
    panel = make(seats=["human", "random"])

    def press(times):
        for k in range(times):
            panel.seat_box.children[1].value = ("random", "greedy")[k % 2]
            panel.new_game_button.click()
            panel.click("cell_4")
            panel.click("cell_4")
    press(20)                                  # first calls fill caches (traitlets, re ...)
    gc.collect()
    before = widget_count()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    press(200)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    assert widget_count() == before
    # Measured with the play tabs (issue 18): 135-146 kB after 200 games, 155 kB after 400,
    # 164 kB after 800: caches that fill once (the first 200 games), then ~24 bytes a game.
    assert grown < 175_000, f"{grown} bytes kept after 200 new games"
