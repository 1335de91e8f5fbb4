"""The server starter survives a port taken between `free_port` and the server's bind: a kernel
listening there answered a poll with ZeroMQ's greeting (``\\xff...``), which once failed every
Voila test of a run with ``BadStatusLine``."""

from __future__ import annotations

import socket
import sys
import threading

import jupyterserver
import pytest


def test_a_server_whose_port_is_taken_starts_again_on_a_new_port(tmp_path, monkeypatch):
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]

    def greet_like_zeromq() -> None:
        while True:
            try:
                conn, _ = squatter.accept()
            except OSError:
                return
            with conn:
                conn.sendall(b"\xff\x00\x00\x00\x00\x00\x00\x00\x01\x7f\r\n")

    threading.Thread(target=greet_like_zeromq, daemon=True).start()
    ports = iter([taken])
    real_free_port = jupyterserver.free_port
    monkeypatch.setattr(jupyterserver, "free_port", lambda: next(ports, None) or real_free_port())
    root = tmp_path / "site"
    root.mkdir()
    (root / "ready").write_text('"ready"')  # a JSON answer, as Server.api reads them

    def command(port: int) -> list[str]:
        return [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"]

    try:
        with jupyterserver.served("http", command, "/ready", root, {}) as server:
            assert not server.url.endswith(f":{taken}")
            assert server.api("GET", "/ready") == "ready"
    finally:
        squatter.close()


def test_a_server_that_fails_for_another_reason_is_reported_with_its_log(tmp_path):
    root = tmp_path / "site"
    root.mkdir()

    def command(port: int) -> list[str]:
        return [sys.executable, "-c", "raise SystemExit('no such notebook folder')"]

    with pytest.raises(RuntimeError, match="no such notebook folder"):
        jupyterserver.start_server("broken", command, "/", root, {})
