"""The legal bid nearest a figure (``Auction.bid_at_most``, ``bid_at_least``), checked against
what the auction accepts: every whole number near the figure offered to ``Auction.then``."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc.bidding.auction import AuctionError, parse_auction
from pinochle_calc.limits import FIGURE_MAX
from pinochle_calc.rules import PRESETS, STANDARD

RULES = [STANDARD, STANDARD.with_options(bid_steps="any"),
         STANDARD.with_options(bid_steps="by10-above-100"), PRESETS["toby-thomas"],
         STANDARD.with_options(scale=10)]


def accepts(auction, bid: int) -> bool:
    """Whether the player about to call may bid ``bid``: the auction takes it."""
    try:
        auction.then(bid)
    except AuctionError:
        return False
    return True


@st.composite
def auctions(draw):
    """A rule set and an auction played to some point by legal calls (not over)."""
    rules = draw(st.sampled_from(RULES))
    auction = parse_auction("", rules)
    for _ in range(draw(st.integers(0, 8))):
        legal = auction.legal()
        choices = ([None] if legal.can_pass else []) + list(auction.bids(legal.min_bid
                                                                         + 40 * rules.scale))
        nxt = auction.then(draw(st.sampled_from(choices)))
        if nxt.finished:
            break
        auction = nxt
    return auction


@given(auctions(), st.floats(0, 400, allow_nan=False), st.booleans())
def test_the_nearest_legal_bid_is_the_one_the_auction_takes(auction, figure, scaled):
    k = auction.rules.scale
    figure = figure * k if scaled else figure
    low = auction.legal().min_bid
    below = [n for n in range(low, math.floor(figure) + 1) if accepts(auction, n)]
    assert auction.bid_at_most(figure) == (max(below) if below else None)
    top = max(math.ceil(figure), low) + 11 * k
    above = [n for n in range(max(math.ceil(figure), low), top + 1) if accepts(auction, n)]
    assert auction.bid_at_least(figure) == (min(above) if above else None)


def test_the_stuck_dealer_bids_the_minimum_or_nothing():
    stuck = parse_auction("p p p")
    assert [stuck.bid_at_most(x) for x in (49.9, 50, 75)] == [None, 50, 50]
    assert [stuck.bid_at_least(x) for x in (-math.inf, 50, 50.5)] == [50, 50, None]


def test_figures_beyond_any_bid_and_the_end_of_the_auction():
    auction = parse_auction("50 p")
    assert auction.bid_at_most(10**5000) == auction.bid_at_most(math.inf) == FIGURE_MAX
    assert accepts(auction, FIGURE_MAX) and not accepts(auction, FIGURE_MAX + 1)
    assert auction.bid_at_least(FIGURE_MAX + 1) is None and auction.bid_at_least(10**5000) is None
    assert auction.bid_at_most(-math.inf) is None and auction.bid_at_most(-(10**5000)) is None
    over = parse_auction("50 p p p")
    assert over.finished and over.bid_at_most(100) is None and over.bid_at_least(0) is None


@pytest.mark.parametrize("figure, error", [(float("nan"), ValueError), ("60", TypeError),
                                           (True, TypeError), (None, TypeError)])
def test_a_figure_that_is_no_number_is_refused(figure, error):
    auction = parse_auction("")
    with pytest.raises(error):
        auction.bid_at_most(figure)
    with pytest.raises(error):
        auction.bid_at_least(figure)
