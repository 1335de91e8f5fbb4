"""Playing a whole game in a real browser (issue 18), all four games at 1366x768 in JupyterLab.

Zyrcan first (its own notebook), then Carcassonne, Section X and Room 25 (one more notebook,
parametrized tests: a bot's whole turn marked as the teacher says, standings equal to the
engine's numbers and as wide as their column, a finished game replayed by keys and slider,
save then load, Room 25's Save refused against a bot, Explain one rule per step).

On Zyrcan:

After the bots' replies the ``last-move`` marks are on the board and name exactly the
moves the move list shows since Red moved; the standing panel shows the engine's numbers
after moves clicked on the board; a finished game replays position by position with the
→ key; Save downloads a file that Load opens into another board as the same position;
Explain after an attack (ZY-10 changes the engine totals that decide, ZY-13) shows one
step per rule with its ID. Every panel still fits one screen with its tabs open.
Screenshots go to ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.carcassonne import draw as carcassonne_draw
from boardlib.core.teaching import history, teacher
from boardlib.grids.hex import Hex
from boardlib.room25.draw import room_id
from boardlib.section_x import draw as section_x_draw
from boardlib.svg import seat as seat_style
from boardlib.zyrcan.rules import Attack, position

NAME = "zyrcan_whole_game_fixture.ipynb"
VERSUS, SCRIPTED, FINISHED, FRESH, ATTACK = range(5)
E = 0

SETUP = """import boardlib
from boardlib.core.bots import RandomBot
from boardlib.grids.hex import Hex
from boardlib.zyrcan.rules import position
from boardlib.zyrcan.widget import ZyrcanBoard
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(3, 2): (1, 2), Hex(5, 2): (2, 2), Hex(6, 1): (1, 1)}"""
FINISHED_SOURCE = """finished = ZyrcanBoard(players=3)
bot = RandomBot(4)
while not finished.state.is_terminal():
    finished.play(bot.choose(finished.state))
finished"""
SOURCES = [SETUP,
           "versus = ZyrcanBoard(players=3, seats=['human', 'greedy', 'greedy'], delay=0.1)\n"
           "versus",
           "scripted = ZyrcanBoard(players=3)\nscripted",
           FINISHED_SOURCE,
           "fresh = ZyrcanBoard(players=3)\nfresh",
           "attack = ZyrcanBoard(state=position(players=3, ships=SHIPS))\nattack"]
SHIPS = {Hex(2, 2): (0, 2), Hex(4, 2): (1, 1), Hex(2, 4): (2, 3), Hex(3, 3): (0, 1),
         Hex(3, 2): (1, 2), Hex(5, 2): (2, 2), Hex(6, 1): (1, 1)}

RUN_IN_KERNEL_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  await kernel.requestExecute({code}).done;
}"""


@pytest.fixture(scope="class")
def lab_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Playing a whole game", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(".boardlib-panel .boardlib-board svg")).to_have_count(5)
    yield page
    jupyterlab.close(page)


def panel(page, index):
    return page.locator(".boardlib-panel").nth(index)


def tab(p, title: str):
    """Open the side column's tab ``title`` (Moves, Standings, Replay, Explain, File)."""
    p.locator(".lm-TabBar-tab", has_text=title).first.click()


def move_titles(p) -> list[str]:
    """The engine notation of every move in the move list, oldest first (the tooltips)."""
    return list(reversed(p.locator(".boardlib-moves li[data-move]").evaluate_all(
        "items => items.map(i => i.getAttribute('title'))")))


def replayed(titles: list[str], state=None):
    """The engine's state after the moves ``titles`` (notation parses back)."""
    game = boardlib.load("zyrcan", players=3)
    state = state or game.new_initial_state()
    for text in titles:
        state = state.apply(game.parse_move(text))
    return state


def hex_of(notation: str) -> str:
    """``"place 1 at 3,3"`` -> ``"hex_3_3"``."""
    q, r = re.search(r"at (-?\d+),(-?\d+)", notation).groups()
    return f"hex_{q}_{r}"


