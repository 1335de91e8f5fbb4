"""Execute notebooks top to bottom in place and store their outputs (`make notebooks`).

Usage: python tools/execute_notebooks.py [--keep-widget-views] notebooks/*.ipynb apps/*.ipynb

The stored outputs are what nbval compares against (`make test`), so the run is made
deterministic: fixed hash seed and SVG date, no timing metadata, and by default no live-widget
views. A live widget's view refers to a model by a random id that no saved file can restore, so
JupyterLab would show "Error displaying widget: model not found" until the cell is run again;
dropping that view leaves the widget's static picture (its image/svg+xml or image/png from
`_repr_mimebundle_`), which GitHub, nbviewer and an unexecuted JupyterLab all show. Running
the cell brings the live board back.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def deterministic_environment() -> None:
    """The kernel inherits this process's environment."""
    os.environ["PYTHONHASHSEED"] = "0"  # same set/dict-of-str order in every run
    os.environ["SOURCE_DATE_EPOCH"] = "0"  # matplotlib writes this date into SVG/PDF metadata
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")


def drop_widget_views(nb: nbformat.NotebookNode) -> int:
    """Remove live-widget views whose output also carries a static fallback; count them."""
    dropped = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]
                dropped += 1
    nb.metadata.pop("widgets", None)
    return dropped


def execute(path: Path, keep_widget_views: bool, timeout: int) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent.resolve())}},
        record_timing=False,
        store_widget_state=keep_widget_views,
    )
    start = time.perf_counter()
    client.execute()
    note = ""
    if not keep_widget_views:
        note = f", {drop_widget_views(nb)} widget views replaced by their static pictures"
    # print() output arrives in as many pieces as the kernel flushed: join them, so a run
    # stores the same text whatever the timing.
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    print(f"{path}: {len(nb.cells)} cells in {time.perf_counter() - start:.1f} s{note}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument(
        "--keep-widget-views",
        action="store_true",
        help="store live-widget views and widget state (not deterministic: model ids are random)",
    )
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell")
    args = parser.parse_args(argv)
    if not args.notebooks:
        print("no notebooks given", file=sys.stderr)
        return 0
    deterministic_environment()
    for path in args.notebooks:
        execute(path, args.keep_widget_views, args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
