"""The price of a call: what a bid gains for the side against what it risks, in points.

Under the standard scoring a made contract scores the side's meld and trick points whatever
the bid, so every point bid above what wins the auction adds only risk, unless it buys
something: the contract itself, the better trump for the side, or what it tells the partner.
``price`` weighs that where it can be counted: when the partner holds the bid and both
opponents have passed, the auction ends at the partner's bid if the hand passes, so a bid
buys only the hand's own trump and lead, at a higher contract. Both are played out on the
estimate's deals (the calls' conditions met; the card exchange played where the rule set has
one): the partner naming the suit with the most meld in its hand (ties: the longer suit) at
the bid it holds, or the hand naming its trump at the bid priced. Each deal is scored as
``scoring.score_hand`` scores a played hand (made: the side's meld and trick points; set: the
bid lost; the opponents score their meld and trick points either way), and the price is the
difference of the side's mean margin (its score less the opponents'). A throw-in is not
modelled: it softens a set, so the price slightly favours the lower contract.

``advise`` asks for the price of every bid it would make in that position, and of the lowest
legal bid, and makes the one worth most, or passes when passing is. Elsewhere it gives a bid
above the lowest legal one (a jump) its price against that lowest bid (``jump_price``): what it
risks where the side holds the contract, for what it tells the partner, which is not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..exchange.players import exchange
from ..meld.vector import best_trumps, callable_suits, keeps_trump, meld_points
from ..play.dealer import suit_codes
from ..play.lockstep import play_lockstep
from ..play.stats import Mean
from .auction import Auction
from .estimate import Estimate, _distinct_deals, own_hints, side_totals


@dataclass(frozen=True)
class Price:
    """A bid against its alternative, in the side's mean margin per hand (``gain``; negative:
    what it risks), and the chance each is made.

    Where a pass leaves the partner the contract (``against`` None), the alternative is the
    partner's contract at ``partner_bid`` with its trump. Elsewhere, for a bid above the lowest
    legal one (a jump), the alternative is that lowest bid (``against``), over the deals where
    the side would hold the contract at ``bid``: a made contract scores the same at either, so
    the jump only risks; what it buys (what it tells the partner, the contract itself) is not
    counted."""

    bid: int
    partner_bid: int | None
    gain: float
    made: float
    other_made: float
    deals: int
    against: int | None = None

    @property
    def words(self) -> str:
        verdict = "worth" if self.gain > 0 else "costs"
        if self.against is not None:
            return (f"{self.bid} rather than {self.against} risks {-self.gain:.1f} points a hand"
                    f" where you hold the contract (made {self.made:.0%} against"
                    f" {self.other_made:.0%}), for what it tells partner")
        return (f"{self.bid} with your trump {verdict} {abs(self.gain):.1f} points a hand against"
                f" passing, which leaves partner the contract at {self.partner_bid} (made"
                f" {self.made:.0%} against {self.other_made:.0%}, {self.deals} deals)")

    def to_dict(self) -> dict:
        return {"bid": self.bid, "against": "pass" if self.against is None else self.against,
                "partner_bid": self.partner_bid, "gain": round(self.gain, 2),
                "made": round(self.made, 4), "other_made": round(self.other_made, 4)}


def jump_price(auction: Auction, result: Estimate, bid: int) -> Price | None:
    """The price of ``bid`` against the lowest legal bid, where it is above it (``Price``);
    None for the lowest bid, a pass, or without a trump."""
    best = result.best
    low = auction.legal().min_bid
    if best is None or low is None or bid <= low:
        return None
    totals = best.totals
    weights = None if best.holding is None else best.holding.weights(bid)
    if weights is None or not weights.sum():
        weights = np.ones(len(totals))
    share = weights / weights.sum()
    at_bid = np.where(totals >= bid, totals, -bid)
    at_low = np.where(totals >= low, totals, -low)
    return Price(bid, None, float(share @ (at_bid - at_low)), float(share @ (totals >= bid)),
                 float(share @ (totals >= low)), len(totals), low)


def partner_holds_alone(auction: Auction) -> bool:
    """Whether the partner holds the bid and both opponents have passed: a pass now ends the
    auction with the partner's contract."""
    me = auction.next_seat
    if me is None or auction.high_seat != (me + 2) % 4 or auction.legal().forced:
        return False
    return {(me + 1) % 4, (me + 3) % 4} <= set(auction.passed)


def _played(deals: np.ndarray, declarer: int, trump: np.ndarray, rules,
            hints: tuple) -> tuple[np.ndarray, ...]:
    """What does not depend on the bid, each deal played with ``declarer`` (0 to 3) naming
    ``trump`` (one per deal): the declaring side's meld and trick points, the other side's
    meld, and whether the declarer plays with that trump rather than losing the bid for want
    of a marriage (``meld.vector.keeps_trump``)."""
    after = np.array(deals, dtype=np.int64, copy=True)
    other = declarer ^ 2
    side = declarer & 1
    if rules.pass_cards:
        for t in sorted(set(trump.tolist())):  # (np.unique would import numpy.ma: 20 ms)
            rows = np.flatnonzero(trump == t)
            done = exchange(after[rows, declarer], after[rows, other], int(t), rules, *hints)
            after[rows, declarer], after[rows, other] = done.bidder, done.partner
    at = np.arange(len(after))
    # every hand holds 20 cards: the lockstep engine, as ``simulate.play_many`` plays them
    # (without loading the one-deal engine that module imports)
    tricks = play_lockstep(suit_codes(after), trump, declarer)[:, side] * rules.scale
    ours = sum(meld_points(after[:, s], rules)[at, trump] for s in (side, side + 2))
    theirs = sum(meld_points(after[:, s], rules)[at, trump] for s in (1 - side, 3 - side))
    return ours, tricks, theirs, keeps_trump(deals[:, declarer], after[:, declarer], trump, rules)


