"""The lessons' card table: a lesson position played by touch (``LessonTable``, every "try it"), and
exercises answered by making the move on it (``ActionQuiz``).

Both are the one card table (``components/table.py``): the same drawing, taps, drags, keys and
staging of an initial meld, with the engine deciding. A lesson's table is compact (it sits in the
page's text) and is played from the learner's own seat, "you", with the other seats played by
computers when the learner asks, move by move, and undo. An exercise's table marks the move the
learner makes instead of playing it, and shows nothing that gives the answer away (no "blocked",
no "tap the stock", no note on the pile): the right one is played and said why, a wrong one is
answered with a hint in words and changes nothing, and after the last try the right one is played
as the answer, with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Action, Meld, parse_action
from bolivia_core.game import Game
from bolivia_core.i18n import get_language, render
from bolivia_core.players import PLAYERS
from bolivia_core.scoring import check_initial_meld

from ..components.table import CardTable, IntentError, intent_action
from ..components.table_view import (action_words, event_words, explanation_view, seat_view, step_motion,
                                     table_labels)
from .exercise import Tries

__all__ = ["ActionQuiz", "LessonTable", "same_move"]

PLAYING = ("draw", "play", "answer")
MOVES_SAID_AT_MOST = 12  # moves listed beside the hand by "what may I do?"
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
    """Try it: a lesson position on the card table, played from the learner's own seat ("you": the seat to
    move when the lesson starts, or ``seat``), by tap, drag or keyboard.

    A turn ends with its discard, so when the learner's turn is over the table waits and says who plays
    next; a move tried then is refused ("it is player 3's turn"). "The others play" lets computer players
    take the other seats' turns up to the learner's next one, each move shown on the table one at a time
    at the page's pace. Undo takes the learner's last move back, with the others' moves after it."""

    OTHERS = "club"  # the level of the computers who play the other seats
    MOVES_AT_MOST = 400  # the others' moves up to the learner's next turn: a bound, never reached in a hand

    def __init__(self, position: Game | str, seat: int | None = None, **kwargs: Any) -> None:
        game = _game(position)
        self.learner = seat or game.to_move
        self.marks: list[int] = []  # the game's length before each of the learner's moves: where undo goes
        super().__init__(game=game, seat=self.learner, **kwargs)

    def _learners_turn(self) -> bool:
        return self.game.phase not in PLAYING or self.game.to_move == self.learner

    def page_data(self) -> dict[str, Any]:
        controls = []
        if self.game.phase in PLAYING and self._learners_turn():
            controls.append({"text": _t("lesson-table-moves"), "intent": {"do": "list_moves"}})
        if not self._learners_turn():
            controls.append({"text": _t("lesson-table-others-play"), "intent": {"do": "others"}})
        if self.marks:
            controls.append({"text": _t("lesson-table-undo"), "intent": {"do": "undo"}})
        return {"language": get_language(), "compact": True, "controls": controls, "pace": "normal"}

    def handle(self, intent: Mapping[str, Any]) -> bool:
        do = intent.get("do") if isinstance(intent, Mapping) else None
        if do == "undo":
            return self.undo()
        if do == "others":
            return self.others_play()
        if do == "list_moves":
            self.list_moves()
            self.refresh()
            return False
        return super().handle(intent)

    def list_moves(self) -> None:
        """What would work: every move the learner may make now, in words, beside the hand."""
        moves = [str(a) for a in self.game.legal_actions()] if self._learners_turn() else []
        lines: list[Any] = [{"code": "lesson-table-moves-head", "params": {"count": len(moves)}}]
        lines += [lambda m=m: action_words(m) for m in moves[:MOVES_SAID_AT_MOST]]
        if len(moves) > MOVES_SAID_AT_MOST:
            lines.append({"code": "lesson-table-moves-more", "params": {"count": len(moves) - MOVES_SAID_AT_MOST}})
        why_not = seat_view(self.game, self.seat)["pile"]["why_not"] if self._learners_turn() else None
        if why_not and self.game.phase == "draw":  # what would take the pile, where the learner's cards do not
            lines.append(why_not)
        self.say("news", lines)

    def attempt(self, action: Action, where: str = "") -> bool:
        if not self._learners_turn():
            self.say("refusal", [{"code": "lesson-table-not-your-turn", "params": {"player": self.game.to_move}}],
                     where)  # fmt: skip
            return False
        return super().attempt(action, where)

    def play(self, action: Action) -> None:
        self.marks.append(len(self.game.history))
        super().play(action)
        if not self._learners_turn():
            lines = list(self.message["lines"]) if self.message else []
            self.say("news", [*lines, {"code": "lesson-table-turn-over", "params": {"player": self.game.to_move}}])

    def others_play(self) -> bool:
        """The other seats' turns, played by computers up to the learner's next turn, each a step the page
        shows at its pace."""
        if self._learners_turn():
            self.say("refusal", [{"code": "lesson-table-your-turn", "params": {}}])
            self.refresh()
            return False
        for _ in range(self.MOVES_AT_MOST):
            if self._learners_turn():
                break
            player = PLAYERS[self.OTHERS](self.game.position.seed * 1_000 + len(self.game.history))
            logged = len(self.game.log)
            self.game.apply(player.choose(self.game).action)
            self.steps.append(self._step(logged))
        over = self.game.phase in ("hand over", "game over")
        self.say("news", [{"code": "lesson-table-hand-over" if over else "lesson-table-your-turn-again",
                           "params": {}}])  # fmt: skip
        self.refresh()
        return True

    def _step(self, logged: int) -> dict[str, Any]:
        """One computer move as the page shows it: the learner's view after it, the move in words, its motion."""
        language = get_language()
        view = seat_view(self.game, self.learner, log_from=len(self.game.log))
        events = [explanation_view(event) for event in self.game.log[logged:]]
        motion = next((m for m in map(step_motion, events) if m is not None), None)
        return {"view": view, "labels": table_labels(view, language), "motion": motion,
                "said": "; ".join(event_words(e, language) for e in events)}  # fmt: skip

    def undo(self) -> bool:
        """Back to just before the learner's last move (the others' moves since go too)."""
        if not self.marks:
            self.say("refusal", [{"code": "lesson-table-nothing-to-undo", "params": {}}])
            self.refresh()
            return False
        kept = self.game.history[: self.marks.pop()]
        self.game = Game.from_position(self.game.start, rules=self.game.rules)
        for action in kept:
            self.game.apply(action)
        self.staged = []
        self.say("news", [{"code": "lesson-table-undone", "params": {}}])
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
    move (cards not in the hand, staging an initial meld's groups) spends no try.

    Every answer, right or wrong, says why in a sentence: the engine's reasons against ``asked``; for an
    initial meld, what the melds count against the side's minimum; or ``why``, a catalogue code stating the
    rule, where the question is about a move the engine has no notation for (adding to the other side's
    meld). Until it is answered the table gives nothing away: no pile note, no "blocked" or "frozen", no
    turn line naming the move, no move offered that the position alone would not offer."""

    def __init__(self, position: Game | str, answer: str | Sequence[str], asked: str = "", why: str = "",
                 **kwargs: Any) -> None:  # fmt: skip
        game = _game(position)
        self.why = why
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
        super().__init__(game=game, seat=game.to_move, **kwargs)
        if not (self._worked() or self._why(self.answers[0])):
            raise ValueError(f"an action quiz says why its answer {str(self.answers[0])!r} is right: give the move "
                             "the question asks about (asked=...) or the rule that decides it (why=...)")

    @property
    def done(self) -> bool:
        return self.tries.done

    def page_data(self) -> dict[str, Any]:
        return {"language": get_language(), "compact": True}

    def view_and_labels(self, language: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """Before the answer, the seat's view with nothing that answers the question: the pile without its
        notes, the moves a table offers whatever the answer (pass once the stock is empty), a plain turn line."""
        if self.done:
            return super().view_and_labels(language)
        view = seat_view(self.game, self.seat)
        view["pile"] = {**view["pile"], "why_not": None, "takes": [], "blocked": False, "frozen": False}
        offered = {"draw": ["pass"] if not view["stock"] else [], "answer": ["answer yes", "answer no"],
                   "play": [m for m in view["moves"] if m == "ask partner"]}  # fmt: skip
        view["moves"], view["more_moves"] = offered.get(str(view["phase"]), []), 0
        labels = table_labels(view, language)
        if view["my_turn"]:
            labels["turn"] = render("lesson-table-quiz-turn", language=language)
        return view, labels

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
            why = self._worked() or self._why(action)
            self.play(action)
            self.say("news", [{"code": "exercise-right", "params": {}}, *why], where)
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
        why = self._worked() or self._why(right)
        self.play(right)
        self.say("refusal", [{"code": "lesson-table-quiz-worked", "params": {"action": _action(right)}},
                             *hint, *why], where)  # fmt: skip

    def _worked(self) -> list[dict[str, Any]]:
        """Why the answer is the answer: the engine's reasons against the move the question asked about."""
        if self.asked is None or any(same_move(self.asked, right) for right in self.answers):
            return []
        reasons = [explanation_view(r) for r in self.game.explain(self.asked)]  # read before the answer is played
        if not reasons:
            return []
        return [{"code": "lesson-table-quiz-refused",
                 "params": {"action": _action(self.asked), "reasons": {"reasons": reasons}}}]  # fmt: skip

    def _why(self, right: Action) -> list[dict[str, Any]]:
        """Why the right move is right, read before it is played: a side's first melds counted against its
        minimum, or the rule the lesson names (``why``)."""
        pos = self.game.position
        side = pos.side_of(self.seat)
        if isinstance(right, Meld) and not pos.melds[side]:
            verdict = check_initial_meld(right.melds, pos.scores[side], self.game.rules)
            return [{"code": "lesson-table-why-initial", "params": {
                "points": verdict.points, "minimum": verdict.minimum, "score": pos.scores[side]}}]  # fmt: skip
        return [{"code": self.why, "params": {}}] if self.why else []


def _t(code: str, **params: Any) -> str:
    return render(code, params)
