"""The candidates of the legal view, phase by phase, in the view's order, each with its verdict
where the enumeration knows it exactly (the full check's answer, from facts read once per
position), else ``None``: then the view checks it (``checks.is_legal``).

Stretches of known verdicts come as ``Block``s, kept as data (cards, groups) and made into
actions only when read, so ``len()`` and one random pick make one action.
tests/test_legal.py holds every stated verdict to the full check's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import chain
from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass
from ..cards import Card
from ..melds import MeldKind, MeldVerdict, judge
from ..position import Position
from ..rules import Rules
from ..scoring import may_go_out
from .blocks import Block
from .additions import additions_to, rank_room, same_rank_adds_by_count, table_facts
from .checks import ask_problem, finishing_add_allowed, is_legal, may_draw
from .groups import Hand, shape_groups, group_key, item_key, meld_groups_of, most_points_first
from .limits import within_rank_limits
from .pile import card_class, pile_take_candidates, take_top_judged

__all__ = ["Block", "Part", "candidates", "judged_candidates", "parts"]

Cards = tuple[Card, ...]


Part = tuple[Action, bool | None] | Block


_DRAW, _PASS, _ASK, _YES, _NO, _NEXT_HAND = Draw(), Pass(), Ask(), Answer(True), Answer(False), NextHand()


def candidates(pos: Position) -> Iterator[Action]:
    """Every candidate in the view's order; each is checked as it is read."""
    return (action for action, _ in judged_candidates(pos))


def judged_candidates(pos: Position) -> Iterator[tuple[Action, bool | None]]:
    """Every candidate in the view's order, each once, with its verdict where the generator already
    knows it exactly (the full check's answer, from facts read once per position), else ``None``:
    check it. tests/test_legal.py holds these verdicts to the full check's."""
    for part in parts(pos):
        if type(part) is Block:
            yield from part.judged()
        else:
            yield part  # type: ignore[misc]


def parts(pos: Position) -> Iterator[Part]:
    """``judged_candidates`` as the view reads it: runs of known verdicts come as blocks."""
    phase = pos.phase
    if phase == "hand over":
        yield _NEXT_HAND, None
    elif phase == "answer":
        yield _YES, None
        yield _NO, None
    elif phase == "draw":
        takes = chain(take_top_judged(pos), dict(pile_take_candidates(pos)).items())  # each take once
        if may_draw(pos):
            yield _DRAW, True  # the draw phase's one rule for a draw (checks._check_draw)
            yield from takes
        else:
            # with the stock empty a player passes exactly when no take is legal (checks._check_pass,
            # which asks pile_takes: the same candidates), so the takes are judged first
            judged = [(a, is_legal(pos, a) if verdict is None else verdict) for a, verdict in takes]
            yield _PASS, not any(legal for _, legal in judged)
            yield from judged
    elif phase == "play":
        yield from _play_candidates(pos)


def _parts_by_verdict(
    make: Callable[[Any], Action], items: Sequence[Any], verdicts: Sequence[bool | None]
) -> Iterator[Part]:
    """Candidates in order, cut where a verdict is unknown: each stretch of known verdicts as one
    block, each unknown one alone, to be checked (a "run" would say sequence in this game)."""
    start = 0
    for at, verdict in enumerate(verdicts):
        if verdict is None:
            if at > start:
                yield Block(make, items[start:at], verdicts[start:at])  # type: ignore[arg-type]
            yield make(items[at]), None
            start = at + 1
    if start < len(items):
        yield Block(make, items[start:] if start else items, verdicts[start:] if start else verdicts)  # type: ignore[arg-type]


