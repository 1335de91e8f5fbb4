"""The Room 25 board in a real browser (headless Chromium), JupyterLab and Voila, at 1366x768.

One generated notebook (written into the served folder, independent of the prose notebooks):

0. a prepared cooperative position (``boardlib.room25.scenarios``): c2 and b2 are Empty Rooms,
   the other three characters have programmed already, Red's Scientist programs last but acts
   first in each pass; the board shows what Red knows (``viewer=0``). The test programs "move
   → look" with the button, then plays both actions with real mouse clicks on the rooms;
1. a late position (turn 5 of a seeded random game, every seat human);
2. a solo game played with the keyboard alone: arrow keys to a room and Enter for the first
   clue, the "Look" chip by keys, U undo and H hint;
3. Red against three bots (Suspicion): Red's first clue, then the bots' replies.

Checked: the board with all its controls and its why-not line fits the screen (both servers;
also after the bots' reply, with the "Last step" narration and the twelve programme buttons),
every clickable SVG element is named in words, and the page follows the engine. Screenshots of
the early and the late board are kept in ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.room25.rules import POS_INDEX
from boardlib.room25.scenarios import play, position

NAME = "room25_board_fixture.ipynb"
ROOMS, ORDER = {"c2": "empty", "b2": "empty"}, (1, 2, 3, 0)
SETUP = f"position(game, rooms={ROOMS!r}, order={ORDER!r})"  # the notebook's source text
OTHERS = ("program 1: push, control", "program 2: push, control", "program 3: push, control")
MOVE_TO, LOOK_AT = "c2", "b2"
PREPARED, LATE, KEYBOARD, BOTS = 0, 1, 2, 3
BOTS_SOURCE = ("Room25Board(mode='suspicion', players=4, seats=['human', 'role', 'role', 'role'],"
               " seed=2)  # Red against three bots")

LATE_SOURCE = ("from boardlib.core.bots import RandomBot\n"
               "late = boardlib.load('room25', mode='cooperative', players=4, seed=0)"
               ".new_initial_state()\n"
               "bot = RandomBot(0)\n"
               "while late.turn < 5 and not late.is_terminal():\n"
               "    late = late.apply(bot.choose(late))\n"
               "Room25Board(state=late, seats=['human'] * 4, viewer=0)")

SOURCES = [
    "import boardlib\n"
    "from boardlib.room25.scenarios import play, position\n"
    "from boardlib.room25.widget import Room25Board",
    "game = boardlib.load('room25', mode='cooperative', players=4)\n"
    f"state = play({SETUP}, *{OTHERS!r})\n"
    "Room25Board(state=state, viewer=0)  # the Scientist (Red) programs",
    LATE_SOURCE,
    "Room25Board(mode='solo', seed=1)  # played by keyboard",
    BOTS_SOURCE,
]


def prepared_state():
    """The notebook's position, built from the same values as its source text."""
    game = boardlib.load("room25", mode="cooperative", players=4)
    return play(position(game, rooms=ROOMS, order=ORDER), *OTHERS)


@pytest.fixture(scope="module")
def lab_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Room 25 board", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(".boardlib-panel .boardlib-board svg")).to_have_count(4)
    yield page
    jupyterlab.close(page)


def panel_of(page, index):
    return page.locator(".boardlib-panel").nth(index)


def stands_in(board, char: int, pos: int) -> bool:
    """Whether the piece of character ``char`` is drawn inside the room at place ``pos``."""
    piece = board.locator(f'[id="char_{char}"]').bounding_box()
    room = board.locator(f'[id="room_{pos}"]').bounding_box()
    cx, cy = piece["x"] + piece["width"] / 2, piece["y"] + piece["height"] / 2
    return (room["x"] <= cx <= room["x"] + room["width"]
            and room["y"] <= cy <= room["y"] + room["height"])


def texts(board) -> list[str]:
    return board.evaluate("b => Array.from(b.querySelectorAll('text'), t => t.textContent)")


def targets(state) -> set[str]:
    from boardlib.room25.widget import Room25Controller
    return {f"room_{p}" for p in Room25Controller().targets(state, None)}


