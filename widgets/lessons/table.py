"""The lessons' card table: a lesson position played by touch (``LessonTable``, every "try it"), and
exercises answered by making the move on it (``ActionQuiz``).

Both are the one card table (``components/table.py``): the same drawing, taps, drags, keys and staging
of an initial meld, with the engine deciding. What is a lesson's own is its source: a ``PositionPractice``
lets the learner play every seat in turn, with undo; a ``QuizPosition`` marks the move the learner makes
instead of playing it: the right one is played, a wrong one is answered with a hint in words and changes
nothing, and after the last try the right one is played as the answer. Both are drawn compact, in the
page's text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bolivia_core.actions import Action, Meld, parse_action
from bolivia_core.game import Game
from bolivia_core.i18n import render

from ..components.table import CardTable
from ..components.table_source import Line, LocalGame, Reply, Said, refusal
from ..components.table_view import explanation_view
from .exercise import Tries

__all__ = ["ActionQuiz", "LessonTable", "PositionPractice", "QuizPosition", "same_move"]

PLAYING = ("draw", "play", "answer")
OVER = {"code": "lesson-table-quiz-over", "params": {}}
NO_TRY = {"code": "lesson-table-quiz-no-try", "params": {}}


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


def LessonTable(position: Game | str) -> CardTable:
    """Try it: a lesson position on the card table, the learner playing every seat's move in turn."""
    return CardTable(PositionPractice(_game(position)))


def ActionQuiz(position: Game | str, answer: str | Sequence[str], asked: str = "") -> CardTable:
    """An exercise on a position: make the right move on the table (see ``QuizPosition``)."""
    return CardTable(QuizPosition(_game(position), answer, asked))


class PositionPractice(LocalGame):
    """A lesson position: the learner plays every seat's move in turn (the table shows the hand of the
    player to move), by tap, drag or keyboard; undo takes a move back."""

    compact = True

    def __init__(self, game: Game) -> None:
        super().__init__(game, game.to_move)

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        return self.undo() if intent.get("do") == "undo" else None

    def play(self, action: Action, where: str = "") -> Reply:
        logged = len(self.game.log)
        reply = super().play(action, where)
        if reply.played:
            lines = list(reply.said.lines) if reply.said else self.logged_lines(logged)
            if self._follow():
                lines.append(self.turned_line())
            reply.said = Said("news", lines) if lines else None
        return reply

    def logged_lines(self, logged: int) -> list[Line]:
        """What a move that brought the seat nothing new says (nothing: the table shows it)."""
        return []

    def turned_line(self) -> Line:
        """What the table says when it turns to the next seat."""
        return {"code": "lesson-table-next-seat", "params": {"player": self.seat}}

    def _follow(self) -> bool:
        """The table turns to the player to move: in a lesson the learner plays every seat."""
        game = self.game
        if game.phase in PLAYING and 1 <= game.to_move <= game.position.players and game.to_move != self.seat:
            self.seat = game.to_move
            return True
        return False

    def undo(self) -> Reply:
        """Back one move, at the seat that made it."""
        reply = super().undo()
        self._follow()
        return reply

    def chrome(self) -> dict[str, Any]:
        return {"controls": [{"text": render("play-undo"), "intent": {"do": "undo"}}] if self.undo_points else []}


class QuizPosition(LocalGame):
    """An exercise on a position: make the right move on the table.

    ``answer`` is the right move (or several, any of which is right) in the action notation; each is
    checked with the engine when the quiz is made, so a lesson cannot ask for a move that is not
    allowed. ``asked`` is the move the question is about, when the answer is what to do instead: the
    engine's reasons against it are the worked answer. The learner's move is marked, not played: the
    right one is played, a wrong one gets a hint in words (the engine's reasons against it) and changes
    nothing, and after the last try the right one is played as the worked answer. A tap that is no
    move (cards not in the hand, staging an initial meld's groups) spends no try."""

    compact = True
    stage_first: ClassVar[bool] = True  # an initial meld of several groups is marked when it is laid whole

    def __init__(self, game: Game, answer: str | Sequence[str], asked: str = "") -> None:
        self.answers = tuple(parse_action(m) for m in ([answer] if isinstance(answer, str) else answer))
        self.asked = parse_action(asked) if asked else None
        if not self.answers:
            raise ValueError('an action quiz needs at least one right move, e.g. answer="draw"')
        for move in self.answers:
            if game.explain(move):
                raise ValueError(f"the quiz's answer {str(move)!r} is not allowed in {game.position_text()!r}: "
                                 + "; ".join(map(str, game.explain(move))))  # fmt: skip
        super().__init__(game, game.to_move)
        self.tries = Tries()
        self.verdict: Said | None = None  # the last mark, kept once the quiz is done

    @property
    def done(self) -> bool:
        return self.tries.done

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        if not self.done or intent.get("do") in ("stage", "unstage", "log"):
            return None
        verdict = self.verdict  # marked: the table keeps its verdict, and plays nothing more
        lines = list(verdict.lines) if verdict else []
        if lines[-1:] != [OVER]:
            lines.append(OVER)
        return Reply(False, Said(verdict.kind if verdict else "news", lines, verdict.where if verdict else ""))

    def refuse(self, lines: Sequence[Line], where: str = "", code: str = "") -> Reply:
        if code == "lesson-table-their-meld":  # a move the learner meant: a wrong answer
            return self._wrong(list(lines), where)
        return refusal([*lines, NO_TRY], where)

    def play(self, action: Action, where: str = "") -> Reply:
        """The learner's move, marked: played if right, else a hint and nothing changed."""
        if self.game.to_move != self.seat and self.game.phase in PLAYING:
            refused = self.check(action, where)
            return refusal([*(refused.said.lines if refused and refused.said else ()), NO_TRY], where)
        if any(same_move(action, right) for right in self.answers):
            self.tries.mark(True)
            worked = self._worked()
            self.apply(action)
            return self._marked(Reply(True, Said("news", [{"code": "exercise-right", "params": {}}, *worked],
                                                 where)))  # fmt: skip
        reasons = self.game.explain(action)
        if reasons:
            said = {"reasons": [explanation_view(r) for r in reasons]}
            hint = {"code": "lesson-table-quiz-refused", "params": {"action": _action(action), "reasons": said}}
        else:
            hint = {"code": "lesson-table-quiz-other", "params": {"action": _action(action)}}
        return self._wrong([hint], where)

    def _wrong(self, hint: list[Line], where: str) -> Reply:
        if self.tries.mark(False) == "again":
            return self._marked(refusal([{"code": "lesson-table-quiz-again", "params": {"hint": {"reasons": hint}}}],
                                        where))  # fmt: skip
        right = self.answers[0]
        worked = self._worked()
        self.apply(right)
        return self._marked(Reply(True, Said("refusal", [
            {"code": "lesson-table-quiz-worked", "params": {"action": _action(right)}}, *hint, *worked], where)))

    def _marked(self, reply: Reply) -> Reply:
        self.verdict = reply.said
        return reply

    def _worked(self) -> list[Line]:
        """Why the answer is the answer: the engine's reasons against the move the question asked about, read
        before the answer is played."""
        if self.asked is None or any(same_move(self.asked, right) for right in self.answers):
            return []
        reasons = [explanation_view(r) for r in self.game.explain(self.asked)]
        if not reasons:
            return []
        return [{"code": "lesson-table-quiz-refused",
                 "params": {"action": _action(self.asked), "reasons": {"reasons": reasons}}}]  # fmt: skip
