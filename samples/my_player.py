"""A card player of one's own, for ``play`` and ``arena`` (and the library's ``play_hand``):
put it after the bidding policy's name, ``formula/samples/my_player.py:Cautious``.

It sees only what its seat sees (a ``game.outside.CardView``): its hand, trump, the tricks so
far and the trick in progress, the contract, every seat's meld shown and its side's exchange,
and the table's rule set, auction, dealer, each side's meld points and a seed for the decision.
It is asked only where it has a choice, and answers with one of ``view.legal()``.
"""

import random

from pinochle_calc.cards import CARDS, COUNTER


class Cautious:
    """Wins the trick with its highest card where it can take counters, else plays low: of
    its lowest cards, one at random, drawn from the decision's seed (``view.seed``), so that
    the same match seed plays the same cards."""

    name = "cautious"

    def choose(self, view):
        legal = view.legal()
        by_rank = sorted(legal, key=lambda c: CARDS[c].rank)  # A first, J last
        if view.trick and sum(COUNTER[CARDS[c].rank] for c in view.trick):
            return by_rank[0]  # counters on the table: its best card
        low = CARDS[by_rank[-1]].rank
        lowest = [c for c in legal if CARDS[c].rank == low]  # of every suit it may play
        return random.Random(view.seed).choice(lowest)  # nothing to take: a low card
