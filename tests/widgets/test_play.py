"""Playing a whole game on a GamePanel (issue 18), driven from Python: the last moves
marked (class ``last-move``) and said in words, the standing panel and score chart, replay,
Save and Load, words for moves and hints, Explain step by step, Bot move as a whole turn.

Zyrcan has a Teacher and a draw that takes marks; noughts and crosses has neither (the
base Teacher: engine notation, no marks) and shows that every game still works."""
from __future__ import annotations

import html
import json
import re

import pytest

import boardlib
from boardlib.core.bots import RandomBot
from boardlib.core.teaching import history
from boardlib.grids.hex import Hex
from boardlib.svg import MarkLayer, score_chart
from boardlib.svg.marks import EXPLAIN, LAST_MOVE
from boardlib.widgets import GamePanel, KEYS
from boardlib.widgets.play import load_match, save_text
from boardlib.zyrcan.rules import Attack, Place, position
from boardlib.zyrcan.widget import ZyrcanBoard

from .tictactoe_game import TicTacToe, TTTController

E, NE, NW, W, SW, SE = range(6)
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(3, 2): (1, 2), Hex(5, 2): (2, 2), Hex(6, 1): (1, 1)}


def text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def marks_of(svg: str, css_class: str = LAST_MOVE) -> list[tuple[str, str, str]]:
    """(kind, place id, seat) of every mark group of ``css_class`` in a picture."""
    return re.findall(rf'<g class="{css_class} mark-[a-z-]+(?: mark-flight)?" '
                      r'data-mark="(\w+)" data-at="(\w+)" data-seat="(\d*)"', svg)


def attack_board(**kwargs) -> ZyrcanBoard:
    return ZyrcanBoard(state=position(players=3, ships=SHIPS), **kwargs)


def played_game(seed: int = 4, players: int = 3) -> ZyrcanBoard:
    board = ZyrcanBoard(players=players)
    bot = RandomBot(seed)
    while not board.state.is_terminal():
        board.play(bot.choose(board.state))
    return board


# --- 1. what just happened -------------------------------------------------------------------

def test_last_move_marks_the_bots_replies_in_their_colours_and_words():
    board = ZyrcanBoard(players=3, seats=["human", "random", "random"], seed=2)
    board.click("hex_3_3")                          # Red places; Blue and Yellow reply
    assert len(board.match.moves) == 3
    states, moves = board.match.states, board.match.moves
    found = marks_of(board.svg)
    # exactly the replies since Red moved, each in its mover's colour, on its hex
    assert sorted(found) == sorted(("placed", f"hex_{m.at.q}_{m.at.r}", str(p))
                                   for p, m in ((1, moves[1]), (2, moves[2])))
    teacher = board.teacher
    words = [teacher.move_words(states[i], moves[i], states[i + 1], 0) for i in (1, 2)]
    assert text(board.status_line.value).endswith(f"Last: {'; '.join(words)}.")


def test_the_marks_animate_once_not_on_every_redraw():
    board = ZyrcanBoard(players=3)
    board.click("hex_3_3")
    # (the redraw after the move is the one that animates; a later redraw does not)
    board.redraw()
    assert 'class="marks last-move-layer"' in board.svg and " fresh" not in board.svg
    board.click("hex_4_3")
    assert 'class="marks last-move-layer fresh"' in board.svg
    assert "prefers-reduced-motion" in open(
        boardlib.widgets.board.__file__.replace("board.py", "board.css")).read()


def test_an_attack_is_marked_from_to_and_the_destroyed_ship_zy10():
    board = attack_board(seats=["human", "human", "human"])
    board.click("hex_2_2")
    board.click("hex_4_2")                         # Red's 2-engine ship destroys Blue's 1
    found = set(marks_of(board.svg))
    assert {("from", "hex_2_2", "0"), ("to", "hex_4_2", "0"), ("flight", "hex_4_2", "0"),
            ("removed", "hex_4_2", "1")} == found
    assert "#D55E00" in board.svg.split('class="marks')[1]        # Red's colour
    assert "destroyed Blue's 1-engine ship" in text(board.status_line.value)


