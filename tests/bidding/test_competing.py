"""Outbidding an opponent (``estimate.competing_confidence``, ``estimate.max_bid_at``, the
bid advice's limit): where an opponent holds the bid and the rule set has no card exchange,
the side may go up to the highest bid it makes at ``CONFIDENCE_COMPETING``; elsewhere the
default confidence holds. The seats worked out by hand, the highest bid by a naive count of
the estimate's deals, and the call against the setting."""

from __future__ import annotations

from importlib import import_module

import pytest

from pinochle_calc.bidding.advise import advise
from pinochle_calc.bidding.auction import iter_bids, parse_auction
from pinochle_calc.rules import STANDARD

#: the module (``pinochle_calc.bidding.estimate`` the name is the function)
E = import_module("pinochle_calc.bidding.estimate")
FAIR = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
WEAK = "10S 10S KS KS QS JS 10H 10H AD AD AD 10D 10D 10D JD JD 10C 10C KC JC"
PASS4 = STANDARD.override("passing.cards=4")


@pytest.mark.parametrize("text, rules, competing", [
    ("", STANDARD, False),  # nobody has bid: seat 0 opens
    ("50", STANDARD, True),  # seat 1 to call, seat 0 (an opponent) holds the bid
    ("50 p", STANDARD, False),  # seat 2 to call, its partner seat 0 holds it
    ("50 55", STANDARD, True),  # seat 2, seat 1 holds it
    ("p 50 p", STANDARD, False),  # seat 3, its partner seat 1 holds it
    ("p 50 55", STANDARD, True),  # seat 3, seat 2 holds it
    ("50 55 p p", STANDARD, True),  # seat 0 again, seat 1 holds it
    ("50", PASS4, False),  # with a card exchange the default confidence holds
])
def test_the_competing_confidence_is_asked_only_where_an_opponent_holds_the_bid(text, rules,
                                                                                 competing):
    auction = parse_auction(text, rules)
    want = E.CONFIDENCE_COMPETING if competing else None
    assert E.competing_confidence(auction) == want


def naive_max_bid(best, rules, confidence: float) -> int | None:
    """The highest legal bid, of every one up to the best deal's total, that the side makes
    in at least ``confidence`` of the deals (``TrumpEstimate.probability``, bid by bid: each
    deal weighed by the chance that the others pass after the bid)."""
    found = None
    for bid in iter_bids(rules, rules.min_bid_points, int(best.totals.max())):
        if best.probability(bid) >= confidence:
            found = bid
    return found


@pytest.mark.parametrize("hand, text", [(FAIR, "50 60"), (FAIR, ""), (FAIR, "p 50 p"),
                                        (WEAK, "50 51"), (FAIR, "50 75")])
def test_the_highest_bid_at_a_confidence_is_the_deals_counted(hand, text):
    advice = advise(hand, text, samples=300)
    rules = advice.rules
    for best in advice.estimate.trumps.values():
        # at the estimate's own confidence, its own maximum
        assert E.max_bid_at(best, rules, advice.estimate.confidence) == best.max_bid
        # and at others: low and high, and exactly some bid's own chance (made "at least")
        exact = sorted(set(best.make_probability.values()))
        for confidence in (0.05, 0.6, 0.75, 0.85, 0.95, 1.0, *exact[len(exact) // 2:]):
            assert E.max_bid_at(best, rules, confidence) == naive_max_bid(best, rules,
                                                                          confidence)


def test_outbidding_an_opponent_goes_up_to_the_competing_limit(monkeypatch):
    """FAIR, its partner having opened and an opponent at 75: the side makes 80 in about four
    deals of five (short of 85%): at the default it passes; allowed 75% to take the contract
    from an opponent, it bids 80. With its partner holding the bid, or with a confidence given,
    the setting changes nothing."""
    rules = STANDARD
    monkeypatch.setattr(E, "CONFIDENCE_COMPETING", E.CONFIDENCE_NO_PASS)
    before = advise(FAIR, "50 75", samples=300)
    best = before.estimate.best
    assert before.call is None and best is not None
    assert best.probability(80) < E.CONFIDENCE_NO_PASS <= best.probability(75)
    monkeypatch.setattr(E, "CONFIDENCE_COMPETING", 0.75)
    after = advise(FAIR, "50 75", samples=300)
    assert after.call == 80 == naive_max_bid(after.estimate.best, rules, 0.75)
    assert "limit of 80" in after.reason
    # the same hand where its partner holds the bid, or with the confidence given
    for text, confidence in (("p 75 p", None), ("50 75", 0.85)):
        monkeypatch.setattr(E, "CONFIDENCE_COMPETING", E.CONFIDENCE_NO_PASS)
        one = advise(FAIR, text, samples=300, confidence=confidence)
        monkeypatch.setattr(E, "CONFIDENCE_COMPETING", 0.6)
        two = advise(FAIR, text, samples=300, confidence=confidence)
        assert one.call == two.call
