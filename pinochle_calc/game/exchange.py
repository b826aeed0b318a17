"""The card exchange between the bidder and partner, and the one pass policy every seat uses.

``choose_pass`` is the pass policy: every bidding policy passes and returns cards through it, so
that in a match between policies only the bidding differs. It is the place to swap in a better
pass policy; for now it asks the project's pass advice (``bidding.passing.advise_pass``) with a
modest number of simulated hands.

What it answers (RULES.md "Passing cards and calling trump", and Toby Thomas's variation):

- the partner's pass to the bidder, knowing the trump named (or, before trump is named, the
  suit the bidder asked for) and the hint the bidder gave in the auction (``hint``, a
  convention ``Signal`` of kind ``card`` or ``around``);
- the bidder's pass: at the same time as the partner (from 20 cards), or back after receiving
  (from 20 + n cards);
- the suit request. **Decision.** Where cards are exchanged before trump is named, the bidder
  always names a suit to receive (Toby Thomas's rule; the variation's "may suggest" is read the
  same way): the suit it plans to name (``suit_request``). The partner passes as many cards of
  that suit as it holds, up to the number passed, and makes the rest up with cards of its
  choice.
"""

from __future__ import annotations

from ..bidding.passing import advise_pass
from ..hand import Hand
from ..rules import RuleSet

#: Simulated hands of the other player behind each pass: ``advise_pass``'s default. Its time
#: goes to trying every choice of cards, not to the hands (about 30 ms a pass at 200 hands or at
#: 600), and against 1,000 hands 600 agrees more often than 200 (measured in the commit).
PASS_SAMPLES = 600
#: Ask ``advise_pass`` for its whole ranking (a suit request may rule out its first choices).
_EVERY_CHOICE = 1 << 30


def choose_pass(hand: Hand, n: int, trump: int, role: str, rules: RuleSet, *, hint=None,
                request: int | None = None, seed: int = 0,
                samples: int = PASS_SAMPLES) -> Hand:
    """The ``n`` cards a seat passes: ``role`` ``partner`` (to the bidder, from 20 cards) or
    ``bidder`` (from 20 cards at the same time as the partner, or 20 + n after receiving).

    ``trump`` is the suit named, or the suit the bidder plans to name; ``hint`` is what the
    bidder asked for in the auction (partner only); ``request`` the suit the bidder asked to
    receive (partner only: as many of it as the hand holds, up to ``n``).
    """
    ranked = advise_pass(hand, trump, role, n, rules, hint=hint if role == "partner" else None,
                         samples=samples, seed=seed,
                         alternatives=_EVERY_CHOICE if request is not None else 0)
    if request is None or role != "partner":
        return Hand(ranked.best.cards)
    need = min(n, hand.suit_length(request))
    for choice in (ranked.best, *ranked.alternatives):
        if sum(choice.cards[request * 5: request * 5 + 5]) >= need:
            return Hand(choice.cards)
    raise AssertionError("every hand can pass the cards of the suit asked for")


def suit_request(hand: Hand, planned: int | None) -> int:
    """The suit the bidder asks to receive before trump is named: the suit it plans to name,
    or (planning none) its longest suit."""
    if planned is not None:
        return planned
    return max(range(4), key=lambda s: (hand.suit_length(s), -s))


__all__ = ["choose_pass", "suit_request", "PASS_SAMPLES"]
