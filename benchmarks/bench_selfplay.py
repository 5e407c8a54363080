"""How fast do whole hands play? Random self-play, 4 players, per preset; prints figures only.

Every action goes through ``legal_actions`` (the random player's choice) and
``apply`` (which checks it again), as in a real game. Seeded, so runs compare.
Targets (issue 3), for bolivia: 5,000 actions/s and 50 hands/s on one core.

    .venv/bin/python benchmarks/bench_selfplay.py [--hands N] [--seed S] [--players P]
"""

from __future__ import annotations

import argparse
import platform
import time

from bolivia_core import get_rules, preset_names
from bolivia_core.game import new_game
from bolivia_core.players import GreedyPlayer, RandomPlayer


def play_hands(preset: str, players: int, hands: int, seed: int, kind: type) -> tuple[int, int, float]:
    """Play ``hands`` hands (new games as needed); returns (hands, actions, seconds)."""
    played = actions = 0
    start = time.process_time()
    game_number = 0
    while played < hands:
        game = new_game(preset, players, seed=seed + game_number, target=10**9)
        seats = [kind(seed * 10 + n) for n in range(players)]
        while played < hands and not game.is_over:
            game.apply(seats[game.to_move - 1].choose(game).action)
            actions += 1
            if game.phase == "hand over":
                played += 1
                game.apply("next hand")
                actions += 1
        played += game.is_over
        game_number += 1
    return played, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands per preset (default 60)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}; {args.players} players, "
          f"{args.hands} hands per preset, seed {args.seed}")  # fmt: skip
    columns = ("hands", 6), ("actions", 8), ("actions/s", 10), ("hands/s", 8), ("actions/hand", 13)
    print(f"{'preset':10} {'players':8} " + " ".join(f"{name:>{width}}" for name, width in columns))
    for kind in (RandomPlayer, GreedyPlayer):
        for preset in preset_names():
            if args.players not in get_rules(preset).sides:
                continue
            hands, actions, seconds = play_hands(preset, args.players, args.hands, args.seed, kind)
            print(f"{preset:10} {kind.__name__[:-6].lower():8} {hands:>6} {actions:>8,} {actions / seconds:>10,.0f} "
                  f"{hands / seconds:>8.1f} {actions / hands:>13.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
