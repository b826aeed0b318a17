"""Exact search of a hand whose four hands are all known: the best play by both sides.

``Search(H, trump, side)`` holds one deal (the four hands' 16 suit codes, as ``tricks`` keeps
them). ``search.solve(leader)`` is the trick points (unscaled) ``side`` takes from the start of
a trick led by ``leader`` to the end when both sides play their best, each knowing every card:
``side`` maximises them, the other side minimises them. ``search.card_values(leader, trick)``
gives that value after each legal card of the seat to play, with ``trick`` (the cards played to
the trick in progress) on the table; ``tricks_left`` counts the tricks still to finish. The
search is alpha-beta within a trick, and each position at the start of a trick is
solved once (a table keyed by the hands and the leader), so the tricks played in a different
order that reach the same hands cost nothing more. It is meant for the last few tricks:
each further trick multiplies the work by about the cards in a hand to the fourth power.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import LAST_TRICK_BONUS
from .tricks import BELOW, CARD_POINTS, NONE, RANK_OF, SUIT_OF, N, W, legal_spec, trick_winner

_INF = 1 << 20


def _legal(H: list[int], p: int, trump: int, trick: list[int], ls: int, ws: int,
           wr: int) -> list[int]:
    b = 4 * p
    if trick:
        suit, bound = legal_spec(H[b + ls], H[b + trump], trump, ls, ws, wr)
        if suit >= 0:
            return [suit * 5 + r for r in BELOW[H[b + suit] * 6 + bound]]
    return [s * 5 + r for s in range(4) for r in BELOW[H[b + s] * 6 + NONE]]


class Search:
    """The exact values of one deal (16 suit codes) with ``trump``, for ``side``."""

    def __init__(self, H: Sequence[int], trump: int, side: int):
        self.H = list(H)
        self.trump, self.side = trump, side
        self.table: dict[tuple, int] = {}

    def solve(self, leader: int) -> int:
        """The value of the position at the start of a trick led by ``leader``."""
        H = self.H
        b = 4 * leader
        if not (H[b] or H[b + 1] or H[b + 2] or H[b + 3]):
            return 0
        key = (*H, leader)
        value = self.table.get(key)
        if value is None:
            value = self.trick(leader, [], -_INF, _INF)
            self.table[key] = value
        return value

    def trick(self, leader: int, trick: list[int], alpha: int, beta: int) -> int:
        """The value with ``trick`` (cards played to the trick in progress) on the table."""
        H, trump = self.H, self.trump
        k = len(trick)
        if k == 4:
            winner = (leader + trick_winner(trick, trump)) & 3
            got = sum(CARD_POINTS[c] for c in trick)
            b = 4 * winner
            if not (H[b] or H[b + 1] or H[b + 2] or H[b + 3]):
                got += LAST_TRICK_BONUS
            return (got if winner & 1 == self.side else 0) + self.solve(winner)
        p = (leader + k) & 3
        ls = SUIT_OF[trick[0]] if trick else 0
        ws = wr = 0
        if trick:
            w = trick[trick_winner(trick, trump)]
            ws, wr = SUIT_OF[w], RANK_OF[w]
        ours = p & 1 == self.side
        best = -_INF if ours else _INF
        for card in _legal(H, p, trump, trick, ls, ws, wr):
            at = 4 * p + SUIT_OF[card]
            H[at] -= W[RANK_OF[card]]
            trick.append(card)
            value = self.trick(leader, trick, alpha, beta)
            trick.pop()
            H[at] += W[RANK_OF[card]]
            if ours:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def card_values(self, leader: int, trick: Sequence[int]) -> dict[int, int]:
        """Per legal card of the seat to play (after ``trick``, led by ``leader``), the exact
        value: ``side``'s trick points from the trick in progress on."""
        H, trump = self.H, self.trump
        played = list(trick)
        p = (leader + len(played)) & 3
        ls = SUIT_OF[played[0]] if played else 0
        ws = wr = 0
        if played:
            w = played[trick_winner(played, trump)]
            ws, wr = SUIT_OF[w], RANK_OF[w]
        out = {}
        for card in _legal(H, p, trump, played, ls, ws, wr):
            at = 4 * p + SUIT_OF[card]
            H[at] -= W[RANK_OF[card]]
            played.append(card)
            out[card] = self.trick(leader, played, -_INF, _INF)
            played.pop()
            H[at] += W[RANK_OF[card]]
        return out


def tricks_left(H: Sequence[int], leader: int, in_trick: int) -> int:
    """Tricks still to finish, the one in progress included."""
    b = 4 * ((leader + in_trick) & 3)
    return N[H[b]] + N[H[b + 1]] + N[H[b + 2]] + N[H[b + 3]]


__all__ = ["Search", "tricks_left"]
