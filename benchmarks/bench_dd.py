"""How much of a deal's double-dummy table the solver fills within a budget of seconds:
``python benchmarks/bench_dd.py``.

Run by hand (not a test). Random deals from ``--seed`` (``game.whole.deal_cards``), each cut
to its last ``--tricks`` tricks by playing the first ones with the heuristic player (20: the
whole deal), bidder seat 0 leading; ``play.ddtable.dd_table`` within ``--seconds`` of CPU time
for the table (``--trumps``, default all four). Per deal: the entries solved, the median width
of the unsolved entries' ranges, wall and CPU time; the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from pinochle_calc.game.whole import deal_cards
from pinochle_calc.play.ddtable import dd_table
from pinochle_calc.play.players import HeuristicPlayer
from pinochle_calc.play.tricks import PlayState


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def cut(seed: int, tricks: int) -> list[list[int]]:
    """The four hands of the deal of ``seed`` with ``tricks`` tricks left (spades trump for
    the tricks played), each trick played whole by the heuristic player."""
    hands = [list(h.counts) for h in deal_cards(seed)]
    state = PlayState.deal(hands, 0, 0)
    player = HeuristicPlayer()
    for _ in range(4 * (20 - tricks)):
        state = state.play(player.choose(state.view()))
    return [list(h) for h in state.hands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tricks", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--trumps", default="SHDC")
    args = parser.parse_args()
    print(f"{load()}; {args.deals} deals from seed {args.seed}, {args.tricks} tricks left,"
          f" trumps {args.trumps}, {args.seconds:g} s of CPU time a table")
    for seed in range(args.seed, args.seed + args.deals):
        hands = cut(seed, args.tricks)
        wall, cpu = time.perf_counter(), time.process_time()
        table = dd_table(hands, seconds=args.seconds, trumps=list(args.trumps))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        widths = [e.us.high - e.us.low for e in table.entries if not e.solved]
        width = f"{statistics.median(widths):g}" if widths else "-"
        print(f"seed {seed}: {table.solved} of {len(table.entries)} solved, median range of"
              f" the rest {width} (of {table.total}), {wall:.1f} s wall, {cpu:.1f} s CPU")
    print(load())


if __name__ == "__main__":
    main()
