"""The compiled meld of many hands (``_meld.c``) against vector's numpy code: every hand's meld
with each trump, its best meld with and without one more card, and the hints' tests built on
them, under every preset (those with a roundhouse option stay with numpy)."""

from __future__ import annotations

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
