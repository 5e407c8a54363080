"""The discard pile's rules and the enumeration of takes, in one place.

The pile rules (closed, frozen, the ways of taking it, the cards taken) are read by the checks
(``checks``) and by the offer of takes; the takes enumerated here are what the legal view offers
and what the pass rule asks about (a player passes only when no take is legal). Both import this
module, so the rules the view is tested against do not lean on the view.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from operator import attrgetter

from ..actions import Action, TakePile, TakeTop
from ..cards import CARD_ORDER, JOKER, JOKER_RANK, Card, remove_cards
from ..melds import MeldKind, MeldVerdict, judge, judge_addition
from ..position import Position
from ..rules import CardClass, Rules
from .additions import (
    MeldShape, breaks_sequence, meld_facts, meld_shape, other_rank_breaks, same_rank_joins, scan, table_facts,
    NO_CARDS,
)
from .groups import (
    LOWEST_NATURAL, STAND_IN_SUIT, STAND_IN_TWO, Hand, best_first, choices, group_key, meld_groups_of, rank_shapes,
    shape_groups,
)
from .limits import meets_initial_minimum, within_rank_limits

__all__ = [
    "card_class", "natural_pair", "pile_cards_taken", "pile_closed", "pile_frozen", "pile_problem",
    "pile_take_candidates", "pile_ways_met", "take_candidates", "take_top_candidates", "take_top_judged",
    "top_joins",
]  # fmt: skip

Cards = tuple[Card, ...]
_RANK = attrgetter("rank")


# --- the pile's rules ------------------------------------------------------------------


def pile_problem(pos: Position) -> str | None:
    """Why the pile cannot be touched at all now, as a reason's code (empty, blocked, one card to
    one card); ``None`` when it can."""
    rules = pos.rules
    if not pos.pile:
        return "pile-empty"
    if card_class(pos.pile[-1]) in rules.pile_blocked_by:
        return "pile-blocked"
    if len(pos.pile) == 1 and len(pos.hands[pos.turn - 1]) == 1 and not rules.one_card_pile_with_one_card:
        return "pile-one-card"
    return None


def pile_closed(pos: Position) -> bool:
    """Whether nobody may touch the pile now, whatever they hold (empty, blocked, one to one)."""
    return pile_problem(pos) is not None


def card_class(card: Card) -> CardClass:
    """The class of card the pile and discard rules name: natural, wild, black 3 or red 3."""
    if card.is_wild:
        return "wild"
    if card.is_black_three:
        return "black 3"
    if card.is_red_three:
        return "red 3"
    return "natural"


def pile_frozen(pos: Position) -> bool:
    """Whether only a natural pair matching the top card may take the pile now."""
    when = pos.rules.pile_frozen_when
    if not when:
        return False
    side = pos.side_of(pos.turn)
    return bool(
        ("side has not melded" in when and not pos.melds[side])
        or ("pile holds a wild" in when and any(c.is_wild for c in pos.pile))
        or ("pile holds a black 3" in when and any(c.is_black_three for c in pos.pile))
        or ("pile holds a red 3" in when and any(c.is_red_three for c in pos.pile))
    )


def pile_ways_met(
    top: Card, cards: Cards, natural_pair: bool, verdict: MeldVerdict, rules: Rules, frozen: bool
) -> bool:
    ways = rules.pile_take_ways
    if "natural pair" in ways and natural_pair:
        return True
    if frozen:
        return False
    if "natural and wild" in ways and top.is_natural and any(c.is_wild for c in cards):
        return any(c.is_natural and c.rank == top.rank for c in cards)
    if "suited sequence pair" in ways and top.is_natural and verdict.kind is MeldKind.SEQUENCE:
        return sum(c.is_natural and c.suit == top.suit for c in cards) >= 2
    return "two wilds" in ways and top.is_wild and sum(c.is_wild for c in cards) >= 2


def pile_cards_taken(pos: Position) -> list[Card]:
    """The cards under the top discard that go to the taker's hand."""
    rest = pos.pile[:-1]
    count = pos.rules.pile_cards_taken
    return rest if count == "all" else rest[-int(count) :] if count else []


