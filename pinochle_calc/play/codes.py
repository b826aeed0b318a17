"""Suit codes and their lookup tables, shared by the trick engine (``tricks``, ``players``) and
the engine that plays many deals at once on arrays (``lockstep``), which needs nothing else of
them: a bid plays its deals out without loading the one-deal engine.

A suit held is one number, its *code*: the count of each rank (A 10 K Q J, 0 to 4 copies)
in base 5, the ace in the lowest digit (``W`` the weight of each rank); 0 is an empty suit and
``NCODES - 1`` four copies of every rank. Ranks run 0 (the ace) to 4 (the jack): lower beats
higher.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

#: Weight of one card of each rank in a suit code (A 10 K Q J).
W = (1, 5, 25, 125, 625)
#: Number of distinct suit codes: 0..3124 (four copies of every rank is 3124).
NCODES = 5**5
#: Rank value meaning "no card" in the HI table (every real rank is below it).
NONE = 5


class Tables(NamedTuple):
    """The lookup tables by suit code (read-only int16 arrays; see the module's tuples)."""

    hi: np.ndarray
    lo: np.ndarray
    n: np.ndarray
    head: np.ndarray
    feed: np.ndarray


def _build_tables() -> Tables:
    codes = np.arange(NCODES)
    digits = (codes[:, None] // np.array(W)) % 5  # (code, rank): copies held
    held = digits > 0
    any_held = held.any(axis=1)
    hi = np.where(any_held, held.argmax(axis=1), NONE)
    lo = np.where(any_held, 4 - held[:, ::-1].argmax(axis=1), -1)
    # HEAD[code * 6 + b]: the lowest rank held below b, that is the highest index r < b held
    below = held[:, None, :] & (np.arange(5)[None, None, :] < np.arange(6)[None, :, None])
    head = np.where(below.any(axis=2), 4 - below[:, :, ::-1].argmax(axis=2), -1).reshape(-1)
    # FEED[code]: the counter to feed partner's trick (the 10, else the K, else the A)
    feed = np.select([held[:, 1], held[:, 2], held[:, 0]], [1, 2, 0], -1)
    out = Tables(*(t.astype(np.int16) for t in (hi, lo, digits.sum(axis=1), head, feed)))
    for t in out:
        t.flags.writeable = False
    return out


#: The tables as arrays, for the engine that plays many deals at once (``lockstep``).
TABLES = _build_tables()

_TUPLES = {"HI": "hi", "LO": "lo", "N": "n", "HEAD": "head", "FEED": "feed"}


def __getattr__(name: str) -> tuple[int, ...]:
    # HI[code]: highest rank held (0 is the ace), NONE if the suit is empty. LO[code]: lowest
    # rank held, -1 if empty. N[code]: cards held. HEAD[code * 6 + b]: lowest rank held that
    # beats rank b (ranks below b), -1 if none. FEED[code]: the rank of the counter the
    # heuristic player feeds partner's trick from a suit held as ``code``: the 10, else the K,
    # else the A; -1 when the suit holds no counter. As tuples, for the one-deal engine
    # (``tricks``, ``players``), made when it first asks.
    if name in _TUPLES:
        value = tuple(getattr(TABLES, _TUPLES[name]).tolist())
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: The heuristic player's preference among counters fed to partner, by rank: the 10, then the
#: K, then the A.
FEED_ORDER = (1, 3, 2)
#: The heuristic player cashes a side suit only while at least this many of its cards are out
#: among the others (with few left, an opponent is likely void and trumps).
CASH_MIN_OUT = 2

# HI, LO, N, HEAD and FEED (tuples) are made on first use (``__getattr__``).
__all__ = ["W", "NCODES", "NONE", "TABLES", "Tables", "FEED_ORDER", "CASH_MIN_OUT"]