def test_lab_board_and_controls_fit_1366x768(lab_page, ui):
    for index, name in ((PREPARED, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel_of(lab_page, index))
        assert found["board_width"] >= 400, found          # the board uses the room it has
        lab_page.screenshot(path=str(ui.screenshot_dir() / f"room25-lab-{name}.png"))
        print(name, found)


def fits_after_the_bots_reply(page, ui, shot: str) -> dict:
    """Red lays the first clue with a real click; the three bots reply (R25-05), Red is to
    program: the panel, with its narration of the last step, the move list and the twelve
    programme buttons, still fits one screen (issue 17 item 3)."""
    panel = panel_of(page, BOTS)
    board = panel.locator(".boardlib-board")
    narration = panel.locator(".boardlib-narration")
    # one human seat: no hot seat, so no "Pass the screen" box (its row is room on screen)
    expect(panel.get_by_text("Pass the screen")).to_be_hidden()
    box_before = narration.bounding_box()
    ui.real_click(page, board, "room_7")
    expect(panel.locator(".boardlib-status")).to_contain_text("programs (R25-07)",
                                                              timeout=60_000)
    expect(panel.locator(".boardlib-moves li")).to_have_count(4)
    expect(narration).to_contain_text("Last step")
    expect(narration).to_contain_text("(R25-05)")
    found = ui.assert_fits_one_screen(panel)
    assert found["board_width"] >= 400, found
    # the narration keeps its box (empty before, two lines now): it never moves the board
    assert narration.bounding_box()["height"] == box_before["height"], box_before
    page.screenshot(path=str(ui.screenshot_dir() / shot))
    return found


def test_lab_fits_1366x768_after_the_bots_reply(lab_page, ui):
    print(fits_after_the_bots_reply(lab_page, ui, "room25-lab-bots.png"))


def test_every_clickable_is_named_in_words(lab_page):
    board = panel_of(lab_page, LATE).locator(".boardlib-board")
    named = board.evaluate("""b => Array.from(b.querySelectorAll('svg .click'), n => ({
        id: n.id, role: n.getAttribute('role'), label: n.getAttribute('aria-label'),
        title: n.querySelector(':scope > title') && n.querySelector(':scope > title').textContent
    }))""")
    assert len(named) >= 25 + 16 + 1                       # rooms, arrows, characters
    for item in named:
        assert item["role"] == "button" and item["label"] and item["label"] == item["title"], item
    labels = [item["label"] for item in named]
    assert any(label.startswith("slide row 1 left") for label in labels)
    assert any("(Red) in" in label for label in labels)
    assert sum(": face-down room, not seen" in label for label in labels) >= 5


def test_program_two_actions_and_carry_them_out_by_clicking(lab_page, ui):
    page, panel = lab_page, panel_of(lab_page, PREPARED)
    board = panel.locator(".boardlib-board")
    status, moves, log = (panel.locator(c) for c in
                          (".boardlib-status", ".boardlib-moves", ".boardlib-log"))
    state = prepared_state()
    names = state.game.names
    me = state.current_character
    assert me == 0 and state.current_player == 0
    programmed = play(state, f"program {me}: move, look")
    moved = play(programmed, f"move {MOVE_TO}")
    looked = play(moved, f"look {LOOK_AT}")
    centre, move_to, look_at = POS_INDEX["c3"], POS_INDEX[MOVE_TO], POS_INDEX[LOOK_AT]

    expect(status).to_contain_text(f"Red to move — {names[me]} programs (R25-07)")
    assert ui.marked_ids(board, "target") == set(), "programming has no room to aim at"
    assert stands_in(board, me, centre)
    assert "(Empty)" not in texts(board), "Red has not looked at b2 yet"

    # The twelve two-action program buttons show their whole labels: they wrap, not shrink.
    # (a programme's "a → b", not the replay's and Explain's lone "→" buttons)
    labels = panel.locator("button", has_text=re.compile(r"\w → \w"))
    expect(labels).to_have_count(12)
    cut = labels.evaluate_all("bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1)"
                              ".map(b => b.textContent)")
    assert cut == [], f"program buttons cut off: {cut}"

    old_svg = board.locator("svg").element_handle()
    panel.get_by_role("button", name="move → look").click()
    page.wait_for_function("svg => !svg.isConnected", arg=old_svg, timeout=60_000)
    expect(status).to_contain_text(f"{names[me]}, action 1: move — click an adjacent room")
    expect(panel.get_by_role("button", name="move → look")).to_have_count(0)
    assert ui.marked_ids(board, "target") == targets(programmed)
    expect(moves).to_contain_text("with 2 actions, face down")  # never the programme (R25-I4)
    expect(moves).not_to_contain_text("move → look")

    # Action 1: a real click moves into c2 (R25-15), which turns face up.
    ui.real_click(page, board, f"room_{move_to}")
    expect(status).to_contain_text(f"{names[me]}, action 2: look — click an adjacent face-down")
    assert stands_in(board, me, move_to)
    assert ui.marked_ids(board, "target") == targets(moved)
    expect(moves).to_contain_text(f"{names[me]} moved into the room at {MOVE_TO}")
    expect(log).to_contain_text(f"{names[me]} moves to {MOVE_TO} (R25-15)")

    # Action 2: look at b2 (R25-14); the turn ends and the next one begins (R25-10).
    ui.real_click(page, board, f"room_{look_at}")
    expect(moves).to_contain_text(f"{names[me]} looked in secret at the room at {LOOK_AT}")
    expect(log).to_contain_text(f"{names[me]} secretly looks at {LOOK_AT} (R25-14)")
    assert looked.turn == 2 and looked.phase == "program"
    expect(log).to_contain_text("turn 2 begins")
    shown = texts(board)
    assert "(Empty)" in shown and "Empty" in shown, shown    # b2 seen, c2 face up
    expect(panel.locator(".boardlib-why")).to_have_text("")


def test_a_refusal_names_its_rule_and_moves_nothing(lab_page, ui):
    page, panel = lab_page, panel_of(lab_page, LATE)
    board = panel.locator(".boardlib-board")
    before = ui.measure_panel(panel)
    svg_box = board.locator("svg").bounding_box()
    ui.real_click(page, board, "slide_0_0", redraw=False)   # programming: no slide yet
    expect(panel.locator(".boardlib-why")).to_contain_text("R25-07")
    after = ui.measure_panel(panel)
    assert after["panel_height"] == before["panel_height"], (before, after)
    assert board.locator("svg").bounding_box() == svg_box


def enter_by_keyboard(page, board, ui, element_id: str) -> int:
    """Arrow keys to ``element_id``, then Enter; waits for the new picture. Key presses."""
    presses = ui.key_to(page, board, element_id)
    before = ui.version(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)
    return presses + 1


def play_solo_by_keyboard(page, panel, ui) -> None:
    board = panel.locator(".boardlib-board")
    status = panel.locator(".boardlib-status")
    board.locator('[tabindex="0"]').focus()      # where Tab lands: the board's current element
    enter_by_keyboard(page, board, ui, "room_7")         # first clue: c2 (R25-05)
    expect(status).to_contain_text("acts on the spot")
    expect(status).to_contain_text("a room click: move")
    enter_by_keyboard(page, board, ui, "action_2")       # the Look chip
    expect(status).to_contain_text("a room click: look")
    assert "action_2" in ui.marked_ids(board, "selected")
    enter_by_keyboard(page, board, ui, "room_11")        # look at b3 (R25-14)
    expect(panel.locator(".boardlib-moves")).to_contain_text("looked in secret at the room at b3")
    page.keyboard.press("h")
    expect(panel.locator(".boardlib-why")).to_contain_text("Hint")
    page.keyboard.press("u")
    expect(panel.locator(".boardlib-moves")).not_to_contain_text("the room at b3")
    page.keyboard.press("r")                              # nothing turns in Room 25
    expect(panel.locator(".boardlib-why")).to_contain_text("nothing to turn")


def test_clicks_and_keys_play_moves_in_jupyterlab(lab_page, ui):
    play_solo_by_keyboard(lab_page, panel_of(lab_page, KEYBOARD), ui)


# --- the same board under Voila ---------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_page(voila, browser, ui):
    with ui.voila_board_page(voila, browser, NAME, "Room 25 board", SOURCES, boards=4) as opened:
        yield opened


def test_voila_board_and_controls_fit_1366x768(voila_page, ui):
    page, errors = voila_page
    for index, name in ((PREPARED, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel_of(page, index))
        assert found["board_width"] >= 400, found
        page.screenshot(path=str(ui.screenshot_dir() / f"room25-voila-{name}.png"))
        print(name, found)
    assert not errors, errors


def test_voila_fits_1366x768_after_the_bots_reply(voila_page, ui):
    page, errors = voila_page
    print(fits_after_the_bots_reply(page, ui, "room25-voila-bots.png"))
    assert not errors, errors


def test_voila_plays_by_keyboard(voila_page, ui):
    page, errors = voila_page
    play_solo_by_keyboard(page, panel_of(page, KEYBOARD), ui)
    assert not errors, errors
