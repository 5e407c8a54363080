"""Screenshots of a lesson's "try it" on the card table for docs/screenshots: lesson 1's deal after the
draw with a card chosen, and lesson 6's initial meld staged on its exercise table; each wide (1280x800)
and on a phone (390x844), light and dark.

    python scripts/lesson_screenshots.py [--url http://127.0.0.1:PORT]

Each page is loaded once; the window's size and colour scheme change around it, and the table is
scrolled to the top of the window, so every picture is of the real page against a real kernel.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM_ARGS, server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}
TIMEOUT = 120_000


def shoot(page, table, state: str) -> None:  # type: ignore[no-untyped-def]
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(300)
            table.evaluate("node => node.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(150)
            page.screenshot(path=str(OUT / f"lesson-{state}-{size}-{scheme}.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    options = parser.parse_args()
    from playwright.sync_api import expect, sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        url = options.url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{url}/voila/render/01_the_turn.ipynb", timeout=TIMEOUT, wait_until="commit")
        practice = page.locator(".bt-table").first
        practice.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        hand = practice.get_by_role("group", name=re.compile("^your hand"))
        before = hand.get_attribute("aria-label")
        practice.get_by_role("button", name=re.compile("^stock")).click()
        expect(hand).not_to_have_attribute("aria-label", before or "", timeout=TIMEOUT)  # the cards drawn
        hand.locator("button.bt-card").nth(2).click(position={"x": 6, "y": 14})  # chosen, not yet discarded
        shoot(page, practice, "try-it")
        page.goto(f"{url}/voila/render/06_initial_meld.ipynb", timeout=TIMEOUT, wait_until="commit")
        quiz = page.locator(".bt-table").last
        quiz.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        quiz_hand = quiz.get_by_role("group", name=re.compile("^your hand"))
        for name in ("ace of hearts", "ace of spades", "ace of diamonds"):
            quiz_hand.get_by_role("button", name=name, exact=True).click(position={"x": 6, "y": 14})
        quiz.locator(".bt-meld-area").click()
        quiz.locator(".bt-staging").wait_for(timeout=TIMEOUT)
        for name in ("king of hearts", "king of spades"):
            quiz_hand.get_by_role("button", name=name, exact=True).click(position={"x": 6, "y": 14})
        shoot(page, quiz, "exercise-staged")
        browser.close()
    print(f"screenshots in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
