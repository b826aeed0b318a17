"""Speed of the bid advisor: ``.venv/bin/python benchmarks/bench_bid.py [--runs 7]
[--baseline REV|none | --baseline-path DIR]``.

Run by hand (not a test); prints medians of:

- ``estimate`` in process with the default 1,000 deals, one trump and all four (budget for one
  trump: 50 ms);
- each case's advice in a fresh process, called twice (seeds 1 and 2): the first call pays for
  what a process works out once, the second does not (the in-process budget: 40 ms once warm
  in the games with an exchange); with ``--baseline``, the same for the package as it was at
  that revision (default ``baseline.BEFORE_SPEED``), in the same run;
- a full ``pinochle-calc bid`` from the shell (start-up, auction, conditioned dealing, partner
  meld, the exchange, trick play-outs for every trump the hand may name, suggestion, JSON out),
  against ``python -c "import typer, numpy"``, the floor of any command that deals with numpy,
  measured in the same run (budget: 2.0x; aim 1.5x); beside it ``import typer`` alone, the same
  with numpy's random generators, ``BID_IMPORTS``, every module a bid loads (the package's
  own too), with no work done, and the floor with one BLAS thread, as the CLI sets it; with
  ``--baseline``, the old package's ``bid`` interleaved with the new, so that both ratios come
  from one run; and Davis's case with numpy's default BLAS threads;
- each case again with ``--samples 1``: what a bid costs before its simulated deals.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import BEFORE_SPEED, cli, package_at  # noqa: E402

BIN = Path(sys.executable).parent
CLI = [str(BIN / "pinochle-calc")]
# a marriage in every suit: four trumps played out, the worst case
FOUR_TRUMPS = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"
EXAMPLE = "♥A 10 K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J 10"

#: Every module a bid of any case below loads, imported with no work done.
BID_IMPORTS = ("import typer, numpy.random, json, pinochle_calc.cli, pinochle_calc.bidding,"
               " pinochle_calc.exchange.policy, pinochle_calc.exchange.tables,"
               " pinochle_calc.play.lockstep, pinochle_calc.play.conditions")

CASES = {
    "jump, opening, 4 trumps": [FOUR_TRUMPS],
    "jump, '50 52 p' (conditioned), 4 trumps": [FOUR_TRUMPS, "--auction", "50 52 p"],
    "davis, '50 54 p 56' (conditioned), 4 trumps": [
        FOUR_TRUMPS, "--auction", "50 54 p 56", "--convention", "davis"],
    "toby, '26 p', 2 trumps": [EXAMPLE, "--auction", "26 p", "--convention", "toby"],
    # the hand asked its partner for an ace: the estimate's partners answer it by its worth
    "davis, '60 61 p p' (a hint), 4 trumps": [
        FOUR_TRUMPS, "--auction", "60 61 p p", "--convention", "davis"],
}


def timed(command: list[str]) -> float:
    env = None
    if command and command[0].startswith("OPENBLAS_NUM_THREADS="):  # an environment set
        env = dict(os.environ, OPENBLAS_NUM_THREADS=command[0].split("=", 1)[1])
        command = command[1:]
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, check=True, env=env)
    return time.perf_counter() - start


# the advice twice in a fresh process: the first call and a second with the caches warm
TWICE = """
import sys, time
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
from pinochle_calc.bidding.advise import advise
hand, auction, convention = sys.argv[2:]
for seed in (1, 2):
    start = time.perf_counter()
    advise(hand, auction, convention, seed=seed)
    print(time.perf_counter() - start)
