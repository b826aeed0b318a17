"""Bidding conventions: every row of the Davis table and its clashes, every jump-bid rule, every
Toby Thomas ending, and the calls suggested for hands built to need something."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc.bidding.auction import AuctionError, parse_auction
from pinochle_calc.bidding.conventions import (
    HINT_MIN,
    Signal,
    asked_for,
    card_gains,
    convention_rules,
    davis_hint_bid,
    describe_signal,
    explain,
    holds_probability,
    open_calls,
    pinochle_parts,
    side_aces,
    signal_mask,
    suggest,
    trump_worthy,
)
from pinochle_calc.cards import ACE, JACK, KING, QUEEN, TEN
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import PRESETS, STANDARD

DAVIS, _ = convention_rules("davis", None)
TOBY = PRESETS["toby-thomas"]
ANY = STANDARD.with_options(bid_steps="any")


def meanings(text, convention, rules=STANDARD):
    return [(r.call.seat, r.call.label, r.meaning, r.signal)
            for r in explain(parse_auction(text, rules), convention)]


def last(text, convention, rules=STANDARD):
    return meanings(text, convention, rules)[-1]


# ---------------------------------------------------------------------------- rule sets


def test_davis_defaults_to_any_bid_and_says_so():
    rules, notes = convention_rules("davis", None)
    assert rules.bid_steps == "any" and rules.min_bid == 50 and rules.pass_cards == 4
    assert any("bidding steps: any" in n for n in notes)
    rules, notes = convention_rules("davis", STANDARD)
    assert rules is STANDARD and any("cannot be given" in n for n in notes)


def test_toby_goes_with_its_rule_set():
    rules, notes = convention_rules("toby", None)
    assert rules is TOBY and rules.min_bid == 25
    assert convention_rules("jump", None)[0] is STANDARD
    with pytest.raises(AuctionError, match="unknown convention"):
        convention_rules("blackwood", None)


# ---------------------------------------------------------------------------- jump bids


def test_jump_opening_50_wants_trump():
    seat, call, meaning, signal = last("50", "jump")
    assert (seat, call) == (0, "50") and "wants to name trump" in meaning
    assert signal == Signal("trump")


def test_jump_opening_51_shows_aces_in_other_suits():
    assert last("p 51", "jump")[2] == "opening 51: holds aces in other suits"
    assert last("p 51", "jump")[3] == Signal("aces")


def test_jump_52_shows_20():
    _, _, meaning, signal = last("52", "jump")
    assert meaning == "opening 52: shows 20 meld" and signal == Signal("meld", meld=20)
    assert last("53", "jump")[3].meld == 30


def test_jump_52_then_55_shows_30():
    rows = meanings("52 55", "jump")
    assert rows[1][2] == "jumps by 3: shows 30 meld" and rows[1][3].meld == 30


def test_jump_raise_by_one_asks_for_trump():
    assert last("52 53", "jump")[2] == "raises by 1: wants to name trump"
    assert last("52 53", "jump")[3] == Signal("trump")


def test_jump_dealer_stuck_says_nothing():
    seat, call, meaning, signal = last("p p p 50", "jump")
    assert seat == 3 and signal == Signal("forced") and "the dealer must bid" in meaning


def test_jump_is_silent_above_60():
    assert last("58 65", "jump")[3] == Signal("natural")
    assert "above 60 the convention is silent" in last("58 65", "jump")[2]


def test_jump_meld_shown_adds_up_over_a_players_calls():
    rows = meanings("52 54 p p 57", "jump")
    assert rows[-1][2] == "jumps by 3: shows 30 meld (50 in all with the meld shown before)"


def test_what_a_bigger_bid_would_have_shown_is_the_conventions():
    from pinochle_calc.bidding.conventions import least_meld_shown, raise_asks_trump

    # jump bids: an opening 52 shows 20; over 50 a jump of two shows 20 and one of three 30;
    # over 58, 60 is a jump of two; over 59, 60 asks for trump and nothing above 60 shows meld
    assert least_meld_shown("jump", None, STANDARD) == 20
    assert least_meld_shown("jump", 50, STANDARD) == 20
    assert least_meld_shown("jump", 50, STANDARD, more_than=20) == 30
    assert least_meld_shown("jump", 58, STANDARD) == 20
    assert least_meld_shown("jump", 59, STANDARD) is None
    assert least_meld_shown("jump", 60, STANDARD) is None
    scaled = PRESETS["book"].override("scale=10")
    assert least_meld_shown("jump", 500, scaled) == 200
    # Davis's and Toby Thomas's calls ask for cards: none shows meld
    davis = STANDARD.override("bidding.steps=any,passing.cards=4")
    assert least_meld_shown("davis", 50, davis) is None
    assert least_meld_shown("toby", None, PRESETS["toby-thomas"]) is None
    assert raise_asks_trump("jump", 52, STANDARD) and not raise_asks_trump("jump", 60, STANDARD)
    assert not raise_asks_trump("davis", 52, davis)


def test_jump_pass_says_nothing():
    assert last("50 p", "jump")[3] == Signal("pass")


# ---------------------------------------------------------------------------- Davis's table


NEXT = "I need {} (the next bid ending in {})"


@pytest.mark.parametrize("auction, kind, rank, words", [
    ("50", "open", None, "50: the opening bid"),
    ("50 51", "not-ready", None, "51: not ready to pass yet"),
    ("50 52", "some-meld", None, "52: I have some meld"),
    ("50 53", "pinochle-parts", None, "53: I have several pinochle parts (jacks or queens)"),
    ("50 55", "around", JACK, "55: I need jacks around (a jack of every suit)"),
    ("50 54 55", "around", JACK, "55: I need jacks around (a jack of every suit)"),
    ("50 54", "card", JACK, NEXT.format("a jack", 4)),
    ("50 60 64", "card", JACK, NEXT.format("a jack", 4)),
    ("50 70 74", "card", JACK, NEXT.format("a jack", 4)),
    ("50 56", "card", QUEEN, NEXT.format("a queen", 6)),
    ("50 60 66", "card", QUEEN, NEXT.format("a queen", 6) + ": too late for queens around"),
    ("50 70 76", "card", QUEEN, NEXT.format("a queen", 6)),
    ("50 58", "card", KING, NEXT.format("a king", 8)),
    ("50 60 68", "card", KING, NEXT.format("a king", 8)),
    ("50 70 78", "card", KING, NEXT.format("a king", 8)),
    ("50 59", "card", TEN, NEXT.format("a ten", 9)),
    ("50 60 69", "card", TEN, NEXT.format("a ten", 9)),
    ("50 70 79", "card", TEN, NEXT.format("a ten", 9)),
    ("50 60", "card", ACE, NEXT.format("an ace", 0)),
    ("50 60 70", "card", ACE, NEXT.format("an ace", 0)),
    ("50 70 80", "card", ACE, NEXT.format("an ace", 0) + ": too late for kings around"),
    ("50 66", "around", QUEEN, "66 from 55 or below: I need queens around"),
    ("50 80", "around", KING, "80 from 69 or below: I need kings around"),
    ("50 88", "around", KING, "88 from 77 or below: I need kings around"),
    ("50 100", "around", ACE, "100 from 89 or below: I need aces around"),
    # openings at the around numbers: nothing was bid before, so each is the around
    ("66", "around", QUEEN, "66 from 55 or below: I need queens around"),
    ("80", "around", KING, "80 from 69 or below: I need kings around"),
    ("88", "around", KING, "88 from 77 or below: I need kings around"),
    ("100", "around", ACE, "100 from 89 or below: I need aces around"),
])
def test_every_row_of_the_davis_table(auction, kind, rank, words):
    _, _, meaning, signal = last(auction, "davis", DAVIS)
    assert signal == Signal(kind, rank) and meaning == words


@pytest.mark.parametrize("auction, kind, rank", [
    ("50 55 66", "around", QUEEN),   # 66 from 55: still queens around
    ("50 56 66", "card", QUEEN),     # the 66 clash: from 56, 66 is the next bid ending in 6
    ("50 69 80", "around", KING),    # 80 from 69: kings around
    ("50 70 80", "card", ACE),       # the 80 clash: from 70, 80 asks for an ace...
    ("50 72 88", "around", KING),    # ...so from the low 70s ask for kings around with 88
    ("50 77 88", "around", KING),
    ("50 78 88", "card", KING),      # from 78, 88 is the next bid ending in 8
    ("50 89 100", "around", ACE),
    ("50 90 100", "card", ACE),      # from 90, 100 is the next bid ending in 0
])
def test_each_davis_clash(auction, kind, rank):
    assert last(auction, "davis", DAVIS)[3] == Signal(kind, rank)


def test_clash_readings_say_it_is_too_late_for_the_around():
    assert "too late for kings around" in last("50 70 80", "davis", DAVIS)[2]
    assert "too late for queens around" in last("50 56 66", "davis", DAVIS)[2]


def test_davis_jump_past_the_next_number_asks_for_the_same_card():
    _, _, meaning, signal = last("50 52 64", "davis", DAVIS)
    assert signal == Signal("card", JACK)
    assert meaning == "I need a jack (ends in 4; a jump past 54, which asks the same)"
    # the same card asked by the next number is read differently
    assert last("50 60 64", "davis", DAVIS)[2] != meaning


@pytest.mark.parametrize("auction, convention", [
    ("66", "jump"), ("80", "jump"), ("88", "jump"), ("100", "jump"),
    ("66", "toby"), ("80", "toby"), ("88", "toby"), ("100", "toby"),
])
def test_high_openings_outside_davis(auction, convention):
    rules = ANY if convention == "jump" else TOBY.with_options(bid_steps="any")
    _, _, meaning, signal = last(auction, convention, rules)
    if convention == "jump":
        assert (meaning, signal) == ("above 60 the convention is silent: a natural bid",
                                     Signal("natural"))
    else:
        assert signal == Signal("book") and meaning.startswith("asks for a standard book")


def test_davis_other_numbers_are_plain_raises():
    for auction in ("50 57", "50 61", "50 63", "50 60 65", "50 60 67"):
        assert last(auction, "davis", DAVIS)[3] == Signal("natural"), auction


def test_davis_hint_bid_finds_the_number_that_carries_it():
    kings = Signal("around", KING)
    assert davis_hint_bid(parse_auction("50 60", DAVIS), kings, 120) == (80, "")
    assert davis_hint_bid(parse_auction("50 72", DAVIS), kings, 120) == (88, "")
    bid, why = davis_hint_bid(parse_auction("50 78", DAVIS), kings, 120)
    assert bid is None and "too late" in why
    bid, why = davis_hint_bid(parse_auction("50 70", STANDARD), kings, 120)
    assert bid is None and "88" in why and "cannot be given" in why
    bid, why = davis_hint_bid(parse_auction("50 56", STANDARD), Signal("card", JACK), 120)
    assert bid is None and "64" in why and "forbid" in why
    bid, why = davis_hint_bid(parse_auction("50 60", DAVIS), kings, 75)
    assert bid is None and "above your side's limit of 75" in why


@pytest.mark.parametrize("auction, number", [("50 60", 64), ("50 70", 74)])
def test_davis_hint_the_standard_steps_forbid_is_not_too_late(auction, number):
    # RULES.md's Decision: "64 under the standard steps" cannot be given; it is not that the
    # auction has gone past it
    bid, why = davis_hint_bid(parse_auction(auction, STANDARD), Signal("card", JACK), 120)
    assert bid is None
    assert why == (f"it would take {number}, which the standard rules' steps forbid: the hint"
                   " cannot be given")
    # with any number allowed it is the next bid ending in 4
    assert davis_hint_bid(parse_auction(auction, DAVIS), Signal("card", JACK), 120) == (
        number, "")


# ---------------------------------------------------------------------------- Toby Thomas


@pytest.mark.parametrize("bid, kind, rank, words", [
    (26, "card", QUEEN, "asks for queens"),
    (36, "card", QUEEN, "asks for queens"),
    (28, "card", KING, "asks for kings"),
    (48, "card", KING, "asks for kings"),
    (30, "card", TEN, "asks for tens"),
    (40, "card", TEN, "asks for tens"),
    (31, "card", ACE, "asks for aces"),
    (41, "card", ACE, "asks for aces"),
    (27, "book", None, "standard book"),
    (45, "book", None, "standard book"),
    (49, "book", None, "standard book"),
])
def test_each_toby_thomas_ending(bid, kind, rank, words):
    _, _, meaning, signal = last(f"25 {bid}" if bid > 25 else "25", "toby", TOBY)
    assert signal == Signal(kind, rank) and words in meaning


def test_toby_opening_50_shuts_the_others_out():
    _, _, meaning, signal = last("50", "toby", TOBY)
    assert signal == Signal("shut-out") and "shuts the others out" in meaning
    assert last("26 50", "toby", TOBY)[3] == Signal("book")
    assert last("50 55", "toby", TOBY)[3] == Signal("book")


# ---------------------------------------------------------------------------- hand features


def test_hand_features():
    trump_hand = Hand.parse("♥A 10 K Q J J ♠10 10 10 ♦10 10 10 J ♣10 10 10 J J Q Q")
    assert trump_worthy(trump_hand.counts)[0]
    assert not trump_worthy(Hand.parse("♥A 10 K Q J ♠A 10 K").counts)[0]
    assert side_aces(Hand.parse("AS AH AD AD KC").counts)[0]
    assert not side_aces(Hand.parse("AS AS AH AH").counts)[0]
    assert pinochle_parts(Hand.parse("QS QS JD").counts)[0]
    assert not pinochle_parts(Hand.parse("QS JD JC").counts)[0]


def test_signal_masks_test_what_a_call_said():
    hands = np.array([Hand.parse("QS JD QS JD KH QH").counts,  # 30 + 4 meld
                      Hand.parse("QS KH QH 10C").counts])
    assert signal_mask(Signal("meld", meld=30), hands, STANDARD).tolist() == [True, False]
    # a jack helps the second hand (a pinochle), not the first (a third J♦ needs a third Q♠)
    assert signal_mask(Signal("card", JACK), hands, STANDARD).tolist() == [False, True]
    assert signal_mask(Signal("card", KING), hands, STANDARD).tolist() == [True, True]
    assert signal_mask(Signal("pass"), hands, STANDARD) is None


def test_holds_probability_is_hypergeometric():
    from math import comb
    assert holds_probability([4], 60, 20) == pytest.approx(1 - comb(56, 20) / comb(60, 20))
    assert holds_probability([0], 60, 20) == 0.0
    assert holds_probability([1, 1], 2, 2) == pytest.approx(1.0)


def test_card_gains_are_exact_meld_differences():
    hand = Hand.parse("♥A 10 K Q ♠10 10 10 10 ♦10 10 10 10 ♣10 10 10 10 A A A A")
    gains = card_gains(hand, DAVIS)
    jh = gains.card(1, 4 + 5)  # J♥ with hearts trump: a run instead of a royal marriage
    assert jh.gain == 11 and jh.story == "makes a run (instead of a royal marriage)"
    assert gains.card(0, 4 + 5).gain == 0  # with spades trump the J♥ adds nothing
    assert gains.around(1, JACK).gain == 15  # a run and jacks around, less the royal marriage
    assert gains.cards[1][15] is None  # four A♣ held: no fifth copy
    assert gains.cards[1][0] == 0  # an A♠ alone: aces around needs an A♦ too
    assert gains.around(1, ACE).gain == 10  # A♠ and A♦ make aces around
    assert gains.around(1, ACE).probability == pytest.approx(holds_probability([4, 4], 60, 20))


def test_an_around_adds_the_rank_only_where_it_is_missing():
    # jacks in ♠ ♥ ♦, none in ♣; with two Q♠, another J♦ would make a double pinochle, but the
    # around asks only for the J♣
    hand = Hand.parse("QS QS JD JS JH 10S 10S 10H 10H 10D 10D 10C 10C 10C 10C KH QH AS AH AD")
    gains = card_gains(hand, DAVIS)
    around = gains.around(1, JACK)
    assert around.gain == 4 and around.story == "makes jacks around"
    assert around.probability == pytest.approx(holds_probability([4], 60, 20))
    assert gains.around(1, ACE).gain == 10  # the A♣ alone


def test_an_around_request_is_a_real_condition():
    def jacks(*counts):
        """A hand holding these counts of J♠ J♥ J♦ J♣ (and tens to fill)."""
        c = [0] * 20
        for s, n in enumerate(counts):
            c[s * 5 + JACK] = n
            c[s * 5 + TEN] = 4 - n if n < 4 else 0
        return c

    hands = np.array([jacks(0, 0, 0, 0), jacks(1, 0, 0, 0), jacks(1, 1, 0, 0),
                      jacks(1, 2, 1, 0), jacks(1, 1, 1, 1), jacks(2, 2, 1, 2),
                      jacks(2, 1, 1, 2), jacks(4, 4, 4, 4)])
    assert signal_mask(Signal("around", JACK), hands, STANDARD).tolist() == [
        False, False, True, True, False, True, True, False]


def test_an_around_request_filters_the_deals():
    from pinochle_calc.bidding.estimate import Condition, deal

    hand = Hand.parse(NEEDS_JH)
    cond = Condition(2, Signal("around", JACK), "partner: jacks around would help")
    counts, acceptance, _, _, dropped = deal(hand, 300, np.random.default_rng(0), [cond], DAVIS)
    assert not dropped and 0.2 < acceptance < 0.9
    partner = counts[:, 2][:, JACK::5]  # J♠ J♥ J♦ J♣ of each partner hand
    low = partner.min(axis=1, keepdims=True)
    short = ((partner == low) & (low < 4)).sum(axis=1)
    assert ((short >= 1) & (short <= 2)).all()


# ---------------------------------------------------------------------------- suggestions

NEEDS_JH = "♥A 10 K Q ♠10 10 10 10 ♦10 10 10 10 ♣10 10 10 10 A A A A"
# kings in two suits, queens in all four: K♦ and K♣ make kings around and two marriages
NEEDS_KINGS_AROUND = "♥K Q Q 10 10 10 ♠K Q Q 10 10 10 ♦Q Q 10 10 10 ♣Q Q 10"
NO_MARRIAGE = "♥A 10 Q Q J ♠Q 10 10 10 ♦Q 10 10 10 ♣Q 10 10 10 A A A"


@pytest.fixture
def any_hint(monkeypatch):
    """Davis's hints at the smallest gain a hint is worth at all (``HINT_MIN``), for the tests
    of which hint is asked for and by which bid."""
    from pinochle_calc.bidding.conventions import davis

    monkeypatch.setattr(davis, "DAVIS_HINT_MIN", HINT_MIN)


def test_davis_suggests_the_card_that_really_helps(any_hint):
    s = suggest(NEEDS_JH, parse_auction("", DAVIS), "davis", limit=70)
    assert s.call == 54 and "I need a jack" in s.meaning
    assert "a J♥ would make a run" in s.reason and "+11 meld" in s.reason
    assert s.hints["cards"]["JH"]["gain"] == 11
    # later in the auction the next number ending in 4
    assert suggest(NEEDS_JH, parse_auction("50 56", DAVIS), "davis", limit=70).call == 64


def test_davis_asks_for_kings_around_avoiding_the_80_clash(any_hint):
    hand = NEEDS_KINGS_AROUND
    assert suggest(hand, parse_auction("50 60", DAVIS), "davis", limit=100).call == 80
    s = suggest(hand, parse_auction("50 72", DAVIS), "davis", limit=100)
    assert s.call == 88 and "kings around" in s.meaning


def test_davis_says_when_the_steps_forbid_the_hint(any_hint):
    s = suggest(NEEDS_KINGS_AROUND, parse_auction("50 70", STANDARD), "davis", limit=100)
    assert s.call != 88 and "88" in s.reason and "cannot be given" in s.reason
    s = suggest(NEEDS_JH, parse_auction("50 56", STANDARD), "davis", limit=70)
    assert "64" in s.reason and "cannot be given" in s.reason


def test_davis_51_52_53_as_the_table_says():
    # below the hint numbers (54 and up) the table's 51, 52 and 53 say what the hand has
    parts = "QS QS QS QS JD JD JD JD KH QH 10S 10S 10S 10C 10C 10C 10D 10D 10H 10H"
    s = suggest(parts, parse_auction("50", DAVIS), "davis", limit=53)
    assert s.call == 53 and "several pinochle parts" in s.meaning and "4 Q♠ and 4 J♦" in s.reason
    some = "AH 10H KH KH QH QH JH KS QS 10S 10S 10S 10C 10C 10C 10C 10D 10D 10D 10D"
    s = suggest(some, parse_auction("50", DAVIS), "davis", limit=53)
    assert s.call == 52 and "some meld" in s.meaning and "you hold 21 meld" in s.reason
    flat = "KH QH 10S 10S 10S 10S 10C 10C 10C 10C 10D 10D 10D 10D 10H 10H 10H 10H AS AS"
    s = suggest(flat, parse_auction("50", DAVIS), "davis", limit=53)
    assert s.call == 51 and "not ready to pass yet" in s.meaning


def _best_expected(hand):
    """The largest expected gain among the hints Davis's system could give for this hand,
    with its best trump (cards of each rank, and the arounds it is one or two cards short
    of), computed here from the Gains API."""
    gains = card_gains(hand, DAVIS)
    trump = meld(hand, DAVIS).best.trump
    options = [gains.card(trump, i) for i in range(20)]
    for r in (ACE, KING, QUEEN, JACK):
        low = min(hand.counts[r::5])
        if low < 4 and 1 <= list(hand.counts[r::5]).count(low) <= 2:
            options.append(gains.around(trump, r))
    return max(g.expected for g in options if g is not None)


def test_davis_hint_needs_an_expected_gain_of_hint_min(monkeypatch):
    from pinochle_calc.bidding.conventions import davis

    monkeypatch.setattr(davis, "DAVIS_HINT_MIN", HINT_MIN)  # the threshold, wherever it is
    # a king in every suit and one Q♥: the best any card does is a side marriage (+2 meld,
    # the partner holds one of the four unseen copies 81% of the time): 1.63, just under
    below = Hand.parse("KS KH KD KC QH 10S 10S 10S 10S 10H 10H 10H 10H 10D 10D 10D 10D"
                       " 10C 10C 10C")
    # three K♥ and two Q♥: a third Q♥ (two unseen, 56%) makes a triple royal marriage, +4:
    # 2.24, just over
    above = Hand.parse("KH KH KH QH QH KS KD KC 10S 10S 10S 10S 10D 10D 10D 10D 10C 10C 10C"
                       " 10C")
    assert HINT_MIN - 0.5 < _best_expected(below) < HINT_MIN <= _best_expected(above) < (
        HINT_MIN + 0.5)
    s = suggest(below, parse_auction("", DAVIS), "davis", limit=100)
    assert s.call == 50 and s.signal == Signal("open")
    assert "no card the partner could pass helps much" in s.reason
    s = suggest(above, parse_auction("", DAVIS), "davis", limit=100)
    assert s.call == 56 and s.signal == Signal("card", QUEEN)
    assert "a Q♥ would make triple royal marriage" in s.reason and "+4 meld" in s.reason


def test_davis_asks_only_for_what_pays_in_the_exchange():
    """By default a hint needs an expected gain of 16 (``DAVIS_HINT_MIN``): a third Q♥ for a
    triple royal marriage (+4, 2.24 expected) is not worth a bid that asks for it; the J♥ that
    makes a double run is."""
    from pinochle_calc.bidding.conventions import DAVIS_HINT_MIN

    small = Hand.parse("KH KH KH QH QH KS KD KC 10S 10S 10S 10S 10D 10D 10D 10D 10C 10C 10C"
                       " 10C")
    assert _best_expected(small) < DAVIS_HINT_MIN == 16
    s = suggest(small, parse_auction("", DAVIS), "davis", limit=100)
    assert s.call == 50 and s.signal == Signal("open")
    run = Hand.parse("AH AH 10H 10H KH KH QH QH JH 10S 10S 10S 10S 10D 10D 10D 10C 10C 10C 10C")
    assert _best_expected(run) >= DAVIS_HINT_MIN
    s = suggest(run, parse_auction("", DAVIS), "davis", limit=100)
    assert s.call == 54 and s.signal == Signal("card", JACK) and "double run" in s.reason


def test_jump_suggestions():
    trump_hand = "♥A 10 K Q J J ♠10 10 10 ♦10 10 10 J ♣10 10 10 J J Q Q"
    s = suggest(trump_hand, parse_auction(""), "jump", limit=60)
    assert s.call == 50 and "wants to name trump" in s.meaning and "a trump hand" in s.reason
    s = suggest(trump_hand, parse_auction("52"), "jump", limit=60)
    assert s.call == 53 and "raises by 1" in s.meaning
    meld30 = "QS QS JD JD KC QC 10S 10S 10S 10H 10H 10H 10D 10D 10D 10C 10C 10C AH AH"
    s = suggest(meld30, parse_auction(""), "jump", limit=60)
    assert s.call == 53 and s.meaning == "opening 53: shows 30 meld"
    assert s.reason == "shows 30 meld: you hold 34 (a royal marriage and double pinochle)"
    s = suggest(meld30, parse_auction("52"), "jump", limit=60)
    assert s.call == 55 and "shows 30 meld" in s.meaning
    aces = "AS AH AD AC AS KC QC 10S 10S 10S 10H 10H 10H 10D 10D 10D 10C 10C JS JH"
    s = suggest(aces, parse_auction("p"), "jump", limit=60)
    assert s.call == 51 and "aces in other suits" in s.meaning


def test_jump_is_natural_above_60_and_passes_beyond_the_limit():
    meld30 = "QS QS JD JD KC QC 10S 10S 10S 10H 10H 10H 10D 10D 10D 10C 10C 10C AH AH"
    s = suggest(meld30, parse_auction("50 60"), "jump", limit=70)
    assert s.call == 65 and "silent" in s.meaning
    s = suggest(meld30, parse_auction("50 60"), "jump", limit=62)
    assert s.call is None and "above your side's limit of 62" in s.reason


def test_partner_holding_the_bid_with_nothing_to_add_passes():
    flat = "KH QH 10S 10S 10S 10S 10C 10C 10C 10C 10D 10D 10D 10D 10H 10H 10H JS JS JC"
    s = suggest(flat, parse_auction("52 p"), "jump", limit=70)  # seat 2, partner opened
    assert s.call is None and "partner holds the bid" in s.reason


def test_stuck_dealer_must_bid_and_no_marriage_never_names_trump():
    s = suggest(NO_MARRIAGE, parse_auction("p p p"), "jump", limit=0)
    assert s.call == 50 and s.signal == Signal("forced") and "throw the hand in" in s.reason
    for convention, rules in (("jump", STANDARD), ("davis", DAVIS), ("toby", TOBY)):
        s = suggest(NO_MARRIAGE, parse_auction("", rules), convention, limit=200)
        assert s.call is None and "no marriage" in s.reason


def test_toby_suggestions():
    needs_q = "♥A 10 K K Q J ♠10 10 10 ♦10 10 10 J ♣10 10 10 J J Q Q"
    s = suggest(needs_q, parse_auction("25", TOBY), "toby", limit=45)
    assert s.call == 26 and "asks for queens" in s.meaning and "Q♥" in s.reason
    s = suggest(needs_q, parse_auction("", TOBY), "toby", limit=60)
    assert s.call == 50 and "shuts the others out" in s.meaning
    s = suggest(needs_q, parse_auction("25 26", TOBY), "toby", limit=45)
    assert s.call == 36


def test_open_calls_list_what_can_be_said_now():
    calls = dict(open_calls(parse_auction("50 52 p 55"), "jump"))
    assert calls[56] == "raises by 1: wants to name trump"
    assert calls[58] == "jumps by 3: shows 30 meld"
    assert "silent" in calls[65]


def test_open_calls_under_davis():
    calls = open_calls(parse_auction("50 56", DAVIS), "davis")
    assert calls[:5] == [
        (57, "57: no hint in Davis's table (a plain raise)"),
        (58, "I need a king (the next bid ending in 8)"),
        (59, "I need a ten (the next bid ending in 9)"),
        (60, "I need an ace (the next bid ending in 0)"),
        (64, "I need a jack (the next bid ending in 4)"),
    ]
    bids = dict(calls)
    assert bids[66].endswith("too late for queens around")  # from 56, 66 is a queen
    assert bids[80] == "80 from 69 or below: I need kings around"
    assert 88 not in bids  # 80 already asks for kings around: one bid per meaning
    # under the standard steps only the multiples of 5 are open above 60
    assert [b for b, _ in open_calls(parse_auction("50 56", STANDARD), "davis")] == [
        57, 58, 59, 60, 80, 100]


def test_open_calls_under_toby():
    calls = open_calls(parse_auction("26", TOBY), "toby")
    assert [b for b, _ in calls] == [27, 28, 30, 31, 36]
    assert dict(calls)[28] == "asks for kings in the pass (a bid from 25 to 49 ending in 8)"
    assert dict(calls)[27].startswith("asks for a standard book")
    # the stuck dealer has one call, and it says nothing
    assert open_calls(parse_auction("p p p", TOBY), "toby") == [
        (25, "forced: the first three passed, so the dealer must bid the minimum (says"
             " nothing)")]


def test_readings_under_a_scaled_rule_set_print_the_real_bids():
    aces = STANDARD.with_options(scale=10)
    assert [m for _, _, m, _ in meanings("500 520 530 550", "jump", aces)] == [
        "opening 500: wants to name trump", "jumps by 20: shows 200 meld",
        "raises by 10: wants to name trump", "jumps by 20: shows 200 meld"]
    assert last("510", "jump", aces)[2] == "opening 510: holds aces in other suits"
    assert last("520 650", "jump", aces)[2] == ("above 600 the convention is silent: a natural"
                                                " bid")
    davis = aces.with_options(bid_steps="any")
    assert [m for _, _, m, _ in meanings("500 510 540 550 560 600", "davis", davis)] == [
        "500: the opening bid", "510: not ready to pass yet",
        "I need a jack (the next bid ending in 40)",
        "550: I need jacks around (a jack of every suit)",
        "I need a queen (the next bid ending in 60)",
        "I need an ace (the next bid ending in 00)"]
    assert last("500 660", "davis", davis)[2] == "660 from 550 or below: I need queens around"
    assert last("500 520 640", "davis", davis)[2] == (
        "I need a jack (ends in 40; a jump past 540, which asks the same)")
    bid, why = davis_hint_bid(parse_auction("500 600", aces), Signal("card", JACK), 1200)
    assert bid is None and why.startswith("it would take 640, which")
    toby = TOBY.with_options(scale=10)
    assert last("250 260", "toby", toby)[2] == (
        "asks for queens in the pass (a bid from 250 to 490 ending in 60)")
    assert last("500", "toby", toby)[2].startswith("opening 500: asks for a standard book")
    s = suggest("♥A 10 K Q J J ♠10 10 10 ♦10 10 10 J ♣10 10 10 J J Q Q", parse_auction("", aces),
                "jump", limit=600)
    assert s.call == 500 and s.reason.endswith(": 500 asks to name trump")
    _, notes = convention_rules("toby", aces)
    assert "expects bids from 250" in notes[0] and "start at 500" in notes[0]
    assert describe_signal(Signal("some-meld"), aces.scale) == "at least 200 meld"


def test_after_pass_marriage_rule_lets_a_hand_without_one_bid():
    # RULES.md: some require the marriage only after the exchange; before the pass any suit
    # may be named, so a long suit without a marriage is trump-worthy and the hand may bid
    long_spades = "♠A 10 10 J J Q Q ♥A 10 10 J ♦A 10 10 J ♣A 10 10 J 10"
    after = DAVIS.with_options(marriage_required="after-pass")
    assert not trump_worthy(Hand.parse(long_spades).counts, DAVIS)[0]
    assert trump_worthy(Hand.parse(long_spades).counts, after)[0]
    for convention, rules in (("jump", STANDARD.with_options(pass_cards=3)), ("davis", DAVIS),
                              ("toby", TOBY)):
        rules = rules.with_options(marriage_required="after-pass")
        s = suggest(NO_MARRIAGE, parse_auction("", rules), convention, limit=200)
        assert s.call is not None and "no marriage" not in s.reason, convention
    # where no cards are exchanged, "after the exchange" is when trump is named: the hand
    # needs its marriage then, as the hand model refuses to let it name trump without one
    alone = STANDARD.with_options(marriage_required="after-pass")
    assert not trump_worthy(Hand.parse(long_spades).counts, alone)[0]
    s = suggest(NO_MARRIAGE, parse_auction("", alone), "jump", limit=200)
    assert s.call is None and "no marriage" in s.reason


def test_a_finished_auction_has_no_call_to_make():
    with pytest.raises(AuctionError, match="no call to make"):
        suggest(NEEDS_JH, parse_auction("50 p p p"), "jump")


@given(st.sampled_from(["by1-then-5", "any", "by10-above-100"]), st.sampled_from([1, 10]),
       st.integers(1, 130), st.integers(0, 130), st.lists(st.integers(1, 12), max_size=5),
       st.sampled_from([("card", r) for r in range(5)] + [("around", r) for r in (0, 2, 3, 4)]),
       st.integers(0, 400))
def test_davis_hint_bid_looks_no_further_than_a_hint_can_be(steps, scale, min_bid, change,
                                                            raises, hint, upto):
    """It stops at ten numbers above the bid it must beat (or 100): the same bid as looking at
    every legal bid up to the limit, which took seconds under a meld table of millions."""
    from pinochle_calc.bidding.auction import start
    from pinochle_calc.bidding.conventions import Signal, davis_hint_bid
    from pinochle_calc.bidding.conventions.davis import _davis

    rules = STANDARD.with_options(bid_steps=steps, scale=scale, min_bid=min_bid,
                                  step_change=change)
    auction = start(rules)
    for step in raises:  # a climb of legal bids, each some steps above the last
        bid = auction.high
        for _ in range(step):
            bid = rules.next_bid(bid)
        auction = auction.then(bid)
    signal = Signal(*hint)
    naive = next((bid for bid in auction.legal_bids(upto * scale)
                  if _davis(bid, auction.high, rules)[1:] == (signal, False)), None)
    assert davis_hint_bid(auction, signal, upto * scale)[0] == naive


def test_asked_for_is_the_seats_latest_request():
    from pinochle_calc.bidding.conventions import asked_for
    from pinochle_calc.rules import load_rules

    rules = load_rules("standard,steps=any")
    # Davis: seat 0's 54 asks for a jack, seat 2's 58 for a king, seat 0's 60 for an ace
    auction = parse_auction("54 p 58 p 60", rules)
    assert asked_for(auction, 0, "davis") == Signal("card", ACE)
    assert asked_for(auction, 2, "davis") == Signal("card", KING)
    assert asked_for(auction, 1, "davis") is None
    assert asked_for(auction, 0, None) is None
    # a plain raise (61) asks for nothing: the latest request stands
    assert asked_for(parse_auction("54 p 58 p 61", rules), 0, "davis") == Signal("card", JACK)


@pytest.mark.parametrize(("auction", "seat", "rank"), [
    ("55 p p p", 0, JACK),          # 55 always asks for jacks around
    ("50 p 66 p p", 2, QUEEN),    # 66 from 55 or below
    ("50 p 80 p p", 2, KING),     # 80 from 69 or below
    ("70 p 88 p p", 2, KING),     # 88 from 77 or below
    ("60 p 100 p p", 2, ACE),     # 100 from 89 or below
])
def test_davis_around_requests_reach_what_the_partner_passes(auction, seat, rank):
    """RULES.md's around requests of Davis's system, read back as what the caller's partner
    is asked to pass (``asked_for``, what the pass answers): that rank around."""
    davis = PRESETS["standard"].override("steps=any,passing.cards=4")
    assert asked_for(parse_auction(auction, davis), seat, "davis", davis) == ("around", rank, 0)
