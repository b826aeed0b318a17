"""Suit codes and their lookup tables, shared by the trick engine (``tricks``, ``players``) and
the engine that plays many deals at once on arrays (``lockstep``), which needs nothing else of
them: a bid plays its deals out without loading the one-deal engine.

A suit held is one number, its *code*: the count of each rank (A 10 K Q J, 0 to 4 copies)
in base 5, the ace in the lowest digit (``W`` the weight of each rank); 0 is an empty suit and
``NCODES - 1`` four copies of every rank. Ranks run 0 (the ace) to 4 (the jack): lower beats
higher.
"""

from __future__ import annotations

import numpy as np

#: Weight of one card of each rank in a suit code (A 10 K Q J).
W = (1, 5, 25, 125, 625)
#: Number of distinct suit codes: 0..3124 (four copies of every rank is 3124).
NCODES = 5**5
#: Rank value meaning "no card" in the HI table (every real rank is below it).
NONE = 5


def _build_tables() -> tuple[tuple[int, ...], ...]:
    codes = np.arange(NCODES)
    held = (codes[:, None] // np.array(W)) % 5 > 0  # (code, rank): the rank is held
    n = ((codes[:, None] // np.array(W)) % 5).sum(axis=1)
    any_held = held.any(axis=1)
    hi = np.where(any_held, held.argmax(axis=1), NONE)
    lo = np.where(any_held, 4 - held[:, ::-1].argmax(axis=1), -1)
    # HEAD[code * 6 + b]: the lowest rank held below b, that is the highest index r < b held
    below = held[:, None, :] & (np.arange(5)[None, None, :] < np.arange(6)[None, :, None])
    head = np.where(below.any(axis=2), 4 - below[:, :, ::-1].argmax(axis=2), -1).reshape(-1)
    # FEED[code]: the counter to feed partner's trick (the 10, else the K, else the A)
    feed = np.select([held[:, 1], held[:, 2], held[:, 0]], [1, 2, 0], -1)
    return tuple(tuple(t.tolist()) for t in (hi, lo, n, head, feed))


#: HI[code]: highest rank held (0 is the ace), NONE if the suit is empty.
#: LO[code]: lowest rank held, -1 if empty.  N[code]: cards held.
#: HEAD[code * 6 + b]: lowest rank held that beats rank b (ranks below b), -1 if none.
#: FEED[code]: the rank of the counter the heuristic player feeds partner's trick from a suit
#: held as ``code``: the 10, else the K, else the A; -1 when the suit holds no counter.
HI, LO, N, HEAD, FEED = _build_tables()

#: The heuristic player's preference among counters fed to partner, by rank: the 10, then the
#: K, then the A.
FEED_ORDER = (1, 3, 2)
#: The heuristic player cashes a side suit only while at least this many of its cards are out
#: among the others (with few left, an opponent is likely void and trumps).
CASH_MIN_OUT = 2

__all__ = ["W", "NCODES", "NONE", "HI", "LO", "N", "HEAD", "FEED", "FEED_ORDER", "CASH_MIN_OUT"]
