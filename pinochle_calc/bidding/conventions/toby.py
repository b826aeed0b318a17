"""Toby Thomas's system, for the ``toby-thomas`` rule set (bids from 25, a three-card pass).

A bid from 25 to 49 ending in 6 asks for queens, 8 kings, 0 tens, 1 aces in the pass; any
other bid asks for a "standard book" (for example a marriage and an ace); an opening 50 asks
for the standard book and shuts the others out.
"""

from __future__ import annotations

from ...cards import ACE, KING, QUEEN, TEN
from ...exchange.hints import Signal
from ...meld.words import PLURAL
from ...rules import RuleSet
from .base import Caller, Convention, Suggestion
from .gains import HINT_MIN, Gain, card_gains, gain_reason
from .wording import ending

#: The last digit (bids 25 to 49) that asks for each rank.
TOBY_DIGIT = {QUEEN: 6, KING: 8, TEN: 0, ACE: 1}
TOBY_RANK = {d: r for r, d in TOBY_DIGIT.items()}


def toby_reading(bid: int, previous: int | None, opening: bool,
                 rules: RuleSet) -> tuple[str, Signal]:
    """A bid read under Toby Thomas's system."""
    k = rules.scale
    b = bid // k
    book = "a standard book in the pass (for example a marriage and an ace)"
    if 25 <= b <= 49:
        digit = b % 10
        if digit in TOBY_RANK:
            rank = TOBY_RANK[digit]
            return (f"asks for {PLURAL[rank]} in the pass (a bid from {25 * k} to {49 * k}"
                    f" ending in {ending(digit, k)})", Signal("card", rank))
        return f"asks for {book}", Signal("book")
    if b == 50 and opening:
        return f"opening {bid}: asks for {book} and shuts the others out", Signal("shut-out")
    if b < 25:
        return f"below {25 * k} the system is silent", Signal("natural")
    return f"asks for {book}", Signal("book")


def suggest_toby(ctx: Caller) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = ctx.low
    opening = a.high is None
    gains = card_gains(ctx.hand, rules)
    # The trump is named after the pass and need not be the suit asked for: rank the ranks by
    # the best gain over the trumps the hand could name.
    best: list[tuple[Gain, int]] = []
    for r in TOBY_DIGIT:
        options = [(g, t) for t in range(4) if ctx.nameable(t)
                   and (g := gains.best_card(t, r)) is not None]
        if options:
            best.append(max(options, key=lambda x: (x[0].expected, x[0].gain)))
    best = sorted([x for x in best if x[0].expected >= HINT_MIN],
                  key=lambda x: (-x[0].expected, -x[0].gain))
    hints = gains.report(ctx.trump)
    if opening and low <= 50 * k <= ctx.limit and rules.is_legal_bid(50 * k):
        return ctx.call(50 * k, f"your side can make {ctx.limit} ({ctx.own} meld in hand):"
                        f" open {50 * k} to take the standard book and shut the others out",
                        hints)
    top = min(49 * k, ctx.limit)
    for g, t in best:
        digit = TOBY_DIGIT[g.rank]
        for bid in a.bids(top):
            if (bid // k) % 10 == digit and bid // k >= 25:
                return ctx.call(bid, gain_reason(g, t) + f": {bid} asks for"
                                f" {PLURAL[g.rank]}", hints)
    if ctx.partner_holds:
        return ctx.call(None, "partner holds the bid and no rank is worth asking for", hints)
    for bid in a.bids(ctx.limit):
        meaning, signal = toby_reading(bid, a.high, opening, rules)
        if signal.kind in ("book", "shut-out", "natural"):
            why = ("no single rank helps much" if not best else
                   f"asking for {PLURAL[best[0][0].rank]} needs a bid from {25 * k} to"
                   f" {49 * k}")
            return ctx.call(bid, f"{why}; your side can make {ctx.limit}: ask for the standard"
                            " book", hints)
    return ctx.call(None, f"no bid up to your side's limit of {ctx.limit} says what you need",
                    hints)


TOBY = Convention("toby", "Toby Thomas's system", toby_reading, suggest_toby)
