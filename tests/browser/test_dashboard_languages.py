"""Every dashboard in each of the five other languages, in a real browser: opened with ``?lang=xx``,
the page's ``lang`` follows, its heading and its tab's title are the catalogue's, no English text of the catalogue is
left anywhere on it (every tab, the closed settings and the log included), and its longer words
still fit a phone and a 200% zoom (test_pages.py checks the English pages so).

Cost: a page load takes 5-10 s here (most of it the page's kernel running its notebook), so by default
each language opens one or two dashboards, every dashboard once (7 loads, about 50 s); the meld lab's
picker test in test_languages.py goes through every language in place. ``-m soak`` opens every dashboard
in every language (35 loads, about 5 minutes).
"""

from __future__ import annotations

import re
import string
import time
from functools import cache

import pytest
from playwright.sync_api import Page, expect

import bolivia_widgets  # noqa: F401  (the pages' words registered)
from bolivia_core.i18n import all_english, render, translated

from tests.browser.test_pages import CONTROLS_OUT_OF_SIGHT, SCREENS, WIDE, settle

EN = all_english()  # every layer's English, the pages' among them

TIMEOUT = 90_000  # a kernel started on request on a busy machine
DASHBOARDS = {  # each dashboard and what shows it has run: its widget's own box
    "play.ipynb": ".bt-table",
    "meld_lab.ipynb": ".bolivia-meld-lab",
    "meld_checker.ipynb": ".bolivia-meld-checker",
    "score_calculator.ipynb": ".bolivia-score-calculator",
    "scenario_explorer.ipynb": ".bolivia-scenario-explorer",
    "variant_explorer.ipynb": ".bolivia-variant-explorer",
    "game_viewer.ipynb": ".bolivia-game-viewer",
}
# The page's words, leaving out what is notation in every language: pickers' options (actions such as
# "take pile with KH KS" are listed there), code, and the page's scripts and styles.
PAGE_WORDS = """() => {
  const page = document.body.cloneNode(true);
  page.querySelectorAll("select, option, code, script, style, textarea, input").forEach((e) => e.remove());
  for (const e of page.querySelectorAll("*")) e.append(" ");  // a word ends where its element does
  return page.textContent.replace(/\\s+/g, " ");
}"""
MIN_FRAGMENT = 12  # a template's English between its fields, when at least this long, is looked for too
# Action notation is the same in every language ("discard 5D" in a computer's reasons): left out.
ACTION = re.compile(r"\b(?:draw|discard|meld|add|take pile|take top|pass|ask|answer|go out|next hand)\b"
                    r"(?=\s+(?:with |to |onto )?(?:10|[2-9TJQKA])[CDHS]\b|\s+JK\b)")


@cache
def english_texts(language: str) -> tuple[str, ...]:
    """The catalogue's English a page in ``language`` must not show: whole texts and the longer parts of
    templates between their fields, leaving out those the language writes the same way (Canasta, joker)
    and those that are a word of the language's own texts."""
    own = " ".join(translated(code, language) or "" for code in EN)
    found = set()
    for code, english in EN.items():
        if re.fullmatch(r"\d+s", english):  # "4s" (fours) reads as Swedish "spelare 4s" (player 4's)
            continue
        mine = translated(code, language) or ""
        parts = [literal.strip(" .,;:()") for literal, *_ in string.Formatter().parse(english)]
        parts = [english] if "{" not in english else [p for p in parts if len(p) >= MIN_FRAGMENT]
        for part in parts:
            if part and part not in mine and not re.search(rf"(?<!\w){re.escape(part)}(?!\w)", own):
                found.add(part)
    return tuple(sorted(found))


def leaked(shown: str, language: str) -> list[str]:
    shown = ACTION.sub("", shown)
    return [text for text in english_texts(language) if re.search(rf"(?<!\w){re.escape(text)}(?!\w)", shown)]


QUICK = {
    "sv": ("play.ipynb", "meld_checker.ipynb"),
    "da": ("meld_lab.ipynb", "score_calculator.ipynb"),
    "nb": ("variant_explorer.ipynb",),
    "pl": ("scenario_explorer.ipynb",),
    "cs": ("game_viewer.ipynb",),
}


@pytest.mark.parametrize("language", list(QUICK))
def test_dashboards_speak_the_language_in_their_address(page: Page, voila_url: str, language: str) -> None:
    check_pages(page, voila_url, language, QUICK[language])


@pytest.mark.soak
@pytest.mark.parametrize("language", list(QUICK))
def test_every_dashboard_speaks_every_language(page: Page, voila_url: str, language: str) -> None:
    check_pages(page, voila_url, language, tuple(DASHBOARDS))


def test_the_quick_run_opens_every_dashboard() -> None:
    assert {name for names in QUICK.values() for name in names} == set(DASHBOARDS)


def check_pages(page: Page, voila_url: str, language: str, notebooks: tuple[str, ...]) -> None:
    problems = {}
    for notebook in notebooks:
        marker = DASHBOARDS[notebook]
        page.goto(f"{voila_url}/voila/render/{notebook}?lang={language}", wait_until="commit", timeout=TIMEOUT)
        expect(page.locator(".bolivia-page-nav")).to_be_attached(timeout=TIMEOUT)  # the last cell has run
        expect(page.locator(marker).first).to_be_visible(timeout=TIMEOUT)
        expect(page.locator("html")).to_have_attribute("lang", language)
        heading = render(f"page-title:{notebook.removesuffix('.ipynb')}", language=language)
        expect(page.locator(".bolivia-page-text h1")).to_have_text(heading)
        expect(page).to_have_title(render("page-tab-title", {"title": heading}, language=language))
        found = _settled_leaks(page, language)
        for screen, size in SCREENS.items():
            page.set_viewport_size(size)
            settle(page)  # widgets lay themselves out again
            found += [f"{screen}: {problem}" for problem in page.evaluate(CONTROLS_OUT_OF_SIGHT)]
        page.set_viewport_size(WIDE)
        if found:
            problems[notebook] = found
    assert not problems, f"English or controls out of sight on the {language} pages: {problems}"


def _settled_leaks(page: Page, language: str, seconds: float = 20) -> list[str]:
    """The English the page shows once it has settled: a page built ahead for a class starts in English and
    is said again in the address's language as it opens, the card table last (on a loaded server, a second
    or two after the heading)."""
    deadline = time.monotonic() + seconds
    while (found := leaked(page.evaluate(PAGE_WORDS), language)) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    return found


def test_the_english_list_finds_english() -> None:
    """The check can fail: an English text on a Swedish page is found, its Swedish text is not."""
    english_page = f"{EN['lab:choose']} {EN['variant:tab-club']} Stock: 3 cards; discard pile: 5 cards, top 4S."
    assert {EN["lab:choose"], EN["variant:tab-club"]} <= set(leaked(english_page, "sv"))
    swedish_page = " ".join(render(code, language="sv") for code in ("lab:choose", "variant:tab-club", "club:load"))
    assert leaked(swedish_page, "sv") == []
    assert "Canasta" not in english_texts("sv")  # the same word in Swedish
