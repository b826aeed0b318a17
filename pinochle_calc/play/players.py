"""Players: who decides which legal card to play.

A player is any object with ``choose(view) -> card index``, where ``view`` is a
``play.SeatView`` (own hand, trump, the trick so far, the legal cards, the cards not yet played
and the voids each seat has shown). That is all a user needs to write to plug in a player::

    class LowestCard:
        def choose(self, view):
            # ranks run A 10 K Q J (0 to 4) within a suit: the largest is the lowest card
            return max(view.legal, key=lambda card: card % 5)

The two players here also carry fast decision functions (``lead`` and ``follow`` on suit
codes, see ``play.playout``) which simulation uses directly; ``choose`` calls the very same
functions, so the fast loop and ``PlayState`` play identically. Four heuristic players are
played on arrays, many deals at once, by ``lockstep``, which writes ``heuristic_lead`` and
``heuristic_follow`` out again clause by clause: a change to either must be made there too
(the tests compare the two engines card by card).
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from .codes import CASH_MIN_OUT, FEED, FEED_ORDER
from .tricks import (
    BELOW,
    HEAD,
    HI,
    LO,
    NONE,
    RANK_OF,
    SUIT_OF,
    N,
    SeatView,
    encode,
    legal_spec,
    trick_winner,
)


@runtime_checkable
class Player(Protocol):
    """Anything that picks a card: ``choose`` returns one of ``view.legal``."""

    def choose(self, view: SeatView) -> int: ...


#: The side suits for each trump.
SIDE = tuple(tuple(s for s in range(4) if s != t) for t in range(4))

# FEED (the counter fed to partner's trick from a suit), FEED_ORDER (the 10, then the K, then
# the A) and CASH_MIN_OUT (a side suit is cashed only while at least that many of its cards
# are out) are the tables of ``codes``, which ``lockstep`` shares.


def heuristic_lead(H: list[int], p: int, T: int, U: list[int], V: list[int]) -> int:
    """The heuristic lead, in the order a careful player thinks of it.

    1. Cash a sure winner in a side suit: a card no unplayed card outside the hand beats
       (a copy played later loses to it), while enough of the suit is out and no opponent has
       shown a void in it while possibly holding trump. The suit with most cards out first.
    2. Pull trump when long in it: holding at least as many trumps as all other hands together
       (and some are out, and an opponent may hold one). Lead the top trump if it is sure, else
       the lowest trump, which makes the others head it with their high trumps.
    3. Otherwise lead the lowest side card, preferring the jack, then the queen (no counters),
       from the longest suit; with only trumps left, the top trump if sure, else the lowest.

    (Leading into a void partner has shown was tried and measured no better, so it is not here.)
    """
    b = p << 2
    ht = H[b + T]
    ot = U[T] - ht
    v1, v3 = V[(p + 1) & 3], V[(p + 3) & 3]
    tb = 1 << T
    # an opponent may still hold trump: some are out and not both opponents have shown void
    opp_trump = ot and not (v1 & v3 & tb)
    best, most = -1, -1
    for s in SIDE[T]:
        h = H[b + s]
        if h:
            o = U[s] - h
            top = HI[h]
            if top <= HI[o]:
                n = N[o]
                if opp_trump and (
                    n < CASH_MIN_OUT or _may_trump(v1, s, T, ot) or _may_trump(v3, s, T, ot)
                ):
                    continue
                if n > most:
                    best, most = s * 5 + top, n
    if best >= 0:
        return best
    if ht and opp_trump and N[ht] >= N[ot]:
        top = HI[ht]
        return T * 5 + (top if top <= HI[ot] else LO[ht])
    best, key = -1, -1
    for s in SIDE[T]:
        h = H[b + s]
        if h:
            k = LO[h] * 32 + N[h]
            if k > key:
                best, key = s * 5 + LO[h], k
    if best >= 0:
        return best
    top = HI[ht]
    return T * 5 + (top if top <= HI[ot] else LO[ht])


def heuristic_follow(H: list[int], p: int, T: int, U: list[int], V: list[int], ls: int,
                     ws: int, wr: int, wp: int, k: int) -> int:
    """The heuristic follow: first the card the rules force, then within it:

    - Made to head (in the suit led, or over-trumping): last to play, the lowest card that
      heads; otherwise the top card if no unplayed card can beat it and the opponent still to
      play has not shown a void he could trump with, else the lowest card that heads.
    - Void and first to trump: the lowest trump, unless the opponent still to play has shown
      the same void and no trump void (he may over-trump): then the top trump if it is sure.
    - Following without winning (cannot head, or the trick is trumped): if partner's card will
      hold (I play last; or no unplayed card outside my hand beats it, and the opponent after
      me has not shown a void he could trump with), feed a counter (10, else K, else A);
      otherwise the lowest card, which keeps counters from the opponents.
    - A trump that cannot win: the lowest trump.
    - Void in the suit led and in trump: feed partner's sure trick the best counter, else
      throw the lowest card (a jack or queen before a counter).
    """
    b = p << 2
    q = (p + 1) & 3  # the opponent still to play, if any
    h = H[b + ls]
    if h:
        if ws == ls and HI[h] < wr:
            return ls * 5 + _head(H, b, T, U, V, q, ls, h, wr, k)
        if (wp ^ p) == 2 and _partner_holds(H, b, T, U, V, q, ls, ws, wr, k):
            f = FEED[h]
            if f >= 0:
                return ls * 5 + f
        return ls * 5 + LO[h]
    h = H[b + T]
    if h:
        if ws == T:
            if HI[h] < wr:
                return T * 5 + _head(H, b, T, U, V, q, T, h, wr, k)
            return T * 5 + LO[h]
        if k < 3 and _may_trump(V[q], ls, T, U[T] - h):
            top = HI[h]
            if top <= HI[U[T] - h]:
                return T * 5 + top
        return T * 5 + LO[h]
    # neither the suit led nor trump: any card
    if (wp ^ p) == 2 and _partner_holds(H, b, T, U, V, q, ls, ws, wr, k):
        best, key = -1, 0
        for s in SIDE[T]:
            f = FEED[H[b + s]]
            if f >= 0 and FEED_ORDER[f] > key:
                best, key = s * 5 + f, FEED_ORDER[f]
        if best >= 0:
            return best
    best, key = -1, -1
    for s in SIDE[T]:
        lo = LO[H[b + s]]
        if lo > key:
            best, key = s * 5 + lo, lo
    return best


def _head(H: list[int], b: int, T: int, U: list[int], V: list[int], q: int, s: int, h: int,
          wr: int, k: int) -> int:
    """Rank to head with in suit ``s`` (the suit led, or trump to over-trump), held as ``h``."""
    if k < 3:
        top = HI[h]
        if top <= HI[U[s] - h] and (s == T or not _may_trump(V[q], s, T, U[T] - H[b + T])):
            return top
    return HEAD[h * 6 + wr]


def _partner_holds(H: list[int], b: int, T: int, U: list[int], V: list[int], q: int, ls: int,
                   ws: int, wr: int, k: int) -> bool:
    """Whether partner's winning card will take the trick."""
    if k == 3:
        return True
    if HI[U[ws] - H[b + ws]] < wr:
        return False
    return ws == T or not _may_trump(V[q], ls, T, U[T] - H[b + T])


