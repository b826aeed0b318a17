"""Partnership meld: two partners' hands under one trump, each melding on its own.

A meld must lie entirely in one player's hand (RULES.md "Meld"), so a side's meld for a trump is
simply the sum of the two hands' maximal melds for that trump; cards are never combined across
hands. The side may name a trump that either partner could name (the bidder needs a marriage in
trump, unless the rule set drops that rule). Under the minimum-meld rule, the side lays down its
meld only if the total is at least the minimum ("on the board").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from ..cards import CARDS, COPIES, SUITS, SuitLike, as_suit
from ..hand import Hand, HandLike, as_hand
from ..notation import DeckError
from ..rules import STANDARD, RulesLike, as_rules
from .engine import HandMeld, TrumpMeld, best_suit, meld

#: Which of the two partners (``SideTrump.callable_by``).
Who = Literal["hand", "partner"]
WHO: tuple[Who, ...] = get_args(Who)


@dataclass(frozen=True)
class SideTrump:
    """The side's meld with one trump: each hand's meld, the total, who may name it, and whether
    the side is on the board (always True without a minimum)."""

    trump: int
    hand: TrumpMeld
    partner: TrumpMeld
    points: int
    callable_by: tuple[Who, ...]  # "hand", "partner" (empty: neither may name this trump)
    on_board: bool

    @property
    def callable(self) -> bool:
        return bool(self.callable_by)

    def to_dict(self) -> dict[str, object]:
        """The side's meld with this trump as ``meld --partner``'s JSON shows it under
        ``side.trumps`` (keyed there by the trump's letter)."""
        return {"meld": self.points, "hand": self.hand.points, "partner": self.partner.points,
                "callable_by": list(self.callable_by), "on_board": self.on_board}

    def __repr__(self) -> str:
        return (f"SideTrump(trump={SUITS[self.trump]!r}, points={self.points},"
                f" hand={self.hand.points}, partner={self.partner.points},"
                f" callable_by={self.callable_by}, on_board={self.on_board})")


@dataclass(frozen=True)
class SideMeld:
    """Both partners' meld for every trump (indexed S H D C) and the side's best trump: the
    highest total among the trumps either partner may name (ties to the longer combined suit,
    then S H D C); if neither may name any, the highest total."""

    hand: HandMeld
    partner: HandMeld
    trumps: tuple[SideTrump, ...]
    best: SideTrump
    minimum: int  # the scaled minimum meld (0: no minimum)
    warnings: tuple[str, ...] = ()

    def __getitem__(self, suit: SuitLike) -> SideTrump:
        """The side's meld with this trump, by index or by letter / symbol / name."""
        return self.trumps[as_suit(suit, "suit")]

    def to_dict(self, trump: SuitLike | None = None) -> dict[str, object]:
        """The ``side`` record of ``meld --partner``'s JSON: the best trump, the minimum, the
        side's meld with each trump (``trump``: that one alone, named as the best) and the
        warnings."""
        suit = None if trump is None else as_suit(trump)
        best = self.best if suit is None else self.trumps[suit]
        shown = self.trumps if suit is None else (best,)
        return {"best": {"trump": SUITS[best.trump], "meld": best.points},
                "min_meld": self.minimum,
                "trumps": {SUITS[t.trump]: t.to_dict() for t in shown},
                "warnings": list(self.warnings)}

    def __repr__(self) -> str:
        points = {SUITS[t.trump]: t.points for t in self.trumps}
        return (f"SideMeld(best={SUITS[self.best.trump]!r}, points={points},"
                f" hand={self.hand.best.points}, partner={self.partner.best.points},"
                f" minimum={self.minimum})")


def combined_problem(hand: Hand, partner: Hand) -> str:
    """Why two hands cannot both come from one double deck ('' if they can)."""
    over = [(card, a + b) for card, a, b in zip(CARDS, hand.counts, partner.counts)
            if a + b > COPIES]
    if not over:
        return ""
    listed = ", ".join(f"{n} {card.symbol}" for card, n in over)
    return (f"the two hands together hold {listed}: a double deck has only four of each card")


def side_meld(hand: HandLike, partner: HandLike, rules: RulesLike = STANDARD) -> SideMeld:
    """The partnership meld of two hands under a rule set (see the module doc).

    Raises DeckError if the two hands together exceed the deck.
    """
    hand, partner = as_hand(hand), as_hand(partner, "partner")
    rules = as_rules(rules)
    problem = combined_problem(hand, partner)
    if problem:
        raise DeckError(problem)
    mine, theirs = meld(hand, rules), meld(partner, rules)
    trumps = []
    for a, b in zip(mine.trumps, theirs.trumps):
        total = a.points + b.points
        who = tuple(w for w, t in zip(WHO, (a, b)) if t.callable)
        trumps.append(SideTrump(a.trump, a, b, total, who, not rules.under_minimum(total)))
    lengths = [x + y for x, y in zip(hand.suit_lengths(), partner.suit_lengths())]
    best = trumps[best_suit([t.points for t in trumps], lengths, [t.callable for t in trumps])]
    warnings = [f"hand: {w}" for w in mine.warnings] + [f"partner: {w}" for w in theirs.warnings]
    return SideMeld(mine, theirs, tuple(trumps), best, rules.min_meld_points, tuple(warnings))


__all__ = ["SideMeld", "SideTrump", "side_meld", "combined_problem"]
