"""The legal-action view answers "does this group join this sequence?" by arithmetic where neither
holds a 3 (legal._joins_sequence): the judge's rules for a sequence are one suit, no rank twice, at
most so many wild cards, the gaps filled and the length. tests/test_legal_shapes.py holds that a
group the arithmetic refuses is one the judge refuses; here, over sequences laid from random hands
and random groups of the same deck, the arithmetic's every answer must be the judge's."""

from __future__ import annotations

import random

import pytest

from bolivia_core import full_deck, get_rules, preset_names
from bolivia_core.cards import Card
from bolivia_core.turn.additions import NO_CARDS as _NO_CARDS, joins_sequence as _joins_sequence, open_sequence as _open_sequence, scan as _scan
from bolivia_core.turn.legal import meld_groups
from bolivia_core.melds import MeldKind, judge, judge_addition

CASES = 1500


@pytest.mark.parametrize("preset", preset_names())
def test_the_arithmetic_answers_as_the_judge_for_groups_joining_a_sequence(preset: str) -> None:
    rules = get_rules(preset)
    if not rules.sequences:
        pytest.skip(f"{preset} has no sequences")
    rng = random.Random(f"arithmetic:{preset}")
    deck = [c for c in full_deck(rules.decks, rules.jokers) if not c.is_red_three]
    wilds = [c for c in deck if c.is_wild]
    by_arithmetic = {True: 0, False: 0}
    complete = 0
    for _ in range(CASES):
        suit = rng.choice("CDHS")
        low = rng.randint(4, 11)
        hand = [Card(r, suit) for r in range(low, min(15, low + rng.randint(3, 8)))]  # up to complete
        hand += rng.sample(wilds, rng.randint(0, 2))
        sequences = [m for m in meld_groups(hand, rules) if judge(m, rules, True).kind is MeldKind.SEQUENCE]
        if not sequences:
            continue
        meld = rng.choice(sequences)
        near = [Card(r, suit) for r in range(4, 15)] + wilds[:3] + [rng.choice(deck)]
        group = tuple(sorted(rng.sample(near, rng.randint(1, 3))))
        seen = _scan(_NO_CARDS, meld)
        if seen is None or _scan(seen, group) is None:
            continue  # a 3: the judge's own answer is used
        complete += judge(meld, rules, True).complete
        answer = _joins_sequence(meld, seen, _open_sequence(meld, rules), group, rules, False)
        assert answer == judge_addition(meld, group, rules).legal, f"{preset}: {group} onto {meld}"
        by_arithmetic[answer] += 1
    # both answers were compared, and onto complete sequences too
    assert by_arithmetic[True] > 50 and by_arithmetic[False] > 50 and complete > 20, (by_arithmetic, complete)
