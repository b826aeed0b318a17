"""How the card advice's extra deals (issue 26: more deals where the best two cards are not yet
apart) change the card chosen: ``python benchmarks/advice_more.py --hands 20 --seed 1``.

Run by hand (not a test). Plays ``--hands`` whole hands with the advice at all four seats
(formula bidding, ``formula/advisor``, deals from ``--seed``), and at every decision the advice
takes with two or more legal cards asks it twice, the same position and seed: with the extra
deals (the default) and without (``more=False``, the deals asked for only). Prints how many
decisions dealt more, how many chose another card, the CPU time of each kind (median, 90th
percentile, longest; budget 150 ms) and the load average.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from pinochle_calc.game import whole
from pinochle_calc.play import advice as advice_module


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    real = advice_module.advise_card
    rows: list[tuple[bool, bool, float, float]] = []

    def both(position, **kwargs):
        kwargs.pop("more", None)
        start = time.process_time()
        plain = real(position, more=False, **kwargs)
        middle = time.process_time()
        more = real(position, **kwargs)
        end = time.process_time()
        rows.append((more.samples > plain.samples, more.card != plain.card,
                     (middle - start) * 1000, (end - middle) * 1000))
        return more

    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average:"
          f" {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    advice_module.advise_card = both  # type: ignore[assignment]
    try:
        for number in range(args.hands):
            whole.play_hand(whole.deal_cards(args.seed, number), "formula/advisor",
                            "formula/advisor", seed=whole.hand_seed(args.seed, number))
    finally:
        advice_module.advise_card = real
    grew = sum(r[0] for r in rows)
    changed = sum(r[1] for r in rows)
    print(f"decisions: {len(rows):,} in {args.hands} hands (samples"
          f" {advice_module.DEFAULT_SAMPLES}, up to {advice_module.MORE_DEALS} times more)")
    print(f"dealt more: {grew:,} ({grew / len(rows):.1%}); another card chosen: {changed:,}"
          f" ({changed / len(rows):.1%} of all decisions)")
    for label, k in (("without the extra deals", 2), ("with them (the default)", 3)):
        ms = np.array([r[k] for r in rows])
        print(f"CPU a decision {label}: median {np.median(ms):.1f} ms, 90th percentile"
              f" {np.percentile(ms, 90):.1f} ms, longest {ms.max():.0f} ms (budget 150 ms)")
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average:"
          f" {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
