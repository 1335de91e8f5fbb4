"""lite/pages.txt, the one list of notebooks the JupyterLite site holds (lite/build.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pages_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "pages.txt"
    path.write_text(text)
    return path


def test_pages_keep_their_order_options_and_skip_comments(build, tmp_path):
    path = pages_file(tmp_path, "# a comment\n\nnotebooks/10-zyrcan.ipynb\n"
                                "notebooks/00-start-here.ipynb  online=matplotlib,numpy  # why\n")
    assert build.read_pages(path) == [("notebooks/10-zyrcan.ipynb", []),
                                      ("notebooks/00-start-here.ipynb", ["matplotlib", "numpy"])]


def test_a_glob_adds_its_matches_sorted_and_nothing_when_none_exist_yet(build, tmp_path):
    path = pages_file(tmp_path, "notebooks/[0-9]0-*.ipynb\nno-such-folder/*.ipynb\n")
    pages = [page for page, _ in build.read_pages(path)]
    assert pages == sorted(pages) and "notebooks/10-zyrcan.ipynb" in pages
    assert all(page.startswith("notebooks/") for page in pages)


def test_a_missing_notebook_or_an_unknown_option_is_refused(build, tmp_path):
    with pytest.raises(build.BuildError, match=r"pages.txt:2: no notebook notebooks/gone"):
        build.read_pages(pages_file(tmp_path, "\nnotebooks/gone.ipynb\n"))
    with pytest.raises(build.BuildError, match="unknown option 'offline=yes'"):
        build.read_pages(pages_file(tmp_path, "notebooks/10-zyrcan.ipynb offline=yes\n"))


def test_the_site_holds_the_start_page_and_every_game_lesson(build):
    """Issue 20: the start page, the four game lessons and the apps (once apps/ has them)."""
    pages = [page for page, _ in build.read_pages()]
    assert pages[0] == "notebooks/00-start-here.ipynb"
    lessons = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("notebooks/[1-9]*.ipynb"))
    assert set(lessons) <= set(pages)
    apps = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("apps/*.ipynb"))
    assert set(apps) <= set(pages)


def test_the_pyodide_environment_evaluates_markers_as_pyodide_would(build):
    from packaging.requirements import Requirement

    lock = {"info": {"python": "3.14.2"}}
    env = build.pyodide_environment(lock)
    assert Requirement('pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"'
                       ).marker.evaluate({**env, "extra": ""}) is False
    assert Requirement('typing_extensions; python_version < "3.12"'
                       ).marker.evaluate({**env, "extra": ""}) is False
    assert build.canonical("Typing_Extensions") == "typing-extensions"
