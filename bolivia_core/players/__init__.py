"""Computer players by level, and the coach's advice for a human seat.

A player is anything with ``choose(game) -> Decision``: a legal action and the rationale for it, as data
the message catalogue renders (so a coach can say why). ``simple`` has the random and greedy players;
``levels`` the levels worth playing against (``beginner``, ``club``, ``strong``) and the coach's
``rank_actions``; ``PLAYERS`` names them all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import Game
from .decision import Decision, Player
from .levels import BeginnerPlayer, ClubPlayer, RankedAction, StrongPlayer, rank_actions
from .simple import GreedyPlayer, RandomPlayer

__all__ = [
    "PLAYERS", "BeginnerPlayer", "ClubPlayer", "Decision", "GreedyPlayer", "Player", "RandomPlayer", "RankedAction",
    "StrongPlayer", "hint", "rank_actions", "seat_players",
]  # fmt: skip

PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer, "club": ClubPlayer, "strong": StrongPlayer,
}  # fmt: skip
"""Computer players by level, weakest first; each class takes a seed."""


def hint(game: Game, seat: int, level: str = "strong", seed: int = 0) -> Decision:
    """What a computer player of ``level`` would do now for ``seat`` (a human's), and why."""
    if level not in PLAYERS:
        raise ValueError(f"unknown player level {level!r}; known: {', '.join(PLAYERS)}")
    if seat != game.to_move or game.is_over:
        raise ValueError(f"player {seat} has nothing to decide now: it is player {game.to_move}'s turn")
    return PLAYERS[level](seed).choose(game)


def seat_players(kinds: Sequence[str], players: int, game_seed: int) -> list[Player]:
    """A computer player for each seat, the kinds taken in turn (``greedy, random``: greedy for
    players 1 and 3), each seeded from the game's seed, so the same seed plays the same game."""
    unknown = [k for k in kinds if k not in PLAYERS]
    if unknown or not kinds:
        raise ValueError(f"unknown player kind {unknown[0] if unknown else ''!r}; known: {', '.join(PLAYERS)}")
    return [PLAYERS[kinds[n % len(kinds)]](game_seed * 10 + n) for n in range(players)]
