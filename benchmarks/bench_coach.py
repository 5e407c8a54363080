"""How often does the coach warn? Warnings per 100 learner moves, by the level in the learner's seat.

A computer level plays the learner's seat (player 1) and club plays the three others, in seeded
4-player hands; at each of the learner's draw and play decisions, ``coach_advice`` judges the move
that level made (the coach at its default, ``strong``, seeded by the move number as a page seeds
it), and also the hint itself, played instead. Issue 24 asks: at most 10 warnings per 100 ``club``
moves, and 0 on hints followed. The ``beginner`` row shows the coach does warn where mistakes are
made. Prints figures only; CPU time (``time.process_time``) per judged move, hint included.

    .venv/bin/python benchmarks/bench_coach.py [--hands N] [--seed S] [--rules R] [--levels club,beginner]
"""

from __future__ import annotations

import argparse
import platform
import time
from collections import Counter

from bolivia_core.game import new_game
from bolivia_core.players import coach_advice, hint, seat_players
from bolivia_core.seat import seat_view

LEARNER = 1


def measure(preset: str, level: str, hands: int, seed: int) -> tuple[int, int, int, Counter[str], float]:
    """(learner moves, warnings on them, warnings on hints followed, warning kinds, CPU seconds)."""
    moves = warned = warned_on_hints = 0
    kinds: Counter[str] = Counter()
    seconds = 0.0
    for number in range(hands):
        game = new_game(preset, 4, seed=seed + number)
        seats = seat_players(["club"], 4, seed + number)
        seats[LEARNER - 1] = seat_players([level], 4, seed + number)[LEARNER - 1]
        while game.phase in ("draw", "play", "answer"):
            action = seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action
            if game.to_move == LEARNER and game.phase in ("draw", "play"):
                move_seed = seed * 100_003 + len(game.history)
                start = time.process_time()
                advice = coach_advice(seat_view(game, LEARNER), action, seed=move_seed)
                seconds += time.process_time() - start
                moves += 1
                if advice is not None:
                    warned += 1
                    kinds[type(advice.action).__name__] += 1
                followed = hint(seat_view(game, LEARNER), "strong", seed=move_seed).action
                warned_on_hints += coach_advice(seat_view(game, LEARNER), followed, seed=move_seed) is not None
            game.apply(action)
    return moves, warned, warned_on_hints, kinds, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="bolivia")
    parser.add_argument("--levels", default="club,beginner")
    args = parser.parse_args()
    print(f"coach warnings, {args.rules}, 4 players, {args.hands} hands from seed {args.seed}, strong coach; "
          f"Python {platform.python_version()}")  # fmt: skip
    for level in args.levels.split(","):
        moves, warned, on_hints, kinds, seconds = measure(args.rules, level, args.hands, args.seed)
        per_100 = 100 * warned / max(1, moves)
        said = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())) or "none"
        print(f"{level:>9}: {warned} warnings on {moves} moves = {per_100:.1f} per 100 moves ({said}); "
              f"{on_hints} on hints followed; {1000 * seconds / max(1, moves):.1f} ms CPU per judged move")  # fmt: skip


if __name__ == "__main__":
    main()
