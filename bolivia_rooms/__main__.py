"""``python -m bolivia_rooms``: the room service on loopback (scripts/serve.sh starts it beside Voila)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal

from .service import RoomService
from .store import open_store

DEFAULT_ADDRESS = "127.0.0.1:8867"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bolivia_rooms", description=__doc__)
    parser.add_argument("--listen", default=os.environ.get("BOLIVIA_ROOMS", DEFAULT_ADDRESS),
                        help="HOST:PORT to serve on (default: $BOLIVIA_ROOMS, else %(default)s)")  # fmt: skip
    parser.add_argument("--store", default=os.environ.get("BOLIVIA_ROOMS_STORE", "data/rooms"),
                        help="a data folder for SQLite, or redis://HOST:PORT/DB (default: %(default)s)")  # fmt: skip
    parser.add_argument("--computer-delay", type=float, default=0.4, help="seconds before each computer move")
    parser.add_argument("--stop-with", type=int, default=0, help="stop when the process with this id ends")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[rooms] %(message)s")
    host, _, port = args.listen.rpartition(":")
    asyncio.run(_serve(host or "127.0.0.1", int(port), args.store, args.computer_delay, args.stop_with))


async def _serve(host: str, port: int, where: str, computer_delay: float, stop_with: int) -> None:
    store = open_store(where)
    service = RoomService(store, computer_delay=computer_delay)
    bound = await service.start(host, port)
    logging.getLogger("bolivia_rooms").info("rooms served on %s:%s, kept in %s", *bound, where)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)
        if stop_with and not _alive(stop_with):
            break
    await service.stop()
    store.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


if __name__ == "__main__":
    main()
