"""A position: everything on the table at one moment, and who sits where.

The scenario notation (``scenario.py``) writes a position as text; the game
(``game.py``) changes one action by action.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal, get_args

from .cards import Card
from .rules import Rules

__all__ = ["PHASES", "Phase", "Position"]

Cards = tuple[Card, ...]
Phase = Literal["draw", "play", "answer", "hand over", "game over"]
PHASES: tuple[Phase, ...] = get_args(Phase)


@dataclass
class Position:
    """Everything on the table at one moment: the state a scenario string describes."""

    rules: Rules
    players: int
    seed: int
    target: int
    hand_number: int
    dealer: int
    turn: int
    phase: Phase
    scores: list[int]
    hands: list[list[Card]]  # each in card order while a game plays it (see transitions._receive)
    melds: list[list[list[Card]]]
    red_threes: list[list[Card]]
    pile: list[Card]
    stock: list[Card]  # the top card is the last
    unopened: bool = True  # the side to move had no melds when this turn began
    asked: str = ""  # "", "yes" or "no": the answer to "may I go out?" this turn
    asker: int = 0  # while partners answer, who asked
    pending: tuple[int, ...] = ()  # partners still to answer
    passes: int = 0  # players in a row who could not take the pile from an empty stock

    def copy(self) -> Position:
        return replace(
            self,
            scores=list(self.scores),
            hands=[list(h) for h in self.hands],
            melds=[[list(m) for m in side] for side in self.melds],
            red_threes=[list(r) for r in self.red_threes],
            pile=list(self.pile),
            stock=list(self.stock),
        )

    # --- who sits where ---------------------------------------------------------

    @property
    def side_count(self) -> int:
        return len(self.rules.sides[self.players])

    def side_of(self, player: int) -> int:
        """Sides are numbered from 0; players from 1, dealt round the sides in turn."""
        return _side_table(self.rules.sides[self.players])[player - 1]

    def members(self, side: int) -> tuple[int, ...]:
        table = _side_table(self.rules.sides[self.players])
        return tuple(p for p in range(1, self.players + 1) if table[p - 1] == side)

    def seating(self) -> tuple[int, ...]:
        """The players in this hand, in turn order; a larger side rests one player a hand in turn."""
        return _seating(self.rules.sides[self.players], self.hand_number)

    def next_player(self, player: int) -> int:
        seats = self.seating()
        return seats[(seats.index(player) + 1) % len(seats)]

    def partners(self, player: int) -> tuple[int, ...]:
        return _partners(self.rules.sides[self.players], self.hand_number, player)

    def zones(self) -> dict[str, Cards]:
        zones: dict[str, Cards] = {"stock": tuple(self.stock), "pile": tuple(self.pile)}
        for player, hand in enumerate(self.hands, start=1):
            zones[f"hand {player}"] = tuple(hand)
        for side, melds in enumerate(self.melds, start=1):
            zones[f"melds {side}"] = tuple(c for m in melds for c in m)
            zones[f"red 3s {side}"] = tuple(self.red_threes[side - 1])
        return zones


@lru_cache(maxsize=1024)
def _partners(sizes: tuple[int, ...], hand_number: int, player: int) -> tuple[int, ...]:
    """The partners of ``player`` playing this hand (a larger side rests one player a hand)."""
    table = _side_table(sizes)
    return tuple(p for p in _seating(sizes, hand_number) if p != player and table[p - 1] == table[player - 1])


@lru_cache(maxsize=1024)
def _seating(sizes: tuple[int, ...], hand_number: int) -> tuple[int, ...]:
    table = _side_table(sizes)
    playing = min(sizes)
    active = []
    for side in range(len(sizes)):
        members = [p for p in range(1, len(table) + 1) if table[p - 1] == side]
        rest = len(members) - playing
        start = (hand_number - 1) * rest % len(members) if rest else 0
        sitting = {members[(start + i) % len(members)] for i in range(rest)}
        active.append([p for p in members if p not in sitting])
    return tuple(p for row in zip(*active, strict=True) for p in row)


@lru_cache(maxsize=64)
def _side_table(sizes: tuple[int, ...]) -> tuple[int, ...]:
    room = list(sizes)
    table = []
    side = 0
    for _ in range(sum(sizes)):
        while room[side] == 0:
            side = (side + 1) % len(sizes)
        table.append(side)
        room[side] -= 1
        side = (side + 1) % len(sizes)
    return tuple(table)
