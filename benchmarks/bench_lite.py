"""How big and how quick is the server-free site? Prints figures; asserts nothing.

- build: CPU seconds (this process and its children) and wall seconds of scripts/build_lite.py, with the
  downloads already cached in build/lite-cache/ (the first build on a machine also fetches them);
- site size, and the bytes a visit to the meld lab page fetches (counted by the static server, which
  answers a revalidation it can with 304 and no body);
- first visit (empty browser cache) and second visit (same browser profile, new tab) to the meld lab page:
  seconds from navigation start to the first card drawn, read inside the page (performance.now()), and
  the CPU seconds the browser's processes used meanwhile (wall time on a shared machine is mostly waiting);
- click on a card to the verdict's visible change: median of 30 clicks, timed inside the page.
Targets (issue 15): first card < 10 s on a first visit, < 5 s on a second; < 100 ms per click.
No other origin can be reached: Chromium resolves every host name but 127.0.0.1 to nothing, and requests
to another origin are counted. (Not by intercepting requests, which would turn the browser's cache off.)

    .venv/bin/python benchmarks/bench_lite.py [--no-build]
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build" / "lite"
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (scripts/ is not a package)

from bench_dashboards import IN_PAGE  # noqa: E402  (the same in-page timing of a click, from benchmarks/)

CARD = ".bolivia-meld-lab .bx-card"
# Set up before the page's own scripts: note the time the first card is drawn.
FIRST_CARD_WATCH = """
new MutationObserver((_, observer) => {
  if (document.querySelector("CARD")) { window.__firstCard = performance.now(); observer.disconnect(); }
}).observe(document, { childList: true, subtree: true });
""".replace("CARD", CARD)


class Counting(SimpleHTTPRequestHandler):
    """Serves the site and counts the body bytes it sends."""

    sent = 0
    files: ClassVar[dict[str, int]] = {}
    lock = threading.Lock()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        with Counting.lock:
            Counting.sent += source.tell() - start
            Counting.files[self.path.split("?")[0]] = source.tell() - start

    def log_message(self, format: str, *args: object) -> None:
        pass


def build() -> tuple[float, float]:
    before, started = os.times(), time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_lite.py")], check=True)
    after = os.times()
    cpu = (after.children_user + after.children_system) - (before.children_user + before.children_system)
    return cpu, time.perf_counter() - started


def meld_lab_url(origin: str) -> str:
    index = (SITE / "index.html").read_text()
    href = re.search(r'<a href="([^"]+)">Meld lab</a>', index)
    if href is None:
        raise SystemExit("build/lite/index.html has no link to the meld lab: build the site first")
    return f"{origin}/{href.group(1).replace('&amp;', '&')}"


def browser_cpu() -> float:
    """CPU seconds used so far by this process's descendants (Playwright's driver and Chromium), including
    those of their children that have ended."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), sum(int(f) for f in fields[11:15]))
    ours, grew = {os.getpid()}, True
    while grew:
        found = {pid for pid, (parent, _) in stats.items() if parent in ours} - ours
        ours |= found
        grew = bool(found)
    ours.discard(os.getpid())
    return sum(stats[pid][1] for pid in ours) / os.sysconf("SC_CLK_TCK")


def visit(context: BrowserContext, url: str) -> tuple[Page, float, float, int]:
    """Open the page; seconds from navigation start to the first card, the browser's CPU seconds and the
    bytes served meanwhile."""
    sent_before, cpu_before = Counting.sent, browser_cpu()
    Counting.files.clear()
    page = context.new_page()
    page.add_init_script(FIRST_CARD_WATCH)
    page.goto(url)
    page.wait_for_function("window.__firstCard !== undefined", timeout=300_000, polling=100)
    return page, page.evaluate("window.__firstCard") / 1000, browser_cpu() - cpu_before, Counting.sent - sent_before


def median_click_ms(page: Page) -> float:
    card = page.locator(CARD).first.element_handle()
    verdict = page.locator(".bolivia-lab-verdict").first.element_handle()
    times = []
    for _ in range(30):
        times.append(page.evaluate(IN_PAGE, [card, verdict, None]))
        page.wait_for_timeout(50)  # let the kernel's reply settle
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true", help="measure the site already in build/lite/")
    arguments = parser.parse_args()
    if not arguments.no_build:
        cpu, wall = build()
        print(f"build: {cpu:.1f} s CPU, {wall:.1f} s wall (downloads cached)")
    files = [p for p in SITE.rglob("*") if p.is_file()]
    print(f"site: {sum(p.stat().st_size for p in files) / 1e6:.1f} MB in {len(files)} files")
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        raise SystemExit(f"the browser figures need Debian's chromium at {CHROMIUM}")
    with ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(SITE))) as httpd:
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{httpd.server_address[1]}"
        url = meld_lab_url(origin)
        elsewhere: list[str] = []
        ours = (origin + "/", f"blob:{origin}/", "data:")
        offline = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
        with sync_playwright() as playwright:
            # a browser profile on disk, as a learner's browser has: its cache keeps the 9.6 MB runtime
            profile = tempfile.TemporaryDirectory()
            context = playwright.chromium.launch_persistent_context(
                profile.name,
                executable_path=CHROMIUM,
                args=[*CHROMIUM_ARGS, *offline],
                viewport={"width": 1280, "height": 900},
            )
            context.on("request", lambda r: None if r.url.startswith(ours) else elsewhere.append(r.url))
            for name in ("first", "second"):
                page, seconds, cpu, sent = visit(context, url)
                print(
                    f"meld lab, {name} visit: first card after {seconds:.1f} s; browser CPU {cpu:.1f} s; "
                    f"{sent / 1e6:.1f} MB served"
                )
                largest = sorted(Counting.files.items(), key=lambda item: -item[1])[:2]
                print("  largest served:", ", ".join(f"{path} {size / 1e6:.1f} MB" for path, size in largest))
                if name == "first":
                    page.close()
            print(f"meld lab, card click to verdict: median {median_click_ms(page):.0f} ms of 30 (in-browser kernel)")
            context.close()
            profile.cleanup()
        httpd.shutdown()
    print(f"requests to another origin (none can succeed): {len(elsewhere)} {elsewhere[:3]}")


if __name__ == "__main__":
    main()
