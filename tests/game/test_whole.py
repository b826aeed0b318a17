"""A whole hand from the auction to the score: deals worked out by hand, the exchange under each
order and timing, the marriage rules, the throw-in, and determinism."""

from __future__ import annotations

import pytest

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.cards import HEARTS, JACK, SPADES
from pinochle_calc.errors import UserError
from pinochle_calc.exchange.hints import Signal
from pinochle_calc.game.hand import Call, Record, to_json
from pinochle_calc.game.policies import (
    Bid,
    ContractWon,
    Situation,
    StandardPlay,
    throw_in_is_better,
)
from pinochle_calc.game.whole import (
    PolicyError,
    check_deal,
    deal_cards,
    hand_seed,
    play_hand,
    shown_cards,
)
from pinochle_calc.hand import Hand
from pinochle_calc.rules import STANDARD, load_rules

NOTHING = Hand([0] * 20)


def calls(record: Record) -> list[tuple[int, int | None]]:
    return [(e.seat, e.bid) for e in record.events if isinstance(e, Call)]


def contract(record: Record) -> tuple[int, int]:
    return record.state.contract.seat, record.state.contract.bid


def passed(record: Record) -> tuple[Hand, Hand]:
    """The cards passed (to the bidder, to the partner)."""
    state = record.state
    bidder = state.bidder
    return state.passed(bidder.partner) or NOTHING, state.passed(bidder) or NOTHING


def after(record: Record) -> list[Hand]:
    return [record.state.after_exchange(s) for s in range(4)]


def melds(record: Record) -> list[int]:
    return [m[0] for m in record.state.melds]


def trump(record: Record) -> int | None:
    state = record.state
    return None if state.lost else state.trump

# A deal whose play is forced: seat 3 (the dealer) holds all twenty hearts, so with hearts trump
# it leads a heart to every trick, nobody else can follow or trump, and it takes all 50 points.
S0 = "♠A A A A K K K K Q Q Q Q ♦A A A A J J J J"   # spade marriages x4 and pinochles x4
S1 = "♠10 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J J"  # no marriage, no meld
S2 = "♦K K K K Q Q Q Q ♣A A A A K K K K Q Q Q Q"  # marriages in diamonds and clubs x4
S3 = "♥A A A A 10 10 10 10 K K K K Q Q Q Q J J J J"  # a quadruple run

# A deal for a four-card pass in which the bidding side (seats 1 and 3) holds every heart, every
# side ace and the ten side tens the opponents cannot beat (they hold no ace): whatever it
# leads wins, so it takes all 50 points however it shares its cards.
P0 = "♠K K K K Q Q Q Q J J J J ♦J J J J ♣10 10 10 10"  # as S0's meld: 8 + 90
P1 = "♥A A A A 10 10 10 10 J J J J ♠10 10 10 10 ♦10 10 10 10"
P2 = "♦K K K K Q Q Q Q ♣K K K K Q Q Q Q J J J J"  # as S2's meld: 8 + 8
P3 = "♥K K K K Q Q Q Q ♠A A A A ♦A A A A ♣A A A A"


def formula_calls() -> list[tuple[int, int | None]]:
    """The auction of the forced deal between four ``formula`` players, worked out by hand.

    Limits (meld in the best suit a seat may name + 20 + 25): seat 0 names spades, a quadruple
    royal marriage 16 and a quadruple pinochle 90: 151; seat 1 has no marriage and passes;
    seat 2 (24 meld in clubs) never raises its partner, who opened; seat 3, 300 meld: 345.
    Seats 0 and 3 then raise each other by the smallest step: 51, 52, ... 60, 65, ... seat 0
    bids up to 150 and passes 160; seat 3 holds the bid at 155.
    """
    bids = list(range(50, 61)) + list(range(65, 160, 5))
    calls: list[tuple[int, int | None]] = [(0, 50), (1, None), (2, None)]
    for i, bid in enumerate(bids[1:]):
        calls.append((3 if i % 2 == 0 else 0, bid))
    calls.append((0, None))
    return calls


