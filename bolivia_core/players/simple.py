"""The simplest computer players: ``RandomPlayer`` picks uniformly with its own seeded generator;
``GreedyPlayer`` melds what it can, takes the pile when it pays, saves wild cards for a bolivia when
sensible and discards what it needs least."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..cards import Card
from ..melds import MeldKind, judge
from ..rules import Rules
from ..seat import SeatView
from .decision import Decision
from .decision import why as _why

__all__ = ["GreedyPlayer", "RandomPlayer"]

# What the greedy hand wants to keep (the lowest is discarded), over the card's own points:
KEEP_WILD = 1000  # a wild card: the last to go
KEEP_BLACK_THREE = -100  # a black 3, the first: it costs points in hand and blocks the next player
KEEP_PER_SAME = 40  # each other card of its rank in hand
KEEP_ON_TABLE = 60  # a rank the side has melded
KEEP_PER_NEIGHBOUR = 15  # each suited neighbour in hand, where the rules have sequences


class RandomPlayer:
    """Any legal action, uniformly, from a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Decision:
        actions = view.legal_actions()
        return Decision(self.rng.choice(actions), _why("why-random", count=len(actions)))


class GreedyPlayer:
    """A plain heuristic player: a fair sparring partner, not a strong one."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Decision:
        actions = view.legal_actions()
        if view.phase == "hand over":
            return Decision(NextHand())
        if view.phase == "answer":
            return Decision(Answer(True), _why("why-answer-yes"))
        hand = view.hand
        rules = view.rules
        if view.phase == "draw":
            return self._draw(actions, len(view.pile))
        finishing = [a for a in actions if isinstance(a, Meld | Add) and _cards_used(a) == len(hand)]
        if finishing:
            return Decision(finishing[0], _why("why-go-out"))
        melds = [a for a in actions if isinstance(a, Meld)]
        side_melds = view.melds[view.side]
        saving_wilds = _saving_wilds(hand, side_melds, rules)
        useful = [m for m in melds if not (saving_wilds and _wild_in_mixed_meld(m))]
        if useful:
            best = max(useful, key=lambda m: (_cards_used(m), str(m)))
            return Decision(best, _why("why-meld-most", count=_cards_used(best)))
        adds = [a for a in actions if isinstance(a, Add) and not (saving_wilds and any(c.is_wild for c in a.cards))]
        natural_adds = [a for a in adds if not any(c.is_wild for c in a.cards)]
        if natural_adds or adds:
            add = max(natural_adds or adds, key=lambda a: (len(a.cards), str(a)))
            return Decision(add, _why("why-add", count=len(add.cards), index=add.meld))
        if Ask() in actions and len(hand) <= 3:
            return Decision(Ask(), _why("why-ask", count=len(hand)))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            held = Counter(c.rank for c in hand)
            discard = min(discards, key=lambda d: (_keep_value(d.card, hand, held, side_melds, rules), str(d)))
            return Decision(discard, _why("why-discard-least-useful", card=str(discard.card)))
        return Decision(actions[0])

    @staticmethod
    def _draw(actions: Sequence[Action], pile_size: int) -> Decision:
        takes = [a for a in actions if isinstance(a, TakePile)]
        if takes and (pile_size >= 3 or any(t.melds for t in takes)):
            take = max(takes, key=lambda t: (len(t.cards) + sum(map(len, t.melds)), str(t)))
            return Decision(take, _why("why-take-pile", count=pile_size))
        tops = [a for a in actions if isinstance(a, TakeTop)]
        if tops:
            return Decision(tops[0], _why("why-take-top", index=tops[0].meld))
        if Draw() in actions:
            return Decision(Draw(), _why("why-draw"))
        return Decision(takes[0] if takes else Pass())


def _cards_used(action: Meld | Add) -> int:
    return sum(map(len, action.melds)) if isinstance(action, Meld) else len(action.cards)


def _saving_wilds(hand: Sequence[Card], side_melds: Sequence[Sequence[Card]], rules: Rules) -> bool:
    """Keep 2s and jokers out of mixed melds while they could still make a bolivia."""
    if not rules.wild_melds:
        return False
    open_wild_meld = any(
        judge(tuple(m), rules, True).kind is MeldKind.WILD and len(m) < rules.wild_meld_length for m in side_melds
    )
    return open_wild_meld or sum(c.is_wild for c in hand) >= 2


def _wild_in_mixed_meld(meld: Meld) -> bool:
    return any(any(c.is_wild for c in group) and not all(c.is_wild for c in group) for group in meld.melds)


def _keep_value(
    card: Card, hand: Sequence[Card], held: Counter[int], side_melds: Sequence[Sequence[Card]], rules: Rules
) -> int:
    """How much the hand wants to keep ``card``; the lowest is discarded. ``held`` counts the hand's
    cards by rank (counted once for all the discards weighed)."""
    if card.is_wild:
        return KEEP_WILD
    if card.is_black_three:
        return KEEP_BLACK_THREE
    same = held[card.rank]
    on_table = any(c.is_natural and c.rank == card.rank for m in side_melds for c in m)
    neighbours = sum(c.suit == card.suit and abs(c.rank - card.rank) == 1 for c in hand)
    return (
        KEEP_PER_SAME * (same - 1) + KEEP_ON_TABLE * on_table + KEEP_PER_NEIGHBOUR * neighbours * rules.sequences
        + rules.card_value(card)
    )  # fmt: skip
