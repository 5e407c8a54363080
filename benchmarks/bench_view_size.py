"""How big and how dear is the legal view of a play-phase position? Prints figures only.

Collects the play-phase positions of seeded random self-play (4 players, per preset), then for
each builds a fresh game from the position's text and reads its whole view: the mean number of
actions per view, and the CPU time (``time.process_time``) of ``len(legal_actions())`` per view
and per action. With ``--save FILE`` the positions are written down (one scenario text a line),
with ``--load FILE`` read back, so two versions of the engine can be measured on the very same
positions (their own self-play would wander apart once their views differ).

    .venv/bin/python benchmarks/bench_view_size.py [--hands N] [--seed S] [--save F | --load F]
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from bolivia_core import preset_names
from bolivia_core.game import Game, new_game
from bolivia_core.players import RandomPlayer
from bolivia_core.seat import seat_view


def play_phase_positions(preset: str, hands: int, seed: int) -> list[str]:
    """The text of every play-phase position of ``hands`` hands of seeded random play."""
    texts: list[str] = []
    played = game_number = 0
    while played < hands:
        game = new_game(preset, 4, seed=seed + game_number, target=10**9)
        seats = [RandomPlayer(seed * 10 + n) for n in range(4)]
        while played < hands and not game.is_over:
            if game.phase == "play":
                texts.append(game.position_text())
            game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
            if game.phase == "hand over":
                played += 1
                game.apply("next hand")
        game_number += 1
    return texts


def measure(texts: list[str], repeats: int) -> tuple[float, float]:
    """Mean actions per view, and the least over ``repeats`` of the CPU seconds of all views."""
    games = [Game.from_position(text) for text in texts]
    sizes = [len(Game.from_position(text).legal_actions()) for text in texts]
    best = float("inf")
    for _ in range(repeats):
        fresh = [Game(g.position.copy(), g.start) for g in games]
        start = time.process_time()
        for game in fresh:
            len(game.legal_actions())
        best = min(best, time.process_time() - start)
    return sum(sizes) / len(sizes), best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10, help="hands per preset (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    args = parser.parse_args()
    if args.load:
        lines = args.load.read_text(encoding="utf-8").splitlines()
        by_preset: dict[str, list[str]] = {}
        for line in lines:
            by_preset.setdefault(line.split(";")[0].removeprefix("rules="), []).append(line)
    else:
        by_preset = {preset: play_phase_positions(preset, args.hands, args.seed) for preset in preset_names()}
    if args.save:
        args.save.write_text("".join(t + "\n" for texts in by_preset.values() for t in texts), encoding="utf-8")
    print(f"python {platform.python_version()}; play-phase positions of seeded random self-play, 4 players"
          + (f", read from {args.load.name}" if args.load else f", {args.hands} hands per preset, seed {args.seed}"))
    print(f"{'preset':10} {'views':>6} {'actions/view':>13} {'µs/view':>9} {'µs/action':>10}")
    for preset, texts in by_preset.items():
        mean, seconds = measure(texts, args.repeats)
        print(f"{preset:10} {len(texts):>6} {mean:>13.1f} {seconds / len(texts) * 1e6:>9.0f} "
              f"{seconds / len(texts) / mean * 1e6:>10.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
