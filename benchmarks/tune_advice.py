"""Tuning the bid advice by play: variants of the advisor against the formula bidder on the
same duplicate deals, so that the differences between variants are paired.

Run by hand (not a test): ``.venv/bin/python benchmarks/tune_advice.py VARIANT[,VARIANT...]
[--deals 200] [--seed 101] [--rules standard] [--jobs 2] [--against formula]`` (variants
holding commas are separated by ``;``). A variant is an advisor with a confidence,
``advisor:jump@0.85``, optionally with a change to its convention tried in docs/bidding.md:
``+jumpshow`` (a trump-worthy opener shows its meld by a jump instead of opening 50) or
``+tobyhint`` (a Toby Thomas opener asks for a hint, a bid from 25 to 49, instead of opening
50), ``+noprice`` (no call is priced: the advice bids to its limit, as before the price of a
call was counted), ``+hintN`` (Davis's hints need an expected gain of N), ``+nohints`` (Davis's
calls give none), ``+answer2`` (the partner answers a card hint with two of the rank) or
``+answersoft`` (the partner's pass knows the hint but puts no card first) or ``+marginN``
(every pass read with a margin of N, spread 5, as before the margins were measured); or the
rule-of-thumb bidder with its numbers,
``thumb@MARGIN,PARTNER_PASSED``; or any policy's name. Prints each variant's margin against
the opponent (``--against``) per deal (both seatings; ± its standard error over deals), its
calibration, and each variant less the first, deal by deal. The defaults were tuned with seeds
101 and 102; ``bench_advice.py`` reports on others.
"""

from __future__ import annotations

import argparse
import dataclasses
from contextlib import contextmanager
from importlib import import_module

import numpy as np

import pinochle_calc.bidding.conventions as conventions
from pinochle_calc.bidding.conventions import davis, jump, toby
from pinochle_calc.exchange import policy as exchange_policy
from pinochle_calc.game.arena import Calibration
from pinochle_calc.game.hand import prediction_of
from pinochle_calc.game.policies import Advisor, Bid, policy
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.processes import map_jobs
from pinochle_calc.rules import load_rules

inferences = import_module("pinochle_calc.bidding.inferences")  # where a pass is read


