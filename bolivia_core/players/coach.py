"""The coach beside a learner's seat: a hint on demand, the ranking of the moves considered, and a
warning only for a clear mistake. Every call takes the learner's seat view (``seat_view(game, seat)``).

``hint`` is what the coach suggests now: by default the expert's move within the page's budget
(``HINT_BUDGET``, counted in playouts, so the same position and seed give the same hint), as one short
sentence (the move and its main reason) and, behind "why?", the numbers as data: the heuristic's reasons
and what the search measured (the worlds it tried, the points the move came out ahead of the runner-up).
``SeatView.could_go_out`` says when asking partner is worth suggesting at all. The coach advises; it does not
stand in the way: ``coach_advice`` is ``None`` unless the learner's move is a clear mistake by the
coach's own reckoning, else one line of data with the move it suggests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Discard, TakePile, parse_action
from ..i18n import Explanation, render
from ..seat import SeatView
from .decision import Decision
from .expert import Budget, ExpertPlayer, SearchResult, Stop
from .heuristic import RankedAction, candidates, score_actions
from .roster import PLAYERS
from .style import BEGINNER, CLUB, STRONG, Style

__all__ = [
    "AGAINST", "CLEAR_MISTAKE", "HINT_BUDGET", "Advice", "Hint", "coach_advice", "hint",
    "main_reason", "rank_actions",
]  # fmt: skip

HINT_BUDGET = Budget(playouts=64)
"""The page's budget for a hint: about half a CPU second here, and the same hint for the same position."""

CLEAR_MISTAKE = 150.0
"""A move is a clear mistake when the coach's heuristic rates it this far or further below the hint
(heuristic points, the same margin below which ``strong`` looks ahead rather than trust the ranking)."""

AGAINST = frozenset({
    "why-feeds", "why-feeds-known", "why-not-waste-wilds", "why-keep-for-escalera", "why-keep-for-sequence-meld",
    "why-keep-pair-for-pile",
    "why-no-ask-not-ready", "why-no-ask-loose", "why-no-ask-optional", "why-answer-yes-heavy",
    "why-answer-no-light",
})  # fmt: skip
"""The heuristic's reasons that speak against the move they are given for: the only reasons of the
learner's own move a warning repeats (a neutral one, "the card least useful to its side", would
contradict it)."""

DOUBT = "why-strong-no-better"
"""The look-ahead's note that the move it did not choose came out ahead: never part of a warning."""

_RANKING_STYLE: dict[str, Style] = {"beginner": BEGINNER, "club": CLUB, "strong": STRONG}


# --- the hint ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """The coach's suggestion: the move, one short sentence that says it and its main reason, and the
    decision behind it (every reason, and for the expert what its search measured, as data)."""

    decision: Decision
    sentence: Explanation
    """One sentence, the move and its main reason: "Best now: discard 7C, because your hand needs it least"."""
    search: SearchResult | None = None
    """The expert's search (``None`` for another level's hint): its worlds, playouts and estimates."""

    @property
    def action(self) -> Action:
        return self.decision.action

    @property
    def why(self) -> tuple[Explanation, ...]:
        """What "why?" opens: the heuristic's reasons for the move, then what the search measured."""
        return self.decision.rationale

    def text(self, language: str | None = None) -> str:
        return self.sentence.text(language)

    def to_dict(self) -> dict[str, Any]:
        """As JSON data: the move in notation, the sentence and the reasons as codes and params (with the
        English text beside them), and the search's figures."""
        data: dict[str, Any] = {"action": str(self.action), "sentence": self.sentence.to_dict(),
                                "why": [w.to_dict() for w in self.why]}  # fmt: skip
        if self.search is not None:
            result = self.search
            data["search"] = {"worlds": result.worlds, "playouts": result.playouts,
                              "cpu_ms": round(result.cpu_ns / 1e6, 1), "stopped": result.stopped,
                              "estimates": [{"action": str(e.action), "points": round(e.mean, 1),
                                             "error": round(e.error, 1), "worlds": e.worlds}
                                            for e in result.estimates]}  # fmt: skip
        return data


