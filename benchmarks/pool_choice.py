"""Why ``processes.map_jobs`` runs its own workers: what ``multiprocessing.Pool``,
``concurrent.futures.ProcessPoolExecutor`` and ``map_jobs`` do when a worker dies, or when the
work stops on an error. Run by hand: ``python benchmarks/pool_choice.py [--races 100]``.

Each case runs in a fresh process with a time limit (a case that does not end in it hung):

1. a worker dies (``os._exit``) on item 3 of 8, while item 1 is still being worked on: which
   item each names, and how;
2. an item raises ``SystemExit``: what the caller gets;
3. the caller stops early while the workers are busy with long items: the workers left;
4. the failing-policy match of the suite (``tests/game/test_external.py``, two processes, an
   error in deal 0), over and over with the package as it was before (``multiprocessing.Pool``:
   ``BEFORE_POOL``) and as it is: how many runs hang (``Pool.terminate`` can wait forever on a
   lock that a worker it has just killed held: cpython issue 96995).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, package_at  # noqa: E402

#: main before this change: ``map_jobs`` on ``multiprocessing.Pool``.
BEFORE_POOL = "de42a93"

COMMON = """
import os, sys, time, multiprocessing
sys.path.insert(0, {root!r})

def job(i, *_):
    if i == 3:
        os._exit(3)
    if i == 1:
        time.sleep(1.0)
    return i

def exits(i, *_):
    if i == 2:
        sys.exit(5)
    return i

def slow(i, *_):
    time.sleep(30)
    return i

fork = multiprocessing.get_context("fork")

def left():
    return len(multiprocessing.active_children())
"""

CASES = {
    ("multiprocessing.Pool", 1): """
with fork.Pool(2) as pool:
    got = []
    for r in pool.imap(job, range(8)):
        got.append(r)
        print("result", r, flush=True)
""",
    ("multiprocessing.Pool", 2): """
with fork.Pool(2) as pool:
    try:
        print(pool.map(exits, range(4)))
    except BaseException as e:
        print("caller gets", type(e).__name__, e, flush=True)
""",
    ("multiprocessing.Pool", 3): """
pool = fork.Pool(2)
it = pool.imap(slow, range(4))
time.sleep(0.5)
pool.terminate()
pool.join()
print("workers left after terminate:", left())
""",
    ("ProcessPoolExecutor", 1): """
from concurrent.futures import ProcessPoolExecutor
with ProcessPoolExecutor(2, mp_context=fork) as ex:
    got = []
    try:
        for r in ex.map(job, range(8)):
            got.append(r)
    except Exception as e:
        print("results", got, "then", type(e).__name__, "(item", len(got), "named, not 3)")
""",
    ("ProcessPoolExecutor", 2): """
from concurrent.futures import ProcessPoolExecutor
with ProcessPoolExecutor(2, mp_context=fork) as ex:
    try:
        print(list(ex.map(exits, range(4))))
    except BaseException as e:
        print("caller gets", type(e).__name__, e)
""",
    ("ProcessPoolExecutor", 3): """
from concurrent.futures import ProcessPoolExecutor
ex = ProcessPoolExecutor(2, mp_context=fork)
it = ex.map(slow, range(4))
time.sleep(0.5)
ex.shutdown(wait=False, cancel_futures=True)
time.sleep(0.5)
print("workers left after shutdown(wait=False, cancel_futures=True):", left())
for p in multiprocessing.active_children():
    p.kill()
""",
    ("map_jobs", 1): """
from pinochle_calc.processes import map_jobs, WorkerFailed
got = []
try:
    for r in map_jobs(job, None, range(8), jobs=2):
        got.append(r)
except WorkerFailed as e:
    print("results", got, "then WorkerFailed:", e)
""",
    ("map_jobs", 2): """
from pinochle_calc.processes import map_jobs
try:
    print(list(map_jobs(exits, None, range(4), jobs=2)))
except BaseException as e:
    print("caller gets", type(e).__name__ + ":", e)
""",
    ("map_jobs", 3): """
import signal
from pinochle_calc.processes import map_jobs

def interrupt(*_):
    raise KeyboardInterrupt

results = map_jobs(slow, None, range(4), jobs=2)
signal.signal(signal.SIGALRM, interrupt)
signal.setitimer(signal.ITIMER_REAL, 0.5)  # Ctrl-C, while the first item is worked on
try:
    next(results)
except KeyboardInterrupt:
    pass
print("workers left after the caller stopped:", left())
""",
}

RACE = """
import sys, signal, os
sys.path.insert(0, {package!r}); sys.path.insert(0, {bots!r})
from pinochle_calc.game.arena import run_arena
from pinochle_calc.game.whole import PolicyError
def hung(*_):
    print("hung", flush=True)
    os._exit(1)
signal.signal(signal.SIGALRM, hung)
for i in range({runs}):
    signal.alarm(10)
    try:
        run_arena("bots:RaisesAtSecondCall", "formula", 3, seed=4, jobs=2)
    except PolicyError:
        pass
    print("done", flush=True)
"""


def run(code: str, limit: float) -> str:
    """What ``code`` prints in a fresh process, or that it hung (killed after ``limit`` s)."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, _ = proc.communicate()
        return " | ".join(out.split("\n")).strip(" |") + f" ... HUNG (no end in {limit:.0f} s)"
    return " | ".join(out.split("\n")).strip(" |")


def races(package: str, bots: str, runs: int) -> tuple[int, int]:
    """How many of ``runs`` failing-policy matches ran, and how many hung (a process that hangs
    is started again for the runs left)."""
    done = hung = 0
    while done + hung < runs:
        code = RACE.format(package=package, bots=bots, runs=runs - done - hung)
        out = run(code, 20 + 2 * (runs - done - hung))
        done += out.count("done")
        if "hung" in out or "HUNG" in out:
            hung += 1
    return done, hung


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=100,
                        help="failing-policy matches per package (case 4)")
    args = parser.parse_args()
    with open("/proc/loadavg") as f:
        print(f"load average at the start: {' '.join(f.read().split()[:3])}")
    common = COMMON.format(root=str(ROOT))
    for (pool, case), body in CASES.items():
        print(f"{pool:22} case {case}: {run(common + textwrap.dedent(body), 15)}", flush=True)
    with tempfile.TemporaryDirectory() as bots, package_at(BEFORE_POOL) as old:
        with open(ROOT / "tests" / "external_bots.py", "rb") as f:
            Path(bots, "bots.py").write_bytes(f.read())
        for name, package in ((f"Pool ({BEFORE_POOL})", old), ("map_jobs (this tree)", ROOT)):
            done, hung = races(str(package), bots, args.races)
            print(f"case 4, {name}: {done + hung} failing-policy matches, {hung} hung",
                  flush=True)
    with open("/proc/loadavg") as f:
        print(f"load average at the end: {' '.join(f.read().split()[:3])}")


if __name__ == "__main__":
    main()
