"""The card advice against the advice before the double-dummy solver, in the arena with the
same bidding: ``formula/advisor`` (today's advice: the deals searched exactly in the last
``EXACT_TRICKS`` tricks, as many as its budget allows) against ``formula/advisor-old`` (the
advice as it was: exact only in the last three tricks, or four with at most four distinct
layouts; the same deals, the same play-outs before that).

    .venv/bin/python benchmarks/compare_card.py [--deals 300] [--seed 900] [--jobs 2]
        [--rules standard] [--set exact=6,8] [--set nodes=500000,2000000] [--format json]
        [--against layouts|today] [--mix]

Both sides bid, exchange and throw in by ``formula``, so both seatings of a deal play the same
contract and the match measures the play of the cards alone. It prints the trick gain of the
new advice (its side's trick points a hand over half the hand's, with the standard error over
deals), the score margin and the made rates; ``--set`` runs one match per setting of the new
advice's knobs (``exact``: ``EXACT_TRICKS``; ``nodes``: the compiled solver's
``NODE_BUDGET``; ``min``: ``MIN_EXACT_DEALS``; ``budget``: ``BUDGET_MS``; ``samples``:
``DEFAULT_SAMPLES``, the deals behind each decision, at the new advice's seats only). Tune on
seed 900, report on others.

The old advice is a policy of this file (``OldAdvisor``, named by its path as any policy
written outside the project is): its seats' card advice runs with the old horizon. Which seats
those are is read from the policies' names as each hand is played (the arena forks its workers
from this process, so they share the patch).

``--against today``: the other side is today's advice with its knobs as shipped, so that a
``--set`` is measured against them head to head (only the decisions whose plan differs can
differ).

``--mix``: where the new advice's exact search covers fewer of the deals than were dealt (and
at least its floor), the deals it did not reach are played out and count too, rather than
being dropped (the other side as shipped: only the deals searched count).

``--against layouts``: the other side is today's advice with the table of one layout's search
time it had before issue 33's second round (``OLD_LAYOUT_MS``: where the advice searches
exactly beyond its last ``EXACT_TRICKS`` tricks, the distinct layouts at that estimate each
fitting its budget), rather than the advice before the solver. ``--plans`` then counts,
over the decisions of a match of today's advice against ``formula`` (``--jobs 1``), those where
the two tables choose a different plan (exact search or play-outs), by the tricks left.
"""

from __future__ import annotations

import argparse
import itertools
import json
from pathlib import Path

import numpy as np
from seats import seats_of  # benchmarks/ is on the path of a script run from it

from pinochle_calc.game.policies import Formula
from pinochle_calc.play import advice

OLD_NAME = "formula/advisor-old"


class OldAdvisor(Formula):
    """``formula`` bidding, the old card advice at its seats."""

    name = OLD_NAME
    cards = "advisor"


def old_exact_plan(p, codes: np.ndarray) -> int | None:
    """The old rule: every deal searched exactly (no limit) in the last three tricks, or four
    where the distinct layouts are at most four; else played out."""
    left = len(p.hand)
    if left <= 3 or (left == 4 and len(np.unique(codes, axis=0)) <= 4):
        return 0
    return None


#: The compiled row of ``advice.LAYOUT_MS`` before issue 33's second round (``--against
#: layouts``).
OLD_LAYOUT_MS = (0.01, 0.01, 0.01, 0.013, 0.033, 0.09, 0.7, 1.7, 7.6, 32.0, 98.0)


def with_settings(rule, settings: dict):
    """``rule`` (``advice._exact_plan``) worked out with the advice's module values
    ``settings`` (name: value) in place of its own, a decision at a time (the arena's workers
    are processes: a setting holds only in the process that makes it)."""
    def exact_plan(p, facts, codes):
        now = {name: getattr(advice, name) for name in settings}
        for name, value in settings.items():
            setattr(advice, name, value)
        try:
            return rule(p, facts, codes)
        finally:
            for name, value in now.items():
                setattr(advice, name, value)
    return exact_plan


def with_old_layouts(rule):
    """``rule`` worked out with ``OLD_LAYOUT_MS`` as the compiled solver's table."""
    return with_settings(rule, {"LAYOUT_MS": {**advice.LAYOUT_MS, True: OLD_LAYOUT_MS}})


def mix_searched() -> None:
    """``--mix``: ``advice._searched`` at the new advice's seats fills the deals its search did
    not reach with play-outs (the facts from the decision's ``_exact_plan``, which comes just
    before it)."""
    searched, plan = advice._searched, advice._exact_plan
    old_seats = seats_of(OLD_NAME)
    facts = {}

    def exact_plan(p, f, codes):
        facts["now"] = f
        return plan(p, f, codes)

    def mixed(p, codes, legal, side, budget, clear=True, clock=None):
        points, covered = searched(p, codes, legal, side, budget, clear, clock)
        if p.seat in old_seats or budget == advice.KNOWN or covered >= len(codes) \
                or covered < min(advice.MIN_EXACT_DEALS, len(codes)):
            return points, covered
        rest = advice._played_out(p, facts["now"], codes[covered:], legal, side)
        return np.concatenate([points, rest], axis=1), len(codes)

    advice._exact_plan, advice._searched = exact_plan, mixed


