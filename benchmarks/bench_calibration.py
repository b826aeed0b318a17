"""How well the advisor knows its chances under a card exchange: the calibration of its make
probabilities at the contracts it wins, with standard errors.

Run by hand (not a test; about half an hour a match of 1,000 deals on two loaded cores)::

    .venv/bin/python benchmarks/bench_calibration.py --deals 1000 --seed 4001 --jobs 2 \\
        --rows benchmarks/results/calibration_4001.csv

Two matches, as ``bench_advice.py`` plays them: ``advisor:jump`` against ``formula`` under
``standard,passing.cards=4``, and ``advisor:davis`` against ``formula`` in Davis's game
(``standard,steps=any,passing.cards=4``). For every contract the advisor won: its chance of
making it at its last bid (the arena's ``Prediction``) and whether it made it. Reported: the
arena's calibration gap (``game.arena.Calibration``: the mean absolute gap between a tenth's
mean prediction and its share made, weighed by its contracts), the signed gap (the mean
prediction less the share made: above 0, the advisor is too sure), the Brier score and each
tenth; each with its standard error over deals (2,000 resamples of the deals, a deal's two
hands together). ``--players quick`` has every seat pass as the quick exchange policy does
(``game.policies.quick_pass``, what the estimate played in its deals before it passed as the
players do) instead of the pass advice. ``--rows FILE`` writes every contract (match, deal,
run, seat, bid, prediction, made) as CSV, which ``--read FILE`` reports on again; with
``--against OTHER``, also the difference between the two on the same deals (one match of the
code before a change, one after), each figure's difference with its standard error over the
deals resampled together.
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from pinochle_calc.game.arena import Calibration
from pinochle_calc.game.policies import Advisor, Formula, Situation, quick_pass
from pinochle_calc.hand import Hand

MATCHES = {
    "jump": ("advisor:jump", "standard,passing.cards=4"),
    "davis": ("advisor:davis", "standard,steps=any,passing.cards=4"),
}
RESAMPLES = 2000


class _QuickPass:
    """Passes and returns cards as the quick exchange policy does."""

    def pass_cards(self, seat: Situation, n: int) -> Hand:
        return quick_pass(seat, n)

    def return_cards(self, seat: Situation, n: int) -> Hand:
        return quick_pass(seat, n)


class JumpQuick(_QuickPass, Advisor):
    def __init__(self) -> None:
        super().__init__("jump")
        self.name = "advisor:jump, passing by the quick policy"


class DavisQuick(_QuickPass, Advisor):
    def __init__(self) -> None:
        super().__init__("davis")
        self.name = "advisor:davis, passing by the quick policy"


class FormulaQuick(_QuickPass, Formula):
    name = "formula, passing by the quick policy"


def play(match: str, deals: int, seed: int, samples: int, jobs: int,
         quick: bool) -> list[dict]:
    """Every contract the advisor won in the match, as a row."""
    from pinochle_calc.game.arena import run_arena
    from pinochle_calc.game.hand.tags import prediction_of

    advisor, rules = MATCHES[match]
    opponent = "formula"
    if quick:
        here = os.path.abspath(__file__)
        advisor = f"{here}:{'JumpQuick' if match == 'jump' else 'DavisQuick'}"
        opponent = f"{here}:FormulaQuick"
    rows: list[dict] = []

    def on_hand(deal: int, run: int, record) -> None:
        contract = record.state.contract
        advisor_side = 0 if run == 0 else 1  # run 0: the advisor at seats 0 and 2
        prediction = prediction_of(record)
        if contract is None or contract.side != advisor_side or prediction is None:
            return
        rows.append({"match": match, "deal": deal, "run": run, "seat": int(contract.seat),
                     "bid": contract.bid, "prediction": prediction,
                     "made": int(record.result == "made")})

    run_arena(advisor, opponent, deals, seed, rules, samples, jobs, on_hand=on_hand)
    return rows


def report(match: str, rows: list[dict], rng: np.random.Generator) -> None:
    """The calibration of the rows of one match, with standard errors over deals."""
    rows = [r for r in rows if r["match"] == match]
    if not rows:
        return
    p = np.array([float(r["prediction"]) for r in rows])
    made = np.array([int(r["made"]) for r in rows], dtype=bool)
    deal = np.array([int(r["deal"]) for r in rows])
    deals = np.unique(deal)
    at = {d: np.flatnonzero(deal == d) for d in deals}

    def figures(index: np.ndarray) -> tuple[float, float, float]:
        cal = Calibration.of(p[index], made[index])
        return cal.mae or 0.0, float(p[index].mean() - made[index].mean()), cal.brier or 0.0

    whole = figures(np.arange(len(rows)))
    resampled = np.array([figures(np.concatenate([at[d] for d in rng.choice(deals,
                                                                         len(deals))]))
                          for _ in range(RESAMPLES)])
    error = resampled.std(axis=0, ddof=1)
    advisor, rules = MATCHES[match]
    print(f"{advisor} against formula, --rules {rules}: {len(rows)} contracts won in"
          f" {len(deals)} deals where it won one")
    print(f"  calibration gap (mean absolute, by tenths) {whole[0]:.3f} ± {error[0]:.3f};"
          f" signed gap (mean chance less share made) {whole[1]:+.3f} ± {error[1]:.3f};"
          f" Brier {whole[2]:.3f} ± {error[2]:.3f}")
    cal = Calibration.of(p, made)
    print("  tenths: " + "; ".join(f"{b.low:.1f}-{b.high:.1f}: {b.n}, {b.predicted:.3f} vs"
                                    f" {b.observed:.3f}" for b in cal.bins if b.n))


def compare(match: str, after: list[dict], before: list[dict],
            rng: np.random.Generator) -> None:
    """The calibration of ``after`` less that of ``before`` (the same match's deals, played
    by two versions of the code), with standard errors over the deals resampled together."""
    sides = []
    for rows in (after, before):
        rows = [r for r in rows if r["match"] == match]
        p = np.array([float(r["prediction"]) for r in rows])
        made = np.array([int(r["made"]) for r in rows], dtype=bool)
        deal = np.array([int(r["deal"]) for r in rows])
        sides.append((p, made, {d: np.flatnonzero(deal == d) for d in np.unique(deal)}))
    deals = np.array(sorted(set(sides[0][2]) | set(sides[1][2])))
    if not len(deals):
        return
    empty = np.array([], dtype=np.int64)

    def figures(chosen: np.ndarray) -> np.ndarray:
        out = []
        for p, made, at in sides:
            index = np.concatenate([at.get(d, empty) for d in chosen])
            cal = Calibration.of(p[index], made[index])
            out.append((cal.mae or 0.0, float(p[index].mean() - made[index].mean())))
        return np.subtract(*out)

    whole = figures(deals)
    error = np.array([figures(rng.choice(deals, len(deals))) for _ in range(RESAMPLES)]).std(
        axis=0, ddof=1)
    print(f"  {match}, after less before on the same deals: calibration gap {whole[0]:+.3f} ±"
          f" {error[0]:.3f}, signed gap {whole[1]:+.3f} ± {error[1]:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=4001)
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--matches", default="jump,davis")
    ap.add_argument("--players", choices=["advised", "quick"], default="advised")
    ap.add_argument("--rows", type=Path, help="write every contract here (CSV)")
    ap.add_argument("--read", type=Path, help="report on the contracts of this CSV instead")
    ap.add_argument("--against", type=Path, help="with --read: the contracts of the same match"
                    " played by other code, to compare with")
    args = ap.parse_args()
    rng = np.random.default_rng(0)
    matches = args.matches.split(",")
    if args.read:
        with args.read.open() as f:
            rows = list(csv.DictReader(f))
        others = None
        if args.against:
            with args.against.open() as f:
                others = list(csv.DictReader(f))
        for match in matches:
            report(match, rows, rng)
            if others is not None:
                compare(match, rows, others, rng)
        return
    print("$ " + " ".join([".venv/bin/python", "benchmarks/bench_calibration.py", *sys.argv[1:]]))
    revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=Path(__file__).parent).stdout.strip()
    import pinochle_calc

    print(f"code {revision} (pinochle_calc from {Path(pinochle_calc.__file__).parent});"
          f" {args.deals} duplicate deals a match, seed {args.seed},"
          f" {args.samples} samples an estimate, players passing as the"
          f" {'quick policy' if args.players == 'quick' else 'pass advice'}")
    all_rows: list[dict] = []
    for match in matches:
        start = time.perf_counter()
        rows = play(match, args.deals, args.seed, args.samples, args.jobs,
                    args.players == "quick")
        all_rows += rows
        report(match, rows, rng)
        print(f"  {time.perf_counter() - start:.0f} s with --jobs {args.jobs}; load average"
              f" {os.getloadavg()[0]:.1f}", flush=True)
        if args.rows:
            with args.rows.open("w", newline="") as f:
                writer = csv.DictWriter(f, fieldnames=list(all_rows[0]))
                writer.writeheader()
                writer.writerows(all_rows)


if __name__ == "__main__":
    main()
