"""The exact account of a hand played, every hand known: its par and each card's exact cost.

The **par** is the trick points each side takes with best play by both from the first lead
(``solver.deal_par``); a card's **exact cost** what its side gave away by it against best play
from the position before it, every card seen (``solver.card_cost``: 0 for a best card). Both
are double-dummy figures: a card with an exact cost above 0 lost points whatever the layout the
player imagined, given the cards the others really held.

A whole deal can take the solver hours, so the work has a budget, of seconds of CPU time
(``seconds``, ``timed.Budget``) and, for a run that covers the same ground on every machine,
of positions searched (``nodes``), spent from the last trick back: the position before each
card played, one search each (its value only: a card's cost is the position's value less the
value of the position its card leads to). The positions near the end are quick, and each one
solved fills the table that the earlier ones reuse. Where the budget runs out, the cards before
have no exact cost (None) and, unless the walk reached the first lead, there is no par. Figures
are unscaled trick points (the last trick's 2 included); side 0 is seats 0 and 2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import KINDS, Card, SuitLike
from ..limits import EXACT_POSITIONS_MAX, EXACT_SECONDS_MAX, EXACT_SECONDS_PAR, check
from .search import Stopped
from .solver import Engine, Rows, _checked, _index, _positions, _sequence, new_engine, solve
from .timed import Budget, OutOfTime, check_seconds
from .tricks import CARD_POINTS, legal_cards, trick_points, trick_winner

#: The seconds of CPU time searched by default (``limits.EXACT_SECONDS_PAR``): with today's
#: solver, the last 10 or 11 tricks of most hands, seldom the first lead (docs/card-play.md,
#: "Par and exact costs").
DEFAULT_SECONDS = EXACT_SECONDS_PAR


@dataclass(frozen=True)
class ExactPlay:
    """A hand's exact account (module docstring). ``par``: each side's points with best play
    from the first lead (None: not reached within the budget). ``costs``: per card played, in
    order, what it gave its side away (None: not reached; 0 for a card the rules forced).
    ``values``: side 0's points from the position before each card on (the trick in progress
    included), and last from the position after the last card (None where not solved).
    ``budget``: the positions allowed (None: no limit); ``seconds``: the CPU time allowed
    (None: no limit); ``searched``: the positions searched; ``stopped``: what ended the walk
    before the first lead (``"seconds"``, ``"positions"``; None: it reached it)."""

    par: tuple[int, int] | None
    costs: tuple[int | None, ...]
    values: tuple[int | None, ...]
    budget: int | None
    searched: int
    seconds: float | None = None
    stopped: str | None = None

    @property
    def from_card(self) -> int | None:
        """The index of the first card from which on every position was valued, so every
        card has its exact cost (None: not even the last card's)."""
        start = len(self.costs)
        while start and self.values[start - 1] is not None:
            start -= 1
        return start if start < len(self.costs) else None

    @property
    def from_trick(self) -> int | None:
        """The first trick (1-based) from which on every card has an exact cost (None:
        none)."""
        start = self.from_card
        if start is None:
            return None
        return (start + 3) // 4 + 1


def exact_play(hands: Sequence, trump: SuitLike, leader: int, cards: Sequence[int | Card], *,
               nodes: int | None = None, seconds: float | None = DEFAULT_SECONDS) -> ExactPlay:
    """The exact account of the cards played (module docstring): ``hands`` the four hands
    when play began, ``leader`` the seat that led the first trick, ``cards`` the cards in the
    order played (a whole hand or its start). ``seconds``: the CPU time the solver may take in
    all (None: no limit; at most ``limits.EXACT_SECONDS_MAX``); ``nodes``: the positions it
    may search in all (None: no limit; at most ``limits.EXACT_POSITIONS_MAX``); 0 for either:
    none, so that only the forced cards have a cost. A play that cannot be raises
    ``PositionError`` naming the trick and the card."""
    trump, start, _, _ = _checked(hands, trump, leader, (), ())
    played = [_index(c, f"card {i + 1}", i // 4 + 1, i % 4 + 1) for i, c in
              enumerate(_sequence(cards, "cards"))]
    positions = _positions(start, trump, leader, played)
    n = len(played)
    budget = None if nodes is None else check("nodes", nodes, 0, EXACT_POSITIONS_MAX)
    clock = Budget(None if seconds is None else check_seconds("seconds", seconds,
                                                              EXACT_SECONDS_MAX))
    # a table of 2**20 entries serves a second or 20,000,000 positions as well as a larger one
    # (measured); past that, the size a whole deal needs
    small = (budget is not None and budget <= 20_000_000) or (seconds is not None and
                                                             seconds <= 2)
    engine = new_engine(trump, 10 if small else sum(start[0]))
    walk = _Walk(engine, trump, budget, clock)
    values: list[int | None] = [None] * (n + 1)
    costs: list[int | None] = [None] * n
    end_rows, end_lead, end_trick = positions[n]
    if not any(sum(r) for r in end_rows):
        values[n] = 0  # every trick played
    else:
        values[n] = walk.value(positions[n])
    for i in range(n - 1, -1, -1):
        rows, lead, trick = positions[i]
        seat = (lead + len(trick)) & 3
        after = values[i + 1]
        got = None if after is None else after + _won(trick, played[i], lead, trump,
                                                      sum(rows[seat]) == 1)
        if len(legal_cards(rows[seat], trick, trump)) == 1:
            costs[i], values[i] = 0, got
            continue
        if got is None:
            continue
        here = walk.value(positions[i])
        if here is None:
            # the budget is spent: the earlier positions are larger still; only forced
            # cards have a cost from here back
            for j in range(i - 1, -1, -1):
                r, ld, t = positions[j]
                if len(legal_cards(r[(ld + len(t)) & 3], t, trump)) == 1:
                    costs[j] = 0
            break
        values[i] = here
        costs[i] = here - got if seat & 1 == 0 else got - here
    par = None
    if values[0] is not None:
        par = (values[0], points_left(positions[0][0], positions[0][2]) - values[0])
    return ExactPlay(par, tuple(costs), tuple(values), budget, walk.searched,
                     clock.seconds, None if par is not None else walk.stopped)


class _Walk:
    """The searches of one walk back: one engine, a budget of positions and one of seconds;
    the positions searched, and which budget ran out first (None: neither)."""

    def __init__(self, engine: Engine, trump: int, budget: int | None, clock: Budget):
        self.engine, self.trump, self.budget, self.clock = engine, trump, budget, clock
        self.searched = 0
        self.stopped: str | None = None

    def value(self, position: tuple[Rows, int, tuple[int, ...]]) -> int | None:
        """Side 0's points from the position on, or None where a budget is spent first."""
        if self.stopped is not None:
            return None
        rows, lead, trick = position
        left = 0 if self.budget is None else self.budget - self.engine.nodes
        if self.budget is not None and left <= 0:
            self.stopped = "positions"
            return None
        try:
            found = self.clock.run(self.engine, lambda: solve(
                rows, self.trump, lead, trick, values=False, solver=self.engine,
                nodes=left).points[0])
        except OutOfTime as e:
            self.searched = e.nodes  # the engine was emptied, its count with it
            self.stopped = "seconds"
            return None
        except Stopped:
            self.searched = self.engine.nodes
            self.stopped = "positions"
            return None
        self.searched = self.engine.nodes
        return found


def _won(trick: tuple[int, ...], card: int, lead: int, trump: int, last: bool) -> int:
    """Side 0's points in the trick ``card`` completes (0 where it does not complete one)."""
    if len(trick) < 3:
        return 0
    cards = (*trick, card)
    return trick_points(cards, last) if (lead + trick_winner(cards, trump)) & 1 == 0 else 0


def points_left(rows: Sequence[Sequence[int]], trick: Sequence[int] = ()) -> int:
    """Every trick point left (unscaled) where the seats hold ``rows`` and ``trick`` is on the
    table: the counters held and in the trick, and the last trick's 2."""
    return sum(CARD_POINTS[c] * sum(r[c] for r in rows) for c in range(KINDS)) + \
        trick_points(trick, last=True)


__all__ = ["ExactPlay", "exact_play", "points_left", "DEFAULT_SECONDS"]
