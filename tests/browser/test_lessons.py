"""The lessons in a real browser: an exercise's answer is not on the page before the learner answers,
and the Danish index speaks Danish (its catalogue texts, not the English ones)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from bolivia_core import score_side
import bolivia_widgets  # noqa: F401  (the pages' words registered)
from bolivia_core.i18n import all_english, format_number

TIMEOUT = 60_000  # a cold kernel on a busy machine
# Everything the page says or holds for a reader: its text (hidden too) and every attribute value but
# drawing data (SVG paths) and styles; scripts and stylesheets left out.
PAGE_WORDS = """() => {
  const found = [document.body.textContent];
  for (const element of document.body.querySelectorAll("*")) {
    if (element.closest("script, style, svg")) continue;
    for (const attribute of element.attributes) {
      if (attribute.name !== "style") found.push(attribute.value);
    }
  }
  return found.join("\\n");
}"""
ROOT = Path(__file__).resolve().parents[2]


def test_an_exercise_s_answer_is_absent_from_the_page_until_answered(page: Page, voila_url: str) -> None:
    """Lesson 10's exercise: the side's total is worked out by the engine in the kernel; the page gets it
    only after two wrong answers, and "abc" spends no try."""
    melds = ["4S 5S 6S 7S 8S 9S 10S", "KH KH KS KS KD KD KC"]  # as lessons/10_scoring_a_hand.py asks
    total = score_side(melds, went_out=True).total
    written = {format_number(total, "en"), str(total)}
    page.goto(f"{voila_url}/voila/render/10_scoring_a_hand.ipynb")
    exercise = page.locator(".bolivia-exercise")
    expect(exercise.get_by_role("button", name="check")).to_be_visible(timeout=TIMEOUT)
    words = page.evaluate(PAGE_WORDS)
    assert not [w for w in written if w in words], f"the answer {total} is on the page before any answer"
    answer = exercise.get_by_role("textbox", name="Your answer")
    answer.fill("abc")
    exercise.get_by_role("button", name="check").click()
    expect(exercise.get_by_role("status")).to_contain_text("No try is spent")
    answer.fill("100")
    exercise.get_by_role("button", name="check").click()
    expect(exercise.get_by_role("status")).to_contain_text("A hint")
    assert not [w for w in written if w in page.evaluate(PAGE_WORDS)], "a hint must not give the total away"
    answer.fill("200")
    exercise.get_by_role("button", name="check").click()
    expect(exercise.get_by_role("status")).to_contain_text(f"The side scores +{format_number(total, 'en')}:")


def test_the_danish_index_has_no_english_catalogue_text(page: Page, voila_url: str) -> None:
    """Every text of the Danish index comes from the Danish catalogues: none of the English messages,
    and none of the lessons' English prose."""
    page.goto(f"{voila_url}/voila/render/da/index.ipynb")
    start = page.locator(".bolivia-start-here a.bolivia-nav-next")
    expect(start).to_have_attribute("href", "01_the_turn.ipynb", timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "da")
    text = page.locator("body").inner_text()
    english = [t for t in all_english().values() if " " in t and "{" not in t and len(t) > 12]
    leaked = [t for t in english if t in text]
    assert not leaked, f"English catalogue texts on the Danish index: {leaked[:3]}"
    # the game is linked in Danish twice: under "start here" and among the dashboards
    assert page.locator("a[href='../play.ipynb?lang=da']").count() == 2, "dashboards are linked in Danish"
    expect(page.locator(".bolivia-start-playing a")).to_have_attribute("href", "../play.ipynb?lang=da")
    sys.path.insert(0, str(ROOT / "scripts"))
    sys.path.insert(0, str(ROOT))
    import i18n

    prose = [t for t in i18n.lesson_texts().values() if "{" not in t and len(t) > 12 and t.count(" ") > 2]
    leaked = [t for t in prose if re.sub(r"\*\*", "", t) in text]
    assert not leaked, f"English lesson prose on the Danish index: {leaked[:3]}"


def test_the_swedish_variants_page_speaks_swedish_prose_and_verdicts(page: Page, voila_url: str) -> None:
    """sv/variants_compared.ipynb: its paragraphs are the lessons catalogue's Swedish, and the engine's
    verdict on two kings and two wild cards under the Swedish club rules is said in Swedish."""
    import gettext

    from bolivia_core import check_meld
    from bolivia_core.i18n import set_language
    from lessons import DOMAIN, LOCALE_DIR

    swedish = gettext.translation(DOMAIN, LOCALE_DIR, languages=["sv"])
    heading = swedish.pgettext("variants:h-one-meld", "One meld, four verdicts")
    assert heading != "One meld, four verdicts", "the Swedish catalogue translates the heading"
    set_language("sv")
    try:
        verdict = str(check_meld("KH KS 2C 2D", "swedish"))
    finally:
        set_language("en")
    page.goto(f"{voila_url}/voila/render/sv/variants_compared.ipynb")
    expect(page.get_by_role("heading", name=heading)).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    expect(page.get_by_text(verdict, exact=True)).to_be_visible()
    text = page.locator("body").inner_text()
    assert "One meld, four verdicts" not in text and "legal same-rank meld" not in text
    next_page = page.locator("a[href='../play.ipynb?lang=sv'].bolivia-nav-next")
    assert next_page.count() == 1, "next: the play page, in Swedish"
