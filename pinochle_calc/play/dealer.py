"""Dealing the cards a player has not seen before the play: the dealer of the bid estimate, the
pass advice, the trick simulation and the throw-in (the card advice, in mid-play, deals by the
facts the play shows: ``unseen.UnseenDealer``).

``Dealer(hand, seat, known)`` is prepared once per hand; ``dealer.deal(rng, n)`` then gives
``n`` deals at once as an ``(n, 4, 20)`` array of card counts (every seat, the hand at its own
seat), drawn with a seeded ``numpy.random.Generator``; ``dealer.hands(rng, n, size)`` gives one
hand of ``size`` unseen cards per row. Conditions on the other hands are met by rejection
(``sample``): each accepted deal is drawn from exactly the deals that meet them
(``conditions.deal_meeting`` builds the deals where rejection would take too long).

Every physical card (copy ``j`` of card ``i`` is ``4 * i + j``) gets a random key per deal;
the hand holds the first copies of each of its cards, cards known to be in another seat (cards
passed, say) the next ones, and the unseen copies are dealt in key order to the other seats in
seat order. With one seed, two hands that differ in a card get deals that differ in only a few
cards, so comparisons between hands are not swamped by noise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from math import ceil

import numpy as np

from ..cards import CARDS, COPIES, KINDS
from ..compiled import load, whole_numbers
from ..errors import UserError
from ..hand import Hand

#: The compiled dealing (``_play.c``): the cards in the order of the same keys, where it was
#: built and ``PINOCHLE_CALC_PURE`` is not set (``compiled``); else numpy's argsort.
NATIVE = load("pinochle_calc.play._play")

#: A test of many hands at once: ``(n, 20)`` card counts in, ``(n,)`` booleans out.
HandTest = Callable[[np.ndarray], np.ndarray]

#: The most candidate deals drawn to meet the conditions (see ``sample``).
MAX_DRAWS = 200_000
#: Deals whose random keys the compiled dealing draws at a time (the same keys, in the same
#: order, as one draw for all: a few megabytes at a time stay in the processor's cache).
KEY_CHUNK = 2048

_WEIGHTS = np.array([5**r for r in range(5)], dtype=np.int64)


class Dealer:
    """Deals the cards the player at ``seat`` has not seen to the other three seats.

    ``known`` maps another seat to cards it surely holds; the rest of each other seat's hand is
    dealt from the unseen cards, so that the other seats hold equal numbers of cards.
    """

    def __init__(self, hand: Hand, seat: int = 0, known: Mapping[int, Hand] | None = None):
        if not 0 <= seat < 4:
            raise UserError(f"a seat is 0 to 3, not {seat}")
        known = dict(known or {})
        if not set(known) <= set(range(4)) - {seat}:
            raise UserError(f"known cards are for the seats other than {seat}, among 0 to 3")
        self.hand, self.seat = hand, seat
        self.others = [s for s in range(4) if s != seat]
        held = np.zeros((4, KINDS), dtype=np.int64)
        held[seat] = hand.counts
        for other, cards in known.items():
            held[other] = cards.counts
        over = held.sum(axis=0) > COPIES
        if over.any():
            card = CARDS[int(np.flatnonzero(over)[0])]
            raise UserError(f"the known cards cannot all be held: there are not that many"
                            f" {card} unseen")
        self.held = held
        used = held.sum(axis=0)
        self.unseen = np.array([COPIES * i + j for i in range(KINDS)
                                for j in range(used[i], COPIES)], dtype=np.int64)
        self.kinds = self.unseen // COPIES
        self.seat_sizes = None
        total = len(self.unseen) + sum(int(held[s].sum()) for s in self.others)
        if total % 3 == 0:
            each = total // 3
            sizes = [each - int(held[s].sum()) for s in self.others]
            if min(sizes) >= 0:
                self.seat_sizes = sizes

    def _kinds_in_order(self, rng: np.random.Generator, n: int) -> np.ndarray:
        keys = rng.random((n, COPIES * KINDS))[:, self.unseen]
        # numpy's default sort (SIMD where the CPU has it) is several times faster than a
        # stable one; they differ only on two equal 53-bit keys in a deal (odds about 1e-13)
        return self.kinds[np.argsort(keys, axis=1)]

    def _native(self, rng: np.random.Generator, n: int, seats: list[int], sizes: list[int],
                held: np.ndarray, dtype: type = np.int64) -> np.ndarray:
        """The compiled dealing of ``n`` deals: the unseen cards in the order of the same
        random keys, ``sizes[i]`` of them to row ``seats[i]`` of ``held``'s rows."""
        assert NATIVE is not None  # (the callers ask it only where it was built)
        out = np.empty((n, *held.shape), dtype=dtype)
        keys = np.empty((min(n, KEY_CHUNK), COPIES * KINDS))
        seats_, sizes_ = np.array(seats, dtype=np.int64), np.array(sizes, dtype=np.int64)
        for start in range(0, n, KEY_CHUNK):  # the same keys as rng.random((n, 80)) draws
            chunk = keys[:min(KEY_CHUNK, n - start)]
            rng.random(out=chunk)
            NATIVE.deal(chunk, self.unseen, self.kinds, seats_, sizes_, held,
                        out[start:start + len(chunk)])
        return out

    def hands(self, rng: np.random.Generator, n: int, size: int) -> np.ndarray:
        """``(n, 20)`` card counts of ``n`` hands of ``size`` unseen cards (a ``ValueError``
        where there are not that many)."""
        if not 0 <= size <= len(self.unseen):
            raise ValueError(f"size: 0 to the {len(self.unseen)} cards unseen, not {size}")
        if NATIVE is not None:
            return self._native(rng, n, [0], [size], np.zeros((1, KINDS), dtype=np.int64))[
                :, 0]
        first = self._kinds_in_order(rng, n)[:, :size]
        rows = np.repeat(np.arange(n), size) * KINDS + first.ravel()
        return np.bincount(rows, minlength=n * KINDS).reshape(n, KINDS)

    def deal(self, rng: np.random.Generator, n: int, dtype: type = np.int64) -> np.ndarray:
        """``(n, 4, 20)`` card counts of ``n`` deals: every seat, the hand at its own (``dtype``:
        ``np.int8`` for a batch to test, an eighth of the memory)."""
        if self.seat_sizes is None:
            raise UserError(f"the {len(self.unseen)} unseen cards do not split evenly among"
                            " three players")
        if NATIVE is not None and dtype in (np.int64, np.int8):
            return self._native(rng, n, self.others, self.seat_sizes, self.held, dtype)
        kinds = self._kinds_in_order(rng, n)
        slot = np.repeat(np.array(self.others), self.seat_sizes)
        index = (np.arange(n)[:, None] * 4 + slot[None, :]) * KINDS + kinds
        dealt = np.bincount(index.ravel(), minlength=n * 4 * KINDS).reshape(n, 4, KINDS)
        return (dealt + self.held).astype(dtype, copy=False)


