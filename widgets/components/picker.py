"""Cards entered by tapping them: a deck with one of each card, and the cards chosen so far (issue 37).

Nobody has to know the card notation to enter cards: a tap on a card of the deck puts a copy into the
group being made (a meld, or the cards left in a hand), a tap on a chosen card takes it out again, and a
picker of melds starts a new meld on "new meld". What was entered is ``value``, in the notation the
engine reads (one group a line), which a page or a test may also set directly.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from bolivia_core import Card, CardError, format_cards, full_deck, parse_cards
from bolivia_core.i18n import cards_said, render

from .cards import CardRow

__all__ = ["CardPicker"]

SUITS = ("C", "D", "H", "S")
_ONE_OF_EACH = tuple(dict.fromkeys(full_deck(1, 1)))  # the 52 cards and a joker, in card order


class CardPicker(widgets.VBox):
    """A deck to tap cards from, and the group (or groups) of cards chosen so far."""

    value = traitlets.Unicode("")
    """The cards chosen, in card notation: a group a line ("KH KS KD" / "5H 6H 7H")."""

    def __init__(self, value: str = "", groups: bool = False, description: str = "", **kwargs: Any) -> None:
        self.groups = groups  # several groups (the melds of a side), or one (a meld, the cards in a hand)
        self.heading = widgets.HTML()
        self.deck = [CardRow([c for c in _ONE_OF_EACH if c.suit == suit], taps=True) for suit in SUITS]
        self.deck.append(CardRow([c for c in _ONE_OF_EACH if c.is_joker], taps=True))
        self.chosen = widgets.VBox()
        self.chosen.add_class("bolivia-picker-chosen")
        self.new_group = widgets.Button(layout=widgets.Layout(width="auto"))
        self.clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.new_group.on_click(lambda _button: self._start_group())
        self.clear.on_click(lambda _button: setattr(self, "value", ""))
        self._rows: list[CardRow] = []
        self._open = False  # a new, still empty group was asked for
        self._description = description
        for row in self.deck:
            row.add_class("bolivia-picker-deck")
            row.on_tap(lambda index, row=row: self._tapped_deck(row.card_values[index]))
        buttons = [self.new_group, self.clear] if groups else [self.clear]
        deck = widgets.Box(self.deck, layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.heading, self.chosen, widgets.HBox(buttons), deck], **kwargs)
        self.add_class("bolivia-card-picker")
        self.observe(lambda _change: self._draw(), names="value")
        self.value = value
        self.rename()
        self._draw()

    # --- words -------------------------------------------------------------------------------

    @property
    def description(self) -> str:
        """What the picker holds ("Melds", "Cards left in hand"), said above the chosen cards."""
        return self._description

    @description.setter
    def description(self, text: str) -> None:
        self._description = text
        self.heading.value = f"<b>{text}</b>" if text else ""

    def rename(self) -> None:
        """Say every word again in the current language (the cards chosen stay chosen)."""
        self.description = self._description
        self.new_group.description = render("picker-new-meld")
        self.clear.description = render("picker-clear")
        suits = [render(f"suit-name:{suit}") for suit in SUITS]
        for row, suit in zip(self.deck, [*suits, render("rank:JK")], strict=True):
            row.rename(label=render("picker-deck-row", {"suit": suit}))
        self._draw()

    # --- the cards ---------------------------------------------------------------------------

    def card_groups(self) -> list[tuple[Card, ...]]:
        """The groups chosen, as cards; card notation that cannot be read raises ``CardError``."""
        return [parse_cards(line) for line in self.value.splitlines() if line.strip()]

    def _set(self, groups: list[list[Card]]) -> None:
        kept = [g for g in groups if g]
        self.value = "\n".join(format_cards(g) for g in kept)

    def _groups_or_none(self) -> list[list[Card]] | None:
        try:
            return [list(g) for g in self.card_groups()]
        except CardError:
            return None

    def _tapped_deck(self, card: Card) -> None:
        """A copy of the card tapped goes into the group being made (a new one after "new meld")."""
        groups = self._groups_or_none() or []
        if not groups or (self.groups and self._open):
            groups.append([])
        self._open = False
        groups[-1].append(card)
        self._set(groups)

    def _start_group(self) -> None:
        groups = self._groups_or_none() or []
        if groups and groups[-1]:
            self._open = True
            self._draw()

    def _taken_out(self, group: int, position: int) -> None:
        """A chosen card tapped: taken out of its group again."""
        groups = self._groups_or_none() or []
        if group < len(groups) and position < len(groups[group]):
            del groups[group][position]
        self._set(groups)

    def _draw(self) -> None:
        groups = self._groups_or_none()
        if groups is None:  # notation set from outside that is no cards: the page says why, nothing is drawn
            self.chosen.children = []
            return
        while len(self._rows) < len(groups):
            row, group = CardRow(taps=True), len(self._rows)
            row.on_tap(lambda position, group=group: self._taken_out(group, position))
            self._rows.append(row)
        for index, (row, group) in enumerate(zip(self._rows, groups, strict=False)):
            if [c["code"] for c in row.cards] != [str(c) for c in group]:
                row.show(group)
            code = "picker-meld" if self.groups else "picker-chosen"
            row.rename(label=render(code, {"index": index + 1, "said": cards_said(group)}))
        shown: list[widgets.Widget] = list(self._rows[: len(groups)])
        if not groups:
            shown = [widgets.HTML(f"<p class='bolivia-picker-empty'>{render('picker-empty')}</p>")]
        elif self._open:
            shown.append(widgets.HTML(f"<p class='bolivia-picker-empty'>{render('picker-new-meld-open')}</p>"))
        self.chosen.children = shown
