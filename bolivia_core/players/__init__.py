"""Computer players by level, and the coach's advice for a human seat.

A player is anything with ``choose(game) -> Decision``: a legal action and the rationale for it, as data
the message catalogue renders (so a coach can say why). Every level reads the game through the seat's
view (``bolivia_core.seat.SeatView``), so a choice never depends on a card its seat cannot see. The
modules, each one concern:

- ``decision``: what a player returns (``Decision``) and what a player is (``Player``);
- ``style``: the habits and named weights of each heuristic level (``Style``: ``CLUB``, ``STRONG``, ``BEGINNER``);
- ``simple``: the ``random`` and ``greedy`` players;
- ``heuristic``: every action scored with its reasons; the ``club`` and ``beginner`` players;
- ``lookahead``: the ``strong`` player, sampling the hidden hands and playing close calls out;
- ``roster``: the players by name (``PLAYERS``) and a seeded player for each seat;
- ``coach``: advice for a learner's seat: ``hint``, ``rank_actions`` and ``coach_advice`` (a warning
  only for a clear mistake).
"""

from __future__ import annotations

from . import messages  # noqa: F401  (registers the players' words with render first)
from .coach import Advice, coach_advice, hint, rank_actions, view_hint
from .decision import Decision, Player
from .heuristic import BeginnerPlayer, ClubPlayer, RankedAction
from .lookahead import StrongPlayer
from .roster import PLAYERS, seat_players
from .simple import GreedyPlayer, RandomPlayer

__all__ = [
    "PLAYERS", "Advice", "BeginnerPlayer", "ClubPlayer", "Decision", "GreedyPlayer", "Player", "RandomPlayer",
    "RankedAction", "StrongPlayer", "coach_advice", "hint", "rank_actions", "seat_players", "view_hint",
]  # fmt: skip
