"""The double-dummy solver: the best play by both sides when every hand is known.

``solve(hands, trump, leader, trick, tricks)`` gives the trick points each side takes from the
position on when both sides play their best, each seeing every card (unscaled, the last
trick's 2 included; the cards already in the trick in progress go with it), and the value of
every legal card of the seat to play: the points its side takes from there when it plays that
card and both sides play their best afterwards. ``deal_par`` is the par of a deal (the same
from the first lead), ``card_cost`` what a card gives away against the best card, and
``play_costs`` that cost for every card of a hand played, in order.

The search itself is ``_solver.c`` (compiled by ``pip install``); ``search`` is the same method
in pure Python, the oracle the tests compare it with and the fallback where it was not built or
where ``PINOCHLE_CALC_PURE=1`` asks for the Python paths. Both keep a table of the positions
they solved, which stays valid for every position with that trump: ``engine(trump)`` is the
solver to reuse across many positions of one trump (as the card advice does).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ..cards import CARDS, COPIES, KINDS, SUITS, Card, SuitLike, as_suit
from ..errors import described
from ..limits import check
from .position import PositionError
from .search import NODES_MAX, PySolver, Stopped
from .tricks import (
    CARD_POINTS,
    Trick,
    _counts,
    encode,
    illegal_reason,
    legal_cards,
    rule_in_force,
    trick_winner,
)


def _compiled() -> type | None:
    """The compiled solver's type, unless it was not built or the numpy/Python paths are asked
    for (``compiled.PURE``)."""
    from ..compiled import load

    module = load("pinochle_calc.play._solver")
    return None if module is None else module.Solver


_CSolver = _compiled()

#: Whether the compiled solver is in use.
COMPILED = _CSolver is not None
_ENGINE_TYPES: tuple[type, ...] = (PySolver,) if _CSolver is None else (PySolver, _CSolver)


class Engine(Protocol):
    """What both solvers offer (``_solver.Solver`` and ``search.PySolver``): side 0's points."""

    trump: int
    nodes: int

    def value(self, codes: Sequence[int], leader: int, trick: Sequence[int],
              nodes: int = 0) -> int: ...

    def values(self, codes: Sequence[int], leader: int, trick: Sequence[int],
               nodes: int = 0) -> tuple[tuple[int, int], ...]: ...

    def values_many(self, codes, leader: int, trick: Sequence[int], cards: Sequence[int],
                    out, nodes: int = 0) -> int: ...

    def bound(self, codes: Sequence[int], leader: int, trick: Sequence[int], at: int,
              nodes: int = 0) -> int: ...

    def clear(self) -> None: ...

    def interrupt(self) -> None: ...


def new_engine(trump: int, tricks_left: int = 20) -> Engine:
    """A solver for ``trump`` with a table sized for searches of ``tricks_left`` tricks."""
    if _CSolver is None:
        return PySolver(trump)
    return _CSolver(trump, table_bits(tricks_left))


def table_bits(tricks_left: int) -> int:
    """The compiled table's size (2**bits entries of 32 bytes) for a search of this many
    tricks: small tables stay in the processor's cache and cost little to make (a fresh table
    of 2**23 entries, 335 MB at 40 bytes an entry, took more CPU time to make than a search
    of 10 or 11 tricks), large searches need room. Chosen by CPU time on played hands
    (docs/card-play.md)."""
    return 16 if tricks_left <= 6 else 18 if tricks_left <= 11 else 20 if tricks_left <= 12 \
        else 23


#: The threads ``search_layouts`` searches on at once, each with a solver of its own: the
#: compiled solver lets go of the GIL while it searches (the Python one cannot: one thread).
#: Fixed, not the machine's cores, so that the layouts each covers within its budget, and so
#: the card advice's figures, are the same on every machine.
THREADS = 2 if COMPILED else 1

_KEPT = threading.local()  # each thread its own solvers: a solver serves one thread at a time


def engine(trump: int, part: int = 0) -> Engine:
    """The solver kept for ``trump`` in this thread (a table of 2**18 entries), for callers
    that solve many positions of the last tricks: its table carries over. ``part``: one of
    the solvers that search at once (``search_layouts``)."""
    kept = _KEPT.__dict__.setdefault("engines", {})
    if (trump, part) not in kept:
        kept[trump, part] = new_engine(trump, 8)
    return kept[trump, part]


