"""A real Voila server over notebooks/ and a real Chromium driven by Playwright.

The server runs in its own process group for the whole session and is stopped
at the end; Chromium is Debian's (scripts/test.sh installs it when missing),
never a browser download.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM_ARGS, server  # noqa: E402  (scripts/ is not a package)

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = ROOT / "tests" / "browser" / "screenshots"
STDERR = "application/vnd.jupyter.stderr"


def kernel_ids_of(server_pid: int) -> set[str]:
    """The ids of the kernels a server is running: its ipykernel children, each started with the
    connection file kernel-<id>.json."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            arguments = (entry / "cmdline").read_bytes().decode().split("\0")
        except (OSError, IndexError, ValueError):
            continue
        if parent == server_pid and any("ipykernel" in a for a in arguments):
            found.update(Path(a).stem.removeprefix("kernel-") for a in arguments if a.endswith(".json"))
    return found


@pytest.fixture(scope="session")
def voila_server() -> Iterator[tuple[str, int]]:
    """The URL and pid of a Voila server over notebooks/ set up as scripts/serve.sh sets it (voila.json),
    but culling idle kernels sooner."""
    culling = ["--Voila.ip=127.0.0.1", "--MappingKernelManager.cull_interval=5",
               "--MappingKernelManager.cull_idle_timeout=15"]  # fmt: skip
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # each pytest-xdist worker runs its own server
    name = f"voila-{worker}.log" if worker else "voila.log"
    port = int(os.environ.get("TEST_VOILA_PORT", "0")) or None  # a port of one's own on a shared machine
    with open(ROOT / "tests" / "browser" / name, "w") as log, server(culling, log=log, port=port) as running:
        yield running


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