def hint(
    view: SeatView, level: str = "expert", *, budget: Budget | str | float | None = None, seed: int = 0,
    stop: Stop | None = None,
) -> Hint:  # fmt: skip
    """What the coach suggests now for the seat of ``view`` (a learner's): the expert's move within
    ``budget`` (``HINT_BUDGET`` unless told; ``stop`` ends its search early with its best so far), or
    what another computer ``level`` would play. A seat with nothing to decide is refused."""
    _check_to_move(view)
    if level == "expert":
        decision, result = ExpertPlayer(seed, HINT_BUDGET if budget is None else budget).decide(view, stop)
        return Hint(decision, _sentence(view, decision, result), result)
    if level not in PLAYERS:
        raise ValueError(render("player-unknown-level", {"level": repr(level), "known": ", ".join(PLAYERS)}))
    decision = PLAYERS[level](seed).choose(view)
    return Hint(decision, _sentence(view, decision, None))


def _sentence(view: SeatView, decision: Decision, result: SearchResult | None) -> Explanation:
    overruled = result is not None and result.worlds > 0 and any(
        e.ranked.score > result.best.ranked.score for e in result.estimates
    )  # the search chose another move than the heuristic rates best: its numbers are the reason
    reason = _search_reason(result) if overruled and result is not None else None
    reason = reason or main_reason(view, decision.action, decision.rationale)
    return Explanation("hint-says", None, {"action": decision.action, "reason": (reason,)})


def _search_reason(result: SearchResult) -> Explanation | None:
    runner = result.runner_up
    if runner is None:
        return None
    return Explanation("hint-why:search", None, {"worlds": result.worlds, "margin": round(result.margin()),
                                                 "other": runner.action})  # fmt: skip


_MAIN_REASON = {
    "why-go-out": "hint-why:go-out", "why-go-out-club": "hint-why:go-out", "why-go-out-discard": "hint-why:go-out",
    "why-lay-to-finish": "hint-why:lay-to-finish", "why-meld-initial": "hint-why:initial",
    "why-add-completes": "hint-why:completes", "why-take-top-completes": "hint-why:completes",
    "why-meld-sequence": "hint-why:sequence", "why-add-sequence": "hint-why:sequence",
    "why-take-top-club": "hint-why:sequence", "why-take-top": "hint-why:sequence",
    "why-meld-wilds": "hint-why:bolivia", "why-add-wild-bolivia": "hint-why:bolivia",
    "why-meld-same-rank": "hint-why:score", "why-add-club": "hint-why:score", "why-meld-most": "hint-why:score",
    "why-add": "hint-why:score", "why-take-pile-club": "hint-why:take-pile", "why-take-pile": "hint-why:take-pile",
    "why-draw-club": "hint-why:draw", "why-draw": "hint-why:draw", "why-draw-empty-pile": "hint-why:draw-empty",
    "why-pass-stock-out": "hint-why:pass", "why-ask-club": "hint-why:ask", "why-ask": "hint-why:ask",
    "why-answer-yes-light": "hint-why:answer-yes", "why-answer-yes": "hint-why:answer-yes",
    "why-answer-no-heavy": "hint-why:answer-no", "why-next-hand": "hint-why:next-hand",
    "why-discard-club": "hint-why:discard", "why-discard-beginner": "hint-why:discard",
    "why-discard-least-useful": "hint-why:discard", "why-discard-careless": "hint-why:discard",
}  # fmt: skip
"""The main reason a hint gives, by the first reason of the move: short, in the learner's terms, never
naming the move's cards again (the sentence names the move)."""

_SAFE = {"why-safe-blocks": "hint-why:discard-blocks", "why-safe-shown": "hint-why:discard-safe",
         "why-safe-declined": "hint-why:discard-safe", "why-safe-unlikely": "hint-why:discard-safe"}  # fmt: skip
"""A discard's second reason that says it is safe: then its main reason."""

_KEPT = ("index", "label", "sequence", "points", "minimum", "player", "count", "laid")