def last_move_marks(board) -> list[tuple[str, str, str]]:
    return board.evaluate("""b => Array.from(b.querySelectorAll('svg .last-move'),
        n => [n.dataset.mark, n.dataset.at, n.dataset.seat])""")


class TestZyrcan:
    """Zyrcan's five boards, in a notebook of their own that is closed after these tests
    (class scope), so that the other games' notebook opens in the same JupyterLab page."""

    def test_after_the_bots_reply_the_last_move_marks_match_the_move_list(self, lab_page, ui):
        page, p = lab_page, panel(lab_page, VERSUS)
        board = p.locator(".boardlib-board")
        ui.real_click(page, board, "hex_3_3")                 # Red places; two greedy bots reply
        expect(p.locator(".boardlib-moves li[data-move]")).to_have_count(3)
        expect(board.locator("svg .last-move")).to_have_count(2)
        titles = move_titles(p)
        marks = sorted(last_move_marks(board))
        assert marks == sorted([["placed", hex_of(titles[1]), "1"], ["placed", hex_of(titles[2]),
                                                                     "2"]]), (marks, titles)
        status = p.locator(".boardlib-status").inner_text()
        words = [w.strip() for w in p.locator(".boardlib-moves li[data-move]").all_inner_texts()]
        assert all(w.lstrip("■ ").rstrip(".") in status for w in words[:2]), (status, words)
        assert "Blue placed" in status and "Yellow placed" in status
        found = ui.assert_fits_one_screen(p)
        page.screenshot(path=str(ui.screenshot_dir() / "play-last-move.png"))
        print(found)

    def test_the_standing_panel_shows_the_engines_numbers(self, lab_page, ui):
        page, p = lab_page, panel(lab_page, SCRIPTED)
        board = p.locator(".boardlib-board")
        for target in ("hex_3_3", "hex_4_3", "hex_2_2", "hex_5_2", "hex_1_4"):
            ui.real_click(page, board, target)
        tab(p, "Standings")
        table = p.locator(".boardlib-standings table").first
        expect(table).to_be_visible()
        state = replayed(move_titles(p))
        assert len(state.ships()) == 5
        for seat in range(3):
            row = table.locator(f'tr[data-seat="{seat}"]')
            assert row.locator('td[data-key="engines"]').inner_text() == str(state.engines(seat))
            assert row.locator('td[data-key="ships"]').inner_text() == str(state.ship_count(seat))
        ui.assert_fits_one_screen(p)
        page.screenshot(path=str(ui.screenshot_dir() / "play-standings.png"))

    def test_a_finished_game_replays_every_position(self, lab_page, ui):
        page, p = lab_page, panel(lab_page, FINISHED)
        board = p.locator(".boardlib-board")
        tab(p, "Standings")
        expect(p.locator(".boardlib-chart svg")).to_be_visible()
        ui.assert_fits_one_screen(p)
        page.screenshot(path=str(ui.screenshot_dir() / "play-chart.png"))
        titles = move_titles(p)
        tab(p, "Replay")
        p.get_by_role("button", name="From the start").click()
        status = p.locator(".boardlib-status")
        expect(status).to_contain_text(f"Replay (0 of {len(titles)})")
        board.locator('[tabindex="0"]').focus()
        game = boardlib.load("zyrcan", players=3)
        state = game.new_initial_state()
        for i, notation in enumerate(titles, 1):
            before = ui.version(board)
            page.keyboard.press("ArrowRight")
            page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                                   arg=[board.element_handle(), before], timeout=60_000)
            state = state.apply(game.parse_move(notation))
            expect(status).to_contain_text(f"Replay ({i} of {len(titles)})")
            assert len(ui.marked_ids(board, "ship")) == len(state.ships()), i
            if i == len(titles) // 2:
                page.screenshot(path=str(ui.screenshot_dir() / "play-replay.png"))
        assert state.is_terminal()
        page.keyboard.press("Escape")
        expect(status).to_contain_text("Game over")

    def test_save_then_load_gives_the_same_position(self, lab_page, ui, tmp_path):
        page, p = lab_page, panel(lab_page, SCRIPTED)
        tab(p, "File")
        with page.expect_download() as download:
            p.get_by_role("button", name="Save").click()
        saved = tmp_path / "saved.json"
        download.value.save_as(saved)
        assert '"format": "boardlib-match"' in saved.read_text()
        q = panel(page, FRESH)
        tab(q, "File")
        q.locator(".boardlib-load-input").set_input_files(str(saved))
        expect(q.locator(".boardlib-why")).to_contain_text("Loaded")
        assert move_titles(q) == move_titles(p)
        ships = ui.marked_ids(p.locator(".boardlib-board"), "ship")
        assert ui.marked_ids(q.locator(".boardlib-board"), "ship") == ships
        page.evaluate(RUN_IN_KERNEL_JS, "fresh.say(f'same: {fresh.state == scripted.state}')")
        expect(q.locator(".boardlib-why")).to_have_text("same: True")
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "boardlib-match", "version": 1, "game": "zyrcan", '
                       '"options": {"players": 3}, "moves": ["place 1 at 9,9"]}')
        q.locator(".boardlib-load-input").set_input_files(str(bad))
        expect(q.locator(".boardlib-why")).to_contain_text("Cannot load bad.json: move 1")
        assert move_titles(q) == move_titles(p)              # the game stayed as it was
        page.screenshot(path=str(ui.screenshot_dir() / "play-load-refused.png"))

    def test_explain_after_an_attack_shows_one_step_per_rule_with_its_id(self, lab_page, ui):
        page, p = lab_page, panel(lab_page, ATTACK)
        board = p.locator(".boardlib-board")
        ui.real_click(page, board, "hex_2_2")
        ui.real_click(page, board, "hex_4_2")                 # destroys Blue's 1-engine ship
        start = position(players=3, ships=SHIPS)
        move = Attack(Hex(2, 2), E)
        steps = teacher(start.game, lambda s: ("Red", "Blue", "Yellow")[s]).explain(
            start, move, start.apply(move))
        p.get_by_role("button", name="Explain").click()
        why = p.locator(".boardlib-why")
        shown = []
        for k, step in enumerate(steps):
            expect(why).to_contain_text(f"Step {k + 1} of {len(steps)}")
            expect(why.locator("code")).to_have_text(step.rule)
            shown.append(why.locator("code").inner_text())
            assert board.locator("svg .explain").count() >= 1 or not step.marks
            if step.rule == "ZY-08":
                ui.assert_fits_one_screen(p)
                page.screenshot(path=str(ui.screenshot_dir() / "play-explain.png"))
            if k < len(steps) - 1:
                board.locator('[tabindex="0"]').focus()
                page.keyboard.press("ArrowRight")
        assert shown == [s.rule for s in steps] and "ZY-10" in shown
        expect(p.locator(".boardlib-steps li")).to_have_count(len(steps))
        page.keyboard.press("Escape")
        expect(board.locator("svg .explain")).to_have_count(0)