def unseen_hands(hands: np.ndarray, keys: np.ndarray, size: int) -> np.ndarray:
    """``(n, m, 20)``: for each of ``(n, 20)`` hands (at seat 0), the ``m`` hands of ``size``
    cards it has not seen that ``Dealer(hand).hands`` deals where its generator draws ``keys``
    (``(m, 80)``, ``rng.random((m, 80))``, each in [0, 1)): many hands' deals from the same
    random keys. A ``ValueError`` where a count is not 0 to 4, a key not in [0, 1), or a hand
    has not ``size`` cards unseen."""
    hands = np.ascontiguousarray(whole_numbers(hands, "hands", 0, COPIES)).reshape(-1, KINDS)
    keys = np.ascontiguousarray(keys, dtype=np.float64).reshape(-1, COPIES * KINDS)
    if not ((keys >= 0) & (keys < 1)).all():
        raise ValueError("keys: each in [0, 1), as a generator's random() draws them")
    size = int(whole_numbers(size, "size", 0, COPIES * KINDS))
    if len(hands) and size > COPIES * KINDS - hands.sum(axis=1).max():
        raise ValueError(f"size: {size} cards, but a hand has seen all but"
                         f" {COPIES * KINDS - hands.sum(axis=1).max()}")
    out = np.empty((len(hands), len(keys), KINDS), dtype=np.int64)
    if NATIVE is not None:
        NATIVE.unseen_hands(keys, hands, size, out)
        return out
    for i, hand in enumerate(hands):
        dealer = Dealer(Hand(hand.tolist()))
        first = dealer.kinds[np.argsort(keys[:, dealer.unseen], axis=1)][:, :size]
        rows = np.repeat(np.arange(len(keys)), size) * KINDS + first.ravel()
        out[i] = np.bincount(rows, minlength=len(keys) * KINDS).reshape(len(keys), KINDS)
    return out


