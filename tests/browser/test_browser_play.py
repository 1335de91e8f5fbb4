"""Playing a whole game in a real browser (issue 18), on Zyrcan at 1366x768 in JupyterLab.

After the bots' replies the ``last-move`` marks are on the board and name exactly the
moves the move list shows since Red moved; the standing panel shows the engine's numbers
after moves clicked on the board; a finished game replays position by position with the
→ key; Save downloads a file that Load opens into another board as the same position;
Explain after an attack (ZY-10 changes the engine totals that decide, ZY-13) shows one
step per rule with its ID. Every panel still fits one screen with its tabs open.
Screenshots go to ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.core.teaching import teacher
from boardlib.grids.hex import Hex
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


def shots() -> Path:
    folder = Path(os.environ.get("BOARDLIB_SCREENSHOTS") or
                  Path(tempfile.gettempdir()) / "boardlib-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
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


def test_after_the_bots_reply_the_last_move_marks_match_the_move_list(lab_page, ui):
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
    page.screenshot(path=str(shots() / "play-last-move.png"))
    print(found)


def test_the_standing_panel_shows_the_engines_numbers(lab_page, ui):
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
    page.screenshot(path=str(shots() / "play-standings.png"))


def test_a_finished_game_replays_every_position(lab_page, ui):
    page, p = lab_page, panel(lab_page, FINISHED)
    board = p.locator(".boardlib-board")
    tab(p, "Standings")
    expect(p.locator(".boardlib-chart svg")).to_be_visible()
    ui.assert_fits_one_screen(p)
    page.screenshot(path=str(shots() / "play-chart.png"))
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
            page.screenshot(path=str(shots() / "play-replay.png"))
    assert state.is_terminal()
    page.keyboard.press("Escape")
    expect(status).to_contain_text("Game over")


def test_save_then_load_gives_the_same_position(lab_page, ui, tmp_path):
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
    page.screenshot(path=str(shots() / "play-load-refused.png"))


def test_explain_after_an_attack_shows_one_step_per_rule_with_its_id(lab_page, ui):
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
            page.screenshot(path=str(shots() / "play-explain.png"))
        if k < len(steps) - 1:
            board.locator('[tabindex="0"]').focus()
            page.keyboard.press("ArrowRight")
    assert shown == [s.rule for s in steps] and "ZY-10" in shown
    expect(p.locator(".boardlib-steps li")).to_have_count(len(steps))
    page.keyboard.press("Escape")
    expect(board.locator("svg .explain")).to_have_count(0)

