"""The rules stay free of drawing and widget code (ARCHITECTURE section 1)."""
import subprocess
import sys


def test_rules_import_neither_matplotlib_nor_ipywidgets():
    code = ("import sys, boardlib.zyrcan.rules, boardlib.zyrcan.graphs; "
            "bad = [m for m in ('matplotlib', 'ipywidgets', 'anywidget') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
