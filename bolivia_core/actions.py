"""Actions a player can take, and their one text notation.

    draw                          take top onto 2
    take pile with KH KS          take pile with KH KS and meld 4H 5H 6H | 2C 2D JK
    take pile onto 3              meld KH KS KD | 4S 5S 6S
    add 7H 8H to 2                discard 5C
    ask partner                   answer yes / answer no
    pass                          next hand

``parse_action(str(action)) == action`` for every action; meld numbers count
from 1 in the order the side laid its melds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .cards import CARD_ORDER, Card, CardError, format_cards, parse_cards
from .i18n import render

__all__ = [
    "Action",
    "ActionError",
    "Add",
    "Answer",
    "Ask",
    "Discard",
    "Draw",
    "Meld",
    "NextHand",
    "Pass",
    "TakePile",
    "TakeTop",
    "action_words",
    "parse_action",
]

Cards = tuple[Card, ...]


class ActionError(ValueError):
    """Text that is not an action in the action notation."""


def _canonical(cards: Cards) -> Cards:
    try:
        return tuple(sorted(cards, key=CARD_ORDER))
    except AttributeError:  # not all cards: sorted as before, whatever they are
        return tuple(sorted(cards))




def _melds_text(melds: tuple[Cards, ...]) -> str:
    return " | ".join(format_cards(m) for m in melds)


def _melds_list(melds: tuple[Cards, ...]) -> tuple[str, ...]:
    """Melds for a sentence: a list the message joins with its language's "and"."""
    return tuple(format_cards(m) for m in melds)


@dataclass(frozen=True)
class Action:
    """Base of every action; ``order`` sorts legal actions by kind, then by text."""

    order: ClassVar[int] = 0

    def sort_key(self) -> tuple[int, str]:
        return (self.order, str(self))

    def said(self, language: str | None = None) -> str:
        """In words, for a sentence (``action_words``): a message given the action itself says it in
        the message's language."""
        return action_words(self, language)


@dataclass(frozen=True)
class Draw(Action):
    order: ClassVar[int] = 1

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class TakeTop(Action):
    """Take only the top discard onto the side's sequence number ``meld`` (instead of drawing)."""

    meld: int
    order: ClassVar[int] = 2

    def __str__(self) -> str:
        return f"take top onto {self.meld}"


@dataclass(frozen=True)
class TakePile(Action):
    """Take the pile: the top discard with ``cards`` from hand, as a new meld or onto meld ``onto``.

    ``melds`` are further melds laid from hand in the same action, which count
    towards an initial meld.
    """

    cards: Cards = ()
    onto: int | None = None
    melds: tuple[Cards, ...] = ()
    order: ClassVar[int] = 3

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _canonical(self.cards))
        object.__setattr__(self, "melds", tuple(_canonical(m) for m in self.melds))

    def __str__(self) -> str:
        text = "take pile" + (f" onto {self.onto}" if self.onto is not None else "")
        if self.cards:
            text += f" with {format_cards(self.cards)}"
        if self.melds:
            text += f" and meld {_melds_text(self.melds)}"
        return text


@dataclass(frozen=True)
class Meld(Action):
    """Lay one or more new melds from hand; together they may make the initial meld."""

    melds: tuple[Cards, ...]
    order: ClassVar[int] = 4

    def __post_init__(self) -> None:
        object.__setattr__(self, "melds", tuple(_canonical(m) for m in self.melds))

    def __str__(self) -> str:
        return f"meld {_melds_text(self.melds)}"


@dataclass(frozen=True)
class Add(Action):
    """Add cards from hand to the side's meld number ``meld``."""

    meld: int
    cards: Cards
    order: ClassVar[int] = 5

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _canonical(self.cards))

    def __str__(self) -> str:
        return f"add {format_cards(self.cards)} to {self.meld}"


@dataclass(frozen=True)
class Ask(Action):
    """Ask partner "may I go out?"."""

    order: ClassVar[int] = 6

    def __str__(self) -> str:
        return "ask partner"


@dataclass(frozen=True)
class Answer(Action):
    """A partner's answer to "may I go out?"."""

    yes: bool
    order: ClassVar[int] = 7

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@dataclass(frozen=True)
class Discard(Action):
    card: Card
    order: ClassVar[int] = 8

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Pass(Action):
    """With the stock empty, a player who cannot take the pile passes."""

    order: ClassVar[int] = 9

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class NextHand(Action):
    """Deal the next hand once a hand has been scored."""

    order: ClassVar[int] = 10

    def __str__(self) -> str:
        return "next hand"


