"""The browser harness shared by the browser tests, the dashboard benchmark and the screenshots:
a real Voila server over notebooks/ and Debian's chromium with flags that work offline as root."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    arguments: Sequence[str] = (),
    *,
    app: str = "voila",
    ready_path: str = "/",
    log: IO[str] | None = None,
    port: int | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[tuple[str, int]]:
    """Run ``python -m app`` (Voila over notebooks/ unless told otherwise) on a loopback port (a free one
    unless told) in its own process group; yields (url, pid) once it answers, and stops the whole group
    afterwards. ``env``: the server's environment (its kernels inherit it), when not this process's."""
    port = port or free_port()
    target = [str(ROOT / "notebooks")] if app == "voila" else []  # absolute: Voila 0.5.8 serves its tree so only
    command = [sys.executable, "-m", app, *target, "--no-browser", f"--port={port}", *arguments]
    output = log or subprocess.DEVNULL
    process = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
                               env=env)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url + ready_path, timeout=2):
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{app} did not start")
            time.sleep(0.3)
        yield url, process.pid
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
