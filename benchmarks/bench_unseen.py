"""How fast the unseen cards are dealt meeting the facts, as each card advice deals them: the
dealer prepared for a position (``UnseenDealer(facts)``) and ``--layouts`` (300, the advice's
default) layouts dealt from it, CPU time, over the positions of ``--hands`` hands (20) played
by the heuristic player from deals of ``--seed`` (1), a position before each card.

    .venv/bin/python benchmarks/bench_unseen.py [--hands 20] [--seed 1] [--layouts 300]
        [--runs 5] [--against REV]

``--against REV``: the dealer of a git revision too (its ``pinochle_calc/play/unseen.py``,
loaded beside this one), timed in turn with this one on the same positions, run by run, and
its layouts checked to be this one's, the same rng seed for each (the dealing changed
nothing a user sees). Each run prints the mean time a position; the report gives the median
of the runs. Run by hand, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from revisions import module_at  # benchmarks/ is on the path of a script run from it

from pinochle_calc.game import whole
from pinochle_calc.play import unseen
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.players import HeuristicPlayer
from pinochle_calc.play.position import position_after
from pinochle_calc.play.tricks import PlayState


def positions(hands: int, seed: int) -> list:
    """The facts of the position before each card of ``hands`` hands played by the heuristic
    player (trump and leader from the deal's number), the seat to play's view."""
    out = []
    player = HeuristicPlayer()
    for number in range(hands):
        dealt = [h.counts for h in whole.deal_cards(seed, number)]
        trump, leader = number % 4, (number // 4) % 4
        state, cards = PlayState.deal(dealt, trump, leader), []
        for _ in range(79):
            out.append(read_position(position_after(dealt, trump, leader, cards,
                                                    contract=(leader, 50))))
            card = player.choose(state.view())
            cards.append(card)
            state = state.play(card)
    return out


def timed(module, facts: list, layouts: int) -> tuple[float, float]:
    """Mean CPU milliseconds a position: preparing the dealer, and dealing ``layouts``."""
    prepare = deal = 0.0
    for f in facts:
        start = time.process_time()
        dealer = module.UnseenDealer(f)
        middle = time.process_time()
        dealer.deal(np.random.default_rng(0), layouts)
        end = time.process_time()
        prepare += middle - start
        deal += end - middle
    return prepare / len(facts) * 1e3, deal / len(facts) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layouts", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", default=None)
    args = parser.parse_args()
    facts = positions(args.hands, args.seed)
    modules = {"this checkout": unseen}
    if args.against:
        modules[args.against] = module_at(args.against, "pinochle_calc.play.unseen")
        for f in facts:
            ours = unseen.UnseenDealer(f).deal(np.random.default_rng(7), 50)
            theirs = modules[args.against].UnseenDealer(f).deal(np.random.default_rng(7), 50)
            assert np.array_equal(ours, theirs), "the layouts differ"
        print(f"the same {50 * len(facts):,} layouts from both, the same seeds")
    print(f"{len(facts):,} positions ({args.hands} hands of seed {args.seed}),"
          f" {args.layouts} layouts each; mean CPU ms a position, prepare + deal")
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in modules}
    for run in range(args.runs):
        for name, module in modules.items():
            prepare, deal = timed(module, facts, args.layouts)
            times[name].append((prepare, deal))
            print(f"  run {run + 1}, {name}: {prepare:.3f} + {deal:.3f} ms")
    for name, rows in times.items():
        prepare = statistics.median(r[0] for r in rows)
        deal = statistics.median(r[1] for r in rows)
        print(f"{name}: median of {args.runs} runs: prepare {prepare:.3f} ms, deal"
              f" {deal:.3f} ms, both {prepare + deal:.3f} ms a position")


if __name__ == "__main__":
    main()
