"""How moves and views travel: a small asyncio service on loopback, beside the page server.

Each page's kernel holds one connection and at most one seat's key (or a watch link's). The protocol
is one JSON object a line, each way, UTF-8, at most ``MAX_LINE`` bytes a line. Every request may carry
an ``id`` (a number or a short string); its answer carries it back as ``re``. Every request is checked
against its schema (``protocol``); whatever is wrong with a line, however malformed, is answered with a
``refused`` line naming what, and the connection goes on.

Protocol version 2. Requests (page to service):

- ``create`` {protocol: 2, settings?: {rules, players, target, seed, levels, computer_seats, idle_seconds,
  grace_seconds}, game?: a saved game's JSON (the game in progress: checked by replaying it; it brings
  its rules, players, target and seed), lang?} -> ``created`` {room, seat: 1, host, seats: {"1": key, ...},
  join}. The keys are shown this once: ``seats["1"]`` is the inviter's own seat's key, for the page's
  address; ``host`` the inviter's key to the seats' controls; ``join`` the class link's key.
- ``hello`` {protocol: 2, room, token, seat?, lang?} -> ``seated`` {room, seat}. The key proves who
  it is: a reload or a second page with the same key takes the seat at once, silently; the page that
  held it before is told ``refused`` {code: "room-seat-taken-over", re: null, may_take_over: true}
  and sent nothing more (it may say hello again to take the seat back).
- ``join`` {protocol: 2, room, key: the class link's key, lang?} -> ``seated`` {room, seat, key}: the
  next open seat, claimed atomically in the store (ten newcomers at once for three open seats fill all
  three, and only then is anyone told ``room-full``). ``key`` opens that seat from now on (the page puts
  it in its address, so a reload comes back to the seat).
- ``watch`` {protocol: 2, room, key: a watch link's key, lang?} -> ``watching`` {room, mode}; then
  ``view`` lines with ``watch`` = "teacher" (every hand open: ``table.open_hands``) or "onlooker"
  (the public table: no hand at all). A watch key is never shown to a seat.
- ``move`` {action, version, seat?} -> ``moved`` {version}. ``version`` is the view's the move was
  made on: refused as ``room-table-changed`` only when the game moved on since (not for a change of
  seats or presence).
- ``stay`` {} (``back`` is the same) -> ``done``: the person is here: a countdown stops, and the
  computer that stood in for them gives the seat back.
- ``view`` {} -> a ``view`` line now.
- The inviter's, each with {room, host}: ``seat`` {seat, computer: bool}, ``level`` {seat, level},
  ``idle`` {seconds}, ``grace`` {seconds} -> ``done``; ``watch_link`` {mode: "teacher" | "onlooker"}
  -> ``watch_key`` {room, mode, key}.

Lines the service sends unasked:

- ``view`` {room, seat, version, turn, phase, over, asked_by, table (the engine's seat view),
  actions (the seat's moves when it is to act), seats: [{seat, state ("open" | "person" | "away" |
  "computer"), stand_in (the computer plays it now), level, text}], countdown: null or {deadline
  (Unix time), seconds (left when sent), why ("idle" | "gone")} (this seat's own: a ``stay`` stops it;
  the others see the seat "away"), log (this hand's events in words), since: [{code, params, text}]
  (the public events since this page's last view: what each other person and computer did), seen}.
  Made by ``views`` for the seat (or watch link) that connection holds and for no other: a kernel
  serving one seat never receives another seat's hand, and no view holds the room's seed.
- ``refused`` with ``re`` null: a notice (``room-seat-taken-over``; ``room-too-slow`` or
  ``room-closing`` before the service closes the connection).

Presence: a person who arrives is present. Their turn left idle for the room's idle time starts a
countdown (``RoomService.countdown`` seconds) in their view, and the other seats see them away; when it
runs out the computer (the seat's level) stands in until they ``stay``. A page that closes leaves its
person away for the room's grace time (90 s unless set), then the computer stands in.

Fairness and bounds: every connection gets its turn after each line it sends (a line at a time, then
the loop moves on); each connection has a token bucket of lines (over it: ``room-rate-limited``, and
its next line is read only when a token is back); what is sent to a connection waits in a bounded
queue, written by the connection's own writer task (a connection that falls behind is closed with
``room-too-slow``; it reconnects and is sent the table as it stands); rooms are made at a bounded rate
per source and in all (``room-create-limited``); a wrong key loads nothing into memory (it is checked
against the digests read from the store, without the game); rooms nobody touched for the store's
lifetime are removed.

The service plays the computers' turns, and times countdowns and graces, while anybody is at the room
in this process. Saves go through the store's compare-and-set, so two moves at once (here, or in
another process sharing Redis) give one move and a clear refusal. When Redis is lost and comes back,
every room here is read again and its seats are sent the table as it stands.

Why asyncio streams and not the ``websockets`` library: the peers are the project's own page kernels on
loopback, never browsers, so a line of JSON is all the framing needed; what websockets would bring
(size limits, back-pressure, a close reason) is a line limit, ``drain`` behind a bounded queue, and a
last ``refused`` line here, in a few lines each, with no handshake and no dependency in every kernel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import socket
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from bolivia_core.actions import Action
from bolivia_core.i18n import LANGUAGES, render

from . import protocol as p
from .limits import Buckets, TokenBucket
from .room import Room, RoomKeys, RoomRefusal, RoomSettings, create_room
from .store import MoveRecord, Store, StoreUnavailable
from .tokens import new_token, token_digest
from .views import seat_view, watch_view

__all__ = ["MAX_LINE", "Limits", "RoomService", "ServiceThread"]

log = logging.getLogger("bolivia_rooms")

MAX_LINE = 1024 * 1024  # bytes a line: a saved game brought into a room fits, with room to spare
READ_CHUNK = 64 * 1024
SEND_BUFFER = 256 * 1024  # the kernel's send buffer of a connection
WRITE_AT_ONCE = 64 * 1024  # what a connection's transport may hold before lines wait in its queue
CLOSE_WAIT = 10.0  # seconds a closing connection has to read its last lines before it is cut
SAVE_TRIES = 20  # a change that is no move (a seat taken, a countdown) tried again on a newer table


@dataclass(frozen=True)
class Limits:
    """How much one connection, one source and everybody may ask of the service."""

    lines_per_second: float = 50.0  # a page sends a line a tap; a test's client a few hundred a game
    lines_burst: float = 100.0
    queue_messages: int = 256  # lines waiting to be written to one connection
    queue_bytes: int = 2 * 1024 * 1024
    rooms_per_minute: float = 30.0  # made by one source (a host; on loopback every kernel is one source)
    rooms_burst: float = 30.0
    rooms_per_minute_total: float = 120.0
    rooms_burst_total: float = 120.0


@dataclass(eq=False)
class _Link:
    """One connection: at most one seat (or one watch link) of one room, the language its views are
    said in, its bucket of lines, and what waits to be written to it."""

    writer: asyncio.StreamWriter
    source: str
    lines: TokenBucket
    id: str = field(default_factory=lambda: secrets.token_hex(8))  # names the page that holds a seat
    room: str | None = None
    seat: int | None = None
    watch: str | None = None  # "teacher" or "onlooker" for a watch link
    seen: int | None = None  # how much of the game's log this page was shown
    language: str = "en"
    queue: deque[bytes] = field(default_factory=deque)
    queued: int = 0  # bytes in ``queue``
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    closing: str | None = None  # why the service is closing it
    throttled: bool = False  # past its rate, and told so

    @property
    def attached(self) -> bool:
        return self.room is not None and (self.seat is not None or self.watch is not None)


class RoomService:
    """The rooms of one process, served to page kernels over TCP on loopback."""

    def __init__(self, store: Store, *, computer_delay: float = 0.4, idle_scale: float = 1.0,
                 countdown: float = 20.0, limits: Limits | None = None,
                 on_send: Callable[[int | None, dict[str, Any]], None] | None = None) -> None:  # fmt: skip
        self.store = store
        self.computer_delay = computer_delay  # a pause before each computer move, so people can follow it
        self.idle_scale = idle_scale  # tests shrink a room's idle, countdown and grace times; the settings stay
        self.countdown = countdown  # seconds an idle turn counts down before the computer stands in
        self.limits = limits or Limits()
        self.on_send = on_send  # tests: sees every message sent, with the seat it went to
        self._rooms: dict[str, Room] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._seated: dict[tuple[str, int], _Link] = {}
        self._watching: dict[str, set[_Link]] = {}
        self._held: Counter[str] = Counter()  # rooms a request is working on
        self._seen: dict[tuple[str, int], int] = {}  # how much of a room's log each seat here was shown
        self._computers: dict[str, asyncio.Task[None]] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._server: asyncio.Server | None = None
        self._links: set[_Link] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._serving: set[asyncio.Task[Any]] = set()  # each connection's reader
        self._made_by = Buckets(self.limits.rooms_per_minute / 60, self.limits.rooms_burst)
        self._made = TokenBucket(self.limits.rooms_per_minute_total / 60, self.limits.rooms_burst_total)
        self._stopping = False

    # --- starting and stopping ---------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> tuple[str, int]:
        self._loop = asyncio.get_running_loop()
        self.store.listen(self._heard_from_store, self._store_came_back)
        self._server = await asyncio.start_server(self._serve, host, port)
        self._background(self._expire_rooms())
        bound = self._server.sockets[0].getsockname()
        return bound[0], bound[1]

    async def stop(self) -> None:
        self._stopping = True  # a page closing now is the service stopping, not its person leaving
        self._loop = None  # saves heard from the store after this are nobody's business
        if self._server is not None:
            self._server.close()
        for link in list(self._links):
            link.writer.close()
        for task in [*self._computers.values(), *self._tasks, *self._serving]:
            task.cancel()
        for timer in self._timers.values():
            timer.cancel()
        with contextlib.suppress(Exception):  # every connection's reader and writer ended before the loop does
            await asyncio.wait_for(asyncio.gather(*self._serving, return_exceptions=True), 2)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)

    async def _expire_rooms(self) -> None:
        """Rooms nobody touched for the store's lifetime go: now, and every so often."""
        while True:
            try:
                gone = await asyncio.to_thread(self.store.expire)
                if gone:
                    log.info("%d rooms untouched for %.0f days removed", gone, self.store.lifetime / 86400)
            except Exception:  # the store away: next time
                log.warning("rooms could not be expired now", exc_info=True)
            await asyncio.sleep(min(3600.0, max(1.0, self.store.lifetime / 10)))

    # --- one connection: reading, and writing through a bounded queue --------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        sock = writer.get_extra_info("socket")
        if sock is not None:  # what the kernel holds for a connection that does not read: bounded too
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        link = _Link(writer, str(peer[0]) if isinstance(peer, tuple) else "local",
                     TokenBucket(self.limits.lines_per_second, self.limits.lines_burst))  # fmt: skip
        self._links.add(link)
        serving = asyncio.current_task()
        if serving is not None:
            self._serving.add(serving)
            serving.add_done_callback(self._serving.discard)
        writing = asyncio.ensure_future(self._write(link))
        try:
            await self._read(link, reader)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._leave(link)
            if link.closing is None:
                link.closing = "closed"
                link.ready.set()
            if not self._stopping:  # what is queued goes out first (the reason, when it was closed)
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, ConnectionError):
                    await asyncio.wait_for(writing, CLOSE_WAIT)
            writing.cancel()
            writer.close()
            self._links.discard(link)

    async def _read(self, link: _Link, reader: asyncio.StreamReader) -> None:
        """Lines, one at a time, each answered, then the other connections' turn; a line longer than
        ``MAX_LINE`` is refused once and the rest of it, as it comes, thrown away."""
        buffer = bytearray()
        discarding = False
        while link.closing is None:
            chunk = await reader.read(READ_CHUNK)
            if not chunk:
                return
            buffer += chunk
            start = 0
            while link.closing is None and (end := buffer.find(b"\n", start)) >= 0:
                line, start = bytes(buffer[start:end]), end + 1
                if discarding:  # the end of a line refused already
                    discarding = False
                elif len(line) > MAX_LINE:
                    self._refuse_long(link)
                else:
                    await self._line(link, line)
            del buffer[:start]
            if len(buffer) > MAX_LINE and not discarding:
                self._refuse_long(link)
                discarding = True
            if discarding:
                buffer.clear()

    def _refuse_long(self, link: _Link) -> None:
        long = render("room-malformed-long", {"most": MAX_LINE}, link.language)
        self._refuse(link, None, RoomRefusal("room-malformed", {"problem": long}))

    async def _line(self, link: _Link, line: bytes) -> None:
        wait = link.lines.take(self._now())
        if wait:
            if not link.throttled:  # told once as it begins, not at every line after
                most = f"{self.limits.lines_per_second:g}"
                self._refuse(link, None, RoomRefusal("room-rate-limited", {"most": most, "wait": f"{wait:.1f}"}))
            link.throttled = True
            await asyncio.sleep(wait)  # this line is read when a token is back: meanwhile the sender waits on TCP
            link.lines.take(self._now())
        else:
            link.throttled = False
        await self._handle(link, line.rstrip(b"\r"))
        await asyncio.sleep(0)  # every other connection's turn before this one's next line

    async def _write(self, link: _Link) -> None:
        """The connection's writer: what is queued, in order, as fast as the connection reads it (a line
        is queued only while the transport holds more than ``WRITE_AT_ONCE``)."""
        while True:
            await link.ready.wait()
            link.ready.clear()
            await link.writer.drain()
            while link.queue:
                batch = b"".join(link.queue)
                link.queue.clear()
                link.queued = 0
                link.writer.write(batch)
                await link.writer.drain()  # waits while the connection's socket buffer is full
            if link.closing is not None:
                return

    def _send(self, link: _Link, message: dict[str, Any]) -> None:
        if link.closing is not None:
            return
        if self.on_send is not None:
            self.on_send(link.seat, message)
        data = msgspec.json.encode(message) + b"\n"
        if not link.queue and link.writer.transport.get_write_buffer_size() < WRITE_AT_ONCE:
            link.writer.write(data)  # it keeps up: straight to its socket, no turn of the loop lost
            return
        limits = self.limits
        if len(link.queue) >= limits.queue_messages or link.queued + len(data) > limits.queue_bytes:
            self._fall_behind(link)
            return
        link.queue.append(data)  # its writer sends it when the socket has taken what it holds
        link.queued += len(data)
        link.ready.set()

    def _fall_behind(self, link: _Link) -> None:
        """A connection that does not read what it is sent: its queue is dropped, it is told why (after
        whatever its socket already holds), its seat is left, and it is closed."""
        log.warning("a connection fell %d lines behind; closing it", len(link.queue))
        link.queue.clear()
        link.queued = 0
        refusal = RoomRefusal("room-too-slow", {"most": self.limits.queue_messages})
        last = {"type": "refused", "re": None, **refusal.to_dict(link.language), "version": None}
        link.writer.write(msgspec.json.encode(last) + b"\n")
        link.closing = "room-too-slow"
        link.ready.set()
        self._leave(link)
        link.writer.close()  # sent what it holds, if it reads again; then closed
        if self._loop is not None:
            self._loop.call_later(CLOSE_WAIT, link.writer.transport.abort)  # or cut, if it does not

    def _refuse(self, link: _Link, request_id: Any, refusal: RoomRefusal, **extra: Any) -> None:
        room = self._rooms.get(link.room) if link.room else None
        self._send(link, {"type": "refused", "re": request_id, **refusal.to_dict(link.language),
                          "version": room.version if room else None, **extra})  # fmt: skip

    async def _handle(self, link: _Link, line: bytes) -> None:
        request, request_id, refusal = p.decode_request(line)
        if refusal is not None or request is None:
            self._refuse(link, request_id, refusal or RoomRefusal("room-malformed"))
            return
        kind = type(request).__name__
        try:
            await self._answer(link, request)
        except RoomRefusal as refused:
            self._refuse(link, request.id, refused)
        except StoreUnavailable:
            log.warning("the store does not answer: a %s request refused", kind)
            self._refuse(link, request.id, RoomRefusal("room-store-down"))
        except Exception as error:  # a fault of the service or its store: said, logged, and the link lives on
            log.exception("a %s request failed", kind)
            self._refuse(link, request.id, RoomRefusal("room-failed", {"problem": type(error).__name__}))

    async def _answer(self, link: _Link, request: p.Request) -> None:
        if isinstance(request, p.Create | p.Hello | p.Join | p.Watch):
            if request.protocol not in p.PROTOCOLS:
                raise RoomRefusal("room-protocol", {"given": request.protocol,
                                                    "known": ", ".join(map(str, p.PROTOCOLS))})  # fmt: skip
            link.language = request.lang if request.lang in LANGUAGES else "en"
        match request:
            case p.Create():
                await self._on_create(link, request)
            case p.Hello():
                await self._on_hello(link, request)
            case p.Join():
                await self._on_join(link, request)
            case p.Watch():
                await self._on_watch(link, request)
            case p.Move():
                await self._on_move(link, request)
            case p.Stay() | p.Back():
                await self._on_stay(link, request)
            case p.View():
                await self._on_view(link, request)
            case p.SeatComputer() | p.Level() | p.Idle() | p.Grace() | p.WatchLink():
                await self._on_host(link, request)

    # --- the requests -----------------------------------------------------------------

    async def _on_create(self, link: _Link, request: p.Create) -> None:
        now = self._now()
        wait = max(self._made.wait(now), self._made_by.wait(link.source, now))
        if wait:
            raise RoomRefusal("room-create-limited", {"wait": math.ceil(wait)})
        self._made.take(now)
        self._made_by.take(link.source, now)
        settings = request.settings
        if settings.seed is not None and not 0 <= settings.seed < 2**256:
            raise RoomRefusal("room-malformed", {"problem": render("room-malformed-bounds", {
                "field": "settings.seed", "expected": "an integer from 0 to 2**256"})})  # fmt: skip
        made = RoomSettings.from_dict(settings.to_dict())
        room, invite = await asyncio.to_thread(create_room, made, None, request.game)  # a game brought in is replayed
        await asyncio.to_thread(self.store.create, room)  # read from there when somebody sits down
        self._send(link, {"type": "created", "re": request.id, "room": room.id, "seat": 1, "host": invite.host,
                          "seats": {str(n): key for n, key in invite.seats.items()}, "join": invite.join})  # fmt: skip

    async def _on_hello(self, link: _Link, request: p.Hello) -> None:
        keys = await self._keys(request.room)
        seat = keys.seat_of(request.token)
        if seat is None or (request.seat is not None and request.seat != seat):  # a link naming another seat is forged
            raise RoomRefusal("room-token-forged")
        with self._holding(request.room):
            await self._change(request.room, _plain(lambda r: r.arrive(seat, link.id)), tries=SAVE_TRIES)
            self._sit(link, request.room, seat)
        self._send(link, {"type": "seated", "re": request.id, "room": request.room, "seat": seat})

    async def _on_join(self, link: _Link, request: p.Join) -> None:
        """A newcomer with the room's class link: the next open seat, claimed in the store's
        compare-and-set (another newcomer, here or in another process, claims another seat)."""
        keys = await self._keys(request.room)
        keys.check_join(request.key)
        key = new_token()
        taken: list[int] = []

        def join(room: Room) -> Outcome:
            joined = room.join(link.id, token_digest(key))
            if joined is None:
                raise RoomRefusal("room-full", {"room": room.id})
            taken[:] = [joined[1]]
            return joined[0], None

        with self._holding(request.room):
            await self._change(request.room, join, tries=SAVE_TRIES)
            self._sit(link, request.room, taken[0])
        self._send(link, {"type": "seated", "re": request.id, "room": request.room, "seat": taken[0], "key": key})

    async def _on_watch(self, link: _Link, request: p.Watch) -> None:
        keys = await self._keys(request.room)
        mode = keys.watch_mode(request.key)
        if mode is None:
            raise RoomRefusal("room-token-forged")
        with self._holding(request.room):
            room = await self._room(request.room)
            self._detach(link)
            link.room, link.watch, link.seen = room.id, mode, None
            self._watching.setdefault(room.id, set()).add(link)
        self._push(link, room)
        self._drive(room)
        self._send(link, {"type": "watching", "re": request.id, "room": room.id, "mode": mode})

    @contextlib.contextmanager
    def _holding(self, room_id: str) -> Iterator[None]:
        """Keep the room in memory while a request works on it, though nobody is seated at it yet."""
        self._held[room_id] += 1
        try:
            yield
        finally:
            self._held[room_id] -= 1
            if not self._held[room_id]:
                del self._held[room_id]
                if not self._attended(room_id):
                    self._forget(room_id)

    def _sit(self, link: _Link, room_id: str, seat: int) -> None:
        """The connection now holds the seat (saved already: the room's record names it as holder)."""
        self._detach(link)
        before = self._seated.get((room_id, seat))
        if before is not None and before is not link:
            self._taken_over(before)
        link.room, link.seat = room_id, seat
        self._seated[(room_id, seat)] = link
        room = self._rooms[room_id]
        self._push(link, room)
        self._drive(room)

    def _taken_over(self, link: _Link) -> None:
        """Another page holds this connection's seat now: told so, and sent no more of the room."""
        seat = link.seat
        self._detach(link, forget=False)
        self._refuse(link, None, RoomRefusal("room-seat-taken-over", {"seat": seat}), may_take_over=True)

    def _detach(self, link: _Link, forget: bool = True) -> None:
        if link.room is None:
            return
        if link.seat is not None and self._seated.get((link.room, link.seat)) is link:
            del self._seated[(link.room, link.seat)]
        self._watching.get(link.room, set()).discard(link)
        room_id, link.room, link.seat, link.watch = link.room, None, None, None
        if forget and not self._attended(room_id):
            self._forget(room_id)

    def _leave(self, link: _Link) -> None:
        """A connection closed: its person is away (unless another page holds the seat since) and the
        grace time runs; the room leaves memory here once nobody is at it."""
        room_id, seat = link.room, link.seat
        self._detach(link, forget=False)
        if room_id is None:
            return
        if seat is not None and not self._stopping and self._loop is not None:
            grace = self._rooms[room_id].settings.grace_seconds if room_id in self._rooms else 0
            deadline = time.time() + grace * self.idle_scale
            self._background(self._left(room_id, seat, link.id, deadline))
        elif not self._attended(room_id):
            self._forget(room_id)

    async def _left(self, room_id: str, seat: int, holder: str, deadline: float) -> None:
        with self._holding(room_id):
            await self._quietly(self._change(room_id, _plain(lambda r: r.leave(seat, holder, deadline)),
                                             tries=SAVE_TRIES))  # fmt: skip

    def _attended(self, room_id: str) -> bool:
        return (room_id in self._held or any(seated == room_id for seated, _ in self._seated)
                or bool(self._watching.get(room_id)))  # fmt: skip

    def _forget(self, room_id: str) -> None:
        """Nobody is at the room here any more: its game leaves this process's memory (the store
        keeps it) and its computers and timers stop, unless a change is being saved right now."""
        lock = self._locks.get(room_id)
        if lock is not None and lock.locked():
            self._background(self._forget_after(room_id, lock))
            return
        task = self._computers.pop(room_id, None)
        if task is not None:
            task.cancel()
        timer = self._timers.pop(room_id, None)
        if timer is not None:
            timer.cancel()
        self._rooms.pop(room_id, None)
        self._locks.pop(room_id, None)
        self._watching.pop(room_id, None)
        for key in [k for k in self._seen if k[0] == room_id]:
            del self._seen[key]

    async def _forget_after(self, room_id: str, lock: asyncio.Lock) -> None:
        async with lock:
            pass
        if not self._attended(room_id):
            self._forget(room_id)

    async def _on_move(self, link: _Link, request: p.Move) -> None:
        room_id, seat = _seated(link)
        if request.seat is not None and request.seat != seat:
            raise RoomRefusal("room-not-your-seat", {"seat": seat, "asked": str(request.seat)[:12]})

        def play(room: Room) -> tuple[Room, MoveRecord]:
            after, action = room.move(seat, request.version, request.action, link.id)
            return after, MoveRecord(after.version, seat, str(action), "person")

        cached = self._rooms.get(room_id)
        if cached is not None and request.version > cached.version:  # saved elsewhere, not heard here yet
            await self._refresh(room_id, request.version)

        await self._change(room_id, play)
        self._send(link, {"type": "moved", "re": request.id, "version": self._rooms[room_id].version})

    async def _on_stay(self, link: _Link, request: p.Stay | p.Back) -> None:
        room_id, seat = _seated(link)
        if not await self._change(room_id, _plain(lambda r: r.stay(seat)), tries=SAVE_TRIES):
            self._push(link, self._rooms[room_id])
        self._send(link, {"type": "done", "re": request.id})

    async def _on_view(self, link: _Link, request: p.View) -> None:
        if not link.attached or link.room is None:
            raise RoomRefusal("room-not-seated")
        self._push(link, await self._room(link.room))

    async def _on_host(self, link: _Link, request: p.SeatComputer | p.Level | p.Idle | p.Grace | p.WatchLink) -> None:
        """The inviter's controls: the key is checked against the stored digest before the room is read."""
        (await self._keys(request.room)).check_host(request.host)
        answer: dict[str, Any] = {"type": "done", "re": request.id}
        match request:
            case p.SeatComputer():
                change = _plain(lambda r: r.set_computer(request.host, request.seat, request.computer))
            case p.Level():
                change = _plain(lambda r: r.set_level(request.host, request.seat, request.level))
            case p.Idle():
                change = _plain(lambda r: r.set_idle(request.host, request.seconds))
            case p.Grace():
                change = _plain(lambda r: r.set_grace(request.host, request.seconds))
            case p.WatchLink():
                key = new_token()
                change = _plain(lambda r: r.add_watcher(request.host, request.mode, token_digest(key)))
                answer = {"type": "watch_key", "re": request.id, "room": request.room, "mode": request.mode,
                          "key": key}  # fmt: skip
        with self._holding(request.room):
            await self._change(request.room, change, tries=SAVE_TRIES)
        self._send(link, answer)

    # --- rooms: keys, loading, changing, telling the seats ------------------------------

    async def _keys(self, room_id: str) -> RoomKeys:
        """A room's keys, from memory or from its stored record without its game: a wrong key (or a
        room that does not exist) loads nothing."""
        room = self._rooms.get(room_id)
        if room is not None:
            return room.keys
        meta = await asyncio.to_thread(self.store.load_meta, room_id)
        if meta is None:
            raise RoomRefusal("room-unknown", {"room": room_id[:40]})
        return RoomKeys.from_meta(meta)

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
        if stored is None:
            raise RoomRefusal("room-unknown", {"room": room_id[:40]})
        cached = self._rooms.get(room_id)
        if cached is None or cached.version < stored.version:
            self._rooms[room_id] = await asyncio.to_thread(stored.room)
        return self._rooms[room_id]

    async def _change(self, room_id: str, change: Change, tries: int = 1) -> bool:
        """Apply ``change`` to the room as it stands and save it if nobody saved first. A room another
        process moved on is read again: a move is then refused ("the table changed"); a change that is
        no move (``tries`` > 1) is made again on the newer table."""
        async with self._locks.setdefault(room_id, asyncio.Lock()):
            room = first = await self._room(room_id)
            saved = False
            for _ in range(tries):
                changed = change(room)
                if changed is None:
                    break
                after, move = changed
                saved = await asyncio.to_thread(self.store.save, after, room.version, move)
                if saved:
                    self._rooms[room_id] = room = after
                    break
                room = await self._reload(room_id)
        if room is not first:
            self._changed(room)  # the seats here see the table as it now stands, whoever moved it
        if changed is not None and not saved:
            raise RoomRefusal("room-table-changed", {"sent": first.version, "now": room.version})
        return saved

    def _heard_from_store(self, room_id: str, version: int) -> None:
        """A save, perhaps by another process: read the room again and tell this process's seats."""
        loop = self._loop
        if loop is not None and room_id in self._rooms:
            with contextlib.suppress(RuntimeError):  # the loop closed as the save was heard
                loop.call_soon_threadsafe(self._refresh_soon, room_id, version)

    def _store_came_back(self) -> None:
        """The store's listener was lost and is back: saves made meanwhile were heard by nobody, so
        every room here is read again, its seats are sent the table as it stands and its turns go on."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._refresh_all)

    def _refresh_all(self) -> None:
        log.info("the store is back: %d rooms read again", len(self._rooms))
        for room_id in list(self._rooms):
            self._background(self._refresh(room_id, always=True))

    def _refresh_soon(self, room_id: str, version: int) -> None:
        room = self._rooms.get(room_id)
        if room is not None and room.version < version:
            self._background(self._refresh(room_id, version))

    async def _refresh(self, room_id: str, version: int | None = None, always: bool = False) -> None:
        """Read the room again (when it is not at ``version`` yet: a save heard may be this process's
        own, done meanwhile) and send its seats here the table as it stands."""
        if self._loop is None:  # stopped meanwhile
            return
        try:
            async with self._locks.setdefault(room_id, asyncio.Lock()):
                cached = self._rooms.get(room_id)
                if cached is None or (version is not None and cached.version >= version and not always):
                    return  # forgotten meanwhile (read again when someone sits there), or seen already
                room = await self._reload(room_id)
        except (StoreUnavailable, RoomRefusal):
            return  # lost again, or gone: the next resumption or arrival reads it
        if room.version > cached.version or always:
            self._changed(room)

    def _changed(self, room: Room) -> None:
        for (room_id, seat), link in list(self._seated.items()):
            if room_id == room.id:
                if room.seats[seat - 1].holder not in (link.id, ""):
                    self._taken_over(link)  # another page (here or in another process) holds the seat now
                else:
                    self._push(link, room)
        for link in list(self._watching.get(room.id, ())):
            self._push(link, room)
        if not self._attended(room.id):
            self._forget(room.id)
            return
        self._drive(room)

    def _push(self, link: _Link, room: Room) -> None:
        if link.watch is not None:
            view = watch_view(room, link.watch, link.language, seen=link.seen)
            link.seen = view["seen"]
        else:
            assert link.seat is not None
            key = (room.id, link.seat)
            view = seat_view(room, link.seat, link.language, seen=self._seen.get(key), now=time.time())
            self._seen[key] = view["seen"]
        self._send(link, {"type": "view", **view})

    def _drive(self, room: Room) -> None:
        """While someone is at this room here: play the computers' turns, and time what waits on the
        clock: a person's idle turn (its countdown starts), a deadline (the computer stands in), an open
        seat's turn (the computer plays it until somebody sits down)."""
        if not self._attended(room.id) or self._loop is None:
            return
        timer = self._timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()
        if room.computer_to_move():
            task = self._computers.get(room.id)
            if task is None or task.done():
                self._computers[room.id] = asyncio.ensure_future(self._play_computers(room.id))
        now = time.time()
        due: list[tuple[float, str, int]] = [(s.deadline, "stand-in", s.number) for s in room.seats
                                             if s.deadline is not None and not s.computer_plays]  # fmt: skip
        turn = room.to_move
        if turn is not None:
            seat = room.seats[turn - 1]
            if not seat.computer_plays and seat.deadline is None:
                idle = now + room.settings.idle_seconds * self.idle_scale
                due.append((idle, "idle" if seat.claimed else "open", turn))
        if due:
            at, kind, number = min(due)
            self._timers[room.id] = self._loop.call_later(max(0.0, at - now), self._due, room.id, room.version, kind,
                                                          number)  # fmt: skip

    def _due(self, room_id: str, version: int, kind: str, seat: int) -> None:
        room = self._rooms.get(room_id)
        if room is None or room.version != version:
            return
        if kind == "stand-in":
            change = _plain(lambda r: r.stand_in(time.time()))
        elif kind == "idle":
            change = _plain(lambda r: r.count_down(seat, time.time() + self.countdown * self.idle_scale))
        else:
            change = _plain(lambda r: r.open_seat_idle(seat))
        self._background(self._quietly(self._change(room_id, change, tries=SAVE_TRIES)))

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
        """A change the service makes itself (a computer's move, a countdown, a seat left): one another
        process made first is no error (it is heard from the store); a store that does not answer is
        said in the log, and the change is made again when the store is back."""
        try:
            return bool(await change)
        except RoomRefusal:
            return True
        except StoreUnavailable:
            log.warning("the store does not answer: a room's own change waits for it")
            return False
        except Exception:  # never let a computer's turn end the service
            log.exception("a room's own change failed")
            return False

    def _now(self) -> float:
        return time.monotonic()


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

    def call(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` on the service's loop and return what it gives: a test's look at its state."""

        async def run() -> Any:
            return work()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.service.stop(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> ServiceThread:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