# --- Carcassonne, Section X and Room 25 (issue 18, item 9) ---------------------------------------
# One more notebook, one kernel: per game a board against a bot (its reply is marked), a
# finished game (standings, replay, save), a fresh board (load) and a board after a scoring
# or effect move (standings mid-game, Explain). The expected numbers, marks and steps come from
# the engine and the teacher in this process, replaying the board's own match (dumped as its
# save file), never from the page.

GAMES_NAME = "whole_games_fixture.ipynb"
GAMES = ("carcassonne", "section_x", "room25")
ROLES = ("versus", "finished", "fresh", "scored")
GAMES_SETUP = """import json
import boardlib
from boardlib.core.bots import RandomBot
from boardlib.widgets.play import save_text
from boardlib.carcassonne.rules import END_TURN, PlaceFollower, PlaceTile
from boardlib.carcassonne.widget import CarcassonneBoard
from boardlib.section_x.positions import act
from boardlib.section_x.rules import Step
from boardlib.section_x.widget import SectionXBoard
from boardlib.room25.widget import Room25Board


def finish(board, seed=4):
    bot = RandomBot(seed)
    while not board.state.is_terminal():
        board.play(bot.choose(board.state))
    return board


def dump(board, name):
    with open(name, "w") as file:
        json.dump({"save": save_text(board.match), "viewer": board.viewing_seat}, file)"""
