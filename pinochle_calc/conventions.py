"""Bidding conventions: what each call of an auction says, and which call to make.

Three systems from RULES.md "Bidding conventions" (``CONVENTIONS``):

``jump``  Jump bids, for bids up to 60. An opening 50 says "I want to name trump", 51 "I hold
          aces in other suits", 52 or more shows 10 meld per point above 50. A later bid that
          raises by exactly 1 wants trump; a raise of 2 or more shows 10 meld per point of the
          raise. Readings:
          - a player's meld shown adds up over their calls (52, then a jump of 3 later, shows
            20 + 30); the conditioning reads it as "at least" that much meld in their best
            trump (a player may show less than they hold, never more);
          - above 60, and below 50, the convention is silent: a natural bid;
          - the stuck dealer's forced bid and every pass say nothing.
``davis`` Jim Davis's system, read as in RULES.md's Decision (``davis_reading``): 50 opens,
          51 "not ready to pass yet", 52 "some meld", 53 "several pinochle parts", 55 jacks
          around; a bid that is the lowest legal number of at least 54 above the current bid
          ending in 4, 6, 8, 9 or 0 asks for a jack, queen, king, ten or ace; 66 from 55 or
          below asks for queens around, 80 from 69 or below and 88 from 77 or below for kings
          around, 100 from 89 or below for aces around. Where a Decision number is both, the
          around wins (the table names it explicitly). A bid that jumps past the lowest number
          with its last digit asks for the same card (the table gives it no other meaning); a
          bid ending in 1, 2, 3, 5 or 7 above 53 (other than 55) is a plain raise, no hint.
``toby``  Toby Thomas's system (for the ``toby-thomas`` rule set, bids from 25): a bid from 25
          to 49 ending in 6 asks for queens, 8 kings, 0 tens, 1 aces in the pass; any other
          bid asks for a "standard book" (for example a marriage and an ace); an opening 50
          asks for the standard book and shuts the others out.

Suggesting a call (``suggest``) takes the side's *limit*: the highest bid the side expects to
make (the estimate's ``max_bid``; without one, ``quick_limit``). Shared rules, all conventions:

- the stuck dealer bids the minimum (it is compulsory), and says what follows if the hand has
  no marriage;
- a hand that may not name trump (no marriage, where the rule set requires one) passes: it must
  never win the bid;
- a player passes when the next legal bid is above the limit, and when the partner holds the
  bid and the player has nothing the convention can say (the side already has the contract).

Hand features the conventions talk about (the same tests decide a suggestion and condition
the simulated deals of other players' hands on their calls, ``signal_mask``):

- *trump-worthy*: some suit holds a marriage and at least 7 cards, or 6 with its ace and ten
  (the marriage is not needed where the rule set drops it or asks for it only after the pass:
  before the pass a bidder may name any suit);
- *aces in other suits*: at least 4 aces, in at least 3 suits (they take tricks whatever suit
  the partner names);
- *meld*: the hand's meld in its best trump (``meld.best_trump``);
- *some meld* (Davis 52): at least 20 meld; *several pinochle parts* (Davis 53): at least three
  of the Q♠ and J♦ together;
- a card *helps* a hand when adding one copy of it raises the hand's best meld;
- an around request (Davis 55, 66, 80/88, 100) is read as: the hand is one or two cards short
  of its next around of that rank (``needs_around``: at its lowest count the rank is missing in
  one or two suits, e.g. it holds jacks in two or three suits and none in the others), so a
  pass can complete it, and the cards that complete it raise its best meld. A hand three or
  four cards short would spend most of a four-card pass on one around, and a hand that
  already has the around in every suit at its lowest count has nothing to ask for. The gain of
  an around (``card_gains``) adds the rank only in the suits that hold it back, and its
  probability is that the partner holds every one of those cards.

The Davis and Toby hints come from the exact meld gain of each card and each around the
partner could pass (``card_gains``, computed with the meld engine for the trump to be named),
weighted by the chance the partner holds it (hypergeometric, from the unseen cards alone); a
hint is given when that expected gain is at least ``HINT_MIN`` points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import NamedTuple

import numpy as np

from .auction import Auction, AuctionError, Call
from .cards import ACE, CARDS, JACK, KING, QUEEN, RANK_NAMES, SUIT_SYMBOLS, SUITS, TEN, Card
from .hand import Hand
from .meld import TrumpMeld, meld
from .rules import PRESETS, STANDARD, RuleSet
from .vecmeld import best_points, meld_points

CONVENTIONS = {
    "jump": "jump bids",
    "davis": "Jim Davis's system",
    "toby": "Toby Thomas's system",
}
#: The smallest expected meld gain (points) worth a hint.
HINT_MIN = 2.0
#: Without an estimate, the side's limit is the hand's meld plus this (a typical partner's
#: meld, about 15, and the bidding side's trick points, about 25).
QUICK_MARGIN = 40

PLURAL = {ACE: "aces", TEN: "tens", KING: "kings", QUEEN: "queens", JACK: "jacks"}
#: Davis: the last digit that asks for one card of each rank.
DAVIS_DIGIT = {JACK: 4, QUEEN: 6, KING: 8, TEN: 9, ACE: 0}
DAVIS_RANK = {d: r for r, d in DAVIS_DIGIT.items()}
#: Toby Thomas: the last digit (bids 25 to 49) that asks for each rank.
TOBY_DIGIT = {QUEEN: 6, KING: 8, TEN: 0, ACE: 1}
TOBY_RANK = {d: r for r, d in TOBY_DIGIT.items()}
AROUND_RANKS = (ACE, KING, QUEEN, JACK)  # tens around are worth nothing


class Signal(NamedTuple):
    """What a call says, in a form the estimate can test a hand against.

    ``kind``: ``pass``, ``forced``, ``natural`` (nothing conventional), ``trump`` (wants to
    name trump), ``aces`` (aces in other suits), ``meld`` (shows ``meld`` points), ``open``,
    ``not-ready``, ``some-meld``, ``pinochle-parts``, ``card`` (asks for a card of ``rank``),
    ``around`` (asks for ``rank`` around), ``book`` (a standard book), ``shut-out``.
    """

    kind: str
    rank: int | None = None
    meld: int = 0


class Reading(NamedTuple):
    """One call of an auction read under a convention."""

    call: Call
    meaning: str
    signal: Signal

    def to_dict(self) -> dict:
        return {"seat": self.call.seat, "call": self.call.bid if self.call.bid is not None
                else "pass", "meaning": self.meaning}


class Suggestion(NamedTuple):
    """A suggested call (None: pass), what it says under the convention, and why."""

    call: int | None
    meaning: str
    reason: str
    signal: Signal
    hints: dict | None = None


# --------------------------------------------------------------------------------------------
# rule sets


def convention_rules(convention: str, rules: RuleSet | None) -> tuple[RuleSet, list[str]]:
    """The rule set to use with a convention, and notes for the output.

    With no rule set chosen: jump bids use the standard rules; Davis's system assumes any
    number from 50 up may be bid and a four-card pass, so it gets the standard rules with
    ``bid_steps = "any"`` and ``pass_cards = 4``; Toby Thomas's system goes with the
    ``toby-thomas`` rule set.
    """
    check_convention(convention)
    notes: list[str] = []
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


def check_convention(convention: str) -> str:
    if convention not in CONVENTIONS:
        raise AuctionError(f"unknown convention {convention!r}: use one of"
                           f" {', '.join(CONVENTIONS)}")
    return convention


# --------------------------------------------------------------------------------------------
# hand features (vectorised over (n, 20) count arrays; a single hand is one row)


def _rows(counts) -> np.ndarray:
    return np.asarray(counts, dtype=np.int64).reshape(-1, 20)


def may_name_without_marriage(rules: RuleSet) -> bool:
    """Whether a bidder may name a suit without a marriage in it at the auction: the rule set
    drops the rule, or requires the marriage only after the exchange (RULES.md's variations:
    before the pass any suit may be named)."""
    return rules.marriage_required in ("false", "after-pass")


def trump_suits(counts, rules: RuleSet = STANDARD) -> np.ndarray:
    """(n, 4): the suits each hand is *trump-worthy* in (a marriage, unless the rule set drops
    that rule or asks for it only after the pass, and 7 cards, or 6 with the ace and the
    ten)."""
    c = _rows(counts).reshape(-1, 4, 5)
    length = c.sum(axis=2)
    married = (np.minimum(c[:, :, KING], c[:, :, QUEEN]) > 0) | may_name_without_marriage(rules)
    strong = (length >= 7) | ((length >= 6) & (c[:, :, ACE] > 0) & (c[:, :, TEN] > 0))
    return married & strong


def trump_worthy(counts, rules: RuleSet = STANDARD) -> np.ndarray:
    return trump_suits(counts, rules).any(axis=1)


def side_aces(counts) -> np.ndarray:
    """(n,): at least 4 aces, in at least 3 suits."""
    aces = _rows(counts).reshape(-1, 4, 5)[:, :, ACE]
    return (aces.sum(axis=1) >= 4) & ((aces > 0).sum(axis=1) >= 3)


def pinochle_parts(counts) -> np.ndarray:
    """(n,): at least three of the Q♠ and J♦ together."""
    c = _rows(counts)
    return c[:, 3] + c[:, 14] >= 3


def _plus(counts: np.ndarray, index: int) -> np.ndarray:
    """The (n, 20) hands with one more copy of card ``index`` (at most four)."""
    plus = counts.copy()
    plus[:, index] = np.minimum(plus[:, index] + 1, 4)
    return plus


def around_short(counts, rank: int) -> np.ndarray:
    """(n, 4): the suits that hold back each hand's next around of ``rank``: those where it
    holds the fewest cards of that rank (none once it holds four in every suit)."""
    c = _rows(counts)[:, rank::5]
    low = c.min(axis=1, keepdims=True)
    return (c == low) & (low < 4)


def needs_around(counts, rank: int) -> np.ndarray:
    """(n,): the hand is one or two cards short of its next around of ``rank``."""
    short = around_short(counts, rank).sum(axis=1)
    return (short >= 1) & (short <= 2)


def _around_plus(counts, rank: int) -> np.ndarray:
    """The (n, 20) hands with a card of ``rank`` added in each suit that holds back the next
    around (``around_short``): the cards an around request asks for."""
    c = _rows(counts)
    plus = c.copy()
    plus[:, rank::5] += around_short(c, rank)
    return plus


def helped_by(counts, rank: int, rules: RuleSet, around: bool = False) -> np.ndarray:
    """(n,): whether some card of ``rank`` would raise each hand's best meld; with ``around``,
    whether the hand needs the around (``needs_around``) and the cards that complete it
    raise its best meld."""
    c = _rows(counts)
    base = best_points(c, rules)
    if around:
        return needs_around(c, rank) & (best_points(_around_plus(c, rank), rules) > base)
    return np.logical_or.reduce([best_points(_plus(c, s * 5 + rank), rules) > base
                                 for s in range(4)])


def signal_mask(signal: Signal, counts, rules: RuleSet) -> np.ndarray | None:
    """(n,) booleans: the hands consistent with what a call said (None: it says nothing
    testable). Used to condition simulated deals on the calls of the other players."""
    kind = signal.kind
    if kind == "trump":
        return trump_worthy(counts, rules)
    if kind == "aces":
        return side_aces(counts)
    if kind == "meld":
        return best_points(_rows(counts), rules) >= signal.meld
    if kind == "some-meld":
        return best_points(_rows(counts), rules) >= 20 * rules.scale
    if kind == "pinochle-parts":
        return pinochle_parts(counts)
    if kind in ("card", "around") and signal.rank is not None:
        return helped_by(counts, signal.rank, rules, around=kind == "around")
    return None


def describe_signal(signal: Signal, scale: int = 1) -> str:
    """Short words for a condition on a hand, for the estimate's report (``scale``: the rule
    set's, for the meld figures)."""
    kind = signal.kind
    if kind == "meld":
        return f"at least {signal.meld} meld"
    if kind == "card":
        return f"{a_rank(signal.rank)} would help"
    if kind == "around":
        return f"{PLURAL[signal.rank]} around would help"
    return {"trump": "trump-worthy", "aces": "at least 4 aces in 3 suits",
            "some-meld": f"at least {20 * scale} meld",
            "pinochle-parts": "3 or more of Q♠ and J♦"}.get(kind, kind)


