"""The Room 25 teacher on a real board (issue 18), at 1366x768 in JupyterLab.

A cooperative game, Red (Scientist and Dude) human with a role bot as Blue: Red's first
clue, two programmes by their buttons and three actions by real clicks; after Blue's
reply (Nerd moves into b3) the board's ``last-move`` marks are exactly
``Room25Teacher.recent_marks`` of the match the move list shows, and the *Standings* tab
shows each seat's characters alive and where they are, the countdown (R25-10) and what
decides the game (R25-47). Screenshots: ``room25-last-move.png``, ``room25-standings.png``
in ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect


NAME = "room25_teaching_fixture.ipynb"
SOURCES = [
    "import boardlib\nfrom boardlib.room25.widget import Room25Board",
    "board = Room25Board(mode='cooperative', players=2, seed=3, seats=['human', 'role'])\n"
    "board",
]


@pytest.fixture(scope="module")
def lab_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Room 25 teaching", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(".boardlib-panel .boardlib-board svg")).to_have_count(1)
    yield page
    jupyterlab.close(page)


def move_titles(p) -> list[str]:
    """The engine notation of every move in the move list, oldest first (the tooltips)."""
    return list(reversed(p.locator(".boardlib-moves li[data-move]").evaluate_all(
        "items => items.map(i => i.getAttribute('title'))")))


RUN_IN_KERNEL_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  await kernel.requestExecute({code}).done;
}"""

# In the kernel: the teacher's marks since Red moved and its standings for Red, as the
# board's own match and teacher give them, written next to the notebook.
DUMP = """import json
from boardlib.core.teaching import history
from boardlib.room25.draw import room_id
_marks = board.teacher.recent_marks(history(board.match), 0)
_standings = board.teacher.standings(board.state, 0)
json.dump({"marks": [[m.kind, room_id(m.at), "" if m.seat is None else str(m.seat)]
                     for m in _marks],
           "alive": [_standings.value(p, "alive") for p in range(2)],
           "characters": [_standings.value(p, "characters") for p in range(2)]},
          open("room25_teaching_expected.json", "w"))"""


def test_R25_I4_last_move_marks_and_standings_follow_the_teacher(lab_page, ui, jupyterlab):
    page = lab_page
    p = page.locator(".boardlib-panel").first
    board = p.locator(".boardlib-board")
    moves = p.locator(".boardlib-moves li[data-move]")
    ui.real_click(page, board, "room_7")                 # Red's first clue: c2 (R25-05)
    expect(moves).to_have_count(2)                       # Blue's clue too
    for _ in range(2):                                   # Red's two characters program
        p.get_by_role("button", name="move → look").first.click()
        expect(moves).to_have_count(4 + 2 * _)
    for k, room in enumerate(("room_7", "room_7", "room_2")):   # move c2, move c2, look c1
        ui.real_click(page, board, room)
        expect(moves).to_have_count(8 + 2 * k)
    page.evaluate(RUN_IN_KERNEL_JS, DUMP)
    expected = json.loads((jupyterlab.server.root / "room25_teaching_expected.json").read_text())
    want = sorted(expected["marks"])
    drawn = sorted(board.evaluate("""b => Array.from(
        b.querySelectorAll('svg .last-move:not(.mark-flight)'),
        n => [n.dataset.mark, n.dataset.at, n.dataset.seat])"""))
    assert want and drawn == want, (drawn, want)
    assert {"from", "to"} <= {kind for kind, _, _ in drawn}
    # The board, its status and its why-not line fit 1366x768. (Found: Room 25's own
    # narration under the why-not line, "Last step …", then reaches below the screen:
    # reported, not this test's to fix, so only the why-not line is held to it here.)
    found = ui.measure_panel(p)
    assert found["why_bottom"] <= found["area_bottom"] + 1, found
    page.screenshot(path=str(ui.screenshot_dir() / "room25-last-move.png"))
    p.locator(".lm-TabBar-tab", has_text="Standings").first.click()
    table = p.locator(".boardlib-standings table").first
    expect(table).to_be_visible()
    for seat in range(2):
        row = table.locator(f'tr[data-seat="{seat}"]')
        assert row.locator('td[data-key="alive"]').inner_text() == str(expected["alive"][seat])
        assert row.locator('td[data-key="characters"]').inner_text() == \
            expected["characters"][seat]
    text = p.locator(".boardlib-standings").inner_text()
    assert "turns left, this one included (R25-10)" in text and "(R25-47)" in text
    found = ui.measure_panel(p)
    assert found["why_bottom"] <= found["area_bottom"] + 1, found
    page.screenshot(path=str(ui.screenshot_dir() / "room25-standings.png"))
