"""Auctions: reading calls, seating them clockwise, and every rule a call can break."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_calc.bidding.auction import AuctionError, parse_auction, start
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


def test_stuck_dealer_when_bidding_goes_round_only_once():
    one = STANDARD.with_options(bid_rounds="one")
    a = parse_auction("p p p", one)
    assert a.stuck and a.next_seat == 3 and a.legal() == (50, False, True)
    done = a.then(50)
    assert done.finished and done.high == 50 and done.high_seat == 3 and done.calls[-1].forced
    with pytest.raises(AuctionError, match="must bid the minimum 50, not 55"):
        parse_auction("p p p 55", one)
    with pytest.raises(AuctionError, match="the dealer may not pass"):
        parse_auction("p p p p", one)


def test_stuck_dealer_under_toby_thomas_bids_25_and_ends_the_auction():
    toby = PRESETS["toby-thomas"]
    done = parse_auction("p p p 25", toby)
    assert done.finished and done.high == 25 and done.high_seat == 3
    assert done.calls[-1].forced and done.calls[-1].round == 1
    once = toby.with_options(bid_rounds="one")
    assert parse_auction("p p p", once).legal() == (25, False, True)
    assert parse_auction("p p p 25", once).finished


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


# ---------------------------------------------------------------------------- a naive model
# An independent auction written from RULES.md "Bidding" alone, compared with parse_auction on
# random call sequences, legal or not.

RULE_SETS = {
    "standard": STANDARD,
    "any": ANY,
    "toby-thomas": PRESETS["toby-thomas"],
    "one": STANDARD.with_options(bid_rounds="one"),
    "two": STANDARD.with_options(bid_rounds="two"),
    "toby-one": PRESETS["toby-thomas"].with_options(bid_rounds="one"),
    "by10": STANDARD.with_options(bid_steps="by10-above-100"),
    "scaled": STANDARD.with_options(scale=10),
}
ROUNDS = {"unlimited": None, "one": 1, "two": 2}


def naive_is_bid(bid, rules):
    """A number that may be bid at all: a multiple of the scale, at least the minimum; by 1 up
    to the step change (60, or 50 under Toby Thomas), then multiples of 5 (of 10 above 100 with
    by10-above-100), or any number with ``any``."""
    k = rules.scale
    if bid % k or bid // k < rules.min_bid:
        return False
    b = bid // k
    if rules.bid_steps == "any" or b <= rules.step_change:
        return True
    if rules.bid_steps == "by10-above-100" and b > 100:
        return b % 10 == 0
    return b % 5 == 0


def naive_auction(calls, rules):
    """Play ``calls`` (ints, None for a pass) by the rules: seats clockwise from the dealer's
    left (0) skipping players who have passed; the auction ends when three have passed, or when
    the turn comes round past the dealer once more than the rule set's rounds allow (with a
    bid made); if the first three pass, the dealer (3) must bid the minimum, which ends it.
    Returns ("error", index of the first bad call) or ("ok", state)."""
    limit = ROUNDS[rules.bid_rounds]
    minimum = rules.min_bid * rules.scale
    passed, high, high_seat = set(), None, None
    seat, rnd, over = 0, 1, False
    seats, rounds = [], []
    for i, call in enumerate(calls):
        stuck = len(passed) == 3 and high is None
        if over:
            return "error", i
        if stuck and call != minimum:
            return "error", i
        if not stuck and call is not None and (
                not naive_is_bid(call, rules) or (high is not None and call <= high)):
            return "error", i
        seats.append(seat)
        rounds.append(rnd)
        if call is None:
            passed.add(seat)
        else:
            high, high_seat = call, seat
        if len(passed) == 3 and high is not None:
            over = True
            continue
        nxt = (seat + 1) % 4
        while nxt in passed:
            nxt = (nxt + 1) % 4
        if nxt <= seat:  # the turn came round past the dealer: a new round
            rnd += 1
        seat = nxt
        if limit is not None and rnd > limit and high is not None:
            over = True
    stuck = not over and len(passed) == 3 and high is None
    if over:
        legal = (None, False, False)
    elif stuck:
        legal = (minimum, False, True)
    else:
        low = minimum if high is None else high + 1
        while not naive_is_bid(low, rules):
            low += 1
        legal = (low, True, False)
    return "ok", {"seats": seats, "rounds": rounds, "finished": over, "stuck": stuck,
                  "next": None if over else seat, "high": high, "high_seat": high_seat,
                  "passed": passed, "legal": legal}


def observed(text, rules):
    try:
        a = parse_auction(text, rules)
    except AuctionError as e:
        return "error", int(re.search(r"call (\d+)", str(e)).group(1)) - 1
    return "ok", {"seats": [c.seat for c in a.calls], "rounds": [c.round for c in a.calls],
                  "finished": a.finished, "stuck": a.stuck, "next": a.next_seat,
                  "high": a.high, "high_seat": a.high_seat, "passed": set(a.passed),
                  "legal": tuple(a.legal())}


# a call: a pass, or a bid written as a step from the last number written (often legal,
# sometimes not: equal, lower, off the steps, after the end)
CALLS = st.lists(st.one_of(st.none(), st.sampled_from([-1, 0, 1, 1, 1, 2, 3, 5, 5, 7, 10, 12])),
                 max_size=18)


@settings(max_examples=400, deadline=None)
@given(CALLS, st.sampled_from(sorted(RULE_SETS)), st.booleans())
def test_auctions_agree_with_a_naive_model(steps, name, scaled_steps):
    rules = RULE_SETS[name]
    k = rules.scale
    last = (rules.min_bid - 1) * k
    calls = []
    for step in steps:
        if step is None:
            calls.append(None)
        else:
            last += step * (k if scaled_steps else 1)
            calls.append(last)
    text = " ".join("p" if c is None else str(c) for c in calls)
    assert observed(text, rules) == naive_auction(calls, rules), text


def test_the_naive_model_sees_the_cases_that_matter():
    # the random sequences above reach these states; check the model itself on them
    assert naive_auction([None, None, None, 50], STANDARD)[1]["finished"]
    assert naive_auction([None, None, None, 51], STANDARD) == ("error", 3)
    assert naive_auction([50, 51, None, 55], RULE_SETS["one"])[1]["finished"]
    state = naive_auction([50, None, 51, 52, 53], RULE_SETS["two"])[1]
    assert state["next"] == 2 and state["rounds"] == [1, 1, 1, 1, 2]
    assert naive_auction([50, 63], STANDARD) == ("error", 1)
    assert naive_auction([500, 505], RULE_SETS["scaled"]) == ("error", 1)


def test_then_builds_the_same_auction_as_parsing():
    a = start(STANDARD)
    for call in (50, 52, None, 55, 56, None, None):
        a = a.then(call)
    assert a == parse_auction("50 52 pass 55 56 pass pass") and a.finished and a.high_seat == 0
