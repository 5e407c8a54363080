"""Screenshots of playing together for docs/screenshots: the inviter's menu with the seats' links just
after "invite", and a seat page opened through its link, each wide (1280x800) and on a phone (390x844),
light and dark.

    python scripts/together_screenshots.py --url http://127.0.0.1:PORT

``--url`` is a running Voilà over notebooks/ with its room service beside it (``bash scripts/serve.sh``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"wide": (1280, 800), "phone": (390, 844)}
WAIT = 180_000


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(300)
            page.screenshot(path=str(OUT / f"together-{name}-{size}-{scheme}.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True, help="a running Voila over notebooks/, with its room service")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        host.goto(f"{options.url}/voila/render/play.ipynb", timeout=WAIT)
        host.get_by_role("button", name="menu", exact=True).click(timeout=WAIT)
        host.locator(".bt-dialog").get_by_role("button", name="invite", exact=True).click(timeout=WAIT)
        link = host.get_by_role("link", name="seat 2", exact=True)
        link.wait_for(timeout=WAIT)
        href = link.get_attribute("href")
        host.locator(".bt-dialog select[data-setting='room-computer-4']").select_option("computer")
        host.locator(".bt-dialog select[data-setting='room-computer-3']").select_option("computer")
        host.wait_for_timeout(1000)
        shoot(host, "invite")
        seat = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        seat.goto(f"{options.url}/voila/render/{href}", timeout=WAIT)
        seat.locator(".bt-stock").wait_for(timeout=WAIT)
        seat.wait_for_timeout(3000)  # the computers' first moves
        shoot(seat, "seat")
        browser.close()


if __name__ == "__main__":
    main()
