"""How high can our side go: own meld, the partner's meld and the side's trick points over
simulated deals of the unseen cards, and the chance of making each bid.

For each trump the hand may name (the rule set's marriage rule), ``estimate``:

1. deals the 60 unseen cards to the other three seats, ``samples`` times, meeting what their
   calls said under the convention (``conventions.signal_mask``; ``deal``);
2. puts every deal through the card exchange, where the rule set has one
   (``pinochle_calc.exchange``);
3. scores both partners' meld in that trump for every deal at once (``meld.vector``) and plays
   every deal out in every trump with the trick-play engine, all in one call
   (``play.lockstep``, the heuristic players on every deal at once; the hand's seat names trump
   and leads) for the side's trick points;
4. counts, for each candidate bid, the deals in which the side's meld + trick points reach it
   (with the rule set's minimum-meld rule, if any): the make probability; the recommended
   maximum is the highest legal bid made in at least ``confidence`` of the deals.

Decisions:

- Dealing is the one dealer's (``play.dealer``): the hand sits at seat 0, and with one seed two
  hands that differ in a card get deals that differ in only a few cards, so comparisons between
  hands (and the sanity test that more meld never lowers the maximum) are not swamped by noise.
- Conditioning: every call of the other three players is read under the convention; the meld a
  player showed adds up over their calls and is read as "at least"; passes and forced bids say
  nothing. Deals meeting the conditions are drawn by rejection while it is cheap, else built by
  card swaps (``play.conditions``): a condition is never given up for being rare, only where no
  deal meeting it can be built; the report gives the acceptance rate and says so. What the
  calls tell, and the chance that the others pass after a bid, are ``inferences``.
- The estimate is for the hand as bidder: its seat names trump and leads. Where the rule set
  has a card exchange, every deal goes through it as the players make it (``exchange.players``:
  the pass policy fitted to the pass advice the players pass by; the partner answers the hint
  the hand's calls gave where that is worth it, the hand returns by the policy, answering the
  partner's), and meld and tricks are counted after it; where trump is named after the
  exchange, a deal where the hand then holds no marriage in the suit is lost.
- A hand that may name no trump gets no maximum (``trump`` is None): it must not win the bid.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..cards import SUIT_SYMBOLS, SUITS, SuitLike, as_suit, n_cards
from ..exchange.players import exchange
from ..hand import HandLike, as_hand
from ..limits import BID_DEALS, SEED_MAX, check
from ..play.dealer import suit_codes
from ..play.stats import Stats, share_words
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from ..stores import kept
from .auction import Auction, AuctionLike, iter_bids
from .inferences import (
    LIMIT_MARGIN_PER_CARD,
    LIMIT_SPREAD,
    OPPONENT_MARGIN,
    OPPONENT_SPREAD,
    PARTNER_MARGIN,
    PARTNER_SPREAD,
    Below,
    Condition,
    Holding,
    Known,
    conditions_from,
    deal,
    limits_from,
    pass_margin,
    pass_words,
)

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike

#: Deals by default: the make probabilities then carry a standard error of at most
#: sqrt(0.25 / 1000) = 0.016.
DEFAULT_SAMPLES = 1000
#: How sure the side must be of making its highest bid, by default: without a card exchange
#: 0.85, with one 0.70. Tuned in duplicate matches against the formula bidder (the README's
#: bidding section has the figures): without a pass, holding a contract is worth little more
#: than defending, and a side that lets the opponents overbid gains; with one, the exchange
#: is worth about 25 points to the side that holds the contract.
CONFIDENCE_NO_PASS = 0.85
CONFIDENCE_PASS = 0.70
DEFAULT_CONFIDENCE = CONFIDENCE_NO_PASS
DEFAULT_SEED = 0
#: The most bids the make-probability curve lists (rule sets of huge values stop there).
MAX_CURVE = 400
#: Play-outs (deals times trumps) per call of the trick engine, and between progress reports.
PLAY_BLOCK = 20_000


class Played(NamedTuple):
    """What each of an estimate's deals gave with one trump, the hand naming it and leading
    (``TrumpEstimate.played``): the side's meld (both partners, after the exchange), its trick
    points (scaled), whether the hand plays with that trump rather than losing the bid for want
    of a marriage (``meld.vector.keeps_trump``), and the hints the exchange answered (the
    hand's, its partner's)."""

    meld: np.ndarray
    tricks: np.ndarray
    married: np.ndarray
    hints: tuple


class _Ladder(NamedTuple):
    """The bids an estimate asks the make probability of (``_ladder``): ``bids`` (ascending),
    the bid after each, and the bids of the curve and of the search for the maximum."""

    bids: np.ndarray
    after: np.ndarray
    curve: tuple[int, ...]
    every: tuple[int, ...]


@kept(32)
def _legal(rules: RuleSet, upto: int) -> np.ndarray:
    """Every legal bid from the lowest to the first above ``upto`` (read-only): kept for a
    range doubled as needed, so that a rule set's bids are stepped through once."""
    bids = list(iter_bids(rules, rules.next_bid(None), upto))
    bids.append(rules.next_bid(bids[-1] if bids else upto))
    out = np.array(bids, dtype=np.int64)
    out.flags.writeable = False
    return out


