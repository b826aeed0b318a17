"""The worth of passing cards, as the exchange policy counts it (``Objective``), and the tables
it reads: the independent parts of meld with a trump (``meld_parts``), each part's meld by the
code of its cards, and the receiver's mean meld gain from each way of receiving them, over the
hands it may hold (``receivers``; shipped for the common games: ``tables``).

An objective serves both searches of ``policy``: numpy's, on many hands at once, and the
compiled one (``_greedy.c``, ``Objective.native``), hand by hand, which makes the same choices
with the same sums in the same order, so the worths are equal to the last bit: where numpy
sums the cards' values by a matrix product, the compiled search calls the very BLAS routine
numpy calls for a product of that shape (whose order of sums is the machine's).
"""

from __future__ import annotations

from copy import copy
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from ..cards import ACE, JACK, KING, QUEEN
from ..compiled import load
from ..meld.vector import meld_points
from ..rules import RuleSet
from ..stores import kept

if TYPE_CHECKING:
    from .hints import Signal

_AROUND_RANKS = (ACE, KING, QUEEN, JACK)
_Q_SPADES, _J_DIAMONDS = 0 * 5 + QUEEN, 2 * 5 + JACK


def _compiled_search() -> ModuleType | None:
    """The compiled search, once it has found the BLAS numpy's matrix product calls and
    checked that its products are numpy's to the last bit (None: numpy searches)."""
    search = load("pinochle_calc.exchange._greedy")
    if search is None:
        return None
    try:  # the module that links numpy's BLAS (numpy 2; numpy 1 kept it in numpy.core)
        umath = import_module("numpy._core._multiarray_umath")
    except ImportError:
        umath = import_module("numpy.core._multiarray_umath")
    path = getattr(umath, "__file__", None)
    if path is None or search.blas(path) is None:
        return None
    values = np.sin(np.arange(1.0, 21.0)) * 7.3
    rows = np.arange(400, dtype=np.int64).reshape(20, 20) * 7 % 5  # counts, as choices
    for stack in (rows[:, None, :], rows[None], rows[None, :7]):
        expected = stack @ values
        for chunk, want in zip(stack, expected):
            got = np.empty(len(chunk))
            search.dots(values, chunk.astype(np.float64), got)
            if got.tobytes() != want.tobytes():
                return None
    return search


#: The compiled search (``_greedy.c``): the same choices, hand by hand; None where it was not
#: built, ``PINOCHLE_CALC_PURE`` is set (``compiled``) or it cannot sum as numpy does, and then
#: numpy searches.
GREEDY = _compiled_search()
#: Receiver hands the meld gains are averaged over, by default (``ExchangePolicy.samples``).
RECEIVERS = 400


def meld_parts(trump: int) -> list[tuple[int, ...]]:
    """The cards of each independent part of meld with this trump: the trump suit (runs and
    royal marriages), each other suit's K-Q (marriages), each around, the pinochle."""
    parts = [tuple(trump * 5 + r for r in range(5))]
    parts += [(s * 5 + KING, s * 5 + QUEEN) for s in range(4) if s != trump]
    parts += [tuple(s * 5 + r for s in range(4)) for r in _AROUND_RANKS]
    parts.append((_Q_SPADES, _J_DIAMONDS))
    return parts


def part_values(cards: tuple[int, ...], trump: int, rules: RuleSet) -> np.ndarray:
    """The meld of one part for every way of holding its ``cards`` (0 to 4 copies each, indexed
    by the base-5 number of the counts): the meld of a hand holding only those cards."""
    return _part_meld(cards, rules)[:, trump]


