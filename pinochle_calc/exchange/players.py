"""The exchange as the players make it, on many deals at once: what the bid estimate plays in its
simulated deals.

At the table every seat passes the pass advice's cards (``advice.advise_pass``: the exchange
policy's choice, unless its check, which scores every choice on hands of the receiver dealt from
the passer's unseen cards, finds one better by more than its noise and a meld point,
``advice.PASS_MARGIN``). The check costs some 40 ms of CPU for a deal's two passes, where the
estimate exchanges in a thousand deals for each trump it examines in about 10 ms; so the
estimate plays the policy fitted to the advice, where the two differ by rule rather than by the
check's hands:

- the partner answers the bidder's hint by its worth, as the check does. The policy passes the
  card a hint asks for first (``policy.partner_pass``); the check, whose bidder hands are those
  that would give the hint, passes fewer cards of that rank in more than a third of the passes
  after a hint (of 1,200 dealt passes after a hint for a card or an around). Here the
  partner passes the policy's best choice without answering where that is worth more than the
  check's margin (a meld point) above the choice that answers, by the policy's objective;
  else the answer;
- the bidder passes and returns as the policy does (the advice's very cards in 87% of its
  passes with four cards passed at once, 70% of its returns under Toby Thomas's rules).

How close it comes (``benchmarks/pass_agreement.py fit``, docs/exchange.md): the cards the
players pass, the side's meld and trick points after the exchange, in deals not used to fit it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..cards import SuitLike, as_suit
from ..rules import RulesLike, as_rules
from . import policy
from .advice import PASS_MARGIN
from .hints import as_hint

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

    from .hints import Signal


def partner_pass(hands: ArrayLike, trump: SuitLike, k: int, rules: RulesLike,
                 hint: Signal | str | None = None,
                 request: SuitLike | None = None) -> np.ndarray:
    """``(n, 20)``: the ``k`` cards each partner passes to the bidder, as the players pass
    (``policy.partner_pass``'s arguments): the hint answered where the answer is within a
    meld point of the best choice without it (module docstring)."""
    trump, rules, hint = as_suit(trump), as_rules(rules), as_hint(hint)
    answered = policy.partner_pass(hands, trump, k, rules, hint, request)
    if policy.asked_cards(hint) is None:
        return answered
    free = policy.partner_pass(hands, trump, k, rules, hint, request, answer=False)
    h = np.asarray(hands, dtype=np.int64).reshape(-1, 20)
    objective = policy.partner_objective(trump, rules, hint, policy.POLICY, k)
    worth = objective.score(h, np.stack([free, answered], axis=1))
    return np.where((worth[:, 0] - worth[:, 1] > PASS_MARGIN)[:, None], free, answered)


def exchange(bidder: ArrayLike, partner: ArrayLike, trump: SuitLike, rules: RulesLike,
             hint: Signal | str | None = None,
             partner_hint: Signal | str | None = None) -> policy.Exchange:
    """``policy.exchange`` (the exchange the rule set has, on many deals), with the partner
    passing as the players pass (``partner_pass``)."""
    return policy.exchange(bidder, partner, trump, rules, hint, partner_hint,
                           passing=partner_pass)


__all__ = ["exchange", "partner_pass"]
