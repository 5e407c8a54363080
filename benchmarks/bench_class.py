"""A class on one server: N learners open the pages at once. Prints figures; asserts nothing.

A real Voila server set up as ``scripts/serve.sh`` sets it (voila.json), for a class of the largest N
(``--class-size``, as ``CLASS_SIZE=`` sets it; 0 for the plain one-person server), on loopback. For each
N, on a fresh server whose pre-started kernels have all run their page and whose CPU has come to rest:

- ``browser`` mode: N pages in Debian's chromium (one browser, a context each) opened at the same
  moment. A play page is interactive once its table's stock is shown; then it makes a few
  real moves (draw from the stock, choose a card, discard on the pile), each timed in the
  page from the click to the next frame whose text differs (tap-to-update, while the other pages still
  load). A lesson is interactive once its first widget is drawn. A page fails if it is not interactive
  within 60 s, a move is not answered within 30 s, or it shows a Python error or the "not made in time"
  notice. Then every page is closed as a learner closes it (its beforeunload sends the kernel's shutdown).
- ``http`` mode: N play pages requested at once over plain HTTP (no browser). A page counts once its
  HTML has arrived with every cell run and a widget output in every code cell; then each page is closed
  as its browser would close it (the shutdown request with the page's XSRF cookie).

Printed per N: time to interactive (median, 90th percentile, max), pages failed, tap-to-update times
(median, p90, max), the server's memory (the Voila process and every kernel: the sum of their
proportional set sizes, so shared pages count once) at rest before, with the pages open, and each
30 s up to ``--after`` seconds after they closed; kernels started; IOPub outputs the server dropped
("Timeout waiting for IOPub output" in its log); the load average, since the machine may be shared.

    .venv/bin/python benchmarks/bench_class.py http --sizes 30
    .venv/bin/python benchmarks/bench_class.py browser --sizes 1,10,30
    .venv/bin/python benchmarks/bench_class.py browser --sizes 30 --mix play.ipynb=20,01_the_turn.ipynb=10
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM, CHROMIUM_ARGS, server  # noqa: E402  (scripts/ is not a package)

INTERACTIVE_S = 60.0
MOVE_S = 30.0
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LESSON_READY = ".jp-OutputArea-output .jupyter-widgets, .jp-OutputArea-output table"
LATE_NOTICE = ".bolivia-late"
STDERR = "application/vnd.jupyter.stderr"

# From the click to the next frame after the text under #rendered_cells changes.
TAP = """
([target, limit]) => new Promise((resolve, reject) => {
  const watched = document.querySelector("#rendered_cells") || document.body;
  const before = watched.innerText;
  const start = performance.now();
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error("no answer")); }, limit);
  const observer = new MutationObserver(() => {
    if (watched.innerText !== before) {
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - start));
    }
  });
  observer.observe(watched, { childList: true, subtree: true, characterData: true, attributes: true });
  target.click();
})
"""


@dataclass
class Outcome:
    page: str
    interactive: float | None = None  # seconds from the request
    taps: list[float] = field(default_factory=list)  # milliseconds
    failure: str = ""


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def spread(values: Sequence[float], unit: str) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):.2f} {unit}, p90 {percentile(values, 0.9):.2f} {unit}, "
        f"max {max(values):.2f} {unit} (of {len(values)})"
    )


def group(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def memory_mb(pid: int) -> tuple[float, int]:
    """The server's and its kernels' proportional set size in MB, and how many kernels it runs."""
    total, kernels = 0, 0
    for process in group(pid):
        try:
            total += process.memory_full_info().pss
            kernels += any("ipykernel" in part for part in process.cmdline())
        except psutil.Error:
            continue
    return total / 2**20, kernels


def cpu_seconds(pid: int, alone: bool = False) -> float:
    """CPU seconds of the server and its kernels (only the server's own, ``alone``)."""
    total = 0.0
    for process in group(pid)[:1] if alone else group(pid):
        try:
            times = process.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            continue
    return total


def wait_for_rest(pid: int, limit: float = 400.0) -> float:
    """Seconds until the server and its kernels use under 5% of a core over 3 s (their pools filled)."""
    start = time.monotonic()
    used = cpu_seconds(pid)
    while time.monotonic() - start < limit:
        time.sleep(3)
        now = cpu_seconds(pid)
        if now - used < 0.15 and time.monotonic() - start > 6:
            return time.monotonic() - start
        used = now
    raise RuntimeError(f"the server did not come to rest within {limit:.0f} s")


def loads() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# --- plain HTTP ---------------------------------------------------------------------------------


def fetch_page(url: str, code_cells: int) -> tuple[Outcome, str, str]:
    """One page over HTTP: the outcome, its kernel id and its XSRF cookie."""
    outcome = Outcome(page=url)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    start = time.perf_counter()
    try:
        with opener.open(url, timeout=180) as response:
            body = response.read().decode()
    except OSError as error:
        outcome.failure = f"no page: {error}"
        return outcome, "", ""
    elapsed = time.perf_counter() - start
    config = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', body, re.S)
    kernel = json.loads(config.group(1)).get("kernelId", "") if config else ""
    xsrf = next((cookie.value for cookie in jar if cookie.name == "_xsrf"), "")
    cells = body.split('<div cell-index="')[1:]
    with_widget = sum(WIDGET_VIEW in cell for cell in cells)
    if len(cells) < code_cells or with_widget < code_cells:
        outcome.failure = f"{with_widget} of {code_cells} cells with their widget ({len(cells)} cells came)"
    elif "bolivia-late" in body or '"ename": "TimeoutError"' in body:
        outcome.failure = "a cell was not made in time"
    else:
        outcome.interactive = elapsed
    return outcome, kernel, xsrf


def close_page(base: str, kernel: str, xsrf: str) -> None:
    """What a closing page's beforeunload sends: the kernel's shutdown, with the page's XSRF cookie."""
    if not kernel:
        return
    request = urllib.request.Request(
        f"{base}/voila/api/shutdown/{kernel}", data=urllib.parse.urlencode({"_xsrf": xsrf}).encode(),
        headers={"Cookie": f"_xsrf={xsrf}"}, method="POST",
    )  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=30).close()
    except OSError as error:
        print(f"    closing {kernel}: {error}")


