"""The meld engine: the maximal meld of a hand for each trump suit, with its breakdown.

A card may serve in at most one meld of each type (I runs and marriages, II pinochles,
III arounds), so the maximum is found by reasoning over a few counts, not over card combinations.
Everything the engine needs from a hand is its *shape* (see ``shape``): for each suit the number
of runs and of K-Q pairs it holds, the number of each "around", and of pinochles. Runs and royal
marriages compete for the trump K and Q; a roundhouse declared as one meld (an option of some
rule sets) competes with marriages and with kings and queens around. For each trump the engine
tries every split of those shared cards (at most a few dozen) and keeps the best; the other
melds take the best n-fold declaration their table allows. Results depend only on the shape, so
they are cached per rule set and a batch of hands is solved once per distinct shape.

Decisions beyond RULES.md: an n-fold meld whose value a table leaves blank (``None``) scores as
its best split into melds the table values (the Toby Thomas Decision), named in the meld's note;
of two allotments worth the same, the one with more runs is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .cards import ACE, CARDS, JACK, KING, QUEEN, SUITS, TEN, Card
from .hand import Hand
from .rules import STANDARD, RuleSet

FOLD = ("single", "double", "triple", "quadruple")
AROUNDS = (("aces_around", ACE), ("kings_around", KING), ("queens_around", QUEEN),
           ("jacks_around", JACK))
QUEEN_OF_SPADES = CARDS[0 * 5 + QUEEN]
JACK_OF_DIAMONDS = CARDS[2 * 5 + JACK]

Shape = tuple[int, ...]
"""A hand's meld shape: runs per suit (4), K-Q pairs per suit (4), aces, kings, queens and
jacks around (4), pinochles (1). Each is 0 to 4."""


class Meld(NamedTuple):
    """One declared meld: its kind, suit (None for pinochles and arounds), multiplicity 1-4,
    scaled points, the cards it uses, and a note where a rule option produced the value."""

    name: str
    suit: int | None
    count: int
    points: int
    cards: tuple[Card, ...]
    note: str = ""

    def describe(self) -> str:
        """A player's name for it: ``double marriage in ♠``."""
        words = self.name.replace("_", " ")
        fold = FOLD[self.count - 1] + " " if self.count > 1 else ""
        if self.suit is None or self.name != "marriage":
            return f"{fold}{words}"
        return f"{fold}{words} in {'♠♥♦♣'[self.suit]}"


class TrumpMeld(NamedTuple):
    """The maximal meld of a hand with one suit as trump."""

    trump: int
    points: int
    callable: bool  # the hand may name this suit as bidder (it holds a marriage in it)
    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class HandMeld:
    """A hand's meld for every trump, and the trump it should name."""

    hand: Hand
    trumps: tuple[TrumpMeld, ...]  # indexed by suit: S H D C
    best: TrumpMeld
    warnings: tuple[str, ...] = ()

    def __getitem__(self, suit: int | str) -> TrumpMeld:
        """The meld with this trump, by index or by letter / symbol / name (``"H"``, ``"♥"``)."""
        if isinstance(suit, str):
            from .cards import suit_index

            suit = suit_index(suit)
        return self.trumps[suit]


def shape(counts: tuple[int, ...] | list[int]) -> Shape:
    """The counts that decide a hand's meld (see ``Shape``)."""
    c = counts
    return (
        min(c[0:5]), min(c[5:10]), min(c[10:15]), min(c[15:20]),
        min(c[2], c[3]), min(c[7], c[8]), min(c[12], c[13]), min(c[17], c[18]),
        min(c[0], c[5], c[10], c[15]), min(c[2], c[7], c[12], c[17]),
        min(c[3], c[8], c[13], c[18]), min(c[4], c[9], c[14], c[19]),
        min(c[3], c[14]),
    )


def _cards(cards: list[Card], count: int) -> tuple[Card, ...]:
    """The cards of a meld declared ``count``-fold, in canonical order."""
    return tuple(sorted(cards * count, key=lambda card: card.index))


class _Kind:
    """One meld kind under a rule set: what any n copies of it can be declared as.

    ``exact[n]`` is the best way to declare exactly n copies (the n-fold value, or where the
    table leaves it blank, the best split), as (points, multiplicities), or None if there is none;
    ``best[n]`` the best way to declare at most n copies.
    """

    def __init__(self, table, scale: int):
        exact: list[tuple[int, tuple[int, ...]] | None] = [(0, ())]
        for n in range(1, 5):
            value = table[n - 1] if n - 1 < len(table) else None
            if value is not None:
                exact.append((value * scale, (n,)))
                continue
            splits = [
                (exact[a][0] + exact[n - a][0], exact[a][1] + exact[n - a][1])
                for a in range(n - 1, 0, -1)
                if exact[a] is not None and exact[n - a] is not None and a >= n - a
            ]
            exact.append(max(splits, default=None, key=lambda s: s[0]))
        self.exact = exact
        self.best = []
        for n in range(5):
            options = [e for e in exact[: n + 1] if e is not None]
            self.best.append(max(options, key=lambda e: e[0]))
        self.blank = tuple(n for n in range(1, 5) if table[n - 1] is None)


