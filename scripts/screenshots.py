"""Screenshots of every dashboard in JupyterLab's light and dark themes, for docs/screenshots/.

Starts Voila (once per theme) over notebooks/, opens each dashboard in Debian's
chromium, chooses a few cards so the selected state shows, and saves PNGs. When
JupyterLab is installed (it is not a dependency) it also runs the meld lab inside
JupyterLab itself, in its light and dark themes.

    .venv/bin/python scripts/screenshots.py
    .venv/bin/python scripts/screenshots.py --languages   # only the meld lab in each language

The meld lab is also saved in each of the other five languages (``?lang=``), wide in the light
theme and on a 390 px phone in both themes.
"""

from __future__ import annotations

import json
import shutil
import sys
import urllib.request
from pathlib import Path

from harness import CHROMIUM, CHROMIUM_ARGS, ROOT, server
from playwright.sync_api import sync_playwright

OUT = ROOT / "docs" / "screenshots"
PAGES = {
    "meld-lab": ("meld_lab.ipynb", ".bolivia-meld-lab"),
    "meld-checker": ("meld_checker.ipynb", ".bolivia-verdict"),
    "score-calculator": ("score_calculator.ipynb", ".bolivia-score-sheet"),
    "scenario-explorer": ("scenario_explorer.ipynb", ".bolivia-scenario-explorer .bx-card"),
    "variant-explorer": ("variant_explorer.ipynb", ".bolivia-rules-table"),
    "game-viewer": ("game_viewer.ipynb", ".bolivia-game-table"),
}


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
    elif name == "game-viewer":
        page.get_by_role("button", name="to the end of the hand").click()
        page.locator(".bolivia-hand-results").wait_for()
    elif name == "scenario-explorer":
        page.get_by_label("Try").fill("take pile with 6H 6D")
        page.get_by_role("button", name="why not?").click()


LANGUAGES = ("sv", "da", "nb", "pl", "cs")


def languages(browser, url: str, theme: str) -> None:  # type: ignore[no-untyped-def]
    """The meld lab in each language: wide in the light theme, on a phone in both."""
    shots = [(language, 1100, "") for language in LANGUAGES if theme == "light"]
    shots += [(language, 390, "-phone") for language in ("pl", "cs")]
    for language, width, suffix in shots:
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(f"{url}/voila/render/meld_lab.ipynb?lang={language}", timeout=120_000, wait_until="commit")
        page.locator(".bolivia-meld-lab .bx-card").first.wait_for(timeout=120_000)
        show_in_use("meld-lab", page)
        page.wait_for_timeout(500)
        path = OUT / f"meld-lab-{language}{suffix}-{theme}.png"
        page.screenshot(path=str(path), full_page=True)
        page.close()
        print("saved", path)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    only_languages = "--languages" in sys.argv[1:]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for theme in ("light", "dark"):
            with server([f"--theme={theme}"]) as (url, _pid):
                languages(browser, url, theme)
                if only_languages:
                    continue
                for name, (notebook, ready) in PAGES.items():
                    page = browser.new_page(viewport={"width": 1100, "height": 800})
                    page.goto(f"{url}/voila/render/{notebook}")
                    page.locator(ready).first.wait_for(timeout=60_000)
                    show_in_use(name, page)
                    page.wait_for_timeout(500)
                    page.screenshot(path=str(OUT / f"{name}-{theme}.png"), full_page=True)
                    page.close()
                    print("saved", OUT / f"{name}-{theme}.png")
        if only_languages:
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
            page.wait_for_timeout(2000)
            page.locator("text=Run").first.click()
            page.locator("text=Run All Cells").first.click()
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
