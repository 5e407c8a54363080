"""How moves and views travel: a small asyncio service on loopback, beside the page server.

Each page's kernel holds one connection and at most one seat's key. The protocol is one JSON
object a line, each way. A page sends ``create`` (a room from the current settings; the answer
carries the keys), ``hello`` (sit at the seat whose key it holds), ``join`` (take the next open
seat, with the room's class link), ``move``, ``back``, ``view``, and the inviter's ``seat``, ``level`` and ``idle``. The
service answers each with a line of the same ``id`` and pushes ``view`` lines, each made by
``room.seat_view`` for the seat that connection holds and for no other: a kernel serving one seat
never receives another seat's hand.

The service plays the computers' turns, and a person's turn left idle (the room's idle time),
while anybody sits at the room in this process. Saves go through the store's compare-and-set, so
two moves at once (here, or in another process sharing Redis) give one move and a clear refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from bolivia_core.actions import Action
from bolivia_core.i18n import LANGUAGES, render

from .room import Room, RoomRefusal, RoomSettings, create_room, seat_view
from .store import MoveRecord, Store

__all__ = ["MAX_LINE", "REQUESTS", "RoomService", "ServiceThread"]

log = logging.getLogger("bolivia_rooms")

MAX_LINE = 64 * 1024
REQUESTS = ("create", "hello", "join", "move", "back", "view", "seat", "level", "idle")


@dataclass(eq=False)
class _Link:
    """One connection: at most one seat of one room, and the language its views are said in."""

    writer: asyncio.StreamWriter
    room: str | None = None
    seat: int | None = None
    language: str = "en"
    sent: list[dict[str, Any]] = field(default_factory=list)

    def send(self, message: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write((json.dumps(message, ensure_ascii=False) + "\n").encode())


class RoomService:
    """The rooms of one process, served to page kernels over TCP on loopback."""

    def __init__(self, store: Store, *, computer_delay: float = 0.4, idle_scale: float = 1.0,
                 on_send: Callable[[int | None, dict[str, Any]], None] | None = None) -> None:  # fmt: skip
        self.store = store
        self.computer_delay = computer_delay  # a pause before each computer move, so people can follow it
        self.idle_scale = idle_scale  # tests shrink a room's idle time; a room's own setting stays as set
        self.on_send = on_send  # tests: sees every message sent, with the seat it went to
        self._rooms: dict[str, Room] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._seated: dict[tuple[str, int], _Link] = {}
        self._computers: dict[str, asyncio.Task[None]] = {}
        self._idle: dict[str, asyncio.TimerHandle] = {}
        self._server: asyncio.Server | None = None
        self._links: set[_Link] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Future[Any]] = set()

    # --- starting and stopping ---------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        self._loop = asyncio.get_running_loop()
        self.store.listen(self._heard_from_store)
        self._server = await asyncio.start_server(self._serve, host, port, limit=MAX_LINE)
        bound = self._server.sockets[0].getsockname()
        return bound[0], bound[1]

    async def stop(self) -> None:
        self._loop = None  # saves heard from the store after this are nobody's business
        if self._server is not None:
            self._server.close()
        for link in list(self._links):
            link.writer.close()
        for task in [*self._computers.values(), *self._tasks]:
            task.cancel()
        for timer in self._idle.values():
            timer.cancel()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    # --- one connection ----------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = _Link(writer)
        self._links.add(link)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):  # a line past the limit: nothing after it is sure
                    self._refuse(link, None, RoomRefusal("room-malformed", {
                        "problem": render("room-malformed-long", {"most": MAX_LINE})}))  # fmt: skip
                    break
                if not line:
                    break
                await self._handle(link, line)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._leave(link)
            writer.close()

    def _leave(self, link: _Link) -> None:
        self._links.discard(link)
        if link.room is not None and link.seat is not None and self._seated.get((link.room, link.seat)) is link:
            del self._seated[(link.room, link.seat)]
            if not any(room_id == link.room for room_id, _ in self._seated):
                self._forget(link.room)

    def _forget(self, room_id: str) -> None:
        """Nobody sits at the room here any more: its game leaves this process's memory (the store
        keeps it) and its computers and idle timer stop, unless a change is being saved right now."""
        lock = self._locks.get(room_id)
        if lock is not None and lock.locked():
            self._background(self._forget_after(room_id, lock))
            return
        task = self._computers.pop(room_id, None)
        if task is not None:
            task.cancel()
        timer = self._idle.pop(room_id, None)
        if timer is not None:
            timer.cancel()
        self._rooms.pop(room_id, None)
        self._locks.pop(room_id, None)

    async def _forget_after(self, room_id: str, lock: asyncio.Lock) -> None:
        async with lock:
            pass
        if not any(seated == room_id for seated, _ in self._seated):
            self._forget(room_id)

    def _send(self, link: _Link, message: dict[str, Any]) -> None:
        if self.on_send is not None:
            self.on_send(link.seat, message)
        link.send(message)

    def _refuse(self, link: _Link, request_id: Any, refusal: RoomRefusal, **extra: Any) -> None:
        room = self._rooms.get(link.room) if link.room else None
        self._send(link, {"type": "refused", "re": request_id, **refusal.to_dict(link.language),
                          "version": room.version if room else None, **extra})  # fmt: skip

    async def _handle(self, link: _Link, line: bytes) -> None:
        try:
            request = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            request = None
        if not isinstance(request, dict):
            self._refuse(link, None, RoomRefusal("room-malformed", {"problem": render("room-malformed-json")}))
            return
        request_id = request.get("id")
        kind = request.get("type")
        if kind not in REQUESTS:
            problem = render("room-malformed-type", {"value": json.dumps(kind)[:40], "types": ", ".join(REQUESTS)})
            self._refuse(link, request_id, RoomRefusal("room-malformed", {"problem": problem}))
            return
        try:
            await getattr(self, f"_on_{kind}")(link, request)
        except RoomRefusal as refusal:
            self._refuse(link, request_id, refusal, **_offer(refusal))
        except Exception as error:  # a fault of the service or its store: said, logged, and the link lives on
            log.exception("a %s request failed", kind)
            self._refuse(link, request_id, RoomRefusal("room-failed", {"problem": type(error).__name__}))

    # --- the requests -----------------------------------------------------------------

    async def _on_create(self, link: _Link, request: dict[str, Any]) -> None:
        settings = RoomSettings.from_dict(request.get("settings", {}))
        room, invite = create_room(settings)
        await asyncio.to_thread(self.store.create, room)  # read from there when somebody sits down
        self._send(link, {"type": "created", "re": request.get("id"), "room": room.id, "host": invite.host,
                          "seats": {str(n): key for n, key in invite.seats.items()}, "join": invite.join})  # fmt: skip

    async def _on_hello(self, link: _Link, request: dict[str, Any]) -> None:
        room = await self._room(_text(request, "room"))
        seat = room.seat_of(request.get("token"))
        if seat is None or request.get("seat", seat) != seat:  # a link naming another seat than its key's is forged
            raise RoomRefusal("room-token-forged")
        await self._sit(link, request, room, seat)

    async def _on_join(self, link: _Link, request: dict[str, Any]) -> None:
        """A newcomer with the room's class link (its join key): the next open seat."""
        room = await self._room(_text(request, "room"))
        room.check_join(request.get("key"))
        seat = room.open_seat()
        if seat is None or (room.id, seat) in self._seated:
            raise RoomRefusal("room-full", {"room": room.id})
        await self._sit(link, request, room, seat)

    async def _sit(self, link: _Link, request: dict[str, Any], room: Room, seat: int) -> None:
        language = request.get("lang", link.language)
        link.language = language if language in LANGUAGES else "en"
        holder = self._seated.get((room.id, seat))
        if holder is not None and holder is not link and not holder.writer.is_closing():
            if request.get("take_over") is not True:
                raise RoomRefusal("room-seat-open-elsewhere", {"seat": seat})
            self._refuse(holder, None, RoomRefusal("room-seat-taken-over", {"seat": seat}))
            holder.room = holder.seat = None
        if link.room is not None and link.seat is not None and self._seated.get((link.room, link.seat)) is link:
            del self._seated[(link.room, link.seat)]
        link.room, link.seat = room.id, seat
        self._seated[(room.id, seat)] = link
        changed = await self._change(room.id, _plain(lambda r: r.claim(seat)))
        if not changed:
            self._push(link, self._rooms[room.id])
            self._drive(self._rooms[room.id])
        self._send(link, {"type": "seated", "re": request.get("id"), "room": room.id, "seat": seat})

    async def _on_move(self, link: _Link, request: dict[str, Any]) -> None:
        room_id, seat = _seated(link)
        asked = request.get("seat", seat)
        if asked != seat:
            raise RoomRefusal("room-not-your-seat", {"seat": seat, "asked": json.dumps(asked)[:12]})
        def play(room: Room) -> tuple[Room, MoveRecord]:
            after, action = room.move(seat, request.get("version"), request.get("action"))
            return after, MoveRecord(after.version, seat, str(action), "person")

        await self._change(room_id, play)
        self._send(link, {"type": "moved", "re": request.get("id"), "version": self._rooms[room_id].version})

    async def _on_back(self, link: _Link, request: dict[str, Any]) -> None:
        room_id, seat = _seated(link)
        if not await self._change(room_id, _plain(lambda r: r.claim(seat))):
            self._push(link, self._rooms[room_id])
        self._send(link, {"type": "done", "re": request.get("id")})

    async def _on_view(self, link: _Link, request: dict[str, Any]) -> None:
        room_id, _ = _seated(link)
        self._push(link, await self._room(room_id))

    async def _on_seat(self, link: _Link, request: dict[str, Any]) -> None:
        room = await self._room(_text(request, "room"))
        await self._change(room.id, _plain(lambda r: r.set_computer(request.get("host"), request.get("seat"),
                                                                    request.get("computer"))))  # fmt: skip
        self._send(link, {"type": "done", "re": request.get("id")})

    async def _on_level(self, link: _Link, request: dict[str, Any]) -> None:
        room = await self._room(_text(request, "room"))
        await self._change(room.id, _plain(lambda r: r.set_level(request.get("host"), request.get("seat"),
                                                                 request.get("level"))))  # fmt: skip
        self._send(link, {"type": "done", "re": request.get("id")})

    async def _on_idle(self, link: _Link, request: dict[str, Any]) -> None:
        room = await self._room(_text(request, "room"))
        await self._change(room.id, _plain(lambda r: r.set_idle(request.get("host"), request.get("seconds"))))
        self._send(link, {"type": "done", "re": request.get("id")})

    # --- rooms: loading, changing, telling the seats ------------------------------------

    async def _room(self, room_id: str) -> Room:
        room = self._rooms.get(room_id)
        if room is None:
            stored = await asyncio.to_thread(self.store.load, room_id)
            if stored is None:
                raise RoomRefusal("room-unknown", {"room": room_id[:40]})
            room = self._rooms.setdefault(room_id, await asyncio.to_thread(stored.room))
        return room

    async def _reload(self, room_id: str) -> Room:
        stored = await asyncio.to_thread(self.store.load, room_id)
        assert stored is not None  # rooms are never deleted
        cached = self._rooms.get(room_id)
        if cached is None or cached.version < stored.version:
            self._rooms[room_id] = await asyncio.to_thread(stored.room)
        return self._rooms[room_id]

    async def _change(self, room_id: str, change: Change) -> bool:
        """Apply ``change`` to the room as it stands and save it if nobody saved first; a room
        another process moved on is read again and the change refused ("the table changed")."""
        async with self._locks.setdefault(room_id, asyncio.Lock()):
            room = await self._room(room_id)
            changed = change(room)
            if changed is None:
                return False
            after, move = changed
            saved = await asyncio.to_thread(self.store.save, after, room.version, move)
            if saved:
                self._rooms[room_id] = after
            else:
                after = await self._reload(room_id)
        self._changed(after)  # the seats here see the table as it now stands, whoever moved it
        if not saved:
            raise RoomRefusal("room-table-changed", {"sent": room.version, "now": after.version})
        return True

    def _heard_from_store(self, room_id: str, version: int) -> None:
        """A save, perhaps by another process: read the room again and tell this process's seats."""
        loop = self._loop
        if loop is not None and room_id in self._rooms:
            with contextlib.suppress(RuntimeError):  # the loop closed as the save was heard
                loop.call_soon_threadsafe(self._refresh_soon, room_id, version)

    def _refresh_soon(self, room_id: str, version: int) -> None:
        room = self._rooms.get(room_id)
        if room is not None and room.version < version:
            self._background(self._refresh(room_id))

    async def _refresh(self, room_id: str) -> None:
        if self._loop is None:  # stopped meanwhile
            return
        async with self._locks.setdefault(room_id, asyncio.Lock()):
            cached = self._rooms.get(room_id)
            if cached is None:  # forgotten meanwhile: read again when someone sits there
                return
            before = cached.version
            room = await self._reload(room_id)
        if room.version > before:
            self._changed(room)

    def _changed(self, room: Room) -> None:
        for (room_id, _), link in list(self._seated.items()):
            if room_id == room.id:
                self._push(link, room)
        self._drive(room)

    def _push(self, link: _Link, room: Room) -> None:
        assert link.seat is not None
        self._send(link, {"type": "view", **seat_view(room, link.seat, link.language)})

    def _drive(self, room: Room) -> None:
        """While someone sits at this room here: play the computers' turns, and time the person's."""
        if not any(room_id == room.id for room_id, _ in self._seated):
            return
        timer = self._idle.pop(room.id, None)
        if timer is not None:
            timer.cancel()
        if room.computer_to_move():
            task = self._computers.get(room.id)
            if task is None or task.done():
                self._computers[room.id] = asyncio.ensure_future(self._play_computers(room.id))
        elif room.to_move is not None and self._loop is not None:
            delay = room.settings.idle_seconds * self.idle_scale
            self._idle[room.id] = self._loop.call_later(delay, self._went_idle, room.id, room.version, room.to_move)

    def _went_idle(self, room_id: str, version: int, seat: int) -> None:
        room = self._rooms.get(room_id)
        if room is not None and room.version == version:
            self._background(self._quietly(self._change(room_id, _plain(lambda r: r.went_idle(seat)))))

    def _background(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)  # kept until done: the loop holds only weak references to tasks
        task.add_done_callback(self._tasks.discard)

    async def _play_computers(self, room_id: str) -> None:
        while True:
            await asyncio.sleep(self.computer_delay)
            room = self._rooms.get(room_id)
            if room is None or not room.computer_to_move():
                return
            # the choice (a strong level thinks for a tenth of a second or more) is made in a thread,
            # so the other rooms' moves go on meanwhile; it is played only on the table it was made for
            action = await asyncio.to_thread(room.computer_choice)

            def play(now: Room, action: Action | None = action, made_for: int = room.version) -> Outcome:
                return _computer_plays(now, action) if now.version == made_for else None

            changed = await self._quietly(self._change(room_id, play))
            now = self._rooms.get(room_id)
            if not changed and (now is None or now.version == room.version):
                return

    @staticmethod
    async def _quietly(change: Any) -> bool:
        """A change the service makes itself (a computer's move, an idle seat): one another process
        made first is no error; it is heard from the store."""
        try:
            return bool(await change)
        except RoomRefusal:
            return True
        except Exception:  # never let a computer's turn end the service
            log.exception("a room's own change failed")
            return False


