"""Jim Davis's system, for a game where any number from 50 up may be bid and four cards are passed.

Read as in RULES.md's Decision (``davis_reading``): 50 opens, 51 "not ready to pass yet", 52
"some meld", 53 "several pinochle parts", 55 jacks around; a bid that is the lowest legal number
of at least 54 above the current bid ending in 4, 6, 8, 9 or 0 asks for a jack, queen, king,
ten or ace; 66 from 55 or below asks for queens around, 80 from 69 or below and 88 from 77 or
below for kings around, 100 from 89 or below for aces around. Where a Decision number is both,
the around wins (the table names it explicitly). A bid that jumps past the lowest number with
its last digit asks for the same card (the table gives it no other meaning); a bid ending in 1,
2, 3, 5 or 7 above 53 (other than 55) is a plain raise, no hint.

A suggested hint is the one with the largest expected meld gain (``gains``) that a legal bid
within the side's limit can carry, avoiding the documented clashes (kings around from the low
70s is 88), where that gain is at least ``DAVIS_HINT_MIN``.
"""

from __future__ import annotations

from ...cards import ACE, JACK, KING, QUEEN, TEN
from ...exchange.hints import Signal, needs_around, pinochle_parts
from ...meld.words import AROUND_RANKS, PLURAL, a_rank
from ...rules import RuleSet
from ..auction import Auction
from .base import Caller, Convention, Suggestion, reading_of
from .gains import Gain, Gains, card_gains, gain_reason
from .wording import ending, units

#: The smallest expected meld gain worth a Davis hint. A hint is answered by the partner's pass
#: putting the card asked for first; on 2,849 random deals of Davis's game (seed 5,
#: ``benchmarks/hint_value.py``) the side's meld plus trick points after the exchange and the
#: play, answering the hint less not hearing it, was -10.3 ± 2.6 for hints of expected gain 4 to
#: 8, -1.9 ± 0.9 for 8 to 16 and +1.7 ± 1.1 from 16: below 16 the card asked for displaces a
#: better one the pass would have chosen.
DAVIS_HINT_MIN = 16.0
#: The last digit that asks for one card of each rank.
DAVIS_DIGIT = {JACK: 4, QUEEN: 6, KING: 8, TEN: 9, ACE: 0}
DAVIS_RANK = {d: r for r, d in DAVIS_DIGIT.items()}


def davis_around(b: int, prev: int) -> int | None:
    """The around a Davis bid asks for by the Decision's numbers (None if it is not one)."""
    if b == 55:
        return JACK
    if b == 66 and prev <= 55:
        return QUEEN
    if (b == 80 and prev <= 69) or (b == 88 and prev <= 77):
        return KING
    if b == 100 and prev <= 89:
        return ACE
    return None


def davis_lowest(digit: int, previous: int | None, rules: RuleSet,
                 upto: int = 1000) -> int | None:
    """The lowest legal bid (in units) of at least 54 above ``previous`` with this last digit
    that is not one of the Decision's around numbers there; None if there is none up to
    ``upto``."""
    k = rules.scale
    prev = units(previous, rules) if previous is not None else 49
    b = max(54, prev + 1)
    while b <= upto:
        if b % 10 == digit and rules.is_legal_bid(b * k) and davis_around(b, prev) is None:
            return b
        b += 1
    return None


