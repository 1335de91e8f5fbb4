"""The progress panel of the start page under Voila (issue 19 item 3): it shows each game's
puzzles solved and stars, and *Refresh* reads what a puzzle board on another page wrote."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from boardlib.core.puzzles import Progress
from boardlib.zyrcan.puzzles import PUZZLES

SCREEN = {"width": 1366, "height": 768}


def test_progress_panel_counts_a_puzzle_solved_elsewhere_after_refresh(voila, browser, ui,
                                                                        tmp_path):
    path = tmp_path / "progress.json"
    ui.write_board_notebook(voila.root, "progress_fixture.ipynb", "Progress",
                         ["from boardlib.widgets.puzzle import ProgressPanel\n"
                          f"ProgressPanel({str(path)!r})"])
    context = browser.new_context(viewport=SCREEN)
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{voila.url}/voila/render/progress_fixture.ipynb", timeout=180_000)
        panel = page.locator(".boardlib-progress")
        expect(panel).to_contain_text("no puzzle solved yet", timeout=180_000)
        zyrcan = panel.locator("tr", has_text="Zyrcan")
        expect(zyrcan).to_contain_text(f"0 of {len(PUZZLES)}")
        for game in ("Section X", "Carcassonne with The Tunnel", "Room 25"):
            expect(panel.locator("tr", has_text=game)).to_have_count(1)
        Progress(path).record(PUZZLES[0].id, 3)     # solved on the Zyrcan page
        page.get_by_role("button", name="Refresh").click()
        expect(zyrcan).to_contain_text(f"1 of {len(PUZZLES)}")
        expect(zyrcan).to_contain_text(f"★ 3 of {3 * len(PUZZLES)}")
        expect(panel).to_contain_text("1 puzzle solved")
        assert json.loads(path.read_text())["puzzles"][PUZZLES[0].id] == {"stars": 3}
        page.screenshot(path="/tmp/lesson-zy-shots/progress-refreshed.png")
        assert not errors, errors
    finally:
        context.close()
