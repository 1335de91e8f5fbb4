"""Browser contexts for the tests: a long default timeout and no CSS animations.

CSS animations are switched off in every test page: JupyterLab's and JupyterLite's spinners
and loading moons (and Voila's) turn while a kernel starts or a notebook runs, and each turn
is a frame drawn at 60 fps. On two cores that is CPU the servers and kernels under test need;
nothing a test checks moves by a CSS animation (boardlib's own marks fade in over 240 ms, and
with `animation: none` they are shown at once, as under prefers-reduced-motion). Transitions
stay. Measured: 7 of a Lite page's 28 s of CPU went to those frames; the JupyterLab and Voila
browser tests used 448 s of CPU with them and 413 s without.
"""

from __future__ import annotations

NO_ANIMATIONS_JS = """
document.addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");
  style.textContent = "*, *::before, *::after { animation: none !important; }";
  document.head.appendChild(style);
});
"""


def new_context(browser, **options):
    """``browser.new_context(**options)`` for a test: 60 s timeouts, animations off."""
    context = browser.new_context(**options)
    context.set_default_timeout(60_000)
    context.add_init_script(NO_ANIMATIONS_JS)
    return context
