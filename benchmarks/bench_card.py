"""How fast and how exact the card advice is: ``python benchmarks/bench_card.py``.

Run by hand (not a test); prints:

- speed: every decision the advisor makes in ``--hands`` whole hands (50) with the card advice
  at all four seats (formula bidding, deals from ``--seed``), timed in process (wall and CPU
  time): the median, the 90th percentile and the longest decision at the default samples, and
  the median, the longest and the mean time of a whole hand (budgets: 150 ms a decision, 10 s
  a hand). Only the decisions with two or more legal cards ask the advice;
- exactness: ``--positions`` positions (10,000) from hands played by the heuristic and random
  players, every one read, its facts met by the real hands, and ``--layouts`` (20) layouts
  dealt meeting the facts each, every one checked against every fact; a fifth of the positions
  leave the tricks out (only the hand's size says how many were played);
- the speed of dealing: layouts a second for a position in mid-hand;
- that the play-outs from the first lead keep their speed now that the lockstep engine can
  start in mid-hand: this engine against the one of a git revision (``--against main``) on
  the same 100,000 deals, runs alternating, CPU time, the fastest of seven each (the least
  disturbed by other work on the machine), in one process.

The heuristic play-outs' own speed is ``benchmarks/bench_play.py``'s.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pinochle_calc.game import whole
from pinochle_calc.hand import Hand
from pinochle_calc.play import advice as advice_module
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer
from pinochle_calc.play.position import Position, position_after
from pinochle_calc.play.tricks import PlayState
from pinochle_calc.play.unseen import UnseenDealer


def speed(hands: int, seed: int) -> None:
    times: list[float] = []
    cpu: list[float] = []
    left: list[int] = []
    real = advice_module.advise_card

    def timed(*args, **kwargs):
        left.append(len(args[0].hand))
        start, start_cpu = time.perf_counter(), time.process_time()
        out = real(*args, **kwargs)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        return out

    advice_module.advise_card = timed
    per_hand, per_hand_cpu = [], []
    played = 0
    try:
        for number in range(hands):
            start, start_cpu = time.perf_counter(), time.process_time()
            record = whole.play_hand(whole.deal_cards(seed, number), "formula/advisor",
                                     "formula/advisor", seed=whole.hand_seed(seed, number))
            if record.state.trick_points() is not None:
                played += 1
                per_hand.append(time.perf_counter() - start)
                per_hand_cpu.append(time.process_time() - start_cpu)
    finally:
        advice_module.advise_card = real
    for label, values in (("wall", times), ("CPU", cpu)):
        ms = np.array(values) * 1000
        print(f"decisions ({label}): {len(ms):,} in {played} hands played of {hands} (samples"
              f" {advice_module.DEFAULT_SAMPLES}): median {np.median(ms):.1f} ms, 90th"
              f" percentile {np.percentile(ms, 90):.1f} ms, longest {ms.max():.0f} ms"
              " (budget 150 ms)")
    exact = getattr(advice_module, "EXACT_TRICKS", 3)
    for label, values in (("wall", times), ("CPU", cpu)):
        for part, keep in ((f"{exact} tricks left or fewer", lambda n: n <= exact),
                           (f"more than {exact} tricks left", lambda n: n > exact)):
            ms = np.array([v for v, n in zip(values, left) if keep(n)]) * 1000
            if len(ms):
                print(f"  of them with {part} ({label}): {len(ms):,}, median"
                      f" {np.median(ms):.1f} ms, 90th percentile {np.percentile(ms, 90):.1f} ms,"
                      f" longest {ms.max():.0f} ms")
    for label, values in (("wall", per_hand), ("CPU", per_hand_cpu)):
        print(f"whole hands with the advice at all four seats ({label}): median"
              f" {statistics.median(values):.2f} s, longest {max(values):.2f} s, mean"
              f" {statistics.mean(values):.2f} s (budget 10 s)")


def positions(n: int, layouts: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    deal_rng = np.random.default_rng(seed + 1)
    smart, noisy = HeuristicPlayer(), RandomPlayer(seed)
    checked = dealt = failed = unknown = 0
    start = time.perf_counter()
    while checked < n:
        hands = [h.counts for h in whole.deal_cards(seed, 10_000 + checked)]
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        state, cards = PlayState.deal(hands, trump, leader), []
        stops = set(rng.choice(80, size=8, replace=False).tolist())
        for step in range(80):
            if step in stops and checked < n:
                shown = [Hand([int(rng.integers(0, c + 1)) if rng.random() < 0.3 else 0
                               for c in h]) for h in hands]
                spot = position_after(hands, trump, leader, cards, contract=(leader, 50),
                                      shown=shown)
                if rng.random() < 0.2:  # the tricks left out: what is shown is what is held
                    held = tuple(Hand(min(a, b) for a, b in zip(s.counts, t))
                                 for s, t in zip(shown, state.hands))
                    spot = Position(spot.hand, trump, spot.seat, (), spot.trick, None, held)
                    unknown += 1
                facts = read_position(spot)
                if spot.tricks and not facts.meets(np.array([state.hands]))[0]:
                    failed += 1
                deals = UnseenDealer(facts).deal(deal_rng, layouts)
                failed += int((~facts.meets(deals)).sum())
                dealt += layouts
                checked += 1
            player = smart if rng.random() < 0.7 else noisy
            card = player.choose(state.view())
            cards.append(card)
            state = state.play(card)
    print(f"exactness: {checked:,} positions from played hands ({unknown:,} without the tricks),"
          f" {dealt:,} layouts dealt meeting their facts: {failed} failures"
          f" ({time.perf_counter() - start:.0f} s)")


def dealing(seed: int) -> None:
    hands = [h.counts for h in whole.deal_cards(seed, 1)]
    state, cards = PlayState.deal(hands, 1, 0), []
    player = HeuristicPlayer()
    for _ in range(42):
        card = player.choose(state.view())
        cards.append(card)
        state = state.play(card)
    facts = read_position(position_after(hands, 1, 0, cards, contract=(0, 50)))
    rng = np.random.default_rng(seed)
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        UnseenDealer(facts).deal(rng, 10_000)
        runs.append(time.perf_counter() - start)
    shown = sum(len(facts.seat_words(s)) for s in facts.others)
    print(f"dealing in mid-hand (trick 11, {shown} facts): {10_000 / statistics.median(runs):,.0f}"
          " layouts/s")


def against(revision: str, seed: int) -> None:
    from revisions import module_at  # benchmarks/ is on the path of a script run from it

    from pinochle_calc.play import lockstep
    from pinochle_calc.play.simulate import Deals

    other = module_at(revision, "pinochle_calc.play.lockstep")
    hand = Hand.parse("H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J")
    rng = np.random.default_rng(seed)
    n = 100_000
    codes = np.array(Deals(hand).codes(rng, n))
    trump, leader = rng.integers(0, 4, n), rng.integers(0, 4, n)
    now, then = [], []
    for _ in range(7):
        for engine, times in ((lockstep, now), (other, then)):
            start = time.process_time()
            points = engine.play_lockstep(codes, trump, leader)
            times.append(time.process_time() - start)
        assert np.array_equal(points, lockstep.play_lockstep(codes, trump, leader))
    a, b = min(now), min(then)
    print(f"play-outs from the first lead, {n:,} deals: this engine {n / a:,.0f}/s, {revision}'s"
          f" {n / b:,.0f}/s (CPU; ratio {b / a:.3f}; the same points)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--positions", type=int, default=10_000)
    parser.add_argument("--layouts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default="main", help="the git revision whose lockstep"
                        " engine the play-outs are timed against")
    parser.add_argument("--skip", default="", help="speed, exactness, dealing or against, to"
                        " leave out")
    args = parser.parse_args()
    if "speed" not in args.skip:
        speed(args.hands, args.seed)
    if "dealing" not in args.skip:
        dealing(args.seed)
    if "against" not in args.skip:
        against(args.against, args.seed)
    if "exactness" not in args.skip:
        positions(args.positions, args.layouts, args.seed)


if __name__ == "__main__":
    main()
