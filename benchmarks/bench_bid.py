"""Speed of the bid advisor: a full ``pinochle-calc bid`` from the shell, default sample count.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_bid.py [--runs 7]``.
Each case is the whole command (start-up, auction, conditioned dealing, partner meld, trick
playouts for every trump the hand may name, suggestion, JSON out); the figure is the median
wall time. The budget is 2 seconds per call with the default 1000 deals (make probabilities
within a standard error of 0.016).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
CLI = [str(BIN / "pinochle-calc")]
# a marriage in every suit: four trumps played out, the worst case
FOUR_TRUMPS = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"
EXAMPLE = "♥A 10 K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J 10"

CASES = {
    "jump, opening, 4 trumps": [FOUR_TRUMPS],
    "jump, '50 52 p' (conditioned), 4 trumps": [FOUR_TRUMPS, "--auction", "50 52 p"],
    "davis, '50 54 p 56' (conditioned), 4 trumps": [
        FOUR_TRUMPS, "--auction", "50 54 p 56", "--convention", "davis"],
    "toby, '26 p', 2 trumps": [EXAMPLE, "--auction", "26 p", "--convention", "toby"],
}


def timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(CLI + ["bid", *args, "--format", "json"], stdout=subprocess.DEVNULL,
                   check=True)
    return time.perf_counter() - start


def startup() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import typer"], check=True)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    base = statistics.median(startup() for _ in range(5))
    print(f"python -c 'import typer' (start-up floor): {base:.2f} s")
    worst = 0.0
    for name, case in CASES.items():
        timed(case)  # warm the file cache
        median = statistics.median(timed(case) for _ in range(args.runs))
        worst = max(worst, median)
        print(f"bid {name}: median {median:.2f} s over {args.runs} runs")
    print(f"slowest case: {worst:.2f} s (budget 2.00 s)")


if __name__ == "__main__":
    main()
