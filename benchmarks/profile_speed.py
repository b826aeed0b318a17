"""Where the time goes: ``.venv/bin/python benchmarks/profile_speed.py [--baseline REV]``.

Run by hand (not a test). Profiles (cProfile, in a fresh process with one BLAS thread, as the
command line runs) three pieces of work with this worktree's package and, with ``--baseline``
(default ``BASELINE``, the code before the compiled loops), with the package at that revision:

- ``bid``: the priced bid in Davis's game (the 87-meld hand after ``50 p 51 p``), cold: the
  first advice of a process, the imports left out;
- ``advice``: Davis's game after ``50 54 p 56`` (bench_bid's case), warm: five calls after one;
- ``arena``: ``advisor:davis`` against ``formula`` in Davis's game, 2 duplicate deals, seed 5;
- ``jump-arena``: ``advisor:jump`` against ``formula`` under the standard rules, 12 duplicate
  deals, seed 0 (``bench_arena.py``'s first match).

For each it prints the total and the share of the time spent in each phase (the functions
that are the phases, cumulative time: the exchange, the play-outs, the dealing under the calls,
the make probabilities, the price of a call), then the functions with the most time of their
own.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, package_at  # noqa: E402

BASELINE = "cd9a7a8"

#: The work profiled, in a fresh process (the package first on the path).
WORK = """
import cProfile, io, pstats, sys, time
sys.path.insert(0, sys.argv[1])
what = sys.argv[2]
from pinochle_calc.bidding.advise import advise
from pinochle_calc.game.arena import run_arena
from pinochle_calc.rules import load_rules
davis = load_rules("standard,steps=any,passing.cards=4")
four = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"
if what == "advice":
    advise(four, "50 54 p 56", "davis", seed=0)
profile = cProfile.Profile()
start = time.perf_counter()
profile.enable()
if what == "bid":
    advise("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J", "50 p 51 p", "davis", davis)
elif what == "advice":
    for seed in range(1, 6):
        advise(four, "50 54 p 56", "davis", seed=seed)
elif what == "jump-arena":
    run_arena("advisor:jump", "formula", 12, seed=0, rules=load_rules("standard"), jobs=1)
else:
    run_arena("advisor:davis", "formula", 2, seed=5, rules=davis, jobs=1)
profile.disable()
total = time.perf_counter() - start
stats = pstats.Stats(profile)
phases = {"exchange (exchange.policy.exchange)": "exchange",
          "play-outs (play.lockstep.play_lockstep)": "play_lockstep",
          "dealing under the calls (play.conditions.deal_meeting)": "deal_meeting",
          "make probabilities (estimate ... probabilities)": "probabilities",
          "price of a call (bidding.price.prices)": "prices"}
print(f"{what}: {total:.3f} s under the profiler")
for label, name in phases.items():
    spent = max((v[3] for k, v in stats.stats.items() if k[2] == name), default=0.0)
    print(f"  {label}: {spent:.3f} s, {spent / total:.0%}")
out = io.StringIO()
pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(int(sys.argv[3]))
print("\\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=BASELINE, help="revision to profile too (none: no)")
    ap.add_argument("--work", default="bid,advice,arena,jump-arena")
    ap.add_argument("--top", type=int, default=12, help="functions listed by their own time")
    args = ap.parse_args()
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    with (nullcontext(None) if args.baseline == "none" else package_at(args.baseline)) as old:
        packages = {"new": ROOT} | ({} if old is None else {args.baseline: old})
        for what in args.work.split(","):
            for which, path in packages.items():
                out = subprocess.run([sys.executable, "-c", WORK, str(path), what, str(args.top)],
                                     capture_output=True, text=True, check=True, env=env)
                print(f"=== {which} ===\n{out.stdout}", flush=True)


if __name__ == "__main__":
    main()