def test_a_game_without_marks_in_its_draw_says_the_moves_in_words_only():
    panel = GamePanel(TicTacToe(), TTTController())
    panel.click("cell_4")
    panel.click("cell_4")
    assert "last-move" not in panel.svg
    assert "Last: " in text(panel.status_line.value)


# --- 2. who is winning ------------------------------------------------------------------------

def test_the_standing_panel_shows_the_engines_numbers_zy13():
    board = ZyrcanBoard(players=3)
    bot = RandomBot(5)
    for _ in range(40):
        board.play(bot.choose(board.state))
    board.tabs.show("standings")
    value = board.standings_view.value
    for p in range(3):
        row = re.search(rf'<tr data-seat="{p}"[^>]*>(.*?)</tr>', value).group(1)
        cells = dict(re.findall(r'<td data-key="(\w+)"[^>]*>([^<]*)</td>', row))
        assert int(cells["engines"]) == board.state.engines(p)
        assert int(cells["ships"]) == board.state.ship_count(p)
    assert board.teacher.standings(board.state).summary in text(value)


def test_the_standings_wait_until_their_tab_is_shown():
    board = ZyrcanBoard(players=3)
    board.play(Place(Hex(3, 3), 1))
    assert board.standings_view.value == ""          # no work for a tab nobody looks at
    board.tabs.show("standings")
    assert "Fleets" in board.standings_view.value


def test_a_finished_game_shows_a_score_chart_in_plain_svg():
    board = played_game()
    board.tabs.show("standings")
    value = board.standings_view.value
    assert '<svg' in value and "bl-chart" in value and "matplotlib" not in value
    series = board.teacher.score_series(history(board.match))
    assert value.count('class="series"') == 3
    assert f"{series.title} over the game" in value
    chart = score_chart(series)
    assert chart == score_chart(series)              # same series, same bytes
    final = series.values[-1]
    for p, name in enumerate(series.names):
        assert f"{name} {final[p]:g}" in chart


def test_cb16_a_five_player_carcassonne_end_breakdown_is_stacked_by_feature():
    """At the end of a 5-player game the points by feature (CB-08 … CB-11, CB-15, KR-02) are
    a row per feature and a column per seat, each cell keeping its key and seat; titles
    carry their rule in the tooltip; every seat's features add up to its score (CB-16)."""
    from boardlib.carcassonne.widget import CarcassonneBoard

    game = boardlib.load("carcassonne", players=5, seed=1, king_robber_baron=True)
    board = CarcassonneBoard(state=game.new_initial_state())
    bot = RandomBot(4)
    while not board.state.is_terminal():
        board.play(bot.choose(board.state))
    board.tabs.show("standings")
    value = board.standings_view.value
    stacked = value[value.index("boardlib-by-column"):]
    for key in ("road", "city", "cloister", "field", "royal"):
        assert re.search(rf'<tr data-key="{key}"><th scope="row" title="[^"]+ \([A-Z]+-\d+\)"',
                         stacked), key
    for seat in range(5):
        cells = re.findall(rf'<td data-key="\w+" data-seat="{seat}"[^>]*>(\d+)</td>', stacked)
        assert len(cells) == 5 and sum(map(int, cells)) == board.state.scores[seat]
    # the live table is still a row per seat, its titles' tooltips say the rule
    assert re.search(r'<th scope="col" title="Score \(CB-16\)" class="decides">Score</th>',
                     value)
    assert value.count('<tr data-seat="') == 5


# --- 3. replay -------------------------------------------------------------------------------