def search_layouts(trump: int, codes: np.ndarray, leader: int, trick: Sequence[int],
                   cards: Sequence[int], out: np.ndarray, budget: int, *, clear: bool = True,
                   threads: int = THREADS) -> int:
    """``values_many`` on ``threads`` solvers of this thread (``engine(trump, part)``) at
    once: layout i (a row of ``codes``) goes to solver i % threads, each searching its share
    in order within its share of ``budget`` positions (``clear``: from an empty table; else
    less what it searched since its table was emptied), so that the layouts done are the same
    on every run and every machine. Returns how many of the first layouts are done: their
    rows of ``out`` are filled. Ctrl-C (``KeyboardInterrupt``) stops every thread."""
    parts = max(1, min(threads, len(codes)))
    engines = [engine(trump, k) for k in range(parts)]
    rows = [np.ascontiguousarray(codes[k::parts], dtype=np.int64) for k in range(parts)]
    found = [np.zeros((len(r), len(cards)), dtype=np.int64) for r in rows]
    done = [0] * parts
    errors: list[BaseException] = []

    def search(k: int) -> None:
        if clear:
            engines[k].clear()
        left = budget // parts - engines[k].nodes
        if left > 0:
            done[k] = engines[k].values_many(rows[k], leader, trick, cards, found[k], left)

    def helper(k: int) -> None:
        try:
            search(k)
        except BaseException as e:  # noqa: BLE001 (raised again in the calling thread)
            errors.append(e)

    helpers = [threading.Thread(target=helper, args=(k,), daemon=True)
               for k in range(1, parts)]
    for t in helpers:
        t.start()
    try:
        search(0)
        for t in helpers:
            t.join()
    except BaseException:  # Ctrl-C, or an error of this thread's share: stop the others
        for e in engines[1:]:
            e.interrupt()
        for t in helpers:
            t.join()
        raise
    if errors:
        raise errors[0]
    covered = len(codes)
    for k in range(parts):
        out[k::parts][:done[k]] = found[k][:done[k]]
        if done[k] < len(rows[k]):
            covered = min(covered, done[k] * parts + k)
    return covered


@dataclass(frozen=True)
class CardValue:
    """A legal card and the trick points the side playing it takes from the position on
    (the cards in the trick in progress included) with best play after it."""

    card: int
    points: int

    def to_dict(self) -> dict:
        return {"card": str(CARDS[self.card]), "points": self.points}


@dataclass(frozen=True)
class Solution:
    """The double-dummy result of a position (see the module docstring).

    ``points``: each side's trick points from the position on with best play (side 0 is seats
    0 and 2; the cards in the trick in progress go to whoever wins it). ``values``: per legal
    card of ``to_play`` (card order), its side's points with that card and best play after
    (empty where not asked for). ``taken``: each side's points in the tricks so far, where
    they were given.
    """

    trump: int
    leader: int
    trick: tuple[int, ...]
    to_play: int
    points: tuple[int, int]
    values: tuple[CardValue, ...]
    taken: tuple[int, int] | None = None

    def value(self, card: int | Card) -> int:
        """The points of the side to play with ``card`` (a legal card)."""
        index = card.index if isinstance(card, Card) else card
        for v in self.values:
            if v.card == index:
                return v.points
        raise PositionError(f"{_name(index)} is not a card seat {self.to_play} may play here")

    @property
    def best(self) -> tuple[int, ...]:
        """The legal cards with the best value."""
        top = max(v.points for v in self.values)
        return tuple(v.card for v in self.values if v.points == top)

    def cost(self, card: int | Card) -> int:
        """What ``card`` gives away against best play: the best card's value less its own."""
        return max(v.points for v in self.values) - self.value(card)

    def to_dict(self) -> dict:
        return {"trump": SUITS[self.trump], "leader": self.leader, "to_play": self.to_play,
                "trick": [str(CARDS[c]) for c in self.trick],
                "points": {"us": self.points[0], "them": self.points[1]},
                "values": [v.to_dict() for v in self.values],
                "taken": None if self.taken is None else {"us": self.taken[0],
                                                          "them": self.taken[1]}}


