"""Where the rule-of-thumb bidder's numbers come from: what each card of a bidder's hand is worth
to its side's meld plus trick points, fitted over random deals played out (quantile regression:
the count the side's total falls short of in a given share of the deals).

Run by hand (not a test): ``.venv/bin/python benchmarks/fit_thumb.py [--deals 40000]
[--seed 7] [--rules standard]``. The bidder is seat 0 with its best trump (the most meld among
the suits it may name, ties the longer suit), it leads, and its partner is a random hand; under
a rule set with a card exchange the exchange policy plays it first. Printed: each feature's
worth in points at each quantile asked for, how often the side fell short of the fitted count
and of the formula bidder's rule (meld + 45), and the constant that goes with the rounded
worths. ``game.thumb`` holds the fitted numbers, rounded as a player would remember them.
"""

from __future__ import annotations

import argparse

import numpy as np

from pinochle_calc.exchange.policy import exchange
from pinochle_calc.game.thumb import FEATURES, features, worths_for
from pinochle_calc.meld.vector import callable_suits, meld_points
from pinochle_calc.play.dealer import suit_codes
from pinochle_calc.play.simulate import play_many
from pinochle_calc.rules import load_rules


def random_deals(n: int, rng: np.random.Generator) -> np.ndarray:
    """``(n, 4, 20)`` card counts: the 80 cards dealt 20 to each seat."""
    kinds = np.argsort(rng.random((n, 80)), axis=1) // 4
    out = np.zeros((n, 4, 20), dtype=np.int64)
    for seat in range(4):
        part = kinds[:, seat * 20:(seat + 1) * 20]
        np.add.at(out[:, seat], (np.arange(n)[:, None], part), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--quantiles", type=lambda t: [float(q) for q in t.split(",")],
                    default=[0.15, 0.3, 0.5])
    args = ap.parse_args()
    rules = load_rules(args.rules)
    rng = np.random.default_rng(args.seed)
    deals = random_deals(args.deals, rng)
    own = meld_points(deals[:, 0], rules)
    ok = callable_suits(deals[:, 0], rules)
    length = deals[:, 0].reshape(-1, 4, 5).sum(axis=2)
    key = np.where(ok, own * 100 + length, -1)
    trump = key.argmax(axis=1)
    keep = ok.any(axis=1)
    deals, trump, own = deals[keep], trump[keep], own[keep]
    n = len(deals)
    after = deals.copy()
    if rules.pass_cards:
        for t in range(4):
            rows = np.flatnonzero(trump == t)
            done = exchange(deals[rows, 0], deals[rows, 2], t, rules)
            after[rows, 0], after[rows, 2] = done.bidder, done.partner
    tricks = play_many(suit_codes(after), trump, 0)[:, 0] * rules.scale
    rows = np.arange(n)
    side = (meld_points(after[:, 0], rules)[rows, trump]
            + meld_points(after[:, 2], rules)[rows, trump] + tricks)
    x = np.column_stack([np.ones(n), features(deals[:, 0], trump, rules)])
    print(f"{n} deals where seat 0 may name trump (of {args.deals}), seed {args.seed},"
          f" --rules {args.rules}: side's meld + trick points, mean {side.mean():.1f}")
    fits = {q: quantile_fit(x, side, q) for q in args.quantiles}
    print(f"  {'the worth of':24} " + " ".join(f"{q:>7.0%}" for q in fits))
    for i, name in enumerate(("constant", *FEATURES)):
        print(f"  {name:24} " + " ".join(f"{c[i]:+7.2f}" for c in fits.values()))
    for q, coef in fits.items():
        below = (side < x @ coef).mean()
        formula = (side < own[rows, trump] + 45 * rules.scale).mean()
        print(f"  {q:.0%}: the side's total fell short of the count in {below:.1%} of the deals"
              f" (of the formula's meld + 45: {formula:.1%})")
    # the worths the policy uses, rounded: the constant that gives each share short with them
    worths = np.array(worths_for(rules))
    rest = side - features(deals[:, 0], trump, rules) @ worths / rules.scale * rules.scale
    print("  with game.thumb's rounded worths, the constant that leaves the side short in"
          " " + ", ".join(f"{q:.0%}: {np.quantile(rest, q):+.1f}" for q in args.quantiles))


def quantile_fit(x: np.ndarray, y: np.ndarray, q: float, rounds: int = 60) -> np.ndarray:
    """The linear ``q``-quantile of ``y`` given ``x`` (least absolute deviations weighted
    ``q`` above and ``1 - q`` below, by iteratively reweighted least squares)."""
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    for _ in range(rounds):
        r = y - x @ coef
        w = np.where(r > 0, q, 1 - q) / np.maximum(np.abs(r), 0.5)
        coef = np.linalg.solve(x.T @ (x * w[:, None]), x.T @ (w * y))
    return coef


if __name__ == "__main__":
    main()