def patch(against: str = "solver") -> None:
    """Make ``OldAdvisor``'s seats use ``old_exact_plan`` (``against`` "solver"), today's
    rule with ``OLD_LAYOUT_MS`` ("layouts") or today's rule with the knobs as shipped
    ("today"), once per process."""
    if getattr(advice._exact_plan, "patched", False):
        return
    new_rule = advice._exact_plan
    old_seats = seats_of(OLD_NAME)
    old_layouts = with_old_layouts(new_rule)
    # the knobs as shipped: their values before --set changes them
    shipped = with_settings(new_rule, {name: getattr(advice, name) for name in KNOBS.values()})

    def exact_plan(p, facts, codes):
        if p.seat not in old_seats:
            return new_rule(p, facts, codes)
        if against == "today":
            return shipped(p, facts, codes)
        return old_layouts(p, facts, codes) if against == "layouts" else old_exact_plan(p, codes)

    exact_plan.patched = True  # type: ignore[attr-defined]
    advice._exact_plan = exact_plan
    # the deals behind a decision: the other side's as shipped, whatever --set samples says
    # (the engine asks advice.advise_card, with advice.DEFAULT_SAMPLES, at each decision)
    advise, samples = advice.advise_card, advice.DEFAULT_SAMPLES

    def advise_card(position, **options):
        if position.seat in old_seats and options.get("samples") == advice.DEFAULT_SAMPLES:
            options["samples"] = samples
        return advise(position, **options)

    advice.advise_card = advise_card


def count_plans(deals: int, seed: int, rules: str) -> None:
    """Print how many of the advice's decisions in a match against ``formula`` would take
    another plan with ``OLD_LAYOUT_MS``, by the tricks left."""
    from collections import Counter

    from pinochle_calc.game.arena import run_arena
    from pinochle_calc.rules import load_rules

    rule = advice._exact_plan
    old = with_old_layouts(rule)
    asked, differ = Counter(), Counter()

    def counting(p, facts, codes):
        plan = rule(p, facts, codes)
        asked[len(p.hand)] += 1
        differ[len(p.hand)] += plan != old(p, facts, codes)
        return plan

    advice._exact_plan = counting
    run_arena("formula/advisor", "formula", deals, seed, load_rules(rules), jobs=1)
    print(f"{sum(asked.values())} decisions, {sum(differ.values())} with another plan; by the"
          " tricks left (decisions, another plan): " + ", ".join(
              f"{n}: {asked[n]}, {differ[n]}" for n in sorted(asked)))


KNOBS = {"exact": "EXACT_TRICKS", "min": "MIN_EXACT_DEALS", "nodes": "NODE_BUDGET",
         "budget": "BUDGET_MS", "samples": "DEFAULT_SAMPLES"}


def main() -> None:
    from pinochle_calc.game.arena import run_arena
    from pinochle_calc.rules import load_rules

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--set", action="append", default=[], help="KNOB=V1,V2,...")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--against", choices=("solver", "layouts", "today"), default="solver",
                        help="the other side: the advice before the solver, today's with"
                        " the layouts' times before issue 33's second round, or today's with"
                        " its knobs as shipped (for --set to be measured against)")
    parser.add_argument("--plans", action="store_true",
                        help="--against layouts: count the decisions whose plan differs")
    parser.add_argument("--mix", action="store_true",
                        help="the new advice plays out the deals its exact search did not reach")
    args = parser.parse_args()
    if args.plans:
        count_plans(args.deals, args.seed, args.rules)
        return
    patch(args.against)
    if args.mix:
        mix_searched()
    grid = {}
    for text in args.set:
        knob, _, values = text.partition("=")
        if knob not in KNOBS:
            parser.error(f"--set {knob}: the knobs are {', '.join(KNOBS)}")
        grid[knob] = [float(v) if knob == "budget" else int(v) for v in values.split(",")]
    rules = load_rules(args.rules)
    me = str(Path(__file__).resolve()) + ":OldAdvisor"
    saved = {name: getattr(advice, name) for name in KNOBS.values()}
    for values in itertools.product(*grid.values()) if grid else [()]:
        setting = dict(zip(grid, values))
        for name, value in saved.items():
            setattr(advice, name, dict(value) if isinstance(value, dict) else value)
        for knob, value in setting.items():
            if knob == "nodes":
                advice.NODE_BUDGET = {**saved["NODE_BUDGET"], advice.COMPILED: value}
            else:
                setattr(advice, KNOBS[knob], value)
        d = run_arena("formula/advisor", me, args.deals, args.seed, rules,
                      jobs=args.jobs).to_dict()
        if args.format == "json":
            print(json.dumps({"setting": setting, "report": d}), flush=True)
            continue
        print(f"{setting or 'defaults'}: {advice.DEFAULT_SAMPLES} samples, exact"
              f" {advice.EXACT_TRICKS} tricks, nodes"
              f" {advice.NODE_BUDGET[advice.COMPILED]:,}, at least {advice.MIN_EXACT_DEALS} deals;"
              f" trick gain {d['trick_gain']['mean']:+.3f} ±"
              f" {d['trick_gain']['stderr']:.3f}; margin {d['margin']['mean']:+.2f} ±"
              f" {d['margin']['stderr']:.2f}; made {d['made']['formula/advisor']:.3f} vs"
              f" {d['made'][OLD_NAME]:.3f}; {d['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
