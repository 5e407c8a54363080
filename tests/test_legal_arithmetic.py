"""The legal-action view answers "does this group join this sequence?" by arithmetic where neither
holds a 3: the judge's rules for a sequence are one suit, no rank twice, at most so many wild cards,
the gaps filled and the length. Read through the turn package's public functions: over sequences
laid from random hands and random hands of the same deck beside them, every verdict the view
states on an addition to the sequence (``judged_candidates``) must be ``judge_addition``'s."""

from __future__ import annotations

import random

import pytest

from bolivia_core import full_deck, get_rules, preset_names
from bolivia_core.actions import Add
from bolivia_core.cards import Card, format_cards
from bolivia_core.melds import MeldKind, judge, judge_addition
from bolivia_core.scenario import parse_position
from bolivia_core.turn import judged_candidates, meld_groups

CASES = 600


@pytest.mark.parametrize("preset", preset_names())
def test_the_views_verdicts_on_groups_joining_a_sequence_are_the_judges(preset: str) -> None:
    rules = get_rules(preset)
    if not rules.sequences:
        pytest.skip(f"{preset} has no sequences")
    rng = random.Random(f"arithmetic:{preset}")
    deck = [c for c in full_deck(rules.decks, rules.jokers) if not c.is_red_three and not c.is_black_three]
    wilds = [c for c in deck if c.is_wild]
    players = 4 if 4 in rules.sides else min(rules.sides)
    stated = {True: 0, False: 0}
    complete = 0
    for _ in range(CASES):
        suit = rng.choice("CDHS")
        low = rng.randint(4, 11)
        laid = [Card(r, suit) for r in range(low, min(15, low + rng.randint(3, 8)))]  # up to complete
        laid += rng.sample(wilds, rng.randint(0, 2))
        sequences = [m for m in meld_groups(laid, rules) if judge(m, rules, True).kind is MeldKind.SEQUENCE]
        if not sequences:
            continue
        meld = rng.choice(sequences)
        near = [Card(r, suit) for r in range(4, 15)] + wilds[:3] + [rng.choice(deck)]
        hand = sorted(rng.sample(near, rng.randint(1, 4)) + [Card(13, "C" if suit != "C" else "D")] * 2)
        try:
            pos = parse_position(
                f"rules={preset}; players={players}; hand=2; turn=1; phase=play; "
                f"melds1={format_cards(meld)}; p1={format_cards(hand)}; pile=5D"
            )
        except ValueError:
            continue  # more copies of a card than the deck holds: draw another
        complete += judge(meld, rules, True).complete
        for action, verdict in judged_candidates(pos):
            if isinstance(action, Add) and verdict is not None and len(hand) - len(action.cards) >= 2:
                expected = judge_addition(meld, action.cards, rules).legal
                assert verdict == expected, f"{preset}: {action} onto {format_cards(meld)}"
                stated[verdict] += 1
    # both answers were compared, and onto complete sequences too
    assert stated[True] > 50 and stated[False] > 50 and complete > 20, (stated, complete)