def test_a_deal_worked_out_by_hand_under_the_standard_rules():
    record = play_hand([S0, S1, S2, S3], "formula", "formula", STANDARD, seed=5)
    assert calls(record) == formula_calls()
    assert contract(record) == (3, 155) and trump(record) == HEARTS
    assert record.tag("Prediction") is None  # formula gives no chance of making its bid
    assert passed(record) == (NOTHING, NOTHING)
    assert after(record) == list(record.hands)
    # hearts trump: seat 0 a quadruple spade marriage 8 and quadruple pinochle 90; seat 1
    # nothing; seat 2 two quadruple marriages 16; seat 3 a quadruple run 300
    assert melds(record) == [98, 0, 16, 300]
    assert record.state.side_meld() == (114, 300)
    assert record.state.trick_points() == (0, 50)
    tricks = record.state.tricks
    assert len(tricks) == 20
    assert all(t.leader == 3 and t.winner(HEARTS) == 3 for t in tricks)
    assert sum(t.points(i == 19) for i, t in enumerate(tricks)) == 50
    assert to_json(record)["side_total"] == 350 and record.result == "made"
    assert record.score == (114, 350)


def test_a_deal_worked_out_by_hand_under_a_four_card_pass():
    """Seats that only pass leave the dealer (seat 3) stuck at 50; it names hearts, its only
    marriage. The cards are exchanged at the same time (the exchange policy, ``choose_pass``):

    - the partner passes A♥ A♥ 10♥ J♥: trumps (length and control for the bidder, who leads),
      and a run with the bidder's K♥ Q♥ (a bidder with a marriage in hearts, which cannot hold
      an A♥, 10♥ or J♥: the partner has them all); its side tens make no meld for anyone;
    - the bidder passes A♠ A♠ A♦ A♣ without seeing that: it keeps its eight hearts (a
      quadruple royal marriage, and the K-Q of a run should A♥ 10♥ J♥ arrive) and two aces of
      every other suit or more, which make double aces around with the two A♥ a partner is
      likely to pass it; the aces it gives up make no meld of its own, and aces around in a
      partner who holds the A♥.

    After the exchange, with hearts trump, seat 3 holds a run (15), a triple royal marriage
    (12, the run taking a K-Q) and double aces around (100): 127; seat 1 aces around: 10; the
    opponents' meld is as in the first deal's (98 and 16). The bidding side takes all 50:
    137 + 50 = 187 for a bid of 50.
    """
    rules = load_rules("standard,passing.cards=4")
    record = play_hand([P0, P1, P2, P3], "pass", "pass", rules, seed=5)
    assert calls(record) == [(0, None), (1, None), (2, None), (3, 50)]
    assert contract(record) == (3, 50) and trump(record) == HEARTS
    assert passed(record) == (Hand.parse("AH AH 10H JH"), Hand.parse("AS AS AD AC"))
    hands = after(record)
    assert hands[3] == Hand.parse("♠A A ♥A A 10 K K K K Q Q Q Q J ♦A A A ♣A A A")
    assert hands[1] == Hand.parse("♠A A 10 10 10 10 ♥A A 10 10 10 J J J ♦A 10 10 10 10 ♣A")
    assert hands[0] == Hand.parse(P0) and hands[2] == Hand.parse(P2)
    assert melds(record) == [98, 10, 16, 127]
    assert record.state.side_meld() == (114, 137)
    assert record.state.trick_points() == (0, 50)
    assert to_json(record)["side_total"] == 187 and record.result == "made"
    assert record.score == (114, 187)
    assert to_json(record)["exchange"] == {"to_bidder": ["AH", "AH", "10H", "JH"],
                                           "to_partner": ["AS", "AS", "AD", "AC"],
                                           "request": None, "hint": None}


