"""What a card table plays: a *table source* gives the seat's view and the moves possible now, takes an
action, and answers with the next view or a refusal and its reasons.

The card table (``table.py``) is one widget that draws whatever source it is given; what a page adds
around a game is its source's:

- ``SoloGame`` (``dashboards/play_table.py``): the learner against computers, with a coach, undo, saving;
- ``RoomSeat`` (``dashboards/room_table.py``): one seat of a shared room, whose game the room service holds;
- ``LessonPractice`` (``lessons/table.py``): a lesson position, played from the learner's own seat;
- ``PositionPractice`` (``lessons/table.py``): a position, the learner playing every seat in turn;
- ``QuizPosition`` (``lessons/table.py``): an exercise, the learner's move marked before it is played;
- ``ScenarioPositions`` (``dashboards/table_tools.py``): lesson positions and pasted ones, every seat's moves;
- ``Replay`` (``dashboards/game_viewer.py``): a seeded game of computers, every hand open, a move at a time.

A source speaks in data: a ``Reply`` says whether the move was played, what the message area says (each
line a catalogue message ``{"code", "params"}``, a callable or a text, said in the page's language when the
table is drawn) and the computers' steps to show. The table draws the reply once; a source whose game
changes on its own (a room's other seats) tells the table through ``changed``.

``LocalGame`` is the part the sources that hold their game here share: a move checked by the engine and
played or refused with its reasons, what a move brought the seat said in words, and undo.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from bolivia_core.actions import Action, Draw, TakePile
from bolivia_core.game import Game
from bolivia_core.i18n import LANGUAGE_NAMES, LANGUAGES, Reason, get_language, render
from bolivia_core.rules import Rules, get_rules
from bolivia_core.seat import explanation_view

from .table_view import seat_view

__all__ = [
    "KEEP", "PACES", "Line", "LocalGame", "Reply", "Said", "Step", "Stop", "TableSource", "language_setting",
    "pace_setting", "refusal", "said_lines",
]  # fmt: skip

Line = Mapping[str, Any] | Callable[[], str] | str
"""A line of the message area: a catalogue message ``{"code", "params"}``, a callable that says a line, or a
text; the first two are said again in a new language when the page's language changes."""

PACES = ("slow", "normal", "fast", "instant")  # how the computers' steps are shown


@dataclass(frozen=True)
class Said:
    """What the message area says: a refusal (beside ``where``, the place tapped), news, the coach's word, or
    that the coach is thinking (``kind`` "thinking"). ``why``: lines the page keeps behind a "why?" (a hint's
    numbers)."""

    kind: str
    lines: Sequence[Line]
    where: str = ""
    why: Sequence[Line] = ()


KEEP = Said("keep", ())
"""A reply that leaves the message area as it was (a setting changed, a menu saved)."""


@dataclass(frozen=True)
class Step:
    """One move the page shows on its own before the table as it stands now (a computer's, a replay's):
    the view after it and the events it logged (as ``explanation_view`` writes them)."""

    view: dict[str, Any]
    events: list[dict[str, Any]]


Stop = Callable[[], bool]
"""Asked now and then by work done off the page's loop: ``True`` once its answer would come too late."""


@dataclass
class Reply:
    """A source's answer to an intent: whether it changed the game, the message area's new lines (``KEEP``
    leaves them, ``None`` clears them) and the steps to show before the new table. ``then``: what follows the
    seat's move and takes time (the computers' turns, the coach's word on the move): the table draws the
    move first, so the seat sees its cards at once, then asks ``then`` and draws its answer.

    ``later``: thinking that takes long (the coach's hint, a hand's review), done off the page's loop so taps
    are still answered meanwhile: the table calls ``later(stop)`` on a thread of its own and, back on the
    page's loop, the function it returned, whose reply it draws. It touches no game: it works on values it
    was given (a seat's view, a copy of the game); what it returns may. Once the game has changed (a move
    played) or newer thinking began, ``stop()`` is true and the answer is dropped."""

    played: bool = False
    said: Said | None = KEEP
    steps: list[Step] = field(default_factory=list)
    then: Callable[[], Reply] | None = None
    later: Callable[[Stop], Callable[[], Reply]] | None = None


