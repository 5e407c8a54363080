"""Cards and the one card notation: ``Card.parse("10H")`` <-> ``str(card)``.

A card is a rank and a suit; the three (or two) copies of a card in the deck
are equal values.  Cards are interned, so parsing is a dictionary look-up and
the derived flags the meld checker reads are computed once per distinct card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Any

from .i18n import register_card_reader, render

__all__ = [
    "CARD_ORDER",
    "JOKER",
    "RANKS",
    "SUITS",
    "Card",
    "CardError",
    "check_copies",
    "deck_counts",
    "format_cards",
    "full_deck",
    "parse_cards",
    "remove_cards",
]

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
"""Suits in canonical order: clubs, diamonds, hearts, spades."""

JOKER_RANK = 15
RANKS: tuple[int, ...] = tuple(range(2, 15))
"""Ranks 2 to 14 (11 = jack, 12 = queen, 13 = king, 14 = ace)."""

_RANK_TEXT = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_FROM_TEXT = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": 10}
_SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_FROM_TEXT = {s: s for s in SUITS} | {sym: s for s, sym in _SUIT_SYMBOL.items()}
_RED_SUITS = frozenset({"D", "H"})

EXPECTED = "ranks 2-10 (or T), J, Q, K, A; suits C D H S or ♣♦♥♠; jokers JK"


class CardError(ValueError):
    """A token that is not a card in the project's card notation."""


_INTERNED: dict[tuple[int, str], Card] = {}


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Card:
    """One playing card; a joker has rank 15 and no suit ("").

    Cards are interned: ``Card(13, "H")`` and ``Card.parse("KH")`` are the same
    object, so equality is identity and the three copies of a card are equal.
    """

    rank: int
    suit: str
    is_wild: bool = field(init=False, compare=False, repr=False)
    is_natural: bool = field(init=False, compare=False, repr=False)
    is_red_three: bool = field(init=False, compare=False, repr=False)
    is_black_three: bool = field(init=False, compare=False, repr=False)
    _text: str = field(init=False, compare=False, repr=False)
    _order: int = field(init=False, compare=False, repr=False)
    _rank_bit: int = field(init=False, compare=False, repr=False)
    """``1 << rank``: the meld checker keeps the ranks of a group as a bit set."""
    _suit_bit: int = field(init=False, compare=False, repr=False)
    """``1 << i`` for the suit's place in ``SUITS`` (0 for a joker): the suits of a group as a bit set."""

    def __new__(cls, rank: Any, suit: Any) -> Card:
        # Everything happens here, and no __init__ (the dataclass makes none): a card asked for
        # again is one dictionary look-up, and a new one is checked and set up once. Any: what is not
        # a rank or a suit is refused in words below, where a compiled signature would raise TypeError.
        try:
            card = _INTERNED.get((rank, suit))
        except TypeError:  # an unhashable rank or suit
            card = None
        if card is not None:
            return card
        if rank == JOKER_RANK:
            if suit != "":
                raise CardError(f"a joker has no suit, got {suit!r}")
        elif type(rank) is not int or rank not in _RANK_TEXT or type(suit) is not str or suit not in SUITS:
            raise CardError(f"Card({rank!r}, {suit!r}) is not a card: {EXPECTED}")
        # object's __new__, called so that a compiled class allows it (and by name: slots=True makes a new class)
        self = super(Card, cls).__new__(cls)
        set_ = object.__setattr__
        set_(self, "rank", rank)
        set_(self, "suit", suit)
        set_(self, "is_wild", rank in (2, JOKER_RANK))
        set_(self, "is_natural", 4 <= rank <= 14)
        set_(self, "is_red_three", rank == 3 and suit in _RED_SUITS)
        set_(self, "is_black_three", rank == 3 and suit not in _RED_SUITS)
        set_(self, "_text", "JK" if rank == JOKER_RANK else _RANK_TEXT[rank] + suit)
        set_(self, "_order", rank * 8 + "CDHS".find(suit) + 1)
        set_(self, "_rank_bit", 1 << rank)
        set_(self, "_suit_bit", 1 << SUITS.index(suit) if suit else 0)
        _INTERNED[(rank, suit)] = self
        return self

    # Equality is identity (cards are interned), and the hash one number per distinct card. The pure
    # source swaps this method for object's own hash (below the class), in C, the cheapest there is
    # for the engine's hot paths (tuples of cards are its cache keys); compiled, this one is in C.
    def __hash__(self) -> int:
        return self._order

    def __eq__(self, other: object) -> bool:
        # Identity, said in one call: with a Python ``__lt__`` on the class, object's own ``==``
        # took two look-ups and calls per unequal pair, which made ``in``, ``count`` and
        # ``remove`` over cards three times slower. Anything else is asked in its turn.
        return self is other if other.__class__ is Card else NotImplemented

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:  # copies and pickles stay interned
        return (Card, (self.rank, self.suit))

    # Cards sort by rank, then suit (clubs, diamonds, hearts, spades); jokers last.
    def __lt__(self, other: Card) -> bool:
        return self._order < other._order

    def __le__(self, other: Card) -> bool:
        return self._order <= other._order

    def __gt__(self, other: Card) -> bool:
        return self._order > other._order

    def __ge__(self, other: Card) -> bool:
        return self._order >= other._order

    @staticmethod
    def parse(token: object) -> Card:
        """Read one card: ``4H``, ``10S`` or ``TS``, ``4♥``, ``JK`` (any letter case)."""
        card = _PARSED.get(token.strip().upper()) if isinstance(token, str) else None
        if card is None:
            raise CardError(render("card-not-a-card", {"token": repr(token)}))
        return card

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        """Red suit (hearts, diamonds); a joker is neither red nor black."""
        return self.suit in _RED_SUITS

    @property
    def rank_text(self) -> str:
        return "JK" if self.is_joker else _RANK_TEXT[self.rank]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, for display: ``10♥``."""
        return "JK" if self.is_joker else _RANK_TEXT[self.rank] + _SUIT_SYMBOL[self.suit]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


try:
    Card.__hash__ = object.__hash__  # type: ignore[method-assign]  # see Card.__hash__
except TypeError:  # a compiled class: its attributes are fixed, and its own __hash__ is in C already
    pass

JOKER = Card(JOKER_RANK, "")

_ALL_CARDS: tuple[Card, ...] = tuple([Card(r, s) for r in RANKS for s in SUITS] + [JOKER])
_PARSED: dict[str, Card] = {"JK": JOKER}
for _card in _ALL_CARDS[:-1]:
    for _rank_text in [t for t, r in _RANK_FROM_TEXT.items() if r == _card.rank]:
        for _suit_text in [t for t, s in _SUIT_FROM_TEXT.items() if s == _card.suit]:
            _PARSED[_rank_text + _suit_text] = _card
del _card, _rank_text, _suit_text


_CARD_TYPE = frozenset({Card})
_CARD_SET = frozenset(_ALL_CARDS)


def _cards_of_text(text: str) -> tuple[Card, ...]:
    """Card notation as the message catalogue reads a card param (plain ValueError: no message made)."""
    try:
        return tuple(_PARSED[token.upper()] for token in text.replace(",", " ").split())
    except KeyError:
        raise ValueError(f"not card notation: {text!r}") from None


register_card_reader(_cards_of_text)  # so a page can say a message's cards in words


CARD_ORDER = attrgetter("_order")
"""A sort key in card order (``Card.__lt__``) as a number: sorting by it compares in C."""


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; cards already parsed pass through."""
    if type(text) is tuple and {*map(type, text)} <= _CARD_TYPE:
        return text  # parsed already: the engine's own calls
    if isinstance(text, str):
        tokens: Iterable[object] = text.replace(",", " ").split()  # object: anything else is refused in words
    elif isinstance(text, Iterable):
        tokens = text
    else:
        raise CardError(f"cards are text such as \"KH KS 2C\" or a list of cards, not {text!r}")
    cards = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
        elif isinstance(token, str):
            cards.append(Card.parse(token))
        else:
            raise CardError(render("card-not-a-card", {"token": repr(token)}))
    return tuple(cards)