def solve(hands: Sequence, trump: SuitLike, leader: int, trick: Sequence[int | Card] = (),
          tricks: Sequence[Trick | tuple[int, Sequence[int | Card]]] = (), *,
          values: bool = True, solver: Engine | None = None, nodes: int = 0) -> Solution:
    """The double-dummy result of the position (module docstring): ``hands`` are the four
    hands now (``Hand``, its text or 20 counts each), ``leader`` the seat that led the trick
    in progress (or leads next), ``trick`` the cards played to it, ``tricks`` the tricks so
    far (optional: checked, and their points given as ``taken``). With ``values=False`` only
    the points (faster: one search instead of one per card). ``solver``: a solver of this
    trump to reuse (``engine``); by default a new one. ``nodes``: stop with ``Stopped`` past
    that many positions searched (0: no limit; the compiled solver searches some 7 million a
    second). A position that cannot be raises ``PositionError`` naming the trick and the
    card; an argument of the wrong type a ``TypeError``."""
    trump, rows, played, done = _checked(hands, trump, leader, trick, tricks)
    nodes = check("nodes", nodes, 0, NODES_MAX)
    if solver is not None and not isinstance(solver, _ENGINE_TYPES):
        raise TypeError(f"solver must be a solver (solver.engine or new_engine), not"
                        f" {described(solver)}")
    codes = [c for row in rows for c in encode(row)]
    left = sum(rows[(leader + len(played)) & 3])
    engine_ = solver if solver is not None else new_engine(trump, left)
    if engine_.trump != trump:
        raise ValueError(f"the solver given is for trump {SUITS[engine_.trump]}, not"
                         f" {SUITS[trump]}")
    total = sum(CARD_POINTS[c] * sum(r[c] for r in rows) for c in range(KINDS)) + sum(
        CARD_POINTS[c] for c in played) + 2
    to_play = (leader + len(played)) & 3
    side = to_play & 1
    found: tuple[tuple[int, int], ...] = ()
    if values:
        found = engine_.values(codes, leader, played, nodes)
        ours = max(v if side == 0 else total - v for _, v in found)
        zero = ours if side == 0 else total - ours
    else:
        zero = engine_.value(codes, leader, played, nodes)
    return Solution(trump, leader, played, to_play, (zero, total - zero),
                    tuple(CardValue(c, v if side == 0 else total - v) for c, v in found),
                    done)


def deal_par(hands: Sequence, trump: SuitLike, leader: int, *, nodes: int = 0) -> tuple[int, int]:
    """The double-dummy par of a deal: the trick points (unscaled) each side takes with best
    play by both from ``leader``'s first lead, every hand known (side 0 first). ``nodes``: as
    ``solve`` (a whole deal can take minutes: ``Stopped`` past the budget)."""
    return solve(hands, trump, leader, values=False, nodes=nodes).points


def card_cost(hands: Sequence, trump: SuitLike, leader: int, trick: Sequence[int | Card],
              card: int | Card, tricks: Sequence = (), *, nodes: int = 0) -> int:
    """The double-dummy cost of ``card`` for the seat to play (after ``trick``, led by
    ``leader``; ``hands`` the four hands now): the trick points its side gives away by it
    against best play, every hand known (0 for a best card). ``nodes``: as ``solve``."""
    return solve(hands, trump, leader, trick, tricks, nodes=nodes).cost(card)


def play_costs(hands: Sequence, trump: SuitLike, leader: int, cards: Sequence[int | Card], *,
               nodes: int = 0) -> tuple[int | None, ...]:
    """The double-dummy cost of every card of a hand played (``hands`` when play began,
    ``leader`` leading the first trick, ``cards`` in the order played): per card, the trick
    points its side gave away by it against best play from the position before it (0 where it
    was the only card it could play). One solver serves them all: the positions of one hand
    share most of their search. ``nodes``: the budget of each position's search (0: none);
    a position not solved within it gets None."""
    trump, rows, _, _ = _checked(hands, trump, leader, (), ())
    indices = [_index(c, f"card {i + 1}") for i, c in enumerate(_sequence(cards, "cards"))]
    nodes = check("nodes", nodes, 0, NODES_MAX)
    engine_ = new_engine(trump, sum(rows[0]))
    out: list[int | None] = []
    for (now, first, trick), card in zip(_positions(rows, trump, leader, indices), indices):
        if len(legal_cards(now[(first + len(trick)) & 3], trick, trump)) == 1:
            out.append(0)
            continue
        try:
            out.append(solve(now, trump, first, trick, solver=engine_, nodes=nodes).cost(card))
        except Stopped:
            out.append(None)
    return tuple(out)


