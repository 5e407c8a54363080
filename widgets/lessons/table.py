"""The lessons' card table: a lesson position played by touch (``LessonTable``, every "try it"), and
exercises answered by making the move on it (``ActionQuiz``).

Both are the one card table (``components/table.py``): the same drawing, taps, drags, keys and
staging of an initial meld, with the engine deciding. A lesson's table is compact (it sits in the
page's text), lets the learner play every seat in turn, and has undo. An exercise's table marks the
move the learner makes instead of playing it: the right one is played, a wrong one is answered with
a hint in words and changes nothing, and after the last try the right one is played as the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Action, Meld, parse_action
from bolivia_core.game import Game
from bolivia_core.i18n import get_language

from ..components.table import CardTable, IntentError, intent_action
from ..components.table_view import explanation_view
from .exercise import Tries

__all__ = ["ActionQuiz", "LessonTable", "same_move"]

PLAYING = ("draw", "play", "answer")
OVER = {"code": "lesson-table-quiz-over", "params": {}}


def _game(position: Game | str) -> Game:
    """A lesson's own copy of the game: a position text is read, a game is copied (the lesson's cells
    may use it again)."""
    return Game.from_position(position) if isinstance(position, str) else position.clone()


def _action(move: Action) -> dict[str, Any]:
    return {"action": str(move)}


def same_move(first: Action, second: Action) -> bool:
    """The same move, whatever order the learner staged an initial meld's groups in."""
    if isinstance(first, Meld) and isinstance(second, Meld):
        return sorted(first.melds) == sorted(second.melds)
    return first == second


class LessonTable(CardTable):
    """Try it: a lesson position on the card table. The learner plays every seat's move in turn (the
    table shows the hand of the player to move), by tap, drag or keyboard; undo takes a move back."""

    def __init__(self, position: Game | str, **kwargs: Any) -> None:
        game = _game(position)
        super().__init__(game=game, seat=game.to_move, **kwargs)

    def page_data(self) -> dict[str, Any]:
        controls = [{"text": _t("play-undo"), "intent": {"do": "undo"}}] if self.game.history else []
        return {"language": get_language(), "compact": True, "controls": controls}

    def handle(self, intent: Mapping[str, Any]) -> bool:
        if isinstance(intent, Mapping) and intent.get("do") == "undo":
            return self.undo()
        return super().handle(intent)

    def play(self, action: Action) -> None:
        seat = self.seat
        super().play(action)
        self._follow(seat)

    def _follow(self, before: int) -> None:
        """The table turns to the player to move: in a lesson the learner plays every seat."""
        if self.game.phase in PLAYING and self.game.to_move != before:
            self.seat = self.game.to_move
            self.staged = []
            self.say("news", [{"code": "lesson-table-next-seat", "params": {"player": self.seat}}])

    def undo(self) -> bool:
        """Back one move (the engine rebuilds the game from its start), at the seat that made it."""
        if not self.game.history:
            self.say("refusal", [{"code": "play-nothing-to-undo", "params": {}}])
            self.refresh()
            return False
        self.game.undo()
        self.seat = self.game.to_move if self.game.phase in PLAYING else self.seat
        self.staged = []
        self.say("news", [{"code": "play-undone", "params": {"moves": len(self.game.history)}}])
        self.refresh()
        return True


