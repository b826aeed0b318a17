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
  copies of the top cards left (in a side suit as often as every seat holding trump can
  follow) give its side at least the counters in them (those led, and those the others must
  play to them), and all the points left where they are every trick;
- the moves ordered by the table's best card, then by what the card does to the trick;
- a position's value found by zero-window searches (MTD(f)).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..stores import Store

CP = (1, 1, 1, 0, 0)  # counters by rank: A 10 K
#: Positions a solver's table keeps (the least recently used go first), some 100 MB.
TABLE_KEPT = 500_000
_W = (1, 5, 25, 125, 625)


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
    the next: a position's value does not depend on how it was reached)."""

    def __init__(self, trump: int):
        if trump not in range(4):
            raise ValueError("trump is 0 to 3")
        self.trump = trump
        self.table: Store[tuple, tuple[int, int, int]] = Store(
            "pinochle_calc.play.search.PySolver.table", TABLE_KEPT)
        self.nodes = 0
        self.limit = 0  # stop past this many nodes (0: never)

    def clear(self) -> None:
        """Empty the table."""
        self.table.clear()
        self.nodes = 0

    # -- the values the caller asks for ---------------------------------------------------

    def value(self, codes: Sequence[int], leader: int, trick: Sequence[int],
              nodes: int = 0) -> int:
        """Side 0's trick points from the trick in progress on, with best play; raises
        ``Stopped`` past ``nodes`` positions searched (0: no limit)."""
        t = self._load(codes, leader, trick)
        self.limit = self.nodes + nodes if nodes > 0 else 0
        try:
            return self._mtdf(t, -1, (self.counters + t.pts + 2) // 2)
        finally:
            self.limit = 0

    def values(self, codes: Sequence[int], leader: int, trick: Sequence[int],
               nodes: int = 0) -> tuple[tuple[int, int], ...]:
        """Per legal card of the seat to play (card order): (card, side 0's points); raises
        ``Stopped`` past ``nodes`` positions searched (0: no limit)."""
        t = self._load(codes, leader, trick)
        if nodes > 0:
            self.limit = self.nodes + nodes
        same: dict[int, int] = {}
        found, guess = {}, (self.counters + t.pts + 2) // 2
        try:
            for card in self._moves(t, same):
                found[card] = guess = self._mtdf(t, card, guess)
        finally:
            if nodes > 0:
                self.limit = 0
        return tuple((c, found[same[c]]) for c in sorted(same))

    def values_many(self, codes: np.ndarray, leader: int, trick: Sequence[int],
                    cards: Sequence[int], out: np.ndarray, nodes: int = 0) -> int:
        """For each layout (a row of ``codes``), in order, side 0's points after each of
        ``cards`` into the row of ``out``; with ``nodes``, it stops once the search has visited
        that many positions. Returns the layouts done (their rows of ``out`` are filled)."""
        self.limit = self.nodes + nodes if nodes > 0 else 0
        done = 0
        try:
            for i, row in enumerate(np.asarray(codes).reshape(-1, 16).tolist()):
                got = dict(self.values(row, leader, trick))
                for j, c in enumerate(cards):
                    if c not in got:
                        raise ValueError(f"layout {i}: card {c} is not legal")
                    out[i, j] = got[c]
                done = i + 1
        except Stopped:
            pass
        finally:
            self.limit = 0
        return done

    def _load(self, codes: Sequence[int], leader: int, trick: Sequence[int]) -> OpenTrick:
        codes = [int(c) for c in codes]
        if len(codes) != 16 or not all(0 <= c < 3125 for c in codes):
            raise ValueError("the hands are 16 suit codes, 0 to 3124 each")
        if leader not in range(4) or len(trick) > 3:
            raise ValueError("the leader is 0 to 3, the trick holds 0 to 3 cards")
        self.h = [[[codes[4 * p + s] // _W[r] % 5 for r in range(5)] for s in range(4)]
                  for p in range(4)]
        h = self.h
        self.tot = [[sum(h[p][s][r] for p in range(4)) for r in range(5)] for s in range(4)]
        self.ns = [[sum(h[p][s]) for s in range(4)] for p in range(4)]
        self.nc = [sum(x) for x in self.ns]
        self.counters = sum(CP[r] * self.tot[s][r] for s in range(4) for r in range(5))
        k = len(trick)
        to_play = self.nc[(leader + k) & 3]
        if any(self.nc[p] != to_play - ((p - leader) & 3 < k) for p in range(4)):
            raise ValueError("the hands are not the same size (the seats that played to the"
                             " trick hold one card fewer)")
        if any(n > 4 for row in self.tot for n in row):
            raise ValueError("more than four copies of a card")
        if not to_play:
            raise ValueError("the hand is over: no card is left to play")
        t = OpenTrick(leader)
        for c in trick:
            if not 0 <= c < 20:
                raise ValueError("a card is 0 to 19")
            t = t.add(c, self.trump)
        return t

    def _mtdf(self, t: OpenTrick, card: int, guess: int) -> int:
        """The exact value (after ``card``, -1: before any) by zero-window searches."""
        lo, hi = 0, self.counters + t.pts + 2
        g = min(max(guess, lo), hi)
        while lo < hi:
            b = g if g > lo else lo + 1
            v = self._search(t, b - 1, b) if card < 0 else self._after(t, card, b - 1, b)
            if v < b:
                hi = v
            else:
                lo = v
            g = v
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
            raise Stopped
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
            if leader & 1:
                ub = top - sure_points
            else:
                lb = sure_points
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
        counters its side surely takes in them: its copies of the top trump left, and in each
        side suit its copies of the top card left, as many as every other seat holding trump
        can follow (a seat without trump cannot take them; no one beats a copy of the top
        card). The counters: the cards led, and those the others must play to them beyond
        their queens and jacks (a seat holding trump follows suit to each; one without trump
        plays a card a trick)."""
        tr, h, ns = self.trump, self.h, self.ns
        cashed = [0, 0, 0, 0]
        points = 0
        for s in range(4):
            if not ns[leader][s]:
                continue
            r0 = next(r for r in range(5) if self.tot[s][r])
            c = h[leader][s][r0]
            if c and s != tr:
                c = min([c] + [ns[q][s] for q in range(4) if q != leader and ns[q][tr]])
            cashed[s] = c
            points += c * CP[r0]
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

    def _order(self, t: OpenTrick, moves: list[int], best: int) -> list[int]:
        """The moves, the table's best first, then by what each does to the trick."""
        if len(moves) < 2:
            return moves
        k, trump = len(t.cards), self.trump
        p = (t.leader + k) & 3

        def above(s: int, r: int) -> bool:
            return any(self.tot[s][q] > self.h[p][s][q] for q in range(r))

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
                if not CP[r]:
                    return 150 + r + (0 if s == trump else self.ns[p][s])
                return 50 - r
            beats = (s == t.ws and r < t.wr) or (s == trump and t.ws != trump)
            if (t.wseat ^ p) & 3 == 2 and not beats:
                return (400 if k == 3 else 200) + 40 * CP[r] + r
            if beats:
                if k == 3:
                    return 500 + 40 * CP[r] + r
                return 300 + 60 * (not above(s, r)) + 40 * CP[r] - r
            return 100 - 40 * CP[r] + r

        return sorted(moves, key=score, reverse=True)


__all__ = ["PySolver", "OpenTrick", "Stopped"]
