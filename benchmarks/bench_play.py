"""How fast the trick engine plays deals out: ``python benchmarks/bench_play.py [--deals N]``.

Prints the median of several runs of:

- playouts/s: complete 20-trick playouts with four heuristic players, deals made beforehand;
- simulation/s: ``simulate_tricks`` (dealing the 60 unseen cards and playing out) on one core
  and with ``--jobs 2``, and the speed-up.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pinochle_calc.cards import HEARTS
from pinochle_calc.hand import Hand
from pinochle_calc.play.simulate import Deals, play_codes, simulate_tricks

HAND = Hand.parse("H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J")


def playouts_per_second(deals: list[list[int]]) -> float:
    copies = [list(d) for d in deals]
    start = time.perf_counter()
    for codes in copies:
        play_codes(codes, HEARTS, 0)
    return len(deals) / (time.perf_counter() - start)


def simulations_per_second(samples: int, jobs: int) -> float:
    start = time.perf_counter()
    simulate_tricks(HAND, HEARTS, samples=samples, seed=1, jobs=jobs)
    return samples / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20_000, help="deals per run")
    parser.add_argument("--runs", type=int, default=5, help="runs (the median is printed)")
    args = parser.parse_args()
    deals = Deals(HAND).codes(np.random.default_rng(0), args.deals)
    play = statistics.median(playouts_per_second(deals) for _ in range(args.runs))
    print(f"heuristic playouts/s (one core, deals made beforehand): {play:,.0f}")
    one = statistics.median(simulations_per_second(args.deals, 1) for _ in range(args.runs))
    two = statistics.median(simulations_per_second(args.deals, 2) for _ in range(args.runs))
    print(f"simulate_tricks deals/s, --jobs 1: {one:,.0f}")
    print(f"simulate_tricks deals/s, --jobs 2: {two:,.0f} ({two / one:.2f}x)")


if __name__ == "__main__":
    main()
