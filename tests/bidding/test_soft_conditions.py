"""Soft conditions (``inferences.Below``: they only weigh deals) are not asked their mask or
distance by the conditioned dealing (``play.conditions``): that every deal meets them and none
is far from them, and that the deals are the same as where the dealing asks them."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pytest

from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.bidding.inferences import Below, Condition, _Test
from pinochle_calc.hand import Hand
from pinochle_calc.play.conditions import deal_meeting
from pinochle_calc.play.dealer import Dealer
from pinochle_calc.rules import STANDARD

HAND = "♥A 10 K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J 10"


class _Asked(NamedTuple):
    """A test as the dealing sees it, its ``soft`` hidden: every view asked."""

    test: _Test

    @property
    def label(self) -> str:
        return self.test.label

    def mask(self, deals: np.ndarray) -> np.ndarray:
        return self.test.mask(deals)

    def distance(self, deals: np.ndarray) -> np.ndarray:
        return self.test.distance(deals)

    def likelihood(self, deals: np.ndarray) -> np.ndarray | None:
        return self.test.likelihood(deals)


def conditions_of(meld: int) -> list[_Test]:
    return [_Test(Condition(2, Signal("meld", meld=meld), "partner: meld"), STANDARD),
            _Test(Below(1, 30, "left opponent: under 30", or_no_marriage=True), STANDARD),
            _Test(Below(3, 15, "right opponent: under 15"), STANDARD)]


def test_a_soft_condition_is_met_by_every_deal_and_far_from_none():
    deals = Dealer(Hand.parse(HAND)).deal(np.random.default_rng(4), 3000)
    for test in conditions_of(20):
        assert test.soft == isinstance(test.condition, Below)
        if test.soft:
            assert test.mask(deals).all() and not test.distance(deals).any()


@pytest.mark.parametrize("meld, limit", [(20, 50), (30, 1), (60, 50)])
def test_the_deals_are_the_same_where_soft_conditions_are_asked(meld, limit):
    """By rejection (partner 20 meld), by building (the limit forced down; a rare 60)."""
    hand = Hand.parse(HAND)
    tests = conditions_of(meld)
    skipped = deal_meeting(Dealer(hand), np.random.default_rng(5), 300, tests, limit)
    asked = deal_meeting(Dealer(hand), np.random.default_rng(5), 300,
                         [_Asked(t) for t in tests], limit)
    assert skipped.built == asked.built and skipped.drawn == asked.drawn
    assert skipped.built == (limit == 1 or meld == 60)
    assert np.array_equal(skipped.deals, asked.deals)
    assert skipped.acceptance == asked.acceptance
