"""A bidding policy written outside pinochle-calc, to pit against the project's advice.

A policy is any object with a ``name``, a ``convention`` (None: its calls are natural bids)
and the five calls of the ``Policy`` protocol (``pinochle_calc.game.policies``). Subclassing
``StandardPlay`` gives it the project's way of naming trump, passing cards and throwing in, so
only ``call`` is written here and a match measures the bidding alone. The words it reads are
the game's (docs/arena.md, "The policy author's words"): a ``Suit`` reads as its letter, a hand
counts its cards by name, the auction gives the legal bid nearest a limit.

From a fresh clone (docs/arena.md), by the file's path or as a module on ``PYTHONPATH``::

    pinochle-calc arena samples/my_bidder.py:AcesAndMeld advisor:jump --deals 20 --seed 1
    PYTHONPATH=samples pinochle-calc play --us my_bidder:AcesAndMeld --seed 4
"""

from pinochle_calc.game.policies import Bid, Situation, StandardPlay, most_meld
from pinochle_calc.meld import meld


class AcesAndMeld(StandardPlay):
    """Bids up to its meld in its best suit, plus 4 for each ace and 30 for the partner and the
    tricks, in the smallest steps; leaves the bid to its partner once the partner holds it."""

    name = "aces-and-meld"
    convention = None

    def call(self, seat: Situation) -> Bid:
        auction = seat.auction
        if auction.legal().forced:  # the first three passed: the dealer must bid the minimum
            return Bid(auction.lowest_bid, "forced")
        trump = most_meld(seat)  # the Suit it would name (reads as H); None: no marriage
        if trump is None:
            return Bid(None, "no marriage: it could not name trump")
        if auction.high_seat == seat.partner:
            return Bid(None, "the partner holds the bid")
        aces = seat.hand.count_rank("A")  # in every suit (count_rank("A", trump): in trump)
        own = meld(seat.hand, seat.rules)[trump].points
        limit = own + (4 * aces + 30) * seat.rules.scale
        if auction.bid_at_most(limit) is None:  # even the lowest bid open is above it
            return Bid(None, f"{auction.lowest_bid} is above its limit {limit}", trump=trump)
        return Bid(auction.lowest_bid, f"limit {limit}: meld {own}, {aces} aces", trump=trump)