CARCASSONNE_LATE = """late = boardlib.load('carcassonne', players=5, seed=1,
                     king_robber_baron=True).new_initial_state()
bot = RandomBot(4)
while len(late.deck) - late.drawn > 3:
    late = late.apply(bot.choose(late))
carcassonne_finished = finish(CarcassonneBoard(state=late))  # 5 players, the last 3 tiles
carcassonne_finished"""
CARCASSONNE_SCORED = """carcassonne_scored = CarcassonneBoard(players=2, seed=0)
carcassonne_scored.play(PlaceTile((0, 1), 2))   # closes the start city
carcassonne_scored.play(next(m for m in carcassonne_scored.state.legal_moves()
                             if isinstance(m, PlaceFollower)))
carcassonne_scored.play(END_TURN)               # scores it (CB-09)
carcassonne_scored"""
BOARD_SOURCES = {
    ("carcassonne", "versus"): "carcassonne_versus = CarcassonneBoard(players=2, seed=0, "
                               "seats=['human', 'random'], delay=0.1)\ncarcassonne_versus",
    ("carcassonne", "finished"): CARCASSONNE_LATE,
    ("carcassonne", "fresh"): "carcassonne_fresh = CarcassonneBoard(players=5)\n"
                              "carcassonne_fresh",
    ("carcassonne", "scored"): CARCASSONNE_SCORED,
    ("section_x", "versus"): "section_x_versus = SectionXBoard(seed=0, seats=['human', "
                             "'random'], delay=0.1)\nsection_x_versus",
    ("section_x", "finished"): "section_x_finished = finish(SectionXBoard(seed=0, "
                               "max_turns=8))\nsection_x_finished",
    ("section_x", "fresh"): "section_x_fresh = SectionXBoard(seed=1)\nsection_x_fresh",
    ("section_x", "scored"): "section_x_scored = SectionXBoard(state=act(tiles={'2,0': "
                             "('straight', 0), '3,0': ('straight', 0)}, prisoners={0: "
                             "['2,0/0']}))\nsection_x_scored.play(Step('2,0/0', '3,0/0'))\n"
                             "section_x_scored",
    ("room25", "versus"): "room25_versus = Room25Board(mode='cooperative', players=2, seed=3, "
                          "seats=['human', 'role'], delay=0.1)\nroom25_versus",
    ("room25", "finished"): "room25_finished = finish(Room25Board(mode='cooperative', "
                            "players=2, seed=14, seats=['human', 'human']))  # 17 moves\n"
                            "room25_finished",
    ("room25", "fresh"): "room25_fresh = Room25Board(mode='cooperative', players=2, seed=5, "
                         "seats=['human', 'human'])\nroom25_fresh",
    ("room25", "scored"): "room25_scored = room25_finished  # Explain a move of the finished game",
}
SHOWN = [key for key in BOARD_SOURCES if key != ("room25", "scored")]
GAMES_SOURCES = [GAMES_SETUP] + [BOARD_SOURCES[key] for key in BOARD_SOURCES]
MAP = ".boardlib-view:not(.boardlib-hand) .boardlib-board"


