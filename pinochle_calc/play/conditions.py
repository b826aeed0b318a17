"""Dealing the unseen cards so that the other hands meet what their calls showed.

``deal_meeting(dealer, rng, n, tests)`` draws ``n`` deals from a ``dealer.Dealer`` that meet
every test, and never gives a test up because it is rare:

1. while it is cheap, by rejection: deals are drawn at random and those that meet every test are
   kept (each is then drawn from exactly the deals that meet the tests);
2. where fewer than one deal in ``REJECTION_LIMIT`` meets them, the deals are *built*: chains of
   random deals are improved by swapping a card between two of the other hands whenever the
   swap brings them no further from meeting the tests (each test measures how far a deal is
   from it: a meld shown is short by so many points), until they meet them all; then each chain
   is shuffled by random swaps that keep every test met, and deals are taken from it every few
   swaps. Those swaps are a Markov chain whose stationary distribution is the uniform one over
   the deals meeting the tests, the same that rejection draws from; with the deals built from
   a start, it cannot always cross between very different ways of meeting a rare test (a run
   or double aces for a large meld), which is the price of not giving the test up.

A test is any object with ``label``, ``mask(deals)`` and ``distance(deals)`` (``(n, 4, 20)``
deals in, ``(n,)`` out: booleans, and how far from met, 0 where met). A test may also weigh
deals softly: ``likelihood(deals)`` (``(n,)`` in (0, 1], or None) is the chance that the
players would have called as they did with those hands; one that does nothing else (every deal
meets it, none is far from it) may say so by ``soft`` (True), and is then not asked its mask or
distance. Then twice as many deals as wanted
are drawn meeting the other tests, and the deals are drawn from them in proportion to their
chances (importance resampling; ``acceptance`` is then the mean chance), or the chains accept
a swap with the ratio of the chances, so the deals follow the conditional distribution given
the calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

import numpy as np

from ..errors import UserError
from ..stores import kept
from .dealer import NATIVE, Dealer

#: Rejection is given up for building when fewer than one deal in this many meets the tests.
REJECTION_LIMIT = 50
#: Chains built, swaps to build and to mix them, and swaps between deals taken from a chain.
CHAINS = 200
BUILD_SWAPS = 400
MIX_SWAPS = 200
THIN = 20


class Test(Protocol):
    """A condition on deals, as ``deal_meeting`` takes it: its words, the deals that meet it,
    how far each deal is from it, and how likely each makes the calls (None: alike)."""

    @property
    def label(self) -> str: ...

    def mask(self, deals: np.ndarray) -> np.ndarray: ...

    def distance(self, deals: np.ndarray) -> np.ndarray: ...

    def likelihood(self, deals: np.ndarray) -> np.ndarray | None: ...


class Dealt(NamedTuple):
    """Deals meeting the tests, with how they were drawn: ``acceptance`` (the share of random
    deals that met the tests), ``drawn`` (random deals drawn), ``built`` (True where rejection
    was too rare and the deals were built by swaps) and the labels of tests given up (only
    when no deal meeting them could be built at all)."""

    deals: np.ndarray
    acceptance: float
    drawn: int
    built: bool
    dropped: tuple

    def __repr__(self) -> str:
        return (f"Dealt(deals={len(self.deals)}, acceptance={self.acceptance:.4f},"
                f" drawn={self.drawn}, built={self.built}, dropped={self.dropped})")


def _hard(tests: list[Test]) -> list[Test]:
    """The tests that may fail a deal or find it far (not ``soft``: only weighing deals)."""
    return [test for test in tests if not getattr(test, "soft", False)]


def _meets(tests: list[Test], deals: np.ndarray) -> np.ndarray:
    """Whether each deal meets every test: each test asked only of the deals that met those
    before it (a test reads each deal alone, so the answers are the same); a ``soft`` test,
    which every deal meets, not asked."""
    ok = np.ones(len(deals), dtype=bool)
    tests = _hard(tests)
    for test in tests:
        if len(tests) > 1 and not ok.all():
            rows = np.flatnonzero(ok)
            ok[rows] = test.mask(deals[rows])
        else:
            ok &= test.mask(deals)
    return ok


def _likelihood(tests: list[Test], deals: np.ndarray) -> np.ndarray:
    """The chance of the calls given each deal (1 where no test weighs deals)."""
    out = np.ones(len(deals))
    for test in tests:
        weigh = getattr(test, "likelihood", None)
        found = weigh(deals) if weigh is not None else None
        if found is not None:
            out *= found
    return out


def _distance(tests: list[Test], deals: np.ndarray) -> np.ndarray:
    total = np.zeros(len(deals))
    for test in _hard(tests):  # (a soft test's distance is 0)
        total += test.distance(deals)
    return total


def _swap(deals: np.ndarray, seats: list[int], rng: np.random.Generator) -> np.ndarray:
    """Each deal with one random card of one of ``seats`` swapped for one of another (a
    ``ValueError`` where a count is not 0 to 4, or one of ``seats`` holds no card: on both
    paths)."""
    n = len(deals)
    if n and (deals.min() < 0 or deals.max() > 4 or (deals[:, seats].sum(axis=2) == 0).any()):
        raise ValueError("deals: counts 0 to 4, and every seat a swap is between holding cards")
    rows = np.arange(n)
    firsts, seconds = _pairs(tuple(seats))
    pick = rng.integers(len(firsts), size=n)
    a, b = firsts[pick], seconds[pick]
    at = rng.random(n), rng.random(n)
    if NATIVE is not None and deals.dtype == np.int64:
        out = np.empty_like(deals, order="C")
        NATIVE.swap(np.ascontiguousarray(deals), a, b, at[0], at[1], out)
        return out
    out = deals.copy()
    picked = []
    for seat, point in zip((a, b), at):
        held = deals[rows, seat]
        point = point * held.sum(axis=1)
        picked.append((np.cumsum(held, axis=1) > point[:, None]).argmax(axis=1))
    out[rows, a, picked[0]] -= 1
    out[rows, a, picked[1]] += 1
    out[rows, b, picked[1]] -= 1
    out[rows, b, picked[0]] += 1
    return out


@kept(8)
def _pairs(seats: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of ``seats`` a swap may be between (the first seat before the second): the
    first seats and the second seats, each an int64 array."""
    pairs = np.array([(a, b) for a in seats for b in seats if a < b], dtype=np.int64)
    firsts, seconds = np.ascontiguousarray(pairs[:, 0]), np.ascontiguousarray(pairs[:, 1])
    firsts.flags.writeable = seconds.flags.writeable = False
    return firsts, seconds


