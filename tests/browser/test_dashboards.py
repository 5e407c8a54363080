"""Every dashboard and tutorial in a real browser against a real Voila server."""

from __future__ import annotations

import re

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
