"""The card table: one seat's view of a game drawn as cards, played by touch, drag and keyboard.

ONE anywidget model with ONE synced trait, ``table``: the seat's view (``table_view.seat_view``),
its labels in the page's language (``table_view.table_labels``) and what the page around it adds
(a message, the steps of the computers' turns to show one by one, the menu's settings). The front end
(``table.js``/``table.css``, cards drawn by ``cards.js``) sends the learner's intents as messages:
``{"do": "draw"}``, ``{"do": "add", "meld": 2, "cards": [0, 3]}``, ``{"do": "discard", "card": 5}``,
``{"do": "take_pile", "cards": [1, 2]}``, ``{"do": "meld", "groups": [[0, 1, 2], [4, 5, 6]]}``,
``{"do": "move", "move": "take pile with 5C 5D"}`` (a move the table offered)... Python turns each into
an engine action, and the engine answers: a legal one is played and the next view is sent; a refused
one is answered with the engine's reasons beside the place tapped, and nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from bolivia_core.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from bolivia_core.actions import parse_action
from bolivia_core.cards import Card, format_cards
from bolivia_core.melds import judge
from bolivia_core.game import Game
from bolivia_core.i18n import Reason, get_language, render
from bolivia_core.rules import Rules

from .cards import card_module
from .table_view import explanation_view, seat_view, table_labels

__all__ = ["CardTable", "IntentError", "intent_action"]

HERE = Path(__file__).parent


class IntentError(ValueError):
    """An intent from the page that names no move (a card the hand lacks, a meld that is not there)."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code, self.params = code, params
        super().__init__(render(code, params))


def intent_action(intent: Mapping[str, Any], hand: Sequence[Card], side: int | None = None) -> Action:
    """The engine action an intent from the table means, its cards taken from ``hand`` by index.

    Raises ``IntentError`` for an intent that is not one (unknown, or cards not in the hand), and for
    cards put on a meld of a side other than ``side`` (the seat's own, numbered from 0 as the view does)."""
    if not isinstance(intent, Mapping):
        raise IntentError("table-bad-intent", intent=repr(intent)[:80])
    do = intent.get("do")
    theirs = intent.get("side")
    if do == "add" and theirs is not None and side is not None and theirs != side:
        if type(theirs) is not int or theirs < 0:
            raise IntentError("table-bad-meld", meld=repr(theirs)[:40])
        raise IntentError("lesson-table-their-meld", side=theirs + 1, own=side + 1)

    def cards(key: str = "cards") -> tuple[Card, ...]:
        indices = intent.get(key, [])
        if not isinstance(indices, list) or not all(type(i) is int and 0 <= i < len(hand) for i in indices):
            raise IntentError("table-bad-cards", cards=repr(indices)[:80], count=len(hand))
        if len(set(indices)) != len(indices):
            raise IntentError("table-bad-cards", cards=repr(indices)[:80], count=len(hand))
        return tuple(hand[i] for i in indices)

    def meld() -> int:
        number = intent.get("meld")
        if type(number) is not int or number < 1:
            raise IntentError("table-bad-meld", meld=repr(number)[:40])
        return number

    if do == "draw":
        return Draw()
    if do == "discard":
        index = intent.get("card")
        if index is None:
            raise IntentError("table-choose-discard")
        if type(index) is not int or not 0 <= index < len(hand):
            raise IntentError("table-bad-cards", cards=repr(index)[:40], count=len(hand))
        return Discard(hand[index])
    if do == "add":
        if not intent.get("cards"):
            raise IntentError("play-choose-cards")
        return Add(meld(), cards())
    if do == "take_top":
        return TakeTop(meld())
    if do == "take_pile":
        onto = intent.get("meld")
        return TakePile(cards(), meld() if onto is not None else None)
    if do == "meld":
        groups = intent.get("groups")
        if groups == []:
            raise IntentError("play-choose-cards")
        if not isinstance(groups, list) or not all(isinstance(g, list) and g for g in groups):
            raise IntentError("table-bad-cards", cards=repr(groups)[:80], count=len(hand))
        flat = [i for g in groups for i in g]
        chosen = cards_from(flat, hand)
        melds, at = [], 0
        for group in groups:
            melds.append(chosen[at : at + len(group)])
            at += len(group)
        return Meld(tuple(melds))
    if do == "ask":
        return Ask()
    if do == "answer":
        return Answer(bool(intent.get("yes")))
    if do == "pass":
        return Pass()
    if do == "next_hand":
        return NextHand()
    if do == "move":
        try:
            return parse_action(str(intent.get("move", "")))
        except ValueError as error:
            raise IntentError("table-bad-intent", intent=str(error)[:120]) from None
    raise IntentError("table-bad-intent", intent=repr(do)[:40])


def cards_from(indices: Sequence[Any], hand: Sequence[Card]) -> tuple[Card, ...]:
    if not all(type(i) is int and 0 <= i < len(hand) for i in indices) or len(set(indices)) != len(indices):
        raise IntentError("table-bad-cards", cards=repr(list(indices))[:80], count=len(hand))
    return tuple(hand[i] for i in indices)


