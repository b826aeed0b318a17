"""Bidding: auctions read and checked (``auction``), the conventions that give calls their
meaning (``conventions``: jump bids, Jim Davis's and Toby Thomas's systems), how high a side
can go over simulated deals (``estimate``, which plays the card exchange of
``pinochle_calc.exchange``), and the advice for a call that puts them together (``advise``).

The pass advice (``advise_pass``, ``PassAdvice``, from ``pinochle_calc.exchange.advice``) is
imported when first asked for here: a bid does not need it.
"""

from importlib import import_module

from .advise import Advice, advise
from .auction import Auction, AuctionError, parse_auction
from .conventions import CONVENTIONS, explain, suggest
from .estimate import Estimate, estimate

__all__ = ["advise", "Advice", "Auction", "AuctionError", "parse_auction", "CONVENTIONS",
           "explain", "suggest", "estimate", "Estimate", "advise_pass", "PassAdvice"]


def __getattr__(name: str) -> object:
    if name in ("advise_pass", "PassAdvice"):
        return getattr(import_module("..exchange.advice", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