@pytest.fixture(scope="module")
def games_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, GAMES_NAME, "Playing whole games",
                            GAMES_SOURCES)
    page = jupyterlab.open(GAMES_NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, GAMES_NAME, timeout_s=400), "the fixture notebook failed"
    expect(page.locator(f".boardlib-panel {MAP} svg")).to_have_count(len(SHOWN))
    yield page
    jupyterlab.close(page)


def game_panel(page, game: str, role: str):
    key = (game, "finished") if (game, role) == ("room25", "scored") else (game, role)
    return page.locator(".boardlib-panel").nth(SHOWN.index(key))


def engine_match(page, root: Path, variable: str):
    """The board's match as the engine replays it from the board's own save file, and the
    seat the board shows it to."""
    from boardlib.widgets.play import load_match

    name = f"{variable}-dump.json"
    page.evaluate(RUN_IN_KERNEL_JS, f"dump({variable}, {name!r})")
    data = json.loads((root / name).read_text())
    return load_match(data["save"], variable.rsplit("_", 1)[0]), data["viewer"]


def seat_teacher(game):
    return teacher(game, lambda n: seat_style(n).name)


def spot_ref(name: str, state, at) -> str | None:
    """The id of the element a teacher's mark place is drawn on (the games' draw modules)."""
    if name == "room25":
        return room_id(at)
    locate = carcassonne_draw.mark_spot if name == "carcassonne" else section_x_draw.mark_spot
    spot = locate(state, at)
    return None if spot is None else (spot.ref or None)


def drawn_marks(board) -> list:
    return sorted(board.evaluate("""b => Array.from(
        b.querySelectorAll('svg .last-move:not(.mark-flight)'),
        n => [n.dataset.mark, n.dataset.at || null, n.dataset.seat])"""),
        key=lambda m: tuple(map(str, m)))


HUMAN_MOVES = {"carcassonne": 2, "section_x": 2, "room25": 1}   # in human_turn


def human_turn(page, p, game: str, ui) -> None:
    """Red's turn by real clicks: Carcassonne lays the start city's neighbour and ends the
    turn; Section X lays its hand tile and ends the turn; Room 25 gives its first clue."""
    board = p.locator(MAP)
    if game == "carcassonne":
        hand = p.locator(".boardlib-hand .boardlib-board")
        ui.real_click(page, hand, "hand_0")
        ui.real_click(page, hand, "turn_1")
        ui.real_click(page, board, "place_0_1")
        p.get_by_role("button", name="End turn").click()
    elif game == "section_x":
        ui.real_click(page, board, "hand_0")
        ui.real_click(page, board, "field_-2_2")
        p.get_by_role("button", name="End turn").click()
    else:
        ui.real_click(page, board, "room_7")          # a clue: c2 (R25-05)


@pytest.mark.parametrize("game", GAMES)
def test_after_a_bots_whole_turn_its_moves_are_marked_as_the_teacher_says(games_page, ui,
                                                                          jupyterlab, game):
    page, p = games_page, game_panel(games_page, game, "versus")
    board = p.locator(MAP)
    human_turn(page, p, game, ui)
    status = p.locator(".boardlib-status").first
    # the bot's whole turn is over: more moves than Red's, and Red to move again
    page.wait_for_function("""([p, mine]) => p.querySelectorAll('.boardlib-moves li[data-move]')
        .length > mine && p.querySelector('.boardlib-status').textContent
        .includes('Red to move')""", arg=[p.element_handle(), HUMAN_MOVES[game]],
                           timeout=60_000)
    match, _ = engine_match(page, jupyterlab.server.root, f"{game}_versus")
    movers = [s.current_player for s in match.states[:-1]]
    assert 1 in movers and movers[0] == 0, movers
    expect(p.locator(".boardlib-moves li[data-move]")).to_have_count(len(match.moves))
    marks = seat_teacher(match.game).recent_marks(history(match), 0)
    want = sorted(([m.kind, spot_ref(game, match.state, m.at),
                    "" if m.seat is None else str(m.seat)] for m in marks
                   if spot_ref(game, match.state, m.at) is not None or game == "room25"),
                  key=lambda m: tuple(map(str, m)))
    drawn = drawn_marks(board)
    assert want and drawn == want, (drawn, want)
    # the marks are the bot's: every move since Red's last one is Blue's
    last_red = max(i for i, m in enumerate(movers) if m == 0)
    assert set(movers[last_red + 1:]) == {1}, movers
    assert {d[2] for d in drawn} <= {"1", ""}, drawn
    assert "Blue" in status.inner_text()               # the words say who did it
    page.screenshot(path=str(ui.screenshot_dir() / f"{game}-last-move.png"))


