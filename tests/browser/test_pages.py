"""Every page served cleanly: nothing fetched from another site, and a closed page ends its kernel."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from tests.browser.conftest import kernel_ids_of

TIMEOUT = 60_000  # a cold kernel on a busy machine
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_no_page_asks_another_site_for_anything(page: Page, voila_url: str) -> None:
    """Every request every page makes (stylesheets, fonts, scripts, sockets) goes to the page's own
    server: the pages work offline and tell no third party who opened them."""
    own = urlsplit(voila_url).netloc
    elsewhere: list[str] = []
    page.on("request", lambda request: elsewhere.append(request.url)
            if urlsplit(request.url).netloc not in (own, "") else None)  # fmt: skip
    for notebook in NOTEBOOKS:
        page.goto(f"{voila_url}/voila/render/{notebook}")
        expect(page.locator("h1").first).to_be_visible(timeout=TIMEOUT)
        page.wait_for_load_state("networkidle")
    assert not elsewhere, f"pages asked other sites for: {sorted(set(elsewhere))}"


def test_a_page_left_ends_its_kernel_within_seconds(page: Page, voila_server: tuple[str, int]) -> None:
    """Leaving a page sends its shutdown request, which the server accepts: the kernel ends at once,
    long before idle culling could (this server culls after 15 idle seconds; the page was just used)."""
    url, pid = voila_server
    page.goto(f"{url}/voila/render/meld_checker.ipynb")
    page.get_by_role("textbox").fill("KH KS KD", timeout=TIMEOUT)
    expect(page.locator(".bolivia-verdict")).to_contain_text("Legal")
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel in kernel_ids_of(pid), "the page's kernel should be running while the page is open"
    page.goto("about:blank")
    deadline = time.monotonic() + 10
    while kernel in kernel_ids_of(pid) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert kernel not in kernel_ids_of(pid), "the page's kernel was still running 10 s after the page closed"


def test_why_not_right_after_typing_judges_the_whole_text(page: Page, voila_url: str) -> None:
    """Typed key by key and asked at once: the answer is about what was typed, not a part of it."""
    page.goto(f"{voila_url}/voila/render/scenario_explorer.ipynb")
    attempt = page.get_by_label("Try")
    attempt.click(timeout=TIMEOUT)
    page.keyboard.type("take pile with 6H 6D", delay=5)
    page.get_by_role("button", name="why not?").click()
    answer = page.locator(".bolivia-scenario-explorer").get_by_role("status")
    expect(answer).to_contain_text("you need a natural pair of kings")
    expect(page.locator(".bolivia-scenario-explorer")).not_to_contain_text("is not an action")
