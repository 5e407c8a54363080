"""A seat of a shared room at the card table, and the play page that becomes one.

A ``RoomTable`` holds no game: the room service (``bolivia_rooms``, beside Voilà) owns it. The table
draws the view the room sends for this seat alone (``bolivia_core.seat.seat_view``, the solo table's
own view), and each intent becomes a move sent to the room, which checks it once for everybody. The
client's reader thread hears every change; it never touches the widget itself: each view is handed
to the kernel's own event loop (``kernel.io_loop.add_callback``), the thread that runs the widgets'
messages, so a redraw never races an intent.

``play_page()`` is the play page's one widget: the solo ``PlayTable`` (built ahead in a kernel Voilà
starts before anyone asks), or, when the address carries ``room``, ``seat`` and ``key``, that seat.
The solo table's "invite" makes a room from its settings; the page then becomes the room's seat 1.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs, urlencode

import ipywidgets as widgets

from bolivia_core.actions import Action
from bolivia_core.i18n import get_language, render
from bolivia_core.players import hint
from bolivia_core.seat import SeatView, SeatViewError
from bolivia_rooms.client import RoomClient
from bolivia_rooms.room import LEVELS, WATCH_MODES

from ..components.table import CardTable
from ..components.table_source import Reply, Said, Step, Stop, TableSource, refusal
from ..components.table_view import event_words
from ..language import page_built_ahead, page_language, set_page_language, when_requested
from ..pages import retitle_page
from .play_table import HINT_LEVEL, PlayTable, SoloGame, hint_said, level_words

__all__ = [
    "RoomSeat", "RoomTable", "RoomWatch", "WatchTable", "kernel_scheduler", "play_page", "seat_address", "seat_link",
    "seat_link_of", "seed_of", "watch_link",
]  # fmt: skip

Schedule = Callable[[Callable[[], None]], None]
RECONNECT_SECONDS = 120  # a room service restarted within this is sat at again by every open seat page


def kernel_scheduler() -> Schedule:
    """Run a callable on the kernel's own event loop (the thread that handles the widgets' messages);
    outside a kernel (a test, a script) at once, one at a time."""
    try:
        from IPython import get_ipython

        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except ImportError:
        loop = None
    if loop is not None:
        return loop.add_callback  # type: ignore[no-any-return]
    lock = threading.Lock()

    def at_once(work: Callable[[], None]) -> None:
        with lock:
            work()

    return at_once


def seat_address(room: str, seat: int, key: str, host: str | None = None) -> str:
    """A seat's address (the play page's query): the room, the seat and its key (the only key to it), and for
    the person who invited the key to the seats' controls."""
    return urlencode({"room": room, "seat": seat, "key": key, **({"host": host} if host else {})})


def seat_link(room: str, seat: int, key: str, host: str | None = None) -> str:
    """A seat's link, relative to the play page."""
    return "play.ipynb?" + seat_address(room, seat, key, host)


def watch_link(room: str, key: str) -> str:
    """A watch link, relative to the play page: the room and the watch key (a teacher's or an onlooker's)."""
    return "play.ipynb?" + urlencode({"room": room, "watch": key})


def seat_link_of(query: str) -> dict[str, str] | None:
    """The room, seat and key a page's query names, or the room and watch key (``None`` when it names no
    room): as given, checked by the room (a key cut short or forged is the room's to refuse)."""
    asked = parse_qs(query)
    if "room" not in asked:
        return None
    return {name: asked.get(name, [""])[0] for name in ("room", "seat", "key", "host", "watch")}


def RoomTable(
    room: str, seat: object, key: str, *, host: str | None = None, seat_keys: Mapping[str, str] | None = None,
    client: RoomClient | None = None, address: tuple[str, int] | None = None, language: str | None = None,
    schedule: Schedule | None = None, open_menu: bool = False,
) -> CardTable:  # fmt: skip
    """A seat page's card table: one seat of a room (``RoomSeat``)."""
    set_page_language(language or page_language())
    return CardTable(RoomSeat(room, seat, key, host=host, seat_keys=seat_keys, client=client, address=address,
                              schedule=schedule, open_menu=open_menu))  # fmt: skip


