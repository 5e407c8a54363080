"""Screenshots of the card table's other two pages for docs/screenshots: the scenario explorer (a seat's
moves: a refused take explained beside the pile) and the watch-a-game page (every hand open, a move
said with its why), each wide (1280x800) and on a phone (390x844), light and dark.

    python scripts/viewer_screenshots.py [--url http://127.0.0.1:PORT]

Every picture is of the real page against a real kernel, put in its state by taps as a learner would.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM, CHROMIUM_ARGS, server  # noqa: E402
from table_driver import TIMEOUT  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(400)
            path = OUT / f"{name}-{size}-{scheme}.png"
            page.screenshot(path=str(path))
            print("saved", path.relative_to(ROOT))


def explorer(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """The lesson "you may take the pile": the 6s tapped onto the pile and refused, the reason beside it."""
    page.goto(f"{url}/voila/render/scenario_explorer.ipynb", timeout=TIMEOUT, wait_until="commit")
    hand = page.locator(".bolivia-scenario-explorer .bt-hand")
    hand.get_by_role("button", name="6 of hearts").wait_for(timeout=TIMEOUT)
    for name in ("6 of hearts", "6 of diamonds"):
        hand.get_by_role("button", name=name).click()
    page.get_by_role("button", name=re.compile("^discard pile")).click()
    page.get_by_role("alert").wait_for(timeout=TIMEOUT)
    shoot(page, "scenario-explorer")


def watcher(page, url: str) -> None:  # type: ignore[no-untyped-def]
    """A seeded game of four computers some twenty moves in, every hand open, the last move's why said."""
    page.goto(f"{url}/voila/render/game_viewer.ipynb", timeout=TIMEOUT, wait_until="commit")
    page.locator(".bt-open-hand").first.wait_for(timeout=TIMEOUT)
    page.get_by_role("button", name="menu", exact=True).click()
    page.locator(".bt-dialog[open] select[data-setting='pace']").select_option("instant")
    page.locator(".bt-dialog[open]").get_by_role("button", name="close", exact=True).click()
    step = page.get_by_role("button", name="next move", exact=True)
    for _ in range(22):
        step.click()
        page.wait_for_timeout(150)
    page.locator(".bt-message", has_text="Why: ").wait_for(timeout=TIMEOUT)
    shoot(page, "game-viewer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        url = options.url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        explorer(page, url)
        watcher(page, url)
        browser.close()


if __name__ == "__main__":
    main()
