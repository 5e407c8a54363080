"""Screenshots of every dashboard in JupyterLab's light and dark themes, for docs/screenshots/.

Starts Voila (once per theme) over notebooks/, opens each dashboard in Debian's
chromium, chooses a few cards so the selected state shows, and saves PNGs. When
JupyterLab is installed (it is not a dependency) it also runs the meld lab inside
JupyterLab itself, in its light and dark themes.

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
PAGES = {
    "meld-lab": ("meld_lab.ipynb", ".bolivia-meld-lab"),
    "meld-checker": ("meld_checker.ipynb", ".bolivia-verdict"),
    "variant-explorer": ("variant_explorer.ipynb", ".bolivia-rules-table"),
}


def serve(theme: str) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--port={port}", f"--theme={theme}"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1)
            return server, url
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("Voila did not start")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for theme in ("light", "dark"):
            server, url = serve(theme)
            try:
                for name, (notebook, ready) in PAGES.items():
                    page = browser.new_page(viewport={"width": 1100, "height": 800})
                    page.goto(f"{url}/voila/render/{notebook}")
                    page.locator(ready).first.wait_for(timeout=60_000)
                    if name == "meld-lab":
                        for card in page.locator(".bolivia-meld-lab .bx-row").first.get_by_role("button").all()[:3]:
                            card.click()
                    page.wait_for_timeout(500)
                    page.screenshot(path=str(OUT / f"{name}-{theme}.png"), full_page=True)
                    page.close()
                    print("saved", OUT / f"{name}-{theme}.png")
            finally:
                os.killpg(server.pid, signal.SIGTERM)
        if shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)):
            jupyterlab(browser)
        else:
            print("JupyterLab is not installed: no JupyterLab screenshots")
        browser.close()


def jupyterlab(browser) -> None:  # type: ignore[no-untyped-def]
    """The meld lab run in JupyterLab, in the light and the dark theme."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lab = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", f"--port={port}",
           "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={ROOT / 'notebooks'}"]  # fmt: skip  (loopback only: a screenshot server)
    quiet = subprocess.DEVNULL
    server = subprocess.Popen(lab, cwd=ROOT, stdout=quiet, stderr=quiet, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"{url}/lab", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        for theme, name in (("light", "JupyterLab Light"), ("dark", "JupyterLab Dark")):
            body = json.dumps({"raw": json.dumps({"theme": name})}).encode()
            setting = f"{url}/lab/api/settings/@jupyterlab/apputils-extension:themes"
            urllib.request.urlopen(urllib.request.Request(setting, data=body, method="PUT"))
            page.goto(f"{url}/lab/tree/meld_lab.ipynb?reset")
            page.locator(".jp-Notebook").wait_for(timeout=60_000)
            page.wait_for_timeout(2000)
            page.locator("text=Run").first.click()
            page.locator("text=Run All Cells").first.click()
            cards = page.locator(".bolivia-meld-lab .bx-row").first.locator("button.bx-card")
            cards.first.wait_for(timeout=60_000)
            for index in range(3):
                cards.nth(index).click()
            page.wait_for_timeout(800)
            path = OUT / f"jupyterlab-meld-lab-{theme}.png"
            page.locator(".jp-OutputArea").first.screenshot(path=str(path))
            print("saved", path)
        page.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)


if __name__ == "__main__":
    main()
