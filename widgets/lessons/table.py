"""The lessons' card table: a lesson position played by touch (``LessonTable``, every "try it"), and
exercises answered by making the move on it (``ActionQuiz``).

Both are the one card table (``components/table.py``): the same drawing, taps, drags, keys and staging
of an initial meld, with the engine deciding. What is a lesson's own is its source. A ``LessonPractice``
is played from the learner's own seat, "you": a turn ends with its discard, the other seats are played by
computers when the learner asks, each move shown on the table one at a time at the page's pace, "what may
I do?" lists the moves that work now, and undo goes back to the learner's last move. A ``QuizPosition``
marks the move the learner makes instead of playing it, and shows nothing that gives the answer away (no
"blocked", no "draw from the stock", no note on the pile): the right one is played and said why, a wrong
one is answered with a hint in words and changes nothing, and after the last try the right one is played
as the answer, with its reason. Both are drawn compact, in the page's text.

``PositionPractice`` is a position whose every seat the learner plays in turn (the scenario explorer's).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from bolivia_core.actions import Action, Meld, parse_action
from bolivia_core.game import Game
from bolivia_core.i18n import render
from bolivia_core.players import PLAYERS
from bolivia_core.scoring import check_initial_meld
from bolivia_core.seat import seat_view as engine_seat_view

from ..components.table import CardTable
from ..components.table_source import Line, LocalGame, Reply, Said, Step, refusal
from ..components.table_view import action_words, explanation_view, seat_view
from .exercise import Tries

__all__ = ["ActionQuiz", "LessonPractice", "LessonTable", "PositionPractice", "QuizPosition", "same_move"]

PLAYING = ("draw", "play", "answer")
MOVES_SAID_AT_MOST = 12  # moves listed beside the hand by "what may I do?"
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


def LessonTable(position: Game | str, seat: int | None = None) -> CardTable:
    """Try it: a lesson position on the card table, played from the learner's own seat (see ``LessonPractice``)."""
    return CardTable(LessonPractice(_game(position), seat))


def ActionQuiz(position: Game | str, answer: str | Sequence[str], asked: str = "", why: str = "") -> CardTable:
    """An exercise on a position: make the right move on the table (see ``QuizPosition``)."""
    return CardTable(QuizPosition(_game(position), answer, asked, why))


class LessonPractice(LocalGame):
    """Try it: a lesson position played from the learner's own seat ("you": the seat to move when the lesson
    starts, or ``seat``), by tap, drag or keyboard.

    A turn ends with its discard, so when the learner's turn is over the table waits and says who plays
    next; a move tried then is refused ("it is player 3's turn, not yours"). "The others play" has computer
    players take the other seats' turns up to the learner's next one, each move a step the page shows at
    its pace. "What may I do?" lists every move the learner may make now. Undo takes the learner's last
    move back, with the others' moves after it (the undo points are the learner's moves only)."""

    compact = True
    OTHERS = "club"  # the level of the computers who play the other seats
    MOVES_AT_MOST = 400  # the others' moves up to the learner's next turn: a bound, never reached in a hand

    def __init__(self, game: Game, seat: int | None = None) -> None:
        super().__init__(game, seat or game.to_move)

    def learners_turn(self) -> bool:
        return self.game.phase not in PLAYING or self.game.to_move == self.seat

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        do = intent.get("do")
        if do == "undo":
            return self.undo()
        if do == "others":
            return self.others_play()
        if do == "list_moves":
            return Reply(False, self.moves_said())
        return None

    def play(self, action: Action, where: str = "") -> Reply:
        if not self.learners_turn():
            return refusal([{"code": "lesson-table-not-your-turn", "params": {"player": self.game.to_move}}], where)
        reply = super().play(action, where)
        if reply.played and not self.learners_turn():
            lines = list(reply.said.lines) if reply.said else []
            reply.said = Said("news", [*lines, {"code": "lesson-table-turn-over",
                                                "params": {"player": self.game.to_move}}])  # fmt: skip
        return reply

    def moves_said(self) -> Said:
        """What would work: every move the learner may make now, in words beside the hand, and what would
        take the pile where the learner's cards do not."""
        if not self.learners_turn():
            return Said("refusal", [{"code": "lesson-table-not-your-turn", "params": {"player": self.game.to_move}}])
        moves = [str(a) for a in self.game.legal_actions()]
        lines: list[Line] = [{"code": "lesson-table-moves-head", "params": {"count": len(moves)}}]
        lines += [lambda m=m: action_words(m) for m in moves[:MOVES_SAID_AT_MOST]]
        if len(moves) > MOVES_SAID_AT_MOST:
            lines.append({"code": "lesson-table-moves-more", "params": {"count": len(moves) - MOVES_SAID_AT_MOST}})
        why_not = seat_view(self.game, self.seat)["pile"]["why_not"]
        if why_not and self.game.phase == "draw":
            lines.append(why_not)
        return Said("news", lines)

    def others_play(self) -> Reply:
        """The other seats' turns, played by computers up to the learner's next turn, each a step the page
        shows at its pace."""
        if self.learners_turn():
            return refusal([{"code": "lesson-table-your-turn", "params": {}}])
        steps = []
        for _ in range(self.MOVES_AT_MOST):
            if self.learners_turn():
                break
            player = PLAYERS[self.OTHERS](self.game.position.seed * 1_000 + len(self.game.history))
            logged = len(self.game.log)
            self.game.apply(player.choose(engine_seat_view(self.game, self.game.to_move)).action)
            steps.append(Step(seat_view(self.game, self.seat),
                              [explanation_view(e) for e in self.game.log[logged:]]))  # fmt: skip
        over = self.game.phase in ("hand over", "game over")
        code = "lesson-table-hand-over" if over else "lesson-table-your-turn-again"
        return Reply(True, Said("news", [{"code": code, "params": {}}]), steps)

    def undo(self) -> Reply:
        """Back to just before the learner's last move (the others' moves since go too)."""
        if not self.undo_points:
            return refusal([{"code": "lesson-table-nothing-to-undo", "params": {}}])
        reply = super().undo()
        return Reply(reply.played, Said("news", [{"code": "lesson-table-undone", "params": {}}]))

    def chrome(self) -> dict[str, Any]:
        controls = []
        if self.game.phase in PLAYING and self.learners_turn():
            controls.append({"text": render("lesson-table-moves"), "intent": {"do": "list_moves"}})
        if not self.learners_turn():
            controls.append({"text": render("lesson-table-others-play"), "intent": {"do": "others"}, "primary": True})
        if self.undo_points:
            controls.append({"text": render("lesson-table-undo"), "intent": {"do": "undo"}})
        return {"controls": controls, "pace": "normal"}


