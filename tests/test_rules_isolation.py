"""Rules never import drawing or widgets (ARCHITECTURE section 1).

For each game, importing its rule engine and the modules its bots and graphs build on
loads no matplotlib, ipywidgets or anywidget. Each check runs in a fresh interpreter, so
what other tests imported does not count.
"""
import subprocess
import sys

import pytest

ENGINE_MODULES = {
    "zyrcan": ("boardlib.zyrcan.rules", "boardlib.zyrcan.graphs"),
    "section_x": ("boardlib.section_x.rules", "boardlib.section_x.bots"),
    "carcassonne": ("boardlib.carcassonne.rules", "boardlib.carcassonne.features"),
    "room25": ("boardlib.room25.rules", "boardlib.room25.scenarios"),
}


@pytest.mark.parametrize("game", sorted(ENGINE_MODULES))
def test_rules_import_no_drawing_or_widgets(game):
    code = (f"import sys, {', '.join(ENGINE_MODULES[game])}; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
