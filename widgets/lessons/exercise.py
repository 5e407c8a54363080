"""Exercises that teach: the shared base of every quiz in the lessons.

The engine works the answer out, but it stays in the kernel: nothing of it reaches the page (not even
hidden) until the learner has answered. Input the quiz cannot read asks again and spends no try; a
wrong answer gets a hint drawn from the engine's reasons and a second try; after the second wrong try
the worked answer is shown. Every word comes from the message catalogue.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any, Literal

import ipywidgets as widgets

from bolivia_core.i18n import format_number, render

__all__ = ["Exercise", "Tries", "Unreadable", "WinnerQuiz", "read_points"]

TRIES = 2
"""Tries a learner gets: the first wrong one earns a hint, the second the worked answer."""

_POINTS = re.compile(r"[+\-\u2212]?\d{1,3}(?:[ ,.\u00a0\u202f']?\d{3})*")


@dataclass
class Tries:
    """The tries of one exercise: ``mark`` says what an answer earns ("right", "again" with a hint, or
    "worked": the last try spent, the answer shown); a finished exercise marks nothing more ("done")."""

    left: int = TRIES
    done: bool = False

    def mark(self, right: bool) -> Literal["right", "again", "worked", "done"]:
        if self.done:
            return "done"
        if right:
            self.done = True
            return "right"
        self.left -= 1
        if self.left > 0:
            return "again"
        self.done = True
        return "worked"


class Unreadable(ValueError):
    """An answer the quiz cannot read: the message says what is expected; no try is spent."""


def read_points(text: str) -> int:
    """A number of points as a learner types it: a sign, thousands written any language's way
    ("1,380", "1.380", "1 380", "-140"); anything else is ``Unreadable`` with what is expected."""
    typed = text.strip()
    if not typed:
        raise Unreadable(render("exercise-type-points"))
    if not _POINTS.fullmatch(typed):
        raise Unreadable(render("exercise-not-points", {"text": typed}))
    digits = re.sub(r"\D", "", typed)
    return -int(digits) if typed[0] in "-\u2212" else int(digits)


def _status(text: str, body: str = "") -> str:
    return f"<div role='status'><p>{html.escape(text)}</p>{body}</div>"


class Exercise(widgets.VBox):
    """A question, the controls that take its answer, a check button and the feedback.

    A subclass reads its controls (``read``, raising ``Unreadable``), marks an answer (``is_right``),
    says a hint (``hint``) and works the answer out (``worked``, HTML). The feedback is empty
    until the first check, so the page holds nothing of the answer before the learner answers."""

    def __init__(self, question: list[widgets.Widget], controls: list[widgets.Widget], **kwargs: Any) -> None:
        self.controls = controls
        self.check = widgets.Button(description=render("exercise-check"), icon="check")
        self.feedback = widgets.HTML()
        self.tries = Tries()
        self.check.on_click(self._check)
        row = widgets.HBox([*controls, self.check], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([*question, row, self.feedback], **kwargs)
        self.add_class("bolivia-exercise")

    # --- what a subclass says ------------------------------------------------------

    def read(self) -> Any:
        raise NotImplementedError

    def is_right(self, answer: Any) -> bool:
        raise NotImplementedError

    def hint(self, answer: Any) -> str:
        raise NotImplementedError

    def worked(self) -> str:
        raise NotImplementedError

    # --- marking ---------------------------------------------------------------------

    @property
    def tries_left(self) -> int:
        return self.tries.left

    @property
    def done(self) -> bool:
        return self.tries.done

    def _check(self, _button: object = None) -> None:
        if self.done:
            return
        try:
            answer = self.read()
        except Unreadable as problem:
            self.feedback.value = _status(str(problem))
            return
        outcome = self.tries.mark(self.is_right(answer))
        if outcome == "right":
            self._finish(_status(render("exercise-right"), self.worked()))
        elif outcome == "again":
            self.feedback.value = _status(render("exercise-try-again", {"hint": self.hint(answer)}))
        else:
            self._finish(_status(render("exercise-worked"), self.worked()))

    def _finish(self, feedback: str) -> None:
        self.feedback.value = feedback
        self.check.disabled = True
        for control in self.controls:
            control.disabled = True


class WinnerQuiz(Exercise):
    """Which side has won, given the totals after the last hand? The engine's rule for the winner marks it."""

    def __init__(self, totals: list[int], rules: str = "bolivia", **kwargs: Any) -> None:
        from bolivia_core import get_rules

        self.rules = get_rules(rules)
        if len(totals) != 2:
            raise ValueError(f"a winner quiz takes the totals of two sides, e.g. [15200, 15900]; got {totals!r}")
        self.totals = tuple(totals)
        self.answer = widgets.Text(description=render("exercise-your-answer"), layout=widgets.Layout(width="14em"))
        shown = "".join(
            f"<li>{html.escape(render('exercise-totals', {'side': side, 'total': format_number(total)}))}</li>"
            for side, total in enumerate(self.totals, start=1)
        )
        super().__init__([widgets.HTML(f"<ul>{shown}</ul>")], [self.answer], **kwargs)

    def _winner(self) -> int:
        """0 for a draw, else the winning side's number: the engine's judgement of a finished game."""
        from bolivia_core.game import Game

        scores = ",".join(map(str, self.totals))
        game = Game.from_position(f"rules={self.rules.name}; phase=game over; scores={scores}", rules=self.rules)
        side = game.winner()
        return 0 if side is None else side + 1

    def read(self) -> int:
        typed = self.answer.value.strip()
        if not typed:
            raise Unreadable(render("exercise-type-side"))
        if not typed.isdigit() or int(typed) > len(self.totals):
            raise Unreadable(render("exercise-not-side", {"text": typed, "sides": len(self.totals)}))
        return int(typed)

    def is_right(self, answer: int) -> bool:
        return answer == self._winner()

    def hint(self, answer: int) -> str:
        return render("exercise-hint-winner")

    def worked(self) -> str:
        """Why, in one sentence from the engine's judgement: the highest total wins; equal ones draw."""
        side = self._winner()
        best = max(self.totals)
        if side:
            others = [total for number, total in enumerate(self.totals, start=1) if number != side]
            text = render("exercise-winner-why", {"side": side, "total": format_number(best),
                                                  "other": format_number(max(others))})  # fmt: skip
        else:
            text = render("exercise-draw-why", {"total": format_number(best)})
        return f"<p>{html.escape(text)}</p>"
