"""The lessons' card table driven from Python as the page's taps drive it: a lesson position played from
the learner's own seat, the others played by computers when asked, with undo; and exercises answered by
making the move, marked without playing a wrong one, giving nothing away before the answer and saying why
after it.

Expected answers come from the rule texts (RULES.md): a turn starts with a draw; while a wild card is on
top nobody may take the pile; a side adds only to its own melds; Bolivia's first initial meld needs 50
points (aces 20, kings 10); with the stock empty a player who cannot take the pile passes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from bolivia_core.game import Game, new_game
from bolivia_core.i18n import set_language
from bolivia_core.scenario import SCENARIOS
from bolivia_widgets import ActionQuiz, LessonTable
from bolivia_widgets.components.table import CardTable

ROOT = Path(__file__).resolve().parents[1]
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
EIGHTS = "rules=bolivia; turn=1; phase=play; melds1=KH KS KD; melds2=8C 8D 8S; p1=KC QH QS QD 8H 9D 10H JS"
OPENING = "rules=bolivia; turn=1; phase=play; scores=0,0; p1=AH AS AD KH KS KD 5C 7C 8D 9D"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def indices(table: CardTable, cards: str) -> list[int]:
    """The hand indices of ``cards``, as the page's taps name them."""
    hand = table.hand["cards"]
    chosen: list[int] = []
    for code in cards.split():
        chosen.append(next(i for i, c in enumerate(hand) if c == code and i not in chosen))
    return chosen


def said(table: CardTable) -> str:
    message = table.message
    return " ".join(message["lines"]) if message else ""


def pile_quiz() -> CardTable:
    """Lesson 5's exercise: a 2 on top of the pile, two kings in hand: the right move is to draw."""
    return ActionQuiz(SCENARIOS["wild-on-top"].text, answer="draw", asked="take pile with KH KS")


# --- exercises: the move is the answer ----------------------------------------------------------


def test_the_right_move_is_played_and_explained_in_words() -> None:
    quiz = pile_quiz()
    assert quiz.handle({"do": "draw", "where": "stock"})
    assert quiz.source.done and len(quiz.source.game.history) == 1 and quiz.source.game.phase == "play"
    text = said(quiz)
    assert text.startswith("✔ Right.") and "2 of clubs" in text and not CARD_CODE.search(text)


def test_a_wrong_move_is_refused_with_a_hint_and_changes_nothing() -> None:
    quiz = pile_quiz()
    before = quiz.source.game.to_json()
    assert not quiz.handle({"do": "take_pile", "cards": indices(quiz, "KH KS"), "where": "pile"})
    assert quiz.source.game.to_json() == before and quiz.source.tries.left == 1 and not quiz.source.done
    message = quiz.message
    assert message["kind"] == "refusal" and message["where"] == "pile"
    text = said(quiz)
    assert "A hint" in text and "2 of clubs" in text and "king of hearts" in text  # in words, no codes
    assert not CARD_CODE.search(text)


def test_the_second_wrong_move_plays_the_answer_and_says_why() -> None:
    quiz = pile_quiz()
    for _ in range(2):
        quiz.handle({"do": "take_pile", "cards": indices(quiz, "KH KS"), "where": "pile"})
    assert quiz.source.done and [str(a) for a in quiz.source.game.history] == ["draw"]
    assert "last try" in said(quiz) and "2 of clubs" in said(quiz)
    before = quiz.source.game.to_json()
    assert not quiz.handle({"do": "discard", "card": 0, "where": "pile"})  # marked: nothing more is played
    assert quiz.source.game.to_json() == before


@pytest.mark.parametrize("intent", [
    {"do": "discard", "card": 99}, {"do": "fly"}, {"do": "take_pile", "cards": "all"}, {"do": "add", "meld": "x"},
    {"do": "meld", "groups": [[0, 0, 1]]}, {"do": "move", "move": "steal"}, {"do": "add", "side": -3, "meld": 1},
    "draw",
])  # fmt: skip
def test_a_malformed_intent_is_refused_by_name_spends_no_try_and_changes_nothing(intent: object) -> None:
    quiz = pile_quiz()
    before = quiz.source.game.to_json()
    assert not quiz.handle(intent)  # type: ignore[arg-type]
    assert quiz.source.game.to_json() == before and quiz.source.tries.left == 2
    assert "no try is spent" in said(quiz) and "Traceback" not in said(quiz)


def test_adding_to_the_other_side_s_meld_is_a_wrong_answer_said_by_side() -> None:
    """Lesson 2: side 2's eights are on the table for player 1 to see; tapping them with the 8 of hearts is
    the answer "yes", which is wrong: a side adds only to its own melds."""
    quiz = ActionQuiz(EIGHTS, answer="discard 8H", why="lesson-why-own-melds")
    theirs = [side for side in quiz.sides.values() if not side["mine"]]
    assert [meld["cards"] for meld in theirs[0]["melds"].values()] == [["8C", "8D", "8S"]]  # the eights are shown
    assert theirs[0]["melds"]["1"]["label"].startswith("meld 1: 8s")  # named for a screen reader
    before = quiz.source.game.to_json()
    assert not quiz.handle({"do": "add", "side": 1, "meld": 1, "cards": indices(quiz, "8H"), "where": "their-meld-1-1"})
    assert quiz.source.game.to_json() == before and quiz.source.tries.left == 1
    assert "side 2's" in said(quiz) and "no meld 2" not in said(quiz)
    assert quiz.handle({"do": "discard", "card": indices(quiz, "8H")[0], "where": "pile"})


