"""The rule of thumb's count: what the ``thumb`` policy (``policies.Thumb``), a yardstick of
another style than the advice and the formula, bids to.

Where ``formula`` adds a fixed 45 to the hand's meld and the advisor simulates deals, the rule
of thumb counts as a player does at the table, card by card (``features``, ``count``): the meld
in the suit it would name, a worth for each trump, each ace and ten, a void, plus what a partner
brings on average and, in a game with a card exchange, what each card passed brings. The numbers
were fitted by quantile regression (at 30%) on random deals played out
(``benchmarks/fit_thumb.py``) and rounded as a player would remember them.
"""

from __future__ import annotations

import numpy as np

from ..cards import ACE, TEN
from ..hand import Hand
from ..meld.vector import meld_points
from ..rules import RuleSet

#: What ``features`` counts, in order.
FEATURES = ("meld", "trumps", "trumps over 7", "trump aces", "trump tens", "side aces",
            "voids", "singletons")


def features(counts, trump, rules: RuleSet) -> np.ndarray:
    """``(n, len(FEATURES))``: what a player counts in each hand (``(n, 20)``) for the trump it
    would name (one per hand): its meld in that trump (unscaled points), the trumps, those
    over seven, the trump aces and tens, the aces of the other suits, and the other suits it
    holds none or one of."""
    c = np.asarray(counts, dtype=np.int64).reshape(-1, 20)
    n = len(c)
    t = np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,))
    rows = np.arange(n)
    meld = meld_points(c, rules)[rows, t] / rules.scale
    by_suit = c.reshape(-1, 4, 5)
    length = by_suit.sum(axis=2)
    trumps = length[rows, t]
    side = np.ones((n, 4), dtype=bool)
    side[rows, t] = False
    aces, tens = by_suit[:, :, ACE], by_suit[:, :, TEN]
    return np.column_stack([
        meld, trumps, np.maximum(trumps - 7, 0), aces[rows, t], tens[rows, t],
        (aces * side).sum(axis=1),
        ((length == 0) & side).sum(axis=1), ((length == 1) & side).sum(axis=1),
    ]).astype(np.float64)


#: The worth of each thing ``features`` counts, in points, without a card exchange and with a
#: four-card one (fitted at the 30% quantile by ``benchmarks/fit_thumb.py``, 18,958 deals, seed 7,
#: and rounded): with an exchange, trump length is worth more (the partner passes trumps) and a
#: void or a trump ten less (the pass fills the one and the ten is one more trump).
WORTH_NO_PASS = (1.0, 0.5, 1.0, 3.0, 2.0, 1.5, 3.0, 1.0)
WORTH_FOUR_CARDS = (0.8, 1.5, 2.0, 1.5, 0.0, 2.0, 0.5, 0.0)
#: What a partner and the tricks bring besides, on average: with the rounded worths, the side
#: falls short of the count in 30% of the deals (``fit_thumb.py``, the same deals).
BASE_NO_PASS, BASE_FOUR_CARDS = 22.5, 37.0


def worths_for(rules: RuleSet) -> tuple[float, ...]:
    """The worths under a rule set: between the two tables by the cards passed (of four)."""
    share = rules.pass_cards / 4
    return tuple(a + (b - a) * share for a, b in zip(WORTH_NO_PASS, WORTH_FOUR_CARDS))


def base_for(rules: RuleSet) -> float:
    """What a partner and the tricks bring under a rule set, unscaled (as ``worths_for``)."""
    return BASE_NO_PASS + (BASE_FOUR_CARDS - BASE_NO_PASS) * rules.pass_cards / 4


def count(hand: Hand, trump: int, rules: RuleSet) -> float:
    """The rule of thumb's count for ``hand`` naming ``trump``: what its side can expect to make
    most of the time (its total falls short of it in about 30% of the deals), scaled."""
    worth = np.array(worths_for(rules))
    return float(features(hand.counts, trump, rules)[0] @ worth + base_for(rules)) * rules.scale


def count_words(hand: Hand, trump: int, rules: RuleSet) -> str:
    """What the count is made of, in words: ``meld 35, 7 trumps, 2 trump aces, ...``."""
    f = features(hand.counts, trump, rules)[0]
    worth = worths_for(rules)
    parts = [f"meld {int(f[0] * rules.scale)}"]
    for name, value, w in zip(FEATURES[1:], f[1:], worth[1:]):
        if value and w:
            parts.append(f"{int(value)} {name if value > 1 else _ONE[name]}")
    return ", ".join(parts)


#: A feature's name for one of it.
_ONE = {"trumps": "trump", "trumps over 7": "trump over 7", "trump aces": "trump ace",
        "trump tens": "trump ten", "side aces": "side ace", "voids": "void",
        "singletons": "singleton"}


__all__ = ["FEATURES", "features", "worths_for", "base_for", "count", "count_words"]
