"""Where rooms are kept: SQLite in a data folder (one process, no other server), or Redis (several
processes behind one address share the rooms, and hear each other's moves by pub/sub).

Both keep each room's game as the project's JSON (``Game.to_json``) beside its version and seats,
and append every move. A save is a compare-and-set on the version: it lands only if nobody saved
since the version it started from, so two moves at once give one move, never a corrupted game, and
two newcomers at once never get the same seat. A room nobody has touched (saved: a move, somebody
sitting down or leaving) for the store's lifetime (30 days unless told) is gone.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .room import Room

__all__ = [
    "LIFETIME", "MoveRecord", "RedisStore", "SQLiteStore", "Store", "StoreUnavailable", "StoredRoom", "open_store",
]

Listener = Callable[[str, int], None]  # (room id, version) after a save
LIFETIME = 30 * 24 * 3600  # seconds a room nobody has touched (no move, nobody sitting down) is kept


class StoreUnavailable(RuntimeError):
    """The store does not answer (Redis lost): nothing was saved; the same request may be sent again."""


@dataclass(frozen=True)
class StoredRoom:
    meta: dict[str, Any]
    game: str
    version: int

    def room(self) -> Room:
        return Room.from_stored(self.meta, self.game, self.version)


@dataclass(frozen=True)
class MoveRecord:
    """One move as appended: the version it made, the seat, the action's notation, who chose it."""

    version: int
    seat: int
    action: str
    by: str  # "person" or "computer"

    def to_json(self) -> str:
        return json.dumps({"version": self.version, "seat": self.seat, "action": self.action, "by": self.by})

    @classmethod
    def from_json(cls, text: str | bytes) -> MoveRecord:
        data = json.loads(text)
        return cls(data["version"], data["seat"], data["action"], data["by"])


class Store(Protocol):
    lifetime: float

    def create(self, room: Room) -> None: ...
    def load(self, room_id: str) -> StoredRoom | None: ...
    def load_meta(self, room_id: str) -> dict[str, Any] | None: ...
    def save(self, room: Room, expected_version: int, move: MoveRecord | None = None) -> bool: ...
    def moves(self, room_id: str) -> list[MoveRecord]: ...
    def room_ids(self) -> list[str]: ...
    def expire(self) -> int: ...
    def listen(self, listener: Listener, resumed: Callable[[], None] | None = None) -> None: ...
    def close(self) -> None: ...


