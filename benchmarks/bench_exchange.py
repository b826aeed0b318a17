"""The exchange policy (``exchange.policy``): how much it brings the bidding side, how close it
comes to trying every choice, whether the bidder's return keeps its meld, and its speed.

Run by hand (not a test): ``.venv/bin/python benchmarks/bench_exchange.py [--deals 4000]``.
Random deals; seat 0 bids and names its best trump, seat 2 is its partner; a four-card pass,
the partner first. Prints, each with its standard error over deals:

- the side's meld plus trick points (play-outs with the heuristic players) without a pass and
  with the policy's exchange;
- against the exhaustive pass advice (every choice of the partner's cards scored on 400
  bidder hands dealt from its unseen cards, ``advise_pass``'s check) on the first ``--exact``
  deals;
- the share of deals where the bidder's return lowers its meld below the best it could keep
  from its 24 cards (every choice of four tried);
- how often the greedy search finds the best choice by its own objective (every choice of the
  partner's four cards tried, on the first ``--returns`` deals);
- the exchange's time for 1,000 deals, in process (median of 5).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pinochle_calc.exchange.advice import advise_pass
from pinochle_calc.exchange.policy import (
    bidder_return,
    choose,
    every_choice,
    exchange,
    partner_objective,
    partner_pass,
)
from pinochle_calc.hand import Hand
from pinochle_calc.meld.vector import callable_suits, meld_points
from pinochle_calc.play.dealer import suit_codes
from pinochle_calc.play.simulate import play_many
from pinochle_calc.rules import STANDARD

RULES = STANDARD.with_options(pass_cards=4, pass_order="partner-first")


def deals(n: int, seed: int) -> np.ndarray:
    """``(n, 4, 20)`` random deals where seat 0 may name a trump, and that trump."""
    rng = np.random.default_rng(seed)
    cards = rng.permuted(np.broadcast_to(np.repeat(np.arange(20), 4), (n, 80)), axis=1)
    rows = (np.arange(n)[:, None] * 4 + np.arange(80)[None, :] // 20) * 20 + cards
    d = np.bincount(rows.ravel(), minlength=n * 80).reshape(n, 4, 20)
    points, ok = meld_points(d[:, 0], RULES), callable_suits(d[:, 0], RULES)
    keep = ok.any(axis=1)
    return d[keep], np.where(ok, points, -1).argmax(axis=1)[keep]


def side_total(d: np.ndarray, trumps: np.ndarray, bidder, partner) -> np.ndarray:
    rows = np.arange(len(d))
    played = d.copy()
    played[:, 0], played[:, 2] = bidder, partner
    tricks = play_many(suit_codes(played), trumps, 0)[:, 0]
    return (meld_points(bidder, RULES)[rows, trumps] + meld_points(partner, RULES)[rows, trumps]
            + tricks)


def by_trump(d, trumps, passer=None):
    """The hands after the exchange, by the policy (or with ``passer`` for the partner)."""
    bidder, partner = d[:, 0].copy(), d[:, 2].copy()
    for t in range(4):
        rows = trumps == t
        if not rows.any():
            continue
        if passer is None:
            done = exchange(d[rows, 0], d[rows, 2], t, RULES)
            bidder[rows], partner[rows] = done.bidder, done.partner
        else:
            given = passer(d[rows, 2], t)
            back = bidder_return(d[rows, 0] + given, t, 4, RULES)
            bidder[rows] = d[rows, 0] + given - back
            partner[rows] = d[rows, 2] - given + back
    return bidder, partner


def returns_lowering_meld(d: np.ndarray, trumps: np.ndarray) -> tuple[int, int]:
    """How many bidders' returns lower their meld below the best they could keep from their 24
    cards (as dealt and as the partner's pass left them, every choice of four tried)."""
    lowered = 0
    for hand, partner, t in zip(d[:, 0], d[:, 2], trumps.tolist()):
        hand24 = hand + partner_pass(partner[None], t, 4, RULES)[0]
        back = bidder_return(hand24[None], t, 4, RULES)[0]
        kept = meld_points((hand24 - back)[None], RULES)[0, t]
        best = meld_points(hand24[None] - every_choice(hand24, 4), RULES)[:, t].max()
        lowered += int(kept < best)
    return lowered, len(d)


def mean_se(x: np.ndarray) -> str:
    return f"{x.mean():+.2f} ± {x.std(ddof=1) / np.sqrt(len(x)):.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--exact", type=int, default=300)
    ap.add_argument("--returns", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2)
    args = ap.parse_args()

    d, trumps = deals(args.deals, args.seed)
    plain = side_total(d, trumps, d[:, 0], d[:, 2])
    passed = side_total(d, trumps, *by_trump(d, trumps))
    print(f"{len(d):,} deals (seed {args.seed}), the side's meld + trick points:"
          f" no pass {plain.mean():.2f}, the policy's 4-card exchange {passed.mean():.2f}"
          f" ({mean_se(passed - plain)})")

    e, et = d[:args.exact], trumps[:args.exact]

    def exhaustive(partners, t):
        return np.array([advise_pass(Hand(p.tolist()), int(t), "partner", 4, RULES,
                                     samples=400).check.cards for p in partners])

    ours = side_total(e, et, *by_trump(e, et))
    theirs = side_total(e, et, *by_trump(e, et, exhaustive))
    print(f"  the policy less every choice tried (400 bidder hands), {len(e)} deals:"
          f" {mean_se(ours - theirs)}")

    lowered, n = returns_lowering_meld(d[:args.returns], trumps[:args.returns])
    print(f"  the bidder's return lowers its meld below the best of its 24 cards in"
          f" {lowered} of {n} deals ({lowered / n:.1%}; target at most 5%)")

    partners = d[:args.returns, 2]
    found = 0
    for t in range(4):
        hands = partners[trumps[:args.returns] == t]
        objective = partner_objective(t, RULES)
        got = objective.score(hands, choose(objective, hands, 4, t)[:, None, :])[:, 0]
        best = np.array([objective.score(h[None], every_choice(h, 4)[None])[0].max()
                         for h in hands])
        found += int((got >= best - 1e-9).sum())
    print(f"  the greedy search finds the best choice by its objective in {found} of"
          f" {len(partners)} partners' hands ({found / len(partners):.1%})")

    sample = d[:1000]
    times = []
    for _ in range(5):
        start = time.perf_counter()
        exchange(sample[:, 0], sample[:, 2], 1, RULES)
        times.append(time.perf_counter() - start)
    print(f"  the exchange of 1,000 deals, in process: {statistics.median(times) * 1e3:.1f} ms"
          " (median of 5)")


if __name__ == "__main__":
    main()