def _legal_upto(rules: RuleSet, low: int, top: int) -> np.ndarray:
    """``_legal`` reaching past ``top``, or past ``MAX_CURVE`` bids from ``low``."""
    upto = 128 * rules.scale
    while True:
        bids = _legal(rules, upto)
        if bids[-1] > top or int(np.searchsorted(bids, low)) + MAX_CURVE + 1 < len(bids):
            return bids
        upto *= 2


@kept(256)
def _ladder(rules: RuleSet, low: int, top: int) -> _Ladder:
    """The curve's bids (every legal bid from ``low`` up to ``top``, at most ``MAX_CURVE``;
    ``low`` alone if none) and the bids searched for the maximum (the same from the lowest
    bid), with what the probabilities ask of each (read-only arrays)."""
    k = rules.scale
    legal = _legal_upto(rules, low, max(top, low) + 2 * k)
    start = int(np.searchsorted(legal, low))
    from_low, from_first = legal[start:start + MAX_CURVE], legal[:MAX_CURVE]
    curve = tuple(from_low[from_low <= top].tolist()) or (low,)
    every = tuple(from_first[from_first <= top].tolist())
    bids = np.array(sorted(set(curve) | set(every)), dtype=np.int64)
    at = np.searchsorted(legal, bids)
    known = (at < len(legal)) & (legal[np.minimum(at, len(legal) - 1)] == bids)
    after = np.where(known, legal[np.minimum(at + 1, len(legal) - 1)],
                     [rules.next_bid(int(b)) for b in bids] if not known.all() else 0)
    after = after.astype(np.int64)
    for array in (bids, after):
        array.flags.writeable = False
    return _Ladder(bids, after, curve, every)


def confidence_for(rules: RuleSet) -> float:
    """The default confidence under a rule set (``CONFIDENCE_NO_PASS``, ``CONFIDENCE_PASS``)."""
    return CONFIDENCE_PASS if rules.pass_cards else CONFIDENCE_NO_PASS