class SQLiteStore:
    """Rooms in one SQLite file (WAL, so readers never wait for the writer). A room untouched for
    ``lifetime`` seconds is gone: no longer read, and deleted by ``expire``."""

    def __init__(self, path: str | Path, lifetime: float = LIFETIME) -> None:
        path = Path(path)
        if path.suffix != ".sqlite":
            path.mkdir(parents=True, exist_ok=True)
            path = path / "rooms.sqlite"
        self.path = path
        self.lifetime = lifetime
        self._db = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(
            """
            CREATE TABLE IF NOT EXISTS rooms (
                id TEXT PRIMARY KEY, version INTEGER NOT NULL, game TEXT NOT NULL, meta TEXT NOT NULL,
                saved REAL NOT NULL);
            CREATE TABLE IF NOT EXISTS moves (
                room TEXT NOT NULL, version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
                by TEXT NOT NULL, PRIMARY KEY (room, version));
            CREATE INDEX IF NOT EXISTS rooms_saved ON rooms (saved);
            """
        )
        self._lock = threading.Lock()  # one connection, shared by the service's threads
        self._listeners: list[Listener] = []
        self._watcher: threading.Thread | None = None
        self._stopping = threading.Event()

    def _oldest(self) -> float:
        """The last save time a room may have and still be kept."""
        return time.time() - self.lifetime

    def create(self, room: Room) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms (id, version, game, meta, saved) VALUES (?, ?, ?, ?, ?)",
                (room.id, room.version, room.game.to_json(), json.dumps(room.meta()), time.time()),
            )

    def load(self, room_id: str) -> StoredRoom | None:
        with self._lock:
            row = self._db.execute("SELECT meta, game, version FROM rooms WHERE id = ? AND saved >= ?",
                                   (room_id, self._oldest())).fetchone()  # fmt: skip
        return None if row is None else StoredRoom(json.loads(row[0]), row[1], row[2])

    def load_meta(self, room_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute("SELECT meta FROM rooms WHERE id = ? AND saved >= ?",
                                   (room_id, self._oldest())).fetchone()  # fmt: skip
        return None if row is None else dict(json.loads(row[0]))

    def save(self, room: Room, expected_version: int, move: MoveRecord | None = None) -> bool:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                changed = self._db.execute(
                    "UPDATE rooms SET version = ?, game = ?, meta = ?, saved = ? WHERE id = ? AND version = ?",
                    (room.version, room.game.to_json(), json.dumps(room.meta()), time.time(), room.id,
                     expected_version),
                ).rowcount  # fmt: skip
                if changed and move is not None:
                    self._db.execute(
                        "INSERT INTO moves (room, version, seat, action, by) VALUES (?, ?, ?, ?, ?)",
                        (room.id, move.version, move.seat, move.action, move.by),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        if changed:
            for listener in list(self._listeners):
                listener(room.id, room.version)
        return bool(changed)

    def moves(self, room_id: str) -> list[MoveRecord]:
        with self._lock:
            rows = self._db.execute(
                "SELECT version, seat, action, by FROM moves WHERE room = ? ORDER BY version", (room_id,)
            ).fetchall()
        return [MoveRecord(*row) for row in rows]

    def room_ids(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM rooms WHERE saved >= ? ORDER BY saved", (self._oldest(),))
            return [row[0] for row in rows]

    def expire(self) -> int:
        """Delete the rooms (and their moves) nobody touched for the lifetime; how many went."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                oldest = self._oldest()
                self._db.execute("DELETE FROM moves WHERE room IN (SELECT id FROM rooms WHERE saved < ?)", (oldest,))
                gone = self._db.execute("DELETE FROM rooms WHERE saved < ?", (oldest,)).rowcount
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return int(gone)

    def listen(self, listener: Listener, resumed: Callable[[], None] | None = None) -> None:
        """Saves by this process are heard at once; saves by another process on the same file (not
        the way to serve from several processes: that is Redis) within a tenth of a second. A file
        is never lost and found again, so ``resumed`` is never called."""
        self._listeners.append(listener)
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        seen = db.execute("PRAGMA data_version").fetchone()[0]  # changes when another connection commits
        since = time.time()
        while not self._stopping.wait(0.1):
            now = db.execute("PRAGMA data_version").fetchone()[0]
            if now == seen:
                continue
            seen, checked = now, time.time()
            for room_id, version in db.execute("SELECT id, version FROM rooms WHERE saved >= ?", (since - 1,)):
                for listener in list(self._listeners):
                    listener(room_id, version)
            since = checked
        db.close()

    def close(self) -> None:
        self._stopping.set()
        if self._watcher is not None:
            self._watcher.join(timeout=2)
        with self._lock:
            self._db.close()


# A save is one script, so Redis runs it whole or not at all: compare the version, set the room,
# append the move, keep both for the lifetime from now, and tell every process listening.
_SAVE = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'game', ARGV[3], 'meta', ARGV[4])
if ARGV[5] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[5]) end
redis.call('PEXPIRE', KEYS[1], ARGV[7])
redis.call('PEXPIRE', KEYS[2], ARGV[7])
redis.call('ZADD', KEYS[4], ARGV[8], ARGV[9])
redis.call('PUBLISH', KEYS[3], ARGV[6])
return 1
"""
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'game', ARGV[2], 'meta', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[4])
return 1
"""


class RedisStore:
    """Rooms in Redis, under one key prefix: a hash per room and a list of its moves, each expiring
    the lifetime after its last save (Redis deletes them itself); an index of rooms by their last save;
    one pub/sub channel on which every save is told.

    The listener for saves runs in its own thread and comes back by itself when Redis is lost and
    returns (with a backoff of at most a second); it then calls ``resumed``, since saves made while it
    was away were told to nobody. A command while Redis is away raises ``StoreUnavailable``."""

    def __init__(self, url: str, prefix: str = "bolivia:rooms", lifetime: float = LIFETIME) -> None:
        import redis  # only this store needs the client

        self._errors: tuple[type[Exception], ...] = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
        self._redis = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=2)
        self._url = url
        self.prefix = prefix
        self.lifetime = lifetime
        self._save = self._redis.register_script(_SAVE)
        self._create = self._redis.register_script(_CREATE)
        self._listeners: list[Listener] = []
        self._resumed: list[Callable[[], None]] = []
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._pubsub: Any = None

    def _key(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}"

    def _call(self, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except self._errors as error:
            raise StoreUnavailable(str(error)) from None

    def create(self, room: Room) -> None:
        made = self._call(lambda: self._create(
            keys=[self._key(room.id), f"{self.prefix}:touched"],
            args=[room.version, room.game.to_json(), json.dumps(room.meta()), room.id, int(self.lifetime * 1000),
                  time.time()],
        ))  # fmt: skip
        if not made:
            raise ValueError(f"room {room.id} exists already")

    def load(self, room_id: str) -> StoredRoom | None:
        data = self._call(lambda: self._redis.hgetall(self._key(room_id)))
        if not data:
            return None
        return StoredRoom(json.loads(data[b"meta"]), _text(data[b"game"]), int(data[b"version"]))

    def load_meta(self, room_id: str) -> dict[str, Any] | None:
        meta = self._call(lambda: self._redis.hget(self._key(room_id), "meta"))
        return None if meta is None else dict(json.loads(meta))

    def save(self, room: Room, expected_version: int, move: MoveRecord | None = None) -> bool:
        key = self._key(room.id)
        saved = self._call(lambda: self._save(
            keys=[key, f"{key}:moves", f"{self.prefix}:moves", f"{self.prefix}:touched"],
            args=[expected_version, room.version, room.game.to_json(), json.dumps(room.meta()),
                  move.to_json() if move else "", f"{room.id} {room.version}", int(self.lifetime * 1000),
                  time.time(), room.id],
        ))  # fmt: skip
        return bool(saved)

    def moves(self, room_id: str) -> list[MoveRecord]:
        kept = self._call(lambda: self._redis.lrange(f"{self._key(room_id)}:moves", 0, -1))
        return [MoveRecord.from_json(m) for m in kept]

    def room_ids(self) -> list[str]:
        index = f"{self.prefix}:touched"
        return [_text(r) for r in self._call(lambda: self._redis.zrangebyscore(index, time.time() - self.lifetime,
                                                                                 "+inf"))]  # fmt: skip

    def expire(self) -> int:
        """Redis deletes the rooms themselves; here the index lets go of their names."""
        index = f"{self.prefix}:touched"
        return int(self._call(lambda: self._redis.zremrangebyscore(index, "-inf", time.time() - self.lifetime)))

    def listen(self, listener: Listener, resumed: Callable[[], None] | None = None) -> None:
        """Every save by any process on this Redis is heard, in a thread of this process."""
        self._listeners.append(listener)
        if resumed is not None:
            self._resumed.append(resumed)
        if self._thread is None:
            self._thread = threading.Thread(target=self._listen, name="rooms-redis-listener", daemon=True)
            self._thread.start()

    def _listen(self) -> None:
        """Subscribe, hear, and on losing Redis try again after 0.05 s, doubling to at most 1 s."""
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # its own client, which never retries in silence: a lost connection must be seen, since the saves
        # told while it was lost are heard by nobody and every room here must be read again
        client = redis.Redis.from_url(self._url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2,
                                      health_check_interval=2)  # fmt: skip
        backoff, subscribed_before = 0.05, False
        lost: tuple[type[Exception], ...] = (*self._errors, OSError, ValueError, AttributeError)
        while not self._stopping.is_set():
            pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
            self._pubsub = pubsub
            try:
                pubsub.subscribe(f"{self.prefix}:moves")
                pubsub.get_message(timeout=0.5)  # the subscription's answer: subscribed from here on
                if subscribed_before:
                    for resumed in list(self._resumed):
                        resumed()
                subscribed_before, backoff = True, 0.05
                while not self._stopping.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is not None and message.get("type") == "message":
                        self._heard(message)
            except lost:
                self._stopping.wait(backoff)
                backoff = min(1.0, backoff * 2)
            finally:
                with contextlib.suppress(Exception):
                    pubsub.close()
        client.close()

    def _heard(self, message: dict[str, Any]) -> None:
        room_id, version = _text(message["data"]).split()
        for listener in list(self._listeners):
            listener(room_id, int(version))

    def close(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=3)
        self._redis.close()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def open_store(where: str, lifetime: float = LIFETIME) -> Store:
    """``redis://...`` opens Redis; anything else is the data folder (or ``.sqlite`` file) for SQLite."""
    if where.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(where, lifetime=lifetime)
    return SQLiteStore(where, lifetime=lifetime)
