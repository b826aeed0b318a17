"""A bidding policy written outside pinochle-calc, to pit against the project's advice.

A policy is any object with a ``name``, a ``convention`` (None: its calls are natural bids)
and the five calls of the ``Policy`` protocol (``pinochle_calc.game.policies``). Subclassing
``StandardPlay`` gives it the project's way of naming trump, passing cards and throwing in, so
only ``call`` is written here and a match measures the bidding alone.

From a fresh clone (docs/arena.md), by the file's path or as a module on ``PYTHONPATH``::

    pinochle-calc arena samples/my_bidder.py:AcesAndMeld advisor:jump --deals 20 --seed 1
    PYTHONPATH=samples pinochle-calc play --us my_bidder:AcesAndMeld --seed 4
"""

from pinochle_calc.game.policies import Bid, Seat, StandardPlay, most_meld
from pinochle_calc.meld import meld


class AcesAndMeld(StandardPlay):
    """Bids up to its meld in its best suit, plus 4 for each ace and 30 for the partner and the
    tricks, in the smallest steps; leaves the bid to its partner once the partner holds it."""

    name = "aces-and-meld"
    convention = None

    def call(self, seat: Seat) -> Bid:
        legal = seat.auction.legal()
        if legal.forced:  # the first three passed: the dealer must bid the minimum
            return Bid(legal.min_bid, "forced")
        trump = most_meld(seat)  # the suit it would name; None: no marriage anywhere
        if trump is None:
            return Bid(None, "no marriage: it could not name trump")
        if seat.auction.high_seat == seat.partner:
            return Bid(None, "the partner holds the bid")
        aces = sum(seat.hand.counts[suit * 5] for suit in range(4))  # A is the first of a suit
        own = meld(seat.hand, seat.rules).trumps[trump].points
        limit = own + (4 * aces + 30) * seat.rules.scale
        if legal.min_bid > limit:
            return Bid(None, f"{legal.min_bid} is above its limit {limit}", trump=trump)
        return Bid(legal.min_bid, f"limit {limit}: meld {own}, {aces} aces", trump=trump)
