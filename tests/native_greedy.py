"""The fuzz's cases of the exchange's and the meld's compiled entry points (``_greedy``,
``_meld``): for each, a maker of valid arguments and the rule of what it must refuse (see
``native_cases``, which plays them)."""

from __future__ import annotations

from importlib import import_module

import numpy as np
from native_args import CARDS, DECK, ROUGH, apart, array, first_fault, truth, whole

# _greedy ------------------------------------------------------------------------------------

MAXINCOMING = 10_000
#: The objectives made in this process, by id: whether each receives passes (a capsule is
#: valid where it is one of these).
MADE: dict[int, tuple[object, bool]] = {}


def umath() -> object:
    """numpy's module that links its BLAS (numpy 2; numpy 1 kept it in numpy.core)."""
    try:
        return import_module("numpy._core._multiarray_umath")
    except ImportError:
        return import_module("numpy.core._multiarray_umath")


def umath_path() -> str:
    return umath().__file__


def make_blas(rng: np.random.Generator) -> list:
    return [umath_path()]


def refused_blas(path) -> str | None:
    return None if isinstance(path, str) and "\0" not in path else "path"


def make_dots(rng: np.random.Generator) -> list:
    m = int(rng.integers(1, 6))
    return [rng.normal(size=CARDS), rng.integers(0, 5, (m, CARDS)).astype(np.float64),
            np.zeros(m)]


