"""Candidate actions for a position: a practical, finite offer, not every subset of a hand.

The candidates are filtered by the game's own checks (``Game.legal_actions``),
so this module only has to propose; it never decides legality itself.
Melds are proposed as whole groups: all the cards of a rank, the longest run
of a suit, all the wild cards, and for an initial meld the best groups
together until the minimum is met.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from .cards import Card, remove_cards
from .melds import MeldKind, judge
from .position import Position
from .rules import Rules

__all__ = ["generate_actions", "meld_candidates", "pile_takes"]

Cards = tuple[Card, ...]


def generate_actions(pos: Position) -> Iterator[Action]:
    phase = pos.phase
    if phase == "hand over":
        yield NextHand()
    elif phase == "answer":
        yield Answer(True)
        yield Answer(False)
    elif phase == "draw":
        if pos.stock:
            yield Draw()
        else:
            yield Pass()
        yield from pile_takes(pos)
    elif phase == "play":
        yield from _play_actions(pos)


def pile_takes(pos: Position) -> Iterator[Action]:
    """Ways to take from the discard pile worth offering (checked by the game afterwards)."""
    if not pos.pile:
        return
    rules: Rules = pos.rules
    top: Card = pos.pile[-1]
    hand: list[Card] = pos.hands[pos.turn - 1]
    melds = pos.melds[pos.side_of(pos.turn)]
    if rules.take_top_card_onto_sequence:
        for index, meld in enumerate(melds, start=1):
            if _kind(meld, rules) is MeldKind.SEQUENCE:
                yield TakeTop(index)
    wilds = [c for c in hand if c.is_wild]
    groups: list[list[Card]] = []
    if top.is_natural:
        same = [c for c in hand if c.is_natural and c.rank == top.rank]
        if len(same) >= 2:
            groups += [same[:2], same] if len(same) > 2 else [same]
            if wilds:
                groups.append([*same[:2], wilds[0]])
        if same and wilds:
            groups.append([same[0], wilds[0]])
        if "suited sequence pair" in rules.pile_take_ways:
            suited = {c.rank: c for c in hand if c.is_natural and c.suit == top.suit}
            r = top.rank
            for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
                if a in suited and b in suited:
                    groups.append([suited[a], suited[b]])
    elif top.is_wild and len(wilds) >= 2:
        groups.append(wilds[:2])
    unmelded = not melds
    for group in groups:
        if unmelded:
            rest = remove_cards(hand, group) or []
            have = sum(rules.card_value(c) for c in (top, *group))
            needed = rules.initial_meld_minimum(pos.scores[pos.side_of(pos.turn)]) - have
            extra = _initial_combination(rest, rules, needed) if needed > 0 else ()
            yield TakePile(tuple(group), None, extra or ())
        else:
            yield TakePile(tuple(group))
    if "own meld" in rules.pile_take_ways and not rules.pile_new_meld_only:
        for index in range(1, len(melds) + 1):
            yield TakePile((), index)


def _play_actions(pos: Position) -> Iterator[Action]:
    rules: Rules = pos.rules
    hand: list[Card] = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    melds = pos.melds[side]
    candidates = meld_candidates(hand, rules)
    if melds:
        for group in candidates:
            yield Meld((group,))
        yield from _additions(hand, melds, rules)
    else:
        minimum = rules.initial_meld_minimum(pos.scores[side])
        for group in candidates:
            yield Meld((group,))
        combination = _initial_combination(hand, rules, minimum)
        if combination:
            yield Meld(combination)
    if pos.partners(pos.turn) and not pos.asked:
        yield Ask()
    if len(hand) == 1:
        yield Pass()
    for card in set(hand):
        yield Discard(card)


def meld_candidates(hand: Sequence[Card], rules: Rules) -> list[Cards]:
    """Whole groups from a hand that may make melds: ranks, runs, wild cards, black 3s."""
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, dict[int, Card]] = {}
    wilds: list[Card] = []
    black_threes: list[Card] = []
    for card in hand:
        if card.is_natural:
            by_rank.setdefault(card.rank, []).append(card)
            by_suit.setdefault(card.suit, {})[card.rank] = card
        elif card.is_wild:
            wilds.append(card)
        elif card.is_black_three:
            black_threes.append(card)
    found: list[Cards] = []
    for cards in by_rank.values():
        if len(cards) >= rules.meld_min_cards:
            found.append(tuple(cards))
        if len(cards) >= 2 and wilds:
            found.append((*cards, wilds[0]))
    if rules.sequences:
        for ranks in by_suit.values():
            for run in _runs(sorted(ranks)):
                cards = [ranks[r] for r in run][-rules.sequence_length :]
                if len(cards) >= rules.meld_min_cards:
                    found.append(tuple(cards))
                elif rules.sequence_max_wilds and wilds and len(cards) >= 2:
                    found.append((*cards, wilds[0]))
    if rules.wild_melds and len(wilds) >= rules.meld_min_cards:
        found.append(tuple(wilds[: rules.wild_meld_length]))
    if len(black_threes) >= rules.meld_min_cards:
        found.append(tuple(black_threes[: rules.black_three_meld_max]))
    return found


def _runs(ranks: list[int]) -> Iterator[list[int]]:
    run: list[int] = []
    for rank in ranks:
        if run and rank != run[-1] + 1:
            yield run
            run = []
        run.append(rank)
    if run:
        yield run


def _additions(hand: Sequence[Card], melds: Sequence[Sequence[Card]], rules: Rules) -> Iterator[Action]:
    """Cards that could extend each of the side's melds: its rank, the ends of its run, wild cards."""
    wilds = {c for c in hand if c.is_wild}
    for index, meld in enumerate(melds, start=1):
        kind = _kind(meld, rules)
        naturals = [c for c in meld if c.is_natural]
        if kind is MeldKind.SAME_RANK:
            rank = naturals[0].rank
            fitting = [c for c in hand if c.is_natural and c.rank == rank]
            if fitting:
                yield Add(index, tuple(fitting))
            for card in {*fitting, *wilds}:
                yield Add(index, (card,))
        elif kind is MeldKind.SEQUENCE:
            suit = naturals[0].suit
            low = min(c.rank for c in naturals)
            high = max(c.rank for c in naturals)
            ends = {low - 1, high + 1}
            for card in {c for c in hand if c.suit == suit and c.rank in ends and (c.is_natural or c.is_black_three)}:
                yield Add(index, (card,))
            if rules.sequence_max_wilds:
                for card in wilds:
                    yield Add(index, (card,))
        elif kind is MeldKind.WILD:
            for card in wilds:
                yield Add(index, (card,))


def _initial_combination(hand: Sequence[Card], rules: Rules, needed: int) -> tuple[Cards, ...]:
    """Disjoint legal melds from ``hand``, best first, until they are worth ``needed`` points."""
    if needed <= 0:
        return ()
    scored = []
    for group in meld_candidates(hand, rules):
        verdict = judge(group, rules)
        if verdict.legal:
            scored.append((verdict.points, group))
    scored.sort(key=lambda item: -item[0])
    chosen: list[Cards] = []
    left = list(hand)
    total = 0
    for points, group in scored:
        rest = remove_cards(left, group)
        if rest is None:
            continue
        chosen.append(group)
        left, total = rest, total + points
        if total >= needed:
            return tuple(chosen)
    return ()


def _kind(meld: Sequence[Card], rules: Rules) -> MeldKind | None:
    return judge(tuple(meld), rules, True).kind


