"""The review of a hand for one seat: its costliest decisions by the expert's estimate.

``review(game, seat)`` replays the hand and, at each decision the seat had (more than one legal move), asks the
expert's search to compare the move played with the expert's own choice on the same sampled worlds, from the seat's
view at that moment: never from the cards it could not see then. A quick pass over every decision (``SCREEN_BUDGET``
each) finds the likeliest mistakes; the few that cost most are weighed again at the full ``budget``, and the three
that lost most points on average (at least ``MIN_LOSS``; one a turn, the costliest) are the review. Each moment
carries the game's action index, so a page can put that position back on the table ("show me"), the move played, the
better move and its main reason, as data the catalogue says in every language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actions import Action
from ..game import Game
from ..i18n import Explanation
from ..seat import SeatView, seat_view
from .coach import main_reason
from .expert import Budget, SearchResult, Stop, rationale, search

__all__ = ["MIN_LOSS", "REVIEW_BUDGET", "REVIEW_MOMENTS", "SCREEN_BUDGET", "Moment", "Review", "review"]

REVIEW_BUDGET = Budget(playouts=160)
"""The search budget for each of the decisions weighed again."""
SCREEN_BUDGET = Budget(playouts=24)
"""The quick pass's budget for every decision of the hand."""
RECHECKED = 6
"""Decisions weighed again at the full budget: the costliest of the quick pass."""
REVIEW_MOMENTS = 3
MIN_LOSS = 10.0
"""Points a move must have lost on average to be a moment of the review: less is within the noise."""


@dataclass(frozen=True)
class Moment:
    """One costly decision: where it was (the game's action index: the decision was made with ``index`` actions
    played, the position ``game.replay()`` yields at that step; the seat's turn of the hand), the move played,
    the better move and the points the move played lost against it on average over ``worlds`` sampled worlds,
    and why (data)."""

    index: int
    turn: int
    played: Action
    better: Action
    lost: float
    worlds: int
    reason: Explanation
    """The better move's main reason (a hint's reason)."""
    why: tuple[Explanation, ...]
    """Every reason for the better move, and what the search measured."""

    @property
    def line(self) -> Explanation:
        """The moment in one sentence."""
        return Explanation("review-moment", None, {"turn": self.turn, "played": self.played, "better": self.better,
                                                   "lost": round(self.lost), "reason": (self.reason,)})  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "turn": self.turn, "played": str(self.played), "better": str(self.better),
                "lost": round(self.lost, 1), "worlds": self.worlds, "line": self.line.to_dict(),
                "why": [w.to_dict() for w in self.why]}  # fmt: skip


@dataclass(frozen=True)
class Review:
    """A hand's review for one seat: the costliest moments (at most ``REVIEW_MOMENTS``, costliest first),
    the decisions weighed, and the CPU time it took."""

    seat: int
    hand: int
    moments: tuple[Moment, ...]
    decisions: int
    cpu_ns: int

    @property
    def heading(self) -> Explanation:
        code = "review-heading" if self.moments else "review-none"
        return Explanation(code, None, {"decisions": self.decisions, "moments": len(self.moments),
                                        "threshold": round(MIN_LOSS)})  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "hand": self.hand, "decisions": self.decisions, "heading": self.heading.to_dict(),
                "moments": [m.to_dict() for m in self.moments], "cpu_ms": round(self.cpu_ns / 1e6)}  # fmt: skip


@dataclass(frozen=True)
class _Decision:
    index: int
    turn: int
    view: SeatView
    played: Action


def review(
    game: Game, seat: int, budget: Budget | str | float = REVIEW_BUDGET, *, hand: int | None = None, seed: int = 0,
    screen: Budget | str | float = SCREEN_BUDGET, stop: Stop | None = None,
) -> Review:  # fmt: skip
    """The review of ``hand`` (the last hand played to its end, else the hand in play) for ``seat``:
    its costliest decisions by the expert's estimate (see the module's docstring), each weighed first at
    the ``screen`` budget, the costliest again at ``budget``. ``stop`` cuts the searches short; the review
    is then made of what they found."""
    budget, screen = Budget.parse(budget), Budget.parse(screen)
    decisions = _decisions(game, seat, hand)
    cpu = 0
    screened: list[tuple[float, _Decision]] = []
    for decision in decisions:
        result = search(decision.view, screen, seed, include=(decision.played,), stop=stop)
        cpu += result.cpu_ns
        screened.append((_lost(result, decision.played), decision))
    screened.sort(key=lambda s: (-s[0], s[1].index))
    moments = []
    for screened_loss, decision in screened[:RECHECKED]:
        if screened_loss <= 0:
            break
        result = search(decision.view, budget, seed, include=(decision.played,), stop=stop)
        cpu += result.cpu_ns
        lost = _lost(result, decision.played)
        if lost >= MIN_LOSS:
            best = result.best
            reason = main_reason(decision.view, best.action, best.ranked.rationale)
            moments.append(Moment(decision.index, decision.turn, decision.played, best.action, lost,
                                  result.worlds, reason, rationale(decision.view, result)))  # fmt: skip
    moments.sort(key=lambda m: (-m.lost, m.index))
    moments = [m for at, m in enumerate(moments) if all(other.turn != m.turn for other in moments[:at])]
    hand_number = decisions[0].view.hand_number if decisions else (hand or game.position.hand_number)
    return Review(seat, hand_number, tuple(moments[:REVIEW_MOMENTS]), len(decisions), cpu)


def _lost(result: SearchResult, played: Action) -> float:
    """How many points the move played came out behind the search's best, on the worlds both were played on."""
    for at, estimate in enumerate(result.estimates):
        if estimate.action == played:
            return result.paired[at - 1] if at else 0.0
    return 0.0


def _decisions(game: Game, seat: int, hand: int | None) -> list[_Decision]:
    """The seat's decisions in the hand, each with its view then: those with more than one legal move."""
    if hand is None:
        hand = game.results[-1].hand_number if game.results else game.position.hand_number
    found: list[_Decision] = []
    turn = 0
    for index, (before, action) in enumerate(zip(game.replay(), game.history, strict=False)):
        pos = before.position
        if pos.hand_number != hand or pos.turn != seat or pos.phase not in ("draw", "play", "answer"):
            continue
        if pos.phase == "draw":
            turn += 1
        view = seat_view(before, seat)
        if len(view.legal_actions()) > 1:
            found.append(_Decision(index, max(turn, 1), view, action))
    return found

