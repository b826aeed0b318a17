"""What every convention shares: a call read (``Reading``), a call suggested (``Suggestion``), the
``Convention`` each system is, and the rules of suggesting that hold under all of them.

A convention is two functions: ``read(bid, previous, opening, rules) -> (meaning, Signal)`` for
one bid, and ``suggest(situation) -> Suggestion`` for the call to make once the shared rules
below have had their say. The systems are in ``jump``, ``davis`` and ``toby``; this module never
imports them (they import it), and ``conventions`` (the package) looks them up by name.

Shared rules of suggesting, all conventions (``suggest``):

- the stuck dealer bids the minimum (it is compulsory), and says what follows if the hand has
  no marriage;
- a hand that may not name trump (no marriage, where the rule set requires one) passes: it must
  never win the bid;
- a player passes when the next legal bid is above the limit (the side's *limit*: the highest
  bid it expects to make, the estimate's ``max_bid``; without one, ``quick_limit``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, get_args

import numpy as np

from ...cards import ACE, SUIT_SYMBOLS, TEN
from ...errors import shorten
from ...exchange.hints import Signal, trump_suits
from ...hand import Hand, HandLike, as_hand
from ...meld.engine import meld
from ...meld.words import meld_words
from ...rules import STANDARD, RuleSet, RulesLike, as_rules
from ...stores import kept
from ..auction import Auction, AuctionCall, AuctionError

#: The conventions' names, as the library and the command line take them.
ConventionName = Literal["jump", "davis", "toby"]
CONVENTION_NAMES: tuple[ConventionName, ...] = get_args(ConventionName)

#: Without an estimate, the side's limit is the hand's meld plus this (a typical partner's
#: meld, about 15, and the bidding side's trick points, about 25).
QUICK_MARGIN = 40


class Reading(NamedTuple):
    """One call of an auction read under a convention."""

    call: AuctionCall
    meaning: str
    signal: Signal

    def to_dict(self) -> dict:
        """The call and its meaning, as ``explain`` and ``bid`` write them."""
        return {"seat": self.call.seat, "call": self.call.bid if self.call.bid is not None
                else "pass", "meaning": self.meaning}

    def __repr__(self) -> str:
        return (f"Reading(seat={self.call.seat}, call={self.call.label!r},"
                f" meaning={shorten(self.meaning, 100)!r})")


class Suggestion(NamedTuple):
    """A suggested call (None: pass), what it says under the convention, and why."""

    call: int | None
    meaning: str
    reason: str
    signal: Signal
    hints: dict | None = None

    def to_dict(self) -> dict[str, object]:
        """The call suggested (``pass`` for a pass), what it says and why; the hints weighed,
        where the convention gives them."""
        record: dict[str, object] = {"call": "pass" if self.call is None else self.call,
                                     "meaning": self.meaning, "reason": self.reason}
        if self.hints is not None:
            record["hints"] = self.hints
        return record

    def __repr__(self) -> str:
        return (f"Suggestion(call={self.call}, meaning={shorten(self.meaning, 80)!r},"
                f" reason={shorten(self.reason, 80)!r})")


def _never(reading: Reading) -> bool:
    return False


@dataclass(frozen=True)
class Convention:
    """A bidding system: its name, its title in words, how it reads one bid, and the call it
    suggests once the shared rules (``suggest``) have not decided.

    What its calls say without saying it belongs to it too: ``shows_all(reading)``, whether a
    call says its caller showed all the meld it could (so a bigger bid that would have shown
    more says it holds less: ``least_meld_shown``), and ``trump_overcall``, whether a trump
    hand overcalls its partner to ask for trump (``raise_asks_trump``).
    """

    name: ConventionName
    title: str
    read: Callable[[int, int | None, bool, RuleSet], tuple[str, Signal]]
    suggest: Callable[[Caller], Suggestion] = field(repr=False)
    shows_all: Callable[[Reading], bool] = field(default=_never, repr=False)
    trump_overcall: bool = False

    def __str__(self) -> str:
        return self.name


def shown_meld(readings: list[Reading]) -> dict[int, int]:
    """The meld each seat has shown by jump bids, added up over its calls (seats that showed
    none are left out); a player may show less than they hold, never more."""
    out: dict[int, int] = {}
    for r in readings:
        if r.signal.kind == "meld":
            out[r.call.seat] = out.get(r.call.seat, 0) + r.signal.meld
    return out


#: How far above a bid the readings are searched for one that shows meld (legal bids).
SHOW_SPAN = 12


@kept(8192)
def least_meld_shown(convention: Convention, previous: int | None, rules: RuleSet,
                     more_than: int = 0) -> int | None:
    """The least meld a bid over ``previous`` (None: an opening bid) shows under the
    convention, of those that show more than ``more_than``: the next ``SHOW_SPAN`` legal bids
    read by the convention (None: none of them does).

    What a call leaves unsaid is read from it: a convention whose bids show meld (jump bids)
    asks a player to show all it can, so a call that could have shown more by another legal
    bid says the caller holds less than that bid would have shown. Kept (``stores.kept``): the
    estimate asks it for every bid of its curve, the same bids in every call."""
    bid = rules.next_bid(previous)
    for _ in range(SHOW_SPAN):
        _, signal = convention.read(bid, previous, previous is None, rules)
        if signal.kind == "meld" and signal.meld > more_than:
            return signal.meld
        bid = rules.next_bid(bid)
    return None


def raise_asks_trump(convention: Convention, bid: int, rules: RuleSet) -> bool:
    """Whether the lowest bid over ``bid`` says "wants to name trump" under the convention
    (jump bids: a raise of one), so a trump hand overcalls its partner with it."""
    _, signal = convention.read(rules.next_bid(bid), bid, False, rules)
    return signal.kind == "trump"


def explain(auction: Auction, convention: Convention) -> list[Reading]:
    """Every call of the auction read under the convention, in order."""
    out: list[Reading] = []
    shown: dict[int, int] = {}  # shown_meld of the readings so far, kept as they come
    for call in auction.calls:
        reading = read_call(call, auction.rules, convention, shown.get(call.seat, 0))
        if reading.signal.kind == "meld":
            shown[call.seat] = shown.get(call.seat, 0) + reading.signal.meld
        out.append(reading)
    return out


def read_call(call: AuctionCall, rules: RuleSet, convention: Convention,
              shown_before: int = 0) -> Reading:
    """One call read under a convention (``shown_before``: meld the caller showed already)."""
    if call.bid is None:
        return Reading(call, "pass: out of the auction (says nothing more)", Signal("pass"))
    if call.forced:
        return Reading(call, "forced: the first three passed, so the dealer must bid the"
                       " minimum (says nothing)", Signal("forced"))
    meaning, signal = convention.read(call.bid, call.previous, call.opening, rules)
    if signal.kind == "meld" and shown_before:
        meaning += f" ({shown_before + signal.meld} in all with the meld shown before)"
    return Reading(call, meaning, signal)


def reading_of(auction: Auction, bid: int | None, convention: Convention) -> Reading:
    """What ``bid`` (None: pass) by the player about to call would say."""
    shown = shown_meld(explain(auction, convention)).get(auction.to_call, 0)
    after = auction.then(bid)
    return read_call(after.calls[-1], auction.rules, convention, shown)


def open_calls(auction: Auction, convention: Convention, span: int = 50,
               most: int = 12) -> list[tuple[int, str]]:
    """The lowest legal bid carrying each distinct meaning now (up to ``span`` above the
    minimum, at most ``most`` of them): what the player about to call could say."""
    legal = auction.legal()
    if legal.min_bid is None:
        return []
    out: list[tuple[int, str]] = []
    seen: set[Signal] = set()
    shown = shown_meld(explain(auction, convention)).get(auction.to_call, 0)
    for bid in auction.bids(legal.min_bid + span * auction.rules.scale):
        r = read_call(auction.then(bid).calls[-1], auction.rules, convention, shown)
        key = r.signal
        if r.signal.kind == "meld" or key not in seen:
            seen.add(key)
            out.append((bid, r.meaning))
        if len(out) >= most:
            break
    return out


# --------------------------------------------------------------------------------------------
# suggesting a call


def quick_limit(hand: HandLike, rules: RulesLike = STANDARD) -> int:
    """A rough limit without an estimate: the hand's meld plus ``QUICK_MARGIN`` (scaled)."""
    rules = as_rules(rules)
    return meld(hand, rules).best.points + QUICK_MARGIN * rules.scale


