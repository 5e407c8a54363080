"""The page's language without a browser: how it is chosen, and the meld lab said again in place."""

from __future__ import annotations

import html

import pytest

from bolivia_core import set_language
from bolivia_core.i18n import card_name, render
from bolivia_widgets import MeldLab
from bolivia_widgets.language import accepted_languages, page_language


@pytest.fixture(autouse=True)
def english_afterwards():  # type: ignore[no-untyped-def]
    yield
    set_language("en")


def test_accept_language_is_read_by_preference() -> None:
    assert accepted_languages("de-DE,de;q=0.9,da;q=0.8,en;q=0.5") == ["de-DE", "de", "da", "en"]
    assert accepted_languages("en;q=0.1, pl , cs;q=0") == ["pl", "en"]  # q=0 means "not this one"


@pytest.mark.parametrize(
    ("query", "accept", "expected"),
    [
        ("lang=sv", "pl,en", "sv"),  # the address wins
        ("seed=3&lang=no", "", "nb"),
        ("lang=fr", "de,cs;q=0.8", "cs"),  # a language not offered is passed over
        ("", "fr,de", "en"),
        ("", "", "en"),
    ],
)
def test_page_language_address_then_browser_then_english(query: str, accept: str, expected: str) -> None:
    assert page_language(query, accept) == expected


def test_meld_lab_changes_language_keeping_the_learner_s_cards_and_table() -> None:
    lab = MeldLab(seed=7, language="en")
    lab.load("rules=bolivia; turn=1; phase=play; p1=KH KS KD QH 5C 9D")
    lab.hand.selected = [i for i, card in enumerate(lab.cards_in_hand) if str(card) in ("KD", "KH", "KS")]
    lab._meld()
    assert [str(c) for c in lab.table[0]] == ["KD", "KH", "KS"]
    lab.hand.selected = [0]
    before = (list(lab.cards_in_hand), [list(m) for m in lab.table], list(lab.hand.selected))
    lab.language.value = "pl"
    assert (list(lab.cards_in_hand), [list(m) for m in lab.table], list(lab.hand.selected)) == before
    assert lab.hand.label == render("lab:hand-label", language="pl")
    assert lab.hand.cards[0]["name"] == card_name(lab.cards_in_hand[0], "pl")
    assert lab.message.value == "<p role='status'>Wyłożono króla karo, króla kier i króla pik.</p>"
    assert lab._rows[0].label == "układ: król karo, król kier i król pik"
    assert lab.rules_picker.value == "bolivia" and lab.rules_picker.label == "Boliwia"
    # three kings are 30 points; at a score of 0 the first melds need 50, so 20 to go
    assert "pierwsze wyłożenie: 30 z 50 punktów przy wyniku 0 (brakuje 20)" in lab.meter_text.value
    assert "<b>razem</b>" in lab.score_sheet.value
    lab.language.value = "en"
    assert lab.message.value == (
        "<p role='status'>Melded the king of diamonds, the king of hearts and the king of spades.</p>")
    assert lab.hand.label == "your hand: choose cards for a meld"


def test_meld_lab_says_a_refused_position_again_in_the_new_language() -> None:
    lab = MeldLab(seed=7, language="en")
    hand = list(lab.cards_in_hand)
    lab.load("rules=bolivia; p1=KH 3H")  # a red 3 in a hand: refused whole, the lab keeps its deal
    assert "field p1: red 3s are laid out at once; put them in the field red1" in html.unescape(lab.message.value)
    lab.language.value = "cs"
    expected = render("in-field", {"field": "p1", "problem": render(
        "position-red-three-in-hand", {"field": "red1"}, language="cs")}, language="cs")  # fmt: skip
    assert expected in html.unescape(lab.message.value) and "red 3s" not in lab.message.value
    assert list(lab.cards_in_hand) == hand


def test_meld_checker_changes_language_keeping_the_cards_and_rules() -> None:
    from bolivia_widgets import MeldChecker

    checker = MeldChecker("KH KS 2C 2D", language="en")
    checker.rules.value = "swedish"
    checker.language.value = "da"
    assert (checker.cards.value, checker.rules.value) == ("KH KS 2C 2D", "swedish")
    assert checker.cards.description == "Kort" and checker.rules.label == "den svenske variant"
    # two kings and two wild cards: legal in the Swedish club rules, 10+10+20+20 = 60 points
    assert "gyldig melding af samme værdi efter reglerne i den svenske variant: 60 point" in checker.result.value


