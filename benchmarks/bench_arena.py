"""How fast the arena plays: ``python benchmarks/bench_arena.py [--deals N] [--samples K]``.

Prints the median of several runs of ``advisor:jump`` against ``formula`` (standard rules):

- hands/s with ``--jobs 1`` and ``--jobs 2``, and the minutes 1,000 duplicate deals (2,000
  hands) would take with ``--jobs 2`` (the issue's target: ten);
- the share of one core's time spent in play-outs (``play.simulate.play_many`` and
  ``play_deal``), which is what a faster play-out engine speeds up.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pinochle_calc.bidding.estimate import DEFAULT_SAMPLES
from pinochle_calc.game.arena import run_arena
from pinochle_calc.play import simulate


def hands_per_second(deals: int, samples: int, jobs: int, seed: int) -> float:
    report = run_arena("advisor:jump", "formula", deals, seed=seed, samples=samples, jobs=jobs)
    return report.hands_per_second


def playout_share(deals: int, samples: int, seed: int) -> float:
    """The share of an in-process arena's time spent inside the play-out functions."""
    spent = [0.0]
    originals = simulate.play_many, simulate.play_deal

    def timed(function):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - start
        return wrapper

    simulate.play_many, simulate.play_deal = (timed(f) for f in originals)
    try:
        start = time.perf_counter()
        run_arena("advisor:jump", "formula", deals, seed=seed, samples=samples)
        total = time.perf_counter() - start
    finally:
        simulate.play_many, simulate.play_deal = originals
    return spent[0] / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per run")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help="the advisor's simulated deals per estimate")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is printed)")
    args = parser.parse_args()
    one = statistics.median(hands_per_second(args.deals, args.samples, 1, seed)
                            for seed in range(args.runs))
    two = statistics.median(hands_per_second(args.deals, args.samples, 2, seed)
                            for seed in range(args.runs))
    print(f"arena advisor:jump vs formula, {args.samples} samples, {args.deals} deals a run")
    print(f"hands/s, --jobs 1: {one:.2f}")
    print(f"hands/s, --jobs 2: {two:.2f} ({two / one:.2f}x)")
    print(f"1,000 duplicate deals with --jobs 2: {2000 / two / 60:.1f} min (target: 10)")
    share = playout_share(args.deals, args.samples, 0)
    print(f"share of one core's time in play-outs: {share:.0%}")


if __name__ == "__main__":
    main()
