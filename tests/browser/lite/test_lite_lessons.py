"""The JupyterLite site's four game lessons, each opened offline, run in full and its
first and last board clicked: part 3 of ``test_lite_site.py`` for the long pages, in a
module of its own so that pytest-xdist runs it beside the other."""

from __future__ import annotations

import pytest
from litepage import OFFLINE_PAGES, is_game_lesson, page_param, run_page_and_click_its_boards


@pytest.mark.parametrize("page_path", [page_param(page) for page in OFFLINE_PAGES
                                       if is_game_lesson(page)])
def test_lite_lesson_runs_offline_and_its_boards_answer_clicks(offline, ui, page_path):
    run_page_and_click_its_boards(offline(), ui, page_path)
