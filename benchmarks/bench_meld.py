"""Speed of the meld calculator: batch throughput, against the old path in the same run; under
every preset and the roundhouse options; the library's ``score_lines``; memory on a long
stream; one hand from the shell; the library call.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_meld.py [--hands 1000000]
[--baseline REV|none] [--memory]``. Prints medians of runs interleaved with the ones they are
compared with, so both see the same machine load. The old path is the package at
``--baseline`` (default: the last commit before the array batch), exported from git into a
temporary directory (``baseline.py``). ``--memory`` streams ten times the hands through stdin
and compares the peak memory with one pass.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
from baseline import BEFORE_ARRAYS, cli_at, current_cli

EXAMPLE = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"
ROUNDHOUSE = "standard,roundhouse.single=32,roundhouse.with_run=39,roundhouse.double=240"
RULE_SETS = ("standard", "book", "npa", "pinochle14", "toby-thomas", ROUNDHOUSE,
             "toby-thomas," + ROUNDHOUSE.split(",", 1)[1] + ",scale=10")


def random_hands(n: int, seed: int = 1) -> list[str]:
    """n hands of 20 cards dealt from shuffled double decks, in canonical notation."""
    from pinochle_calc.hand import canonical

    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    hands = []
    while len(hands) < n:
        deal = rng.permuted(np.tile(deck, (min(n, 50_000), 1)), axis=1)[:, :20]
        counts = (deal[:, :, None] == np.arange(20)).sum(axis=1)
        hands += [canonical(c) for c in counts.tolist()]
    return hands[:n]


def timed(cmd: list[str], stdin=None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def interleaved(commands: dict[str, list[str]], runs: int) -> dict[str, float]:
    """The median time of each command, run in turn ``runs`` times (in a new order each
    round, so none is always first)."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    order, shuffle = list(commands), random.Random(0)
    for _ in range(runs):
        shuffle.shuffle(order)
        for name in order:
            times[name].append(timed(commands[name]))
    return {name: statistics.median(t) for name, t in times.items()}


def peak_memory(cmd: list[str], path: str, passes: int) -> int:
    """The peak resident memory (KiB) of ``cmd`` reading the file ``passes`` times on stdin.
    Started from a small launcher process: a child forked from this one would count this
    process's memory as its own until it runs ``cmd``."""
    launcher = ("import os, subprocess, sys;"
                " p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL);"
                " print(os.wait4(p.pid, 0)[2].ru_maxrss)")
    proc = subprocess.Popen([sys.executable, "-c", launcher, *cmd], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)

    def feed() -> None:
        with open(path, "rb") as f:
            data = f.read()
        for _ in range(passes):
            proc.stdin.write(data)
        proc.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    out = proc.stdout.read()
    writer.join()
    proc.wait()
    return int(out.split()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shell-runs", type=int, default=21)
    ap.add_argument("--baseline", default=BEFORE_ARRAYS,
                    help="git revision of the old path to compare with, or 'none'")
    ap.add_argument("--memory", action="store_true",
                    help="also stream 10x the hands through stdin and compare peak memory")
    args = ap.parse_args()
    n = args.hands
    new = current_cli()

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.txt")
        Path(path).write_text("\n".join(random_hands(n)) + "\n")
        print(f"batch of {n:,} dealt hands from a file, one process, median of {args.runs}:")
        for fmt in ("csv", "jsonl"):
            run = [*new, "meld", "--input", path, "--format", fmt]
            if args.baseline == "none":
                t = interleaved({"new": run}, args.runs)
                print(f"  {fmt:5}  {n / t['new']:>10,.0f} hands/s")
                continue
            with cli_at(args.baseline) as old:
                t = interleaved({"new": run, "old": [*old, *run[len(new):]]}, args.runs)
            print(f"  {fmt:5}  {n / t['new']:>10,.0f} hands/s   old path {n / t['old']:>9,.0f}"
                  f" hands/s   {t['old'] / t['new']:.2f}x")

        for fmt in ("csv", "jsonl"):
            commands = {rules: [*new, "meld", "--input", path, "--format", fmt, "--rules", rules]
                        for rules in RULE_SETS}
            t = interleaved(commands, args.runs)
            print(f"{fmt} under each rule set, time against standard's:")
            for rules, seconds in t.items():
                print(f"  {seconds / t['standard']:4.2f}x  {n / seconds:>10,.0f} hands/s  {rules}")

        library(path, n, args.runs)
        if args.memory:
            for fmt in ("csv", "jsonl"):
                run = [*new, "meld", "--format", fmt]
                one, ten = peak_memory(run, path, 1), peak_memory(run, path, 10)
                print(f"peak memory, {fmt} from stdin: {n:,} lines {one / 1024:.0f} MiB,"
                      f" {10 * n:,} lines {ten / 1024:.0f} MiB")

    shell(args.shell_runs)
    call()


def library(path: str, n: int, runs: int) -> None:
    """``score_lines`` with its defaults, every result taken, in this process."""
    from pinochle_calc.meld.batch import score_lines

    with open(path) as f:
        lines = f.read().splitlines()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in score_lines(lines):
            pass
        times.append(time.perf_counter() - start)
    print(f"library score_lines(list of {n:,} lines), defaults, every result taken:"
          f" {n / statistics.median(times):,.0f} hands/s")


def shell(runs: int) -> None:
    """One hand from the shell (the installed console script, compiled to bytecode as a
    regular install leaves it), against ``python -c 'import typer'`` in the same run; beside
    it the same command run by the whole app, every command built (``cli.app`` rather than
    ``app_for``, which builds the one named)."""
    script = str(Path(sys.executable).parent / "pinochle-calc")
    whole = [sys.executable, "-c", "import sys; from pinochle_calc.cli import app;"
             " sys.argv[0] = 'pinochle-calc'; app()"]
    typer_times, meld_times, whole_times = [], [], []
    for _ in range(runs):  # interleaved, so all see the same machine load
        typer_times.append(timed([sys.executable, "-c", "import typer"]))
        meld_times.append(timed([script, "meld", EXAMPLE]))
        whole_times.append(timed([*whole, "meld", EXAMPLE]))
    t, m = statistics.median(typer_times), statistics.median(meld_times)
    w = statistics.median(whole_times)
    print(f"one hand from the shell: pinochle-calc meld {m * 1000:.0f} ms, "
          f"python -c 'import typer' {t * 1000:.0f} ms: ratio {m / t:.2f} (median of {runs});"
          f" with every command built {w * 1000:.0f} ms")


def call() -> None:
    from pinochle_calc import Hand, meld

    hands = [Hand.parse(h) for h in random_hands(20_000, seed=2)]
    per_call = []
    for hand in hands:
        start = time.perf_counter()
        meld(hand)
        per_call.append(time.perf_counter() - start)
    median = statistics.median(per_call) * 1e6
    print(f"library call meld(hand), all four trumps: median {median:.1f} µs over"
          f" {len(hands):,} dealt hands (cold cache for each new shape included)")


if __name__ == "__main__":
    main()
