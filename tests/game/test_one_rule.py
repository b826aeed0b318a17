"""One rule, one answer: the marriage a bidder needs to name trump and the trump a seat names,
asked of every caller (the meld report, the arrays, the compiled meld, the hand model, the bid
estimate, the conventions, the price, the score sheet, the policies, the table) and checked
against RULES.md's reading, written out here on its own ("Calling trump": the bidder names a
suit it holds a marriage in; the variations: some drop the rule, some need the marriage only
after the exchange)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from native import extension

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import get
from pinochle_calc.bidding.conventions.base import Caller
from pinochle_calc.bidding.estimate import estimate
from pinochle_calc.cards import SUIT_SYMBOLS
from pinochle_calc.game.hand import Contract, Pass, Record, RecordError, Trump
from pinochle_calc.game.policies import Situation, most_meld
from pinochle_calc.game.session import advice
from pinochle_calc.game.whole import deal_cards
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld, vector
from pinochle_calc.rules import STANDARD
from pinochle_calc.scoring import HandInput, ScoreError, score_hand
from pinochle_calc.seats import Seat

ACE, TEN, KING, QUEEN, JACK = range(5)
#: every marriage rule, with no exchange, an exchange after trump is named, and one before
RULE_SETS = [STANDARD.with_options(marriage_required=m, pass_cards=n, pass_when=w,
                                   pass_order="simultaneous" if w == "after-trump"
                                   else "partner-first")
             for m in ("true", "false", "after-pass")
             for n, w in ((0, "after-trump"), (3, "after-trump"), (3, "before-trump"))]


def rule_id(rules) -> str:
    return f"{rules.marriage_required}/{rules.pass_cards}/{rules.pass_when}"


def married_hand(married: set[int]) -> Hand:
    """20 cards, five a suit: A 10 K Q J where the hand holds a marriage, A 10 K J J where it
    does not (a king, no queen)."""
    counts = [0] * 20
    for s in range(4):
        for rank in (ACE, TEN, KING, QUEEN, JACK) if s in married else (ACE, TEN, KING, JACK):
            counts[s * 5 + rank] += 1
        if s not in married:
            counts[s * 5 + JACK] += 1
    return Hand(counts)


MARRIAGES = [set(c) for n in range(5) for c in itertools.combinations(range(4), n)]


def may_name(married: set[int], suit: int, rules, exchanged: bool) -> bool:
    """RULES.md's reading: may a bidder holding marriages in ``married`` name ``suit``, before
    the exchange (``exchanged`` False) or after it? ``true``: only a suit it holds a marriage
    in; ``false``: any suit; ``after-pass``: any suit before the exchange, a married one after
    it; where no cards are exchanged, "after the exchange" is when trump is named."""
    if rules.marriage_required == "false":
        return True
    if rules.marriage_required == "after-pass" and rules.pass_cards and not exchanged:
        return True
    return suit in married


@pytest.mark.parametrize("rules", RULE_SETS, ids=rule_id)
def test_every_caller_reads_the_marriage_rule_as_the_rules_do(rules, monkeypatch):
    native = extension("pinochle_calc.meld._meld")
    for married in MARRIAGES:
        hand = married_hand(married)
        report = meld(hand, rules)
        before = [s for s in range(4) if may_name(married, s, rules, False)]
        after = [s for s in range(4) if may_name(married, s, rules, True)]
        # the meld report: the suits it may name before and after the exchange, "callable"
        assert report.may_name(rules.needs_marriage(exchanged=False)) == before, married
        assert report.may_name(rules.needs_marriage(exchanged=True)) == after, married
        assert [t.callable for t in report.trumps] == [s in after for s in range(4)]
        assert vector.callable_suits([hand.counts], rules)[0].tolist() == [
            s in after for s in range(4)]
        # the best meld, numpy and compiled: among the suits it may name, else all four
        points = [t.points for t in report.trumps]
        best = max(points[s] for s in after) if after else max(points)
        for engine in (native, None):
            monkeypatch.setattr(vector, "NATIVE", engine)
            assert vector.best_points([hand.counts], rules)[0] == best, (married, engine)
        # a convention's caller at the auction
        caller = Caller(hand, parse_auction("", rules), get("jump"), 60)
        assert [s for s in range(4) if caller.nameable(s)] == before, married


def table_for(hand: Hand, partner: Hand) -> tuple[Hand, ...]:
    """Four hands: ``hand`` at seat 0, ``partner`` at seat 2, the rest of the deck split
    between seats 1 (spades and hearts) and 3."""
    rest = [4 - a - b for a, b in zip(hand.counts, partner.counts)]
    return hand, Hand(rest[:10] + [0] * 10), partner, Hand([0] * 10 + rest[10:])


@pytest.mark.parametrize("rules", RULE_SETS, ids=rule_id)
def test_the_hand_model_lets_the_bidder_name_what_the_rules_let_it(rules):
    """The hand model refuses a suit the rules do not let the bidder name when it names trump
    (before any exchange, or after it where cards pass before trump: here the partner passes
    three tens and gets them back), and lets it name no trump only where it may name none."""
    partner = Hand.parse("♠A Q Q ♥A Q Q ♦A Q Q ♣A Q Q ♠10 ♥10 ♦10 ♣10 ♠J ♥J ♦J ♣J")
    tens = Hand.parse("♠10 ♥10 ♦10")
    later = bool(rules.pass_cards) and rules.pass_when == "before-trump"
    for married in MARRIAGES:
        state = Record(rules, Seat.THREE, table_for(married_hand(married), partner),
                       (Contract(Seat.ZERO, 50),)).state
        if later:
            state = state.apply(Pass(Seat.TWO, tens)).apply(Pass(Seat.ZERO, tens))
        allowed = [s for s in range(4) if may_name(married, s, rules, later)]
        for suit in [*range(4), None]:
            ok = (suit in allowed) if suit is not None else not allowed
            try:
                state.apply(Trump(Seat.ZERO, suit))
            except RecordError:
                assert not ok, (married, suit)
            else:
                assert ok, (married, suit)


def test_after_the_pass_a_bidder_without_the_marriage_in_trump_loses_the_bid():
    """``after-pass``, cards exchanged after trump is named: the bidder names hearts without a
    marriage in it; the bid stands if the partner passes it the missing Q♥, and is lost if
    not (RULES.md: the marriage required only after the exchange)."""
    rules = STANDARD.with_options(marriage_required="after-pass", pass_cards=3)
    bidder = married_hand({0})  # K♥ without Q♥
    partner = Hand.parse("♥Q Q Q ♠Q Q Q ♦Q Q Q ♣Q Q Q ♠10 10 ♥10 10 ♦10 10 ♣10 10")
    start = Record(rules, Seat.THREE, table_for(bidder, partner),
                   (Contract(Seat.ZERO, 50), Trump(Seat.ZERO, 1))).state
    back = Pass(Seat.ZERO, Hand.parse("♠A 10 J"))
    kept = start.apply(Pass(Seat.TWO, Hand.parse("♥Q ♠Q Q"))).apply(back)
    lost = start.apply(Pass(Seat.TWO, Hand.parse("♠Q Q Q"))).apply(back)
    assert not kept.lost and lost.lost


@pytest.mark.parametrize("rules", RULE_SETS, ids=rule_id)
def test_where_the_marriage_is_looked_for_after_the_exchange_the_price_and_review_agree(rules):
    """``keeps_trump`` (the estimate, the price and the review's play-outs): a declarer plays
    with the trump named unless the rules look for a marriage where it holds none: as dealt
    when trump is named before any exchange under ``true``, after the exchange when it is named
    after it or under ``after-pass``."""
    dealt = [married_hand(m) for m in MARRIAGES]
    after = [married_hand({s for s in range(4) if s not in m}) for m in MARRIAGES]
    for t in range(4):
        got = vector.keeps_trump([h.counts for h in dealt], [h.counts for h in after], t, rules)
        for i, m in enumerate(MARRIAGES):
            named_after = rules.pass_cards and rules.pass_when == "before-trump"
            exchanged = bool(rules.pass_cards)
            held = {s for s in range(4) if s not in m} if exchanged else m
            if rules.marriage_required == "false":
                want = True
            elif rules.marriage_required == "true" and not named_after:
                want = t in m  # named from the hand as dealt
            else:
                want = t in held if exchanged else t in m
            assert got[i] == want, (m, t)


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if r.pass_cards], ids=rule_id)
def test_the_bid_estimate_examines_the_suits_the_bidder_could_end_up_naming(rules):
    """Every suit where the marriage may still come in the exchange (trump named after it, or
    the marriage needed only then); the suits it may name as dealt elsewhere."""
    for married in (set(), {2}, {0, 3}):
        result = estimate(married_hand(married), rules, samples=8, seed=1)
        later = rules.marriage_required != "false" and (
            rules.marriage_required == "after-pass" or rules.pass_when == "before-trump")
        want = list(range(4)) if later else [
            s for s in range(4) if may_name(married, s, rules, False)]
        assert sorted(result.trumps) == want, married


@pytest.mark.parametrize("rules", RULE_SETS, ids=rule_id)
def test_no_marriage_is_a_result_only_where_a_marriage_is_needed(rules):
    hand = HandInput(0, 50, (0, 20), (None, None), "no-marriage")
    if rules.marriage_required == "false":
        with pytest.raises(ScoreError, match="without a marriage"):
            score_hand(hand, rules)
    else:
        assert score_hand(hand, rules).result == "no-marriage"


# ---------------------------------------------------------------------- the trump named


def trump_oracle(hand: Hand, allowed: list[int], rules) -> int | None:
    """The trump to name, as the docs state the rule: the most meld among the suits the seat
    may name, then the longer suit, then S H D C; None where it may name none."""
    if not allowed:
        return None
    points = meld(hand, rules).trumps
    lengths = [sum(1 for c in hand if c.suit == s) for s in range(4)]
    return sorted(allowed, key=lambda s: (-points[s].points, -lengths[s], s))[0]


#: Hands worked by hand: the trump each names, needing a marriage and not.
WORKED = [
    # a run in hearts (15, and the pinochle 4, the spade marriage 2: 21) against the royal
    # marriage in spades (4 + 2 + 4 = 10)
    ("♥A 10 K Q J ♠K Q ♦J ♠Q ♣A A 10 10 ♦A A 10 10 ♣J J J", 1, 1),
    # a marriage in clubs alone: its royal marriage and jacks around, 8 (6 in another suit)
    ("♥A 10 K K J ♣K Q ♠A A 10 10 J ♦A A 10 10 J J ♣J J", 3, 3),
    # marriages in spades and diamonds, 14 meld either way: diamonds, the longer suit
    ("♠K Q J ♦K Q J J ♣A A 10 10 ♥A A 10 10 J J ♣J J J", 2, 2),
    # the same meld and length: spades before diamonds
    ("♠K Q J 10 ♦K Q J 10 ♣A A 10 10 ♥A A 10 10 J ♣J J J", 0, 0),
    # no marriage at all (aces, kings and double jacks around, 58 in every suit): none where a
    # marriage is needed; where not, the longest suit, all as long: spades
    ("♠A 10 K J J ♥A 10 K J J ♦A 10 K J J ♣A 10 K J J", None, 0),
]


@pytest.mark.parametrize("text, needing, free", WORKED)
def test_the_trump_named_in_hands_worked_by_hand(text, needing, free):
    hand = Hand.parse(text)
    report = meld(hand, STANDARD)
    assert report.trump_to_name(True) == needing
    assert report.trump_to_name(False) == free


@pytest.mark.parametrize("rules", RULE_SETS[:3] + [STANDARD.with_options(
    marriage_required="false"), STANDARD.with_options(marriage_required="after-pass",
                                                      pass_cards=4)], ids=rule_id)
def test_every_caller_names_the_same_trump(rules):
    """The policies, the table's advice, the arrays (the review's play-outs and the price),
    against the oracle, on dealt hands."""
    hands = [h for i in range(40) for h in deal_cards(23, i)]
    needs = rules.needs_marriage(exchanged=False)
    counts = np.array([h.counts for h in hands])
    points = vector.meld_points(counts, rules)
    ok = vector.callable_suits(counts, rules) | (not needs)
    arrays = vector.best_trumps(counts, points, ok)
    seen = set()
    for i, hand in enumerate(hands):
        allowed = [s for s in range(4) if meld(hand, rules).trumps[s].callable or not needs]
        want = trump_oracle(hand, allowed, rules)
        seen.add(want)
        assert meld(hand, rules).trump_to_name(needs) == want
        seat = Situation(0, hand, rules, parse_auction("", rules), needs_marriage=needs)
        assert most_meld(seat) == want
        if want is not None:
            assert arrays[i] == want
    assert len(seen) >= 4  # several suits named (and none, where a marriage is needed)


def test_the_tables_trump_advice_names_the_trump_the_players_name():
    for i in range(12):
        hands = deal_cards(31, i)
        record = Record(STANDARD, Seat.THREE, hands, (Contract(Seat.ZERO, 50),))
        want = meld(hands[0], STANDARD).trump_to_name(True)
        line = advice(record, 0)[0]
        if want is None:
            assert "you may name no trump" in line
        else:
            assert line.startswith(f"Advice: {SUIT_SYMBOLS[want]} (meld")
