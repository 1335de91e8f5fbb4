"""Fixtures of the JupyterLite tests: the built site, a static server for it (one per test
module, so that the modules can run in different pytest-xdist workers), and offline pages."""

from __future__ import annotations

import fcntl
import functools
import http.server
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from litepage import ROOT, SITE, OfflinePage, QuietHandler, build

BUILD_LOCK = ROOT / "lite" / "_cache" / "build.lock"


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site: `make test` builds it before pytest starts; a bare pytest run builds
    it here (make does nothing when no input changed), one xdist worker at a time."""
    BUILD_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with BUILD_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # the other module's worker may be building it
        if shutil.which("make"):
            subprocess.run(["make", "--no-print-directory", "-s", "lite"], cwd=ROOT,
                           check=True, stdout=subprocess.DEVNULL)
        else:
            build.build()
    assert (SITE / "jupyter-lite.json").is_file()
    return SITE


@pytest.fixture(scope="module")
def site_url(site, tmp_path_factory):
    """The site in a sub-folder of the web server's root, as on GitHub Pages
    (``<owner>.github.io/<repository>/``): a request for anything outside it fails the test
    like a request to another host."""
    root = tmp_path_factory.mktemp("web-root")
    (root / "boardlib").symlink_to(site, target_is_directory=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/boardlib"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture
def offline(browser, site_url):
    """``offline()`` -> an OfflinePage in a fresh browser context: its own storage, so no
    JupyterLab workspace of an earlier page reopens (and starts kernels for) its notebooks.
    The context records what the page tried to fetch from outside the site (the route sees
    the Pyodide kernel's web worker too) and every console error. Closed after the test."""
    contexts = []

    def open_() -> OfflinePage:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.set_default_timeout(60_000)
        contexts.append(context)
        tab = OfflinePage(context.new_page(), site_url)

        def route(route):
            if route.request.url.startswith(site_url + "/"):
                route.continue_()
            else:
                tab.blocked.append(route.request.url)
                route.abort()

        context.route("**/*", route)
        tab.page.on("console", lambda message: message.type == "error"
                    and tab.console_errors.append(message.text[:500]))
        tab.page.on("pageerror", lambda error: tab.console_errors.append(str(error)[:500]))
        return tab

    yield open_
    for context in contexts:
        context.close()


