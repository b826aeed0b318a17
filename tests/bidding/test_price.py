"""The price of a call: the margins it counts are the score sheet's, deal by deal; it is weighed
only where a pass leaves the partner the contract; and the advice follows it there."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.advise import advise
from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.price import margins, partner_holds_alone, price
from pinochle_calc.game.whole import deal_cards
from pinochle_calc.hand import Hand
from pinochle_calc.play.simulate import play_deal
from pinochle_calc.rules import STANDARD, load_rules
from pinochle_calc.scoring import HandInput, score_hand

# seat 0 opens 50, seat 1 passes, seat 2 (the hand) bid 51, seat 3 passes, seat 0 52: the hand's
# partner holds the bid and both opponents are out
ALONE = "50 p 51 p 52"


def test_the_partner_holds_alone_only_once_both_opponents_have_passed():
    assert partner_holds_alone(parse_auction(ALONE))
    assert not partner_holds_alone(parse_auction("50 p"))  # seat 3 is still in
    assert not partner_holds_alone(parse_auction("50 51"))  # an opponent holds it
    assert not partner_holds_alone(parse_auction("50 p 51"))  # the hand holds it (seat 3 next)
    assert not partner_holds_alone(parse_auction("p p p"))  # the stuck dealer


def test_margins_are_what_the_score_sheet_gives():
    from pinochle_calc.meld import meld

    deals = np.array([[h.counts for h in deal_cards(11, i)] for i in range(6)])
    trump = np.array([1, 2, 0, 3, 1, 2])
    for declarer in (0, 2):
        got, made = margins(deals, declarer, trump, 55, STANDARD, (None, None))
        for i, counts in enumerate(deals):
            hands = [Hand(h) for h in counts]
            melds = [meld(h).trumps[trump[i]] for h in hands]
            if not melds[declarer].callable:
                assert got[i] == -55 and not made[i]
                continue
            tricks = play_deal(hands, int(trump[i]), declarer)
            side_meld = (melds[0].points + melds[2].points, melds[1].points + melds[3].points)
            score = score_hand(HandInput(0, 55, side_meld, tricks))
            assert got[i] == score.points[0] - score.points[1]
            assert made[i] == (score.result == "made")


def exchanged(deals: np.ndarray, trump: np.ndarray, rules) -> np.ndarray:
    """The deals after the exchange between seat 2 (naming ``trump``) and seat 0."""
    from pinochle_calc.exchange.policy import exchange

    after = deals.copy()
    for t in range(4):
        rows = trump == t
        done = exchange(deals[rows, 2], deals[rows, 0], t, rules)
        after[rows, 2], after[rows, 0] = done.bidder, done.partner
    return after


def test_with_an_exchange_the_margins_are_those_of_the_deals_after_it():
    # the marriage looked for after the exchange (after-pass): every figure is the deals' after
    rules = load_rules("standard,passing.cards=4,marriage_required=after-pass")
    deals = np.array([[h.counts for h in deal_cards(12, i)] for i in range(8)])
    trump = np.array([1, 1, 2, 2, 0, 0, 3, 3])
    after = exchanged(deals, trump, rules)
    assert (after != deals).any()
    got = margins(deals, 2, trump, 60, rules, (None, None))
    plain = margins(after, 2, trump, 60, STANDARD, (None, None))
    assert (got[0] == plain[0]).all() and (got[1] == plain[1]).all()


def test_trump_named_before_the_exchange_needs_its_marriage_as_dealt():
    # RULES.md: the bidder names a suit it holds a marriage in, and the exchange comes after:
    # a declarer without one as dealt loses the bid (-60, unplayed), whatever the exchange
    # brings it; one with one plays on the deals after the exchange
    rules = load_rules("standard,passing.cards=4")
    deals = np.array([[h.counts for h in deal_cards(12, i)] for i in range(8)])
    trump = np.array([1, 1, 2, 2, 0, 0, 3, 3])
    after = exchanged(deals, trump, rules)
    got, made = margins(deals, 2, trump, 60, rules, (None, None))
    plain = margins(after, 2, trump, 60, STANDARD, (None, None))
    dealt = deals[np.arange(8), 2]
    married = (dealt[np.arange(8), trump * 5 + 2] > 0) & (dealt[np.arange(8), trump * 5 + 3] > 0)
    held = after[np.arange(8), 2]
    got_one = (held[np.arange(8), trump * 5 + 2] > 0) & (held[np.arange(8), trump * 5 + 3] > 0)
    assert married.any() and (~married & got_one).any()  # both cases are here
    assert (got[~married] == -60).all() and not made[~married].any()
    assert (got[married] == plain[0][married]).all() and (made == plain[1] & married).all()


def test_the_advice_follows_the_price_where_the_partner_holds_alone():
    hands = deal_cards(5)
    auction = parse_auction(ALONE)
    for seat_hand in hands:
        advice = advise(seat_hand, auction, "jump", samples=300, seed=1)
        if advice.estimate.trump is None:
            assert advice.call is None
            continue
        cost = advice.price
        if cost is None:  # the next bid is past the side's limit
            assert advice.call is None and (advice.estimate.max_bid or 0) < 53
            continue
        assert cost.partner_bid == 52
        again = price(auction, advice.estimate, cost.bid, "jump")
        assert again == cost  # the same deals, the same figures
        if cost.gain > 0:
            assert advice.call == cost.bid and "worth" in advice.reason
        else:
            assert advice.call is None and "costs" in advice.reason
        assert advice.to_dict()["price"]["gain"] == round(cost.gain, 2)
    # elsewhere nothing is priced, and priced=False keeps the limit's call
    plain = advise(hands[1], parse_auction("50"), "jump", samples=200)
    assert plain.price is None and plain.to_dict()["price"] is None
    unpriced = advise(hands[0], auction, "jump", samples=300, seed=1, priced=False)
    assert unpriced.price is None


def test_a_strong_trump_hand_takes_the_contract_from_a_weak_partner():
    """Eight hearts with the aces and tens against a partner who opened 50 and was not heard
    again: the hand's own trump is worth the higher bid; a hand that adds nothing passes."""
    strong = "♥A A 10 10 K K Q J ♠A A ♦A A ♣A A 10 K Q Q J J"
    auction = parse_auction(ALONE)
    advice = advise(strong, auction, "jump", samples=400, seed=3)
    assert advice.price is not None and advice.price.gain > 0 and advice.call is not None
    weak = "♥K Q J J ♠K Q J J 10 ♦Q J J 10 10 ♣Q Q J J 10 K"
    advice = advise(weak, auction, "jump", samples=400, seed=3)
    assert advice.call is None
    assert advice.price is None or advice.price.gain <= 0


