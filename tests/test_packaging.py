"""Packaging and tooling checks: Binder config, installed metadata, the nbval sanitize file.

These keep the promises of README's two commands and the Binder badge checkable without
Docker: `repo2docker --no-build --debug` prints the Dockerfile it would build.
"""

from __future__ import annotations

import fnmatch
import importlib.metadata
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


def read_pins(path: Path) -> dict[str, str]:
    """name -> version for every `name==version` line of a requirements file."""
    return read_pins_from(path.read_text())


def read_pins_from(text: str) -> dict[str, str]:
    pins = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[canonical(name)] = version.strip()
    return pins


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.strip()).lower()


def requirement_lines(path: Path) -> list[str]:
    return [
        line.split("#", 1)[0].strip()
        for line in path.read_text().splitlines()
        if line.split("#", 1)[0].strip()
    ]


# --- requirements ----------------------------------------------------------------------------


def test_top_level_requirements_are_all_pinned():
    lines = requirement_lines(ROOT / "requirements.txt")
    assert lines, "requirements.txt lists nothing"
    unpinned = [line for line in lines if "==" not in line]
    assert not unpinned, f"every requirement must be pinned with ==: {unpinned}"


TOOLS_HEADER = "# Tests and tools"


def test_binder_requirements_agree_with_top_level_pins():
    """Binder gets the top-level pins above the test tools' header, the same versions, and
    none of the test tools (a learner's image needs no test runner or browser driver)."""
    text = (ROOT / "requirements.txt").read_text()
    assert TOOLS_HEADER in text, f"requirements.txt lost its {TOOLS_HEADER!r} line"
    runtime_part, tools_part = text.split(TOOLS_HEADER, 1)
    runtime, tools = (read_pins_from(part) for part in (runtime_part, tools_part))
    assert {"pytest", "nbval", "playwright"} <= set(tools)
    binder = read_pins(BINDER / "requirements.txt")
    assert binder == runtime, (
        "binder/requirements.txt must pin exactly the runtime and notebook pins of "
        f"requirements.txt; only in requirements.txt: "
        f"{sorted(set(runtime.items()) - set(binder.items()))}, "
        f"only in binder/: {sorted(set(binder.items()) - set(runtime.items()))}"
    )


def test_binder_requirements_install_boardlib_itself():
    assert "-e ." in requirement_lines(BINDER / "requirements.txt")


def test_pyproject_dependencies_are_satisfied_by_the_pins():
    from packaging.requirements import Requirement

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pins = read_pins(ROOT / "requirements.txt")
    for spec in pyproject["project"]["dependencies"]:
        req = Requirement(spec)
        name = canonical(req.name)
        assert name in pins, f"runtime dependency {req.name} is not pinned in requirements.txt"
        assert req.specifier.contains(pins[name]), f"pin {name}=={pins[name]} violates {spec}"


def test_installed_packages_match_the_pins():
    """The environment the tests run in is the pinned one (catches a stale .venv)."""
    mismatched = {}
    for name, version in read_pins(ROOT / "requirements.txt").items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            mismatched[name] = (version, installed)
    assert not mismatched, f"pinned vs installed: {mismatched}"


# --- Binder ----------------------------------------------------------------------------------


def test_binder_runtime_is_python_311():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_postbuild_turns_off_the_news_popup():
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    text = post_build.read_text()
    assert text.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in text
    assert re.search(
        r'jupyter labextension disable\s+"?@jupyterlab/apputils-extension:announcements"?', text
    )


