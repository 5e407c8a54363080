"""Whole games played by computer players from seeds, tallied side by side: ``simulate``, reporting from
the one runner of games (``runner``)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..i18n import format_number, render
from ..players import seat_players
from ..rules import Rules, resolve_rules
from .runner import MAX_ACTIONS_PER_GAME, GameRecord, GameSpec, deal_seed, play_game, run_games

__all__ = ["MAX_ACTIONS_PER_GAME", "GameRecord", "SimulationResult", "play_game", "simulate"]


@dataclass
class SimulationResult:
    """Seeded games of one rule set and table, each game's record, and the tallies read from them."""

    rules: str
    players: int
    kinds: tuple[str, ...]
    games: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def actions(self) -> int:
        return sum(g.actions for g in self.games)

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        sides = len(self.games[0].scores) if self.games else 0
        return {
            "rules": self.rules,
            "players": self.players,
            "kinds": list(self.kinds),
            "games": len(self.games),
            "wins": [sum(g.winner == s for g in self.games) for s in range(sides)],
            "draws": sum(g.winner is None for g in self.games),
            "mean_scores": [round(sum(g.scores[s] for g in self.games) / len(self.games)) for s in range(sides)],
            "hands": self.hands,
            "hands_gone_out": sum(g.went_out for g in self.games),
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else None,
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
        }

    def __str__(self) -> str:
        d = self.to_dict()
        wins = ", ".join(render("sim-side-wins", {"side": s + 1, "wins": w}) for s, w in enumerate(d["wins"]))
        return "\n".join([
            render("sim-games", {"games": d["games"], "rules": self.rules, "players": self.players,
                                 "kinds": ", ".join(self.kinds)}),
            render("sim-wins", {"wins": wins, "draws": d["draws"]}),
            render("sim-mean-scores", {"scores": ", ".join(format_number(s) for s in d["mean_scores"])}),
            render("sim-hands", {"hands": d["hands"], "gone_out": d["hands_gone_out"], "actions": d["actions"],
                                 "seconds": float(d["seconds"]), "per_second": d["actions_per_second"] or 0,
                                 "hands_per_second": float(d["hands_per_second"] or 0)}),
        ])  # fmt: skip


def simulate(
    rules: Rules | str = "bolivia",
    players: int = 4,
    games: int = 10,
    seed: int = 1,
    kinds: Sequence[str] = ("greedy",),
    target: int | None = None,
) -> SimulationResult:
    """Play ``games`` whole games; seat ``n`` uses ``kinds[n % len(kinds)]``."""
    rules = resolve_rules(rules)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    seat_players(kinds, players, seed)  # refuses unknown kinds before any game is dealt
    seat_kinds = tuple(kinds[n % len(kinds)] for n in range(players))
    specs = [GameSpec(rules, players, deal_seed(seed, number), seat_kinds, target) for number in range(games)]
    result = SimulationResult(rules.name, players, seat_kinds)
    start = time.perf_counter()
    result.games.extend(run_games(specs))
    result.seconds = time.perf_counter() - start
    return result
