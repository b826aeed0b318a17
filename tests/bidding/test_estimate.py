"""The estimate: reproducible, honest about the partner's meld, monotone in meld, conditioned on
the calls, and never naming trump without a marriage."""

import random
from math import sqrt

import numpy as np
import pytest

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import suggest
from pinochle_calc.bidding.estimate import deal, estimate, limits_from, side_totals
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.play.dealer import Dealer
from pinochle_calc.rules import PRESETS, STANDARD, load_rules

HAND = "♥A 10 K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J 10"
PLAIN = "♥A 10 K Q 10 ♠A 10 K J ♦A 10 K Q J ♣A 10 K Q J 10"
NO_MARRIAGE = "♥A 10 Q Q J ♠Q 10 10 10 ♦Q 10 10 10 ♣Q 10 10 10 A A A"


def test_same_seed_same_figures_and_another_seed_others():
    a = estimate(PLAIN, samples=150, seed=7).to_dict()
    b = estimate(PLAIN, samples=150, seed=7).to_dict()
    c = estimate(PLAIN, samples=150, seed=8).to_dict()
    assert a == b and a != c
    assert a["samples"] == 150 and a["seed"] == 7


def test_report_has_the_figures_for_every_callable_trump():
    e = estimate(PLAIN, samples=200, seed=1)
    callable_ = [t.trump for t in meld(Hand.parse(PLAIN)).trumps if t.callable]
    assert sorted(e.trumps) == callable_
    d = e.to_dict()
    for key in ("trump", "own_meld", "partner_meld", "trick_points", "make_probability",
                "max_bid", "samples", "seed"):
        assert key in d
    assert set(d["partner_meld"]) == {"mean", "stderr", "p10", "p50", "p90"}
    assert 0 <= d["trick_points"]["mean"] <= 50
    probs = list(e.best.make_probability.values())
    assert probs == sorted(probs, reverse=True)
    # the maximum is made at the confidence (0.85 without a pass); the next legal bid is not
    mx = e.best.max_bid
    assert e.confidence == 0.85
    assert e.best.probability(mx) >= 0.85
    assert e.best.probability(STANDARD.next_bid(mx)) < 0.85
    four = estimate(PLAIN, STANDARD.with_options(pass_cards=4), samples=200, seed=1)
    assert four.confidence == 0.7
    assert e.trump == max(e.trumps, key=lambda t: (e.trumps[t].max_bid or 0,
                                                   e.trumps[t].totals.mean()))


def test_partner_meld_agrees_with_an_independent_estimate():
    """Unconditioned deals: the estimate's mean partner meld and a plain-Python one (random
    20-card samples of the unseen cards scored by the meld engine) agree within three of
    their combined standard errors."""
    hand = Hand.parse(PLAIN)
    e = estimate(hand, samples=1500, seed=3, trumps=[1])
    ours = e.trumps[1].partner_meld
    unseen = [i for i in range(20) for _ in range(4 - hand.counts[i])]
    rng = random.Random(11)
    values = []
    for _ in range(3000):
        counts = [0] * 20
        for i in rng.sample(unseen, 20):
            counts[i] += 1
        values.append(meld(Hand(counts)).trumps[1].points)
    mean = sum(values) / len(values)
    sd = sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    combined = sqrt(ours.stderr ** 2 + (sd / sqrt(len(values))) ** 2)
    assert abs(ours.mean - mean) <= 3 * combined, (ours.mean, mean, combined)


