"""The meld checker widget, driven from Python as a learner's typing would drive it."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")

from bolivia_widgets import MeldChecker


def test_verdict_follows_the_cards_and_the_rules() -> None:
    checker = MeldChecker("KH KS 2C 2D")
    assert checker.verdict is not None and not checker.verdict.legal
    assert "✘ Not legal" in checker.result.value
    assert "twice as many natural cards as wild cards" in checker.result.value
    checker.rules.value = "swedish"  # the same cards, re-judged under another preset
    assert checker.verdict.legal and "✔ Legal" in checker.result.value
    checker.rules.value = "canasta"
    assert "more natural cards than wild cards" in checker.result.value


@pytest.mark.parametrize(
    ("preset", "cards", "legal", "text"),
    [
        ("bolivia", "2C 2D 2H 2S JK JK JK", True, "bolivia"),
        ("swedish", "4H 5H 6H 7H 8H 9H 2C", True, "black samba"),
        ("two-deck", "4H 5H 2C", False, "no wild cards"),
        ("canasta", "4H 5H 6H", False, "sequences are not allowed"),
    ],
)
def test_every_preset(preset: str, cards: str, legal: bool, text: str) -> None:
    checker = MeldChecker(cards, rules=preset)
    assert checker.verdict is not None and checker.verdict.legal == legal
    assert text in checker.result.value


def test_going_out_allows_black_threes() -> None:
    checker = MeldChecker("3S 3C 3S")
    assert not checker.verdict.legal  # type: ignore[union-attr]
    checker.going_out.value = True
    assert checker.verdict.legal  # type: ignore[union-attr]


def test_bad_cards_are_explained_not_raised() -> None:
    checker = MeldChecker("KH KS")
    checker.cards.value = "KH 1S"
    assert checker.verdict is None
    assert "&#x27;1S&#x27; is not a card" in checker.result.value and "role='alert'" in checker.result.value
    checker.cards.value = ""
    assert "Tap some cards" in checker.result.value


def test_updated_in_place() -> None:
    checker = MeldChecker("KH KS KD")
    children = checker.children
    checker.cards.value = "4H 5H 6H"
    assert checker.children is children and checker.verdict.kind == "sequence"  # type: ignore[union-attr]


def test_variant_explorer_side_by_side_and_situation() -> None:
    from bolivia_core.tools.compare import diff_rules
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer(presets=("bolivia", "swedish"))
    assert f"Rules that differ: {len(diff_rules('bolivia', 'swedish'))}" in explorer.rules_table.value
    assert "✘ Not legal" in explorer.situation_table.value and "+2,195" in explorer.situation_table.value
    explorer.choices["swedish"].value = False
    assert "Choose two to four" in explorer.status.value and explorer.rules_table.value == ""
    explorer.choices["canasta"].value = True
    assert "Canasta" in explorer.rules_table.value
    explorer.only_differences.value = False
    assert "Rules that differ" in explorer.rules_table.value and "standard 52-card packs" in explorer.rules_table.value


def test_club_editor_changes_saves_loads() -> None:
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer()
    club = explorer.club
    club.knob.value, club.value.value = "keep_two_cards", "false"
    club.change.click()
    assert club.rules is not None and club.rules.keep_two_cards is False
    assert "keep_two_cards = false" in club.file_text.value
    explorer.use_club.value = True
    assert "our club" in explorer.rules_table.value and "<sup>H</sup>" in explorer.rules_table.value
    club.value.value = "maybe"
    club.change.click()
    assert "must be true or false" in club.message.value and club.rules.keep_two_cards is False
    club.file_text.value = 'name = "other"\nbase = "canasta"\n[house_rules]\nsame_rank_max_wilds = 2'
    club.load.click()
    assert club.rules.base == "canasta" and club.rules.same_rank_max_wilds == 2
    assert "data:text/html;base64," in club.sheet.value
    club.file_text.value = 'name = "bad"\nbase = "nope"'
    club.load.click()
    assert "field base: unknown rules" in club.message.value and club.rules.name == "other"


def test_card_row_names_cards_in_words_and_keeps_a_valid_selection() -> None:
    from bolivia_widgets import CardRow

    row = CardRow("4H 10S JC AD JK")
    names = ["4 of hearts", "10 of spades", "jack of clubs", "ace of diamonds", "joker"]
    assert [c["name"] for c in row.cards] == names
    row.selected = [4, 0, 0, 9]
    assert row.selected == [0, 4] and [str(c) for c in row.selected_cards] == ["4H", "JK"]
    row.show("KH KS")
    assert row.selected == [] and len(row.cards) == 2


@pytest.mark.parametrize("preset", ["bolivia", "swedish", "two-deck", "canasta"])
def test_meld_lab_deals_judges_and_melds_under_every_preset(preset: str) -> None:
    from bolivia_core.game import new_game
    from bolivia_widgets import MeldLab

    lab = MeldLab(rules=preset, seed=5)
    dealt = sorted(new_game(preset, seed=5).position.hands[new_game(preset, seed=5).to_move - 1])
    assert [c["code"] for c in lab.hand.cards] == [str(c) for c in dealt]
    lab.load(f"rules={preset}; turn=1; phase=play; p1=KH KS KD QH 5C 9D")
    codes = [c["code"] for c in lab.hand.cards]
    lab.hand.selected = [codes.index("KD"), codes.index("KH"), codes.index("KS")]
    assert "✔ Legal" in lab.verdict.value and not lab.meld_button.disabled
    assert "initial meld: 30 of 50 points" in lab.meter_text.value
    lab.meld_button.click()
    assert [str(c) for c in lab.table[0]] == ["KD", "KH", "KS"] and len(lab.hand.cards) == 3
    assert "+30" in lab.score_sheet.value
    assert "aria-label='king of diamonds'>K♦</span>" in lab.score_sheet.value  # the sheet draws its cards small
    lab.hand.selected = [0, 1]
    assert "✘ Not legal" in lab.verdict.value and lab.meld_button.disabled


def test_meld_lab_rules_picker_rejudges_the_same_cards() -> None:
    from bolivia_widgets import MeldLab

    lab = MeldLab()
    lab.load("rules=bolivia; turn=1; phase=play; p1=KH KS 2C 2D 9D")
    hand = lab.hand
    codes = [c["code"] for c in hand.cards]
    chosen = sorted(codes.index(code) for code in ("2C", "2D", "KH", "KS"))
    hand.selected = chosen
    assert "twice as many natural cards" in lab.verdict.value
    lab.rules_picker.value = "swedish"
    assert lab.hand is hand and hand.selected == chosen  # updated in place, nothing rebuilt
    assert "✔ Legal" in lab.verdict.value


def test_meld_lab_lessons_and_bad_positions() -> None:
    from bolivia_core.scenario import SCENARIOS
    from bolivia_widgets import MeldLab

    lab = MeldLab()
    lab.scenarios.value = "one-meld-short-of-going-out"
    assert SCENARIOS["one-meld-short-of-going-out"].title in lab.message.value
    assert len(lab.table) == 2 and lab.meter_text.value.endswith("the side has made its initial meld</span>")
    before = lab.position_text.value
    lab.load("rules=bolivia; p1=KH KH KH KH")
    assert "the king of hearts appears 4 times" in lab.message.value and lab.position_text.value == before


def test_score_calculator_line_items_and_refusals() -> None:
    from bolivia_widgets import ScoreCalculator

    calculator = ScoreCalculator()
    calculator.melds.value = "4H 5H 6H 7H 8H 9H 10H\nKH KH KS KS KD KD KC"
    calculator.red_threes.value, calculator.went_out.value = 2, True
    assert "+2,420" in calculator.result.value  # 1,550 + 570 + 200 + 100, as in the golden scores
    calculator.rules.value = "canasta"
    assert "sequences are not allowed" in calculator.result.value and "role='alert'" in calculator.result.value


def test_variant_explorer_shows_the_situation_as_cards_named_for_screen_readers() -> None:
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer()
    cards = explorer.situation_cards
    # the example: three melds to try, two melds on the table, three cards in hand, a pile of three
    assert [[c["code"] for c in row.cards] for row in cards.candidates.rows] == [
        ["KH", "KS", "2C", "2D"], ["4H", "5H", "6H", "2C"], ["2C", "2D", "2H", "2S", "JK", "JK", "JK"]]
    assert cards.table.rows[0].label == (
        "meld: 4 of spades, 5 of spades, 6 of spades, 7 of spades, 8 of spades, 9 of spades and 10 of spades")
    assert [c["name"] for c in cards.hand.cards] == ["queen of hearts", "queen of spades", "5 of clubs"]
    assert cards.pile.label == "the discard pile, top card last" and cards.pile.cards[-1]["code"] == "QD"
    explorer.situation["hand"].value = "QH QX"  # not cards: no pictures, the table below names the mistake
    assert cards.hand.cards == [] and "⚠" in explorer.situation_table.value


def test_cards_are_entered_by_tapping_a_deck() -> None:
    """The meld checker's cards come from taps: a card of the deck is added, a chosen card tapped goes back;
    nobody types the notation (issue 37)."""
    checker = MeldChecker()
    hearts = checker.cards.deck[2]
    assert [c["code"] for c in hearts.cards][:3] == ["2H", "3H", "4H"]
    assert hearts.label == "hearts: tap a card to add it"
    for index in (3, 4, 5):  # 5, 6, 7 of hearts, tapped quickly: each tap a message of its own, none lost
        hearts.tap(index)
    assert checker.cards.value == "5H 6H 7H" and hearts.selected == []
    assert checker.verdict is not None and checker.verdict.kind == "sequence"
    chosen = checker.cards.chosen.children[0]
    assert chosen.label == "chosen: the 5 of hearts, the 6 of hearts and the 7 of hearts"
    chosen.tap(1)  # the 6 of hearts taken back
    assert checker.cards.value == "5H 7H" and not checker.verdict.legal


def test_the_score_calculator_takes_melds_one_after_another_by_tapping() -> None:
    from bolivia_widgets import ScoreCalculator

    calculator = ScoreCalculator()
    kings = calculator.melds.deck[3]  # spades
    for _ in range(3):
        kings.tap(11)  # the king of spades, three times (three packs)
    calculator.melds.new_group.click()
    calculator.melds.deck[0].tap(2)  # a 4 of clubs starts the next meld
    assert calculator.melds.value == "KS KS KS\n4C"
    calculator.hand.deck[4].tap(0)  # a joker left in hand
    assert calculator.hand.value == "JK" and "role='alert'" in calculator.result.value  # a lone 4 is no meld
    calculator.melds.value = "KS KS KS"
    assert "+30" in calculator.result.value and "-50" in calculator.result.value


def test_the_meld_checker_page_names_each_rule_set_once_a_line() -> None:
    from bolivia_widgets.dashboards.meld_checker import each_rule_set

    lines = each_rule_set("KH KS 2C 2D").value.split("<li>")[1:]
    assert len(lines) == 4
    for line, title in zip(lines, ("Bolivia", "Swedish", "two-deck", "Canasta"), strict=True):
        assert line.count(title) == 1, line


def test_the_variant_explorer_explains_the_notation_it_shows() -> None:
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer(presets=("bolivia", "canasta"))
    table = explorer.rules_table.value
    assert "4: 11" in table or "4: 15" in table  # a value by table size is shown ...
    assert "“4: 11” means 11 at a table of 4 players" in table  # ... and its notation explained under it
    assert "“1500-90” means 90 points" in table and "“sequence + any” means" in table
    typed = explorer.situation["hand"].value
    assert re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", typed)  # the situation's cards are typed in the notation ...
    assert explorer._notation in explorer.tabs.children[1].children  # ... and it is explained where it is typed
    assert "(C clubs, D diamonds, H hearts, S spades)" in explorer._notation.value
    explorer.language.value = "pl"
    assert "(C trefl, D karo, H kier, S pik)" in explorer._notation.value
