"""The exchange the estimate plays in its deals is the players' (``exchange.players``): checked
on the estimate's own deals (its meld after the exchange is that exchange's), and against the
game engine's players, who pass the pass advice's cards, on deals where a hint decides."""

import numpy as np

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import asked_for
from pinochle_calc.bidding.estimate import estimate
from pinochle_calc.bidding.estimate import exchange as estimates_exchange
from pinochle_calc.exchange import players, policy
from pinochle_calc.game.hand.events import Pass
from pinochle_calc.game.policies import Bid, Passer, StandardPlay
from pinochle_calc.game.whole import deal_cards, play_hand
from pinochle_calc.meld import meld
from pinochle_calc.meld.vector import meld_points
from pinochle_calc.rules import load_rules

DAVIS = load_rules("standard,steps=any,passing.cards=4")


def test_the_estimate_melds_after_the_players_exchange_in_its_own_deals():
    """After ``60 61 p p`` under Davis's system (the hand asked for an ace), the side's meld in
    each of the estimate's deals is the meld after the players' exchange of that deal, and
    in some deals not the meld after the quick policy's (which answers the hint by rule)."""
    auction = parse_auction("60 61 p p", DAVIS)
    hint = asked_for(auction, 0, "davis")
    assert hint is not None and hint.rank == 0  # an ace
    hand = deal_cards(5, 0)[0]
    result = estimate(hand, DAVIS, auction, "davis", samples=300, seed=2)
    deals = result.deals
    assert deals is not None
    for trump, figures in result.trumps.items():
        assert figures.played is not None and figures.played.hints == (hint, None)

        def side_meld(play, trump: int = trump) -> np.ndarray:
            done = play(deals[:, 0], deals[:, 2], trump, DAVIS, hint, None)
            return (meld_points(done.bidder, DAVIS)[:, trump]
                    + meld_points(done.partner, DAVIS)[:, trump])

        assert np.array_equal(figures.played.meld, side_meld(players.exchange))
        assert not np.array_equal(figures.played.meld, side_meld(policy.exchange))


class Opens(StandardPlay):
    """Davis's system: seat 0 opens at ``bid`` (its partner reads the card it needs), the
    others pass; the bidder never throws the hand in."""

    convention = "davis"

    def __init__(self, bid: int):
        self.bid = bid
        self.name = f"opens {bid}"

    def call(self, seat):
        if seat.auction.high is None:
            return Bid(self.bid, "opens")
        return Bid(None, "pass")

    def throw_in(self, seat):
        return False


def test_where_the_hint_decides_the_estimate_passes_as_the_engines_players_pass():
    """Deals where the estimate's partner and the quick policy's pass other cards after a hint
    (seat 0 opens 55, 60, 64, 66, 68 or 69 in Davis's game: jacks around, an ace, a jack, a
    queen, a king or a ten), found before any is played: the game engine's partner (the pass
    advice, its check on hands dealt from its unseen cards) passes the estimate's cards in most
    of them, the quick policy's in few."""
    bids = (60, 64, 66, 68, 69, 55)
    picked = []
    for number in range(60):
        hands = deal_cards(7, number)
        bid = bids[number % len(bids)]
        trump = meld(hands[0], DAVIS).trump_to_name(True)
        if trump is None:
            continue
        hint = asked_for(parse_auction(f"{bid} p p p", DAVIS), 0, "davis")
        b, p = np.array([hands[0].counts]), np.array([hands[2].counts])
        mine = estimates_exchange(b, p, trump, DAVIS, hint, None).to_bidder[0].tolist()
        quick = policy.exchange(b, p, trump, DAVIS, hint, None).to_bidder[0].tolist()
        if mine != quick:
            picked.append((number, bid, trump, mine, quick))
        if len(picked) == 12:
            break
    assert len(picked) == 12
    as_estimate = as_quick = 0
    for number, bid, trump, mine, quick in picked:
        record = play_hand(deal_cards(7, number), Opens(bid), Passer(), DAVIS, seed=number)
        assert record.state.trump == trump and record.state.contract.seat == 0
        passed = [list(e.cards.counts) for e in record.events
                  if isinstance(e, Pass) and e.seat == 2]
        as_estimate += passed == [mine]
        as_quick += passed == [quick]
    assert as_estimate >= 5 and as_quick <= 2, (as_estimate, as_quick)


def test_passing_before_trump_without_cards_passed_is_the_rule_set_without_an_exchange():
    """``passing.when`` means nothing where no cards are passed (``passing.cards = 0``): the
    estimate under ``standard,passing.when=before-trump`` is the standard one, suit for suit and
    figure for figure, on a hand with a marriage in one suit only (the marriage is looked for
    in the hand as dealt, so it names that suit alone); so is the whole hand played out."""
    from pinochle_calc.rules import STANDARD

    before = load_rules("standard,passing.when=before-trump")
    assert before.pass_cards == 0
    hand = "AS AS 10S KS QS JS AH 10H KH JH AD 10D QD JD AC AC 10C KC JC JC"  # K-Q in ♠ only
    a = estimate(hand, STANDARD, samples=200, seed=3)
    b = estimate(hand, before, samples=200, seed=3)
    assert list(a.trumps) == list(b.trumps) == [0]
    assert a.trumps[0] == b.trumps[0] and a.notes == b.notes
    assert np.array_equal(a.trumps[0].totals, b.trumps[0].totals)
    for number in range(3):
        hands = deal_cards(11, number)
        x = play_hand(hands, "formula", "formula", STANDARD, seed=number)
        y = play_hand(hands, "formula", "formula", before, seed=number)
        assert x.events == y.events


def test_the_estimates_partner_answers_a_hint_where_it_costs_little_and_only_there():
    """After a call that asked for an ace (Davis's game), the estimate's partner
    (``players.partner_pass``) passes, deal by deal, either the policy's answer or its choice
    without answering; it answers on some deals where the choice would not (more aces passed
    than without the hint), and keeps the answer back on others, where the answer is worth more
    than a meld point less by the policy's own objective (each such deal checked)."""
    from pinochle_calc.cards import ACE
    from pinochle_calc.exchange.hints import Signal

    rng = np.random.default_rng(5)
    deck = np.repeat(np.arange(20), 4)
    hands = np.array([np.bincount(rng.permutation(deck)[:20], minlength=20) for _ in range(300)])
    hint = Signal("card", ACE)
    trump = 1
    theirs = players.partner_pass(hands, trump, 4, DAVIS, hint)
    answered = policy.partner_pass(hands, trump, 4, DAVIS, hint)
    free = policy.partner_pass(hands, trump, 4, DAVIS, hint, answer=False)
    same_a = (theirs == answered).all(axis=1)
    same_f = (theirs == free).all(axis=1)
    assert (same_a | same_f).all()
    differ = ~(answered == free).all(axis=1)
    aces = [5 * s for s in range(4)]
    assert (same_a & differ).sum() >= 10 and (same_f & differ).sum() >= 10
    assert theirs[:, aces].sum() > free[:, aces].sum()
    objective = policy.partner_objective(trump, DAVIS, hint, policy.POLICY, 4)
    kept_back = same_f & differ
    worth = objective.score(hands[kept_back], np.stack([free[kept_back], answered[kept_back]],
                                                       axis=1))
    assert (worth[:, 0] - worth[:, 1] > 1).all()
