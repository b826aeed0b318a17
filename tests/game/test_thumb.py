"""The rule-of-thumb bidder: what it counts in a hand, its count under rule sets, and how it bids
with it (to its limit in the smallest steps, never over its partner, never without a marriage)."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.game.policies import Bid, Situation, Thumb, policy
from pinochle_calc.game.thumb import (
    BASE_FOUR_CARDS,
    BASE_NO_PASS,
    FEATURES,
    WORTH_FOUR_CARDS,
    WORTH_NO_PASS,
    base_for,
    count,
    features,
    worths_for,
)
from pinochle_calc.game.whole import deal_cards, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import STANDARD, load_rules

# eight hearts with a run, three spades, no diamond, nine clubs
HAND = Hand.parse("♥A A 10 K Q J J J ♠A 10 K ♣A K Q J J 10 10 K Q")


def test_what_a_player_counts_in_a_hand():
    f = dict(zip(FEATURES, features(HAND.counts, 1, STANDARD)[0]))
    assert f["meld"] == meld(HAND).trumps[1].points
    assert f["trumps"] == 8 and f["trumps over 7"] == 1
    assert f["trump aces"] == 2 and f["trump tens"] == 1
    assert f["side aces"] == 2  # ♠A and ♣A
    assert f["voids"] == 1 and f["singletons"] == 0  # no diamond
    spades = dict(zip(FEATURES, features(HAND.counts, 0, STANDARD)[0]))
    assert spades["trumps"] == 3 and spades["side aces"] == 3 and spades["trump aces"] == 1
    # vectorised: one row a hand, one trump a hand
    both = features(np.stack([HAND.counts, HAND.counts]), np.array([1, 0]), STANDARD)
    assert both[0].tolist() == list(f.values()) and both[1].tolist() == list(spades.values())


def test_the_count_is_the_worths_times_what_is_counted_plus_the_base():
    expected = float(features(HAND.counts, 1, STANDARD)[0] @ np.array(WORTH_NO_PASS))
    assert count(HAND, 1, STANDARD) == pytest.approx(expected + BASE_NO_PASS)
    four = load_rules("standard,passing.cards=4")
    assert worths_for(four) == pytest.approx(WORTH_FOUR_CARDS)
    assert base_for(four) == pytest.approx(BASE_FOUR_CARDS)
    two = load_rules("standard,passing.cards=2")
    assert worths_for(two) == pytest.approx([(a + b) / 2 for a, b in zip(WORTH_NO_PASS,
                                                                         WORTH_FOUR_CARDS)])
    scaled = load_rules("standard,scale=10")
    assert count(HAND, 1, scaled) == pytest.approx(10 * count(HAND, 1, STANDARD))


def seat_for(auction: str, hand=HAND, rules=STANDARD) -> Situation:
    a = parse_auction(auction, rules)
    return Situation(a.next_seat, hand, rules, a)


def test_it_bids_to_its_count_in_the_smallest_steps():
    thumb = Thumb()
    # nine clubs with a royal marriage count more than eight hearts with a run
    assert count(HAND, 3, STANDARD) > count(HAND, 1, STANDARD)
    limit = int(count(HAND, 3, STANDARD))
    opening = thumb.call(seat_for(""))
    assert opening.call == 50 and opening.trump == 3 and f"limit {limit}" in opening.meaning
    from pinochle_calc.bidding.auction import iter_bids

    *_, before, top = iter_bids(STANDARD, 50, limit)  # the two highest bids within its limit
    assert thumb.call(seat_for(f"{before}")).call == top  # the next bid, at its limit
    passed = thumb.call(seat_for(f"{top}"))
    above = STANDARD.next_bid(top)
    assert passed.call is None and f"{above} is above its limit" in passed.meaning


def test_with_an_exchange_it_bids_a_little_past_its_count_to_buy_the_exchange():
    four = load_rules("standard,passing.cards=4")
    opening = Thumb().call(seat_for("", rules=four))
    assert f"limit {int(count(HAND, 3, four) + 4 * Thumb.MARGIN_PER_CARD)}:" in opening.meaning


def test_a_partner_who_passed_is_worth_less_and_a_partner_holding_the_bid_is_left_alone():
    thumb = Thumb()
    # seat 2 to call after its partner (seat 0) passed: five less
    after_pass = thumb.call(seat_for("p 50"))
    assert f"limit {int(count(HAND, 3, STANDARD) - 5)}" in after_pass.meaning
    assert "-5 the partner passed" in after_pass.meaning
    assert thumb.call(seat_for("50 p")).call is None  # seat 2: its partner holds the bid
    assert Thumb(margin=10).call(seat_for("p 50")).meaning != after_pass.meaning


def test_no_marriage_passes_and_the_stuck_dealer_bids_the_minimum():
    bare = Hand.parse("♥A 10 Q Q J ♠Q 10 10 10 ♦Q 10 10 10 ♣Q 10 10 10 A A A")
    thumb = Thumb()
    assert thumb.call(seat_for("", bare)) == Bid(None, "pass: no marriage")
    assert thumb.call(seat_for("p p p", bare)).call == 50


def test_it_names_the_trump_it_counted_on_and_plays_whole_hands():
    record = play_hand(deal_cards(3), "thumb", "formula", seed=1)
    assert (record.tag("Us"), record.tag("Them")) == ("thumb", "formula")
    thumb_calls = [e for e in record.events if e.kind == "call" and e.seat % 2 == 0
                   and e.bid is not None]
    for c in thumb_calls:
        assert c.comment.startswith(("opens", "raises", "forced"))
    assert policy("thumb").name == "thumb"