@dataclass(frozen=True)
class TrumpEstimate:
    """The figures for one trump the hand may name."""

    trump: int
    own_meld: int  # as dealt
    partner_meld: Stats  # after the exchange, where the rule set has one
    trick_points: Stats
    make_probability: dict[int, float]  # every legal bid from the lowest now to the 99th centile
    max_bid: int | None
    totals: np.ndarray = field(repr=False, compare=False)  # per deal; -1: the bid is lost
    own_after: Stats | None = None  # the hand's meld after the exchange (None: no exchange)
    holding: Holding | None = field(default=None, repr=False, compare=False)
    #: per deal: the side's meld and trick points, and whether the hand holds a marriage in
    #: trump after the exchange (what the price of a call replays); with the hints the
    #: exchange answered
    played: Played | None = field(default=None, repr=False, compare=False)

    def probability(self, bid: int) -> float:
        """The chance that the side makes ``bid`` if it holds the contract there: the share of
        deals in which it does, each weighed by the chance that the others pass after it."""
        made = self.totals >= bid
        weights = None if self.holding is None else self.holding.weights(bid)
        if weights is None or not weights.sum():
            return float(made.mean())
        return min(1.0, float(weights @ made / weights.sum()))

    def probabilities(self, ladder: _Ladder) -> dict[int, float]:
        """``probability`` of every bid of a ``_ladder``, worked out together (the same
        figures)."""
        bids = ladder.bids
        n = len(self.totals)
        table = None if self.holding is None else self.holding.weights_table(ladder)
        if table is None:  # the share of deals reaching each bid
            ordered = np.sort(self.totals)
            made = n - np.searchsorted(ordered, bids, side="left")
            return dict(zip(bids.tolist(), (made / n).tolist()))
        # every bid at once, each figure as the loop over bids works it out: each row's own
        # sum (a sum along the rows of the table is summed in another order), and its product
        # with the deals that reach its bid (a stack of products of one row each is numpy's
        # product of one row: the same BLAS routine)
        reached = self.totals[None, :] >= bids[:, None]
        totals = np.array([weights.sum() for weights in table])
        products = (table[:, None, :] @ reached[:, :, None].astype(np.float64))[:, 0, 0]
        chances = np.minimum(1.0, products / np.where(totals, totals, 1.0))
        out = {}
        for row, (bid, total) in enumerate(zip(bids.tolist(), totals.tolist())):
            out[bid] = float(reached[row].mean()) if not total else float(chances[row])
        return out

    def to_dict(self) -> dict:
        return {"trump": SUITS[self.trump], "own_meld": self.own_meld,
                "partner_meld": self.partner_meld.to_dict(),
                "own_meld_after_exchange": None if self.own_after is None
                else self.own_after.to_dict(),
                "trick_points": self.trick_points.to_dict(),
                "make_probability": {str(b): round(p, 3)
                                     for b, p in self.make_probability.items()},
                "max_bid": self.max_bid}

    def __repr__(self) -> str:
        return (f"TrumpEstimate(trump={SUITS[self.trump]!r}, own_meld={self.own_meld},"
                f" partner_meld={self.partner_meld.mean:.1f},"
                f" trick_points={self.trick_points.mean:.1f}, max_bid={self.max_bid})")


@dataclass(frozen=True)
class Estimate:
    """The estimate for every trump the hand may name, and the one to name (None: none)."""

    trump: int | None
    trumps: dict[int, TrumpEstimate]
    own_meld: int
    samples: int
    seed: int
    confidence: float
    acceptance: float
    drawn: int
    conditions: tuple[str, ...]
    dropped: tuple[str, ...]
    notes: tuple[str, ...]
    #: ``(samples, 4, 20)``: the deals behind the figures, the hand at seat 0, as dealt
    deals: np.ndarray | None = field(default=None, repr=False, compare=False)
    #: the other suits as good as ``trump`` to name (``trump_to_name``)
    as_good: tuple[int, ...] = ()

    @property
    def best(self) -> TrumpEstimate | None:
        return None if self.trump is None else self.trumps[self.trump]

    @property
    def max_bid(self) -> int | None:
        return None if self.best is None else self.best.max_bid

    def to_dict(self) -> dict:
        best = self.best
        out: dict = {"trump": None if self.trump is None else SUITS[self.trump]}
        if best is not None:
            out.update({k: v for k, v in best.to_dict().items() if k != "trump"})
        else:
            out.update({"own_meld": self.own_meld, "partner_meld": None, "trick_points": None,
                        "make_probability": {}, "max_bid": None})
        out.update({
            "samples": self.samples, "seed": self.seed, "confidence": self.confidence,
            "acceptance": round(self.acceptance, 4), "conditions": list(self.conditions),
            "dropped": list(self.dropped), "notes": list(self.notes),
            "trumps": {SUITS[t]: e.to_dict() for t, e in self.trumps.items()},
            "as_good": [SUITS[t] for t in self.as_good],
        })
        return out

    def trump_words(self) -> str:
        """The trump to name as a player says it: ``♠``, ``♠ (♦ as good)``; ``no trump``
        where the hand may name none."""
        if self.trump is None:
            return "no trump"
        alike = " and ".join(SUIT_SYMBOLS[t] for t in self.as_good)
        return SUIT_SYMBOLS[self.trump] + (f" ({alike} as good)" if alike else "")

    def __repr__(self) -> str:
        trump = None if self.trump is None else SUITS[self.trump]
        return (f"Estimate(trump={trump!r}, max_bid={self.max_bid},"
                f" trumps={''.join(SUITS[t] for t in self.trumps)!r}, samples={self.samples},"
                f" seed={self.seed}, confidence={self.confidence},"
                f" acceptance={self.acceptance:.3f})")


