"""Meld of many hands at once, in numpy: the bid advisor's inner loop.

``meld_points(counts, rules)`` gives, for an ``(n, 20)`` array of card counts, the ``(n, 4)``
meld of every hand with each trump S H D C, equal to ``meld.meld(hand, rules).trumps[t].points``.

Without a roundhouse option the engine's maximum splits into independent parts: the trump's
runs and royal marriages (which compete for the trump K-Q), each other suit's marriages, each
"around" and the pinochles (see ``meld.MeldTables._solve``). Each part depends on one or two
shape counts (0 to 4), so its value is a small lookup table, filled by asking the engine itself
about a hand holding only that part; a hand's meld is the sum of its parts' lookups. A rule set
with a roundhouse option couples kings and queens around with the marriages, but only in a hand
holding a K-Q in every suit (the cards of a roundhouse): the distinct shapes of those hands are
solved by the engine one by one (kept for later calls), which is exact and still fast.
"""

from __future__ import annotations

from functools import reduce
from typing import TYPE_CHECKING

import numpy as np

from ..compiled import load, whole_numbers
from ..rules import RuleSet, RulesLike, as_rules
from ..stores import kept
from .engine import tables

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike


#: The compiled sums (``_meld.c``): the same look-ups, hand by hand; None where they were not
#: built or ``PINOCHLE_CALC_PURE`` is set (``compiled``), and then numpy sums a column at a time.
NATIVE = load("pinochle_calc.meld._meld")


def _as_counts(counts: ArrayLike, native: bool) -> np.ndarray:
    """``(n, 20)`` counts as both paths read them: contiguous, int8 kept as it is (the deals a
    dealer hands out to be tested), any other whole numbers as int64; a ``TypeError`` where
    they are not whole numbers, a ``ValueError`` where they are not rows of 20, or a count is
    not 0 to 4 (looked for here unless ``native``, the compiled sums, which look themselves)."""
    counts = np.asarray(counts)
    if counts.dtype.kind not in "iu" and counts.size:
        raise TypeError(f"counts: whole numbers wanted, not {counts.dtype} items")
    if not native:
        whole_numbers(counts, "counts", 0, 4)
    if counts.size and (counts.ndim == 0 or counts.shape[-1] != 20):
        raise ValueError(f"counts: rows of 20 cards wanted, not an array of shape {counts.shape}")
    return np.ascontiguousarray(counts, dtype=np.int8 if counts.dtype == np.int8
                                else np.int64).reshape(-1, 20)


def _solve(rules: RuleSet, entries: dict[int, int]) -> tuple[int, ...]:
    shape = [0] * 13
    for k, v in entries.items():
        shape[k] = v
    return tuple(t.points for t in tables(rules).solve(tuple(shape)))


