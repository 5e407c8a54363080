"""How quickly do the dashboards answer? Prints figures; asserts nothing.

Uses the browser-test harness: a real Voila server and Debian's chromium.
For each dashboard: seconds from request to interactive (its widget answering).
For the meld lab and the meld checker: click-to-visible-update latency, median of
30 clicks (and the update's cost in the kernel, measured in-process).
Targets (issues 4 and 5): interactive <= 3 s; median click <= 100 ms; kernel < 5 ms.

    .venv/bin/python benchmarks/bench_dashboards.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM, CHROMIUM_ARGS, server  # noqa: E402  (scripts/ is not a package)

READY = {
    "index.ipynb": "a[href$='meld_lab.ipynb']",
    "meld_lab.ipynb": ".bolivia-meld-lab .bx-card",
    "meld_checker.ipynb": ".bolivia-verdict",
    "variant_explorer.ipynb": ".bolivia-rules-table",
    "variants_compared.ipynb": ".bolivia-rules-table",
    "canasta_to_bolivia.ipynb": "text=From Canasta to Bolivia",
}


def kernel_update_ms() -> float:
    """The cost of one card click in the kernel: the lab's handler, verdict and score included."""
    sys.path.insert(0, str(ROOT))
    from bolivia_widgets import MeldLab

    lab = MeldLab(seed=7)
    times = []
    for i in range(200):
        start = time.perf_counter()
        lab.hand.selected = [i % 15, (i + 1) % 15, (i + 5) % 15]
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"kernel: one card click in the meld lab: {kernel_update_ms():.2f} ms median of 200")
    with server() as (url, _pid), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for notebook, ready in READY.items():
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(f"{url}/voila/render/{notebook}")
            page.locator(ready).first.wait_for(timeout=60_000)
            print(f"{notebook:26} interactive after {time.perf_counter() - start:5.2f} s")
            if notebook == "meld_lab.ipynb":
                print(f"{'':26} click to visible update: {click_latency(page):5.1f} ms median of 30")
            if notebook == "meld_checker.ipynb":
                print(f"{'':26} keystroke to verdict:    {typing_latency(page):5.1f} ms median of 30")
            page.close()
        browser.close()


IN_PAGE_CLICK = """
([card, verdict]) => new Promise((resolve) => {
  const before = verdict.innerText;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (verdict.innerText !== before) {
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - start));  // until the change is painted
    }
  });
  observer.observe(verdict, { childList: true, subtree: true, characterData: true });
  card.click();
})
"""


def click_latency(page) -> float:  # type: ignore[no-untyped-def]
    """Click a card in the page and time until the verdict's new text is painted (measured in the page)."""
    card = page.locator(".bolivia-meld-lab .bx-row").first.locator("button.bx-card").first.element_handle()
    verdict = page.locator(".bolivia-lab-verdict").element_handle()
    times = []
    for _ in range(30):  # choosing and unchoosing one card: the verdict text changes every time
        times.append(page.evaluate(IN_PAGE_CLICK, [card, verdict]))
        page.wait_for_timeout(50)
    return statistics.median(times)


def typing_latency(page) -> float:  # type: ignore[no-untyped-def]
    box = page.get_by_role("textbox")
    verdict = page.locator(".bolivia-checker-result")  # the widget stays; its content is replaced
    times = []
    for i in range(30):
        text = ["KH KS KD", "KH KS 2C 2D", "4H 5H 6H"][i % 3]
        before = verdict.inner_text()
        start = time.perf_counter()
        box.fill(text)
        page.wait_for_function("([el, old]) => el.innerText !== old", arg=[verdict.element_handle(), before])
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    main()