def _play_candidates(pos: Position) -> Iterator[Part]:
    rules = pos.rules
    hand = Hand(pos.hands[pos.turn - 1])
    size = len(hand.cards)
    side = pos.side_of(pos.turn)
    table = pos.melds[side]
    # an unmelded side's openings read the groups in order; a melded side's are put in order when read
    groups = meld_groups_of(hand, rules, bool(hand.black_threes), ordered=not table)
    # A new meld that leaves two cards is legal exactly when the judge allows it and the side's
    # table keeps to the per-rank limit with it (checks._check_meld: an unmelded side's minimum
    # is met by the test below, and nothing else can fail).
    melds = tuple(map(tuple, table))
    ranks, facts_by_meld = table_facts(melds, rules)
    offered: list[Cards] = []
    verdicts: list[bool | None] = []
    # an unmelded side's single meld must open the hand alone: those too small are skipped (the
    # same rule; a group's points are the same whether or not it goes out)
    minimum = rules.initial_meld_minimum(pos.scores[side]) if not table else 0
    any_count = rules.same_rank_melds_per_rank == "several"  # then every legal meld has room (rank_room)
    for group, _ in groups:
        verdict = judge(group, rules)
        if table or verdict.points >= minimum:
            known = None
            if ranks is not None and size - len(group) >= 2:
                known = verdict.legal and (any_count or rank_room(verdict, ranks, rules))
            offered.append(group)
            verdicts.append(known)
    if table and None not in verdicts:
        yield Block(_single_meld, offered, verdicts, group_key)  # type: ignore[arg-type]
    else:
        if table:  # some are checked one by one, in the view's order: put them in order now
            pairs = sorted(zip(offered, verdicts, strict=True), key=item_key)
            offered, verdicts = [group for group, _ in pairs], [verdict for _, verdict in pairs]
        yield from _parts_by_verdict(_single_meld, offered, verdicts)
    if not table:
        yield from _initial_combinations(pos, hand, groups)
    else:
        items: list[tuple[int, Cards]] = []
        judged: list[bool | None] = []
        twos, jokers = tuple(hand.twos), tuple(hand.jokers)
        adds_by_count = same_rank_adds_by_count(len(twos), len(jokers), rules)
        finishing = _FinishingAdds(pos, melds)
        for index, (meld, facts) in enumerate(zip(melds, facts_by_meld, strict=True), start=1):
            kind, legal, first, naturals, _ = facts
            if kind is MeldKind.SAME_RANK and legal:  # the common case, read straight from counts
                assert first is not None
                same = tuple(hand.by_rank.get(first.rank, ()))
                if not same and not (twos or jokers):
                    continue  # nothing in hand of its rank, nor wild: no addition
                # _same_rank_additions, written out: the hot path
                for shape, legal in adds_by_count[naturals, len(meld) - naturals, len(same)]:
                    left = size - sum(shape)
                    for cards in shape_groups(same, twos, jokers, shape):  # each distinct group of the shape
                        items.append((index, cards))
                        judged.append(legal if left >= 2 else finishing(index, cards, left))
                continue
            for cards, legal in additions_to(meld, hand, rules):
                items.append((index, cards))
                # leaving two cards, an addition is legal exactly when the judge says so (checks._check_add)
                left = size - len(cards)
                judged.append(legal if left >= 2 else finishing(index, cards, left))
        yield from _parts_by_verdict(_add, items, judged)
    yield _ASK, ask_problem(pos) is None  # the play phase's one rule for asking (checks._check_ask)
    if size == 1:
        yield _PASS, None
    forbidden = rules.discard_forbidden
    distinct = list(dict.fromkeys(hand.cards))
    # with more than one card a discard does not go out: only its class can forbid it (checks._check_discard)
    if size > 1:
        allowed = [_class_of(card) not in forbidden for card in distinct] if forbidden else [True] * len(distinct)
        yield Block(_discard, distinct, allowed)
    else:
        yield from _parts_by_verdict(_discard, distinct, [None] * len(distinct))


