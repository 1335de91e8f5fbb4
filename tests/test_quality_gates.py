"""Quality gates in ``make test`` (issue 16 item 5): ruff and mypy, run as the venv runs them.

- ruff over the whole repository with the rules in pyproject.toml, and boardlib.core also
  under bugbear and pyupgrade (``ruff check --select E,F,W,B,UP boardlib/core``);
- mypy with pyproject.toml's settings: strict on boardlib.core and boardlib.widgets, every
  other module at default strictness plus ``check_untyped_defs``.

The modules being rewritten this round are listed, with that comment, in pyproject.toml
(mypy ``ignore_errors`` and ruff per-file-ignores): checked, their errors not reported yet.
A failure prints the tool's own output.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def run_tool(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``python -m <tool> ...`` from this interpreter (the venv's), in the repository root."""
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def assert_clean(result: subprocess.CompletedProcess[str], what: str) -> None:
    assert result.returncode == 0, f"{what} failed:\n{result.stdout}\n{result.stderr}"


def test_ruff_passes_on_the_whole_repository() -> None:
    assert_clean(run_tool("ruff", "check", "--no-cache", "."), "ruff check .")


def test_ruff_bugbear_and_pyupgrade_pass_on_core() -> None:
    assert_clean(run_tool("ruff", "check", "--no-cache", "--select", "E,F,W,B,UP",
                          "boardlib/core"), "ruff check --select E,F,W,B,UP boardlib/core")


def test_mypy_passes_strict_on_core_and_widgets_and_clean_elsewhere() -> None:
    result = run_tool("mypy")
    assert_clean(result, "mypy (settings from pyproject.toml)")
    assert "Success" in result.stdout


def mypy_overrides() -> list[dict[str, Any]]:
    overrides: list[dict[str, Any]] = PYPROJECT["tool"]["mypy"]["overrides"]
    return overrides


def test_mypy_is_strict_where_the_architecture_says() -> None:
    """Strict is spelled out flag by flag: in an override, ``strict = true`` would turn it on
    for every module (mypy 2.4), so this checks the flags are there for core and widgets."""
    config = PYPROJECT["tool"]["mypy"]
    assert config["files"] == ["boardlib"] and config["check_untyped_defs"] is True
    strict = [o for o in mypy_overrides() if "boardlib.core" in o["module"]]
    assert len(strict) == 1
    assert "boardlib.widgets" in strict[0]["module"]
    for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any",
                 "disallow_untyped_calls", "strict_equality"):
        assert strict[0][flag] is True, flag


def test_no_module_of_the_package_is_excluded_from_mypy() -> None:
    """Every module is checked and its errors reported: no ``ignore_errors`` override, and
    the only ``ignore_missing_imports`` is for ipywidgets, which ships no types."""
    assert not [o["module"] for o in mypy_overrides() if o.get("ignore_errors")]
    untyped = [o["module"] for o in mypy_overrides() if o.get("ignore_missing_imports")]
    assert untyped == [["ipywidgets", "ipywidgets.*"]]
    for notebook in PYPROJECT["tool"]["ruff"]["lint"].get("per-file-ignores", {}):
        assert (ROOT / notebook).is_file(), notebook


@pytest.mark.parametrize("tool", ["ruff", "mypy"])
def test_the_tools_are_pinned_in_requirements(tool: str) -> None:
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert any(line.startswith(f"{tool}==") for line in pins), f"pin {tool} in requirements"
    assert shutil.which(tool, path=str(Path(sys.executable).parent)) is not None or \
        run_tool(tool, "--version", timeout=60).returncode == 0
