"""The computer players by name (``PLAYERS``), and a player for each seat of a seeded game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..i18n import render
from .decision import Player
from .heuristic import BeginnerPlayer, ClubPlayer
from .lookahead import StrongPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["PLAYERS", "seat_players"]

PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer, "club": ClubPlayer, "strong": StrongPlayer,
}  # fmt: skip
"""Computer players by level, weakest first; each class takes a seed."""

SEED_STRIDE = 10
"""Seat ``n`` of a game seeded ``s`` plays with seed ``s * SEED_STRIDE + n``."""


def seat_players(kinds: Sequence[str], players: int, game_seed: int) -> list[Player]:
    """A computer player for each seat, the kinds taken in turn (``greedy, random``: greedy for
    players 1 and 3), each seeded from the game's seed, so the same seed plays the same game."""
    unknown = [k for k in kinds if k not in PLAYERS]
    if unknown or not kinds:
        raise ValueError(render("player-unknown-kind", {"kind": repr(unknown[0] if unknown else ""),
                                                        "known": ", ".join(PLAYERS)}))  # fmt: skip
    return [PLAYERS[kinds[n % len(kinds)]](game_seed * SEED_STRIDE + n) for n in range(players)]
