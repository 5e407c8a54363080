"""The play table driven from Python as a learner's clicks drive it: every action path, refusals
that change nothing, the computers, the coach, undo, and saved games resumed.

Expected texts come from the rules (Bolivia: kings and 8s to kings count 10, aces 20; the first
initial meld needs 50 points; a black 3 on top blocks the pile; a side goes out with an escalera and
one more complete meld), never from what the table printed before.
"""

from __future__ import annotations

import html
from datetime import datetime, UTC

import pytest

pytest.importorskip("ipywidgets")

from bolivia_core.cards import parse_cards
from bolivia_core.players import PLAYERS, hint
from bolivia_core.rules import get_rules
from bolivia_widgets import PlayTable
from bolivia_widgets.dashboards.play_table import best_level

UNMELDED = "rules=bolivia; players=2; seed=3; turn=1; phase=play; p1=KH KS KD KC AH AS AD 9C 9D 5C; pile=4D 7S"
BLOCKED = "rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; pile=4D 3S"
QUICK = "greedy"  # computer seats of a quick level keep these tests cheap; the levels have their own tests
GOING_OUT = (
    "rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=9C 9D 9S 5C; "
    "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 7S"
)


def table_at(position: str, **settings: object) -> PlayTable:
    table = PlayTable(coach=False, level=QUICK, **settings)  # type: ignore[arg-type]
    assert table.resume(position), shown(table.save_feedback)
    return table


def shown(view: object) -> str:
    """An HTML view's text as a reader sees it (entities decoded)."""
    return html.unescape(view.value)  # type: ignore[attr-defined]


def choose(table: PlayTable, cards: str) -> None:
    """Choose cards in the hand row as clicks would (by index into the cards shown)."""
    shown = [c["code"] for c in table.hand.cards]
    indices = []
    for card in parse_cards(cards):
        indices.append(next(i for i, code in enumerate(shown) if code == str(card) and i not in indices))
    table.hand.selected = indices


def test_the_pile_offers_a_take_only_before_the_learner_draws() -> None:
    """Seed 5: the learner holds a natural pair of the top card's rank; once the turn's draw is made
    the pile is no longer offered (the rules allow one draw a turn)."""
    table = PlayTable(seed=5, coach=False, level=QUICK)
    assert "You may take it, for example: take the pile with" in shown(table.pile_info)
    table.draw_button.click()
    assert table.game.phase == "play" and "You may take it" not in shown(table.pile_info)


def test_a_new_game_deals_and_waits_for_the_learner() -> None:
    table = PlayTable(seed=2, coach=False, level=QUICK)
    game = table.game
    assert game.to_move == 1 and game.phase == "draw"  # the computers before player 1 have played
    assert [c["code"] for c in table.hand.cards] == [str(c) for c in sorted(game.position.hands[0])]
    for player in (2, 3, 4):
        assert f"player {player} (" in shown(table.others)
        assert f"{len(game.position.hands[player - 1])} cards" in shown(table.others)
    assert "your partner" in shown(table.others)  # player 3 sits opposite, on the learner's side
    assert f"Stock: {len(game.position.stock)} cards" in shown(table.pile_info)
    assert "needs 50 points" in shown(table.scoreboard) or "made this hand" in shown(table.scoreboard)


def test_settings_follow_the_rules_and_list_every_level() -> None:
    table = PlayTable(coach=False, level=QUICK)
    assert table.players.options == (2, 3, 4)
    table.rules.value = "swedish"
    assert table.players.options == (2, 3, 4, 5, 6)
    table.players.value = 6
    pickers = table.levels.children
    assert len(pickers) == 5  # each lists every level, named in words
    assert all([level for _words, level in p.options] == list(PLAYERS) for p in pickers)  # type: ignore[attr-defined]
    assert [p.value for p in pickers] == [QUICK] * 3 + [best_level()] * 2  # type: ignore[attr-defined]
    for picker, level in zip(pickers, ["random", QUICK, QUICK, QUICK, QUICK], strict=True):
        picker.value = level  # type: ignore[attr-defined]
    table.seed.value = 11
    table.new_game_button.click()
    assert table.game.position.players == 6 and table.game.rules.name == "swedish"
    assert table.seat_levels[2] == "random" and table.game.position.seed == 11
    assert "player 6 (" in shown(table.others)


def test_a_new_game_deals_new_cards_unless_a_seed_is_typed() -> None:
    table = PlayTable(seed=5, coach=False, level=QUICK)
    first = table.game.position_text()
    table.new_game_button.click()  # the seed left as it was: the next deal, not the same cards again
    assert table.game.position.seed == table.seed.value == 6 and table.game.position_text() != first
    table.seed.value = 5
    table.new_game_button.click()  # a seed typed in: that deal
    assert table.game.position_text() == first


