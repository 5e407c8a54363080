"""The limits of a side's table that every action laying melds shares: the per-rank limits
(one meld of a rank, ...) and the initial-meld minimum. Written once here, since the checks of
melds and takes and the offer of takes (``pile``) all read them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..cards import Card
from ..i18n import Reason
from ..melds import MeldVerdict, judge_side_melds
from ..position import Position
from ..rules import Rules
from ..scoring import initial_meld_short

__all__ = ["initial_reasons", "meets_initial_minimum", "table_reasons", "within_rank_limits"]

Reasons = Iterator[Reason]


def table_reasons(melds: Sequence[Sequence[Card]], new: int, rules: Rules) -> Reasons:
    """Per-rank limits on the side's table once ``new`` melds are laid (one meld of a rank, ...)."""
    if not new or rules.same_rank_melds_per_rank == "several":
        return
    table = judge_side_melds([tuple(m) for m in melds], rules, going_out=True)
    yield from (r for r in table.reasons if r.code != "meld-illegal")


def within_rank_limits(melds: Sequence[Sequence[Card]], new: int, rules: Rules) -> bool:
    """Whether a side's table ``melds``, the last ``new`` of them just laid, keeps the per-rank limits."""
    return next(table_reasons(melds, new, rules), None) is None


def initial_reasons(
    pos: Position, verdicts: Sequence[MeldVerdict], params: dict[str, Any], *, uncounted: int = 0
) -> Reasons:
    """A side's first melds of the hand, laid in one action, must reach its minimum
    (``uncounted``: points among them that do not count, such as a top discard)."""
    points = sum(v.points for v in verdicts) - uncounted
    short = initial_meld_short(points, pos.scores[pos.side_of(pos.turn)], pos.rules, params)
    if short:
        yield short


def meets_initial_minimum(pos: Position, points: int) -> bool:
    """Whether first melds worth ``points`` are enough for the side to move to open the hand."""
    return initial_meld_short(points, pos.scores[pos.side_of(pos.turn)], pos.rules, {}) is None
