"""The learner's progress on the start page (issue 19 item 3): per game, puzzles solved and
stars, read from the progress file the puzzle boards write; in JupyterLite the file lives in
the browser's storage (/drive), since the kernel's home is in memory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardlib.core.errors import InvalidInputError
from boardlib.core.puzzles import (MAX_STARS, GameProgress, Progress, browser_progress_path,
                                   game_puzzles, games_progress)
from boardlib.widgets.puzzle import (PROGRESS_FALLBACK, ProgressPanel, progress_html,
                                     progress_place)
from boardlib.zyrcan.puzzles import PUZZLES as ZYRCAN

ROOT = Path(__file__).resolve().parents[2]


def test_in_a_browser_only_python_the_file_lives_on_the_sites_drive(tmp_path):
    assert browser_progress_path("emscripten", drive=tmp_path) == (
        tmp_path / "boardlib-progress.json")
    assert browser_progress_path("linux", drive=tmp_path) is None
    assert browser_progress_path("emscripten", drive=tmp_path / "not-mounted") is None


def test_games_progress_counts_each_games_puzzles_and_stars(tmp_path):
    path = tmp_path / "progress.json"
    record = Progress(path)
    record.record(ZYRCAN[0].id, 3)
    record.record(ZYRCAN[1].id, 1)
    lines = {line.name: line for line in games_progress(path)}
    assert set(lines) == {"zyrcan", "section_x", "carcassonne", "room25"}
    zyrcan = lines["zyrcan"]
    assert (zyrcan.solved, zyrcan.puzzles, zyrcan.stars) == (2, len(ZYRCAN), 4)
    assert zyrcan.max_stars == MAX_STARS * len(ZYRCAN)
    assert zyrcan.words() == (f"Zyrcan: 2 of {len(ZYRCAN)} puzzles solved, "
                              f"4 of {3 * len(ZYRCAN)} stars.")
    for name in ("section_x", "carcassonne", "room25"):
        assert lines[name].solved == 0 and lines[name].puzzles == len(game_puzzles(name)) > 0


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(InvalidInputError, match="no game called 'chess'"):
        game_puzzles("chess")


def test_progress_place_says_where_the_file_is(tmp_path):
    assert progress_place(Path("/drive/boardlib-progress.json")) == (
        "in this browser's storage (the site's file boardlib-progress.json)")
    assert progress_place(Path.home() / ".boardlib" / "progress.json") == (
        "in ~/.boardlib/progress.json")
    assert progress_place(tmp_path / "p.json") == f"in {tmp_path.as_posix()}/p.json"


def test_progress_html_has_one_row_per_game():
    lines = [GameProgress("zyrcan", "Zyrcan", 1, 15, 3),
             GameProgress("room25", "Room 25", 0, 42, 0)]
    table = progress_html(lines)
    assert table.count("<tr>") == 3 and "1 of 15" in table and "★ 3 of 45" in table
    assert "1 puzzle solved" in table and "width:6%" in table


def test_progress_panel_refresh_reads_what_another_page_wrote(tmp_path):
    path = tmp_path / "progress.json"
    panel = ProgressPanel(str(path), games=["zyrcan"])
    assert "no puzzle solved yet" in panel.table.value
    assert f"0 of {len(ZYRCAN)}" in panel.table.value
    Progress(path).record(ZYRCAN[2].id, 2)      # a puzzle board in another kernel
    assert f"0 of {len(ZYRCAN)}" in panel.table.value, "read only when asked"
    panel.refresh_button.click()
    assert f"1 of {len(ZYRCAN)}" in panel.table.value and "★ 2 of" in panel.table.value
    assert json.loads(path.read_text())["puzzles"] == {ZYRCAN[2].id: {"stars": 2}}


def test_a_saved_start_page_shows_the_fixed_line_not_someones_progress(tmp_path):
    panel = ProgressPanel(str(tmp_path / "p.json"))
    data, _ = panel._repr_mimebundle_()
    assert data["text/html"] == PROGRESS_FALLBACK
    assert "application/vnd.jupyter.widget-view+json" in data


def test_start_page_shows_the_progress_panel_on_its_first_screen():
    import nbformat

    nb = nbformat.read(ROOT / "notebooks" / "00-start-here.ipynb", as_version=4)
    first_code = next(c for c in nb.cells if c.cell_type == "code")
    assert "ProgressPanel()" in first_code.source
    assert nb.cells.index(first_code) == 1, "right under the table of lessons"
    (output,) = first_code.outputs
    assert output["data"]["text/html"] == PROGRESS_FALLBACK
