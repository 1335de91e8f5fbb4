"""Publishing the JupyterLite site: the Pages workflow and the links that lead to it."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
# The start page of the published site (GitHub Pages of boardlib/boardlib).
LITE_START = "https://boardlib.github.io/boardlib/lab/index.html?path=notebooks/00-start-here.ipynb"


def test_the_pages_workflow_builds_with_make_lite_and_publishes_its_output():
    text = WORKFLOW.read_text()
    steps = re.findall(r"^\s+(?:- )?(?:run|uses|path): *(\S.*)$", text, re.MULTILINE)
    assert "make lite" in steps
    assert "lite/_output" in steps
    uses = [step.split("@")[0] for step in steps if "@" in step]
    assert uses.index("actions/upload-pages-artifact") > uses.index("actions/checkout")
    assert "actions/deploy-pages" in uses
    assert re.search(r"^\s+pages: write$", text, re.MULTILINE)
    assert re.search(r"^\s+id-token: write$", text, re.MULTILINE)


def test_readme_links_the_site_beside_the_binder_badge():
    readme = (ROOT / "README.md").read_text()
    binder = readme.index("mybinder.org/badge_logo.svg")
    lite = readme.index(f"]({LITE_START})")
    assert 0 < lite - binder < 800, "the browser link belongs right after the Binder badge"
    assert "## Try it in your browser (JupyterLite)" in readme
    assert "lite/_output" in readme and "Hosting it yourself" in readme


def test_the_start_page_links_the_site_next_to_binder_without_loading_anything():
    """A link, never an image: the start page opened offline in the site must not fetch."""
    notebook = json.loads((ROOT / "notebooks" / "00-start-here.ipynb").read_text())
    markdown = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"]
    (running,) = [text for text in markdown if text.startswith("## Running the notebooks")]
    assert "mybinder.org" in running and f"]({LITE_START})" in running
    assert not [text for text in markdown if re.search(r"!\[[^]]*\]\(https?:", text)]
