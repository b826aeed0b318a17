"""Where an arena's CPU time goes, the bidders' advice against the rest:
``.venv/bin/python benchmarks/bench_arena_parts.py [--deals 12] [--runs 2] [--baseline REV|none]
[--games jump,davis,toby]``.

Run by hand (not a test). Plays ``bench_arena``'s matches (the advisor against ``formula``,
``--jobs 1``, seed 0) in a fresh process with one BLAS thread, for this worktree's package and,
with ``--baseline`` (default ``BASELINE``, the code before the compiled loops), the package at
that revision, runs interleaved; prints the median over ``--runs`` of the match's CPU time, the
part of it spent in the bid advice (``bidding.advise.advise``, which the advisor asks for every
call) and the rest (dealing the hands, the formula bidder, the exchange and the card play of the
hand itself, the model of the hand and its records), with the ratios old / new of each. Where
the rest does not shrink, the arena's ratio stays below the advice's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, package_at  # noqa: E402
from bench_arena import MATCHES  # noqa: E402

BASELINE = "cd9a7a8"

#: One match in a fresh process (the package first on the path): its CPU time, and the part
#: of it in the bid advice, as JSON.
RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import pinochle_calc.bidding
advise_module = sys.modules["pinochle_calc.bidding.advise"]
spent = [0.0]
original = advise_module.advise
def advise(*args, **kwargs):
    start = time.process_time()
    try:
        return original(*args, **kwargs)
    finally:
        spent[0] += time.process_time() - start
advise_module.advise = pinochle_calc.bidding.advise = advise
from pinochle_calc.game.arena import run_arena
from pinochle_calc.rules import load_rules
policy, rules, deals = sys.argv[2:]
start = time.process_time()
run_arena(policy, "formula", int(deals), seed=0, rules=load_rules(rules), jobs=1)
print(json.dumps({"cpu": time.process_time() - start, "advice": spent[0]}))
"""


def parts(path: str | Path, policy: str, rules: str, deals: int) -> dict[str, float]:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", RUN, str(path), policy, rules, str(deals)],
                         capture_output=True, text=True, check=True, env=env).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--baseline", default=BASELINE, help="revision to compare (none: no)")
    ap.add_argument("--games", default="jump,davis,toby")
    args = ap.parse_args()
    matches = [m for m in MATCHES if m[0].split(":")[1] in args.games.split(",")]
    with (nullcontext(None) if args.baseline == "none" else package_at(args.baseline)) as old:
        packages = {"new": ROOT} | ({} if old is None else {"old": old})
        for policy, rules in matches:
            got: dict[str, list[dict[str, float]]] = {which: [] for which in packages}
            for _ in range(args.runs):
                for which, path in packages.items():
                    got[which].append(parts(path, policy, rules, args.deals))
            med = {which: {key: statistics.median(r[key] for r in runs)
                           for key in ("cpu", "advice")} for which, runs in got.items()}
            line = []
            for which, m in med.items():
                rest = m["cpu"] - m["advice"]
                line.append(f"{which}: {m['cpu']:.2f} s CPU, advice {m['advice']:.2f} s"
                            f" ({m['advice'] / m['cpu']:.0%}), the rest {rest:.2f} s")
            if old is not None:
                n, o = med["new"], med["old"]
                line.append(f"old / new: all {o['cpu'] / n['cpu']:.2f}x, advice"
                            f" {o['advice'] / n['advice']:.2f}x, the rest"
                            f" {(o['cpu'] - o['advice']) / (n['cpu'] - n['advice']):.2f}x")
            print(f"arena {policy} vs formula, --rules {rules}, {args.deals} deals, --jobs 1:"
                  f" {'; '.join(line)}", flush=True)


if __name__ == "__main__":
    main()
