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

``fit``: the exchange in the bid estimate's deals (``exchange.players``, the policy fitted to
the players' pass) and the quick policy's, each against the players' own (every pass the pass
advice's, as ``advised_pass`` makes it): dealt hands, the bidder at seat 0 naming the suit it
may name with the most meld, its partner at seat 2, each giving the other a hint a convention
gives (none in half the deals; else a card's rank or an around, at random). Reported: the
share of partners' passes, bidders' passes and whole exchanges with the players' very cards,
and the side's total after the exchange (its meld and trick points, played out) less the
players', overall and where the bidder gave a hint, with its standard error; the largest gap in
the chance of reaching a bid (50 to 109) between each and the players'. The fit was chosen on
seed 501; report on others::

    .venv/bin/python benchmarks/pass_agreement.py fit --deals 1000 --seed 502 \\
        --rules standard,passing.cards=4
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


HINTS = (None, "ace", "ten", "king", "queen", "jack", "aces", "kings", "queens", "jacks")


def fit(deals: int, seed: int, spec: str) -> None:
    from pinochle_calc.bidding.estimate import _play_out, side_totals
    from pinochle_calc.exchange import players, policy
    from pinochle_calc.exchange.advice import advise_pass
    from pinochle_calc.exchange.policy import suit_asked
    from pinochle_calc.game.whole import deal_cards
    from pinochle_calc.meld.engine import meld
    from pinochle_calc.meld.vector import meld_points
    from pinochle_calc.rules import load_rules

    rules = load_rules(spec)
    k = rules.pass_cards
    rng = np.random.default_rng(seed)
    start = time.perf_counter()
    rows = []  # (deal, trump, hint, partner_hint)
    for i in range(deals):
        hands = deal_cards(seed, i)
        own = meld(hands[0], rules)
        named = [t.trump for t in own.trumps if t.callable] or [0, 1, 2, 3]
        trump = max(named, key=lambda t: (own.trumps[t].points, -t))
        hint, partner_hint = (HINTS[int(rng.integers(1, len(HINTS)))] if rng.random() < 0.5
                              else None for _ in range(2))
        rows.append((np.array([h.counts for h in hands]), trump, hint, partner_hint))
    made = {}
    players_seconds = 0.0
    for name in ("players", "quick", "fitted"):
        after, passed = [], []
        for i, (deal, trump, hint, partner_hint) in enumerate(rows):
            b, p = deal[0][None], deal[2][None]
            began = time.process_time()
            if name == "players":
                to_b = np.array(advise_pass(Hand(deal[2].tolist()), trump, "partner", k, rules,
                                            hint=hint, seed=i, suit=suit_asked(rules, trump)
                                            ).best.cards)[None]
                if rules.pass_order == "partner-first":
                    to_p = advise_pass(Hand((deal[0] + to_b[0]).tolist()), trump, "bidder", k,
                                       rules, hint=partner_hint, seed=i).best.cards
                else:
                    to_p = advise_pass(Hand(deal[0].tolist()), trump, "bidder", k, rules,
                                       hint=partner_hint, asked=hint, seed=i).best.cards
                to_p = np.array(to_p)[None]
                players_seconds += time.process_time() - began
            else:
                play = policy.exchange if name == "quick" else players.exchange
                done = play(b, p, trump, rules, hint, partner_hint)
                to_b, to_p = done.to_bidder, done.to_partner
            d = deal.copy()
            d[0], d[2] = d[0] + to_b[0] - to_p[0], d[2] - to_b[0] + to_p[0]
            after.append(d)
            passed.append((to_b[0].tolist(), to_p[0].tolist()))
        after = np.array(after)
        totals = np.zeros(deals)
        trumps = np.array([r[1] for r in rows])
        for t in range(4):
            at = np.flatnonzero(trumps == t)
            if len(at):
                tricks = _play_out(after[at][None], [t], None)[0] * rules.scale
                meld_t = (meld_points(after[at, 0], rules)[:, t]
                          + meld_points(after[at, 2], rules)[:, t])
                totals[at] = side_totals(meld_t, tricks, rules)
        made[name] = (passed, totals)
    # as the estimate plays them: every deal at once, one trump (hearts) and hint (a jack)
    deals_all = np.array([r[0] for r in rows])
    seconds = {}
    for name, play in (("quick", policy.exchange), ("fitted", players.exchange)):
        best = np.inf
        for _ in range(3):
            began = time.process_time()
            play(deals_all[:, 0], deals_all[:, 2], 1, rules, "jack", None)
            best = min(best, time.process_time() - began)
        seconds[name] = best
    hinted = np.array([r[2] is not None for r in rows])
    players_passed, players_totals = made["players"]
    bids = np.arange(50, 110) * rules.scale
    print(f"{spec}: {deals} deals, seed {seed}; the bidder gave a hint in {hinted.sum()}")
    for name in ("quick", "fitted"):
        passed, totals = made[name]
        partner = np.mean([a[0] == b[0] for a, b in zip(passed, players_passed)])
        partner_hinted = np.mean([a[0] == b[0] for a, b, h in zip(passed, players_passed,
                                                                  hinted) if h])
        bidder = np.mean([a[1] == b[1] for a, b in zip(passed, players_passed)])
        whole = np.mean([a == b for a, b in zip(passed, players_passed)])
        gap = totals - players_totals
        error = gap.std(ddof=1) / np.sqrt(deals)
        at_hint = gap[hinted]
        reach = np.abs(np.array([(totals >= b).mean() - (players_totals >= b).mean()
                                 for b in bids])).max()
        print(f"  {name}: the players' cards in {partner:.1%} of partners' passes"
              f" ({partner_hinted:.1%} after a hint), {bidder:.1%} of bidders', {whole:.1%} of"
              " whole exchanges;"
              f" the side's total less the players' {gap.mean():+.2f} ± {error:.2f}"
              f" ({at_hint.mean():+.2f} ± {at_hint.std(ddof=1) / np.sqrt(len(at_hint)):.2f}"
              f" after a hint); chance of reaching a bid at most {reach:.3f} off")
    print(f"cost a deal (CPU): the players' exchange (the pass advice, each pass checked)"
          f" {players_seconds / deals * 1000:.0f} ms; on all the deals at once, as the estimate"
          f" plays them (hearts, a jack asked for), the fitted one"
          f" {seconds['fitted'] / deals * 1e6:.0f} µs, the quick policy's"
          f" {seconds['quick'] / deals * 1e6:.0f} µs")
    print(f"{time.perf_counter() - start:.0f} s; load average {os.getloadavg()[0]:.1f}")


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
    f = sub.add_parser("fit")
    f.add_argument("--deals", type=int, default=1000)
    f.add_argument("--seed", type=int, default=502)
    f.add_argument("--rules", default="standard,passing.cards=4")
    args = ap.parse_args()
    if args.what == "agree":
        agree(args.passes, args.seed, args.samples)
    elif args.what == "fit":
        fit(args.deals, args.seed, args.rules)
    else:
        play(args.deals, args.seed, args.rules, args.jobs)


if __name__ == "__main__":
    main()