Outcome = tuple[Room, MoveRecord | None] | None  # the room after a change, and the move to append; None: no change
Change = Callable[[Room], Outcome]


def _plain(change: Callable[[Room], Room | None]) -> Change:
    """A change that is no move: nothing is appended to the moves."""

    def changed(room: Room) -> tuple[Room, MoveRecord | None] | None:
        after = change(room)
        return None if after is None else (after, None)

    return changed


def _computer_plays(room: Room, action: Action | None) -> Outcome:
    chosen = room.computer_move(action)
    if chosen is None:
        return None
    after, action = chosen
    return after, MoveRecord(after.version, room.to_move or 0, str(action), "computer")


def _offer(refusal: RoomRefusal) -> dict[str, Any]:
    """A seat open elsewhere may be taken over: the refusal says how."""
    return {"may_take_over": True} if refusal.code == "room-seat-open-elsewhere" else {}


def _text(request: dict[str, Any], name: str) -> str:
    value = request.get(name)
    if not isinstance(value, str):
        shown = json.dumps(value)[:40] if isinstance(value, int | float | bool | type(None)) else type(value).__name__
        problem = render("room-malformed-field", {"field": name, "expected": "string", "value": shown})
        raise RoomRefusal("room-malformed", {"problem": problem})
    return value


def _seated(link: _Link) -> tuple[str, int]:
    if link.room is None or link.seat is None:
        raise RoomRefusal("room-not-seated")
    return link.room, link.seat


class ServiceThread:
    """A ``RoomService`` on its own event loop in a thread: for tests and benchmarks that drive it
    through real sockets from the calling thread. ``stop`` ends it as a restart would."""

    def __init__(self, store: Store, host: str = "127.0.0.1", port: int = 0, **options: Any) -> None:
        self.service = RoomService(store, **options)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self.address = asyncio.run_coroutine_threadsafe(self.service.start(host, port), self._loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.service.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> ServiceThread:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