# --------------------------------------------------------------------------------------------
# meld gains from what the partner could pass


def holds_probability(unseen: list[int], pool: int, size: int) -> float:
    """The chance that a hand of ``size`` cards dealt from ``pool`` unseen cards holds at least
    one copy of each card kind, where ``unseen`` lists how many copies of each kind are unseen
    (inclusion-exclusion over the hypergeometric)."""
    if any(u <= 0 for u in unseen):
        return 0.0
    total = comb(pool, size)
    p = 0.0
    k = len(unseen)
    for mask in range(1 << k):
        missing = sum(unseen[i] for i in range(k) if mask >> i & 1)
        sign = -1 if bin(mask).count("1") % 2 else 1
        p += sign * comb(pool - missing, size) / total
    return max(0.0, min(1.0, p))


@dataclass(frozen=True)
class Gain:
    """What receiving one card (or an around) does for a hand with one trump."""

    label: str  # "JH" or "jacks around"
    rank: int
    around: bool
    gain: int  # exact meld gain
    probability: float  # the partner holds it (all of it, for an around)
    story: str  # what it completes, in words

    @property
    def expected(self) -> float:
        return self.gain * self.probability

    def to_dict(self) -> dict:
        return {"gain": self.gain, "probability": round(self.probability, 3),
                "expected": round(self.expected, 2), "story": self.story}