def _may_trump(voids: int, suit: int, T: int, trumps_out: int) -> bool:
    """Whether a seat may trump ``suit``: it has shown that void and not a trump void, and
    some trump is out beyond my own."""
    return bool(trumps_out and voids >> suit & 1 and not voids >> T & 1)


class FastPlayer:
    """A player decided by two fast functions on suit codes (see ``play.playout``):
    ``lead(H, seat, trump, U, V)`` and ``follow(H, seat, trump, U, V, led, win_suit,
    win_rank, win_seat, position)``, each returning a card index. Simulation calls them
    directly; ``choose`` calls them from a ``SeatView``, with the other hands' codes zero.
    Subclass it to write a player as fast as the built-in ones.
    """

    def lead(self, H: list[int], p: int, T: int, U: list[int], V: list[int]) -> int:
        raise NotImplementedError

    def follow(self, H: list[int], p: int, T: int, U: list[int], V: list[int], ls: int, ws: int,
               wr: int, wp: int, k: int) -> int:
        raise NotImplementedError

    def choose(self, view: SeatView) -> int:
        H = [0] * 16
        H[view.seat * 4: view.seat * 4 + 4] = encode(view.hand)
        args = (H, view.seat, view.trump, encode(view.unplayed), list(view.voids))
        trick = view.trick
        if not trick:
            return self.lead(*args)
        pos = trick_winner(trick, view.trump)
        w = trick[pos]
        return self.follow(*args, SUIT_OF[trick[0]], SUIT_OF[w], RANK_OF[w],
                           (view.leader + pos) & 3, len(trick))

    def reseed(self, seed: int) -> None:
        """Start a fresh random stream (simulation calls it for each batch of deals)."""


class HeuristicPlayer(FastPlayer):
    """Plays as a careful human would; see ``heuristic_lead`` and ``heuristic_follow``.

    It counts cards (every card played is known, four copies of each) and notes the voids each
    player shows, but never looks at another hand.
    """

    lead = staticmethod(heuristic_lead)
    follow = staticmethod(heuristic_follow)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


class RandomPlayer(FastPlayer):
    """Plays a card chosen uniformly among the distinct legal cards, from a seeded stream."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def reseed(self, seed: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def lead(self, H: list[int], p: int, T: int, U: list[int], V: list[int]) -> int:
        b = p << 2
        cards = [s * 5 + r for s in range(4) for r in BELOW[H[b + s] * 6 + NONE]]
        return cards[self.rng.randrange(len(cards))]

    def follow(self, H: list[int], p: int, T: int, U: list[int], V: list[int], ls: int, ws: int,
               wr: int, wp: int, k: int) -> int:
        b = p << 2
        s, bound = legal_spec(H[b + ls], H[b + T], T, ls, ws, wr)
        if s < 0:
            return self.lead(H, p, T, U, V)
        ranks = BELOW[H[b + s] * 6 + bound]
        return s * 5 + ranks[self.rng.randrange(len(ranks))]

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed!r})"
