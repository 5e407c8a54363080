"""What may join a meld on the table: the groups of a hand offered as additions, each with the
judge's verdict, and the facts about a side's table that the offers read.

A legal same-rank meld accepts by counts alone; a legal sequence or meld of wild cards by its
shape and the hand's nearby ranks of its suit (worked out on stand-in cards and remembered);
cards that join a sequence are judged by its arithmetic (``scan``: one suit, no rank twice, the
gaps filled, the length), which tests/test_legal_shapes.py and test_legal_arithmetic.py hold to
the judge's answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple
from itertools import combinations

from ..build import mypyc_attr
from ..cards import CARD_ORDER, JOKER, Card, remove_cards
from ..melds import MeldKind, MeldVerdict, judge, judge_addition
from ..rules import Rules
from .groups import (
    SHAPE_NATURAL, STAND_IN_SUIT, STAND_IN_THREE, STAND_IN_TWO, Hand, Shape, choices, parts_of, shape_groups,
    wild_splits,
)

__all__ = [
    "NO_CARDS",
    "AddShape",
    "MeldFacts",
    "MeldShape",
    "SequenceScan",
    "additions_to",
    "breaks_sequence",
    "joins_sequence",
    "may_be_sequence",
    "meld_facts",
    "meld_shape",
    "open_sequence",
    "other_rank_breaks",
    "rank_room",
    "same_rank_adds_by_count",
    "same_rank_joins",
    "scan",
    "table_facts",
]  # fmt: skip

Cards = tuple[Card, ...]


class MeldFacts(NamedTuple):
    """What the offers read of a meld on the table, worked out once per meld (``meld_facts``)."""

    kind: MeldKind | None  # as the judge reads it, going out
    legal: bool
    first_natural: Card | None  # which rank (same-rank) or suit (sequence) it is
    naturals: int  # how many naturals it holds
    complete: bool




MeldShape = tuple[tuple[int, ...], int, int]
"""A meld on the table by its parts: the ranks of its naturals, how many 2s and jokers."""


AddShape = tuple[tuple[int, ...], int, int, bool]
"""A group added by its parts: the ranks of its naturals, how many 2s and jokers, whether a black 3."""


@lru_cache(maxsize=1 << 12)
def table_facts(
    table: tuple[Cards, ...], rules: Rules
) -> tuple[dict[int, tuple[int, int]] | None, tuple[MeldFacts, ...]]:
    """What the offers read of a side's table, once per table: ``_ranks_of`` it and each meld's
    ``meld_facts`` (the table changes only when the side melds or adds)."""
    facts = tuple(meld_facts(meld, rules) for meld in table)
    return _ranks_of(facts, rules), facts


@lru_cache(maxsize=1 << 12)
def meld_facts(meld: Cards, rules: Rules) -> MeldFacts:
    """A table meld's kind and legality (as the judge says), its first natural, how many
    naturals it holds and whether it is complete: what the offers read, worked out once per meld."""
    verdict = judge(meld, rules, True)
    naturals = [c for c in meld if c.is_natural]
    return MeldFacts(verdict.kind, verdict.legal, naturals[0] if naturals else None, len(naturals), verdict.complete)


def _ranks_of(facts: tuple[MeldFacts, ...], rules: Rules) -> dict[int, tuple[int, int]] | None:
    """The side's legal same-rank melds by rank: (how many, how many not complete), read from the
    table's ``meld_facts``; ``None`` when the table breaks a per-rank limit already (then every
    check says so)."""
    ranks: dict[int, tuple[int, int]] = {}
    for kind, legal, first, _, complete in facts:
        if legal and kind is MeldKind.SAME_RANK:
            assert first is not None
            count, open_ = ranks.get(first.rank, (0, 0))
            ranks[first.rank] = (count + 1, open_ + (not complete))
    per_rank = rules.same_rank_melds_per_rank
    if per_rank == "one" and any(count > 1 for count, _ in ranks.values()):
        return None
    if per_rank == "another only after a canasta" and any(open_ > 1 for _, open_ in ranks.values()):
        return None
    return ranks


def rank_room(verdict: MeldVerdict, ranks: dict[int, tuple[int, int]], rules: Rules) -> bool:
    """Whether a new legal meld keeps the side within the per-rank limit (melds.judge_side_melds)."""
    per_rank = rules.same_rank_melds_per_rank
    if per_rank == "several" or verdict.kind is not MeldKind.SAME_RANK:
        return True
    count, open_ = ranks.get(next(c.rank for c in verdict.cards if c.is_natural), (0, 0))
    if per_rank == "one":
        return count == 0
    return open_ + (not verdict.complete) <= 1


def additions_to(meld: Cards, hand: Hand, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_groups``, each with whether the judge allows it (not going out), remembered by
    what could ever decide them: for a legal same-rank meld the counts of naturals and wild cards,
    for a legal sequence or meld of wild cards its shape and the hand's nearby ranks of its suit and
    wild cards (``_shaped_additions``), else the meld and the hand's cards that could ever join it:
    those of its rank (or of its suit, with black 3s of that suit) and wild cards. No other card
    can make an addition to it legal."""
    kind, legal, first, naturals, _ = meld_facts(meld, rules)
    if kind is MeldKind.SAME_RANK:
        assert first is not None
        same = tuple(hand.by_rank.get(first.rank, ()))
        if legal:  # only counts of naturals and wild cards matter: judged by counts
            twos, jokers = tuple(hand.twos), tuple(hand.jokers)
            return _same_rank_additions(naturals, len(meld) - naturals, same, twos, jokers, rules)
        relevant: Cards = (*same, *hand.twos, *hand.jokers)
    elif kind is MeldKind.SEQUENCE:
        assert first is not None
        suit = first.suit
        shape = meld_shape(meld) if legal else None
        if shape is not None and (len(hand.twos) <= 1 or rules.sequence_max_wilds <= 1):
            # a black 3 joins a sequence only where the rules lay one under it (melds._check_sequence)
            three = None
            if rules.black_three_under_sequence:
                three = next((c for c in hand.black_threes if c.suit == suit), None)
            return _shaped_additions(shape, hand.by_suit.get(suit, {}), three, hand.twos, hand.jokers, rules)
        relevant = tuple(c for c in hand.cards if (c.suit == suit and (c.is_natural or c.is_black_three)) or c.is_wild)
    else:
        shape = meld_shape(meld) if legal and kind is MeldKind.WILD else None
        if shape is not None:  # only the hand's wild cards may join a meld of wild cards (_addition_groups)
            return _shaped_additions(shape, {}, None, hand.twos, hand.jokers, rules)
        relevant = (*hand.twos, *hand.jokers, *hand.black_threes)
    return _addition_options(meld, relevant, rules)


