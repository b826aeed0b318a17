"""Bidding policies and the one pass policy: the formula's limit and steps worked out by hand, the
advisor's prediction and trump, and the suit request."""

from __future__ import annotations

import pytest

from pinochle_calc.bidding.advise import advise
from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.cards import CLUBS, HEARTS, JACK, SPADES
from pinochle_calc.errors import UserError
from pinochle_calc.exchange.seat import choose_pass, suit_request
from pinochle_calc.game.policies import (
    POLICY_NAMES,
    Advisor,
    Bid,
    Formula,
    Passer,
    Policy,
    Situation,
    most_meld,
    policy,
)
from pinochle_calc.hand import Hand
from pinochle_calc.rules import STANDARD, load_rules

# Hearts trump: a run (15), a royal marriage (4), a spade marriage (2), a pinochle (4) and
# jacks around (4) = 29; spades trump: 16. It may name either.
HAND = Hand.parse("♥A 10 K K Q Q J ♠K Q 10 J ♦A 10 J J ♣A 10 J J Q")
NO_MARRIAGE = Hand.parse("♥A 10 Q Q J ♠Q 10 10 10 ♦Q 10 10 10 ♣Q 10 10 10 A A A")


def seat(auction: str, hand: Hand = HAND, number: int | None = None, rules=STANDARD,
         **known) -> Situation:
    a = parse_auction(auction, rules)
    return Situation(a.next_seat if number is None else number, hand, rules, a, **known)


def test_the_formula_limit_is_meld_plus_twenty_plus_twenty_five():
    f = Formula()
    # 29 meld in hearts: limit 74. Nobody has bid: it opens at the minimum.
    bid = f.call(seat(""))
    assert bid.call == 50 and bid.trump == HEARTS
    assert "limit 74 = meld 29 + 20 partner + 25 tricks" in bid.meaning
    # it raises by the smallest step while the next bid is within the limit
    assert f.call(seat("50")).call == 51
    assert f.call(seat("50 51 52 53 54 55 56 57 58 59 60 65")).call == 70
    assert f.call(seat("50 51 52 53 54 55 56 57 58 59 60 65 70")).call is None  # 75 > 74
    # never raises its partner (seat 1 holds the bid; seat 3 to call)
    assert f.call(seat("p 50 p")).call is None
    # scaled: 290 meld, limit 290 + 450 = 740
    ten = load_rules("standard,scale=10")
    assert "limit 740 = meld 290 + 200 partner + 250 tricks" in f.call(seat("", rules=ten)).meaning


def test_the_formula_passes_without_a_marriage_unless_stuck():
    f = Formula()
    assert f.call(seat("", NO_MARRIAGE)).call is None
    assert f.call(seat("p p p", NO_MARRIAGE)).call == 50  # stuck dealer
    # where no marriage is needed to name trump, the hand may name any suit
    free = load_rules("standard,marriage_required=false")
    assert f.call(seat("", NO_MARRIAGE, rules=free, needs_marriage=False)).call == 50


def test_the_pass_policy_passes_unless_stuck():
    p = Passer()
    assert p.call(seat("")).call is None and p.call(seat("50 51")).call is None
    assert p.call(seat("p p p")).call == 50
    assert p.call(seat("p p p", rules=load_rules("toby-thomas"))).call == 25


def test_most_meld_names_the_best_suit_it_may_name():
    assert most_meld(seat("")) == HEARTS
    assert most_meld(seat("", NO_MARRIAGE)) is None
    # with no marriage needed: the most meld over all four suits (ties: the longer suit)
    assert most_meld(seat("", NO_MARRIAGE, needs_marriage=False)) == CLUBS


def test_the_advisor_calls_as_advise_and_records_the_chance_of_its_bid():
    advisor = Advisor("jump", samples=80)
    view = seat("50 52 p", seed=7)
    bid = advisor.call(view)
    advice = advise(HAND, view.auction, "jump", samples=80, seed=7)
    assert bid.call == advice.call and bid.meaning == advice.meaning
    assert bid.trump == advice.estimate.trump
    if bid.call is not None:
        assert bid.prediction == advice.estimate.best.probability(bid.call)
    # a stuck dealer without a marriage cannot make its bid
    stuck = advisor.call(seat("p p p", NO_MARRIAGE))
    assert stuck.call == 50 and stuck.prediction == 0.0


