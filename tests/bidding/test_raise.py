"""A raise of the partner's standing bid once both opponents have passed: the partner's
contract is the side's already, so the raise may ask for a higher make chance
(``price.RAISE_CONFIDENCE``) and a gain clear of the price's noise (``price.RAISE_MARGIN``);
with an opponent still in, neither applies."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding import price as pricing
from pinochle_calc.bidding.advise import advise
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import STANDARD

# seat 0 opened 50, seat 2 (the hand) bid 51, seat 0 52, both opponents passed: a pass leaves
# the partner the contract at 52
ALONE = "50 p 51 p 52"
# ♠A 10 K Q Q J ♥10 10 J ♦A 10 10 10 K Q J ♣A A 10 J: by 200 deals (seed 1) 53 is made in
# 95.3% of them, and the price of 53 against passing is well above zero
HAND = "♠A 10 K Q Q J ♥10 10 J ♦A 10 10 10 K Q J ♣A A 10 J"


def test_a_raise_below_the_raise_confidence_is_passed(monkeypatch):
    today = advise(HAND, ALONE, "jump", samples=200, seed=1)
    chance = today.estimate.best.make_probability[53]
    assert today.call == 53 and 0.9 < chance < 0.96 and today.price.gain > 0
    # asked for just more than the raise's make chance: the hand passes, and says why
    monkeypatch.setattr(pricing, "RAISE_CONFIDENCE", chance + 0.001)
    passed = advise(HAND, ALONE, "jump", samples=200, seed=1)
    assert passed.call is None and passed.price is None
    assert "raising partner to 53 is made in under" in passed.reason
    assert passed.estimate.max_bid == today.estimate.max_bid  # the side's limit is unchanged
    # asked for exactly its make chance: the raise stands, priced as today
    monkeypatch.setattr(pricing, "RAISE_CONFIDENCE", chance)
    again = advise(HAND, ALONE, "jump", samples=200, seed=1)
    assert again.call == 53 and again.price == today.price


def test_the_raise_goes_no_higher_than_the_raise_confidence_allows(monkeypatch):
    today = advise(HAND, ALONE, "jump", samples=200, seed=1)
    curve = today.estimate.best.make_probability
    for confidence in (0.5, 0.9, 0.99):
        monkeypatch.setattr(pricing, "RAISE_CONFIDENCE", confidence)
        # naively: the highest bid of the curve made at the confidence, no higher than the limit
        sure = max([b for b in curve if curve[b] >= confidence], default=0)
        assert pricing.raise_limit(today.estimate, 60) == min(60, sure)
        assert pricing.raise_limit(today.estimate, 52) == min(52, sure)
    monkeypatch.setattr(pricing, "RAISE_CONFIDENCE", None)
    assert pricing.raise_limit(today.estimate, 57) == 57


def per_deal_gain(result, bid: int) -> np.ndarray:
    """The gain of ``bid`` with the hand's trump against passing, deal by deal, from the
    score sheet's margins: the partner names the suit with the most meld in its hand."""
    deals = result.deals
    mine, _ = pricing.margins(deals, 0, np.full(len(deals), result.trump), bid, STANDARD,
                              (None, None))
    theirs_trump = np.array([meld(Hand(d[2])).best.trump for d in deals])
    partner, _ = pricing.margins(deals, 2, theirs_trump, 52, STANDARD, (None, None))
    return mine - partner


def test_a_raise_needs_its_gain_clear_of_the_noise_by_the_margin(monkeypatch):
    today = advise(HAND, ALONE, "jump", samples=200, seed=1)
    cost = today.price
    diff = per_deal_gain(today.estimate, 53)
    assert cost.gain == pytest.approx(diff.mean())
    assert cost.error == pytest.approx(diff.std(ddof=1) / np.sqrt(len(diff)))
    ratio = cost.gain / cost.error
    monkeypatch.setattr(pricing, "RAISE_MARGIN", ratio + 0.01)
    passed = advise(HAND, ALONE, "jump", samples=200, seed=1)
    assert passed.call is None and passed.price == cost
    assert passed.reason.endswith(f"within {ratio + 0.01:g} standard errors ({cost.error:.1f})"
                                  " of nothing")
    monkeypatch.setattr(pricing, "RAISE_MARGIN", ratio - 0.01)
    assert advise(HAND, ALONE, "jump", samples=200, seed=1).call == 53


@pytest.mark.parametrize("auction", ["50 52 p", "50 p 51"])
def test_with_an_opponent_still_in_the_call_is_unchanged(monkeypatch, auction):
    # "50 52 p": the hand (seat 3) has its partner's 52 to raise, but seat 0 may still bid;
    # "50 p 51": an opponent holds the bid
    hand = Hand.parse(HAND)
    today = advise(hand, auction, "jump", samples=200, seed=1)
    assert today.call is not None
    monkeypatch.setattr(pricing, "RAISE_CONFIDENCE", 1.0)
    monkeypatch.setattr(pricing, "RAISE_MARGIN", 1e9)
    again = advise(hand, auction, "jump", samples=200, seed=1)
    assert again.call == today.call and again.reason == today.reason