def test_play_another_game_is_offered_among_the_moves_only_when_the_game_is_over() -> None:
    """"new game" sits in the settings, away from the moves, where a stray press would end the game;
    once the game is over (a side past the 500 target: escalera 1,550 + canasta 570 + going out) the
    moves offer another."""
    table = table_at(GOING_OUT + "; target=500")
    assert table.another_game_button.layout.display == "none"
    choose(table, "9C 9D 9S")
    table.meld_button.click()
    choose(table, "5C")
    table.discard_button.click()
    assert table.game.is_over and table.another_game_button.layout.display != "none"
    table.another_game_button.click()
    assert not table.game.is_over and table.game.position.seed == 5  # the next deal after seed 4
    assert table.another_game_button.layout.display == "none"


def test_scores_are_written_the_page_languages_way() -> None:
    """Going out from GOING_OUT: escalera 1,500 + 50, seven kings 500 + 70, 9C 9D 9S 30, going out 100:
    2,250, which Swedish writes with a space (no-break) between the thousands."""
    table = table_at(GOING_OUT, language="sv")
    choose(table, "9C 9D 9S")
    table.meld_button.click()
    choose(table, "5C")
    table.discard_button.click()
    assert "2\u00a0250" in shown(table.scoreboard) and "2,250" not in shown(table.scoreboard)
    assert "+2\u00a0250 (2\u00a0250)" in shown(table.results)


def test_chosen_cards_say_which_of_the_sides_melds_they_may_join() -> None:
    """Two aces are too few for a meld of their own but join the side's aces; a king joins its kings;
    a lone 4 joins nothing, so it is just chosen (to discard, most likely), with no meld verdict."""
    table = table_at("rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=AC AH 4D KD 9C; "
                     "melds1=AS AD AC | KC KH KS; pile=4D 7S")  # fmt: skip
    choose(table, "AC AH")
    assert "chosen AC AH: may be added to meld 1" in shown(table.set_aside_info)
    assert "not a legal meld" not in shown(table.set_aside_info)
    choose(table, "KD")
    assert "may be added to meld 2" in shown(table.set_aside_info)
    choose(table, "4D")
    assert "chosen 4D" in shown(table.set_aside_info)
    assert "may be added" not in shown(table.set_aside_info) and "not a legal meld" not in shown(table.set_aside_info)


def test_the_learner_is_told_which_cards_were_drawn() -> None:
    """The log says "player 1 draws 2 cards", as the other players see it; the learner also reads
    which two (the stock's field lists it bottom to top: JD and 8S are the top two)."""
    table = table_at("rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; pile=4D 7S; "
                     "stock=6C QH JD 8S; rest=pile", pace="step")  # fmt: skip
    table.draw_button.click()
    assert "player 1 draws 2 cards" in shown(table.log_view)
    assert "You drew 8S JD." in shown(table.feedback) and "You drew 8S JD." in table.announcer.text


def test_a_refused_attempt_says_why_and_changes_nothing() -> None:
    table = table_at(BLOCKED)
    before, history = table.game.position_text(), list(table.game.history)
    table.take_pile_button.click()
    assert "nobody may take the pile while 3S is on top" in shown(table.feedback)  # Bolivia: a black 3 blocks
    assert "draw from the stock" in shown(table.feedback)  # the remedy
    choose(table, "9C")
    table.discard_button.click()  # not yet: a turn starts with a draw
    assert "must first draw" in shown(table.feedback)
    table.hand.selected = []
    table.discard_button.click()
    assert "Choose exactly one card" in shown(table.feedback)
    assert table.game.position_text() == before and table.game.history == history
    assert "nobody may take the pile" in shown(table.pile_info)  # the pile says why before any attempt
    table.draw_button.click()
    assert table.game.phase == "play" and len(table.game.position.hands[0]) == 7  # Bolivia draws two
    assert "player 1 draws 2 cards" in shown(table.log_view)
    assert "You drew" in shown(table.feedback) and "Choose exactly one card" not in shown(table.feedback)  # cleared


