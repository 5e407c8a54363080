"""The room service against a careless or mischievous page, and when its store is lost (issue 32).

    python benchmarks/bench_room_service.py flood            # another room's moves while a page floods
    python benchmarks/bench_room_service.py flood --no-limit # the same with no rate limit: fair turns alone
    python benchmarks/bench_room_service.py stall            # the service's memory over 60 s of pushes
    python benchmarks/bench_room_service.py redis            # Redis stopped and started again mid-game

Each part starts the service as its own process (``python -m bolivia_rooms``, as scripts/serve.sh starts
it) on a free loopback port, with SQLite in a temporary folder (Redis for ``redis``: a redis-server
started here, keeping an append-only file). Every seat is a real client on its own socket. The service's
CPU time (user + system) and resident memory are read from /proc; latencies are wall time on loopback.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_rooms import Service, cpu_seconds, free_port, percentile, rss_mb, wait_port  # noqa: E402
from bolivia_rooms.client import RoomClient  # noqa: E402


def two_seats(address: tuple[str, int]) -> tuple[dict[int, RoomClient], str]:
    host = RoomClient(address)
    made = host.create({"players": 2, "target": 1_000_000})
    host.close()
    seats = {n: RoomClient(address) for n in (1, 2)}
    for n, client in seats.items():
        assert client.sit(made["room"], made["seats"][str(n)])["type"] == "seated"
    return seats, made["room"]


def move_once(seats: dict[int, RoomClient], deadline: float) -> float:
    """The seat to move makes its first offered move (again while refused); the seconds from its last
    try until every seat has the view it made."""
    while True:
        view = seats[1].wait_view(lambda v: v["turn"] is not None and v["version"] >= 2)
        mover = seats[view["turn"]]
        own = mover.wait_view(lambda v, at=view["version"]: v["version"] >= at and bool(v["actions"]))
        sent = time.perf_counter()
        answer = mover.move(own["actions"][0], own["version"])
        if answer["type"] == "moved":
            for client in seats.values():
                client.wait_view(lambda v, at=answer["version"]: v["version"] >= at,
                                 timeout=max(0.1, deadline - time.monotonic()))  # fmt: skip
            return time.perf_counter() - sent
        if time.monotonic() > deadline:
            raise SystemExit(f"no move was accepted in time: {answer}")
        time.sleep(0.02)


def flood(args: argparse.Namespace) -> None:
    folder = tempfile.mkdtemp(prefix="bench-flood-")
    options = ["--lines-per-second", "1000000000"] if args.no_limit else []
    service = Service(folder, extra=options)
    counts: Counter[str] = Counter()
    stop = threading.Event()
    try:
        seats, _ = two_seats(service.address)
        quiet = [move_once(seats, time.monotonic() + 10) * 1000 for _ in range(args.moves)]
        raw = socket.create_connection(service.address)
        junk = b'{"type": "shout"}\n' * 2000

        def send() -> None:
            while not stop.is_set():
                try:
                    raw.sendall(junk)
                except OSError:
                    return
                counts["sent"] += 2000

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
                    counts["closed"] += 1
                    return
                counts["answered"] += chunk.count(b"\n")

        threads = [threading.Thread(target=send, daemon=True), threading.Thread(target=read, daemon=True)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        cpu_before = cpu_seconds(service.process.pid)
        started = time.perf_counter()
        busy = [move_once(seats, time.monotonic() + 10) * 1000 for _ in range(args.moves)]
        wall = time.perf_counter() - started
        cpu = cpu_seconds(service.process.pid) - cpu_before
        stop.set()
        for client in seats.values():
            client.close()
    finally:
        stop.set()
        service.stop()
        shutil.rmtree(folder, ignore_errors=True)
    limit = "no rate limit (fair turns alone)" if args.no_limit else "the default rate limit (50 lines a second)"
    print(f"flood, {limit}: one connection sends refused lines as fast as it can and reads the answers")
    print(f"  another room's move to its other seat, quiet: median {statistics.median(quiet):.1f} ms, "
          f"max {max(quiet):.1f} ms ({len(quiet)} moves)")  # fmt: skip
    print(f"  the same during the flood: median {statistics.median(busy):.1f} ms, 95th percentile "
          f"{percentile(busy, 0.95):.1f} ms, max {max(busy):.1f} ms ({len(busy)} moves in {wall:.1f} s)")  # fmt: skip
    print(f"  the flood: {counts['sent']:,} lines sent, {counts['answered']:,} answered, closed {counts['closed']} "
          f"times; service CPU {cpu:.2f} s over {wall:.1f} s ({cpu / wall * 100:.0f}% of a core)")  # fmt: skip


def stall(args: argparse.Namespace) -> None:
    """A seated page that stops reading while the inviter changes a seat's level as fast as it may (each
    change a view pushed to every seat): the service's resident memory each second."""
    folder = tempfile.mkdtemp(prefix="bench-stall-")
    service = Service(folder, extra=["--lines-per-second", "1000000000"] if args.no_limit else [])
    try:
        host = RoomClient(service.address)
        made = host.create({"players": 4})
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(service.address)
        stalled.sendall(json.dumps({"type": "hello", "protocol": 2, "room": made["room"],
                                    "token": made["seats"]["2"]}).encode() + b"\n")  # fmt: skip
        rss = [rss_mb(service.process.pid)]
        cpu_before = cpu_seconds(service.process.pid)
        started = time.monotonic()
        changes = 0
        next_sample = started + 1
        while time.monotonic() - started < args.seconds:
            level = ("greedy", "club")[changes % 2]
            host.request({"type": "level", "room": made["room"], "host": made["host"], "seat": 3, "level": level})
            changes += 1
            if time.monotonic() >= next_sample:
                rss.append(rss_mb(service.process.pid))
                next_sample += 1
        cpu = cpu_seconds(service.process.pid) - cpu_before
        stalled.settimeout(10)
        closed = "no"
        try:
            while stalled.recv(1 << 16):
                pass
            closed = "yes (what it held read, then the end)"
        except ConnectionResetError:
            closed = "yes (cut: it read nothing within 10 s of falling behind)"
        except TimeoutError:
            pass
        host.close()
    finally:
        service.stop()
        shutil.rmtree(folder, ignore_errors=True)
    limit = "no rate limit" if args.no_limit else "the default rate limit"
    print(f"stalled reader, {limit}: {changes:,} seat changes in {args.seconds:.0f} s (each a view pushed to the "
          f"4 seats; one seat never reads); service CPU {cpu:.1f} s")  # fmt: skip
    print(f"  service resident memory: {rss[0]:.1f} MB at the start, {max(rss):.1f} MB at most, {rss[-1]:.1f} MB "
          f"at the end: growth {rss[-1] - rss[0]:+.1f} MB over {len(rss) - 1} s "
          f"({(rss[-1] - rss[0]) / max(1, len(rss) - 1):+.2f} MB a second)")  # fmt: skip
    print(f"  the stalled page closed by the service: {closed}")


