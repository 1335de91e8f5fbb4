"""The play apps (apps/<game>.ipynb, issue 18 item 8) and the Voila tagging tool (issue 19
item 6), checked without a browser: one app per game with a board and relative links that
resolve, the start page linking to every app, `make` executing and checking the apps, and
tools/tag_voila_cells.py tagging setup cells by its rule, idempotently.

The browser side (no code shown, one screen, a click plays) is
tests/browser/test_browser_voila_pages.py.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import boardlib

ROOT = Path(__file__).resolve().parents[1]
APPS = sorted((ROOT / "apps").glob("*.ipynb"))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def load_tool():
    spec = importlib.util.spec_from_file_location(
        "tag_voila_cells", ROOT / "tools" / "tag_voila_cells.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


tool = load_tool()


def markdown_links(nb) -> list[str]:
    return [link for cell in nb.cells if cell.cell_type == "markdown"
            for link in LINK.findall(cell.source)]


def test_every_game_has_an_app_with_its_board():
    boards = {"zyrcan": "ZyrcanBoard", "section_x": "SectionXBoard",
              "carcassonne": "CarcassonneBoard", "room25": "Room25Board"}
    assert set(boardlib.GAMES) == set(boards)
    names = {path.stem for path in APPS}
    assert names == {"zyrcan", "section-x", "carcassonne", "room25"}
    for path in APPS:
        nb = nbformat.read(path, as_version=4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert len(code) == 1, f"{path.name}: one short cell, the board"
        game = path.stem.replace("-", "_")
        assert f"{boards[game]}(" in code[0].source and '"human"' in code[0].source
        assert len(code[0].source.splitlines()) <= 5
        outputs = code[0].outputs
        assert outputs and "image/svg+xml" in outputs[0]["data"], "executed, picture stored"
        first = nb.cells[0]
        assert first.cell_type == "markdown" and "\n# " in f"\n{first.source}"
        assert "**How to play.**" in first.source


@pytest.mark.parametrize("path", APPS, ids=lambda p: p.name)
def test_app_links_are_relative_and_resolve(path):
    links = markdown_links(nbformat.read(path, as_version=4))
    assert "../notebooks/00-start-here.ipynb" in links
    assert any(re.fullmatch(r"\.\./notebooks/[1-9]\d-[a-z0-9-]+\.ipynb", link) for link in links)
    for link in links:
        assert not link.startswith(("http:", "https:", "/")), link
        assert (path.parent / link).resolve().is_file(), link


def test_start_page_links_to_every_app_relatively():
    nb = nbformat.read(ROOT / "notebooks" / "00-start-here.ipynb", as_version=4)
    links = markdown_links(nb)
    for path in APPS:
        assert f"../apps/{path.name}" in links, path.name
    for link in links:
        if not link.startswith(("http:", "https:", "#")):
            assert (ROOT / "notebooks" / link).resolve().is_file(), link
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## For teachers" in text and "py -3.11 -m venv .venv" in text


def test_readme_voila_apps_list_points_at_the_apps():
    readme = (ROOT / "README.md").read_text()
    for path in APPS:
        assert f"voila/render/apps/{path.name}" in readme, path.name
    assert "## For teachers" in readme


def test_make_executes_and_checks_the_apps_and_voila_serves_both_folders():
    def dry_run(target: str) -> str:
        result = subprocess.run(["make", "-n", target, "STAMP=/dev/null", "LITE_STAMP=/dev/null"],
                                cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout

    for target in ("test", "notebooks", "test-notebooks"):
        out = dry_run(target)
        for path in APPS:
            assert f"apps/{path.name}" in out, (target, path.name)
    voila = [line for line in dry_run("voila").splitlines() if "bin/voila " in line]
    assert voila and voila[0].rstrip().endswith(" ."), voila


# --- tools/tag_voila_cells.py ------------------------------------------------------------


def notebook_with(*cells) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    return nb


def code(source: str, *outputs, tags=()) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = list(outputs)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def result(**data) -> nbformat.NotebookNode:
    return nbformat.v4.new_output("execute_result", data=data, execution_count=1)


def test_tag_tool_hides_setup_cells_and_keeps_pictures_html_and_voila_show():
    printed = nbformat.v4.new_output("stream", name="stdout", text="place 1 at 1,0\n")
    nb = notebook_with(
        nbformat.v4.new_markdown_cell("# Title"),
        code("import boardlib"),                                      # no output
        code("state.legal_moves()", result(**{"text/plain": "[...]"})),  # a repr
        code("print(move)", printed),                                 # printed text
        code("picture(state)", result(**{"image/svg+xml": "<svg/>", "text/plain": "P"})),
        code("CATALOGUE", result(**{"text/html": "<table/>", "text/plain": "C"})),
        code("print('ZY-01')", printed, tags=["voila-show"]),
        code("board.click(h); board", printed, result(**{"image/svg+xml": "<svg/>"})),
    )
    assert tool.tag_setup_cells(nb) == [0, 1, 2, 3, 7]
    tags = [c.metadata.get("tags", []) for c in nb.cells]
    assert tags[1:4] == [["voila-hide"]] * 3
    assert tags[4] == tags[5] == [] and tags[6] == ["voila-show"]
    assert tags[7] == ["voila-hide-text"]     # the picture stays, the printed text goes
    assert nb.cells[0].source.startswith(tool.STYLE) and tool.TEXT_STYLE in nb.cells[0].source
    assert tool.tag_setup_cells(nb) == []            # idempotent
    assert nb.cells[0].source.count(tool.STYLE) == 1
    assert nb.cells[0].source.count(tool.TEXT_STYLE) == 1


def test_tag_tool_check_mode_changes_nothing_and_reports(tmp_path):
    """The command line once (its exit status is ``main``'s); then ``main`` itself, since
    each new Python that imports nbformat spends 2 s of CPU importing jsonschema."""
    path = tmp_path / "n.ipynb"
    nbformat.write(notebook_with(code("import boardlib")), path)
    before = path.read_bytes()
    command = [sys.executable, str(ROOT / "tools" / "tag_voila_cells.py")]
    checked = subprocess.run([*command, "--check", str(path)], capture_output=True, text=True)
    assert checked.returncode == 1 and "would be tagged" in checked.stdout
    assert path.read_bytes() == before
    assert tool.main([str(path)]) == 0
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[0].source == tool.STYLE and nb.cells[1].metadata["tags"] == ["voila-hide"]
    assert tool.main(["--check", str(path)]) == 0


def test_start_page_primer_and_apps_are_tagged():
    """The coordinator applies the tool to the game lessons; these are done."""
    for path in [ROOT / "notebooks" / "00-start-here.ipynb",
                 ROOT / "notebooks" / "01-hex-grids-and-graphs.ipynb", *APPS]:
        assert tool.tag_setup_cells(nbformat.read(path, as_version=4)) == [], path.name