def test_the_price_never_takes_a_bid_past_the_sides_limit():
    """Two partners who each count their own trump the better would raise each other for ever
    on the price alone (a set still scores the tricks the side takes): the limit bounds them."""
    strong = "♥A A 10 10 K K Q J ♠A A ♦A A ♣A A 10 K Q Q J J"
    auction = parse_auction("50 p 51 p 52")
    free = advise(strong, auction, "jump", samples=300, seed=3)
    assert free.call is not None and free.price.gain > 0
    # the partner holds at 200: the hand's own trump still takes more tricks, but 205 is past
    # what the side can make
    high = parse_auction("50 p 51 p 200")
    capped = advise(strong, high, "jump", samples=300, seed=3)
    assert (capped.estimate.max_bid or 0) < 205
    assert capped.call is None and capped.price is None
    assert price(high, capped.estimate, 205, "jump").gain > 0  # what the price alone says


def test_under_the_standard_rules_a_price_needs_deals():
    e = advise(deal_cards(5)[0], parse_auction(ALONE), "jump", samples=50).estimate
    assert e.deals is not None and e.deals.shape == (50, 4, 20)
    assert price(parse_auction("50"), e, 51, "jump") is None
    assert STANDARD.trick_points == 50


def test_a_jump_is_priced_against_the_lowest_bid_where_the_side_holds_the_contract():
    hand = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
    advice = advise(hand, "50 52 p", "jump", samples=400, seed=0)
    assert advice.call == 56  # jumps by 4 to show 40 meld, where 53 would do
    cost = advice.price
    assert cost is not None and cost.against == 53 and cost.bid == 56
    best = advice.estimate.best
    w = best.holding.weights(56)
    share = w / w.sum()
    t = best.totals
    expected = share @ (np.where(t >= 56, t, -56) - np.where(t >= 53, t, -53))
    assert cost.gain == pytest.approx(expected) and cost.gain <= 0
    assert cost.made == pytest.approx(best.probability(56)) and cost.made <= cost.other_made
    assert "56 rather than 53 risks" in cost.words and "risks" not in advice.reason
    assert advice.to_dict()["price"]["against"] == 53
    # the lowest legal bid has no price against itself
    from pinochle_calc.bidding.price import jump_price

    assert jump_price(advice.auction, advice.estimate, 53) is None
    assert advise(hand, "50 52 p", "jump", samples=400, seed=0, priced=False).price is None


def test_a_price_settled_on_a_spread_of_the_deals_stands_else_all_are_played(monkeypatch):
    """The price is first worked out on one deal in every few of the estimate's; where each
    bid's gain is SETTLED standard errors from zero that stands, else every deal is played."""
    from pinochle_calc.bidding import price as pricing

    auction = parse_auction(ALONE)
    strong = "♥A A 10 10 K K Q J ♠A A ♦A A ♣A A 10 K Q Q J J"
    result = advise(strong, auction, "jump", samples=1000, seed=3, priced=False).estimate
    assert result.deals is not None and len(result.deals) == 1000
    step = len(result.deals) // pricing.PRICE_FIRST
    spread = pricing._prices(auction, result, slice(None, None, step), [53, 56], "jump")
    every = pricing._prices(auction, result, slice(None), [53, 56], "jump")
    assert pricing._settled([d for _, d in spread])  # eight trumps against a bare 52
    assert pricing.prices(auction, result, [53, 56], "jump") == [p for p, _ in spread]
    assert [p.deals for p, _ in spread] == [200, 200]
    # a gain within the noise of zero is not settled
    assert not pricing._settled([np.array([5.0, -5.0, 4.0, -4.0])])
    assert pricing._settled([np.array([5.0, 6.0, 5.5, 4.5])])
    monkeypatch.setattr(pricing, "SETTLED", 1e9)  # nothing settles: every deal is played
    assert pricing.prices(auction, result, [53, 56], "jump") == [p for p, _ in every]
    assert [p.deals for p, _ in every] == [1000, 1000]
