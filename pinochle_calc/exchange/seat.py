"""The card exchange in a whole hand: every seat passes and returns cards by the one exchange
policy (``exchange.policy``), the same the estimate plays in its simulated deals, so that in a
match between bidding policies only the bidding differs.

What it answers (RULES.md "Passing cards and calling trump", and Toby Thomas's variation):

- the partner's pass to the bidder, knowing the trump named (or, before trump is named, the
  suit the bidder asked for) and the hint the bidder's calls gave (``hint``, a convention
  ``Signal`` of kind ``card`` or ``around``);
- the bidder's pass: at the same time as the partner (from 20 cards), or back after receiving
  (from 20 + n cards), answering the hint the partner's calls gave;
- the suit request. **Decision.** Where cards are exchanged before trump is named, the bidder
  always names a suit to receive (Toby Thomas's rule; the variation's "may suggest" is read the
  same way): the suit it plans to name (``suit_request``). Under Toby Thomas's rule the partner
  passes as many cards of that suit as it holds, up to the number passed, and makes the rest
  up with cards of its choice; elsewhere the suit is what the partner passes for, as trump.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, get_args

from ..cards import SuitLike, as_suit
from ..errors import UserError, described
from ..hand import Hand, HandLike, as_hand
from ..rules import RulesLike, as_rules

if TYPE_CHECKING:
    from .hints import Signal

#: Who passes in the exchange: the ``partner`` (to the bidder) or the ``bidder`` (back).
Role = Literal["partner", "bidder"]
ROLES: tuple[Role, ...] = get_args(Role)


def as_role(value: object) -> Role:
    """A role given by its word (``partner`` or ``bidder``): a ``UserError`` for another word,
    a ``TypeError`` for anything but text."""
    if not isinstance(value, str):
        raise TypeError(f"role must be partner or bidder, not {described(value)}")
    word = value.strip().lower()
    for role in ROLES:
        if word == role:
            return role
    raise UserError(f"unknown role {value!r}: use partner or bidder")


def choose_pass(hand: HandLike, n: int, trump: SuitLike, role: Role, rules: RulesLike, *,
                hint: Signal | str | None = None, asked: Signal | str | None = None,
                request: SuitLike | None = None) -> Hand:
    """The ``n`` cards a seat passes: ``role`` ``partner`` (to the bidder, from 20 cards) or
    ``bidder`` (from 20 cards at the same time as the partner, or 20 + n after receiving).

    ``trump`` is the suit named, or the suit the bidder plans to name; ``hint`` what the other
    partner's calls asked for; ``asked`` what the bidder's own calls asked for (a bidder passing
    at the same time counts on receiving it); ``request`` the suit the bidder asked to receive
    (partner only).
    """
    import numpy as np

    from .hints import as_hint
    from .policy import bidder_pass, bidder_return, partner_pass, suit_asked

    hand, rules, trump = as_hand(hand), as_rules(rules), as_suit(trump)
    hint, asked, role = as_hint(hint), as_hint(asked, "asked"), as_role(role)
    request = None if request is None else as_suit(request, "request")
    counts = np.array([hand.counts])
    if role == "partner":
        cards = partner_pass(counts, trump, n, rules, hint, suit_asked(rules, request))
    elif len(hand) == 20 + n:
        cards = bidder_return(counts, trump, n, rules, hint)
    else:
        cards = bidder_pass(counts, trump, n, rules, hint, asked)
    return Hand(cards[0].tolist())


def suit_request(hand: HandLike, planned: SuitLike | None) -> int:
    """The suit a pass is for: the suit planned (named, or asked for), or with none, the
    longest suit of ``hand`` (ties S H D C). What the bidder asks to receive before trump is
    named (the suit it plans to name), and what a pass answers where no suit was named or
    asked for (``game.decisions.pass_request``: the passer's longest)."""
    hand = as_hand(hand)
    if planned is not None:
        return as_suit(planned, "planned")
    return max(range(4), key=lambda s: (hand.suit_length(s), -s))


__all__ = ["choose_pass", "suit_request", "Role", "ROLES", "as_role"]
