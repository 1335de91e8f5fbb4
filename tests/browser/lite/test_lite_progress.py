"""Progress on the browser-only site (issue 19 item 3): in JupyterLite the progress file is
on the site's drive, which the browser keeps in its own storage, so a puzzle solved counts on
the start page after Refresh and still after the page is loaded again (a new kernel).

Uses the site and the offline browser context of this folder's conftest and the page driving
of litepage.py."""

from __future__ import annotations

from playwright.sync_api import expect

from boardlib.zyrcan.puzzles import PUZZLES
from litepage import (RUN_ALL_JS, RUN_TIMEOUT_MS, assert_saved_pictures_show, open_notebook,
                      run_page_and_click_its_boards)

START = "notebooks/00-start-here.ipynb"

# Run code in the notebook's kernel, as a cell would (a puzzle board records this way).
EXECUTE_JS = """
async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({code});
  const reply = await future.done;
  return reply.content.status;
}
"""


def run_start_page(tab) -> None:
    open_notebook(tab, START)
    result = tab.page.evaluate(RUN_ALL_JS, [START, RUN_TIMEOUT_MS])
    assert result["ok"] and not result["errors"], result


def test_lite_start_page_shows_its_pictures_runs_and_keeps_progress_in_the_browser(
        offline, ui, tmp_path):
    tab = offline()
    missing: list[str] = []
    tab.page.on("response", lambda r: r.status == 404 and missing.append(r.url))
    # the first visit: the saved pictures show before anything runs (the same page load as
    # the rest: one kernel start fewer), then the start page runs offline and each of its
    # boards answers a click
    open_notebook(tab, START)
    assert_saved_pictures_show(tab)
    run_page_and_click_its_boards(tab, ui, START, already_open=True)
    panel = tab.page.locator(".boardlib-progress")
    expect(panel).to_contain_text("kept in this browser's storage", timeout=60_000)
    zyrcan = panel.locator("tr", has_text="Zyrcan")
    expect(zyrcan).to_contain_text(f"0 of {len(PUZZLES)}")
    status = tab.page.evaluate(EXECUTE_JS, "from boardlib.core.puzzles import Progress\n"
                               f"Progress().record({PUZZLES[0].id!r}, 2)")
    assert status == "ok"
    panel.get_by_role("button", name="Refresh").click()
    expect(zyrcan).to_contain_text(f"1 of {len(PUZZLES)}")
    # a new visit: the page again, a new kernel, the same browser storage
    tab.page.reload()
    run_start_page(tab)
    expect(tab.page.locator(".boardlib-progress tr", has_text="Zyrcan")).to_contain_text(
        f"1 of {len(PUZZLES)}", timeout=60_000)
    expect(tab.page.locator(".boardlib-progress")).to_contain_text("★ 2 of")
    tab.page.locator(".boardlib-progress").scroll_into_view_if_needed()
    tab.page.screenshot(path=str(tmp_path / "lite-progress.png"))
    assert not tab.problems(), (tab.problems(), missing)
