"""Fixtures of the JupyterLite tests: the built site, a static server for it, and offline
pages in one Chromium profile per pytest process.

Why one profile (issue 20, CI time): every test starts a Pyodide kernel, and most of a cold
start is the browser compiling the same files again: the 10 MB pyodide.asm.wasm and
JupyterLab's scripts. Chromium keeps compiled WebAssembly and JavaScript in its code cache,
keyed on the HTTP cache entry of the file, and both caches live in the profile, so with one
profile on disk (``launch_persistent_context``) the second page and every later one reuse the
compiled code, module after module. Two things would defeat it, and are avoided:

- a Playwright route turns the HTTP cache off (and with it the code cache), so requests are
  not routed: the browser's proxy is a closed port, which makes every request that leaves
  127.0.0.1 fail inside Chromium (the page, the kernel's web worker, anything), and a listener
  records every request that is not for the site, which fails the test as before;
- a new server port is a new URL, so the server runs once per pytest process.

The pages draw no CSS animation (NO_ANIMATIONS_JS). Each test still starts as a first visit:
its page opens with the site's storage cleared (IndexedDB, local storage, service workers:
JupyterLab's workspace and drive), only the caches of compiled code stay.
``benchmarks/bench_lite.py`` keeps its own fresh contexts: a cold start there is a cold start.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import http.server
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
from litepage import ROOT, SITE, OfflinePage, QuietHandler, build
from quietpage import NO_ANIMATIONS_JS

BUILD_LOCK = ROOT / "lite" / "_cache" / "build.lock"
# A proxy nobody listens on: Chromium sends every request through it except those to the
# loopback address (its built-in bypass), so nothing can leave the machine.
CLOSED_PROXY = "--proxy-server=http://127.0.0.1:9"
# Everything of a site's own storage, and nothing of the HTTP or code cache.
SITE_STORAGE = "cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage"
# Schemes of requests that never reach a network (a worker made from a blob, an inline image).
LOCAL_SCHEMES = ("data:", "blob:", "about:")
# JupyterLite's service worker answers this path itself, at the root of whatever server the
# site is on (service-worker.js, onFetch): the page asks it every few seconds and nothing
# reaches the network. (A Playwright route never saw it: a route misses what a service
# worker answers.)
SERVICE_WORKER_HEARTBEAT = "/api/service-worker-heartbeat"

_contexts: list = []  # the open browser contexts, for screenshots of a failing test


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site: `make test` builds it before pytest starts; a bare pytest run builds
    it here (make does nothing when no input changed), one xdist worker at a time."""
    BUILD_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with BUILD_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)   # another worker may be building it
        if shutil.which("make"):
            subprocess.run(["make", "--no-print-directory", "-s", "lite"], cwd=ROOT,
                           check=True, stdout=subprocess.DEVNULL)
        else:
            build.build()
    assert (SITE / "jupyter-lite.json").is_file()
    return SITE


@pytest.fixture(scope="session")
def site_url(site, tmp_path_factory):
    """The site in a sub-folder of the web server's root, as on GitHub Pages
    (``<owner>.github.io/<repository>/``): a request for anything outside it fails the test
    like a request to another host. One server per pytest process (xdist worker), so that
    every module asks for the same URLs and finds them in the browser's cache."""
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


@pytest.fixture(scope="session")
def browser_profile(tmp_path_factory) -> Path:
    """The Chromium profile folder of this pytest process: its caches outlive each module's
    browser."""
    return tmp_path_factory.mktemp("lite-profile")


@pytest.fixture(scope="module")
def lite_browser(chromium_launch, browser_profile):
    """Chromium on the shared profile, the network shut (CLOSED_PROXY), for one module
    (Playwright's event loop must be gone before the next module's tests run)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)  # two busy cores can need more than 5 s to draw
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(browser_profile), **{**chromium_launch,
                                     "args": [*chromium_launch["args"], CLOSED_PROXY]},
            viewport={"width": 1366, "height": 768})
        context.set_default_timeout(60_000)
        context.add_init_script(NO_ANIMATIONS_JS)
        _contexts.append(context)
        try:
            yield context
        finally:
            _contexts.remove(context)
            context.close()


def origin_of(url: str) -> str:
    return "/".join(url.split("/")[:3])


def clear_site_storage(page, site_url: str) -> None:
    """Forget everything the site stored in this profile (SITE_STORAGE), keep the caches."""
    session = page.context.new_cdp_session(page)
    try:
        session.send("Storage.clearDataForOrigin",
                     {"origin": origin_of(site_url), "storageTypes": SITE_STORAGE})
    finally:
        session.detach()


@pytest.fixture
def offline(lite_browser, site_url):
    """``offline()`` -> an OfflinePage, as on a first visit: the site's storage is empty, so no
    JupyterLab workspace of an earlier page reopens (and starts kernels for) its notebooks.
    Every request for anything but the site (the Pyodide kernel's web worker included; the
    closed proxy makes them fail) and every console error is recorded. Closed after the test."""
    tabs = []

    def open_() -> OfflinePage:
        page = lite_browser.new_page()
        clear_site_storage(page, site_url)
        tab = OfflinePage(page, site_url)
        heartbeat = origin_of(site_url) + SERVICE_WORKER_HEARTBEAT

        def record(request):
            url = request.url
            if not url.startswith((site_url + "/", heartbeat, *LOCAL_SCHEMES)):
                tab.blocked.append(url)

        lite_browser.on("request", record)
        tabs.append((tab, record))
        page.on("console", lambda message: message.type == "error"
                and tab.console_errors.append(message.text[:500]))
        page.on("pageerror", lambda error: tab.console_errors.append(str(error)[:500]))
        return tab

    yield open_
    for tab, record in tabs:
        lite_browser.remove_listener("request", record)
        tab.page.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing test leaves screenshots of the open pages (the `browser` fixture's hook does
    not see this folder's persistent browser)."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed or not _contexts:
        return
    folder = Path(tempfile.mkdtemp(prefix="boardlib-lite-"))
    paths = []
    for context in _contexts:
        for page in context.pages:
            safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in item.name)
            path = folder / f"{safe}-{len(paths)}.png"
            with contextlib.suppress(Exception):
                page.screenshot(path=str(path), full_page=True, timeout=10_000)
                paths.append(path)
    if paths:
        report.sections.append(("browser screenshots", "\n".join(map(str, paths))))
        print(f"\nbrowser screenshots: {', '.join(map(str, paths))}", file=sys.stderr)
