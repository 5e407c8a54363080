"""The coach beside a learner's seat: a hint on demand, the ranking of the moves considered, and a
warning only for a clear mistake.

The coach advises; it does not stand in the way. ``coach_advice`` is the one call a page makes when
the learner plays a move: ``None`` unless the move is a clear mistake by the coach's own reckoning,
else one line of data (codes and numbers, said by the catalogue in the page's language) with the
move it suggests, which is always the hint for that position. The same position and seed give the
same advice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..actions import Action, parse_action
from ..game import Game
from ..i18n import Explanation, render
from ..seat import SeatView, seat_view
from .decision import Decision
from .heuristic import RankedAction, candidates, score_actions
from .roster import PLAYERS
from .style import BEGINNER, CLUB, STRONG, Style

__all__ = ["AGAINST", "CLEAR_MISTAKE", "Advice", "coach_advice", "hint", "rank_actions", "view_hint"]

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


def hint(game: Game, seat: int, level: str = "strong", seed: int = 0) -> Decision:
    """What a computer player of ``level`` would do now for ``seat`` (a human's), and why."""
    if level not in PLAYERS:
        raise ValueError(render("player-unknown-level", {"level": repr(level), "known": ", ".join(PLAYERS)}))
    _check_to_move(game, seat)
    return PLAYERS[level](seed).choose(game)


def view_hint(view: SeatView, level: str = "strong", seed: int = 0) -> Decision:
    """The hint for the seat whose view this is, from that view alone (a seat of a shared table, whose page
    holds no game): played on a world of the view, its own hand and the public table as they are, the other
    hands and the stock dealt from the cards it has not seen in card order, what it remembers of each hand
    kept. Nothing hidden from the seat can shape the hint, so the hint can tell nothing hidden."""
    game = Game(view.world(), start="-")
    memory = game.memory
    for player in range(1, view.players + 1):
        memory.held[player - 1] = Counter(view.known[player - 1])
        memory.discarded[player - 1] = set(view.discarded[player - 1])
        memory.declined[player - 1] = set(view.declined[player - 1])
    return hint(game, view.seat, level, seed)


def rank_actions(game: Game, seat: int, actions: Iterable[Action | str] | None = None) -> list[RankedAction]:
    """The legal actions a learner at ``seat`` is considering (all by default), scored by the club
    heuristic with the reasons in words, best first. An action that is not legal now is refused."""
    _check_to_move(game, seat)
    view = seat_view(game, seat)
    if actions is None:
        return score_actions(view, candidates(game, view), CLUB)
    return score_actions(view, [_legal(game, a) for a in actions], CLUB)


def coach_advice(game: Game, seat: int, action: Action | str, level: str = "strong", seed: int = 0) -> Advice | None:
    """The coach's word on ``action``, which the learner at ``seat`` is about to play: ``None`` unless
    it is a clear mistake, else a warning whose suggested move is ``hint(game, seat, level, seed)``.

    A clear mistake: the move is not the hint, the heuristic of ``level`` (club's for a level without
    one) rates it at least ``CLEAR_MISTAKE`` below the hint, and the hint's own look-ahead, if it
    weighed this very move, did not find the move ahead. An illegal action, or a seat not to move,
    is refused with ``ValueError``."""
    suggested = hint(game, seat, level, seed)
    chosen = _legal(game, action)
    if chosen == suggested.action:
        return None
    looked = [w for w in suggested.rationale if w.code.startswith("why-strong-")]
    if any(w.code == DOUBT and w.params.get("other") == chosen for w in looked):
        return None  # the look-ahead found this move ahead, though by too little to change its plan
    style = _RANKING_STYLE.get(level, CLUB)
    scores = {r.action: r for r in score_actions(seat_view(game, seat), [chosen, suggested.action], style)}
    gap = scores[suggested.action].score - scores[chosen].score
    if gap < CLEAR_MISTAKE:
        return None
    against = tuple(w for w in scores[chosen].rationale if w.code in AGAINST)
    # what speaks for the hint: its reasons, less any against it (a warning argues one way only)
    support = tuple(w for w in suggested.rationale if not w.code.startswith("why-strong-") and w.code not in AGAINST)
    support += tuple(w for w in looked if w.params.get("other") == chosen)  # it weighed this move and won
    params: dict[str, Any] = {"action": chosen, "suggested": suggested.action,
                              "why": support or (Explanation("player-coach-no-reason"),)}  # fmt: skip
    if against:
        params["against"] = against
    code = "player-coach-warns-against" if against else "player-coach-warns"
    return Advice(chosen, suggested, round(gap), Explanation(code, None, params))


def _check_to_move(game: Game, seat: int) -> None:
    if seat != game.to_move or game.is_over:
        raise ValueError(render("player-not-to-move", {"player": seat, "to_move": game.to_move}))


def _legal(game: Game, action: Action | str) -> Action:
    chosen = action if isinstance(action, Action) else parse_action(action)
    reasons = game.explain(chosen)
    if reasons:
        raise ValueError(render("player-not-legal", {"action": str(chosen), "reason": reasons[:1]}))
    return chosen