# --------------------------------------------------------------------------------------------
# the estimate


def own_hints(auction: Auction | None, convention: str | None) -> tuple:
    """What the hand's own calls and its partner's asked for in the pass, under the
    convention (``conventions.asked_for``): ``(hint, partner_hint)``, None for nothing."""
    if auction is None or auction.next_seat is None:
        return None, None
    from .conventions import asked_for

    me = auction.next_seat
    return asked_for(auction, me, convention), asked_for(auction, (me + 2) % 4, convention)


def exchange_words(rules: RuleSet) -> str:
    """The exchange each simulated deal goes through, in words."""
    order = ("the partner passes first, the bidder returns as many"
             if rules.pass_order == "partner-first" else "both pass at the same time")
    when = " before trump is named" if rules.pass_when == "before-trump" else ""
    return (f"every deal goes through the {rules.pass_cards}-card exchange{when} ({order}),"
            " played as the players pass (exchange.players)")


def side_totals(side_meld: ArrayLike, tricks: ArrayLike, rules: RuleSet) -> np.ndarray:
    """What the bidding side counts towards its bid in each deal: meld plus trick points, or
    -1 where it loses the bid whatever it is (RULES.md's minimum-meld variant: meld under the
    minimum, or trick points under it). A bid ``b`` is made exactly where the total is >= b,
    as ``scoring.score_hand`` decides."""
    side_meld = np.asarray(side_meld)
    tricks = np.asarray(tricks)
    totals = side_meld + tricks
    return np.where(rules.under_minimum(side_meld) | rules.under_minimum(tricks), -1, totals)


