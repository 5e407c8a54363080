"""Groups of a hand's cards that make melds: the building blocks of the legal view's melds,
additions and takes.

A hand is indexed once (``Hand``: by rank, by suit, its wild cards and black 3s). Its melds that
are smallest or maximal are worked out by shape where only some cards decide (a rank's melds by
counts of naturals, 2s and jokers; a suit's sequences on stand-in cards, cluster by cluster) and
remembered under those small keys, then made of the hand's own cards (README, "Speed").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from ..cards import CARD_ORDER, JOKER, JOKER_RANK, Card
from ..melds import judge
from ..rules import Rules

__all__ = [
    "Hand", "SequenceShape", "Shape", "Wilds", "best_first", "choices", "cluster_shapes", "group_key", "item_key",
    "meld_groups", "meld_groups_of", "most_points_first", "parts_of", "rank_shapes", "shape_groups", "suit_shapes",
    "wild_splits",
]  # fmt: skip

Cards = tuple[Card, ...]


def choices(cards: Sequence[Card], count: int) -> tuple[Cards, ...]:
    """Every distinct way to take ``count`` of ``cards`` (in card order): the sub-multisets of that
    size, each in card order. Copies of one card are one way; a 7H and a 7S are two, since they
    leave different hands (the legal view offers every distinct move)."""
    if count == 0:
        return _NOTHING
    size = len(cards)
    if count >= size:
        return (tuple(cards),) if count == size else ()
    if cards[0] == cards[-1]:  # copies of one card, the common case: one way
        return (tuple(cards[:count]),)
    return tuple(dict.fromkeys(combinations(cards, count)))


_NOTHING: tuple[Cards, ...] = ((),)


class Wilds:
    """A hand's wild cards: the ways to take so many of them."""

    __slots__ = ("_wild_options", "jokers", "twos")

    def __init__(self, twos: Sequence[Card], jokers: Sequence[Card]) -> None:
        self.twos = list(twos)
        self.jokers = list(jokers)
        self._wild_options: dict[int, list[Cards]] = {}

    @property
    def wild_count(self) -> int:
        return len(self.twos) + len(self.jokers)

    def wilds(self, count: int) -> list[Cards]:
        """Each way to take ``count`` wild cards: so many 2s (each distinct choice of them, most 2s
        first) and so many jokers (all alike)."""
        options = self._wild_options.get(count)
        if options is None:
            options = self._wild_options[count] = [
                (*chosen, *self.jokers[: count - twos])
                for twos in range(min(count, len(self.twos)), -1, -1)
                if count - twos <= len(self.jokers)
                for chosen in choices(self.twos, twos)
            ]
        return options


class Hand(Wilds):
    """A hand indexed once: cards by rank and suit, its wild cards, its black 3s."""

    __slots__ = ("black_threes", "by_rank", "by_suit", "cards")

    def __init__(self, cards: Sequence[Card]) -> None:
        self._wild_options = {}
        self.cards = ordered = tuple(sorted(cards, key=CARD_ORDER))
        by_rank: dict[int, list[Card]] = {}
        by_suit: dict[str, dict[int, Card]] = {}
        self.by_rank, self.by_suit = by_rank, by_suit
        twos: list[Card] = []
        jokers: list[Card] = []
        threes: list[Card] = []
        self.twos, self.jokers, self.black_threes = twos, jokers, threes
        last_rank = 0
        same: list[Card] = []
        for card in ordered:  # in card order: the copies of a rank come together
            if card.is_natural:
                rank = card.rank
                if rank == last_rank:
                    same.append(card)
                else:
                    by_rank[rank] = same = [card]
                    last_rank = rank
                suited = by_suit.get(card.suit)
                if suited is None:
                    by_suit[card.suit] = {rank: card}
                else:
                    suited[rank] = card
            elif card.is_wild:
                (jokers if card.rank == JOKER_RANK else twos).append(card)
            elif card.is_black_three:
                threes.append(card)


def meld_groups(hand: Sequence[Card], rules: Rules, *, going_out: bool = False) -> list[Cards]:
    """Every legal meld of the hand that is smallest (``meld_min_cards``) or maximal, sorted;
    with ``going_out`` also those holding black 3s (melded only when going out)."""
    return [group for group, _ in meld_groups_of(Hand(hand), rules, going_out)]


