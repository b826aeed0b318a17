"""Advice that wins points: the duplicate arena against the formula bidder, the calibration of
the advisor's make probabilities, and the bidder's return, with the targets of the issue.

Run by hand (not a test; about an hour on two cores):
``.venv/bin/python benchmarks/bench_advice.py [--deals 2000] [--seed 2026] [--jobs 2]``.

- ``advisor:jump`` against ``formula`` under the standard rules, and ``advisor:davis`` against
  ``formula`` under ``standard,steps=any,passing.cards=4`` (the game Jim Davis's system is
  for): the margin per deal (both seatings) with its standard error over deals; target: ahead
  by more than two standard errors over at least 2,000 duplicate deals, on a seed not used
  for tuning (the advice was tuned on seeds 101 and 102);
- the advisor's calibration in those matches and under ``standard,passing.cards=4``
  (``--calibration`` deals): for every contract it won, its make probability at its last bid
  against what happened; target: a mean absolute gap of at most 0.03 over at least 1,000
  deals, with and without a pass;
- the bidder's return (``bench_exchange.returns_lowering_meld``): target at most 5% of deals
  lowering its meld below the best it could keep.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_exchange import deals, returns_lowering_meld  # noqa: E402

from pinochle_calc.game.arena import run_arena  # noqa: E402
from pinochle_calc.rules import load_rules  # noqa: E402

MATCHES = (
    ("advisor:jump", "standard"),
    ("advisor:davis", "standard,steps=any,passing.cards=4"),
)


def report(name: str, rules: str, deals_: int, seed: int, samples: int, jobs: int) -> None:
    start = time.perf_counter()
    r = run_arena(name, "formula", deals_, seed, load_rules(rules), samples, jobs)
    a, b = r.policies
    cal = a.calibration
    print(f"{name} against formula, --rules {rules}, {deals_} deals, seed {seed}:")
    print(f"  margin {r.margin:+.2f} ± {r.stderr:.2f} points per deal"
          f" ({r.margin / r.stderr:+.1f} standard errors); points per hand {a.points_per_hand:.1f}"
          f" against {b.points_per_hand:.1f}")
    print(f"  contracts won {a.bids_won:.1%} against {b.bids_won:.1%}; made {a.results['made']:.1%}"
          f" / {b.results['made']:.1%}, set {a.results['set']:.1%} / {b.results['set']:.1%};"
          f" mean contract {a.mean_contract:.1f} / {b.mean_contract:.1f}")
    if cal is not None:
        print(f"  calibration over {cal.n} contracts: mean absolute gap {cal.mae:.3f}, Brier"
              f" {cal.brier:.3f}")
    print(f"  {r.hands_per_second:.2f} hands/s with --jobs {jobs}"
          f" ({time.perf_counter() - start:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--calibration", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    for name, rules in MATCHES:
        report(name, rules, args.deals, args.seed, args.samples, args.jobs)
    report("advisor:jump", "standard,passing.cards=4", args.calibration, args.seed + 1,
           args.samples, args.jobs)
    d, trumps = deals(1200, args.seed)
    lowered, n = returns_lowering_meld(d[:1000], trumps[:1000])
    print(f"the bidder's return lowers its meld in {lowered} of {n} deals ({lowered / n:.1%})")


if __name__ == "__main__":
    main()
