"""Bidding conventions: what each call of an auction says, and which call to make.

Three systems from RULES.md "Bidding conventions", one module each: ``jump`` (jump bids),
``davis`` (Jim Davis's system) and ``toby`` (Toby Thomas's system). Beside them: ``base`` (a
call read or suggested, the rules of suggesting every system shares), ``gains`` (the meld a
passed card or around would add) and ``wording``; what a call says about a hand, as a test
over hands, is ``exchange.hints`` (the exchange reads it too). This package looks a
convention up by name (``CONVENTIONS``) and gives the name-based API: ``explain``,
``suggest``, ``read_call``, ``reading_of``, ``open_calls``.

Readings the documents leave open are decided in the systems' docstrings: a trump-worthy hand
holds a marriage and 7 cards in the suit, or 6 with its ace and ten; "aces in other suits" (51)
is at least four aces in three suits; Davis's around bids (55, 66, 80/88, 100) take precedence
over the card-by-last-digit reading; an "around" request means the hand is one or two cards
short of its next around of that rank (``exchange.hints``).
"""

from __future__ import annotations

from ...cards import SuitLike, as_suit
from ...errors import UserError, described
from ...exchange.hints import (
    SIGNAL_KINDS,
    Signal,
    SignalKind,
    around_short,
    describe_signal,
    helped_by,
    needs_around,
    pinochle_parts,
    side_aces,
    signal_mask,
    trump_suits,
    trump_worthy,
)
from ...hand import HandLike, as_hand
from ...meld.words import a_rank, meld_words
from ...rules import PRESETS, STANDARD, RuleSet, RulesLike, as_rules
from ..auction import Auction, AuctionCall, AuctionError, AuctionLike, as_auction
from . import base
from .base import (
    CONVENTION_NAMES,
    QUICK_MARGIN,
    Convention,
    ConventionName,
    Reading,
    Suggestion,
    quick_limit,
    shown_meld,
)
from .davis import (
    DAVIS,
    DAVIS_HINT_MIN,
    davis_hint_bid,
    davis_lowest,
    davis_reading,
    davis_unavailable,
)
from .gains import HINT_MIN, Gain, Gains, card_gains, holds_probability
from .jump import JUMP, jump_reading
from .toby import TOBY, toby_reading

#: Every convention by the name the CLI and the library take.
CONVENTIONS: dict[ConventionName, Convention] = {c.name: c for c in (JUMP, DAVIS, TOBY)}


def get(convention: str | Convention) -> Convention:
    """The convention with this name (a ``Convention`` is returned as it is)."""
    if isinstance(convention, Convention):
        return convention
    if not isinstance(convention, str):
        raise TypeError(f"convention must be a name ({', '.join(CONVENTIONS)}) or a Convention,"
                        f" not {described(convention)}")
    word = convention.strip().lower()
    found = next((c for c in CONVENTIONS.values() if c.name == word), None)
    if found is None:
        raise AuctionError(f"unknown convention {convention!r}: use one of"
                           f" {', '.join(CONVENTIONS)}")
    return found


def check_convention(convention: str | Convention) -> ConventionName:
    """The name of a known convention (raises ``AuctionError`` for an unknown one)."""
    return get(convention).name


def convention_rules(convention: str | Convention,
                     rules: RulesLike | None = None) -> tuple[RuleSet, list[str]]:
    """The rule set to use with a convention, and notes for the output.

    With no rule set chosen: jump bids use the standard rules; Davis's system assumes any
    number from 50 up may be bid and a four-card pass, so it gets the standard rules with
    ``bid_steps = "any"`` and ``pass_cards = 4``; Toby Thomas's system goes with the
    ``toby-thomas`` rule set.
    """
    convention = check_convention(convention)
    notes: list[str] = []
    rules = None if rules is None else as_rules(rules)
    if rules is None:
        if convention == "davis":
            rules = STANDARD.override("bidding.steps=any,passing.cards=4")
            notes.append("bidding steps: any (Davis's system assumes any number from 50 up"
                         " may be bid)")
        elif convention == "toby":
            rules = PRESETS["toby-thomas"]
            notes.append("rule set: toby-thomas (Toby Thomas's system goes with it: bids"
                         " from 25)")
        else:
            rules = STANDARD
    elif convention == "toby" and rules.min_bid > 25:
        notes.append(f"Toby Thomas's system expects bids from {25 * rules.scale}; the"
                     f" {rules.name} rules start at {rules.min_bid * rules.scale}, so its hints"
                     " cannot be given")
    elif convention == "davis" and rules.bid_steps != "any":
        notes.append(f"Davis's system assumes any number from {50 * rules.scale} up may be bid;"
                     f" under the {rules.name} rules some hints cannot be given")
    return rules, notes