@dataclass(frozen=True)
class Gains:
    """The exact meld gain of every card and around, for each trump S H D C.

    ``cards[t][i]``: the gain of one more copy of card ``i`` with trump ``t`` (None if the hand
    already holds four); ``arounds[t][rank]`` the gain of the cards of ``rank`` that complete
    the hand's next around (one in each suit ``around_short`` names).
    ``probability[i]``: the partner holds at least one copy of card ``i``;
    ``around_probability[rank]``: the partner holds every card the around needs.
    """

    hand: Hand
    rules: RuleSet
    cards: tuple[tuple[int | None, ...], ...]
    arounds: tuple[dict[int, int], ...]
    probability: tuple[float, ...]
    around_probability: dict[int, float]

    def card(self, trump: int, index: int) -> Gain | None:
        g = self.cards[trump][index]
        if g is None:
            return None
        card = CARDS[index]
        return Gain(str(card), card.rank, False, g, self.probability[index],
                    self.story(trump, [index]))

    def around(self, trump: int, rank: int) -> Gain:
        short = around_short(self.hand.counts, rank)[0]
        indices = [s * 5 + rank for s in range(4) if short[s]]
        return Gain(f"{PLURAL[rank]} around", rank, True, self.arounds[trump][rank],
                    self.around_probability[rank], self.story(trump, indices))

    def best_card(self, trump: int, rank: int) -> Gain | None:
        """The card of ``rank`` worth most to the hand in expectation (ties: the larger gain)."""
        options = [g for s in range(4) if (g := self.card(trump, s * 5 + rank)) is not None]
        return max(options, key=lambda g: (g.expected, g.gain), default=None)

    def story(self, trump: int, indices: list[int]) -> str:
        """What adding these cards declares that the hand did not: ``makes a run``."""
        before = meld(self.hand, self.rules).trumps[trump]
        counts = list(self.hand.counts)
        for i in indices:
            counts[i] = min(4, counts[i] + 1)
        after = meld(Hand(counts), self.rules).trumps[trump]
        gone = list(before.melds)
        added = []
        for m in after.melds:
            if m in gone:
                gone.remove(m)
            else:
                added.append(m)
        if not added:
            return "adds no meld"
        text = "makes " + _and([_article(m) for m in added])
        if gone:
            text += " (instead of " + _and([_article(m) for m in gone]) + ")"
        return text

    def report(self, trump: int) -> dict:
        """The gains with the trump to be named, and (``by_trump``) with each of the four."""
        out = self.to_dict(trump)
        out["by_trump"] = {SUITS[t]: {k: v for k, v in self.to_dict(t).items() if k != "trump"}
                           for t in range(4)}
        return out

    def to_dict(self, trump: int) -> dict:
        cards = {}
        for i in range(20):
            g = self.card(trump, i)
            if g is not None and g.gain:
                cards[g.label] = g.to_dict()
        arounds = {}
        for r in AROUND_RANKS:
            g = self.around(trump, r)
            if g.gain:
                arounds[g.label] = g.to_dict()
        return {"trump": "SHDC"[trump], "cards": cards, "arounds": arounds}


