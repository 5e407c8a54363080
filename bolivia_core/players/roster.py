"""The computer players by name (``PLAYERS``), and a player for each seat of a seeded game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..i18n import render
from .decision import Player
from .expert import Budget, ExpertPlayer
from .heuristic import BeginnerPlayer, ClubPlayer
from .lookahead import StrongPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["PLAYERS", "known_kind", "player_for", "seat_players"]

PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer, "club": ClubPlayer, "strong": StrongPlayer, "expert": ExpertPlayer,
}  # fmt: skip
"""Computer players by level, weakest first; each class takes a seed."""

SEARCHING: dict[str, Callable[[int, Budget], Player]] = {"expert": ExpertPlayer}
"""The levels whose budget a kind may name after ``@``: ``expert@250ms``, ``expert@400p``."""

SEED_STRIDE = 10
"""Seat ``n`` of a game seeded ``s`` plays with seed ``s * SEED_STRIDE + n``."""


def player_for(kind: str, seed: int) -> Player:
    """A player of ``kind``: a level's name, or a searching level with its budget (``expert@0.25s``).
    An unknown level, or a budget that is not one, is refused with ``ValueError``."""
    level, at, budget = kind.partition("@")
    if level not in PLAYERS or (at and level not in SEARCHING):
        raise ValueError(render("player-unknown-kind", {"kind": repr(kind), "known": ", ".join(PLAYERS)}))
    return SEARCHING[level](seed, Budget.parse(budget)) if at else PLAYERS[level](seed)


def known_kind(kind: str) -> bool:
    """Whether ``player_for`` makes a player of ``kind``."""
    try:
        player_for(kind, 0)
    except ValueError:
        return False
    return True


def seat_players(kinds: Sequence[str], players: int, game_seed: int) -> list[Player]:
    """A computer player for each seat, the kinds taken in turn (``greedy, random``: greedy for
    players 1 and 3), each seeded from the game's seed, so the same seed plays the same game."""
    if not kinds:
        raise ValueError(render("player-unknown-kind", {"kind": repr(""), "known": ", ".join(PLAYERS)}))
    for kind in dict.fromkeys(kinds):
        player_for(kind, 0)  # refuses an unknown kind before any seat is made
    return [player_for(kinds[n % len(kinds)], game_seed * SEED_STRIDE + n) for n in range(players)]
