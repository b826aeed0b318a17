"""Many deals played out at once: the heuristic player on arrays, the deals in lockstep.

Every deal has four plays to a trick, so ``n`` deals advance together: at each play every
deal asks the same kind of question (a lead, or the first, second or third follow) of one of
its seats, and numpy answers it for all ``n`` deals at once. The rules and the decisions are
those of ``tricks.playout`` with ``players.heuristic_lead`` and ``players.heuristic_follow``,
clause by clause; the tests check that both engines play the same cards and score the same
points, and that every card is legal under naive rules written apart.

Suits are renumbered per deal so that trump is suit 0 and the side suits keep their order
(the heuristic breaks ties between suits in that order): every deal may have its own trump.
Where the heuristic loops over the side suits for the best one, the engine takes one
``max`` over packed keys, ``key * 32 + tag + rank``: the tag (24, 16, 8 for suits 1, 2, 3)
makes the first suit win a tie, and the low bits carry the rank to play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

import numpy as np

from ..cards import COUNTER, LAST_TRICK_BONUS
from ..compiled import load, whole_numbers
from .codes import CASH_MIN_OUT, FEED_ORDER, NCODES, NONE, TABLES, W

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike

#: The compiled engine (``_play.c``): the same decisions, one deal after another; None where it
#: was not built or ``PINOCHLE_CALC_PURE`` is set (``compiled``), and then ``_play`` plays.
NATIVE = load("pinochle_calc.play._play")
#: Deals played together: enough that numpy's cost per call is small against the work,
#: few enough that the working arrays stay in the processor's cache (measured best).
BLOCK = 20_000
#: The engine's integers: every code, packed key and sum of them fits in 16 bits, and the
#: arrays a quarter the size of 64-bit ones play a fifth faster (positions in the flat
#: arrays are numpy's own index integers).
_INT = np.int16

_HI, _LO, _N, _HEAD, _FEED = TABLES
#: The top rank held, 6 for an empty suit: below no other suit's top (``_HI`` has 5 there).
_TOP = np.where(_HI == NONE, NONE + 1, _HI).astype(_INT)
_W = np.array(W, dtype=_INT)
_POINTS = np.array(COUNTER, dtype=_INT)
#: ORDER[trump]: the actual suit of each of the engine's suits (trump first).
ORDER = np.array([[t] + [s for s in range(4) if s != t] for t in range(4)], dtype=_INT)

_SIDE = np.array([[1], [2], [3]], dtype=_INT)
_TAG = 32 - 8 * _SIDE
_NOT = -(1 << 14)  # a suit that may not be chosen
_HELD = _N > 0  # by suit code: the suit holds a card
#: The lead's lowest side card: the lowest rank, then the longest suit.
_LOW_LEAD = np.where(_HELD, (_LO * 32 + _N) * 32 + _LO, _NOT).astype(_INT)
#: Feeding partner from a side suit: the 10, then the K, then the A.
_FEED_SIDE = np.where(_FEED >= 0, np.array(FEED_ORDER)[_FEED] * 32 + _FEED, _NOT).astype(_INT)
#: Throwing off: the lowest card of any side suit.
_LOW_SIDE = np.where(_HELD, _LO * 32 + _LO, _NOT).astype(_INT)


def _unpack(packed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The (suit, rank) of a packed choice among the side suits."""
    return 4 - (packed >> 3 & 3), packed & 7


class _Table:
    """The deals in play, one row per deal: codes ``H`` as ``(n, 16)`` (seat * 4 + suit,
    trump suit 0), the unplayed cards ``U`` as ``(n, 4)`` (per suit) and the voids shown
    ``V`` as ``(n, 4)`` (per seat, a bit per suit, bit 0 trump); ``Hf``, ``Uf`` and ``Vf``
    are their flat views, from which each deal's own seat or suit is gathered."""

    def __init__(self, codes: np.ndarray):
        self.n = n = codes.shape[0]
        self.ar = np.arange(n)
        self.H = np.ascontiguousarray(codes, dtype=_INT)
        self.U = self.H.reshape(n, 4, 4).sum(axis=1)
        self.V = np.zeros((n, 4), dtype=_INT)
        self.Hf, self.Uf, self.Vf = self.H.reshape(-1), self.U.reshape(-1), self.V.reshape(-1)
        self.at4 = self.ar * 4  # where each deal's row of U and V starts in Uf and Vf
        self.at16 = self.ar * 16  # and of H in Hf
        self.suits = np.arange(4)[:, None]

    def seat(self, seat: np.ndarray) -> np.ndarray:
        """Where each deal's ``seat`` has its trump code in ``Hf`` (its suit ``s`` follows
        ``s`` places on)."""
        return self.at16 + seat * 4

    def play(self, base: np.ndarray, suit: np.ndarray, rank: np.ndarray) -> None:
        """The seat whose trump code is at ``base`` in ``Hf`` plays (suit, rank), per deal."""
        w = _W.take(rank)
        self.Hf[base + suit] -= w
        self.Uf[self.at4 + suit] -= w


