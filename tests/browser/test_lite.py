"""The server-free site in a real browser: built by scripts/build-lite.sh (or a build newer than every file it
is made from), served from 127.0.0.1 by a plain static file server, with every request to another origin
aborted and recorded. Starting Python in the page takes a while, so this runs only with `-m lite`."""

from __future__ import annotations

import functools
import re
import subprocess
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from bolivia_core.game import new_game

pytestmark = pytest.mark.lite

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
#: what the site is made from: a build older than any of these is made again
SOURCES = ("bolivia_core", "widgets", "notebooks", "scripts/build_lite.py", "scripts/build-lite.sh", "pyproject.toml")
TIMEOUT = 180_000  # Python starting in the page on a busy machine
HAND = "your hand: choose cards for a meld"


def newest_source() -> float:
    files = [p for name in SOURCES for p in ([ROOT / name] if (ROOT / name).is_file() else (ROOT / name).rglob("*"))]
    return max(p.stat().st_mtime for p in files if p.is_file() and "__pycache__" not in p.parts)


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    """The site's address on the loopback interface, built first unless a fresh build is there."""
    index = SITE / "index.html"
    if not index.exists() or index.stat().st_mtime < newest_source():
        subprocess.run(["bash", "scripts/build-lite.sh"], cwd=ROOT, check=True, timeout=900)
    handler = functools.partial(Quiet, directory=str(SITE))
    with ThreadingHTTPServer(("127.0.0.1", 0), handler) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
        httpd.shutdown()


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def offline(browser, site_url: str) -> Iterator[tuple[BrowserContext, list[str]]]:  # type: ignore[no-untyped-def]
    """A browser context that aborts every request leaving the site's origin; the test fails if any was made."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    elsewhere: list[str] = []

    def only_the_site(route: Route) -> None:
        if route.request.url.startswith(site_url + "/"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    yield context, elsewhere
    context.close()
    assert not elsewhere, f"the site asked another origin for {elsewhere}"


def open_page(context: BrowserContext) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def test_index_links_every_page_in_the_order_of_the_voila_index(offline, site_url: str) -> None:  # type: ignore[no-untyped-def]
    import json

    cells = json.loads((ROOT / "notebooks" / "index.ipynb").read_text())["cells"]
    markdown = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    titles = re.findall(r"\[([^\]]+)\]\([\w.-]+\.ipynb(?:\?[^)]*)?\)", markdown)
    page, errors = open_page(offline[0])
    page.goto(f"{site_url}/")
    links = page.locator("main li a")
    expect(links).to_have_count(len(titles))
    assert links.all_inner_texts() == titles
    for href in links.evaluate_all("links => links.map(a => a.getAttribute('href'))"):
        assert href.startswith("repl/index.html?") and "hideCodeInput=1" in href and "code=" in href
    assert not errors


def test_meld_lab_answers_chosen_cards_in_the_browser_kernel(offline, site_url: str) -> None:  # type: ignore[no-untyped-def]
    page, errors = open_page(offline[0])
    page.goto(f"{site_url}/")
    page.get_by_role("link", name="Meld lab").click()
    expect(page.get_by_role("heading", name="Meld lab")).to_be_visible(timeout=TIMEOUT)
    hand = page.get_by_role("group", name=HAND)
    expect(hand.get_by_role("button").first).to_be_visible(timeout=TIMEOUT)
    verdict = page.locator(".bolivia-verdict")
    dealt = new_game("bolivia", seed=7)  # the page's deal: the hand of the player who moves first
    assert {"7C", "7H", "7S"} <= {str(c) for c in dealt.position.hands[dealt.to_move - 1]}
    hand.get_by_role("button", name="7 of clubs").click()
    expect(hand.get_by_role("button", name="7 of clubs")).to_have_attribute("aria-pressed", "true")
    expect(verdict).to_contain_text("Not legal")
    hand.get_by_role("button", name="7 of hearts").click()
    hand.get_by_role("button", name="7 of spades").click()
    # three 7s (5 points each in the rule text's table): a natural same-rank meld, 15 points
    expect(verdict).to_contain_text("legal same-rank meld under Bolivia rules: 15 points")
    expect(page.locator("pre", has_text="Traceback")).to_have_count(0)
    assert not errors, errors


def test_a_lesson_runs_its_try_it_in_the_browser_kernel(offline, site_url: str) -> None:  # type: ignore[no-untyped-def]
    page, errors = open_page(offline[0])
    page.goto(f"{site_url}/")
    page.get_by_role("link", name="Lesson 6: the initial meld").click()
    expect(page.get_by_role("heading", name="Lesson 6: the initial meld")).to_be_visible(timeout=TIMEOUT)
    # the lesson's printed output, worked out by the engine in the page: 90 points at 1,500 (rule text)
    minimum = "Your side's score is 1,500: its first melds must be worth at least 90."
    expect(page.get_by_text(minimum)).to_be_visible(timeout=TIMEOUT)
    # the try-it is the card table: the kings and the queens staged by taps, then laid together
    table = page.locator(".bt-table").first
    hand = table.get_by_role("group", name=re.compile("^your hand"))
    for group in (("king of hearts", "king of spades", "king of diamonds"),
                  ("queen of hearts", "queen of spades", "queen of clubs")):  # fmt: skip
        for name in group:
            hand.get_by_role("button", name=name, exact=True).first.click()
        table.locator(".bt-meld-area").click()
    table.get_by_role("button", name="lay the staged melds").click()
    expect(table.locator(".bt-message")).to_contain_text("these melds count 60, 30 short", timeout=TIMEOUT)
    assert not errors, errors


def test_a_language_link_opens_the_meld_lab_in_that_language(offline, site_url: str) -> None:  # type: ignore[no-untyped-def]
    """The index's "polski" link passes ?lang=pl on to the page's Python, as Voila does."""
    import bolivia_widgets  # noqa: F401  (the pages' words registered)
    from bolivia_core.i18n import card_name, render

    page, errors = open_page(offline[0])
    page.goto(f"{site_url}/")
    page.get_by_role("link", name="polski").click()
    hand = page.get_by_role("group", name=render("lab:hand-label", language="pl"))
    dealt = new_game("bolivia", seed=7)  # the page's deal: the hand of the player who moves first
    card = dealt.position.hands[dealt.to_move - 1][0]
    named = hand.get_by_role("button", name=card_name(card, language="pl"), exact=True).first
    expect(named).to_be_visible(timeout=TIMEOUT)
    assert card_name(card, language="pl") != card_name(card, language="en")
    assert not errors, errors
