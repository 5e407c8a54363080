"""Property tests: the notation round-trips, verdicts are consistent whatever the card order."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bolivia_core import (
    Card, CardError, check_meld, format_cards, full_deck, get_rules, parse_cards, preset_names, score_side,
)  # fmt: skip

DISTINCT_CARDS = sorted(set(full_deck(1, 1)))
PRESETS = st.sampled_from(preset_names())

# Card values written out from RULES.md 1.1, independently of the engine's table.
VALUES = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
          "7": 5, "6": 5, "5": 5, "4": 5}  # fmt: skip


def value_by_rule(card: Card) -> int:
    if card.rank == 3:
        return 0 if card.suit in "HD" else 5  # a red 3 is a bonus card, a black 3 is worth 5
    return VALUES[str(card)[:-1] if not card.is_joker else "JK"]


cards = st.sampled_from(DISTINCT_CARDS)
random_groups = st.lists(cards, min_size=0, max_size=10)
same_rank_groups = st.builds(
    lambda rank, suits, wilds: [Card(rank, s) for s in suits] + wilds,
    st.integers(4, 14),
    st.lists(st.sampled_from("CDHS"), min_size=1, max_size=8),
    st.lists(st.sampled_from([Card.parse("2C"), Card.parse("JK")]), max_size=4),
)
sequence_groups = st.builds(
    lambda low, length, suit, wilds: [Card(r, suit) for r in range(low, min(low + length, 15))] + wilds,
    st.integers(4, 12), st.integers(2, 8), st.sampled_from("CDHS"),
    st.lists(st.sampled_from([Card.parse("2H"), Card.parse("JK")]), max_size=2),
)
wild_groups = st.lists(st.sampled_from([Card.parse("2C"), Card.parse("2D"), Card.parse("JK")]), min_size=1, max_size=9)
groups = st.one_of(random_groups, same_rank_groups, sequence_groups, wild_groups)


@given(cards)
def test_card_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol) == card
    assert eval(repr(card), {"Card": Card}) == card


@given(random_groups)
def test_cards_round_trip(group: list[Card]) -> None:
    assert parse_cards(format_cards(group)) == tuple(group)


def possible(group: list[Card], preset: str) -> bool:
    """No more copies of a card than the preset's deck holds (the engine refuses the rest)."""
    rules = get_rules(preset)
    counts = Counter(group)
    return all(n <= (rules.jokers if c.is_joker else rules.decks) for c, n in counts.items())


@given(groups, PRESETS, st.booleans())
def test_every_reason_is_said_in_words(group: list[Card], preset: str, going_out: bool) -> None:
    assume(possible(group, preset))
    verdict = check_meld(group, preset, going_out=going_out)
    if not verdict.legal:
        assert verdict.bonus == 0 and not verdict.complete
    for reason in verdict.reasons:
        assert reason.code and str(reason) and "{" not in str(reason)


@given(random_groups, PRESETS)
def test_impossible_copies_are_refused(group: list[Card], preset: str) -> None:
    if possible(group, preset):
        check_meld(group, preset)
    else:
        with pytest.raises(CardError, match=r"appears .* times; the .* deck has"):
            check_meld(group, preset)


@given(groups, PRESETS, st.booleans(), st.randoms(use_true_random=False))
def test_order_does_not_matter(group: list[Card], preset: str, going_out: bool, rng) -> None:  # type: ignore[no-untyped-def]
    assume(possible(group, preset))
    shuffled = list(group)
    rng.shuffle(shuffled)
    a = check_meld(group, preset, going_out=going_out)
    b = check_meld(shuffled, preset, going_out=going_out)
    assert (a.legal, a.kind, a.complete, a.label, a.bonus, a.points) == (
        b.legal, b.kind, b.complete, b.label, b.bonus, b.points)  # fmt: skip
    assert sorted(r.code for r in a.reasons) == sorted(r.code for r in b.reasons)


@given(groups, PRESETS)
def test_points_are_the_sum_of_card_values(group: list[Card], preset: str) -> None:
    assume(possible(group, preset))
    assert check_meld(group, preset).points == sum(value_by_rule(c) for c in group)


# Legal same-rank melds by construction, within a two-deck pack: 3-9 naturals of one rank and at most
# as many wild cards as every preset allows (naturals at least twice the wilds, at most two).
legal_same_rank = st.builds(
    lambda rank, suits, wilds: [Card(rank, s) for s in suits] + wilds[: min(2, len(suits) // 2)],
    st.integers(4, 14),
    st.lists(st.sampled_from("CDHS"), min_size=3, max_size=8).filter(lambda s: max(map(s.count, s)) <= 2),
    st.lists(st.sampled_from([Card.parse("2C"), Card.parse("JK")]), max_size=2, unique=True),
)
CANASTA_BONUS = {"natural": 500, "mixed": 300}  # RULES.md 4: the same in every preset
BLACK_THREE_IN_HAND = {"bolivia": 100, "swedish": 100, "two-deck": 100, "canasta": 5}  # RULES.md 5.2


@given(st.lists(legal_same_rank, min_size=1, max_size=3, unique_by=lambda m: m[0].rank),
       st.lists(cards, max_size=6), PRESETS)  # fmt: skip
def test_a_table_and_a_hand_score_as_the_rule_text_adds_them(
    melds: list[list[Card]], hand: list[Card], preset: str
) -> None:
    """Melds and a hand that did not go out: card values of the melds, 500 or 300 for each complete
    canasta, less the hand's card values and its black 3s' penalty: worked out here from RULES.md."""
    hand = [c for c in hand if not c.is_red_three]
    assume(possible([*hand, *(c for m in melds for c in m)], preset))
    expected = 0
    for meld in melds:
        expected += sum(value_by_rule(c) for c in meld)
        if len(meld) >= 7:
            expected += CANASTA_BONUS["mixed" if any(c.is_wild for c in meld) else "natural"]
    expected -= sum(value_by_rule(c) for c in hand if not c.is_black_three)
    expected -= BLACK_THREE_IN_HAND[preset] * sum(c.is_black_three for c in hand)
    assert score_side(melds, hand, rules=preset).total == expected