def test_score_calculator_changes_language_keeping_what_was_entered() -> None:
    from bolivia_widgets import ScoreCalculator

    calculator = ScoreCalculator(language="en")
    calculator.melds.value = "KH KS KD"
    calculator.language.value = "pl"
    assert calculator.melds.value == "KH KS KD" and calculator.melds.description == "Układy"
    assert calculator.rules.label == "Boliwia"
    # three kings at 10 points each, melded: +30
    assert "wyłożono <span class='bolivia-chips'>" in calculator.result.value
    assert "'król kier'>K♥" in calculator.result.value  # each card drawn small, named for a screen reader
    assert "<b>razem</b>" in calculator.result.value
    assert "+30" in calculator.result.value


def test_scenario_explorer_changes_language_keeping_the_moves_played() -> None:
    from bolivia_widgets import ScenarioExplorer

    explorer = ScenarioExplorer("take-the-pile", language="en")
    assert explorer.handle({"do": "move", "move": "take pile with KH KS", "where": "pile"})
    explorer.handle({"do": "lesson"})
    explorer.handle({"do": "setting", "key": "language", "value": "da"})
    try:
        assert len(explorer.source.game.history) == 1
        assert explorer.message["lines"][0].startswith("Du må tage kastebunken.")
        menu = explorer.menu
        scenario = next(s for s in menu["settings"] if s["key"] == "scenario")
        assert ("take-the-pile", "Du må tage kastebunken") in [tuple(o) for o in scenario["options"]]
        assert "rules=bolivia; " in menu["saved"]  # the notation stays as it is in every language
    finally:
        explorer.handle({"do": "setting", "key": "language", "value": "en"})


def test_game_viewer_changes_language_keeping_the_game() -> None:
    from bolivia_widgets import GameViewer

    viewer = GameViewer(seed=3, pace="instant", language="en")
    viewer.handle({"do": "to_hand_end"})
    moves = len(viewer.source.game.history)
    viewer.handle({"do": "setting", "key": "language", "value": "cs"})
    try:
        seating = next(s for s in viewer.menu["settings"] if s["key"] == "seating")
        assert len(viewer.source.game.history) == moves and dict(seating["options"])["greedy"] == "chamtivý"
        assert viewer.turn["line"] == "Rozdání 1 skončilo."  # the hand is over, in Czech
        assert "strana 1" in viewer.chrome["hand_end"]["blocks"][0]["table"]["head"]
    finally:
        viewer.handle({"do": "setting", "key": "language", "value": "en"})


def test_variant_explorer_and_club_editor_change_language_keeping_the_club() -> None:
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer(language="en")
    club = explorer.club
    club.knob.value = "same_rank_max_wilds"
    club.value.value = "3"
    club._change()
    assert club.rules is not None and club.rules.house_rules() == {"same_rank_max_wilds": 3}
    explorer.language.value = "nb"
    assert club.rules.house_rules() == {"same_rank_max_wilds": 3} and club.name.value == "klubben vår"
    assert club.file_text.value.startswith("# " + render("club-rules-file-head", {
        "title": "klubben vår", "base": "Bolivia"}, language="nb"))  # the file's comments in Norwegian too
    assert explorer.tabs.get_title(1) == "Én situasjon" and "Regler som er forskjellige" in explorer.rules_table.value
    assert club.load.description == "last inn filen over"


def test_club_value_typed_as_a_danish_page_shows_it() -> None:
    """Fifteen thousand as Danish writes it (15.000) is read as the number, in a table of targets."""
    from bolivia_widgets.dashboards.club_values import parse_displayed

    assert parse_displayed("target_score", "2: 15.000; 3: 12.500", {2: 15000, 3: 15000}) == {2: 15000, 3: 12500}