def _scored(played: tuple[np.ndarray, ...], bid: int, rules) -> tuple[np.ndarray, np.ndarray]:
    """The side's margin in each deal ``_played`` at ``bid``, and whether it is made."""
    ours, tricks, theirs, married = played
    totals = side_totals(ours, tricks, rules)
    made = totals >= bid
    margin = np.where(made, ours + tricks, -bid) - (theirs + rules.trick_points - tricks)
    # no marriage where the rule looks for one: the bid is lost unplayed, nobody melds
    return np.where(married, margin, -bid), made & married


def margins(deals: np.ndarray, declarer: int, trump: np.ndarray, bid: int, rules,
            hints: tuple) -> tuple[np.ndarray, np.ndarray]:
    """The side's margin (seats 0 and 2 less 1 and 3) in each deal with ``declarer`` (0 or 2)
    naming ``trump`` (one per deal) at ``bid``, and whether it is made. ``hints``: what the
    declarer's and its partner's calls asked for in the exchange."""
    return _scored(_played(deals, declarer, trump, rules, hints), bid, rules)


#: A price is first worked out on one deal in every few of the estimate's, about this many; it
#: stands where every bid's gain is ``SETTLED`` standard errors from zero, else it is worked
#: out on all the deals. (Each distinct deal costs the partner's exchange as bidder, about
#: 6 ms in Davis's game.)
PRICE_FIRST = 200
SETTLED = 3.0


def prices(auction: Auction, result: Estimate, bids: Sequence[int],
           convention: str | None) -> list[Price] | None:
    """The price of each of ``bids`` against passing where the partner holds the bid alone
    (``partner_holds_alone``), over the estimate's deals (first over an evenly spread
    ``PRICE_FIRST`` of them, where that settles it): each distinct deal is played once with the
    hand's trump and once with the partner's, whatever the bids, its figures counted as often
    as the estimate drew it. None elsewhere, or where the estimate has no trump or no deals."""
    if not partner_holds_alone(auction) or result.trump is None or result.deals is None:
        return None
    step = max(1, len(result.deals) // PRICE_FIRST)
    if step > 1:
        first = _prices(auction, result, slice(None, None, step), bids, convention)
        if _settled([diff for _, diff in first]):
            return [p for p, _ in first]
    return [p for p, _ in _prices(auction, result, slice(None), bids, convention)]


def _settled(diffs: list[np.ndarray]) -> bool:
    """Whether each bid's gain per deal is ``SETTLED`` standard errors from zero (between two
    bids the price picks the one worth more, and where they are close, either is)."""
    for d in diffs:
        if len(d) < 2:  # one deal gives no standard error
            return False
        gain = Mean.of(d)
        if not abs(gain.mean) > SETTLED * gain.stderr:
            return False
    return True


def _mine(result: Estimate, drawn: slice, hints: tuple, rules) -> tuple[np.ndarray, ...]:
    """``_played`` of the deals ``drawn`` (the estimate's, in its order) with the hand naming
    its trump: the figures the estimate kept, where it played them with these hints (the same
    exchange and play-outs: the same numbers), else played again."""
    assert result.best is not None and result.deals is not None
    kept = result.best.played
    if kept is None or kept.hints != hints:
        deals, where = _distinct_deals(result.deals[drawn])
        trump = np.full(len(deals), result.best.trump)
        return tuple(a[where] for a in _played(deals, 0, trump, rules, hints))
    at = np.arange(len(result.deals))[drawn]
    # the opponents' meld: their hands are as dealt (the exchange is between the partners)
    theirs = (meld_points(result.deals[drawn, 1], rules)[:, result.best.trump]
              + meld_points(result.deals[drawn, 3], rules)[:, result.best.trump])
    return kept.meld[at], kept.tricks[at], theirs, kept.married[at]


def _prices(auction: Auction, result: Estimate, drawn: slice, bids: Sequence[int],
            convention: str | None) -> list[tuple[Price, np.ndarray]]:
    """``prices`` over the estimate's deals ``drawn``, each with its gain deal by deal."""
    rules, held_at = auction.rules, auction.high
    assert held_at is not None and result.trump is not None  # the partner holds the bid
    assert result.deals is not None
    deals, where = _distinct_deals(result.deals[drawn])
    hint, partner_hint = own_hints(auction, convention)
    mine = _mine(result, drawn, (hint, partner_hint), rules)
    held = deals[:, 2]
    theirs_trump = best_trumps(held, meld_points(held, rules), callable_suits(held, rules))
    partner, partner_made = (a[where] for a in _scored(
        _played(deals, 2, theirs_trump, rules, (partner_hint, hint)), held_at, rules))
    out = []
    for bid in bids:
        margin, made = _scored(mine, bid, rules)
        diff = margin - partner
        out.append((Price(bid, held_at, float(diff.mean()), float(made.mean()),
                          float(partner_made.mean()), len(where)), diff))
    return out


def price(auction: Auction, result: Estimate, bid: int, convention: str | None) -> Price | None:
    """``prices`` of one bid."""
    got = prices(auction, result, [bid], convention)
    return None if got is None else got[0]


__all__ = ["Price", "price", "prices", "PRICE_FIRST", "SETTLED", "jump_price", "margins",
           "partner_holds_alone"]
