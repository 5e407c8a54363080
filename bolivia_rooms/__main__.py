"""``python -m bolivia_rooms``: the room service on loopback (scripts/serve.sh starts it beside Voila)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import re
import signal

from .service import Limits, RoomService
from .store import LIFETIME, open_store

DEFAULT_ADDRESS = "127.0.0.1:8867"
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str) -> float:
    """Seconds from "30d", "12h", "45m", "90s" or a bare number of days."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text)
    if found is None or float(found.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is no duration: write, e.g., 30d, 12h, 45m or 90s")
    return float(found.group(1)) * _UNITS[found.group(2) or "d"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bolivia_rooms", description=__doc__)
    parser.add_argument("--listen", default=os.environ.get("BOLIVIA_ROOMS", DEFAULT_ADDRESS),
                        help="HOST:PORT to serve on (default: $BOLIVIA_ROOMS, else %(default)s)")  # fmt: skip
    parser.add_argument("--store", default=os.environ.get("BOLIVIA_ROOMS_STORE", "data/rooms"),
                        help="a data folder for SQLite, or redis://HOST:PORT/DB (default: %(default)s)")  # fmt: skip
    parser.add_argument("--computer-delay", type=float, default=0.4, help="seconds before each computer move")
    parser.add_argument("--room-lifetime", type=duration, default=LIFETIME, metavar="DURATION",
                        help="remove a room untouched this long: 30d, 12h, 45m, 90s (default: 30d)")  # fmt: skip
    parser.add_argument("--countdown", type=float, default=20.0,
                        help="seconds an idle turn counts down before the computer plays it (default: 20)")  # fmt: skip
    defaults = Limits()
    parser.add_argument("--lines-per-second", type=float, default=defaults.lines_per_second,
                        help="lines one connection may send a second (default: %(default)s)")  # fmt: skip
    parser.add_argument("--rooms-per-minute", type=float, default=defaults.rooms_per_minute,
                        help="rooms one source may make a minute (default: %(default)s)")  # fmt: skip
    parser.add_argument("--rooms-per-minute-total", type=float, default=defaults.rooms_per_minute_total,
                        help="rooms everybody together may make a minute (default: %(default)s)")  # fmt: skip
    parser.add_argument("--stop-with", type=int, default=0, help="stop when the process with this id ends")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[rooms] %(message)s")
    host, _, port = args.listen.rpartition(":")
    limits = Limits(lines_per_second=args.lines_per_second, lines_burst=max(1.0, 2 * args.lines_per_second),
                    rooms_per_minute=args.rooms_per_minute, rooms_burst=args.rooms_per_minute,
                    rooms_per_minute_total=args.rooms_per_minute_total,
                    rooms_burst_total=args.rooms_per_minute_total)  # fmt: skip
    service_options = {"computer_delay": args.computer_delay, "countdown": args.countdown, "limits": limits}
    asyncio.run(_serve(host or "127.0.0.1", int(port), args.store, args.room_lifetime, service_options, args.stop_with))


async def _serve(host: str, port: int, where: str, lifetime: float, options: dict[str, object], stop_with: int) -> None:
    store = open_store(where, lifetime)
    service = RoomService(store, **options)  # type: ignore[arg-type]
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
