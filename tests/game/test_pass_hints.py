"""What a pass answers, asked by the review, the table and the whole-hand engine alike: the hints
the partners' calls gave, read under Jim Davis's and Toby Thomas's conventions, and the suit the
bidder asked for, against hands worked out from RULES.md.

Davis's game (any number from 50 up, four cards passed at the same time, after trump): seat 0
opens 50, seat 2 bids 54, seat 0 56 and wins. RULES.md's reading: 54, the lowest number above
50 ending in 4, asks for a jack; 56, the lowest above 54 ending in 6, for a queen. So the
partner's pass answers a queen; the bidder's answers a jack and counts on the queen it asked for.

Toby Thomas's (bids from 25, the partner passes three cards first, before trump, the suit the
bidder asks for first): seat 0 bids 26, seat 2 30, seat 0 31 and wins. Bids 25 to 49 ending in 6
ask for queens, in 0 for tens, in 1 for aces: the partner's pass answers aces, and the suit
asked for; the bidder's return answers tens."""

from __future__ import annotations

import pytest

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.cards import ACE, JACK, QUEEN, TEN
from pinochle_calc.exchange import advice as pass_advice_module
from pinochle_calc.exchange.hints import Signal
from pinochle_calc.game.hand import Call, Pass, Record, Request, Trump
from pinochle_calc.game.policies import Formula, quick_pass
from pinochle_calc.game.review import review
from pinochle_calc.game.session import advice
from pinochle_calc.game.whole import deal_cards, play_on
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import load_rules
from pinochle_calc.seats import Seat

DAVIS = load_rules("standard,steps=any,passing.cards=4")
TOBY = load_rules("toby-thomas")
#: (convention, rules, auction, the partner's pass: its hint; the bidder's: its hint, asked)
CASES = {
    "davis": (DAVIS, "50 p 54 p 56 p", Signal("card", QUEEN), Signal("card", JACK),
              Signal("card", QUEEN)),
    "toby": (TOBY, "26 p 30 p 31 p", Signal("card", ACE), Signal("card", TEN), None),
}


def hands_with_a_marriage() -> tuple[Hand, ...]:
    """The first deal whose seat 0 may name trump (a marriage in some suit)."""
    for i in range(50):
        hands = deal_cards(61, i)
        if meld(hands[0]).trump_to_name(True) is not None:
            return hands
    raise AssertionError("no deal with a marriage at seat 0")


def start(convention: str) -> Record:
    """The hand after the auction (and, passing after trump, trump named; before it, the suit
    asked for): the partner's pass comes next. Its side's calls are read under
    ``convention`` (the record's UsConvention)."""
    rules, calls = CASES[convention][:2]
    hands = hands_with_a_marriage()
    auction = parse_auction(calls, rules)
    events = [Call(Seat(c.seat), c.bid) for c in auction.calls]
    trump = meld(hands[0], rules).trump_to_name(True)
    events.append(Request(Seat.ZERO, trump) if rules.pass_when == "before-trump"
                  else Trump(Seat.ZERO, trump))
    return Record(rules, Seat.THREE, hands, tuple(events)).with_tag("UsConvention", convention)


def some_cards(hand: Hand, n: int) -> Hand:
    counts, left = [0] * 20, n
    for i, c in enumerate(hand.counts):
        take = min(c, left)
        counts[i], left = take, left - take
    return Hand(counts)


@pytest.fixture
def asked(monkeypatch):
    """Every question the pass advice is asked: (role, hint, asked, suit)."""
    seen = []
    real = pass_advice_module.advise_pass

    def recording(hand, trump, role, n, rules, **kw):
        seen.append((role, kw.get("hint"), kw.get("asked"), kw.get("suit")))
        return real(hand, trump, role, n, rules, **kw)

    monkeypatch.setattr(pass_advice_module, "advise_pass", recording)
    return seen


def expected(convention: str, suit: int) -> list[tuple]:
    rules, _, to_partner_hint, bidder_hint, bidder_asked = CASES[convention]
    asked_suit = suit if rules.pass_when == "before-trump" else None
    return [("partner", to_partner_hint, None, asked_suit), ("bidder", bidder_hint, bidder_asked,
                                                             None)]


