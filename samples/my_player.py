"""A card player of one's own, for ``play`` and ``arena`` (and the library's ``play_hand``):
put it after the bidding policy's name, ``formula/samples/my_player.py:Cautious``.

It sees only what its seat sees (a ``play.position.Position``): its hand, trump, the tricks so
far and the trick in progress, the contract, every seat's meld shown and its side's exchange.
It is asked only where it has a choice, and answers with one of ``view.legal()``.
"""

from pinochle_calc.cards import CARDS, COUNTER


class Cautious:
    """Wins the trick with its highest card where it can take counters, else plays low."""

    name = "cautious"

    def choose(self, view):
        legal = view.legal()
        by_rank = sorted(legal, key=lambda c: CARDS[c].rank)  # A first, J last
        if view.trick and sum(COUNTER[CARDS[c].rank] for c in view.trick):
            return by_rank[0]  # counters on the table: its best card
        return by_rank[-1]  # nothing to take: its lowest card