@lru_cache(maxsize=1 << 12)
def meld_shape(meld: Cards) -> MeldShape | None:
    """``meld``'s shape when it holds only naturals and wild cards (no black 3), else ``None``."""
    if any(not (c.is_natural or c.is_wild) for c in meld):
        return None
    ranks = tuple(sorted(c.rank for c in meld if c.is_natural))
    jokers = sum(c.is_joker for c in meld)
    return ranks, len(meld) - len(ranks) - jokers, jokers


def _shaped_additions(
    shape: MeldShape,
    suited: dict[int, Card],
    three: Card | None,
    twos: Sequence[Card],
    jokers: Sequence[Card],
    rules: Rules,
) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_options`` for a legal sequence or meld of wild cards without black 3s, from the
    hand's naturals of its suit (``suited``, by rank), black 3 of its suit and wild cards: worked
    out on stand-in cards by ranks and counts (``_add_shapes``: which suit, and which 2s, change
    nothing for such a meld), then made of the hand's own cards (each distinct choice of its 2s,
    as the groups by cards take them). For a sequence, the hand holds at most one 2 or the rules allow at most one
    wild card in it: otherwise groups with different 2s would be one stand-in group."""
    ranks = shape[0]
    near: tuple[int, ...] = ()
    if ranks and not (shape[1] or shape[2]) and (not rules.sequence_max_wilds or not (twos or jokers)):
        # no wild card in the meld nor any that may join it: only the naturals that continue it
        # without a gap can join it, or join a group that joins it
        low, high = ranks[0], ranks[-1]
        while low - 1 in suited:
            low -= 1
        while high + 1 in suited:
            high += 1
        near = (*range(low, ranks[0]), *range(ranks[-1] + 1, high + 1))  # each held, by the loops above
    elif ranks:
        # a natural further from the meld's naturals than a whole sequence spans never joins it,
        # nor one beyond more missing ranks than the wild cards the sequence may hold could fill,
        # nor does it join a group that joins it: such cards change no offer
        spare = min(rules.sequence_max_wilds, shape[1] + shape[2] + len(twos) + len(jokers))
        low, high = ranks[0], ranks[-1]
        floor, ceiling = ranks[-1] - rules.sequence_length + 1, ranks[0] + rules.sequence_length - 1
        missing = 0
        while low - 1 >= floor and (low - 1 in suited or missing < spare):
            missing += low - 1 not in suited
            low -= 1
        missing = 0
        while high + 1 <= ceiling and (high + 1 in suited or missing < spare):
            missing += high + 1 not in suited
            high += 1
        # a rank the meld holds already never joins it (no rank twice in a sequence)
        near = tuple(r for r in suited if low <= r <= high and r not in ranks)
    low_rank = rules.sequence_low_rank
    if three is not None and (shape[1] or shape[2] or (low_rank not in ranks and low_rank not in near)):
        three = None  # a black 3 goes only under a natural sequence from the lowest rank (melds._check_sequence)
    if ranks:  # one wild card more than a sequence may hold is all a group or its rest can show
        most = rules.sequence_max_wilds + 1
        options = _add_shapes(shape, near, three is not None, min(len(twos), most), min(len(jokers), most), rules)
    else:
        options = _add_shapes(shape, near, three is not None, len(twos), len(jokers), rules)
    threes = (three,) if three is not None else ()
    return tuple(
        ((*wild, *threes[:with_three], *map(suited.__getitem__, added), *jokers[:j]), legal)
        for (added, t, j, with_three), legal in options
        for wild in choices(twos, t)
    )


@lru_cache(maxsize=1 << 14)
def _add_shapes(
    shape: MeldShape, near: tuple[int, ...], three: bool, twos: int, jokers: int, rules: Rules
) -> tuple[tuple[AddShape, bool], ...]:
    """``_shaped_additions`` by ranks and counts: the groups ``_addition_options`` offers for a
    stand-in meld and hand of one suit, each by its parts."""
    ranks, meld_twos, meld_jokers = shape
    meld = (*[STAND_IN_TWO] * meld_twos, *(Card(r, STAND_IN_SUIT) for r in ranks), *[JOKER] * meld_jokers)
    threes = (STAND_IN_THREE,) if three else ()
    cards = (*[STAND_IN_TWO] * twos, *threes, *(Card(r, STAND_IN_SUIT) for r in near), *[JOKER] * jokers)
    return tuple((parts_of(group), legal) for group, legal in _addition_options(meld, cards, rules))


@lru_cache(maxsize=1024)
def _same_rank_meld(rank: int, naturals: int, wilds: int) -> Cards:
    """A legal same-rank meld of so many naturals of ``rank`` and wild cards: what any such meld
    allows to be added to it (by the same-rank rules: counts, not suits) this one allows too."""
    return (*[Card(2, "C")] * wilds, *[Card(rank, "C")] * naturals)


def _same_rank_additions(
    meld_naturals: int, meld_wilds: int, naturals: Cards, twos: Cards, jokers: Cards, rules: Rules
) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_options`` for a legal same-rank meld of so many naturals and wild cards: the
    same groups as ``_addition_groups`` makes, each judged by its counts alone (``_same_rank_adds``)."""
    shapes = _same_rank_adds(meld_naturals, meld_wilds, len(naturals), len(twos), len(jokers), rules)
    return tuple((group, legal) for shape, legal in shapes for group in shape_groups(naturals, twos, jokers, shape))


