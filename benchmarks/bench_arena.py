"""How fast the arena plays: ``python benchmarks/bench_arena.py [--deals N] [--samples K]
[--runs R] [--baseline REV|none]``.

Prints the median of several runs of each match (the advisor against ``formula``; ``MATCHES``:
jump bids under the standard rules, Davis's system in its game, Toby Thomas's in the
toby-thomas rules):

- hands/s with ``--jobs 1`` (one core) and with ``--jobs 2`` for the first match, and the
  minutes 1,000 duplicate deals (2,000 hands) would take with ``--jobs 2``;
- with ``--baseline`` (default: ``baseline.BEFORE_SPEED``), the same matches played by the
  package as it was at that revision, each run of the old package interleaved with one of the
  new on the same seed, so that the machine's load falls alike on both, and the ratio;
  ``--cpu``: hands per second of each process's CPU time instead (what the machine's load
  does not move); ``--games``: some of the three matches only (then nothing else is run);
- the share of one core's time spent in play-outs (``play.lockstep.play_lockstep``, which
  plays every simulated and real deal out), which is what a faster play-out engine speeds up.

Each run starts a fresh process with one BLAS thread (as the command line starts numpy): the
first advice calls of a match pay for what a process works out once, as a match from the shell
does.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import BEFORE_SPEED, ROOT, package_at  # noqa: E402

MATCHES = (
    ("advisor:jump", "standard"),
    ("advisor:davis", "standard,steps=any,passing.cards=4"),
    ("advisor:toby", "toby-thomas"),
)

#: One match in a fresh process (the package first on the path): hands per second as JSON,
#: by the clock and by the process's CPU time (the match's own: the imports before it left out).
RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pinochle_calc.game.arena import run_arena
from pinochle_calc.rules import load_rules
policy, rules, deals, samples, jobs, seed = sys.argv[2:]
start = time.process_time()
report = run_arena(policy, "formula", int(deals), seed=int(seed), rules=load_rules(rules),
                   samples=int(samples), jobs=int(jobs))
cpu = time.process_time() - start
print(json.dumps({"hands_per_second": report.hands_per_second,
                  "hands_per_cpu_second": 2 * int(deals) / cpu}))
"""


def hands_per_second(path: str | Path, policy: str, rules: str, deals: int, samples: int,
                     jobs: int, seed: int, cpu: bool = False) -> float:
    # one BLAS thread, as the command line starts numpy (an idle BLAS thread spins on a core)
    env = dict(os.environ, OPENBLAS_NUM_THREADS=os.environ.get("OPENBLAS_NUM_THREADS", "1"))
    out = subprocess.run([sys.executable, "-c", RUN, str(path), policy, rules, str(deals),
                          str(samples), str(jobs), str(seed)], capture_output=True, text=True,
                         check=True, env=env).stdout
    return json.loads(out)["hands_per_cpu_second" if cpu else "hands_per_second"]


def playout_share(deals: int, samples: int, seed: int) -> float:
    """The share of an in-process arena's time spent in the lockstep play-out engine."""
    import time

    from pinochle_calc.game.arena import run_arena
    from pinochle_calc.play import lockstep

    spent = [0.0]
    original = lockstep.play_lockstep

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start

    lockstep.play_lockstep = timed
    try:
        start = time.perf_counter()
        run_arena("advisor:jump", "formula", deals, seed=seed, samples=samples)
        total = time.perf_counter() - start
    finally:
        lockstep.play_lockstep = original
    return spent[0] / total


def main() -> None:
    from pinochle_calc.bidding.estimate import DEFAULT_SAMPLES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10, help="duplicate deals per run")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help="the advisor's simulated deals per estimate")
    parser.add_argument("--runs", type=int, default=3, help="runs (the median is printed)")
    parser.add_argument("--baseline", default=BEFORE_SPEED,
                        help="the revision to compare with in the same run (none: no comparison)")
    parser.add_argument("--games", default="jump,davis,toby",
                        help="the matches to play (of jump, davis, toby)")
    parser.add_argument("--cpu", action="store_true",
                        help="hands per CPU second of each process (the machine's load aside)")
    args = parser.parse_args()
    matches = [m for m in MATCHES if m[0].split(":")[1] in args.games.split(",")]
    # compiled to bytecode as an install leaves it (where PYTHONDONTWRITEBYTECODE is set, each
    # run would compile the modules it imports lazily, inside the match); the old one is too
    compileall.compile_dir(ROOT / "pinochle_calc", quiet=1)
    with (nullcontext(None) if args.baseline == "none" else package_at(args.baseline)) as old:
        packages = {"new": ROOT} | ({} if old is None else {"old": old})
        for policy, rules in matches:
            speed: dict[str, list[float]] = {which: [] for which in packages}
            for seed in range(args.runs):
                for which, path in packages.items():
                    speed[which].append(hands_per_second(path, policy, rules, args.deals,
                                                         args.samples, 1, seed, args.cpu))
            line = ", ".join(f"{which} {statistics.median(v):.2f}" for which, v in speed.items())
            if old is not None:
                ratio = statistics.median(speed["new"]) / statistics.median(speed["old"])
                line += f" ({ratio:.2f}x)"
            clock = "hands per CPU second" if args.cpu else "hands/s"
            print(f"arena {policy} vs formula, --rules {rules}, {args.samples} samples,"
                  f" {args.deals} deals a run, --jobs 1: {clock} {line}", flush=True)
        if args.games != "jump,davis,toby":
            return
        policy, rules = MATCHES[0]
        two = statistics.median(hands_per_second(ROOT, policy, rules, args.deals, args.samples,
                                                 2, seed) for seed in range(args.runs))
        print(f"arena {policy} vs formula, --jobs 2: {two:.2f} hands/s; 1,000 duplicate deals"
              f" with --jobs 2: {2000 / two / 60:.1f} min")
    share = playout_share(args.deals, args.samples, 0)
    print(f"share of one core's time in play-outs (advisor:jump): {share:.0%}")


if __name__ == "__main__":
    main()
