"""Screenshots of every dashboard in JupyterLab's light and dark themes, for docs/screenshots/ (the card
table's pages in their states: scripts/table_screenshots.py for play, scripts/viewer_screenshots.py for the
scenario explorer and the watch-a-game page).

Starts Voila (once per theme) over notebooks/, opens each dashboard in Debian's
chromium, chooses a few cards so the selected state shows, and saves PNGs. When
JupyterLab is installed (the lab and test extras install it) it also runs the meld lab inside
JupyterLab itself, in its light and dark themes.

    .venv/bin/python scripts/screenshots.py
    .venv/bin/python scripts/screenshots.py --languages   # only the meld lab and play in each language
    .venv/bin/python scripts/screenshots.py play          # only the pages named (keys of PAGES)

The meld lab and the play dashboard are also saved in each of the other five languages (``?lang=``),
wide and on a 390 px phone, in the light theme.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import urllib.request
from pathlib import Path

from harness import CHROMIUM, CHROMIUM_ARGS, ROOT, server
from playwright.sync_api import sync_playwright

OUT = ROOT / "docs" / "screenshots"
PAGES = {
    "play": ("play.ipynb", ".bt-table .bt-hand .bx-card"),
    "play-hand-end": ("play.ipynb", ".bt-table .bt-hand .bx-card"),
    "meld-lab": ("meld_lab.ipynb", ".bolivia-meld-lab"),
    "meld-checker": ("meld_checker.ipynb", ".bolivia-verdict"),
    "score-calculator": ("score_calculator.ipynb", ".bolivia-score-sheet"),
    "variant-explorer": ("variant_explorer.ipynb", ".bolivia-rules-table"),
    "variant-lab": ("variant_lab.ipynb", ".lab-plots svg"),
    "club-editor": ("variant_explorer.ipynb", ".bolivia-rules-table"),
    "variant-situation": ("variant_explorer.ipynb", ".bolivia-rules-table"),
    "index": ("index.ipynb", ".bolivia-start-here"),
    "lesson-card-values": ("03_card_values.ipynb", ".bolivia-exercise"),
    "lesson-scoring": ("10_scoring_a_hand.ipynb", ".bolivia-exercise"),
    "glossary": ("glossary.ipynb", ".bolivia-page-nav"),
    "variants-compared-sv": ("sv/variants_compared.ipynb", ".bolivia-rules-table"),
}
# also shown 390 px wide, as on a phone
PHONE = {"play", "play-hand-end", "meld-lab", "meld-checker", "score-calculator",
         "variant-explorer", "variant-lab", "club-editor", "variant-situation", "index", "lesson-card-values",
         "lesson-scoring", "glossary", "variants-compared-sv"}
# Voila scrolls a panel, not the document: the page's whole height is that panel's.
PAGE_HEIGHT = """() => Math.max(800, ...Array.from(document.querySelectorAll('.lm-BoxPanel-child, body'),
                                                  (e) => e.scrollHeight + 40))"""


def show_in_use(name: str, page) -> None:  # type: ignore[no-untyped-def]
    """Put a dashboard in a state worth showing: cards chosen, a hand scored, a question answered."""
    if name == "meld-lab":
        for card in page.locator(".bolivia-meld-lab .bx-row").first.get_by_role("button").all()[:3]:
            card.click()
    elif name == "score-calculator":
        page.get_by_label("Melds").fill("KH KS KD KC KH KS KD\n4H 5H 6H 7H 8H 9H 10H\nAS AD 2C")
        page.get_by_label("Left in hand").fill("5C JD")
        page.get_by_label("Red 3s").fill("2")
        page.get_by_label("the side went out").check()
    elif name == "play":  # the card table (scripts/table_screenshots.py takes its states in detail)
        page.get_by_role("button", name=re.compile("^stock")).click()
        page.locator(".bt-message.bt-news").wait_for()
        for card in page.get_by_role("group", name=re.compile("^your hand")).get_by_role("button").all()[:2]:
            card.click()
        page.get_by_role("button", name="hint", exact=True).click()
        page.locator(".bt-message.bt-coach").wait_for()
    elif name == "play-hand-end":  # a short seeded hand: the side can go out, two cards in the stock
        page.get_by_role("button", name="menu").click()
        page.locator(".bt-saved textarea").fill(
            "rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=9C 9D 9S JH; "
            "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 3S; rest=pile"
        )
        page.locator(".bt-dialog").get_by_role("button", name="resume", exact=True).click()
        for _ in range(2):  # the coach melds the 9s, then discards the jack: player 1 goes out
            page.get_by_role("button", name="play the hint", exact=True).click()
            page.wait_for_timeout(600)
        page.locator(".bt-hand-end").wait_for()
    elif name == "club-editor":
        page.get_by_role("tab", name="Our club's rules").click()
        page.get_by_label("rule", exact=True).select_option(label="score that ends the game, by player count")
        page.get_by_role("spinbutton", name="2 players").fill("10000")
    elif name == "variant-situation":  # the situation's cards as pictures, judged under each rule set
        page.get_by_role("tab", name="One situation").click()
        page.locator(".bolivia-situation-cards .bx-card").first.wait_for()
    elif name == "lesson-card-values":  # the "try it" with cards chosen, the exercise hinted once
        for card in page.get_by_role("group", name="The hand of the player to move").get_by_role("button").all()[:3]:
            card.click()
        page.locator(".bolivia-exercise").get_by_role("textbox").fill("-200")
        page.locator(".bolivia-exercise").get_by_role("button", name="check").click()
        page.locator(".bolivia-exercise [role=status]").wait_for()
    elif name == "lesson-scoring":  # the exercise worked out after two wrong tries
        exercise = page.locator(".bolivia-exercise")
        for guess in ("2000", "2500"):
            exercise.get_by_role("textbox").fill(guess)
            exercise.get_by_role("button", name="check").click()
            page.wait_for_timeout(300)
        exercise.locator(".bolivia-score-sheet").wait_for()


LANGUAGES = ("sv", "da", "nb", "pl", "cs")


def languages(browser, url: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    """The meld lab and the play dashboard in each language, wide and on a phone, in the light theme."""
    if theme != "light":
        return
    for name, notebook, ready in (("meld-lab", "meld_lab.ipynb", ".bolivia-meld-lab .bx-card"),
                                  ("play", "play.ipynb", ".bolivia-play .bx-card")):  # fmt: skip
        for language in LANGUAGES:
            for width, suffix in ((1100, ""), (390, "-phone")):
                page = browser.new_page(viewport={"width": width, "height": 800})
                page.goto(f"{url}/voila/render/{notebook}?lang={language}", timeout=120_000, wait_until="commit")
                page.locator(ready).first.wait_for(timeout=120_000)
                if name == "meld-lab":
                    show_in_use(name, page)  # cards chosen: no words of the page's needed
                page.wait_for_timeout(500)
                page.set_viewport_size({"width": width, "height": page.evaluate(PAGE_HEIGHT)})
                page.wait_for_timeout(300)
                path = OUT / f"{name}-{language}{suffix}-{theme}.png"
                page.screenshot(path=str(path), full_page=True)
                page.close()
                print("saved", path)


def main() -> None:
    named = {a for a in sys.argv[1:] if not a.startswith("--")}
    unknown = named - set(PAGES)
    if unknown:
        raise SystemExit(f"unknown page {sorted(unknown)[0]!r}; known: {', '.join(PAGES)}")
    wanted = named or set(PAGES)
    OUT.mkdir(parents=True, exist_ok=True)
    only_languages = "--languages" in sys.argv[1:]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for theme in ("light", "dark"):
            with server([f"--theme={theme}"]) as (url, _pid):
                if only_languages or not named:
                    languages(browser, url, theme)
                if only_languages:
                    continue
                for name, (notebook, ready) in PAGES.items():
                    if name not in wanted:
                        continue
                    widths = {"": 1100, "-phone": 390} if name in PHONE else {"": 1100}
                    for suffix, width in widths.items():
                        page = browser.new_page(viewport={"width": width, "height": 800})
                        page.goto(f"{url}/voila/render/{notebook}", timeout=120_000, wait_until="commit")
                        page.locator(ready).first.wait_for(timeout=120_000)
                        show_in_use(name, page)
                        page.wait_for_timeout(500)
                        page.set_viewport_size({"width": width, "height": page.evaluate(PAGE_HEIGHT)})
                        page.wait_for_timeout(300)
                        path = OUT / f"{name}{suffix}-{theme}.png"
                        page.screenshot(path=str(path), full_page=True)
                        page.close()
                        print("saved", path)
        if only_languages or named:
            pass
        elif shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)):
            jupyterlab(browser)
        else:
            print("JupyterLab is not installed: no JupyterLab screenshots")
        browser.close()


def jupyterlab(browser) -> None:  # type: ignore[no-untyped-def]
    """The meld lab run in JupyterLab, in the light and the dark theme (a loopback-only server)."""
    lab = ["--allow-root", "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={ROOT / 'notebooks'}"]  # fmt: skip
    with server(lab, app="jupyterlab", ready_path="/lab") as (url, _pid):
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        for theme, name in (("light", "JupyterLab Light"), ("dark", "JupyterLab Dark")):
            body = json.dumps({"raw": json.dumps({"theme": name})}).encode()
            setting = f"{url}/lab/api/settings/@jupyterlab/apputils-extension:themes"
            urllib.request.urlopen(urllib.request.Request(setting, data=body, method="PUT"))
            page.goto(f"{url}/lab/tree/meld_lab.ipynb?reset")
            page.locator(".jp-Notebook").wait_for(timeout=60_000)
            page.get_by_text(re.compile(r"\| Idle$")).wait_for(timeout=60_000)  # the kernel is ready
            page.get_by_role("menuitem", name="Run", exact=True).click()
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
            cards = page.locator(".bolivia-meld-lab .bx-row").first.locator("button.bx-card")
            cards.first.wait_for(timeout=60_000)
            for index in range(3):
                cards.nth(index).click()
            page.wait_for_timeout(800)
            path = OUT / f"jupyterlab-meld-lab-{theme}.png"
            page.locator(".jp-OutputArea").first.screenshot(path=str(path))
            print("saved", path)
        page.close()


if __name__ == "__main__":
    main()