def fits_width(p) -> list:
    """Every standings table whose content is wider than the space it has (scrollWidth vs
    clientWidth of the table's scroll box and of the tab page): [] when all fit."""
    return p.evaluate("""p => {
      const wide = [];
      for (const box of p.querySelectorAll('.boardlib-standings .boardlib-scroll')) {
        const table = box.querySelector('table');
        if (box.scrollWidth > box.clientWidth || table.scrollWidth > table.clientWidth + 1
            || table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1)
          wide.push([table.caption ? table.caption.textContent : '', box.scrollWidth,
                     box.clientWidth, table.scrollWidth, table.clientWidth]);
      }
      return wide;
    }""")


def side_fits_one_screen(p, ui, game: str) -> None:
    """The side column (tools, tabs, the tab shown) and the why-not line end on screen; and
    the whole panel too, except Room 25's, whose "Last step" narration under the board
    reaches below it (reported by the Room 25 teaching test, not this module's to fix)."""
    found = ui.measure_panel(p)
    side = p.locator(".boardlib-side").first.bounding_box()
    assert side["y"] + side["height"] <= found["area_bottom"] + 1, (side, found)
    assert found["why_bottom"] <= found["area_bottom"] + 1, found
    if game != "room25":
        ui.assert_fits_one_screen(p)


def engine_numbers(game: str, state, seat_: int) -> dict[str, str]:
    """The standings' cells for ``seat_`` as the engine gives them."""
    if game == "carcassonne":
        return {"score": str(state.scores[seat_]), "followers": str(state.supply[seat_])}
    if game == "section_x":
        places = state.prisoners_of(seat_)
        return {"freed": str(state.escaped(seat_)), "buried": str(state.buried(seat_)),
                "on_board": str(sum(1 for c in places if c >= 0)),
                "hand": str(len(state.hands[seat_]))}
    chars = state.game.chars_of[seat_]
    return {"alive": str(sum(1 for c in chars if state.alive(c)))}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("role", ("fresh", "finished", "scored"))
def test_the_standings_show_the_engines_numbers_and_fit_their_column(games_page, ui,
                                                                      jupyterlab, game, role):
    if (game, role) == ("room25", "scored"):
        pytest.skip("the same board as room25 finished")
    page, p = games_page, game_panel(games_page, game, role)
    tab(p, "Standings")
    table = p.locator(".boardlib-standings table").first
    expect(table).to_be_visible()
    match, _ = engine_match(page, jupyterlab.server.root, f"{game}_{role}")
    state = match.state
    for s in range(match.game.num_players):
        row = table.locator(f'tr[data-seat="{s}"]')
        shown = {key: row.locator(f'td[data-key="{key}"]').inner_text()
                 for key in engine_numbers(game, state, s)}
        assert shown == engine_numbers(game, state, s), (s, shown)
    if game == "carcassonne" and state.is_terminal():
        # the end breakdown: each player's points by feature add up to the score (CB-16)
        breakdown = p.locator(".boardlib-standings table").nth(1)
        for s in range(match.game.num_players):
            cells = breakdown.locator(f'td[data-seat="{s}"]').all_inner_texts()
            assert sum(int(c or 0) for c in cells) == state.scores[s], (s, cells)
        expect(p.locator(".boardlib-chart svg")).to_be_visible()
    assert fits_width(p) == []
    side_fits_one_screen(p, ui, game)
    page.screenshot(path=str(ui.screenshot_dir() / f"{game}-standings-{role}.png"))
    if p.locator(".boardlib-by-column").count():       # the end breakdown, scrolled to
        p.locator(".boardlib-by-column").scroll_into_view_if_needed()
        side_fits_one_screen(p, ui, game)
        page.screenshot(path=str(ui.screenshot_dir() / f"{game}-standings-{role}-breakdown.png"))
    tab(p, "Moves")


