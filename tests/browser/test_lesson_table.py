"""The lessons' card table in a real browser, by taps only: lesson 1's try-it (draw, discard, the turn
handed on while the learner keeps their own seat, the others played move by move, undo) and its exercise
(a wrong move hinted and not played, then the right one), and lesson 2's exercise (the other side's eights
tapped with an eight: a hint that names the side). Places are found by their accessible names: "stock…",
"discard pile…", "meld N…", hand cards "4 of hearts".

Lesson 6's exercise: a two-meld opening staged group by group by taps, then laid.

A mirror game in the test process is dealt with the lesson's seed, so the test knows the cards in hand.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from bolivia_core.game import new_game
from bolivia_core.i18n import card_name

TIMEOUT = 90_000  # a lesson's kernel starts on request, on a busy machine
SIZES = {"wide": (1280, 800), "phone": (390, 844)}


def open_lesson(page: Page, url: str, notebook: str) -> Locator:
    page.goto(f"{url}/voila/render/{notebook}", timeout=TIMEOUT, wait_until="commit")  # Voila streams the page
    tables = page.locator(".bt-table")
    expect(tables).to_have_count(2, timeout=TIMEOUT)  # the try-it and the exercise
    expect(tables.last.get_by_role("button", name=re.compile("^stock"))).to_be_visible(timeout=TIMEOUT)
    return tables


def hand_of(table: Locator) -> Locator:
    return table.get_by_role("group", name=re.compile("^your hand"))


def tap_card(hand: Locator, name: str) -> None:
    """Choose a card not chosen yet, tapped where a finger would: on its corner in sight (the hand overlaps)."""
    hand.locator(f"button.bt-card[aria-pressed='false'][aria-label='{name}']").first.click(position={"x": 6, "y": 14})


@pytest.mark.parametrize("size", list(SIZES))
def test_lesson_one_s_try_it_and_exercise_by_taps(browser, voila_url: str, size: str) -> None:  # type: ignore[no-untyped-def]
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        tables = open_lesson(page, voila_url, "01_the_turn.ipynb")
        practice, quiz = tables.first, tables.last
        mirror = new_game("bolivia", players=4, seed=3)  # the lesson's deal: its first player is "you"
        learner = mirror.to_move
        hand = hand_of(practice)
        expect(hand).to_have_attribute("aria-label", f"your hand, {len(mirror.position.hands[learner - 1])} cards")
        box = practice.bounding_box()
        assert box and box["x"] + box["width"] <= width + 1, "the lesson's table fits the page's width"
        assert box["height"] < height, f"a lesson's table is compact, not the window's height: {box}"

        practice.get_by_role("button", name=re.compile("^stock")).click()
        mirror.apply("draw")
        held = sorted(mirror.position.hands[learner - 1])
        expect(hand).to_have_attribute("aria-label", f"your hand, {len(held)} cards", timeout=TIMEOUT)
        name = card_name(held[0])
        tap_card(hand, name)
        practice.get_by_role("button", name=re.compile("^discard pile")).click()
        message = practice.locator(".bt-message")
        mirror.apply(f"discard {held[0]}")
        expect(message).to_contain_text(f"Your turn is over: player {mirror.to_move} plays next", timeout=TIMEOUT)
        expect(practice.get_by_role("button", name=re.compile("^discard pile"))).to_have_attribute(
            "aria-label", re.compile(f"^discard pile: {name} on top"))  # fmt: skip
        expect(hand).to_have_attribute("aria-label", f"your hand, {len(held) - 1} cards")  # still the learner's
        practice.get_by_role("button", name=re.compile("^stock")).click()  # not the learner's turn: refused
        expect(message).to_contain_text("not yours", timeout=TIMEOUT)
        practice.get_by_role("button", name="the others play").click()
        expect(message).to_contain_text("your turn again", timeout=TIMEOUT)
        practice.get_by_role("button", name="undo my last move").click()
        expect(hand).to_have_attribute("aria-label", f"your hand, {len(held)} cards", timeout=TIMEOUT)

        quiz_hand = hand_of(quiz)
        before = quiz_hand.get_attribute("aria-label")
        tap_card(quiz_hand, "5 of diamonds")
        quiz.get_by_role("button", name=re.compile("^discard pile")).click()  # before drawing: wrong
        message = quiz.locator(".bt-message")
        expect(message).to_contain_text("A hint", timeout=TIMEOUT)
        expect(message).to_contain_text("must first draw")
        assert quiz_hand.get_attribute("aria-label") == before, "a wrong move changes nothing"
        quiz.get_by_role("button", name=re.compile("^stock")).click()
        expect(message).to_contain_text("✔ Right.", timeout=TIMEOUT)
        assert quiz_hand.get_attribute("aria-label") != before, "the right move is played"
    finally:
        context.close()
    assert not errors, errors


def test_lesson_two_s_exercise_shows_the_eights_and_names_their_side(page: Page, voila_url: str) -> None:
    tables = open_lesson(page, voila_url, "02_sides_and_partners.ipynb")
    quiz = tables.last
    theirs = quiz.get_by_role("region", name=re.compile("^Melds of players 2 and 4"))
    eights = theirs.get_by_role("button", name=re.compile("^meld 1: 8s"))
    expect(eights).to_be_visible()  # the exercise shows what it asks about
    hand = hand_of(quiz)
    before = hand.get_attribute("aria-label")
    tap_card(hand, "8 of hearts")
    eights.click()
    message = quiz.locator(".bt-message")
    expect(message).to_contain_text("That meld is side 2's", timeout=TIMEOUT)
    assert hand.get_attribute("aria-label") == before
    expect(hand.get_by_role("button", name="8 of hearts", exact=True)).to_have_attribute("aria-pressed", "true")
    quiz.get_by_role("button", name=re.compile("^discard pile")).click()
    expect(message).to_contain_text("✔ Right.", timeout=TIMEOUT)


def test_lesson_six_s_two_meld_opening_is_staged_by_taps_then_laid(page: Page, voila_url: str) -> None:
    quiz = open_lesson(page, voila_url, "06_initial_meld.ipynb").last
    hand = hand_of(quiz)
    for group in (("ace of hearts", "ace of spades", "ace of diamonds"), ("king of hearts", "king of spades",
                                                                         "king of diamonds")):  # fmt: skip
        for name in group:
            tap_card(hand, name)
        quiz.locator(".bt-meld-area").click()
        expect(quiz.locator(".bt-staged-group")).to_have_count(1 if group[0].startswith("ace") else 2, timeout=TIMEOUT)
    expect(quiz.locator(".bt-staging")).to_contain_text("90 of 50 points, enough")
    quiz.get_by_role("button", name="lay the staged melds").click()
    expect(quiz.locator(".bt-message")).to_contain_text("✔ Right.", timeout=TIMEOUT)
    expect(quiz.locator(".bt-side.bt-mine").get_by_role("button", name=re.compile("^meld 2:"))).to_be_visible()
