"""OpenSpiel's ISMCTS bot against our levels: an independent check of their strength; prints figures only.

Two-player Bolivia hands of the registered OpenSpiel game (``bolivia_env.openspiel``) on duplicate deals:
each deal is played twice, the bot in either seat, against one of our levels (random, greedy, club,
strong) in the other. The bot searches ``--simulations`` sampled worlds a step (OpenSpiel's ``ISMCTSBot``,
worlds from ``resample_from_infostate``), each leaf valued by the look-ahead's estimate of the hand (the
table's points and bonuses in prospect, less the cards held), as a rollout of hundreds of steps a leaf
is beyond a Python game. A hand is won by the seat whose side scored more in it. The table gives the
bot's hands won with a 95% Wilson interval and its mean margin in points, and its CPU time a decision.

    .venv/bin/python benchmarks/bench_ismcts.py [--deals N] [--simulations S] [--levels random,club] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot

from bolivia_core.players import PLAYERS
from bolivia_core.players.lookahead import estimate
from bolivia_core.seat import seat_view
from bolivia_env.encoding import spell
from bolivia_env.openspiel import BoliviaState

GAME = "python_bolivia(players=2,rules=bolivia)"


class EstimateEvaluator:
    """Values a leaf by ``lookahead.estimate`` (points in prospect, each player against the other)."""

    def evaluate(self, state: BoliviaState) -> np.ndarray[Any, Any]:
        game = state.bolivia
        assert game is not None
        mine = estimate(game, game.position.side_of(1))
        return np.array([mine, -mine])

    def prior(self, state: BoliviaState) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: Any, deal: int, bot_seat: int, level: str, simulations: int, seed: int) -> tuple[float, list[float]]:
    """One hand: the bot's margin in points, and its CPU seconds per decision."""
    bot = ISMCTSBot(game, EstimateEvaluator(), uct_c=300.0, max_simulations=simulations,
                    random_state=np.random.RandomState(seed))  # fmt: skip
    level_player = PLAYERS[level](seed)
    state = game.new_initial_state()
    state.apply_action(deal)
    times: list[float] = []
    queued: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        if player == bot_seat:
            start = time.process_time()
            action = bot.step(state)
            times.append(time.process_time() - start)
        else:
            if not queued:  # our level chooses a whole action on the engine's game; its steps follow
                chosen = level_player.choose(seat_view(state.bolivia, state.bolivia.to_move)).action
                steps = spell(chosen)
                assert steps is not None, chosen
                queued = list(steps)
            action = queued.pop(0)
        state.apply_action(action)
    returns = state.returns()
    return returns[bot_seat] - returns[1 - bot_seat], times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6, help="deals a level, each played twice (default 6)")
    parser.add_argument("--simulations", type=int, default=40, help="ISMCTS simulations a step (default 40)")
    parser.add_argument("--levels", default="random,greedy,club,strong")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = pyspiel.load_game(GAME)
    print(f"python {platform.python_version()}; {GAME}; ISMCTS with {args.simulations} simulations a step, "
          f"leaves valued by the look-ahead's estimate; {args.deals} deals a level, each played in both seats")
    print(f"{'against':8} {'hands':>5} {'bot won':>8} {'95% Wilson':>15} {'mean margin':>12} {'ms/decision':>12}")
    rng = random.Random(args.seed)
    for level in args.levels.split(","):
        margins: list[float] = []
        times: list[float] = []
        for _ in range(args.deals):
            deal = rng.randrange(game.max_chance_outcomes())
            for bot_seat in (0, 1):
                margin, spent = play(game, deal, bot_seat, level, args.simulations, rng.randrange(2**31))
                margins.append(margin)
                times.extend(spent)
        wins = sum(m > 0 for m in margins) + 0.5 * sum(m == 0 for m in margins)
        low, high = wilson(wins, len(margins))
        print(f"{level:8} {len(margins):>5} {wins / len(margins):>8.0%} {f'{low:.0%}-{high:.0%}':>15} "
              f"{statistics.mean(margins):>+12,.0f} {1000 * statistics.median(times):>12.0f}", flush=True)


if __name__ == "__main__":
    main()
