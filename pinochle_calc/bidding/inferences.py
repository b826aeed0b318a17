"""What the other players' calls tell the estimate about their hands: the conditions its deals
meet (``Condition``: what a convention reads in a call; ``Below``: what a pass, or a call that
could have shown more meld, says without saying it), and what it takes for the hand to hold
the contract at a bid (``Holding``: the chance that everyone still in passes after it).

Decisions (the estimate's module docstring has the rest): every call of the other three
players is read under the convention; the meld a player showed adds up over its calls and is
read as "at least"; passes and forced calls say nothing hard. Deals meeting the conditions are
drawn by rejection while it is cheap, else built by card swaps (``play.conditions``), a
condition never given up for being rare, only where no deal meeting it can be built.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

import numpy as np

from ..hand import Hand
from ..play.conditions import REJECTION_LIMIT, Dealt, deal_meeting
from ..play.dealer import Dealer
from ..rules import STANDARD, RuleSet
from .auction import Auction

if TYPE_CHECKING:
    from .conventions import Signal


class Bids(Protocol):
    """Bids asked about together (the estimate's ladder): ``bids`` ascending, and the bid
    after each (what an opponent passing must not expect to make)."""

    @property
    def bids(self) -> np.ndarray: ...

    @property
    def after(self) -> np.ndarray: ...

class Known(Protocol):
    """What the calls say about another seat's hand (``Condition``, ``Below``), for dealing:
    ``seat`` 1 to 3 clockwise from the hand, ``text`` in words, and three views of ``(n, 4,
    20)`` deals: those that meet it, how far each is from it, and how likely each makes the
    calls (None: alike)."""

    seat: int
    text: str

    def mask(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray: ...

    def distance(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray: ...

    def likelihood(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray | None: ...


class Condition:
    """One thing a call said about a seat's hand: ``seat`` is 1 (left opponent), 2 (partner)
    or 3 (right opponent), counted clockwise from the hand (which sits at 0 in the deals)."""

    def __init__(self, seat: int, signal: Signal, text: str):
        self.seat, self.signal, self.text = seat, signal, text

    def mask(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        from .conventions import signal_mask

        mask = signal_mask(self.signal, counts[:, self.seat], rules)
        return np.ones(len(counts), dtype=bool) if mask is None else mask  # says nothing

    def distance(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        """How far each deal is from meeting the condition: the meld short of what was shown,
        or 10 where another condition fails (0 where it is met)."""
        if self.signal.kind == "meld":
            from ..meld.vector import best_points

            return np.maximum(0, self.signal.meld - best_points(counts[:, self.seat], rules))
        return 10.0 * ~self.mask(counts, rules)

    def likelihood(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray | None:
        """A convention's reading is a hard condition: it weighs no deal."""
        return None

    def __repr__(self) -> str:
        return f"Condition({self.seat}, {self.signal!r})"


#: What a player's calls say besides their convention's words. A player passes when its side
#: does not expect to make the next bid: its best meld is under that bid less a margin (the
#: partner's meld and the trick points a bidder takes; plus what the exchange brings,
#: ``LIMIT_MARGIN_PER_CARD`` per card passed), give or take a spread (unscaled), or it holds no
#: marriage. Fitted by ``benchmarks/read_calls.py`` to every call made facing a bid in duplicate
#: matches (seeds 2030 and 104, standard rules, 35,089 calls): the advice passes at a margin of
#: 33.5 (spread 4.8), the rule-of-thumb bidder at 35.9 (2.6), the formula at exactly 45; the
#: partner bids as this advice does (``PARTNER_MARGIN``), an opponent's style is not known, so
#: its pass is read by one fit over the three, each weighing the same (``OPPONENT_MARGIN``,
#: 39.9, spread 5.5).
#: Under jump bids, a player who could have shown meld by a jump and did not holds less than
#: 20 more (``LIMIT_SPREAD`` wide).
PARTNER_MARGIN, PARTNER_SPREAD = 34, 5
OPPONENT_MARGIN, OPPONENT_SPREAD = 40, 6
LIMIT_MARGIN_PER_CARD = 4
LIMIT_SPREAD = 5


def pass_margin(rel: int, rules: RuleSet) -> tuple[int, int]:
    """The margin and spread (scaled) a pass by the seat ``rel`` places from the hand (2: the
    partner) is read with, under the rule set."""
    margin, spread = (PARTNER_MARGIN, PARTNER_SPREAD) if rel == 2 else (OPPONENT_MARGIN,
                                                                        OPPONENT_SPREAD)
    return (margin + LIMIT_MARGIN_PER_CARD * rules.pass_cards) * rules.scale, spread * rules.scale


def pass_words(rules: RuleSet) -> str:
    """What the estimate assumed a pass says, in words (a note of every estimate read from
    calls)."""
    k, extra = rules.scale, LIMIT_MARGIN_PER_CARD * rules.pass_cards
    return (f"a pass is read as its side not expecting to make the next bid: the passer's best"
            f" meld under that bid less about {(PARTNER_MARGIN + extra) * k} for the partner"
            f" (as this advice passes) or {(OPPONENT_MARGIN + extra) * k} for an opponent (as"
            " the formula, the rule-of-thumb bidder and this advice pass, one fit over the"
            " three), or no marriage")


def _unique(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(values, return_inverse=True)`` of whole numbers from 0 up (melds): the values
    met, ascending, and where each value is among them, by counting (several times faster)
    where the largest is within a few times the values' count (a rule set's huge meld values,
    a million points and up, would make the count's table gigabytes: sorted there)."""
    values = np.asarray(values).reshape(-1)
    if not len(values) or values.min() < 0 or values.max() > 4 * len(values) + 65536:
        found, where = np.unique(values, return_inverse=True)
        return found, where.reshape(-1)
    met = np.zeros(int(values.max()) + 1, dtype=bool)
    met[values] = True
    return np.flatnonzero(met).astype(values.dtype), (np.cumsum(met) - 1)[values]


def _logistic(x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-np.clip(x, -60, 60)))


class Below:
    """A soft condition: a seat's best meld is about below ``meld`` (its calls said so without
    saying it): the chance of the calls is a logistic curve in the meld, ``spread`` wide (scaled;
    default ``LIMIT_SPREAD``); with ``or_no_marriage`` (a pass), certain for a hand that may
    name no trump, which passes whatever its meld."""

    #: Every deal meets it and none is far from it: it only weighs deals (``likelihood``).
    soft = True

    def __init__(self, seat: int, meld: int, text: str, spread: int | None = None,
                 or_no_marriage: bool = False):
        self.seat, self.meld, self.text = seat, meld, text
        self.spread, self.or_no_marriage = spread, or_no_marriage

    def mask(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        return np.ones(len(counts), dtype=bool)

    def distance(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        return np.zeros(len(counts))

    def likelihood(self, counts: np.ndarray, rules: RuleSet) -> np.ndarray:
        from ..meld.vector import best_points

        hands = counts[:, self.seat]
        meld = best_points(hands, rules)
        spread = LIMIT_SPREAD * rules.scale if self.spread is None else self.spread
        chance = _logistic((self.meld - meld) / spread)
        if self.or_no_marriage and rules.needs_marriage(exchanged=False):
            from ..meld.vector import callable_suits

            chance = np.where(callable_suits(hands, rules).any(axis=1), chance, 1.0)
        return chance

    def __repr__(self) -> str:
        return f"Below({self.seat}, {self.meld})"


class _Test(NamedTuple):
    """A condition under a rule set, as ``play.conditions.deal_meeting`` takes it."""

    condition: Known
    rules: RuleSet

    @property
    def label(self) -> str:
        return self.condition.text

    @property
    def soft(self) -> bool:
        """Whether the condition only weighs deals (``Below``), which every deal meets."""
        return bool(getattr(self.condition, "soft", False))

    def mask(self, deals: np.ndarray) -> np.ndarray:
        return self.condition.mask(deals, self.rules)

    def distance(self, deals: np.ndarray) -> np.ndarray:
        return self.condition.distance(deals, self.rules)

    def likelihood(self, deals: np.ndarray) -> np.ndarray | None:
        return self.condition.likelihood(deals, self.rules)


def conditions_from(auction: Auction, convention: str | None) -> list[Known]:
    """What the other players' calls say about their hands under the convention, as tests
    (the player about to call is the hand)."""
    if convention is None or auction.next_seat is None:
        return []
    from .conventions import Signal, describe_signal, explain, shown_meld, signal_mask

    me = auction.next_seat
    names = {1: "left opponent", 2: "partner", 3: "right opponent"}
    out: list[Known] = []
    probe = np.zeros((1, 20), dtype=np.int64)
    readings = explain(auction, convention)
    for reading in readings:
        rel = (reading.call.seat - me) % 4
        signal = reading.signal
        if rel == 0 or signal.kind == "meld":
            continue
        if signal_mask(signal, probe, auction.rules) is None:
            continue
        if any(isinstance(c, Condition) and c.seat == rel and c.signal == signal for c in out):
            continue
        words = describe_signal(signal, auction.rules.scale)
        out.append(Condition(rel, signal, f"{names[rel]}: {words}"
                             f" (call {reading.call.position}, {reading.call.label})"))
    shown = {(seat - me) % 4: total for seat, total in shown_meld(readings).items()}
    for rel, total in sorted(shown.items()):
        if rel:
            out.append(Condition(rel, Signal("meld", meld=total),
                                 f"{names[rel]}: at least {total} meld (shown by jump bids)"))
    return out + limits_from(auction, convention)


def limits_from(auction: Auction, convention: str) -> list[Below]:
    """What each other seat's calls say without saying it (``Below``): a pass says its side
    did not expect to make the next bid (its meld is below that bid less ``pass_margin``, or it
    holds no marriage), except while its partner holds the bid (the side has the contract
    already). Under jump
    bids a player shows all the meld it can: a call that could have shown more by a bigger jump
    (legal, and up to 60) says the meld not yet shown is under what that jump would have shown
    (20 for a pass or a raise of one, 10 more than a jump showed; an opening 51 says under 20).
    Which calls say so, and what the bigger bid would have shown, is the convention's
    (``Convention.shows_all``, ``conventions.least_meld_shown``). Forced calls say nothing."""
    from .conventions import explain, get, least_meld_shown

    system = get(convention)

    rules = auction.rules
    me = auction.to_call
    names = {1: "left opponent", 2: "partner", 3: "right opponent"}
    bound: dict[int, tuple[int, str, bool]] = {}
    shown: dict[int, int] = {}

    def below(rel: int, meld: int, why: str, passed: bool = False) -> None:
        if rel not in bound or meld < bound[rel][0]:
            bound[rel] = (meld, why, passed)

    for reading in explain(auction, convention):
        call, kind = reading.call, reading.signal.kind
        rel = (call.seat - me) % 4
        before = shown.get(rel, 0)
        if kind == "meld":
            shown[rel] = before + reading.signal.meld
        if rel == 0 or call.forced:
            continue
        if call.bid is None and call.previous_seat != (call.seat ^ 2):
            nxt = rules.next_bid(call.previous)
            below(rel, nxt - pass_margin(rel, rules)[0], f"passed at {nxt}", True)
        if not system.shows_all(reading):
            continue
        this = reading.signal.meld if kind == "meld" else 0
        more = least_meld_shown(system, call.previous, rules, more_than=this)
        if more is not None:
            said = "no meld" if call.bid is not None and not before + this else "no more meld"
            below(rel, before + more, f"showed {said} at {call.label}")

    def words(meld: int, passed: bool) -> str:
        text = f"under about {meld} meld" if meld > 0 else "little or no meld"
        return text + (" or no marriage" if passed and rules.needs_marriage(exchanged=False)
                       and meld > 0 else "")

    return [Below(rel, meld, f"{names[rel]}: {words(meld, passed)} ({why})",
                  pass_margin(rel, rules)[1] if passed else None, passed)
            for rel, (meld, why, passed) in sorted(bound.items())]


class Holding:
    """What it takes for the hand to hold the contract at a bid: every other player still in
    the auction passes after it. The make probability of a bid is over the deals where the hand
    would hold it, each weighed by the chance that they all pass (``weights``): an opponent
    passes when its side does not expect to make the next bid, or it holds no marriage (as
    ``Below``, read with ``pass_margin``); under jump bids,
    the partner passes over the hand's bid unless it has 20 meld more to show by a jump (legal,
    up to 60), or a trump hand and its side expects to make the next bid (what the partner's
    bids show and whether a trump hand overcalls are the convention's: ``Convention``)."""

    def __init__(self, deals: np.ndarray, auction: Auction | None, convention: str | None):
        from ..meld.vector import best_points

        self.n = len(deals)
        self.cache: dict[int, np.ndarray | None] = {}  # weights by bid
        # (seat from the hand, its best meld, whether it may name trump)
        self.active: list[tuple[int, np.ndarray, np.ndarray]] = []
        self.partner = None
        if auction is None or auction.next_seat is None:
            return
        self.rules = rules = auction.rules
        me = auction.next_seat
        for rel in (1, 2, 3):
            if (me + rel) % 4 in auction.passed:
                continue
            meld = best_points(deals[:, rel], rules)
            if rel != 2:
                from ..meld.vector import callable_suits

                married = np.asarray(callable_suits(deals[:, rel], rules).any(axis=1)
                                     | (not rules.needs_marriage(exchanged=False)))
                self.active.append((rel, meld, married))
            elif convention is not None:
                from .conventions import explain, get, trump_worthy

                self.system = get(convention)
                shown = sum(r.signal.meld for r in explain(auction, convention)
                            if r.call.seat == (me + 2) % 4 and r.signal.kind == "meld")
                self.partner = (meld, meld - shown, trump_worthy(deals[:, 2], rules))

    def weights(self, bid: int) -> np.ndarray | None:
        """``(n,)``: the chance that the others pass after ``bid`` in each deal (None: 1)."""
        if bid not in self.cache:
            self.cache[bid] = self._weights(bid)
        return self.cache[bid]

    def weights_table(self, ladder: Bids) -> np.ndarray | None:
        """``(bids, n)``: ``weights`` of every bid of a ladder (None: 1 for every bid), the
        same figures: each curve is worked out once for each meld the deals hold, then looked
        up deal by deal."""
        if not self.active and self.partner is None:
            return None
        rules = self.rules
        k = rules.scale
        after = ladder.after[:, None]
        margin, spread = pass_margin(1, rules)

        def curve(meld: np.ndarray,
                  value: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
            """``(bids, n)``: ``value(m)`` (an array of bids by melds) for each deal's meld."""
            melds, where = _unique(meld)
            return value(melds[None, :])[:, where]

        out = np.ones((len(after), self.n))
        for _, meld, married in self.active:  # an opponent without a marriage passes
            out = out * np.where(married, curve(meld, lambda m: _logistic((after - margin - m)
                                                                          / spread)), 1.0)
        if self.partner is not None:
            from .conventions import least_meld_shown

            meld, unshown, worthy = self.partner
            for row, bid in enumerate(ladder.bids.tolist()):  # a partner shows the meld it can
                more = least_meld_shown(self.system, bid, rules)
                if more is not None:
                    out[row] = out[row] * _logistic((more - unshown) / (LIMIT_SPREAD * k))
            if self.system.trump_overcall:
                own, spread = pass_margin(2, rules)
                reach = curve(meld, lambda m: _logistic((m + own - after) / spread))
                out = out * (1 - 0.9 * worthy * reach)
        return out

    def opponents_pass(self, bid: int) -> np.ndarray:
        """``(n,)``: the chance that every opponent still in the auction passes after ``bid``
        in each deal (1 where none is: the partner's calls left out)."""
        out: np.ndarray | float = 1.0
        if self.active:
            after = self.rules.next_bid(bid)
            margin, spread = pass_margin(1, self.rules)
            for _, meld, married in self.active:  # an opponent without a marriage passes
                out = out * np.where(married, _logistic((after - margin - meld) / spread), 1.0)
        return np.broadcast_to(out, (self.n,))

    def _weights(self, bid: int) -> np.ndarray | None:
        if not self.active and self.partner is None:
            return None
        rules = self.rules
        k = rules.scale
        after = rules.next_bid(bid)
        out: np.ndarray = self.opponents_pass(bid)
        if self.partner is not None:
            from .conventions import least_meld_shown

            meld, unshown, worthy = self.partner
            more = least_meld_shown(self.system, bid, rules)
            if more is not None:  # a partner shows the meld it can
                out = out * _logistic((more - unshown) / (LIMIT_SPREAD * k))
            if self.system.trump_overcall:
                # a trump hand overcalls its partner while its side expects to make the next bid
                own, spread = pass_margin(2, rules)
                reach = _logistic((meld + own - after) / spread)
                out = out * (1 - 0.9 * worthy * reach)
        return np.broadcast_to(out, (self.n,))


def deal(hand: Hand, n: int, rng: np.random.Generator, conditions: Sequence[Known] = (),
         rules: RuleSet = STANDARD, rejection_limit: int = REJECTION_LIMIT) -> Dealt:
    """``n`` deals meeting the conditions, the hand at seat 0: by rejection while one deal in
    ``rejection_limit`` meets them, else built by card swaps (``play.conditions``)."""
    tests = [_Test(c, rules) for c in conditions]
    return deal_meeting(Dealer(hand), rng, n, tests, rejection_limit)


__all__ = ["Known", "Condition", "Below", "Holding", "conditions_from", "limits_from", "deal",
           "pass_margin", "pass_words", "PARTNER_MARGIN", "PARTNER_SPREAD", "OPPONENT_MARGIN",
           "OPPONENT_SPREAD", "LIMIT_MARGIN_PER_CARD", "LIMIT_SPREAD"]