# --- the takes -------------------------------------------------------------------------


def take_candidates(pos: Position) -> Iterator[Action]:
    """Every take worth checking now, unchecked: the top card onto each of the side's sequences,
    and the pile with each small or maximal group (the view's takes, before their checks)."""
    yield from take_top_candidates(pos)
    yield from (take for take, _ in pile_take_candidates(pos))


def take_top_candidates(pos: Position) -> Iterator[TakeTop]:
    """Every take of the top card onto one of the side's sequences, unchecked."""
    return (_take_top_action(index) for index, _ in _table_sequences(pos))


def _table_sequences(pos: Position) -> Iterator[tuple[int, Cards]]:
    """The side's sequences, where the top card may be taken (``take_top_card_onto_sequence``),
    each with its number on the table."""
    rules = pos.rules
    melds = pos.melds[pos.side_of(pos.turn)]
    if not rules.take_top_card_onto_sequence or not pos.pile or not melds:
        return
    table = tuple(map(tuple, melds))
    for index, (meld, facts) in enumerate(zip(table, table_facts(table, rules)[1], strict=True), start=1):
        if facts.kind is MeldKind.SEQUENCE:  # each meld judged once a table
            yield index, meld


_take_top_action = cache(TakeTop)  # one action per meld number, made once


def take_top_judged(pos: Position) -> Iterator[tuple[Action, bool | None]]:
    """``take_top_candidates`` with verdicts: none while the pile is closed (checks._check_take_top refuses
    every one for the pile's reasons); with two cards or more in hand, taking the top card onto a
    sequence is legal exactly when the judge allows the addition (nothing else can fail)."""
    if not pos.rules.take_top_card_onto_sequence or pile_closed(pos):
        return
    last_card = len(pos.hands[pos.turn - 1]) < 2  # the going-out rules decide: the full check reads them
    top = pos.pile[-1]
    for index, meld in _table_sequences(pos):
        yield _take_top_action(index), None if last_card else top_joins(meld, top, pos.rules)


def top_joins(meld: Cards, top: Card, rules: Rules) -> bool:
    """Whether the judge allows ``top`` to join ``meld`` (a sequence): worked out on stand-in cards
    by the shape of a legal meld when it and the card hold no 3 (which suit, and which 2, change nothing for
    a sequence; a natural of another suit is of another suit whichever it is). The shape is moved
    down to start at 4, as ``cluster_shapes`` moves a hand's: without a 3 the judge reads only the
    distances between ranks, so one remembered verdict serves a sequence wherever it lies."""
    shape = meld_shape(meld)
    _, legal, first, _, _ = meld_facts(meld, rules)
    if shape is None or first is None or not legal or not (top.is_natural or top.is_wild):
        return judge_addition(meld, (top,), rules).legal
    ranks, twos, jokers = shape
    shift = (min(ranks[0], top.rank) if top.is_natural else ranks[0]) - LOWEST_NATURAL
    if shift:
        shape = tuple(r - shift for r in ranks), twos, jokers
    if top.is_wild:
        stand_in = top if top.is_joker else STAND_IN_TWO
    else:
        stand_in = _stand_in_card(top.rank - shift, top.suit == first.suit)
    return _stand_in_joins(shape, stand_in, rules)


_OTHER_SUIT = "D"


@cache
def _stand_in_card(rank: int, same_suit: bool) -> Card:
    """A natural of ``rank`` in the stand-in suit, or in another (looked up: making a card costs)."""
    return Card(rank, STAND_IN_SUIT if same_suit else _OTHER_SUIT)


@lru_cache(maxsize=1 << 12)
def _stand_in_joins(shape: MeldShape, card: Card, rules: Rules) -> bool:
    """``top_joins`` for a stand-in meld of ``shape`` in the stand-in suit."""
    ranks, twos, jokers = shape
    meld = (*[STAND_IN_TWO] * twos, *(Card(r, STAND_IN_SUIT) for r in ranks), *[JOKER] * jokers)
    return judge_addition(meld, (card,), rules).legal