@kept(32)
def _parts(rules: RuleSet) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lookup tables: trump type I by runs * 5 + pairs, for each trump; marriages by pairs;
    aces, kings, queens and jacks around and pinochles by count."""
    type_one = np.zeros((4, 25), dtype=np.int64)  # [trump, runs * 5 + pairs]
    for t in range(4):
        for p in range(5):
            for r in range(p + 1):
                type_one[t, r * 5 + p] = _solve(rules, {t: r, 4 + t: p})[t]
    marriage = np.zeros(5, dtype=np.int64)
    for p in range(5):
        marriage[p] = _solve(rules, {4 + 0: p})[1]  # spade marriages with hearts trump
    singles = np.zeros((5, 5), dtype=np.int64)  # aces, kings, queens, jacks around, pinochles
    for k in range(5):
        for n in range(5):
            singles[k, n] = _solve(rules, {8 + k: n})[0]
    return type_one, marriage, singles


def shapes(counts: np.ndarray) -> np.ndarray:
    """The ``(n, 13)`` meld shapes (see ``meld.Shape``) of an ``(n, 20)`` array of counts.

    Computed a column at a time, which is fastest when the counts are stored by card
    (``counts.T`` of a ``(20, n)`` array), as the batch keeps them."""
    col = [counts[:, i] for i in range(20)]
    runs = [reduce(np.minimum, col[5 * s: 5 * s + 5]) for s in range(4)]
    pairs = [np.minimum(col[5 * s + 2], col[5 * s + 3]) for s in range(4)]
    arounds = [reduce(np.minimum, col[rank::5]) for rank in (0, 2, 3, 4)]
    pinochles = [np.minimum(col[3], col[14])]
    return np.array(runs + pairs + arounds + pinochles).T


_POWERS = [5**i for i in range(13)]


def shape_codes(sh: np.ndarray) -> np.ndarray:
    """Each ``(n, 13)`` shape packed into one integer, base 5 (``engine.shape_code``)."""
    return reduce(np.add, [sh[:, i].astype(np.int64) * p for i, p in enumerate(_POWERS)])


def meld_points(counts: ArrayLike, rules: RulesLike) -> np.ndarray:
    """The meld with each trump, ``(n, 4)``, of every row of an ``(n, 20)`` count array (each
    count 0 to 4: else a ``ValueError``)."""
    rules = as_rules(rules)
    native = NATIVE is not None and not _coupled(rules)
    counts = _as_counts(counts, native)
    if native and NATIVE is not None:
        out = np.empty((len(counts), 4), dtype=np.int64)
        NATIVE.points(counts, *_parts(rules), out)
        return out
    return shape_points(shapes(counts), rules)


def shape_points(sh: np.ndarray, rules: RulesLike) -> np.ndarray:
    """The meld with each trump, ``(n, 4)``, of every row of an ``(n, 13)`` shape array."""
    rules = as_rules(rules)
    type_one, marriage, singles = _parts(rules)
    col = [sh[:, i] for i in range(13)]
    married = [marriage[col[4 + s]] for s in range(4)]  # each suit's marriages, not trump
    total = reduce(np.add, married + [singles[k][col[8 + k]] for k in range(5)])
    points = np.array([total - married[t] + type_one[t][col[t] * 5 + col[4 + t]]
                       for t in range(4)]).T
    if _coupled(rules):  # only a K-Q in every suit makes a roundhouse: those by the engine
        full = np.flatnonzero(reduce(np.minimum, col[4:8]) > 0)
        if len(full):
            points[full] = _by_shape(sh[full], rules)
    return points


def callable_suits(counts: ArrayLike, rules: RulesLike) -> np.ndarray:
    """``(n, 4)`` booleans: the suits each hand may name as trump (a marriage in it, unless the
    rule set never needs one: ``RuleSet.needs_marriage``; ``TrumpMeld.callable`` on arrays)."""
    counts = np.asarray(counts).reshape(-1, 20)
    if not as_rules(rules).needs_marriage(exchanged=True):
        return np.ones((len(counts), 4), dtype=bool)
    return np.array([np.minimum(counts[:, 5 * s + 2], counts[:, 5 * s + 3]) > 0
                     for s in range(4)]).T


def keeps_trump(dealt: ArrayLike, after: ArrayLike, trump: ArrayLike,
                rules: RulesLike) -> np.ndarray:
    """``(n,)`` booleans: whether each bidder, dealt ``dealt`` and holding ``after`` once the
    cards are exchanged (the same hands where none are), plays with ``trump`` named (one suit,
    or one per hand) rather than losing the bid for want of a marriage: none is needed, or the
    hand the rule set looks in (``RuleSet.marriage_after_exchange``) holds a K and Q of
    ``trump``."""
    rules = as_rules(rules)
    held = np.asarray(after if rules.marriage_after_exchange else dealt).reshape(-1, 20)
    if not rules.needs_marriage(exchanged=True):
        return np.ones(len(held), dtype=bool)
    at = np.arange(len(held))
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64), (len(held),))
    return np.asarray(np.minimum(held[at, t * 5 + 2], held[at, t * 5 + 3]) > 0)


def best_points(counts: ArrayLike, rules: RulesLike) -> np.ndarray:
    """Each hand's meld in its best trump: the highest among suits it may name, or among all
    four when it may name none (as ``meld.best_suit`` chooses)."""
    return best_points_with(counts, (-1,), rules)[:, 0]


def best_points_with(counts: ArrayLike, cards: tuple[int, ...], rules: RulesLike) -> np.ndarray:
    """``(n, len(cards))``: ``best_points`` of each hand with one more copy of each of
    ``cards`` (at most four; a card -1 adds nothing; each -1 to 19: else a ``ValueError``)."""
    rules = as_rules(rules)
    native = NATIVE is not None and not _coupled(rules)
    counts = _as_counts(counts, native)
    cards = tuple(whole_numbers(cards, "cards", -1, 19).reshape(-1).tolist())
    if native and NATIVE is not None:
        out = np.empty((len(counts), len(cards)), dtype=np.int64)
        NATIVE.best(counts, *_parts(rules), not rules.needs_marriage(exchanged=True),
                    np.array(cards, dtype=np.int64), out)
        return out
    columns = []
    for card in cards:
        plus = counts
        if card >= 0:
            plus = counts.copy()
            plus[:, card] = np.minimum(plus[:, card] + 1, 4)
        points = meld_points(plus, rules)
        ok = callable_suits(plus, rules)
        named = np.where(ok, points, -1).max(axis=1)
        columns.append(np.where(ok.any(axis=1), named, points.max(axis=1)))
    return np.stack(columns, axis=1) if columns else np.empty((len(counts), 0), dtype=np.int64)


_SUIT_ORDER = np.array([3, 2, 1, 0])


def best_trumps(counts: ArrayLike, points: np.ndarray, ok: np.ndarray) -> np.ndarray:
    """The suit each hand names (``meld.best_suit`` on arrays: ``meld.trump_to_name``, or where
    it may name none, the suit it would name were every suit allowed): the highest meld among
    the suits it may name (``ok``), ties to the longer suit, then S, H, D, C."""
    counts = np.asarray(counts).reshape(-1, 20)
    pool = ok | ~ok.any(axis=1, keepdims=True)
    top = np.where(pool, points, -1).max(axis=1, keepdims=True)
    lengths = np.array([reduce(np.add, [counts[:, i].astype(np.int64)
                                        for i in range(5 * s, 5 * s + 5)]) for s in range(4)]).T
    key = (pool & (points == top)) * 1024 + lengths * 4 + _SUIT_ORDER
    return key.argmax(axis=1)


def _coupled(rules: RuleSet) -> bool:
    return (rules.roundhouse_single is not None or rules.roundhouse_double is not None
            or rules.roundhouse_with_run is not None)


def _by_shape(sh: np.ndarray, rules: RuleSet) -> np.ndarray:
    """The engine's meld per trump, each distinct shape solved once (the engine keeps it for
    later calls, up to a bound)."""
    unique, inverse = np.unique(shape_codes(sh), return_inverse=True)
    engine = tables(rules)
    rows = [[t.points for t in trumps] for trumps in engine.solve_codes(unique.tolist())]
    solved = np.array(rows, dtype=np.int64).reshape(-1, 4)
    return solved[inverse.reshape(-1)]


__all__ = ["meld_points", "shape_points", "callable_suits", "keeps_trump", "best_points",
           "best_points_with", "best_trumps", "shapes", "shape_codes"]
