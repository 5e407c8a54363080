"""Every dashboard and tutorial in a real browser against a real Voila server."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from bolivia_core import check_meld
from bolivia_core.game import new_game
from bolivia_core.tools.compare import diff_rules

TIMEOUT = 60_000  # a cold kernel on a busy machine
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def test_index_links_every_page(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/index.ipynb", timeout=TIMEOUT)  # a busy machine: 30 s was not always enough
    for name in ("Meld checker", "Variant explorer", "Bolivia's variants compared", "From Canasta to Bolivia"):
        expect(page.get_by_role("link", name=name)).to_be_visible(timeout=TIMEOUT)
    for notebook in NOTEBOOKS:
        if notebook != "index.ipynb":
            expect(page.locator(f"a[href$='/{notebook}'], a[href='{notebook}']").first).to_be_attached()
    page.get_by_role("link", name="Variant explorer").click()
    expect(page.locator(".bolivia-rules-table")).to_be_visible(timeout=TIMEOUT)


def test_a_page_shows_a_loading_screen_before_its_cells(voila_url: str) -> None:
    """The first bytes Voila streams for a page (a tutorial: its kernel starts on request) are the
    "Running ..." screen, and the cells come after it."""
    import urllib.request

    with urllib.request.urlopen(f"{voila_url}/voila/render/01_the_turn.ipynb", timeout=120) as response:
        body = response.read().decode()
    loading = body.index('id="loading"')
    assert "Running" in body[loading : loading + 2000]
    assert loading < body.index("cell-index=")


def test_score_calculator_gives_line_items(page: Page, voila_url: str) -> None:
    """Cards entered by tapping them in a deck (nobody has to know the card notation); the sheet draws the
    melded cards small and says each line in words."""
    page.goto(f"{voila_url}/voila/render/score_calculator.ipynb")
    melds, hand = page.locator(".bolivia-card-picker").nth(0), page.locator(".bolivia-card-picker").nth(1)
    hearts = melds.get_by_role("group", name="hearts: tap a card to add it")
    hearts.get_by_role("button", name="king of hearts").click(timeout=TIMEOUT)
    melds.get_by_role("group", name="spades: tap a card to add it").get_by_role("button", name="king of spades").click()
    diamonds = melds.get_by_role("group", name="diamonds: tap a card to add it")
    diamonds.get_by_role("button", name="king of diamonds").click()
    expect(melds.get_by_role("group", name=re.compile("^meld 1: "))).to_contain_text("K")
    hand.get_by_role("group", name="clubs: tap a card to add it").get_by_role("button", name="5 of clubs").click()
    sheet = page.locator(".bolivia-score-sheet")
    # Bolivia: kings 10 each, melded +30; a 5 left in hand counts 5 against the side.
    melded = sheet.locator("tr", has_text="melded")
    expect(melded).to_contain_text("+30")
    for name in ("king of hearts", "king of spades", "king of diamonds"):
        expect(melded.get_by_role("img", name=name)).to_be_visible()
    expect(sheet.locator("tr", has_text="left in hand")).to_contain_text("-5")
    expect(sheet.locator("tr", has_text="left in hand").get_by_role("img", name="5 of clubs")).to_be_visible()
    expect(sheet.locator("tr", has_text="total")).to_contain_text("+25")
    hand.get_by_role("group", name=re.compile("^chosen: ")).get_by_role("button", name="5 of clubs").click()
    expect(sheet.locator("tr", has_text="left in hand")).to_have_count(0)
    expect(sheet.locator("tr", has_text="total")).to_contain_text("+30")


def test_scenario_explorer_tries_moves_by_touch(page: Page, voila_url: str) -> None:
    """A lesson position drawn from the seat to move: a refused take explained beside the pile, the
    take by touch, undone; a malformed pasted position refused, naming its field, the table unchanged."""
    page.goto(f"{voila_url}/voila/render/scenario_explorer.ipynb", timeout=TIMEOUT, wait_until="commit")
    hand = page.locator(".bolivia-scenario-explorer .bt-hand")
    pile = page.get_by_role("button", name=re.compile("^discard pile"))
    expect(hand.get_by_role("button", name="king of hearts")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".bt-message")).to_contain_text("You may take the pile.")
    for name in ("6 of hearts", "6 of diamonds"):
        hand.get_by_role("button", name=name).click()
    pile.click()
    expect(page.get_by_role("alert")).to_contain_text("natural pair of kings")
    expect(pile).to_have_class(re.compile("bt-refused"))
    for name in ("6 of hearts", "6 of diamonds", "king of hearts", "king of spades"):
        hand.get_by_role("button", name=name).click()
    pile.click()
    expect(page.get_by_role("button", name=re.compile("^meld 2"))).to_be_visible()
    expect(page.locator(".bt-message")).to_contain_text("You took the pile")
    page.get_by_role("button", name="undo", exact=True).click()
    expect(page.get_by_role("button", name=re.compile("^meld 2"))).to_have_count(0)
    stock = page.get_by_role("button", name=re.compile("^stock")).get_attribute("aria-label")
    page.get_by_role("button", name="menu", exact=True).click()
    dialog = page.locator(".bt-dialog[open]")
    dialog.locator("textarea").fill("rules=bolivia; players=2; turn=1; p1=KH ZZ")
    dialog.get_by_role("button", name="explore this position").click()
    expect(page.get_by_role("alert")).to_contain_text("field p1")
    expect(page.get_by_role("button", name=re.compile("^stock"))).to_have_attribute("aria-label", stock or "")
    expect(hand.get_by_role("button", name="king of hearts")).to_be_visible()


def test_meld_checker_judges_tapped_cards(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/meld_checker.ipynb")
    verdict = page.locator(".bolivia-verdict")
    expect(verdict).to_contain_text("Not legal", timeout=TIMEOUT)
    picker = page.locator(".bolivia-card-picker")
    picker.get_by_role("button", name="clear").click()
    hearts = picker.get_by_role("group", name="hearts: tap a card to add it")
    for rank in (4, 5, 6, 7, 8, 9, 10):
        hearts.get_by_role("button", name=f"{rank} of hearts").click()
    expect(verdict).to_contain_text(str(check_meld("4H 5H 6H 7H 8H 9H 10H")))
    page.get_by_label("Rules").select_option(label="Canasta")  # (the page has a language picker too)
    expect(page.locator(".bolivia-reasons")).to_contain_text("sequences are not allowed under Canasta rules")


def test_variant_explorer_compares_and_rejudges(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/variant_explorer.ipynb")
    caption = page.locator(".bolivia-rules-table caption")
    three = len(diff_rules("bolivia", "swedish", "canasta"))
    expect(caption).to_contain_text(f"Rules that differ: {three}", timeout=TIMEOUT)
    page.get_by_role("checkbox", name="Canasta").uncheck()
    expect(caption).to_contain_text(f"Rules that differ: {len(diff_rules('bolivia', 'swedish'))}")
    page.get_by_role("tab", name="One situation").click()
    situation = page.locator(".bolivia-situation")
    expect(situation).to_contain_text("✘ Not legal")
    page.locator(".bolivia-variant-explorer textarea").first.fill("2C 2D 2H JK JK JK JK")
    expect(situation).to_contain_text(str(check_meld("2C 2D 2H JK JK JK JK", "swedish")))
    expect(situation).to_contain_text("3,000 bonus")


def test_variant_explorer_club_rules(page: Page, voila_url: str) -> None:
    page.goto(f"{voila_url}/voila/render/variant_explorer.ipynb")
    expect(page.locator(".bolivia-rules-table")).to_be_visible(timeout=TIMEOUT)
    page.get_by_role("tab", name="Our club's rules").click()
    page.get_by_role("spinbutton", name="new value").fill("9")
    page.get_by_role("button", name="change this rule").click()
    expect(page.get_by_role("alert")).to_contain_text("must be a whole number from 0 to 7; got “9”")
    page.get_by_role("spinbutton", name="new value").fill("3")
    page.get_by_role("button", name="change this rule").click()
    expect(page.get_by_role("status").filter(has_text="changed")).to_be_visible()
    expect(page.locator("textarea").last).to_have_value(re.compile(r"same_rank_max_wilds = 3"))
    page.get_by_role("checkbox", name="our club's rules").check()
    expect(page.locator(".bolivia-rules-table thead")).to_contain_text("our club")


def test_meld_lab_cards_by_name_mouse_and_keyboard(page: Page, voila_url: str) -> None:
    from bolivia_core.game import new_game
    from bolivia_core.i18n import card_name

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
    expect(page.get_by_role("group", name="meld: king of diamonds, king of hearts and king of spades")).to_be_visible()
    melded = page.locator(".bolivia-score-sheet tr", has_text="melded")
    for name in ("king of diamonds", "king of hearts", "king of spades"):
        expect(melded.get_by_role("img", name=name)).to_be_visible()




def test_game_viewer_steps_through_a_computer_game_with_every_hand_open(page: Page, voila_url: str) -> None:
    """Every hand face up; a move stepped and said with its why; a hand played on at a fast pace and
    skipped to its end, its score sheet and its whole log in words, each line with its why."""
    page.goto(f"{voila_url}/voila/render/game_viewer.ipynb", timeout=TIMEOUT, wait_until="commit")
    table = page.locator(".bolivia-game-viewer")
    expect(table.get_by_role("img", name=re.compile("^player 2's hand, 15 cards: "))).to_be_visible(timeout=TIMEOUT)
    expect(table.get_by_role("img", name=re.compile("^player [34]'s hand"))).to_have_count(2)
    expect(table.locator(".bt-hand .bt-card")).to_have_count(15)  # player 1's, at the bottom
    page.get_by_role("button", name="next move", exact=True).click()
    expect(page.locator(".bt-message")).to_contain_text("Why: ", timeout=TIMEOUT)
    page.get_by_role("button", name="menu", exact=True).click()
    dialog = page.locator(".bt-dialog[open]")
    dialog.locator("select[data-setting='pace']").select_option("fast")
    dialog.get_by_role("button", name="close", exact=True).click()
    page.get_by_role("button", name="to the end of the hand").click()
    expect(page.locator(".bt-flying").first).to_be_attached(timeout=TIMEOUT)  # a computer's card moving
    page.get_by_role("button", name="skip to the end of these moves").click()
    sheet = page.locator(".bt-hand-end .bolivia-hand-results")
    expect(sheet).to_contain_text("went out", timeout=TIMEOUT)
    page.get_by_role("button", name="menu", exact=True).click()
    log = page.locator(".bt-dialog[open] .bt-log")
    expect(log.locator("li").first).to_contain_text("deals 15 cards each")
    dealt = len(new_game("bolivia", 4, seed=1).log)  # the page's game; the deal's lines have no player's why
    assert log.locator("li").count() > 20 and log.locator("details").count() == log.locator("li").count() - dealt
    page.locator(".bt-dialog[open]").get_by_role("button", name="close", exact=True).click()
    page.get_by_role("button", name="back a move").click()
    expect(page.locator(".bt-hand-end")).to_have_count(0)


def test_a_closed_page_does_not_keep_its_kernel(browser, voila_server: tuple[str, int]) -> None:  # type: ignore[no-untyped-def]
    """Serving culls idle kernels (voila.json: 120 s; this server: 15 s), the page's pre-started one too."""
    import time

    from tests.browser.conftest import kernel_ids_of

    url, pid = voila_server
    page = browser.new_page()
    page.goto(f"{url}/voila/render/meld_checker.ipynb")
    expect(page.locator(".bolivia-verdict")).to_be_visible(timeout=TIMEOUT)
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel in kernel_ids_of(pid), "the page's kernel should be running while the page is open"
    page.close()
    deadline = time.monotonic() + 60
    while kernel in kernel_ids_of(pid) and time.monotonic() < deadline:
        time.sleep(1)
    assert kernel not in kernel_ids_of(pid), "the page's kernel was left running after the page closed"
