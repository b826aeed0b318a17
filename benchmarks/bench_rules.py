"""Batch speed under non-standard rule sets, against the standard one.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_rules.py [--hands 200000]``.
Scores the same dealt hands with ``batch.score_lines`` and renders every result with
``report.CsvRows`` under each rule set, from a cold engine cache each run, and prints the median
time and the ratio to the standard rule set (the issue asks for at most 1.5).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

RULE_SETS = (
    "standard",
    "toby-thomas",
    "standard,roundhouse.single=32,roundhouse.with_run=39,roundhouse.double=240",
    "toby-thomas,roundhouse.single=32,roundhouse.with_run=39,roundhouse.double=240,scale=10",
)


def random_hands(n: int, seed: int = 1) -> list[str]:
    """n hands of 20 cards, each dealt from a shuffled double deck, in canonical notation."""
    from pinochle_calc.hand import canonical

    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    deal = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :20]
    counts = (deal[:, :, None] == np.arange(20)).sum(axis=1)
    return [canonical(c) for c in counts.tolist()]


def run_once(lines: list[str], rules) -> float:
    from pinochle_calc.meld import tables
    from pinochle_calc.meld.batch import score_lines
    from pinochle_calc.meld.report import CsvRows

    tables.cache_clear()
    render = CsvRows()
    start = time.perf_counter()
    for item in score_lines(lines, rules):
        render(item)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from pinochle_calc.rules import load_rules

    lines = random_hands(args.hands)
    rule_sets = [load_rules(text) for text in RULE_SETS]
    times: dict[str, list[float]] = {r.name: [] for r in rule_sets}
    for _ in range(args.runs):  # interleaved, so every rule set sees the same machine load
        for rules in rule_sets:
            times[rules.name].append(run_once(lines, rules))
    base = statistics.median(times["standard"])
    print(f"{args.hands:,} dealt hands, score_lines + CsvRows, cold engine cache,"
          f" median of {args.runs}:")
    for name, values in times.items():
        t = statistics.median(values)
        print(f"  {t:6.2f} s  {args.hands / t:>9,.0f} hands/s  x{t / base:4.2f}  {name}")


if __name__ == "__main__":
    main()