def redis(args: argparse.Namespace) -> None:
    server = shutil.which("redis-server") or "/usr/bin/redis-server"
    folder = tempfile.mkdtemp(prefix="bench-redis-")
    port = free_port()

    def start_redis() -> subprocess.Popen[bytes]:
        process = subprocess.Popen([server, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder,
                                    "--save", "", "--appendonly", "yes", "--appendfsync", "always"],
                                   stdout=subprocess.DEVNULL)  # fmt: skip
        wait_port(port, process)
        return process

    redis_process = start_redis()
    url = f"redis://127.0.0.1:{port}/0"
    services = [Service(url), Service(url)]
    tables: list[dict[int, RoomClient]] = []
    try:
        for _ in range(args.rooms):
            host = RoomClient(services[0].address)
            made = host.create({"players": 2, "target": 1_000_000})
            host.close()
            seats = {n: RoomClient(services[n - 1].address) for n in (1, 2)}  # each table across both processes
            for n, client in seats.items():
                assert client.sit(made["room"], made["seats"][str(n)])["type"] == "seated"
            tables.append(seats)
        for seats in tables:
            for _ in range(3):
                move_once(seats, time.monotonic() + 10)
        results = []
        for _ in range(args.rounds):
            redis_process.terminate()
            redis_process.wait(10)
            time.sleep(args.down)
            redis_process = start_redis()
            back = time.perf_counter()
            for seats in tables:
                move_once(seats, time.monotonic() + 30)
            results.append(time.perf_counter() - back)
    finally:
        for seats in tables:
            for client in seats.values():
                client.close()
        for service in services:
            service.stop()
        redis_process.terminate()
        redis_process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"Redis stopped for {args.down:.0f} s and started again mid-game, {args.rounds} times; {args.rooms} rooms, "
          f"each table's two seats on two service processes")  # fmt: skip
    print(f"  from Redis's return until every seat at every table had a new move: median "
          f"{statistics.median(results):.2f} s, max {max(results):.2f} s")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parts = parser.add_subparsers(dest="part", required=True)
    part = parts.add_parser("flood")
    part.add_argument("--moves", type=int, default=60)
    part.add_argument("--no-limit", action="store_true", help="no rate limit: fair turns alone")
    part = parts.add_parser("stall")
    part.add_argument("--seconds", type=float, default=60)
    part.add_argument("--no-limit", action="store_true", help="no rate limit: the inviter's changes as fast as sent")
    part = parts.add_parser("redis")
    part.add_argument("--rooms", type=int, default=4)
    part.add_argument("--rounds", type=int, default=3)
    part.add_argument("--down", type=float, default=3)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"{os.cpu_count()} cores, load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (shared with other work)")
    {"flood": flood, "stall": stall, "redis": redis}[args.part](args)


if __name__ == "__main__":
    main()
