"""Jump bids, the common system for bids up to 60 (RULES.md "Bidding conventions").

An opening 50 says "I want to name trump", 51 "I hold aces in other suits", 52 or more shows
10 meld per point above 50. A later bid that raises by exactly 1 wants trump; a raise of 2 or
more shows 10 meld per point of the raise. Readings:

- a player's meld shown adds up over their calls (52, then a jump of 3 later, shows 20 + 30);
  the conditioning reads it as "at least" that much meld in their best trump (a player may show
  less than they hold, never more);
- above 60, and below 50, the convention is silent: a natural bid;
- the stuck dealer's forced bid and every pass say nothing.
"""

from __future__ import annotations

from ...exchange.hints import Signal, side_aces, trump_worthy
from ...hand import Hand
from ...rules import RuleSet
from .base import Caller, Convention, Reading, Suggestion
from .wording import units


def jump_reading(bid: int, previous: int | None, opening: bool,
                 rules: RuleSet) -> tuple[str, Signal]:
    """A bid read under jump bids (the numbers in the words are the real, scaled bids)."""
    k = rules.scale
    b, prev = bid // k, units(previous, rules)
    if b > 60:
        return f"above {60 * k} the convention is silent: a natural bid", Signal("natural")
    if b < 50:
        return f"below {50 * k} the convention is silent: a natural bid", Signal("natural")
    if opening or prev is None:
        if b == 50:
            return f"opening {bid}: wants to name trump", Signal("trump")
        if b == 51:
            return f"opening {bid}: holds aces in other suits", Signal("aces")
        return (f"opening {bid}: shows {10 * (b - 50) * k} meld",
                Signal("meld", meld=10 * (b - 50) * k))
    raise_by = b - prev
    if raise_by == 1:
        return f"raises by {k}: wants to name trump", Signal("trump")
    return (f"jumps by {raise_by * k}: shows {10 * raise_by * k} meld",
            Signal("meld", meld=10 * raise_by * k))


def suggest_jump(ctx: Caller) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = ctx.low
    current = units(a.high, rules)
    unshown = ctx.own - ctx.shown()
    worthy = bool(trump_worthy(ctx.hand.counts, rules)[0])
    top = min(60 * k, ctx.limit)  # the convention speaks up to 60
    if low // k < 50 or low // k > 60:
        if ctx.partner_holds and not worthy:
            return ctx.call(None, "partner holds the bid and the convention has nothing more"
                            " to say for this hand")
        return ctx.call(low, f"the convention is silent here: a natural bid, up to your side's"
                        f" limit of {ctx.limit}")
    if current is None:
        if worthy:
            return ctx.call(50 * k, f"a trump hand ({ctx.trump_words()}): {50 * k} asks to"
                            " name trump")
        jump = min(unshown // (10 * k), 10)
        while jump >= 2 and (50 + jump) * k > top:
            jump -= 1
        if jump >= 2:
            return ctx.call((50 + jump) * k, _show_reason(ctx, jump * 10 * k, unshown))
        if bool(side_aces(ctx.hand.counts)[0]):
            aces = sum(ctx.hand.counts[s * 5] for s in range(4))
            return ctx.call(51 * k, f"{aces} aces in {_ace_suits(ctx.hand)} suits help whatever"
                            f" partner names: {51 * k} says so")
        return ctx.call(50 * k, f"no meld to show, but your side can make {ctx.limit}:"
                        f" {50 * k} (read as wanting to name trump)")
    jump = unshown // (10 * k)
    while jump >= 2 and (current + jump) * k > top:
        jump -= 1
    if jump >= 2 and rules.is_legal_bid((current + jump) * k):
        return ctx.call((current + jump) * k, _show_reason(ctx, jump * 10 * k, unshown))
    if worthy and low == (current + 1) * k:
        return ctx.call(low, f"a trump hand ({ctx.trump_words()}): +{k} asks to name"
                        " trump")
    if ctx.partner_holds:
        return ctx.call(None, "partner holds the bid and you have no more meld to show and no"
                        " trump hand")
    return ctx.call(low, f"your side can make {ctx.limit}: compete with the next bid"
                    + (" (read as wanting to name trump)" if low == (current + 1) * k else ""))


def _show_reason(ctx: Caller, shows: int, unshown: int) -> str:
    held = ctx.own
    text = f"shows {shows} meld: you hold {held} ({ctx.meld_words()})"
    if unshown != held:
        text += f", {held - unshown} of it shown already"
    return text


def _ace_suits(hand: Hand) -> int:
    return sum(1 for s in range(4) if hand.counts[s * 5])


def jump_shows_all(reading: Reading) -> bool:
    """A player shows all the meld it can: a jump that could have been bigger, an opening 51,
    and a pass or a raise of one after a bid (not an opening 50: a trump hand opens 50 whatever
    its meld) say the caller holds less than the next bigger showing would have shown."""
    kind = reading.signal.kind
    return kind in ("meld", "aces") or (kind in ("pass", "trump")
                                        and reading.call.previous is not None)


JUMP = Convention("jump", "jump bids", jump_reading, suggest_jump, shows_all=jump_shows_all,
                  trump_overcall=True)
