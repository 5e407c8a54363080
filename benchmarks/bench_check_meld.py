"""How fast is ``check_meld``? Prints calls per second on one core; asserts nothing.

Random 3-9-card selections from the 162-card Bolivia deck, pre-parsed (as the
widgets and the game hold cards), judged under each preset. A seeded generator
makes the selections, so runs are comparable. Target (issue 2): 50,000 calls/s.

    .venv/bin/python benchmarks/bench_check_meld.py [--calls N] [--seed S]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from bolivia_core import check_meld, full_deck, get_rules, preset_names


def selections(count: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    deck = full_deck(3, 6)
    return [tuple(rng.sample(deck, rng.randint(3, 9))) for _ in range(count)]


def calls_per_second(groups: list[tuple], preset: str, repeats: int) -> tuple[float, float]:
    rules = get_rules(preset)
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        for group in groups:
            check_meld(group, rules)
        rates.append(len(groups) / (time.process_time() - start))
    return statistics.median(rates), max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=50_000, help="selections per run (default 50,000)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per preset (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    groups = selections(args.calls, args.seed)
    legal = sum(check_meld(g).legal for g in groups)
    print(f"python {platform.python_version()} on {platform.machine()}; {args.calls:,} selections "
          f"of 3-9 cards (seed {args.seed}; {legal / len(groups):.1%} legal under bolivia)")  # fmt: skip
    print(f"{'preset':10} {'median calls/s':>15} {'best calls/s':>13} {'µs/call':>8}")
    for preset in preset_names():
        median, best = calls_per_second(groups, preset, args.repeats)
        print(f"{preset:10} {median:>15,.0f} {best:>13,.0f} {1e6 / median:>8.1f}")
    # Mostly-legal input exercises the completion and bonus paths too.
    rng = random.Random(args.seed)
    made = [tuple(rng.sample(["KH", "KS", "KD", "KC", "2C", "JK"], 3)) for _ in range(args.calls // 5)]
    median, _ = calls_per_second(made, "bolivia", args.repeats)
    print(f"{'bolivia, the same small melds again (memoised)':48} {median:>10,.0f} calls/s, parsing included")


if __name__ == "__main__":
    main()
