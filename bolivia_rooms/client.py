"""The thin client a page's kernel uses: one connection to the room service, one seat's key.

Blocking sends and a reader thread: a kernel calls ``create``/``sit``/``move`` from a widget's
callback, and ``on_view`` is called (in the reader thread) with each view the room pushes, the
seat's own and nobody else's. The messages are the service's protocol (``bolivia_rooms.service``);
the requests that open a connection's business (``create``, ``hello``, ``join``, ``watch``) carry the
protocol version this client speaks."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import queue
import socket
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["PROTOCOL", "RoomClient", "service_address"]

PROTOCOL = 2  # the room protocol this client speaks (bolivia_rooms.protocol.PROTOCOL)


def service_address() -> tuple[str, int]:
    """Where the room service listens: ``$BOLIVIA_ROOMS`` (scripts/serve.sh sets it), else its default."""
    host, _, port = os.environ.get("BOLIVIA_ROOMS", "127.0.0.1:8867").rpartition(":")
    return host or "127.0.0.1", int(port)


class RoomClient:
    """One connection to the room service."""

    def __init__(self, address: tuple[str, int] | None = None, *, timeout: float = 10.0,
                 on_view: Callable[[dict[str, Any]], None] | None = None, record: bool = False,
                 on_notice: Callable[[dict[str, Any]], None] | None = None) -> None:  # fmt: skip
        self.socket = socket.create_connection(address or service_address(), timeout=timeout)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.socket.settimeout(None)
        self.timeout = timeout
        self.on_view = on_view
        self.on_notice = on_notice  # called (in the reader thread) with what the room says unasked: "taken over"
        self.view: dict[str, Any] | None = None  # the latest view of this seat
        self.received: queue.Queue[dict[str, Any]] = queue.Queue()  # every line but views
        self.lines: list[bytes] | None = [] if record else None  # with ``record``: every line, as it came
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._arrived = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        with contextlib.suppress(OSError), self.socket.makefile("rb") as lines:  # a reset ends it as a close does
            for line in lines:
                if self.lines is not None:
                    self.lines.append(line)
                message = json.loads(line)
                if message.get("type") == "view":
                    with self._arrived:
                        self.view = message
                        self._arrived.notify_all()
                    if self.on_view is not None:
                        self.on_view(message)
                else:
                    if message.get("re") is None and self.on_notice is not None:
                        self.on_notice(message)
                    self.received.put(message)
        if self.on_notice is not None:
            self.on_notice({"type": "closed"})
        self.received.put({"type": "closed"})

    def send(self, message: dict[str, Any]) -> int:
        request_id = next(self._ids)
        with self._lock:
            self.socket.sendall((json.dumps({**message, "id": request_id}) + "\n").encode())
        return request_id

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send and wait for the answer to this request (``refused`` is returned, not raised)."""
        request_id = self.send(message)
        while True:
            answer = self.received.get(timeout=self.timeout)
            if answer.get("re") == request_id or answer.get("type") == "closed":
                return answer

    def wait_view(self, done: Callable[[dict[str, Any]], bool], timeout: float | None = None) -> dict[str, Any]:
        """Wait for a view for which ``done`` holds (the latest one, checked as views arrive)."""
        with self._arrived:
            if not self._arrived.wait_for(lambda: self.view is not None and done(self.view), timeout or self.timeout):
                raise TimeoutError(f"no such view came; the last was at version {self.view and self.view['version']}")
            assert self.view is not None
            return self.view

    def create(self, settings: dict[str, Any], game: str | None = None) -> dict[str, Any]:
        """A room from ``settings``; with ``game`` (a saved game's JSON), that game goes on in it."""
        request = {"type": "create", "protocol": PROTOCOL, "settings": settings}
        return self.request(request | ({"game": game} if game is not None else {}))

    def sit(self, room: str, token: str, *, lang: str = "en", take_over: bool = False,
            seat: int | None = None) -> dict[str, Any]:  # fmt: skip
        """Sit at the seat ``token`` opens (refused unless it is ``seat``, when a link names one). The key
        proves who it is: a page that held the seat before is told, and this one holds it."""
        request = {"type": "hello", "protocol": PROTOCOL, "room": room, "token": token, "lang": lang,
                   "take_over": take_over}  # fmt: skip
        return self.request(request | ({"seat": seat} if seat is not None else {}))

    def join(self, room: str, key: str, *, lang: str = "en") -> dict[str, Any]:
        """Sit at the next open seat with the class link's key; the answer's ``key`` opens that seat."""
        return self.request({"type": "join", "protocol": PROTOCOL, "room": room, "key": key, "lang": lang})

    def watch(self, room: str, key: str, *, lang: str = "en") -> dict[str, Any]:
        """Watch the room with a watch link's key: every hand (a teacher's) or the public table."""
        return self.request({"type": "watch", "protocol": PROTOCOL, "room": room, "key": key, "lang": lang})

    def move(self, action: str, version: int) -> dict[str, Any]:
        return self.request({"type": "move", "action": action, "version": version})

    def stay(self) -> dict[str, Any]:
        """The person is here: a countdown stops; a seat the computer stood in for is theirs again."""
        return self.request({"type": "stay"})

    def close(self) -> None:
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.socket.close()
        self._reader.join(timeout=2)