@mypyc_attr(native_class=False)
class _AddsByCount(dict[tuple[int, int, int], tuple[tuple[Shape, bool], ...]]):
    """``_same_rank_adds`` for a hand of so many 2s and jokers, by (the meld's naturals, its wild
    cards, the hand's naturals of its rank): one look-up of three numbers per meld on the table."""

    def __init__(self, twos: int, jokers: int, rules: Rules) -> None:
        super().__init__()
        self._wilds = twos, jokers, rules

    def __missing__(self, key: tuple[int, int, int]) -> tuple[tuple[Shape, bool], ...]:
        self[key] = shapes = _same_rank_adds(*key, *self._wilds)
        return shapes


@lru_cache(maxsize=1 << 8)
def same_rank_adds_by_count(twos: int, jokers: int, rules: Rules) -> _AddsByCount:
    """One ``_AddsByCount`` per hand's counts of wild cards, kept across positions."""
    return _AddsByCount(twos, jokers, rules)


@lru_cache(maxsize=1 << 14)
def _same_rank_adds(
    meld_naturals: int, meld_wilds: int, naturals: int, twos: int, jokers: int, rules: Rules
) -> tuple[tuple[Shape, bool], ...]:
    """``_same_rank_additions`` by counts: all the naturals with the most wild cards that join,
    one wild card, one natural; each group's shape and whether it joins (the same-rank rules count
    cards, so a stand-in rank judges for every rank)."""
    groups: list[Shape] = []
    meld = SHAPE_NATURAL.rank, meld_naturals, meld_wilds
    for count in range(min(twos + jokers, rules.same_rank_max_wilds), -1, -1):
        splits = wild_splits(count, twos, jokers)
        if splits and (naturals or count) and same_rank_joins(*meld, naturals, count, rules):
            groups += [(naturals, t, j) for t, j in splits]
            break
    groups += [(0, t, j) for t, j in wild_splits(1, twos, jokers)]
    groups += [(1, 0, 0)] if naturals else []
    return tuple(((n, t, j), same_rank_joins(*meld, n, t + j, rules)) for n, t, j in dict.fromkeys(groups))


