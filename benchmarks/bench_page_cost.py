"""What one served page costs, split by where the time goes. Prints figures; asserts nothing.

A real kernel (the one Voila starts: ``python -m ipykernel_launcher`` of this environment) is started
as Voila starts a kernel that no page is waiting for yet, and the page's cells are run in it one by one
as Voila runs them (``store_history=False``). Before the first cell the kernel is given a small
stopwatch (in this benchmark only) that splits its CPU time, each moment counted once, into:
- imports: everything under an ``import`` statement (the engine, the widgets, whatever they pull in);
- widgets: making each widget's state and sending it (``Widget.open``, ``Widget.send_state``);
- computer moves: the computer seats' first moves (``PlayTable._computers_move``);
- the rest of the cells: dealing, words, laying the table out.
Kernel start is the kernel process's CPU and wall time until it answers its first request.

    .venv/bin/python benchmarks/bench_page_cost.py                 # the play page
    .venv/bin/python benchmarks/bench_page_cost.py 01_the_turn.ipynb --query lang=sv
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import psutil
from jupyter_client.manager import KernelManager

ROOT = Path(__file__).resolve().parents[1]

# Installed in the kernel before the page's cells: exclusive CPU seconds per part (innermost wins).
STOPWATCH = r'''
import builtins as _b, sys as _s, time as _t
_parts = {"imports": 0.0, "widgets": 0.0, "computer moves": 0.0}
_stack = []
def _enter(part):
    now = _t.process_time()
    if _stack:
        _parts[_stack[-1][0]] += now - _stack[-1][1]
    _stack.append([part, now])
def _leave():
    now = _t.process_time()
    part, since = _stack.pop()
    _parts[part] += now - since
    if _stack:
        _stack[-1][1] = now
def _timed(part, function):
    def timed(*args, **kwargs):
        _enter(part)
        try:
            return function(*args, **kwargs)
        finally:
            _leave()
    timed._timed = True
    return timed
_import = _b.__import__
def _wrap_loaded():
    widget = _s.modules.get("ipywidgets.widgets.widget")
    if widget and not hasattr(widget.Widget.open, "_timed"):
        widget.Widget.open = _timed("widgets", widget.Widget.open)
        widget.Widget.send_state = _timed("widgets", widget.Widget.send_state)
    table = _s.modules.get("bolivia_widgets.dashboards.play_table")
    if table and not hasattr(table.PlayTable._computers_move, "_timed"):
        table.PlayTable._computers_move = _timed("computer moves", table.PlayTable._computers_move)
def _timed_import(*args, **kwargs):
    _enter("imports")
    try:
        return _import(*args, **kwargs)
    finally:
        _leave()
        if not _stack:
            _wrap_loaded()
_b.__import__ = _timed_import
'''
REPORT = "import json as _j; print(_j.dumps(_parts))"


def cpu_seconds(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def run_cell(client: Any, code: str) -> list[dict[str, Any]]:
    """Run code as Voila runs a cell; the iopub messages it caused (stream text, displays, comms)."""
    messages: list[dict[str, Any]] = []
    client.execute_interactive(code, store_history=False, timeout=120, output_hook=messages.append)
    return messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("notebook", nargs="?", default="play.ipynb")
    parser.add_argument("--query", default="", help="the page's query string, as a served page gets it")
    options = parser.parse_args()
    notebook = json.loads((ROOT / "notebooks" / options.notebook).read_text())
    cells = ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]

    env = {**os.environ, "QUERY_STRING": options.query, "VOILA_PREHEAT": "False"}
    manager = KernelManager(kernel_name="python3", transport="ipc")
    began = time.perf_counter()
    manager.start_kernel(cwd=str(ROOT / "notebooks"), env=env)
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        start_wall = time.perf_counter() - began
        kernel = psutil.Process(manager.provisioner.process.pid)  # type: ignore[union-attr]
        start_cpu = cpu_seconds(kernel)
        run_cell(client, STOPWATCH)
        before = cpu_seconds(kernel)
        rows = []
        comms = 0
        for number, code in enumerate(cells, start=1):
            cell_began, cell_cpu = time.perf_counter(), cpu_seconds(kernel)
            messages = run_cell(client, code)
            comms += sum(m["msg_type"] in ("comm_open", "comm_msg") for m in messages)
            rows.append((number, cpu_seconds(kernel) - cell_cpu, time.perf_counter() - cell_began))
        cells_cpu = cpu_seconds(kernel) - before
        parts: dict[str, float] = {}
        for message in run_cell(client, REPORT):
            if message["msg_type"] == "stream":
                parts = json.loads(message["content"]["text"])
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)

    print(f"{options.notebook} ?{options.query}: one kernel, as Voila starts one; CPU seconds of the kernel process")
    print(f"  kernel start (until it answers):   {start_cpu:5.2f} CPU-s   {start_wall:5.2f} s wall")
    for number, cpu, wall in rows:
        print(f"  cell {number}:                            {cpu:5.2f} CPU-s   {wall:5.2f} s wall")
    rest = cells_cpu - sum(parts.values())
    print(f"  the cells split ({cells_cpu:.2f} CPU-s in all, the stopwatch's own cost included in the rest):")
    for part, seconds in (*parts.items(), ("rest of the cells", rest)):
        print(f"    {part + ':':<32} {seconds:5.2f} CPU-s")
    print(f"  widget messages sent (comm open and update): {comms}")
    print(f"  load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
