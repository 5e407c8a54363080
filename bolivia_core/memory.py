"""What every seat at the table has seen this hand, kept up to date move by move.

A seat may remember more than the table shows: which cards each player took with the pile (and has
not laid or discarded since), which ranks each player discarded, and which top cards each player left
on the pile to draw from the stock instead. ``TableMemory`` follows each action as ``Game.apply`` plays
it, so a seat's view (``bolivia_core.seat``) reads it at once instead of parsing the log again at every
decision. It holds only what was public: nothing here comes from a hidden hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .actions import Action, Add, Discard, Draw, Meld, NextHand, TakePile
from .cards import Card

__all__ = ["TableMemory"]


class TableMemory:
    """Per player (index ``player - 1``): the cards known to be in that hand, the ranks discarded
    and the natural ranks declined on top of the pile this hand. Starts empty at every deal."""

    __slots__ = ("declined", "discarded", "held")

    def __init__(self, players: int) -> None:
        self.held: list[Counter[Card]] = [Counter() for _ in range(players)]
        self.discarded: list[set[int]] = [set() for _ in range(players)]
        self.declined: list[set[int]] = [set() for _ in range(players)]

    def copy(self) -> TableMemory:
        twin = TableMemory(0)
        twin.held = [Counter(h) for h in self.held]
        twin.discarded = [set(d) for d in self.discarded]
        twin.declined = [set(d) for d in self.declined]
        return twin

    def observe(self, action: Action, player: int, pile_before: Sequence[Card], taken: int) -> None:
        """Follow ``action`` by ``player``, played on a pile that was ``pile_before``; ``taken`` is
        the number of cards under the top that went to the taker's hand (a pile take only)."""
        at = player - 1
        kind = type(action)
        if kind is Draw:
            if pile_before and pile_before[-1].is_natural:
                self.declined[at].add(pile_before[-1].rank)
        elif kind is Discard:
            assert isinstance(action, Discard)
            self.discarded[at].add(action.card.rank)
            _forget(self.held[at], (action.card,))
        elif kind is Meld:
            assert isinstance(action, Meld)
            _forget(self.held[at], (c for m in action.melds for c in m))
        elif kind is Add:
            assert isinstance(action, Add)
            _forget(self.held[at], action.cards)
        elif kind is TakePile:
            assert isinstance(action, TakePile)
            _forget(self.held[at], (*action.cards, *(c for m in action.melds for c in m)))
            under = pile_before[-1 - taken : -1] if taken else ()
            self.held[at].update(c for c in under if not c.is_red_three)
        elif kind is NextHand:
            players = len(self.held)
            self.held = [Counter() for _ in range(players)]
            self.discarded = [set() for _ in range(players)]
            self.declined = [set() for _ in range(players)]

    def known(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` is known to hold, in card order."""
        return tuple(sorted(self.held[player - 1].elements()))


def _forget(held: Counter[Card], cards: Iterable[Card]) -> None:
    for card in cards:
        if held[card] > 0:
            held[card] -= 1
            if not held[card]:
                del held[card]