def http_round(base: str, pages: list[str]) -> tuple[list[Outcome], Callable[[], None]]:
    results: list[tuple[Outcome, str, str] | None] = [None] * len(pages)
    barrier = threading.Barrier(len(pages))

    def one(index: int, page: str) -> None:
        cells = json.loads((ROOT / "notebooks" / page).read_text())["cells"]
        code_cells = sum(cell["cell_type"] == "code" for cell in cells)
        barrier.wait()
        results[index] = fetch_page(f"{base}/voila/render/{page}", code_cells)

    threads = [threading.Thread(target=one, args=(i, page)) for i, page in enumerate(pages)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
    done = [result for result in results if result is not None]

    def close_all() -> None:
        for _, kernel, xsrf in done:
            close_page(base, kernel, xsrf)

    return [outcome for outcome, _, _ in done], close_all


# --- Chromium -----------------------------------------------------------------------------------


async def learner(browser: Any, base: str, page_name: str, start: asyncio.Event, opened: list[Any]) -> Outcome:
    outcome = Outcome(page=page_name)
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    page = await context.new_page()
    opened.append(page)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await start.wait()
    began = time.perf_counter()
    try:
        await page.goto(f"{base}/voila/render/{page_name}", wait_until="commit", timeout=INTERACTIVE_S * 1000)
        if page_name == "play.ipynb":
            await page.get_by_role("button", name=re.compile("^stock")).wait_for(
                state="visible", timeout=INTERACTIVE_S * 1000)
        else:
            await page.locator(LESSON_READY).first.wait_for(timeout=INTERACTIVE_S * 1000)
        outcome.interactive = time.perf_counter() - began
        if page_name == "play.ipynb":
            await moves(page, outcome)
    except Exception as error:  # Playwright's timeouts, a page that never answered: a failed page
        outcome.failure = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
    late = await page.locator(LATE_NOTICE).count()
    stderr = await page.locator(f".jp-OutputArea-output[data-mime-type='{STDERR}']").count()
    if late or stderr or errors:
        outcome.failure = outcome.failure or f"notice {late}, Python errors {stderr}, page errors {errors[:1]}"
    return outcome


async def tap(page: Any, target: Any, outcome: Outcome) -> None:
    handle = await target.element_handle(timeout=MOVE_S * 1000)
    outcome.taps.append(await page.evaluate(TAP, [handle, MOVE_S * 1000]))


async def moves(page: Any, outcome: Outcome) -> None:
    """Once the computers' moves before the learner's turn are shown: draw from the stock, choose the
    first card, discard it on the pile; each tap timed to the page's change."""
    await page.wait_for_function(
        "() => { const t = document.querySelector('.bt-table'); return t && !t.classList.contains('bt-playing'); }",
        timeout=MOVE_S * 1000)
    await tap(page, page.get_by_role("button", name=re.compile("^stock")), outcome)
    hand = page.get_by_role("group", name=re.compile("^your hand")).first
    await tap(page, hand.locator("button.bt-card").first, outcome)
    await tap(page, page.get_by_role("button", name=re.compile("^discard pile")), outcome)


async def browser_round(base: str, pages: list[str]) -> tuple[list[Outcome], Callable[[], None], Any]:
    from playwright.async_api import async_playwright

    playwright = await async_playwright().start()
    browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    start = asyncio.Event()
    opened: list[Any] = []
    tasks = [asyncio.create_task(learner(browser, base, name, start, opened)) for name in pages]
    while len(opened) < len(pages):
        await asyncio.sleep(0.05)
    start.set()
    outcomes = await asyncio.gather(*tasks)

    async def close_all() -> None:
        for page in opened:
            await page.close(run_before_unload=True)
        await asyncio.sleep(2)  # the beacons leave before the browser goes
        await browser.close()
        await playwright.stop()

    return outcomes, close_all, None


# --- one round ----------------------------------------------------------------------------------


def run(
    mode: str, pages: list[str], class_size: int, class_pages: list[str], after: float, port: int | None, keep_log: str
) -> None:
    arguments = ["--Voila.ip=127.0.0.1", f"--PageKernelManager.class_size={class_size}"]
    arguments += [f"--PageKernelManager.class_pages={name}" for name in class_pages]
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "voila.log"
        with open(log_path, "w") as log, server(arguments, log=log, port=port) as (base, pid):
            rest = wait_for_rest(pid)
            idle, waiting = memory_mb(pid)
            log_start = len(log_path.read_text())
            counts = ", ".join(f"{pages.count(n)} on {n}" for n in sorted(set(pages)))
            print(f"\nN = {len(pages)} ({counts}), {mode}; class size {class_size}; load average {loads()}")
            print(f"  at rest after {rest:.0f} s: {idle:.0f} MB, {waiting} kernels waiting")
            cpu_before, own_before = cpu_seconds(pid), cpu_seconds(pid, alone=True)
            began = time.perf_counter()
            if mode == "http":
                outcomes, close_http = http_round(base, pages)
                closer: Callable[[], Any] = close_http
            else:
                loop = asyncio.new_event_loop()
                outcomes, close_browser, _ = loop.run_until_complete(browser_round(base, pages))
                closer = lambda: loop.run_until_complete(close_browser())  # noqa: E731
            burst = time.perf_counter() - began
            open_mb, open_kernels = memory_mb(pid)
            server_cpu, own_cpu = cpu_seconds(pid) - cpu_before, cpu_seconds(pid, alone=True) - own_before
            times = [o.interactive for o in outcomes if o.interactive is not None and not o.failure]
            failed = [o for o in outcomes if o.failure or o.interactive is None]
            print(f"  interactive: {spread(times, 's')}")
            print(f"  pages failed: {len(failed)} of {len(pages)}")
            for outcome in failed[:5]:
                print(f"    {outcome.page}: {outcome.failure}")
            if mode == "browser":
                print(f"  tap-to-update during the load: {spread([t for o in outcomes for t in o.taps], 'ms')}")
            print(f"  the server and its kernels: {server_cpu:.1f} CPU-s over the {burst:.1f} s round "
                  f"(the Voila process alone {own_cpu:.1f}; kernels that ended during it are not counted)")
            print(f"  memory with the pages open: {open_mb:.0f} MB, {open_kernels} kernels; load average {loads()}")
            closer()
            closed = time.monotonic()
            marks = []
            while time.monotonic() - closed < after:
                time.sleep(min(30.0, after - (time.monotonic() - closed)))
                mb, kernels = memory_mb(pid)
                marks.append(f"{time.monotonic() - closed:.0f} s: {mb:.0f} MB ({kernels} kernels)")
            print("  after closing: " + "; ".join(marks))
            text = log_path.read_text()[log_start:]
            if keep_log:
                Path(keep_log).write_text(log_path.read_text())
            print(f"  kernels started: {text.count('Kernel started:')}")
            print(f"  IOPub outputs dropped: {text.count('Timeout waiting for IOPub output')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["http", "browser"])
    parser.add_argument("--sizes", default="1,10,30", help="the numbers of learners, one round each")
    parser.add_argument("--mix", default="", help="pages and how many open each: play.ipynb=20,01_the_turn.ipynb=10")
    parser.add_argument("--class-size", type=int, default=None, help="the served class (default: the largest N)")
    parser.add_argument("--class-pages", default="play.ipynb", help="the class's pages, as CLASS_PAGES= names them")
    parser.add_argument("--after", type=float, default=180.0, help="seconds to watch the memory after closing")
    parser.add_argument("--keep-log", default="", help="a file to copy the server's log to")
    parser.add_argument("--port", type=int, default=None, help="the server's loopback port (default: a free one)")
    options = parser.parse_args()
    sizes = [int(n) for n in options.sizes.split(",")]
    if not sizes or min(sizes) < 1 or max(sizes) > 60:
        parser.error("--sizes: numbers of learners from 1 to 60")
    shares = {name: int(n) for name, n in (part.split("=") for part in options.mix.split(",") if part)}
    class_size = max(sizes) if options.class_size is None else options.class_size
    for size in sizes:
        if shares:
            pages = [name for name, n in shares.items() for _ in range(n)][:size]
        else:
            pages = ["play.ipynb"] * size
        run(options.mode, pages, class_size, options.class_pages.split(), options.after, options.port, options.keep_log)


if __name__ == "__main__":
    main()
