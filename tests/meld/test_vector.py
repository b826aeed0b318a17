"""The numpy meld of many hands agrees with the meld engine, hand by hand, under every preset."""

import numpy as np
import pytest

from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.meld.engine import shape, shape_code
from pinochle_calc.meld.vector import (
    best_points,
    best_trumps,
    callable_suits,
    meld_points,
    shape_codes,
    shapes,
)
from pinochle_calc.rules import PRESETS, STANDARD

RULE_SETS = dict(PRESETS)
RULE_SETS["roundhouse"] = STANDARD.with_options(
    roundhouse_single=32, roundhouse_with_run=39, roundhouse_double=240)
RULE_SETS["no-marriage-needed"] = STANDARD.with_options(marriage_required="false")


def random_hands(n, seed):
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    out = np.zeros((n, 20), dtype=np.int64)
    for i in range(n):
        size = int(rng.integers(8, 45))
        out[i] = np.bincount(deck[rng.permutation(80)[:size]], minlength=20)
    return out


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_agrees_with_the_engine(name):
    rules = RULE_SETS[name]
    hands = random_hands(600, seed=len(name))
    points = meld_points(hands, rules)
    best = best_points(hands, rules)
    ok = callable_suits(hands, rules)
    trumps = best_trumps(hands, points, ok)
    for row, p, b, c, t in zip(hands, points, best, ok, trumps):
        result = meld(Hand(row.tolist()), rules)
        assert p.tolist() == [t.points for t in result.trumps]
        assert b == result.best.points
        assert c.tolist() == [t.callable for t in result.trumps]
        assert t == result.best.trump  # ties to the longer suit, then S H D C


def test_the_worked_example_scores_87():
    hand = Hand.parse("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J")
    assert meld_points(np.array([hand.counts]), STANDARD)[0, 1] == 87


def test_shapes_and_codes_are_the_engines_whatever_the_layout():
    hands = random_hands(300, seed=7)
    by_card = np.ascontiguousarray(hands.T.astype(np.int8))  # as the batch keeps them
    for counts in (hands, by_card.T):
        sh = shapes(counts)
        assert [tuple(row) for row in sh.tolist()] == [shape(h) for h in hands.tolist()]
        assert shape_codes(sh).tolist() == [shape_code(shape(h)) for h in hands.tolist()]
        assert (meld_points(counts, STANDARD) == meld_points(hands, STANDARD)).all()


def test_ties_among_callable_suits_go_to_the_longer_then_the_first():
    counts = np.array([Hand.parse(h).counts for h in (
        "KS QS KD QD AD 10D", "KS QS KH QH", "KH QH KC QC AC", "AS AH AD AC", "AS AH AH")])
    points = meld_points(counts, STANDARD)
    assert best_trumps(counts, points, callable_suits(counts, STANDARD)).tolist() == [
        2, 0, 3, 0, 1]
