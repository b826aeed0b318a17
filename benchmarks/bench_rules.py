"""Batch speed under every preset and the roundhouse options, against the standard rule set,
in this process (no start-up in the figures).

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_rules.py [--hands 1000000]``.
Scores the same dealt hands as the CLI does (``batch.score_chunks`` over the file's bytes) and
writes them as CSV and as JSON lines (``report.CsvRows``, ``report.JsonLines``), from cold
caches each run, in a new order each round, and prints the median time and the ratio to the
standard rule set (the issue asks for at most 1.2 under a preset, 1.5 under roundhouse
options).
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time

from bench_meld import RULE_SETS, random_hands


def run_once(data: bytes, rules, fmt: str) -> float:
    from pinochle_calc.meld import engine, vector
    from pinochle_calc.meld.batch import score_chunks
    from pinochle_calc.meld.report import CsvRows, JsonLines

    engine.tables.cache_clear()
    vector._parts.cache_clear()
    writer = CsvRows() if fmt == "csv" else JsonLines()
    start = time.perf_counter()
    for chunk in score_chunks(io.BytesIO(data), rules):
        b"".join(writer.chunk(chunk))
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from pinochle_calc.rules import load_rules

    data = ("\n".join(random_hands(args.hands)) + "\n").encode()
    shuffle = random.Random(0)
    rule_sets = {text: load_rules(text) for text in RULE_SETS}
    for fmt in ("csv", "jsonl"):
        times: dict[str, list[float]] = {text: [] for text in rule_sets}
        order = list(rule_sets)
        for _ in range(args.runs):  # interleaved, so every rule set sees the same machine load
            shuffle.shuffle(order)  # and none is always first
            for text in order:
                times[text].append(run_once(data, rule_sets[text], fmt))
        base = statistics.median(times["standard"])
        print(f"{args.hands:,} dealt hands to {fmt}, in process, cold caches,"
              f" median of {args.runs}:")
        for text, values in times.items():
            t = statistics.median(values)
            print(f"  {t:6.2f} s  {args.hands / t:>10,.0f} hands/s  x{t / base:4.2f}  {text}")


if __name__ == "__main__":
    main()