def test_replay_walks_every_position_of_a_finished_game_read_only():
    board = played_game(seed=6)
    n = len(board.match.moves)
    board.replay(0)
    assert board.view.arrow_keys and board.tabs.shown == "replay"
    seen = [board.svg]
    for _ in range(n):
        board.on_key("right")
        seen.append(board.svg)
    assert board.replay_at == n and len(seen) == n + 1
    controller = board.controller
    for i in (0, 1, n // 2, n):
        state = board.match.states[i]
        marks = () if i == 0 else board.teacher.marks(board.match.states[i - 1],
                                                      board.match.moves[i - 1], state, None)
        assert seen[i] == controller.draw(state, None, marks=MarkLayer(tuple(marks)))
    board.on_key("left")
    assert board.replay_at == n - 1
    assert board.replay_slider.value == n - 1 and board.replay_slider.max == n
    board.replay_slider.value = 3                   # the slider shows that position too
    assert board.replay_at == 3 and "Replay (3 of" in text(board.status_line.value)
    words = board.teacher.move_words(board.match.states[2], board.match.moves[2],
                                     board.match.states[3])
    assert f"after move 3: {words} —" in text(board.status_line.value)
    moves = board.match.moves
    board.click("hex_3_3")
    assert "read-only" in board.message and board.match.moves == moves
    board.on_key("escape")
    assert board.replay_at is None and not board.view.arrow_keys


def test_a_click_in_the_move_list_shows_that_position():
    board = ZyrcanBoard(players=3)
    bot = RandomBot(1)
    for _ in range(6):
        board.play(bot.choose(board.state))
    board.moves.pick(2)
    assert board.replay_at == 2 and board.moves.picked == 2
    assert f'data-at="hex_{board.match.moves[1].at.q}_{board.match.moves[1].at.r}"' in board.svg
    board.moves.pick(99)                             # not an entry: nothing happens
    assert board.replay_at == 2
    board.back_to_game()
    assert board.replay_at is None and board.moves.picked == -1


def test_replay_draws_what_the_viewing_seat_saw():
    seen = []

    class Viewing(TTTController):
        viewer = None

        def draw(self, state, selection, hint=None):
            seen.append(self.viewer)
            return super().draw(state, selection)

    panel = GamePanel(TicTacToe(), Viewing(), seats=["human", "random"], viewer=0)
    panel.click("cell_4")
    panel.click("cell_4")
    seen.clear()
    panel.replay(1)
    panel.on_key("left")
    assert seen and set(seen) == {0}


# --- 4. save and load -----------------------------------------------------------------------

def test_save_then_load_reopens_the_game_exactly():
    board = ZyrcanBoard(players=3)
    bot = RandomBot(8)
    for _ in range(37):
        board.play(bot.choose(board.state))
    name, saved = board.file.save()
    assert name == "zyrcan-37-moves.json" and board.file.last_saved == (name, saved)
    other = ZyrcanBoard(players=3)
    assert other.load(name, saved)
    assert other.state == board.state and other.match.moves == board.match.moves
    assert other.game == board.game and other.svg == board.svg
    assert other.message == f"Loaded {name}: 37 moves."


def test_a_prepared_position_saves_its_start_too():
    board = attack_board()
    board.play(Attack(Hex(2, 2), E))
    saved = save_text(board.match)
    assert json.loads(saved)["format"] == "boardlib-position"
    match = load_match(saved, "zyrcan")
    assert match.states[0] == board.match.states[0] and match.state == board.state


@pytest.mark.parametrize("bad, words", [
    ("not json", "Cannot load"),
    ('{"format": "boardlib-match", "version": 1, "game": "carcassonne", "options": {},'
     ' "moves": []}', "not of 'zyrcan'"),
    ('{"format": "boardlib-match", "version": 1, "game": "zyrcan", "options": {"players": 3},'
     ' "moves": ["place 1 at 3,3", "place 1 at 3,3"]}', "move 2"),
    ("", "empty or too large"),
])
def test_a_bad_file_is_refused_with_its_reason_and_the_game_stays(bad, words):
    board = ZyrcanBoard(players=3)
    board.play(Place(Hex(2, 2), 1))
    before, moves = board.state, board.match.moves
    board.file.load(bad, "bad.json")
    assert words in board.message and board.message.startswith("Cannot load bad.json")
    assert board.state is before and board.match.moves == moves


def test_saving_is_refused_where_a_bot_plays_a_hidden_information_game():
    class Hidden(GamePanel):
        @property
        def hidden_information(self) -> bool:
            return True

    panel = Hidden(TicTacToe(), TTTController(), seats=["human", "random"])
    assert panel.save() is None and "hidden deal" in panel.message
    assert GamePanel(TicTacToe(), TTTController()).save() is not None


@pytest.mark.parametrize("name, rule", [("room25", "R25-I4"), ("carcassonne", "CB-02"),
                                        ("section_x", "SX-04")])
def test_the_save_refusal_cites_the_rule_that_keeps_the_deal_hidden(name, rule):
    from boardlib.widgets.puzzle import controller_for

    game = boardlib.load(name)
    panel = GamePanel(game, controller_for(game.new_initial_state().game), hint_bot="random",
                      seats=["human"] + ["random"] * (game.num_players - 1))
    assert panel.save() is None and f"hidden deal ({rule})" in panel.message


# --- 5. words ---------------------------------------------------------------------------------

def test_the_move_list_speaks_words_and_keeps_the_notation_as_a_tooltip():
    board = attack_board()
    move = Attack(Hex(2, 2), E)
    board.play(move)
    entry = board.moves.value
    assert ("Red's 2-engine ship flew from 2,2 to 4,2 and destroyed Blue's 1-engine ship"
            in text(entry))
    assert f'title="{move}"' in entry and board.game.parse_move(str(move)) == move


def test_a_hint_is_advice_in_words():
    board = attack_board()
    move = board.hint()
    assert board.message == f"Hint (greedy): {board.teacher.hint_words(board.state, move)}"
    assert "fly the" in board.message or "place a" in board.message


# --- 6. explain -------------------------------------------------------------------------------

def test_explain_walks_one_rule_per_step_with_its_id_and_marks():
    board = attack_board(seats=["human", "human", "human"])
    board.play(Attack(Hex(2, 2), E))
    steps = board.explain()
    rules = [s.rule for s in steps]
    assert rules[:3] == ["ZY-06", "ZY-07", "ZY-08"] and "ZY-10" in rules
    assert board.tabs.shown == "explain" and board.view.arrow_keys
    for k, step in enumerate(steps):
        assert board.message.startswith(f"Step {k + 1} of {len(steps)}: {step.rule} ")
        assert step.text in board.message
        drawn = marks_of(board.svg, EXPLAIN)
        assert len(drawn) >= len([m for m in step.marks]) and all(
            kind in {m.kind for m in step.marks} | {"flight"} for kind, _, _ in drawn)
        assert f"<code>{step.rule}</code>" in board.explain_steps.value
        board.on_key("right")
    board.on_key("right")                            # past the last step: stays there
    assert board.explaining[2] == len(steps) - 1
    board.on_key("left")
    assert board.explaining[2] == len(steps) - 2
    board.click("hex_3_3")
    assert "read-only" in board.message
    board.on_key("escape")
    assert board.explaining is None and marks_of(board.svg, EXPLAIN) == []


def test_explain_works_for_a_bots_move_and_for_a_replayed_one():
    board = ZyrcanBoard(players=3, seats=["human", "greedy", "greedy"])
    board.click("hex_3_3")
    steps = board.explain()
    bot_move = board.match.moves[-1]
    assert steps[0].rule == "ZY-05" and str(bot_move.at) in steps[0].text
    board.replay(1)
    steps = board.explain()
    assert "3,3" in steps[0].text


def test_e_explains_and_arrow_keys_reach_python_only_while_paging():
    assert {"e", "left", "right"} <= set(KEYS)
    board = ZyrcanBoard(players=3)
    board.on_key("e")
    assert "no move to explain" in board.message
    board.play(Place(Hex(3, 3), 1))
    board.on_key("e")
    assert board.explaining is not None


# --- 7. bot move is a whole turn ------------------------------------------------------------

class Blank:
    """A controller that draws nothing in particular (a game's whole turns, not its board)."""

    def draw(self, state, selection):
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>'

    def click(self, state, element_id, selection):
        return None


def test_bot_move_plays_a_whole_turn_and_step_one_move():
    game = boardlib.load("carcassonne", seed=3)
    panel = GamePanel(game, Blank(), seats=["human", "human"], hint_bot="random")
    panel.bot_step()
    assert len(panel.match.moves) == 1 and panel.state.current_player == 0
    panel.bot_move()                                 # the rest of Red's turn
    assert panel.state.current_player == 1
    first = len(panel.match.moves)
    panel.bot_move()
    assert panel.state.current_player == 0 and len(panel.match.moves) > first + 1
    assert panel.step_button.description == "Step"


def test_a_hidden_information_game_shows_no_notation_in_the_move_list():
    class Hidden(GamePanel):
        @property
        def hidden_information(self) -> bool:
            return True

    panel = Hidden(TicTacToe(), TTTController())
    panel.click("cell_4")
    panel.click("cell_4")
    assert "title=" not in panel.moves.value and panel.moves.titles == [""]
    mine = Hidden(TicTacToe(), TTTController(), viewer=0)
    mine.click("cell_4")
    mine.click("cell_4")
    assert mine.moves.titles == ["mark 4"]         # the viewer's own move: it knows it


# --- any game whose teacher exists gets it through the panel (Carcassonne) ------------------

def test_carcassonne_gets_words_standings_and_explain_through_its_teacher():
    game = boardlib.load("carcassonne", seed=5)
    panel = GamePanel(game, Blank(), seats=["human", "human"], hint_bot="random")
    for _ in range(30):
        panel.bot_move()
    states, moves = panel.match.states, panel.match.moves
    words = panel.teacher.move_words(states[-2], moves[-1], states[-1])
    assert words in text(panel.moves.value)
    assert panel.hidden_information and "title=" not in panel.moves.value   # the tile pile
    panel.tabs.show("standings")
    standings = panel.teacher.standings(panel.state, None, history(panel.match))
    for seat in range(2):
        row = re.search(rf'<tr data-seat="{seat}"[^>]*>(.*?)</tr>',
                        panel.standings_view.value).group(1)
        assert re.search(rf'data-key="score"[^>]*>{standings.value(seat, "score")}<', row)
    steps = panel.explain()
    assert steps and all(re.match(r"[A-Z]+-[A-Z]?\d+", s.rule) for s in steps)
    assert panel.message.startswith(f"Step 1 of {len(steps)}: {steps[0].rule} ")


@pytest.mark.parametrize("threads", [True, False])
def test_in_a_live_kernel_bot_move_plays_the_whole_turn_step_by_step(monkeypatch, threads):
    import asyncio

    from boardlib.widgets import bots as bot_threads

    monkeypatch.setattr(bot_threads, "THREADS", threads)

    async def scenario():
        game = boardlib.load("carcassonne", seed=7)
        panel = GamePanel(game, Blank(), seats=["human", "human"], hint_bot="random",
                          delay=0.0)
        panel.bot_move()
        for _ in range(400):
            if panel.state.current_player == 1:
                break
            await asyncio.sleep(0.005)
        assert panel.state.current_player == 1 and len(panel.match.moves) >= 2
        played = len(panel.match.moves)
        panel.bot_step()
        for _ in range(400):
            if len(panel.match.moves) > played:
                break
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)
        assert len(panel.match.moves) == played + 1      # one step, and no more
        assert panel.state.current_player == 1           # the turn goes on
    asyncio.run(scenario())


def test_the_replay_back_button_starts_from_the_game_and_undo_leaves_the_replay():
    board = ZyrcanBoard(players=3)
    bot = RandomBot(2)
    for _ in range(5):
        board.play(bot.choose(board.state))
    board.replay_bar.back.click()
    assert board.replay_at == 4
    board.undo()
    assert board.replay_at is None and len(board.match.moves) == 4
    assert "Replay" not in text(board.status_line.value)
