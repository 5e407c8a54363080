"""The legal-action view's shortcuts by shape hold to the judge they stand for, for every preset,
read through the turn package's public functions (``meld_groups``, ``judged_candidates``).

The view works out a suit's sequences cluster by cluster, moved down to start at 4, and judges the
top card against a sequence moved down to start at 4. Both rest on a claim about melds._judge: no
sequence rule reads a rank itself, only distances. Random suits and every small sequence check it:
``meld_groups`` against brute force over every group of a suit's cards, and the view's stated
verdict on taking the top card onto a sequence against ``judge_addition``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from bolivia_core import get_rules, preset_names
from bolivia_core.actions import TakeTop
from bolivia_core.cards import Card, format_cards
from bolivia_core.melds import MeldKind, judge, judge_addition
from bolivia_core.rules import Rules
from bolivia_core.scenario import parse_position
from bolivia_core.turn import judged_candidates, meld_groups

Cards = tuple[Card, ...]


def _sub_multisets(cards: Cards) -> list[Cards]:
    counts = Counter(cards)
    kinds = sorted(counts)
    return [
        tuple(k for k, n in zip(kinds, choice, strict=True) for _ in range(n))
        for choice in product(*(range(counts[k] + 1) for k in kinds))
        if any(choice)
    ]


def _sequences_by_definition(hand: Cards, rules: Rules) -> set[Cards]:
    """The sequences ``meld_groups`` must offer, worked out the plain way: every group of the hand
    the judge calls a legal sequence that is smallest or to which no other card of the hand can be
    added keeping it a legal sequence."""

    def sequence(group: Cards) -> bool:
        verdict = judge(tuple(sorted(group)), rules)
        return verdict.legal and verdict.kind is MeldKind.SEQUENCE

    found = set()
    for group in _sub_multisets(hand):
        if not sequence(group):
            continue
        rest = list(hand)
        for card in group:
            rest.remove(card)
        if len(group) == rules.meld_min_cards or not any(sequence((*group, c)) for c in set(rest)):
            found.add(tuple(sorted(group)))
    return found


@pytest.mark.parametrize("preset", preset_names())
def test_a_suits_sequences_are_the_ones_the_definition_gives_wherever_they_lie(preset: str) -> None:
    """Ranks of one suit with gaps and clusters, anywhere from 4 to the ace, with 2s and jokers:
    the sequences offered are the brute force's, so the clusters moved down to 4 and back are
    the sequences of the ranks as they are."""
    rules = get_rules(preset)
    if not rules.sequences:
        pytest.skip(f"{preset} has no sequences")
    rng = random.Random(f"clusters:{preset}")
    found = 0
    for _ in range(60):
        suit = rng.choice("CDHS")
        ranks = sorted(rng.sample(range(4, 15), rng.randint(3, 7)))
        wild = [Card(2, s) for s in rng.sample("CDHS", rng.randint(0, 2))] + [Card.parse("JK")] * rng.randint(
            0, min(1, rules.jokers)
        )
        hand = tuple(sorted([Card(r, suit) for r in ranks] + wild))
        offered = {g for g in meld_groups(hand, rules) if judge(g, rules).kind is MeldKind.SEQUENCE}
        expected = _sequences_by_definition(hand, rules)
        missing, extra = expected - offered, offered - expected
        assert not missing and not extra, f"{preset}: {format_cards(hand)}: missing {missing}, extra {extra}"
        found += len(expected)
    assert found > 60  # sequences were found, not only none


@pytest.mark.parametrize("preset", preset_names())
def test_the_views_verdict_on_the_top_card_onto_a_sequence_is_the_judges(preset: str) -> None:
    """For every legal sequence of three to six hearts (with a 2 or a joker where the rules allow
    one), wherever it lies, and every top card (each natural of its suit and of another, a 2, a
    joker), the verdict the view states on ``take top onto 1`` is ``judge_addition``'s own."""
    rules = get_rules(preset)
    if not rules.sequences or not rules.take_top_card_onto_sequence:
        pytest.skip(f"{preset} takes no top card onto a sequence")
    tops = [*(Card(r, s) for r in range(4, 15) for s in "HS"), Card(2, "C"), Card.parse("JK")]
    wilds: list[Cards] = [()] + ([(Card(2, "D"),), (Card.parse("JK"),)] if rules.sequence_max_wilds else [])
    players = 4 if 4 in rules.sides else min(rules.sides)
    compared = joined = 0
    for length in range(3, 7):
        for low in range(4, 16 - length):
            naturals = tuple(Card(r, "H") for r in range(low, low + length))
            for extra in wilds:
                for dropped in range(len(naturals) if extra else 1):  # a wild card standing in for a rank
                    meld = (*extra, *(c for at, c in enumerate(naturals) if not extra or at != dropped))
                    verdict = judge(meld, rules, True)
                    if not verdict.legal or verdict.kind is not MeldKind.SEQUENCE:
                        continue
                    for top in tops:
                        pos = parse_position(
                            f"rules={preset}; players={players}; hand=2; turn=1; phase=draw; "
                            f"melds1={format_cards(meld)}; p1=KC KD QC; pile=5D {top}"
                        )
                        stated = [v for a, v in judged_candidates(pos) if isinstance(a, TakeTop) and v is not None]
                        if not stated:
                            continue  # the pile is closed to this top card: no verdict is stated
                        expected = judge_addition(meld, (top,), rules).legal
                        assert stated == [expected], (meld, top)
                        compared += 1
                        joined += expected
    assert compared > 500 and 0 < joined < compared // 4  # both verdicts were compared, often
