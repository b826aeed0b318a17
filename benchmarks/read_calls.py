"""What a pass says, measured: for every pass and bid a policy made in duplicate matches, the
caller's best meld against the bid it faced, and the logistic reading that fits them.

Run by hand (not a test): ``.venv/bin/python benchmarks/read_calls.py FILE.jsonl [...]`` where
each file is ``pinochle-calc arena A B --format jsonl`` output. For each policy: of the calls
it made facing a bid (not forced, its partner not holding the bid), the share that were passes
by its best meld less the bid faced, and the fit ``P(pass) = logistic((bid - margin - meld) /
spread)`` over the hands that may name trump (a hand with no marriage always passes); and how
many of the passes came from hands with no marriage; then one fit over every policy's calls,
each policy weighing the same. The estimate's reading of a pass (``inferences.PARTNER_MARGIN``,
``OPPONENT_MARGIN`` and their spreads) is read from these fits.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

import numpy as np

from pinochle_calc.hand import Hand
from pinochle_calc.meld.vector import best_points, callable_suits
from pinochle_calc.rules import load_rules


def calls_of(path: str):
    """``(policy, rules, hand counts, bid faced, passed)`` for every call that counts."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            rules = record["rules"]
            names = (record["policies"]["us"], record["policies"]["them"])
            high, holder = None, None
            for call in record["auction"]:
                seat, bid = call["seat"], call["call"]
                forced = call["meaning"].startswith("forced")
                faced = loaded(rules).next_bid(high)
                if not forced and holder != (seat ^ 2):
                    yield (names[seat & 1], rules, Hand.parse(record["hands"][seat]).counts,
                           faced, bid == "pass")
                if bid != "pass":
                    high, holder = bid, seat


_RULES: dict = {}


def loaded(name: str):
    if name not in _RULES:
        _RULES[name] = load_rules(name)
    return _RULES[name]


def fit(gap: np.ndarray, passed: np.ndarray) -> tuple[float, float]:
    """``(margin, spread)`` of ``P(pass) = logistic((gap - margin) / spread)`` where ``gap``
    is the bid faced less the meld (maximum likelihood by Newton's method on ``a + b gap``)."""
    x = np.column_stack([np.ones(len(gap)), gap])
    w = np.zeros(2)
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (passed - p)
        hess = x.T @ (x * (p * (1 - p))[:, None]) + 1e-9 * np.eye(2)
        w = w + np.linalg.solve(hess, grad)
    a, b = w
    return -a / b, 1 / b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    rows: dict[tuple[str, str], list] = defaultdict(list)
    for path in args.files:
        for name, rules, counts, faced, passed in calls_of(path):
            rows[name, rules].append((counts, faced, passed))
    pooled: dict[str, list] = defaultdict(list)
    for (name, rules_name), items in sorted(rows.items()):
        rules = loaded(rules_name)
        counts = np.array([c for c, _, _ in items])
        faced = np.array([f for _, f, _ in items])
        passed = np.array([p for _, _, p in items], dtype=float)
        meld = best_points(counts, rules)
        married = callable_suits(counts, rules).any(axis=1)
        gap = (faced - meld)[married] / rules.scale
        margin, spread = fit(gap, passed[married])
        pooled[rules_name].append((gap, passed[married]))
        print(f"{name} ({rules_name}): {len(items)} calls facing a bid, {int(passed.sum())}"
              f" passes ({int(passed[~married].sum())} with no marriage); fit over the"
              f" {married.sum()} that may name trump: margin {margin:.1f}, spread {spread:.1f}")
        for low in range(0, 70, 10):
            inside = married & (faced - meld >= low * rules.scale) & (
                faced - meld < (low + 10) * rules.scale)
            if inside.sum() >= 10:
                print(f"    bid less meld {low:>2}-{low + 9:<2}: {inside.sum():>5} calls,"
                      f" {passed[inside].mean():.0%} passes")
        at_first = married & (faced == rules.next_bid(None))
        passers, bidders = meld[at_first & (passed == 1)], meld[at_first & (passed == 0)]
        if len(passers) and len(bidders):
            print(f"    at the first bid, {rules.next_bid(None)}: median meld of the passers"
                  f" {np.median(passers):.0f}, of those who bid {np.median(bidders):.0f}")


    for rules_name, parts in pooled.items():
        if len(parts) < 2:
            continue
        # every policy weighs the same: each one's calls repeated to the most any has
        most = max(len(g) for g, _ in parts)
        gap = np.concatenate([np.resize(g, most) for g, _ in parts])
        passed = np.concatenate([np.resize(p, most) for _, p in parts])
        margin, spread = fit(gap, passed)
        print(f"all {len(parts)} policies ({rules_name}), each weighing the same: margin"
              f" {margin:.1f}, spread {spread:.1f}")


if __name__ == "__main__":
    main()