def WatchTable(
    room: str, key: str, *, client: RoomClient | None = None, address: tuple[str, int] | None = None,
    language: str | None = None, schedule: Schedule | None = None,
) -> CardTable:  # fmt: skip
    """A watch link's card table: the room live, for someone not seated (``RoomWatch``)."""
    set_page_language(language or page_language())
    return CardTable(RoomWatch(room, key, client=client, address=address, schedule=schedule))


def seed_of(query: str) -> int | None:
    """The deal a play page's address asks for (``?seed=3``: a shared or replayed deal), if it names one."""
    asked = parse_qs(query).get("seed", [""])[0]
    return int(asked) if asked.isascii() and asked.isdigit() and len(asked) <= 60 else None


class RoomSeat(TableSource):
    """One seat of a room: its view from the room service, its actions sent there as moves."""

    def __init__(
        self, room: str, seat: object, key: str, *, host: str | None = None,
        seat_keys: Mapping[str, str] | None = None, client: RoomClient | None = None,
        address: tuple[str, int] | None = None, schedule: Schedule | None = None, open_menu: bool = False,
    ) -> None:  # fmt: skip
        super().__init__()
        self.room_id, self.key, self.host = room, key, host or None
        self.asked_seat = seat
        self.seat = _seat_number(seat)
        self.seat_keys = dict(seat_keys or {})  # the inviter's page: every seat's key, to show its link
        self.room_view: dict[str, Any] | None = None
        self.refused: dict[str, Any] | None = None  # a refusal that stops the page: no seat here (yet)
        self.may_take_over = False
        self.open_menu = open_menu
        self.recent: list[dict[str, Any]] = []  # what the others did since this seat last moved (events)
        self.watch_links: dict[str, str] = {}  # the inviter's watch links made so far, by mode
        self._schedule = schedule or kernel_scheduler()
        self._closing = False
        self._pending: dict[str, Any] | None = None  # the newest view heard, not drawn yet
        self._pending_lock = threading.Lock()
        self._address = address
        self.client = client
        self._connect()
        self._first = self.sit()

    def opening(self) -> Reply:
        return self._first

    # --- the room ---------------------------------------------------------------------

    def _connect(self) -> None:
        try:
            if self.client is None:
                self.client = RoomClient(self._address)
        except OSError:
            self.refused = {"code": "room-service-down", "params": {}}
            return
        self.client.on_view = self._view_heard
        self.client.on_notice = lambda message: self._schedule(lambda: self._notice_came(message))

    def sit(self, take_over: bool = False) -> Reply:
        """Sit at the link's seat (again, after a taken-over or a restart); a refusal is said and stops here."""
        if self.client is None:
            return Reply()
        try:
            answer = self.client.sit(self.room_id, self.key, lang=get_language(), take_over=take_over,
                                     seat=_seat_number(self.asked_seat))  # fmt: skip
        except (OSError, TimeoutError, ValueError):
            answer = {"type": "refused", "code": "room-service-down", "params": {}}
        if answer.get("type") != "seated":
            self.refused = {"code": answer.get("code", "room-service-down"), "params": answer.get("params", {}),
                            "text": answer.get("text")}  # fmt: skip
            self.may_take_over = bool(answer.get("may_take_over"))
            return Reply()
        self.seat = int(answer["seat"])
        self.refused, self.may_take_over = None, False
        if self.client.view is not None:
            self.room_view = self.client.view
        return Reply(True, None)

    def _view_heard(self, view: dict[str, Any]) -> None:
        """In the reader thread: keep the newest view, and have the page's loop draw it (once, however many
        came meanwhile: a busy kernel draws the table as it stands, not every move it missed)."""
        with self._pending_lock:
            waiting = self._pending is not None
            if self._pending is not None:  # what the others did in the views not drawn is said too
                view = {**view, "since": [*self._pending.get("since", []), *view.get("since", [])]}
            self._pending = view
        if not waiting:
            self._schedule(self._draw_pending)

    def _draw_pending(self) -> None:
        with self._pending_lock:
            view, self._pending = self._pending, None
        if view is not None:
            self._view_came(view)

    def _view_came(self, view: dict[str, Any]) -> None:
        if self.refused is not None:
            return  # a page told its seat is elsewhere draws no more of it
        now = self.room_view
        if now is not None and view["version"] < now["version"]:
            return
        self.room_view = view
        moved_on = now is None or (view["version"] > now["version"] and view["table"] != now["table"])
        steps = self._others_did(view.get("since", []))
        if moved_on:  # a message said of the table before is old now
            self.changed(Reply(said=None, steps=steps))
        else:  # only who sits where changed (a person arrived, a countdown began): what the seat read stays
            self.changed(Reply(steps=steps))

    def _others_did(self, since: list[dict[str, Any]]) -> list[Step]:
        """What the other seats did since this page's last view, a step a turn, said in words as the solo
        table says the computers' moves (the events are the public log's). The seat's own move starts the
        list of what the others did afresh."""
        steps: list[Step] = []
        view = self.view()
        for event in since:
            player = event.get("params", {}).get("player")
            if player == self.seat:
                self.recent = []
                continue
            said = {"code": event["code"], "params": event.get("params", {})}
            if event["code"] == "event-deal":
                self.recent = []
            self.recent.append(said)
            if view is None:
                continue
            if steps and player is not None and steps[-1].events[-1].get("params", {}).get("player") == player:
                steps[-1].events.append(said)
            else:
                steps.append(Step(view, [said]))
        return steps

    def _notice_came(self, message: dict[str, Any]) -> None:
        if message.get("type") == "closed":
            if self._closing or self.refused is not None:
                return
            self.refused = {"code": "room-service-down", "params": {}}
            self.changed()
            threading.Thread(target=self._reconnect, daemon=True).start()
            return
        if message.get("code") == "room-seat-taken-over":
            self.refused = {"code": "room-seat-taken-over", "params": message.get("params", {}),
                            "text": message.get("text")}  # fmt: skip
            self.may_take_over = True
            self.changed()

    def _reconnect(self) -> None:
        """The room service went away (a restart): try again for a while, then sit at the seat again; the
        room is kept by its store, so the table comes back as it stood."""
        deadline = time.monotonic() + RECONNECT_SECONDS
        while not self._closing and time.monotonic() < deadline:
            time.sleep(0.5)
            try:
                client = RoomClient(self._address)
            except OSError:
                continue
            self._schedule(lambda client=client: self._sit_again(client))  # type: ignore[misc]
            return

    def _sit_again(self, client: RoomClient) -> None:
        if self._closing:
            client.close()
            return
        self.client = client
        self._connect()
        self.refused = None
        self.changed(self.sit())

    def close(self) -> None:
        self._closing = True
        if self.client is not None:
            self.client.close()

    # --- the view ---------------------------------------------------------------------------

    def view(self) -> dict[str, Any] | None:
        room = self.room_view
        if self.refused is not None or room is None:
            return None
        view = dict(room["table"])
        view["moves"] = list(room["actions"])  # the room's turn, not the hand's
        view["my_turn"] = room["turn"] == self.seat and view["phase"] in ("draw", "play", "answer")
        return view

    def notice(self) -> Said | None:
        if self.refused is None:
            return Said("news", [{"code": "room-waiting", "params": {}}])
        return Said("refusal", [{"code": self.refused["code"], "params": self.refused.get("params", {})}])

    def chrome(self) -> dict[str, Any]:
        room = self.room_view or {}
        controls = []
        if self.refused is not None or not room:
            if self.may_take_over:
                controls.append({"text": render("room-take-over"), "intent": {"do": "take_over"}, "primary": True})
            return {"controls": controls}
        me = next((s for s in room["seats"] if s["seat"] == self.seat), None)
        if me is not None and me["stand_in"]:
            controls.append({"text": render("room-back"), "intent": {"do": "back"}, "primary": True})
        elif room["turn"] == self.seat and room["actions"]:
            controls.append({"text": render("play-hint"), "intent": {"do": "hint"}})
            controls.append({"text": render("play-play-hint"), "intent": {"do": "play_hint"}})
        notes = {str(s["seat"]): self._seat_state(s) for s in room["seats"]  # the seat's own: its countdown says it
                 if s["state"] in ("computer", "away") and (s["seat"] != self.seat or s["stand_in"])}  # fmt: skip
        chrome: dict[str, Any] = {
            "pace": "normal", "controls": controls, "room": self._room_line(), "version": room["version"],
            "seat_notes": notes, "open_menu": self.open_menu, "recent": self._recent_words(),
            "address": seat_address(self.room_id, self.seat, self.key, self.host),
        }  # fmt: skip
        countdown = room.get("countdown")
        if countdown and me is not None and not me["stand_in"]:
            left = countdown["deadline"] - time.time()  # the service's clock: it runs beside the page's kernel
            text = render(f"room-countdown-{countdown['why']}", {"seconds": "{seconds}"})  # the page counts down
            chrome["countdown"] = {"seconds": max(0.0, round(left, 1)), "stay": render("room-stay"), "text": text}
        return chrome

    def _recent_words(self) -> list[str]:
        return [event_words(event) for event in self.recent]

    def _room_line(self) -> str:
        room = self.room_view
        if not room:
            return ""
        if room.get("asked_by") and room["turn"] == self.seat:
            return render("room-asked", {"player": room["asked_by"]})
        me = next((s for s in room["seats"] if s["seat"] == self.seat), None)
        if me is not None and me["stand_in"]:  # the computer plays this seat now: said here
            return self._seat_state(me)
        return render("room-you-sit", {"seat": self.seat})

    @staticmethod
    def _seat_state(seat: Mapping[str, Any]) -> str:
        """A seat the computer plays, said: "away; the computer (club) plays until they return" (or, while a
        countdown or a left page's grace runs, "...plays for them if they do not come back soon")."""
        state = "away-soon" if seat["state"] == "away" and not seat["stand_in"] else seat["state"]
        return render(f"room-seat-{state}", {"seat": seat["seat"], "level": level_words(seat["level"])})

    def menu(self) -> dict[str, Any]:
        """The room's part of the menu: the seats, and for the person who invited each seat's link and
        who plays it (a person or the computer, at which level) and the idle time."""
        room = self.room_view or {}
        seats = room.get("seats", [])
        part: dict[str, Any] = {"title": render("room-menu-title", {"seat": self.seat}),
                                "seats": [s["text"] for s in seats]}  # fmt: skip
        menu: dict[str, Any] = {"room": part}
        if not self.host:
            return menu
        keys = {number: key for number, key in self.seat_keys.items() if number != str(self.seat)}
        part["links"] = [{"label": render("room-seat-link", {"seat": seat["seat"]}), "state": seat["text"],
                          "href": seat_link(self.room_id, seat["seat"], keys[str(seat["seat"])])}
                         for seat in seats if str(seat["seat"]) in keys]  # fmt: skip
        part["links_title"] = render("room-invite-links")
        own = self.seat_keys.get(str(self.seat))
        if own:
            part["own_link"] = {"label": render("room-own-link"),
                                "href": seat_link(self.room_id, self.seat, own, self.host)}  # fmt: skip
        part["watch_title"] = render("room-watch-links")
        part["watch_links"] = [{"label": render(f"room-watch-link-{mode}"), "state": render(f"room-watch-is-{mode}"),
                                "href": href} for mode, href in self.watch_links.items()]  # fmt: skip
        menu["actions"] = [{"text": render(f"room-make-watch-{mode}"), "intent": {"do": "watch_link", "mode": mode}}
                           for mode in WATCH_MODES if mode not in self.watch_links]  # fmt: skip
        levels = [(name, level_words(name)) for name in LEVELS]
        menu["settings"] = [
            setting
            for seat in seats if seat["seat"] != self.seat
            for setting in (
                {"key": f"room-computer-{seat['seat']}", "label": render("room-who-plays", {"seat": seat["seat"]}),
                 "value": "computer" if seat["state"] == "computer" else "person",
                 "options": [("person", render("room-a-person")), ("computer", render("room-the-computer"))]},
                {"key": f"room-level-{seat['seat']}", "label": render("room-seat-level", {"seat": seat["seat"]}),
                 "value": seat["level"], "options": levels},
            )
        ]  # fmt: skip
        return menu

    # --- intents: moves go to the room -----------------------------------------------------------

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        do = intent.get("do")
        if do not in ("stage", "unstage", "offers"):
            self.open_menu = False
        if do == "take_over":
            return self.sit(take_over=True)
        if do in ("back", "stay") and self.client is not None:
            return self._answered(self.client.request({"type": "stay"}))
        if do == "setting":
            return self._setting(str(intent.get("key", "")), intent.get("value"))
        if do in ("hint", "play_hint"):
            view = self._hint_view()
            if view is None:
                return refusal([{"code": "play-no-hint", "params": {"player": self._to_move()}}])
            thinking = Said("thinking", [{"code": "play-coach-thinking", "params": {}}])
            return Reply(False, thinking, later=self._hint_later(view, play=do == "play_hint"))
        if do == "watch_link":
            return self._watch_link(str(intent.get("mode", "")))
        if do in ("undo", "new_game", "save", "resume"):
            return refusal([{"code": "room-not-here", "params": {}}])
        return None

    def _to_move(self) -> object:
        return (self.room_view or {}).get("turn") or "-"

    def _hint_view(self) -> SeatView | None:
        """This seat's own view when it is to decide (the page holds no game, so the coach reads nothing
        else), or ``None`` when it is not this seat's turn."""
        room = self.room_view
        if room is None or room["turn"] != self.seat or not room["actions"]:
            return None
        try:
            return SeatView.from_json(room["table"])
        except SeatViewError:
            return None

    def _hint_later(self, view: SeatView, play: bool) -> Callable[[Stop], Callable[[], Reply]]:
        """The coach's hint (the solo table's: the expert at the page's budget, seeded by the move number, so a
        hint repeats) thought out off the page's loop; shown, or played, only if the seat has not moved since."""

        def think(stop: Stop) -> Callable[[], Reply]:
            found = hint(view, HINT_LEVEL, seed=view.actions_played, stop=stop)

            def done() -> Reply:
                now = self._hint_view()
                if now is None or now.actions_played != view.actions_played:
                    return Reply()  # the seat has moved on (or the computer played for it): the hint is stale
                return self.play(found.action) if play else Reply(False, hint_said(found))

            return done

        return think

    def _watch_link(self, mode: str) -> Reply:
        """The inviter makes a watch link (a teacher's: every hand open; an onlooker's: the public table);
        its key is shown here only, in the inviter's menu, and never sent to a seat."""
        if self.client is None or not self.host:
            return Reply()
        answer = self.client.request({"type": "watch_link", "room": self.room_id, "host": self.host, "mode": mode})
        if answer.get("type") != "watch_key":
            return refusal([_said(answer)])
        self.watch_links[mode] = watch_link(self.room_id, str(answer["key"]))
        self.open_menu = True
        return Reply()

    def _setting(self, key: str, value: object) -> Reply:
        """The inviter's seat controls: each is a request the room checks with the inviter's key."""
        name, _, number = key.rpartition("-")
        if self.client is None or not self.host or not number.isdigit():
            return Reply()
        if name == "room-computer":
            request = {"type": "seat", "seat": int(number), "computer": value == "computer"}
        elif name == "room-level":
            request = {"type": "level", "seat": int(number), "level": value}
        else:
            return Reply()
        return self._answered(self.client.request({**request, "room": self.room_id, "host": self.host}))

    def _answered(self, answer: Mapping[str, Any]) -> Reply:
        if answer.get("type") == "refused":
            return refusal([_said(answer)])
        return Reply(False, None)

    def play(self, action: Action, where: str = "") -> Reply:
        """Send the move to the room, which checks it (the turn, the table's version, the rules)."""
        if self.client is None or self.room_view is None:
            return Reply()
        version = self.room_view["version"]
        try:
            answer = self.client.move(str(action), version)
        except (OSError, TimeoutError):
            answer = {"type": "refused", "code": "room-service-down", "params": {}}
        if answer.get("type") != "moved":
            return refusal([_said(answer), *(reason.get("text", "") for reason in answer.get("reasons", []))], where)
        try:  # the room pushed the new view before it answered: draw it now, not after this message
            self.room_view = self.client.wait_view(lambda v: v["version"] >= answer["version"], timeout=2)
        except TimeoutError:
            pass
        return Reply(True, None)


