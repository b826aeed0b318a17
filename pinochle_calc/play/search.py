"""Exact search of a hand whose four hands are all known: the double-dummy solver, in pure
Python. It is the oracle the compiled solver (``_solver.c``, the same method) is tested
against, and the fallback where that was not built or ``PINOCHLE_CALC_PURE=1`` asks for the
Python paths; ``solver`` is the face the rest of the package calls.

A position is the four hands as 16 suit codes (seat * 4 + suit, see ``tricks``), the seat that
led the trick in progress and the cards played to it. Its value is the trick points (unscaled,
the last trick's 2 included) side 0 (seats 0 and 2) takes from the trick in progress on, the
cards already in it included, when side 0 plays to maximise them and side 1 to minimise them,
every card seen by all.

The method, after the bridge solvers (dds):

- alpha-beta over the cards, card by card, within and across tricks;
- at the start of each trick a table of bounds on the value, keyed by the position with the
  cards no one holds squeezed out of each suit (the ranks left keep only their order and their
  counter value) and each run of a suit's ranks that one seat alone holds, of one counter
  value, merged into one: positions that differ only there have the same value;
- one play per class of equivalent cards: a seat's cards of one suit and one counter value
  with no other seat's card (held, or in the trick) ranked between them or equal to either;
- quick bounds at the start of a trick: the tricks the leader surely takes by cashing its
  run of the top cards left (the copies of the top rank, and the next rank's while it holds
  every copy of the one above; in a side suit as often as every seat holding trump can
  follow) give its side at least the counters in them (those led, and those the others must
  play to them); each side surely takes the counters of its trumps ranked above every trump
  of the other side (a bound for the side not on lead too); and all the points left where
  they are every trick;
- the moves ordered by the table's best card, then by what the card does to the trick (at the
  lead: a sure winner cashed, a card led to partner's sure winner or to partner's sure ruff,
  ...; following: the cheapest card that surely holds the trick against the seats still to
  play; counters fed to partner's card only where it surely holds, or, second to play, where
  partner, last, may beat the card winning; else the lowest loser), then by the cut-offs each
  card made so far in this position's search (the history heuristic: a cut-off by a card not
  first in order counts the seat's cards held squared);
- a value found by zero-window searches (MTD(f)), each at the bound the last returned: a
  card's value from the last card's value, a point a test; a position's value, or the first
  card's, from the middle of the range by doubling steps until it is bracketed, then by
  halving the range.
"""

from __future__ import annotations

import operator
import struct
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np

from ..stores import Store

CP = (1, 1, 1, 0, 0)  # counters by rank: A 10 K
#: Positions a solver's table keeps (the least recently used go first), some 100 MB.
TABLE_KEPT = 500_000
_W = (1, 5, 25, 125, 625)


#: The most positions a search may be limited to (``nodes``): beyond anything a search reaches
#: in years.
NODES_MAX = 10**15


#: The most points a position holds (every counter and the last trick's 2): ``bound``'s ``at``.
POINTS_MAX = 50


class Stopped(Exception):
    """The search visited as many positions as it was allowed (``nodes``), before its end."""


class OpenTrick:
    """The trick in progress: who led, the cards played, the suit led, the card winning
    (suit, rank, seat) and the counters in it."""

    __slots__ = ("leader", "cards", "led", "ws", "wr", "wseat", "pts")

    def __init__(self, leader: int):
        self.leader = leader
        self.cards: tuple[int, ...] = ()
        self.led = self.ws = self.wr = self.wseat = self.pts = 0

    def add(self, card: int, trump: int) -> OpenTrick:
        """The trick once the seat to play has played ``card``."""
        s, r, k = card // 5, card % 5, len(self.cards)
        c = OpenTrick(self.leader)
        c.cards, c.pts, c.led = self.cards + (card,), self.pts + CP[r], self.led
        p = (self.leader + k) & 3
        if k == 0:
            c.led, c.ws, c.wr, c.wseat = s, s, r, p
        elif (s == self.ws and r < self.wr) or (s == trump and self.ws != trump):
            c.ws, c.wr, c.wseat = s, r, p
        else:
            c.ws, c.wr, c.wseat = self.ws, self.wr, self.wseat
        return c


