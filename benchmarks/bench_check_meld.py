"""How fast is ``check_meld``? Prints CPU time per call (``time.process_time``); asserts nothing.

The mix: a third of the selections are legal melds made the way players make them (three to
seven cards of a rank with wild cards, runs of one suit, wild cards only), the rest are random
3-9-card selections from the 162-card Bolivia deck; every selection is judged under each preset.
A seeded generator makes them, so runs compare. ``check_meld`` remembers verdicts (``judge``, an
LRU cache) and the reasons in them, so the first pass (nothing remembered: every verdict and
reason worked out) is reported apart from a repeat of the same mix. A mix larger than the verdict
cache gets few hits on a repeat (an LRU cache read in order keeps evicting what comes next): the
hits column says how many. Each figure is the best of ``--repeats`` runs (others' load only ever
adds time). Targets (issue 10): 200,000 calls/s on this mix.

    .venv/bin/python benchmarks/bench_check_meld.py [--calls N] [--seed S] [--repeats R]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from bolivia_core import Card, check_meld, full_deck, get_rules, preset_names
from bolivia_core import melds
from bolivia_core.melds import judge
from bolivia_core.rules import Rules

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


def forget() -> None:
    """Nothing remembered: no verdict, no reason (the judge shares reasons between verdicts)."""
    judge.cache_clear()
    melds._SAID.clear()


def one_pass(groups: list[tuple[Card, ...]], rules: Rules) -> float:
    """Calls per second of CPU time over the whole mix."""
    start = time.process_time()
    for group in groups:
        check_meld(group, rules)
    return len(groups) / (time.process_time() - start)


def calls_per_second(groups: list[tuple[Card, ...]], preset: str, repeats: int) -> tuple[float, float, float]:
    """(first pass, repeat, share of the repeat's calls answered by the verdict cache), best of
    ``repeats`` runs: each run forgets everything, then passes over the mix twice."""
    rules = get_rules(preset)
    firsts, agains = [], []
    hits = 0.0
    for _ in range(repeats):
        forget()
        firsts.append(one_pass(groups, rules))
        before = judge.cache_info().hits
        agains.append(one_pass(groups, rules))
        hits = (judge.cache_info().hits - before) / len(groups)
    return max(firsts), max(agains), hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30_000, help="selections per run (default 30,000)")
    parser.add_argument("--repeats", type=int, default=3, help="runs per preset, the best reported (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}; {args.calls:,} selections a preset "
          f"(seed {args.seed}); CPU time")  # fmt: skip
    print(f"judge's verdict cache holds {judge.cache_info().maxsize:,} verdicts")
    print(f"{'preset':10} {'legal':>6} {'first pass calls/s':>19} {'repeat calls/s':>15} {'hits':>5} "
          f"{'µs/call first':>14}")  # fmt: skip
    for preset in preset_names():
        groups = selections(args.calls, args.seed, preset)
        legal = sum(check_meld(g, preset).legal for g in groups) / len(groups)
        first, repeat, hits = calls_per_second(groups, preset, args.repeats)
        print(f"{preset:10} {legal:>6.1%} {first:>19,.0f} {repeat:>15,.0f} {hits:>5.0%} {1e6 / first:>14.1f}")


if __name__ == "__main__":
    main()
