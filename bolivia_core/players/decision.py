"""What a computer player returns: the action it chooses and why, as catalogue data.

Kept apart from the players themselves so that every level (``simple``, ``heuristic``,
``lookahead``, ``expert``) and the coach over them share the one definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..actions import Action
from ..i18n import Explanation

if TYPE_CHECKING:
    from ..seat import SeatView

__all__ = ["Decision", "Player", "why"]


@dataclass(frozen=True)
class Decision:
    """A computer player's choice and why: the rationale is data (codes and numbers), rendered
    by the message catalogue like a refusal's reasons."""

    action: Action
    rationale: tuple[Explanation, ...] = ()

    def __str__(self) -> str:
        return f"{self.action}: " + "; ".join(map(str, self.rationale)) if self.rationale else str(self.action)


def why(code: str, **params: Any) -> tuple[Explanation, ...]:
    """A one-line rationale."""
    return (Explanation(code, None, params),)


class Player(Protocol):
    """A computer player: it decides from what its seat may know (``SeatView``), never the whole game,
    so no choice can rest on a card the seat cannot see. The caller passes ``seat_view(game, seat)``
    for the seat to act."""

    def choose(self, view: SeatView) -> Decision: ...
