"""Where rooms are kept: SQLite in a data folder (one process, no other server), or Redis (several
processes behind one address share the rooms, and hear each other's moves by pub/sub).

Both keep each room's game as the project's JSON (``Game.to_json``) beside its version and seats,
and append every move. A save is a compare-and-set on the version: it lands only if nobody saved
since the version it started from, so two moves at once give one move, never a corrupted game.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .room import Room

__all__ = ["MoveRecord", "RedisStore", "SQLiteStore", "Store", "StoredRoom", "open_store"]

Listener = Callable[[str, int], None]  # (room id, version) after a save


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
    def create(self, room: Room) -> None: ...
    def load(self, room_id: str) -> StoredRoom | None: ...
    def save(self, room: Room, expected_version: int, move: MoveRecord | None = None) -> bool: ...
    def moves(self, room_id: str) -> list[MoveRecord]: ...
    def room_ids(self) -> list[str]: ...
    def listen(self, listener: Listener) -> None: ...
    def close(self) -> None: ...


class SQLiteStore:
    """Rooms in one SQLite file (WAL, so readers never wait for the writer)."""

    def __init__(self, path: str | Path) -> None:
        path = Path(path)
        if path.suffix != ".sqlite":
            path.mkdir(parents=True, exist_ok=True)
            path = path / "rooms.sqlite"
        self.path = path
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
            """
        )
        self._lock = threading.Lock()  # one connection, shared by the service's threads
        self._listeners: list[Listener] = []
        self._watcher: threading.Thread | None = None
        self._stopping = threading.Event()

    def create(self, room: Room) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO rooms (id, version, game, meta, saved) VALUES (?, ?, ?, ?, ?)",
                (room.id, room.version, room.game.to_json(), json.dumps(room.meta()), time.time()),
            )

    def load(self, room_id: str) -> StoredRoom | None:
        with self._lock:
            row = self._db.execute("SELECT meta, game, version FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return None if row is None else StoredRoom(json.loads(row[0]), row[1], row[2])

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
            return [row[0] for row in self._db.execute("SELECT id FROM rooms ORDER BY saved")]

    def listen(self, listener: Listener) -> None:
        """Saves by this process are heard at once; saves by another process on the same file (not
        the way to serve from several processes: that is Redis) within a tenth of a second."""
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
# append the move, and tell every process listening.
_SAVE = """
if redis.call('HGET', KEYS[1], 'version') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[2], 'game', ARGV[3], 'meta', ARGV[4])
if ARGV[5] ~= '' then redis.call('RPUSH', KEYS[2], ARGV[5]) end
redis.call('PUBLISH', KEYS[3], ARGV[6])
return 1
"""
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'game', ARGV[2], 'meta', ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[4])
return 1
"""


class RedisStore:
    """Rooms in Redis, under one key prefix: a hash per room, a list of its moves, one channel."""

    def __init__(self, url: str, prefix: str = "bolivia:rooms") -> None:
        import redis  # only this store needs the client

        self._redis = redis.Redis.from_url(url)
        self.prefix = prefix
        self._save = self._redis.register_script(_SAVE)
        self._create = self._redis.register_script(_CREATE)
        self._listeners: list[Listener] = []
        self._pubsub: Any = None
        self._thread: Any = None

    def _key(self, room_id: str) -> str:
        return f"{self.prefix}:room:{room_id}"

    def create(self, room: Room) -> None:
        made = self._create(
            keys=[self._key(room.id), f"{self.prefix}:index"],
            args=[room.version, room.game.to_json(), json.dumps(room.meta()), room.id],
        )
        if not made:
            raise ValueError(f"room {room.id} exists already")

    def load(self, room_id: str) -> StoredRoom | None:
        data = self._redis.hgetall(self._key(room_id))
        if not data:
            return None
        return StoredRoom(json.loads(data[b"meta"]), _text(data[b"game"]), int(data[b"version"]))

    def save(self, room: Room, expected_version: int, move: MoveRecord | None = None) -> bool:
        key = self._key(room.id)
        saved = self._save(
            keys=[key, f"{key}:moves", f"{self.prefix}:moves"],
            args=[expected_version, room.version, room.game.to_json(), json.dumps(room.meta()),
                  move.to_json() if move else "", f"{room.id} {room.version}"],
        )  # fmt: skip
        return bool(saved)

    def moves(self, room_id: str) -> list[MoveRecord]:
        return [MoveRecord.from_json(m) for m in self._redis.lrange(f"{self._key(room_id)}:moves", 0, -1)]

    def room_ids(self) -> list[str]:
        return [_text(r) for r in self._redis.lrange(f"{self.prefix}:index", 0, -1)]

    def listen(self, listener: Listener) -> None:
        """Every save by any process on this Redis is heard, in a thread of this process."""
        self._listeners.append(listener)
        if self._pubsub is None:
            self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
            self._pubsub.subscribe(**{f"{self.prefix}:moves": self._heard})
            self._thread = self._pubsub.run_in_thread(sleep_time=0.05, daemon=True)

    def _heard(self, message: dict[str, Any]) -> None:
        room_id, version = _text(message["data"]).split()
        for listener in list(self._listeners):
            listener(room_id, int(version))

    def close(self) -> None:
        if self._thread is not None:
            self._thread.stop()
            self._thread.join(timeout=2)
        if self._pubsub is not None:
            self._pubsub.close()
        self._redis.close()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def open_store(where: str) -> Store:
    """``redis://...`` opens Redis; anything else is the data folder (or ``.sqlite`` file) for SQLite."""
    if where.startswith(("redis://", "rediss://", "unix://")):
        return RedisStore(where)
    return SQLiteStore(where)
