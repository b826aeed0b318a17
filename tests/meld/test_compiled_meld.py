"""The compiled meld of many hands (``_meld.c``) against vector's numpy code: every hand's meld
with each trump, its best meld with and without one more card, and the hints' tests built on
them, under every preset (those with a roundhouse option stay with numpy)."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from native import extension

from pinochle_calc.exchange import hints
from pinochle_calc.meld import vector
from pinochle_calc.rules import PRESETS, STANDARD

MELD = "pinochle_calc.meld._meld"


def hands(n: int, seed: int) -> np.ndarray:
    """Dealt hands, and hands of any counts 0 to 4 (every run and around a table holds)."""
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    dealt = [np.bincount(rng.permutation(deck)[:20], minlength=20) for _ in range(n)]
    return np.concatenate([np.array(dealt), rng.integers(0, 5, (n, 20))]).astype(np.int64)


def both(monkeypatch, call):
    native = extension(MELD)
    out = []
    for engine in (native, None):
        monkeypatch.setattr(vector, "NATIVE", engine)
        out.append(call())
    return out


@pytest.mark.parametrize("name", list(PRESETS))
def test_meld_and_best_meld_are_the_same(monkeypatch, name):
    rules = PRESETS[name]
    h = hands(1500, len(name))
    cards = (-1, 0, 3, 7, 14, 19)
    (a, b, c), (x, y, z) = both(monkeypatch, lambda: (
        vector.meld_points(h, rules), vector.best_points(h, rules),
        vector.best_points_with(h, cards, rules)))
    assert np.array_equal(a, x) and np.array_equal(b, y) and np.array_equal(c, z)
    assert a.dtype == x.dtype == np.int64 and c.shape == (len(h), len(cards))


@pytest.mark.parametrize("rank", range(5))
def test_the_hints_tests_are_the_same(monkeypatch, rank):
    h = hands(800, 20 + rank)
    for rules in (STANDARD, PRESETS["toby-thomas"]):
        for around in (False, True):
            a, b = both(monkeypatch, lambda r=rules, ar=around: hints.helped_by(h, rank, r, ar))
            assert np.array_equal(a, b)


def test_strided_and_narrow_counts_are_read_as_numbers(monkeypatch):
    h = hands(300, 3)
    deals = np.stack([h[:300], h[300:]], axis=1).astype(np.int8)  # (n, 2, 20) int8
    a, b = both(monkeypatch, lambda: vector.meld_points(deals[:, 1], STANDARD))
    assert np.array_equal(a, b)


def test_the_compiled_meld_refuses_counts_outside_0_to_4():
    native = extension(MELD)
    tables = vector._parts(STANDARD)
    out = np.empty((1, 4), dtype=np.int64)
    with pytest.raises(ValueError, match="0 to 4"):
        native.points(np.full((1, 20), 5, dtype=np.int64), *tables, out)
    with pytest.raises(ValueError, match="adding"):
        native.best(np.zeros((1, 20), dtype=np.int64), *tables, False,
                    np.array([20], dtype=np.int64), np.empty((1, 1), dtype=np.int64))


def outcome(call):
    """("ok", the array) or ("refused", the class of the error)."""
    try:
        return "ok", call()
    except (TypeError, ValueError) as e:
        return "refused", type(e)


#: Flaws of a batch of counts or of the cards added: (what, refused if any row or card).
FLAWS = ("five", "negative", "float", "width", "card", "card below")


def test_random_batches_meld_alike_or_are_refused_alike(monkeypatch):
    """300 random batches (some 15,000 hands, of every element type the callers hand in and
    strided views, under every preset), a third flawed (a count of 5 or -1, counts that are
    not whole numbers, rows that are not 20 wide, a card added past 19 or below -1): the meld
    and the best meld with each card added are alike on both paths, or refused alike, and only
    the flawed batches are refused."""
    rng = np.random.default_rng(36)
    presets = list(PRESETS)
    melded = 0
    for i in range(300):
        rules = PRESETS[presets[i % len(presets)]]
        n = int(rng.integers(0, 100))
        counts = rng.integers(0, 5, (n, 20)).astype(rng.choice(["int64", "int8", "int32",
                                                                 "uint8"]))
        if i % 5 == 0:  # a seat of whole deals, as the hints read them
            counts = np.stack([counts, counts[::-1]], axis=1)[:, 1]
        cards = tuple(int(c) for c in rng.integers(-1, 20, int(rng.integers(0, 5))))
        flaw = FLAWS[i // 3 % len(FLAWS)] if i % 3 == 0 else None
        at = (int(rng.integers(0, n)), int(rng.integers(0, 20))) if n else None
        if flaw == "five" and at:
            counts = counts.copy()
            counts[at] = 5
        elif flaw == "negative" and at:
            counts = counts.astype(np.int64)
            counts[at] = -1
        elif flaw == "float":
            counts = counts.astype(np.float64)
        elif flaw == "width":
            counts = counts[:, :19]
        elif flaw in ("card", "card below"):
            cards = cards + (20 if flaw == "card" else -2,)
        def melds(counts=counts, cards=cards, rules=rules):
            return (outcome(partial(vector.meld_points, counts, rules)),
                    outcome(partial(vector.best_points_with, counts, cards, rules)))

        a, b = both(monkeypatch, melds)
        for x, y in zip(a, b):
            assert x[0] == y[0] and (np.array_equal(x[1], y[1]) if x[0] == "ok" else x == y), \
                (i, flaw, x[0], y[0])
        meld_flawed = flaw in ("five", "negative", "float") and n > 0 or flaw == "width" and n
        assert (a[0][0] == "refused") == bool(meld_flawed), (i, flaw)
        assert (a[1][0] == "refused") == bool(meld_flawed or flaw in ("card", "card below"))
        melded += n if flaw is None else 0
    assert melded > 8000
