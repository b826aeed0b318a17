"""Auctions: reading the calls made so far, seating them, and checking them against a rule set.

An auction is written as the calls in order from the dealer's left, separated by spaces or
commas: numbers for bids, ``p`` or ``pass`` for passes (``50 52 p 55``). Seats are numbered
clockwise from the dealer's left: seat 0 bids first and seat 3 is the dealer; partners sit
opposite (0 and 2, 1 and 3).

The calls go round clockwise, skipping players who have passed, until three have passed
(RULES.md "Bidding"). If the first three pass, the dealer is *stuck*: the dealer may not pass
and bids the rule set's minimum, which ends the auction (the Decision on the stuck dealer). A
rule set whose ``bid_rounds`` limits the rounds (``one``, or ``two``: a player who passed in
the first round cannot bid in the second) also ends the auction when the last round is done.

Everything here is pure: ``parse_auction`` returns an immutable ``Auction`` or raises an
``AuctionError`` naming the offending call and its position (1-based, in the order written).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from numbers import Real
from typing import NamedTuple, TypeAlias

from ..errors import UserError, described, number_text, quoted, shorten
from ..limits import AUCTION_CALLS, FIGURE_MAX
from ..rules import STANDARD, BidRounds, RuleSet, RulesLike, as_rules

#: The seats, clockwise from the dealer's left.
SEAT_NAMES = ("dealer's left", "across from the dealer", "dealer's right", "dealer")
#: Where another seat sits as seen from the player about to call.
RELATION = ("me", "left opponent", "partner", "right opponent")

_TOKEN = re.compile(r"[^\s,]+")
PASS_WORDS = frozenset({"p", "pass", "-"})


class AuctionError(UserError):
    """An auction that cannot be read or breaks the bidding rules. ``reason`` says why; where a
    call is at fault, ``call`` is its number (1-based), ``token`` the call as written and
    ``rule`` the rule it breaks, as the rule files name it (``bidding.min_bid``); ``str``
    names the call before the reason."""

    def __init__(self, reason: str, call: int | None = None, token: str | None = None,
                 rule: str | None = None):
        super().__init__(reason)
        self.reason, self.call, self.token, self.rule = reason, call, token, rule

    def __str__(self) -> str:
        if self.call is None:
            return self.reason
        return f"call {self.call} ({quoted(self.token or '')}): {self.reason}"


class AuctionCall(NamedTuple):
    """One call of an auction as written and as seated.

    ``bid`` is None for a pass. ``previous`` is the high bid before this call (None before the
    first bid), ``opening`` whether it is the first bid of the auction, ``forced`` whether it is
    the stuck dealer's compulsory bid, ``round`` the round of bidding (1-based) it was made in.
    """

    position: int
    seat: int
    bid: int | None
    text: str
    previous: int | None
    previous_seat: int | None
    opening: bool
    forced: bool
    round: int

    @property
    def label(self) -> str:
        return "pass" if self.bid is None else str(self.bid)

    def to_dict(self) -> dict[str, object]:
        """The call as JSON shows one: its place, seat, the call (a bid, or ``pass``), and
        whether it was the stuck dealer's forced bid."""
        return {"position": self.position, "seat": self.seat, "call": self.bid
                if self.bid is not None else "pass", "round": self.round, "forced": self.forced}


class Legal(NamedTuple):
    """The calls open to the player about to call (``Auction.legal()``).

    ``min_bid``: the lowest bid it may make, scaled (None once the auction is over); the bids
    open are that one and every legal bid above it on the rule set's steps (``Auction.bids``;
    ``Auction.bid_at_most`` and ``bid_at_least`` give the one nearest a figure).
    ``can_pass``: whether it may pass (not the stuck dealer, nor anyone once it is over).
    ``forced``: it is the stuck dealer (the first three passed), whose one call is
    ``min_bid``.
    """

    min_bid: int | None
    can_pass: bool
    forced: bool = False

    def to_dict(self) -> dict:
        return {"min_bid": self.min_bid, "can_pass": self.can_pass, "forced": self.forced}


#: The rounds of bidding each ``bidding.rounds`` allows (None: as many as needed).
ROUNDS: dict[BidRounds, int | None] = {"unlimited": None, "one": 1, "two": 2}


def rounds_limit(rules: RuleSet) -> int | None:
    """The rounds of bidding a rule set allows (None: as many as needed)."""
    return ROUNDS[rules.bid_rounds]


def iter_bids(rules: RuleSet, low: int, upto: int) -> Iterator[int]:
    """Every legal bid from ``low`` (itself, if legal, else the next legal bid above it) up to
    ``upto``, following the rule set's steps, one at a time: for a loop that stops early below
    a limit that may be far off (a side's limit under a meld table of millions)."""
    bid = low if rules.is_legal_bid(low) else rules.next_bid(low)
    while bid <= upto:
        yield bid
        bid = rules.next_bid(bid)


def steps_text(rules: RuleSet) -> str:
    """The bidding steps of a rule set in words (scaled)."""
    return rules.steps_text()


def why_not_legal(rules: RuleSet, bid: int) -> str:
    """Why a number may not be bid at all under the rule set ('' if it may)."""
    return rules.bid_problem(bid)


