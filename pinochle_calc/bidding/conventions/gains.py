"""Meld gains from what the partner could pass: the exact gain of each card and each around.

The Davis and Toby hints come from the exact meld gain of each card and each around the
partner could pass (``card_gains``, computed with the meld engine for the trump to be named),
weighted by the chance the partner holds it (hypergeometric, from the unseen cards alone); a
hint is given when that expected gain is at least ``HINT_MIN`` points. The gain of an around
adds the rank only in the suits that hold it back (``exchange.hints.around_short``), and its
probability is that the partner holds every one of those cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from ...cards import CARDS, SUIT_SYMBOLS, SUITS, Card, SuitLike, as_suit
from ...exchange.hints import around_plus, around_short, plus_card, rows
from ...hand import Hand, HandLike, as_hand
from ...meld.engine import HandMeld, meld
from ...meld.vector import meld_points
from ...meld.words import AROUND_RANKS, PLURAL, and_list, article
from ...rules import STANDARD, RuleSet, RulesLike, as_rules
from ...stores import kept

#: The smallest expected meld gain (points) worth a hint.
HINT_MIN = 2.0


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

    def __post_init__(self) -> None:
        object.__setattr__(self, "_reports", {})  # report by trump, once each (read-only)

    def __repr__(self) -> str:
        return f"Gains(hand={str(self.hand)!r}, rules={self.rules.name!r})"

    def card(self, trump: SuitLike, index: int) -> Gain | None:
        """The gain of one more copy of card ``index`` (None: the hand holds four)."""
        trump = as_suit(trump)
        g = self.cards[trump][index]
        if g is None:
            return None
        card = CARDS[index]
        return Gain(str(card), card.rank, False, g, self.probability[index],
                    self.story(trump, [index]))

    def around(self, trump: SuitLike, rank: int) -> Gain:
        """The gain of the cards of ``rank`` that complete the hand's next around."""
        trump = as_suit(trump)
        short = around_short(self.hand.counts, rank)[0]
        indices = [s * 5 + rank for s in range(4) if short[s]]
        return Gain(f"{PLURAL[rank]} around", rank, True, self.arounds[trump][rank],
                    self.around_probability[rank], self.story(trump, indices))

    def best_card(self, trump: SuitLike, rank: int) -> Gain | None:
        """The card of ``rank`` worth most to the hand in expectation (ties: the larger gain)."""
        options = [g for s in range(4) if (g := self.card(trump, s * 5 + rank)) is not None]
        return max(options, key=lambda g: (g.expected, g.gain), default=None)

    def story(self, trump: int, indices: list[int]) -> str:
        """What adding these cards declares that the hand did not: ``makes a run``."""
        before = _meld(self.hand.counts, self.rules).trumps[trump]
        counts = list(self.hand.counts)
        for i in indices:
            counts[i] = min(4, counts[i] + 1)
        after = _meld(tuple(counts), self.rules).trumps[trump]
        gone = list(before.melds)
        added = []
        for m in after.melds:
            if m in gone:
                gone.remove(m)
            else:
                added.append(m)
        if not added:
            return "adds no meld"
        text = "makes " + and_list([article(m) for m in added])
        if gone:
            text += " (instead of " + and_list([article(m) for m in gone]) + ")"
        return text

    def report(self, trump: SuitLike) -> dict:
        """The gains with the trump to be named, and (``by_trump``) with each of the four
        (worked out once per trump: the same dict each time, not to be changed)."""
        trump = as_suit(trump)
        reports: dict[int, dict] = self._reports  # type: ignore[attr-defined]
        if trump not in reports:
            out = self.to_dict(trump)
            out["by_trump"] = {SUITS[t]: {k: v for k, v in self.to_dict(t).items()
                                          if k != "trump"} for t in range(4)}
            reports[trump] = out
        return reports[trump]

    def to_dict(self, trump: SuitLike) -> dict:
        """The gains with one trump: the ``hints`` record of a Davis or Toby call."""
        trump = as_suit(trump)
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


@kept(4096)
def _meld(counts: tuple[int, ...], rules: RuleSet) -> HandMeld:
    """The meld engine's answer for a hand of these counts, kept: a report tells the story of
    every card and around for each trump, from the same few hands."""
    return meld(Hand(counts), rules)


def card_gains(hand: HandLike, rules: RulesLike = STANDARD, partner_size: int = 20) -> Gains:
    """The exact meld gain of each card and each around for each trump, from the meld engine,
    with the chance that the partner (``partner_size`` cards of the unseen ones) holds it
    (kept: a hand's every call asks the same)."""
    return _card_gains(as_hand(hand), as_rules(rules), partner_size)


@kept(256)
def _card_gains(hand: Hand, rules: RuleSet, partner_size: int) -> Gains:
    row = rows(hand.counts)
    c = row[0]
    variants = ([row] + [plus_card(row, i) for i in range(20)]
                + [around_plus(row, r) for r in AROUND_RANKS])
    points = meld_points(np.concatenate(variants), rules)
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


def gain_reason(g: Gain, trump: int) -> str:
    """``a JH would make a run (+11 meld with ♥ trump; partner holds one 78% of the time)``."""
    symbol = Card.parse(g.label).symbol if not g.around else ""
    who = g.label if g.around else ("an " if symbol[0] == "A" else "a ") + symbol
    holds = "all of them" if g.around else "one"
    return (f"{who} would {g.story.replace('makes', 'make', 1)} (+{g.gain} meld with"
            f" {SUIT_SYMBOLS[trump]} trump; partner holds {holds} {g.probability:.0%} of the time)")