def test_a_given_contract_skips_the_auction():
    record = play_hand([S0, S1, S2, S3], "formula", "formula", seed=1,
                       contract=(3, HEARTS, 60))
    assert calls(record) == [] and contract(record) == (3, 60)
    assert record.state.contract.given
    assert record.tag("Prediction") is None and record.score == (114, 350)
    minimum = play_hand([S0, S1, S2, S3], "pass", "pass", contract=(3, HEARTS, None))
    assert contract(minimum) == (3, 50)


def test_a_given_trump_must_be_one_the_seat_may_name():
    with pytest.raises(UserError, match="no marriage in ♠"):
        play_hand([S0, S1, S2, S3], "pass", "pass", contract=(3, SPADES, None))
    with pytest.raises(UserError, match="off the bidding steps"):
        play_hand([S0, S1, S2, S3], "pass", "pass", contract=(3, HEARTS, 63))


def test_a_deal_must_be_the_whole_deck():
    short = "♠10 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J"
    with pytest.raises(UserError, match="seat 1 holds 19 cards"):
        check_deal([S0, short, S2, S3])
    fifth = "♠A 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J J"
    with pytest.raises(UserError, match="the deal holds 5 AS"):
        check_deal([S0, fifth, S2, S3])
    with pytest.raises(UserError, match="four hands, not 3"):
        check_deal([S0, S1, S2])


def test_policies_that_only_pass_give_the_stuck_dealer_the_contract():
    for rules, minimum in ((STANDARD, 50), (load_rules("toby-thomas"), 25),
                           (load_rules("standard,rounds=one"), 50)):
        for number in range(4):
            record = play_hand(deal_cards(11, number), "pass", "pass", rules,
                               seed=hand_seed(11, number))
            assert [c for _, c in calls(record)] == [None, None, None, minimum]
            assert contract(record) == (3, minimum)
            assert record.result in ("made", "set", "thrown-in", "no-marriage")


def test_a_stuck_dealer_without_a_marriage_loses_the_bid_and_nobody_scores():
    # seat 3 holds no king of any suit beside a queen: no marriage anywhere
    s3 = "♠A A A A 10 10 10 10 ♥A A A A ♦A A A A ♣A A A A"
    s0 = "♠K K K K Q Q Q Q J J J J ♥10 10 10 10 K K K K"
    s1 = "♥Q Q Q Q J J J J ♦10 10 10 10 K K K K Q Q Q Q"
    s2 = "♦J J J J ♣10 10 10 10 K K K K Q Q Q Q J J J J"
    record = play_hand([s0, s1, s2, s3], "pass", "pass", seed=0)
    assert contract(record) == (3, 50) and trump(record) is None
    assert record.result == "no-marriage" and record.state.trick_points() is None
    assert record.state.tricks == ()
    assert record.score == (0, -50)
    assert to_json(record)["contract"] == {"seat": 3, "side": "them", "bid": 50, "trump": None}


# ----------------------------------------------------------------------------- the exchange


class Scripted(StandardPlay):
    """Makes the calls it is given, seat by seat, and remembers what its seats were told."""

    def __init__(self, calls: dict[int, list[int | None]], convention=None, trump=None):
        self.calls = {s: list(c) for s, c in calls.items()}
        self.convention = convention
        self.trump = trump
        self.seen: list[tuple[str, Situation]] = []
        self.name = "scripted"

    def call(self, seat):
        legal = seat.auction.legal()
        script = self.calls.get(seat.number, [])
        if legal.forced:
            return Bid(legal.min_bid, "forced")
        return Bid(script.pop(0) if script else None, "scripted")

    def name_trump(self, seat):
        self.seen.append(("name", seat))
        return self.trump if self.trump is not None else super().name_trump(seat)

    def pass_cards(self, seat, n):
        self.seen.append(("pass", seat))
        return super().pass_cards(seat, n)

    def return_cards(self, seat, n):
        self.seen.append(("return", seat))
        return super().return_cards(seat, n)


