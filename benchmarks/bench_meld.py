"""Speed of the meld calculator: batch throughput, one hand from the shell, the library call.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_meld.py [--hands 1000000]``.
Prints medians; the shell figure is a ratio to ``python -c "import typer"`` measured in the
same run, so it means the same on a faster or a busier machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

BIN = Path(sys.executable).parent
CLI = [str(BIN / "pinochle-calc")]
EXAMPLE = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"


def random_hands(n: int, seed: int = 1) -> list[str]:
    """n hands of 20 cards dealt from shuffled double decks, in canonical notation."""
    from pinochle_calc.hand import canonical

    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    hands = []
    while len(hands) < n:
        deal = rng.permuted(np.tile(deck, (min(n, 50_000), 1)), axis=1)[:, :20]
        for counts in np.apply_along_axis(np.bincount, 1, deal, minlength=20).tolist():
            hands.append(canonical(counts))
    return hands[:n]


def timed(cmd: list[str], stdin=None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def batch(path: str, n: int, fmt: str, runs: int, rules: str | None = None) -> float:
    extra = ["--rules", rules] if rules else []
    times = [timed(CLI + ["meld", "--input", path, "--format", fmt, *extra]) for _ in range(runs)]
    return n / statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shell-runs", type=int, default=21)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hands.txt")
        Path(path).write_text("\n".join(random_hands(args.hands)) + "\n")
        print(f"batch of {args.hands:,} dealt hands from a file, one process,"
              f" median of {args.runs}:")
        for fmt in ("csv", "jsonl"):
            print(f"  {fmt:5}  {batch(path, args.hands, fmt, args.runs):>10,.0f} hands/s")
        toby = batch(path, args.hands, "csv", args.runs, "toby-thomas")
        print(f"  csv under toby-thomas  {toby:>10,.0f} hands/s")

    # A regular install compiles the package to bytecode (pip does), as Python does on a first
    # run; where PYTHONDONTWRITEBYTECODE is set (as on our CI machines) an editable install would
    # recompile it on every start, so compile it once here, as typer's own files are.
    import compileall

    import pinochle_calc

    compileall.compile_dir(Path(pinochle_calc.__file__).parent, quiet=1)
    typer_times, meld_times = [], []
    for _ in range(args.shell_runs):  # interleaved, so both see the same machine load
        typer_times.append(timed([sys.executable, "-c", "import typer"]))
        meld_times.append(timed(CLI + ["meld", EXAMPLE]))
    t, m = statistics.median(typer_times), statistics.median(meld_times)
    print(f"one hand from the shell: pinochle-calc meld {m * 1000:.0f} ms, "
          f"python -c 'import typer' {t * 1000:.0f} ms: ratio {m / t:.2f} (median of "
          f"{args.shell_runs})")

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
