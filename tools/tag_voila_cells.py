"""Tag a notebook's setup cells so that Voila shows neither their code nor their reprs.

Usage: python tools/tag_voila_cells.py [--check] notebooks/NN-x.ipynb apps/*.ipynb

Voila (0.5, the pinned version) never shows code, but it shows every output, including the
``text/plain`` repr of a value and printed text. The rule this tool applies (issue 19 item 6),
to the stored outputs of an executed notebook:

* a code cell is a **setup cell** when it shows nothing a reader needs: no output at all, or
  only printed text, errors and plain-text reprs (no picture, no HTML, no live widget);
* every setup cell gets the tag ``voila-hide``, unless it carries ``voila-show`` (printed
  text meant for the reader; the browser test allows it);
* a cell that shows a picture, HTML or a widget **and** printed text or a plain-text repr
  gets ``voila-hide-text``: Voila shows its picture and hides the text (``voila-show``
  keeps the text here too);
* markdown cells are left alone (they are the intended text), and so are tags already there.

How ``voila-hide`` hides a cell: nbconvert's lab template, which Voila renders, gives every
cell the class ``celltag_<tag>`` of each of its tags, and the notebook's first markdown cell
holds ``<style>.celltag_voila-hide { display: none; }</style>`` (added when missing), and
the ``voila-hide-text`` rule (TEXT_STYLE) when a cell has that tag. The
cell still runs, so its imports and definitions serve the cells after it. Configuring
nbconvert's ``TagRemovePreprocessor`` (``--TagRemovePreprocessor.remove_all_outputs_tags``,
in the Voila documentation) does not work in Voila 0.5: Voila executes the cells after the
exporter's preprocessors ran, so the removed outputs come back, and ``remove_cell_tags``
would not run the cell at all (tried with voila 0.5.13 on a two-cell notebook).

The tool is idempotent: a second run changes nothing. ``--check`` changes nothing and exits
with status 1 if a notebook would change (for tests and CI). Run it after ``make notebooks``
(it reads stored outputs); JupyterLab ignores the tag and shows every cell.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import nbformat

HIDE = "voila-hide"
SHOW = "voila-show"
HIDE_TEXT = "voila-hide-text"
STYLE = "<style>.celltag_voila-hide { display: none; }</style>"
# The output areas Voila (JupyterLab's renderers) draws for plain text and printed text.
_TEXT_OUTPUTS = ", ".join(
    f'.celltag_voila-hide-text .jp-OutputArea-child:has(> [data-mime-type="{mime}"])'
    for mime in ("text/plain", "application/vnd.jupyter.stdout",
                 "application/vnd.jupyter.stderr"))
TEXT_STYLE = f"<style>{_TEXT_OUTPUTS} {{ display: none; }}</style>"
# Output types and MIME types that only a Python programmer reads.
PLAIN_OUTPUTS = {"stream", "error"}
PLAIN_MIME = {"text/plain"}


def shows_only_plain_text(cell: Any) -> bool:
    """True for a code cell with no output, or only printed text, errors and text reprs."""
    for output in cell.get("outputs", []):
        if output.get("output_type") in PLAIN_OUTPUTS:
            continue
        if not set(output.get("data", {})) <= PLAIN_MIME:
            return False
    return True


def is_plain(output: Any) -> bool:
    return (output.get("output_type") in PLAIN_OUTPUTS
            or set(output.get("data", {})) <= PLAIN_MIME)


def is_setup_cell(cell: Any) -> bool:
    return (cell.cell_type == "code" and SHOW not in cell.metadata.get("tags", [])
            and shows_only_plain_text(cell))


def has_text_beside_a_picture(cell: Any) -> bool:
    outputs = cell.get("outputs", []) if cell.cell_type == "code" else []
    return (SHOW not in cell.metadata.get("tags", []) and any(map(is_plain, outputs))
            and not all(map(is_plain, outputs)))


def tag_setup_cells(nb: Any) -> list[int]:
    """Tag every setup cell of ``nb`` in place (and add the hiding style); the indexes of the
    cells that changed (the first markdown cell's index when only its style was added)."""
    changed = []
    for index, cell in enumerate(nb.cells):
        tags = cell.metadata.get("tags", [])
        for tag, applies in ((HIDE, is_setup_cell), (HIDE_TEXT, has_text_beside_a_picture)):
            if applies(cell) and tag not in tags:
                cell.metadata["tags"] = tags = [*tags, tag]
                changed.append(index)
    for tag, style in ((HIDE_TEXT, TEXT_STYLE), (HIDE, STYLE)):
        if not any(tag in cell.metadata.get("tags", []) for cell in nb.cells):
            continue
        first = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"), None)
        if first is None:
            nb.cells.insert(0, nbformat.v4.new_markdown_cell(""))  # type: ignore[no-untyped-call]
            changed = [i + 1 for i in changed]
            first = 0
        if style not in nb.cells[first].source:
            source = nb.cells[first].source
            nb.cells[first].source = f"{style}\n\n{source}" if source else style
            changed.append(first)
    return sorted(set(changed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a notebook has untagged setup cells")
    args = parser.parse_args(argv)
    status = 0
    for path in args.notebooks:
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        changed = tag_setup_cells(nb)
        if not changed:
            print(f"{path}: nothing to tag")
            continue
        if args.check:
            print(f"{path}: cells {changed} would be tagged {HIDE} or {HIDE_TEXT}")
            status = 1
            continue
        nbformat.validate(nb)
        nbformat.write(nb, path)  # type: ignore[no-untyped-call]
        print(f"{path}: tagged cells {changed} {HIDE} or {HIDE_TEXT}")
    return status


if __name__ == "__main__":
    sys.exit(main())
