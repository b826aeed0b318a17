"""How fast ``--jobs`` spreads work over processes, before and after ``map_jobs`` ran its own
workers: ``python benchmarks/bench_pool.py [--runs 3] [--deals 200] [--items 20000]
[--baseline REV]``.

Two measures, each run in a fresh process, the package before (``--baseline``, default
``pool_choice.BEFORE_POOL``: ``multiprocessing.Pool``) and now interleaved run by run (the order
swapped every run), so that the machine's load falls alike on both; the medians and their ratio:

- ``arena formula thumb --deals N --jobs 2`` from the shell: seconds, start-up included (each
  deal is tens of milliseconds of work, the arena's real use);
- ``map_jobs`` over ``--items`` items that take no time, with two workers: microseconds an
  item, the pool's own cost (handing an item out, its answer back, in order).

The load average is printed before and after: the machine is shared.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, cli, package_at  # noqa: E402
from pool_choice import BEFORE_POOL  # noqa: E402

#: ``map_jobs`` over items that take no time, in a fresh process: microseconds an item.
EMPTY = """
import sys, time
sys.path.insert(0, sys.argv[1])
from pinochle_calc.processes import map_jobs

def same(item, job):
    return item

n = int(sys.argv[2])
start = time.perf_counter()
assert list(map_jobs(same, None, range(n), jobs=2)) == list(range(n))
print(1e6 * (time.perf_counter() - start) / n)
"""


def arena_seconds(package: Path | str, deals: int) -> float:
    start = time.perf_counter()
    subprocess.run([*cli(package), "arena", "formula", "thumb", "--deals", str(deals),
                    "--jobs", "2", "-f", "json"], capture_output=True, check=True)
    return time.perf_counter() - start


def item_microseconds(package: Path | str, items: int) -> float:
    out = subprocess.run([sys.executable, "-c", EMPTY, str(package), str(items)],
                         capture_output=True, text=True, check=True).stdout
    return float(out)


def load() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--items", type=int, default=20_000)
    parser.add_argument("--baseline", default=BEFORE_POOL)
    args = parser.parse_args()
    print(f"load average at the start: {load()}", flush=True)
    with package_at(args.baseline) as old:
        packages = {"before": old, "now": ROOT}
        measures = {"arena s": lambda p: arena_seconds(p, args.deals),
                    "us/item": lambda p: item_microseconds(p, args.items)}
        got: dict[tuple[str, str], list[float]] = {}
        for run in range(args.runs):
            order = list(packages) if run % 2 == 0 else list(reversed(packages))
            for measure, fn in measures.items():
                for which in order:
                    got.setdefault((measure, which), []).append(fn(packages[which]))
            print(f"run {run + 1}: " + ", ".join(f"{m} {w} {v[-1]:.2f}" for (m, w), v in
                                                 got.items()), flush=True)
    for measure in measures:
        before = statistics.median(got[(measure, "before")])
        now = statistics.median(got[(measure, "now")])
        what = (f"arena formula thumb --deals {args.deals} --jobs 2, seconds"
                if measure == "arena s" else
                f"map_jobs over {args.items:,} empty items, jobs=2, microseconds an item")
        print(f"{what}: before ({args.baseline}) {before:.2f}, now {now:.2f}"
              f" (now/before {now / before:.2f}x; medians of {args.runs})")
    print(f"load average at the end: {load()}")


if __name__ == "__main__":
    main()