def check_copies(cards: Iterable[Card], decks: int, jokers: int, title: str) -> None:
    """Refuse more copies of a card than a deck of ``decks`` packs and ``jokers`` jokers holds."""
    cards = cards if type(cards) is tuple else tuple(cards)
    size = len(cards)
    if size <= decks and (jokers >= size or JOKER not in cards):
        return  # too few cards for any to appear more often than the deck holds it
    _check_counts(cards, set(cards), decks, jokers, title)


def cards_in_deck(cards: str | Iterable[Card | str], decks: int, jokers: int, title: str) -> tuple[Card, ...]:
    """``parse_cards`` then ``check_copies``, for the meld checker: a tuple of cards, the common
    case, is read and counted from one set of its cards."""
    if type(cards) is tuple:
        try:
            distinct: set[Card] | None = set(cards)  # cards, if every item is one (checked next)
        except TypeError:  # something unhashable: parse_cards says what
            distinct = None
        if distinct is not None and distinct <= _CARD_SET:
            repeats = len(cards) - len(distinct)  # as _check_counts begins, without a call
            if repeats >= decks or (repeats >= jokers and JOKER in distinct):
                _check_counts(cards, distinct, decks, jokers, title)
            return cards
    parsed = parse_cards(cards)
    check_copies(parsed, decks, jokers, title)
    return parsed


def _check_counts(cards: tuple[Card, ...], distinct: set[Card], decks: int, jokers: int, title: str) -> None:
    """``check_copies`` given the set of the cards."""
    repeats = len(cards) - len(distinct)  # no card appears more than once more than this
    if repeats < decks and (repeats < jokers or JOKER not in distinct):
        return  # decided without counting: the common case
    held = dict.fromkeys(distinct, 0)  # counted by hash and identity: no == between cards
    for card in cards:
        held[card] += 1
    if held.pop(JOKER, 0) > jokers or (held and max(held.values()) > decks):
        _refuse_copies(cards, decks, jokers, title)


def _refuse_copies(cards: tuple[Card, ...], decks: int, jokers: int, title: str) -> None:
    """Name the first card, in card order, of which ``cards`` hold more copies than the deck."""
    have = deck_counts(decks, jokers)
    counts = Counter(cards)
    card = min(card for card, held in counts.items() if held > have[card])
    raise CardError(render("card-too-many", {"card": str(card), "count": counts[card], "title": title,
                                             "have": have[card]}))  # fmt: skip


def remove_cards(hand: Iterable[Card], cards: Iterable[Card]) -> list[Card] | None:
    """``hand`` less one copy of each of ``cards``, or ``None`` when a card is not there."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return rest


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of a group of cards, in the order given."""
    return " ".join([c._text for c in cards])


@lru_cache(maxsize=32)
def deck_counts(decks: int, jokers: int) -> Counter[Card]:
    """How many copies of each card the deck holds (shared: do not modify)."""
    return Counter(full_deck(decks, jokers))


@lru_cache(maxsize=32)
def full_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """Every card of ``decks`` standard packs plus ``jokers`` jokers, in canonical order (made once:
    every hand's deal starts from it)."""
    return tuple(c for c in _ALL_CARDS[:-1] for _ in range(decks)) + (JOKER,) * jokers