@dataclass(frozen=True)
class Auction:
    """An auction so far: the calls, who holds the bid, and who calls next.

    ``next_seat`` is the seat about to call ("me" to the advisor; None once the auction is
    over). ``high`` and ``high_seat``: the current bid and its bidder (None if nobody has bid).
    """

    rules: RuleSet
    calls: tuple[AuctionCall, ...]
    high: int | None
    high_seat: int | None
    passed: frozenset[int]
    next_seat: int | None
    finished: bool
    stuck: bool
    round: int

    @property
    def to_call(self) -> int:
        """The seat about to call; an ``AuctionError`` once the auction is over."""
        if self.next_seat is None:
            raise AuctionError(f"there is no call to make: {self.summary()}")
        return self.next_seat

    @property
    def lowest_bid(self) -> int:
        """The lowest bid the player about to call may make (the stuck dealer's minimum); an
        ``AuctionError`` once the auction is over."""
        low = self.legal().min_bid
        if low is None:
            raise AuctionError(f"there is no call to make: {self.summary()}")
        return low

    @property
    def partner(self) -> int | None:
        return None if self.next_seat is None else (self.next_seat + 2) % 4

    def relation(self, seat: int) -> str:
        """Where ``seat`` sits as seen from the player about to call ('' once it is over)."""
        return "" if self.next_seat is None else RELATION[(seat - self.next_seat) % 4]

    def legal(self) -> Legal:
        """What the player about to call may call."""
        if self.finished:
            return Legal(None, False)
        if self.stuck:
            return Legal(self.rules.stuck_dealer_bid(), False, True)
        return Legal(self.rules.next_bid(self.high), True)

    def bid_at_most(self, limit: float) -> int | None:
        """The highest bid the player about to call may make that is at most ``limit`` (any
        number: a fraction counts down), or None where there is none: the lowest bid open is
        above it, or the auction is over. What a bidder with a limit bids."""
        low = self.legal().min_bid
        top = _figure(limit, "limit", math.floor)
        if low is None or top is None or top < low:
            return None
        if self.stuck:
            return low
        return self.rules.highest_bid(top)

    def bid_at_least(self, target: float) -> int | None:
        """The lowest bid the player about to call may make that is at least ``target`` (any
        number: a fraction counts up), or None where there is none: the auction is over, or the
        stuck dealer, whose one bid is the minimum, is asked for more."""
        low = self.legal().min_bid
        floor = _figure(target, "target", math.ceil)
        if low is None:
            return None
        if floor is None or floor <= low:
            return low
        if self.stuck or floor > FIGURE_MAX:
            return None
        bid = floor if self.rules.is_legal_bid(floor) else self.rules.next_bid(floor)
        return bid if bid <= FIGURE_MAX else None

    def legal_bids(self, upto: int) -> list[int]:
        """Every legal bid for the player about to call, up to ``upto``."""
        return list(self.bids(upto))

    def bids(self, upto: int) -> Iterator[int]:
        """``legal_bids``, one at a time (see ``iter_bids``)."""
        low = self.legal().min_bid
        if low is None or low > upto:
            return iter(())
        if self.stuck:
            return iter((low,))
        return iter_bids(self.rules, low, upto)

    def then(self, call: int | None) -> Auction:
        """The auction after the player about to call makes ``call`` (None: pass)."""
        text = "pass" if call is None else number_text(call)
        return _advance(self, text, call, len(self.calls) + 1)

    def to_dict(self) -> dict[str, object]:
        """The auction as JSON shows it: the calls, the rule set by name, who holds the bid,
        whose call it is, what may be called, and the summary in words."""
        return {"calls": [c.to_dict() for c in self.calls], "rules": self.rules.name,
                "high": self.high, "high_seat": self.high_seat, "next_seat": self.next_seat,
                "finished": self.finished, "legal": self.legal().to_dict(),
                "summary": self.summary()}

    def __repr__(self) -> str:
        calls = " ".join(c.label for c in self.calls)
        return (f"Auction({shorten(calls, 60)!r}, rules={self.rules.name!r}, high={self.high},"
                f" high_seat={self.high_seat}, next_seat={self.next_seat})")

    def summary(self) -> str:
        """One line: who holds the bid and whose call it is."""
        if self.next_seat is None:
            return f"the auction is over: seat {self.high_seat} won the bid at {self.high}"
        holder = ("nobody has bid" if self.high is None
                  else f"seat {self.high_seat} holds the bid at {self.high}")
        turn = f"seat {self.next_seat} ({SEAT_NAMES[self.next_seat]}) to call"
        if self.stuck:
            turn += f"; the first three passed, so the dealer must bid {self.legal().min_bid}"
        return f"{holder}; {turn}"