@pytest.mark.parametrize("convention", CASES)
def test_the_table_asks_the_pass_advice_what_the_calls_asked_for(convention, asked):
    record = start(convention)
    suit = record.events[-1].suit
    assert advice(record, 2, samples=30, convention=convention)
    partner = record.hands[2]
    record = Record(record.rules, record.dealer, record.hands,
                    record.events + (Pass(Seat.TWO, some_cards(partner, record.rules.pass_cards)),),
                    record.tags)
    assert advice(record, 0, samples=30, convention=convention)
    assert asked == expected(convention, suit)


@pytest.mark.parametrize("convention", CASES)
def test_the_review_judges_a_pass_by_what_the_calls_asked_for(convention, asked):
    record = start(convention)
    suit = record.events[-1].suit
    n = record.rules.pass_cards
    first = Pass(Seat.TWO, some_cards(record.hands[2], n))
    # the bidder passes from its 20 cards, or, passing back, from them and those received
    own = record.hands[0] + first.cards if record.rules.pass_order == "partner-first" \
        else record.hands[0]
    back = Pass(Seat.ZERO, some_cards(own, n))
    record = Record(record.rules, record.dealer, record.hands, record.events + (first, back),
                    record.tags)
    result = review(record, seats=(0, 2), samples=30, exact=0)
    assert [d.phase for d in result.decisions].count("exchange") == 2
    assert asked == expected(convention, suit)


class Recording(Formula):
    """The formula bidder under a convention, keeping what each of its passes is asked."""

    name = "recording"

    def __init__(self, convention: str):
        self.convention = convention
        self.seen: list[tuple] = []

    def pass_cards(self, seat, n):
        role = "bidder" if seat.won.seat == seat.number else "partner"
        self.seen.append((role, seat.hint, seat.asked, seat.request))
        return quick_pass(seat, n)

    return_cards = pass_cards

    def throw_in(self, seat):
        return False


@pytest.mark.parametrize("convention", CASES)
def test_the_engine_asks_each_pass_what_the_table_and_the_review_ask(convention):
    record = start(convention)
    suit = record.events[-1].suit
    us = Recording(convention)
    done = play_on(record, us, Formula(), seed=2)
    rules = record.rules
    request = suit if rules.pass_when == "before-trump" else None
    (_, partner_hint, bidder_hint, bidder_asked) = (None, *CASES[convention][2:])
    assert us.seen == [("partner", partner_hint, None, request),
                       ("bidder", bidder_hint, bidder_asked, None)]
    assert done.state.trick_points() is not None or done.result != "made"


def test_a_pass_with_no_suit_asked_for_answers_the_passers_longest_suit():
    """Toby Thomas's pass before trump, the bidder asking for no suit: the partner passes for
    its own longest suit, ties to the suit first in S H D C: here spades and hearts, six each,
    so spades: the review judges the pass for it (the table always asks the bidder for its
    suit first)."""
    partner = Hand.parse("♠A A 10 10 K J ♥A A 10 10 K J ♦Q Q Q J ♣Q Q Q J")
    lengths = [sum(1 for c in partner if c.suit == s) for s in range(4)]
    assert lengths == [6, 6, 4, 4]
    bidder = Hand.parse("♠K Q ♥K Q ♦K Q ♣K Q ♠A A ♥A A ♦A A 10 10 ♣A A 10 10")
    rest = [4 - a - b for a, b in zip(bidder.counts, partner.counts)]
    hands = (bidder, Hand(rest[:10] + [0] * 10), partner, Hand([0] * 10 + rest[10:]))
    auction = parse_auction("26 p 30 p 31 p", TOBY)
    events = tuple(Call(Seat(c.seat), c.bid) for c in auction.calls)
    record = Record(TOBY, Seat.THREE, hands, events).with_tag("UsConvention", "toby")
    assert record.state.next_decision().kind == "request" and not advice(record, 2)
    passed = Record(TOBY, Seat.THREE, hands, events + (Pass(Seat.TWO, some_cards(partner, 3)),),
                    record.tags)
    (judged,) = [d for d in review(passed, seats=(2,), samples=30, exact=0).decisions
                 if d.phase == "exchange"]
    assert judged.reason.startswith("♠ trump")
