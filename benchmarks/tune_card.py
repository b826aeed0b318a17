"""Tuning the card advice on its own seeds: ``formula/advisor`` against ``formula`` (the same
bidding, so the match measures the play of the cards) for a few settings of the advice.

    .venv/bin/python benchmarks/tune_card.py [--deals 300] [--seed 900] [--jobs 2]
        [--set samples=150,300,600] [--set exact=3,8] [--rules standard]

Each setting is one duplicate match on the same deals; it prints the trick gain (formula/advisor's
side's trick points a hand over half the hand's) with its standard error, the score margin and
the made rates. Tune on these seeds (900 by default), report on others.
"""

from __future__ import annotations

import argparse
import itertools

from pinochle_calc.game.arena import run_arena
from pinochle_calc.play import advice
from pinochle_calc.rules import load_rules

KNOBS = {"samples": "DEFAULT_SAMPLES", "exact": "EXACT_TRICKS"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--set", action="append", default=[],
                        help="KNOB=V1,V2,...: samples or exact")
    args = parser.parse_args()
    grid = {}
    for text in args.set or ["samples=300"]:
        knob, _, values = text.partition("=")
        grid[knob] = [int(v) for v in values.split(",")]
    rules = load_rules(args.rules)
    for values in itertools.product(*grid.values()):
        setting = dict(zip(grid, values))
        for knob, value in setting.items():
            setattr(advice, KNOBS[knob], value)
        d = run_arena("formula/advisor", "formula", args.deals, args.seed, rules,
                      jobs=args.jobs).to_dict()
        print(f"{setting}: trick gain {d['trick_gain']['mean']:+.2f} ±"
              f" {d['trick_gain']['stderr']:.2f}; margin {d['margin']['mean']:+.2f} ±"
              f" {d['margin']['stderr']:.2f}; made {d['made']['formula/advisor']:.3f} vs"
              f" {d['made']['formula']:.3f}; {d['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