def _play_out(deals: np.ndarray, trumps: list[int],
              progress: Callable[[int, int], None] | None, drawn: int) -> np.ndarray:
    """``(len(trumps), n)``: the trick points of seat 0's side in each deal (``(len(trumps), n,
    4, 20)``, the deals as each trump's exchange left them) with its trump, seat 0 leading:
    every pair of deal and trump in one call of the trick engine (a call per ``PLAY_BLOCK`` of
    them). ``progress`` counts in the ``drawn`` deals the estimate was asked for (the distinct
    ``n`` among them stand for them all), to ``drawn`` when done."""
    from ..play.lockstep import play_lockstep

    n = deals.shape[1]
    total = n * len(trumps)
    codes = suit_codes(deals.reshape(total, 4, 20))
    suits = np.array(trumps)
    tricks = np.empty(total, dtype=np.int64)
    for start in range(0, total, PLAY_BLOCK):
        pair = np.arange(start, min(start + PLAY_BLOCK, total))
        tricks[pair] = play_lockstep(codes[pair], suits[pair // n], 0)[:, 0]
        if progress is not None:
            progress((int(pair[-1]) + 1) * drawn // total, drawn)
    return tricks.reshape(len(trumps), n)


def _distinct_deals(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(n, 4, 20)`` deals as ``(distinct, where)``: the distinct deals, and the row of each
    deal among them. A deal is told by its seats 1 and 2, each one whole number (a count is 0
    to 4), below 2**53 and so exact as the two parts of one complex number: seat 0 holds the
    hand in every deal, and seat 3 the cards left. (``np.unique`` of rows would import
    ``numpy.ma``, about 20 ms at the first bid in a process.)"""
    weights = 5 ** np.arange(20, dtype=np.int64)
    keys = (counts[:, 1] @ weights) + 1j * (counts[:, 2] @ weights)
    _, first, where = np.unique(keys, return_index=True, return_inverse=True)
    return counts[first], where.reshape(-1)


def centile(values: ArrayLike, q: float) -> float:
    """``np.quantile(values, q)`` (linear interpolation), without its ``np.unique``, whose first
    call imports ``numpy.ma`` (about 18 ms of the first bid in a process)."""
    array = np.asarray(values)
    n = len(array)
    at = (n - 1) * q
    lo = int(at)
    hi = min(lo + 1, n - 1)
    part = np.partition(array, [lo, hi])
    a, b, t = float(part[lo]), float(part[hi]), at - lo
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


def estimate(hand: HandLike, rules: RulesLike = STANDARD, auction: AuctionLike = None,
             convention: str | None = None, *, samples: int = DEFAULT_SAMPLES,
             seed: int = DEFAULT_SEED, confidence: float | None = None,
             trumps: list[SuitLike] | None = None,
             progress: Callable[[int, int], None] | None = None) -> Estimate:
    """The side's prospects with ``hand`` as bidder, for each trump it may name.

    ``auction`` (with ``convention``) conditions the deals on what the other players' calls
    say, and sets the first candidate bid (the lowest legal bid now). ``trumps`` limits the
    suits examined. ``progress(done, total)`` is called as the deals are played out. The result
    depends only on the arguments (seeded ``numpy.random.default_rng(seed)``).
    """
    from ..errors import UserError, described
    from ..meld.engine import meld
    from ..meld.vector import keeps_trump, meld_points

    hand = as_hand(hand)
    rules = as_rules(rules)
    if auction is not None:
        from .auction import as_auction

        auction = as_auction(auction, rules)
    wanted = [] if trumps is None else [as_suit(t, "trumps") for t in trumps]
    if len(hand) != 20:
        raise UserError(f"an estimate needs a 20-card hand, not {n_cards(len(hand))}")
    check("samples", samples, 1, BID_DEALS)
    check("seed", seed, 0, SEED_MAX)
    if confidence is None:
        confidence = confidence_for(rules)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float)):
        raise TypeError(f"confidence must be a number above 0 and at most 1, not"
                        f" {described(confidence)}")
    if not 0 < confidence <= 1:
        raise UserError(f"confidence must be above 0 and at most 1, not {confidence}")
    own = meld(hand, rules)
    notes: list[str] = []
    nameable = [t.trump for t in own.trumps if t.callable]
    if rules.marriage_after_exchange:
        nameable = list(range(4))
        notes.append("trump is named after the exchange: every suit examined, and a deal where"
                     " the hand then holds no marriage in it counts as lost")
    candidates = nameable if trumps is None else [t for t in nameable if t in wanted]
    if rules.pass_cards:
        notes.append(exchange_words(rules))
    if not nameable:
        notes.append("no marriage: the hand cannot name trump, so it must not win the bid")
    elif not candidates:
        asked = " ".join(SUIT_SYMBOLS[t] for t in sorted(set(wanted))) or "none"
        may = " ".join(SUIT_SYMBOLS[t] for t in nameable)
        notes.append(f"no suit examined: of the suits asked for ({asked}) the hand may name"
                     f" none as trump (it may name {may})")
    conditions = conditions_from(auction, convention) if auction is not None else []
    if any(getattr(c, "or_no_marriage", False) for c in conditions):
        notes.append(pass_words(rules))
    rng = np.random.default_rng(seed)
    dealt = deal(hand, samples, rng, conditions, rules)
    counts = dealt.deals
    if dealt.built:
        notes.append(f"the calls are rare in random deals ({share_words(dealt.acceptance)} of"
                     " those drawn meet them): the deals were built to meet them")
    k = rules.scale
    low = rules.next_bid(None)
    legal_now = None if auction is None else auction.legal().min_bid
    if legal_now is not None:
        low = legal_now
    results: dict[int, TrumpEstimate] = {}
    if candidates:
        hint, partner_hint = own_hints(auction, convention)
        # each distinct deal once (deals drawn in proportion to their chance repeat): the
        # exchange and the play are the same in every copy
        distinct, where = _distinct_deals(counts)
        deals = np.repeat(distinct[None], len(candidates), axis=0)  # (trumps, deals, 4, 20)
        if rules.pass_cards:  # the exchange, as the rule set has it, in every deal
            for row, t in enumerate(candidates):
                after = exchange(distinct[:, 0], distinct[:, 2], t, rules, hint, partner_hint)
                deals[row, :, 0], deals[row, :, 2] = after.bidder, after.partner
        tricks = _play_out(deals, candidates, progress, len(counts))[:, where] * k
        holding = Holding(counts, auction, convention)
        for row, t in enumerate(candidates):
            own_t = own.trumps[t].points
            mine = meld_points(deals[row, :, 0], rules)[where, t]
            theirs = meld_points(deals[row, :, 2], rules)[where, t]
            totals = side_totals(mine + theirs, tricks[row], rules)
            married = keeps_trump(distinct[:, 0], deals[row, :, 0], t, rules)[where]
            totals = np.where(married, totals, -1)
            result = TrumpEstimate(t, own_t, Stats.of(theirs), Stats.of(tricks[row]), {}, None,
                                   totals, Stats.of(mine) if rules.pass_cards else None,
                                   holding, Played(mine + theirs, tricks[row], married,
                                                   (hint, partner_hint)))
            ladder = _ladder(rules, low, int(centile(totals, 0.99)))
            chance = result.probabilities(ladder)
            made = [bid for bid in ladder.every if chance[bid] >= confidence]
            results[t] = replace(result, make_probability={b: chance[b] for b in ladder.curve},
                                 max_bid=max(made) if made else None)
    best, alike = trump_to_name(results)
    return Estimate(best, results, own.best.points, samples, seed, confidence, dealt.acceptance,
                    dealt.drawn, tuple(c.text for c in conditions if c.text not in dealt.dropped),
                    dealt.dropped, tuple(notes), counts, alike)


def trump_to_name(trumps: dict[int, TrumpEstimate]) -> tuple[int | None, tuple[int, ...]]:
    """The trump the advice names (None: the hand may name none), the one rule of the bid
    advice's reason and "Name" line, the table's trump prompt and the review: the suit with
    the highest bid made at the confidence, then the highest mean total of meld and trick
    points (a deal lost for want of a marriage counting -1), then S, H, D, C. And the other
    suits as good as it: the same highest bid, and a mean total short of it by no more than
    the standard error of the difference, deal by deal over the same deals. (A player without
    an estimate, and a hand that has exchanged, names by meld: ``meld.trump_to_name``.)"""
    if not trumps:
        return None, ()

    def key(t: int) -> tuple[int, float, int]:
        top = trumps[t].max_bid
        return -1 if top is None else top, float(trumps[t].totals.mean()), -t

    best = max(trumps, key=key)
    mine = trumps[best].totals.astype(np.float64)
    alike = []
    for t in sorted(trumps):
        if t == best or trumps[t].max_bid != trumps[best].max_bid:
            continue
        short = mine - trumps[t].totals
        n = len(short)
        error = float(short.std(ddof=1)) / n ** 0.5 if n > 1 else 0.0
        if float(short.mean()) <= error:
            alike.append(t)
    return best, tuple(alike)


# what the calls tell (``inferences``), as this module has always offered it
__all__ = ["Estimate", "TrumpEstimate", "Played", "Stats", "Condition", "Below", "Known",
           "Holding", "estimate", "trump_to_name", "deal", "conditions_from", "limits_from",
           "side_totals",
           "DEFAULT_SAMPLES", "DEFAULT_CONFIDENCE", "confidence_for", "pass_margin",
           "pass_words", "PARTNER_MARGIN", "PARTNER_SPREAD", "OPPONENT_MARGIN",
           "OPPONENT_SPREAD", "LIMIT_MARGIN_PER_CARD", "LIMIT_SPREAD"]
