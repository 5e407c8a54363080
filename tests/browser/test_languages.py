"""The meld lab in each language, in a real browser: ``?lang=`` in the address, the browser's
Accept-Language, and the picker that says the page again in place (every language in turn); the
English copy of a lesson or the index sending the reader to the copy in the language asked for."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Locator, Page, expect

from bolivia_core.cards import parse_cards
from bolivia_core.game import new_game
from bolivia_core.i18n import LANGUAGE_NAMES, all_english, card_name, render
from bolivia_widgets.pages import lesson_titles

TIMEOUT = 90_000  # a cold kernel on a busy machine: every load after the first starts one
# The lab's own English texts and the verdict's: none may show on a page in another language.
ENGLISH = [text for code, text in all_english().items() if code.startswith(("lab:", "view:")) and "{" not in text]
FIRST_CARD = sorted(new_game("bolivia", seed=7).position.hands[new_game("bolivia", seed=7).to_move - 1])[0]


def open_lab(page: Page, url: str) -> None:
    page.goto(url, timeout=TIMEOUT, wait_until="commit")  # Voila streams the page as its kernel runs it


def check_lab_speaks(page: Page, language: str) -> None:
    """The page's lang, its tab's title, the hand's name, a card's spoken name, a heading, the verdict:
    all in ``language``, and none of the lab's English texts on the page."""
    hand = page.get_by_role("group", name=render("lab:hand-label", language=language))
    expect(hand).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", language)
    title = render("page-title:meld_lab", language=language)
    expect(page).to_have_title(render("page-tab-title", {"title": title}, language=language))
    expect(hand.get_by_role("button").first).to_have_attribute("aria-label", card_name(FIRST_CARD, language))
    expect(page.get_by_role("heading", name=render("lab:score-heading", language=language))).to_be_visible()
    expect(page.locator(".bolivia-verdict")).to_contain_text(render("view:not-legal", language=language))
    shown = page.locator(".bolivia-meld-lab").inner_text()
    leaked = [text for text in ENGLISH if text in shown]
    assert not leaked, f"English on the {language} page: {leaked}"


@pytest.mark.parametrize(("language", "via_index"), [("sv", False), ("pl", True)])
def test_meld_lab_speaks_the_language_in_its_address(
    page: Page, voila_url: str, language: str, via_index: bool
) -> None:
    if via_index:  # the index links the meld lab in each language
        page.goto(f"{voila_url}/voila/render/index.ipynb")
        meld_lab_links = page.locator(f"a[href='meld_lab.ipynb?lang={language}']")  # the index's own copies too
        link = meld_lab_links.filter(has_text=LANGUAGE_NAMES[language])
        expect(link).to_have_count(1, timeout=TIMEOUT)
        link.click()
    else:
        open_lab(page, f"{voila_url}/voila/render/meld_lab.ipynb?lang={language}")
    hand = page.get_by_role("group", name=render("lab:hand-label", language=language))
    expect(hand).to_be_visible(timeout=TIMEOUT)
    hand.get_by_role("button").first.click()
    check_lab_speaks(page, language)


def test_meld_lab_follows_the_browser_language(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(extra_http_headers={"Accept-Language": "de-DE,de;q=0.9,nb;q=0.8,en;q=0.5"})
    page = context.new_page()
    try:
        open_lab(page, f"{voila_url}/voila/render/meld_lab.ipynb")
        # German is not offered; Norwegian is the browser's next choice
        expect(page.get_by_role("group", name=render("lab:hand-label", language="nb"))).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("html")).to_have_attribute("lang", "nb")
    finally:
        context.close()


def test_meld_lab_picker_says_it_again_keeping_the_cards(page: Page, voila_url: str) -> None:
    open_lab(page, f"{voila_url}/voila/render/meld_lab.ipynb?lang=en")
    hand = page.get_by_role("group", name=render("lab:hand-label", language="en"))
    expect(hand).to_be_visible(timeout=TIMEOUT)
    hand.get_by_role("button").nth(0).click()
    hand.get_by_role("button").nth(1).click()
    for language in ("da", "nb", "cs", "sv", "pl"):
        page.locator(".bolivia-language select").select_option(label=LANGUAGE_NAMES[language])
        check_lab_speaks(page, language)
        hand = page.get_by_role("group", name=render("lab:hand-label", language=language))
        for index in (0, 1):  # the learner's choice survives every change of language
            expect(hand.get_by_role("button").nth(index)).to_have_attribute("aria-pressed", "true")
    page.locator(".bolivia-language select").select_option(label="English")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".bolivia-verdict")).to_contain_text("Not legal")


