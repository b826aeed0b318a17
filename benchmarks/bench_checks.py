"""What the compiled loops' checks cost (issue 31: every argument checked for its type, size and
range, the hands of a play-out for their sizes and cards, Ctrl-C looked for every few thousand
steps): ``.venv/bin/python benchmarks/bench_checks.py [--against REV] [--runs 7]``.

Run by hand (not a test). Times, in CPU seconds, the calls an estimate makes most, through their
Python faces and the compiled loops, in this checkout and in the package at ``REV`` (default
``main``) built with its own extensions in a scratch folder, the two interleaved run by run in
fresh processes so that the machine's load falls alike on both: the play-outs of 20,000 deals
from the first lead, 20,000 deals dealt (int8, as the conditioned dealing draws them), the meld
of 50,000 hands, the partner's pass of 5,000 hands, and 2,000 hands a bidder imagines for 60
bidders. Prints each one's median and the ratio this checkout / REV.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import ROOT, package_at  # noqa: E402

WORK = '''
import json, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
from pinochle_calc.exchange.policy import partner_pass
from pinochle_calc.hand import Hand
from pinochle_calc.meld.vector import meld_points
from pinochle_calc.play import dealer, lockstep
from pinochle_calc.play.dealer import Dealer, suit_codes, unseen_hands
from pinochle_calc.rules import load_rules
assert lockstep.NATIVE is not None and dealer.NATIVE is not None, "not built"
rng = np.random.default_rng(7)
hand = Hand(np.bincount(rng.permutation(np.repeat(np.arange(20), 4))[:20], minlength=20).tolist())
d = Dealer(hand)
deals = d.deal(np.random.default_rng(1), 20_000)
codes = suit_codes(deals)
trump, leader = rng.integers(0, 4, 20_000), rng.integers(0, 4, 20_000)
hands = deals[:, 1]
rules = load_rules("standard,passing.cards=4")
keys = np.random.default_rng(2).random((2_000, 80))
work = {
    "play-outs (20,000 deals)": lambda: lockstep.play_lockstep(codes, trump, leader),
    "dealing (20,000 deals, int8)": lambda: d.deal(np.random.default_rng(3), 20_000, np.int8),
    "meld (50,000 hands)": lambda: meld_points(np.tile(hands, (3, 1))[:50_000], rules),
    "partner's pass (5,000 hands)": lambda: partner_pass(hands[:5_000], 1, 4, rules),
    "imagined hands (60 x 2,000)": lambda: unseen_hands(hands[:60], keys, 20),
}
for f in work.values():
    f()  # warm: tables, caches
out = {}
for name, f in work.items():
    times = []
    for _ in range(5):
        start = time.process_time()
        f()
        times.append(time.process_time() - start)
    out[name] = min(times)
print(json.dumps(out))
'''


def timed(path: str) -> dict[str, float]:
    """One fresh process's best of 5 CPU times of each call, for the package in ``path``."""
    proc = subprocess.run([sys.executable, "-c", WORK, path], capture_output=True, text=True,
                          check=True, cwd="/")
    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="main")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with package_at(args.against, build=True) as old:
        runs: dict[str, list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            new_times, old_times = timed(str(ROOT)), timed(old)
            for name in new_times:
                runs.setdefault(name, []).append((new_times[name], old_times[name]))
    print(f"this checkout against {args.against}, {args.runs} runs interleaved (medians of each"
          f" process's best of 5, CPU time); load {load:.1f} to {os.getloadavg()[0]:.1f}")
    for name, pairs in runs.items():
        new, old = (statistics.median(p[k] for p in pairs) for k in (0, 1))
        print(f"{name:32} {new * 1000:8.2f} ms  {args.against}: {old * 1000:8.2f} ms"
              f"  ratio {new / old:.3f}")


if __name__ == "__main__":
    main()
