"""How often the card advice changes now that the advised seat's own voids reach it (issue 32):
hands played by ``formula`` at both sides, seats 0 and 2 playing the card advice through a
card player of one's own (``game.outside.CardView``: the view's seed and rules, as
``/advisor``); at each of their decisions the advice is asked twice on the same deals, with
the facts as ``read_position`` reads them (every seat's voids, the player's own too) and with
the player's own voids taken out (as before the change). It counts the decisions, those where
the seat had shown a void of its own, those where the card advised differs, and what the older
card costs by the newer advice's own figure (paired on its deals).

    .venv/bin/python benchmarks/own_voids.py [--hands 40] [--seed 1] [--samples 300]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time

from pinochle_calc.cards import CARDS
from pinochle_calc.game.policies import policy
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.play import advice
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.stats import Mean


def without_own_voids(position, rules):
    """The facts as they were read before issue 32: the player's own voids left out."""
    facts = read_position(position, rules)
    voids = tuple(0 if s == position.seat else v for s, v in enumerate(facts.voids))
    return dataclasses.replace(facts, voids=voids)


class Comparing:
    """Plays the advice (the view's seed and rules) and asks it again without its own voids."""

    name = "comparing"

    def __init__(self, samples: int):
        self.samples = samples
        self.decisions = self.own = 0
        self.changed: list[tuple[str, str, float]] = []
        self.costs: list[float] = []

    def choose(self, view):
        new = advice.advise_card(view, samples=self.samples, seed=view.seed, rules=view.rules)
        self.decisions += 1
        if not new.facts.voids[view.seat]:
            return new.card
        self.own += 1
        real = advice.read_position
        advice.read_position = without_own_voids  # type: ignore[assignment]
        try:
            old = advice.advise_card(view, samples=self.samples, seed=view.seed,
                                     rules=view.rules)
        finally:
            advice.read_position = real
        if old.card != new.card:
            cost = new.cost(old.card)
            self.changed.append((CARDS[new.card].symbol, CARDS[old.card].symbol, cost.mean))
            self.costs.append(cost.mean)
        return new.card


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", type=int, default=advice.DEFAULT_SAMPLES)
    args = parser.parse_args()
    print(f"$ .venv/bin/python benchmarks/own_voids.py --hands {args.hands} --seed {args.seed}"
          f" --samples {args.samples}")
    print(time.strftime("%a %b %d %H:%M:%S UTC %Y", time.gmtime()),
          f"load {os.getloadavg()[0]:.2f}")
    player = Comparing(args.samples)
    us = policy("formula")
    us.cards = player
    wall, cpu = time.perf_counter(), time.process_time()
    played = 0
    for deal in range(args.seed * 100_000, args.seed * 100_000 + args.hands):
        record = play_hand(deal_cards(deal), us, "formula", seed=hand_seed(deal))
        played += bool(record.state.tricks)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    n = len(player.changed)
    print(f"{args.hands} hands dealt, {played} played out; {player.decisions:,} decisions of"
          f" seats 0 and 2 with a choice, {player.own:,} of them after the seat had shown a"
          f" void of its own")
    print(f"the card advised changes in {n:,} of {player.decisions:,} decisions"
          f" ({n / max(player.own, 1):.1%} of those after a void of its own)")
    if n:
        gain = Mean.of(player.costs)
        print(f"what the card advised before costs by the advice now (its own figure, a"
              f" decision): {gain.mean:+.2f} ± {gain.stderr:.2f}")
        for now, before, cost in player.changed:
            print(f"  {now} now, {before} before: {cost:+.2f}")
    print(f"CPU {cpu:.1f} s (user+sys of this process), wall {wall:.1f} s, load"
          f" {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