def pile_take_candidates(pos: Position) -> Iterator[tuple[TakePile, bool | None]]:
    """Takes worth checking: the top card with every small or maximal group from hand, each with
    its verdict where the rest of the full check (checks._check_take_pile) is read here exactly."""
    if pile_closed(pos):
        return
    rules = pos.rules
    top = pos.pile[-1]
    cards = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    table = pos.melds[side]
    frozen = pile_frozen(pos)
    onto = "own meld" in rules.pile_take_ways and not rules.pile_new_meld_only and table
    new_meld = _new_meld_take_possible(top, cards, rules, frozen)
    if not (new_meld or onto):
        return  # no take is possible: nothing more to read
    unmelded = not table
    minimum = rules.initial_meld_minimum(pos.scores[side]) if unmelded else 0
    # the cards kept after the take: with two or more no going-out rule is read (_keep_cards_reasons)
    kept = len(cards) + len(pile_cards_taken(pos))
    uncounted = 0 if rules.pile_counts_for_initial_meld else rules.card_value(top)
    per_rank_free = rules.same_rank_melds_per_rank == "several"
    hand = Hand(cards)
    if new_meld:
        # a natural pair, or a natural and a wild card, of the top card's rank: a meld of that rank
        same_rank = frozen or rules.pile_take_ways <= _SAME_RANK_WAYS
        for group in _take_groups(top, hand, rules, same_rank):
            # a take whose group meets no way of taking, or makes no legal meld with the top card,
            # is refused whatever else it lays (checks._check_take_pile): not worth offering
            pair = natural_pair(top, group)
            verdict = judge((top, *group), rules)
            if not verdict.legal or not pile_ways_met(top, group, pair, verdict, rules, frozen):
                continue
            extra: tuple[Cards, ...] = ()
            if unmelded:
                needed = minimum - verdict.points
                rest = remove_cards(hand.cards, group) or []
                extra = best_first(rest, rules, needed) if needed > 0 else ()
            take = TakePile(group, None, extra)
            if kept - len(group) - sum(map(len, extra)) < 2:
                yield take, None
                continue
            # the new meld and the extra ones are legal melds: what is left are the side's per-rank
            # limits and an unmelded side's minimum, read by the full check's own rules
            known = per_rank_free or within_rank_limits([*table, (top, *group), *extra], 1 + len(extra), rules)
            if known and unmelded:
                points = verdict.points + sum(judge(m, rules).points for m in extra) - uncounted
                known = meets_initial_minimum(pos, points)
            yield take, known
    if onto:
        for index, meld in enumerate(table, start=1):
            cards_on = tuple(meld)
            kind, legal, first, naturals, _ = meld_facts(cards_on, rules)
            # a natural of a legal same-rank meld's rank, with cards of that rank and wild cards, joins
            # it or not by counts alone (same_rank_joins, as for additions)
            by_counts = legal and kind is MeldKind.SAME_RANK and first is not None and top.rank == first.rank
            if not by_counts and (
                other_rank_breaks(top, cards_on, rules)
                or breaks_sequence(scan(NO_CARDS, (*cards_on, top)))
            ):
                continue  # the meld and the top card mix suits or repeat a rank: no cards of the hand mend that
            for group in _onto_groups(top, cards_on, hand, rules):
                # a frozen pile wants a natural pair, and the cards must join the meld (the same checks:
                # a take that fails either is refused, and saying why costs words)
                if frozen and not natural_pair(top, group):
                    continue
                if by_counts:
                    assert first is not None
                    wilds = sum(1 for c in group if c.is_wild)
                    joins = same_rank_joins(
                        first.rank, naturals, len(cards_on) - naturals, len(group) - wilds + 1, wilds, rules
                    )
                else:
                    joins = judge_addition(cards_on, (top, *group), rules).legal
                if joins:  # onto a meld: no new meld, and the side has melded
                    yield TakePile(group, index), (True if kept - len(group) >= 2 else None)


_SAME_RANK_WAYS = frozenset({"natural pair", "natural and wild", "own meld"})  # ways that take with the top's rank