def counted(game: str, board, state) -> tuple[int, int]:
    """Something the replayed picture shows and the engine knows: (on the board, engine)."""
    if game == "carcassonne":
        return board.locator("svg .tile").count(), len(state.board)
    if game == "section_x":
        # a field with a tile is drawn as its field, or (in phase 3) as its tunnel parts
        fields = board.evaluate("""b => new Set(Array.from(b.querySelectorAll('svg .tile'),
            n => n.id.split('_').slice(1, 3).join('_'))).size""")
        return fields, sum(1 for t in state.board if t is not None)
    return 1, 1   # Room 25 replays as the viewer saw it: the status line is checked


def wait_for_picture(page, board, before: int) -> None:
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_every_position_by_keys_and_slider(games_page, ui, jupyterlab,
                                                                   game):
    page, p = games_page, game_panel(games_page, game, "finished")
    board = p.locator(MAP)
    match, _ = engine_match(page, jupyterlab.server.root, f"{game}_finished")
    n = len(match.moves)
    tab(p, "Replay")
    p.get_by_role("button", name="From the start").click()
    status = p.locator(".boardlib-status").first
    expect(status).to_contain_text(f"Replay (0 of {n})")
    board.locator('[tabindex="0"]').first.focus()
    for i in range(1, n + 1):
        before = ui.version(board)
        page.keyboard.press("ArrowRight")
        wait_for_picture(page, board, before)
        expect(status).to_contain_text(f"Replay ({i} of {n})")
        shown, known = counted(game, board, match.states[i])
        assert shown == known, (i, shown, known)
        if game == "carcassonne":      # the tile pile and score track beside the map too
            hand = p.locator(".boardlib-hand .boardlib-board")
            left = len(match.states[i].deck) - match.states[i].drawn
            expect(hand).to_contain_text(re.compile(rf"(?<![0-9]){left} tiles? left"))
        if i == n // 2:
            page.screenshot(path=str(ui.screenshot_dir() / f"{game}-replay.png"))
    before = ui.version(board)
    page.keyboard.press("ArrowLeft")
    wait_for_picture(page, board, before)
    expect(status).to_contain_text(f"Replay ({n - 1} of {n})")
    # the slider: a real click in the middle of its track
    track = p.locator(".widget-tab-contents .widget-slider .noUi-target").first
    box = track.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(status).not_to_contain_text(f"Replay ({n - 1} of {n})")
    at = int(re.search(r"Replay \((\d+) of", status.inner_text()).group(1))
    assert abs(at - n / 2) <= n / 4 + 1, (at, n)
    shown, known = counted(game, board, match.states[at])
    assert shown == known, (at, shown, known)
    p.get_by_role("button", name="Back to the game").click()
    expect(status).to_contain_text("Game over")
    tab(p, "Moves")


