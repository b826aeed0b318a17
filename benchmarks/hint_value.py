"""What a Davis hint is worth in the exchange: the side's meld plus trick points after the
exchange and the play, with the partner answering the bidder's hint against the same exchange
with no hint, on random deals.

Run by hand (not a test): ``.venv/bin/python benchmarks/hint_value.py [--deals 4000]
[--seed 5] [--rules standard,steps=any,passing.cards=4]``. The bidder is seat 0 with its best
trump; its hint is the one Davis's advice would give (``conventions.davis``: the card or
around with the largest expected meld gain, weighted by the chance the partner holds it) when
that is at least ``HINT_MIN``. Printed, by the hint's expected gain: how many deals, and the
side's total with the hint answered less without it (± its standard error), for the partner's
pass as the exchange policy plays it (the card asked for first) and, for comparison, answering
a card hint with two cards of the rank (``tune_advice.answer_two``) or knowing the hint but
putting no card first (``tune_advice.answer_soft``). Nothing here costs a bid:
the price of the bids that carry the hints is in the matches.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_thumb import random_deals  # noqa: E402
from tune_advice import changed  # noqa: E402

from pinochle_calc.bidding.auction import start  # noqa: E402
from pinochle_calc.bidding.conventions.base import Caller  # noqa: E402
from pinochle_calc.bidding.conventions.davis import DAVIS, _hint_options  # noqa: E402
from pinochle_calc.bidding.conventions.gains import card_gains  # noqa: E402
from pinochle_calc.exchange import policy as exchange_policy  # noqa: E402
from pinochle_calc.exchange.hints import Signal  # noqa: E402
from pinochle_calc.hand import Hand  # noqa: E402
from pinochle_calc.meld.vector import callable_suits, meld_points  # noqa: E402
from pinochle_calc.play.dealer import suit_codes  # noqa: E402
from pinochle_calc.play.simulate import play_many  # noqa: E402
from pinochle_calc.rules import load_rules  # noqa: E402

BANDS = (0, 4, 8, 16, 1000)


def side_totals(deals: np.ndarray, trump: np.ndarray, hints: list, rules) -> np.ndarray:
    """The side's meld plus trick points in each deal after the exchange with these hints
    (one per deal, None for none), seat 0 naming ``trump`` and leading."""
    after = deals.copy()
    keys = sorted({(int(t), h) for t, h in zip(trump, hints)}, key=str)
    for t, h in keys:
        rows = np.flatnonzero([(int(x) == t and y == h) for x, y in zip(trump, hints)])
        done = exchange_policy.exchange(deals[rows, 0], deals[rows, 2], t, rules, h)
        after[rows, 0], after[rows, 2] = done.bidder, done.partner
    at = np.arange(len(after))
    tricks = play_many(suit_codes(after), trump, 0)[:, 0] * rules.scale
    meld = sum(meld_points(after[:, s], rules)[at, trump] for s in (0, 2))
    return meld + tricks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rules", default="standard,steps=any,passing.cards=4")
    args = ap.parse_args()
    rules = load_rules(args.rules)
    deals = random_deals(args.deals, np.random.default_rng(args.seed))
    own = meld_points(deals[:, 0], rules)
    ok = callable_suits(deals[:, 0], rules)
    keep = ok.any(axis=1)
    deals, own, ok = deals[keep], own[keep], ok[keep]
    trump = np.where(ok, own, -1).argmax(axis=1)
    hints, worth = [], []
    auction = start(rules)
    for counts, t in zip(deals[:, 0], trump):
        hand = Hand(counts.tolist())
        ctx = Caller(hand, auction, DAVIS, 1000, int(t))
        options = _hint_options(ctx, card_gains(hand, rules), (4, 3, 2, 1, 0), arounds=True)
        best = options[0] if options else None
        hints.append(None if best is None else Signal("around" if best.around else "card",
                                                        best.rank))
        worth.append(0.0 if best is None else best.expected)
    worth = np.array(worth)
    plain = side_totals(deals, trump, [None] * len(deals), rules)
    answered = side_totals(deals, trump, hints, rules)
    with changed(["answer2"]):
        two = side_totals(deals, trump, hints, rules)
    with changed(["answersoft"]):
        soft = side_totals(deals, trump, hints, rules)
    print(f"{len(deals)} deals where seat 0 may name trump (of {args.deals}), seed {args.seed},"
          f" --rules {args.rules}: the side's total with the hint answered less without it")
    for low, high in zip(BANDS, BANDS[1:]):
        rows = (worth >= max(low, 1e-9)) & (worth < high)
        if rows.sum() < 2:
            continue
        for name, totals in (("first card asked", answered), ("two cards for a card", two),
                             ("known, none first", soft)):
            d = totals[rows] - plain[rows]
            print(f"  expected gain {low:>3}-{high:<4} {rows.sum():>5} deals, {name:22}"
                  f" {d.mean():+6.2f} ± {d.std(ddof=1) / np.sqrt(rows.sum()):.2f}")
    print(f"  no hint worth giving: {(worth == 0).sum()} deals")


if __name__ == "__main__":
    main()
