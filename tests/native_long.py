"""A long call of one compiled loop, to stop with Ctrl-C (``test_native_stops.py``).

``python native_long.py NAME`` builds the arguments of a call of entry point NAME that takes
about a second of CPU time or more (valid ones: what a long estimate hands the loop, the big
arrays mostly zeros that the system never backs with memory), prints ``go``, and makes the
call. Stopped by Ctrl-C, it prints ``stopped`` and the CPU time the process had used when the
``KeyboardInterrupt`` reached Python; a call that ends prints ``finished`` and its CPU time.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from importlib import import_module

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import native_cases as nc  # noqa: E402  (beside this file)


def _hands(n: int, alike: bool = True) -> np.ndarray:
    """``n`` copies of one 20-card hand, or ``n`` hands dealt at random."""
    rng = np.random.default_rng(5)
    cards = rng.permuted(np.tile(nc.DECK.astype(np.int8), (1 if alike else n, 1)), axis=1)[:, :20]
    dealt = np.bincount((np.arange(len(cards))[:, None] * nc.CARDS + cards).reshape(-1),
                        minlength=len(cards) * nc.CARDS).reshape(-1, nc.CARDS)
    return np.ascontiguousarray(np.tile(dealt, (n, 1)) if alike else dealt, dtype=np.int64)


def _objective(receiving: bool) -> object:
    from pinochle_calc.exchange.policy import bidder_objective, partner_objective
    from pinochle_calc.rules import load_rules

    rules = load_rules("standard,passing.cards=4")
    if not receiving:
        return partner_objective(1, rules).native
    incoming = np.ascontiguousarray(_hands(60) // 2)
    return bidder_objective(1, rules, None, incoming=incoming, cards=4).native


def long_call(name: str) -> tuple[Callable, tuple]:
    """The entry point and the arguments of a long call of it."""
    play, greedy = import_module(nc.PLAY), import_module(nc.GREEDY)
    greedy.blas(nc.umath_path())
    if name == "play":  # 1.5 million play-outs of 20 tricks
        n = 1_500_000
        args = nc.make_play(np.random.default_rng(1))
        rng = np.random.default_rng(2)
        while args[3] != 20 or args[7] is not None or not len(args[0]):
            args = nc.make_play(rng)
        return play.play, (np.tile(args[0][:1], (n, 1)), np.tile(args[1][:1], (n, 1)),
                           np.tile(args[2][:1], n), 20, np.empty((n, 2), dtype=np.int64), None,
                           None, None)
    if name == "deal":  # 300,000 deals of 60 unseen cards, every key alike (the slow sort)
        from pinochle_calc.hand import Hand
        from pinochle_calc.play.dealer import Dealer

        dealer = Dealer(Hand(_hands(1)[0].tolist()))
        n = 300_000
        return play.deal, (np.zeros((n, nc.PHYSICAL)), dealer.unseen, dealer.kinds,
                           np.array(dealer.others, dtype=np.int64),
                           np.array(dealer.seat_sizes, dtype=np.int64), dealer.held,
                           np.empty((n, 4, nc.CARDS), dtype=np.int8))
    if name == "unseen_hands":  # 10 hands, 25,000 deals of each
        m = 25_000
        return play.unseen_hands, (np.zeros((m, nc.PHYSICAL)), np.zeros((10, nc.CARDS),
                                                                          dtype=np.int64), 20,
                                   np.empty((10, m, nc.CARDS), dtype=np.int64))
    if name == "choose":  # 100,000 passes of bidders that receive at the same time
        hands = _hands(100_000, alike=False)
        return greedy.choose, (_objective(True), hands, np.zeros_like(hands), 4, 1,
                               np.empty_like(hands))
    if name == "choose_blind":  # 2,000 blind passes, each over 2,000 partner hands
        n, m = 2_000, 2_000
        hands = _hands(n)
        return greedy.choose_blind, (_objective(False), hands,
                                     np.zeros((n * m, nc.CARDS), dtype=np.int64), m, 4, 1,
                                     np.empty_like(hands))
    if name == "pick":  # 150,000 hands picking all their cards, receiving at the same time
        hands = _hands(150_000)
        return greedy.pick, (_objective(True), hands, np.zeros_like(hands),
                             np.ones(hands.shape, dtype=bool),
                             np.full(len(hands), 20, dtype=np.int64), False)
    raise ValueError(f"no long call of {name}")


def main(name: str) -> int:
    fn, args = long_call(name)
    try:
        print("go", flush=True)
        fn(*args)
    except KeyboardInterrupt:
        print("stopped", time.process_time(), flush=True)
        os._exit(130)
    print("finished", time.process_time(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
