"""Dealing the unseen cards so that every hand meets every fact of the play, exactly.

The facts (``facts.Facts``) say which cards each other seat may hold (a highest rank per suit,
none for a void), which it surely holds and how many it holds. The unseen copies of each card
go to the seats that may hold it (and, when the tricks so far are not given, to the cards
already played, which may be anything). Every way of placing the physical copies that meets the
facts is equally likely: the deal is uniform given the facts, as if the cards had been dealt at
random and the deals that contradict the play thrown away (hard conditions, not weights).

Rejection would be too slow late in a hand, when several voids are shown, so the deals are drawn
exactly by counting: ``UnseenDealer`` works out, card by card (20 kinds), how many placements
of the rest remain from each state of the seats' free places (a table of at most 21 x 21 x 21
numbers), then draws each deal card by card with the chances those counts give.

**Decision (passes not seen).** A defender does not see the cards the bidder and its partner
exchange (a ``hidden`` pass). The advice assumes nothing about how they chose them: every set
of N cards a seat could pass is as likely as any other, as if drawn at random (not the passes
the project's own pass advice would make: a person need not pass so, and weighing each deal by
that advice would cost a pass advice per deal). Then the two hands after the exchange are as
random as two dealt hands: from a random deal, any two hands after the exchange come about in as
many ways (C(20, N) x C(20, N) passes each, where both pass from the cards dealt; C(20, N) x
C(20 + N, N) where the bidder may return cards just received). So the card advice deals the
hands as they are after the exchange by the facts the play and the meld shown after it reveal,
exactly as any unseen hands; the exchange puts no condition on them. Where the hands as dealt
are needed too (a record's unknown hands, ``game.hand.deal_unknown``), the exchange is undone at
random after the deal (``hidden_exchange``), every way that leads to the hands dealt equally
likely, and the deals that break a fact of the hands before it (the bidder's marriage in a trump
named before the pass) are thrown away. The card advice does not weigh that fact, at any seat:
under Davis's rules it would keep 86% of the advice's layouts at a defender's card on average
(benchmarks/hidden_marriage.py); weighing it is a change to the card play, for the arena to prove.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import factorial, prod

import numpy as np

from ..cards import KINDS
from ..stores import kept
from .facts import Facts
from .position import PositionError


class UnseenDealer:
    """Deals the unseen cards of a position meeting its facts; prepared once, ``deal`` many
    times."""

    def __init__(self, facts: Facts):
        self.facts = facts
        others = facts.others
        free = [facts.sizes[s] - sum(facts.known[s]) for s in others]
        allowed = [facts.allowed(s) for s in others]
        if facts.hidden_played:
            free.append(facts.hidden_played)
            allowed.append((True,) * KINDS)
        self.free = free
        self.bins = len(free)
        self.kinds = [c for c in range(KINDS) if facts.unseen[c]]
        #: per kind, its ways to split among the bins (rows) and each way's weight
        self.splits: list[tuple[np.ndarray, np.ndarray]] = [
            _splits(facts.unseen[c], tuple(allowed[b][c] for b in range(self.bins)),
                    tuple(min(f, facts.unseen[c]) for f in free))
            for c in self.kinds]
        self.tables = self._count()
        start = tuple(free[:-1])
        self.ways = float(self.tables[0][start])
        if not self.ways > 0:
            raise PositionError("no deal of the unseen cards meets every fact the play has"
                                " shown: " + "; ".join(
                                    f"seat {s} holds {facts.sizes[s]}"
                                    + "".join(", " + w for w in facts.seat_words(s))
                                    for s in others))

    def _count(self) -> list[np.ndarray]:
        """``tables[i][R]``: the weighted placements of kinds ``i..`` when the first bins have
        ``R`` free places left (the last bin's follow from the cards left)."""
        free, bins = self.free, self.bins
        shape = tuple(f + 1 for f in free[:-1])
        grids = np.indices(shape).sum(axis=0)
        remaining = [sum(self.facts.unseen[c] for c in self.kinds[i:])
                     for i in range(len(self.kinds) + 1)]
        last = np.zeros(shape)
        last[(0,) * (bins - 1)] = 1.0
        tables = [last]
        windows: dict[tuple[int, ...], tuple[tuple[slice, ...], tuple[slice, ...]]] = {}
        for i in range(len(self.kinds) - 1, -1, -1):
            ways, weight = self.splits[i]
            nxt = tables[0]
            here = np.zeros(shape)
            for a, w in zip(ways.tolist(), weight.tolist()):
                first = tuple(a[:-1])
                if first not in windows:
                    windows[first] = (tuple(slice(x, None) for x in first),
                                      tuple(slice(0, f + 1 - x) for f, x in zip(free[:-1], first)))
                cut, keep = windows[first]
                here[cut] += w * nxt[keep]
            left = remaining[i] - grids  # the last bin's free places in each state
            here[(left < 0) | (left > free[-1])] = 0.0
            tables.insert(0, here)
        return tables

    def deal(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``(n, 4, 20)`` card counts: every seat's hand, the player's own at its seat."""
        facts = self.facts
        out = np.zeros((n, 4, KINDS), dtype=np.int64)
        out[:, facts.seat] = facts.position.hand.counts
        for s in facts.others:
            out[:, s] = facts.known[s]
        seats = list(facts.others)
        # the free places left in each bin but the last (a row each), deal by deal
        state = np.repeat(np.array(self.free[:-1], dtype=np.int64)[:, None], n, axis=1)
        shape = self.tables[0].shape
        # a state's place in a table laid out flat (C order): the sum of each bin's step
        steps = [int(np.prod(shape[b + 1:])) for b in range(len(shape))]
        for i, c in enumerate(self.kinds):
            ways, weight = self.splits[i]
            ok = np.ones((n, len(ways)), dtype=bool)
            flat = np.zeros((n, len(ways)), dtype=np.int64)
            for b, step in enumerate(steps):  # each deal's state after each way, (n, ways)
                after = state[b][:, None] - ways[None, :, b]
                ok &= after >= 0
                after *= step
                flat += after
            value = np.where(ok, self.tables[i + 1].ravel()[np.where(ok, flat, 0)]
                             * weight[None, :], 0.0)
            cum = np.cumsum(value, axis=1)
            pick = (cum <= rng.random(n)[:, None] * cum[:, -1:]).sum(axis=1)
            pick = np.minimum(pick, len(ways) - 1)
            chosen = ways[pick]
            state -= chosen[:, :-1].T
            for b, s in enumerate(seats):
                out[:, s, c] += chosen[:, b]
        return out


@kept(4096)
def _splits(m: int, allowed: tuple[bool, ...], room: tuple[int, ...]
            ) -> tuple[np.ndarray, np.ndarray]:
    """The ways to split ``m`` copies of a card among bins (rows, in the order of
    ``product``), each bin taking none unless ``allowed`` and at most its ``room``, and the
    weight of each way (the ways to place the physical copies so: m! / prod(x!)). Read-only:
    shared by every dealer that asks (the arguments are few: at most 4 copies, 4 bins)."""
    bins = len(allowed)
    ways = [a for a in product(range(m + 1), repeat=bins)
            if sum(a) == m and all(allowed[b] or not a[b] for b in range(bins))
            and all(a[b] <= room[b] for b in range(bins))]
    weight = [factorial(m) / prod(factorial(x) for x in a) for a in ways]
    rows = np.array(ways, dtype=np.int64).reshape(-1, bins)
    weights = np.array(weight, dtype=np.float64)
    rows.flags.writeable = weights.flags.writeable = False
    return rows, weights


Counts = tuple[int, ...]


def draw_cards(rng: np.random.Generator, counts: Sequence[int], n: int) -> Counts:
    """``n`` of the cards ``counts`` holds (20 counts), every ``n`` of its physical cards as
    likely as any other: the counts of the cards drawn (a ``ValueError`` where it holds fewer
    than ``n``)."""
    pool = np.repeat(np.arange(KINDS), np.asarray(counts, dtype=np.int64))
    if not 0 <= n <= len(pool):
        raise ValueError(f"n: 0 to the {len(pool)} cards held, not {n}")
    picked = pool[rng.choice(len(pool), n, replace=False)]
    return tuple(int(x) for x in np.bincount(picked, minlength=KINDS))


def hidden_exchange(rng: np.random.Generator, bidder: Sequence[int], partner: Sequence[int],
                    n: int, partner_first: bool) -> tuple[Counts, Counts, Counts, Counts]:
    """A hidden exchange of ``n`` cards each way undone (module docstring): from the bidder's
    and its partner's cards after it (20 counts each), the cards each was dealt and passed,
    ``(bidder dealt, partner dealt, bidder passed, partner passed)``, drawn so that every pair
    of passes leading to those hands is as likely as any other (the passes drawn at random).
    ``partner_first``: the partner passes first and the bidder may pass back cards it just
    received; else each passes from the cards it was dealt."""
    bidder, partner = tuple(bidder), tuple(partner)
    if partner_first:
        # the bidder's pass: any n of the partner's cards now; the partner's: any n of the
        # cards the bidder held once it had received them (its cards now and those it passed)
        gave = draw_cards(rng, partner, n)
        got = draw_cards(rng, tuple(a + b for a, b in zip(bidder, gave)), n)
    else:
        # each pass is any n of the cards its receiver holds now
        gave = draw_cards(rng, partner, n)
        got = draw_cards(rng, bidder, n)
    dealt_bidder = tuple(a - g + b for a, g, b in zip(bidder, got, gave))
    dealt_partner = tuple(a - b + g for a, b, g in zip(partner, gave, got))
    return dealt_bidder, dealt_partner, gave, got


__all__ = ["UnseenDealer", "draw_cards", "hidden_exchange"]
