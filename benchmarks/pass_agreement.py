"""The pass advice against the quick exchange policy the simulations play: how often the two
choose other cards, and which wins in play.

``agree``: random passes (a dealt hand, a trump it may name, each role and order of the
exchange, the standard rules with a four-card pass, three cards partner first, and Toby Thomas's
rules), the pass advice (``pass``'s: ``game.decisions.pass_advice``) beside the policy's choice
(``exchange.choose_pass``); the share that differ, and by how much the check scores them::

    .venv/bin/python benchmarks/pass_agreement.py agree --passes 3000 --seed 11

``play``: a duplicate match between two formula bidders that differ only in their pass, the
advice's (``formula``, as every built-in policy passes) against the quick policy's
(``FormulaQuick``), on the rules given::

    .venv/bin/python benchmarks/pass_agreement.py play --deals 500 --seed 12 \\
        --rules standard,steps=any,passing.cards=4 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from pinochle_calc.game.policies import Formula, Role, Situation, quick_pass
from pinochle_calc.hand import Hand

RULES = ("standard,passing.cards=4", 'standard,passing.cards=3,passing.order="partner-first"',
         "toby-thomas")


class FormulaQuick(Formula):
    """The formula bidder that passes by the quick exchange policy (as the simulations do)."""

    name = "formula, passing the quick policy's cards"

    def pass_cards(self, seat: Situation, n: int) -> Hand:
        return quick_pass(seat, n)

    def return_cards(self, seat: Situation, n: int) -> Hand:
        return quick_pass(seat, n)


def agree(passes: int, seed: int, samples: int) -> None:
    from pinochle_calc.exchange.advice import advise_pass
    from pinochle_calc.exchange.seat import choose_pass
    from pinochle_calc.game.whole import deal_cards
    from pinochle_calc.meld import meld
    from pinochle_calc.rules import load_rules

    rng = np.random.default_rng(seed)
    tally: dict[str, list[float]] = {}
    start = time.perf_counter()
    for i in range(passes):
        spec = RULES[i % len(RULES)]
        rules = load_rules(spec)
        n = rules.pass_cards
        hands = deal_cards(seed, i)
        role: Role = "partner" if rng.random() < 0.5 else "bidder"
        hand = hands[0]
        if role == "bidder" and rules.pass_order == "partner-first":
            extra = Hand(np.bincount(rng.choice(np.repeat(np.arange(20), hands[2].counts), n,
                                                replace=False), minlength=20))
            hand = hand + extra
        suits = meld(hands[0], rules).may_name(True) or [int(rng.integers(4))]
        trump = int(rng.choice(suits))
        request = trump if rules.pass_when == "before-trump" and role == "partner" else None
        from pinochle_calc.exchange.policy import suit_asked

        suit = suit_asked(rules, request) if request is not None else None
        advice = advise_pass(hand, trump, role, n, rules, samples=samples, seed=i, suit=suit)
        quick = choose_pass(hand, n, trump, role, rules, request=request)
        key = f"{spec} {role}"
        same = tuple(quick.counts) == tuple(advice.best.cards)
        policy = advice.policy or advice.best
        gap = advice.best.score - policy.score
        tally.setdefault(key, []).append(0.0 if same else gap)
        if tuple(policy.cards) != tuple(quick.counts):
            raise SystemExit(f"pass {i}: the advice's policy choice is not choose_pass's")
    total = sum(len(v) for v in tally.values())
    differ = sum(sum(1 for g in v if g) for v in tally.values())
    every = [g for v in tally.values() for g in v if g]
    if every:
        print("where they differ, the check's score over the policy's: quartiles "
              + ", ".join(f"{q:.2f}" for q in np.quantile(every, [0.25, 0.5, 0.75])))
    for key, gaps in sorted(tally.items()):
        off = [g for g in gaps if g]
        print(f"{key}: {len(off)} of {len(gaps)} differ ({len(off) / len(gaps):.1%}); the"
              f" advice's check scores its own choice {np.mean(off) if off else 0:.2f} higher"
              " where they differ")
    print(f"all: {differ} of {total} passes differ ({differ / total:.1%}); {samples} receiver"
          f" hands each, seed {seed}; {time.perf_counter() - start:.0f} s; load average"
          f" {os.getloadavg()[0]:.1f}")


def play(deals: int, seed: int, rules: str, jobs: int) -> None:
    from pinochle_calc.game.arena import run_arena

    here = os.path.abspath(__file__)
    report = run_arena("formula", f"{here}:FormulaQuick", deals, seed=seed, rules=rules,
                       jobs=jobs)
    out = report.to_dict()
    print(f"formula (the pass advice's pass) less {out['policies'][1]}, {deals} duplicate deals,"
          f" seed {seed}, rules {rules}: {out['margin']['mean']:+.2f} ±"
          f" {out['margin']['stderr']:.2f} a deal; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    a = sub.add_parser("agree")
    a.add_argument("--passes", type=int, default=3000)
    a.add_argument("--seed", type=int, default=11)
    a.add_argument("--samples", type=int, default=600)
    p = sub.add_parser("play")
    p.add_argument("--deals", type=int, default=500)
    p.add_argument("--seed", type=int, default=12)
    p.add_argument("--rules", default="standard,steps=any,passing.cards=4")
    p.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.what == "agree":
        agree(args.passes, args.seed, args.samples)
    else:
        play(args.deals, args.seed, args.rules, args.jobs)


if __name__ == "__main__":
    main()