def _davis(bid: int, previous: int | None, rules: RuleSet) -> tuple[str, Signal, bool]:
    """``davis_reading``'s meaning and signal, and whether the bid asks for its card by
    jumping past a lower legal number that asks the same (it then carries the hint only as a
    repeat, not as the number the table names)."""
    k = rules.scale
    b = bid // k
    prev = units(previous, rules)
    p = prev if prev is not None else 49
    if b < 50:
        return f"below {50 * k} Davis's table is silent: a plain bid", Signal("natural"), False
    fixed = {50: ("the opening bid", Signal("open")),
             51: ("not ready to pass yet", Signal("not-ready")),
             52: ("I have some meld", Signal("some-meld")),
             53: ("I have several pinochle parts (jacks or queens)", Signal("pinochle-parts"))}
    if b in fixed:
        words, signal = fixed[b]
        return f"{bid}: {words}", signal, False
    around = davis_around(b, p)
    if around is not None:
        how = {55: f"{55 * k}", 66: f"{66 * k} from {55 * k} or below",
               80: f"{80 * k} from {69 * k} or below", 88: f"{88 * k} from {77 * k} or below",
               100: f"{100 * k} from {89 * k} or below"}[b]
        return (f"{how}: I need {PLURAL[around]} around"
                + (" (a jack of every suit)" if around == JACK else ""),
                Signal("around", around), False)
    digit = b % 10
    if digit in DAVIS_RANK:
        rank = DAVIS_RANK[digit]
        lowest = davis_lowest(digit, previous, rules, upto=b)
        if lowest is not None and lowest != b:
            return (f"I need {a_rank(rank)} (ends in {ending(digit, k)}; a jump past"
                    f" {lowest * k}, which asks the same)", Signal("card", rank), True)
        text = f"I need {a_rank(rank)} (the next bid ending in {ending(digit, k)})"
        if digit in (0, 8) and b in (80, 88, 100):
            text += f": too late for {PLURAL[KING if b != 100 else ACE]} around"
        elif b == 66:
            text += ": too late for queens around"
        return text, Signal("card", rank), False
    return f"{bid}: no hint in Davis's table (a plain raise)", Signal("natural"), False


def davis_reading(bid: int, previous: int | None, opening: bool,
                  rules: RuleSet) -> tuple[str, Signal]:
    """A bid read under Jim Davis's system (RULES.md's Decision; see the module docstring)."""
    meaning, signal, _ = _davis(bid, previous, rules)
    return meaning, signal


def _hint_options(ctx: Caller, gains: Gains, ranks: tuple[int, ...],
                  arounds: bool) -> list[Gain]:
    options: list[Gain] = []
    for r in ranks:
        g = gains.best_card(ctx.trump, r)
        if g is not None:
            options.append(g)
    if arounds:  # only an around the hand needs, as the partner reads the request
        options += [gains.around(ctx.trump, r) for r in AROUND_RANKS
                    if needs_around(ctx.hand.counts, r)[0]]
    options = [g for g in options if g.expected >= DAVIS_HINT_MIN]
    return sorted(options, key=lambda g: (-g.expected, -g.gain))


def davis_hint_bid(auction: Auction, hint: Signal, upto: int) -> tuple[int | None, str]:
    """The lowest legal bid up to ``upto`` that carries ``hint`` under Davis's reading, or None
    and why not (off the rule set's steps, above the limit, or too late in the auction)."""
    rules = auction.rules

    def carries(bid: int, under: RuleSet) -> bool:
        _, signal, jumped = _davis(bid, auction.high, under)
        return signal == hint and not jumped

    k = rules.scale
    prev = units(auction.high, rules)
    # A card is asked for only by the lowest legal number with its digit from 54, the bid
    # after the current one and the minimum up: within ten numbers, or twenty where the first
    # is an around number (55, 66, 80, 88, 100), none further up under any steps; an around
    # only up to 100: no need to look past that, however high the limit.
    top = max(100, max(54, (prev if prev is not None else 49) + 1, rules.min_bid) + 20) * k
    for bid in auction.bids(min(upto, top)):
        if carries(bid, rules):
            return bid, ""
    # where would it be with any number from 54 up allowed, and no limit?
    free = rules.with_options(bid_steps="any")
    b = max(54, (prev if prev is not None else 49) + 1)
    while b <= 200:
        if carries(b * k, free):
            if not rules.is_legal_bid(b * k):
                return None, (f"it would take {b * k}, which the {rules.name} rules' steps"
                              " forbid: the hint cannot be given")
            return None, f"it would take {b * k}, above your side's limit of {upto}"
        b += 1
    return None, "it is too late in the auction to ask for it"


