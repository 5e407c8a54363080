"""Tournaments between computer levels: who wins, by how much, and how fast each decides.

Every deal is played once per side with the first-named level on that side
(seats rotated, partnerships swapped), so both levels hold the same cards in
turn and luck of the deal cancels out. The games are played by the one runner
(``runner``, as under ``simulate``), which times each ``choose`` call in CPU time.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..game import new_game
from ..i18n import format_signed, render
from ..players import PLAYERS, known_kind
from ..rules import Rules, resolve_rules
from .runner import GameRecord, GameSpec, deal_seed, run_games

__all__ = ["GameOutcome", "TournamentResult", "percentile", "play_tournament", "side_levels", "wilson_interval"]


@dataclass(frozen=True)
class GameOutcome:
    """One tournament game from the first-named level's side."""

    first_side: int
    result: float  # 1 won, 0.5 drawn, 0 lost
    margin: int  # its final score less the best other side's
    hands: int
    went_out: int
    actions: int
    decision_ns: tuple[tuple[str, tuple[int, ...]], ...]

    @classmethod
    def of(cls, record: GameRecord, first_side: int) -> GameOutcome:
        """The runner's record of a game, seen from ``first_side``; decision times by level."""
        scores = record.scores
        result = 0.5 if record.winner is None else float(record.winner == first_side)
        best_other = max(s for i, s in enumerate(scores) if i != first_side)
        times: dict[str, list[int]] = {level: [] for level in dict.fromkeys(record.seat_levels)}
        for level, seat_times in zip(record.seat_levels, record.decision_ns, strict=True):
            times[level].extend(seat_times)
        return cls(
            first_side, result, scores[first_side] - best_other, record.hands, record.went_out, record.actions,
            tuple((level, tuple(values)) for level, values in times.items()),
        )  # fmt: skip


@dataclass
class TournamentResult:
    """The games of a tournament between two levels, each one's outcome, and the win rate read from them."""

    rules: str
    players: int
    seats: tuple[str, ...]
    outcomes: list[GameOutcome] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        results = [o.result for o in self.outcomes]
        n = len(results)
        mean = sum(results) / n
        low, high = wilson_interval(mean, n)
        hands = sum(o.hands for o in self.outcomes)
        times: dict[str, list[int]] = {}
        for outcome in self.outcomes:
            for level, values in outcome.decision_ns:
                times.setdefault(level, []).extend(values)
        return {
            "rules": self.rules,
            "players": self.players,
            "seats": list(self.seats),
            "games": n,
            "win_rate": round(mean, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_margin": round(sum(o.margin for o in self.outcomes) / n, 1),
            "going_out_share": round(sum(o.went_out for o in self.outcomes) / hands, 4) if hands else 0.0,
            "mean_hand_actions": round(sum(o.actions for o in self.outcomes) / hands, 1) if hands else 0.0,
            "decision_ms": {
                level: {"median": _ms(percentile(values, 50)), "p99": _ms(percentile(values, 99))}
                for level, values in times.items()
            },
        }

    def __str__(self) -> str:
        d = self.to_dict()
        first, *others = self.seats
        low, high = d["ci95"]
        times = "; ".join(render("tournament-level-time", {"level": level, "median": float(t["median"]),
                                                           "p99": float(t["p99"])})
                          for level, t in d["decision_ms"].items())  # fmt: skip
        margin = round(d["mean_margin"])
        signed_margin = format_signed(margin)
        return "\n".join([
            render("tournament-games", {"games": d["games"], "rules": self.rules, "players": self.players,
                                        "first": first, "others": ", ".join(others)}),
            render("tournament-wins", {"first": first, "rate": 100 * d["win_rate"], "low": 100 * low,
                                       "high": 100 * high, "margin": signed_margin}),
            render("tournament-going-out", {"share": 100 * d["going_out_share"],
                                            "actions": float(d["mean_hand_actions"])}),
            render("tournament-times", {"times": times}),
        ])  # fmt: skip


def wilson_interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate over ``games`` games (a draw counts half).

    The normal approximation (rate ± 1.96 standard errors) gives a zero-width interval when every
    game is won or lost and overshoots near 0 and 1, where strong levels against weak ones live;
    Wilson's interval stays inside 0..1 and widens honestly with few games."""
    if games <= 0:
        return 0.0, 1.0
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z / (1 + spread) * math.sqrt(rate * (1 - rate) / games + spread / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[int], percent: float) -> int:
    """Nearest-rank percentile."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


def _ms(ns: int) -> float:
    return round(ns / 1e6, 2)


def side_levels(seats: Sequence[str], sides: int, first_side: int) -> list[str]:
    """The level of each side: the first-named on ``first_side``, the others in turn elsewhere."""
    others = list(seats[1:])
    levels = []
    for side in range(sides):
        if side == first_side:
            levels.append(seats[0])
        else:
            levels.append(others[(side - (side > first_side)) % len(others)])
    return levels


def play_tournament(
    rules: Rules | str = "bolivia",
    players: int = 4,
    seats: Sequence[str] = ("club", "greedy"),
    games: int = 10,
    seed: int = 1,
    workers: int = 1,
    target: int | None = None,
    progress: Callable[[Iterable[GameOutcome], int], Iterable[GameOutcome]] | None = None,
) -> TournamentResult:
    """Play ``games`` games, each deal once with the first-named level on each side in turn."""
    rules = resolve_rules(rules)
    seats = tuple(seats)
    if len(seats) < 2:
        raise ValueError(render("tournament-too-few-seats", {"seats": repr(",".join(seats))}))
    unknown = [s for s in seats if not known_kind(s)]
    if unknown:
        raise ValueError(render("player-unknown-level", {"level": repr(unknown[0]), "known": ", ".join(PLAYERS)}))
    if type(games) is not int or games < 1:
        raise ValueError(render("tournament-bad-games", {"given": repr(games)}))
    if type(workers) is not int or workers < 1:
        raise ValueError(render("tournament-bad-workers", {"given": repr(workers)}))
    if type(seed) is not int:
        raise ValueError(render("game-seed", {"value": repr(seed)}))
    position = new_game(rules, players, seed, target).position  # refuses a table size or target the rules do not allow
    sides = position.side_count
    side_of_seat = [position.side_of(p) for p in range(1, players + 1)]
    first_sides = [number % sides for number in range(games)]
    specs = []
    for number, first_side in enumerate(first_sides):
        levels = side_levels(seats, sides, first_side)
        seat_levels = tuple(levels[side] for side in side_of_seat)
        specs.append(GameSpec(rules, players, deal_seed(seed, number // sides), seat_levels, target, timed=True))
    records = run_games(specs, workers)
    outcomes = map(GameOutcome.of, records, first_sides)
    result = TournamentResult(rules.name, players, seats)
    result.outcomes.extend(progress(outcomes, games) if progress else outcomes)
    return result


def terminal_progress(outcomes: Iterable[GameOutcome], total: int) -> Iterable[GameOutcome]:
    """Games played so far, on one line of a terminal in the current language; nothing when the
    output is piped."""
    if not sys.stderr.isatty():
        return outcomes
    return _progress_line(outcomes, total)


def _progress_line(outcomes: Iterable[GameOutcome], total: int) -> Iterator[GameOutcome]:
    for done, outcome in enumerate(outcomes, start=1):
        print("\r" + render("tournament-progress", {"done": done, "total": total}), end="", file=sys.stderr, flush=True)
        yield outcome
    print(file=sys.stderr)