@kept(256)
def _part_meld(cards: tuple[int, ...], rules: RuleSet) -> np.ndarray:
    """``part_values`` with each trump (a column per suit), worked out once for all four: the
    arounds, the pinochle and each suit's marriage are parts under every trump."""
    k = len(cards)
    codes = np.arange(5**k)
    only = np.zeros((len(codes), 20), dtype=np.int64)
    only[:, list(cards)] = (codes[:, None] // 5 ** np.arange(k)) % 5
    out = meld_points(only, rules)
    out.flags.writeable = False
    return out


@kept(64)
def receivers(trump: int, rules: RuleSet, hint: Signal | None = None, married: bool = False,
              samples: int = RECEIVERS) -> np.ndarray:
    """``(samples, 20)``: random 20-card hands a receiver may hold (a fixed seed: the same
    hands on every call): with ``married``, holding a marriage in ``trump`` (a bidder, where the
    rule set requires one); with a ``hint`` (a convention ``Signal``), hands that would give it."""
    from ..play.dealer import sample
    from .hints import signal_mask

    rng = np.random.default_rng(20261130 + 4 * trump + married)
    deck = np.repeat(np.arange(20), 4)

    def draw(batch: int) -> np.ndarray:
        cards = rng.permuted(np.broadcast_to(deck, (batch, 80)), axis=1)[:, :20]
        rows = np.repeat(np.arange(batch), 20) * 20 + cards.ravel()
        return np.bincount(rows, minlength=batch * 20).reshape(batch, 20)

    tests = []
    if married:
        k, q = trump * 5 + KING, trump * 5 + QUEEN
        tests.append(("married", lambda c: np.minimum(c[:, k], c[:, q]) > 0))
    if hint is not None:
        tests.append(("hint", lambda c: signal_mask(hint, c, rules)))
    return sample(draw, tests, samples, max_draws=200 * samples)[0]


@kept(32)
def _ways(k: int, most: int | None) -> np.ndarray:
    """The codes of the ways of receiving at most ``most`` of a part's ``k`` cards (all of
    them where ``most`` is None), ascending (read-only)."""
    add = (np.arange(5**k)[:, None] // 5 ** np.arange(k)) % 5
    out = np.flatnonzero(add.sum(axis=1) <= (k * 4 if most is None else most))
    out.flags.writeable = False
    return out


def gain_sums(cards: tuple[int, ...], trump: int, rules: RuleSet, key: tuple,
              most: int | None = None) -> np.ndarray:
    """The meld gain of one part summed over the receiver hands ``receivers(*key)``, for each
    way of receiving at most ``most`` of its cards (``_ways``): whole numbers, so their mean is
    the same to the last bit however they were summed (or shipped: ``tables``)."""
    values = part_values(cards, trump, rules)
    k = len(cards)
    weights = 5 ** np.arange(k)
    receiving = receivers(*key)
    # each distinct holding once, weighed by how many receivers hold it
    codes, count = np.unique(receiving[:, list(cards)] @ weights, return_counts=True)
    held = ((codes[:, None] // weights) % 5).astype(np.int32)
    wanted = _ways(k, most)
    add = ((wanted[:, None] // weights) % 5).astype(np.int32)
    after = np.zeros((len(wanted), len(codes)), dtype=np.int32)  # the code of each holding
    for d in range(k):
        after += np.minimum(add[:, d, None] + held[None, :, d], 4) * int(weights[d])
    gained = values[after] - values[codes][None, :]  # whole numbers
    return gained.astype(np.int64) @ count.astype(np.int64)


def gain_entry(trump: int, rules: RuleSet, hint: Signal | None, married: bool, samples: int,
               most: int | None) -> np.ndarray:
    """``gain_sums`` of every part of meld with ``trump`` (``meld_parts``), one after the
    other, for the receivers ``receivers(trump, rules, hint, married, samples)``: an entry of
    the shipped tables (``tables``)."""
    key = (trump, rules, hint, married, samples)
    return np.concatenate([gain_sums(part, trump, rules, key, most)
                           for part in meld_parts(trump)])


@kept(1024)
def _part_gains(cards: tuple[int, ...], trump: int, rules: RuleSet, key: tuple,
                most: int | None = None) -> np.ndarray:
    """The mean meld gain of one part over the receiver hands ``receivers(*key)``, for every
    way of receiving its cards (indexed as ``part_values``); with ``most``, only for ways of
    receiving at most that many cards (the rest: NaN), all a pass of ``most - 1`` looks up.
    The sums come from the shipped tables (``tables``) where they hold these receivers."""
    from .tables import stored

    k = len(cards)
    wanted = _ways(k, most)
    sums = None
    named, under, hint, married, samples = key
    entry = None
    if named == trump and under == rules:  # as ``gain_entry`` works them out
        entry = stored(named, under, hint, married, samples, most)
    if entry is not None:  # this part's sums in the entry (``gain_entry``)
        start = 0
        for part in meld_parts(trump):
            if part == cards:
                sums = entry[start:start + len(wanted)]
                break
            start += len(_ways(len(part), most))
    if sums is None:
        sums = gain_sums(cards, trump, rules, key, most)
    out = np.full(5**k, np.nan)
    out[wanted] = sums.astype(np.float64) / samples
    return out


class Objective:
    """The worth to the side of passing cards from a hand, with one trump: the receiver's mean
    meld gain over its possible hands (``receivers``, a key of the ``receivers`` cache, or None
    for no gain counted), less the passer's meld lost (times ``keep_meld``), plus a value per
    card passed (``values``, 20 of them). With ``incoming`` (``(m, 20)`` passes the hand may
    receive at the same time), the passer's meld is its mean meld after receiving them. With
    ``cards``, the objective serves passes of at most that many cards (the receiver's gains are
    tabulated for them alone)."""

    def __init__(self, trump: int, rules: RuleSet, values: np.ndarray,
                 receiving: tuple | None = None, keep_meld: float = 1.0,
                 incoming: np.ndarray | None = None, cards: int | None = None):
        parts = meld_parts(trump)
        self.parts = [list(p) for p in parts]
        self.weights = [5 ** np.arange(len(p)) for p in self.parts]
        most = None if cards is None else cards + 1
        # each part's meld kept and gain given, and for ``added`` the same with one card
        # more given (``more``) or kept (``less``) of each of its cards, by code
        self.values, self.less = zip(*(_kept_tables(p, trump, rules, keep_meld) for p in parts))
        self.gains, self.more = zip(*(_gain_tables(p, trump, rules, receiving, most)
                                      for p in parts))
        self.columns = _part_columns(trump)
        self.per_card = np.ascontiguousarray(values, dtype=np.float64)
        self.incoming = incoming
        # with ``incoming``: each part's mean meld after receiving, by the code of the cards
        # kept, worked out for the codes met so far (``known``)
        self.averaged = [(np.zeros(len(v)), np.zeros(len(v), dtype=bool)) for v in self.values]
        self._native: object = None

    def receiving(self, incoming: np.ndarray) -> Objective:
        """The same objective for a passer that receives ``incoming`` at the same time (its
        tables shared, its means after receiving its own)."""
        out = copy(self)
        out.incoming = incoming
        out.averaged = [(np.zeros(len(v)), np.zeros(len(v), dtype=bool)) for v in self.values]
        out._native = None
        return out

    @property
    def native(self) -> object:
        """The objective as the compiled search holds it (``_greedy``; None without it)."""
        if self._native is None and GREEDY is not None:
            incoming = None if self.incoming is None else np.ascontiguousarray(
                self.incoming, dtype=np.int64)
            self._native = GREEDY.objective(
                self.per_card, tuple(tuple(p) for p in self.parts), tuple(self.gains),
                tuple(self.values), incoming, tuple(t for t, _ in self.averaged),
                tuple(k for _, k in self.averaged))
        return self._native

    def _kept(self, i: int, kept: np.ndarray) -> np.ndarray:
        """The passer's meld of part ``i`` from the ``kept`` counts of its cards (``(..., k)``):
        as they are, or averaged over the passes it may receive."""
        part, w, values = self.parts[i], self.weights[i], self.values[i]
        codes = kept @ w
        if self.incoming is None:
            return values[codes]
        table, known = self.averaged[i]
        missing = ~known[codes]
        if missing.any():  # each code's mean over the incoming passes, once
            wanted = np.zeros(len(table), dtype=bool)
            wanted[codes[missing]] = True
            need = np.flatnonzero(wanted)
            digits = (need[:, None] // w) % 5
            after = np.minimum(digits[:, None, :] + self.incoming[:, part], 4) @ w
            table[need] = values[after].mean(axis=-1)
            known[need] = True
        return table[codes]

    def score(self, hands: np.ndarray, choices: np.ndarray) -> np.ndarray:
        """``(n, m)``: the worth of each of ``m`` choices (``(n, m, 20)`` counts, each within its
        hand) from each of ``n`` hands."""
        total = choices @ self.per_card
        for i, (part, w, gains) in enumerate(zip(self.parts, self.weights, self.gains)):
            held = hands[:, None, part]
            given = choices[:, :, part]
            total += gains[given @ w] + self._kept(i, held - given) - self._kept(i, held)
        return total

    def codes(self, counts: np.ndarray) -> np.ndarray:
        """``(parts, n)``: the code of each part's cards in ``(n, 20)`` counts."""
        out = np.empty((len(self.parts), len(counts)), dtype=np.int64)
        for i, (part, w) in enumerate(zip(self.parts, self.weights)):
            out[i] = counts[:, part] @ w
        return out

    def added(self, hands: np.ndarray, chosen: np.ndarray,
              codes: tuple[np.ndarray, np.ndarray] | None = None) -> np.ndarray:
        """``(n, 20)``: how much one more copy of each card adds to the worth of ``chosen``
        (``(n, 20)`` counts) from ``hands``; ``-inf`` where the hand has no more to give.
        ``codes``: ``codes(chosen)`` and ``codes(hands)``, where the caller keeps them."""
        if self.incoming is not None:  # by scoring each choice with one card more
            more = np.minimum(chosen[:, None, :] + np.eye(20, dtype=np.int64), hands[:, None])
            out = self.score(hands, more) - self.score(hands, chosen[:, None, :])
            return np.where(chosen < hands, out, -np.inf)
        given_codes, held_codes = (self.codes(chosen), self.codes(hands)) if codes is None \
            else codes
        kept_codes = held_codes - given_codes
        by_card = np.empty((20, len(hands)))  # a row per card: each row contiguous
        by_card[:] = self.per_card[:, None]
        for i, part in enumerate(self.parts):
            given, kept = given_codes[i], kept_codes[i]
            base = self.gains[i].take(given) + self.values[i].take(kept)
            more, less = self.more[i], self.less[i]
            for j, card in enumerate(part):
                by_card[card] += more[j].take(given) + less[j].take(kept) - base
        return np.where(chosen < hands, by_card.T, -np.inf)


@kept(1024)
def _kept_tables(cards: tuple[int, ...], trump: int, rules: RuleSet,
                 keep_meld: float) -> tuple[np.ndarray, np.ndarray]:
    """A part's meld (times ``keep_meld``) by the code of the cards kept, and ``_one_less``."""
    values = np.asarray(keep_meld * part_values(cards, trump, rules), dtype=np.float64)
    return values, _one_less(values, len(cards))


@kept(1024)
def _gain_tables(cards: tuple[int, ...], trump: int, rules: RuleSet, receiving: tuple | None,
                 most: int | None) -> tuple[np.ndarray, np.ndarray]:
    """A part's gain to the receiver (``_part_gains``; none counted without ``receiving``) by
    the code of the cards given, and ``_one_more``."""
    gains = (np.zeros(5 ** len(cards)) if receiving is None
             else _part_gains(cards, trump, rules, receiving, most))
    return gains, _one_more(gains, len(cards))


@kept(4)
def _part_columns(trump: int) -> np.ndarray:
    """``(20, parts)``: what each card adds to the code of each part of meld with ``trump``
    (``counts @ columns`` gives every part's code at once)."""
    parts = meld_parts(trump)
    columns = np.zeros((20, len(parts)), dtype=np.int64)
    for i, part in enumerate(parts):
        columns[list(part), i] = 5 ** np.arange(len(part))
    return columns


def _one_more(table: np.ndarray, k: int) -> np.ndarray:
    """``(k, 5**k)``: ``table`` at each code with one more of each of the part's ``k`` cards
    (at the last code where that goes past it: read only where the card can be added)."""
    codes = np.arange(len(table)) + 5 ** np.arange(k)[:, None]
    return table[np.minimum(codes, len(table) - 1)]


def _one_less(table: np.ndarray, k: int) -> np.ndarray:
    """``(k, 5**k)``: ``table`` at each code with one fewer of each of the part's ``k`` cards
    (at code 0 where that goes below it: read only where the card is there to take)."""
    codes = np.arange(len(table)) - 5 ** np.arange(k)[:, None]
    return table[np.maximum(codes, 0)]


__all__ = ["Objective", "GREEDY", "RECEIVERS", "meld_parts", "part_values", "receivers",
           "gain_sums", "gain_entry"]
