"""A Dask cluster on 127.0.0.1 started by the ``dask`` commands docs/arena.md shows, for the
cluster tests: ``dask scheduler`` and ``dask worker`` processes (a worker with its nanny, which
starts it again when it dies, unless told not to), each in its own session so that a Ctrl-C
sent to a match does not reach them."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import distributed

PAUSE = "0.05"  # seconds: a deal holds about a dozen of formula's calls


def python(*args: str) -> list[str]:
    return [sys.executable, *args]


def cli(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """``pinochle-calc ARGS`` as a user runs it."""
    return subprocess.run(python("-m", "pinochle_calc", *args), capture_output=True, text=True,
                          **kwargs)


def finish(proc: subprocess.Popen, timeout: float = 120) -> tuple[str, str]:
    """The rest of a process's stdout (after lines read from it: ``communicate`` would skip
    what its reader holds already) and its stderr, once it ends (killed after ``timeout``)."""
    import threading

    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    try:
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait()
    finally:
        timer.cancel()
    return out, err


class Cluster:
    """A scheduler and ``workers`` workers on 127.0.0.1, started by the ``dask`` commands in
    ``folder``; ``client`` a client of it for the test to look inside."""

    def __init__(self, folder: Path, workers: int, preload: str | None = None,
                 nanny: bool = True):
        """``preload``: a file each process runs first (``--preload``), the scheduler too if
        there is no worker; ``nanny``: whether a worker dead is started again."""
        self.folder, self.processes = folder, []
        self.client = None
        address_file = folder / "scheduler.json"
        try:
            self.start("scheduler", "scheduler", "--host", "127.0.0.1", "--port", "0",
                       "--no-dashboard", "--scheduler-file", str(address_file),
                       *(("--preload", preload) if preload and not workers else ()))
            deadline = time.monotonic() + 60
            while not address_file.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.1)  # the file is written whole
            self.address = json.loads(address_file.read_text())["address"]
            for n in range(workers):
                self.add_worker(f"worker-{n}", preload, nanny)
            self.client = distributed.Client(self.address, set_as_default=False, timeout=30)
            if workers:
                self.client.wait_for_workers(workers, timeout=60)
        except BaseException:
            self.close()
            raise

    def start(self, log: str, *args: str) -> subprocess.Popen:
        env = {**os.environ, "PINOCHLE_TEST_PAUSE": PAUSE}
        with open(self.folder / f"{log}.log", "w") as out:
            proc = subprocess.Popen(python("-m", "dask", *args), cwd=self.folder, env=env,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        self.processes.append(proc)
        return proc

    def add_worker(self, name: str, preload: str | None = None,
                   nanny: bool = True) -> subprocess.Popen:
        """A worker of one thread (``nanny``: with the nanny that starts it again when it
        dies); the process that leads its group."""
        return self.start(name, "worker", self.address, "--nthreads", "1", "--no-dashboard",
                          "--name", name, "--local-directory", str(self.folder / name),
                          *(("--preload", preload) if preload else ()),
                          *(() if nanny else ("--no-nanny",)))

    def tasks(self) -> tuple[int, int]:
        """The tasks the scheduler holds, and those its workers are running."""
        held = self.client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
        running = self.client.run(lambda dask_worker: len(dask_worker.state.executing))
        return held, sum(running.values())

    def close(self) -> None:
        """The client closed, every process of the cluster killed (each leads its own process
        group, with a worker's nanny and its worker in it)."""
        if self.client is not None:
            self.client.close()
        for proc in self.processes:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
