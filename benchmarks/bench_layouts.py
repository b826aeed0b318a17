"""Whether searching the card advice's layouts on two threads pays: ``python
benchmarks/bench_layouts.py``.

Run by hand (not a test). For positions from played hands (``tests/play/positions.py``, the
seat to play knowing only what the play showed), ``--tricks`` tricks left, the advice's 300 deals
of the unseen cards meeting the facts and its plan (``advice._exact_plan``: positions where it
would search exactly), the distinct layouts searched as ``advice._searched`` does
(``solver.search_layouts``), three ways, one after the other on each position:

- ``one``: one thread, the whole budget (the advice before threads);
- ``split``: two threads, each half the budget (the same CPU in all);
- ``double``: two threads, each the whole budget (twice the CPU).

Per row: the median wall and CPU time of the search (milliseconds; CPU summed over the threads),
the median CPU time of the busiest thread (what the search would take with a core free for
each thread: on a shared machine the wall time is the load's), and the mean deals the search
covered (of 300: the first deals whose layouts were all searched within the budget; more
deals, better figures). The load average before and after each row is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "play"))

from positions import played_position  # noqa: E402

from pinochle_calc.play import advice, solver  # noqa: E402
from pinochle_calc.play.dealer import suit_codes  # noqa: E402
from pinochle_calc.play.facts import read_position  # noqa: E402
from pinochle_calc.play.tricks import legal_cards  # noqa: E402
from pinochle_calc.play.unseen import UnseenDealer  # noqa: E402

WAYS = {"one": (1, 1), "split": (2, 1), "double": (2, 2)}  # threads, budget times


def load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:2])


class Timed:
    """A solver whose ``values_many`` notes the CPU time of its thread (for the busiest)."""

    def __init__(self, engine, spent: list[float]):
        self.engine, self.spent = engine, spent

    def values_many(self, *args):
        start = time.thread_time()
        try:
            return self.engine.values_many(*args)
        finally:
            self.spent.append(time.thread_time() - start)

    def __getattr__(self, name):
        return getattr(self.engine, name)


def measure(p, codes: np.ndarray, plan: int, threads: int, times: int) -> tuple[float, ...]:
    """Wall and CPU ms of the search, the busiest thread's CPU ms, and the deals covered."""
    layouts, first, which = np.unique(codes, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    layouts = np.ascontiguousarray(layouts[order], dtype=np.int64)
    which = rank[np.asarray(which).reshape(-1)]
    legal = list(legal_cards(p.hand.counts, p.trick, p.trump))
    out = np.zeros((len(layouts), len(legal)), dtype=np.int64)
    spent: list[float] = []
    real = solver.engine
    solver.engine = lambda trump, part=0: Timed(real(trump, part), spent)  # type: ignore
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        done = solver.search_layouts(p.trump, layouts, p.leader, list(p.trick), legal, out,
                                     plan * times, threads=threads)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        solver.engine = real
    covered = int(np.argmax(which >= done)) if (which >= done).any() else len(which)
    return wall * 1000, cpu * 1000, max(spent, default=0.0) * 1000, covered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", default="4,5,6,7,8")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    assert solver.COMPILED, "the compiled solver is not built"
    print(f"the advice's layouts searched on threads: {args.positions} positions a row (seed"
          f" {args.seed}), 300 deals each, budget {advice.NODE_BUDGET[True]:,} positions;"
          f" {os.cpu_count()} cores")
    print("tricks positions  way     wall ms (median, p90)  cpu ms  busiest thread cpu ms"
          "  deals covered  load")
    for left in (int(x) for x in args.tricks.split(",")):
        rng = np.random.default_rng(args.seed * 100 + left)
        rows: dict[str, list[tuple[float, float, int]]] = {w: [] for w in WAYS}
        before = load()
        n = tried = 0
        while n < args.positions and tried < 50 * args.positions:
            tried += 1
            p, _ = played_position(rng, plays=4 * (20 - left) + int(rng.integers(0, 4)),
                                   shown=False)
            facts = read_position(p)
            codes = suit_codes(UnseenDealer(facts).deal(np.random.default_rng(0), 300))
            plan = advice._exact_plan(p, facts, codes)
            if plan is None:
                continue
            n += 1
            for way, (threads, times) in WAYS.items():
                rows[way].append(measure(p, codes, plan, threads, times))
        after = load()
        for way, got in rows.items():
            if not got:
                continue
            walls = [g[0] for g in got]
            print(f"{left:6d} {n:9d}  {way:6s}  {statistics.median(walls):8.1f}"
                  f" {np.percentile(walls, 90):8.1f}  {statistics.median(g[1] for g in got):8.1f}"
                  f"  {statistics.median(g[2] for g in got):8.1f}"
                  f"  {statistics.mean(g[3] for g in got):8.1f}  {before} / {after}",
                  flush=True)


if __name__ == "__main__":
    main()
