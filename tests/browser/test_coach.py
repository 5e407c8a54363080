"""The coach on the play page's card table in a real browser (Voila and Chromium): the expert's hint is one
sentence, its numbers behind "why?"; the table answers a move while the coach thinks, and the hint for the
position gone by never shows; after the hand the review lists at most three moments and "show me" puts one
back on the table as the learner saw it then; no text of the coach names a card the learner had not seen.

A mirror ``PlayTable`` in the test process plays the same position and moves (the same seeds give the same
game), so what the learner had seen at each moment is known here. Screenshots of the hint with "why?" open and
of the review, at 1280x800 and 390x844, light and dark, are saved in ``screenshots/``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from table_driver import TIMEOUT, open_menu, set_pace

from bolivia_core.game import Game
from bolivia_widgets import PlayTable
from bolivia_widgets.components.table import CardTable

from tests.test_table_coach import MISTAKE, named_cards, seen_by_learner

from .conftest import SCREENSHOTS
from .test_table_phone import HIT_AREAS_JS

SIZES = {"wide": (1280, 800), "phone": (390, 844)}
SENTENCE_END = re.compile(r"[.!?](?:\s|$)")

RECORD_JS = """() => {
  // what the message area's first line said, in order, and the hand's label beside it (its count of cards)
  window.__said = [];
  const table = document.querySelector('.bt-table');
  const note = () => {
    const line = table.querySelector('.bt-bottom .bt-message .bt-headline');
    const hand = table.querySelector('.bt-hand')?.getAttribute('aria-label') || '';
    const said = (line ? line.textContent : '') + ' | ' + hand;
    if (window.__said[window.__said.length - 1] !== said) window.__said.push(said);
  };
  new MutationObserver(note).observe(table, {subtree: true, childList: true, characterData: true, attributes: true});
  note();
}"""


def resume(page: Page, url: str, position: str) -> None:
    page.goto(f"{url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
    expect(page.get_by_role("button", name=re.compile("^stock"))).to_be_visible(timeout=TIMEOUT)
    set_pace(page, "instant")
    open_menu(page)
    page.locator(".bt-saved textarea").fill(position)
    page.locator(".bt-dialog").get_by_role("button", name="resume", exact=True).click()
    expect(page.locator(".bt-message")).to_contain_text("Resumed", timeout=TIMEOUT)


def mirror_at(position: str) -> CardTable:
    mirror = PlayTable(language="en")
    assert mirror.handle({"do": "resume", "text": position})
    return mirror


def shoot(page: Page, name: str, scrolled: str = "") -> list[str]:
    """Screenshots at both sizes, light and dark (``scrolled``: a part brought into sight first); on the phone,
    the coach's buttons and "why?" a finger can hit."""
    SCREENSHOTS.mkdir(exist_ok=True)
    small = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        if scrolled:
            page.locator(scrolled).evaluate("(node) => node.scrollIntoView({block: 'start'})")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            page.wait_for_timeout(150)
            page.screenshot(path=str(SCREENSHOTS / f"coach-{name}-{size}-{scheme}.png"))
        if size == "phone":
            found = page.evaluate(HIT_AREAS_JS, [".bt-message, .bt-review", 44])
            small += found["failing"]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.emulate_media(color_scheme="light")
    return small


