"""The meld judge's shortcuts reach the verdicts of its full check, for every preset.

``melds._judge`` decides the common legal shapes (one rank with a few wild cards, a run of one
suit) by arithmetic in ``_common_shape`` and sends every other group to ``_full_check``; reasons
are made once and shared (``_said``) and verdicts are built field by field (``_verdict``). Each
test here compares a shortcut with the long way over seeded groups: shapes players try, runs with
3s and wild cards, random cards of the preset's own deck; and a club variant that shares its
title with a preset but not its rules, since shared reasons are keyed by title and numbers.
The checks in front of the judge have their own: copies counted against the deck without a
Counter, a tuple read as cards only when every item is one, a card's == and construction.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, replace
from unittest import mock

import pytest

from bolivia_core import build
from bolivia_core import Card, CardError, MeldVerdict, check_meld, full_deck, get_rules, preset_names
from bolivia_core.melds import MeldKind
from bolivia_core.rules import Rules
from bolivia_core import melds

GROUPS = 6000  # per rule set; each judged going out and not, fast and the long way


def _variant() -> Rules:
    """Bolivia's title on other rules: sequences may hold two wild cards, same-rank melds three."""
    return get_rules("bolivia").derive(
        "bolivia-club", title=get_rules("bolivia").title, sequence_max_wilds=2, same_rank_max_wilds=3,
        same_rank_wild_balance="naturals outnumber wilds",
    )  # fmt: skip


RULES = [*(get_rules(p) for p in preset_names()), _variant()]


def _groups(rules: Rules, seed: int) -> list[tuple[Card, ...]]:
    """Seeded groups: shapes that are often legal, runs with a 3 or holes, and random cards."""
    rng = random.Random(seed)
    deck = full_deck(rules.decks, rules.jokers)
    wilds = [c for c in deck if c.is_wild]
    groups: list[tuple[Card, ...]] = []
    for _ in range(GROUPS):
        shape = rng.random()
        if shape < 0.3:  # one rank and a few wild cards
            rank = rng.randint(3, 14)
            cards = [Card(rank, s) for s in rng.choices("CDHS", k=rng.randint(1, 8))]
            cards += rng.sample(wilds, rng.randint(0, min(4, len(wilds))))
        elif shape < 0.6:  # a run of one suit, sometimes with holes, a 3 below it or a stray card
            suit = rng.choice("CDHS")
            low = rng.randint(4, 13)
            cards = [Card(r, suit) for r in range(low, min(15, low + rng.randint(1, 8))) if rng.random() < 0.85]
            cards += rng.sample(wilds, rng.randint(0, min(3, len(wilds))))
            if rng.random() < 0.15:
                cards.append(Card(3, rng.choice("CDHS")))
            if rng.random() < 0.15:
                cards.append(rng.choice(deck))
        elif shape < 0.7:  # wild cards, or black 3s, alone
            pool = wilds if rng.random() < 0.6 else [c for c in deck if c.is_black_three] + wilds[:2]
            cards = rng.sample(pool, rng.randint(1, min(8, len(pool))))
        else:
            cards = rng.sample(deck, rng.randint(0, 9))
        rng.shuffle(cards)
        groups.append(tuple(cards))
    return groups


def _differences(got: MeldVerdict, expected: MeldVerdict) -> list[str]:
    """Each field that differs, named; and the reasons' params in their order (to_dict keeps it)."""
    said = [f"{f.name}: {getattr(got, f.name)!r} != {getattr(expected, f.name)!r}"
            for f in fields(MeldVerdict) if getattr(got, f.name) != getattr(expected, f.name)]  # fmt: skip
    if not said and [list(r.params.items()) for r in got.reasons] != [
        list(r.params.items()) for r in expected.reasons
    ]:
        said.append(f"params in another order: {got.reasons!r} != {expected.reasons!r}")
    if type(got.reasons) is not tuple:
        said.append(f"reasons are a {type(got.reasons).__name__}, not a tuple")
    return said


def _judged(rules: Rules, seed: int) -> Iterator[tuple[tuple[Card, ...], bool]]:
    for cards in _groups(rules, seed):
        yield cards, False
        yield cards, True


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@pytest.mark.skipif(build.kind() == "compiled", reason="it replaces the judge's shortcut, which compiled code calls "
                    "directly: tests/test_builds.py runs this module on the pure source")
