"""The bid advice of this checkout against the package in another folder (a checkout or an export
with its C extensions built), on the cases of ``bench_bid.py``, both started the same way and
interleaved, so that both see the same machine load:

- warm, in process: each case advised 15 times in a fresh process (seeds 1 to 15), the median
  CPU time of calls 2 to 15; five processes a package; the median of the five;
- a whole ``bid`` from the shell (``python -c "...main()" bid ... --format json``), the median
  wall time of ``--runs`` each.

Run by hand (not a test)::

    .venv/bin/python benchmarks/bench_bid_against.py /path/to/old/checkout [--runs 11]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_bid import CASES  # noqa: E402

HERE = str(Path(__file__).resolve().parent.parent)

WARM = """
import statistics, sys, time
sys.path.insert(0, sys.argv[1])
from pinochle_calc.bidding.advise import advise
hand, auction, convention = sys.argv[2:]
times = []
for seed in range(1, 16):
    start = time.process_time()
    advise(hand, auction, convention, seed=seed)
    times.append(time.process_time() - start)
print(statistics.median(times[1:]))
"""


def words(case: list[str]) -> tuple[str, str, str]:
    given = dict(zip(case[1::2], case[2::2]))
    return case[0], given.get("--auction", ""), given.get("--convention", "jump")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", help="the folder holding the other package (pinochle_calc/)")
    ap.add_argument("--runs", type=int, default=11)
    args = ap.parse_args()
    packages = {"new": HERE, "old": args.old}
    for name, case in CASES.items():
        warm: dict[str, list[float]] = {which: [] for which in packages}
        for _ in range(5):
            for which, path in packages.items():
                out = subprocess.run([sys.executable, "-c", WARM, path, *words(case)],
                                     capture_output=True, text=True, check=True)
                warm[which].append(float(out.stdout))
        wall: dict[str, list[float]] = {which: [] for which in packages}
        for _ in range(args.runs):
            for which, path in packages.items():
                code = (f"import sys; sys.path.insert(0, {path!r});"
                        " from pinochle_calc.cli import main; main()")
                start = time.perf_counter()
                subprocess.run([sys.executable, "-c", code, "bid", *case, "--format", "json"],
                               stdout=subprocess.DEVNULL, check=True)
                wall[which].append(time.perf_counter() - start)
        w = {which: statistics.median(t) * 1000 for which, t in warm.items()}
        s = {which: statistics.median(t) * 1000 for which, t in wall.items()}
        print(f"{name}: advice warm {w['new']:.1f} ms of CPU against {w['old']:.1f}"
              f" ({w['new'] / w['old']:.2f}x); whole bid {s['new']:.0f} ms against"
              f" {s['old']:.0f} ({s['new'] / s['old']:.2f}x)", flush=True)


if __name__ == "__main__":
    main()