def test_the_worked_answer_says_why_the_last_move_was_wrong() -> None:
    quiz = ActionQuiz(EIGHTS, answer="discard 8H", why="lesson-why-own-melds")
    for _ in range(2):
        quiz.handle({"do": "add", "side": 1, "meld": 1, "cards": indices(quiz, "8H"), "where": "their-meld-1-1"})
    assert quiz.source.done and [str(a) for a in quiz.source.game.history] == ["discard 8H"]
    assert "last try" in said(quiz) and "8 of hearts" in said(quiz) and "That meld is side 2's" in said(quiz)


def test_a_two_meld_opening_is_staged_group_by_group_then_marked_in_any_order() -> None:
    """Lesson 6: three aces (60) and three kings (30), 90 against the first minimum of 50. Tapping + with the
    aces stages them, though they would do alone: the exercise asks about both melds together."""
    quiz = ActionQuiz(OPENING, answer="meld AH AS AD | KH KS KD")
    before = quiz.source.game.to_json()
    assert not quiz.handle({"do": "meld", "groups": [indices(quiz, "KH KS KD")], "stage": True, "ask": 1,
                             "where": "meld-area"})  # fmt: skip
    staged = quiz.staging
    assert staged["points"] == 30 and staged["minimum"] == 50 and quiz.source.tries.left == 2
    assert quiz.source.game.to_json() == before
    assert quiz.handle({"do": "meld", "groups": [*staged["groups"], indices(quiz, "AH AS AD")], "where": "meld-area"})
    assert quiz.source.done and said(quiz).startswith("✔ Right.")
    assert sorted(len(m) for m in quiz.source.game.position.melds[0]) == [3, 3]


def test_an_allowed_move_that_is_not_the_answer_is_wrong_and_not_played() -> None:
    quiz = ActionQuiz(OPENING, answer="meld AH AS AD | KH KS KD")
    before = quiz.source.game.to_json()
    assert not quiz.handle({"do": "discard", "card": indices(quiz, "5C")[0], "where": "pile"})
    assert quiz.source.game.to_json() == before and "not the move this exercise asks for" in said(quiz)


def test_a_quiz_whose_answer_the_engine_refuses_cannot_be_made() -> None:
    with pytest.raises(ValueError, match=r"the quiz's answer 'take pile with KH KS' is not allowed"):
        ActionQuiz(SCENARIOS["wild-on-top"].text, answer="take pile with KH KS")


def test_a_hint_speaks_the_page_s_language() -> None:
    set_language("da")
    quiz = pile_quiz()
    quiz.handle({"do": "take_pile", "cards": indices(quiz, "KH KS"), "where": "pile"})
    text = said(quiz)
    assert "Et tip" in text and "klør to" in text and "A hint" not in text and not CARD_CODE.search(text)


def lesson_quizzes() -> list[tuple[str, CardTable]]:
    """Every lesson's action quiz, made as its page makes it."""
    import sys

    sys.path.insert(0, str(ROOT))
    from lessons import Code, all_lessons

    import bolivia_widgets.lesson_tools as tools

    found = []
    for lesson in all_lessons():
        for cell in lesson.cells:
            if isinstance(cell, Code) and cell.source.startswith("ActionQuiz("):
                found.append((lesson.slug, eval(cell.source, vars(tools).copy())))  # the lesson's own cell
    return found


def test_every_lesson_quiz_asks_for_the_move_its_question_s_answer_implies() -> None:
    """The yes-or-no questions are answered by a move: "no" (the engine refuses the move asked about) means
    the answer is another move; a quiz without a move asked about has one right move."""
    quizzes = lesson_quizzes()
    assert {slug[:2] for slug, _ in quizzes} == {"01", "02", "05", "06", "08", "09"}
    for slug, quiz in quizzes:
        if quiz.source.asked is not None:
            source = quiz.source
            assert source.game.explain(source.asked), f"{slug}: the move asked about is allowed, so it is the answer"
            assert all(answer != quiz.source.asked for answer in quiz.source.answers), slug


# --- the try-it table -----------------------------------------------------------------------------


