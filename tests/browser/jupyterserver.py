"""Start and stop a JupyterLab or Voila process on a free port of 127.0.0.1 for browser tests.

A port found free can be taken before the server binds it: by then a kernel of another test
may listen there (a ZeroMQ socket, whose greeting starts with byte 0xff). So every server runs
with ``port_retries=0``, which makes it exit instead of moving to another port that nobody
polls, and `start_server` starts it again on a new port when that happens; an answer that is
not HTTP counts as "not this server".
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

START_TIMEOUT = 90  # s; two busy cores can make a cold JupyterLab slow to answer
PORT_ATTEMPTS = 5
PORT_TAKEN = ("already in use", "could not be started")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A Jupyter-family server process on 127.0.0.1 serving `root`."""

    name: str
    url: str
    root: Path
    process: subprocess.Popen
    log: Path

    def log_tail(self, chars: int = 4000) -> str:
        with contextlib.suppress(OSError):
            return self.log.read_text(errors="replace")[-chars:]
        return ""

    def api(self, method: str, path: str) -> object:
        request = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def stop_kernels(self) -> None:
        """Shut down every session and kernel this server started (keeps two cores free
        between tests; a session left behind would point a reopened notebook at a dead
        kernel)."""
        for kind in ("sessions", "kernels"):
            with contextlib.suppress(Exception):
                found = self.api("GET", f"/api/{kind}")
                for item in found if isinstance(found, list) else []:
                    self.api("DELETE", f"/api/{kind}/{item['id']}")


class PortTaken(RuntimeError):
    """The server exited because another process had its port."""


def start_server(name: str, command_for: Callable[[int], list[str]], ready_path: str,
                 root: Path, env: dict[str, str]) -> Server:
    """Start ``command_for(port)`` in `root` and wait until ``ready_path`` answers 200; on a
    port that another process took meanwhile, start again on a new one."""
    def start() -> Server:
        port = free_port()
        return _start_on(name, command_for(port), f"http://127.0.0.1:{port}", ready_path,
                         root, env)

    for _ in range(PORT_ATTEMPTS - 1):
        with contextlib.suppress(PortTaken):
            return start()
    return start()  # the last try: a PortTaken now goes to the caller


@contextlib.contextmanager
def served(name: str, command_for: Callable[[int], list[str]], ready_path: str, root: Path,
           env: dict[str, str]) -> Iterator[Server]:
    """:func:`start_server` for the length of a ``with`` block; stopped (kernels and all)
    when it ends."""
    server = start_server(name, command_for, ready_path, root, env)
    try:
        yield server
    finally:
        stop_server(server)


def _start_on(name: str, command: list[str], url: str, ready_path: str, root: Path,
              env: dict[str, str]) -> Server:
    log = root.parent / f"{name}.log"
    process = subprocess.Popen(
        command,
        cwd=root,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: kernels are stopped with it
    )
    server = Server(name, url, root, process, log)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            tail = server.log_tail()
            if any(words in tail for words in PORT_TAKEN):
                raise PortTaken(f"{name}: {url} was taken")
            raise RuntimeError(f"{name} exited with {process.returncode}:\n{tail}")
        try:
            with urllib.request.urlopen(url + ready_path, timeout=5) as response:
                if response.status == 200:
                    return server
        except (urllib.error.URLError, http.client.HTTPException, OSError):
            pass  # not listening yet, or someone else's socket (the poll above tells)
        if time.monotonic() > deadline:
            stop_server(server)
            raise RuntimeError(f"{name} did not answer within {START_TIMEOUT} s:\n"
                               f"{server.log_tail()}")
        time.sleep(0.3)


def stop_server(server: Server) -> None:
    process = server.process
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # the server shuts its kernels down
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)  # the group start_server created
            process.wait(timeout=10)


def server_env(home: Path) -> dict[str, str]:
    """Private Jupyter config/runtime dirs; same hash seed and SVG date as `make notebooks`."""
    env = dict(os.environ)
    for key, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
        ("JUPYTER_DATA_DIR", "data"),          # its own notebook-signing key and database
        ("IPYTHONDIR", "ipython"),
    ]:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[key] = str(home / sub)
    env["PYTHONHASHSEED"] = "0"
    env["SOURCE_DATE_EPOCH"] = "0"
    env["PYTHONUNBUFFERED"] = "1"
    # The kernel must be this environment's Python even if PATH says otherwise.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def voila_command(root: Path) -> Callable[[int], list[str]]:
    """Voila serving `root`, as `make voila` runs it, on a port of the caller's choosing."""
    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--show_tracebacks=True",
                str(root)]
    return command