def test_melds_set_aside_count_toward_the_initial_meld() -> None:
    table = table_at(UNMELDED)
    choose(table, "KH KS KD")
    table.set_aside_button.click()
    assert "initial meld: 30 of 50 points, 20 short" in shown(table.set_aside_info)  # three kings at 10
    before = table.game.position_text()
    table.meld_button.click()  # the kings alone: 30 points, refused by the engine
    assert "an initial meld needs 50 points" in shown(table.feedback) and "20 short" in shown(table.feedback)
    assert table.game.position_text() == before
    choose(table, "AH AS AD")
    assert "90 of 50 points, enough" in shown(table.set_aside_info)  # aces at 20: 30 + 60
    table.meld_button.click()
    assert [len(m) for m in table.game.position.melds[0]] == [3, 3]
    labels = [row.label for _, row in table._meld_rows]
    assert "meld 1: kings, 3 of 7" in labels and "meld 2: aces, 3 of 7" in labels  # numbered as laid
    # add the fourth king to the kings by choosing that meld
    choose(table, "KC")
    table.add_button.click()
    assert "Choose one of your side's melds" in shown(table.feedback)
    table.meld_picker.value = 1
    table.add_button.click()
    assert len(table.game.position.melds[0][0]) == 4
    assert "meld 1: kings, 4 of 7" in [row.label for _, row in table._meld_rows]


def test_a_discard_lets_the_computers_play_step_by_step_or_straight_through() -> None:
    table = table_at(UNMELDED, pace="step")
    choose(table, "5C")
    table.discard_button.click()
    assert table.game.to_move == 2 and "player 1 discards 5C" in shown(table.log_view)
    table.draw_button.click()
    assert "It is player 2's turn" in shown(table.feedback)
    moves = len(table.game.history)
    table.computer_step_button.click()
    assert len(table.game.history) == moves + 1
    # a computer's reasons name cards it holds: kept back while the hand is played, with a word on why
    assert "why?" not in shown(table.log_view) and "when the hand is over" in shown(table.log_view)
    assert "player 2" in table.announcer.text
    table.computer_all_button.click()
    assert table.game.to_move == 1 or table.game.phase == "hand over"


def test_a_computers_reasons_are_shown_once_its_hand_is_over() -> None:
    """Player 2 (a computer) can go out with 9C 9D 9S and a last discard: the hand ends on its moves,
    every hand may then be seen, and so may the reasons for its moves."""
    table = table_at("rules=bolivia; players=2; seed=4; turn=2; phase=play; p2=9C 9D 9S 5C; p1=KH QS 7D; "
                     "melds2=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 7S")  # fmt: skip
    assert table.game.phase == "hand over" and table.game.results[-1].went_out == 2
    log = shown(table.log_view)
    assert log.count("why?") == 2 and "when the hand is over" not in log


def test_going_out_ends_the_hand_with_the_score_sheet() -> None:
    table = table_at(GOING_OUT)
    table.go_out_button.click()  # four cards in hand: say how to go out
    assert "meld or add all your cards but one" in shown(table.feedback)
    assert "Your side has the complete melds it needs" in shown(table.feedback)  # an escalera and a canasta
    choose(table, "9C 9D 9S")
    table.meld_button.click()
    table.go_out_button.click()  # the last card, discarded
    assert table.game.phase in ("hand over", "game over")
    assert "player 1 went out" in shown(table.hand_end)
    assert "going out" in shown(table.hand_end) and "Next initial meld" in shown(table.hand_end)
    assert "<td>1</td><td>player 1</td>" in shown(table.results)
    if table.game.phase == "hand over":
        table.next_hand_button.click()
        assert table.game.position.hand_number == 2


def test_ask_partner_and_answer() -> None:
    asks = "rules=bolivia; players=4; seed=5; turn=1; phase=play; p1=9C 9D 9S 5C 6C; melds1=KC KD KH"
    table = table_at(asks)
    table.ask_button.click()
    assert "player 1 asks: may I go out?" in shown(table.log_view)
    assert "player 3 answers" in shown(table.log_view)  # the computer partner answers at once
    asked = "rules=bolivia; players=4; seed=5; turn=1; phase=answer; asker=3; p3=9C 5C; melds1=KC KD KH"
    table = table_at(asked)
    table.no_button.click()
    assert "player 1 answers no to player 3" in shown(table.log_view)


def test_the_hint_is_the_best_levels_and_can_be_played() -> None:
    table = table_at(UNMELDED)
    expected = hint(table.game, 1, best_level(), table._seed_for_move())
    table.hint_button.click()
    assert expected.action.said() in shown(table.coach_box)  # the move in words
    assert str(expected.rationale[0]) in shown(table.coach_box)
    table.play_hint_button.click()
    assert table.game.history[table.decisions[-1]] == expected.action


