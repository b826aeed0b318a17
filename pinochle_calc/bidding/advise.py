"""Advice for the player about to call: the call, what it tells the partner, why, the calls
open now, and the estimate of how high the side can go (``advise``: what the ``bid`` command
shows, for a program to use)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..cards import SUITS, n_cards
from ..errors import UserError, shorten
from ..hand import Hand, HandLike, as_hand
from ..rules import RuleSet, RulesLike
from .auction import Auction, AuctionLike, Legal
from .conventions import (
    Convention,
    Reading,
    Suggestion,
    auction_under,
    convention_rules,
    explain,
    get,
    reading_of,
    suggest,
)
from .estimate import DEFAULT_SAMPLES, DEFAULT_SEED, Estimate, estimate
from .game_call import GameCall
from .price import Price, jump_price, partner_holds_alone, prices


@dataclass(frozen=True)
class Advice:
    """The advice for one call: ``call`` (None: pass), its ``meaning`` under the convention and
    the ``reason`` for it, the auction so far read under the convention, the legal calls, the
    estimate behind the call, notes on the rule set chosen for the convention, and the price
    of the call where it was weighed against passing (``bidding.price``)."""

    hand: Hand
    auction: Auction
    convention: str
    rules: RuleSet
    suggestion: Suggestion
    readings: tuple[Reading, ...]
    estimate: Estimate
    notes: tuple[str, ...] = ()
    price: Price | None = None
    #: the chance of winning the game after each call weighed, where the score was given
    game: GameCall | None = None

    @property
    def call(self) -> int | None:
        return self.suggestion.call

    @property
    def meaning(self) -> str:
        return self.suggestion.meaning

    @property
    def reason(self) -> str:
        return self.suggestion.reason

    @property
    def seat(self) -> int:
        return self.auction.to_call

    @property
    def legal(self) -> Legal:
        return self.auction.legal()

    def to_dict(self) -> dict:
        """The ``bid`` command's JSON record."""
        record: dict[str, object] = {
            "seat": self.seat, "call": "pass" if self.call is None else self.call,
            "meaning": self.meaning, "reason": self.reason, "convention": self.convention,
            "auction": [r.to_dict() for r in self.readings],
            "legal": self.legal.to_dict(), "estimate": self.estimate.to_dict(),
            "hand": str(self.hand), "rules": self.rules.name, "notes": list(self.notes),
        }
        if self.suggestion.hints is not None:
            record["hints"] = self.suggestion.hints
        record["price"] = None if self.price is None else self.price.to_dict()
        record["game"] = None if self.game is None else self.game.to_dict()
        return record

    def __repr__(self) -> str:
        trump = self.estimate.trump
        return (f"Advice(call={self.call}, meaning={shorten(self.meaning, 60)!r},"
                f" seat={self.seat}, convention={self.convention!r}, rules={self.rules.name!r},"
                f" trump={None if trump is None else SUITS[trump]!r},"
                f" max_bid={self.estimate.max_bid})")


def advise(hand: HandLike, auction: AuctionLike = None, convention: str | Convention = "jump",
           rules: RulesLike | None = None, *, samples: int = DEFAULT_SAMPLES,
           seed: int = DEFAULT_SEED, confidence: float | None = None,
           progress: Callable[[int, int], None] | None = None, priced: bool = True,
           score: tuple[int, int] | str | None = None) -> Advice:
    """The call to make now with a 20-card ``hand``, after ``auction`` (its text, calls from the
    dealer's left, or an ``Auction``; None: nobody has called), under a convention.

    ``rules`` (a ``RuleSet`` or a preset name) default to the convention's own
    (``conventions.convention_rules``); an ``Auction`` was read under its own. The side's
    limit is the estimate's maximum bid at ``confidence`` (default: the rule set's,
    ``estimate.confidence_for``) over ``samples`` simulated deals. Where a pass would leave
    the partner the contract (both opponents out), the call is chosen by its price instead
    (``bidding.price``; ``priced=False``: by the limit alone, as before the price was
    counted), and ``Advice.price`` says what the bid gains or costs against passing; a bid
    above the lowest legal one gets its price against that bid (what the jump risks).

    ``score`` (the game's score before the hand, the hand's side first: ``(480, 300)`` or
    ``"480:300"``) weighs the calls by the chance of winning the game instead
    (``bidding.game_call``): the call for the game is made where it beats the points call,
    and ``Advice.game`` gives each call's chance. Without it the advice maximises the hand's
    points.

    >>> advise("♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J", "50 52 p",
    ...        samples=200).call
    56
    """
    name = get(convention).name
    hand = as_hand(hand)
    notes = [] if isinstance(auction, Auction) else convention_rules(name, rules)[1]
    auction = auction_under(auction, name, rules)
    rule_set = auction.rules
    if auction.finished:
        raise UserError(f"there is no call to make: {auction.summary()}")
    if len(hand) != 20:
        raise UserError(f"bid needs your 20-card hand, not {n_cards(len(hand))}")
    if score is not None:
        from ..scoring import game_score

        score = game_score(score, rule_set)
    result = estimate(hand, rule_set, auction, name, samples=samples, seed=seed,
                      confidence=confidence, progress=progress)
    limit = result.max_bid if result.max_bid is not None else 0
    choice = suggest(hand, auction, name, limit=limit, trump=result.trump,
                     as_good=result.as_good)
    cost = None
    if priced and partner_holds_alone(auction) and result.trump is not None:
        choice, cost = _priced(auction, result, name, choice, limit)
    elif priced and choice.call is not None:
        cost = jump_price(auction, result, choice.call)  # in the JSON, the reason unchanged
    game = None
    if score is not None:
        from .game_call import game_call

        game = game_call(auction, result, choice.call, score, name)
        if game.differs:
            r = reading_of(auction, game.call, name)
            choice = Suggestion(game.call, r.meaning, f"for the game: {game.words}", r.signal,
                                choice.hints)
            cost = None  # the price was the points call's
    return Advice(hand, auction, name, rule_set, choice, tuple(explain(auction, name)), result,
                  tuple(notes), cost, game)