def card_gains(hand: Hand, rules: RuleSet = STANDARD, partner_size: int = 20) -> Gains:
    """The exact meld gain of each card and each around for each trump, from the meld engine,
    with the chance that the partner (``partner_size`` cards of the unseen ones) holds it."""
    row = _rows(hand.counts)
    c = row[0]
    rows = [row] + [_plus(row, i) for i in range(20)] + [_around_plus(row, r)
                                                         for r in AROUND_RANKS]
    points = meld_points(np.concatenate(rows), rules)
    base = points[0]
    cards = tuple(tuple(None if c[i] >= 4 else int(points[1 + i, t] - base[t]) for i in range(20))
                  for t in range(4))
    arounds = tuple({r: int(points[21 + k, t] - base[t]) for k, r in enumerate(AROUND_RANKS)}
                    for t in range(4))
    pool = 80 - int(c.sum())
    size = min(partner_size, pool)
    probability = tuple(holds_probability([4 - int(c[i])], pool, size) for i in range(20))
    around_p = {}
    for r in AROUND_RANKS:
        short = around_short(row, r)[0]
        around_p[r] = holds_probability([4 - int(c[s * 5 + r]) for s in range(4) if short[s]]
                                        or [0], pool, size)
    return Gains(hand, rules, cards, arounds, probability, around_p)