def test_more_meld_never_lowers_the_maximum_same_hand_richer_table():
    # one pinochle: worth 4 in the standard table and 14 under pinochle14; same deals
    hand = "♠Q 10 10 ♦J 10 10 ♥A 10 K Q J 10 ♣A 10 K Q J 10 A A"
    low = estimate(hand, STANDARD, samples=300, seed=5)
    high = estimate(hand, PRESETS["pinochle14"], samples=300, seed=5)
    assert high.own_meld > low.own_meld
    for t in low.trumps:
        assert high.trumps[t].max_bid >= low.trumps[t].max_bid
        assert (high.trumps[t].totals >= low.trumps[t].totals).all()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_more_meld_never_lowers_the_maximum_across_hands(seed):
    # each hand swaps a card for one that adds meld (the J♥ completes a run, then a Q♠ and a
    # J♦ make a pinochle, then a Q♦ a marriage)
    hands = [
        "♥A 10 K Q 10 ♠A 10 10 J ♦A 10 K 10 ♣A 10 K Q 10 J J",
        "♥A 10 K Q J ♠A 10 10 J ♦A 10 K 10 ♣A 10 K Q 10 J J",
        "♥A 10 K Q J ♠A 10 10 Q ♦A 10 K J ♣A 10 K Q 10 J J",
        "♥A 10 K Q J ♠A 10 10 Q ♦A 10 K Q J ♣A 10 K Q 10 J",
    ]
    results = [estimate(h, samples=250, seed=seed, trumps=[1]) for h in hands]
    melds = [r.trumps[1].own_meld for r in results]
    assert melds == sorted(melds) and len(set(melds)) == len(melds)
    maxima = [r.trumps[1].max_bid or 0 for r in results]  # none: not even the minimum
    assert maxima == sorted(maxima), (melds, maxima)


def test_no_marriage_never_names_trump():
    e = estimate(NO_MARRIAGE, samples=100, seed=0)
    assert e.trump is None and e.max_bid is None and e.trumps == {}
    d = e.to_dict()
    assert d["trump"] is None and d["max_bid"] is None
    assert any("no marriage" in n for n in d["notes"])
    s = suggest(NO_MARRIAGE, parse_auction("50"), "jump", limit=e.max_bid or 0)
    assert s.call is None


def test_a_pass_that_leaves_no_room_for_meld_says_so_in_words():
    # with a four-card pass the side expects more from the exchange and the play, so the
    # partner's pass at 50 leaves it no meld by the margin: said in words, not "under about 0"
    auction = parse_auction("p 50", load_rules("standard,steps=any,passing.cards=4"))
    (partner,) = limits_from(auction, "davis")
    assert partner.meld <= 0
    assert partner.text == "partner: little or no meld (passed at 50)"


def test_calls_condition_the_deals():
    auction = parse_auction("53 p")  # seat 2 to call: partner opened 53, showing 30 meld
    e = estimate(HAND, auction=auction, convention="jump", samples=200, seed=2)
    assert e.conditions == (
        "partner: at least 30 meld (shown by jump bids)",
        # 54 would have shown 40: it holds less (a soft condition)
        "partner: under about 40 meld (showed no more meld at 53)",
        # the right opponent passed at 54: its side did not expect to make it (54 less the
        # opponents' margin, 40), or it could name no trump
        "right opponent: under about 14 meld or no marriage (passed at 54)")
    assert 0 < e.acceptance < 1
    assert any(n.startswith("a pass is read as its side not expecting") and "less about 34"
               " for the partner" in n and "40 for an opponent" in n for n in e.notes)
    # every partner hand dealt melds at least 30 in its own best trump, so in the mean
    free = estimate(HAND, samples=200, seed=2)
    assert e.best.partner_meld.mean > free.best.partner_meld.mean


def test_conditioned_dealing_meets_every_condition():
    from pinochle_calc.bidding.conventions import Signal
    from pinochle_calc.bidding.estimate import Condition
    from pinochle_calc.meld.vector import best_points

    hand = Hand.parse(HAND)
    cond = Condition(2, Signal("meld", meld=20), "partner: at least 20 meld")
    counts, acceptance, drawn, built, dropped = deal(hand, 300, np.random.default_rng(0), [cond])
    assert counts.shape == (300, 4, 20) and not dropped and not built
    assert (counts[:, 0] == hand.counts).all()  # the hand sits at seat 0
    assert (best_points(counts[:, 2], STANDARD) >= 20).all()
    # the acceptance is the share of all deals drawn that met the condition: here one batch
    again = Dealer(hand).deal(np.random.default_rng(0), drawn)
    assert drawn == 2000
    assert acceptance == pytest.approx((best_points(again[:, 2], STANDARD) >= 20).mean())
    # every deal uses exactly the cards of the deck
    assert (counts.sum(axis=1) == 4).all()


