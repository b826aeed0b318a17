"""The card advice of this checkout against the advice of another commit (the one before the
double-dummy solver), run from that commit's own code, in the duplicate arena with the same
bidding:

    git worktree add --detach /tmp/presolver-663a561 663a561
    .venv/bin/python benchmarks/compare_presolver.py --against /tmp/presolver-663a561 \\
        --seed 7003 --deals 100 --out benchmarks/results/presolver-7003.jsonl

Both sides are ``formula`` (bidding, exchange and throw-in by this checkout's code), so both
seatings of a deal play the same contract and the match measures the play of the cards alone.
``formula/advisor`` plays its seats' cards with this checkout's ``advise_card``;
``formula/advisor-presolver`` (``PreSolver``, a policy of this file) asks a process running the
other checkout's ``advise_card`` (``PYTHONPATH`` set to it: its own modules, this venv's numpy)
with the same position, samples, rules and seed as the advisor is given.

Each deal is written as one JSON line to ``--out`` as it finishes (its number, the new advice's
trick gain a hand, the score margin), so a run stopped early keeps its deals;
``--summary FILE...`` pools the deals of such files (the seeds' deals are independent draws):
the trick gain's mean and standard error over all of them.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import time
from math import sqrt
from pathlib import Path

from seats import seats_of  # benchmarks/ is on the path of a script run from it

from pinochle_calc.game.policies import Formula
from pinochle_calc.play import advice

OLD_NAME = "formula/advisor-presolver"
AGAINST_ENV = "PRESOLVER_CHECKOUT"

#: The worker run with the other checkout first on the path: pickled (position, samples,
#: seed, rules) in, the card's index out, until its stdin closes.
WORKER = r"""
import pickle, sys
import pinochle_calc
from pinochle_calc.play.advice import advise_card
sys.stderr.write(f"presolver worker: {pinochle_calc.__file__}\n")
inp, out = sys.stdin.buffer, sys.stdout.buffer
while True:
    try:
        position, samples, seed, rules = pickle.load(inp)
    except EOFError:
        break
    card = advise_card(position, samples=samples, seed=seed, rules=rules).card
    pickle.dump(int(card), out)
    out.flush()
"""


class PreSolver(Formula):
    """``formula`` bidding, the other checkout's card advice at its seats."""

    name = OLD_NAME
    cards = "advisor"


class _OldAdvice:
    """The other checkout's ``advise_card``, in a process of its own (started when first
    asked, in the process that asks: each arena worker has its own)."""

    def __init__(self, checkout: str):
        self.checkout = checkout
        self.proc: subprocess.Popen | None = None
        self.pid = 0

    def card(self, position, samples: int, seed: int, rules) -> int:
        if self.proc is None or self.pid != os.getpid():
            env = dict(os.environ, PYTHONPATH=self.checkout)
            self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, env=env, cwd="/tmp")
            self.pid = os.getpid()
        assert self.proc.stdin is not None and self.proc.stdout is not None
        pickle.dump((position, samples, seed, rules), self.proc.stdin)
        self.proc.stdin.flush()
        return pickle.load(self.proc.stdout)


class _Card:
    """What ``advise_card`` answers: only ``card`` is read by the hand's engine."""

    def __init__(self, card: int):
        self.card = card


def patch(checkout: str) -> None:
    """Make the seats of ``PreSolver`` ask the other checkout's advice (once per process)."""
    if getattr(advice.advise_card, "patched", False):
        return
    new = advice.advise_card
    old = _OldAdvice(checkout)
    old_seats = seats_of(OLD_NAME)

    def advise_card(position, *, samples=advice.DEFAULT_SAMPLES, seed=0, rules=None):
        if position.seat in old_seats:
            return _Card(old.card(position, samples, seed, rules))
        return new(position, samples=samples, seed=seed, rules=rules)

    advise_card.patched = True  # type: ignore[attr-defined]
    advice.advise_card = advise_card


def summary(files: list[str]) -> None:
    """The deals of ``files`` pooled: the trick gain and margin, mean and standard error."""
    gains, margins = [], []
    for name in files:
        rows = [json.loads(line) for line in Path(name).read_text().splitlines() if line]
        deals = [r for r in rows if "deal" in r]
        g = [r["gain"] for r in deals if r["gain"] is not None]
        print(f"{name}: {len(deals)} deals, trick gain {statistics.mean(g):+.3f} ±"
              f" {statistics.stdev(g) / sqrt(len(g)):.3f}")
        gains += g
        margins += [r["margin"] for r in deals]
    n = len(gains)
    mean, se = statistics.mean(gains), statistics.stdev(gains) / sqrt(n)
    margin, margin_se = statistics.mean(margins), statistics.stdev(margins) / sqrt(len(margins))
    print(f"pooled: {len(margins)} deals ({n} with cards played): trick gain {mean:+.3f} ±"
          f" {se:.3f} ({mean / se:.1f} standard errors); margin {margin:+.2f} ± {margin_se:.2f};"
          f" {sum(g == 0 for g in gains) / n:.1%} of the deals played with no gain either way,"
          f" {sum(g > 0 for g in gains) / n:.1%} for the new advice,"
          f" {sum(g < 0 for g in gains) / n:.1%} for the other")


def main() -> None:
    from pinochle_calc.game.arena import arena_tally, duplicate_deals
    from pinochle_calc.rules import load_rules

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", help="the other checkout (a directory)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7003)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--out", help="a JSON line per deal, then the report")
    parser.add_argument("--summary", nargs="+", help="pool these files' deals")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if not args.against or not Path(args.against, "pinochle_calc").is_dir():
        parser.error("--against: a checkout with pinochle_calc/ in it")
    patch(str(Path(args.against).resolve()))
    rules = load_rules(args.rules)
    me = str(Path(__file__).resolve()) + ":PreSolver"
    tally = arena_tally("formula/advisor", me, args.deals, args.seed, rules, jobs=args.jobs)
    out = open(args.out, "a") if args.out else sys.stdout
    head = {"seed": args.seed, "deals": args.deals, "against": args.against,
            "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "load": os.getloadavg()}
    print(json.dumps(head), file=out, flush=True)
    for number, pair in enumerate(duplicate_deals(*tally.specs, args.deals, args.seed, rules,
                                                  jobs=args.jobs)):
        before = len(tally.gains)
        tally.add(pair)
        gain = tally.gains[-1] if len(tally.gains) > before else None
        print(json.dumps({"deal": number, "gain": gain, "margin": tally.margins[-1],
                          "t": round(time.perf_counter() - tally.started, 1)}),
              file=out, flush=True)
    report = tally.report().to_dict()
    print(json.dumps({"report": report, "load": os.getloadavg(),
                      "ended": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}),
          file=out, flush=True)


if __name__ == "__main__":
    main()
