"""Whether a seat could go out now: the one question behind offering "ask your partner".

Asking "may I go out?" is legal for any player with a partner and two cards or more, but it is worth
asking only when the player could go out this turn: lay every card (or all but one, to discard) with
the side's table then holding what going out needs. ``could_go_out`` works that out from the seat's
view alone, by laying the hand's melds and additions in turn on the neutral world (as if the partner
had said yes), so a page offers the question, and the coach suggests it, only then.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import Add, Discard, Meld
from ..cards import Card
from ..game import Game
from ..melds import judge, judge_addition
from ..seat import SeatView
from ..turn import meld_groups

__all__ = ["LAYS_TRIED", "could_go_out"]

LAYS_TRIED = 400
"""The most positions the search lays its way through before it gives up (a hand that could go out
finds its way within a few dozen; a long hand that cannot is mostly told at once by its loose cards)."""


def could_go_out(view: SeatView) -> bool:
    """Whether the seat, in its play phase, could empty its hand this turn (its last card, if one is
    left, discarded) under the rules, its partners permitting: a hand with cards that fit no meld is told
    at once; otherwise its legal melds and additions are laid in turn until one way goes out."""
    if view.phase != "play" or not view.my_turn or view.asked == "no":
        return False
    hand = Counter(view.hand)
    if _loose(view, hand) > 1:
        return False
    pos = view.world()
    pos.asked = "yes"  # as if partner agreed: under rules that require asking, going out waits for it
    return _lays_out(Game(pos, start="-"), [LAYS_TRIED], set())


def _loose(view: SeatView, hand: Counter[Card]) -> int:
    """Cards of the hand that fit neither a meld the hand can make nor one of the side's melds."""
    rules = view.rules
    fit: Counter[Card] = Counter()
    for group in meld_groups(view.hand, rules, going_out=True):
        if judge(group, rules, True).legal:
            fit |= Counter(group)
    for card in hand:
        if any(judge_addition(m, (card,), rules, True).legal for m in view.melds[view.side]):
            fit[card] = hand[card]
    return sum((hand - fit).values())


def _lays_out(game: Game, left: list[int], seen: set[tuple[Any, ...]]) -> bool:
    """Depth first over the lays of the turn: whether some order of them empties the hand, or leaves
    one card whose discard goes out. ``left`` counts the positions still allowed; ``seen`` the hands
    and tables already tried."""
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    if not hand:
        return True
    if len(hand) == 1 and not game.explain(Discard(hand[0])):
        return True
    key = (tuple(hand), tuple(tuple(m) for m in pos.melds[pos.side_of(pos.turn)]))
    if key in seen or left[0] <= 0:
        return False
    seen.add(key)
    left[0] -= 1
    lays = [a for a in game.legal_actions() if isinstance(a, Meld | Add)]
    lays.sort(key=lambda a: -sum(map(len, a.melds)) if isinstance(a, Meld) else -len(a.cards))  # most cards first
    for lay in lays:
        after = game.clone()
        after.apply(lay)
        if _lays_out(after, left, seen):
            return True
    return False