def a_rank(rank: int) -> str:
    """``a jack``, ``an ace``."""
    name = RANK_NAMES[rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def _article(m) -> str:
    text = m.describe()
    return text if m.count > 1 or text.endswith("around") else "a " + text


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def meld_words(tm: TrumpMeld) -> str:
    """A hand's melds in words: ``a run, a royal marriage and double queens around``."""
    return _and([_article(m) for m in tm.melds]) or "no meld"


# --------------------------------------------------------------------------------------------
# reading calls


def _units(bid: int | None, rules: RuleSet) -> int | None:
    return None if bid is None else bid // rules.scale


def _ending(digit: int, k: int) -> str:
    """How a bid's last digit reads once scaled: ``4``, or ``40`` with scale 10 (540 is the
    table's 54); with a scale that is not a power of ten, the unit number's digit."""
    if k == 1:
        return str(digit)
    if str(k).strip("0") == "1":
        return str(digit * k).zfill(len(str(k)))
    return f"{digit} (in units of {k})"


def shown_meld(readings: list[Reading]) -> dict[int, int]:
    """The meld each seat has shown by jump bids, added up over its calls (seats that showed
    none are left out); a player may show less than they hold, never more."""
    out: dict[int, int] = {}
    for r in readings:
        if r.signal.kind == "meld":
            out[r.call.seat] = out.get(r.call.seat, 0) + r.signal.meld
    return out


def explain(auction: Auction, convention: str) -> list[Reading]:
    """Every call of the auction read under the convention, in order."""
    check_convention(convention)
    out: list[Reading] = []
    for call in auction.calls:
        out.append(read_call(call, auction.rules, convention,
                             shown_meld(out).get(call.seat, 0)))
    return out


def read_call(call: Call, rules: RuleSet, convention: str, shown_before: int = 0) -> Reading:
    """One call read under a convention (``shown_before``: meld the caller showed already)."""
    if call.bid is None:
        return Reading(call, "pass: out of the auction (says nothing more)", Signal("pass"))
    if call.forced:
        return Reading(call, "forced: the first three passed, so the dealer must bid the"
                       " minimum (says nothing)", Signal("forced"))
    meaning, signal = {"jump": jump_reading, "davis": davis_reading, "toby": toby_reading}[
        convention](call.bid, call.previous, call.opening, rules)
    if signal.kind == "meld" and shown_before:
        meaning += f" ({shown_before + signal.meld} in all with the meld shown before)"
    return Reading(call, meaning, signal)


def jump_reading(bid: int, previous: int | None, opening: bool,
                 rules: RuleSet) -> tuple[str, Signal]:
    """A bid read under jump bids (the numbers in the words are the real, scaled bids)."""
    k = rules.scale
    b, prev = bid // k, _units(previous, rules)
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
    prev = _units(previous, rules) if previous is not None else 49
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
    prev = _units(previous, rules)
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
            return (f"I need {a_rank(rank)} (ends in {_ending(digit, k)}; a jump past"
                    f" {lowest * k}, which asks the same)", Signal("card", rank), True)
        text = f"I need {a_rank(rank)} (the next bid ending in {_ending(digit, k)})"
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
                    f" ending in {_ending(digit, k)})", Signal("card", rank))
        return f"asks for {book}", Signal("book")
    if b == 50 and opening:
        return f"opening {bid}: asks for {book} and shuts the others out", Signal("shut-out")
    if b < 25:
        return f"below {25 * k} the system is silent", Signal("natural")
    return f"asks for {book}", Signal("book")