def _figure(value: object, name: str, whole) -> int | None:
    """A bid figure given as any real number, as a whole number (``whole``: ``math.floor`` or
    ``math.ceil``), held within the figures a bid may be (``FIGURE_MAX``; beyond it either way
    the nearest end); None for minus infinity."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number, not {described(value)}")
    if value != value:
        raise UserError(f"{name} must be a number, not NaN")
    if value < -FIGURE_MAX:
        return None if value == -math.inf else -FIGURE_MAX - 1
    return whole(min(value, FIGURE_MAX + 1))


def start(rules: RulesLike = STANDARD) -> Auction:
    """An auction before any call: seat 0 (the dealer's left) calls first."""
    return Auction(as_rules(rules), (), None, None, frozenset(), 0, False, False, 1)


def parse_call(token: str, position: int) -> int | None:
    """One call as written: a bid (an integer) or a pass (None)."""
    low = token.strip().lower()
    if low in PASS_WORDS:
        return None
    if re.fullmatch(r"[0-9]{1,15}", low):
        return int(low)
    raise AuctionError("not a call; write a bid as a number, a pass as p or pass", position,
                       token)


def parse_auction(text: str | None, rules: RulesLike = STANDARD) -> Auction:
    """The auction written in ``text`` (calls from the dealer's left), checked under ``rules``.

    Raises ``AuctionError`` for a token that is not a call, a bid below the minimum, not above
    the current bid or off the rule set's steps, a call after the auction has ended, or a
    stuck dealer who passes or bids other than the minimum.
    """
    if text is not None and not isinstance(text, str):
        raise TypeError(f"an auction is text such as '50 52 p', not {described(text)}")
    auction = start(as_rules(rules))
    for position, match in enumerate(_TOKEN.finditer(text or ""), 1):
        if position > AUCTION_CALLS:
            raise AuctionError(f"an auction of more than {AUCTION_CALLS:,} calls: a real one"
                               " has a few dozen")
        token = match.group()
        auction = _advance(auction, token, parse_call(token, position), position)
    return auction


#: An auction as every function of the library takes it: an ``Auction``, or its calls as text
#: (``"50 52 p"``, from the dealer's left; None or ``""``: nobody has called).
AuctionLike: TypeAlias = "Auction | str | None"


def as_auction(value: AuctionLike, rules: RulesLike = STANDARD) -> Auction:
    """The ``Auction`` given as ``AuctionLike`` (text is read under ``rules`` by
    ``parse_auction``, whose ``AuctionError`` it raises); a ``TypeError`` for anything else."""
    if isinstance(value, Auction):
        return value
    if value is None or isinstance(value, str):
        return parse_auction(value, rules)
    raise TypeError(f"auction must be an Auction or its calls as text ('50 52 p'), not"
                    f" {described(value)}")


def _advance(a: Auction, token: str, bid: int | None, position: int) -> Auction:
    rules = a.rules

    def refuse(reason: str, rule: str) -> AuctionError:
        return AuctionError(reason, position, token, rule)

    if a.finished:
        last = len(a.calls)
        won = (f"seat {a.high_seat} won at {a.high}" if a.high is not None else "nobody bid")
        raise refuse(f"the auction already ended at call {last} ({won})",
                     "the auction ends when three have passed; bidding.rounds")
    seat = a.next_seat
    assert seat is not None
    if a.stuck:
        low = rules.next_bid(None)
        if bid is None:
            raise refuse(f"the dealer may not pass: the first three passed, so the dealer must"
                         f" bid {low}", "the stuck dealer bids the minimum")
        if bid != low:
            raise refuse(f"the first three passed, so the dealer must bid the minimum {low},"
                         f" not {bid}", "the stuck dealer bids the minimum")
    elif bid is not None:
        reason = why_not_legal(rules, bid)
        if reason:
            raise refuse(reason, "bidding.min_bid" if "below the minimum" in reason
                         else "bidding.steps")
        if a.high is not None and bid <= a.high:
            raise refuse(f"{bid} is not above the current bid {a.high} (seat {a.high_seat});"
                         f" the lowest bid now is {rules.next_bid(a.high)}",
                         "each bid is above the last")
    call = AuctionCall(position, seat, bid, token, a.high, a.high_seat,
                       bid is not None and a.high is None, a.stuck, a.round)
    calls = a.calls + (call,)
    passed = a.passed | {seat} if bid is None else a.passed
    high, high_seat = (bid, seat) if bid is not None else (a.high, a.high_seat)
    limit = rounds_limit(rules)
    # the next seat: clockwise, skipping players who have passed
    nxt, rnd = seat, a.round
    for _ in range(4):
        nxt = (nxt + 1) % 4
        if nxt == 0:
            rnd += 1
        if nxt not in passed:
            break
    finished = len(passed) >= 3 and high is not None
    if limit is not None and rnd > limit and high is not None:
        finished = True
    stuck = not finished and len(passed) >= 3 and high is None
    if finished:
        return Auction(rules, calls, high, high_seat, frozenset(passed), None, True, False,
                       a.round)
    return Auction(rules, calls, high, high_seat, frozenset(passed), nxt, False, stuck, rnd)


__all__ = [
    "Auction", "AuctionError", "AuctionLike", "AuctionCall", "Legal", "as_auction", "iter_bids",
    "parse_auction", "parse_call",
    "start", "why_not_legal", "steps_text", "rounds_limit", "SEAT_NAMES", "RELATION",
]