def test_coach_mode_warns_before_a_different_move_and_reviews_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    import bolivia_core.players as players

    monkeypatch.delattr(players, "rank_actions", raising=False)  # no ranking: any different move is warned about
    table = PlayTable(coach=True, level=QUICK)
    assert table.resume(UNMELDED)
    expected = hint(table.game, 1, best_level(), table._seed_for_move())
    before = table.game.position_text()
    table.add_button.click()  # refused: no cards chosen, and the live region at the top says so
    assert "Choose cards from your hand first" in table.announcer.text
    choose(table, "5C")
    table.discard_button.click()  # the coach would meld first
    assert expected.action != table.game.history[-1:] and table.game.position_text() == before
    assert "The coach would not discard 5C" in shown(table.coach_box)
    assert "The coach would not discard 5C" in table.announcer.text  # the old refusal is not left there
    assert "Choose cards from your hand first" not in table.announcer.text
    assert f"It would rather {expected.action.said()}" in shown(table.coach_box)
    table.anyway_button.click()
    assert "player 1 discards 5C" in shown(table.log_view)
    review = table._review_html(table.game.position.hand_number)
    assert "you chose to discard 5C" in review and expected.action.said() in review


def test_the_coach_says_moves_in_the_pages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """In Swedish the coach's warning says the move in Swedish words ("saka 5C"), not the notation."""
    import bolivia_core.players as players

    monkeypatch.delattr(players, "rank_actions", raising=False)  # no ranking: any different move is warned about
    table = PlayTable(coach=True, level=QUICK, language="sv")
    assert table.resume(UNMELDED)
    choose(table, "5C")
    table.discard_button.click()
    assert "Tränaren skulle inte saka 5C." in shown(table.coach_box) and "discard" not in shown(table.coach_box)


def test_undo_goes_back_to_the_learners_previous_decision() -> None:
    table = table_at(UNMELDED)
    start = table.game.position_text()
    choose(table, "KH KS KD")
    table.set_aside_button.click()
    choose(table, "AH AS AD")
    table.meld_button.click()
    after_meld = table.game.position_text()
    choose(table, "5C")
    table.discard_button.click()  # the computers answer straight through
    assert table.game.to_move == 1 and len(table.game.history) > 2
    table.undo_button.click()
    assert table.game.position_text() == after_meld
    table.undo_button.click()
    assert table.game.position_text() == start
    table.undo_button.click()
    assert "Nothing to undo" in shown(table.feedback) and table.game.position_text() == start


def test_a_saved_game_resumes_as_json_and_as_a_position() -> None:
    table = PlayTable(seed=9, coach=False, level=QUICK)
    table.draw_button.click()
    table.save_json_button.click()
    saved = table.saved.value
    assert "download=" in shown(table.download)
    other = PlayTable(seed=1, coach=False, level=QUICK)
    assert other.resume(saved)
    assert other.game.position_text() == table.game.position_text() and other.game.history == table.game.history
    assert other.seed.value == 9 and other.decisions  # the learner's decisions are found again: undo works
    other.undo_button.click()
    assert other.game.phase == "draw" and other.game.to_move == 1
    table.save_text_button.click()
    third = PlayTable(coach=False, level=QUICK)
    assert third.resume(table.saved.value)
    assert third.game.position_text() == table.game.position_text()
    before = third.game.position_text()
    assert not third.resume("rules=bolivia; p1=KH XX")
    assert "Could not resume" in shown(third.save_feedback) and "XX" in shown(third.save_feedback)
    assert third.game.position_text() == before


def test_the_same_seed_and_moves_replay_the_same_game() -> None:
    first, second = PlayTable(seed=21, coach=False, level=QUICK), PlayTable(seed=21, coach=False, level=QUICK)
    for table in (first, second):
        for _ in range(3):
            table.play_hint_button.click()
    assert first.game.to_json() == second.game.to_json()


def test_a_whole_game_reaches_the_winner() -> None:
    """A short game (two players, a tenth of the target): the learner draws and discards the first
    card; when the rules refuse that, the coach's move is played."""
    target = get_rules("canasta").target_score[2] // 10
    table = PlayTable(rules="canasta", players=2, seed=4, target=target, coach=False, level=QUICK)
    for _ in range(3000):
        game = table.game
        if game.is_over:
            break
        moves = len(game.history)
        if game.phase == "hand over":
            table.next_hand_button.click()
        elif game.phase == "draw":
            (table.draw_button if game.position.stock else table.pass_button).click()
        elif game.phase == "play":
            table.hand.selected = [0]
            table.discard_button.click()
        if len(table.game.history) == moves:  # refused (or an answer to give): the coach's move
            table.play_hint_button.click()
    assert table.game.is_over and max(table.game.scores) >= target
    assert "wins the game" in shown(table.hand_end) or "draw" in shown(table.hand_end)


