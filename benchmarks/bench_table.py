"""The play page's card table played by touch in Chromium against a real Voila: taps per learner turn
following the coach's hint over a seeded hand, the widget models the page starts with, and the time from
a tap to the page's visible change.

    python benchmarks/bench_table.py [--url http://127.0.0.1:PORT] [--turns N] [--size 1280x800]

Without --url it starts Voila over notebooks/ as the browser tests do. The taps are counts; the
latency is wall-clock time in the page (a tap is a browser event, a kernel round trip and a redraw,
so no CPU time measures it): read it with the machine's load, which this script prints beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM_ARGS, server  # noqa: E402
from table_driver import TIMEOUT, HintFollower, out_of_view, set_pace  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    parser.add_argument("--turns", type=int, default=40, help="learner turns at most (the hand may end first)")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    options = parser.parse_args()
    width, height = (int(n) for n in options.size.split("x"))
    from playwright.sync_api import sync_playwright

    from bolivia_widgets import PlayTable

    with contextlib.ExitStack() as stack:
        url = options.url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
        page.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        set_pace(page, "instant")
        follower = HintFollower(page, PlayTable(seed=1, language="en"))
        records = []
        for _ in range(options.turns):
            if follower.mirror.game.phase in ("hand over", "game over"):
                break
            records.append(follower.learner_turn(check=lambda: out_of_view(page)))
        browser.close()
    taps = [r.taps for r in records]
    latencies = [ms for r in records for ms in r.latencies_ms]
    print(f"seeded hand (seed 1, four seats, the coach's hint each turn), window {width}x{height}")
    print(f"learner turns: {len(records)}; taps per turn: median {statistics.median(taps)}, "
          f"mean {statistics.mean(taps):.2f}, distribution {dict(sorted(Counter(taps).items()))}")  # fmt: skip
    kinds = Counter(m.split()[0] for r in records for m in r.moves)
    print(f"moves followed: {dict(kinds)}")
    print(f"turns with a place out of view or scrolling: {sum(bool(r.out_of_view) for r in records)}")
    print(f"widget models the play notebook creates (its cells run in this process): {_models_at_start()}")
    if latencies:
        print(f"tap to visible change (wall clock, ms): median {statistics.median(latencies):.0f}, "
              f"90th percentile {sorted(latencies)[int(len(latencies) * 0.9)]:.0f}, over {len(latencies)} taps; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")  # fmt: skip


def _models_at_start() -> int:
    import json

    import ipywidgets
    from IPython.core.interactiveshell import InteractiveShell

    notebook = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    shell = InteractiveShell.instance()
    before = set(ipywidgets.Widget.widgets)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            shell.run_cell("".join(cell["source"]), silent=True)
    return len(set(ipywidgets.Widget.widgets) - before)


if __name__ == "__main__":
    main()