def _lead(table: _Table, seat: np.ndarray, own: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``heuristic_lead`` for every deal: (suit, rank) of the card ``seat`` leads from its
    ``(4, n)`` codes ``own``."""
    out = table.U.T - own  # cards of each suit out among the other hands
    ht, ot = own[0], out[0]
    v1 = table.Vf.take(table.at4 + ((seat + 1) & 3))
    v3 = table.Vf.take(table.at4 + ((seat + 3) & 3))
    # an opponent may still hold trump: some are out and not both have shown a trump void
    opp_trump = (ot > 0) & ((v1 & v3 & 1) == 0)
    side, side_out = own[1:], out[1:]
    top = _TOP.take(side)
    n_out = _N.take(side_out)
    # 1. cash a sure winner, unless an opponent may trump it (few are out, or it has shown
    #    that void and no trump void); the suit with most cards out first
    trumpable = np.where(v1 & 1, 0, v1) | np.where(v3 & 1, 0, v3)
    skip = opp_trump & ((n_out < CASH_MIN_OUT) | (trumpable >> _SIDE & 1).astype(bool))
    sure = (top <= _HI.take(side_out)) & ~skip
    cash = np.where(sure, n_out * 32 + _TAG + top, _NOT).max(axis=0)
    # 2. pull trump when long in it: the top trump if sure, else the lowest
    top_t = _HI.take(ht)
    trump_rank = np.where(top_t <= _HI.take(ot), top_t, _LO.take(ht))
    pull = (ht > 0) & opp_trump & (_N.take(ht) >= _N.take(ot))
    # 3. the lowest side card, longest suit first; with only trumps left, as in 2
    low = (_LOW_LEAD.take(side) + _TAG).max(axis=0)
    suit, rank = _unpack(np.where(cash >= 0, cash, low))
    trump = (cash < 0) & (pull | (low < 0))
    return np.where(trump, 0, suit), np.where(trump, trump_rank, rank)


def _follow(table: _Table, base: np.ndarray, seat: np.ndarray, k: int, led: np.ndarray,
            win_suit: np.ndarray, win_rank: np.ndarray,
            win_seat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``heuristic_follow`` for every deal: (suit, rank) of the ``k``-th card of the trick
    (1 to 3), played by ``seat``, whose trump code is at ``base`` in ``table.Hf``."""
    h = table.Hf.take(base + led)  # my cards of the suit led
    out = table.Uf.take(table.at4 + led) - h  # and the others'
    ht = table.Hf.take(base)
    ot = table.U[:, 0] - ht
    top = _HI.take(h)
    head = _HEAD.take(h * 6 + win_rank)
    # the opponent still to play may trump the suit led (None for the last to play)
    may_trump: np.ndarray | None = None
    if k < 3:
        # he has shown that void and no trump void, and trump is out (never so when trump
        # is led)
        vq = table.Vf.take(table.at4 + ((seat + 1) & 3))
        may_trump = (ot > 0) & ((vq & 1 | ~vq >> led & 1) == 0)
        head = np.where((top <= _HI.take(out)) & ~may_trump, top, head)
    # holding the suit led: head if able (the top card if sure), else feed or play low
    if k == 1:  # only the lead is down, and partner has not played
        holds = None
        rank = np.where(top < win_rank, head, _LO.take(h))
    else:
        holds = (win_seat ^ seat) == 2  # partner's winning card will hold
        if k == 2 and may_trump is not None:  # (set above for k < 3)
            trumped = win_suit == 0
            holds &= (_HI.take(np.where(trumped, ot, out)) >= win_rank) & (trumped | ~may_trump)
        feed = _FEED.take(h)
        rank = np.where((win_suit == led) & (top < win_rank), head,
                        np.where(holds & (feed >= 0), feed, _LO.take(h)))
    suit = led.copy()
    void = np.flatnonzero(h == 0)
    if void.size:
        has_trump = ht.take(void) > 0
        trumps = void[has_trump]
        if trumps.size:
            suit[trumps] = 0
            rank[trumps] = _trump(ht.take(trumps), ot.take(trumps), win_suit.take(trumps) == 0,
                                  win_rank.take(trumps),
                                  None if may_trump is None else may_trump.take(trumps))
        neither = void[~has_trump]
        if neither.size:
            side = table.Hf.take(base.take(neither) + table.suits[1:])
            suit[neither], rank[neither] = _throw(side, None if holds is None
                                                  else holds.take(neither))
    return suit, rank


def _trump(ht: np.ndarray, ot: np.ndarray, trumped: np.ndarray, win_rank: np.ndarray,
           may_trump: np.ndarray | None) -> np.ndarray:
    """The rank a player void in the suit led plays from its trumps ``ht``: over-trump (the
    top trump if sure), first to trump (the top trump if the next opponent may over-trump
    and it is sure), else the lowest trump. ``may_trump`` is None for the last to play."""
    top = _HI.take(ht)
    low = _LO.take(ht)
    over = _HEAD.take(ht * 6 + win_rank)
    if may_trump is not None:
        sure = top <= _HI.take(ot)
        over = np.where(sure, top, over)
        low = np.where(~trumped & may_trump & sure, top, low)
    return np.where(trumped & (top < win_rank), over, low)


def _throw(side: np.ndarray, holds: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """The card a player void in the suit led and in trump plays from its side suits:
    feed partner's sure trick the best counter, else throw the lowest card; (suit, rank).
    ``holds`` is None where partner has not played."""
    throw = (_LOW_SIDE.take(side) + _TAG).max(axis=0)
    if holds is None:
        return _unpack(throw)
    feed = (_FEED_SIDE.take(side) + _TAG).max(axis=0)
    return _unpack(np.where(holds & (feed >= 0), feed, throw))


def _play(codes: np.ndarray, order: np.ndarray, leader: np.ndarray, tricks: int,
          played: np.ndarray | None, voids: np.ndarray | None = None,
          start: tuple | None = None) -> np.ndarray:
    """Play one block of deals (codes in the engine's suits); ``(n, 2)`` trick points.
    ``voids``: the voids shown so far (engine suits); ``start``: the trick in progress, as
    ``(cards played, led, win_suit, win_rank, win_seat, points)``."""
    table = _Table(codes)
    if voids is not None:
        table.V[:] = voids
    n, ar = table.n, table.ar
    points = np.zeros((n, 2), dtype=_INT)
    at = 0  # where the next card goes in ``played``
    for t in range(tricks):
        if t == 0 and start is not None:
            first, led, win_suit, win_rank, win_seat, got = start
            got = got.copy()
        else:
            first = 1
            seat = leader
            base = table.seat(seat)
            suit, rank = _lead(table, seat, table.Hf.take(base + table.suits))
            table.play(base, suit, rank)
            if played is not None:
                played[:, at] = order[ar, suit] * 5 + rank
                at += 1
            led, win_suit, win_rank, win_seat = suit, suit, rank, seat
            got = _POINTS.take(rank)
        for k in range(first, 4):
            seat = (leader + k) & 3
            base = table.seat(seat)
            suit, rank = _follow(table, base, seat, k, led, win_suit, win_rank, win_seat)
            table.play(base, suit, rank)
            if played is not None:
                played[:, at] = order[ar, suit] * 5 + rank
                at += 1
            # a seat off the suit led shows that void, and a trump void too unless it trumps
            off = np.flatnonzero(suit != led)
            if off.size:
                table.Vf[off * 4 + seat.take(off)] |= 1 << led.take(off) | (suit.take(off) != 0)
            # of two identical cards the first played wins
            beats = np.where(suit == win_suit, rank < win_rank, suit == 0)
            win_suit = np.where(beats, suit, win_suit)
            win_rank = np.where(beats, rank, win_rank)
            win_seat = np.where(beats, seat, win_seat)
            got += _POINTS.take(rank)
        if t == tricks - 1:
            got += LAST_TRICK_BONUS
        points.reshape(-1)[ar * 2 + (win_seat & 1)] += got
        leader = win_seat
    return points


def hand_sizes(codes: np.ndarray) -> np.ndarray:
    """``(n, 4)``: the cards each seat holds, from ``(n, 16)`` suit codes."""
    return _N.take(np.asarray(codes).reshape(-1, 4, 4)).sum(axis=2)


#: RELATIVE[trump][suit]: the engine's number of a real suit (trump is 0).
RELATIVE = np.argsort(ORDER, axis=1).astype(_INT)
#: VOID_BITS[trump][bits]: a seat's void bits (a bit per real suit) in the engine's suits.
VOID_BITS = np.array([[sum(1 << int(RELATIVE[t][s]) for s in range(4) if bits >> s & 1)
                       for bits in range(16)] for t in range(4)], dtype=_INT)


@overload
def play_lockstep(codes: ArrayLike, trump: ArrayLike, leader: ArrayLike,
                  record: Literal[False] = ..., trick: ArrayLike | None = ...,
                  voids: ArrayLike | None = ...) -> np.ndarray: ...
@overload
def play_lockstep(codes: ArrayLike, trump: ArrayLike, leader: ArrayLike,
                  record: Literal[True], trick: ArrayLike | None = ...,
                  voids: ArrayLike | None = ...) -> tuple[np.ndarray, np.ndarray]: ...
def play_lockstep(codes: ArrayLike, trump: ArrayLike, leader: ArrayLike,
                  record: bool = False, trick: ArrayLike | None = None,
                  voids: ArrayLike | None = None) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
    """Play ``n`` deals out with four heuristic players: ``(n, 2)`` trick points per side
    (unscaled) from here to the end; with ``record``, also the ``(n, plays)`` cards played
    (card indices, int8).

    ``codes`` are ``(n, 16)`` suit codes (seat * 4 + suit, see ``tricks``) of the hands now;
    ``trump`` and ``leader`` (who led, or leads, the trick in progress) are one number for
    every deal or one per deal. Play may start in mid-hand: ``trick`` holds the ``(n, j)``
    cards (indices) already played to the trick in progress, ``j`` 0 to 3 the same for every
    deal (its points go to whoever wins it), and ``voids`` the ``(n, 4)`` (or ``(4,)``) voids
    each seat has shown, a bit per suit as in ``PlayState.voids``. The seats that have played
    to the trick hold one card fewer than the others.

    Every deal of a batch must have the same number of tricks left: a ``ValueError`` says so
    where the hands are of different sizes (between deals, or between the seats of a deal), as
    it does for a code that is not one (0 to 3124), a card held more than four times among the
    hands and the trick, a trump, leader, trick card or void out of range (both paths, compiled
    and numpy, refuse alike).
    """
    codes, trump, leader, cards, bits, tricks = _checked(codes, trump, leader, trick, voids)
    n, j = len(codes), cards.shape[1]
    order = ORDER[trump]
    columns = (np.arange(0, 16, 4)[None, :, None] + order[:, None, :]).reshape(n, 16)
    relative = np.take_along_axis(codes, columns, axis=1)
    shown = None if bits is None else VOID_BITS[trump[:, None], bits]
    start = _in_progress(cards, trump, leader) if j else None
    points = np.empty((n, 2), dtype=np.int64)
    played = np.empty((n, 4 * tricks - j), dtype=np.int8) if record else None
    if NATIVE is not None:
        NATIVE.play(np.ascontiguousarray(relative), np.ascontiguousarray(order),
                    np.ascontiguousarray(leader), tricks, points, played,
                    None if shown is None else np.ascontiguousarray(shown, dtype=_INT),
                    None if start is None else np.array(
                        [np.full(n, j, dtype=_INT), *start[1:]], dtype=_INT))
        return (points, played) if played is not None else points
    for first in range(0, n, BLOCK):
        block = slice(first, first + BLOCK)
        points[block] = _play(relative[block], order[block], leader[block], tricks,
                              None if played is None else played[block],
                              None if shown is None else shown[block],
                              None if start is None else (start[0],) + tuple(
                                  x[block] for x in start[1:]))
    return (points, played) if played is not None else points


#: What ``play_lockstep`` says of hands it cannot play (the compiled engine says the same).
MANY_TIMES = "a card held more than four times among the hands and the trick in progress"
DIFFERENT_SIZES = ("hands of different sizes: every deal of a batch has the same tricks left,"
                   " and each seat holds them (one card fewer where it has played to the trick"
                   " in progress)")
#: Each rank's copies in a suit code, 6 bits each (the ace lowest): the codes of a suit in the
#: four hands summed (16 copies at most a rank), a field over 4 is a card held more than four
#: times, which adding ``_PAST_4`` (27 a field) to the sum shows as a field's top bit
#: (``_HIGH``). (int32: numpy takes from it several times faster than from an int64 table.)
_FIELDS = (((np.arange(NCODES)[:, None] // np.array(W)) % 5) << (6 * np.arange(5))).sum(
    axis=1).astype(np.int32)
_PAST_4 = sum(27 << (6 * r) for r in range(5))
_HIGH = sum(32 << (6 * r) for r in range(5))


def _checked(codes: ArrayLike, trump: ArrayLike, leader: ArrayLike, trick: ArrayLike | None,
             voids: ArrayLike | None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                 np.ndarray | None, int]:
    """``play_lockstep``'s arguments as its engines read them, each deal's cards checked:
    ``(codes, trump, leader, trick cards, void bits or None, tricks left)``, or a
    ``ValueError`` (see ``play_lockstep``)."""
    codes = whole_numbers(codes, "codes", 0, NCODES - 1, _INT)
    if codes.size % 16:
        raise ValueError(f"codes: 16 suit codes a deal (seat * 4 + suit), not {codes.size}")
    codes = codes.reshape(-1, 16)
    n = len(codes)
    try:
        trump = np.broadcast_to(whole_numbers(trump, "trump", 0, 3, _INT), (n,))
        leader = np.broadcast_to(whole_numbers(leader, "leader", 0, 3, _INT), (n,))
        cards = np.zeros((n, 0), dtype=_INT) if trick is None else \
            whole_numbers(trick, "trick", 0, 19, _INT)
        cards = cards.reshape(n, -1) if n else cards.reshape(0, cards.shape[-1] * (
            cards.ndim > 1))
        bits = None if voids is None else \
            np.broadcast_to(whole_numbers(voids, "voids", 0, 15, _INT), (n, 4))
    except ValueError as e:
        if str(e).startswith(("trump:", "leader:", "trick:", "voids:")):
            raise
        raise ValueError(f"one trump, leader, trick in progress and voids for every deal, or"
                         f" one each per deal ({n} deals): {e}") from None
    j = cards.shape[1]
    if not 0 <= j <= 3:
        raise ValueError("a trick in progress holds 0 to 3 cards")
    if NATIVE is None or j:  # (the compiled engine checks the hands alike, deal by deal)
        tricks = _check_cards(codes, leader, cards)
    else:
        tricks = int(hand_sizes(codes[:1])[0, leader[0]]) if n else 0
    return codes, trump, leader, cards, bits, tricks


def _check_cards(codes: np.ndarray, leader: np.ndarray, cards: np.ndarray) -> int:
    """The tricks left in every deal of ``(n, 16)`` codes, the cards of each trick in progress
    ``(n, j)`` played from ``leader`` on; a ``ValueError`` where a card is held more than four
    times among the hands and the trick, or the hands are of different sizes."""
    n, j = cards.shape
    by_code = _FIELDS.take(codes)
    copies = by_code[:, 0:4] + by_code[:, 4:8] + by_code[:, 8:12] + by_code[:, 12:16]
    for k in range(j):
        copies[np.arange(n), cards[:, k] // 5] += 1 << (6 * (cards[:, k] % 5).astype(np.int32))
    if ((copies + _PAST_4) & _HIGH).any():
        raise ValueError(MANY_TIMES)
    held = _N.take(codes)
    left = held[:, 0::4] + held[:, 1::4] + held[:, 2::4] + held[:, 3::4]  # hand_sizes(codes)
    left = left + (((np.arange(4)[None, :] - leader[:, None]) & 3) < j)
    tricks = int(left[0, 0]) if n else 0
    if (left != tricks).any() or (n and j and not tricks):
        raise ValueError(DIFFERENT_SIZES)
    return tricks


def _in_progress(cards: np.ndarray, trump: np.ndarray, leader: np.ndarray) -> tuple:
    """The trick in progress in the engine's terms: (cards played, led, win_suit, win_rank,
    win_seat, points so far), each per deal."""
    suits = RELATIVE[trump[:, None], cards // 5]
    ranks = cards % 5
    led = suits[:, 0].copy()
    win_suit, win_rank, win_seat = led.copy(), ranks[:, 0].copy(), leader.astype(_INT)
    for k in range(1, cards.shape[1]):
        suit, rank = suits[:, k], ranks[:, k]
        beats = np.where(suit == win_suit, rank < win_rank, suit == 0)
        win_suit = np.where(beats, suit, win_suit)
        win_rank = np.where(beats, rank, win_rank)
        win_seat = np.where(beats, (leader + k) & 3, win_seat).astype(_INT)
    return cards.shape[1], led, win_suit, win_rank, win_seat, _POINTS.take(ranks).sum(
        axis=1).astype(_INT)