def reading_of(auction: Auction, bid: int | None, convention: str) -> Reading:
    """What ``bid`` (None: pass) by the player about to call would say."""
    shown = shown_meld(explain(auction, convention)).get(auction.next_seat, 0)
    after = auction.then(bid)
    return read_call(after.calls[-1], auction.rules, convention, shown)


def open_calls(auction: Auction, convention: str, span: int = 50,
               most: int = 12) -> list[tuple[int, str]]:
    """The lowest legal bid carrying each distinct meaning now (up to ``span`` above the
    minimum, at most ``most`` of them): what the player about to call could say."""
    legal = auction.legal()
    if legal.min_bid is None:
        return []
    out: list[tuple[int, str]] = []
    seen: set[Signal] = set()
    for bid in auction.legal_bids(legal.min_bid + span * auction.rules.scale):
        r = reading_of(auction, bid, convention)
        key = r.signal
        if r.signal.kind == "meld" or key not in seen:
            seen.add(key)
            out.append((bid, r.meaning))
        if len(out) >= most:
            break
    return out


# --------------------------------------------------------------------------------------------
# suggesting a call


def quick_limit(hand: Hand, rules: RuleSet = STANDARD) -> int:
    """A rough limit without an estimate: the hand's meld plus ``QUICK_MARGIN`` (scaled)."""
    return meld(hand, rules).best.points + QUICK_MARGIN * rules.scale


@dataclass
class _Context:
    hand: Hand
    auction: Auction
    convention: str
    limit: int
    trump: int | None
    rules: RuleSet = field(init=False)
    result: object = field(init=False)
    own: int = field(init=False)

    def __post_init__(self):
        self.rules = self.auction.rules
        self.result = meld(self.hand, self.rules)
        if self.trump is None and self.can_name:
            self.trump = self.result.best.trump
        self.own = (self.result.trumps[self.trump] if self.trump is not None
                    else self.result.best).points

    def nameable(self, trump: int) -> bool:
        """Whether the hand may name ``trump`` when it wins the bid."""
        return self.result.trumps[trump].callable or may_name_without_marriage(self.rules)

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
        return shown_meld(explain(self.auction, self.convention)).get(self.auction.next_seat, 0)

    def trump_words(self) -> str:
        suits = np.flatnonzero(trump_suits(self.hand.counts, self.rules)[0]).tolist()
        if not suits:
            return ""
        s = max(suits, key=lambda x: self.hand.suit_length(x))
        c = self.hand.counts[s * 5: s * 5 + 5]
        extras = " with the ace and ten" if c[ACE] and c[TEN] else ""
        return (f"a marriage in {SUIT_SYMBOLS[s]} and {self.hand.suit_length(s)}"
                f" {SUIT_SYMBOLS[s]}{extras}")

    def meld_words(self) -> str:
        tm = self.result.trumps[self.trump] if self.trump is not None else self.result.best
        return meld_words(tm)