def test_a_lesson_table_is_played_from_the_learner_s_own_seat() -> None:
    """Lesson 1's deal: the player who moves first is "you". A turn ends with its discard, so a second
    discard is refused and the table stays at your seat; "the others play" plays the other seats up to your
    next turn, each move a step the page shows in turn; undo takes your last move back with theirs."""
    game = new_game("bolivia", players=4, seed=3)
    table = LessonTable(game)
    learner = game.to_move
    assert table.source.seat == learner and table.hand["seat"] == learner and table.chrome["compact"]
    assert not table.handle({"do": "discard", "card": 0, "where": "pile"})  # a turn starts with a draw
    assert "you must first draw" in said(table)
    assert f"player {learner}" not in said(table), "the learner's seat is 'you' in a refusal"
    assert not table.source.game.history
    assert table.handle({"do": "draw", "where": "stock"})
    drawn = table.source.game.to_json()
    assert table.handle({"do": "discard", "card": 0, "where": "pile"})
    nxt = table.source.game.to_move
    assert nxt != learner and table.source.seat == learner and table.hand["seat"] == learner, "stays at your seat"
    assert f"Your turn is over: player {nxt} plays next" in said(table)
    assert not table.handle({"do": "discard", "card": 0, "where": "pile"})  # the second discard
    assert f"It is player {nxt}'s turn, not yours: your turn ended with your discard" in said(table)
    assert [c["text"] for c in table.chrome["controls"]] == ["the others play", "undo my last move"]
    played = len(table.source.game.history)
    assert table.handle({"do": "others"})
    assert table.source.game.to_move == learner and table.source.game.phase == "draw"
    steps = table.steps["list"]
    assert len(steps) == len(table.source.game.history) - played >= 6, "every move of the three others a step"
    assert all(step["said"] and step["patch"] is not None for step in steps)
    assert "your turn again" in said(table)
    assert table.handle({"do": "undo"})  # back before your discard, the others' moves gone too
    assert table.source.game.to_json() == drawn and table.source.seat == learner
    assert not game.history, "the lesson's own game is not changed by the table"


def test_what_may_i_do_lists_the_moves_that_would_work_in_words() -> None:
    """Lesson 14's frozen pile: one king and a wild card do not take it; "what may I do?" lists the moves
    that do work here, said in words (a draw among them), never the card notation."""
    table = LessonTable(Game.from_position(SCENARIOS["canasta-frozen-pile"].text))
    assert [c["text"] for c in table.chrome["controls"]] == ["what may I do?"]
    table.handle({"do": "list_moves"})
    assert [str(a) for a in table.source.game.legal_actions()] == ["draw"]
    assert table.message["lines"] == ["What you may do now (1 move):", "draw",
                                      "to take this pile you need a natural pair of kings in your hand"]


def test_nothing_to_undo_is_said_and_changes_nothing() -> None:
    table = LessonTable(Game.from_position(SCENARIOS["take-the-pile"].text))
    before = table.source.game.to_json()
    assert not table.handle({"do": "undo"})
    assert table.source.game.to_json() == before and "Nothing to undo" in said(table)


# --- exercises that teach: nothing given away before the answer, a reason after every answer -----------------


def test_an_exercise_table_gives_nothing_away_before_the_answer() -> None:
    """Lesson 5: a 2 on the pile closes it, which is what the exercise asks. Before the learner moves, the
    table shows no "blocked", no note on the pile and no turn line telling them to draw; after, it does."""
    quiz = pile_quiz()
    pile = quiz.centre["pile"]
    assert not pile["blocked"] and not quiz.centre["note"] and "blocked" not in pile["name"].lower()
    assert quiz.turn["line"] == "Your turn: make the move you think is right."
    assert quiz.handle({"do": "draw", "where": "stock"})
    assert quiz.centre["pile"]["blocked"]  # answered: the table shows the position as it is


def test_an_empty_stock_offers_pass_without_saying_it_is_the_answer() -> None:
    """Lesson 9: the stock is empty and the learner holds no pair for the pile: the answer is to pass. The
    exercise's table offers "pass" because the stock is empty, whatever the answer, and says nothing more."""
    position = ("rules=bolivia; turn=1; phase=draw; melds1=KH KS KD; melds2=8C 8D 8S; p1=QH QS 5C 7D; pile=4D 9C; "
                "rest=pile")
    quiz = ActionQuiz(position, answer="pass", asked="draw")
    assert [c["intent"] for c in quiz.turn["controls"]] == [{"do": "pass"}] and not quiz.centre["note"]
    assert "stock" not in quiz.turn["line"]
    table = LessonTable(position)  # the same position as a try-it: the turn line says the stock is out
    assert table.turn["line"] == "Your turn, and the stock is empty: take the pile if you may, or pass."


def test_every_lesson_quiz_says_why_its_answer_is_right() -> None:
    """Each lesson's exercise, answered right at once: "Right." and a sentence worked out from the rules
    (the engine's reasons against the move asked about, an initial meld counted against its minimum, or the
    rule the lesson names), with its cards in words."""
    from bolivia_core.i18n import set_card_style

    set_card_style("words")
    try:
        for slug, quiz in lesson_quizzes():
            right = quiz.source.answers[0]
            assert quiz.handle({"do": "move", "move": str(right)}), slug
            lines = quiz.message["lines"]
            assert lines[0] == "✔ Right." and len(lines) == 2 and len(lines[1]) > 30, (slug, lines)
            assert not CARD_CODE.search(lines[1]), (slug, lines)
    finally:
        set_card_style("notation")


def test_a_quiz_that_cannot_say_why_cannot_be_made() -> None:
    with pytest.raises(ValueError, match="says why its answer"):
        ActionQuiz(EIGHTS, answer="discard 8H")