class CardTable(anywidget.AnyWidget):
    """A seat at a game: draws the seat's view and plays the learner's intents through the engine.

    Used as it is, it plays the moves of one seat (a test); a lesson's table (``lessons.table.LessonTable``)
    turns to each seat in turn, and the play page (``dashboards.play_table.PlayTable``) adds computers, a
    coach, undo and saving around it."""

    _esm = card_module("table.js")
    _css = (HERE / "cards.css").read_text(encoding="utf-8") + (HERE / "table.css").read_text(encoding="utf-8")

    table = traitlets.Dict().tag(sync=True)
    """Everything the front end draws: ``view`` (the seat's), ``labels`` (its words), ``page`` (the rest)."""

    def __init__(self, game: Game | None = None, seat: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: Game = game if game is not None else Game.from_position(_DEFAULT_POSITION)
        self.seat = seat
        self.message: dict[str, Any] | None = None  # what the message area says: refusal, news or coach
        self.steps: list[dict[str, Any]] = []  # the computers' steps to show one by one before the view
        self.staged: list[list[int]] = []  # groups of hand indices staged for an initial meld of several
        self._staged_hand: tuple[Card, ...] = ()
        self.on_msg(self._received)
        self.refresh()

    # --- the view ------------------------------------------------------------------

    @property
    def hand(self) -> list[Card]:
        return sorted(self.game.position.hands[self.seat - 1])

    @property
    def rules(self) -> Rules:
        """The rules the table judges a staged group by (a room's seat holds no game, only its rules)."""
        return self.game.rules

    def my_side(self) -> int | None:
        """The seat's side, numbered from 0 as the view does."""
        return self.game.position.side_of(self.seat)

    def page_data(self) -> dict[str, Any]:
        """What the page around the table adds to the view (menus, settings); a subclass adds more."""
        return {}

    def refresh(self) -> None:
        """Send the seat's view now, with the message and the steps gathered since the last one."""
        language = get_language()
        view, labels = self.view_and_labels(language)
        page = self.page_data()
        page["message"] = self._message_words(self.message, language)
        page["staged"] = self._staged_view(language)
        page["steps"] = self.steps
        self.steps = []
        self.table = {"view": view, "labels": labels, "page": page}

    def view_and_labels(self, language: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The view drawn and its words: the seat's own (a mode that shows more, every hand open for a
        game of computers, says so here)."""
        view = seat_view(self.game, self.seat)
        return view, table_labels(view, language)

    def _message_words(self, message: Mapping[str, Any] | None, language: str) -> dict[str, Any] | None:
        if not message:
            return None
        from .table_view import explanation_words

        lines = [explanation_words(line, language, self.seat) if isinstance(line, Mapping) else line() if callable(line)
                 else str(line) for line in message.get("lines", [])]  # fmt: skip
        return {"kind": message.get("kind", "news"), "where": message.get("where", ""), "lines": lines}

    def say(self, kind: str, lines: Sequence[Mapping[str, Any] | Callable[[], str] | str], where: str = "") -> None:
        """Put lines in the message area: messages as ``{"code", "params"}``, or callables that say a line,
        each said in the page's language of the moment (a change of language says them again)."""
        self.message = {"kind": kind, "where": where, "lines": list(lines)}

    # --- the learner's intents ------------------------------------------------------------

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, Mapping):
            self.handle(content)

    def handle(self, intent: Mapping[str, Any]) -> bool:
        """Play an intent from the page; ``True`` when it changed the game. Every answer is a new view."""
        where = str(intent.get("where", "")) if isinstance(intent, Mapping) else ""
        if tuple(self.hand) != self._staged_hand:
            self.staged = []
        do = intent.get("do") if isinstance(intent, Mapping) else None
        if do == "unstage":
            self.staged, self.message = [], None
            self.refresh()
            return False
        if do == "stage":
            self._stage(intent.get("cards"), where)
            self.refresh()
            return False
        if do == "meld" and intent.get("stage"):
            return self._meld_or_stage(intent, where)
        try:
            action = intent_action(intent, self.hand, self.my_side())
        except IntentError as error:
            self.say("refusal", [{"code": error.code, "params": error.params}], where)
            self.refresh()
            return False
        played = self.attempt(action, where)
        self.refresh()
        return played

    # --- an initial meld of several groups, staged on the table --------------------------------

    def _stage(self, indices: Any, where: str) -> bool:
        """Stage chosen cards as one group of a meld of several: each group must be a legal meld itself
        (the engine's judge says so), and the total is counted against the side's minimum."""
        try:
            cards = cards_from(indices if isinstance(indices, list) else [], self.hand)
        except IntentError as error:
            self.say("refusal", [{"code": error.code, "params": error.params}], where)
            return False
        if not cards:
            self.say("refusal", [{"code": "play-choose-cards", "params": {}}], where)
            return False
        if any(i in group for group in self.staged for i in indices):
            self.say("refusal", [{"code": "table-bad-cards", "params": {"cards": format_cards(cards),
                                                                        "count": len(self.hand)}}], where)  # fmt: skip
            return False
        verdict = judge(cards, self.rules)
        if not verdict.legal:
            self.say("refusal", [{"code": "play-refused", "params": {"action": {"action": str(Meld((cards,)))}}},
                                 *[explanation_view(r) for r in verdict.reasons]], where)  # fmt: skip
            return False
        self.staged.append(sorted(indices))
        self._staged_hand = tuple(self.hand)
        self.message = None
        return True

    def _meld_or_stage(self, intent: Mapping[str, Any], where: str) -> bool:
        """The meld area tapped with chosen cards: laid at once with the staged groups when the engine
        allows it; staged when each group is a meld but together they do not make the initial meld yet."""
        groups = intent.get("groups")
        try:
            melds = [cards_from(g, self.hand) for g in (groups if isinstance(groups, list) else [])]
        except IntentError as error:
            self.say("refusal", [{"code": error.code, "params": error.params}], where)
            self.refresh()
            return False
        staged = [cards_from(g, self.hand) for g in self.staged]
        chosen = [m for m in melds if m]
        if not chosen and not staged:
            self.say("refusal", [{"code": "play-choose-cards", "params": {}}], where)
            self.refresh()
            return False
        action = Meld(tuple(staged + chosen))
        reasons = self.game.explain(action) if self.game.to_move == self.seat else ()
        side_melded = bool(self.game.position.melds[self.game.position.side_of(self.seat)])
        if reasons and not side_melded and chosen and self.game.to_move == self.seat and self.game.phase == "play":
            if all(judge(m, self.game.rules).legal for m in chosen):
                for group in groups:
                    self._stage(group, where)
                self.refresh()
                return False
        played = self.attempt(action, where)
        if played:
            self.staged = []
        self.refresh()
        return played

    def _staged_view(self, language: str) -> dict[str, Any] | None:
        if not self.staged or tuple(self.hand) != self._staged_hand:
            return None
        pos = self.game.position
        side = pos.side_of(self.seat)
        points = sum(judge(cards_from(g, self.hand), pos.rules).points for g in self.staged)
        minimum = pos.rules.initial_meld_minimum(pos.scores[side])
        code = "table-staged-enough" if points >= minimum else "table-staged"
        return {"groups": self.staged, "points": points, "minimum": minimum, "enough": points >= minimum,
                "said": render(code, {"points": points, "minimum": minimum}, language)}  # fmt: skip

    def attempt(self, action: Action, where: str = "") -> bool:
        """Ask the engine: a refused action is answered with its reasons and changes nothing."""
        game = self.game
        if game.phase not in ("hand over", "game over") and game.to_move != self.seat:
            self.say("refusal", [{"code": "play-not-your-turn", "params": {"player": game.to_move}}], where)
            return False
        reasons = game.explain(action)
        if reasons:
            self.refuse(action, reasons, where)
            return False
        self.play(action)
        return True

    def refuse(self, action: Action, reasons: Sequence[Reason], where: str) -> None:
        lines = [{"code": "play-refused", "params": {"action": {"action": str(action)}}}]
        lines += [explanation_view(r) for r in reasons]
        self.say("refusal", lines, where)

    def play(self, action: Action) -> None:
        """Play a checked action for the seat, and tell the learner what it brought them."""
        held = list(self.game.position.hands[self.seat - 1])
        logged = len(self.game.log)
        self.game.apply(action)
        new = [c for c in self.game.position.hands[self.seat - 1]]
        for card in held:
            if card in new:
                new.remove(card)
        lines: list[Mapping[str, Any]] = []
        if isinstance(action, Draw) and new:
            lines.append({"code": "table-you-drew", "params": {"cards": " ".join(map(str, sorted(new)))}})
        elif isinstance(action, TakePile) and new:
            lines.append({"code": "table-you-took", "params": {"cards": " ".join(map(str, sorted(new)))}})
        reds = 0
        for event in self.game.log[logged:]:  # what the move brought besides the cards in hand
            if event.code == "event-take-top":
                lines.append({"code": "table-you-took-top", "params": {k: event.params[k] for k in ("card", "index")}})
            elif event.code == "event-red-threes" and event.params.get("player") == self.seat:
                reds += event.params["count"]
        if reds:
            lines.append({"code": "table-you-red-threes", "params": {"count": reds}})
        if lines:
            self.say("news", lines)
        else:
            self.message = None


_DEFAULT_POSITION = (
    "rules=bolivia; players=2; seed=1; turn=1; phase=draw; p1=9C 9D 9S 5C JH; "
    "melds1=4H 5H 6H 7H 8H 9H 10H; pile=4D 7S; rest=stock"
)
