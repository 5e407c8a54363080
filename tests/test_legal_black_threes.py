"""Melds of black 3s in the legal-action view, from the rule text (RULES.md 3.4): black 3s are
melded only in the turn the player goes out, three or more of them in ``bolivia`` and ``swedish``,
three or four in ``two-deck`` and ``canasta``, with no wild card. The brute-force test of the view
seldom deals three black 3s to a hand that can go out; these positions do.

Each table holds what going out needs (RULES.md 6: ``bolivia`` and ``two-deck`` a complete sequence
and one more complete meld, ``swedish`` a sequence and a canasta with partner asked, ``canasta`` a
canasta): a natural sequence of seven hearts and seven queens."""

from __future__ import annotations

import pytest

from bolivia_core.actions import Meld
from bolivia_core.cards import parse_cards
from bolivia_core.game import Game
from bolivia_core.turn.legal import meld_groups
from bolivia_core.rules import get_rules

READY = {  # preset: (table, extra scenario fields)
    "bolivia": ("4H 5H 6H 7H 8H 9H 10H | QH QS QD QC QH QS QD | KH KS KD", ""),
    "swedish": ("4H 5H 6H 7H 8H 9H 10H | QH QS QD QC QH QS QD | KH KS KD", "; asked=yes"),
    "two-deck": ("4H 5H 6H 7H 8H 9H 10H | QH QS QD QC QH QS QD | KH KS KD", ""),
    "canasta": ("QH QS QD QC QH QS QD | KH KS KD", ""),
}


def black_three_melds(preset: str, hand: str) -> list[str]:
    table, extra = READY[preset]
    game = Game.from_position(f"rules={preset}; turn=1; phase=play; melds1={table}; p1={hand}{extra}")
    return [
        str(action) for action in game.legal_actions()
        if isinstance(action, Meld) and any(c.is_black_three for m in action.melds for c in m)
    ]


@pytest.mark.parametrize("preset", sorted(READY))
def test_three_black_3s_and_a_discard_go_out(preset: str) -> None:
    assert black_three_melds(preset, "3C 3C 3S 9C") == ["meld 3C 3C 3S"]


@pytest.mark.parametrize("preset", sorted(READY))
def test_black_3s_that_would_not_go_out_are_not_offered(preset: str) -> None:
    # three of four leave a 3 and a 9: no going out, so no meld of 3s; all four leave the 9 to discard
    assert black_three_melds(preset, "3C 3C 3S 3S 9C") == ["meld 3C 3C 3S 3S"]
    assert black_three_melds(preset, "3C 3C 3S 8D 9C") == []  # two cards left after melding


@pytest.mark.parametrize("preset", sorted(READY))
def test_two_black_3s_are_no_meld(preset: str) -> None:
    assert black_three_melds(preset, "3C 3S 9C") == []


def test_meld_groups_going_out_offers_the_fewest_and_all_black_3s() -> None:
    # bolivia, three decks: six black 3s exist, and a meld of them may hold all (three or more);
    # each distinct three of them leaves a different hand (a 3C or a 3S kept), so each is offered
    hand = parse_cards("3C 3C 3S 3S 3S 5D")
    groups = meld_groups(hand, get_rules("bolivia"), going_out=True)
    expected = ("3C 3C 3S", "3C 3C 3S 3S 3S", "3C 3S 3S", "3S 3S 3S")  # in card order, as the view sorts
    assert groups == [parse_cards(cards) for cards in expected]
    assert meld_groups(hand, get_rules("bolivia")) == []  # not going out: black 3s are never melded