def suit_codes(deals: np.ndarray) -> np.ndarray:
    """``(n, 16)`` suit codes (seat * 4 + suit; see ``play.tricks``) of ``(n, 4, 20)`` deals."""
    deals = np.asarray(deals, dtype=np.int64)
    return (deals.reshape(len(deals), 4, 4, 5) @ _WEIGHTS).reshape(len(deals), 16)


def sample(draw: Callable[[int], np.ndarray], tests: Sequence, n: int,
           max_draws: int = MAX_DRAWS, drop: bool = True) -> tuple[np.ndarray, float, int, list]:
    """``n`` draws meeting every test, by rejection in batches.

    ``draw(batch)`` makes ``batch`` candidates (an array); ``tests`` are pairs of a label and a
    function of candidates giving a mask of those that pass. A first batch measures how often
    the tests hold; if meeting them ``n`` times would take more than ``max_draws`` candidates,
    the test that holds least often on its own is given up and drawing starts again (with
    ``drop=False``, a ``UserError`` says so instead).
    Returns (samples, acceptance, candidates drawn, labels of the tests given up).
    """
    kept = list(tests)
    dropped: list = []
    while True:
        parts: list[np.ndarray] = []
        got = drawn = 0
        batch = max(n, 2000) if kept else n
        feasible = True
        while got < n:
            candidates = draw(batch)
            drawn += batch
            if kept:
                masks = [test(candidates) for _, test in kept]
                candidates = candidates[np.logical_and.reduce(masks)]
            parts.append(candidates)
            got += len(candidates)
            if got >= n:
                break
            rate = got / drawn
            if drawn >= max_draws or rate * max_draws < n:
                feasible = False
                break
            batch = min(max(int(ceil((n - got) / rate * 1.1)), 256), 50_000)
        if feasible:
            return np.concatenate(parts)[:n], (got / drawn if kept else 1.0), drawn, dropped
        if not drop:
            raise UserError(f"no deal in {drawn} meets the conditions on the other hands"
                            if not got else f"only {got} of {drawn} deals meet the conditions"
                            f" on the other hands: too few for {n}")
        rates = [float(m.mean()) for m in masks]
        dropped.append(kept.pop(int(np.argmin(rates)))[0])


def seat_test(seat: int, test: HandTest) -> Callable[[np.ndarray], np.ndarray]:
    """A test of one seat's hand as a test of whole ``(n, 4, 20)`` deals."""
    return lambda deals: test(deals[:, seat])


def hand_test(accept: Callable[[Hand], bool]) -> HandTest:
    """A test of one ``Hand`` at a time as a test of many hands (slow: for users' own tests)."""
    return lambda counts: np.fromiter((bool(accept(Hand(row))) for row in counts.tolist()),
                                      dtype=bool, count=len(counts))


__all__ = ["Dealer", "sample", "suit_codes", "unseen_hands", "seat_test", "hand_test",
           "HandTest", "MAX_DRAWS"]