class MeldTables:
    """A rule set compiled for the engine: per-kind declarations and a cache of solved shapes."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        s = rules.scale
        self.kinds = {name: _Kind(rules.table(name), s) for name in (
            "run", "royal_marriage", "marriage", "pinochle",
            "aces_around", "kings_around", "queens_around", "jacks_around")}
        self.roundhouse = _Kind((rules.roundhouse_single, rules.roundhouse_double, None, None), s)
        self.with_run = None if rules.roundhouse_with_run is None else rules.roundhouse_with_run * s
        self.any_roundhouse = rules.roundhouse_single is not None or (
            rules.roundhouse_double is not None)
        self.callable_always = rules.marriage_required == "false"
        self._cache: dict[Shape, tuple[TrumpMeld, ...]] = {}
        self._melds: dict[tuple, Meld] = {}
        self._declared: dict[tuple, tuple[int, tuple[Meld, ...]]] = {}

    def solve(self, shape: Shape) -> tuple[TrumpMeld, ...]:
        """The maximal meld for each trump S H D C of a hand with this shape."""
        cached = self._cache.get(shape)
        if cached is None:
            if len(self._cache) > 500_000:
                self._cache.clear()
            fixed_points, fixed = 0, []  # the melds that do not depend on trump
            for name, n in (("aces_around", shape[8]), ("jacks_around", shape[11]),
                            ("pinochle", shape[12])):
                p, melds = self._declare(name, None, n)
                fixed_points += p
                fixed += melds
            cached = self._cache[shape] = tuple(
                self._solve(shape, t, fixed_points, fixed) for t in range(4))
        return cached

    def _declare(self, name: str, suit: int | None, n: int, best: bool = True) -> tuple[int, list]:
        """Points and melds for the best declaration of up to (or exactly) n copies of a kind."""
        key = (name, suit, n, best)
        found = self._declared.get(key)
        if found is None:
            kind = self.kinds[name]
            points, parts = (kind.best if best else kind.exact)[n]
            found = self._declared[key] = (
                points, tuple(self._meld(name, suit, k, kind) for k in parts))
        return found[0], list(found[1])

    def _meld(self, name: str, suit: int | None, count: int, kind: _Kind) -> Meld:
        key = (name, suit, count)
        meld = self._melds.get(key)
        if meld is None:
            points = kind.exact[count][0]
            note = ""
            if kind is self.roundhouse:
                note = "roundhouse option"
            meld = self._melds[key] = Meld(
                name, suit, count, points, _cards(_meld_cards(name, suit), count), note
            )
        return meld

    def _solve(self, shape: Shape, trump: int, fixed_points: int, fixed: list) -> TrumpMeld:
        """The best meld with this trump; ``fixed`` are the melds every trump shares."""
        runs, pairs = shape[trump], shape[4 + trump]
        n_kings, n_queens = shape[9], shape[10]
        roundhouses = min(shape[4:8]) if self.any_roundhouse else 0
        full_sets = min(shape[4:8])  # K-Q pairs in every suit: roundhouses the hand holds
        with_run_options = (0, 1) if self.with_run is not None and runs and full_sets else (0,)
        best: tuple[int, list] = (-1, [])
        for h in range(roundhouses + 1):
            if self.roundhouse.exact[h] is None:
                continue
            for w in with_run_options:
                if h + w > full_sets:
                    continue
                for r in range(runs - w, -1, -1):
                    if r + h + w > pairs or self.kinds["run"].exact[r] is None:
                        continue
                    points, melds = self._type_one(shape, trump, r, pairs - r - h - w, h, w)
                    for name, n in (("kings_around", n_kings - h - w),
                                    ("queens_around", n_queens - h - w)):
                        p, m = self._declare(name, None, n)
                        points += p
                        melds += m
                    if points > best[0]:
                        best = (points, melds)
        points, melds = best
        melds = _in_order(melds + fixed)
        callable_ = self.callable_always or pairs > 0
        return TrumpMeld(trump, points + fixed_points, callable_, tuple(melds))

    def _type_one(self, shape: Shape, trump: int, runs: int, spare: int, h: int, w: int):
        """Runs, royal marriages, marriages and roundhouses, given how the trump K-Qs are split:
        ``runs`` plain runs, ``spare`` K-Q pairs left for royal marriages, ``h`` roundhouses and
        ``w`` roundhouses sharing their royal marriage with a run."""
        points, melds = self._declare("run", trump, runs, best=False)
        royal = self.kinds["royal_marriage"]
        p, m = self._declare("royal_marriage", trump, spare)
        if self.rules.royal_beside_run and runs:
            # Toby Thomas: the runs' K-Q join a multiple royal marriage with extra pairs.
            for extra in range(1, spare + 1):
                if royal.exact[runs + extra] is not None and (
                    royal.exact[runs + extra][0] > p
                ):
                    p, m = self._declare("royal_marriage", trump, runs + extra, best=False)
                    m = [mm._replace(note="beside the run: the run's K-Q count again")
                         for mm in m]
        points += p
        melds += m
        for suit in range(4):
            if suit != trump:
                p, m = self._declare("marriage", suit, shape[4 + suit] - h - w)
                points += p
                melds += m
        if h:
            p, m = self.roundhouse.exact[h]
            points += p
            melds += [self._meld("roundhouse", None, k, self.roundhouse) for k in m]
        if w:
            points += self.with_run
            melds.append(Meld("roundhouse_with_run", trump, 1, self.with_run,
                              _cards(_meld_cards("roundhouse_with_run", trump), 1),
                              "roundhouse with run option: the royal marriage counts in both"))
        return points, melds


_ORDER = {name: i for i, name in enumerate((
    "run", "roundhouse_with_run", "royal_marriage", "marriage", "roundhouse", "pinochle",
    "aces_around", "kings_around", "queens_around", "jacks_around"))}


def _in_order(melds: list[Meld]) -> list[Meld]:
    return sorted(melds, key=lambda m: (_ORDER[m.name], -1 if m.suit is None else m.suit,
                                        -m.count))


def _meld_cards(name: str, suit: int | None) -> list[Card]:
    """The cards of a single meld of this kind."""
    if name == "run":
        return [CARDS[suit * 5 + r] for r in (ACE, TEN, KING, QUEEN, JACK)]
    if name in ("royal_marriage", "marriage"):
        return [CARDS[suit * 5 + KING], CARDS[suit * 5 + QUEEN]]
    if name == "pinochle":
        return [QUEEN_OF_SPADES, JACK_OF_DIAMONDS]
    if name == "roundhouse":
        return [CARDS[s * 5 + r] for s in range(4) for r in (KING, QUEEN)]
    if name == "roundhouse_with_run":
        return _meld_cards("roundhouse", None) + [CARDS[suit * 5 + r] for r in (ACE, TEN, JACK)]
    rank = dict(AROUNDS)[name]
    return [CARDS[s * 5 + rank] for s in range(4)]


@lru_cache(maxsize=64)
def tables(rules: RuleSet = STANDARD) -> MeldTables:
    """The engine's compiled form of a rule set (built once per rule set)."""
    return MeldTables(rules)