def refusal(lines: Sequence[Line], where: str = "") -> Reply:
    return Reply(False, Said("refusal", list(lines), where))


def said_lines(action: Action, reasons: Sequence[Reason]) -> list[Line]:
    """A refused move in lines: "not allowed: <the move>", then the engine's reasons."""
    return [{"code": "play-refused", "params": {"action": {"action": str(action)}}},
            *(explanation_view(r) for r in reasons)]  # fmt: skip


class TableSource:
    """The game behind a card table (see the module's docstring). Subclasses give ``view`` and ``play``;
    the rest has defaults a source overrides for what is truly its own."""

    compact: ClassVar[bool] = False
    """Drawn as tall as it needs (a lesson's table in the page's text), not the window's height."""
    stage_first: ClassVar[bool] = False
    """An initial meld's groups are staged before they are played (a quiz marks the meld as a whole)."""

    def __init__(self) -> None:
        self._listener: Callable[[Reply], None] | None = None

    # --- what the table asks ----------------------------------------------------------

    def view(self) -> dict[str, Any] | None:
        """What the seat sees and may do now (``bolivia_core.seat.seat_view``'s form), or ``None`` while the
        page has no seat (``notice`` says why)."""
        raise NotImplementedError

    def opening(self) -> Reply:
        """What the table shows first: a message, the steps of moves made before the learner's first."""
        return Reply()

    def play(self, action: Action, where: str = "") -> Reply:
        """Take the seat's action: played (the reply says what it brought), or refused with its reasons and
        nothing changed."""
        raise NotImplementedError

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        """An intent of the page's own (a hint, undo, a setting, a step...); ``None``: not one of these, so the
        table reads it as a move."""
        return None

    def rules(self) -> Rules:
        """The rules the table judges an initial meld's staged groups by."""
        view = self.view()
        return get_rules(view["rules"] if view else "bolivia")

    def refuse(self, lines: Sequence[Line], where: str = "", code: str = "") -> Reply:
        """A tap the table could not read as a move (``code``: the reason's): refused, nothing changed."""
        return refusal(lines, where)

    def chrome(self) -> dict[str, Any]:
        """What the page adds around the table: ``controls`` (buttons beside the hand, each ``{"text",
        "intent", "primary"}``), ``hand_end`` (the end of a hand, as ``sheet`` data), ``pace``, ``room`` (a line
        beside the seat's name), ``version``, ``seat_notes`` (words added to a seat's name), ``turn_line`` (the
        turn's line in the source's own words: a quiz's that names no move), ``open_menu``; a shared table's
        seat: ``address`` (the seat's own query, kept in the page's address so a reload comes back),
        ``countdown`` (``{"seconds", "text", "stay"}``: the seconds left before the computer plays the seat's
        idle turn, and the one tap that stops it), ``recent`` (what the others did since the seat last moved,
        in words) and ``watching`` (a watch link's page, which makes no move)."""
        return {}

    def review(self) -> dict[str, Any]:
        """The coach's review of the seat's last hand, drawn with the end of the hand (``table_modules/review.js``):
        ``{}`` for none, ``{"thinking": text}`` while it is made, then its heading and moments. It changes once a
        hand, so the table sends it once."""
        return {}

    def menu(self) -> dict[str, Any]:
        """The menu's settings, actions, saved text and score sheet (see ``table_modules/menu.js``)."""
        return {}

    def ui_words(self) -> dict[str, str]:
        """The table's fixed words this page says otherwise (the menu's text box of a scenario page)."""
        return {}

    def log(self) -> list[tuple[dict[str, Any], str | None]]:
        """The public log of the game: each event (as ``explanation_view`` writes it) with its "why?" in words
        when the page may show it (a computer's reasons, once its hand is over)."""
        view = self.view()
        return [(event, None) for event in view["log"]] if view else []

    def notice(self) -> Said | None:
        """Why the page has no seat (a room's refusal), while ``view`` is ``None``."""
        return None

    def close(self) -> None:
        """The page is going: let go of what the source holds open."""

    # --- telling the table -------------------------------------------------------------

    def listen(self, listener: Callable[[Reply], None]) -> None:
        self._listener = listener

    def changed(self, reply: Reply | None = None) -> None:
        """The game changed by itself (another seat moved): the table is drawn again. Call it on the page's
        own loop, never from another thread."""
        if self._listener is not None:
            self._listener(reply if reply is not None else Reply())


