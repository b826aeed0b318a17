"""How fast the trick engine plays deals out: ``python benchmarks/bench_play.py [--deals N]``.

Run by hand (not a test); prints medians of several runs:

- heuristic play-outs a second on one core, deals made beforehand (each with its own trump and
  leader), by the lockstep engine (``play_many``) and by the scalar engine (``play_codes``,
  deal by deal) in the same run, and their ratio; the lockstep engine's trick points are
  checked equal to the scalar engine's on every one of the ``--deals`` deals (100,000);
- ``simulate_tricks`` (dealing the 60 unseen cards and playing out) with ``--jobs 1`` and 2;
- ``pinochle-calc tricks --samples 100000`` from the shell (budget 2 s), and the peak memory
  of ``tricks`` with 100,000 and 1,000,000 samples (it should not grow with the samples).

There is nothing to compile: the first run is as fast as the others.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from pinochle_calc.cards import HEARTS
from pinochle_calc.hand import Hand
from pinochle_calc.play.simulate import Deals, play_codes, play_many, simulate_tricks

HAND = Hand.parse("H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J")
CLI = [str(Path(sys.executable).parent / "pinochle-calc")]
TRICKS = [*CLI, "tricks", str(HAND), "--trump", "H", "--format", "json"]


def cpu(f) -> float:
    """CPU seconds ``f()`` takes in this process (steadier than wall time on a shared machine)."""
    start = time.process_time()
    f()
    return time.process_time() - start


def scalar(deals: list[tuple[list[int], int, int]]) -> np.ndarray:
    """The scalar engine, deal by deal (deals as lists, made beforehand)."""
    return np.array([play_codes(H, t, p) for H, t, p in deals])


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def peak_memory_mb(command: list[str]) -> float:
    """Peak resident memory of ``command`` run in a child process, in MB."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True,"
             " stdout=subprocess.DEVNULL); print(resource.getrusage("
             "resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True,
                         text=True, check=True)
    return int(out.stdout) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="deals played out")
    parser.add_argument("--runs", type=int, default=5, help="runs (the median is printed)")
    parser.add_argument("--no-shell", action="store_true", help="skip the command-line runs")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    codes = np.array(Deals(HAND).codes(rng, args.deals))
    trump, leader = rng.integers(0, 4, args.deals), rng.integers(0, 4, args.deals)

    fast = statistics.median(cpu(lambda: play_many(codes, trump, leader))
                             for _ in range(args.runs))
    # the scalar engine plays every deal once, a slice per run, for its time and the check
    slices = np.array_split(np.arange(args.deals), args.runs)
    parts, times = [], []
    for part in slices:
        deals = list(zip(codes[part].tolist(), trump[part].tolist(), leader[part].tolist()))
        times.append(cpu(lambda d=deals: parts.append(scalar(d))) / len(part))
    slow = statistics.median(times) * args.deals
    same = np.array_equal(np.concatenate(parts), play_many(codes, trump, leader))
    print(f"heuristic play-outs/s, one core, deals made beforehand: lockstep"
          f" {args.deals / fast:,.0f}, scalar {args.deals / slow:,.0f}: {slow / fast:.1f}x")
    print(f"trick points equal to the scalar engine's on all {args.deals:,} deals: {same}")

    samples = args.deals
    one = statistics.median(samples / cpu(lambda: simulate_tricks(
        HAND, HEARTS, samples=samples, seed=1)) for _ in range(3))
    start = time.perf_counter()
    simulate_tricks(HAND, HEARTS, samples=samples, seed=1)
    one_wall = samples / (time.perf_counter() - start)
    start = time.perf_counter()
    simulate_tricks(HAND, HEARTS, samples=samples, seed=1, jobs=2)
    two_wall = samples / (time.perf_counter() - start)
    print(f"simulate_tricks deals/s: --jobs 1 {one:,.0f} (CPU), {one_wall:,.0f} (wall);"
          f" --jobs 2 {two_wall:,.0f} (wall, {two_wall / one_wall:.2f}x)")
    if args.no_shell:
        return

    shell = statistics.median(wall([*TRICKS, "--samples", "100000"]) for _ in range(3))
    print(f"tricks --samples 100000 from the shell: {shell:.2f} s (budget 2 s)")
    small = peak_memory_mb([*TRICKS, "--samples", "100000"])
    large = peak_memory_mb([*TRICKS, "--samples", "1000000"])
    print(f"tricks peak memory: {small:.0f} MB with 100,000 samples,"
          f" {large:.0f} MB with 1,000,000")


if __name__ == "__main__":
    main()
