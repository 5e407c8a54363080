"""The play page's card table: what a tap costs in bytes, and in the page, the time from a tap to its change.

    python benchmarks/bench_table.py bytes [--turns N]
    python benchmarks/bench_table.py page [--url http://127.0.0.1:PORT] [--turns N] [--size 1280x800]

``bytes``: a seeded game (seed 1, four seats, the coach's hint each turn) played in this process through the
table's intents, as the page sends them; every comm message the table's model sends back is recorded (its
JSON, as the kernel puts it in the Jupyter message): the bytes each intent cost, median and maximum, by kind
of move. A card chosen costs nothing: it is the page's own.

``page``: the same seeded hand played by touch in Chromium against a real Voila (without --url it starts one
as the browser tests do): the taps per learner turn, the widget models the page starts with, and for each
kind of tap the time in the page from the tap to the frame after its change (a chosen card lifted, the new
cards in the hand, the pile's new top, the meld laid), median and 90th percentile, with the websocket bytes
the page received per tap. The latency is wall-clock time (a tap is a browser event, a kernel round trip and
a redraw, so no CPU time measures it): read it with the machine's load, printed beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from harness import CHROMIUM_ARGS, server  # noqa: E402
from table_driver import TIMEOUT, HintFollower, out_of_view, set_pace  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


# --- bytes: the comm messages the table sends for each intent ---------------------------------------


def intent_of(action: Any, hand: list[str]) -> dict[str, Any]:
    """The intent the page sends for the move (its cards by their index in the hand)."""
    from bolivia_core.actions import Add, Discard, Draw, Meld

    def indices(cards: Any) -> list[int]:
        used: list[int] = []
        for card in map(str, cards):
            used.append(next(i for i, code in enumerate(hand) if code == card and i not in used))
        return used

    if isinstance(action, Draw):
        return {"do": "draw", "where": "stock"}
    if isinstance(action, Discard):
        return {"do": "discard", "card": indices([action.card])[0], "where": "pile"}
    if isinstance(action, Add):
        return {"do": "add", "meld": action.meld, "cards": indices(action.cards), "where": f"meld-{action.meld}"}
    if isinstance(action, Meld):
        flat = indices([c for group in action.melds for c in group])
        groups, at = [], 0
        for group in action.melds:
            groups.append(flat[at : at + len(group)])
            at += len(group)
        return {"do": "meld", "groups": groups, "stage": True, "ask": 1, "where": "meld-area"}
    return {"do": "move", "move": str(action)}


def bytes_per_tap(turns: int) -> None:
    import comm
    from comm.base_comm import BaseComm

    sent: list[int] = []

    class Recording(BaseComm):  # the kernel's comm, counting what it would publish
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                        **keys: Any) -> None:  # fmt: skip
            sent.append(len(json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()))

    comm.create_comm = Recording
    import ipywidgets

    ipywidgets.widgets.widget.comm.create_comm = comm.create_comm
    from bolivia_widgets import PlayTable

    opened = len(sent)
    table = PlayTable(seed=1, language="en", pace="normal")
    start = sum(sent[opened:])
    source = table.source
    by_kind: dict[str, list[int]] = defaultdict(list)
    for _ in range(turns * 4):
        game = source.game
        if game.phase in ("hand over", "game over") or game.to_move != 1:
            break
        action = source.hint_action()
        intent = intent_of(action, table.hand["cards"])
        before = len(sent)
        assert table.handle(intent), (intent, table.message)
        by_kind[str(action).split()[0]].append(sum(sent[before:]))
    every = [n for sizes in by_kind.values() for n in sizes]
    print(f"seeded game (seed 1, four seats, the coach's hint each move, pace normal): {len(every)} intents, "
          f"the table's model built with {start / 1000:.1f} KB")  # fmt: skip
    print(f"bytes the table sends per intent: median {statistics.median(every):,.0f}, max {max(every):,}, "
          f"mean {statistics.mean(every):,.0f}")  # fmt: skip
    for kind, sizes in sorted(by_kind.items()):
        print(f"  {kind:8} {len(sizes):3} intents: median {statistics.median(sizes):,.0f} B, max {max(sizes):,} B")


# --- page: taps in a real browser ----------------------------------------------------------------------


def page_figures(url: str | None, turns: int, size: str) -> None:
    width, height = (int(n) for n in size.split("x"))
    from playwright.sync_api import sync_playwright

    from bolivia_widgets import PlayTable

    received: list[int] = []
    with contextlib.ExitStack() as stack:
        url = url or stack.enter_context(server())[0]
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": width, "height": height})
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(len(payload))))
        page.goto(f"{url}/voila/render/play.ipynb?seed=1", timeout=TIMEOUT, wait_until="commit")
        page.get_by_role("button", name=re.compile("^stock")).wait_for(timeout=TIMEOUT)
        set_pace(page, "instant")
        follower = HintFollower(page, PlayTable(seed=1, language="en"))
        records, frames = [], []
        for _ in range(turns):
            if follower.mirror.source.game.phase in ("hand over", "game over"):
                break
            before = len(received)
            records.append(follower.learner_turn(check=lambda: out_of_view(page)))
            frames.append(sum(received[before:]))
        browser.close()
    taps = [r.taps for r in records]
    print(f"seeded hand (seed 1, four seats, the coach's hint each turn, pace instant), window {width}x{height}")
    print(f"learner turns: {len(records)}; taps per turn: median {statistics.median(taps)}, "
          f"mean {statistics.mean(taps):.2f}, distribution {dict(sorted(Counter(taps).items()))}")  # fmt: skip
    print(f"turns with a place out of view or scrolling: {sum(bool(r.out_of_view) for r in records)}")
    for number, record in enumerate(records, start=1):
        if record.out_of_view:
            print(f"  turn {number}: {'; '.join(record.out_of_view[:3])}")
    print(f"websocket bytes the page received per learner turn: median {statistics.median(frames):,.0f}, "
          f"max {max(frames):,}")  # fmt: skip
    print(f"widget models the play notebook creates (its cells run in this process): {_models_at_start()}")
    by_kind: dict[str, list[float]] = defaultdict(list)
    for record in records:
        for kind, ms in record.timed:
            by_kind[kind].append(ms)
    print(f"tap to the frame after its change, in the page (wall clock, ms); {load()}:")
    for kind, times in sorted(by_kind.items()):
        print(f"  {kind:8} {len(times):3} taps: median {statistics.median(times):6.1f}, "
              f"90th percentile {percentile(times, 0.9):6.1f}, max {max(times):6.1f}")  # fmt: skip
    moves = [ms for kind in ("draw", "discard", "meld", "add", "take") for ms in by_kind.get(kind, [])]
    if moves:
        print(f"  moves (draw, discard, meld, add, take): median {statistics.median(moves):.1f}, "
              f"90th percentile {percentile(moves, 0.9):.1f}")  # fmt: skip


def _models_at_start() -> int:
    import ipywidgets
    from IPython.core.interactiveshell import InteractiveShell

    notebook = json.loads((ROOT / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    shell = InteractiveShell.instance()
    before = set(ipywidgets.Widget.widgets)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            shell.run_cell("".join(cell["source"]), silent=True)
    return len(set(ipywidgets.Widget.widgets) - before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("bytes", "page"), nargs="?", default="page")
    parser.add_argument("--url", help="a running Voila over notebooks/ (default: start one)")
    parser.add_argument("--turns", type=int, default=40, help="learner turns at most (the hand may end first)")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    options = parser.parse_args()
    if options.what == "bytes":
        bytes_per_tap(options.turns)
    else:
        page_figures(options.url, options.turns, options.size)


if __name__ == "__main__":
    main()
