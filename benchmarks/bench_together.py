"""Playing together through real pages: how long a move takes to reach the other seats' pages, and what a
seated person costs the server.

A real Voilà and the real room service (started as scripts/serve.sh starts them), and one Chromium
context per seat: seat 1 invites, the others open their links, and a driver makes each person's move by
taps on the page of the seat to move (the engine's legal moves, read from the store). For every move it
measures, from the tap to each other page showing the new move (its table's ``data-version``), the
wall time; and the CPU time (user + system) of the page kernels and of the room service per move, and
their memory (resident set) per seated page.

    python benchmarks/bench_together.py --moves 20
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from harness import CHROMIUM, CHROMIUM_ARGS, free_port, server  # noqa: E402

from tests.browser.test_together import Rooms, _choice, _game, _Mirror, _open  # noqa: E402
from table_driver import HintFollower, TurnRecord  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def _rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=20, help="people's moves to time (default %(default)s)")
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4), help="people at the table")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="bench-together-"))
    rooms = Rooms(f"127.0.0.1:{free_port()}", folder / "rooms", folder / "rooms.log")
    rooms.start()
    env = {**os.environ, "BOLIVIA_ROOMS": rooms.address}
    try:
        with server(["--Voila.ip=127.0.0.1"], env=env) as (url, voila_pid), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            host = _open(browser, f"{url}/voila/render/play.ipynb", 1)
            if args.seats != 4:
                host.page.get_by_role("button", name="menu", exact=True).click(timeout=120_000)
                host.page.locator(".bt-dialog select[data-setting='players']").select_option(str(args.seats))
                host.page.locator(".bt-dialog").get_by_role("button", name="close", exact=True).click()
            host.page.get_by_role("button", name="menu", exact=True).click(timeout=120_000)
            host.page.locator(".bt-dialog").get_by_role("button", name="invite", exact=True).click(timeout=120_000)
            seats = {1: host}
            room = ""
            for number in range(2, args.seats + 1):
                link = host.page.get_by_role("link", name=f"seat {number}", exact=True)
                link.wait_for(timeout=120_000)
                href = link.get_attribute("href") or ""
                room = href.split("room=")[1].split("&")[0]
                seats[number] = _open(browser, f"{url}/voila/render/{href}", number)
            host.page.locator(".bt-dialog").get_by_role("button", name="close", exact=True).click()
            kernels = _children(voila_pid)  # the page kernels (Voilà starts each one itself)
            assert rooms.process is not None
            service = [rooms.process.pid]
            cpu_kernels, cpu_service = _cpu(kernels), _cpu(service)
            latencies: list[float] = []
            made = 0
            while made < args.moves:
                game, version = _game(rooms.store, room)
                for seat in seats.values():
                    seat.page.wait_for_function(
                        "(v) => Number(document.querySelector('.bt-table')?.dataset.version) >= v", arg=version,
                        timeout=120_000)  # fmt: skip
                if game.phase not in ("draw", "play", "answer"):
                    break
                mover = game.to_move
                action = _choice(game, version)
                follower = HintFollower(seats[mover].page, _Mirror(game, mover))
                taps = follower.taps_for(action)
                others = [s for n, s in seats.items() if n != mover]
                for kind, value in taps[:-1]:
                    follower.tap(kind, value, TurnRecord())
                for seat in others:  # each other page notes when it shows the next move
                    seat.page.evaluate(
                        """(v) => { window.__arrived = null; const table = document.querySelector('.bt-table');
                        const o = new MutationObserver(() => { if (Number(table.dataset.version) > v) {
                          window.__arrived = performance.timeOrigin + performance.now(); o.disconnect(); } });
                        o.observe(table, {attributes: true, attributeFilter: ['data-version']}); }""",
                        version)  # fmt: skip
                kind, value = taps[-1]
                tapped = time.time() * 1000
                follower.tap(kind, value, TurnRecord())
                for seat in others:
                    seat.page.wait_for_function("() => window.__arrived !== null", timeout=120_000)
                    latencies.append(seat.page.evaluate("() => window.__arrived") - tapped)
                made += 1
            cpu_kernels, cpu_service = _cpu(kernels) - cpu_kernels, _cpu(service) - cpu_service
            memory = _rss_mb(kernels)
            service_memory = _rss_mb(service)
            browser.close()
    finally:
        rooms.stop()
    latencies.sort()
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"{made} people's moves at a table of {args.seats} people in {args.seats} Chromium contexts, "
          f"{len(latencies)} arrivals at other pages")  # fmt: skip
    print(f"move to the other seats' pages (tap to their table redrawn, wall time): "
          f"median {statistics.median(latencies):.0f} ms, 95th percentile {p95:.0f} ms, max {latencies[-1]:.0f} ms")
    print(f"CPU per move: page kernels {1000 * cpu_kernels / max(made, 1):.0f} ms (all {len(kernels)} kernels), "
          f"room service {1000 * cpu_service / max(made, 1):.1f} ms")  # fmt: skip
    print(f"memory: {len(kernels)} page kernels {memory:.0f} MB ({memory / max(len(kernels), 1):.0f} MB each, "
          f"the play page's kernels waiting in Voilà's pool included); room service {service_memory:.0f} MB")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (2 cores shared with other sessions)")


if __name__ == "__main__":
    main()