def contenders(trumps: tuple[TrumpMeld, ...]) -> tuple[int, ...]:
    """The suits that tie for the highest meld among those the hand may name (if it may name
    none, among all four)."""
    pool = [t for t in trumps if t.callable] or list(trumps)
    top = max(t.points for t in pool)
    return tuple(t.trump for t in pool if t.points == top)


def best_trump(trumps: tuple[TrumpMeld, ...], lengths: list[int]) -> TrumpMeld:
    """The suit to name: the highest meld among suits the hand may name (if none, the highest
    overall); ties go to the longer suit, then to S, H, D, C in that order."""
    return trumps[max(contenders(trumps), key=lambda s: (lengths[s], -s))]


def meld(hand: Hand | str, rules: RuleSet = STANDARD) -> HandMeld:
    """The maximal meld of a hand (a ``Hand`` or its text) for each trump, under a rule set.

    >>> meld("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J").best.points
    87
    """
    if isinstance(hand, str):
        hand = Hand.parse(hand)
    c = hand.counts
    trumps = tables(rules).solve(shape(c))
    lengths = [c[0] + c[1] + c[2] + c[3] + c[4], c[5] + c[6] + c[7] + c[8] + c[9],
               c[10] + c[11] + c[12] + c[13] + c[14], c[15] + c[16] + c[17] + c[18] + c[19]]
    return HandMeld(hand, trumps, best_trump(trumps, lengths), tuple(hand.warnings()))


__all__ = ["Meld", "TrumpMeld", "HandMeld", "meld", "shape", "tables", "best_trump", "SUITS"]