def natural_pair(top: Card, group: Cards) -> bool:
    """Whether ``group`` holds a natural pair of the top card's rank (checks._check_take_pile's test)."""
    return top.is_natural and sum(c.is_natural and c.rank == top.rank for c in group) >= 2


def _new_meld_take_possible(top: Card, cards: Sequence[Card], rules: Rules, frozen: bool) -> bool:
    """Whether any group of ``cards`` (the hand) could meet a way of taking the pile as a new meld
    (checks.pile_ways_met), by counts of what the hand holds: if not, no group needs to be built."""
    ways = rules.pile_take_ways
    ranks = list(map(_RANK, cards))  # counted in C: this is asked at every draw
    same_rank = ranks.count(top.rank) if top.is_natural else 0  # naturals: top's rank is
    if "natural pair" in ways and same_rank >= 2:
        return True
    if frozen:
        return False
    wilds_wanted = "natural and wild" in ways or "two wilds" in ways
    wild_count = ranks.count(2) + ranks.count(JOKER_RANK) if wilds_wanted else 0
    if "natural and wild" in ways and same_rank and wild_count:
        return True
    if "suited sequence pair" in ways and top.is_natural:
        if len({c.rank for c in cards if c.suit == top.suit and c.is_natural}) >= 2:
            return True
    return "two wilds" in ways and top.is_wild and wild_count >= 2


def _take_groups(top: Card, hand: Hand, rules: Rules, same_rank: bool = False) -> list[Cards]:
    """Groups from hand that meld the top card: the legal melds of the hand and the top card
    that hold the top card and are smallest or maximal, less the top card; with ``same_rank``
    only those of the top card's rank."""
    found: dict[Cards, None] = {}
    if same_rank and top.is_natural:
        # meld_groups_of' groups of the top card's rank, by counts, each holding the top card and
        # every distinct choice of the rest from hand; nothing else of these cards melds with it
        # (the other groups of the cards of its rank and wild cards are of wild cards alone)
        same = hand.by_rank.get(top.rank, [])
        twos, jokers = hand.twos, hand.jokers
        if 1 + len(same) + len(twos) + len(jokers) >= rules.meld_min_cards:
            for (n, t, j), _ in rank_shapes(1 + len(same), len(twos), len(jokers), rules):
                for group in shape_groups(tuple(same), tuple(twos), tuple(jokers), (n - 1, t, j)):
                    found[group] = None
        return sorted(found, key=group_key)
    # only cards that could share a meld with the top card: its rank, its suit, wild cards
    joinable = [c for c in hand.cards if c.rank == top.rank or (c.suit == top.suit and not same_rank) or c.is_wild]
    for group, _ in meld_groups_of(Hand((*joinable, top)), rules, False, ordered=False):  # sorted below
        rest = remove_cards(group, (top,))
        if rest is not None:
            found[tuple(rest)] = None
    return sorted(found, key=group_key)


def _onto_groups(top: Card, meld: Cards, hand: Hand, rules: Rules) -> Iterator[Cards]:
    """Cards from hand that may go with the top card onto ``meld``: none, one or two of its rank
    or wild, or all of its rank with as many wild cards as stay legal."""
    yield ()
    if judge(meld, rules, True).kind is not MeldKind.SAME_RANK:
        return
    rank = next(c.rank for c in meld if c.is_natural)
    if top.is_natural and top.rank != rank and not rules.sequences:
        return  # naturals of two ranks and no sequences: the judge refuses every such group
    naturals = hand.by_rank.get(rank, [])
    for size in (1, 2):
        for count in range(min(size, len(naturals)) + 1):
            for wilds in hand.wilds(size - count):
                for chosen in choices(naturals, count):
                    yield tuple(sorted((*chosen, *wilds), key=CARD_ORDER))
    for count in range(hand.wild_count, -1, -1):
        options = hand.wilds(count)
        if options and judge_addition(meld, tuple(sorted((top, *naturals, *options[0]), key=CARD_ORDER)), rules).legal:
            for wilds in options:
                yield tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
            return
