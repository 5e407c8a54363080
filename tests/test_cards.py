"""The card notation: parse, format, errors."""

from __future__ import annotations

import pytest

from bolivia_core import (
    Card, CardError, check_addition, check_meld, format_cards, full_deck, initial_meld_minimum, parse_cards, score_side,
)  # fmt: skip


def test_parse_accepts_ascii_symbols_ten_and_t() -> None:
    cards = parse_cards("4H 10S TS 2C JK 4♥")
    assert [str(c) for c in cards] == ["4H", "10S", "10S", "2C", "JK", "4H"]
    assert cards[1] == cards[2] and cards[0] == cards[5]


def test_commas_and_lower_case() -> None:
    assert format_cards(parse_cards("kh, qs,jk ,as")) == "KH QS JK AS"


def test_repr_is_the_parse_call() -> None:
    card = Card.parse("10H")
    assert repr(card) == "Card.parse('10H')"
    assert eval(repr(card), {"Card": Card}) == card


def test_copies_are_equal_values() -> None:
    deck = full_deck(3, 6)
    assert len(deck) == 162
    assert deck.count(Card.parse("AS")) == 3
    assert deck.count(Card.parse("JK")) == 6
    assert len(full_deck(2, 4)) == 108


@pytest.mark.parametrize(
    ("token", "flags"),
    [
        ("2C", {"is_wild"}),
        ("JK", {"is_wild", "is_joker"}),
        ("3H", {"is_red_three", "is_red"}),
        ("3D", {"is_red_three", "is_red"}),
        ("3S", {"is_black_three"}),
        ("3C", {"is_black_three"}),
        ("4D", {"is_natural", "is_red"}),
        ("AS", {"is_natural"}),
    ],
)
def test_card_classes(token: str, flags: set[str]) -> None:
    card = Card.parse(token)
    names = ("is_wild", "is_joker", "is_red_three", "is_black_three", "is_natural", "is_red")
    assert {n for n in names if getattr(card, n)} == flags


@pytest.mark.parametrize("token", ["1H", "11S", "KX", "H", "", "JKK", "3", "10", "QQ", "♥4"])
def test_bad_tokens_are_named_with_what_is_expected(token: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards([token]) if token == "" else parse_cards(token + " KH")
    message = str(caught.value)
    assert repr(token) in message
    assert "ranks 2-10 (or T), J, Q, K, A; suits C D H S or ♣♦♥♠; jokers JK" in message


def test_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)
    with pytest.raises(ValueError, match="'1H' is not a card"):
        Card.parse("1H")


def test_cards_sort_by_rank_then_suit() -> None:
    assert format_cards(sorted(parse_cards("JK AS 4H 4C 10D"))) == "4C 4H 10D AS JK"


def test_cards_are_immutable() -> None:
    card = Card.parse("KH")
    with pytest.raises(AttributeError):
        card.rank = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: parse_cards(None), "cards are text such as"),
        (lambda: parse_cards(12), "cards are text such as"),
        (lambda: parse_cards(["KH", 7]), "7 is not a card"),
        (lambda: check_meld("JK JK JK JK JK JK JK"), "JK appears 7 times; the Bolivia deck has 6"),
        (lambda: check_meld("KH KH KH KH KH", "swedish"), "KH appears 5 times; the Swedish deck has 3"),
        (lambda: check_addition("KH KH", "KH", "canasta"), "KH appears 3 times; the Canasta deck has 2"),
        (lambda: score_side("KH KS KD"), "melds are a list of melds"),
        (lambda: score_side(["KH KS KD"], "KH KH KH"), "KH appears 4 times"),
        (lambda: initial_meld_minimum("abc"), "a side's score is a whole number"),
    ],
)
def test_bad_input_is_a_clear_value_error(call, message: str) -> None:  # type: ignore[no-untyped-def]
    """Never a bare TypeError from inside: a ValueError that says what was wrong and what is expected."""
    with pytest.raises(ValueError, match=message):
        call()
