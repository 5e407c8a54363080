"""How fast is ``check_meld``? Prints CPU time per call (``time.process_time``); asserts nothing.

The mix: a third of the selections are legal melds made the way players make them (three to
seven cards of a rank with wild cards, runs of one suit, wild cards only), the rest are random
3-9-card selections from the 162-card Bolivia deck; every selection is judged under each preset.
A seeded generator makes them, so runs compare. ``check_meld`` remembers verdicts (the game asks
about the same melds often), so the first pass over the mix is reported apart from the repeats.
Targets (issue 10): 200,000 calls/s on this mix.

    .venv/bin/python benchmarks/bench_check_meld.py [--calls N] [--seed S]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from bolivia_core import Card, check_meld, full_deck, get_rules, preset_names
from bolivia_core.melds import judge

SUITS = "CDHS"


def legal_looking(rng: random.Random) -> tuple[Card, ...]:
    """A meld a player would try: same rank with a wild card or two, a run, or wild cards."""
    kind = rng.random()
    wilds = [Card(2, rng.choice(SUITS)) if rng.random() < 0.7 else Card(15, "") for _ in range(2)]
    if kind < 0.5:
        rank = rng.randint(4, 14)
        naturals = [Card(rank, suit) for suit in rng.sample(SUITS * 2, rng.randint(3, 7))]  # a two-pack deck has these
        return (*naturals, *wilds[: rng.randint(0, len(naturals) // 2 and 1)])
    if kind < 0.85:
        low, length, suit = rng.randint(4, 9), rng.randint(3, 6), rng.choice(SUITS)
        return tuple(Card(r, suit) for r in range(low, min(low + length, 15)))
    return tuple(wilds + [Card(15, "")] * rng.randint(1, 2))


def selections(count: int, seed: int, preset: str) -> list[tuple[Card, ...]]:
    """The mix, the random part drawn from the preset's own deck (more copies would be refused)."""
    rng = random.Random(seed)
    rules = get_rules(preset)
    deck = full_deck(rules.decks, rules.jokers)
    return [legal_looking(rng) if n % 3 == 0 else tuple(rng.sample(deck, rng.randint(3, 9))) for n in range(count)]


def calls_per_second(groups: list[tuple[Card, ...]], preset: str, repeats: int) -> tuple[float, float]:
    """(first pass, median of the repeats): the first pass fills the verdict cache."""
    rules = get_rules(preset)
    judge.cache_clear()
    rates = []
    for _ in range(repeats + 1):
        start = time.process_time()
        for group in groups:
            check_meld(group, rules)
        rates.append(len(groups) / (time.process_time() - start))
    return rates[0], statistics.median(rates[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30_000, help="selections per run (default 30,000)")
    parser.add_argument("--repeats", type=int, default=3, help="repeated runs per preset (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}; {args.calls:,} selections a preset "
          f"(seed {args.seed}); CPU time")  # fmt: skip
    print(f"{'preset':10} {'legal':>6} {'first pass calls/s':>19} {'repeats calls/s':>16} {'µs/call first':>14}")
    for preset in preset_names():
        groups = selections(args.calls, args.seed, preset)
        legal = sum(check_meld(g, preset).legal for g in groups) / len(groups)
        first, repeat = calls_per_second(groups, preset, args.repeats)
        print(f"{preset:10} {legal:>6.1%} {first:>19,.0f} {repeat:>16,.0f} {1e6 / first:>14.1f}")


if __name__ == "__main__":
    main()