@lru_cache(maxsize=4096)
def same_rank_joins(rank: int, meld_naturals: int, meld_wilds: int, naturals: int, wilds: int, rules: Rules) -> bool:
    """Whether so many naturals of ``rank`` and wild cards legally join a legal same-rank meld of so
    many: the judge's answer for one such meld and group stands for all (the same-rank rules count)."""
    meld = _same_rank_meld(rank, meld_naturals, meld_wilds)
    return judge_addition(meld, (*[Card(2, "C")] * wilds, *[Card(rank, "C")] * naturals), rules).legal


@lru_cache(maxsize=1 << 12)
def _addition_options(meld: Cards, cards: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    offered = _addition_groups(meld, Hand(cards), rules)
    groups = dict.fromkeys(tuple(sorted(g, key=CARD_ORDER)) for g in offered)  # each once, in card order
    if judge(meld, rules, True).kind is MeldKind.SEQUENCE:
        seen, table_open = scan(NO_CARDS, meld), open_sequence(meld, rules)
        return tuple((group, joins_sequence(meld, seen, table_open, group, rules, False)) for group in groups)
    return tuple((group, judge_addition(meld, group, rules).legal) for group in groups)


def _addition_groups(meld: Cards, hand: Hand, rules: Rules) -> Iterator[Cards]:
    """Single cards and maximal groups from hand that could join ``meld``."""
    verdict = judge(meld, rules, True)
    kind = verdict.kind
    if verdict.complete and kind in (MeldKind.SEQUENCE, MeldKind.WILD):
        return  # closed: nothing joins it
    singles: list[Card] = []
    if kind is MeldKind.SAME_RANK:
        rank = next(c.rank for c in meld if c.is_natural)
        naturals = hand.by_rank.get(rank, [])
        singles = list(dict.fromkeys(naturals))  # each distinct card: a 7H and a 7S leave different hands
        for count in range(min(hand.wild_count, rules.same_rank_max_wilds), -1, -1):
            options = hand.wilds(count)
            if options and (naturals or count) and judge_addition(
                meld, tuple(sorted((*naturals, *options[0]), key=CARD_ORDER)), rules
            ).legal:
                for wilds in options:
                    yield tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
                break
    elif kind is MeldKind.SEQUENCE:
        suit = next(c.suit for c in meld if c.is_natural)
        room = rules.sequence_length - len(meld)
        low = min(c.rank for c in meld if c.is_natural) - room
        high = max(c.rank for c in meld if c.is_natural) + room
        threes = [c for c in hand.black_threes if c.suit == suit][:1]
        singles = [*(c for r, c in hand.by_suit.get(suit, {}).items() if low <= r <= high), *threes]
        # every wild card the sequence may take, each distinct 2 as often as it may serve
        most = rules.sequence_max_wilds
        pool = [*singles, *(c for c in dict.fromkeys(hand.twos) for _ in range(min(most, hand.twos.count(c))))]
        pool += hand.jokers[:most]
        yield from _maximal_additions(meld, pool, hand, rules)
    elif kind in (MeldKind.WILD, MeldKind.BLACK_THREES):
        pool = hand.black_threes if kind is MeldKind.BLACK_THREES else []
        singles = list(dict.fromkeys(pool))  # each distinct black 3: a 3C and a 3S leave different hands
        room = max(0, rules.wild_meld_length - len(meld)) if kind is MeldKind.WILD else len(pool)
        if kind is MeldKind.WILD:
            for wilds in hand.wilds(min(room, hand.wild_count)):
                yield wilds
        elif pool:
            yield tuple(pool)
    for wilds in hand.wilds(1):
        yield wilds
    for card in singles:
        yield (card,)


def _maximal_additions(meld: Cards, pool: Sequence[Card], hand: Hand, rules: Rules) -> Iterator[Cards]:
    """The groups of ``pool`` (a few cards of one suit and wild cards) that legally join ``meld``
    and to which no other card of the hand could be added."""
    legal: list[Cards] = []
    pool = sorted(pool, key=CARD_ORDER)  # so every combination comes in card order already
    # ``meld`` is a sequence (naturals of two ranks or more): longer than a sequence may be, it is
    # no legal meld whatever joins it, so groups that make it so are not tried
    room = rules.sequence_length - len(meld)
    seen = scan(NO_CARDS, meld)
    table_open = open_sequence(meld, rules)
    for size in range(min(len(pool), room), 1, -1):
        for joined in dict.fromkeys(combinations(pool, size)):  # copies of a card make one group
            if joins_sequence(meld, seen, table_open, joined, rules, any(c.is_black_three for c in joined)):
                legal.append(joined)
    for joined in legal:
        if len(joined) >= room:
            yield joined  # nothing more joins a sequence as long as it may be
            continue
        rest = remove_cards(hand.cards, joined) or []
        threes = any(x.is_black_three for x in joined)
        if not any(
            joins_sequence(
                meld, seen, table_open, tuple(sorted((*joined, c), key=CARD_ORDER)), rules, c.is_black_three or threes
            )
            for c in dict.fromkeys(rest)
        ):
            yield joined


def open_sequence(meld: Cards, rules: Rules) -> bool:
    """Whether ``meld`` (a sequence) is legal and not complete: open to additions."""
    verdict = judge(meld, rules, True)
    return verdict.legal and not verdict.complete


def joins_sequence(
    meld: Cards, seen: SequenceScan | None, table_open: bool, cards: Cards, rules: Rules, going_out: bool
) -> bool:
    """``judge_addition(meld, cards, rules, going_out).legal`` for ``meld`` a sequence (read as
    ``seen`` by ``scan``; ``table_open``: ``open_sequence``). Without a 3 in either it is the
    arithmetic's answer, the judge's rules for a sequence (tests/test_legal_shapes.py holds the two
    to each other); with one the judge's own."""
    if not _may_be_sequence_after(seen, cards, rules):
        return False
    if scan(seen, cards) is not None:
        return table_open
    return judge_addition(meld, cards, rules, going_out).legal


def may_be_sequence(cards: Sequence[Card], rules: Rules) -> bool:
    """``False`` when ``cards``, naturals of two or more ranks with wild cards, break a sequence rule
    of the judge (melds._judge and _check_sequence: one suit, no rank twice, so many wild cards, the
    gaps filled, the length): such a group is no legal meld, and no legal addition either. ``True``
    means the judge must say; so it is for groups with 3s or naturals of one rank."""
    return _may_be_sequence_after(NO_CARDS, cards, rules)


SequenceScan = tuple[str, bool, int, int, int, int, int, bool, int]
"""What ``may_be_sequence`` reads of cards seen so far: the first natural's suit, whether another
suit came, the ranks present (as bits), how many naturals and wild cards, the lowest and highest
rank, whether a rank came twice, how many cards."""


NO_CARDS: SequenceScan = ("", False, 0, 0, 0, 15, 0, False, 0)


def scan(seen: SequenceScan | None, cards: Sequence[Card]) -> SequenceScan | None:
    """``seen`` with ``cards`` too; ``None`` once a 3 is among them (the judge's own rules)."""
    if seen is None:
        return None
    suit, mixed, present, naturals, wilds, low, high, repeated, count = seen
    for card in cards:
        if card.is_natural:
            rank = card.rank
            if not suit:
                suit = card.suit
            elif card.suit != suit:
                mixed = True
            bit = 1 << rank
            repeated = repeated or bool(present & bit)
            present |= bit
            naturals += 1
            if rank < low:
                low = rank
            if rank > high:
                high = rank
        elif card.is_wild:
            wilds += 1
        else:
            return None
    return suit, mixed, present, naturals, wilds, low, high, repeated, count + len(cards)


def other_rank_breaks(top: Card, meld: Cards, rules: Rules) -> bool:
    """Whether ``top``, a natural of another rank than ``meld`` (a legal same-rank meld without 3s),
    makes with it naturals of two ranks that no sequence allows: a rank repeated, or no sequences
    at all (as ``may_be_sequence`` says, read from the meld's facts)."""
    kind, legal, first, naturals, _ = meld_facts(meld, rules)
    return (
        legal
        and kind is MeldKind.SAME_RANK
        and first is not None
        and top.is_natural
        and top.rank != first.rank
        and (naturals >= 2 or not rules.sequences)
        and meld_shape(meld) is not None
    )


def breaks_sequence(seen: SequenceScan | None) -> bool:
    """Whether cards read by ``scan`` hold naturals of two ranks or more that mix suits or repeat a
    rank, and no 3: then ``may_be_sequence`` refuses them with any more naturals and wild cards
    (as the judge does), at least ``meld_min_cards`` of them."""
    return seen is not None and seen[5] < seen[6] and (seen[1] or seen[7])


def _may_be_sequence_after(seen: SequenceScan | None, cards: Sequence[Card], rules: Rules) -> bool:
    """``may_be_sequence`` of the cards ``seen`` (as ``scan`` read them) and ``cards``: a meld
    read once, then each group that might join it."""
    scanned = scan(seen, cards)
    if scanned is None:
        return True  # a 3: the judge's own rules
    _, mixed, _, naturals, wilds, low, high, repeated, count = scanned
    if low >= high or count < rules.meld_min_cards:
        return True  # no natural, or one rank: not a sequence
    if not rules.sequences or mixed or repeated:
        return False
    if wilds > rules.sequence_max_wilds or count > rules.sequence_length:
        return False
    return high - low + 1 - naturals <= wilds