@pytest.mark.parametrize("game", GAMES)
def test_save_then_load_gives_the_same_position_in_every_game(games_page, ui, tmp_path, game):
    page, p = games_page, game_panel(games_page, game, "finished")
    tab(p, "File")
    with page.expect_download() as download:
        p.get_by_role("button", name="Save").click()
    saved = tmp_path / f"{game}.json"
    download.value.save_as(saved)
    q = game_panel(page, game, "fresh")
    tab(q, "File")
    q.locator(".boardlib-load-input").set_input_files(str(saved))
    expect(q.locator(".boardlib-why").first).to_contain_text("Loaded")
    expect(q.locator(".boardlib-moves li[data-move]")).to_have_count(
        p.locator(".boardlib-moves li[data-move]").count())
    assert move_titles(q) == move_titles(p)
    page.evaluate(RUN_IN_KERNEL_JS, f"{game}_fresh.say(f'same: "
                                    f"{{{game}_fresh.state == {game}_finished.state}}')")
    expect(q.locator(".boardlib-why").first).to_have_text("same: True")
    for panel_ in (p, q):
        tab(panel_, "Moves")


def test_R25_I4_room25_against_a_bot_refuses_to_save_and_says_why(games_page, ui):
    page, p = games_page, game_panel(games_page, "room25", "versus")
    tab(p, "File")
    downloads = []

    def downloaded(download) -> None:
        downloads.append(download)

    page.on("download", downloaded)
    p.get_by_role("button", name="Save").click()
    expect(p.locator(".boardlib-why").first).to_contain_text(
        "Saving is not possible while a bot plays this game: the file would show the hidden "
        "deal (R25-I4)")
    page.wait_for_timeout(500)
    page.remove_listener("download", downloaded)
    assert downloads == []
    page.screenshot(path=str(ui.screenshot_dir() / "room25-save-refused.png"))
    tab(p, "Moves")


# A rule each explanation must reach: the closed city scored, the prisoner's step through
# joined openings, the Trapped room's effect on the character who entered it.
TRIGGERED = {"carcassonne": "CB-09", "section_x": "SX-17", "room25": "R25-25"}


def explained_move(match, viewer) -> tuple[int, list]:
    """The move (1 = the first) whose explanation has the most steps, and its steps."""
    best, steps = 0, []
    t = seat_teacher(match.game)
    for i in range(1, len(match.moves) + 1):
        found = list(t.explain(match.states[i - 1], match.moves[i - 1], match.states[i],
                               viewer))
        if len(found) > len(steps):
            best, steps = i, found
    return best, steps


@pytest.mark.parametrize("game", GAMES)
def test_explain_shows_one_step_per_triggered_rule_with_its_id(games_page, ui, jupyterlab,
                                                               game):
    page, p = games_page, game_panel(games_page, game, "scored")
    board = p.locator(MAP)
    variable = "room25_finished" if game == "room25" else f"{game}_scored"
    match, viewer = engine_match(page, jupyterlab.server.root, variable)
    index, steps = explained_move(match, viewer)
    assert len(steps) >= 2, steps
    # pick that move in the move list (its position is shown, unless it is the game's
    # own: the newest move of a game under way), then Explain
    p.locator(f'.boardlib-moves li[data-move="{index}"]').click()
    if index < len(match.moves) or match.state.is_terminal():
        expect(p.locator(".boardlib-status").first).to_contain_text(f"Replay ({index} of")
    p.get_by_role("button", name="Explain").click()
    why = p.locator(".boardlib-why").first
    shown = []
    for k, step in enumerate(steps):
        expect(why).to_contain_text(f"Step {k + 1} of {len(steps)}")
        expect(why.locator("code")).to_have_text(step.rule)
        shown.append(why.locator("code").inner_text())
        assert board.locator("svg .explain").count() >= 1 or not step.marks, step
        if k == len(steps) // 2:
            side_fits_one_screen(p, ui, game)
            page.screenshot(path=str(ui.screenshot_dir() / f"{game}-explain.png"))
        if k < len(steps) - 1:
            board.locator('[tabindex="0"]').first.focus()
            page.keyboard.press("ArrowRight")
    assert shown == [s.rule for s in steps] and TRIGGERED[game] in shown
    expect(p.locator(".boardlib-steps li")).to_have_count(len(steps))
    page.keyboard.press("Escape")
    expect(board.locator("svg .explain")).to_have_count(0)
    tab(p, "Moves")

