"""A real Dask scheduler and workers on loopback, for the tests of what runs on a cluster (studies, the ladder)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def dask_cluster(folder: Path, workers: int = 1) -> Iterator[str]:
    """A scheduler and ``workers`` one-thread workers, each in its own process group, stopped at the end;
    yields the scheduler's address once every worker has joined."""
    from distributed import Client

    dask = str(Path(sys.executable).with_name("dask"))
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    started = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)]  # fmt: skip
    try:
        for _ in range(workers):
            started.append(subprocess.Popen(
                [dask, "worker", address, "--nthreads", "1", "--nworkers", "1", "--no-dashboard",
                 "--host", "127.0.0.1", "--local-directory", str(folder / "dask")],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))  # fmt: skip
        deadline = time.monotonic() + 60
        while True:
            try:
                with Client(address, timeout="5s") as client:
                    client.wait_for_workers(workers, timeout=60)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        yield address
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)
        for process in started:
            process.wait(timeout=30)