class RoomWatch(RoomSeat):
    """A watch link's view of a room: the table live for someone not seated, every hand open for a teacher or
    the public table for an onlooker. It offers no move and holds no seat's key."""

    def __init__(self, room: str, key: str, *, client: RoomClient | None = None,
                 address: tuple[str, int] | None = None, schedule: Schedule | None = None) -> None:  # fmt: skip
        self.mode: str | None = None
        # seat 0: every move is another's
        super().__init__(room, 0, key, client=client, address=address, schedule=schedule)

    def sit(self, take_over: bool = False) -> Reply:
        """Watch the room with the link's key; a refusal (a forged key) is said and stops here."""
        if self.client is None:
            return Reply()
        try:
            answer = self.client.watch(self.room_id, self.key, lang=get_language())
        except (OSError, TimeoutError, ValueError):
            answer = {"type": "refused", "code": "room-service-down", "params": {}}
        if answer.get("type") != "watching":
            self.refused = {"code": answer.get("code", "room-service-down"), "params": answer.get("params", {})}
            return Reply()
        self.mode, self.refused = str(answer["mode"]), None
        if self.client.view is not None:
            self.room_view = self.client.view
        return Reply(True, None)

    def view(self) -> dict[str, Any] | None:
        room = self.room_view
        if self.refused is not None or room is None:
            return None
        return {**room["table"], "moves": [], "my_turn": False}

    def notice(self) -> Said | None:
        if self.refused is None:
            return Said("news", [{"code": "room-waiting", "params": {}}])
        return Said("refusal", [{"code": self.refused["code"], "params": self.refused.get("params", {})}])

    def chrome(self) -> dict[str, Any]:
        room = self.room_view
        if self.refused is not None or not room:
            return {"controls": []}
        notes = {str(s["seat"]): s["text"] for s in room["seats"]}
        line = render(f"room-watch-is-{self.mode}")
        return {"pace": "normal", "controls": [], "room": line, "version": room["version"], "seat_notes": notes,
                "recent": self._recent_words(), "watching": True}  # fmt: skip

    def menu(self) -> dict[str, Any]:
        if self.mode is None:
            return {}
        seats = (self.room_view or {}).get("seats", [])
        return {"room": {"title": render(f"room-watch-is-{self.mode}"), "seats": [s["text"] for s in seats]}}

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        if intent.get("do") in ("hint", "play_hint", "undo", "new_game", "save", "resume", "back", "stay",
                                "watch_link", "setting", "take_over"):  # fmt: skip
            return refusal([{"code": "room-watch-only", "params": {}}])
        return None

    def play(self, action: Action, where: str = "") -> Reply:
        return refusal([{"code": "room-watch-only", "params": {}}], where)


