"""A row of cards drawn as SVG: the one card widget every view uses (front end in cards.js/.css)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from bolivia_core import Card, parse_cards
from bolivia_core.i18n import card_name

HERE = Path(__file__).parent


def card_module(name: str) -> str:
    """A front-end module with the one card drawing (``card_face.js``, an ES module) put before it, its
    ``export`` words dropped: anywidget loads one module from a string, where imports cannot resolve."""
    face = re.sub(r"^export (?=function )", "", (HERE / "card_face.js").read_text(encoding="utf-8"), flags=re.M)
    return face + "\n" + (HERE / name).read_text(encoding="utf-8")


class CardRow(anywidget.AnyWidget):
    """Cards in a row; with ``selectable`` the learner picks some by mouse or keyboard."""

    _esm = card_module("cards.js")
    _css = HERE / "cards.css"

    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each card as drawn: its code (``10H``), rank, suit and name in words (``10 of hearts``)."""
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    """Indices of the selected cards, in order."""
    selectable = traitlets.Bool(True).tag(sync=True)
    taps = traitlets.Bool(False).tag(sync=True)
    """Each tap is told to ``on_tap`` and nothing stays selected (a deck to take copies of cards from)."""
    four_colour = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("cards").tag(sync=True)
    empty_text = traitlets.Unicode("no cards").tag(sync=True)

    def __init__(self, cards: str | Iterable[Card | str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tap_listeners: list[Callable[[int], None]] = []
        self.on_msg(self._message)
        self.show(cards)

    def on_tap(self, listener: Callable[[int], None]) -> None:
        """Have ``listener`` told the index of each card tapped (a row with ``taps``)."""
        self._tap_listeners.append(listener)

    def tap(self, index: int) -> None:
        """A tap on the card at ``index``, as the page sends it."""
        if self.taps and type(index) is int and 0 <= index < len(self._cards):
            for listener in self._tap_listeners:
                listener(index)

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "tapped" in content:
            self.tap(content["tapped"])

    def show(self, cards: str | Iterable[Card | str]) -> None:
        """Draw these cards (in the order given); the selection is cleared."""
        self._cards = parse_cards(cards)
        self.selected = []
        self.cards = [
            {"code": str(c), "rank": "JK" if c.is_joker else c.rank_text, "suit": c.suit, "name": card_name(c)}
            for c in self._cards
        ]

    def rename(self, label: str | None = None, empty_text: str | None = None) -> None:
        """Say the cards' names (and the row's label) again in the current language, keeping the selection."""
        if label is not None:
            self.label = label
        if empty_text is not None:
            self.empty_text = empty_text
        self.cards = [dict(drawn, name=card_name(card)) for drawn, card in zip(self.cards, self._cards, strict=True)]

    @property
    def card_values(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        return tuple(self._cards[i] for i in self.selected if 0 <= i < len(self._cards))

    @traitlets.validate("selected")
    def _valid_selection(self, proposal: Any) -> list[int]:
        count = len(self.cards)
        return sorted({i for i in proposal["value"] if 0 <= i < count})