def test_fast_path_reaches_the_full_checks_verdict(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every group: the judge with its shortcut and without it agree in every field; and every
    legal group of naturals without 3s is decided by the shortcut, which must be reached often."""
    shortcut = melds._common_shape
    decided: list[MeldVerdict] = []

    def counted(*args: object) -> MeldVerdict | None:
        verdict = shortcut(*args)  # type: ignore[arg-type]
        if verdict is not None:
            decided.append(verdict)
        return verdict

    pairs = list(_judged(rules, seed=10))
    monkeypatch.setattr(melds, "_common_shape", counted)
    fast = [melds._judge(cards, rules, going_out) for cards, going_out in pairs]
    monkeypatch.setattr(melds, "_common_shape", lambda *args: None)
    full = [melds._judge(cards, rules, going_out) for cards, going_out in pairs]
    for (cards, going_out), got, expected in zip(pairs, fast, full, strict=True):
        assert not _differences(got, expected), (_text(cards), going_out, _differences(got, expected))
    by_shortcut = {id(v) for v in decided}
    missed = [
        v for v in fast
        if v.legal and v.kind in (MeldKind.SAME_RANK, MeldKind.SEQUENCE) and id(v) not in by_shortcut
        and not any(c.rank == 3 for c in v.cards)
    ]  # fmt: skip
    assert not missed, f"legal groups the shortcut left to the full check: {[str(v.cards) for v in missed[:5]]}"
    assert all(v.legal for v in decided), "the shortcut decided an illegal group"
    assert len(decided) >= len(pairs) // 10, f"the shortcut decided only {len(decided)} of {len(pairs)} groups"


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def test_shared_reasons_are_the_reasons_made_afresh() -> None:
    """Reasons are remembered by (code, rules title, numbers): a verdict given remembered reasons,
    after every rule set (two of them with one title) has filled the store, equals one whose
    reasons were all made just for it."""
    pairs = [(rules, cards, going_out) for rules in RULES for cards, going_out in _judged(rules, seed=20)][::3]
    warm = [melds._judge(cards, rules, going_out) for rules, cards, going_out in pairs]
    assert melds._SAID, "no reason was remembered: the test would compare nothing"
    for (rules, cards, going_out), remembered in zip(pairs, warm, strict=True):
        melds._SAID.clear()
        fresh = melds._judge(cards, rules, going_out)
        assert not _differences(remembered, fresh), (rules.name, _text(cards), _differences(remembered, fresh))
    assert sum(not v.legal for v in warm) > len(warm) // 4, "too few refusals to compare reasons on"


def test_verdicts_built_field_by_field_are_the_dataclass_values() -> None:
    """A verdict from ``_verdict`` is the value ``MeldVerdict(...)`` makes: equal, same repr, and
    ``dataclasses.replace`` (which calls the constructor) gives an equal copy."""
    checked = 0
    for rules in RULES:
        for cards, going_out in list(_judged(rules, seed=30))[::25]:
            verdict = melds._judge(cards, rules, going_out)
            made = MeldVerdict(*(getattr(verdict, f.name) for f in fields(MeldVerdict)))
            assert made == verdict and repr(made) == repr(verdict)
            assert replace(verdict) == verdict
            checked += verdict.complete
    assert checked, "no complete meld among the groups: their bonus and name were not compared"


@pytest.mark.parametrize("preset", preset_names())
def test_copies_are_counted_as_the_deck_holds_them(preset: str) -> None:
    """``check_meld`` refuses a group exactly when some card appears more often than the preset's
    deck holds it (``decks`` copies, ``jokers`` jokers), naming the lowest such card and its count;
    groups drawn from a few cards repeat them often, so every shortcut of the count is crossed."""
    rules = get_rules(preset)
    rng = random.Random(40)
    refused = 0
    for _ in range(3000):
        pool = rng.sample([*full_deck(1, 1)], rng.randint(1, 4))
        group = tuple(rng.choices(pool, k=rng.randint(1, 2 * rules.jokers + 2)))
        held = {card: group.count(card) for card in group}
        over = sorted(c for c, n in held.items() if n > (rules.jokers if c.is_joker else rules.decks))
        if not over:
            check_meld(group, rules)
            continue
        refused += 1
        with pytest.raises(CardError) as refusal:
            check_meld(group, rules)
        assert f"{over[0]} appears {held[over[0]]} times" in str(refusal.value), (group, str(refusal.value))
    assert 300 < refused < 2700, f"{refused} of 3000 refused: the groups test one side only"


@pytest.mark.parametrize(
    "cards", [None, 12, ("KH", 12), (Card(13, "H"), ["KS"]), [Card(13, "H"), "ZZ"], ("KH", "KS", "XX")]
)
def test_what_is_not_cards_is_refused_in_words(cards: object) -> None:
    """A tuple is read straight only when every item is a card; anything else goes through the
    card reader, which names what is wrong (a ValueError, never a bare TypeError)."""
    with pytest.raises(CardError, match="not"):
        check_meld(cards, "bolivia")  # type: ignore[arg-type]


def test_cards_given_as_text_or_tuples_of_text_are_read() -> None:
    as_cards = check_meld((Card(13, "H"), Card(13, "S"), Card(13, "D")), "bolivia")
    assert check_meld(("KH", "KS", "KD"), "bolivia") == as_cards == check_meld("KH KS KD", "bolivia")
    assert as_cards.legal and as_cards.points == 30


def test_card_equality_is_by_card_and_defers_to_other_types() -> None:
    """Cards equal their copies and no other card, are never equal to their text, and leave the
    answer to another type's own ``==`` (``mock.ANY`` equals anything)."""
    king = Card.parse("KH")
    assert king == Card(13, "H") == Card.parse("kh") and not king != Card.parse("K♥")
    assert king != Card.parse("KS") and king != "KH" and not king == "KH"
    assert king == mock.ANY and not king != mock.ANY
    assert [Card.parse(t) for t in "KS KH KH 2C".split()].count(king) == 2
    assert (Card.parse("QH"), king) < (Card.parse("QH"), Card.parse("KS"))


@pytest.mark.parametrize("rank, suit", [(13, ["H"]), ([13], "H"), (1, "H"), (13, "X"), ("13", "H"), (15, "H")])
def test_a_card_that_is_not_one_is_refused_in_words(rank: object, suit: object) -> None:
    """``Card(rank, suit)`` is a look-up for the 53 cards; anything else, unhashable included, is a
    CardError naming what was given, never a bare TypeError."""
    with pytest.raises(CardError, match=r"not a card|joker has no suit"):
        Card(rank, suit)  # type: ignore[arg-type]
    assert Card(13, "H") is Card.parse("KH") and Card(15, "") is Card.parse("JK")
