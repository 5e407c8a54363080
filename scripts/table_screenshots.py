"""Screenshots of the play page's card table for docs/screenshots: mid-hand, an initial meld staged, a
computer turn moving, the melds the meld area offers and the end of a hand, each wide (1280x800) and on a
phone (390x844), light and dark.

    python scripts/table_screenshots.py [--url http://127.0.0.1:PORT]

One page is loaded; the window's size and colour scheme change around each state. Positions come
through the page's own menu (resume), so every picture is of the real page against a real kernel.
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
from table_driver import TIMEOUT, HintFollower, TurnRecord, open_menu  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}
UNMELDED = "rules=bolivia; players=2; seed=3; turn=1; phase=play; p1=KH KS KD KC AH AS AD 9C 9D 5C JH QS; pile=4D 7S"
GOING_OUT = (
    "rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=9C 9D 9S 5C; "
    "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 7S"
)


def shoot(page, state: str) -> None:  # type: ignore[no-untyped-def]
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(250)
            page.screenshot(path=str(OUT / f"table-{state}-{size}-{scheme}.png"))


def menu(page, pace: str | None = None, resume: str | None = None) -> None:  # type: ignore[no-untyped-def]
    open_menu(page)
    if pace:
        page.locator(".bt-dialog select[data-setting='pace']").select_option(pace)
    if resume:
        page.locator(".bt-saved textarea").fill(resume)
        page.locator(".bt-dialog").get_by_role("button", name="resume", exact=True).click()
    else:
        page.get_by_role("button", name="close").click()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from bolivia_widgets import PlayTable

    OUT.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        url = options.url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
        page.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        menu(page, pace="instant")
        follower = HintFollower(page, PlayTable(seed=1, language="en"))
        for _ in range(4):  # mid-hand: four turns of the coach's hints
            follower.learner_turn()
        record = TurnRecord()
        action = follower.mirror.source.hint_action()
        for kind, value in follower.chosen_taps(action)[:-1]:  # cards chosen, the move not yet made
            follower.tap(kind, value, record)
        shoot(page, "mid-hand")
        follower.tap(*follower.chosen_taps(action)[-1], record)
        follower.mirror.handle({"do": "play_hint"})
        follower.in_step()
        menu(page, pace="slow")  # a computer turn moving: the learner's discard lets the others play
        action = follower.mirror.source.hint_action()
        while action is not None and not str(action).startswith("discard"):
            for kind, value in follower.taps_for(action):
                follower.tap(kind, value, record)
            follower.mirror.handle({"do": "play_hint"})
            follower.in_step()
            action = follower.mirror.source.hint_action()
        for kind, value in follower.taps_for(action):
            follower.tap(kind, value, record)
        page.locator(".bt-flying").first.wait_for(timeout=TIMEOUT)
        page.emulate_media(color_scheme="light")
        for size, (width, height) in SIZES.items():  # one moment each: the movement lasts a second
            for scheme in ("light", "dark"):
                page.set_viewport_size({"width": width, "height": height})
                page.emulate_media(color_scheme=scheme)
                page.locator(".bt-flying").first.wait_for(timeout=TIMEOUT)
                page.screenshot(path=str(OUT / f"table-computer-turn-{size}-{scheme}.png"))
        page.get_by_role("button", name="skip to my turn").click()
        menu(page, pace="instant", resume=UNMELDED)  # an initial meld staged: kings short of 50, then aces
        page.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        hand = page.get_by_role("group", name=re.compile("^your hand"))
        hand.get_by_role("button", name="king of hearts").wait_for(timeout=TIMEOUT)
        page.locator(".bt-meld-area").click()  # nothing chosen: the meld area offers the melds there are
        page.locator(".bt-offers").wait_for(timeout=TIMEOUT)
        shoot(page, "offers")
        page.keyboard.press("Escape")
        for name in ("king of hearts", "king of spades", "king of diamonds"):
            hand.locator(f"button.bt-card[aria-pressed='false'][aria-label='{name}']").first.click()
        page.locator(".bt-meld-area").click()
        page.locator(".bt-staging").wait_for(timeout=TIMEOUT)
        for name in ("ace of hearts", "ace of spades"):
            hand.locator(f"button.bt-card[aria-pressed='false'][aria-label='{name}']").first.click()
        shoot(page, "initial-meld-staged")
        menu(page, resume=GOING_OUT)  # the end of a hand: the 9s melded, the last card discarded
        hand.get_by_role("button", name="9 of clubs").wait_for(timeout=TIMEOUT)
        for name in ("9 of clubs", "9 of diamonds", "9 of spades"):
            hand.locator(f"button.bt-card[aria-pressed='false'][aria-label='{name}']").first.click()
        page.locator(".bt-meld-area").click()
        page.get_by_role("button", name=re.compile("^go out")).click()
        page.locator(".bt-hand-end").wait_for(timeout=TIMEOUT)
        shoot(page, "end-of-hand")
        browser.close()
    print(f"screenshots in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
