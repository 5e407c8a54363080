"""What it costs to work out a room's deal from one seat's own cards, by trying seeds.

Seat 2 of a fresh four-player room sees only its 15 cards. Someone who wants the other hands and the
order of the stock tries seeds: every seed from 0 up (the old rooms took the page's seed, 1 by default),
then random 64-bit guesses. Each guess deals a game and compares seat 2's hand. The script prints the
CPU time spent, the guesses per CPU-second, whether any guess found the deal, and what trying the whole
128-bit seed space would take at that rate. As a check that the search works, it first finds a room
dealt from a small seed (1,234) the same way.

    python benchmarks/bench_deal_guessing.py                       # 20,000 small seeds, 5,000 random guesses
    python benchmarks/bench_deal_guessing.py --small 100000 --random 20000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bolivia_core.game import new_game  # noqa: E402
from bolivia_core.seeds import SEED_BITS  # noqa: E402
from bolivia_rooms.room import RoomSettings, create_room  # noqa: E402
from bolivia_rooms.views import seat_view  # noqa: E402

SECONDS_A_YEAR = 365.25 * 24 * 3600


def search(hand: list[str], seeds: Iterable[int], players: int = 4, seat: int = 2) -> tuple[int | None, int, float]:
    """The first seed whose deal gives ``seat`` exactly ``hand``; the guesses made; the CPU seconds spent."""
    start = time.process_time()
    tried = 0
    for seed in seeds:
        tried += 1
        if [str(c) for c in sorted(new_game("bolivia", players, seed).position.hands[seat - 1])] == hand:
            return seed, tried, time.process_time() - start
    return None, tried, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small", type=int, default=20_000, help="seeds tried from 0 up")
    parser.add_argument("--random", type=int, default=5_000, help="random 64-bit seeds tried")
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; figures are CPU time of this process")

    known, _ = create_room(RoomSettings(players=4, seed=1234))
    found, tried, cpu = search(seat_view(known, 2)["table"]["hand"], range(args.small))
    print(f"check: a room dealt from seed 1,234 is found from seat 2's 15 cards: seed {found}, "
          f"after {tried:,} guesses, {cpu:.2f} CPU-s")  # fmt: skip

    room, _ = create_room(RoomSettings(players=4))  # as every room now deals: a fresh 128-bit seed
    hand = seat_view(room, 2)["table"]["hand"]
    found, tried, cpu = search(hand, range(args.small))
    said = "not found" if found is None else f"FOUND {found}"
    print(f"seeds 0..{args.small - 1:,} against a fresh room: {said}; "
          f"{tried:,} guesses in {cpu:.2f} CPU-s ({tried / cpu:,.0f} guesses a CPU-second)")  # fmt: skip
    rng = random.Random(20_261_202)
    guesses = (rng.getrandbits(64) for _ in range(args.random))
    found_random, tried_random, cpu_random = search(hand, guesses)
    rate = (tried + tried_random) / (cpu + cpu_random)
    print(f"{args.random:,} random 64-bit seeds: {'FOUND' if found_random is not None else 'not found'}; "
          f"{cpu_random:.2f} CPU-s")  # fmt: skip
    years = 2**SEED_BITS / rate / SECONDS_A_YEAR
    print(f"the whole {SEED_BITS}-bit space at {rate:,.0f} guesses a CPU-second: {years:.1e} CPU-years "
          f"(half of it, on average, to find one deal)")  # fmt: skip


if __name__ == "__main__":
    main()