def main_reason(view: SeatView, action: Action, rationale: Sequence[Explanation]) -> Explanation:
    """The one reason a hint gives for ``action``: from the first of its reasons (a safe discard's safety
    before its use), with the numbers it rests on; a move with no reason of its own is "the best move"."""
    if not rationale:
        return Explanation("hint-why:only" if len(view.legal_actions()) == 1 else "hint-why:best")
    first = rationale[0]
    if isinstance(action, Discard) and len(rationale) > 1 and rationale[1].code in _SAFE:
        first = rationale[1]
        return Explanation(_SAFE[first.code], None, {"player": first.params["player"]})
    code = _MAIN_REASON.get(first.code)
    if code is None:
        return Explanation("hint-why:best")
    params = {key: first.params[key] for key in _KEPT if key in first.params}
    if isinstance(action, TakePile) and any(w.code == "why-take-pile-opens" for w in rationale):
        code = "hint-why:take-pile-opens"
    return Explanation(code, None, params)


# --- the ranking and the warning --------------------------------------------------------------------


@dataclass(frozen=True)
class Advice:
    """The coach's warning about a learner's move: the move, the hint it would rather play, how far
    below the hint its heuristic rates the move, and the one line that says so (catalogue data)."""

    action: Action
    suggested: Decision
    gap: int
    """Heuristic points by which the move falls short of the hint: a reckoning, not points a side scores."""
    line: Explanation

    def __str__(self) -> str:
        return str(self.line)

    def text(self, language: str | None = None) -> str:
        """The warning in ``language`` (default: the process's)."""
        return self.line.text(language)

    def to_dict(self) -> dict[str, Any]:
        return {"action": str(self.action), "suggested": str(self.suggested.action), "gap": self.gap,
                "line": self.line.to_dict()}  # fmt: skip


def rank_actions(view: SeatView, actions: Iterable[Action | str] | None = None) -> list[RankedAction]:
    """The legal actions a learner is considering (all by default), scored by the club heuristic with the
    reasons in words, best first. An action that is not legal now is refused."""
    _check_to_move(view)
    if actions is None:
        return score_actions(view, candidates(view), CLUB)
    return score_actions(view, [_legal(view, a) for a in actions], CLUB)


def coach_advice(view: SeatView, action: Action | str, level: str = "strong", seed: int = 0) -> Advice | None:
    """The coach's word on ``action``, which the learner is about to play: ``None`` unless it is a clear
    mistake, else a warning whose suggested move is ``hint(view, level, seed=seed)``'s.

    A clear mistake: the move is not the hint, the heuristic of ``level`` (club's for a level without
    one) rates it at least ``CLEAR_MISTAKE`` below the hint, and the hint's own look-ahead, if it
    weighed this very move, did not find the move ahead. An illegal action, or a seat not to move,
    is refused with ``ValueError``."""
    suggested = hint(view, level, seed=seed).decision
    chosen = _legal(view, action)
    if chosen == suggested.action:
        return None
    looked = [w for w in suggested.rationale if w.code.startswith(("why-strong-", "why-expert"))]
    if any(w.code == DOUBT and w.params.get("other") == chosen for w in looked):
        return None  # the look-ahead found this move ahead, though by too little to change its plan
    style = _RANKING_STYLE.get(level, STRONG if level == "expert" else CLUB)
    scores = {r.action: r for r in score_actions(view, [chosen, suggested.action], style)}
    gap = scores[suggested.action].score - scores[chosen].score
    if gap < CLEAR_MISTAKE:
        return None
    against = tuple(w for w in scores[chosen].rationale if w.code in AGAINST)
    # what speaks for the hint: its reasons, less any against it (a warning argues one way only)
    support = tuple(w for w in suggested.rationale if w not in looked and w.code not in AGAINST)
    support += tuple(w for w in looked if w.params.get("other") == chosen)  # it weighed this move and won
    params: dict[str, Any] = {"action": chosen, "suggested": suggested.action,
                              "why": support or (Explanation("player-coach-no-reason"),)}  # fmt: skip
    if against:
        params["against"] = against
    code = "player-coach-warns-against" if against else "player-coach-warns"
    return Advice(chosen, suggested, round(gap), Explanation(code, None, params))


def _check_to_move(view: SeatView) -> None:
    if view.open_hands is not None or view.turn != view.seat or view.phase == "game over":
        raise ValueError(render("player-not-to-move", {"player": view.seat, "to_move": view.turn}))


def _legal(view: SeatView, action: Action | str) -> Action:
    chosen = action if isinstance(action, Action) else parse_action(action)
    reasons = view.explain(chosen)
    if reasons:
        raise ValueError(render("player-not-legal", {"action": str(chosen), "reason": reasons[:1]}))
    return chosen