def test_a_condition_no_deal_can_be_built_to_meet_is_given_up_and_said():
    from pinochle_calc.bidding.conventions import Signal
    from pinochle_calc.bidding.estimate import Condition

    hand = Hand.parse(HAND)
    cond = Condition(2, Signal("meld", meld=400), "partner: at least 400 meld")
    counts, acceptance, drawn, built, dropped = deal(hand, 100, np.random.default_rng(0), [cond])
    assert len(counts) == 100 and dropped == ("partner: at least 400 meld",)


def test_a_rare_shown_meld_is_honoured_by_building_the_deals():
    # partner opened 60: at least 100 meld, under 1% of deals: the deals are built to hold it
    e = estimate(HAND, auction=parse_auction("60 p"), convention="jump", samples=200, seed=0)
    assert e.conditions[0] == "partner: at least 100 meld (shown by jump bids)"
    assert e.dropped == () and 0 < e.acceptance < 0.02
    assert any("built" in note for note in e.notes)
    free = estimate(HAND, samples=200, seed=0)
    assert e.best.partner_meld.p50 > free.best.partner_meld.p90


def test_showing_more_meld_never_lowers_the_maximum():
    shown = [estimate(HAND, auction=parse_auction(f"{bid} p"), convention="jump", samples=300,
                      seed=0) for bid in (52, 55, 58, 60)]
    maxima = [e.max_bid for e in shown]
    assert maxima == sorted(maxima) and maxima[-1] >= 150
    assert [e.dropped for e in shown] == [()] * 4


def test_built_deals_follow_the_deals_rejection_draws():
    """With the rejection limit forced down, the deals are built by swaps; their partner meld
    and trump lengths match those of the deals drawn by rejection, within a few errors."""
    from pinochle_calc.bidding.conventions import Signal
    from pinochle_calc.bidding.estimate import Condition
    from pinochle_calc.meld.vector import best_points

    hand = Hand.parse(HAND)
    cond = Condition(2, Signal("meld", meld=30), "partner: at least 30 meld")
    drawn = deal(hand, 1500, np.random.default_rng(1), [cond])
    built = deal(hand, 1500, np.random.default_rng(2), [cond], rejection_limit=1)
    assert not drawn.built and built.built
    for pick in (lambda d: best_points(d[:, 2], STANDARD),
                 lambda d: d[:, 2, 5:10].sum(axis=1),  # the partner's hearts
                 lambda d: d[:, 1, :5].sum(axis=1)):  # the left opponent's spades
        a, b = pick(drawn.deals), pick(built.deals)
        error = np.hypot(a.std() / np.sqrt(len(a)), b.std() / np.sqrt(len(b)))
        assert abs(a.mean() - b.mean()) < 4 * error


def test_trumps_that_filter_out_every_suit_say_so():
    # PLAIN has marriages in ♥ ♦ ♣ but not ♠: asking for ♠ only examines nothing, and the note
    # must not claim the hand has no marriage
    e = estimate(PLAIN, samples=50, seed=0, trumps=[0])
    assert e.trump is None and e.trumps == {}
    assert not any("no marriage" in n for n in e.notes)
    assert e.notes == ("no suit examined: of the suits asked for (♠) the hand may name none as"
                       " trump (it may name ♥ ♦ ♣)",)
    # a hand without any marriage still says so, whatever the suits asked for
    assert any(n.startswith("no marriage") for n in estimate(NO_MARRIAGE, samples=20,
                                                             trumps=[1]).notes)