def action_words(action: Action, language: str | None = None) -> str:
    """``action`` said in words for a sentence a person reads, in ``language`` (default: the process's):
    "take the top card onto meld 2", Swedish "saka 5C". ``str(action)`` stays the notation, one in
    every language, for typing and saving."""
    params: dict[str, object] = {}
    if isinstance(action, TakeTop):
        code, params = "action:take-top", {"meld": action.meld}
    elif isinstance(action, TakePile):
        code = "action:take-pile" if action.onto is None else "action:take-pile-onto"
        params = {"meld": action.onto, "cards": format_cards(action.cards)}
        if not action.cards:
            code += "-alone"
        text = render(code, params, language)
        if action.melds:
            text = render("action:and-meld", {"take": text, "melds": _melds_list(action.melds)}, language)
        return text
    elif isinstance(action, Meld):
        code, params = "action:meld", {"melds": _melds_list(action.melds)}
    elif isinstance(action, Add):
        code, params = "action:add", {"cards": format_cards(action.cards), "meld": action.meld}
    elif isinstance(action, Discard):
        code, params = "action:discard", {"card": str(action.card)}
    elif isinstance(action, Answer):
        code = "action:answer-yes" if action.yes else "action:answer-no"
    else:  # draw, ask partner, pass, next hand: by their notation's words
        code = "action:" + str(action).replace(" ", "-")
    return render(code, params, language)


EXPECTED = (
    "draw; take top onto N; take pile [onto N] [with CARDS] [and meld CARDS | CARDS]; "
    "meld CARDS [| CARDS]; add CARDS to N; discard CARD; ask partner; answer yes|no; pass; next hand"
)
_FIXED: dict[str, Action] = {
    "draw": Draw(), "ask partner": Ask(), "answer yes": Answer(True), "answer no": Answer(False),
    "pass": Pass(), "next hand": NextHand(),
}  # fmt: skip


def parse_action(text: str) -> Action:
    """Read an action written in the action notation; a bad one raises ``ActionError``."""
    words = " ".join(str(text).split())
    lowered = words.lower()
    try:
        if lowered in _FIXED:
            return _FIXED[lowered]
        if lowered.startswith("take top onto "):
            return TakeTop(_meld_number(words[len("take top onto ") :]))
        if lowered.startswith("take pile"):
            return _parse_take_pile(words[len("take pile") :].strip())
        if lowered.startswith("meld "):
            return Meld(_parse_melds(words[len("meld ") :]))
        if lowered.startswith("add ") and " to " in lowered:
            cards, _, number = words[len("add ") :].rpartition(" to ")
            return Add(_meld_number(number), _some_cards(cards))
        if lowered.startswith("discard "):
            (card,) = parse_cards(words[len("discard ") :]) or (None,)
            if card is None:
                raise ActionError(render("action-discard-one-card"))
            return Discard(card)
    except (CardError, ValueError) as error:
        raise ActionError(render("action-not-an-action-because", {"text": repr(text), "reason": str(error)})) from None
    raise ActionError(render("action-unknown", {"text": repr(text), "expected": EXPECTED}))


def _meld_number(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise ActionError(render("action-not-a-meld-number", {"text": repr(text.strip())}))
    return int(text)


def _some_cards(text: str) -> Cards:
    cards = parse_cards(text)
    if not cards:
        raise ActionError(render("action-no-cards"))
    return cards


def _parse_melds(text: str) -> tuple[Cards, ...]:
    return tuple(_some_cards(part) for part in text.split("|"))


def _parse_take_pile(rest: str) -> TakePile:
    melds: tuple[Cards, ...] = ()
    if " and meld " in f" {rest}":
        rest, _, melds_text = f" {rest}".partition(" and meld ")
        melds = _parse_melds(melds_text)
        rest = rest.strip()
    onto = None
    if rest.startswith("onto "):
        number, _, rest = rest[len("onto ") :].partition(" ")
        onto = _meld_number(number)
    cards: Cards = ()
    if rest.startswith("with "):
        cards = _some_cards(rest[len("with ") :])
    elif rest:
        raise ActionError(render("action-unexpected-after-take-pile", {"rest": repr(rest)}))
    return TakePile(cards, onto, melds)