class ActionQuiz(CardTable):
    """An exercise on a position: make the right move on the table.

    ``answer`` is the right move (or several, any of which is right) in the action notation; each is
    checked with the engine when the quiz is made, so a lesson cannot ask for a move that is not
    allowed. ``asked`` is the move the question is about, when the answer is what to do instead: the
    engine's reasons against it are the worked answer. The learner's move is marked, not played: the
    right one is played, a wrong one gets a hint in words (the engine's reasons against it) and changes
    nothing, and after the last try the right one is played as the worked answer. A tap that is no
    move (cards not in the hand, staging an initial meld's groups) spends no try."""

    def __init__(self, position: Game | str, answer: str | Sequence[str], asked: str = "", **kwargs: Any) -> None:
        game = _game(position)
        self.answers = tuple(parse_action(m) for m in ([answer] if isinstance(answer, str) else answer))
        self.asked = parse_action(asked) if asked else None
        if not self.answers:
            raise ValueError('an action quiz needs at least one right move, e.g. answer="draw"')
        for move in self.answers:
            if game.explain(move):
                raise ValueError(f"the quiz's answer {str(move)!r} is not allowed in {game.position_text()!r}: "
                                 + "; ".join(map(str, game.explain(move))))  # fmt: skip
        self.tries = Tries()
        self._marked = False  # whether the intent being handled was marked as an answer
        self._asked_reasons: list[dict[str, Any]] = []
        super().__init__(game=game, seat=game.to_move, **kwargs)

    @property
    def done(self) -> bool:
        return self.tries.done

    def page_data(self) -> dict[str, Any]:
        return {"language": get_language(), "compact": True}

    def handle(self, intent: Mapping[str, Any]) -> bool:
        if self.done:  # marked: the table keeps its verdict, and plays nothing more
            if self.message and self.message["lines"][-1:] != [OVER]:
                self.message["lines"] = [*self.message["lines"], OVER]
            self.refresh()
            return False
        self._marked = False
        if isinstance(intent, Mapping) and intent.get("do") == "add" and intent.get("side") is not None:
            try:
                intent_action(intent, self.hand, self.game.position.side_of(self.seat))
            except IntentError as error:
                if error.code == "lesson-table-their-meld":  # a move the learner meant: a wrong answer
                    self._wrong([{"code": error.code, "params": error.params}], str(intent.get("where", "")))
                    self.refresh()
                    return False
        played = super().handle(intent)
        if not played and not self._marked and self.message and self.message.get("kind") == "refusal":
            self.message["lines"] = [*self.message["lines"], {"code": "lesson-table-quiz-no-try", "params": {}}]
            self.refresh()
        return played

    def _meld_or_stage(self, intent: Mapping[str, Any], where: str) -> bool:
        """Before the side's first meld, a meld tapped with chosen cards is staged (each group a meld),
        so a meld of several groups is made group by group and marked only when it is laid."""
        side = self.game.position.side_of(self.seat)
        groups = intent.get("groups")
        unmelded = not self.game.position.melds[side] and self.game.phase == "play"
        if unmelded and isinstance(groups, list) and any(groups):
            for group in groups:
                if group and not self._stage(group, where):
                    break
            self.refresh()
            return False
        return super()._meld_or_stage(intent, where)

    def attempt(self, action: Action, where: str = "") -> bool:
        """The learner's move, marked: played if right, else a hint and nothing changed."""
        if self.game.to_move != self.seat and self.game.phase in PLAYING:
            return super().attempt(action, where)  # refused as at any table
        self._marked = True
        if any(same_move(action, right) for right in self.answers):
            self.tries.mark(True)
            self.play(action)
            self.say("news", [{"code": "exercise-right", "params": {}}, *self._worked()], where)
            return True
        reasons = self.game.explain(action)
        if reasons:
            said = {"reasons": [explanation_view(r) for r in reasons]}
            hint = {"code": "lesson-table-quiz-refused", "params": {"action": _action(action), "reasons": said}}
        else:
            hint = {"code": "lesson-table-quiz-other", "params": {"action": _action(action)}}
        self._wrong([hint], where)
        return False

    def _wrong(self, hint: list[dict[str, Any]], where: str) -> None:
        self._marked = True
        outcome = self.tries.mark(False)
        self.staged = []
        if outcome == "again":
            self.say("refusal", [{"code": "lesson-table-quiz-again", "params": {"hint": {"reasons": hint}}}], where)
            return
        right = self.answers[0]
        self.play(right)
        self.say("refusal", [{"code": "lesson-table-quiz-worked", "params": {"action": _action(right)}},
                             *hint, *self._worked()], where)  # fmt: skip

    def _worked(self) -> list[dict[str, Any]]:
        """Why the answer is the answer: the engine's reasons against the move the question asked about."""
        if self.asked is None or any(same_move(self.asked, right) for right in self.answers):
            return []
        reasons = self._asked_reasons
        if not reasons:
            return []
        return [{"code": "lesson-table-quiz-refused",
                 "params": {"action": _action(self.asked), "reasons": {"reasons": reasons}}}]  # fmt: skip

    def play(self, action: Action) -> None:
        # the reasons against the asked move, read before any move changes the position
        self._asked_reasons = [explanation_view(r) for r in self.game.explain(self.asked)] if self.asked else []
        super().play(action)


def _t(code: str, **params: Any) -> str:
    from bolivia_core.i18n import render

    return render(code, params)
