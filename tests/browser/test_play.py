"""The play page's card table in a real browser: a seeded hand played by touch following the coach's
hint, at 1280x800 and at 390x844, with every place a move needs inside the window at every learner
turn (no scrolling), the taps each move took, a refused tap
that says why and changes nothing, the computers' turns followed step by step, and a clean console.

A mirror ``PlayTable`` in the test process plays the same seeded game (``scripts/table_driver.py``):
the same seed and moves give the same game, so the page must show what the mirror shows after each move.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from table_driver import TIMEOUT, HintFollower, open_menu, out_of_view, set_pace

from bolivia_core.actions import Action, Add, Discard, Meld, TakePile, parse_action
from bolivia_widgets import PlayTable
from table_driver import TurnRecord

SIZES = {"wide": (1280, 800), "phone": (390, 844)}
TURNS = 5  # learner turns of the seeded hand in the quick run; the benchmark plays the whole hand


def open_play(page: Page, url: str) -> None:
    # Voila streams the page; seed 1 is the mirror's deal
    page.goto(f"{url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
    expect(page.get_by_role("button", name=re.compile("^stock"))).to_be_visible(timeout=TIMEOUT)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_seeded_hand_by_touch_fits_the_window_at_every_turn(browser, voila_url: str, size: str) -> None:  # type: ignore[no-untyped-def]
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: console.append(str(error)))
    try:
        open_play(page, voila_url)
        set_pace(page, "instant")
        follower = HintFollower(page, PlayTable(seed=1, language="en"))  # the page's address: seed 1; four seats
        records = []
        for _ in range(TURNS):
            game = follower.mirror.source.game
            if game.phase in ("hand over", "game over"):
                break
            records.append(follower.learner_turn(check=lambda: out_of_view(page)))
        shots = Path(__file__).parent / "screenshots"
        shots.mkdir(exist_ok=True)
        page.screenshot(path=str(shots / f"table-{size}.png"))
    finally:
        context.close()
    assert records and all(not r.out_of_view for r in records), [r.out_of_view for r in records if r.out_of_view]
    for record in records:  # the figures: draw 1, discard 2, a three-card meld 4 (a card each, then where)
        budget = sum(move_budget(parse_action(move)) for move in record.moves)
        assert record.taps <= budget, f"{record.taps} taps for {record.moves}"
    assert not console, console


def move_budget(action: Action) -> int:
    """The taps a move should take: each card chosen once, then the place it goes (a staged group one more)."""
    if isinstance(action, Meld):
        return sum(len(m) for m in action.melds) + len(action.melds)
    if isinstance(action, Add | TakePile):
        return len(action.cards) + 1 + (1 if isinstance(action, TakePile) and not action.cards else 0)
    if isinstance(action, Discard):
        return 2
    return 1


def test_a_refused_tap_says_why_beside_the_hand_and_changes_nothing(page: Page, voila_url: str) -> None:
    open_play(page, voila_url)
    set_pace(page, "instant")
    follower = HintFollower(page, PlayTable(seed=1, language="en"))
    follower.in_step()
    hand = page.get_by_role("group", name=re.compile("^your hand"))
    before = hand.get_attribute("aria-label")
    page.get_by_role("button", name=re.compile("^discard pile")).click()  # no cards chosen, before the draw
    message = page.locator(".bt-message.bt-refusal")
    expect(message).to_be_visible(timeout=TIMEOUT)
    expect(message).to_contain_text(re.compile("pile|draw"))
    assert hand.get_attribute("aria-label") == before


def test_the_computers_turns_are_shown_step_by_step_and_can_be_skipped(page: Page, voila_url: str) -> None:
    open_play(page, voila_url)
    follower = HintFollower(page, PlayTable(seed=1, language="en"))
    set_pace(page, "slow")
    follower.in_step()
    for kind, value in follower.taps_for(follower.mirror.source.hint_action()):  # the draw
        follower.tap(kind, value, TurnRecord())
    follower.mirror.handle({"do": "play_hint"})
    follower.in_step()
    action = follower.mirror.source.hint_action()
    while not str(action).startswith("discard"):
        for kind, value in follower.taps_for(action):
            follower.tap(kind, value, TurnRecord())
        follower.mirror.handle({"do": "play_hint"})
        follower.in_step()
        action = follower.mirror.source.hint_action()
    for kind, value in follower.taps_for(action):
        follower.tap(kind, value, TurnRecord())
    skip = page.get_by_role("button", name="skip to my turn")
    expect(skip).to_be_visible(timeout=TIMEOUT)  # a computer's step is on screen, said in words
    expect(page.locator(".bt-live")).to_have_text(re.compile(r"player [234] "), timeout=TIMEOUT)
    assert not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", page.locator(".bt-live").inner_text())
    skip.click()
    follower.mirror.handle({"do": "play_hint"})
    follower.in_step()
    recent = page.locator(".bt-recent")  # back at the learner's draw: what the others did, in words
    expect(recent.locator("summary")).to_have_text("What the others did", timeout=TIMEOUT)
    recent.locator("summary").click()
    lines = recent.locator("li")
    expect(lines.first).to_be_visible()
    said = lines.all_inner_texts()
    assert said and all(re.match(r"player [234] ", line) for line in said), said
    assert not any(re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", line) for line in said), said


def test_every_move_can_be_made_by_keyboard(page: Page, voila_url: str) -> None:
    open_play(page, voila_url)
    set_pace(page, "instant")
    follower = HintFollower(page, PlayTable(seed=1, language="en"))
    follower.in_step()
    stock = page.get_by_role("button", name=re.compile("^stock"))
    stock.focus()
    page.keyboard.press("Enter")  # draw
    assert follower.mirror.handle({"do": "draw"})
    follower.in_step()
    first = page.get_by_role("group", name=re.compile("^your hand")).locator("button.bt-card[tabindex='0']")
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"


UNMELDED = "rules=bolivia; players=2; seed=3; turn=1; phase=play; p1=KH KS KD KC AH AS AD 9C 9D 5C JH QS; pile=4D 7S"


def test_the_meld_area_tapped_with_nothing_chosen_offers_the_melds_and_lays_one_in_two_taps(
    page: Page, voila_url: str
) -> None:
    """Three aces make the 50 points of a first initial meld (60); four kings alone do not (40)."""
    open_play(page, voila_url)
    open_menu(page)
    page.locator(".bt-saved textarea").fill(UNMELDED)
    page.locator(".bt-dialog").get_by_role("button", name="resume", exact=True).click()
    hand = page.get_by_role("group", name=re.compile("^your hand"))
    expect(hand).to_have_attribute("aria-label", re.compile("12 cards"), timeout=TIMEOUT)
    page.locator(".bt-meld-area").click()
    offers = page.get_by_role("group", name=re.compile("^Melds you can lay now"))
    expect(offers).to_be_visible(timeout=TIMEOUT)
    aces = offers.get_by_role("button", name=re.compile("^meld the ace of .*ace of .*ace of [a-z]+$"))
    expect(aces).to_have_count(1)
    expect(offers.get_by_role("button", name=re.compile("king"))).to_have_count(0)
    aces.click()
    expect(hand).to_have_attribute("aria-label", re.compile("9 cards"), timeout=TIMEOUT)
    expect(page.locator(".bt-side.bt-mine").get_by_role("button", name=re.compile("^meld 1:"))).to_be_visible()