def test_minimum_meld_rule_only_lowers_the_chances():
    rules = STANDARD.with_options(min_meld=20)
    a = estimate(PLAIN, STANDARD, samples=200, seed=4)
    b = estimate(PLAIN, rules, samples=200, seed=4)
    for t in a.trumps:
        assert (b.trumps[t].totals <= a.trumps[t].totals).all()


@pytest.mark.parametrize("rules", [STANDARD, STANDARD.with_options(min_meld=20),
                                   STANDARD.with_options(scale=10, min_meld=20)],
                         ids=["standard", "min20", "min20-scaled"])
def test_made_agrees_with_the_score_sheet(rules):
    from pinochle_calc.scoring import HandInput, score_hand

    k = rules.scale
    for bid in (50 * k, 60 * k, 75 * k):
        for meld_points in range(0, 80 * k, 3 * k):
            for tricks in range(0, 51 * k, 7 * k):
                total = side_totals(meld_points, tricks, rules)
                sheet = score_hand(HandInput.of(0, bid, meld_points, 0, tricks, 50 * k - tricks),
                                   rules)
                assert (total >= bid) == (sheet.result == "made"), (bid, meld_points, tricks)


def test_bad_input():
    with pytest.raises(UserError, match="20-card hand"):
        estimate("AS KS QS")
    with pytest.raises(UserError, match="confidence"):
        estimate(PLAIN, confidence=1.5)


def test_the_curve_lists_every_legal_bid_up_to_the_99th_centile():
    e = estimate(PLAIN, auction=parse_auction("50"), convention="jump", samples=300, seed=2)
    curve = e.best.make_probability
    top = int(np.quantile(e.best.totals, 0.99))
    assert list(curve) == [b for b in range(51, top + 1) if STANDARD.is_legal_bid(b)]
    for bid, p in curve.items():
        assert p == pytest.approx(e.best.probability(bid))
    assert min(curve.values()) >= 0.01 - 1e-9 and max(curve.values()) == 1.0


def test_with_a_pass_every_deal_goes_through_the_exchange():
    """The same deals with and without a 4-card pass: the exchange moves meld and trick points
    to the side (its mean total is higher), the note says it is played, and the side's meld
    after it is the policy's, scored deal by deal."""
    from pinochle_calc.exchange.policy import exchange
    from pinochle_calc.meld.vector import meld_points

    four = STANDARD.with_options(pass_cards=4, pass_order="partner-first")
    plain = estimate(PLAIN, STANDARD, samples=400, seed=5, trumps=[1]).trumps[1]
    passed = estimate(PLAIN, four, samples=400, seed=5, trumps=[1])
    assert any("4-card exchange" in note for note in passed.notes)
    assert not any("left out" in note for note in passed.notes)
    after = passed.trumps[1]
    assert after.totals.mean() > plain.totals.mean() + 10
    assert after.own_after.mean > after.own_meld
    # the deals are the same: redo the exchange on them by hand and score the meld
    deals = deal(Hand.parse(PLAIN), 400, np.random.default_rng(5), [], four).deals
    done = exchange(deals[:, 0], deals[:, 2], 1, four)
    side = meld_points(done.bidder, four)[:, 1] + meld_points(done.partner, four)[:, 1]
    assert after.partner_meld.mean == pytest.approx(meld_points(done.partner, four)[:, 1].mean())
    assert (after.totals >= side).all()  # trick points come on top


