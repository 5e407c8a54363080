"""Every dashboard and tutorial in a real browser against a real Voila server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from bolivia_core import check_meld
from bolivia_core.compare import diff_rules

TIMEOUT = 60_000  # a cold kernel on a busy machine


def test_index_links_every_page(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/index.ipynb")
    for name in ("Meld checker", "Variant explorer", "Bolivia's variants compared", "From Canasta to Bolivia"):
        expect(page.get_by_role("link", name=name)).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("link", name="Variant explorer").click()
    expect(page.locator(".bolivia-rules-table")).to_be_visible(timeout=TIMEOUT)


def test_meld_checker_judges_typed_cards(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/meld_checker.ipynb")
    verdict = page.locator(".bolivia-verdict")
    expect(verdict).to_contain_text("Not legal", timeout=TIMEOUT)
    page.get_by_role("textbox").fill("4H 5H 6H 7H 8H 9H 10H")
    expect(verdict).to_contain_text(str(check_meld("4H 5H 6H 7H 8H 9H 10H")))
    page.get_by_role("combobox").select_option(label="Canasta")
    expect(page.locator(".bolivia-reasons")).to_contain_text("sequences are not allowed under Canasta rules")


def test_variant_explorer_compares_and_rejudges(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/variant_explorer.ipynb")
    caption = page.locator(".bolivia-rules-table caption")
    three = len(diff_rules("bolivia", "swedish", "canasta"))
    expect(caption).to_contain_text(f"{three} rules differ", timeout=TIMEOUT)
    page.get_by_role("checkbox", name="Canasta").uncheck()
    expect(caption).to_contain_text(f"{len(diff_rules('bolivia', 'swedish'))} rules differ")
    page.get_by_role("tab", name="One situation").click()
    situation = page.locator(".bolivia-situation")
    expect(situation).to_contain_text("✘ not legal")
    page.locator(".bolivia-variant-explorer textarea").first.fill("2C 2D 2H JK JK JK JK")
    expect(situation).to_contain_text(str(check_meld("2C 2D 2H JK JK JK JK", "swedish")))
    expect(situation).to_contain_text("3,000 bonus")


def test_variant_explorer_club_rules(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/variant_explorer.ipynb")
    expect(page.locator(".bolivia-rules-table")).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("tab", name="Our club's rules").click()
    page.get_by_role("textbox", name="new value").fill("9")
    page.get_by_role("button", name="change this rule").click()
    expect(page.get_by_role("alert")).to_contain_text("must be a whole number from 0 to 7; got 9")
    page.get_by_role("textbox", name="new value").fill("3")
    page.get_by_role("button", name="change this rule").click()
    expect(page.get_by_role("status").filter(has_text="changed")).to_be_visible()
    expect(page.locator("textarea").last).to_have_value(re.compile(r"same_rank_max_wilds = 3"))
    page.get_by_role("checkbox", name="our club's rules").check()
    expect(page.locator(".bolivia-rules-table thead")).to_contain_text("our club")


def test_tutorials_render(page: Page, voila_url: str) -> None:
    for name, text in (("variants_compared", "differ on"), ("canasta_to_bolivia", "== The initial meld ==")):
        page.goto(f"{voila_url}/voila/render/{name}.ipynb")
        expect(page.get_by_text(re.compile(re.escape(text))).first).to_be_visible(timeout=TIMEOUT)


def test_meld_lab_cards_by_name_mouse_and_keyboard(page: Page, voila_url: str) -> None:
    from bolivia_core.game import new_game
    from bolivia_core.messages import card_name

    page.goto(f"{voila_url}/voila/render/meld_lab.ipynb")
    hand = page.get_by_role("group", name="your hand: choose cards for a meld")
    expect(hand).to_be_visible(timeout=TIMEOUT)
    game = new_game("bolivia", seed=7)
    dealt = sorted(game.position.hands[game.to_move - 1])
    cards = hand.get_by_role("button")
    expect(cards).to_have_count(len(dealt))
    for index, card in enumerate(dealt):  # every card's accessible name is its name in words
        expect(cards.nth(index)).to_have_attribute("aria-label", card_name(card))
    # mouse: choose the first card, and it says so by aria-pressed (and by a lift and a tick)
    cards.nth(0).click()
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".bolivia-verdict")).to_contain_text("Not legal")
    # keyboard: arrow to the next card, Space chooses it, Enter unchooses it
    cards.nth(0).focus()
    page.keyboard.press("ArrowRight")
    expect(cards.nth(1)).to_be_focused()
    page.keyboard.press("Space")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Enter")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("End")
    expect(cards.nth(len(dealt) - 1)).to_be_focused()


def test_meld_lab_melds_a_lesson_position(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/meld_lab.ipynb")
    expect(page.get_by_role("group", name="your hand: choose cards for a meld")).to_be_visible(timeout=TIMEOUT)
    page.get_by_label("Position").fill("rules=bolivia; turn=1; phase=play; p1=KH KS KD QH 5C 9D")
    page.get_by_role("button", name="load").click()
    for name in ("king of hearts", "king of spades", "king of diamonds"):
        page.get_by_role("button", name=name).click()
    expect(page.locator(".bolivia-verdict")).to_contain_text("legal same-rank meld under Bolivia rules: 30 points")
    page.get_by_role("button", name="meld these").click()
    expect(page.get_by_role("group", name="meld: KD KH KS")).to_be_visible()
    expect(page.locator(".bolivia-score-sheet")).to_contain_text("melded KD KH KS")


ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_renders_without_error(page: Page, voila_url: str, notebook: str) -> None:
    """Each page shows its heading, its outputs and its widgets; the page fixture fails on a Python error."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    page.goto(f"{voila_url}/voila/render/{notebook}")
    expect(page.locator("h1").first).to_be_visible(timeout=TIMEOUT)
    if code:
        expect(page.locator(".jp-OutputArea-output").first).to_be_visible(timeout=TIMEOUT)
    if any("bolivia_widgets" in source for source in code):
        expect(page.locator(".jp-OutputArea-output .jupyter-widgets").first).to_be_visible(timeout=TIMEOUT)


def test_a_closed_page_does_not_keep_its_kernel(browser, voila_server: tuple[str, int]) -> None:  # type: ignore[no-untyped-def]
    """Serving culls idle kernels (scripts/serve.sh after 120 s; this server after 15 s): none is left running."""
    import time

    from tests.browser.conftest import kernels_of

    url, pid = voila_server
    before = set(kernels_of(pid))  # earlier tests' kernels may still be on their way out: not ours to judge
    page = browser.new_page()
    page.goto(f"{url}/voila/render/meld_checker.ipynb")
    expect(page.locator(".bolivia-verdict")).to_be_visible(timeout=TIMEOUT)
    mine = set(kernels_of(pid)) - before
    assert mine, "the page's kernel should be running while the page is open"
    page.close()
    deadline = time.monotonic() + 60
    while mine & set(kernels_of(pid)) and time.monotonic() < deadline:
        time.sleep(1)
    assert not mine & set(kernels_of(pid)), "the page's kernel was left running after the page closed"
