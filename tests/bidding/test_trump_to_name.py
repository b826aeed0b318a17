"""One trump per answer (issue 32): the suit the advice names is the estimate's, in the reason,
the "Name" line and the table's trump prompt; the other suits "as good" are those the estimate
cannot tell from it (the same highest bid, and a mean total within one standard error of the
difference, deal by deal)."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.advise import advise, last_call, trump_advice
from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.estimate import TrumpEstimate, estimate, trump_to_name
from pinochle_calc.cards import SUIT_SYMBOLS
from pinochle_calc.exchange.hints import trump_suits
from pinochle_calc.game.whole import deal_cards
from pinochle_calc.play.stats import Stats

ISSUE = "AS AS 10S 10S KS QS JS AH KH QH QH AD AD AD 10D KD QD QD JD 10C"


def naive_pick(trumps: dict) -> tuple[int, list[int]]:
    """The rule written out: the highest bid made, then the highest mean total, then the
    first suit in S H D C; as good, the same highest bid and a mean total short of it by no
    more than its paired standard error (the sample standard deviation of the differences
    over the square root of the deals)."""
    best = None
    for t in sorted(trumps):
        e = trumps[t]
        key = (-1 if e.max_bid is None else e.max_bid, float(np.mean(e.totals)))
        if best is None or key > best[0]:
            best = (key, t)
    assert best is not None
    chosen = best[1]
    alike = []
    for t in sorted(trumps):
        if t == chosen or trumps[t].max_bid != trumps[chosen].max_bid:
            continue
        d = [a - b for a, b in zip(trumps[chosen].totals.tolist(), trumps[t].totals.tolist())]
        n = len(d)
        mean = sum(d) / n
        sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5 if n > 1 else 0.0
        if mean <= sd / n ** 0.5:
            alike.append(t)
    return chosen, alike


def fake(t: int, totals, max_bid) -> TrumpEstimate:
    totals = np.asarray(totals, dtype=np.int64)
    return TrumpEstimate(t, 0, Stats.of([0]), Stats.of([0]), {}, max_bid, totals)


def test_the_pick_and_the_suits_as_good_follow_the_rule_written_out():
    rng = np.random.default_rng(32)
    seen = {"as good": 0, "alone": 0}
    for _ in range(400):
        n = int(rng.integers(2, 40))
        base = rng.integers(40, 120, n)
        suits = sorted(rng.choice(4, int(rng.integers(1, 5)), replace=False).tolist())
        trumps = {t: fake(t, base + rng.integers(-3, 4, n) * int(rng.integers(0, 3)),
                          int(rng.choice([60, 65, 65]))) for t in suits}
        best, alike = trump_to_name(trumps)
        assert (best, list(alike)) == naive_pick(trumps)
        seen["as good" if alike else "alone"] += 1
    assert all(seen.values()), seen
    assert trump_to_name({}) == (None, ())


def test_suits_the_same_on_every_deal_are_as_good_and_a_clear_gap_is_not():
    same = {0: fake(0, [70, 80, 90], 65), 2: fake(2, [70, 80, 90], 65)}
    assert trump_to_name(same) == (0, (2,))  # a tie goes to S
    apart = {0: fake(0, [70, 80, 90], 65), 2: fake(2, [60, 70, 80], 65)}
    assert trump_to_name(apart) == (0, ())
    higher_bid = {0: fake(0, [60, 60, 60], 60), 3: fake(3, [50, 50, 52], 65)}
    assert trump_to_name(higher_bid) == (3, ())


@pytest.mark.parametrize("seed", range(6))
def test_the_reason_describes_the_trump_the_estimate_names(seed):
    """Over dealt hands opening or answering under jump bids: a "trump hand" reason names the
    estimate's suit, where that suit is trump-worthy, and the suits as good."""
    hand = deal_cards(seed)[0]
    for auction in ("", "50", "50 52 p"):
        a = advise(hand, auction, samples=150, seed=seed)
        if "a trump hand (" not in a.reason:
            continue
        t = a.estimate.trump
        worthy = np.flatnonzero(trump_suits(hand.counts, a.rules)[0]).tolist()
        if t in worthy:
            assert f"a marriage in {SUIT_SYMBOLS[t]} and" in a.reason
        else:
            assert f"{SUIT_SYMBOLS[t]} the trump to name" in a.reason
        for other in a.estimate.as_good:
            assert f"{SUIT_SYMBOLS[other]} as good" in a.reason


def test_the_issue_hand_names_one_suit_everywhere():
    """The reason named ♦ (the longer trump-worthy suit), the Name line ♠ (the estimate's),
    the table ♦ (the most meld, ties to the longer suit)."""
    a = advise(ISSUE, "50 54 p 56 58 59")
    t = a.estimate.trump
    assert f"a marriage in {SUIT_SYMBOLS[t]} " in a.reason
    # the trump advice once the hand holds the contract: the estimate at its last call
    won = parse_auction("50 54 p 56 58 59 60 p p")
    calls = [(c.seat, c.bid) for c in parse_auction("50 54 p 56 58 59").calls]
    assert [(c.seat, c.bid) for c in last_call(won).calls] == calls
    named = trump_advice(ISSUE, won, "jump", samples=1000, seed=0)
    assert (named.trump, named.as_good) == (t, a.estimate.as_good)
    assert named.trumps[t].max_bid == a.estimate.max_bid
    # the same estimate as the one behind the call
    again = estimate(ISSUE, "standard", parse_auction("50 54 p 56 58 59"), "jump")
    assert again.trump == t
