"""The card table: one seat's view of a game drawn as cards, played by touch, drag and keyboard.

ONE anywidget model over a *table source* (``table_source.py``): the source gives the seat's view and
takes its actions; the table draws the view and turns the learner's taps into actions. The front end
(the ES modules in ``table_modules/``, cards drawn by ``card_face.js``) sends intents as messages:
``{"do": "draw"}``, ``{"do": "add", "meld": 2, "cards": [0, 3]}``, ``{"do": "discard", "card": 5}``,
``{"do": "take_pile", "cards": [1, 2]}``, ``{"do": "meld", "groups": [[0, 1, 2], [4, 5, 6]]}``,
``{"do": "move", "move": "take pile with 5C 5D"}`` (a move the table offered), and the page's own
(``{"do": "hint"}``, ``{"do": "setting", "key": "pace", "value": "fast"}``...), which its source answers.
Each is turned into an engine action here, in ``intent_action``, and the source answers: a legal one is
played and the next view drawn; a refused one is answered with the engine's reasons beside the place
tapped, and nothing changes.

What is sent is split by how often it changes, each part a synced trait, so a tap sends only the parts it
changed: the view's parts (``hand``, ``seats``, ``sides``, ``centre``, ``scores``, ``turn``: see
``table_view.table_parts``), the ``message`` area, the computers' ``steps`` (each a patch of the parts),
the page's ``chrome`` (its controls, the end of a hand), the ``menu``, ``staging`` (an initial meld's
groups as the engine judged them) and the ``labels`` (fixed words: they change with the language only).
The game's log is not sent with a move: the menu asks for it when it opens, and is then sent the new
events as they come. The table is drawn once after each intent; a source whose game moves by itself
(a room) tells the table, which draws it then.
"""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from bolivia_core.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from bolivia_core.actions import parse_action
from bolivia_core.cards import Card
from bolivia_core.i18n import LANGUAGES, get_language, render
from bolivia_core.melds import judge

from ..language import change_page_language, follow_language
from .table_source import KEEP, Line, LocalGame, Reply, Said, Stop, TableSource, said_lines
from .table_view import (
    event_words,
    message_words,
    patch_of,
    place_offers,
    step_motion,
    table_parts,
    ui_labels,
)

__all__ = ["CardTable", "IntentError", "intent_action", "table_module"]

HERE = Path(__file__).parent
MODULES = HERE / "table_modules"
ENTRY = MODULES / "table.js"
_IMPORT = re.compile(r'^import \{[^}]*\} from "(\.\.?/[a-z_/]+\.js)";\n', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=(?:async )?function |const |let |class )", re.MULTILINE)


def table_module() -> str:
    """The table's front end as the one module anywidget loads: the ES modules of ``table_modules/`` (and
    ``card_face.js``, the card drawing the card row shares), each put after those it imports, with their
    imports of each other and their ``export`` words dropped: anywidget loads a module from a string, where
    relative imports cannot resolve. The files stay real ES modules, each as a browser would load it."""
    order: list[Path] = []

    def add(path: Path, seen: tuple[Path, ...] = ()) -> None:
        if path in order:
            return
        if path in seen:
            raise ValueError(f"the table's modules import each other in a circle: {[p.name for p in (*seen, path)]}")
        for imported in _IMPORT.findall(path.read_text(encoding="utf-8")):
            add((path.parent / imported).resolve(), (*seen, path))
        order.append(path)

    add(ENTRY.resolve())
    parts = []
    for path in order:
        text = _IMPORT.sub("", path.read_text(encoding="utf-8"))
        if path != ENTRY.resolve():
            text = _EXPORT.sub("", text)
        if re.search(r"^(import|export) (?!default)", text, re.MULTILINE):
            raise ValueError(f"{path.name}: only one-line imports of the table's own modules are bundled")
        parts.append(f"// --- {path.name} ---\n{text}")
    return "\n".join(parts)


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
        return Add(meld(), cards_from(intent.get("cards"), hand))
    if do == "take_top":
        return TakeTop(meld())
    if do == "take_pile":
        onto = intent.get("meld")
        return TakePile(cards_from(intent.get("cards", []), hand), meld() if onto is not None else None)
    if do == "meld":
        groups = groups_from(intent.get("groups"), hand)
        if not groups:
            raise IntentError("play-choose-cards")
        return Meld(tuple(groups))
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