def suggest(hand: Hand | str, auction: Auction, convention: str, limit: int | None = None,
            trump: int | None = None) -> Suggestion:
    """The call to make now under the convention, with its meaning and a one-line reason.

    ``limit``: the highest bid the side should go to (the estimate's ``max_bid``; None: the
    ``quick_limit`` rule of thumb). ``trump``: the suit the hand would name (default: its best
    callable suit).
    """
    check_convention(convention)
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    if auction.finished:
        raise AuctionError(f"there is no call to make: {auction.summary()}")
    ctx = _Context(hand, auction, convention, quick_limit(hand, auction.rules)
                   if limit is None else limit, trump)
    legal = auction.legal()
    if legal.forced:
        reason = f"the first three passed: the dealer must bid {legal.min_bid}"
        if not ctx.can_name:
            reason += ("; with no marriage you cannot name trump, so the bid is lost"
                       " (throw the hand in)")
        return ctx.call(legal.min_bid, reason)
    if not ctx.can_name:
        return ctx.call(None, "no marriage in any suit: you could not name trump, so you must"
                        " not win the bid")
    if ctx.limit < auction.rules.next_bid(None):
        return ctx.call(None, "your side is not expected to make even the minimum bid,"
                        f" {auction.rules.next_bid(None)}")
    if legal.min_bid > ctx.limit:
        return ctx.call(None, f"the next legal bid, {legal.min_bid}, is above your side's"
                        f" limit of {ctx.limit}")
    return {"jump": _suggest_jump, "davis": _suggest_davis, "toby": _suggest_toby}[convention](ctx)


def _suggest_jump(ctx: _Context) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = a.legal().min_bid
    current = _units(a.high, rules)
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


def _show_reason(ctx: _Context, shows: int, unshown: int) -> str:
    held = ctx.own
    text = f"shows {shows} meld: you hold {held} ({ctx.meld_words()})"
    if unshown != held:
        text += f", {held - unshown} of it shown already"
    return text


def _ace_suits(hand: Hand) -> int:
    return sum(1 for s in range(4) if hand.counts[s * 5])


def _hint_options(ctx: _Context, gains: Gains, ranks: tuple[int, ...],
                  arounds: bool) -> list[Gain]:
    options: list[Gain] = []
    for r in ranks:
        g = gains.best_card(ctx.trump, r)
        if g is not None:
            options.append(g)
    if arounds:  # only an around the hand needs, as the partner reads the request
        options += [gains.around(ctx.trump, r) for r in AROUND_RANKS
                    if needs_around(ctx.hand.counts, r)[0]]
    options = [g for g in options if g.expected >= HINT_MIN]
    return sorted(options, key=lambda g: (-g.expected, -g.gain))


def davis_hint_bid(auction: Auction, hint: Signal, upto: int) -> tuple[int | None, str]:
    """The lowest legal bid up to ``upto`` that carries ``hint`` under Davis's reading, or None
    and why not (off the rule set's steps, above the limit, or too late in the auction)."""
    rules = auction.rules

    def carries(bid: int, under: RuleSet) -> bool:
        _, signal, jumped = _davis(bid, auction.high, under)
        return signal == hint and not jumped

    for bid in auction.legal_bids(upto):
        if carries(bid, rules):
            return bid, ""
    # where would it be with any number from 54 up allowed, and no limit?
    free = rules.with_options(bid_steps="any")
    k = rules.scale
    prev = _units(auction.high, rules)
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