def test_the_hint_the_bidder_gave_reaches_the_partners_pass():
    rules = load_rules("standard,steps=any,passing.cards=4")
    hands = deal_cards(2)
    us = Scripted({0: [54]}, convention="davis")  # Davis: 54 asks for a jack
    record = play_hand(hands, us, "pass", rules, seed=3)
    assert contract(record) == (0, 54)
    passes = [seat for what, seat in us.seen if what == "pass"]
    partner = next(s for s in passes if s.number == 2)
    assert partner.hint == Signal("card", JACK)
    assert record.tag("UsConvention") == "davis"  # the record says how the calls read
    assert to_json(record)["exchange"]["hint"] == "jack"
    # the bidder's own pass (at the same time) is not told the hint
    assert next(s for s in passes if s.number == 0).hint is None
    # without a convention the calls say nothing to the partner
    plain = Scripted({0: [54]})
    play_hand(hands, plain, "pass", rules, seed=3)
    assert all(s.hint is None for what, s in plain.seen if what == "pass")


def test_partner_first_the_bidder_returns_from_twenty_plus_n_cards():
    rules = load_rules("standard,passing.cards=3,passing.order=partner-first")
    hands = deal_cards(4)
    them = Scripted({1: [50]})
    record = play_hand(hands, "pass", them, rules, seed=2)
    bidder, partner = 1, 3
    steps = [(what, seat.number, len(seat.hand)) for what, seat in them.seen]
    assert steps == [("name", bidder, 20), ("pass", partner, 20), ("return", bidder, 23)]
    to_bidder, to_partner = passed(record)
    assert len(to_bidder) == 3 and len(to_partner) == 3
    now = after(record)
    assert now[bidder] == hands[bidder] + to_bidder - to_partner
    assert now[partner] == hands[partner] - to_bidder + to_partner
    assert now[0] == hands[0] and now[2] == hands[2]


def test_before_trump_the_bidder_asks_for_a_suit_and_names_trump_after():
    rules = load_rules("toby-thomas")  # three cards, partner first, before trump
    hands = deal_cards(6)
    us = Scripted({0: [25]})
    record = play_hand(hands, us, "pass", rules, seed=1)
    assert contract(record) == (0, 25)
    steps = [(what, seat.number, len(seat.hand)) for what, seat in us.seen]
    assert steps == [("name", 0, 20), ("pass", 2, 20), ("return", 0, 23), ("name", 0, 20)]
    asked = record.state.request
    assert asked is not None and us.seen[1][1].request == asked
    # the partner passes as many of the suit asked for as it holds, up to three
    held = hands[2].suit_length(asked)
    given = sum(passed(record)[0].counts[asked * 5: asked * 5 + 5])
    assert given == min(3, held)
    assert trump(record) is not None


def test_under_after_pass_a_bidder_without_a_marriage_in_trump_after_the_pass_loses():
    rules = load_rules("standard,passing.cards=4,marriage_required=after-pass")
    # seat 0 names spades (no marriage there) and has no way to get one: the partner holds no
    # K♠ or Q♠ (seat 1 holds them all)
    s0 = "♠A A A A 10 10 10 10 J J J J ♥A A A A ♦A A A A"
    s1 = "♠K K K K Q Q Q Q ♥10 10 10 10 K K K K Q Q Q Q"
    s2 = "♥J J J J ♦10 10 10 10 K K K K Q Q Q Q J J J J"
    s3 = "♣A A A A 10 10 10 10 K K K K Q Q Q Q J J J J"
    us = Scripted({0: [50]}, trump=SPADES)
    record = play_hand([s0, s1, s2, s3], us, "pass", rules, seed=0)
    assert contract(record) == (0, 50)
    assert len(passed(record)[0]) == 4  # the cards were exchanged first
    assert record.state.trump == SPADES and trump(record) is None  # named, then lost
    assert record.result == "no-marriage"
    assert record.score == (-50, 0)


