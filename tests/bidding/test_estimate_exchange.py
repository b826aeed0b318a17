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
