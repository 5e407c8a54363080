"""The play dashboard in a real browser: a hand played to its end by mouse and another by keyboard
only, a refused take with its reason, a hint followed, undo, and the phone-sized page.

Each hand starts from a short seeded position resumed through the page's own "Saved game" box: the
stock holds the two cards the learner draws (the rest of the deck lies under a blocked pile), the
side already has the escalera and the canasta Bolivia needs to go out, so a hand ends in a few moves.
"""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

TIMEOUT = 60_000  # a cold kernel on a busy machine
COMPUTERS = 20_000  # computer seats of the strongest level playing their turns on a busy machine
SIDE_READY = "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 3S; rest=pile"
MOUSE_HAND = f"rules=bolivia; players=2; seed=4; turn=1; phase=draw; p1=9C 9D 9S 5C JH; {SIDE_READY}; stock=5H 5D"
KEYBOARD_HAND = f"rules=bolivia; players=2; seed=6; turn=1; phase=draw; p1=9C 9D 9S QH; {SIDE_READY}; stock=KD 9H"


def open_play(page: Page, url: str) -> None:
    page.goto(f"{url}/voila/render/play.ipynb", timeout=TIMEOUT, wait_until="commit")  # Voila streams the page
    expect(page.get_by_role("group", name="your hand").first).to_be_visible(timeout=TIMEOUT)


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def card(page: Page, name: str) -> Locator:
    return page.get_by_role("group", name="your hand").get_by_role("button", name=name).first


def test_a_hand_by_mouse_with_a_refusal_a_hint_and_undo(page: Page, voila_url: str) -> None:
    open_play(page, voila_url)
    page.get_by_text("Settings:").click()  # coach mode off: this learner melds as they please (the
    page.get_by_label("coach mode").uncheck()  # widget tests cover the coach's warnings)
    page.get_by_label("Saved game").fill(MOUSE_HAND)
    button(page, "resume").click()
    turn = page.locator(".bolivia-turn")
    expect(turn).to_contain_text("Your turn: draw")
    expect(page.get_by_role("group", name="meld 2: natural canasta, complete (7 cards)")).to_be_visible(
        timeout=COMPUTERS
    )

    button(page, "take the pile with the chosen cards").click()  # Bolivia: a black 3 on top blocks the pile
    refusal = page.locator(".bolivia-refusal")
    expect(refusal).to_contain_text("nobody may take the pile while 3S is on top under Bolivia rules")
    expect(refusal).to_contain_text("draw from the stock")
    expect(turn).to_contain_text("Your turn: draw")  # nothing changed

    button(page, "draw").click()
    expect(turn).to_contain_text("Your turn: meld")
    expect(card(page, "5 of diamonds")).to_be_visible()  # the stock's top two cards
    for name in ("9 of clubs", "9 of diamonds", "9 of spades"):
        card(page, name).click()
    expect(card(page, "9 of spades")).to_have_attribute("aria-pressed", "true")
    button(page, "set aside as a meld").click()
    expect(page.locator(".bolivia-set-aside")).to_contain_text("set aside 9C 9D 9S")
    for name in ("5 of clubs", "5 of diamonds", "5 of hearts"):
        card(page, name).click()
    button(page, "meld").click()  # both melds at once
    expect(page.get_by_role("group", name="meld 4: 5s, 3 of 7")).to_be_visible()

    button(page, "hint").click()
    expect(page.locator(".bolivia-hint")).to_contain_text("discard JH")
    button(page, "play the hint").click()  # the last card discarded: player 1 goes out
    hand_end = page.locator(".bolivia-hand-end")
    expect(hand_end).to_contain_text("Hand 1 is over: player 1 went out.")
    expect(hand_end).to_contain_text("going out")

    button(page, "undo my last move").click()
    expect(turn).to_contain_text("Your turn: meld")
    expect(card(page, "jack of hearts")).to_be_visible()
    expect(hand_end).to_have_count(0)
    button(page, "go out").click()
    expect(hand_end).to_contain_text("player 1 went out")
    expect(page.locator(".bolivia-hand-results")).to_contain_text("player 1")
    expect(page.locator(".bolivia-announcer")).to_contain_text("player 1 goes out: hand 1 scores")


