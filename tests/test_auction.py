"""Auctions: reading calls, seating them clockwise, and every rule a call can break."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc.auction import AuctionError, parse_auction, start
from pinochle_calc.rules import PRESETS, STANDARD

ANY = STANDARD.with_options(bid_steps="any")


def seats(text, rules=STANDARD):
    return [c.seat for c in parse_auction(text, rules).calls]


def test_empty_auction_opens_at_the_minimum_from_the_dealers_left():
    a = parse_auction("")
    assert a.next_seat == 0 and a.high is None and not a.finished
    assert a.legal().to_dict() == {"min_bid": 50, "can_pass": True, "forced": False}
    assert a.partner == 2 and a.relation(3) == "right opponent"


def test_calls_go_clockwise_and_skip_players_who_passed():
    assert seats("50 52 p 55 56 p") == [0, 1, 2, 3, 0, 1]
    a = parse_auction("50 52 p 55 56 p")
    assert a.next_seat == 3 and a.high == 56 and a.high_seat == 0
    assert a.passed == {1, 2}
    assert a.legal().min_bid == 57


def test_commas_and_words_are_accepted():
    a = parse_auction("50, 51,PASS , p")
    assert [c.bid for c in a.calls] == [50, 51, None, None]
    assert a.next_seat == 0


def test_three_passes_end_the_auction():
    a = parse_auction("p 50 p p")
    assert a.finished and a.next_seat is None and a.high_seat == 1
    assert a.legal().to_dict() == {"min_bid": None, "can_pass": False, "forced": False}
    assert "won the bid at 50" in a.summary()


def test_first_three_pass_and_the_dealer_is_stuck():
    a = parse_auction("p p p")
    assert a.stuck and a.next_seat == 3
    # the stuck dealer's only call is told apart from an ordinary bid from 50 without a pass
    assert a.legal().to_dict() == {"min_bid": 50, "can_pass": False, "forced": True}
    done = a.then(50)
    assert done.finished and done.high_seat == 3 and done.calls[-1].forced


def test_stuck_dealer_bids_the_rule_sets_minimum():
    toby = PRESETS["toby-thomas"]
    a = parse_auction("p p p", toby)
    assert a.legal().min_bid == 25
    with pytest.raises(AuctionError, match="must bid the minimum 25, not 50"):
        parse_auction("p p p 50", toby)


def test_dealer_passing_when_stuck_is_an_error_naming_the_call():
    with pytest.raises(AuctionError, match=r"call 4 \('p'\): the dealer may not pass"):
        parse_auction("p p p p")


def test_a_bid_below_the_minimum():
    with pytest.raises(AuctionError, match=r"call 2 \('45'\): 45 is below the minimum bid"
                       r" 50 \(standard rules\)"):
        parse_auction("p 45")


def test_a_bid_not_above_the_current_bid():
    with pytest.raises(AuctionError, match=r"call 3 \('52'\): 52 is not above the current bid"
                       r" 52 \(seat 1\); the lowest bid now is 53"):
        parse_auction("50 52 52")


def test_a_bid_off_the_steps():
    with pytest.raises(AuctionError, match=r"call 2 \('63'\): 63 is off the bidding steps.*"
                       r"bid 60 or 65"):
        parse_auction("50 63")
    assert parse_auction("50 63", ANY).high == 63


def test_toby_thomas_steps():
    toby = PRESETS["toby-thomas"]
    assert parse_auction("25 26 49 50 55", toby).high == 55
    with pytest.raises(AuctionError, match="53 is off the bidding steps"):
        parse_auction("25 53", toby)


def test_a_call_after_the_auction_ended():
    with pytest.raises(AuctionError, match=r"call 5 \('60'\): the auction already ended at"
                       r" call 4 \(seat 0 won at 50\)"):
        parse_auction("50 p p p 60")


def test_a_token_that_is_not_a_call():
    with pytest.raises(AuctionError, match=r"call 2 \('x'\): not a call"):
        parse_auction("50 x")


def test_one_round_of_bidding():
    one = STANDARD.with_options(bid_rounds="one")
    a = parse_auction("50 51 p", one)
    assert a.next_seat == 3
    assert parse_auction("50 51 p 55", one).finished
    with pytest.raises(AuctionError, match="already ended"):
        parse_auction("50 51 p 55 56", one)


def test_two_rounds_skip_those_who_passed():
    two = STANDARD.with_options(bid_rounds="two")
    a = parse_auction("50 p 51 52 53", two)
    assert a.next_seat == 2  # seat 1 passed in the first round
    assert parse_auction("50 p 51 52 53 54 55", two).finished


def test_legal_bids_follow_the_steps():
    a = parse_auction("50 58")
    assert a.legal_bids(75) == [59, 60, 65, 70, 75]
    assert start().then(None).then(None).then(None).legal_bids(80) == [50]


def test_scaled_bids():
    aces = STANDARD.with_options(scale=10)
    a = parse_auction("500 520", aces)
    assert a.legal().min_bid == 530
    with pytest.raises(AuctionError, match="off the bidding steps"):
        parse_auction("505", aces)


@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3)), max_size=25),
       st.sampled_from(["standard", "toby-thomas", "any", "one", "two"]))
def test_random_legal_auctions_read_back(steps, name):
    rules = {"any": ANY, "one": STANDARD.with_options(bid_rounds="one"),
             "two": STANDARD.with_options(bid_rounds="two")}.get(name) or PRESETS[name]
    a = start(rules)
    words = []
    for bid, extra in steps:
        if a.finished:
            break
        legal = a.legal()
        if bid or not legal.can_pass:
            call = legal.min_bid
            for _ in range(0 if legal.forced else extra):
                call = rules.next_bid(call)
        else:
            call = None
        seat = a.next_seat
        a = a.then(call)
        assert a.calls[-1].seat == seat
        words.append("pass" if call is None else str(call))
    again = parse_auction(" ".join(words), rules)
    assert again == a
    passed = {c.seat for c in a.calls if c.bid is None}
    assert a.passed == passed
    if a.finished:
        assert a.next_seat is None and a.high is not None
    else:
        assert a.next_seat not in passed and len(passed) <= 3
    bids = [c.bid for c in a.calls if c.bid is not None]
    assert bids == sorted(set(bids)) and all(rules.is_legal_bid(b) for b in bids)