def test_an_uploaded_saved_game_resumes() -> None:
    table = PlayTable(seed=13, coach=False, level=QUICK)
    table.draw_button.click()
    saved = table.game.to_json().encode()
    other = PlayTable(coach=False, level=QUICK)
    upload = {"name": "game.json", "type": "application/json", "size": len(saved), "content": memoryview(saved),
              "last_modified": datetime.now(UTC)}  # fmt: skip
    other.upload.value = (upload,)
    assert other.game.history == table.game.history and other.game.position_text() == table.game.position_text()
    assert f"Resumed after {len(table.game.history)} moves" in shown(other.save_feedback)


def test_take_the_pile_with_a_pair_and_melds_set_aside_for_the_initial_meld() -> None:
    table = table_at("rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH KS AH AS AD 5C 9D; pile=4D 7S KD")
    choose(table, "AH AS AD")
    table.set_aside_button.click()
    choose(table, "KH KS")  # the natural pair that takes KD; kings 30 and aces 60 make the 50 needed
    table.take_pile_button.click()
    assert table.game.position.melds[0] == [list(parse_cards("KD KH KS")), list(parse_cards("AD AH AS"))]
    assert sorted(table.game.position.hands[0]) == sorted(parse_cards("5C 9D 4D 7S"))  # the rest of the pile
    assert "player 1 takes the pile with KD on top" in shown(table.log_view)


def test_take_the_top_card_onto_a_sequence() -> None:
    table = table_at("rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH 5C 9D; melds1=4H 5H 6H; pile=4D 7H")
    table.take_top_button.click()
    assert "Choose one of your side's melds" in shown(table.feedback)
    table.meld_picker.value = 1
    table.take_top_button.click()
    assert table.game.position.melds[0] == [list(parse_cards("4H 5H 6H 7H"))]
    assert "meld 1: escalera in hearts, 4 of 7" in [row.label for _, row in table._meld_rows]


@pytest.mark.parametrize(("gap", "warned"), [(200.0, True), (50.0, False)])
def test_with_a_ranking_the_coach_warns_only_about_clear_mistakes(
    monkeypatch: pytest.MonkeyPatch, gap: float, warned: bool
) -> None:
    """Where the engine ranks moves (the players' ``rank_actions``), a move rated only a little
    worse than the hint's is played without a warning, and the review lists it with its cost."""
    from types import SimpleNamespace

    import bolivia_core.players as players

    table = PlayTable(coach=True, level=QUICK)
    assert table.resume(UNMELDED)
    best = hint(table.game, 1, best_level(), table._seed_for_move()).action

    def ranking(game: object, seat: int, actions: list[object]) -> list[SimpleNamespace]:
        return [SimpleNamespace(action=a, score=gap if a == best else 0.0) for a in actions]

    monkeypatch.setattr(players, "rank_actions", ranking, raising=False)
    choose(table, "5C")
    table.discard_button.click()
    played = "player 1 discards 5C" in shown(table.log_view)
    assert played is not warned
    if warned:
        # the ranking's scores are the heuristic's reckoning, not points of the game: no figure is shown
        assert "clearly worse than its own move" in shown(table.coach_box) and "200" not in shown(table.coach_box)
    else:
        review = table._review_html(table.game.position.hand_number)
        assert "you chose to discard 5C" in html.unescape(review)


def test_chosen_cards_are_judged_on_the_meld_the_picker_names() -> None:
    """With a meld picked, the chosen cards are judged as the add button would play them: a king joins
    the kings' canasta (a canasta may grow past seven), but not the escalera (complete at seven and
    closed in Bolivia); with "(a new meld)" picked, one card is said to join the kings, where it may go."""
    table = table_at("rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=KD 9S 5C; "
                     "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KH; pile=4D 7S")  # fmt: skip
    choose(table, "KD")
    assert "chosen KD: may be added to meld 2" in shown(table.set_aside_info)
    table.meld_picker.value = 2
    line = shown(table.set_aside_info)
    assert "chosen KD, if added to meld 2:" in line and "natural canasta" in line and "not a legal" not in line
    table.meld_picker.value = 1
    line = shown(table.set_aside_info)
    assert "chosen KD, if added to meld 1:" in line and "closed" in line
    before = table.game.position_text()
    table.add_button.click()  # the same verdict from the engine: nothing changes
    assert "closed" in shown(table.feedback) and table.game.position_text() == before