def jump_showing_meld(ctx):
    """A trump-worthy opener shows 20 or more meld by a jump instead of opening 50."""
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    if a.high is None and a.legal().min_bid == 50 * k:
        unshown = ctx.own - ctx.shown()
        top = min(60 * k, ctx.limit)
        shows = min(unshown // (10 * k), 10)
        while shows >= 2 and (50 + shows) * k > top:
            shows -= 1
        if shows >= 2:
            return ctx.call((50 + shows) * k, jump._show_reason(ctx, shows * 10 * k, unshown))
    return jump.suggest_jump(ctx)


def toby_asking_first(ctx):
    """A Toby Thomas opener asks for a hint where one is worth asking, instead of 50."""
    first = toby.suggest_toby(ctx)
    if ctx.auction.high is None and first.signal.kind == "shut-out":
        asking = toby.suggest_toby(dataclasses.replace(ctx, limit=min(ctx.limit,
                                                                      49 * ctx.rules.scale)))
        if asking.call is not None and asking.signal.kind == "card":
            return asking
    return first


CHANGES = {"jumpshow": ("jump", jump_showing_meld), "tobyhint": ("toby", toby_asking_first)}


def answer_two(hands, trump, k, rules, hint=None, request=None, policy=exchange_policy.POLICY,
               thorough=False):
    """The partner's pass answering a card hint with two cards of the rank, of distinct
    suits (an around as before): ``exchange.policy.partner_pass`` otherwise."""
    from pinochle_calc.exchange.policy import _distinct, choose, partner_objective, pick

    if hint is None or hint.kind != "card":
        return PARTNER_PASS(hands, trump, k, rules, hint, request, policy, thorough)
    h, where = _distinct(hands)
    if where is not None:
        return answer_two(h, trump, k, rules, hint, request, policy, thorough)[where]
    objective = partner_objective(trump, rules, hint, policy, k)
    first = np.zeros_like(h)
    if request is not None:
        first = pick(objective, h, first, np.arange(20) // 5 == request, k)
    room = np.minimum(min(k, 2), k - first.sum(axis=1))
    first = pick(objective, h, first, np.arange(20) % 5 == hint.rank, room, distinct=True)
    return choose(objective, h, k, trump, first, thorough)


def answer_soft(hands, trump, k, rules, hint=None, request=None, policy=exchange_policy.POLICY,
                thorough=False):
    """The partner's pass knowing what the hint says of the bidder's hand (the meld gains are
    over the bidders who would give it) but passing the card asked for only where it is worth
    it, with no card put first."""
    from pinochle_calc.exchange.policy import _distinct, choose, partner_objective, pick

    h, where = _distinct(hands)
    if where is not None:
        return answer_soft(h, trump, k, rules, hint, request, policy, thorough)[where]
    objective = partner_objective(trump, rules, hint, policy, k)
    first = np.zeros_like(h)
    if request is not None:
        first = pick(objective, h, first, np.arange(20) // 5 == request, k)
    return choose(objective, h, k, trump, first, thorough)


PARTNER_PASS = exchange_policy.partner_pass


@contextmanager
def changed(changes: list[str]):
    """What a variant changes for the whole of its hands (``+hintN``: Davis's smallest expected
    gain worth a hint; ``+nohints``: none is; ``+answer2``: ``answer_two``)."""
    saved = davis.DAVIS_HINT_MIN
    margins = (inferences.PARTNER_MARGIN, inferences.PARTNER_SPREAD, inferences.OPPONENT_MARGIN,
               inferences.OPPONENT_SPREAD)
    try:
        for change in changes:
            if change.startswith("margin"):  # every pass read with one margin, spread 5
                value = int(change[6:])
                (inferences.PARTNER_MARGIN, inferences.PARTNER_SPREAD, inferences.OPPONENT_MARGIN,
                 inferences.OPPONENT_SPREAD) = value, 5, value, 5
            if change.startswith("hint"):
                davis.DAVIS_HINT_MIN = float(change[4:])
            elif change == "nohints":
                davis.DAVIS_HINT_MIN = float("inf")
            elif change == "answer2":
                exchange_policy.partner_pass = answer_two
            elif change == "answersoft":
                exchange_policy.partner_pass = answer_soft
        yield
    finally:
        davis.DAVIS_HINT_MIN = saved
        (inferences.PARTNER_MARGIN, inferences.PARTNER_SPREAD, inferences.OPPONENT_MARGIN,
         inferences.OPPONENT_SPREAD) = margins
        exchange_policy.partner_pass = PARTNER_PASS


class Variant(Advisor):
    """The advisor at a confidence, its convention changed for its own calls (``CHANGES``),
    unpriced (``+noprice``), or with what ``changed`` changes."""

    def __init__(self, text: str, samples: int):
        base, *changes = text.split("+")
        name, _, confidence = base.partition("@")
        super().__init__(name.split(":", 1)[1], samples, priced="noprice" not in changes)
        self.confidence = float(confidence) if confidence else None
        self.changes = changes
        self.name = text

    def call(self, seat) -> Bid:
        from pinochle_calc.bidding.advise import advise

        saved = None
        own = [c for c in self.changes if c in CHANGES]
        if own:
            key, suggest = CHANGES[own[0]]
            saved = conventions.CONVENTIONS[key]
            conventions.CONVENTIONS[key] = dataclasses.replace(saved, suggest=suggest)
        try:
            advice = advise(seat.hand, seat.auction, self.convention, samples=self.samples,
                            seed=seat.seed, confidence=self.confidence, priced=self.priced)
        finally:
            if saved is not None:
                conventions.CONVENTIONS[saved.name] = saved
        best = advice.estimate.best
        prediction = None
        if advice.call is not None:
            prediction = best.probability(advice.call) if best is not None else 0.0
        return Bid(advice.call, advice.meaning, prediction, advice.estimate.trump)


def make(text: str, samples: int):
    """The policy a variant names: ``advisor:...`` (``Variant``), ``thumb@M,PB,PP`` (the
    rule-of-thumb bidder with its margin, partner-bid and partner-passed adjustments), or any
    name ``policies.policy`` takes."""
    if text.startswith("advisor:"):
        return Variant(text, samples)
    if text.startswith("thumb@"):
        from pinochle_calc.game.policies import Thumb

        values = [float(v) for v in text.split("@", 1)[1].split(",")]
        made = Thumb(*values)
        made.name = text
        return made
    return policy(text, samples)


def _deal(number: int, setup: tuple) -> dict:
    """Each variant's margin against the opponent on one deal, and its calibration pairs."""
    rules, seed, samples, variants, against = setup
    hands, at = deal_cards(seed, number), hand_seed(seed, number)
    out = {}
    for text in variants:
        a, b = make(text, samples), make(against, samples)
        with changed(getattr(a, "changes", [])):
            first = play_hand(hands, a, b, rules, seed=at)
            second = play_hand(hands, b, a, rules, seed=at)
        margin = first.score[0] - first.score[1] + second.score[1] - second.score[0]
        pairs = [(prediction_of(r), r.result == "made") for r, side in ((first, 0), (second, 1))
                 if r.state.contract.side == side and prediction_of(r) is not None]
        out[text] = (margin, pairs)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--against", default="formula")
    args = ap.parse_args()
    variants = args.variants.split(";") if ";" in args.variants else args.variants.split(",")
    setup = (load_rules(args.rules), args.seed, args.samples, variants, args.against)
    results = list(map_jobs(_deal, setup, range(args.deals), jobs=args.jobs))
    print(f"{args.deals} duplicate deals against {args.against}, seed {args.seed},"
          f" --rules {args.rules}, {args.samples} samples")
    margins = {v: np.array([r[v][0] for r in results], dtype=float) for v in variants}
    for v in variants:
        m = margins[v]
        pairs = [p for r in results for p in r[v][1]]
        line = f"  {v:28} {m.mean():+7.2f} ± {m.std(ddof=1) / np.sqrt(len(m)):.2f} per deal"
        if pairs:
            p = np.array([x for x, _ in pairs])
            made = np.array([y for _, y in pairs], dtype=float)
            gap = Calibration.of(p, made).mae or 0.0
            line += (f"; {len(p)} contracts, predicted {p.mean():.3f}, made {made.mean():.3f},"
                     f" calibration gap {gap:.3f}")
        print(line)
    for v in variants[1:]:
        d = margins[v] - margins[variants[0]]
        print(f"  {v} less {variants[0]}: {d.mean():+.2f} ± "
              f"{d.std(ddof=1) / np.sqrt(len(d)):.2f} per deal")


if __name__ == "__main__":
    main()