def cards_from(indices: Any, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` at ``indices`` (each once), or ``IntentError`` naming what was sent."""
    if not isinstance(indices, list) or not all(type(i) is int and 0 <= i < len(hand) for i in indices) \
            or len(set(indices)) != len(indices):  # fmt: skip
        raise IntentError("table-bad-cards", cards=repr(indices)[:80], count=len(hand))
    return tuple(hand[i] for i in indices)


def groups_from(groups: Any, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Groups of hand indices as groups of cards, no card in two groups; empty groups left out."""
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        raise IntentError("table-bad-cards", cards=repr(groups)[:80], count=len(hand))
    flat = [i for g in groups for i in g]
    cards_from(flat, hand)  # each index a card of the hand, once
    return [cards_from(g, hand) for g in groups if g]


class CardTable(anywidget.AnyWidget):
    """A card table over a table source (see the module's docstring); ``CardTable(source)``."""

    _esm = table_module()
    _css = (HERE / "cards.css").read_text(encoding="utf-8") + (HERE / "table.css").read_text(encoding="utf-8")

    labels = traitlets.Dict().tag(sync=True)
    """The table's fixed words (``table_view.ui_labels``): they change with the language only."""
    hand = traitlets.Dict().tag(sync=True)
    seats = traitlets.Dict().tag(sync=True)
    sides = traitlets.Dict().tag(sync=True)
    centre = traitlets.Dict().tag(sync=True)
    scores = traitlets.Dict().tag(sync=True)
    turn = traitlets.Dict().tag(sync=True)
    """The view's parts, each with its words (``table_view.table_parts``)."""
    message = traitlets.Dict(allow_none=True).tag(sync=True)
    """The message area: ``{"kind", "where", "lines"}`` (a refusal beside the place tapped, news, the coach)."""
    steps = traitlets.Dict().tag(sync=True)
    """The moves to show one by one before the table as it is now: ``{"n": count, "list": [{"patch", "said",
    "motion"}]}``, each patch what the move changed of the parts (``table_view.patch_of``)."""
    staging = traitlets.Dict().tag(sync=True)
    """An initial meld's groups as the engine judged them: ``{"ask", "groups", "points", "minimum", "enough",
    "said"}`` (``ask``: the page's request it answers), ``{}`` when none is staged."""
    chrome = traitlets.Dict().tag(sync=True)
    """What the page adds around the table (``TableSource.chrome``), and the page's language."""
    menu = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)
    """The coach's review of the seat's last hand (``TableSource.review``): sent when it changes, once a hand."""

    def __init__(self, source: TableSource | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.source: TableSource = source if source is not None else LocalGame(*_default_game())
        self.said: Said | None = None  # what the message area says, said again in a new language
        self.replied: dict[str, Any] | None = None  # the last answer to a question of the page (offers, the log)
        self._steps_made = 0
        self._step_events: list[Any] = []  # the events of the last steps sent, to say them again in a new language
        self._steps_language = ""
        self._shown: dict[str, Any] = {}  # the parts as last sent: the next steps are patches from here
        self._log_open = False
        self._log_sent: list[dict[str, Any]] = []
        self._handling = False
        self._thought = 0  # counts the thinking begun and the moves played: an answer for an older count is dropped
        self.thinking: threading.Thread | None = None  # the thread of the thinking under way, if any
        self.think_aside: bool | None = None  # think on a thread: by default when a kernel runs the page
        self.source.listen(self._apply)
        self.on_msg(self._received)
        follow_language(lambda _language: None if self._handling else self._publish())
        self._apply(self.source.opening())

    # --- the learner's intents --------------------------------------------------------

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, intent: Any) -> bool:
        """Answer an intent from the page and draw the table once; ``True`` when it changed the game."""
        self._handling = True
        try:
            reply = self._answer(intent)
        finally:
            self._handling = False
        return self._follow(reply)

    def _follow(self, reply: Reply) -> bool:
        """Draw a reply, then what follows it (``then``, drawn when it is known), and begin its thinking
        (``later``); ``True`` when one of them changed the game."""
        self._apply(reply)
        played, later = reply.played, reply.later
        while reply.then is not None:  # the move is on the page already; what follows it is drawn when it is known
            reply = reply.then()
            self._apply(reply)
            played, later = played or reply.played, reply.later or later
        if later is not None:
            played = self._think(later) or played
        return played

    def _think(self, later: Callable[[Stop], Callable[[], Reply]]) -> bool:
        """Do ``later`` on a thread while the page's loop goes on answering taps, and draw its answer back on
        the loop, unless the game changed or newer thinking began meanwhile. Outside a kernel (a script, a test's
        mirror of a page), or with ``think_aside`` false, it is done at once: then ``True`` when its answer
        changed the game."""
        self._thought += 1
        count = self._thought

        def stop() -> bool:
            return self._thought != count

        def finish(answer: Callable[[], Reply]) -> bool:
            return not stop() and self._follow(answer())

        aside = self.think_aside if self.think_aside is not None else _in_kernel()
        try:
            loop = asyncio.get_running_loop() if aside else None
        except RuntimeError:
            loop = None
        if loop is None:
            return finish(later(stop))

        def work() -> None:
            try:
                answer = later(stop)
            except Exception as error:  # said on the page, never lost in a thread
                message = str(error) or type(error).__name__
                answer = lambda: Reply(said=Said("refusal", [message]))  # noqa: E731
            loop.call_soon_threadsafe(finish, answer)

        self.thinking = threading.Thread(target=work, name="table-thinking", daemon=True)
        self.thinking.start()
        return False

    def _answer(self, intent: Any) -> Reply:
        source = self.source
        if not isinstance(intent, Mapping):
            return source.refuse([{"code": "table-bad-intent", "params": {"intent": repr(intent)[:80]}}])
        do, where = intent.get("do"), str(intent.get("where", ""))
        if do == "setting" and intent.get("key") == "language" and intent.get("value") in LANGUAGES:
            change_page_language(str(intent["value"]))  # the page's heading follows it too
            return Reply()
        if do == "log":
            self._log_open = bool(intent.get("open"))
            self._log_sent = []
            return Reply()
        reply = source.command(intent)
        if reply is not None:
            return reply
        view = source.view()
        if view is None:
            return Reply()  # no seat here (yet): the notice says why
        hand = [Card.parse(c) for c in view["hand"]]
        try:
            if do in ("stage", "unstage"):
                return self._stage(view, groups_from(intent.get("groups", []) if do == "stage" else [], hand),
                                   intent, where)  # fmt: skip
            if do == "offers":
                return self._offer(view, intent, hand, where)
            if do == "meld" and intent.get("stage"):
                return self._meld_or_stage(view, groups_from(intent.get("groups"), hand), intent, where)
            action = intent_action(intent, hand, view["my_side"])
        except IntentError as error:
            return source.refuse([{"code": error.code, "params": error.params}], where, error.code)
        return source.play(action, where)

    def _offer(self, view: Mapping[str, Any], intent: Mapping[str, Any], hand: Sequence[Card], where: str) -> Reply:
        """A place tapped with nothing chosen: the moves the engine allows there, to pick from (the pile's
        only take is played at once); where there are none, the tap's own intent (``then``)."""
        offers = place_offers(view, str(intent.get("place", "")), get_language())
        if offers is not None and offers["place"] == "pile" and len(offers["moves"]) == 1:
            return self.source.play(parse_action(offers["moves"][0]["move"]), where)
        if offers is not None:
            self._reply({"offers": offers})
            return Reply()
        then = intent.get("then")
        if not isinstance(then, Mapping) or then.get("do") in ("offers", None):
            raise IntentError("table-bad-intent", intent=repr(then)[:80])
        return self.source.play(intent_action(then, hand, view["my_side"]), where)

    def _reply(self, content: dict[str, Any]) -> None:
        """Answer a question of the page (not the table's state: it is asked again when needed)."""
        self.replied = content
        self.send(content)

    # --- an initial meld of several groups, staged on the table ---------------------------------

    def _stage(self, view: Mapping[str, Any], groups: list[tuple[Card, ...]], intent: Mapping[str, Any],
               where: str) -> Reply:  # fmt: skip
        """Stage groups for an initial meld of several: each must be a meld by itself (the engine's judge says
        so), and their points are counted against the side's minimum. A group that is no meld is refused
        with the engine's reasons, the groups before it staged."""
        rules = self.source.rules()
        kept: list[tuple[Card, ...]] = []
        refused: list[Line] = []
        for group in groups:
            verdict = judge(group, rules)
            if not verdict.legal:
                refused = said_lines(Meld((group,)), verdict.reasons)
                break
            kept.append(group)
        side = next(s for s in view["sides"] if s["mine"])
        points = sum(judge(group, rules).points for group in kept)
        enough = points >= side["minimum"]
        code = "table-staged-enough" if enough else "table-staged"
        hand = [Card.parse(c) for c in view["hand"]]
        self.staging = {
            "ask": intent.get("ask", 0), "groups": _indices(kept, hand), "points": points,
            "minimum": side["minimum"], "enough": enough,
            "said": render(code, {"points": points, "minimum": side["minimum"]}) if kept else "",
        } if kept or intent.get("ask") else {}  # fmt: skip
        if refused:
            return self.source.refuse(refused, where)
        return Reply(said=None)

    def _meld_or_stage(self, view: Mapping[str, Any], groups: list[tuple[Card, ...]], intent: Mapping[str, Any],
                       where: str) -> Reply:  # fmt: skip
        """The meld area tapped with the staged groups and the chosen cards: laid at once when the engine
        allows it; staged when each group is a meld but together they do not make the side's initial meld
        yet (a quiz stages them first, so it marks the whole meld)."""
        side = next(s for s in view["sides"] if s["mine"])
        may_stage = bool(groups) and view["my_turn"] and view["phase"] == "play" and not side["melded"]
        if may_stage and self.source.stage_first:
            return self._stage(view, groups, intent, where)
        if not groups:
            raise IntentError("play-choose-cards")
        reply = self.source.play(Meld(tuple(groups)), where)
        rules = self.source.rules()
        if not reply.played and may_stage and all(judge(group, rules).legal for group in groups):
            return self._stage(view, groups, intent, where)
        return reply

    # --- drawing ----------------------------------------------------------------------

    def _apply(self, reply: Reply) -> None:
        """Take a source's answer (to an intent, or to a change of its own) and draw the table."""
        if reply.said is not KEEP:
            self.said = reply.said
        if reply.played:
            self.staging = {}
            self._thought += 1  # thinking about the position before is now too late
        self._publish(reply)

    def _publish(self, reply: Reply | None = None) -> None:
        """Send the parts that changed since the last time, the steps before them, and the log's new events
        to a page whose menu shows the log."""
        language = get_language()
        source = self.source
        chrome = source.chrome()
        view = source.view()
        notes = chrome.pop("seat_notes", None)
        turn_line = chrome.pop("turn_line", None)
        parts = table_parts(view, language, notes)
        if turn_line and parts["turn"]:
            parts["turn"] = {**parts["turn"], "line": turn_line}  # the source words the turn (a quiz: no hint)
        notice = source.notice() if view is None else None
        with self.hold_sync():
            if reply is not None and reply.steps:
                self._steps_made += 1
                pace = chrome.get("pace", "normal")
                self.steps = {"n": self._steps_made, "list": self._steps(reply, parts, notes, pace, language)}
                self._step_events = [step.events for step in reply.steps]
                self._steps_language = language
            elif self._step_events and language != self._steps_language:
                # the same moves said again in the page's new language (a page built ahead said them in English
                # before its visitor's language came); the same ``n``: the page does not show them again
                said = ["; ".join(event_words(e, language) for e in events) for events in self._step_events]
                shown = zip(self.steps["list"], said, strict=True)
                self.steps = {"n": self._steps_made, "list": [{**item, "said": words} for item, words in shown]}
                self._steps_language = language
            self.labels = {**ui_labels(language), **source.ui_words()}
            for name, value in parts.items():
                setattr(self, name, value)
            seat = None if view is None or "open_hands" in view else int(view["seat"])  # "you" is this seat
            self.message = message_words(notice or self.said, language, seat)
            self.chrome = {**chrome, "language": language, "compact": source.compact,
                           "notice": view is None}  # fmt: skip
            self.menu = source.menu()
            self.review = source.review()
        self._shown = parts
        if self._log_open:
            self._send_log(language)

    def _steps(self, reply: Reply, now: dict[str, Any], notes: Mapping[str, str] | None, pace: str,
               language: str) -> list[dict[str, Any]]:  # fmt: skip
        """Each step as the page shows it: what it changed of the parts (none at the "instant" pace, which
        shows no step), the move in words and the short movement that shows it. The first patch is from the
        parts the page showed, with the seat's hand as it is now (the page has it: the steps do not change it)."""
        shown, made = {**self._shown, "hand": now["hand"]}, []
        for step in reply.steps:
            said = "; ".join(event_words(e, language) for e in step.events)
            if pace == "instant":
                made.append({"said": said})
                continue
            parts = table_parts(step.view, language, notes)
            motion = next((m for m in map(step_motion, step.events) if m is not None), None)
            made.append({"patch": patch_of(shown, parts), "said": said, "motion": motion})
            shown = parts
        return made

    def _send_log(self, language: str) -> None:
        """The log in words with each line's "why?": whole when the menu opens (or the game went back), else
        the lines it lacks."""
        lines = [{"text": event_words(event, language), "why": why} for event, why in self.source.log()]
        sent = self._log_sent
        if sent and lines[: len(sent)] == sent:
            if len(lines) > len(sent):
                self._reply({"log": {"from": len(sent), "lines": lines[len(sent) :]}})
        else:
            self._reply({"log": {"from": 0, "lines": lines}})
        self._log_sent = lines

    def close(self) -> None:
        self.source.close()
        super().close()


def _in_kernel() -> bool:
    """Whether a Jupyter kernel runs this process (its page's messages come on the kernel's loop)."""
    from ipykernel.kernelbase import Kernel

    return Kernel.initialized()


def _indices(groups: Sequence[Sequence[Card]], hand: Sequence[Card]) -> list[list[int]]:
    """Groups of cards as hand indices, each card of the hand used once."""
    used: set[int] = set()
    found = []
    for group in groups:
        indices = []
        for card in group:
            index = next(i for i, c in enumerate(hand) if c == card and i not in used)
            used.add(index)
            indices.append(index)
        found.append(sorted(indices))
    return found


def _default_game() -> tuple[Any, int]:
    from bolivia_core.game import Game

    return Game.from_position(
        "rules=bolivia; players=2; seed=1; turn=1; phase=draw; p1=9C 9D 9S 5C JH; "
        "melds1=4H 5H 6H 7H 8H 9H 10H; pile=4D 7S; rest=stock"
    ), 1
