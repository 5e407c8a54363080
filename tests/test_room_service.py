"""The room service under a careless or mischievous page, and when its store is lost: issue 32's failures,
each shown gone. Malformed lines are answered, a flood leaves other rooms' moves quick, a stalled reader
stays bounded, Redis restarted mid-game brings play back everywhere, simultaneous joins fill every open
seat, a wrong key loads nothing, rooms expire, room making is limited; and presence as people expect it:
a reload is the same person, a newcomer is present, an idle turn counts down and can be stopped, a page
that closed has a grace time, a game in progress comes into a room, a teacher watches, and each seat is
told what the others did.

Services run in-process (``ServiceThread``) where a test looks at their state, and as their own process
(``python -m bolivia_rooms``, as scripts/serve.sh starts it) where timing or memory is measured.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bolivia_core.game import Game, new_game
from bolivia_rooms.client import RoomClient
from bolivia_rooms.service import MAX_LINE, Limits, ServiceThread
from bolivia_rooms.store import RedisStore, SQLiteStore, Store
from tests import test_rooms
from tests.test_rooms import REDIS_SERVER, _free_port, _leaks, _shown_so_far

redis_url, stores, clients = test_rooms.redis_url, test_rooms.stores, test_rooms.clients  # the same fixtures here

ROOT = Path(__file__).resolve().parent.parent


def _room(client: RoomClient, **settings: Any) -> dict[str, Any]:
    made = client.create({"players": 4, **settings})
    assert made["type"] == "created", made
    return made


def _raw(address: tuple[str, int]) -> socket.socket:
    raw = socket.create_connection(address, timeout=10)
    raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return raw


def _lines(raw: socket.socket, count: int, timeout: float = 10) -> list[dict[str, Any]]:
    """The next ``count`` lines the service sends on ``raw``."""
    raw.settimeout(timeout)
    got: list[dict[str, Any]] = []
    buffer = b""
    while len(got) < count:
        chunk = raw.recv(65536)
        if not chunk:
            break
        buffer += chunk
        *whole, buffer = buffer.split(b"\n")
        got += [json.loads(line) for line in whole]
    return got


class ServiceProcess:
    """``python -m bolivia_rooms`` on a free loopback port, as scripts/serve.sh starts it."""

    def __init__(self, store: str, *options: str) -> None:
        self.port = _free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bolivia_rooms", "--listen", f"127.0.0.1:{self.port}", "--store", store,
             "--computer-delay", "0", *options],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(self.address, timeout=0.2).close()
                return
            except OSError:
                assert time.monotonic() < deadline and self.process.poll() is None, "the room service did not start"
                time.sleep(0.05)

    @property
    def address(self) -> tuple[str, int]:
        return "127.0.0.1", self.port

    def stop(self) -> str:
        """Stop it; what it logged."""
        self.process.terminate()
        _, logged = self.process.communicate(timeout=20)
        return logged.decode()


# --- every line answered ---------------------------------------------------------------------------


MALFORMED = {
    "an integer of 5,000 digits": b'{"type": "move", "action": "draw", "version": ' + b"9" * 5000 + b"}",
    "20,000 nested arrays": b'{"type": "move", "action": ' + b"[" * 20_000 + b"]" * 20_000 + b', "version": 1}',
    "20,000 nested arrays in a field no request has": b'{"type": "view", "x": ' + b"[" * 20_000 + b"]" * 20_000 + b"}",
    "20,000 nested arrays alone": b"[" * 20_000 + b"]" * 20_000,
    "a lone UTF-16 surrogate": b'{"type": "hello", "protocol": 2, "room": "\\ud800", "token": "x"}',
    "bytes that are not UTF-8": b'{"type": "hello", "protocol": 2, "room": "\xff\xfe", "token": "x"}',
    "a string for a number": b'{"type": "move", "action": "draw", "version": "3"}',
    "a number for a string": b'{"type": "hello", "protocol": 2, "room": 5, "token": "x"}',
    "true for a number": b'{"type": "move", "action": "draw", "version": true}',
    "a field too long": b'{"type": "hello", "protocol": 2, "room": "' + b"r" * 500 + b'", "token": "x"}',
    "an unknown type": b'{"type": "shout"}',
    "no type": b'{"room": "x"}',
    "a field no request has": b'{"type": "view", "colour": "red"}',
    "no protocol": b'{"type": "hello", "room": "r", "token": "t"}',
    "an empty line": b"",
    "not JSON": b"hello there",
    "JSON and more": b'{"type": "view"} {"type": "view"}',
    "a number": b"3",
    "NaN": b'{"type": "move", "action": "draw", "version": NaN}',
}


def test_every_malformed_line_is_answered_and_the_connection_goes_on(
    stores: Callable[[], Store], caplog: pytest.LogCaptureFixture
) -> None:
    """Each line of issue 32's list (and more) gets a refusal naming what is wrong, in order, before any
    close; a line past the limit is refused once and its rest thrown away; the service logs no error and
    the connection still answers a good request after them all."""
    with ServiceThread(stores(), computer_delay=0) as service:
        raw = _raw(service.address)
        for name, line in MALFORMED.items():
            raw.sendall(line + b"\n")
            [answer] = _lines(raw, 1)
            assert answer["type"] == "refused" and answer["code"] in ("room-malformed", "room-protocol"), (name, answer)
            assert answer["text"] and "{" not in answer["text"] and "Traceback" not in answer["text"], (name, answer)
        raw.sendall(b'{"type": "view", "id": ' + b"[" * 3000 + b"]" * 3000 + b"}\n")
        assert _lines(raw, 1)[0]["re"] is None  # an id that is no id is not echoed
        raw.sendall(b'{"type": "view", "id": 77, "colour": "red"}\n')
        assert _lines(raw, 1)[0]["re"] == 77  # a refused request's own id is answered
        raw.sendall(b'{"type": "view", "x": "' + b"x" * (MAX_LINE + 10) + b'"}\n{"type": "view", "id": 5}\n')
        long, after = _lines(raw, 2)
        assert long["code"] == "room-malformed" and "longer than" in long["text"]
        assert after == {**after, "re": 5, "code": "room-not-seated"}  # the next line is read as a line
        raw.sendall(b'{"type": "create", "protocol": 2, "id": 6}\n')
        assert _lines(raw, 1)[0]["type"] == "created"
        raw.close()
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]


# --- a flood, a stalled reader ------------------------------------------------------------------------


def _flood(address: tuple[str, int], stop: threading.Event, counts: Counter[str]) -> threading.Thread:
    """A connection that sends junk lines as fast as it can, and reads what it is answered."""
    raw = _raw(address)
    junk = b'{"type": "shout"}\n' * 2000

    def send() -> None:
        with raw:
            while not stop.is_set():
                try:
                    raw.sendall(junk)
                    counts["sent"] += 2000
                except OSError:
                    counts["send failed"] += 1
                    return

    def read() -> None:
        raw.settimeout(1)
        while not stop.is_set():
            try:
                chunk = raw.recv(1 << 20)
            except TimeoutError:
                continue
            except OSError:
                return
            if not chunk:
                counts["closed by the service"] += 1
                return
            counts["answers"] += chunk.count(b"\n")
            counts["rate limited"] += chunk.count(b"room-rate-limited")

    threading.Thread(target=read, daemon=True).start()
    sender = threading.Thread(target=send, daemon=True)
    sender.start()
    return sender


def _round_trips(address: tuple[str, int], moves: int) -> list[float]:
    """A two-seat room played by two people: the milliseconds from each move sent to its view at the other seat."""
    host = RoomClient(address)
    made = _room(host, players=2, target=100_000)
    host.close()
    seats = {n: RoomClient(address) for n in (1, 2)}
    try:
        for n, client in seats.items():
            assert client.sit(made["room"], made["seats"][str(n)])["type"] == "seated"
        took = []
        for _ in range(moves):
            view = seats[1].wait_view(lambda v: v["version"] >= 2 and v["turn"] is not None)
            mover, other = seats[view["turn"]], seats[3 - view["turn"]]
            own = mover.wait_view(lambda v, at=view["version"]: v["version"] >= at and bool(v["actions"]))
            sent = time.perf_counter()
            answer = mover.move(own["actions"][0], own["version"])
            assert answer["type"] == "moved", answer
            other.wait_view(lambda v, at=answer["version"]: v["version"] >= at)
            took.append((time.perf_counter() - sent) * 1000)
        return took
    finally:
        for client in seats.values():
            client.close()


@pytest.mark.parametrize("limited", [False, True], ids=["fair-turns", "rate-limited"])
def test_a_flooding_connection_leaves_other_rooms_moves_quick(tmp_path: Path, limited: bool) -> None:
    """While one connection sends refused lines as fast as it can (and reads its answers), another
    room's moves reach the other seat within 50 ms median: by fair turns alone (no rate limit), and
    with the rate limit, which also tells the flooder so. The flooder is never closed: it is answered."""
    rate = [] if limited else ["--lines-per-second", "1000000000"]
    service = ServiceProcess(str(tmp_path / "rooms"), *rate)
    stop, counts = threading.Event(), Counter[str]()
    try:
        quiet = statistics.median(_round_trips(service.address, 10))  # this machine's own pace, just now
        flooder = _flood(service.address, stop, counts)
        time.sleep(0.5)  # the flood under way
        took = _round_trips(service.address, 30)
        stop.set()
        flooder.join(5)
    finally:
        stop.set()
        logged = service.stop()
    took.sort()
    median = took[len(took) // 2]
    assert counts["closed by the service"] == 0 and counts["answers"] > 0, (counts, logged[-400:])
    # 50 ms, the issue's bound; on a machine so busy that a quiet move takes over 12 ms, four quiet moves' time
    said = f"median {median:.1f} ms (quiet {quiet:.1f} ms), max {took[-1]:.1f} ms; {counts}"
    assert median < max(50, 4 * quiet), said
    if limited:
        assert counts["rate limited"] > 0 and counts["answers"] < counts["sent"]
    else:
        assert counts["answers"] > 100  # the flood was answered, line by line, while the moves went on


def test_a_stalled_reader_is_closed_with_a_reason_and_the_queue_stays_bounded(stores: Callable[[], Store]) -> None:
    """A seat that stops reading while the inviter changes a seat over and over (each change a view pushed
    to it): what waits for it never passes the queue's bound; it is closed, told why after what its
    socket held; it comes back and is sent the table as it stands."""
    limits = Limits(queue_messages=16, queue_bytes=1 << 20)
    with ServiceThread(stores(), computer_delay=0, limits=limits) as service:
        host = RoomClient(service.address)
        made = _room(host)
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # its socket fills at once
        stalled.connect(service.address)
        stalled.sendall(json.dumps({"type": "hello", "protocol": 2, "room": made["room"],
                                    "token": made["seats"]["2"]}).encode() + b"\n")  # fmt: skip
        deadline = time.monotonic() + 30
        while not service.call(lambda: (made["room"], 2) in service.service._seated):  # seated, then stalled
            assert time.monotonic() < deadline, "the stalled page was never seated"
            time.sleep(0.01)
        most = 0
        for n in range(3000):
            level = ("greedy", "club")[n % 2]
            answer = host.request({"type": "level", "room": made["room"], "host": made["host"], "seat": 3,
                                   "level": level})  # fmt: skip
            assert answer["type"] == "done", answer
            queued = service.call(lambda: [(len(link.queue), link.queued) for link in service.service._links])
            most = max([most, *(n for n, _ in queued)])
            assert all(size <= limits.queue_bytes for _, size in queued)
            if service.call(lambda: (made["room"], 2) not in service.service._seated):
                break
        assert most <= limits.queue_messages
        assert service.call(lambda: (made["room"], 2) not in service.service._seated), "it was never let go"
        received = b""
        stalled.settimeout(30)
        while chunk := stalled.recv(65536):
            received += chunk
        last = json.loads(received.rstrip(b"\n").rsplit(b"\n", 1)[-1])
        assert last["code"] == "room-too-slow" and "did not keep up" in last["text"]
        back = RoomClient(service.address)
        assert back.sit(made["room"], made["seats"]["2"])["type"] == "seated"
        view = back.wait_view(lambda v: True)
        assert view["seats"][2]["level"] == service.call(lambda: service.service._rooms[made["room"]].seats[2].level)
        back.close()
        host.close()


@pytest.mark.soak
def test_a_stalled_reader_leaves_the_service_memory_flat_over_a_minute_of_pushes(tmp_path: Path) -> None:
    """The long form, measured on the service's own process: a minute of the inviter changing a seat as
    fast as it can (no rate limit) while one seated page never reads; the resident memory grows by a few
    MB at most (it grew about 3 MB a second before the queues were bounded)."""
    service = ServiceProcess(str(tmp_path / "rooms"), "--lines-per-second", "1000000000")  # pushes as fast as made
    try:
        host = RoomClient(service.address)
        made = _room(host)
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(service.address)
        stalled.sendall(json.dumps({"type": "hello", "protocol": 2, "room": made["room"],
                                    "token": made["seats"]["2"]}).encode() + b"\n")  # fmt: skip
        status = Path(f"/proc/{service.process.pid}/status")

        def resident() -> float:
            line = next(x for x in status.read_text().splitlines() if x.startswith("VmRSS:"))
            return int(line.split()[1]) / 1024

        host.request({"type": "level", "room": made["room"], "host": made["host"], "seat": 3, "level": "club"})
        start, began = resident(), time.monotonic()
        most = start
        changes = 0
        while time.monotonic() - began < 60:
            level = ("greedy", "club")[changes % 2]
            host.request({"type": "level", "room": made["room"], "host": made["host"], "seat": 3, "level": level})
            changes += 1
            most = max(most, resident())
        assert changes > 1000 and most - start < 16, f"{changes} pushes: {start:.1f} MB, then at most {most:.1f} MB"
        host.close()
        stalled.close()
    finally:
        service.stop()


# --- Redis lost and back -------------------------------------------------------------------------------


class _Redis:
    """A redis-server that keeps what it is told (append-only file, each write synced), on one port and
    folder, so it can be stopped and started again as a restart would."""

    def __init__(self, folder: Path) -> None:
        if not os.path.exists(REDIS_SERVER):
            pytest.skip("redis-server is not installed (scripts/test.sh installs it, as root)")
        self.folder, self.port = folder, _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder), "--save", "",
             "--appendonly", "yes", "--appendfsync", "always"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


def test_play_comes_back_everywhere_when_redis_is_restarted_mid_game(tmp_path: Path) -> None:
    """Two rooms, their seats served by two service processes sharing a real redis-server. Redis stops
    mid-game: a move then is refused, clearly, and changes nothing. Redis starts again: within 5 s every
    seat at both tables gets moves again, and every move accepted before or after is in the store."""
    redis = _Redis(tmp_path)
    one, two = ServiceProcess(redis.url), ServiceProcess(redis.url)
    seats: dict[tuple[str, int], RoomClient] = {}
    try:
        rooms = []
        for _ in range(2):
            host = RoomClient(one.address)
            made = _room(host, players=2, target=100_000)
            host.close()
            rooms.append(made["room"])
            for n, service in ((1, one), (2, two)):  # each table's seats on both processes
                seats[(made["room"], n)] = client = RoomClient(service.address)
                assert client.sit(made["room"], made["seats"][str(n)])["type"] == "seated"

        def move_everywhere(deadline: float) -> None:
            """At each table the seat to move moves (again, while the store does not answer), and every
            seat there sees it."""
            for room in rooms:
                view = seats[(room, 1)].wait_view(lambda v: v["turn"] is not None and v["version"] >= 2)
                mover = seats[(room, view["turn"])]
                while True:
                    own = mover.wait_view(lambda v: bool(v["actions"]))
                    answer = mover.move(own["actions"][0], own["version"])
                    if answer["type"] == "moved":
                        break
                    assert answer["code"] in ("room-store-down", "room-table-changed"), answer
                    assert time.monotonic() < deadline, "no move was accepted in time"
                    time.sleep(0.05)
                for n in (1, 2):
                    seats[(room, n)].wait_view(lambda v, at=answer["version"]: v["version"] >= at,
                                               timeout=max(0.1, deadline - time.monotonic()))  # fmt: skip

        for _ in range(3):
            move_everywhere(time.monotonic() + 10)
        redis.stop()
        room = rooms[0]
        view = seats[(room, 1)].view
        assert view is not None
        mover = seats[(room, view["turn"])]
        refused = mover.move(mover.view["actions"][0], mover.view["version"])  # type: ignore[index]
        assert refused["type"] == "refused" and refused["code"] in ("room-store-down", "room-failed"), refused
        time.sleep(1.5)  # the listeners find Redis gone and back off
        redis.start()
        back = time.monotonic()
        move_everywhere(back + 5)
        took = time.monotonic() - back
        move_everywhere(time.monotonic() + 5)  # and play goes on
        assert took < 5, f"{took:.1f} s until every seat got moves again"
        kept = RedisStore(redis.url)
        for room in rooms:
            stored = kept.load(room)
            assert stored is not None
            game = Game.from_json(stored.game)
            assert [m.action for m in kept.moves(room)] == [str(a) for a in game.history]
            assert len(game.history) == 5  # three moves before, two after: none lost, none made twice
        kept.close()
    finally:
        for client in seats.values():
            client.close()
        for service in (one, two):
            service.stop()
        redis.stop()


# --- joins at once; a wrong key; expiry; limits ----------------------------------------------------------


def test_ten_simultaneous_joins_fill_three_open_seats_across_two_services(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    with ServiceThread(stores(), computer_delay=0) as one, ServiceThread(stores(), computer_delay=0) as two:
        made = _room(clients(one))
        inviter = clients(one)
        assert inviter.sit(made["room"], made["seats"]["1"])["type"] == "seated"
        newcomers = [clients(one if n % 2 else two) for n in range(10)]
        start = threading.Barrier(10)
        answers: list[dict[str, Any]] = []

        def join(client: RoomClient) -> None:
            start.wait()
            answers.append(client.join(made["room"], made["join"]))

        threads = [threading.Thread(target=join, args=(c,)) for c in newcomers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        seated = sorted(a["seat"] for a in answers if a["type"] == "seated")
        full = [a for a in answers if a.get("code") == "room-full"]
        assert seated == [2, 3, 4] and len(full) == 7, answers
        stored = one.service.store.load(made["room"])
        assert stored is not None and all(s["claimed"] for s in stored.meta["seats"])


class _CountingStore:
    """A store that counts the whole rooms read from it (a game replayed into memory)."""

    def __init__(self, store: Store) -> None:
        self.store, self.loads = store, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    def load(self, room_id: str) -> Any:
        self.loads += 1
        return self.store.load(room_id)


def test_a_wrong_key_loads_nothing_into_memory(stores: Callable[[], Store], clients: Callable[..., RoomClient]) -> None:
    counting = _CountingStore(stores())
    with ServiceThread(counting, computer_delay=0) as service:  # type: ignore[arg-type]
        made = _room(clients(service))
        stranger = clients(service)
        for request in ({"type": "hello", "protocol": 2, "room": made["room"], "token": "A" * 32},
                        {"type": "join", "protocol": 2, "room": made["room"], "key": made["seats"]["2"]},
                        {"type": "watch", "protocol": 2, "room": made["room"], "key": made["join"]},
                        {"type": "seat", "room": made["room"], "host": made["join"], "seat": 2,
                         "computer": True}):  # fmt: skip
            assert stranger.request(request)["code"] in ("room-token-forged", "room-host-forged")
        assert counting.loads == 0 and service.call(lambda: dict(service.service._rooms)) == {}
        assert stranger.sit(made["room"], made["seats"]["2"])["type"] == "seated"  # the right key does
        assert counting.loads == 1


def test_a_room_untouched_for_its_lifetime_is_gone(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    kinds: list[tuple[str, Callable[[float], Store]]] = [("sqlite", lambda t: SQLiteStore(tmp_path / "r", t))]
    if os.path.exists(REDIS_SERVER):
        url = request.getfixturevalue("redis_url")
        kinds.append(("redis", lambda t: RedisStore(url, prefix=f"test:lifetime:{time.time()}", lifetime=t)))
    for _, make in kinds:
        store = make(1.0)
        with ServiceThread(store, computer_delay=0) as service:
            client = RoomClient(service.address)
            made = _room(client)
            kept = _room(client)
            time.sleep(0.6)
            assert client.sit(kept["room"], kept["seats"]["1"])["type"] == "seated"  # a touch: it stays
            client.close()
            time.sleep(0.6)
            assert store.load(made["room"]) is None and store.load_meta(made["room"]) is None
            assert store.load(kept["room"]) is not None
            store.expire()
            assert made["room"] not in store.room_ids() and kept["room"] in store.room_ids()
            late = RoomClient(service.address)
            assert late.sit(made["room"], made["seats"]["1"])["code"] == "room-unknown"
            late.close()
        store.close()


def test_the_command_line_takes_a_room_lifetime() -> None:
    from bolivia_rooms.__main__ import duration

    assert duration("30d") == 30 * 86400 and duration("12h") == 43200 and duration("90s") == 90
    assert duration("2") == 2 * 86400
    done = subprocess.run([sys.executable, "-m", "bolivia_rooms", "--room-lifetime", "soon"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30, check=False)  # fmt: skip
    assert done.returncode == 2 and "'soon' is no duration" in done.stderr


def test_making_rooms_is_limited_per_source_and_in_all(stores: Callable[[], Store]) -> None:
    per_source = Limits(rooms_per_minute=6, rooms_burst=3)
    with ServiceThread(stores(), computer_delay=0, limits=per_source) as service:
        client = RoomClient(service.address)
        answers = [client.create({"players": 2}) for _ in range(4)]
        assert [a["type"] for a in answers] == ["created"] * 3 + ["refused"]
        assert answers[3]["code"] == "room-create-limited" and 1 <= answers[3]["params"]["wait"] <= 10
        assert "too many rooms" in answers[3]["text"]
        client.close()
    in_all = Limits(rooms_per_minute_total=6, rooms_burst_total=2)
    with ServiceThread(stores(), computer_delay=0, limits=in_all) as service:
        answers = []
        for _ in range(3):
            client = RoomClient(service.address)  # a new connection each time changes nothing
            answers.append(client.create({"players": 2}))
            client.close()
        assert [a.get("code", a["type"]) for a in answers] == ["created", "created", "room-create-limited"]


def test_a_connection_past_its_rate_is_told_and_every_line_is_still_answered(stores: Callable[[], Store]) -> None:
    limits = Limits(lines_per_second=20, lines_burst=5)
    with ServiceThread(stores(), computer_delay=0, limits=limits) as service:
        raw = _raw(service.address)
        raw.sendall(b'{"type": "view"}\n' * 15)
        answers: list[dict[str, Any]] = []
        while sum(a["code"] == "room-not-seated" for a in answers) < 15:  # each line answered, in time
            answers += _lines(raw, 1, timeout=30)
        codes = Counter(a["code"] for a in answers)
        assert set(codes) == {"room-not-seated", "room-rate-limited"} and codes["room-rate-limited"] <= 3, codes
        assert answers[:5] == [a for a in answers[:5] if a["code"] == "room-not-seated"]  # the burst, at once
        limited = next(a for a in answers if a["code"] == "room-rate-limited")
        assert "at most 20 a second" in limited["text"]
        raw.close()


# --- presence -----------------------------------------------------------------------------------------


@pytest.fixture
def quick(stores: Callable[[], Store]) -> Iterator[ServiceThread]:
    """A service whose idle, countdown and grace times run a hundred times faster (5 s: 0.05 s)."""
    with ServiceThread(stores(), computer_delay=0, idle_scale=0.01, countdown=20) as running:
        yield running


def test_a_newcomer_is_present_at_once_in_every_view(quick: ServiceThread, clients: Callable[..., RoomClient]) -> None:
    made = _room(clients(quick), players=2, idle_seconds=5, grace_seconds=3600)
    one = clients(quick)
    one.sit(made["room"], made["seats"]["1"])
    if one.wait_view(lambda v: True)["turn"] == 2:  # the open seat's turn: the computer plays it meanwhile
        view = one.wait_view(lambda v: v["seats"][1]["stand_in"])
        assert view["seats"][1]["state"] == "open"
    friend = clients(quick)
    assert friend.join(made["room"], made["join"])["seat"] == 2
    for client in (one, friend):
        seen = client.wait_view(lambda v: v["seats"][1]["state"] == "person")
        assert not seen["seats"][1]["stand_in"] and "a person" in seen["seats"][1]["text"]


def test_an_idle_turn_counts_down_and_stay_stops_it(quick: ServiceThread, clients: Callable[..., RoomClient]) -> None:
    made = _room(clients(quick), players=2, idle_seconds=60, computer_seats=[2])
    one, teacher_host = clients(quick), clients(quick)
    one.sit(made["room"], made["seats"]["1"])
    watch = teacher_host.request({"type": "watch_link", "room": made["room"], "host": made["host"], "mode": "onlooker"})
    onlooker = clients(quick)
    assert onlooker.watch(made["room"], watch["key"])["type"] == "watching"
    counting = one.wait_view(lambda v: v["countdown"] is not None, timeout=10)  # 60 s idle: 0.6 s here
    assert counting["countdown"]["why"] == "idle" and 0 < counting["countdown"]["seconds"] <= 0.2
    assert counting["countdown"]["deadline"] > time.time() - 1
    assert onlooker.wait_view(lambda v: v["seats"][0]["state"] == "away")["countdown"] is None  # others: away
    assert one.stay()["type"] == "done"  # one tap
    stopped = one.wait_view(lambda v: v["countdown"] is None and v["seats"][0]["state"] == "person")
    assert not stopped["seats"][0]["stand_in"]
    assert not [m for m in quick.service.store.moves(made["room"]) if m.by == "computer" and m.seat == 1]
    # left alone, it counts down again and the computer stands in; "stay" then gives the seat back
    one.wait_view(lambda v: v["seats"][0]["stand_in"], timeout=10)
    one.wait_view(lambda v: any(m.seat == 1 and m.by == "computer" for m in quick.service.store.moves(made["room"])))
    assert one.stay()["type"] == "done"
    one.wait_view(lambda v: v["seats"][0]["state"] == "person" and not v["seats"][0]["stand_in"])


def test_a_page_that_closed_has_a_grace_time_before_the_computer_stands_in(
    quick: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    made = _room(clients(quick), players=2, idle_seconds=3600, grace_seconds=90)  # 90 s: 0.9 s here
    one, two = clients(quick), clients(quick)
    one.sit(made["room"], made["seats"]["1"])
    two.sit(made["room"], made["seats"]["2"])
    one.wait_view(lambda v: v["seats"][1]["state"] == "person")
    two.close()
    gone = one.wait_view(lambda v: v["seats"][1]["state"] == "away")
    assert not gone["seats"][1]["stand_in"]  # not yet: the grace time runs
    stood_in = one.wait_view(lambda v: v["seats"][1]["stand_in"], timeout=10)
    waited = quick.call(lambda: quick.service._rooms[made["room"]].seats[1])
    assert waited.away and stood_in["seats"][1]["state"] == "away"
    again = clients(quick)
    assert again.sit(made["room"], made["seats"]["2"])["type"] == "seated"  # back: present, the seat theirs
    one.wait_view(lambda v: v["seats"][1]["state"] == "person" and not v["seats"][1]["stand_in"])


def test_a_game_in_progress_comes_into_the_room(
    clients: Callable[..., RoomClient], stores: Callable[[], Store]
) -> None:
    game = new_game("bolivia", 4, 424242)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    with ServiceThread(stores(), computer_delay=0) as service:
        host = clients(service)
        made = host.create({"players": 2, "levels": ["greedy"] * 4}, game=game.to_json())
        assert made["type"] == "created" and made["seat"] == 1 and set(made["seats"]) == {"1", "2", "3", "4"}
        seat = clients(service)
        assert seat.sit(made["room"], made["seats"]["1"])["type"] == "seated"  # the inviter's own key
        view = seat.wait_view(lambda v: True)
        assert view["table"]["hand"] == [str(c) for c in sorted(game.position.hands[0])]
        stored = service.service.store.load(made["room"])
        assert stored is not None and Game.from_json(stored.game).history == game.history
        damaged = json.loads(game.to_json())
        damaged["actions"][2] = "discard JK"
        refused = host.create({}, game=json.dumps(damaged))
        assert refused["code"] == "room-game-refused" and "action 3" in refused["text"]


def test_a_teacher_sees_every_hand_an_onlooker_none_and_no_seat_a_watch_key(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    sent: list[tuple[int | None, dict[str, Any]]] = []
    with ServiceThread(stores(), computer_delay=0, on_send=lambda seat, m: sent.append((seat, m))) as service:
        made = _room(clients(service), computer_seats=[2, 3, 4], levels=["greedy"] * 4, target=300)
        host, seat = clients(service), clients(service)
        assert seat.sit(made["room"], made["seats"]["1"])["type"] == "seated"
        keys = {mode: host.request({"type": "watch_link", "room": made["room"], "host": made["host"], "mode": mode})
                for mode in ("teacher", "onlooker")}  # fmt: skip
        assert all(k["type"] == "watch_key" and len(k["key"]) >= 22 for k in keys.values())
        assert host.request({"type": "watch_link", "room": made["room"], "host": made["seats"]["1"],
                             "mode": "teacher"})["code"] == "room-host-forged"  # fmt: skip
        bad = host.request({"type": "watch_link", "room": made["room"], "host": made["host"], "mode": "spy"})
        assert bad["code"] == "room-watch-mode"
        teacher, onlooker = clients(service, record=True), clients(service, record=True)
        assert teacher.watch(made["room"], keys["teacher"]["key"])["mode"] == "teacher"
        assert onlooker.watch(made["room"], keys["onlooker"]["key"])["mode"] == "onlooker"
        assert seat.watch(made["room"], made["seats"]["1"])["code"] == "room-token-forged"  # a seat key is no watch key
        for _ in range(12):  # seat 1's moves, the computers' between them
            view = seat.wait_view(lambda v: bool(v["actions"]))
            assert seat.move(view["actions"][-1], view["version"])["type"] == "moved"
        version = seat.wait_view(lambda v: bool(v["actions"]))["version"]  # the computers done: the table still
        stored = service.service.store.load(made["room"])
        assert stored is not None and stored.version == version
        now = Game.from_json(stored.game)
        shown = teacher.wait_view(lambda v: v["version"] == version)
        hands = {str(p): [str(c) for c in sorted(now.position.hands[p - 1])] for p in range(1, 5)}
        assert shown["table"]["open_hands"] == hands and shown["actions"] == []
        public = onlooker.wait_view(lambda v: v["version"] == version)
        assert public["table"]["hand"] == [] and "open_hands" not in public["table"] and public["actions"] == []
        known = _shown_so_far(now)[-1]  # every card shown on the table so far: all an onlooker may be told of
        for line in onlooker.lines or []:
            assert not _leaks(json.loads(line), known), _leaks(json.loads(line), known)[:3]
    watch_keys = {k["key"] for k in keys.values()}
    seed = str(service.service.store.load(made["room"]).meta["settings"]["seed"])  # type: ignore[union-attr]
    for to_seat, message in sent:
        said = json.dumps(message)
        assert seed not in said  # nobody is sent the room's seed
        if to_seat is not None:
            assert not any(key in said for key in watch_keys)


def test_each_view_says_what_the_others_did_since_that_seat_last_saw(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    """Over every view a seat is sent, ``since`` tells each public event once, in order, with none left
    out: its own moves and the computer's at the other seat, each with its words."""
    with ServiceThread(stores(), computer_delay=0) as service:
        made = _room(clients(service), players=2, computer_seats=[2], levels=["greedy", "greedy"])
        one = clients(service, record=True)
        one.sit(made["room"], made["seats"]["1"])
        assert one.wait_view(lambda v: True)["since"] == []  # a page that just came draws the whole table
        for _ in range(6):
            view = one.wait_view(lambda v: v["turn"] == 1 and bool(v["actions"]))
            discards = [a for a in view["actions"] if a.startswith("discard")]
            assert one.move((discards or view["actions"])[0], view["version"])["type"] == "moved"
        last = one.wait_view(lambda v: v["turn"] == 1 and bool(v["actions"]))
        stored = service.service.store.load(made["room"])
        assert stored is not None and stored.version == last["version"]
        log = Game.from_json(stored.game).log
        views = [m for m in map(json.loads, one.lines or []) if m["type"] == "view"]
        told = [event for v in views for event in v["since"]]
        assert [e["code"] for e in told] == [e.code for e in log[views[0]["seen"]:]]
        assert [e["text"] for e in told] == [e.text("en") for e in log[views[0]["seen"]:]]
        assert any(e["params"].get("player") == 2 for e in told)  # what the computer did, said to seat 1