def test_the_advisor_names_the_trump_of_its_last_estimate_while_it_may():
    advisor = Advisor("jump", samples=50)
    view = seat("", bids=(Bid(50, "", 0.9, SPADES), Bid(None, "")))
    assert advisor.name_trump(view) == SPADES  # not the most meld (hearts)
    assert advisor.name_trump(seat("", bids=(Bid(50, "", 0.9, CLUBS),))) == HEARTS  # no ♣ K-Q


def test_policies_by_name():
    assert [policy(n).name for n in POLICY_NAMES] == list(POLICY_NAMES)
    assert policy(" Advisor:Davis ", samples=30).samples == 30
    assert policy("advisor:toby").convention == "toby" and policy("formula").convention is None
    assert all(isinstance(policy(n), Policy) for n in POLICY_NAMES)
    with pytest.raises(UserError, match="unknown policy 'advisor:bridge'"):
        policy("advisor:bridge")


# ------------------------------------------------------------------------------ passing


PARTNER = Hand.parse("♠A 10 ♥A 10 K Q J J ♦A A K Q J ♣A 10 10 K Q J J")


def test_choose_pass_is_the_exchange_policys_choice():
    import numpy as np

    from pinochle_calc.exchange.policy import bidder_pass, bidder_return, partner_pass

    counts = np.array([PARTNER.counts])
    chosen = choose_pass(PARTNER, 4, HEARTS, "partner", STANDARD)
    assert chosen == Hand(partner_pass(counts, HEARTS, 4, STANDARD)[0].tolist())
    # a bidder with 20 cards passes at the same time; with 24 it returns
    at_once = choose_pass(PARTNER, 4, HEARTS, "bidder", STANDARD, hint=Signal("card", JACK))
    assert at_once == Hand(bidder_pass(counts, HEARTS, 4, STANDARD, Signal("card", JACK))[0]
                           .tolist())
    bigger = PARTNER + Hand.parse("KH QH AS AS")
    back = choose_pass(bigger, 4, HEARTS, "bidder", STANDARD)
    assert back == Hand(bidder_return(np.array([bigger.counts]), HEARTS, 4, STANDARD)[0]
                        .tolist())
    hinted = choose_pass(PARTNER, 4, HEARTS, "partner", STANDARD, hint=Signal("card", JACK))
    assert any(card.rank == JACK for card in hinted)  # the hint is answered


def test_the_partner_passes_the_suit_asked_for_as_far_as_it_holds_it():
    rules = load_rules("toby-thomas")
    # two spades: both go, and one card of the partner's choice
    two = choose_pass(PARTNER, 3, SPADES, "partner", rules, request=SPADES)
    assert len(two) == 3 and two.counts[0] == 1 and two.counts[1] == 1
    # seven clubs: three clubs
    seven = choose_pass(PARTNER, 3, CLUBS, "partner", rules, request=CLUBS)
    assert len(seven) == 3 and seven.suit_length(CLUBS) == 3
    assert all(seven.counts[i] <= PARTNER.counts[i] for i in range(20))


def test_the_suit_request_is_the_planned_trump_or_the_longest_suit():
    assert suit_request(PARTNER, SPADES) == SPADES
    assert suit_request(PARTNER, None) == CLUBS  # seven clubs


def test_a_policy_name_may_end_in_a_card_player():
    assert policy("formula/advisor").name == "formula/advisor"
    assert policy("formula/advisor").cards == "advisor"
    assert policy(" Formula / Heuristic ").name == "formula"
    assert policy("formula").cards == "heuristic"
    assert policy("advisor:jump/advisor").convention == "jump"
    with pytest.raises(UserError, match="unknown card player 'bot'"):
        policy("formula/bot")
