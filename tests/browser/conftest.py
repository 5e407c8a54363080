"""A real Voila server over notebooks/ and a real Chromium driven by Playwright.

The server runs in its own process group for the whole session and is stopped
at the end; Chromium is Debian's (scripts/test.sh installs it when missing),
never a browser download.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SCREENSHOTS = ROOT / "tests" / "browser" / "screenshots"
STDERR = "application/vnd.jupyter.stderr"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kernels_of(server_pid: int) -> list[int]:
    """The kernel processes a server started (its children running ipykernel)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == server_pid and b"ipykernel" in command:
            found.append(int(entry.name))
    return found


@pytest.fixture(scope="session")
def voila_server() -> Iterator[tuple[str, int]]:
    """The URL and pid of a Voila server over notebooks/, culling idle kernels quickly."""
    port = _free_port()
    command = [
        sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        "--MappingKernelManager.cull_interval=5", "--MappingKernelManager.cull_idle_timeout=15",
    ]  # fmt: skip
    log = open(ROOT / "tests" / "browser" / "voila.log", "w")
    server = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not start; see {log.name}")
            time.sleep(0.3)
        yield url, server.pid
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()


@pytest.fixture(scope="session")
def voila_url(voila_server: tuple[str, int]) -> str:
    return voila_server[0]


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it when run as root)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, request):  # type: ignore[no-untyped-def]
    """A fresh page; a Python error shown on it or a page error fails the test. Screenshot at the end."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    # Voila shows a failing cell (and anything printed to stderr) as a stderr output.
    python_errors = page.locator(f".jp-OutputArea-output[data-mime-type='{STDERR}']").all_inner_texts()
    context.close()
    assert not errors, f"the page raised: {errors}"
    assert not python_errors, f"the page shows a Python error: {python_errors}"