def meld_groups_of(hand: Hand, rules: Rules, going_out: bool, ordered: bool = True) -> list[tuple[Cards, bool]]:
    """The offered melds of ``hand`` in order (in no particular order unless ``ordered``), each with
    whether it is maximal.

    The groups of one rank, and those of one suit, depend only on the hand's cards of that rank
    (or suit) and its wild cards, and are worked out by their shape (``rank_shapes``, ``_suit_part``);
    a rank or suit with too few cards for any meld, wild cards counted, is not asked at all."""
    found: dict[Cards, bool] = {}
    least = rules.meld_min_cards
    twos, jokers = tuple(hand.twos), tuple(hand.jokers)
    wild_count = len(twos) + len(jokers)
    by_count = _rank_shapes_by_count(len(twos), len(jokers), rules)
    for naturals in hand.by_rank.values():  # groups of different ranks never coincide
        if len(naturals) + wild_count >= least:  # by counts, then made of every distinct choice of the hand's cards
            shapes = by_count[len(naturals)] if len(naturals) < len(by_count) else rank_shapes(
                len(naturals), len(twos), len(jokers), rules
            )
            for (n, t, j), maximal in shapes:
                for chosen in choices(naturals, n):
                    for wild in choices(twos, t):
                        found[(*wild, *chosen, *jokers[:j])] = maximal
    if rules.sequences:
        natural_runs_only = not rules.sequence_max_wilds or not wild_count
        # the first black 3 of each suit, where one may lie under a sequence when going out
        threes = (
            {c.suit: c for c in reversed(hand.black_threes)}
            if going_out and hand.black_threes and rules.black_three_under_sequence
            else {}
        )
        for suit, ranks in hand.by_suit.items():
            three = threes.get(suit)
            if len(ranks) + wild_count + (three is not None) < least:
                continue
            if natural_runs_only and three is None and (len(ranks) < least or not _has_run(ranks, least)):
                continue  # no wild card may fill a gap, and no run is long enough: no sequence
            for group, maximal in _suit_part(ranks, twos, jokers, three, rules):
                if group not in found:  # a one-rank group found above keeps its place
                    found[group] = maximal
    if rules.wild_melds and wild_count >= least:  # fewer wild cards make no meld of wild cards
        for group, maximal in _wild_groups(twos, jokers, rules):
            found.setdefault(group, maximal)
    if going_out and hand.black_threes:
        for group, maximal in _black_three_groups(tuple(hand.black_threes), rules):
            found.setdefault(group, maximal)
    return sorted(found.items(), key=item_key) if ordered else list(found.items())


