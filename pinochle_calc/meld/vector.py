"""Meld of many hands at once, in numpy: the bid advisor's inner loop.

``meld_points(counts, rules)`` gives, for an ``(n, 20)`` array of card counts, the ``(n, 4)``
meld of every hand with each trump S H D C, equal to ``meld.meld(hand, rules).trumps[t].points``.

Without a roundhouse option the engine's maximum splits into independent parts: the trump's
runs and royal marriages (which compete for the trump K-Q), each other suit's marriages, each
"around" and the pinochles (see ``meld.MeldTables._solve``). Each part depends on one or two
shape counts (0 to 4), so its value is a small lookup table, filled by asking the engine itself
about a hand holding only that part; a hand's meld is the sum of its parts' lookups. A rule set
with a roundhouse option couples kings and queens around with the marriages, so there the
distinct shapes are solved by the engine one by one (cached), which is exact and still fast.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..rules import RuleSet
from .engine import tables


def _solve(rules: RuleSet, entries: dict[int, int]) -> tuple[int, int, int, int]:
    shape = [0] * 13
    for k, v in entries.items():
        shape[k] = v
    return tuple(t.points for t in tables(rules).solve(tuple(shape)))


@lru_cache(maxsize=32)
def _parts(rules: RuleSet):
    """Lookup tables: trump type I by (runs, pairs), marriage by pairs, arounds, pinochles."""
    type_one = np.zeros((4, 5, 5), dtype=np.int64)  # [trump, runs, pairs]
    for t in range(4):
        for p in range(5):
            for r in range(p + 1):
                type_one[t, r, p] = _solve(rules, {t: r, 4 + t: p})[t]
    marriage = np.zeros(5, dtype=np.int64)
    for p in range(5):
        marriage[p] = _solve(rules, {4 + 0: p})[1]  # spade marriages with hearts trump
    singles = np.zeros((5, 5), dtype=np.int64)  # aces, kings, queens, jacks around, pinochles
    for k in range(5):
        for n in range(5):
            singles[k, n] = _solve(rules, {8 + k: n})[0]
    return type_one, marriage, singles


def shapes(counts: np.ndarray) -> np.ndarray:
    """The ``(n, 13)`` meld shapes (see ``meld.Shape``) of an ``(n, 20)`` array of counts."""
    c = counts.reshape(-1, 4, 5)
    runs = c.min(axis=2)
    pairs = np.minimum(c[:, :, 2], c[:, :, 3])
    arounds = c.min(axis=1)[:, [0, 2, 3, 4]]
    pinochles = np.minimum(counts[:, 3], counts[:, 14])[:, None]
    return np.concatenate([runs, pairs, arounds, pinochles], axis=1)


def meld_points(counts, rules: RuleSet) -> np.ndarray:
    """The meld with each trump, ``(n, 4)``, of every row of an ``(n, 20)`` count array."""
    counts = np.asarray(counts).reshape(-1, 20)
    sh = shapes(counts).astype(np.int64)
    if _coupled(rules):
        return _by_shape(sh, rules)
    type_one, marriage, singles = _parts(rules)
    runs, pairs = sh[:, 0:4], sh[:, 4:8]
    m = marriage[pairs]  # (n, 4): each suit's marriages if it is not trump
    fixed = (singles[0, sh[:, 8]] + singles[1, sh[:, 9]] + singles[2, sh[:, 10]]
             + singles[3, sh[:, 11]] + singles[4, sh[:, 12]])
    total = m.sum(axis=1) + fixed
    out = np.empty((len(counts), 4), dtype=np.int64)
    for t in range(4):
        out[:, t] = total - m[:, t] + type_one[t, runs[:, t], pairs[:, t]]
    return out


def callable_suits(counts, rules: RuleSet) -> np.ndarray:
    """``(n, 4)`` booleans: the suits each hand may name as trump (a marriage in it, unless the
    rule set does not require one)."""
    counts = np.asarray(counts).reshape(-1, 20)
    c = counts.reshape(-1, 4, 5)
    if rules.marriage_required == "false":
        return np.ones((len(counts), 4), dtype=bool)
    return np.minimum(c[:, :, 2], c[:, :, 3]) > 0


def best_points(counts, rules: RuleSet) -> np.ndarray:
    """Each hand's meld in its best trump: the highest among suits it may name, or among all
    four when it may name none (as ``meld.best_trump`` chooses)."""
    points = meld_points(counts, rules)
    ok = callable_suits(counts, rules)
    named = np.where(ok, points, -1).max(axis=1)
    return np.where(ok.any(axis=1), named, points.max(axis=1))


def _coupled(rules: RuleSet) -> bool:
    return (rules.roundhouse_single is not None or rules.roundhouse_double is not None
            or rules.roundhouse_with_run is not None)


def _by_shape(sh: np.ndarray, rules: RuleSet) -> np.ndarray:
    codes = sh @ (5 ** np.arange(13, dtype=np.int64))
    unique, inverse = np.unique(codes, return_inverse=True)
    engine = tables(rules)
    solved = np.array([[t.points for t in engine.solve(tuple((int(u) // 5**i) % 5
                                                              for i in range(13)))]
                       for u in unique], dtype=np.int64).reshape(-1, 4)
    return solved[inverse.reshape(-1)]


__all__ = ["meld_points", "callable_suits", "best_points", "shapes"]