def pace_setting(pace: str) -> dict[str, Any]:
    return {"key": "pace", "label": render("table-pace"), "value": pace,
            "options": [(p, render(f"table-pace-{p}")) for p in PACES]}  # fmt: skip


def language_setting() -> dict[str, Any]:
    return {"key": "language", "label": render("table-language"), "value": get_language(),
            "options": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]}  # fmt: skip


class LocalGame(TableSource):
    """A game held here: the engine checks each move, plays it or refuses it with its reasons, and the seat
    is told what the move brought it. ``undo_points`` are the history lengths undo goes back to."""

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__()
        self.game = game
        self.seat = seat
        self.undo_points: list[int] = []

    def view(self) -> dict[str, Any] | None:
        return seat_view(self.game, self.seat)

    def rules(self) -> Rules:
        return self.game.rules

    def play(self, action: Action, where: str = "") -> Reply:
        refused = self.check(action, where)
        if refused is not None:
            return refused
        return Reply(True, self.apply(action))

    def check(self, action: Action, where: str = "") -> Reply | None:
        """The engine's refusal of ``action`` by this seat now, or ``None`` when it may be played."""
        game = self.game
        if game.phase not in ("hand over", "game over") and game.to_move != self.seat:
            return refusal([{"code": "play-not-your-turn", "params": {"player": game.to_move}}], where)
        reasons = game.explain(action)
        return refusal(said_lines(action, reasons), where) if reasons else None

    def apply(self, action: Action) -> Said | None:
        """Play a checked action for the seat (an undo point before it) and say what it brought: the cards
        drawn or taken, the pile's top laid on a meld, red 3s laid out."""
        game = self.game
        self.undo_points.append(len(game.history))
        held = list(game.position.hands[self.seat - 1])
        logged = len(game.log)
        game.apply(action)
        new = list(game.position.hands[self.seat - 1])
        for card in held:
            if card in new:
                new.remove(card)
        lines: list[Line] = []
        if isinstance(action, Draw) and new:
            lines.append({"code": "table-you-drew", "params": {"cards": " ".join(map(str, sorted(new)))}})
        elif isinstance(action, TakePile) and new:
            lines.append({"code": "table-you-took", "params": {"cards": " ".join(map(str, sorted(new)))}})
        reds = 0
        for event in game.log[logged:]:
            if event.code == "event-take-top":
                lines.append({"code": "table-you-took-top", "params": {k: event.params[k] for k in ("card", "index")}})
            elif event.code == "event-red-threes" and event.params.get("player") == self.seat:
                reds += event.params["count"]
        if reds:
            lines.append({"code": "table-you-red-threes", "params": {"count": reds}})
        return Said("news", lines) if lines else None

    def undo(self) -> Reply:
        """Back to the last undo point (the engine replays the game from its start), or say there is none."""
        if not self.undo_points:
            return refusal([{"code": "play-nothing-to-undo", "params": {}}])
        target = self.undo_points.pop()
        self.game = next(game for count, game in enumerate(self.game.replay()) if count == target)
        return Reply(True, Said("news", [{"code": "play-undone", "params": {"moves": len(self.game.history)}}]))

    def log(self) -> list[tuple[dict[str, Any], str | None]]:
        return [(explanation_view(event), None) for event in self.game.log]
