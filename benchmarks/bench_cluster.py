"""What playing a match on a Dask cluster costs against ``--jobs``, on one machine:
``python benchmarks/bench_cluster.py [--workers N] [--runs R]``.

Starts a scheduler and ``--workers`` one-thread workers on 127.0.0.1 (``dask scheduler``,
``dask worker``, as docs/arena.md shows), then plays each match of ``MATCHES`` ``--runs`` times
with ``--jobs N`` and on the cluster (``--scheduler``), the two interleaved (their order
alternating) so that the machine's load falls alike on both. Each run is a fresh process
(``run_arena``, as the command plays it: connecting to the scheduler and checking its workers
is counted); it prints hands per second of each run, their medians and the ratio, and checks
that the two reports are the same but for their timing. The load average is printed at the
start and the end: the machine may be shared.

On one machine the cluster cannot be faster than ``--jobs``: what this measures is what the
chunks, the scheduler and the pickled records cost; more machines add their cores.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: (policy A, policy B, deals, samples): fast deals (the chunks' cost shows most), then an
#: advisor's (a deal a few tenths of a second).
MATCHES = (("formula", "thumb", 400, 1000), ("advisor:jump", "formula", 40, 200))

#: One match in a fresh process: its report as JSON.
RUN = """
import json, sys
from pinochle_calc.game.arena import run_arena
a, b, deals, samples, jobs, scheduler = sys.argv[1:]
report = run_arena(a, b, int(deals), seed=11, samples=int(samples), jobs=int(jobs),
                   scheduler=scheduler or None)
print(json.dumps(report.to_dict()))
"""


def play(a: str, b: str, deals: int, samples: int, jobs: int, scheduler: str) -> dict:
    # one BLAS thread, as the console script sets it (cli.app.main) and dask's nanny sets it
    # for its workers: else each --jobs process runs BLAS threads that fight for the cores
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", RUN, a, b, str(deals), str(samples), str(jobs),
                          scheduler], capture_output=True, text=True, check=True, env=env).stdout
    return json.loads(out)


def start_cluster(folder: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    """A scheduler and one-thread workers on 127.0.0.1: its address and processes."""
    processes = []

    def start(*args: str) -> None:
        # in this session, as the --jobs processes are: where the kernel shares the cores
        # between sessions (autogroups), a session of its own would give each a share
        processes.append(subprocess.Popen([sys.executable, "-m", "dask", *args], cwd=folder,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    address_file = folder / "scheduler.json"
    start("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
          "--scheduler-file", str(address_file))
    while not address_file.exists():
        time.sleep(0.1)
    time.sleep(0.2)
    address = json.loads(address_file.read_text())["address"]
    start("worker", address, "--nworkers", str(workers), "--nthreads", "1", "--no-dashboard")
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        client.wait_for_workers(workers, timeout=120)
    return address, processes


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("seconds", "hands_per_second")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        address, processes = start_cluster(Path(folder), args.workers)
        try:
            for a, b, deals, samples in MATCHES:
                print(f"\narena {a} {b} --deals {deals} -n {samples}: hands/s")
                speeds: dict[str, list[float]] = {"jobs": [], "cluster": []}
                reports = {}
                for run in range(args.runs):
                    order = ("jobs", "cluster") if run % 2 == 0 else ("cluster", "jobs")
                    for where in order:
                        report = play(a, b, deals, samples, args.workers if where == "jobs"
                                      else 1, address if where == "cluster" else "")
                        speeds[where].append(report["hands_per_second"])
                        reports[where] = without_timing(report)
                    print(f"  run {run + 1}: --jobs {args.workers} {speeds['jobs'][-1]:.2f},"
                          f" --scheduler ({args.workers} workers) {speeds['cluster'][-1]:.2f}")
                jobs, cluster = (statistics.median(speeds[w]) for w in ("jobs", "cluster"))
                same = "the same" if reports["jobs"] == reports["cluster"] else "DIFFERENT"
                print(f"  median: --jobs {jobs:.2f}, --scheduler {cluster:.2f}: the cluster"
                      f" {cluster / jobs:.2f}x the speed of --jobs; reports {same}")
        finally:
            for proc in reversed(processes):
                proc.terminate()  # a worker's nannies stop their workers
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    print(f"\nload average at the end: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
