"""Screenshots of the lessons and of two club pages for docs/screenshots, each wide (1280x800) and on a
phone (390x844), light and dark: lesson 1's try-it after the draw with a card chosen, lesson 6's initial
meld staged on its exercise table, and the parts of lessons 1, 5, 7, 9, 10 and 14 a learner reads and taps
(English, and lessons 1 and 10 in Swedish and Polish too), the Variant lab and the Meld checker.

    python scripts/lesson_screenshots.py [--url http://127.0.0.1:PORT] [--only NAME ...]

Each page is loaded once; the window's size and colour scheme change around it, and the part shown is
scrolled to the top of the window, so every picture is of the real page against a real kernel.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM_ARGS, server  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}
TIMEOUT = 180_000
CARD = {"position": {"x": 6, "y": 14}}  # a card's corner: on a phone the hand's cards overlap


def shoot(page: Any, part: Any, name: str, wide_suffix: bool = True) -> None:
    """Four pictures of ``part``; a club page's wide ones are named as scripts/screenshots.py names them."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(300)
            part.evaluate("node => node.scrollIntoView({block: 'start'})")
            page.wait_for_timeout(150)
            shown = f"-{size}" if wide_suffix or size != "wide" else ""
            page.screenshot(path=str(OUT / f"{name}{shown}-{scheme}.png"))


def drawn(page: Any, url: str) -> None:
    page.goto(url, timeout=TIMEOUT, wait_until="commit")
    page.locator("nav.bolivia-page-nav").first.wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(800)


# --- what each picture shows ---------------------------------------------------------------------------


def try_it_drawn(page: Any, url: str) -> Any:
    """Lesson 1's try-it: the learner has drawn and chosen a card to discard."""
    drawn(page, f"{url}/01_the_turn.ipynb")
    table = page.locator(".bt-table").first
    stock = table.get_by_role("button", name=re.compile("^(stock|talongen|talia)"))
    hand = table.locator(".bt-hand")
    count = hand.locator("button.bt-card").count()
    stock.click()
    expect(hand.locator("button.bt-card")).not_to_have_count(count, timeout=TIMEOUT)  # the cards drawn
    hand.locator("button.bt-card").nth(2).click(**CARD)
    return table


def turn_over(page: Any, url: str) -> Any:
    """Lesson 1 after the learner's discard: "your turn is over", and the others' move to watch."""
    table = try_it_drawn(page, url)
    table.locator("[data-place='pile']").first.click()
    table.locator(".bt-message").first.wait_for(timeout=TIMEOUT)
    return table


def staged(page: Any, url: str) -> Any:
    """Lesson 6's exercise: the aces staged as one group of a two-meld opening, the kings chosen."""
    drawn(page, f"{url}/06_initial_meld.ipynb")
    quiz = page.locator(".bt-table").last
    hand = quiz.locator(".bt-hand")
    for name in ("ace of hearts", "ace of spades", "ace of diamonds"):
        hand.get_by_role("button", name=name, exact=True).click(**CARD)
    quiz.locator(".bt-meld-area").click()
    quiz.locator(".bt-staging").wait_for(timeout=TIMEOUT)
    for name in ("king of hearts", "king of spades"):
        hand.get_by_role("button", name=name, exact=True).click(**CARD)
    return quiz


def pile_exercise(page: Any, url: str) -> Any:
    """Lesson 5's exercise before it is answered: nothing on the table says the pile is closed."""
    drawn(page, f"{url}/05_the_pile.ipynb")
    return page.locator(".bt-table").last.locator("xpath=..")


def red_threes(page: Any, url: str) -> Any:
    """Lesson 7's try-it and exercise: a score sheet with its cards drawn small, and a different question."""
    drawn(page, f"{url}/07_red_and_black_threes.ipynb")
    return page.locator(".bolivia-score-sheet").first


def watch_a_hand(page: Any, url: str) -> Any:
    """Lesson 9's watch: computer players' hand, every hand open, a few moves played."""
    drawn(page, f"{url}/09_end_of_a_hand.ipynb")
    table = page.locator(".bt-table").first
    for _ in range(3):
        table.get_by_role("button", name=re.compile("^(next move|nästa drag|następny ruch)")).click()
        page.wait_for_timeout(900)
    return table


def calculator(page: Any, url: str) -> Any:
    """Lesson 10's try-it: a meld entered by tapping the deck, its score sheet below."""
    drawn(page, f"{url}/10_scoring_a_hand.ipynb")
    picker = page.locator(".bolivia-card-picker").first
    deck = picker.locator(".bolivia-picker-deck")
    for _ in range(3):
        deck.nth(3).locator("button.bx-card").nth(11).click()  # the king of spades, three times
        page.wait_for_timeout(250)
    page.locator(".bolivia-score-sheet").first.wait_for(timeout=TIMEOUT)
    return picker


def what_would_work(page: Any, url: str) -> Any:
    """Lesson 14's try-it: "what may I do?" lists the moves that work, and what would take the pile."""
    drawn(page, f"{url}/14_canasta.ipynb")
    table = page.locator(".bt-table").first
    table.get_by_role("button", name=re.compile("^what may I do")).click()
    table.locator(".bt-message").first.wait_for(timeout=TIMEOUT)
    return table


def variant_lab(page: Any, url: str) -> Any:
    page.goto(f"{url}/variant_lab.ipynb", timeout=TIMEOUT, wait_until="commit")
    page.locator(".lab-plots svg").first.wait_for(timeout=TIMEOUT)
    page.locator(".lab-all > summary").first.click()
    return page.locator(".lab").first


def meld_checker(page: Any, url: str) -> Any:
    page.goto(f"{url}/meld_checker.ipynb", timeout=TIMEOUT, wait_until="commit")
    page.locator(".bolivia-verdict").first.wait_for(timeout=TIMEOUT)
    page.locator("nav.bolivia-page-nav").first.wait_for(timeout=TIMEOUT)
    return page.locator(".bolivia-meld-checker").first


Shot = Callable[[Any, str], Any]
SHOTS: dict[str, tuple[Shot, str]] = {
    "lesson-try-it": (try_it_drawn, ""),
    "lesson-exercise-staged": (staged, ""),
    "lesson-01-turn-over": (turn_over, ""),
    "lesson-01-turn-over-sv": (turn_over, "sv"),
    "lesson-01-turn-over-pl": (turn_over, "pl"),
    "lesson-05-exercise": (pile_exercise, ""),
    "lesson-07-red-threes": (red_threes, ""),
    "lesson-09-watch": (watch_a_hand, ""),
    "lesson-10-calculator": (calculator, ""),
    "lesson-10-calculator-sv": (calculator, "sv"),
    "lesson-10-calculator-pl": (calculator, "pl"),
    "lesson-14-what-works": (what_would_work, ""),
    "variant-lab": (variant_lab, "club"),
    "meld-checker": (meld_checker, "club"),
}
"""Each picture's name, what sets it up, and the folder of its page ("" English, a language's folder, or
"club" for a page that exists once)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    parser.add_argument("--only", nargs="*", choices=tuple(SHOTS), help="these pictures only")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with contextlib.ExitStack() as stack:
        url = options.url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for name in options.only or SHOTS:
            setup, folder = SHOTS[name]
            base = f"{url}/voila/render" + (f"/{folder}" if folder not in ("", "club") else "")
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            shoot(page, setup(page, base), name, wide_suffix=folder != "club")
            page.close()
            print(f"{name}: 4 pictures")
        browser.close()
    print(f"screenshots in {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
