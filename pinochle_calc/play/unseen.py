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
"""

from __future__ import annotations

from itertools import product
from math import factorial

import numpy as np

from ..cards import KINDS
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
        self.splits: list[tuple[np.ndarray, np.ndarray]] = []
        for c in self.kinds:
            m = facts.unseen[c]
            ways = [a for a in product(range(m + 1), repeat=self.bins)
                    if sum(a) == m and all(allowed[b][c] or not a[b] for b in range(self.bins))
                    and all(a[b] <= free[b] for b in range(self.bins))]
            weight = [factorial(m) / np.prod([factorial(x) for x in a]) for a in ways]
            self.splits.append((np.array(ways, dtype=np.int64).reshape(-1, self.bins),
                                np.array(weight, dtype=np.float64)))
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
        for i in range(len(self.kinds) - 1, -1, -1):
            ways, weight = self.splits[i]
            nxt = tables[0]
            here = np.zeros(shape)
            for a, w in zip(ways, weight):
                cut = tuple(slice(x, None) for x in a[:-1])
                keep = tuple(slice(0, f + 1 - x) for f, x in zip(free[:-1], a[:-1]))
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
        state = np.tile(np.array(self.free[:-1], dtype=np.int64), (n, 1))
        rows = np.arange(n)
        for i, c in enumerate(self.kinds):
            ways, weight = self.splits[i]
            after = state[:, None, :] - ways[None, :, :-1]  # (n, ways, bins - 1)
            ok = np.all(after >= 0, axis=2)
            index = tuple(np.where(ok, after[:, :, b], 0) for b in range(self.bins - 1))
            value = np.where(ok, self.tables[i + 1][index] * weight[None, :], 0.0)
            cum = np.cumsum(value, axis=1)
            pick = (cum <= rng.random(n)[:, None] * cum[:, -1:]).sum(axis=1)
            pick = np.minimum(pick, len(ways) - 1)
            chosen = ways[pick]
            state -= chosen[:, :-1]
            for b, s in enumerate(seats):
                out[rows, s, c] += chosen[:, b]
        return out


__all__ = ["UnseenDealer"]