class Caller:
    """The player about to call, as a convention's ``suggest`` sees it: the hand, the auction
    (``low``: the lowest bid it allows now), the side's limit and the trump the hand would name
    (its meld in ``own``; given none, its best suit, ``meld.best_trump``), and the other
    suits as good to name (``as_good``: the estimate's, ``estimate.trump_to_name``)."""

    def __init__(self, hand: Hand, auction: Auction, convention: Convention, limit: int,
                 trump: int | None = None, as_good: tuple[int, ...] = ()):
        self.hand, self.auction, self.convention, self.limit = hand, auction, convention, limit
        self.rules = auction.rules
        self.low = auction.lowest_bid
        self.result = meld(hand, self.rules)
        self.trump: int = self.result.best.trump if trump is None else trump
        self.as_good = tuple(t for t in as_good if t != self.trump)
        self.own: int = self.result.trumps[self.trump].points

    def nameable(self, trump: int) -> bool:
        """Whether the hand may name ``trump`` when it wins the bid."""
        return trump in self.result.may_name(self.rules.needs_marriage(exchanged=False))

    @property
    def can_name(self) -> bool:
        return any(self.nameable(t) for t in range(4))

    @property
    def partner_holds(self) -> bool:
        return (self.auction.high_seat is not None
                and self.auction.high_seat == self.auction.partner)

    def call(self, bid: int | None, reason: str, hints: dict | None = None) -> Suggestion:
        r = reading_of(self.auction, bid, self.convention)
        return Suggestion(bid, r.meaning, reason, r.signal, hints)

    def shown(self) -> int:
        return shown_meld(explain(self.auction, self.convention)).get(self.auction.to_call, 0)

    def trump_words(self) -> str:
        """What makes the hand a trump hand, in the suit it would name (``trump``) where that
        suit is trump-worthy, else in its longest trump-worthy suit and naming the trump; with
        the suits as good to name. Empty where no suit is trump-worthy."""
        suits = np.flatnonzero(trump_suits(self.hand.counts, self.rules)[0]).tolist()
        if not suits:
            return ""
        s = self.trump if self.trump in suits else \
            max(suits, key=lambda x: self.hand.suit_length(x))
        c = self.hand.counts[s * 5: s * 5 + 5]
        extras = " with the ace and ten" if c[ACE] and c[TEN] else ""
        text = (f"a marriage in {SUIT_SYMBOLS[s]} and {self.hand.suit_length(s)}"
                f" {SUIT_SYMBOLS[s]}{extras}")
        if s != self.trump:
            text += f"; {SUIT_SYMBOLS[self.trump]} the trump to name"
        if self.as_good:
            text += f"; {' and '.join(SUIT_SYMBOLS[t] for t in self.as_good)} as good"
        return text

    def meld_words(self) -> str:
        return meld_words(self.result.trumps[self.trump])