class _FinishingAdds:
    """Verdicts on additions that leave one card or none, by the full check's rule
    (``checks.finishing_add_allowed``): whether the table, the addition made, holds what going out
    needs is read from the table's verdicts, judged once, with only the changed meld judged again."""

    __slots__ = ("_melds", "_pos", "_verdicts")

    def __init__(self, pos: Position, melds: tuple[Cards, ...]) -> None:
        self._pos, self._melds = pos, melds
        self._verdicts: list[MeldVerdict] | None = None

    def __call__(self, index: int, cards: Cards, left: int) -> bool:
        rules = self._pos.rules
        if self._verdicts is None:
            self._verdicts = [judge(meld, rules, True) for meld in self._melds]
        meld = self._melds[index - 1]
        verdicts = self._verdicts.copy()
        verdicts[index - 1] = judge((*meld, *cards), rules, True)
        ready = may_go_out(verdicts, rules, self._pos.players)
        return finishing_add_allowed(self._pos, meld, cards, left, ready)


def _single_meld(group: Cards) -> Meld:
    return Meld((group,))


def _add(item: tuple[int, Cards]) -> Add:
    return Add(*item)


_discard = cache(Discard)  # one action per card: a discard is made often and never changes


_class_of = cache(card_class)  # a card's class, looked up


def _initial_combinations(pos: Position, hand: Hand, groups: list[tuple[Cards, bool]]) -> Iterator[Part]:
    """Two disjoint maximal melds that reach the minimum together when neither does alone; if
    no two do, the best-first combination of the offered melds. Each with its verdict where
    ``_opening_verdict`` knows it."""
    rules = pos.rules
    size = len(hand.cards)
    minimum = rules.initial_meld_minimum(pos.scores[pos.side_of(pos.turn)])
    scored = [(judge(group, rules).points, group) for group, _ in groups]  # as going out: the same points
    short = [(group, points) for (points, group), (_, maximal) in zip(scored, groups, strict=True)
             if maximal and points < minimum]  # fmt: skip
    most = max((points for _, points in short), default=0)
    pairs: list[tuple[Cards, Cards]] = []
    held: Counter[Card] | None = None  # the hand by counts, made only if two melds share a card
    for at, (a, points_a) in enumerate(short):  # every two, in the order of combinations()
        wanted = minimum - points_a
        if wanted > most:
            continue  # no other is worth enough
        cards_a = set(a)
        for b, points_b in short[at + 1 :]:
            if points_b < wanted:
                continue
            # each is a meld of the hand: only the cards they share may be too few for both
            shared = cards_a.intersection(b)
            if shared:
                held = Counter(hand.cards) if held is None else held
                if not _fit_together(held, a, b, shared):
                    continue
            pairs.append((a, b))
    if pairs:
        yield from _parts_by_verdict(Meld, pairs, [_opening_verdict(pair, size, rules) for pair in pairs])
    # The best-first combination starts with the meld of most points, which fits the hand: when
    # that one reaches the minimum alone, the combination is that single meld, offered already.
    elif scored and max(points for points, _ in scored) < minimum:
        best = most_points_first(hand.cards, scored, minimum)
        if len(best) > 2:
            yield Meld(best), _opening_verdict(best, size, rules)


def _opening_verdict(melds: tuple[Cards, ...], size: int, rules: Rules) -> bool | None:
    """The full check's verdict (checks._check_meld) on an unmelded side's first melds, disjoint
    melds of a hand of ``size`` cards that reach the minimum together, where it is plain: each
    a legal meld as it stands and two cards kept, only the per-rank limits are left to read.
    ``None`` otherwise (a meld of black 3s, one that goes out): check it."""
    if size - sum(map(len, melds)) < 2 or not all(judge(m, rules).legal for m in melds):
        return None
    return rules.same_rank_melds_per_rank == "several" or within_rank_limits(melds, len(melds), rules)


def _fit_together(held: Counter[Card], a: Cards, b: Cards, shared: set[Card]) -> bool:
    """Whether ``a`` and ``b``, cards of a hand of ``held`` (by counts) each, fit in it together:
    remove_cards's test, read only where they meet (``shared``, the cards both hold)."""
    for card in shared:
        if a.count(card) + b.count(card) > held[card]:  # held once, it cannot serve both
            return False
    return True
