"""How fast do whole hands play? Random and greedy self-play, 4 players, per preset; prints figures only.

CPU time (``time.process_time``). Every action goes through ``legal_actions`` (the player's
choice: the whole view, for a uniform pick) and ``apply`` (which trusts an action the view found
legal), as in a real game. Seeded, so runs compare. The last lines time ``len(legal_actions())``
alone on the play-phase positions of the random bolivia games (median and 90th percentile).
Targets (issue 10), for random bolivia: 25,000 actions/s; legal actions of a play-phase position
under 40 µs.

    .venv/bin/python benchmarks/bench_selfplay.py [--hands N] [--seed S] [--players P]
"""

from __future__ import annotations

import argparse
import platform
import time

from bolivia_core import get_rules, preset_names
from bolivia_core.game import Game, new_game
from bolivia_core.players import GreedyPlayer, RandomPlayer
from bolivia_core.seat import seat_view


def play_hands(preset: str, players: int, hands: int, seed: int, kind: type) -> tuple[int, int, float]:
    """Play ``hands`` hands (new games as needed); returns (hands, actions, seconds)."""
    played = actions = 0
    start = time.process_time()
    game_number = 0
    while played < hands:
        game = new_game(preset, players, seed=seed + game_number, target=10**9)
        seats = [kind(seed * 10 + n) for n in range(players)]
        while played < hands and not game.is_over:
            game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
            actions += 1
            if game.phase == "hand over":
                played += 1
                game.apply("next hand")
                actions += 1
        played += game.is_over
        game_number += 1
    return played, actions, time.process_time() - start


def legal_action_times(hands: int, seed: int) -> list[float]:
    """CPU seconds of ``len(legal_actions())`` on each play-phase position of random bolivia hands."""
    times = []
    played = 0
    game_number = 0
    while played < hands:
        game = new_game("bolivia", 4, seed=seed + game_number, target=10**9)
        player = RandomPlayer(seed)
        while played < hands and not game.is_over:
            if game.phase == "play":
                probe = Game.from_position(game.position_text())
                start = time.process_time()
                len(probe.legal_actions())
                times.append(time.process_time() - start)
            game.apply(player.choose(seat_view(game, game.to_move)).action)
            if game.phase == "hand over":
                played += 1
                game.apply("next hand")
        game_number += 1
    return times


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
    times = sorted(legal_action_times(max(1, args.hands // 6), args.seed))
    median, p90 = times[len(times) // 2], times[int(len(times) * 0.9)]
    print(f"legal_actions() of a play-phase position, random bolivia ({len(times)} positions): "
          f"median {median * 1e6:,.0f} µs, 90th percentile {p90 * 1e6:,.0f} µs")


if __name__ == "__main__":
    main()
