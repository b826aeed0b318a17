"""How high can our side go: own meld, the partner's meld and the side's trick points over
simulated deals of the unseen cards, and the chance of making each bid.

For each trump the hand may name (the rule set's marriage rule), ``estimate``:

1. deals the 60 unseen cards to the other three seats, ``samples`` times, conditioned on what
   their calls said under the convention (``conventions.signal_mask``) by rejection; the deals
   are drawn in numpy, a batch at a time (``deal``);
2. scores the partner's meld in that trump for every deal at once (``vecmeld.meld_points``);
3. plays every deal out with the trick-play engine (``simulate.play_codes``, heuristic players;
   the hand's seat names trump and leads) for the side's trick points;
4. counts, for each candidate bid, the deals in which own meld + partner meld + trick points
   reach it (with the rule set's minimum-meld rule, if any): the make probability; the
   recommended maximum is the highest legal bid made in at least ``confidence`` of the deals.

Decisions:

- Dealing gives every physical card (each copy of each card) a random key and deals the unseen
  ones in key order: 20 to the left opponent, 20 to the partner, 20 to the right opponent. With
  one seed, two hands that differ in a card get deals that differ in only a few cards, so
  comparisons between hands (and the sanity test that more meld never lowers the maximum) are
  not swamped by noise.
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

from .auction import Auction, bids_between
from .cards import SUIT_SYMBOLS, SUITS
from .hand import Hand
from .rules import STANDARD, RuleSet
from .simulate import Stats

#: Deals by default: the make probabilities then carry a standard error of at most
#: sqrt(0.25 / 1000) = 0.016.
DEFAULT_SAMPLES = 1000
DEFAULT_CONFIDENCE = 0.6
DEFAULT_SEED = 0
#: The most deals drawn to meet the conditions before the most restrictive one is dropped.
MAX_DRAWS = 200_000
_W = np.array([5 ** r for r in range(5)], dtype=np.int64)


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
    or 3 (right opponent), counted clockwise from the hand."""

    def __init__(self, seat: int, signal, text: str):
        self.seat, self.signal, self.text = seat, signal, text

    def mask(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        from .conventions import signal_mask

        return signal_mask(self.signal, counts[:, self.seat - 1], rules)

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


class Dealer:
    """Deals the cards a hand has not seen, in numpy batches.

    Every physical card (copy ``j`` of card ``i`` is ``4 * i + j``) gets a random key per deal;
    the hand holds the first copies of each of its cards, and the unseen copies are dealt in
    key order: to seats 1, 2 and 3 (20 each, or the unseen cards split evenly), or the first
    ``size`` of them as one hand (``hands``).
    """

    def __init__(self, hand: Hand):
        counts = hand.counts
        self.unseen = np.array([4 * i + j for i in range(20) for j in range(counts[i], 4)],
                               dtype=np.int64)
        self.kinds = self.unseen // 4

    def _kinds_in_order(self, rng: np.random.Generator, n: int) -> np.ndarray:
        keys = rng.random((n, 80))[:, self.unseen]
        return self.kinds[np.argsort(keys, axis=1, kind="stable")]

    def hands(self, rng: np.random.Generator, n: int, size: int) -> np.ndarray:
        """``(n, 20)`` card counts of ``n`` hands of ``size`` unseen cards."""
        first = self._kinds_in_order(rng, n)[:, :size]
        rows = np.repeat(np.arange(n), size) * 20 + first.ravel()
        return np.bincount(rows, minlength=n * 20).reshape(n, 20)

    def deal(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``(n, 3, 20)`` card counts of seats 1, 2 and 3 in ``n`` deals."""
        each, rest = divmod(len(self.unseen), 3)
        if rest:
            from .errors import UserError

            raise UserError(f"the {len(self.unseen)} unseen cards do not split evenly among"
                            " three players")
        kinds = self._kinds_in_order(rng, n)
        slot = np.repeat(np.arange(3), each)
        index = (np.arange(n)[:, None] * 3 + slot[None, :]) * 20 + kinds
        return np.bincount(index.ravel(), minlength=n * 60).reshape(n, 3, 20)


def sample(draw: Callable[[int], np.ndarray], tests: list, n: int,
           max_draws: int = MAX_DRAWS) -> tuple[np.ndarray, float, int, list]:
    """``n`` draws meeting every test, by rejection in batches.

    ``draw(batch)`` makes ``batch`` candidates (an array); ``tests`` are pairs of a label and a
    function of candidates giving a mask of those that pass. A first batch measures how often
    the tests hold; if meeting them ``n`` times would take more than ``max_draws`` candidates,
    the test that holds least often on its own is given up and drawing starts again.
    Returns (samples, acceptance, candidates drawn, labels of the tests given up).
    """
    kept = list(tests)
    dropped: list = []
    while True:
        parts: list[np.ndarray] = []
        got = drawn = 0
        batch = max(n, 2000) if kept else n
        feasible = True
        while got < n:
            candidates = draw(batch)
            drawn += batch
            if kept:
                masks = [test(candidates) for _, test in kept]
                candidates = candidates[np.logical_and.reduce(masks)]
            parts.append(candidates)
            got += len(candidates)
            if got >= n:
                break
            rate = got / drawn
            if drawn >= max_draws or rate * max_draws < n:
                feasible = False
                break
            batch = min(max(int(ceil((n - got) / rate * 1.1)), 256), 50_000)
        if feasible:
            return np.concatenate(parts)[:n], (got / drawn if kept else 1.0), drawn, dropped
        rates = [float(m.mean()) for m in masks]
        dropped.append(kept.pop(int(np.argmin(rates)))[0])


def deal(hand: Hand, n: int, rng: np.random.Generator, conditions: list[Condition] = (),
         rules: RuleSet = STANDARD, max_draws: int = MAX_DRAWS):
    """``n`` deals meeting the conditions: ``(counts (n, 3, 20), acceptance, drawn, dropped)``
    (see ``sample``; ``dropped`` lists the conditions given up)."""
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
    reach = int(ordered[k - 1])
    low = rules.next_bid(None)
    if reach < low:
        return None
    best = low
    while (nxt := rules.next_bid(best)) <= reach:
        best = nxt
    return best


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
    from .errors import UserError
    from .meld import meld
    from .simulate import play_codes
    from .vecmeld import meld_points

    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if len(hand) != 20:
        raise UserError(f"an estimate needs a 20-card hand, not {len(hand)} cards")
    if samples < 1:
        raise UserError("samples must be at least 1")
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
    counts, acceptance, drawn, dropped = deal(hand, samples, rng, conditions, rules)
    partner = meld_points(counts[:, 1], rules)  # (n, 4)
    k = rules.scale
    low = rules.next_bid(None)
    if auction is not None and auction.legal().min_bid is not None:
        low = auction.legal().min_bid
    results: dict[int, TrumpEstimate] = {}
    if candidates:
        mine = np.array(hand.counts, dtype=np.int64)
        seats = np.concatenate([mine[None, None, :].repeat(len(counts), 0), counts], axis=1)
        codes = (seats.reshape(len(counts), 4, 4, 5) @ _W).reshape(len(counts), 16).tolist()
        total_work = len(candidates) * len(codes)
        done = 0
        for t in candidates:
            tricks = np.empty(len(codes), dtype=np.int64)
            for i, row in enumerate(codes):
                tricks[i] = play_codes(list(row), t, 0)[0]
                done += 1
                if progress is not None and done % 100 == 0:
                    progress(done, total_work)
            tricks *= k
            own_t = own.trumps[t].points
            totals = side_totals(own_t + partner[:, t], tricks, rules)
            mx = max_bid_at(totals, rules, confidence)
            top = max(int(totals.max()), low)
            make: dict[int, float] = {}
            for bid in bids_between(rules, low, top + 1):
                p = float((totals >= bid).mean())
                if p == 1.0:  # only the highest of the sure bids is listed
                    make.clear()
                make[bid] = p
                if p < 0.02 and (mx is None or bid > mx) or len(make) >= 30:
                    break
            results[t] = TrumpEstimate(t, own_t, Stats.of(partner[:, t]), Stats.of(tricks),
                                       make, mx, totals)
        if progress is not None:
            progress(total_work, total_work)
    best = None
    if results:
        best = max(results, key=lambda t: (-1 if results[t].max_bid is None
                                           else results[t].max_bid,
                                           float(results[t].totals.mean()), -t))
    return Estimate(best, results, own.best.points, samples, seed, confidence, acceptance,
                    drawn, tuple(c.text for c in conditions if c not in dropped),
                    tuple(c.text for c in dropped), tuple(notes))


__all__ = ["Estimate", "TrumpEstimate", "Stats", "Condition", "Dealer", "estimate", "deal",
           "conditions_from", "max_bid_at", "side_totals", "DEFAULT_SAMPLES", "DEFAULT_CONFIDENCE"]