def test_meld_checker_speaks_the_language_in_its_address(page: Page, voila_url: str) -> None:
    open_lab(page, f"{voila_url}/voila/render/meld_checker.ipynb?lang=da")
    expect(page.locator(".bolivia-verdict")).to_contain_text("✘ Ikke gyldig", timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "da")
    picker = page.locator(".bolivia-card-picker")
    picker.get_by_role("button", name=render("picker-clear", language="da")).click()
    for card in parse_cards("KH KS KD"):
        suit = render(f"suit-name:{card.suit}", language="da")
        row = picker.get_by_role("group", name=render("picker-deck-row", {"suit": suit}, language="da"))
        row.get_by_role("button", name=card_name(card, "da"), exact=True).click()
    expect(page.locator(".bolivia-verdict")).to_contain_text("gyldig melding af samme værdi efter reglerne i Bolivia")


def test_meld_lab_refuses_a_pasted_position_in_the_page_s_language(page: Page, voila_url: str) -> None:
    """Czech page, a position with a red 3 in a hand: the refusal names the field, in Czech."""
    open_lab(page, f"{voila_url}/voila/render/meld_lab.ipynb?lang=cs")
    position = page.get_by_label(render("lab:position", language="cs"))
    expect(position).to_be_visible(timeout=TIMEOUT)
    position.fill("rules=bolivia; p1=KH 3H")
    page.get_by_role("button", name=render("lab:load", language="cs")).click()
    expected = render("in-field", {"field": "p1", "problem": render(
        "position-red-three-in-hand", {"field": "red1"}, language="cs")}, language="cs")  # fmt: skip
    expect(page.locator(".bolivia-meld-lab [role=alert]")).to_contain_text(expected)
    assert "red 3s" not in page.locator(".bolivia-meld-lab").inner_text()


# --- a page with a copy in each language: its English copy sends the reader to the one asked for ---


def follow(page: Page, link: Locator) -> Page:
    """The page a link leads to: a new tab for a link in a cell's output (the renderer opens those so)."""
    if link.get_attribute("target") != "_blank":
        link.click()
        return page
    with page.context.expect_page() as opened:
        link.click()
    return opened.value


def arrive(page: Page, language: str, notebook: str) -> None:
    """The page reached is ``notebook``'s copy in ``language`` (its folder), speaking it, tab title too."""
    folder = "" if language == "en" else f"{language}/"
    expect(page).to_have_url(re.compile(rf"/voila/render/{folder}{re.escape(notebook)}(\?|$)"), timeout=TIMEOUT)
    expect(page.locator(".bolivia-page-nav")).to_be_attached(timeout=TIMEOUT)  # its last cell has run
    expect(page.locator("html")).to_have_attribute("lang", language, timeout=TIMEOUT)  # once its widgets draw
    title = lesson_titles()[language][notebook]
    if notebook != "index.ipynb":
        title = render("page-tab-title", {"title": title}, language=language)
    expect(page).to_have_title(title)


@contextmanager
def page_in_locale(browser, locale: str) -> Iterator[Page]:  # type: ignore[no-untyped-def]
    """A page in a browser set to ``locale`` (its Accept-Language and navigator.languages), closed after."""
    context = browser.new_context(locale=locale)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.mark.parametrize(("notebook", "language"), [("index.ipynb", "da"), ("04_melds.ipynb", "pl")])
def test_the_english_copy_sends_lang_to_the_copy_in_that_language(
    page: Page, voila_url: str, notebook: str, language: str
) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}?lang={language}", wait_until="commit", timeout=TIMEOUT)
    arrive(page, language, notebook)


def test_the_english_index_sends_a_norwegian_browser_to_the_norwegian_index(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    # a browser set to Norwegian sends Accept-Language nb-NO and says navigator.languages ["nb-NO"]
    with page_in_locale(browser, "nb-NO") as norwegian:
        norwegian.goto(f"{voila_url}/voila/render/index.ipynb", wait_until="commit", timeout=TIMEOUT)
        arrive(norwegian, "nb", "index.ipynb")
        # the Norwegian index's "English" link (a page's links open a new tab): the reader chose English
        english = follow(norwegian, norwegian.locator(".bolivia-lesson-languages a[hreflang='en']"))
        arrive(english, "en", "index.ipynb")
        # and English stays from page to page (the site remembers the choice), the browser's language aside
        lesson = follow(english, english.locator(".bolivia-start-here a"))
        arrive(lesson, "en", "01_the_turn.ipynb")


def test_lang_en_keeps_the_english_copy(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    with page_in_locale(browser, "da-DK") as page:
        page.goto(f"{voila_url}/voila/render/index.ipynb?lang=en", wait_until="commit", timeout=TIMEOUT)
        arrive(page, "en", "index.ipynb")
