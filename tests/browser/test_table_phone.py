"""The card table on a phone (390x844) in a real browser: every tappable thing a finger can hit, measured in
the page (each has a 44x44 CSS px square where a tap lands on it and on nothing else, its rounded corners
aside: WCAG 2.5.5), a long
hand of 17 cards included; no label cut off; nothing of the table showing through the menu; and the stock
and pile staying where they are when the pile's note comes and goes.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import SCREENSHOTS

TIMEOUT = 300_000
PHONE = {"width": 390, "height": 844}
MID_HAND = (
    "rules=bolivia; players=4; seed=2; turn=1; phase=play; "
    "p1=3C 4C 5D 6D 7S 8S 9H 10H JC QD KS AH 2C 5S 9D JD QS; melds1=KH KD KC | 7H 8H 9H | 4H 4S 4D 2D; "
    "melds2=AS AC AD | 5H 6H 7H 8H | QH QC QC JK; pile=4D 6S; rest=stock"
)
"""Mid-hand: 17 cards in the learner's hand, three melds a side."""
NOTE_GOES = "rules=bolivia; players=4; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C 6C 7C 8D 10D JD QD; pile=4D 3S"
"""A black 3 on the pile blocks it (RULES 3.4): its note says so until the learner has drawn."""

HIT_AREAS_JS = """([selector, size]) => {
  // each tappable thing that is shown: is there a size x size square of it where a tap lands on it alone?
  const root = document.querySelector(selector);
  const tappable = Array.from(root.querySelectorAll('button, a[href], summary, select, textarea, label, '
    + 'input:not([type=checkbox]):not([type=radio])')).filter((n) => n.getClientRects().length
    && getComputedStyle(n).visibility !== 'hidden' && !n.closest('[hidden]')
    && (n.tagName !== 'LABEL' || n.querySelector('input[type=checkbox]')));
  const hits = (n, x, y) => { const e = document.elementFromPoint(x, y); return !!e && (e === n || n.contains(e)); };
  const failing = [];
  for (const n of tappable) {
    n.scrollIntoView({ block: 'nearest' });
    const r = n.getBoundingClientRect();
    let ok = false;
    for (let y = r.top; y <= r.bottom - size + 0.01 && !ok; y += 2) {
      for (let x = r.left; x <= r.right - size + 0.01 && !ok; x += 2) {
        ok = [4, size / 2, size - 4].every((dy) => [4, size / 2, size - 4].every((dx) => hits(n, x + dx, y + dy)));
      }
    }
    if (!ok) failing.push(`${n.tagName.toLowerCase()} "${(n.getAttribute('aria-label') || n.textContent).trim()
      .slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return { count: tappable.length, failing };
}"""

CUT_OFF_JS = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((n) => n.getClientRects().length && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1
    || getComputedStyle(n).textOverflow === 'ellipsis' || getComputedStyle(n).webkitLineClamp !== 'none'))
  .map((n) => `${n.className}: "${n.textContent.slice(0, 40)}" ${n.scrollWidth}x${n.scrollHeight}`
    + ` in ${n.clientWidth}x${n.clientHeight}`)"""

SHOWS_THROUGH_JS = """() => {
  // points all over the open menu: each is the menu's own, never a part of the table drawn over it
  const dialog = document.querySelector('.bt-dialog[open]');
  const r = dialog.getBoundingClientRect();
  const wrong = [];
  for (let y = r.top + 2; y < Math.min(r.bottom, innerHeight) - 2; y += 6) {
    for (let x = r.left + 2; x < r.right - 2; x += 6) {
      const e = document.elementFromPoint(x, y);
      if (e && !dialog.contains(e)) wrong.push(`${Math.round(x)},${Math.round(y)}: ${e.className}`);
    }
  }
  return wrong;
}"""


def resume(page: Page, url: str, position: str, cards: int) -> None:
    page.goto(f"{url}/voila/render/play.ipynb", timeout=TIMEOUT, wait_until="commit")
    page.get_by_role("button", name="menu", exact=True).click(timeout=TIMEOUT)
    page.locator(".bt-dialog select[data-setting='pace']").select_option("instant", timeout=TIMEOUT)
    page.locator(".bt-saved textarea").fill(position)
    page.locator(".bt-dialog").get_by_role("button", name="resume", exact=True).click()
    hand = page.get_by_role("group", name=re.compile("^your hand"))
    expect(hand).to_have_attribute("aria-label", f"your hand, {cards} cards", timeout=TIMEOUT)
    page.wait_for_timeout(300)  # the hand laid out in the frame after


def test_every_card_of_a_long_hand_and_every_control_is_a_44_px_target_on_a_phone(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        resume(page, voila_url, MID_HAND, 17)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "table-phone-17-cards.png"))
        measured = page.evaluate(HIT_AREAS_JS, [".bt-table", 44])
        cards = page.locator(".bt-hand button.bt-card").count()
        assert cards == 17 and measured["count"] > cards + 8, measured
        assert not measured["failing"], measured["failing"]
        rows = int(page.locator(".bt-hand").get_attribute("data-rows") or 0)
        assert rows > 1, "17 cards take more than one row of 44 px on a phone"
        cut = page.evaluate(CUT_OFF_JS, ".bt-meld-label, .bt-seat-name, .bt-control, .bt-message p, .bt-pile-note, "
                            ".bt-score, .bt-side-head span, .bt-turn")  # fmt: skip
        assert not cut, cut
        page.get_by_role("button", name="menu", exact=True).click()
        page.locator(".bt-dialog[open]").wait_for(timeout=TIMEOUT)
        assert not page.evaluate(SHOWS_THROUGH_JS), "the table shows through the menu"
        in_menu = page.evaluate(HIT_AREAS_JS, [".bt-dialog", 44])
        assert in_menu["count"] > 8 and not in_menu["failing"], in_menu["failing"]
    finally:
        context.close()


def test_the_stock_and_the_pile_stay_put_when_the_pile_s_note_goes(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    for size in (PHONE, {"width": 1280, "height": 800}):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        try:
            resume(page, voila_url, NOTE_GOES, 11)
            note = page.locator(".bt-pile-note")
            expect(note).to_contain_text("3 of spades")
            places = page.locator(".bt-stock, .bt-pile")
            before = [places.nth(i).bounding_box() for i in range(2)]
            page.get_by_role("button", name=re.compile("^stock")).click()
            expect(page.get_by_role("group", name=re.compile("^your hand"))).to_have_attribute(
                "aria-label", re.compile("1[23] cards"), timeout=TIMEOUT)  # fmt: skip
            expect(note).to_have_text("")
            after = [places.nth(i).bounding_box() for i in range(2)]
            for was, now in zip(before, after, strict=True):
                assert was and now, (was, now)
                assert abs(was["x"] - now["x"]) < 0.5 and abs(was["y"] - now["y"]) < 0.5, (size, was, now)
        finally:
            context.close()

