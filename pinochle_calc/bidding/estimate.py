"""How high can our side go: own meld, the partner's meld and the side's trick points over
simulated deals of the unseen cards, and the chance of making each bid.

For each trump the hand may name (the rule set's marriage rule), ``estimate``:

1. deals the 60 unseen cards to the other three seats, ``samples`` times, conditioned on what
   their calls said under the convention (``conventions.signal_mask``) by rejection; the deals
   are drawn in numpy, a batch at a time (``deal``);
2. scores the partner's meld in that trump for every deal at once (``meld.vector.meld_points``);
3. plays every deal out with the trick-play engine (``play.simulate.play_many``, heuristic players;
   the hand's seat names trump and leads) for the side's trick points;
4. counts, for each candidate bid, the deals in which own meld + partner meld + trick points
   reach it (with the rule set's minimum-meld rule, if any): the make probability; the
   recommended maximum is the highest legal bid made in at least ``confidence`` of the deals.

Decisions:

- Dealing is the one dealer's (``play.dealer``): the hand sits at seat 0, and with one seed two
  hands that differ in a card get deals that differ in only a few cards, so comparisons between
  hands (and the sanity test that more meld never lowers the maximum) are not swamped by noise.
- Conditioning: every call of the other three players is read under the convention; the meld a
  player showed adds up over their calls and is read as "at least"; passes and forced bids say
  nothing. A condition the deals almost never meet is dropped (the most restrictive first)
  when meeting all of them would take more than ``MAX_DRAWS`` deals; the report says which were
  dropped, and the acceptance rate of the conditions kept.
- The estimate is for the hand as bidder: its seat names trump and leads, with the cards as
  dealt (the card pass, where the rule set has one, is left out: a conservative figure).
- A hand that may name no trump gets no maximum (``trump`` is None): it must not win the bid.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import ceil

import numpy as np

from ..cards import SUIT_SYMBOLS, SUITS, n_cards
from ..hand import Hand
from ..limits import BID_DEALS, SEED_MAX, check
from ..play.dealer import MAX_DRAWS, Dealer, sample, suit_codes
from ..play.simulate import Stats
from ..rules import STANDARD, RuleSet
from .auction import Auction

#: Deals by default: the make probabilities then carry a standard error of at most
#: sqrt(0.25 / 1000) = 0.016.
DEFAULT_SAMPLES = 1000
DEFAULT_CONFIDENCE = 0.6
DEFAULT_SEED = 0
#: Deals played out between progress reports.
PLAY_CHUNK = 250


@dataclass(frozen=True)
class TrumpEstimate:
    """The figures for one trump the hand may name."""

    trump: int
    own_meld: int
    partner_meld: Stats
    trick_points: Stats
    make_probability: dict[int, float]
    max_bid: int | None
    totals: np.ndarray = field(repr=False, compare=False)  # per deal; -1: the bid is lost

    def probability(self, bid: int) -> float:
        """The share of deals in which the side makes ``bid``."""
        return float((self.totals >= bid).mean())

    def to_dict(self) -> dict:
        return {"trump": SUITS[self.trump], "own_meld": self.own_meld,
                "partner_meld": self.partner_meld.to_dict(),
                "trick_points": self.trick_points.to_dict(),
                "make_probability": {str(b): round(p, 3)
                                     for b, p in self.make_probability.items()},
                "max_bid": self.max_bid}


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
        })
        return out


# --------------------------------------------------------------------------------------------
# dealing


class Condition:
    """One thing a call said about a seat's hand: ``seat`` is 1 (left opponent), 2 (partner)
    or 3 (right opponent), counted clockwise from the hand (which sits at 0 in the deals)."""

    def __init__(self, seat: int, signal, text: str):
        self.seat, self.signal, self.text = seat, signal, text

    def mask(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        from .conventions import signal_mask

        return signal_mask(self.signal, counts[:, self.seat], rules)

    def __repr__(self) -> str:
        return f"Condition({self.seat}, {self.signal!r})"


def conditions_from(auction: Auction, convention: str | None) -> list[Condition]:
    """What the other players' calls say about their hands under the convention, as tests
    (the player about to call is the hand)."""
    if convention is None or auction.next_seat is None:
        return []
    from .conventions import Signal, describe_signal, explain, shown_meld, signal_mask

    me = auction.next_seat
    names = {1: "left opponent", 2: "partner", 3: "right opponent"}
    out: list[Condition] = []
    probe = np.zeros((1, 20), dtype=np.int64)
    readings = explain(auction, convention)
    for reading in readings:
        rel = (reading.call.seat - me) % 4
        signal = reading.signal
        if rel == 0 or signal.kind == "meld":
            continue
        if signal_mask(signal, probe, auction.rules) is None:
            continue
        if any(c.seat == rel and c.signal == signal for c in out):
            continue
        words = describe_signal(signal, auction.rules.scale)
        out.append(Condition(rel, signal, f"{names[rel]}: {words}"
                             f" (call {reading.call.position}, {reading.call.label})"))
    shown = {(seat - me) % 4: total for seat, total in shown_meld(readings).items()}
    for rel, total in sorted(shown.items()):
        if rel:
            out.append(Condition(rel, Signal("meld", meld=total),
                                 f"{names[rel]}: at least {total} meld (shown by jump bids)"))
    return out


def deal(hand: Hand, n: int, rng: np.random.Generator, conditions: list[Condition] = (),
         rules: RuleSet = STANDARD, max_draws: int = MAX_DRAWS):
    """``n`` deals meeting the conditions: ``(counts (n, 4, 20), acceptance, drawn, dropped)``,
    the hand at seat 0 (see ``dealer.sample``; ``dropped`` lists the conditions given up)."""
    dealer = Dealer(hand)
    tests = [(c, lambda counts, c=c: c.mask(counts, rules)) for c in conditions]
    return sample(lambda batch: dealer.deal(rng, batch), tests, n, max_draws)


# --------------------------------------------------------------------------------------------
# the estimate


def side_totals(side_meld, tricks, rules: RuleSet) -> np.ndarray:
    """What the bidding side counts towards its bid in each deal: meld plus trick points, or
    -1 where it loses the bid whatever it is (RULES.md's minimum-meld variant: meld under the
    minimum, or trick points under it). A bid ``b`` is made exactly where the total is >= b,
    as ``scoring.score_hand`` decides."""
    side_meld = np.asarray(side_meld)
    tricks = np.asarray(tricks)
    totals = side_meld + tricks
    low = rules.min_meld * rules.scale
    if low:
        totals = np.where((side_meld < low) | (tricks < low), -1, totals)
    return totals


def max_bid_at(totals: np.ndarray, rules: RuleSet, confidence: float) -> int | None:
    """The highest legal bid the side makes in at least ``confidence`` of the deals."""
    ordered = np.sort(totals)[::-1]
    k = max(1, ceil(confidence * len(ordered) - 1e-9))
    return rules.highest_bid(int(ordered[k - 1]))


def estimate(hand: Hand | str, rules: RuleSet = STANDARD, auction: Auction | None = None,
             convention: str | None = None, *, samples: int = DEFAULT_SAMPLES,
             seed: int = DEFAULT_SEED, confidence: float = DEFAULT_CONFIDENCE,
             trumps: list[int] | None = None,
             progress: Callable[[int, int], None] | None = None) -> Estimate:
    """The side's prospects with ``hand`` as bidder, for each trump it may name.

    ``auction`` (with ``convention``) conditions the deals on what the other players' calls
    say, and sets the first candidate bid (the lowest legal bid now). ``trumps`` limits the
    suits examined. ``progress(done, total)`` is called as the deals are played out. The result
    depends only on the arguments (seeded ``numpy.random.default_rng(seed)``).
    """
    from ..errors import UserError
    from ..meld.engine import meld
    from ..meld.vector import meld_points
    from ..play.simulate import play_many

    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if len(hand) != 20:
        raise UserError(f"an estimate needs a 20-card hand, not {n_cards(len(hand))}")
    check("samples", samples, 1, BID_DEALS)
    check("seed", seed, 0, SEED_MAX)
    if not 0 < confidence <= 1:
        raise UserError(f"confidence must be above 0 and at most 1, not {confidence}")
    own = meld(hand, rules)
    notes: list[str] = []
    nameable = [t.trump for t in own.trumps if t.callable]
    if rules.marriage_required == "after-pass":
        nameable = list(range(4))
        notes.append("the marriage in trump is needed only after the pass: every suit examined")
    candidates = nameable if trumps is None else [t for t in nameable if t in trumps]
    if rules.pass_cards:
        notes.append(f"the {rules.pass_cards}-card pass is left out of the estimate")
    if not nameable:
        notes.append("no marriage: the hand cannot name trump, so it must not win the bid")
    elif not candidates:
        asked = " ".join(SUIT_SYMBOLS[t] for t in sorted(set(trumps))) or "none"
        may = " ".join(SUIT_SYMBOLS[t] for t in nameable)
        notes.append(f"no suit examined: of the suits asked for ({asked}) the hand may name"
                     f" none as trump (it may name {may})")
    conditions = conditions_from(auction, convention) if auction is not None else []
    rng = np.random.default_rng(seed)
    # a condition is given up where it holds in under 1 deal in 200, whatever the samples
    counts, acceptance, drawn, dropped = deal(hand, samples, rng, conditions, rules,
                                              max(MAX_DRAWS, 200 * samples))
    partner = meld_points(counts[:, 2], rules)  # (n, 4)
    k = rules.scale
    low = rules.next_bid(None)
    if auction is not None and auction.legal().min_bid is not None:
        low = auction.legal().min_bid
    results: dict[int, TrumpEstimate] = {}
    if candidates:
        codes = suit_codes(counts)
        total_work = len(candidates) * len(codes)
        done = 0
        for t in candidates:
            tricks = np.empty(len(codes), dtype=np.int64)
            for start in range(0, len(codes), PLAY_CHUNK):
                part = play_many(codes[start:start + PLAY_CHUNK], t, 0)[:, 0]
                tricks[start:start + len(part)] = part
                done += len(part)
                if progress is not None:
                    progress(done, total_work)
            tricks *= k
            own_t = own.trumps[t].points
            totals = side_totals(own_t + partner[:, t], tricks, rules)
            mx = max_bid_at(totals, rules, confidence)
            top = max(int(totals.max()), low)
            make: dict[int, float] = {}
            # only the highest of the sure bids is listed: start there
            sure = rules.highest_bid(int(totals.min()))
            bid = sure if sure is not None and sure > low else low
            while bid <= top + 1:
                p = float((totals >= bid).mean())
                make[bid] = p
                if p < 0.02 and (mx is None or bid > mx) or len(make) >= 30:
                    break
                bid = rules.next_bid(bid)
            results[t] = TrumpEstimate(t, own_t, Stats.of(partner[:, t]), Stats.of(tricks),
                                       make, mx, totals)
    best = None
    if results:
        best = max(results, key=lambda t: (-1 if results[t].max_bid is None
                                           else results[t].max_bid,
                                           float(results[t].totals.mean()), -t))
    return Estimate(best, results, own.best.points, samples, seed, confidence, acceptance,
                    drawn, tuple(c.text for c in conditions if c not in dropped),
                    tuple(c.text for c in dropped), tuple(notes))


__all__ = ["Estimate", "TrumpEstimate", "Stats", "Condition", "estimate", "deal",
           "conditions_from", "max_bid_at", "side_totals", "DEFAULT_SAMPLES", "DEFAULT_CONFIDENCE"]