def test_the_hint_is_one_sentence_and_the_review_shows_a_moment_again(page: Page, voila_url: str) -> None:
    resume(page, voila_url, MISTAKE)
    mirror = mirror_at(MISTAKE)
    table = page.locator(".bt-table")
    page.get_by_role("button", name=re.compile("^stock")).click()  # draws 8D 10S
    assert mirror.handle({"do": "draw"})
    hand = page.get_by_role("group", name=re.compile("^your hand"))
    expect(hand).to_have_attribute("aria-label", re.compile("7 cards"), timeout=TIMEOUT)

    # the hint: one sentence, naming only cards the learner has seen; "why?" opens its numbers
    table.get_by_role("button", name="hint", exact=True).click()
    message = page.locator(".bt-bottom .bt-message.bt-coach")
    expect(message).to_be_visible(timeout=TIMEOUT)
    sentence = message.locator(".bt-headline").inner_text()
    assert sentence.startswith("Best now: ") and len(SENTENCE_END.findall(sentence)) == 1, sentence
    assert message.locator("p").count() == 1  # nothing else said beside it
    why = message.locator("details.bt-why")
    why.locator("summary").click()
    numbers = why.locator("li").all_inner_texts()
    assert any(re.search(r"\d+ guessed deals?.*\d+ points? ahead", line) for line in numbers), numbers
    seen = seen_by_learner(mirror.source.game)  # type: ignore[attr-defined]
    said = named_cards(sentence + " ".join(numbers))
    assert said and said <= seen, said - seen
    small = shoot(page, "hint")

    # the costly discard, then the coach's moves to the end of the hand
    hand.get_by_role("button", name="9 of clubs").first.click()
    page.get_by_role("button", name=re.compile("^discard pile")).click()
    assert mirror.handle({"do": "discard", "card": mirror.hand["cards"].index("9C"), "where": "pile"})
    hand_end = page.locator(".bt-hand-end")
    for _ in range(10):
        if mirror.source.game.phase in ("hand over", "game over"):  # type: ignore[attr-defined]
            break
        expect(table.get_by_role("button", name="play the hint", exact=True)).to_be_visible(timeout=TIMEOUT)
        table.get_by_role("button", name="play the hint", exact=True).click()
        assert mirror.handle({"do": "play_hint"})
        expect(hand).to_have_attribute("aria-label", re.compile(f"{len(mirror.hand['cards'])} cards?"), timeout=TIMEOUT)
    expect(hand_end).to_be_visible(timeout=TIMEOUT)

    # the review: at most three moments, naming only cards seen then; "show me" puts one on the table
    review = hand_end.locator(".bt-review")
    expect(review.locator(".bt-review-moments > li").first).to_be_visible(timeout=TIMEOUT)
    moments = review.locator(".bt-review-moments > li")
    assert 1 <= moments.count() <= 3
    game = mirror.source.game  # type: ignore[attr-defined]
    shown = mirror.review["moments"]
    assert [m["line"] for m in shown] == [moments.nth(i).locator("p").inner_text() for i in range(moments.count())]
    for i, moment in enumerate(shown):
        moments.nth(i).locator("summary").click()
        text = moments.nth(i).inner_text()
        then = next(g for n, g in enumerate(game.replay()) if n == moment["index"])
        assert named_cards(text) <= seen_by_learner(then), named_cards(text) - seen_by_learner(then)
    small += shoot(page, "review", ".bt-hand-end .bt-review")  # the review in sight within the panel
    moments.first.get_by_role("button", name="show me").click()
    expect(hand_end).to_be_hidden(timeout=TIMEOUT)
    then = next(g for n, g in enumerate(game.replay()) if n == shown[0]["index"])
    labels = hand.locator("button.bt-card").evaluate_all("(cards) => cards.map((c) => c.getAttribute('aria-label'))")
    expected = table_card_names(mirror, then)
    assert sorted(labels) == sorted(expected), (labels, expected)
    expect(page.locator(".bt-bottom .bt-message")).to_contain_text("as you saw it then")
    table.get_by_role("button", name="back to the end of the hand").click()
    expect(hand_end).to_be_visible(timeout=TIMEOUT)
    assert not small, small


def table_card_names(mirror: CardTable, game: Game) -> list[str]:
    from bolivia_widgets.components.table_view import seat_view, table_parts

    return list(table_parts(seat_view(game, 1), "en")["hand"]["names"])


def test_a_move_is_played_while_the_coach_thinks_and_its_stale_hint_never_shows(page: Page, voila_url: str) -> None:
    """Seed 1's first turn, four seats, seventeen cards after the draw: the expert's hint takes a while (more than
    half a CPU second). The learner asks, then discards while the coach thinks: the discard is played at once and
    the hint for the position before it never shows."""
    page.goto(f"{voila_url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
    expect(page.get_by_role("button", name=re.compile("^stock"))).to_be_visible(timeout=TIMEOUT)
    set_pace(page, "instant")
    table = page.locator(".bt-table")
    hand = page.get_by_role("group", name=re.compile("^your hand"))
    page.get_by_role("button", name=re.compile("^stock")).click()
    expect(hand).to_have_attribute("aria-label", re.compile("17 cards"), timeout=TIMEOUT)
    page.evaluate(RECORD_JS)
    table.get_by_role("button", name="hint", exact=True).click()
    expect(page.locator(".bt-bottom .bt-message.bt-thinking")).to_have_text(re.compile("The coach is thinking"))
    hand.get_by_role("button", name="queen of spades").first.click()
    page.get_by_role("button", name=re.compile("^discard pile")).click()
    expect(hand).to_have_attribute("aria-label", re.compile("16 cards"), timeout=TIMEOUT)
    page.wait_for_timeout(4000)  # longer than the hint takes here: had it been kept, it would show by now
    said = page.evaluate("window.__said")
    thinking = next(i for i, s in enumerate(said) if s.startswith("The coach is thinking"))
    discarded = next(i for i, s in enumerate(said) if "16 cards" in s)
    assert thinking < discarded, said
    assert not any(s.startswith("Best now") for s in said), said