"""


def first_calls(runs: int, old: str | None) -> None:
    """The advice twice in fresh processes, this package's and (interleaved) the old one's."""
    packages = {"new": ""} | ({} if old is None else {"old": old})
    for name, case in CASES.items():
        words = dict(zip(case[1::2], case[2::2]))
        times: dict[str, list[list[float]]] = {which: [] for which in packages}
        for _ in range(runs):
            for which, path in packages.items():
                command = [sys.executable, "-c", TWICE, path, case[0],
                           words.get("--auction", ""), words.get("--convention", "jump")]
                out = subprocess.run(command, capture_output=True, text=True, check=True)
                times[which].append([float(x) for x in out.stdout.split()])
        line = []
        for which, both in times.items():
            first, second = (statistics.median(t) * 1000 for t in zip(*both))
            line.append(f"{which}: first call {first:.0f} ms, second {second:.0f} ms")
        if old is not None:
            ratio = (statistics.median(t[1] for t in times["old"])
                     / statistics.median(t[1] for t in times["new"]))
            line.append(f"second call {ratio:.2f}x faster")
        print(f"advice in a fresh process, {name}: {'; '.join(line)}")


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
    ap.add_argument("--baseline", default=BEFORE_SPEED,
                    help="the revision to compare with in the same run (none: no comparison)")
    ap.add_argument("--baseline-path", help="compare with the package in this folder instead"
                    " (a checkout with its C extensions built: an export of a revision has"
                    " none, and runs numpy's paths)")
    args = ap.parse_args()
    if args.baseline_path:
        package = nullcontext(args.baseline_path)
    else:
        package = nullcontext(None) if args.baseline == "none" else package_at(args.baseline)
    with package as old:
        in_process(args.runs * 3)
        first_calls(args.runs, old)
        shell(args.runs, old)


def shell(runs: int, old: str | None) -> None:
    """The whole ``bid`` from the shell against the start-up floors, interleaved."""
    # A regular install compiles the package to bytecode (pip does); where
    # PYTHONDONTWRITEBYTECODE is set an editable install would recompile it on every start, so
    # compile it once here, as typer's own files are (``package_at`` compiles the old one).
    import compileall

    import pinochle_calc

    compileall.compile_dir(Path(pinochle_calc.__file__).parent, quiet=1)
    floors = {"import typer": [sys.executable, "-c", "import typer"],
              "python -c 'import typer, numpy'": [sys.executable, "-c", "import typer, numpy"],
              "python -c 'import typer, numpy.random'": [sys.executable, "-c",
                                                         "import typer, numpy.random"],
              "every module a bid loads, no work (BID_IMPORTS)": [sys.executable, "-c",
                                                                  BID_IMPORTS],
              "python -c 'import typer, numpy' with one BLAS thread, as the CLI sets it": [
                  "OPENBLAS_NUM_THREADS=1", sys.executable, "-c", "import typer, numpy"]}
    commands = {name: [*CLI, "bid", *case, "--format", "json"] for name, case in CASES.items()}
    one_deal = {name: [*command, "--samples", "1"] for name, command in commands.items()}
    # numpy's default threads, which the CLI otherwise sets to one (``cli.app.main``)
    threads = str(os.cpu_count() or 1)
    default_blas = {f"{name}, with numpy's default {threads} BLAS threads":
                    [f"OPENBLAS_NUM_THREADS={threads}", *command]
                    for name, command in list(commands.items())[2:3]}
    olds = {} if old is None else {name: [*cli(old), *command[1:]]
                                   for name, command in commands.items()}
    for command in [*commands.values(), *olds.values()]:
        timed(command)  # warm the file cache
    # interleaved, so that the machine's load falls alike on the start-up floors and the cases
    runs_ = {**floors, **commands, **{f"{name} --samples 1": c for name, c in one_deal.items()},
             **{f"{name} (old)": c for name, c in olds.items()}, **default_blas}
    times: dict[str, list[float]] = {name: [] for name in runs_}
    for _ in range(runs):
        for name, command in runs_.items():
            times[name].append(timed(command))
    typer_ = statistics.median(times["import typer"])
    base = statistics.median(times["python -c 'import typer, numpy'"])
    print(f"python -c 'import typer': {typer_ * 1000:.0f} ms")
    print(f"python -c 'import typer, numpy' (the floor): {base * 1000:.0f} ms,"
          f" {base / typer_:.2f}x typer")
    for name in list(floors)[2:]:
        median = statistics.median(times[name])
        print(f"{name}: {median * 1000:.0f} ms, {median / base:.2f}x the floor")
    worst = 0.0
    for name in commands:
        median = statistics.median(times[name])
        one = statistics.median(times[f"{name} --samples 1"])
        worst = max(worst, median)
        before = ""
        if old is not None:
            was = statistics.median(times[f"{name} (old)"])
            before = f"; old {was * 1000:.0f} ms, {was / base:.2f}x"
        print(f"bid {name}: {median * 1000:.0f} ms, {median / base:.2f}x the floor"
              f" (with one deal: {one * 1000:.0f} ms, {one / base:.2f}x{before})")
    for name in default_blas:
        median = statistics.median(times[name])
        print(f"bid {name}: {median * 1000:.0f} ms, {median / base:.2f}x the floor")
    print(f"slowest case: {worst * 1000:.0f} ms, {worst / base:.2f}x the floor (budget 2.0x,"
          " aim 1.5x)")


if __name__ == "__main__":
    main()