def last_call(auction: Auction) -> Auction:
    """The auction as it stood at the high bidder's last call (its calls before it): what the
    bid advice saw when it gave its "Name" line; a ``ValueError`` where nobody has bid."""
    from .auction import start

    seat = auction.high_seat
    if seat is None:
        raise ValueError("nobody has bid: there is no call to go back to")
    at = max(i for i, c in enumerate(auction.calls) if c.seat == seat)
    out = start(auction.rules)
    for c in auction.calls[:at]:
        out = out.then(c.bid)
    return out


def trump_advice(hand: HandLike, auction: Auction | None, convention: str | Convention = "jump",
                 *, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
                 rules: RulesLike | None = None) -> Estimate:
    """The estimate behind the trump to name once the hand holds the contract: its ``trump``
    the suit to name, ``as_good`` the others as good (``estimate.trump_to_name``). After an
    auction, the bid advice's estimate at the hand's last call (``last_call``), so that with
    that call's ``seed`` and ``samples`` it names the suit the bid advice's "Name" line gave;
    with no auction (a contract given), an opener's. ``rules``: as ``advise`` takes them,
    where there is no auction."""
    name = get(convention).name
    hand = as_hand(hand)
    if len(hand) != 20:
        raise UserError(f"naming trump needs your 20-card hand as dealt, not {n_cards(len(hand))}")
    if auction is None:
        rule_set = convention_rules(name, rules)[0]
        return estimate(hand, rule_set, None, name, samples=samples, seed=seed)
    before = last_call(auction)
    return estimate(hand, auction.rules, before, name, samples=samples, seed=seed)


def _priced(auction: Auction, result: Estimate, convention: str, choice: Suggestion,
            limit: int) -> tuple[Suggestion, Price | None]:
    """Where a pass leaves the partner the contract (``price.partner_holds_alone``): the bid
    the convention suggests and the lowest legal bid, if within the side's ``limit``, each
    priced against passing; the one worth most, or the pass where neither is worth anything.
    The limit still bounds the bids: where both partners hold their own trump the better, the
    price alone would have them raise each other past anything the cards can make (a set
    still scores the trick points the side takes)."""
    low = auction.legal().min_bid
    assert low is not None  # the auction is not over
    bids = {b for b in (low, choice.call) if b is not None and b <= limit}
    if not bids:
        return choice, None
    costs = prices(auction, result, sorted(bids), convention)
    assert costs is not None  # the partner holds the bid alone, and there is a trump
    best = max(costs, key=lambda c: c.gain)
    if best.gain <= 0:
        if choice.call is None:
            return choice._replace(reason=f"{choice.reason}; {best.words}"), best
        r = reading_of(auction, None, convention)
        return Suggestion(None, r.meaning, f"the opponents have passed: {best.words}",
                          r.signal, choice.hints), best
    if best.bid == choice.call:
        return choice._replace(reason=f"{choice.reason}; {best.words}"), best
    r = reading_of(auction, best.bid, convention)
    return Suggestion(best.bid, r.meaning, f"the opponents have passed: {best.words}", r.signal,
                      choice.hints), best


__all__ = ["Advice", "advise", "trump_advice", "last_call"]