@lru_cache(maxsize=1 << 10)
def _wild_groups(twos: Cards, jokers: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """The offered melds of wild cards alone: the smallest and the longest, each with whether it
    is maximal. Remembered: a hand's wild cards change seldom (in random self-play 99 views in
    100 ask again for wild cards asked for before)."""
    found: dict[Cards, bool] = {}
    wilds = Wilds(twos, jokers)
    for group in wilds.wilds(rules.meld_min_cards):
        _keep(found, group, False, rules)
    for group in wilds.wilds(min(wilds.wild_count, rules.wild_meld_length)):
        _keep(found, group, True, rules)
    return tuple(found.items())


@lru_cache(maxsize=1 << 8)
def _black_three_groups(threes: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """The offered melds of black 3s (going out): the smallest and the longest, each with whether it
    is maximal. Remembered: a hand holds one of a dozen or so sets of black 3s."""
    found: dict[Cards, bool] = {}
    for group in choices(threes, rules.meld_min_cards):
        _keep(found, group, False, rules, True)
    for group in choices(threes, min(len(threes), rules.black_three_meld_max)):
        _keep(found, group, True, rules, True)
    return tuple(found.items())


def _has_run(ranks: dict[int, Card], least: int) -> bool:
    """Whether ``ranks`` (in rising order) hold ``least`` ranks in a row."""
    run = 0
    last = -1
    for rank in ranks:
        run = run + 1 if rank == last + 1 else 1
        if run >= least:
            return True
        last = rank
    return False


Shape = tuple[int, int, int]
"""A same-rank group by counts: so many naturals, 2s and jokers (made of every distinct choice of the cards held)."""


def shape_groups(naturals: Cards, twos: Cards, jokers: Cards, shape: Shape) -> Iterator[Cards]:
    """Each distinct group of ``shape`` made of the cards held, in card order: 2s, naturals, jokers."""
    n, t, j = shape
    rest = jokers[:j]
    for chosen in choices(naturals, n):
        for wild in choices(twos, t):
            yield (*wild, *chosen, *rest)


@lru_cache(maxsize=1 << 12)
def wild_splits(count: int, twos: int, jokers: int) -> tuple[tuple[int, int], ...]:
    """``Wilds.wilds`` by counts: each way to take ``count`` wild cards as (2s, jokers), most 2s first."""
    return tuple((t, count - t) for t in range(min(count, twos), -1, -1) if count - t <= jokers)


@lru_cache(maxsize=1 << 10)
def _rank_shapes_by_count(twos: int, jokers: int, rules: Rules) -> tuple[tuple[tuple[Shape, bool], ...], ...]:
    """``rank_shapes`` for each number of naturals a deck holds of a rank, with so many 2s and
    jokers: one look-up for a whole hand."""
    return tuple(rank_shapes(naturals, twos, jokers, rules) for naturals in range(4 * rules.decks + 1))


@lru_cache(maxsize=1 << 12)
def rank_shapes(naturals: int, twos: int, jokers: int, rules: Rules) -> tuple[tuple[Shape, bool], ...]:
    """The offered melds of one rank by counts: any ``meld_min_cards`` cards of the rank with wild
    cards, or all of them with the most wild cards (which rank and suits they are changes nothing
    for a same-rank meld); each group's shape and whether it is maximal."""
    found: dict[Shape, bool] = {}
    least = rules.meld_min_cards
    for count in range(1, min(least, naturals) + 1):
        for t, j in wild_splits(least - count, twos, jokers):
            if _same_rank_legal(count, t, j, rules):
                found.setdefault((count, t, j), False)
    for count in range(min(twos + jokers, rules.same_rank_max_wilds), -1, -1):  # the most wild cards that fit
        splits = wild_splits(count, twos, jokers)
        if splits and _same_rank_legal(naturals, *splits[0], rules):
            for t, j in splits:
                found[naturals, t, j] = True
            break
    return tuple(found.items())


def _suit_part(
    by_rank: dict[int, Card], twos: Cards, jokers: Cards, three: Card | None, rules: Rules
) -> tuple[tuple[Cards, bool], ...]:
    """The offered sequences of one suit (``by_rank``: its card of each rank held, in rank order, as
    ``Hand.by_suit`` has it), and
    with ``three`` (a black 3 of the suit, when going out) those that lay it under a sequence.
    Worked out on stand-in cards by ranks and counts (``suit_shapes``: the suit, and which 2s,
    change nothing for a sequence), then made of the hand's own cards."""
    if three is not None and rules.sequence_low_rank not in by_rank:
        three = None  # a black 3 goes only under a sequence from the lowest rank (melds._check_sequence)
    # a sequence holds at most sequence_max_wilds wild cards, and whether one more is held is all
    # its maximality reads: more 2s or jokers than that change no shape
    most = rules.sequence_max_wilds + 1
    counts = min(len(twos), most), min(len(jokers), most)
    if three is not None:  # a black 3 goes under the lowest rank a sequence may have: ranks as they are
        shapes = suit_shapes(tuple(by_rank), *counts, True, rules)
    else:
        shapes = cluster_shapes(tuple(by_rank), *counts, rules)
    threes = (three,) if three is not None else ()
    return tuple(
        # in card order: 2s (each distinct choice of them), the 3, the naturals, jokers
        ((*wild, *threes[:with_three], *map(by_rank.__getitem__, ranks), *jokers[:j]), maximal)
        for (ranks, t, j, with_three), maximal in shapes
        for wild in choices(twos, t)
    )


SequenceShape = tuple[tuple[int, ...], int, int, bool]
"""A sequence by its parts: the ranks of its naturals, how many 2s and jokers, whether a black 3."""


def parts_of(group: Cards) -> SequenceShape:
    """A group of stand-in cards by its parts, as ``SequenceShape`` and ``AddShape`` say them."""
    return (
        tuple(c.rank for c in group if c.is_natural),
        sum(c is STAND_IN_TWO for c in group),
        sum(c.is_joker for c in group),
        STAND_IN_THREE in group,
    )


LOWEST_NATURAL = 4


@lru_cache(maxsize=1 << 13)
def cluster_shapes(
    ranks: tuple[int, ...], twos: int, jokers: int, rules: Rules
) -> tuple[tuple[SequenceShape, bool], ...]:
    """``suit_shapes`` without black 3s, cluster by cluster: ranks further apart than the wild
    cards can bridge never share a sequence, nor can one join a sequence of the other (the gap
    stays unfilled), and without a 3 no sequence rule reads a rank itself, only the distances
    (melds._check_sequence). So each cluster is worked out moved down to start at 4, where most
    clusters of every hand and suit meet the same few patterns, then moved back."""
    spare = min(rules.sequence_max_wilds, twos + jokers)
    shapes: list[tuple[SequenceShape, bool]] = []
    start = 0
    for end in range(1, len(ranks) + 1):
        if end < len(ranks) and ranks[end] - ranks[end - 1] - 1 <= spare:
            continue
        shift = ranks[start] - LOWEST_NATURAL
        moved = tuple(r - shift for r in ranks[start:end])
        for (group, t, j, three), maximal in suit_shapes(moved, twos, jokers, False, rules):
            shapes.append(((tuple(r + shift for r in group), t, j, three), maximal))
        start = end
    return tuple(shapes)


STAND_IN_SUIT = "C"  # a black suit, so a stand-in black 3 is of the sequence's suit


STAND_IN_TWO = Card(2, STAND_IN_SUIT)


STAND_IN_THREE = Card(3, STAND_IN_SUIT)


@lru_cache(maxsize=1 << 14)
def suit_shapes(
    ranks: tuple[int, ...], twos: int, jokers: int, three: bool, rules: Rules
) -> tuple[tuple[SequenceShape, bool], ...]:
    """``_suit_part`` by ranks and counts, judged on stand-in cards of one suit."""
    found: dict[Cards, bool] = {}
    naturals = {r: Card(r, STAND_IN_SUIT) for r in ranks}
    for group, maximal in _sequence_groups(naturals, Wilds([STAND_IN_TWO] * twos, [JOKER] * jokers), rules):
        _keep(found, group, maximal, rules)
        if three:
            _keep(found, (STAND_IN_THREE, *group), True, rules, True)
    return tuple((parts_of(group), maximal) for group, maximal in found.items())


def _keep(found: dict[Cards, bool], group: Cards, maximal: bool, rules: Rules, with_threes: bool = False) -> None:
    """Keep ``group`` (in card order) in ``found`` if it is a legal meld and smallest or maximal;
    a group found already keeps its place, and is maximal if either finding says so (a smallest
    meld may be maximal too: three wild cards when the hand holds no more)."""
    group = tuple(sorted(group, key=CARD_ORDER))
    if group in found:
        found[group] = found[group] or maximal
        return
    if not (maximal or len(group) == rules.meld_min_cards):
        return
    if judge(group, rules, with_threes).legal:
        found[group] = maximal


SHAPE_NATURAL = Card.parse("KH")


@lru_cache(maxsize=4096)
def _same_rank_legal(naturals: int, twos: int, jokers: int, rules: Rules) -> bool:
    """Whether so many naturals of one rank with so many 2s and jokers are a legal meld: the
    judge's answer for one such group stands for all, whatever their rank and suits."""
    group = (*[Card(2, "C")] * twos, *[SHAPE_NATURAL] * naturals, *[JOKER] * jokers)
    return judge(group, rules).legal


def _sequence_groups(ranks: dict[int, Card], hand: Wilds, rules: Rules) -> Iterator[tuple[Cards, bool]]:
    """Runs of one suit, with wild cards where the rules allow: (group, whether it may be maximal).

    Every run of naturals is tried with each number of wild cards the rules allow (to fill
    gaps or extend it); the judge decides; a group is maximal when no natural of the suit
    or wild card of the hand could join it and keep it legal."""
    present = sorted(ranks)
    spare = min(rules.sequence_max_wilds, hand.wild_count)
    length = rules.sequence_length
    if spare == 0:  # natural runs only: every shortest window, and each longest one
        yield from _natural_runs(present, ranks, rules)
        return
    for i in range(len(present)):
        for j in range(i, len(present)):
            span = present[j] - present[i] + 1
            if span - (j - i + 1) > spare or span > length:
                break
            inner = present[i + 1 : j]
            for dropped_count in range(spare + 1):
                for dropped in combinations(inner, dropped_count):
                    naturals = [ranks[r] for r in present[i : j + 1] if r not in dropped]
                    for wild_count in range(span - len(naturals), spare + 1):
                        for wilds in hand.wilds(wild_count):
                            group = tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
                            if len(group) > length:
                                continue
                            maximal = len(group) >= length or (
                                present[i] - 1 not in ranks  # a neighbour or a spare wild card would join
                                and present[j] + 1 not in ranks
                                and wild_count == spare
                                and _sequence_maximal(group, ranks, hand, rules)
                            )
                            if maximal or len(group) == rules.meld_min_cards:
                                yield group, maximal


def _natural_runs(present: list[int], ranks: dict[int, Card], rules: Rules) -> Iterator[tuple[Cards, bool]]:
    least, length = rules.meld_min_cards, rules.sequence_length
    start = 0
    for end in range(1, len(present) + 1):
        if end < len(present) and present[end] == present[end - 1] + 1:
            continue
        run = [ranks[r] for r in present[start:end]]
        start = end
        if len(run) < least:
            continue
        longest = min(len(run), length)
        for size in dict.fromkeys((least, longest)):
            for first in range(len(run) - size + 1):
                yield tuple(run[first : first + size]), size == longest


def _sequence_maximal(group: Cards, ranks: dict[int, Card], hand: Wilds, rules: Rules) -> bool:
    """No natural of the suit, nor one more wild card, keeps ``group`` a legal meld when added."""
    if len(group) >= rules.sequence_length:
        return True
    naturals = tuple(c for c in group if not c.is_wild)
    wilds = len(group) - len(naturals)
    longer = [tuple(sorted((*group, c), key=CARD_ORDER)) for c in ranks.values() if c not in group]
    longer += [tuple(sorted((*naturals, *more), key=CARD_ORDER)) for more in hand.wilds(wilds + 1)]
    return not any(judge(g, rules).legal for g in longer)


def item_key(item: tuple[Cards, Any]) -> tuple[int, ...]:
    """``group_key`` of an item's group, said again rather than called: a sort calls it per item."""
    return tuple(map(CARD_ORDER, item[0]))


def group_key(group: Cards) -> tuple[int, ...]:
    return tuple(map(CARD_ORDER, group))


def best_first(cards: Sequence[Card], rules: Rules, needed: int) -> tuple[Cards, ...]:
    """Disjoint offered melds from ``cards``, the most points first, until they are worth ``needed``."""
    if needed <= 0:
        return ()
    groups = meld_groups_of(Hand(cards), rules, False)
    return most_points_first(cards, [(judge(g, rules).points, g) for g, _ in groups], needed)


def most_points_first(cards: Sequence[Card], scored: list[tuple[int, Cards]], needed: int) -> tuple[Cards, ...]:
    """``best_first`` from the offered melds of ``cards`` with their points (in card order)."""
    chosen: list[Cards] = []
    left = Counter(cards)
    total = 0
    for points, group in sorted(scored, key=_minus_points):  # stable: card order among equal points
        if not _fits(left, group):
            continue
        for card in group:
            left[card] -= 1
        chosen.append(group)
        total += points
        if total >= needed:
            return tuple(chosen)
    return ()


def _minus_points(item: tuple[int, Cards]) -> int:
    return -item[0]


def _fits(counts: dict[Card, int], cards: Sequence[Card]) -> bool:
    """Whether a hand of ``counts`` holds every one of ``cards`` (copies counted): remove_cards's
    test without copying the hand."""
    need: dict[Card, int] = {}
    for card in cards:
        wanted = need.get(card, 0) + 1
        if wanted > counts.get(card, 0):
            return False
        need[card] = wanted
    return True
