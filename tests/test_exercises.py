"""Exercises that teach: the answer stays in the kernel until the learner answers; unreadable input asks
again without spending a try; a wrong answer gets a hint and a second try; then the worked answer."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets

from bolivia_core.i18n import set_language
from bolivia_widgets import MeldQuiz, ScoreQuiz
from bolivia_widgets.lessons.exercise import WinnerQuiz, read_points


def page_text(widget: widgets.Widget) -> str:
    """Everything the widget sends to the page: every synced value of it and its children."""
    found = []
    stack = [widget]
    while stack:
        current = stack.pop()
        state = current.get_state()
        found.append(repr({k: v for k, v in state.items()  # not the references to other models by id
                           if k != "children" and not (isinstance(v, str) and v.startswith("IPY_MODEL_"))}))
        stack.extend(getattr(current, "children", ()))
        for part in ("hand", "melds", "table"):
            if isinstance(getattr(current, part, None), widgets.Widget):
                stack.append(getattr(current, part))
    return "\n".join(found)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


def test_a_score_answer_is_nowhere_on_the_page_until_answered() -> None:
    # three aces melded (3 x 20) and two black 3s left in hand (2 x -100): -140
    quiz = ScoreQuiz(["AH AS AD"], hand="3C 3S")
    sent = page_text(quiz)
    assert "-140" not in sent and "140" not in sent and "score-sheet" not in sent
    assert "AH" in sent  # the question itself is there: the melds as cards


@pytest.mark.parametrize("typed", ["", "   ", "abc", "12a", "1.5", "--3"])
def test_unreadable_points_ask_again_without_spending_a_try(typed: str) -> None:
    quiz = ScoreQuiz(["AH AS AD"], hand="3C 3S")
    quiz.guess.value = typed
    quiz.check.click()
    assert quiz.tries_left == 2 and not quiz.done
    assert "No try is spent" in quiz.feedback.value and "whole number" in quiz.feedback.value
    assert "140" not in quiz.feedback.value  # the answer, -140, is not given away by an example


def test_a_wrong_score_gets_a_hint_then_the_worked_answer() -> None:
    quiz = ScoreQuiz(["AH AS AD"], hand="3C 3S")
    quiz.guess.value = "-200"
    quiz.check.click()
    assert quiz.tries_left == 1 and "A hint" in quiz.feedback.value and "Try once more" in quiz.feedback.value
    assert "2 black 3s left in hand at 100 each" in quiz.feedback.value  # the engine's line, no total
    assert "-140" not in quiz.feedback.value
    quiz.guess.value = "60"
    quiz.check.click()
    assert quiz.done and quiz.check.disabled and quiz.guess.disabled
    assert "last try" in quiz.feedback.value and "The side scores -140:" in quiz.feedback.value
    assert "+60" in quiz.feedback.value and "-200" in quiz.feedback.value  # the sheet, line by line


@pytest.mark.parametrize(("typed", "points"), [("-140", -140), ("1,380", 1380), ("1.380", 1380),
                                               ("1 380", 1380), ("1\u00a0380", 1380), ("+1500", 1500)])  # fmt: skip
def test_points_are_read_as_each_language_writes_them(typed: str, points: int) -> None:
    assert read_points(typed) == points


def test_a_right_score_first_time_is_marked_and_explained() -> None:
    quiz = ScoreQuiz(["4H 5H 6H 7H 8H 9H 10H", "KH KS KD"], red_threes=2)
    # the escalera (1,500 + 50), the kings (30); two red 3s count against a side that may not go out: -200
    quiz.guess.value = "1,380"
    quiz.check.click()
    assert quiz.done and "✔ Right." in quiz.feedback.value and "The side scores +1,380:" in quiz.feedback.value


def test_a_meld_quiz_needs_every_answer_and_hints_per_rule_set() -> None:
    quiz = MeldQuiz("KH KS 2C 2D", presets=("bolivia", "swedish"))
    assert "twice as many" not in page_text(quiz)
    quiz.answers["bolivia"].value = "not legal"
    quiz.check.click()
    assert "Choose an answer for every rule set first" in quiz.feedback.value and quiz.tries_left == 2
    quiz.answers["swedish"].value = "not legal"  # Swedish allows two naturals with two wild cards
    quiz.check.click()
    assert "Swedish: every rule for this kind of meld is met." in quiz.feedback.value
    assert "Bolivia" not in quiz.feedback.value  # the right answer gets no hint
    quiz.answers["swedish"].value = "legal"
    quiz.check.click()
    assert quiz.done and "✔ Right." in quiz.feedback.value and "twice as many natural cards" in quiz.feedback.value


def test_a_winner_quiz_is_marked_by_the_engine_s_rule_for_a_finished_game() -> None:
    quiz = WinnerQuiz([15_200, 15_900])
    for typed in ("", "three", "7"):
        quiz.answer.value = typed
        quiz.check.click()
        assert quiz.tries_left == 2 and "No try is spent" in quiz.feedback.value
    quiz.answer.value = "1"
    quiz.check.click()
    assert "highest total wins" in quiz.feedback.value
    quiz.answer.value = "2"
    quiz.check.click()
    assert "Side 2 has won:" in quiz.feedback.value
    tie = WinnerQuiz([15_900, 15_900])
    tie.answer.value = "0"
    tie.check.click()
    assert "The game is a draw:" in tie.feedback.value
    with pytest.raises(ValueError, match="totals of two sides"):
        WinnerQuiz([1, 2, 3])


def test_exercises_speak_the_page_s_language() -> None:
    set_language("sv")
    quiz = ScoreQuiz(["AH AS AD"], hand="3C 3S")
    assert quiz.check.description != "check" and quiz.guess.description != "Your answer"
    quiz.guess.value = "abc"
    quiz.check.click()
    assert "No try is spent" not in quiz.feedback.value and "abc" in quiz.feedback.value
