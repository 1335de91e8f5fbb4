"""Real clicks on a Room 25 board in JupyterLab (headless Chromium): program two actions, then
carry them out by clicking rooms.

One generated notebook (written into the served folder, independent of the prose notebooks)
shows a prepared cooperative position (``boardlib.room25.scenarios``): the rooms c2 and b2
are Empty Rooms, the other three characters have already programmed (their push and control
are lost in the Central Room, R25-09), and Red's Scientist programs last but acts first in
each pass. The board shows what Red knows (``viewer=0``). After each real click the test
waits for the kernel's new picture (the old <svg> leaves the page) and checks what the
engine changed as the page shows it: the outlined target rooms, where the Scientist's disc
stands, what Red has learnt, the status line, the move list and the event log.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.room25.rules import POS_INDEX, Look, Move
from boardlib.room25.scenarios import play, position

NAME = "room25_board_fixture.ipynb"
ROOMS, ORDER = {"c2": "empty", "b2": "empty"}, (1, 2, 3, 0)
SETUP = f"position(game, rooms={ROOMS!r}, order={ORDER!r})"  # the notebook's source text
OTHERS = ("program 1: push, control", "program 2: push, control", "program 3: push, control")
MOVE_TO, LOOK_AT = "c2", "b2"


def prepared_state():
    """The notebook's position, built from the same values as its source text."""
    game = boardlib.load("room25", mode="cooperative", players=4)
    return play(position(game, rooms=ROOMS, order=ORDER), *OTHERS)


@pytest.fixture(scope="module")
def notebook_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Room 25 board", [
        "import boardlib\n"
        "from boardlib.room25.scenarios import play, position\n"
        "from boardlib.room25.widget import Room25Board",
        "game = boardlib.load('room25', mode='cooperative', players=4)\n"
        f"state = play({SETUP}, *{OTHERS!r})\n"
        "Room25Board(state=state, viewer=0)  # the Scientist (Red) programs",
    ])
    yield from jupyterlab.boards_page(NAME, panels=1)


def panel_of(page, index):
    return page.locator(".boardlib-panel").nth(index)


def stands_in(board, char: int, pos: int) -> bool:
    """Whether the disc of character ``char`` is drawn inside the room at place ``pos``."""
    disc = board.locator(f'[id="char_{char}"]').bounding_box()
    room = board.locator(f'[id="room_{pos}"]').bounding_box()
    cx, cy = disc["x"] + disc["width"] / 2, disc["y"] + disc["height"] / 2
    return (room["x"] <= cx <= room["x"] + room["width"]
            and room["y"] <= cy <= room["y"] + room["height"])


def texts(board) -> list[str]:
    return board.evaluate("b => Array.from(b.querySelectorAll('text'), t => t.textContent)")


def targets(state) -> set[str]:
    return {f"target_{m.to if isinstance(m, Move) else m.at}" for m in state.legal_moves()
            if isinstance(m, (Move, Look))}


def test_program_two_actions_and_carry_them_out_by_clicking(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, 0)
    board = panel.locator(".boardlib-board")
    status, moves, log = (panel.locator(c) for c in
                          (".boardlib-status", ".boardlib-moves", ".boardlib-log"))
    # The engine's view of the same turn.
    state = prepared_state()
    names = state.game.names
    me = state.current_character
    assert me == 0 and state.current_player == 0
    programmed = play(state, f"program {me}: move, look")
    moved = play(programmed, f"move {MOVE_TO}")
    looked = play(moved, f"look {LOOK_AT}")
    centre, move_to, look_at = POS_INDEX["c3"], POS_INDEX[MOVE_TO], POS_INDEX[LOOK_AT]

    expect(status).to_contain_text(f"Red to move — {names[me]} programs (R25-07)")
    assert ui.board_ids(board, "target_") == set(), "programming has no room to click"
    assert stands_in(board, me, centre)
    assert "(Empty)" not in texts(board), "Red has not looked at b2 yet"

    # The twelve two-action program buttons show their whole labels: they wrap, not shrink.
    labels = panel.locator("button", has_text="→")
    expect(labels).to_have_count(12)
    cut = labels.evaluate_all("bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1)"
                              ".map(b => b.textContent)")
    assert cut == [], f"program buttons cut off: {cut}"

    # Program "move, then look" with the button under the board (R25-07).
    old_svg = board.locator("svg").element_handle()
    panel.get_by_role("button", name="move → look").click()
    page.wait_for_function("svg => !svg.isConnected", arg=old_svg, timeout=60_000)
    expect(status).to_contain_text(f"{names[me]}, action 1: move — click an adjacent room")
    expect(panel.get_by_role("button", name="move → look")).to_have_count(0)
    assert ui.board_ids(board, "target_") == targets(programmed)
    # The move list never shows a program (R25-I4).
    expect(moves).to_contain_text("programs 2 actions")
    expect(moves).not_to_contain_text("move → look")

    # Action 1: move into c2 (R25-15), which turns face up.
    ui.real_click(page, board, f"target_{move_to}")
    expect(status).to_contain_text(f"{names[me]}, action 2: look — click an adjacent face-down")
    assert stands_in(board, me, move_to)
    assert ui.board_ids(board, "target_") == targets(moved)
    expect(moves).to_contain_text(f"{names[me]}: move {MOVE_TO}")
    expect(log).to_contain_text(f"{names[me]} moves to {MOVE_TO} (R25-15)")
    expect(log).to_contain_text(f"the room at {MOVE_TO} turns face up: Empty Room")

    # Action 2: look at b2 (R25-14); the turn ends and the next one begins (R25-10).
    ui.real_click(page, board, f"target_{look_at}")
    expect(moves).to_contain_text(f"{names[me]}: look {LOOK_AT}")
    expect(log).to_contain_text(f"{names[me]} secretly looks at {LOOK_AT} (R25-14)")
    assert looked.turn == 2 and looked.phase == "program"
    nxt = looked.current_character
    expect(log).to_contain_text("turn 2 begins")
    expect(status).to_contain_text(f"to move — {names[nxt]} programs (R25-07)")
    assert ui.board_ids(board, "target_") == set()
    assert stands_in(board, me, move_to)
    # Red now knows b2 (face down, so shown in brackets); c2 is face up for everyone.
    shown = texts(board)
    assert "(Empty)" in shown and "Empty" in shown, shown
    expect(panel.locator(".boardlib-why")).to_have_text("")