def test_a_pass_makes_the_passers_hand_weaker():
    """The partner passed at 50 and the right opponent too: each held less than its side
    needed for 50; the partner's meld in the deals is far below an unconditioned partner's, by
    the soft condition's curve."""
    from pinochle_calc.bidding.estimate import (
        OPPONENT_MARGIN,
        PARTNER_MARGIN,
        PARTNER_SPREAD,
        limits_from,
    )
    from pinochle_calc.meld.vector import best_points, callable_suits

    auction = parse_auction("p p")  # seat 2 to call: its partner (seat 0) passed, then seat 1
    partner, right = limits_from(auction, "jump")
    assert (partner.seat, partner.meld) == (2, 50 - PARTNER_MARGIN)
    assert (right.seat, right.meld) == (3, 50 - OPPONENT_MARGIN)
    assert "passed at 50" in right.text and "or no marriage" in right.text
    passed = deal(Hand.parse(HAND), 1500, np.random.default_rng(1), [partner])
    free = deal(Hand.parse(HAND), 1500, np.random.default_rng(1), [])
    meld_passed = best_points(passed.deals[:, 2], STANDARD)
    meld_free = best_points(free.deals[:, 2], STANDARD)
    assert meld_passed.mean() < meld_free.mean() - 5
    # the chance kept for a hand of m meld is 1 / (1 + exp((m - 16) / 5)): about half at 16;
    # a hand with no marriage passes whatever its meld
    married = callable_suits(free.deals[:, 2], STANDARD).any(axis=1)
    curve = 1 / (1 + np.exp((meld_free - (50 - PARTNER_MARGIN)) / PARTNER_SPREAD))
    curve = np.where(married, curve, 1.0)
    assert passed.acceptance == pytest.approx(curve.mean(), rel=0.1)


def test_the_chance_to_make_a_bid_is_where_the_others_pass_after_it():
    """An opponent still in the auction passes after our bid with the chance the limit curve
    gives its hand; the make probability weighs each deal by it (recomputed here from the
    deals and the totals)."""
    from pinochle_calc.bidding.estimate import (
        OPPONENT_MARGIN,
        OPPONENT_SPREAD,
        Holding,
        conditions_from,
    )
    from pinochle_calc.meld.vector import best_points, callable_suits

    auction = parse_auction("50")  # the left opponent of seat 1 opened; seats 2, 3, 0 to call
    e = estimate(HAND, auction=auction, convention="jump", samples=400, seed=4)
    t = e.best
    deals = deal(Hand.parse(HAND), 400, np.random.default_rng(4),
                 conditions_from(auction, "jump")).deals
    holding = Holding(deals, auction, "jump")
    assert [rel for rel, *_ in holding.active] == [1, 3]  # seats 2 and 0, from seat 1
    for bid in (55, 65, 75):
        after = STANDARD.next_bid(bid)
        w = np.ones(len(deals))
        for rel in (1, 3):
            chance = 1 / (1 + np.exp(-(after - OPPONENT_MARGIN
                                       - best_points(deals[:, rel], STANDARD)) / OPPONENT_SPREAD))
            married = callable_suits(deals[:, rel], STANDARD).any(axis=1)
            w *= np.where(married, chance, 1.0)  # no marriage: it passes
        assert t.probability(bid) == pytest.approx(float(w @ (t.totals >= bid) / w.sum()))
    # holding the contract means weaker opponents: no less likely to make it than the plain share
    assert t.probability(75) >= float((t.totals >= 75).mean()) - 0.02


def test_resampling_draws_deals_in_proportion_to_their_weight():
    from pinochle_calc.play.conditions import _resample

    items = np.arange(4)
    drawn = _resample(items, np.array([1.0, 3.0, 0.0, 4.0]), 800, np.random.default_rng(0))
    assert np.bincount(drawn, minlength=4).tolist() == [100, 300, 0, 400]


def test_the_centile_is_numpys_linear_quantile():
    from pinochle_calc.bidding.estimate import centile

    rng = np.random.default_rng(1)
    for n in [1, 2, 3, 99, 100, 101, 1000, 1001]:
        for values in (rng.integers(-1, 250, n), rng.random(n) * 200):
            for q in (0.0, 0.1, 0.5, 0.9, 0.99, 1.0):
                assert centile(values, q) == np.quantile(values, q)