def _suggest_davis(ctx: _Context) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = a.legal().min_bid
    gains = card_gains(ctx.hand, rules)
    hints = gains.report(ctx.trump)
    options = _hint_options(ctx, gains, (JACK, QUEEN, KING, TEN, ACE), arounds=True)
    missed = []
    for g in options:
        signal = Signal("around" if g.around else "card", g.rank)
        bid, why = davis_hint_bid(a, signal, ctx.limit)
        what = g.label if g.around else a_rank(g.rank)
        if bid is not None:
            reason = _gain_reason(g, ctx.trump) + f": {bid} asks for {what}"
            if missed:
                reason += "; " + "; ".join(missed)
            return ctx.call(bid, reason, hints)
        missed.append(f"{what} would help more, but {why}")
    note = ("; " + "; ".join(missed)) if missed else ""
    current = _units(a.high, rules)
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
    for bid in a.legal_bids(ctx.limit):
        r = reading_of(a, bid, "davis")
        if r.signal.kind in ("natural", "not-ready") or (
                r.signal.kind in ("card", "around") and _helps(gains, ctx.trump, r.signal)):
            return ctx.call(bid, f"no hint worth giving; your side can make {ctx.limit}: the"
                            f" lowest bid that does not mislead partner{note}", hints)
    return ctx.call(None, f"every bid up to your side's limit of {ctx.limit} would ask for"
                    f" something you do not need{note}", hints)


def _gain_reason(g: Gain, trump: int) -> str:
    """``a JH would make a run (+11 meld with ♥ trump; partner holds one 78% of the time)``."""
    symbol = Card.parse(g.label).symbol if not g.around else ""
    who = g.label if g.around else ("an " if symbol[0] == "A" else "a ") + symbol
    holds = "all of them" if g.around else "one"
    return (f"{who} would {g.story.replace('makes', 'make', 1)} (+{g.gain} meld with"
            f" {SUIT_SYMBOLS[trump]} trump; partner holds {holds} {g.probability:.0%} of the time)")


def _helps(gains: Gains, trump: int, signal: Signal) -> bool:
    if signal.kind == "around":
        return (bool(needs_around(gains.hand.counts, signal.rank)[0])
                and gains.around(trump, signal.rank).gain > 0)
    g = gains.best_card(trump, signal.rank)
    return g is not None and g.gain > 0


def _suggest_toby(ctx: _Context) -> Suggestion:
    a, rules = ctx.auction, ctx.rules
    k = rules.scale
    low = a.legal().min_bid
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
        for bid in a.legal_bids(top):
            if (bid // k) % 10 == digit and bid // k >= 25:
                return ctx.call(bid, _gain_reason(g, t) + f": {bid} asks for"
                                f" {PLURAL[g.rank]}", hints)
    if ctx.partner_holds:
        return ctx.call(None, "partner holds the bid and no rank is worth asking for", hints)
    for bid in a.legal_bids(ctx.limit):
        meaning, signal = toby_reading(bid, a.high, opening, rules)
        if signal.kind in ("book", "shut-out", "natural"):
            why = ("no single rank helps much" if not best else
                   f"asking for {PLURAL[best[0][0].rank]} needs a bid from {25 * k} to"
                   f" {49 * k}")
            return ctx.call(bid, f"{why}; your side can make {ctx.limit}: ask for the standard"
                            " book", hints)
    return ctx.call(None, f"no bid up to your side's limit of {ctx.limit} says what you need",
                    hints)


__all__ = [
    "CONVENTIONS", "Signal", "Reading", "Suggestion", "Gains", "Gain", "convention_rules",
    "explain", "read_call", "reading_of", "open_calls", "suggest", "quick_limit",
    "card_gains", "holds_probability", "jump_reading", "davis_reading", "toby_reading",
    "davis_hint_bid", "davis_lowest", "davis_unavailable", "signal_mask", "describe_signal",
    "trump_worthy", "trump_suits", "side_aces", "pinochle_parts", "helped_by", "meld_words",
    "around_short", "needs_around", "shown_meld", "may_name_without_marriage",
]