def test_a_policy_that_breaks_the_rules_is_named():
    class Cheat(StandardPlay):
        name = "cheat"

        def call(self, seat):
            return Bid(45, "too low")

    with pytest.raises(PolicyError, match="policy cheat at seat 0 made an illegal call"):
        play_hand(deal_cards(1), Cheat(), "pass")

    class BadPass(Scripted):
        def pass_cards(self, seat, n):
            return Hand.from_cards(list(seat.hand)[:n - 1])

    with pytest.raises(PolicyError, match="must pass 4 of the cards it holds"):
        play_hand(deal_cards(1), BadPass({0: [50]}), "pass",
                  load_rules("standard,passing.cards=4"))


# ------------------------------------------------------------------------- meld and throw-in


def test_shown_cards_count_a_card_once_per_meld_type():
    hand = Hand.parse("♥A 10 K K Q Q J ♠Q ♦J ♣Q ♦Q")
    from pinochle_calc.meld import meld

    shown = shown_cards(meld(hand)[HEARTS], hand)
    # a run and a royal marriage (type I), a pinochle (II), queens around (III): the Q♠ in
    # the pinochle and in queens around is one card; the hearts queen of the run is also the
    # hearts queen of queens around
    assert shown == Hand.parse("♥A 10 K K Q Q J ♠Q ♦J ♣Q ♦Q")
    single = Hand.parse("♥K Q ♠A 10")
    assert shown_cards(meld(single)[HEARTS], single) == Hand.parse("♥K Q")


WEAK = "♠J J J J Q Q Q Q ♥J J J J Q Q ♦J J J J ♣J J"  # no counter in twenty cards


def throw_view(bid: int, meld: tuple[int, int], hand: str = S3, rules=STANDARD) -> Situation:
    """Seat 3 holding ``hand`` with hearts trump, at ``bid``, the sides' meld ``meld``."""
    return Situation(3, Hand.parse(hand), rules, parse_auction("p p p 50", rules), seed=0,
                contract=ContractWon(3, bid), trump=HEARTS, meld=meld)


def test_no_throw_in_when_the_meld_makes_the_bid_or_the_cards_are_played_anyway():
    assert not throw_in_is_better(throw_view(50, (20, 60), WEAK))  # 60 meld makes 50
    # on a concession under concession = play the cards are played: it never saves anything
    play = load_rules("standard,concession=play")
    assert not throw_in_is_better(throw_view(100, (20, 45), WEAK, play))


def test_the_throw_in_weighs_the_tricks_the_side_may_take():
    # A hand of jacks and queens takes few points: 55 short of 100 with its meld, or 35 short
    # of 60, the side concedes rather than hand the opponents their tricks; 5 short, it plays.
    assert throw_in_is_better(throw_view(100, (20, 45), WEAK))
    assert throw_in_is_better(throw_view(60, (20, 25), WEAK))
    assert not throw_in_is_better(throw_view(50, (20, 45), WEAK))
    # With every heart seat 3 takes all 50 in every deal: it plays a bid it makes with them
    # (25 + 50 = 75), and a bid it cannot make (80) costs no more set than conceded, since
    # the opponents take no trick: it plays that too.
    assert not throw_in_is_better(throw_view(75, (20, 25)))
    assert not throw_in_is_better(throw_view(80, (20, 25)))
    # When conceding gives the opponents nothing, it concedes a bid it cannot make
    nothing = load_rules("standard,concession=nothing")
    assert throw_in_is_better(throw_view(80, (20, 25), S3, nothing))


# ---------------------------------------------------------------------------- determinism


def test_a_hand_depends_only_on_its_arguments():
    rules = load_rules("standard,passing.cards=4")
    one = play_hand(deal_cards(8), "advisor:jump", "formula", rules, seed=4, samples=60)
    two = play_hand(deal_cards(8), "advisor:jump", "formula", rules, seed=4, samples=60)
    assert one == two and to_json(one) == to_json(two)