def make_dry_run(target: str) -> str:
    """The commands ``make <target>`` would run (``make -n``: nothing is run)."""
    result = subprocess.run(["make", "-n", target], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_make_lab_prints_the_start_page_address_and_turns_off_the_news_popup():
    """Found by a fresh-clone check: the printed address opened an empty Launcher, and a news
    pop-up covered the board's controls (Binder's postBuild already turned it off)."""
    commands = make_dry_run("lab")
    assert "--LabApp.default_url=/lab/tree/00-start-here.ipynb" in commands
    assert 'labextension disable "@jupyterlab/apputils-extension:announcements"' in commands


def test_opening_a_notebook_in_jupyterlab_does_not_change_it():
    """Found by a fresh-clone check: JupyterLab rewrote the kernel's display name and added
    ``collapsed`` to folded outputs on opening, so autosave changed files in the repository."""
    import json

    kernel = json.loads((Path(sys.prefix) / "share/jupyter/kernels/python3/kernel.json")
                        .read_text())
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        assert nb["metadata"]["kernelspec"]["display_name"] == kernel["display_name"], path.name
        for cell in nb["cells"]:
            if cell["metadata"].get("jupyter", {}).get("outputs_hidden"):
                assert cell["metadata"].get("collapsed") is True, (path.name, cell.get("id"))


@pytest.fixture(scope="module")
def dockerfile() -> str:
    repo2docker = Path(sys.executable).with_name("repo2docker")
    assert repo2docker.exists(), f"{repo2docker} missing: is jupyter-repo2docker installed?"
    result = subprocess.run(
        [str(repo2docker), "--no-build", "--debug", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    # --debug prints the generated Dockerfile on stdout (log lines go to stderr)
    text = result.stdout + result.stderr
    assert "FROM " in text, "repo2docker printed no Dockerfile"
    return text


def test_repo2docker_builds_python_311(dockerfile):
    assert "python=3.11" in dockerfile


def test_repo2docker_installs_the_pinned_binder_requirements(dockerfile):
    install = re.search(r'RUN \$\{KERNEL_PYTHON_PREFIX\}/bin/pip install '
                        r'.*-r "?binder/requirements\.txt', dockerfile)
    assert install, "the Dockerfile does not pip-install binder/requirements.txt"
    # The requirements (with `-e .`) must be installed after the whole repository is copied in.
    copy_all = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    assert copy_all < install.start()
    # ... and the file it installs holds every pin.
    pins = read_pins(BINDER / "requirements.txt")
    assert {"jupyterlab", "voila", "anywidget", "ipywidgets", "networkx", "matplotlib"} <= set(pins)


def test_repo2docker_runs_postbuild(dockerfile):
    assert "RUN ./binder/postBuild" in dockerfile


# --- the package itself ----------------------------------------------------------------------


def test_installed_metadata_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    meta = importlib.metadata.metadata("boardlib")
    assert meta["Name"] == "boardlib"
    assert meta["Version"] == project["version"]
    assert meta["Requires-Python"] == project["requires-python"]
    requires = {canonical(r.split(">")[0].split("=")[0].split("<")[0].split(";")[0])
                for r in meta.get_all("Requires-Dist") or []}
    assert {canonical(d.split(">")[0].split("=")[0].split("<")[0])
            for d in project["dependencies"]} <= requires


def test_boardlib_is_imported_from_this_checkout():
    import boardlib

    assert Path(boardlib.__file__).resolve().is_relative_to(ROOT), boardlib.__file__


def test_package_data_covers_every_non_python_file():
    """A file the package needs but the wheel would leave out (e.g. widget JS) fails here."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = project["tool"]["setuptools"]["package-data"]["boardlib"]
    assert "py.typed" in patterns and (ROOT / "boardlib" / "py.typed").exists()
    missed = []
    for path in (ROOT / "boardlib").rglob("*"):
        if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(ROOT / "boardlib").as_posix()
        if not any(fnmatch.fnmatch(relative, pattern) for pattern in patterns):
            missed.append(relative)
    assert not missed, f"not in [tool.setuptools.package-data]: {missed}"


# --- tooling ---------------------------------------------------------------------------------


def test_ci_script_is_strict_and_runs_make_test():
    run = ROOT / ".ci" / "run"
    assert os.access(run, os.X_OK)
    text = run.read_text()
    assert "set -euo pipefail" in text and "make test" in text and "apt-get install" in text


def test_make_test_runs_pytest_with_nbval_over_the_notebooks():
    result = subprocess.run(
        ["make", "-n", "test", "STAMP=/dev/null"], cwd=ROOT, capture_output=True, text=True,
        timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "--nbval-current-env" in result.stdout
    assert "--nbval-sanitize-with tests/nbval_sanitize.cfg" in result.stdout
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"notebooks/{notebook.name}" in result.stdout


@pytest.fixture(scope="module")
def sanitize():
    from nbval.plugin import get_sanitize_patterns

    patterns = get_sanitize_patterns((ROOT / "tests" / "nbval_sanitize.cfg").read_text())
    assert len(patterns) >= 8

    def apply(text: str) -> str:
        for regex, replace in patterns:
            text = re.sub(regex, replace, text)
        return text

    return apply


@pytest.mark.parametrize(
    "varying, other_run",
    [
        ("<Match object at 0x7f3a2c1d9e50>", "<Match object at 0x7f00aa11bb22>"),
        ("CPU times: user 3.1 ms, sys: 0 ns", "CPU times: user 2.9 ms, sys: 12 ns"),
        ("Wall time: 1.2 s", "Wall time: 950 ms"),
        ("played in 0.84 s", "played in 1.02 s"),
        ("1,234 games per second", "987 games per second"),
        ('{"model_id": "3f2b9c0e4d5a6b7c8d9e0f1a2b3c4d5e"}',
         '{"model_id": "00112233445566778899aabbccddeeff"}'),
        ('<img src="data:image/png;base64,iVBORw0KGgo=">',
         '<img src="data:image/png;base64,AAAAAAAA">'),
        ('<svg width="10"><g id="hex_0_0"/></svg>', '<svg width="12"><g id="hex_1_0"/>\n</svg>'),
        ("saved 2026-11-30T00:12:03.123Z", "saved 2026-12-01 13:00:59"),
        ("/work/main/boardlib/core/api.py:3: UserWarning",
         "/tmp/ci/repo/boardlib/core/api.py:3: UserWarning"),
    ],
)
def test_sanitize_masks_what_varies_between_runs(sanitize, varying, other_run):
    assert sanitize(varying) == sanitize(other_run)


@pytest.mark.parametrize(
    "text",
    [
        "Player 2 places 3 ships; 12 engines in reserve",
        "place 2 at 3,-1",
        "attack 3,-1 NE",
        "ZY-08: a ship flies exactly as many hexes as it has engines.",
        "scores: {0: 7, 1: 5, 2: 5}",
    ],
)
def test_sanitize_leaves_game_text_alone(sanitize, text):
    assert sanitize(text) == text


def test_make_notebooks_tool_stores_deterministic_outputs(tmp_path):
    """tools/execute_notebooks.py twice on the same notebook writes the same bytes, keeps the
    static picture of a widget and drops its unrestorable live view."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells = [
        nbformat.v4.new_code_cell("print({'ships', 'engines', 'hexes', 'fleets'})"),
        nbformat.v4.new_code_cell(
            "from boardlib.widgets import BoardView\n"
            "BoardView(svg='<svg xmlns=\"http://www.w3.org/2000/svg\"><g id=\"hex_0_0\"/></svg>')"
        ),
    ]
    path = tmp_path / "probe.ipynb"
    nbformat.write(nb, path)
    tool = [sys.executable, str(ROOT / "tools" / "execute_notebooks.py"), str(path)]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONHASHSEED", "SOURCE_DATE_EPOCH")}
    runs = []
    for _ in range(2):
        subprocess.run(tool, check=True, env=env, capture_output=True, timeout=300)
        runs.append(path.read_bytes())
    assert runs[0] == runs[1]
    executed = nbformat.reads(runs[0].decode(), as_version=4)
    data = executed.cells[1].outputs[0]["data"]
    assert "application/vnd.jupyter.widget-view+json" not in data
    assert "image/svg+xml" in data and 'id="hex_0_0"' in data["image/svg+xml"]
    assert "execution" not in executed.cells[0].metadata and "widgets" not in executed.metadata
