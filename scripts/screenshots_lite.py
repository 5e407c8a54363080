"""Screenshots of the server-free site (build/lite/, made by scripts/build-lite.sh) for docs/screenshots/:
its index and its meld lab with three cards chosen, in the light and the dark theme, wide (1280 px) and on
a phone (390 px). Served from 127.0.0.1; Chromium can reach no other host.

    .venv/bin/python scripts/screenshots_lite.py
"""

from __future__ import annotations

import functools
import re
import threading
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from harness import CHROMIUM, CHROMIUM_ARGS, ROOT
from playwright.sync_api import sync_playwright

SITE = ROOT / "build" / "lite"
OUT = ROOT / "docs" / "screenshots"
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
OFFLINE = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    index = (SITE / "index.html").read_text()
    found = re.search(r'<a href="([^"]+)">Meld lab</a>', index)
    if found is None:
        raise SystemExit("no meld lab in build/lite/index.html: run scripts/build-lite.sh first")
    meld_lab = found.group(1).replace("&amp;", "&")
    OUT.mkdir(parents=True, exist_ok=True)
    with ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(SITE))) as httpd:
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{httpd.server_address[1]}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *OFFLINE])
            for theme, jupyterlab_theme in THEMES.items():
                context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=theme)  # type: ignore[arg-type]
                page = context.new_page()
                page.goto(f"{origin}/")
                save(page, f"lite-index-{theme}")
                page.goto(f"{origin}/{meld_lab}&theme={urllib.parse.quote(jupyterlab_theme)}")
                hand = page.get_by_role("group", name="your hand: choose cards for a meld")
                hand.get_by_role("button").first.wait_for(timeout=600_000)
                for name in ("king of clubs", "king of spades", "2 of hearts"):
                    hand.get_by_role("button", name=name).first.click()
                page.get_by_text("legal same-rank meld").first.wait_for()
                page.set_viewport_size({"width": 1280, "height": 1150})  # the whole page, from its heading
                page.wait_for_timeout(500)
                page.locator(".jp-CodeConsole-content").evaluate("content => { content.scrollTop = 0; }")
                save(page, f"lite-meld-lab-{theme}")
                page.set_viewport_size({"width": 390, "height": 844})
                save(page, f"lite-meld-lab-phone-{theme}")
                context.close()
            browser.close()
        httpd.shutdown()


def save(page, name: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(500)
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
    print("saved", OUT / f"{name}.png")


if __name__ == "__main__":
    main()
