"""One place for each decision a seat is asked in a hand, shared by the engine, the review, the
table and the library, so that two of them asked the same question give the same answer:

- ``pass_request(state, seat, convention)``: what a seat's pass answers (its role, the cards it
  passes from, the trump named or the suit asked for, the hints the calls gave: what every
  policy's pass in a whole hand is asked), and ``pass_advice`` the pass to make (the ``pass``
  command's advice; an advisor passes it in a whole hand, the table shows it, the review
  judges a pass by it);
- ``formula_call(auction, may_name, limit)``: the formula bidder's call from its limit, and
  ``formula_limit`` the limit (``policies.Formula`` calls them, and so do the review's
  play-outs, on arrays of deals);
- the trump a seat names is ``meld.trump_to_name`` (``HandMeld.trump_to_name``;
  ``meld.vector.best_trumps`` on arrays), the marriage it needs ``RuleSet.needs_marriage``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..hand import Hand
from ..seats import Seat
from .hand.state import HandState

if TYPE_CHECKING:
    import numpy as np

    from ..bidding.auction import Auction
    from ..exchange.hints import Signal
    from ..exchange.seat import Role
    from ..rules import RuleSet

Points = TypeVar("Points", int, "np.ndarray")
#: Simulated hands of the receiver behind a pass advice, wherever it is asked (``pass``, the
#: table, the review, an advisor's pass in a whole hand).
PASS_SAMPLES = 600
#: What the formula limit adds to the hand's meld for the partner and for the tricks
#: (unscaled).
FORMULA_PARTNER, FORMULA_TRICKS = 20, 25


class PassRequest(NamedTuple):
    """What a seat's pass answers: its ``role`` (``partner``: to the bidder; ``bidder``: back,
    or at the same time), the ``cards`` it passes, the ``hand`` it passes from (the bidder
    returning after the partner: its hand and the cards received), the ``trump`` named (or,
    before it is named, the suit asked for), what the other partner's calls asked for
    (``hint``), what the bidder's own calls asked for (``asked``: a bidder passing at the same
    time counts on receiving it), and the suit the bidder asked for (``request``, the partner's
    pass before trump is named)."""

    seat: int
    role: Role
    cards: int
    hand: Hand
    trump: int
    hint: Signal | None
    asked: Signal | None
    request: int | None


def pass_request(state: HandState, seat: int, convention: str | None) -> PassRequest:
    """What ``seat``'s pass answers now (``PassRequest``), the calls read under
    ``convention`` (the passer's; None: natural bids, no hints)."""
    from ..bidding.conventions import asked_for
    from ..exchange.seat import suit_request

    seat = Seat(seat)
    rules = state.rules
    bidder = state.bidder
    role: Role = "partner" if seat != bidder else "bidder"
    dealt = state.dealt[seat]
    if dealt is None:
        raise ValueError(f"seat {seat}'s cards are not known")
    hand = dealt
    got = state.received(seat)
    if role == "bidder" and rules.pass_order == "partner-first" and got is not None:
        hand = dealt + got
    named = state.request if rules.pass_when == "before-trump" else state.trump
    trump = suit_request(hand, named)  # nothing named or asked for: the passer's longest suit

    def calls_of(caller: Seat) -> Signal | None:
        if state.contract is None or state.contract.given or convention is None:
            return None
        return asked_for(state.auction, caller.turn(state.dealer), convention)

    hint = calls_of(seat.partner)
    asked = None
    if role == "bidder" and rules.pass_order != "partner-first":
        asked = calls_of(seat)
    request = state.request if role == "partner" else None
    return PassRequest(seat, role, rules.pass_cards, hand, trump, hint, asked, request)


def pass_advice(request: PassRequest, rules: RuleSet, *, samples: int = PASS_SAMPLES,
                seed: int = 0):
    """The pass advice (``exchange.advice.advise_pass``: what the ``pass`` command recommends)
    for a pass request; its ``best`` is the pass to make."""
    from ..exchange.advice import advise_pass
    from ..exchange.policy import suit_asked

    suit = suit_asked(rules, request.request) if request.role == "partner" else None
    return advise_pass(request.hand, request.trump, request.role, request.cards, rules,
                       hint=request.hint, samples=samples, seed=seed, suit=suit,
                       asked=request.asked)


def formula_limit(meld: Points, rules: RuleSet) -> Points:
    """The formula bidder's limit: its meld in the trump it would name, plus 20 for the
    partner and 25 for the tricks (scaled); on one hand or an array of them."""
    return meld + (FORMULA_PARTNER + FORMULA_TRICKS) * rules.scale


def formula_call(auction: Auction, may_name: bool, limit: int) -> int | None:
    """The formula bidder's call: forced, the minimum; without a marriage, over its partner or
    above its limit, a pass; else the lowest bid open."""
    legal = auction.legal()
    low = legal.min_bid
    if legal.forced or low is None:
        return low
    partner = ((auction.next_seat or 0) + 2) % 4
    if not may_name or auction.high_seat == partner or low > limit:
        return None
    return low


__all__ = ["PassRequest", "pass_request", "pass_advice", "PASS_SAMPLES", "formula_limit",
           "formula_call", "FORMULA_PARTNER", "FORMULA_TRICKS"]
