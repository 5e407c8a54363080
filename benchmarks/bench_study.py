"""What a variant study costs: `club` hands per CPU-second on one core, the CPU cost of 1,000 hands, and the
scaling from one worker process to two.

    nice -n 10 python benchmarks/bench_study.py [--games 10] [--seats club]

It plays a two-variant study (bolivia, same_rank_max_wilds = 2 and 3) of ``--games`` games a variant three
times: in this process, on one worker process and on two, each into a fresh shard folder. CPU time is the
shards' own (``time.process_time`` in the process that plays them), so it means the same on a busy machine;
the clock time and the speed-up from one worker to two do not, and are printed with the machine's load.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bolivia_core.tools.study import parse_vary, run_study, variants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seats", default="club")
    args = parser.parse_args()
    study = variants(["bolivia"], [parse_vary("same_rank_max_wilds=2,3")])
    seats = tuple(args.seats.split(","))
    print(f"two variants x {args.games} games, seats {args.seats}, 4 players; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")  # fmt: skip
    clocks = {}
    for workers in (1, 2):
        with tempfile.TemporaryDirectory() as shards:
            start = time.perf_counter()
            result = run_study(study, 4, seats, args.games, 1, workers, shards=shards)
            clocks[workers] = time.perf_counter() - start
        cost = result.cost()
        hands = cost["hands_played"]
        cpu = cost["cpu_seconds"]
        print(f"{workers} worker{'s' if workers > 1 else ''}: {hands} hands, {cpu:.1f} CPU s "
              f"({hands / cpu:.2f} hands per CPU-second per core, {1000 * cpu / hands:.0f} CPU s per 1,000 hands), "
              f"{clocks[workers]:.1f} s on the clock ({hands / clocks[workers]:.2f} hands/s)")  # fmt: skip
    print(f"speed-up from 1 worker to 2 on the clock: {clocks[1] / clocks[2]:.2f}x (2.00x is perfect; a shared "
          f"machine gives less)")  # fmt: skip


if __name__ == "__main__":
    main()
