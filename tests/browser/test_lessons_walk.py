"""Every lesson page in a real browser, read as a learner reads it: no card code anywhere in the visible
text (issue 37, item 1). Cards are pictures or words in the page's language: "the 5 of hearts", "piątka
kier", never "5H".

One Voila server; each language's pages are opened side by side in tabs of one browser and read once they
have drawn. The quick run reads English and Polish (the language with the most card forms); ``-m soak``
reads all six. A few try-its are also played, so that what appears after a tap is read too: the chosen
cards of lesson 3, the refusal and the turn's end on lesson 1's table, a wrong answer's hint.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180_000  # many kernels starting at once on a busy machine
CARD_CODE = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])[CDHS](?![\w-])|(?<![\w-])JK(?![\w-])")
PAGES = sorted(p.name for p in (ROOT / "notebooks" / "pl").glob("*.ipynb"))  # every page with a copy per language
TABS_AT_ONCE = 6  # pages read side by side: each starts a kernel


def visible_text(page: Page) -> str:
    return str(page.evaluate("document.body.innerText"))


def codes_in(text: str) -> list[str]:
    """Card codes in a text, each with the words around it."""
    return [text[max(0, m.start() - 30): m.end() + 30].replace("\n", " ") for m in CARD_CODE.finditer(text)]


def address(voila_url: str, language: str, notebook: str) -> str:
    folder = "" if language == "en" else f"{language}/"
    return f"{voila_url}/voila/render/{folder}{notebook}"


def open_drawn(browser: Browser, urls: list[str]) -> Iterator[tuple[str, Page]]:
    """Open pages side by side; yield each once its last cell (the page's links) and its widgets are drawn."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        for start in range(0, len(urls), TABS_AT_ONCE):
            pages = []
            for url in urls[start: start + TABS_AT_ONCE]:
                page = context.new_page()
                page.goto(url, timeout=TIMEOUT, wait_until="commit")
                pages.append((url, page))
            for url, page in pages:
                page.locator("nav.bolivia-page-nav").first.wait_for(timeout=TIMEOUT)
                page.wait_for_function("() => !document.body.innerText.includes('Loading widget')", timeout=TIMEOUT)
                page.wait_for_timeout(500)
                yield url, page
                page.close()
    finally:
        context.close()


def test_the_walk_finds_a_card_code() -> None:
    """The check itself: a code is found, a card in words or a lesson's number is not."""
    assert codes_in("Top of the pile: 5H.") and codes_in("discards 10C") and codes_in("a JK")
    for fine in ("the 5 of hearts", "5, 6, 7 of hearts", "piątka kier", "2s and jokers", "K♥", "lesson 5", "A-3"):
        assert not codes_in(fine), fine


def walk(browser: Browser, voila_url: str, language: str) -> None:
    urls = [address(voila_url, language, notebook) for notebook in PAGES]
    found = {url: codes_in(visible_text(page)) for url, page in open_drawn(browser, urls)}
    found = {url: codes for url, codes in found.items() if codes}
    assert len(urls) == len(PAGES) >= 17
    assert not found, f"card codes where a learner reads ({language}): {found}"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_every_lesson_page_names_cards_in_words(browser: Browser, voila_url: str, language: str) -> None:
    walk(browser, voila_url, language)


@pytest.mark.soak
@pytest.mark.parametrize("language", ["sv", "da", "nb", "cs"])
def test_every_lesson_page_names_cards_in_words_in_every_language(browser: Browser, voila_url: str,
                                                                   language: str) -> None:  # fmt: skip
    walk(browser, voila_url, language)


def test_what_a_tap_shows_names_cards_in_words(page: Page, voila_url: str) -> None:
    """Lesson 3's chosen cards, lesson 1's refusal and the end of the learner's turn, in Polish: words only."""
    page.goto(address(voila_url, "pl", "03_card_values.ipynb"), timeout=TIMEOUT)
    page.locator("nav.bolivia-page-nav").wait_for(timeout=TIMEOUT)
    chooser = page.locator(".bx-row").nth(1)  # the try-it's hand, after the example's pictures
    chooser.locator("button.bx-card").first.click()
    expect(page.get_by_text("Wybrane:")).to_be_visible(timeout=TIMEOUT)
    assert not codes_in(visible_text(page)), codes_in(visible_text(page))
    page.goto(address(voila_url, "pl", "01_the_turn.ipynb"), timeout=TIMEOUT)
    table = page.locator(".bt-table").first
    stock = table.get_by_role("button", name=re.compile("^talia"))
    stock.wait_for(timeout=TIMEOUT)
    hand = table.get_by_role("group", name=re.compile("^twoja ręka"))
    hand.locator("button.bt-card").first.click(position={"x": 6, "y": 14})
    table.locator("[data-place='pile']").first.click()  # a discard before the draw: refused, in words
    expect(table).to_contain_text("najpierw musisz dobrać", timeout=TIMEOUT)
    stock.click()
    expect(table).to_contain_text("Dobrałeś", timeout=TIMEOUT)
    assert not codes_in(visible_text(page)), codes_in(visible_text(page))