def auction_under(auction: AuctionLike, convention: str | Convention,
                  rules: RulesLike | None = None) -> Auction:
    """An auction given as ``AuctionLike``: text is read under ``rules``, or without them
    under the convention's own (``convention_rules``); an ``Auction`` stands as it is (a
    ``UserError`` if ``rules`` other than its own are given)."""
    if isinstance(auction, Auction):
        if rules is not None and as_rules(rules) != auction.rules:
            raise UserError("the auction was read under other rules than those given")
        return auction
    return as_auction(auction, convention_rules(convention, rules)[0])


def explain(auction: AuctionLike, convention: str | Convention = "jump",
            rules: RulesLike | None = None) -> list[Reading]:
    """Every call of the auction (an ``Auction`` or its text, see ``auction_under``) read
    under the convention, in order."""
    conv = get(convention)
    return base.explain(auction_under(auction, conv, rules), conv)


def read_call(call: AuctionCall, rules: RulesLike, convention: str | Convention,
              shown_before: int = 0) -> Reading:
    """One call read under a convention (``shown_before``: meld the caller showed already)."""
    return base.read_call(call, as_rules(rules), get(convention), shown_before)


def reading_of(auction: AuctionLike, bid: int | None, convention: str | Convention,
               rules: RulesLike | None = None) -> Reading:
    """What ``bid`` (None: pass) by the player about to call would say."""
    conv = get(convention)
    return base.reading_of(auction_under(auction, conv, rules), bid, conv)


def open_calls(auction: AuctionLike, convention: str | Convention, span: int = 50,
               most: int = 12, rules: RulesLike | None = None) -> list[tuple[int, str]]:
    """The lowest legal bid carrying each distinct meaning now (see ``base.open_calls``)."""
    conv = get(convention)
    return base.open_calls(auction_under(auction, conv, rules), conv, span, most)


def least_meld_shown(convention: str | Convention, previous: int | None, rules: RuleSet,
                     more_than: int = 0) -> int | None:
    """The least meld a bid over ``previous`` shows under the convention, more than
    ``more_than`` (see ``base.least_meld_shown``; None: no bid near it shows meld)."""
    return base.least_meld_shown(get(convention), previous, rules, more_than)


def raise_asks_trump(convention: str | Convention, bid: int, rules: RuleSet) -> bool:
    """Whether the lowest bid over ``bid`` asks to name trump under the convention."""
    return base.raise_asks_trump(get(convention), bid, rules)


def asked_for(auction: AuctionLike, seat: int, convention: str | Convention | None,
              rules: RulesLike | None = None) -> Signal | None:
    """What ``seat``'s calls asked its partner to pass under the convention: the latest card or
    around requested, or None."""
    if convention is None:
        return None
    for reading in reversed(explain(auction, convention, rules)):
        if reading.call.seat == seat and reading.signal.kind in ("card", "around"):
            return reading.signal
    return None


def suggest(hand: HandLike, auction: AuctionLike, convention: str | Convention = "jump",
            limit: int | None = None, trump: SuitLike | None = None,
            rules: RulesLike | None = None, as_good: tuple[SuitLike, ...] = ()) -> Suggestion:
    """The call to make now under the convention, with its meaning and a one-line reason
    (see ``base.suggest``)."""
    conv = get(convention)
    return base.suggest(as_hand(hand), auction_under(auction, conv, rules), conv, limit,
                        None if trump is None else as_suit(trump),
                        tuple(as_suit(t) for t in as_good))


__all__ = [
    "CONVENTIONS", "CONVENTION_NAMES", "ConventionName", "Convention", "Signal", "SignalKind",
    "SIGNAL_KINDS", "Reading", "Suggestion", "Gains", "Gain",
    "convention_rules", "check_convention", "get", "auction_under", "explain", "asked_for",
    "read_call", "reading_of", "open_calls", "suggest", "quick_limit", "QUICK_MARGIN",
    "HINT_MIN", "DAVIS_HINT_MIN", "card_gains",
    "holds_probability", "jump_reading", "davis_reading", "toby_reading", "davis_hint_bid",
    "davis_lowest", "davis_unavailable", "signal_mask", "describe_signal", "trump_worthy",
    "trump_suits", "side_aces", "pinochle_parts", "helped_by", "meld_words", "a_rank",
    "around_short", "needs_around", "shown_meld", "least_meld_shown", "raise_asks_trump",
]
