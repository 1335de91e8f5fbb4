"""The four game lessons in figures (issue 19): per notebook, its rule sections and how many
show a board or picture, the Try-it puzzles and guided game it offers, and
under Voila at 1366x768 how far down the page the first picture sits and how long the page
takes until every output is there, with how many widget views it drew and lost.

    .venv/bin/python benchmarks/bench_lessons.py [--no-voila]

The counts come from the stored outputs (as tests/test_lessons.py reads them); the Voila
figures from one Voila serving the repository, opened in headless Chromium.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


shape = load("lesson_shape", ROOT / "tests" / "test_lessons.py")


def counts(name: str) -> dict[str, int]:
    parts = shape.sections(name)
    rules = [(heading, cells) for heading, cells in parts if shape.is_rule_section(heading)]
    cells = [cell for _, cells in parts for cell in cells if cell["cell_type"] == "code"]
    sources = ["".join(cell["source"]) for cell in cells]
    return {
        "rule sections": len(rules),
        "with a picture": sum(bool(shape.pictures(cells)) for _, cells in rules),
        "try-it puzzles": sum(source.count("try_it(") for source in sources),
        "guided game": int(any("first_game(" in source for source in sources)),
    }


FIRST_PICTURE_JS = """() => {
  const found = document.querySelector(
    ".jp-OutputArea-output img, .jp-OutputArea-output svg");
  return found ? Math.round(found.getBoundingClientRect().top + window.scrollY) : null;
}"""


@contextlib.contextmanager
def voila():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    home = Path(tempfile.mkdtemp(prefix="bench-lessons-"))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTER_DATA_DIR=str(home / "data"))
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", str(ROOT)], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            with urllib.request.urlopen(url + "/", timeout=5):
                break
        time.sleep(0.3)
    try:
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def voila_figures(url: str, name: str, browser) -> dict[str, object]:
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    expected = sum(len(cell.get("outputs", ())) for cell in notebook["cells"])
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    started = time.monotonic()
    page.goto(f"{url}/voila/render/notebooks/{name}.ipynb", timeout=300_000)
    page.wait_for_function("n => document.querySelectorAll('.jp-OutputArea-output').length"
                           " >= n", arg=expected, timeout=300_000)
    loaded = time.monotonic() - started
    with contextlib.suppress(Exception):   # widgets draw after the outputs arrive
        page.wait_for_function("() => !document.body.innerText.includes('Loading widget...')",
                               timeout=120_000)
    page.wait_for_timeout(2000)
    figures = {"first picture (px)": page.evaluate(FIRST_PICTURE_JS),
               "page loaded (s)": round(loaded, 1),
               "widgets drawn (s)": round(time.monotonic() - started - 2, 1),
               "widget views": page.locator(".jupyter-widgets").count(),
               "lost widgets": page.get_by_text("Error displaying widget").count()}
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-voila", action="store_true", help="stored outputs only")
    args = parser.parse_args()
    rows = {name: counts(name) for name in shape.LESSONS}
    if not args.no_voila:
        from playwright.sync_api import sync_playwright

        with voila() as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            for name in shape.LESSONS:
                rows[name].update(voila_figures(url, name, browser))
            browser.close()
    columns = list(next(iter(rows.values())))
    print(f"{'lesson':24}" + "".join(f"{c:>20}" for c in columns))
    for name, row in rows.items():
        print(f"{name:24}" + "".join(f"{str(row.get(c, '')):>20}" for c in columns))


if __name__ == "__main__":
    main()