def refused_dots(values, rows, out) -> str | None:
    v, o = array(values, np.float64, CARDS), array(out, np.float64, -1, True)
    if v is None or o is None:
        return "values or out"
    r = array(rows, np.float64, o.size * CARDS)
    return first_fault((r is not None, "rows"), (1 <= o.size <= (2**31 - 1) // CARDS, "m"),
                       (apart(o, v, r), "out"))


def _parts(rng: np.random.Generator, twice: bool) -> tuple[tuple[int, ...], ...]:
    """Parts of an objective (with ``twice``, cards drawn with replacement: one may be twice
    in a part, and there may be more than 16 parts)."""
    return tuple(tuple(int(c) for c in rng.choice(CARDS, int(rng.integers(1, 6)),
                                                  replace=twice))
                 for _ in range(int(rng.integers(1, 20 if twice else 17))))


def make_objective(rng: np.random.Generator, incoming: bool | None = None,
                   rough: bool | None = None) -> list:
    parts = _parts(rng, rng.random() < ROUGH if rough is None else rough)
    if incoming is None:
        incoming = rng.random() < 0.4
    tables = [5 ** len(p) for p in parts]
    passes = rng.integers(0, 3, (int(rng.integers(1, 5)), CARDS)) if incoming else None
    return [rng.normal(size=CARDS), parts, tuple(rng.normal(size=k) for k in tables),
            tuple(rng.integers(0, 40, k).astype(np.float64) for k in tables), passes,
            tuple(np.zeros(k) for k in tables), tuple(np.zeros(k, dtype=bool) for k in tables)]


def refused_objective(per_card, parts, gains, kept, incoming, averaged, known) -> str | None:
    if not isinstance(parts, tuple) or not 1 <= len(parts) <= 16:
        return "parts"
    for part in parts:
        if not isinstance(part, tuple) or not 1 <= len(part) <= 5:
            return "a part"
        cards = [whole(c, 0, CARDS - 1) for c in part]
        if None in cards or len(set(cards)) < len(cards):
            return "a part's cards"
    views = [array(per_card, np.float64, CARDS)]
    tables = [5 ** len(p) for p in parts]
    receiving = incoming is not None
    seqs = (gains, kept) + ((averaged, known) if receiving else ())
    if views[0] is None or not all(isinstance(t, tuple) and len(t) == len(parts) for t in seqs):
        return "per_card, or a tuple of tables"
    if receiving:
        passes = array(incoming, np.int64)
        if passes is None or passes.size % CARDS or not 1 <= passes.size // CARDS <= MAXINCOMING \
                or not ((passes >= 0) & (passes <= 4)).all():
            return "incoming"
        views.append(passes)
    written = []
    for i, k in enumerate(tables):
        views += [array(gains[i], np.float64, k), array(kept[i], np.float64, k)]
        if receiving:
            written += [array(averaged[i], np.float64, k, True), array(known[i], bool, k, True)]
    if any(v is None for v in views + written):
        return "a table"
    for i, w in enumerate(written):
        if not apart(w, *views, *written[:i], *written[i + 1:]):
            return "a table written shares memory"
    return None


def objective_for(greedy, rng: np.random.Generator, incoming: bool | None = None) -> object:
    args = make_objective(rng, incoming, False)
    out = greedy.objective(*args)
    MADE[id(out)] = (out, args[4] is not None)
    return out


def hands_of(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.array([np.bincount(rng.permutation(DECK)[:int(rng.integers(0, 30))],
                                 minlength=CARDS) for _ in range(n)], dtype=np.int64).reshape(
        n, CARDS)


def within(rng: np.random.Generator, hands: np.ndarray) -> np.ndarray:
    return np.minimum(hands, rng.integers(0, 3, hands.shape)).astype(np.int64)


def objective_of(capsule: object) -> tuple[object, bool] | None:
    made = MADE.get(id(capsule))
    return made if made is not None and made[0] is capsule else None


def counts_of(x: object) -> np.ndarray | None:
    h = array(x, np.int64)
    return None if h is None or h.size % CARDS or not ((h >= 0) & (h <= 4)).all() else h


def choices_within(hands: np.ndarray, chosen: np.ndarray) -> bool:
    n = hands.size // CARDS
    if not n:
        return chosen.size == 0
    c = chosen.reshape(n, -1, CARDS)
    return bool(((c >= 0) & (c <= hands.reshape(n, 1, CARDS))).all())


def make_pick(greedy, rng: np.random.Generator) -> list:
    n = int(rng.integers(0, 5))
    hands = hands_of(rng, n)
    return [objective_for(greedy, rng), hands, within(rng, hands), rng.random((n, CARDS)) < 0.6,
            rng.integers(0, 81, n).astype(np.int64), bool(rng.random() < 0.5)]


def refused_pick(obj, hands, chosen, allowed, count, distinct) -> str | None:
    h = counts_of(hands)
    if objective_of(obj) is None or h is None or not truth(distinct):
        return "objective, hands or distinct"
    n = h.size // CARDS
    c, a = array(chosen, np.int64, n * CARDS, True), array(allowed, bool, n * CARDS)
    k = array(count, np.int64, n)
    return first_fault((c is not None and a is not None and k is not None, "a buffer"),
                       (c is not None and apart(c, h, a, k), "chosen shares memory"),
                       (c is not None and choices_within(h, c), "chosen"),
                       (k is not None and ((k >= 0) & (k <= 80)).all(), "count"))


def make_choose(greedy, rng: np.random.Generator) -> list:
    n = int(rng.integers(0, 5))
    hands = hands_of(rng, n)
    first = np.minimum(within(rng, hands), 1)
    low = int(first.sum(axis=1).max(initial=0))
    high = int(hands.sum(axis=1).min(initial=80))
    if rng.random() < ROUGH:  # more cards than a hand holds, fewer than chosen already
        low, high = 0, 80
    k = int(rng.integers(low, max(low, high) + 1))
    return [objective_for(greedy, rng), hands, first, k, int(rng.integers(0, 4)),
            np.zeros((n, CARDS), dtype=np.int64)]


def _begun(h: np.ndarray, first: np.ndarray | None, k: int) -> bool:
    n = h.size // CARDS
    taken = np.zeros(n) if first is None else first.reshape(n, CARDS).sum(axis=1)
    return bool(((taken <= k) & (k <= h.reshape(n, CARDS).sum(axis=1))).all())


def refused_choose(obj, hands, first, k, trump, out) -> str | None:
    kk, t, h = whole(k, 0, 80), whole(trump, 0, 3), counts_of(hands)
    if objective_of(obj) is None or kk is None or t is None or h is None:
        return "objective, k, trump or hands"
    n = h.size // CARDS
    f, o = array(first, np.int64, n * CARDS), array(out, np.int64, n * CARDS, True)
    return first_fault((f is not None and o is not None, "a buffer"),
                       (o is not None and apart(o, h, f), "out shares memory"),
                       (f is not None and choices_within(h, f) and _begun(h, f, kk), "first"))


def make_choose_blind(greedy, rng: np.random.Generator) -> list:
    n, m = int(rng.integers(0, 4)), int(rng.integers(1, 4))
    if rng.random() < ROUGH:  # (the most passes the search averages over, and one more)
        n, m = 1, int(rng.choice([MAXINCOMING, MAXINCOMING + 1]))
    hands = hands_of(rng, n)
    high = int(hands.sum(axis=1).min(initial=80))
    return [objective_for(greedy, rng, False), hands, rng.integers(0, 5, (n * m, CARDS)), m,
            int(rng.integers(0, min(high, 80) + 1)), int(rng.integers(0, 4)),
            np.zeros((n, CARDS), dtype=np.int64)]


def refused_choose_blind(obj, hands, incoming, m, k, trump, out) -> str | None:
    made = objective_of(obj)
    mm, kk, t = whole(m, 1, MAXINCOMING), whole(k, 0, 80), whole(trump, 0, 3)
    h = counts_of(hands)
    if made is None or made[1] or mm is None or kk is None or t is None or h is None:
        return "objective, m, k, trump or hands"
    n = h.size // CARDS
    i, o = array(incoming, np.int64, n * mm * CARDS), array(out, np.int64, n * CARDS, True)
    return first_fault((i is not None and o is not None, "a buffer"),
                       (o is not None and apart(o, h, i), "out shares memory"),
                       (i is not None and ((i >= 0) & (i <= 4)).all(), "incoming"),
                       (_begun(h, None, kk), "k"))


def make_score(greedy, rng: np.random.Generator) -> list:
    n, m = int(rng.integers(0, 4)), int(rng.integers(0, 4))
    hands = hands_of(rng, n)
    choices = np.zeros((n, m, CARDS), dtype=np.int64)
    for c in range(m):
        choices[:, c] = within(rng, hands)
    return [objective_for(greedy, rng), hands, choices, np.zeros((n, m))]


def refused_score(obj, hands, choices, out) -> str | None:
    h = counts_of(hands)
    if objective_of(obj) is None or h is None:
        return "objective or hands"
    n, o = h.size // CARDS, array(out, np.float64, -1, True)
    if o is None or (n and o.size % n) or (not n and o.size):
        return "out"
    c = array(choices, np.int64, o.size * CARDS)
    return first_fault((c is not None, "choices"), (c is not None and apart(o, h, c), "out"),
                       (c is not None and choices_within(h, c), "a choice"))


def make_added(greedy, rng: np.random.Generator) -> list:
    n = int(rng.integers(0, 5))
    hands = hands_of(rng, n)
    return [objective_for(greedy, rng), hands, within(rng, hands), np.zeros((n, CARDS))]


def refused_added(obj, hands, chosen, out) -> str | None:
    h = counts_of(hands)
    if objective_of(obj) is None or h is None:
        return "objective or hands"
    n = h.size // CARDS
    c, o = array(chosen, np.int64, n * CARDS), array(out, np.float64, n * CARDS, True)
    return first_fault((c is not None and o is not None, "a buffer"),
                       (o is not None and apart(o, h, c), "out"),
                       (c is not None and choices_within(h, c), "chosen"))


# _meld --------------------------------------------------------------------------------------

def _tables() -> list[np.ndarray]:
    from pinochle_calc.meld.vector import _parts
    from pinochle_calc.rules import STANDARD

    return [np.array(t) for t in _parts(STANDARD)]


def make_points(rng: np.random.Generator) -> list:
    n = int(rng.integers(0, 6))
    counts = rng.integers(0, 5, (n, CARDS)).astype(np.int64 if rng.random() < 0.5 else np.int8)
    return [counts, *_tables(), np.zeros((n, 4), dtype=np.int64)]


def _counts_and_tables(counts, type_one, marriage, singles) -> tuple | None:
    c = array(counts, np.int64)
    c = array(counts, np.int8) if c is None else c
    tables = (array(type_one, np.int64, 100), array(marriage, np.int64, 5),
              array(singles, np.int64, 25))
    if c is None or c.size % CARDS or any(t is None for t in tables) or not (
            (c >= 0) & (c <= 4)).all():
        return None
    return c, tables


def refused_points(counts, type_one, marriage, singles, out) -> str | None:
    read = _counts_and_tables(counts, type_one, marriage, singles)
    if read is None:
        return "counts or tables"
    o = array(out, np.int64, 4 * (read[0].size // CARDS), True)
    return None if o is not None and apart(o, read[0], *read[1]) else "out"


def make_best(rng: np.random.Generator) -> list:
    n, m = int(rng.integers(0, 5)), int(rng.integers(0, 5))
    counts = rng.integers(0, 5, (n, CARDS)).astype(np.int64 if rng.random() < 0.5 else np.int8)
    return [counts, *_tables(), bool(rng.random() < 0.5), rng.integers(-1, 20, m),
            np.zeros((n, m), dtype=np.int64)]


def refused_best(counts, type_one, marriage, singles, any_suit, adding, out) -> str | None:
    read = _counts_and_tables(counts, type_one, marriage, singles)
    a = array(adding, np.int64)
    if read is None or a is None or not truth(any_suit):
        return "counts, tables, any_suit or adding"
    o = array(out, np.int64, (read[0].size // CARDS) * a.size, True)
    return first_fault((o is not None and apart(o, read[0], *read[1], a), "out"),
                       (((a >= -1) & (a < CARDS)).all(), "adding"))