class PositionPractice(LocalGame):
    """A position whose every seat the learner plays in turn (the table shows the hand of the player to
    move), by tap, drag or keyboard; undo takes a move back. The scenario explorer's source."""

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
        return {"code": "explore-moves-of", "params": {"player": self.seat}}

    def _follow(self) -> bool:
        """The table turns to the player to move: here the learner plays every seat."""
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
    move (cards not in the hand, staging an initial meld's groups) spends no try.

    Every answer, right or wrong, says why in a sentence: the engine's reasons against ``asked``; for an
    initial meld, what the melds count against the side's minimum; or ``why``, a catalogue code stating the
    rule, where the question is about a move the engine has no notation for (adding to the other side's
    meld). Until it is answered the table gives nothing away: no pile note, no "blocked" or "frozen", no
    turn line naming the move, no move offered that the position alone would not offer."""

    compact = True
    stage_first: ClassVar[bool] = True  # an initial meld of several groups is marked when it is laid whole

    def __init__(self, game: Game, answer: str | Sequence[str], asked: str = "", why: str = "") -> None:
        self.answers = tuple(parse_action(m) for m in ([answer] if isinstance(answer, str) else answer))
        self.asked = parse_action(asked) if asked else None
        self.why = why
        if not self.answers:
            raise ValueError('an action quiz needs at least one right move, e.g. answer="draw"')
        for move in self.answers:
            if game.explain(move):
                raise ValueError(f"the quiz's answer {str(move)!r} is not allowed in {game.position_text()!r}: "
                                 + "; ".join(map(str, game.explain(move))))  # fmt: skip
        super().__init__(game, game.to_move)
        self.tries = Tries()
        self.verdict: Said | None = None  # the last mark, kept once the quiz is done
        if not (self._worked() or self._why(self.answers[0])):
            raise ValueError(f"an action quiz says why its answer {str(self.answers[0])!r} is right: give the move "
                             "the question asks about (asked=...) or the rule that decides it (why=...)")

    @property
    def done(self) -> bool:
        return self.tries.done

    def view(self) -> dict[str, Any] | None:
        """Before the answer, the seat's view with nothing that answers the question: the pile without its
        notes, the moves a table offers whatever the answer (pass once the stock is empty)."""
        view = seat_view(self.game, self.seat)
        if self.done:
            return view
        view["pile"] = {**view["pile"], "why_not": None, "takes": [], "blocked": False, "frozen": False}
        offered = {"draw": ["pass"] if not view["stock"] else [], "answer": ["answer yes", "answer no"],
                   "play": [m for m in view["moves"] if m == "ask partner"]}  # fmt: skip
        view["moves"], view["more_moves"] = offered.get(str(view["phase"]), []), 0
        return view

    def chrome(self) -> dict[str, Any]:
        """A plain turn line until the answer: "your turn", not "draw from the stock"."""
        mine = self.game.phase in PLAYING and self.game.to_move == self.seat
        return {"turn_line": render("lesson-table-quiz-turn")} if mine and not self.done else {}

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
            why = self._worked() or self._why(action)  # read before the move is played
            self.apply(action)
            return self._marked(Reply(True, Said("news", [{"code": "exercise-right", "params": {}}, *why], where)))
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
        why = self._worked() or self._why(right)
        self.apply(right)
        return self._marked(Reply(True, Said("refusal", [
            {"code": "lesson-table-quiz-worked", "params": {"action": _action(right)}}, *hint, *why], where)))

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

    def _why(self, right: Action) -> list[Line]:
        """Why the right move is right, read before it is played: a side's first melds counted against its
        minimum, or the rule the lesson names (``why``)."""
        pos = self.game.position
        side = pos.side_of(self.seat)
        if isinstance(right, Meld) and not pos.melds[side]:
            verdict = check_initial_meld(right.melds, pos.scores[side], self.game.rules)
            return [{"code": "lesson-table-why-initial", "params": {
                "points": verdict.points, "minimum": verdict.minimum, "score": pos.scores[side]}}]  # fmt: skip
        return [{"code": self.why, "params": {}}] if self.why else []