def davis_unavailable(auction: Auction) -> list[tuple[str, str]]:
    """The Davis hints the player about to call cannot give now, and why: the rule set's
    steps forbid the number that would carry it, or the auction is past it."""
    if auction.legal().min_bid is None or auction.legal().forced:
        return []
    out = []
    top = 200 * auction.rules.scale
    hints = [(a_rank(r), Signal("card", r)) for r in (JACK, QUEEN, KING, TEN, ACE)]
    hints += [(f"{PLURAL[r]} around", Signal("around", r)) for r in (JACK, QUEEN, KING, ACE)]
    for words, signal in hints:
        bid, why = davis_hint_bid(auction, signal, top)
        if bid is None:
            out.append((words, why))
    return out


def suggest_davis(ctx: Caller) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = ctx.low
    gains = card_gains(ctx.hand, rules)
    hints = gains.report(ctx.trump)
    options = _hint_options(ctx, gains, (JACK, QUEEN, KING, TEN, ACE), arounds=True)
    missed: list[str] = []
    for g in options:
        signal = Signal("around" if g.around else "card", g.rank)
        bid, why = davis_hint_bid(a, signal, ctx.limit)
        what = g.label if g.around else a_rank(g.rank)
        if bid is not None:
            reason = gain_reason(g, ctx.trump) + f": {bid} asks for {what}"
            if missed:
                reason += "; " + "; ".join(missed)
            return ctx.call(bid, reason, hints)
        missed.append(f"{what} would help more, but {why}")
    note = ("; " + "; ".join(missed)) if missed else ""
    current = units(a.high, rules)
    parts = bool(pinochle_parts(ctx.hand.counts)[0])
    q_s, j_d = ctx.hand.counts[3], ctx.hand.counts[14]
    if parts and low <= 53 * k <= ctx.limit and rules.is_legal_bid(53 * k):
        return ctx.call(53 * k, f"{q_s} Q♠ and {j_d} J♦: {53 * k} says you have several"
                        f" pinochle parts{note}", hints)
    if ctx.own >= 20 * k and low <= 52 * k <= ctx.limit and rules.is_legal_bid(52 * k):
        return ctx.call(52 * k, f"you hold {ctx.own} meld ({ctx.meld_words()}): {52 * k} says"
                        f" you have some meld{note}", hints)
    if current is None and low == 50 * k:
        return ctx.call(low, f"no card the partner could pass helps much, but your side can make"
                        f" {ctx.limit}: open{note}", hints)
    if ctx.partner_holds:
        return ctx.call(None, f"partner holds the bid and no hint is worth giving{note}", hints)
    if low == 51 * k:
        return ctx.call(low, f"no hint worth giving yet, but your side can make {ctx.limit}:"
                        f" {51 * k} says you are not ready to pass{note}", hints)
    for bid in a.bids(ctx.limit):
        r = reading_of(a, bid, DAVIS)
        if r.signal.kind in ("natural", "not-ready") or (
                r.signal.kind in ("card", "around") and _helps(gains, ctx.trump, r.signal)):
            return ctx.call(bid, f"no hint worth giving; your side can make {ctx.limit}: the"
                            f" lowest bid that does not mislead partner{note}", hints)
    return ctx.call(None, f"every bid up to your side's limit of {ctx.limit} would ask for"
                    f" something you do not need{note}", hints)


def _helps(gains: Gains, trump: int, signal: Signal) -> bool:
    """Whether what a call asks for (a card or an around) would raise the hand's meld."""
    if signal.rank is None:
        return False
    if signal.kind == "around":
        return (bool(needs_around(gains.hand.counts, signal.rank)[0])
                and gains.around(trump, signal.rank).gain > 0)
    g = gains.best_card(trump, signal.rank)
    return g is not None and g.gain > 0


DAVIS = Convention("davis", "Jim Davis's system", davis_reading, suggest_davis)
