"""Partnership meld: each hand melds on its own; the side adds them up per trump."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import Hand, meld
from pinochle_calc.meld.partnership import combined_problem, side_meld
from pinochle_calc.notation import DeckError
from pinochle_calc.rules import PRESETS, STANDARD, load_rules

DOC_20 = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"
PARTNER = "AS 10S KS QS JS KD QD AC KC QC AD AH"


def test_side_total_per_trump():
    side = side_meld(DOC_20, PARTNER)
    assert [t.hand.points for t in side.trumps] == [76, 87, 72, 72]
    assert [t.partner.points for t in side.trumps] == [29, 16, 18, 18]
    assert [t.points for t in side.trumps] == [105, 103, 90, 90]
    assert [t.callable_by for t in side.trumps] == [
        ("hand", "partner"), ("hand",), ("partner",), ("partner",)]
    assert side.best.trump == 0 and side.best.points == 105
    assert side.minimum == 0 and all(t.on_board for t in side.trumps)
    assert side.warnings == ("partner: not a 20-card hand: 12 cards",)


def test_melds_never_combine_across_hands():
    # one hand holds the kings, the other the queens: kings and queens around (8 + 6), but
    # not one marriage, since no hand holds a K and a Q of a suit
    side = side_meld("KS KH KD KC", "QS QH QD QC")
    assert [t.points for t in side.trumps] == [14, 14, 14, 14]
    assert not any(t.callable for t in side.trumps)
    # in one hand they would be a roundhouse (24)
    assert meld("KS KH KD KC QS QH QD QC")["S"].points == 24


def test_best_trump_is_one_either_partner_may_name():
    # hearts: the hand's run; diamonds: the partner's double royal marriage
    side = side_meld("AH 10H KH QH JH", "KD QD KD QD AS AS AH AH AD AD AC AC")
    by = {t.trump: t for t in side.trumps}
    assert by[1].points == 15 + 4 + 100 and by[2].points == 0 + 8 + 100 + 2
    assert side.best.trump == 1
    assert by[2].callable_by == ("partner",)


def test_min_meld_on_the_board():
    rules = load_rules("standard,min_meld=20")
    side = side_meld("KH QH", "KS QS JD QS", rules)
    assert side.minimum == 20
    # hand: royal marriage in hearts (else a marriage); partner: marriage in spades + pinochle
    assert [t.points for t in side.trumps] == [2 + 4 + 4, 4 + 2 + 4, 2 + 2 + 4, 2 + 2 + 4]
    assert not any(t.on_board for t in side.trumps)
    side = side_meld("AS AH AD AC KH QH", "KS QS JD", rules)
    assert [t.on_board for t in side.trumps] == [True, True, False, False]


def test_min_meld_is_scaled():
    side = side_meld("AS AH AD AC KH QH", "KS QS JD", load_rules("standard,min_meld=20,scale=10"))
    assert side.minimum == 200
    assert side.trumps[0].points == 200 and side.trumps[0].on_board


def test_the_two_hands_must_fit_in_the_deck():
    with pytest.raises(DeckError, match="the two hands together hold 5 A♥: a double deck has"
                       " only four of each card"):
        side_meld("AH AH AH", "AH AH KS")
    assert combined_problem(Hand.parse("AH AH"), Hand.parse("AH AH")) == ""


counts = st.lists(st.integers(0, 2), min_size=20, max_size=20).filter(any)


@pytest.mark.parametrize("name", sorted(PRESETS))
@given(a=counts, b=counts)
def test_side_is_the_sum_of_each_hand(name, a, b):
    rules = PRESETS[name]
    side = side_meld(Hand(a), Hand(b), rules)
    for t, x, y in zip(side.trumps, meld(Hand(a), rules).trumps, meld(Hand(b), rules).trumps):
        assert t.points == x.points + y.points
        assert t.callable == (x.callable or y.callable)
    pool = [t for t in side.trumps if t.callable] or list(side.trumps)
    assert side.best.points == max(t.points for t in pool)


def test_marriage_not_required_lets_either_name_any_trump():
    side = side_meld("AS", "AH", STANDARD.with_options(marriage_required="false"))
    assert all(t.callable_by == ("hand", "partner") for t in side.trumps)
