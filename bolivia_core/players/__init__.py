"""Computer players by level, and the coach's advice for a human seat.

A player is anything with ``choose(view) -> Decision``: given the seat's view
(``bolivia_core.seat.SeatView``, which cannot hold another seat's hidden cards), a legal action and the
rationale for it, as data the message catalogue renders (so a coach can say why). The modules, each
one concern:

- ``decision``: what a player returns (``Decision``) and what a player is (``Player``);
- ``style``: the habits and named weights of each heuristic level (``Style``: ``CLUB``, ``STRONG``, ``BEGINNER``);
- ``simple``: the ``random`` and ``greedy`` players;
- ``heuristic``: every action scored with its reasons; the ``club`` and ``beginner`` players;
- ``lookahead``: the ``strong`` player, sampling the hidden hands and playing close calls out;
- ``expert``: the ``expert`` player, searching over sampled worlds within a budget (``Budget``);
- ``roster``: the players by name (``PLAYERS``, ``player_for``) and a seeded player for each seat;
- ``coach``: advice for a learner's seat: ``hint`` (the expert's move in one sentence, the numbers as
  data), ``rank_actions`` and ``coach_advice`` (a warning only for a clear mistake);
- ``review``: a hand's costliest decisions for one seat by the expert's estimate (``review``).
"""

from __future__ import annotations

from . import messages  # noqa: F401  (registers the players' words with render first)
from .coach import HINT_BUDGET, Advice, Hint, coach_advice, hint, main_reason, rank_actions
from .decision import Decision, Player
from .expert import Budget, ExpertPlayer
from .heuristic import BeginnerPlayer, ClubPlayer, RankedAction
from .lookahead import StrongPlayer
from .review import REVIEW_BUDGET, Moment, Review, review
from .roster import PLAYERS, known_kind, player_for, seat_players
from .simple import GreedyPlayer, RandomPlayer

__all__ = [
    "HINT_BUDGET", "PLAYERS", "REVIEW_BUDGET", "Advice", "BeginnerPlayer", "Budget", "ClubPlayer", "Decision",
    "ExpertPlayer", "GreedyPlayer", "Hint", "Moment", "Player", "RandomPlayer", "RankedAction", "Review",
    "StrongPlayer", "coach_advice", "hint", "known_kind", "main_reason", "player_for",
    "rank_actions", "review", "seat_players",
]  # fmt: skip