def test_play_table_changes_language_keeping_the_game() -> None:
    from bolivia_widgets import PlayTable

    table = PlayTable(seed=2, language="en")
    history = list(table.source.game.history)
    table.handle({"do": "log", "open": True})
    table.handle({"do": "setting", "key": "language", "value": "sv"})
    assert table.source.game.history == history
    assert table.scores["hand_number"].startswith("giv 1 ")
    assert table.centre["stock"]["name"].startswith("talongen,")
    log = table.replied["log"]  # the menu's log is said again too
    assert log["from"] == 0 and log["lines"] and all(" draws " not in line["text"] for line in log["lines"])
    table.handle({"do": "setting", "key": "language", "value": "en"})


def test_play_table_says_its_last_refusal_again_in_the_new_language() -> None:
    """A refusal on screen is not left in the old language when the language changes."""
    from bolivia_widgets import PlayTable

    table = PlayTable(seed=2, language="en")
    table.handle({"do": "discard", "card": None, "where": "pile"})
    english = table.message["lines"]
    table.handle({"do": "setting", "key": "language", "value": "da"})
    danish = table.message["lines"]
    assert danish == [render("table-choose-discard", language="da")] and danish != english
    table.handle({"do": "resume", "text": "rules=bolivia; p1=KH 3H"})  # a red 3 in a hand: refused, naming the field
    table.handle({"do": "setting", "key": "language", "value": "pl"})
    said = " ".join(table.message["lines"])
    assert render("position-red-three-in-hand", {"field": "red1"}, language="pl") in said
    table.handle({"do": "setting", "key": "language", "value": "en"})


def test_page_heading_follows_the_picker() -> None:
    from bolivia_widgets import MeldChecker
    from bolivia_widgets.pages import page_heading

    heading = page_heading("meld_checker.ipynb")
    checker = MeldChecker(language="en")
    checker.language.value = "cs"
    assert heading.value.startswith("<h1>Kontrola vyložení</h1><p>Klepáním na karty")
    checker.language.value = "en"
    assert heading.value.startswith("<h1>Meld checker</h1>")


def test_play_table_names_the_computer_levels_in_the_language() -> None:
    from bolivia_core.players import PLAYERS
    from bolivia_widgets import PlayTable

    table = PlayTable(seed=2, level="greedy", language="pl")
    picker = next(s for s in table.menu["settings"] if s["key"] == "level-2")
    assert [level for level, _words in picker["options"]] == list(PLAYERS) and picker["value"] == "greedy"
    assert dict(picker["options"])["greedy"] == "zachłanny"
    table.handle({"do": "setting", "key": "language", "value": "en"})


def test_every_rules_picker_offers_the_presets_by_their_titles_in_the_language() -> None:
    """The six dashboards that pick a rule set share one list of choices: every preset by its Polish
    title once the page speaks Polish (the rules titles' entries in pl/bolivia.po), its name kept."""
    from bolivia_widgets import GameViewer, MeldChecker, PlayTable, ScoreCalculator, VariantExplorer

    polish = [("Boliwia", "bolivia"), ("wariant szwedzki", "swedish"), ("wariant dwutaliowy", "two-deck"),
              ("Canasta", "canasta")]  # fmt: skip
    lab, checker, calculator = MeldLab(language="en"), MeldChecker(language="en"), ScoreCalculator(language="en")
    viewer, table, explorer = GameViewer(language="en"), PlayTable(language="en"), VariantExplorer(language="en")
    pickers = {"meld lab": (lab, lab.rules_picker), "meld checker": (checker, checker.rules),
               "score calculator": (calculator, calculator.rules),
               "club editor": (explorer, explorer.club.base)}  # fmt: skip
    for name, (dashboard, picker) in pickers.items():
        assert [value for _title, value in picker.options] == [v for _t, v in polish], name
        dashboard.language.value = "pl"
        assert list(picker.options) == polish, name
    # the play page's and the watch-a-game page's card tables offer the same choices in their menus, name first
    for card_table in (table, viewer):
        card_table.handle({"do": "setting", "key": "language", "value": "pl"})
        setting = next(s for s in card_table.menu["settings"] if s["key"] == "rules")
        assert [(title, name) for name, title in setting["options"]] == polish
        card_table.handle({"do": "setting", "key": "language", "value": "en"})