@pytest.mark.parametrize("rules", ["standard", "toby-thomas", "standard,steps=any",
                                   "standard,steps=by10-above-100", "toby-thomas,scale=10"])
def test_the_bids_asked_about_are_the_legal_bids_in_order(rules):
    """The curve's bids, the maximum's and the bid after each are those of stepping through the
    rule set's bids one at a time, for any range."""
    from itertools import islice

    from pinochle_calc.bidding.auction import iter_bids
    from pinochle_calc.bidding.estimate import MAX_CURVE, _ladder

    rules = load_rules(rules)
    k, first = rules.scale, rules.next_bid(None)
    for low in (first, first + k, 60 * k, 61 * k, 65 * k, 300 * k, 2000 * k):
        if not rules.is_legal_bid(low):
            continue
        for top in (-1, low - k, low, 70 * k, 150 * k, 3000 * k, 20000 * k):
            got = _ladder(rules, low, top)
            curve = tuple(islice(iter_bids(rules, low, top), MAX_CURVE)) or (low,)
            every = tuple(islice(iter_bids(rules, first, top), MAX_CURVE))
            bids = sorted(set(curve) | set(every))
            assert (got.curve, got.every, got.bids.tolist()) == (curve, every, bids)
            assert got.after.tolist() == [rules.next_bid(b) for b in bids]


def test_a_deal_drawn_twice_is_played_once_with_the_same_figures(monkeypatch):
    """Deals drawn in proportion to their chance repeat (a pass weighs them); each distinct
    deal is exchanged and played once, and the estimate is the one that plays every copy."""
    from importlib import import_module

    module = import_module("pinochle_calc.bidding.estimate")
    four = STANDARD.with_options(pass_cards=4)
    auction = parse_auction("p p", four)
    deals = deal(Hand.parse(HAND), 400, np.random.default_rng(4),
                 module.conditions_from(auction, "jump"), four).deals
    distinct, where = module._distinct_deals(deals)
    assert len(distinct) < len(deals) and np.array_equal(distinct[where], deals)
    once = estimate(HAND, four, auction, "jump", samples=400, seed=4).to_dict()
    monkeypatch.setattr(module, "_distinct_deals", lambda d: (d, np.arange(len(d))))
    assert estimate(HAND, four, auction, "jump", samples=400, seed=4).to_dict() == once