def tab_to(page: Page, target: Locator, limit: int = 120) -> None:
    """Press Tab until the focus is on ``target`` (or inside it), as a keyboard user would."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("(element) => element.contains(document.activeElement)"):
            return
    raise AssertionError(f"Tab never reached {target}")


def test_a_hand_by_keyboard_only(page: Page, voila_url: str) -> None:
    open_play(page, voila_url)
    saved = page.get_by_label("Saved game")
    tab_to(page, saved)
    page.keyboard.type(KEYBOARD_HAND)
    tab_to(page, button(page, "resume"))
    page.keyboard.press("Enter")
    turn = page.locator(".bolivia-turn")
    expect(turn).to_contain_text("Your turn: draw")
    tab_to(page, button(page, "draw"))  # Tab runs on past the end of the page and round to the top
    page.keyboard.press("Enter")
    expect(turn).to_contain_text("Your turn: meld")
    hand = page.get_by_role("group", name="your hand").get_by_role("button")
    expect(hand).to_have_count(6)  # 9C 9D 9H 9S QH KD, sorted
    tab_to(page, page.get_by_role("group", name="your hand"))  # the hand is one Tab stop
    page.keyboard.press("Home")
    for _ in range(4):  # the four 9s: Space chooses, the arrow moves on
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    expect(hand.nth(3)).to_have_attribute("aria-pressed", "true")
    tab_to(page, button(page, "meld"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("group", name="meld 3: 9s, 4 of 7")).to_be_visible()

    expect(hand.last).to_have_attribute("aria-label", "king of diamonds")
    tab_to(page, page.get_by_role("group", name="your hand"))
    page.keyboard.press("End")
    page.keyboard.press("Space")
    expect(hand.last).to_have_attribute("aria-pressed", "true")
    picker = page.get_by_label("Meld", exact=True)
    tab_to(page, picker)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(picker.locator("option:checked")).to_have_text("meld 2: natural canasta, complete (7 cards)")
    # the kernel has the picked meld once it judges the chosen king on it (a click could otherwise
    # overtake the picker's last change, which the page holds back while an earlier one is answered)
    expect(page.locator(".bolivia-play-chosen")).to_contain_text("chosen KD, if added to meld 2")
    tab_to(page, button(page, "add to the meld"))
    page.keyboard.press("Enter")
    expect(page.get_by_role("group", name="meld 2: natural canasta, complete (8 cards)")).to_be_visible()

    tab_to(page, button(page, "go out"))
    page.keyboard.press("Enter")
    expect(page.locator(".bolivia-hand-end")).to_contain_text("Hand 1 is over: player 1 went out.")
    tab_to(page, button(page, "next hand"))
    page.keyboard.press("Enter")
    expect(turn).to_contain_text("Hand 2.", timeout=COMPUTERS)


def test_the_phone_sized_page_cuts_off_no_control(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_play(page, voila_url)
    page.get_by_text("Settings:").click()  # open the settings so their controls are measured too
    expect(page.get_by_label("Target")).to_be_visible()
    controls = page.locator(".bolivia-play").locator("button, select, input, textarea")
    width = page.evaluate("window.innerWidth")
    measured = 0
    for index in range(controls.count()):
        box = controls.nth(index).bounding_box()
        if box is None or box["width"] == 0:
            continue  # hidden (the coach's warning buttons until it warns)
        measured += 1
        name = controls.nth(index).get_attribute("aria-label") or controls.nth(index).inner_text()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{name!r} is cut off: {box}"
    assert measured > 30  # the hand's cards, every action and the settings