class PySolver:
    """The double-dummy solver for one trump suit, with its table (kept from one position to
    the next: a position's value does not depend on how it was reached).

    Every argument is checked as the compiled solver checks it, with the same errors: a
    ``TypeError`` for a value that is not a whole number (or a sequence, or an int64 array
    where one is wanted), a ``ValueError`` for one out of its range or a position that cannot
    be (hands not of one size less the cards played to the trick, more than four copies of a
    card counting the trick in progress, a hand over); a ``RuntimeError`` where another thread
    is using the solver. ``interrupt()``, from any thread, stops the search under way (and
    every one after, until ``clear()``) with ``KeyboardInterrupt``."""

    trump = nodes = 0  # until __init__ makes the table (as the compiled solver's)
    _lock: threading.Lock | None = None

    def __init__(self, trump: int):
        trump = _int(trump, "trump", 0, 3)
        if self._lock is not None and self._lock.locked():
            raise RuntimeError("the solver is searching in another thread: a solver serves one"
                               " thread at a time")
        self.trump = trump
        self.table: Store[tuple, tuple[int, int, int]] = Store(
            "pinochle_calc.play.search.PySolver.table", TABLE_KEPT)
        self.nodes = 0
        self.limit = 0  # stop past this many nodes (0: never)
        self.cancel = False
        self._lock = threading.Lock()

    def clear(self) -> None:
        """Empty the table (and undo ``interrupt()``)."""
        with self._taken():
            self.table.clear()
            self.nodes = 0
            self.cancel = False

    def interrupt(self) -> None:
        """From any thread: the search under way, and every one after until ``clear()``,
        stops with ``KeyboardInterrupt``."""
        self.cancel = True

    # -- the values the caller asks for ---------------------------------------------------

    def value(self, codes: Sequence[int], leader: int, trick: Sequence[int],
              nodes: int = 0) -> int:
        """Side 0's trick points from the trick in progress on, with best play; raises
        ``Stopped`` past ``nodes`` positions searched (0: no limit)."""
        rows, lead, cards, budget = _position(codes, leader, trick, nodes)
        with self._taken():
            t = self._load(rows, lead, cards)
            with self._budget(budget):
                return self._mtdf(t, -1, -1)

    def values(self, codes: Sequence[int], leader: int, trick: Sequence[int],
               nodes: int = 0) -> tuple[tuple[int, int], ...]:
        """Per legal card of the seat to play (card order): (card, side 0's points); raises
        ``Stopped`` past ``nodes`` positions searched (0: no limit)."""
        rows, lead, cards, budget = _position(codes, leader, trick, nodes)
        with self._taken():
            t = self._load(rows, lead, cards)
            with self._budget(budget):
                return self._values(t)

    def bound(self, codes: Sequence[int], leader: int, trick: Sequence[int], at: int,
              nodes: int = 0) -> int:
        """One zero-window search of the position at ``at`` (1 to 50): a result of ``at`` or
        more is a lower bound on side 0's trick points from the trick in progress on, one below
        ``at`` an upper bound; raises ``Stopped`` past ``nodes`` positions searched."""
        at = _int(at, "at", 1, POINTS_MAX)
        rows, lead, cards, budget = _position(codes, leader, trick, nodes)
        with self._taken():
            t = self._load(rows, lead, cards)
            with self._budget(budget):
                return self._search(t, at - 1, at)

    def values_many(self, codes: np.ndarray, leader: int, trick: Sequence[int],
                    cards: Sequence[int], out: np.ndarray, nodes: int = 0) -> int:
        """For each layout (a row of ``codes``, an int64 array of shape (n, 16)), in order, side
        0's points after each of ``cards`` (legal for the seat to play in every layout) into
        the row of ``out`` (int64, shape (n, len(cards))); with ``nodes``, it stops once the
        search has visited that many positions. Returns the layouts done (their rows of
        ``out`` are filled). Every argument and layout is checked before any is searched."""
        layouts = _int64_rows(codes, "codes", 16, -1, False)
        flat = layouts.reshape(-1)
        bad = np.flatnonzero((flat < 0) | (flat > 3124))
        if len(bad):
            raise ValueError(f"codes: item {bad[0]} is {flat[bad[0]]}, not 0 to 3124")
        lead = _int(leader, "the leader", 0, 3)
        played = _ints(trick, "the trick in progress", "card", 0, 3, 0, 19)
        wanted = _ints(cards, "the cards", "card", 1, 20, 0, 19)
        found = _int64_rows(out, "out", len(wanted), len(layouts), True)
        budget = _int(nodes, "nodes", 0, NODES_MAX)
        if len(layouts) and np.may_share_memory(layouts, found):
            raise ValueError("out shares memory with codes")
        rows = layouts.tolist()
        with self._taken():
            for i, row in enumerate(rows):  # every layout a position, every card legal
                try:
                    t = self._load(row, lead, played)
                except ValueError as e:
                    raise ValueError(f"layout {i}: {e}") from None
                same: dict[int, int] = {}
                self._moves(t, same)
                for c in wanted:
                    if c not in same:
                        raise ValueError(f"layout {i}: card {c} is not legal")
            done = 0
            with self._budget(budget):
                try:
                    for i, row in enumerate(rows):
                        t = self._load(row, lead, played)
                        same = {}
                        self._moves(t, same)
                        got: dict[int, int] = {}
                        guess = -1
                        for j, c in enumerate(wanted):  # each class of equal cards once
                            if same[c] not in got:
                                got[same[c]] = guess = self._mtdf(t, same[c], guess)
                            found[i, j] = got[same[c]]
                        done = i + 1
                except Stopped:
                    pass
        return done

    @contextmanager
    def _taken(self) -> Iterator[None]:
        """The solver for this thread alone, for the length of a method."""
        if self._lock is None:
            raise RuntimeError("the solver has no table (PySolver(trump) makes one)")
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("the solver is searching in another thread: a solver serves one"
                               " thread at a time")
        try:
            yield
        finally:
            self._lock.release()

    @contextmanager
    def _budget(self, nodes: int) -> Iterator[None]:
        """A search limited to ``nodes`` more positions (0: none), unless ``interrupt()`` was
        called since the last ``clear()``."""
        if self.cancel:
            raise KeyboardInterrupt
        self.limit = self.nodes + nodes if nodes else 0
        try:
            yield
        finally:
            self.limit = 0

    def _values(self, t: OpenTrick) -> tuple[tuple[int, int], ...]:
        """Per legal card of the seat to play at ``t`` (loaded), its value."""
        same: dict[int, int] = {}
        found, guess = {}, -1
        for card in self._moves(t, same):
            found[card] = guess = self._mtdf(t, card, guess)
        return tuple((c, found[same[c]]) for c in sorted(same))

    def _load(self, codes: list[int], leader: int, trick: list[int]) -> OpenTrick:
        """Read a position (its numbers checked by range) into the solver; a ``ValueError``
        where it cannot be: the hands not of one size, a fifth copy of a card, a hand over."""
        self.h = [[[codes[4 * p + s] // _W[r] % 5 for r in range(5)] for s in range(4)]
                  for p in range(4)]
        h = self.h
        self.tot = [[sum(h[p][s][r] for p in range(4)) for r in range(5)] for s in range(4)]
        self.ns = [[sum(h[p][s]) for s in range(4)] for p in range(4)]
        self.nc = [sum(x) for x in self.ns]
        self.hist = [[0] * 20 for _ in range(4)]
        self.counters = sum(CP[r] * self.tot[s][r] for s in range(4) for r in range(5))
        k = len(trick)
        to_play = self.nc[(leader + k) & 3]
        if any(self.nc[p] != to_play - ((p - leader) & 3 < k) for p in range(4)):
            raise ValueError("the hands are not the same size (the seats that played to the"
                             " trick hold one card fewer)")
        copies = [self.tot[c // 5][c % 5] for c in range(20)]
        for c in trick:
            copies[c] += 1
        if max(copies) > 4:
            raise ValueError("more than four copies of a card in the hands and the trick in"
                             " progress")
        if not to_play:
            raise ValueError("the hand is over: no card is left to play")
        t = OpenTrick(leader)
        for c in trick:
            t = t.add(c, self.trump)
        return t

    def _mtdf(self, t: OpenTrick, card: int, guess: int) -> int:
        """The exact value (after ``card``, -1: before any) by zero-window searches, each at
        the bound the last returned, from ``guess``; without one (-1), from the middle of the
        range, a step further each time in the direction of the last (doubling) until a test
        has failed on each side, then halving the range left (as the compiled solver)."""
        lo, hi, wide = 0, self.counters + t.pts + 2, guess < 0
        g = hi // 2 if wide else min(guess, hi)
        b, step, raised, lowered = (g if g > lo else lo + 1), 1, False, False
        while lo < hi:
            v = self._search(t, b - 1, b) if card < 0 else self._after(t, card, b - 1, b)
            if v < b:
                hi, lowered = v, True
            else:
                lo, raised = v, True
            if not wide:
                b = v
            else:
                b = (lo + hi + 1) // 2 if raised and lowered else lo + step if raised \
                    else hi - step + 1
                step *= 2
            b = min(max(b, lo + 1), hi)
        return lo

    # -- the search -----------------------------------------------------------------------

    def _take(self, p: int, s: int, r: int, d: int) -> None:
        self.h[p][s][r] -= d
        self.tot[s][r] -= d
        self.ns[p][s] -= d
        self.nc[p] -= d
        self.counters -= d * CP[r]

    def _after(self, t: OpenTrick, card: int, alpha: int, beta: int) -> int:
        """The value once the seat to play has played ``card``."""
        p = (t.leader + len(t.cards)) & 3
        s, r = card // 5, card % 5
        c = t.add(card, self.trump)
        self._take(p, s, r, 1)
        if len(c.cards) < 4:
            v = self._search(c, alpha, beta)
        else:
            w = c.wseat
            mine = 0 if w & 1 else c.pts + (0 if self.nc[w] else 2)
            v = mine + self._search(OpenTrick(w), alpha - mine, beta - mine)
        self._take(p, s, r, -1)
        return v

    def _search(self, t: OpenTrick, alpha: int, beta: int) -> int:
        """Side 0's points from the start of trick ``t`` on, within the window: a value at or
        below ``alpha`` bounds it from above, at or above ``beta`` from below."""
        self.nodes += 1
        if self.limit and self.nodes > self.limit:
            raise Stopped("the search stopped at its limit of positions searched")
        if self.cancel:
            raise KeyboardInterrupt
        top = self.counters + t.pts + 2
        if alpha >= top:
            return top
        if beta <= 0:
            return 0
        leader, k = t.leader, len(t.cards)
        lb, ub, best_card, key = 0, top, -1, None
        if k == 0:
            left = self.nc[leader]
            if not left:
                return 0
            if left == 1:
                return self._last_trick(leader)
            sure, sure_points = self._sure_tricks(leader)
            if sure >= left:
                return 0 if leader & 1 else top
            # each side's sure counters: the leader's cashed, or either side's high trumps
            sure_side = [self._sure_trumps(0), self._sure_trumps(1)]
            sure_side[leader & 1] = max(sure_side[leader & 1], sure_points)
            lb, ub = sure_side[0], top - sure_side[1]
            if lb >= beta:
                return lb
            if ub <= alpha:
                return ub
            key = self._key(leader)
            entry = self.table.get(key)
            if entry is not None:
                lb, ub, best_card = max(lb, entry[0]), min(ub, entry[1]), entry[2]
                if lb >= beta or lb == ub:
                    return lb
                if ub <= alpha:
                    return ub
            alpha, beta = max(alpha, lb), min(beta, ub)
        moves = self._order(t, self._moves(t), best_card)
        ours = not (leader + k) & 1
        a0, b0 = alpha, beta
        best, chosen = (-1 if ours else 1000), -1
        for card in moves:
            v = self._after(t, card, alpha, beta)
            if ours:
                if v > best:
                    best, chosen = v, card
                alpha = max(alpha, best)
            else:
                if v < best:
                    best, chosen = v, card
                beta = min(beta, best)
            if alpha >= beta:
                if card != moves[0]:  # remembered for the siblings
                    self.hist[(leader + k) & 3][card] += self.nc[(leader + k) & 3] ** 2
                break
        if key is not None:
            nlb = 0 if best <= a0 else best
            nub = top if best >= b0 else best
            old = self.table.get(key)
            if old is not None:
                nlb, nub = max(nlb, old[0]), min(nub, old[1])
            self.table[key] = (nlb, nub, chosen)
        return best

    def _last_trick(self, leader: int) -> int:
        """The last trick: every seat holds one card."""
        h, trump = self.h, self.trump
        card = [next(s * 5 + r for s in range(4) for r in range(5) if h[p][s][r])
                for p in range(4)]
        t = OpenTrick(leader)
        for k in range(4):
            t = t.add(card[(leader + k) & 3], trump)
        return 0 if t.wseat & 1 else t.pts + 2

    def _sure_tricks(self, leader: int) -> tuple[int, int]:
        """The tricks the leader surely takes by leading them one after another, and the
        counters its side surely takes in them: in each suit its run from the top (its copies
        of the top rank left, and while it holds every copy of a rank, those of the next rank
        too: no one beats the top card left, a copy played later included), in a side suit as
        many as every other seat holding trump can follow (a seat without trump cannot take
        them). The counters: the cards led, and those the others must play to them beyond
        their queens and jacks (a seat holding trump follows suit to each; one without trump
        plays a card a trick)."""
        tr, h, ns = self.trump, self.h, self.ns
        cashed = [0, 0, 0, 0]
        points = 0
        for s in range(4):
            if not ns[leader][s]:
                continue
            run: list[int] = []  # the ranks of the cards the leader cashes, in order
            for r in range(5):
                if self.tot[s][r]:
                    run += [r] * h[leader][s][r]
                    if h[leader][s][r] != self.tot[s][r]:
                        break
            c = len(run)
            if c and s != tr:
                c = min([c] + [ns[q][s] for q in range(4) if q != leader and ns[q][tr]])
            cashed[s] = c
            points += sum(CP[r] for r in run[:c])
        tricks = sum(cashed)
        if tricks:
            for q in range(4):
                if q == leader:
                    continue
                if ns[q][tr]:
                    for s in range(4):
                        if cashed[s]:
                            points += max(0, min(cashed[s], ns[q][s]) - h[q][s][3] - h[q][s][4])
                else:
                    low = sum(h[q][s][3] + h[q][s][4] for s in range(4))
                    points += max(0, tricks - low)
        return tricks, points

    def _sure_trumps(self, side: int) -> int:
        """The counters ``side`` surely takes: those of its trumps ranked above every trump of
        the other side, wherever they are played (the trick's highest trump is then its own,
        or a partner's copy played before it)."""
        tr, h = self.trump, self.h
        theirs = [r for r in range(5) if h[side ^ 1][tr][r] or h[side ^ 3][tr][r]]
        above = theirs[0] if theirs else 5
        return sum(h[q][tr][r] * CP[r] for q in (side, side ^ 2) for r in range(above))

    def _key(self, leader: int) -> tuple:
        """The table's key of the trick start (module docstring)."""
        h = self.h
        out: list[object] = [leader]
        for s in range(4):
            entries: list[list] = []
            for r in range(5):
                t = self.tot[s][r]
                if not t:
                    continue
                alone = next((p for p in range(4) if h[p][s][r] == t), -1)
                if alone >= 0 and entries and entries[-1][0] == alone and (
                        entries[-1][1] == CP[r]):
                    entries[-1][2] += t
                    continue
                who = (h[0][s][r], h[1][s][r], h[2][s][r], h[3][s][r]) if alone < 0 else t
                entries.append([alone, CP[r], who])
            out.append(tuple(tuple(e) for e in entries))
        return tuple(out)

    def _moves(self, t: OpenTrick, same: dict[int, int] | None = None) -> list[int]:
        """The legal plays of the seat to play, one per class of equivalent cards (module
        docstring); ``same`` receives each legal card's class representative."""
        k = len(t.cards)
        p, trump, h = (t.leader + k) & 3, self.trump, self.h
        suits, bound = range(4), 5
        if k:
            for s in (t.led, trump):
                if self.ns[p][s]:
                    suits = range(s, s + 1)
                    if t.ws == s and any(h[p][s][r] for r in range(t.wr)):
                        bound = t.wr
                    break
        moves = []
        for s in suits:
            if not self.ns[p][s]:
                continue
            blocked = [self.tot[s][r] > h[p][s][r] for r in range(5)]
            for c in t.cards:
                if c // 5 == s:
                    blocked[c % 5] = True
            prev = -1
            for r in range(bound):
                if blocked[r]:
                    prev = -1
                if not h[p][s][r]:
                    continue
                card = s * 5 + r
                if prev >= 0 and CP[prev % 5] == CP[r] and not blocked[r]:
                    if same is not None:
                        same[card] = prev
                    continue
                if same is not None:
                    same[card] = card
                moves.append(card)
                prev = -1 if blocked[r] else card
        return moves

    def _holds(self, t: OpenTrick, k: int, ws: int, wr: int) -> bool:
        """Whether the card of suit ``ws`` and rank ``wr``, winning the trick ``t``, stays the
        winner whatever the seats from the ``k``th of the trick on play (each must follow the
        suit led, else may trump)."""
        h, ns, trump, led = self.h, self.ns, self.trump, t.led
        for j in range(k, 4):
            q = (t.leader + j) & 3
            if ns[q][led]:
                if ws == led and any(h[q][led][x] for x in range(wr)):
                    return False
            elif ns[q][trump] and (ws != trump or any(h[q][trump][x] for x in range(wr))):
                return False
        return True

    def _order(self, t: OpenTrick, moves: list[int], best: int) -> list[int]:
        """The moves, the table's best first, then by what each does to the trick."""
        if len(moves) < 2:
            return moves
        k, trump = len(t.cards), self.trump
        p = (t.leader + k) & 3

        def above(s: int, r: int) -> bool:
            return any(self.tot[s][q] > self.h[p][s][q] for q in range(r))

        def partner_top(s: int) -> bool:
            # a card led in `s` surely gives partner the trick: partner ruffs it (void in a
            # side suit, holding trump; both opponents must follow), or partner holds the top
            # rank left, the next seat none (it would play it first), no opponent can ruff
            q, ns = (p + 2) & 3, self.ns
            if s != trump and not ns[q][s] and ns[q][trump] and ns[(p + 1) & 3][s] and (
                    ns[(p + 3) & 3][s]):
                return True
            r0 = next(r for r in range(5) if self.tot[s][r])
            if not self.h[(p + 2) & 3][s][r0] or self.h[(p + 1) & 3][s][r0]:
                return False
            return s == trump or not any(not self.ns[o][s] and self.ns[o][trump]
                                         for o in ((p + 1) & 3, (p + 3) & 3))

        def score(card: int) -> int:
            s, r = card // 5, card % 5
            if card == best:
                return 1000
            if k == 0:
                top = not above(s, r)
                if top and s == trump:
                    return 300 + 20 * CP[r]
                if top:
                    ruff = any(not self.ns[o][s] and self.ns[o][trump]
                               for o in ((p + 1) & 3, (p + 3) & 3))
                    return 60 - r if ruff else 250 + 20 * CP[r]
                if partner_top(s):
                    return 240 + 10 * CP[r] + r
                if not CP[r]:
                    return 150 + r - (0 if s == trump else self.ns[p][s])  # short suits first
                return 50 - r
            beats = (s == t.ws and r < t.wr) or (s == trump and t.ws != trump)
            if (t.wseat ^ p) & 3 == 2 and not beats and self._holds(t, k + 1, t.ws, t.wr):
                return (400 if k == 3 else 200) + 40 * CP[r] + r  # feed partner's sure winner
            if beats:
                if k == 3:
                    return 500 + 40 * CP[r] + r
                return 300 + 60 * self._holds(t, k + 1, s, r) + 40 * CP[r] + r
            if k == 1 and not self._holds(t, 3, t.ws, t.wr):
                return 100 + 40 * CP[r] + r  # partner, last to play, may win it: counters
            return 100 - 40 * CP[r] + r

        hist = self.hist[p]
        return sorted(moves, key=lambda c: (score(c), hist[c]), reverse=True)


# -- the arguments, checked as the compiled solver checks them -------------------------------

def _int(obj: object, what: str, lo: int, hi: int) -> int:
    """``obj`` as a whole number from ``lo`` to ``hi``: else a ``TypeError`` (not a whole
    number) or a ``ValueError`` (out of range) naming ``what``."""
    try:
        v = operator.index(obj)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what}: a whole number (an int) wanted, not {type(obj).__name__}"
                        ) from None
    if not -2**63 <= v < 2**63:
        raise ValueError(f"{what}: {lo} to {hi} wanted, not a number beyond 64 bits")
    if not lo <= v <= hi:
        raise ValueError(f"{what}: {lo} to {hi} wanted, not {v}")
    return v


def _ints(obj: object, what: str, item: str, least: int, most: int, lo: int,
          hi: int) -> list[int]:
    """``obj``, any iterable, as ``least`` to ``most`` whole numbers from ``lo`` to ``hi``."""
    try:
        items = list(obj)  # type: ignore[call-overload]
    except TypeError:
        raise TypeError(f"{what}: a sequence of ints wanted, not {type(obj).__name__}") from None
    if not least <= len(items) <= most:
        want = f"{least}" if least == most else f"{least} to {most}"
        raise ValueError(f"{what}: {want} items wanted, not {len(items)}")
    return [_int(x, f"{what}, {item} {i + 1}", lo, hi) for i, x in enumerate(items)]


def _position(codes: object, leader: object, trick: object,
              nodes: object) -> tuple[list[int], int, list[int], int]:
    """The arguments of ``value`` and ``values``, checked in order."""
    return (_ints(codes, "the hands", "suit code", 16, 16, 0, 3124),
            _int(leader, "the leader", 0, 3),
            _ints(trick, "the trick in progress", "card", 0, 3, 0, 19),
            _int(nodes, "nodes", 0, NODES_MAX))


_INT64 = ("q", "l") if struct.calcsize("l") == 8 else ("q",)


def _int64_rows(obj: object, name: str, width: int, rows: int, writable: bool) -> np.ndarray:
    """``obj`` as a C-contiguous int64 array of shape (``rows``, ``width``) (any number of rows
    if ``rows`` < 0), writable if asked, as the compiled solver reads it (``_buffers.h``):
    a ``TypeError`` for no buffer or items that are not int64, else a ``ValueError``."""
    if obj is None:
        raise TypeError(f"{name}: a C-contiguous int64 array wanted, not None")
    want = f"{name}: a C-contiguous{' writable' if writable else ''} int64 array wanted"
    kind = type(obj)  # named as C names it: its module too, for a type defined in C
    shown = kind.__name__ if kind.__flags__ & 1 << 9 or kind.__module__ == "builtins" else \
        f"{kind.__module__}.{kind.__name__}"
    try:
        view = memoryview(obj)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{want}, not {shown}") from None
    except Exception:
        raise ValueError(f"{want}, not {shown}") from None
    if not view.c_contiguous or (writable and view.readonly):
        raise ValueError(f"{want}, not {shown}")
    fmt = view.format
    if len(fmt) == 2 and fmt[0] in ("@", "=", "<" if sys.byteorder == "little" else ">"):
        fmt = fmt[1:]
    if fmt not in _INT64 or view.itemsize != 8:
        raise TypeError(f"{name}: int64 items wanted, not format '{view.format}' of"
                        f" {view.itemsize} bytes")
    if view.ndim != 2 or view.shape is None or view.shape[1] != width or (
            rows >= 0 and view.shape[0] != rows):
        shape = f"({rows}, {width})" if rows >= 0 else f"(n, {width})"
        raise ValueError(f"{name}: an array of shape {shape} wanted")
    return np.asarray(view)


__all__ = ["PySolver", "OpenTrick", "Stopped", "NODES_MAX"]