def deal_meeting(dealer: Dealer, rng: np.random.Generator, n: int, tests: Iterable[Test],
                 rejection_limit: int = REJECTION_LIMIT) -> Dealt:
    """``n`` deals (``(n, 4, 20)``) meeting every test (see the module docstring)."""
    tests = list(tests)
    if not tests:
        return Dealt(dealer.deal(rng, n), 1.0, n, False, ())
    soft = any(getattr(test, "likelihood", None) is not None for test in tests)
    want = 2 * n if soft else n  # a pool twice as large to resample from by the likelihood
    most = want * rejection_limit  # random deals drawn at most
    kept: list[np.ndarray] = []
    got = drawn = 0
    batch = max(want, 2000)
    while got < want:
        deals = dealer.deal(rng, batch, np.int8)  # (tested, then the few kept widened)
        drawn += batch
        deals = deals[_meets(tests, deals)].astype(np.int64)
        kept.append(deals)
        got += len(deals)
        rate = got / drawn
        if got >= want or drawn >= most or rate * most < want:
            break
        batch = min(max(int((want - got) / rate * 1.1), 256), 50_000)
    met = np.concatenate(kept)
    weight = _likelihood(tests, met) if soft else np.ones(len(met))
    acceptance = float(weight.sum()) / drawn
    if got >= want:
        return Dealt(_resample(met, weight, n, rng) if soft else met[:n], acceptance, drawn,
                     False, ())
    built = _build(dealer, rng, n, tests, met)
    if built is not None:
        return Dealt(built, acceptance, drawn, True, ())
    # nothing meets them all: give up the test met least often, as a last resort
    rates = [float(test.mask(dealer.deal(rng, 2000)).mean()) for test in tests]
    hardest = tests.pop(int(np.argmin(rates)))
    rest = deal_meeting(dealer, rng, n, tests, rejection_limit)
    return rest._replace(dropped=(hardest.label, *rest.dropped))


def _resample(deals: np.ndarray, weight: np.ndarray, n: int,
              rng: np.random.Generator) -> np.ndarray:
    """``n`` of ``deals`` drawn in proportion to their weights (systematic resampling: each
    deal about ``n`` times its share of the weight, in the order drawn)."""
    total = np.cumsum(weight)
    points = (rng.random() + np.arange(n)) * (total[-1] / n)
    return deals[np.minimum(np.searchsorted(total, points, side="right"), len(deals) - 1)]


def _build(dealer: Dealer, rng: np.random.Generator, n: int, tests: list[Test],
           met: np.ndarray) -> np.ndarray | None:
    """Deals meeting the tests, built by swaps from random deals and mixed (None if no chain
    could be made to meet them)."""
    seats = [s for s in range(4) if s != dealer.seat]
    chains = dealer.deal(rng, CHAINS)
    if len(met):
        chains[: min(len(met), CHAINS)] = met[:CHAINS]
    far = _distance(tests, chains)
    for _ in range(BUILD_SWAPS):
        if not far.any():
            break
        moved = _swap(chains, seats, rng)
        now = _distance(tests, moved)
        better = now <= far
        chains[better], far[better] = moved[better], now[better]
    ok = _meets(tests, chains)
    if not ok.any():
        return None
    chains = chains[ok][rng.integers(ok.sum(), size=CHAINS)]  # the chains that met them
    out: list[np.ndarray] = []
    weight = _likelihood(tests, chains)
    for step in range(MIX_SWAPS + THIN * -(-n // CHAINS)):
        moved = _swap(chains, seats, rng)
        now = _likelihood(tests, moved)
        stay = _meets(tests, moved) & (rng.random(len(moved)) * weight < now)
        chains[stay], weight[stay] = moved[stay], now[stay]
        if step >= MIX_SWAPS and (step - MIX_SWAPS) % THIN == THIN - 1:
            out.append(chains.copy())
    deals = np.concatenate(out)[:n]
    if len(deals) < n:
        raise UserError(f"could not build {n} deals meeting the calls")
    return deals


__all__ = ["deal_meeting", "Dealt", "Test", "REJECTION_LIMIT"]