def _seat_number(seat: object) -> int:
    text = str(seat)
    return int(text) if text.isdigit() and 0 < int(text) < 100 else 0  # no seat: the room refuses the link


def _said(answer: Mapping[str, Any]) -> str:
    """A refusal's words: the room's own text, said in this seat's language (the link's language)."""
    text = answer.get("text")
    if isinstance(text, str) and text:
        return text
    return render(str(answer.get("code", "room-service-down")), dict(answer.get("params", {})))


# --- the play page ----------------------------------------------------------------------------------


def play_page(**settings: Any) -> widgets.VBox:
    """The play page's one widget: the solo table (dealt from a fresh secret seed, or the one its address
    names: ``?seed=3``), the seat its address names, or a watch link's view; "invite" on the solo table makes
    a room (with the game in progress, when the learner says so) and the page becomes the room's seat 1, its
    address the seat's own (a reload comes back to the seat). The page's heading says which it is."""
    box = widgets.VBox()

    def solo(seed: int | None = None) -> CardTable:
        table = PlayTable(**settings, **({} if seed is None else {"seed": seed}))
        table.source.on_invite = invited  # type: ignore[attr-defined]
        return table

    def become(table: CardTable) -> None:
        for old in box.children:
            old.close()
        box.children = (table,)
        watching = isinstance(table.source, RoomWatch)
        retitle_page("room-watch-title" if watching else "room-page-title",
                     ("room-watch-intro",) if watching else ("room-page-intro",))  # fmt: skip

    def invited(created: Mapping[str, Any], client: RoomClient) -> None:
        seats = dict(created["seats"])
        become(RoomTable(created["room"], 1, seats["1"], host=created["host"], seat_keys=seats, client=client,
                         open_menu=True))  # fmt: skip

    def requested(query: str) -> None:
        link = seat_link_of(query)
        seed = seed_of(query)
        if link is not None and link["watch"]:
            become(WatchTable(link["room"], link["watch"]))
        elif link is not None:
            become(RoomTable(link["room"], link["seat"], link["key"], host=link["host"] or None))
        elif not box.children:
            box.children = (solo(seed),)
        elif seed is not None and isinstance(getattr(box.children[0], "source", None), SoloGame):
            box.children[0].handle({"do": "new_game", "seed": seed})  # a page built ahead dealt a fresh seed

    if page_built_ahead():
        box.children = (solo(),)  # built before anyone asks; a seat's link replaces it
    when_requested(requested)
    return box
