"""Speed of the bid advisor: ``.venv/bin/python benchmarks/bench_bid.py [--runs 7]``.

Run by hand (not a test); prints medians of:

- ``estimate`` in process with the default 1,000 deals, one trump and all four (budget for one
  trump: 50 ms);
- a full ``pinochle-calc bid`` from the shell (start-up, auction, conditioned dealing, partner
  meld, trick play-outs for every trump the hand may name, suggestion, JSON out), against
  ``python -c "import typer"`` measured in the same run (budget: 3x); beside it
  ``python -c "import typer, numpy"``, the floor of any command that deals with numpy, the
  same with numpy's random generators, and ``BID_IMPORTS``, every module a bid loads (the
  package's own too), with no work done;
- each case again with ``--samples 1``: what a bid costs before its simulated deals (start-up,
  and in the games with an exchange the policy's first-call tables), so that what the deals
  add shows on its own;
- each case's advice in a fresh process, called twice (seeds 1 and 2): the first call pays for
  what a process works out once (the exchange policy's tables), the second does not.
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

#: Every module a bid of any case below loads, imported with no work done.
BID_IMPORTS = ("import typer, numpy.random, pinochle_calc.cli.bidding, pinochle_calc.bidding,"
               " pinochle_calc.exchange.policy, pinochle_calc.play.simulate, tomllib")

CASES = {
    "jump, opening, 4 trumps": [FOUR_TRUMPS],
    "jump, '50 52 p' (conditioned), 4 trumps": [FOUR_TRUMPS, "--auction", "50 52 p"],
    "davis, '50 54 p 56' (conditioned), 4 trumps": [
        FOUR_TRUMPS, "--auction", "50 54 p 56", "--convention", "davis"],
    "toby, '26 p', 2 trumps": [EXAMPLE, "--auction", "26 p", "--convention", "toby"],
}


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


# the advice twice in a fresh process: the first call and a second with the caches warm
TWICE = """
import sys, time
from pinochle_calc.bidding.advise import advise
hand, auction, convention = sys.argv[1:]
for seed in (1, 2):
    start = time.perf_counter()
    advise(hand, auction, convention, seed=seed)
    print(time.perf_counter() - start)
"""


def first_calls(runs: int) -> None:
    for name, case in CASES.items():
        words = dict(zip(case[1::2], case[2::2]))
        command = [sys.executable, "-c", TWICE, case[0], words.get("--auction", ""),
                   words.get("--convention", "jump")]
        both = [[float(x) for x in subprocess.run(command, capture_output=True, text=True,
                                                  check=True).stdout.split()]
                for _ in range(runs)]
        first, second = (statistics.median(t) * 1000 for t in zip(*both))
        print(f"advice in a fresh process, {name}: first call {first:.0f} ms, second"
              f" {second:.0f} ms")


def in_process(runs: int) -> None:
    from pinochle_calc.bidding.estimate import estimate
    from pinochle_calc.hand import Hand

    hand = Hand.parse(FOUR_TRUMPS)
    for label, trumps in (("one trump (♥)", [1]), ("four trumps", None)):
        estimate(hand, trumps=trumps)  # warm
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            estimate(hand, trumps=trumps)
            times.append(time.perf_counter() - start)
        print(f"estimate in process, 1,000 deals, {label}: {statistics.median(times) * 1000:.1f}"
              " ms" + (" (budget 50 ms)" if trumps else ""))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    in_process(args.runs * 3)
    first_calls(args.runs)
    # A regular install compiles the package to bytecode (pip does); where
    # PYTHONDONTWRITEBYTECODE is set an editable install would recompile it on every start, so
    # compile it once here, as typer's own files are.
    import compileall

    import pinochle_calc

    compileall.compile_dir(Path(pinochle_calc.__file__).parent, quiet=1)
    floors = {"import typer": [sys.executable, "-c", "import typer"],
              "python -c 'import typer, numpy'": [sys.executable, "-c", "import typer, numpy"],
              "python -c 'import typer, numpy.random'": [sys.executable, "-c",
                                                         "import typer, numpy.random"],
              "every module a bid loads, no work (BID_IMPORTS)": [sys.executable, "-c",
                                                                  BID_IMPORTS]}
    commands = {name: [*CLI, "bid", *case, "--format", "json"] for name, case in CASES.items()}
    one_deal = {name: [*command, "--samples", "1"] for name, command in commands.items()}
    for command in commands.values():
        timed(command)  # warm the file cache
    # interleaved, so that the machine's load falls alike on the start-up floors and the cases
    runs = {**floors, **commands, **{f"{name} --samples 1": c for name, c in one_deal.items()}}
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.runs):
        for name, command in runs.items():
            times[name].append(timed(command))
    base = statistics.median(times["import typer"])
    print(f"python -c 'import typer' (start-up floor): {base * 1000:.0f} ms")
    for name in list(floors)[1:]:
        median = statistics.median(times[name])
        print(f"{name}: {median * 1000:.0f} ms, {median / base:.2f}x typer")
    worst = 0.0
    for name in commands:
        median = statistics.median(times[name])
        one = statistics.median(times[f"{name} --samples 1"])
        worst = max(worst, median)
        print(f"bid {name}: {median * 1000:.0f} ms, {median / base:.2f}x typer"
              f" (with one deal: {one * 1000:.0f} ms, {one / base:.2f}x)")
    print(f"slowest case: {worst * 1000:.0f} ms, {worst / base:.2f}x typer (budget 3x)")


if __name__ == "__main__":
    main()