def test_the_progress_counts_the_deals_asked_for(monkeypatch):
    """Issue 32: ``-n 100000`` counted its progress to 82,820 (the distinct deals, times the
    trumps). The progress counts up to the deals asked for, whatever repeats among them and
    however many trumps are played, never past them and never back."""
    from importlib import import_module

    module = import_module("pinochle_calc.bidding.estimate")
    monkeypatch.setattr(module, "PLAY_BLOCK", 64)
    four = STANDARD.with_options(pass_cards=4)
    auction = parse_auction("p p", four)
    distinct = module._distinct_deals(deal(Hand.parse(HAND), 400, np.random.default_rng(4),
                                           module.conditions_from(auction, "jump"),
                                           four).deals)[0]
    seen: list[tuple[int, int]] = []
    result = estimate(HAND, four, auction, "jump", samples=400, seed=4,
                      progress=lambda done, total: seen.append((done, total)))
    assert len(distinct) < 400 and len(result.trumps) > 1  # what used to count otherwise
    assert len(seen) > 2 and seen[-1] == (400, 400)
    assert all(total == 400 for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.parametrize("calls, convention, rules", [
    ("50", "jump", "standard"),                      # two opponents still in
    ("50 p", "jump", "standard"),                    # the partner opened, showing nothing more
    ("p 50 52 p", "jump", "standard"),               # an opponent out, a jump shown
    ("50 54 p", "davis", "standard,steps=any,passing.cards=4"),
    ("26 p", "toby", "toby-thomas"),
])
def test_the_chances_that_the_others_pass_are_worked_out_alike_for_one_bid_or_all(
        calls, convention, rules):
    """``Holding.weights_table`` (every bid of the curve at once) gives each bid the figures
    ``Holding.weights`` gives it alone."""
    from pinochle_calc.bidding.estimate import Holding, _ladder, conditions_from

    rules = load_rules(rules)
    auction = parse_auction(calls, rules=rules)
    deals = deal(Hand.parse(HAND), 300, np.random.default_rng(8),
                 conditions_from(auction, convention), rules).deals
    holding = Holding(deals, auction, convention)
    low = auction.lowest_bid
    ladder = _ladder(rules, low, low + 40 * rules.scale)
    table = holding.weights_table(ladder)
    assert table is not None and table.shape == (len(ladder.bids), len(deals))
    for row, bid in zip(table, ladder.bids.tolist()):
        alone = holding.weights(bid)
        assert alone is not None
        np.testing.assert_allclose(row, alone, rtol=1e-12, atol=1e-15)


def test_every_bids_chance_is_worked_out_as_bid_by_bid():
    """The make probabilities of a ladder, worked out together, are what the weights of each
    bid give one bid at a time (each row's sum and product as numpy works them out alone),
    to the last bit."""
    import importlib

    from pinochle_calc.bidding.advise import advise
    from pinochle_calc.rules import load_rules

    est = importlib.import_module("pinochle_calc.bidding.estimate")
    cases = [("AS 10S KS QS QS JS AH 10H QH JH 10D 10D KD QD QD JD JD AC 10C QC", "66 74 p p",
              "davis", "standard,steps=any,passing.cards=4"),
             ("AS AS KS QS JS AH KH KH KH QH JH AD 10D KD AC AC 10C KC JC JC", "50 p 54",
              "jump", "standard"),
             ("AS 10S 10S QS QS JS JS JS AH KH QH QH JH AD KD AC AC KC QC JC", "50 p p 55",
              "toby", "toby-thomas")]
    checked = 0
    for hand, auction, convention, rules in cases:
        rules = load_rules(rules)
        result = advise(hand, auction, convention, rules, samples=400, priced=False).estimate
        for trump in result.trumps.values():
            ladder = est._ladder(rules, min(trump.make_probability),
                                 max(trump.make_probability))
            table = trump.holding.weights_table(ladder)
            assert table is not None
            got = trump.probabilities(ladder)
            for bid, weights in zip(ladder.bids.tolist(), table):
                reached = trump.totals >= bid
                total = weights.sum()
                expected = (float(reached.mean()) if not total
                            else min(1.0, float(weights @ reached / total)))
                assert got[bid] == expected
                checked += 1
    assert checked > 300


def test_the_melds_met_are_found_as_numpy_finds_them():
    from pinochle_calc.bidding.inferences import _unique

    rng = np.random.default_rng(4)
    for _ in range(100):
        values = rng.integers(0, int(rng.integers(1, 400)), int(rng.integers(1, 2000)))
        found, where = np.unique(values, return_inverse=True)
        mine, mine_where = _unique(values)
        assert np.array_equal(found, mine) and np.array_equal(where.reshape(-1), mine_where)
    negative = np.array([3, -2, 3, 0])
    assert np.array_equal(_unique(negative)[0], [-2, 0, 3])
    # a rule set's huge meld values: the same answer, within a gigabyte and a half of address
    # space (a table of counts took 9 GB)
    import subprocess
    import sys

    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (3 * 2**29, 3 * 2**29));"
            "import numpy as np; from pinochle_calc.bidding.inferences import _unique;"
            "v = np.array([1_000_150_000, 0, 1_000_150_000, 30_000, 0]);"
            "f, w = np.unique(v, return_inverse=True); m, mw = _unique(v);"
            "print(np.array_equal(f, m) and np.array_equal(w.reshape(-1), mw))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == "True\n", out.stderr[-300:]