def test_the_json_record_has_every_field_of_the_play_command():
    record = play_hand(deal_cards(9), "advisor:jump", "formula", seed=hand_seed(9), samples=60)
    out = to_json(record)
    assert set(out) >= {"hands", "auction", "contract", "exchange", "meld", "tricks",
                        "side_total", "result", "score", "prediction"}
    assert [Hand.parse(h) for h in out["hands"]] == list(deal_cards(9))
    assert all(set(c) == {"seat", "call", "meaning"} for c in out["auction"])
    seat, bid = contract(record)
    bidder_policy = out["policies"]["us" if seat % 2 == 0 else "them"]
    if bidder_policy.startswith("advisor") and calls(record):
        assert 0 <= out["prediction"] <= 1
        assert [c for s, c in calls(record) if s == seat][-1] == bid
        assert out["prediction"] == float(record.tag("Prediction"))
    else:
        assert out["prediction"] is None
    if out["tricks"] is not None:
        assert out["tricks"]["us"] + out["tricks"]["them"] == 50
    assert out["score"] == dict(zip(("us", "them"), record.score))


def test_deals_are_whole_decks_and_differ_by_number():
    first = deal_cards(3, 0)
    check_deal(first)
    assert deal_cards(3, 0) == first and deal_cards(3, 1) != first
    assert deal_cards(4, 0) != first


@pytest.mark.parametrize("bid", [float("nan"), float("-inf"), 10**5000],
                         ids=["nan", "-inf", "5000-digits"])
def test_a_contract_bid_that_is_not_a_whole_number_is_refused(no_hang, bid):
    with pytest.raises(UserError, match="contract bid: .*(not a whole number|out of range)"):
        play_hand([S0, S1, S2, S3], "pass", "pass", contract=(3, HEARTS, bid))
    with pytest.raises(UserError, match="not a whole number|out of range"):
        parse_auction("50").then(bid)


def test_a_card_advisor_plays_legal_cards_seeing_only_its_own_seat():
    """With the advisor at seats 0 and 2, every card is legal (the naive rules replay it), the
    hand is scored on the tricks so played, the same seed plays the same cards, and the
    bidding is that of the heuristic card player's hand while the play is not."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "play"))
    from naive_rules import replay

    from pinochle_calc.cards import CARDS

    record = play_hand(deal_cards(11, 1), "formula/advisor", "formula", seed=3)
    state = record.state
    assert state.trick_points() is not None
    assert (record.tag("Us"), record.tag("Them")) == ("formula/advisor", "formula")
    cards = [str(CARDS[c]) for t in state.tricks for c in t.cards]
    hands = [[str(c) for c in h] for h in after(record)]
    points = replay(hands, "SHDC"[state.trump], state.bidder, cards)
    assert tuple(points) == state.trick_points()
    again = play_hand(deal_cards(11, 1), "formula/advisor", "formula", seed=3)
    assert again.state.tricks == state.tricks
    heuristic = play_hand(deal_cards(11, 1), "formula", "formula", seed=3)
    assert contract(heuristic) == contract(record) and heuristic.state.tricks != state.tricks


@pytest.mark.parametrize("rules", ["standard", "standard,steps=any,passing.cards=4",
                                   "toby-thomas"])
def test_the_engines_record_holds_the_state_a_replay_finds(rules):
    """The engine hands its own state to the record it writes (no replay); it is the state a
    replay of the record's events finds, field by field, tagged and settled too."""
    from dataclasses import replace

    for number in range(3):
        record = play_hand(deal_cards(17, number), "formula", "formula", load_rules(rules),
                           seed=hand_seed(17, number))
        assert "state" in record.__dict__  # not worked out again below
        again = Record(record.rules, record.dealer, record.hands, record.events, record.tags,
                       record.result, record.score)
        assert "state" not in again.__dict__
        assert again.state == record.state
        tagged = record.with_tag("Event", "club night")
        assert tagged.state is record.state
        assert replace(tagged, tags=()).state == record.state
