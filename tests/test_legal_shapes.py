"""The legal-action view's shortcuts by shape hold to the judge they stand for, for every preset.

The view works out sequences cluster by cluster, moved down to start at 4 (legal._cluster_shapes),
and skips the judge for groups that break a sequence rule by arithmetic (legal._may_be_sequence).
Both rest on claims about melds._judge: no sequence rule reads a rank itself, only distances, and
a group the arithmetic refuses is one the judge refuses. Random groups and suits check the claims.
"""

from __future__ import annotations

import random

import pytest

from bolivia_core import full_deck, get_rules, preset_names
from bolivia_core.cards import Card
from bolivia_core.turn.additions import may_be_sequence as _may_be_sequence
from bolivia_core.turn.groups import cluster_shapes as _cluster_shapes, suit_shapes as _suit_shapes
from bolivia_core.turn.pile import top_joins as _top_joins
from bolivia_core.melds import MeldKind, judge, judge_addition

SAMPLES = 3000


def _groups(preset: str, rng: random.Random) -> list[tuple[Card, ...]]:
    """Groups players try and random ones: runs of one suit with holes and wild cards, and any cards."""
    rules = get_rules(preset)
    deck = [c for c in full_deck(rules.decks, rules.jokers) if not c.is_red_three]
    wilds = [c for c in deck if c.is_wild]
    groups = []
    for _ in range(SAMPLES):
        if rng.random() < 0.6:
            suit = rng.choice("CDHS")
            low = rng.randint(4, 12)
            ranks = [r for r in range(low, min(15, low + rng.randint(2, 8))) if rng.random() < 0.8]
            cards = [Card(r, suit) for r in ranks] + rng.sample(wilds, rng.randint(0, min(2, len(wilds))))
            if rng.random() < 0.2:
                cards.append(rng.choice(deck))  # a stray card: another suit or a repeated rank
        else:
            cards = rng.sample(deck, rng.randint(2, 8))
        groups.append(tuple(sorted(cards)))
    return groups


@pytest.mark.parametrize("preset", preset_names())
def test_a_group_the_arithmetic_refuses_is_one_the_judge_refuses(preset: str) -> None:
    rules = get_rules(preset)
    refused = 0
    for group in _groups(preset, random.Random(f"shapes:{preset}")):
        if not _may_be_sequence(group, rules):
            refused += 1
            assert not judge(group, rules, True).legal, f"{preset}: {group} refused but the judge allows it"
            assert not judge(group, rules, False).legal
    assert refused > SAMPLES // 10  # the shortcut was taken often: the comparisons compared something


@pytest.mark.parametrize("preset", preset_names())
def test_sequences_by_clusters_moved_to_4_are_the_sequences_of_the_ranks_as_they_are(preset: str) -> None:
    rules = get_rules(preset)
    if not rules.sequences:
        pytest.skip(f"{preset} has no sequences")
    rng = random.Random(f"clusters:{preset}")
    found = 0
    for _ in range(400):
        ranks = tuple(sorted(rng.sample(range(4, 15), rng.randint(1, 9))))
        twos, jokers = rng.randint(0, 3), rng.randint(0, 2)
        whole = _suit_shapes(ranks, twos, jokers, False, rules)
        assert sorted(_cluster_shapes(ranks, twos, jokers, rules)) == sorted(whole), (ranks, twos, jokers)
        found += len(whole)
    assert found > 100


@pytest.mark.parametrize("preset", preset_names())
def test_the_top_card_joins_a_sequence_moved_to_4_as_it_joins_the_sequence_itself(preset: str) -> None:
    """legal._top_joins judges the top card against the sequence moved down to start at 4: for
    every legal sequence of three to six hearts (with a 2 or a joker where the rules allow one),
    wherever it lies, and every top card (each natural of its suit and of another, a 2, a joker),
    the verdict is the judge's own."""
    rules = get_rules(preset)
    if not rules.sequences:
        pytest.skip(f"{preset} has no sequences")
    tops = [*(Card(r, s) for r in range(4, 15) for s in "HS"), Card(2, "C"), Card.parse("JK")]
    wilds: list[tuple[Card, ...]] = [()] + ([(Card(2, "D"),), (Card.parse("JK"),)] if rules.sequence_max_wilds else [])
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
                        expected = judge_addition(meld, (top,), rules).legal
                        assert _top_joins(meld, top, rules) == expected, (meld, top)
                        compared += 1
                        joined += expected
    assert compared > 500 and 0 < joined < compared // 4  # both verdicts were compared, often
