"""The meld checker widget, driven from Python as a learner's typing would drive it."""

from __future__ import annotations

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
    assert "Type some cards" in checker.result.value


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
    assert "melded king of diamonds, king of hearts and king of spades" in lab.score_sheet.value
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
    assert "KH appears 4 times" in lab.message.value and lab.position_text.value == before


def test_score_calculator_line_items_and_refusals() -> None:
    from bolivia_widgets import ScoreCalculator

    calculator = ScoreCalculator()
    calculator.melds.value = "4H 5H 6H 7H 8H 9H 10H\nKH KH KS KS KD KD KC"
    calculator.red_threes.value, calculator.went_out.value = 2, True
    assert "+2,420" in calculator.result.value  # 1,550 + 570 + 200 + 100, as in the golden scores
    calculator.rules.value = "canasta"
    assert "sequences are not allowed" in calculator.result.value and "role='alert'" in calculator.result.value


def test_scenario_explorer_plays_undoes_and_explains() -> None:
    from bolivia_widgets import ScenarioExplorer

    explorer = ScenarioExplorer(scenario="take-the-pile")
    assert "take pile with KH KS" in explorer.actions.options
    assert explorer.actions.value == explorer.actions.options[0], "the list shows an action: play it plays that"
    explorer.play.click()
    assert explorer.game is not None and len(explorer.game.history) == 1
    assert explorer.actions.value == explorer.actions.options[0]
    explorer.undo.click()
    explorer.actions.value = "take pile with KH KS"
    explorer.play.click()
    assert "takes the pile with KD on top" in explorer.events.value and not explorer.undo.disabled
    explorer.undo.click()
    assert "takes the pile" not in explorer.events.value
    explorer.attempt.value = "take pile with KH QS"
    explorer.explain.click()
    assert "natural pair of kings" in explorer.answer.value
    explorer.attempt.value = "fold"
    explorer.explain.click()
    assert "is not an action" in explorer.answer.value


def test_game_viewer_plays_the_seeded_game_the_players_would() -> None:
    from bolivia_core.game import new_game
    from bolivia_core.players import seat_players
    from bolivia_widgets import GameViewer

    viewer = GameViewer(seed=3, seating="greedy and random, seat by seat")
    assert viewer.back.disabled and "Hand 1, move 0" in viewer.status.value
    viewer.to_hand_end.click()
    game = new_game("bolivia", 4, seed=3)  # the same game played without the viewer
    seats = seat_players(["greedy", "random"], 4, 3)
    assert [type(seat).__name__ for seat in seats] == ["GreedyPlayer", "RandomPlayer"] * 2
    while game.phase != "hand over":
        game.apply(seats[game.to_move - 1].choose(game).action)
    assert viewer.game.history == game.history and viewer.game.phase == "hand over"
    totals = [score.total for score in game.results[0].scores]
    assert all(f"{total:+,}" in viewer.results.value for total in totals)
    assert "The hand is over" in viewer.status.value


def test_game_viewer_steps_back_and_forward_through_the_same_moves() -> None:
    from bolivia_widgets import GameViewer

    viewer = GameViewer(seed=5, seating="random")  # random players: asking them again would choose anew
    for _ in range(40):
        viewer.forward.click()
    position, log = viewer.game.position_text(), viewer.events.value
    for _ in range(15):
        viewer.back.click()
    assert len(viewer.game.history) == 25
    for _ in range(15):
        viewer.forward.click()
    assert viewer.game.position_text() == position and viewer.events.value == log


def test_game_viewer_follows_the_rules_table_sizes() -> None:
    from bolivia_widgets import GameViewer

    viewer = GameViewer()
    viewer.rules.value = "swedish"
    assert viewer.players.options == (2, 3, 4, 5, 6) and viewer.players.value == 4
    viewer.players.value = 5  # sides of two and three: the three rest one player a hand in turn
    captions = [w.value for side in viewer.tables.children for w in side.hands.children if hasattr(w, "value")]
    assert viewer.game.position.players == 5 and any("resting this hand" in c for c in captions)
    viewer.rules.value = "two-deck"  # four players only
    assert viewer.players.options == (4,) and viewer.game.rules.name == "two-deck"
    assert viewer.game.position.players == 4 and not viewer.game.history


def test_variant_explorer_shows_the_situation_as_cards_named_for_screen_readers() -> None:
    from bolivia_widgets import VariantExplorer

    explorer = VariantExplorer()
    cards = explorer.situation_cards
    # the example: three melds to try, two melds on the table, three cards in hand, a pile of three
    assert [[c["code"] for c in row.cards] for row in cards.candidates.rows] == [
        ["KH", "KS", "2C", "2D"], ["4H", "5H", "6H", "2C"], ["2C", "2D", "2H", "2S", "JK", "JK", "JK"]]
    assert [row.label for row in cards.table.rows] == ["meld: 4S 5S 6S 7S 8S 9S 10S", "meld: KH KH KS KS KD KD KC"]
    assert [c["name"] for c in cards.hand.cards] == ["queen of hearts", "queen of spades", "5 of clubs"]
    assert cards.pile.label == "the discard pile, top card last" and cards.pile.cards[-1]["code"] == "QD"
    explorer.situation["hand"].value = "QH QX"  # not cards: no pictures, the table below names the mistake
    assert cards.hand.cards == [] and "⚠" in explorer.situation_table.value


def test_game_viewer_lets_the_strong_player_play_the_club_player() -> None:
    """Watching the computer players worth learning from: strong and club seated in turn, to a hand's end."""
    from bolivia_core.game import new_game
    from bolivia_core.players import seat_players
    from bolivia_widgets import GameViewer

    viewer = GameViewer(seed=4, seating="strong and club, seat by seat")
    viewer.to_hand_end.click()
    game = new_game("bolivia", 4, seed=4)
    seats = seat_players(["strong", "club"], 4, 4)
    assert [type(seat).__name__ for seat in seats] == ["StrongPlayer", "ClubPlayer"] * 2
    while game.phase != "hand over":
        game.apply(seats[game.to_move - 1].choose(game).action)
    assert viewer.game.history == game.history and "The hand is over" in viewer.status.value
