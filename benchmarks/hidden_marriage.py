"""What the card advice leaves out after a hidden exchange (play/unseen.py, the Decision on
passes not seen): the bidder's marriage in a trump it named before passing.

At every card a defender plays in hands the formula players bid and played under Davis's rules
(a four-card exchange after trump is named), the card advice's own layouts of the unseen cards
(``UnseenDealer``, by the facts the play and the meld shown after the exchange reveal) are each
given an exchange undone at random (``hidden_exchange``), and the share whose bidder held a
marriage in trump before it is counted: the chance the exact rule would keep that layout. A
share near 1 at every position means the layouts the advice plays on are, near enough, those
the marriage would leave::

    .venv/bin/python benchmarks/hidden_marriage.py --hands 60 --layouts 200 --seed 1
"""

from __future__ import annotations

import argparse
import os
import resource
import time

import numpy as np

from pinochle_calc.game.hand import card_position
from pinochle_calc.game.hand.tags import load_spec
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.unseen import UnseenDealer, hidden_exchange

DAVIS = "standard,steps=any,passing.cards=4"


def kept_shares(record, you: int, layouts: int, rng: np.random.Generator) -> list[float]:
    """At each card ``you`` plays with more than one card held, the share of the advice's
    layouts whose exchange, undone at random, leaves the bidder its marriage in trump."""
    state = record.state
    bidder, partner, trump = state.bidder, state.bidder.partner, state.trump
    king, queen = 5 * trump + 2, 5 * trump + 3
    out = []
    for n, e in enumerate(record.events, 1):
        if e.kind != "play" or e.seat != you:
            continue
        before = record.state_before(n)
        position = card_position(before, you)
        if position is None or len(position.hand) < 2:
            continue
        deals = UnseenDealer(read_position(position, record.rules)).deal(rng, layouts)
        kept = 0
        for deal in deals:
            after = [deal[s] + np.array(before.played[s]) for s in (bidder, partner)]
            dealt, _, _, _ = hidden_exchange(rng, after[0].tolist(), after[1].tolist(),
                                             record.rules.pass_cards, False)
            kept += bool(dealt[king] and dealt[queen])
        out.append(kept / layouts)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--layouts", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = load_spec(DAVIS)
    rng = np.random.default_rng(args.seed)
    wall, cpu = time.perf_counter(), time.process_time()
    shares: list[float] = []
    hands = 0
    seed = args.seed * 100_000
    while hands < args.hands:
        seed += 1
        whole = play_hand(deal_cards(seed), "formula", "formula", rules, seed=hand_seed(seed))
        state = whole.state
        if len(state.passes) < 2 or not state.tricks:
            continue
        hands += 1
        for you in (state.bidder.after(1), state.bidder.after(3)):
            shares += kept_shares(whole, you, args.layouts, rng)
    a = np.array(shares)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{hands} hands under {DAVIS}, {len(a)} defender's cards with a choice,"
          f" {args.layouts} layouts each (seed {args.seed})")
    print(f"share of the advice's layouts the bidder's marriage before the exchange keeps:"
          f" mean {a.mean():.4f}, 5th percentile {np.quantile(a, 0.05):.4f},"
          f" least {a.min():.4f}")
    print(f"positions where it keeps under 95%: {(a < 0.95).mean():.1%}; under 90%:"
          f" {(a < 0.90).mean():.1%}")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"the run: wall {time.perf_counter() - wall:.1f} s, CPU {time.process_time() - cpu:.1f}"
          f" s; the process with its imports: user {usage.ru_utime:.1f} s, sys"
          f" {usage.ru_stime:.1f} s; load average at the end {load}")


if __name__ == "__main__":
    main()