Rows = tuple[tuple[int, ...], ...]


def _positions(start: Sequence[Sequence[int]], trump: int, leader: int,
               played: Sequence[int]) -> list[tuple[Rows, int, tuple[int, ...]]]:
    """The position before each card of ``played`` and after the last: (the four hands, the
    seat that led the trick in progress, its cards), from the hands ``start`` with ``leader``
    leading; each card checked against the rules (``PositionError`` naming its trick and
    card)."""
    rows = [list(r) for r in start]
    if len(played) > 4 * sum(rows[0]):
        raise PositionError(f"{len(played)} cards played, but the hands hold"
                            f" {4 * sum(rows[0])}")
    out = []
    trick: list[int] = []
    lead = leader
    for i, card in enumerate(played):
        out.append((tuple(tuple(r) for r in rows), lead, tuple(trick)))
        seat = (lead + len(trick)) & 3
        reason = illegal_reason(rows[seat], trick, trump, card)
        if reason:
            raise PositionError(f"card {i + 1}: seat {seat} plays {_name(card)}: {reason}",
                                i // 4 + 1, i % 4 + 1)
        rows[seat][card] -= 1
        trick.append(card)
        if len(trick) == 4:
            lead = (lead + trick_winner(trick, trump)) & 3
            trick = []
    out.append((tuple(tuple(r) for r in rows), lead, tuple(trick)))
    return out


# -- checking the position -----------------------------------------------------------------

def _name(card: int) -> str:
    return CARDS[card].symbol if 0 <= card < KINDS else repr(card)


def _four(hands: Sequence) -> Sequence:
    if isinstance(hands, (str, bytes)) or not hasattr(hands, "__len__") or len(hands) != 4:
        raise PositionError("the hands are four hands, one per seat (Hand, its text or 20"
                            " counts each)")
    return hands


def _hand_counts(hand: object, seat: int) -> tuple[int, ...]:
    if isinstance(hand, str) and not hand.strip():
        return (0,) * KINDS
    if hasattr(hand, "tolist"):  # a row of an array of deals
        hand = hand.tolist()
    try:
        counts = tuple(int(x) for x in _counts(hand))
    except (TypeError, ValueError) as e:
        raise PositionError(f"seat {seat}'s hand: {e}") from None
    if any(x < 0 or x > COPIES for x in counts):
        raise PositionError(f"seat {seat}'s hand holds a card {min(counts)} or"
                            f" {max(counts)} times: 0 to {COPIES}")
    return counts


def _sequence(value: object, name: str) -> Sequence:
    """``value`` if it is a sequence (not text), else a ``TypeError`` naming the argument."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) and not hasattr(
            value, "__array__"):
        raise TypeError(f"{name} must be a sequence of cards (Card or index 0 to 19), not"
                        f" {described(value)}")
    return value  # type: ignore[return-value]


def _trick(trick: object, number: int) -> Trick:
    """A trick so far, given as a ``Trick`` or (leader, cards): a ``PositionError`` where it
    is neither (a trick's four cards and its leader are checked with the position)."""
    leader: object
    cards: object
    try:
        leader, cards = trick  # type: ignore[misc]
    except (TypeError, ValueError):
        raise PositionError(f"trick {number}: a trick is a Trick or (leader, cards), not"
                            f" {described(trick)}", number) from None
    if isinstance(leader, bool) or not isinstance(leader, int) or leader not in range(4):
        raise PositionError(f"trick {number}: its leader is a seat 0 to 3, not"
                            f" {described(leader)}", number)
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
        raise PositionError(f"trick {number}: its cards are a sequence of cards, not"
                            f" {described(cards)}", number)
    return Trick(leader, tuple(_index(c, f"trick {number}", number, k + 1)
                               for k, c in enumerate(cards)))  # type: ignore[call-overload]


def _index(card: object, what: str, trick: int | None = None, number: int | None = None) -> int:
    """``card`` as an index 0 to 19, else a ``PositionError`` saying ``what`` it was (and, where
    given, the trick and the card's number in it)."""
    index = card.index if isinstance(card, Card) else card
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < KINDS:
        raise PositionError(f"{what}: {card!r} is not a card (a Card or an index 0 to 19)",
                            trick, number)
    return index


def _checked(hands: Sequence, trump: SuitLike, leader: int, trick: Sequence,
             tricks: Sequence) -> tuple[int, list[tuple[int, ...]], tuple[int, ...],
                                        tuple[int, int] | None]:
    """The position checked: trump, the hands as counts, the trick in progress, the points
    taken in the tricks so far (None if not given)."""
    trump = as_suit(trump)
    if isinstance(leader, bool) or not isinstance(leader, int) or leader not in range(4):
        raise PositionError(f"the leader is a seat 0 to 3, not {leader!r}")
    rows = [_hand_counts(h, s) for s, h in enumerate(_four(hands))]
    if isinstance(trick, (str, bytes)) or not hasattr(trick, "__iter__"):
        raise PositionError("the trick in progress is a sequence of cards (Card or index)")
    played = tuple(_index(c, f"the trick in progress, card {k + 1}") for k, c in
                   enumerate(trick))
    if len(played) > 3:
        raise PositionError(f"the trick in progress holds {len(played)} cards: at most 3 are"
                            " played before the seat to play", 0, 4)
    if isinstance(tricks, (str, bytes)) or not hasattr(tricks, "__iter__"):
        raise PositionError("the tricks so far are a sequence of tricks (Trick, or leader and"
                            " cards)")
    history = [_trick(t, i + 1) for i, t in enumerate(tricks)]
    to_play = (leader + len(played)) & 3
    n = sum(rows[to_play])
    if n == 0:
        raise PositionError(f"seat {to_play}, to play, holds no card: the hand is over")
    for s in range(4):
        due = n - ((s - leader) & 3 < len(played))
        if sum(rows[s]) != due:
            raise PositionError(f"seat {s} holds {sum(rows[s])} cards, but seat {to_play},"
                                f" to play, holds {n}: every seat holds as many, less the card"
                                " it played to the trick in progress")
    if n + len(history) > 20:
        raise PositionError(f"{len(history)} tricks so far and {n} cards in hand: a hand is"
                            " 20 cards")
    # every card the hands, the trick and the tricks so far hold, at most four times
    count = [sum(r[c] for r in rows) for c in range(KINDS)]
    for c in range(KINDS):
        if count[c] > COPIES:
            raise PositionError(f"the hands hold {count[c]} {_name(c)}: a double deck has"
                                f" {COPIES}")
    plays = [(i + 1, t.leader, t.cards) for i, t in enumerate(history)] + [(0, leader, played)]
    for number, _, cards in plays:
        for k, c in enumerate(cards):
            count[c] += 1
            if count[c] > COPIES:
                where = f"trick {number}" if number else "the trick in progress"
                raise PositionError(f"{where}, card {k + 1}: a fifth {_name(c)}", number, k + 1)
    # each trick led by the winner of the one before, the trick in progress by the last's
    for i, t in enumerate(history):
        if len(t.cards) != 4 or t.leader not in range(4):
            raise PositionError(f"trick {i + 1}: a trick is four cards and its leader", i + 1)
        if i and t.leader != history[i - 1].winner(trump):
            raise PositionError(f"trick {i + 1} is led by seat {t.leader}, but seat"
                                f" {history[i - 1].winner(trump)} won trick {i}", i + 1, 1)
    if history and leader != history[-1].winner(trump):
        raise PositionError(f"the trick in progress is led by seat {leader}, but seat"
                            f" {history[-1].winner(trump)} won trick {len(history)}", 0, 1)
    # each play legal for the hand its seat held then: its hand now and its later plays
    later = [list(r) for r in rows]
    for number, first, cards in reversed(plays):
        for k in range(len(cards) - 1, -1, -1):
            seat, c = (first + k) & 3, cards[k]
            later[seat][c] += 1
            if illegal_reason(later[seat], cards[:k], trump, c):
                where = f"trick {number}" if number else "the trick in progress"
                raise PositionError(f"{where}, card {k + 1}: seat {seat} plays {_name(c)},"
                                    " which the rules forbid with the cards it held then:"
                                    f" {rule_in_force(later[seat], cards[:k], trump)}",
                                    number, k + 1)
    taken = None
    if tricks:
        got = [0, 0]
        for t in history:
            got[t.winner(trump) & 1] += sum(CARD_POINTS[c] for c in t.cards)
        taken = (got[0], got[1])
    return trump, rows, played, taken


__all__ = ["solve", "deal_par", "card_cost", "play_costs", "Solution", "CardValue", "engine",
           "new_engine", "COMPILED", "Engine", "Stopped"]
