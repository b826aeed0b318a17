"""The one dealer of the unseen cards: every physical card keyed, known cards kept, seeded."""

import numpy as np
import pytest

from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.play.dealer import Dealer, sample, suit_codes
from pinochle_calc.play.tricks import encode

PLAIN = "AS 10S KS JS AH 10H 10H KH QH AD 10D KD QD JD AC 10C 10C KC QC JC"


@pytest.mark.parametrize("seat", range(4))
def test_every_deal_holds_the_deck_with_the_hand_at_its_seat(seat):
    hand = Hand.parse(PLAIN)
    counts = Dealer(hand, seat).deal(np.random.default_rng(seat), 50)
    assert counts.shape == (50, 4, 20)
    assert (counts.sum(axis=2) == 20).all()
    assert (counts[:, seat] == hand.counts).all() and (counts.sum(axis=1) == 4).all()


def test_known_cards_stay_with_their_seat_and_the_rest_is_dealt_evenly():
    hand, known = Hand.parse(PLAIN), Hand.parse("AS AS QD QD QD")
    counts = Dealer(hand, 0, {2: known}).deal(np.random.default_rng(1), 200)
    assert (counts[:, 2] >= known.counts).all() and (counts.sum(axis=2) == 20).all()
    assert (counts.sum(axis=1) == 4).all()
    with pytest.raises(UserError, match="not that many"):
        Dealer(hand, 0, {1: Hand.parse("AS AS AS AS")})
    with pytest.raises(UserError, match="seats other than 0"):
        Dealer(hand, 0, {0: known})


def test_the_same_seed_deals_the_same_cards():
    dealer = Dealer(Hand.parse(PLAIN))
    a, b = (dealer.deal(np.random.default_rng(7), 20) for _ in range(2))
    assert (a == b).all()
    assert not (a == dealer.deal(np.random.default_rng(8), 20)).all()


def test_one_hand_of_unseen_cards_and_suit_codes():
    hand = Hand.parse(PLAIN)
    dealer = Dealer(hand)
    hands = dealer.hands(np.random.default_rng(0), 30, 16)
    assert (hands.sum(axis=1) == 16).all() and (hands + hand.counts <= 4).all()
    deals = dealer.deal(np.random.default_rng(0), 5)
    codes = suit_codes(deals)
    for deal, row in zip(deals, codes.tolist()):
        assert row == [c for seat in deal for c in encode(seat.tolist())]


def test_sample_gives_up_the_rarest_test_or_refuses():
    rng = np.random.default_rng(0)
    dealer = Dealer(Hand.parse(PLAIN))
    never = ("never", lambda d: np.zeros(len(d), dtype=bool))
    always = ("always", lambda d: np.ones(len(d), dtype=bool))
    got, acceptance, _, dropped = sample(lambda n: dealer.deal(rng, n), [never, always], 10,
                                         max_draws=5000)
    assert len(got) == 10 and dropped == ["never"] and acceptance == 1.0
    with pytest.raises(UserError, match="meets the conditions"):
        sample(lambda n: dealer.deal(rng, n), [never], 10, max_draws=5000, drop=False)


def test_unseen_cards_that_do_not_split_evenly_are_refused():
    with pytest.raises(UserError, match="split evenly"):
        Dealer(Hand.parse("AS")).deal(np.random.default_rng(0), 1)