def suggest(hand: HandLike, auction: Auction, convention: Convention, limit: int | None = None,
            trump: int | None = None, as_good: tuple[int, ...] = ()) -> Suggestion:
    """The call to make now under the convention, with its meaning and a one-line reason.

    ``limit``: the highest bid the side should go to (the estimate's ``max_bid``; None: the
    ``quick_limit`` rule of thumb). ``trump``: the suit the hand would name (default: its best
    callable suit); ``as_good``: the other suits as good to name, which the reason mentions.
    """
    hand = as_hand(hand)
    if auction.finished:
        raise AuctionError(f"there is no call to make: {auction.summary()}")
    ctx = Caller(hand, auction, convention, quick_limit(hand, auction.rules)
                 if limit is None else limit, trump, as_good)
    if auction.legal().forced:
        reason = f"the first three passed: the dealer must bid {ctx.low}"
        if not ctx.can_name:
            reason += ("; with no marriage you cannot name trump, so the bid is lost"
                       " (throw the hand in)")
        return ctx.call(ctx.low, reason)
    if not ctx.can_name:
        return ctx.call(None, "no marriage in any suit: you could not name trump, so you must"
                        " not win the bid")
    if ctx.limit < auction.rules.next_bid(None):
        return ctx.call(None, "your side is not expected to make even the minimum bid,"
                        f" {auction.rules.next_bid(None)}")
    if ctx.low > ctx.limit:
        return ctx.call(None, f"the next legal bid, {ctx.low}, is above your side's"
                        f" limit of {ctx.limit}")
    return convention.suggest(ctx)
