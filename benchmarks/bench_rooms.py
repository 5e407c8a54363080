"""The room service under a class: latency of a move to the other seats, a class of 8 rooms of 4
people moving at once, and a restart in the middle of it.

The service runs as its own process (``python -m bolivia_rooms``, as scripts/serve.sh starts it) on
a free loopback port; every seat is a real client on its own socket (as a page's kernel is),
choosing seeded moves among those its view offers. The service's memory (resident set) and CPU
time (user + system) are read from /proc. Bounded: moves per room and a time cap.

    python benchmarks/bench_rooms.py                 # SQLite in a temporary folder
    python benchmarks/bench_rooms.py --redis         # a redis-server started here on a free port
    python benchmarks/bench_rooms.py --rooms 8 --moves 80
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bolivia_rooms.client import RoomClient  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_port(port: int, process: subprocess.Popen[bytes], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the process ended before listening on {port}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"nothing listened on {port} within {seconds} s")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime + stime


class Service:
    """The room service as its own process, on a free loopback port."""

    def __init__(self, store: str, port: int | None = None, extra: list[str] | None = None) -> None:
        self.port = port or free_port()
        self.store = store
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bolivia_rooms", "--listen", f"127.0.0.1:{self.port}", "--store", store,
             "--computer-delay", "0", *(extra or [])],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        wait_port(self.port, self.process)

    @property
    def address(self) -> tuple[str, int]:
        return "127.0.0.1", self.port

    def stop(self, sig: int = signal.SIGTERM) -> None:
        self.process.send_signal(sig)
        self.process.wait(10)


class Table:
    """One room of ``players`` people, each a client; every view's arrival time is kept."""

    def __init__(self, service: Service, seed: int, players: int = 4) -> None:
        self.arrived: dict[int, dict[int, float]] = {n: {} for n in range(1, players + 1)}  # seat -> version -> time
        host = RoomClient(service.address)
        made = host.create({"players": players, "seed": seed, "target": 100000})
        host.close()
        self.room, self.keys, self.seed = made["room"], made["seats"], seed
        self.seats: dict[int, RoomClient] = {}
        self.errors: list[dict[str, Any]] = []
        self.sit(service)

    def sit(self, service: Service) -> None:
        for n in self.arrived:
            arrived = self.arrived[n]

            def heard(view: dict[str, Any], arrived: dict[int, float] = arrived) -> None:
                arrived.setdefault(view["version"], time.perf_counter())

            client = RoomClient(service.address, on_view=heard)
            answer = client.sit(self.room, self.keys[str(n)])
            if answer["type"] != "seated":
                self.errors.append(answer)
            self.seats[n] = client

    def play(self, moves: int, deadline: float, latencies: list[float] | None = None) -> int:
        """The person to move picks a seeded move among those offered; returns the moves made."""
        rng = random.Random(self.seed)
        made = 0
        any_seat = self.seats[1]
        while made < moves and time.monotonic() < deadline:
            view = any_seat.wait_view(lambda v: v["turn"] is not None, timeout=10)
            if view["over"]:
                break
            mover = self.seats[view["turn"]]
            own = mover.wait_view(lambda v, at=view["version"]: v["version"] >= at and bool(v["actions"]), timeout=10)
            actions = own["actions"]
            lays = [a for a in actions if a.startswith(("meld", "add"))]
            choice = rng.choice(lays) if lays and rng.random() < 0.7 else rng.choice(actions)
            sent = time.perf_counter()
            answer = mover.move(choice, own["version"])
            if answer["type"] != "moved":
                self.errors.append(answer)
                continue
            made += 1
            version = answer["version"]
            for n, client in self.seats.items():
                client.wait_view(lambda v, at=version: v["version"] >= at, timeout=10)
                if latencies is not None and n != own["seat"]:
                    latencies.append(self.arrived[n][version] - sent)
        return made

    def delivered(self) -> int:
        """Views that reached a seat, over every seat."""
        return sum(len(v) for v in self.arrived.values())

    def close(self) -> None:
        for client in self.seats.values():
            client.close()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--redis", action="store_true", help="keep the rooms in a redis-server started here")
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--moves", type=int, default=60, help="moves per room in the class (bounded)")
    parser.add_argument("--latency-moves", type=int, default=150)
    parser.add_argument("--seconds", type=float, default=120, help="time cap for each part")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="bench-rooms-")
    redis_process = None
    if args.redis:
        server = shutil.which("redis-server") or "/usr/bin/redis-server"
        redis_port = free_port()
        redis_process = subprocess.Popen([server, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                                          "--appendonly", "no"], stdout=subprocess.DEVNULL)  # fmt: skip
        wait_port(redis_port, redis_process)
        store = f"redis://127.0.0.1:{redis_port}/0"
    else:
        store = folder
    print(f"store: {'Redis' if args.redis else 'SQLite'}; service: its own process on loopback; "
          f"{os.cpu_count()} cores, shared with other work (figures are CPU time where they can be)")  # fmt: skip
    service = Service(store)
    try:
        idle_rss = rss_mb(service.process.pid)
        print(f"service at rest: {idle_rss:.1f} MB resident")

        # 1. one room of 4 people: a move's time to reach the 3 other seats
        latencies: list[float] = []
        table = Table(service, seed=101)
        table.play(args.latency_moves, time.monotonic() + args.seconds, latencies)
        table.close()
        ms = [x * 1000 for x in latencies]
        print(f"move to the other seats: {len(ms)} arrivals over {len(ms) // 3} moves; "
              f"median {statistics.median(ms):.1f} ms, 95th percentile {percentile(ms, 0.95):.1f} ms, "
              f"worst {max(ms):.1f} ms (wall time, 1 room, loopback)")  # fmt: skip

        # 2. a class: rooms of 4 people, all moving at once
        cpu_before = cpu_seconds(service.process.pid)
        tables = [Table(service, seed=200 + r) for r in range(args.rooms)]
        seated_rss = rss_mb(service.process.pid)
        results: dict[int, int] = {}
        deadline = time.monotonic() + args.seconds
        started = time.perf_counter()
        threads = [threading.Thread(target=lambda r=r, t=t: results.__setitem__(r, t.play(args.moves, deadline)))
                   for r, t in enumerate(tables)]  # fmt: skip
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - started
        cpu = cpu_seconds(service.process.pid) - cpu_before
        moves = sum(results.values())
        errors = sum(len(t.errors) for t in tables)
        delivered = sum(t.delivered() for t in tables)
        peak_rss = rss_mb(service.process.pid)
        people = 4 * len(tables)
        print(f"a class: {len(tables)} rooms of 4 people at once, {moves} moves in {wall:.1f} s, "
              f"{delivered} views delivered, {errors} errors")  # fmt: skip
        print(f"  service CPU {cpu:.2f} s ({cpu / max(moves, 1) * 1000:.1f} ms a move, every seat's view "
              f"included); resident {seated_rss:.1f} MB seated, {peak_rss:.1f} MB after the moves")  # fmt: skip
        per_person = (peak_rss - idle_rss) / people
        per_move = cpu / max(moves, 1)
        print(f"  memory per seated person: {per_person:.2f} MB; at one move every 5 s per room (people "
              f"playing), one core serves about {1 / (per_move / 5):.0f} rooms")  # fmt: skip

        # 3. a restart mid-game: every room resumes at its last move
        kept = {}
        for table in tables:
            kept[table.room] = table.seats[1].view["table"] if table.seats[1].view else None  # type: ignore[index]
            table.close()
        service.stop(signal.SIGKILL)  # as hard as a power cut: nothing is saved on the way out
        started = time.perf_counter()
        service = Service(store, service.port)
        resumed = 0
        for table in tables:
            probe = RoomClient(service.address)
            answer = probe.sit(table.room, table.keys["1"])
            view = probe.wait_view(lambda v: True, timeout=10) if answer["type"] == "seated" else None
            resumed += view is not None and view["table"] == kept[table.room]  # the table as it stood
            probe.close()
        print(f"restart mid-game (SIGKILL, then start again): {resumed} of {len(tables)} rooms resumed at their "
              f"last move, in {time.perf_counter() - started:.2f} s from the new start")  # fmt: skip
    finally:
        service.stop()
        if redis_process is not None:
            redis_process.terminate()
            redis_process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
