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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from ..cards import ACE, CARDS, JACK, KING, QUEEN, SUITS, TEN, Card, Suit, SuitLike, as_suit
from ..errors import shorten
from ..hand import Hand, HandLike, as_hand
from ..rules import MELD_NAMES, STANDARD, MeldName, RuleSet, RulesLike, as_rules
from ..stores import Store, kept

FOLD = ("single", "double", "triple", "quadruple")
AROUNDS = (("aces_around", ACE), ("kings_around", KING), ("queens_around", QUEEN),
           ("jacks_around", JACK))
QUEEN_OF_SPADES = CARDS[0 * 5 + QUEEN]
JACK_OF_DIAMONDS = CARDS[2 * 5 + JACK]

Shape = tuple[int, ...]
"""A hand's meld shape: runs per suit (4), K-Q pairs per suit (4), aces, kings, queens and
jacks around (4), pinochles (1). Each is 0 to 4."""
#: A way to declare n copies of a meld: its points, and the multiplicities declared.
Declared = tuple[int, tuple[int, ...]]
#: Solved shapes a rule set's tables keep (about 1.5 kB each; the least recently used go).
CACHED_SHAPES = 500_000


#: A declared meld's kind: a kind of the rule set's tables, or a roundhouse option's.
MeldKind = MeldName | Literal["roundhouse", "roundhouse_with_run"]


class Meld(NamedTuple):
    """One declared meld: its kind, suit (a ``Suit``; None for pinochles and arounds),
    multiplicity 1-4, scaled points, the cards it uses, and a note where a rule option produced
    the value."""

    name: MeldKind
    suit: int | None  # a Suit
    count: int  # type: ignore[assignment]  # the multiplicity: tuple.count means nothing here
    points: int
    cards: tuple[Card, ...]
    note: str = ""

    def describe(self) -> str:
        """A player's name for it: ``double marriage in ♠``."""
        words = self.name.replace("_", " ")
        fold = FOLD[self.count - 1] + " " if self.count > 1 else ""
        if self.suit is None or self.name != "marriage":
            return f"{fold}{words}"
        return f"{fold}{words} {'♠♥♦♣'[self.suit]}"

    def to_dict(self) -> dict[str, object]:
        """The meld as ``meld``'s JSON shows it (``note`` only where there is one)."""
        record: dict[str, object] = {
            "name": self.name, "suit": None if self.suit is None else SUITS[self.suit],
            "count": self.count, "points": self.points, "cards": [str(c) for c in self.cards]}
        if self.note:
            record["note"] = self.note
        return record

    def __repr__(self) -> str:
        suit = "" if self.suit is None else f", suit={Suit(self.suit)!r}"
        return f"Meld({self.name!r}{suit}, count={self.count}, points={self.points})"


class TrumpMeld(NamedTuple):
    """The maximal meld of a hand with one suit as trump (a ``Suit``: an int that reads as its
    letter)."""

    trump: int  # a Suit (typed int: what reads it counts with it)
    points: int
    callable: bool  # the hand may name this suit as bidder (it holds a marriage in it)
    melds: tuple[Meld, ...]

    def to_dict(self) -> dict[str, object]:
        """The meld with this trump as ``meld``'s JSON shows it under ``trumps`` (keyed there
        by the trump's letter)."""
        return {"meld": self.points, "callable": self.callable,
                "melds": [m.to_dict() for m in self.melds]}

    def __repr__(self) -> str:
        melds = ", ".join(m.describe() for m in self.melds) or "no meld"
        return (f"TrumpMeld(trump={Suit(self.trump)!r}, points={self.points},"
                f" callable={self.callable}, melds={shorten(melds, 80)!r})")


@dataclass(frozen=True)
class HandMeld:
    """A hand's meld for every trump, and the trump it should name."""

    hand: Hand
    trumps: tuple[TrumpMeld, ...]  # indexed by suit: S H D C
    best: TrumpMeld
    warnings: tuple[str, ...] = ()

    def __getitem__(self, suit: SuitLike) -> TrumpMeld:
        """The meld with this trump, by index or by letter / symbol / name (``"H"``, ``"♥"``)."""
        return self.trumps[as_suit(suit, "suit")]

    def may_name(self, needs_marriage: bool) -> list[int]:
        """The suits the hand may name as trump: those it holds a marriage in, where one is
        needed (``RuleSet.needs_marriage``), else all four."""
        return [t.trump for t in self.trumps if t.callable or not needs_marriage]

    def trump_to_name(self, needs_marriage: bool) -> int | None:
        """The trump the hand names (``trump_to_name``; None: it may name none)."""
        may = [t.callable or not needs_marriage for t in self.trumps]
        return trump_to_name([t.points for t in self.trumps], self.hand.suit_lengths(), may)

    def to_dict(self, trump: SuitLike | None = None) -> dict[str, object]:
        """The hand's record as ``meld``'s JSON shows it (without the line and id of a file):
        with ``trump``, that trump alone, named as the best."""
        suit = None if trump is None else as_suit(trump)
        return meld_record(str(self.hand), len(self.hand), self.warnings, self.trumps,
                           self.best.trump if suit is None else suit, suit)

    def __repr__(self) -> str:
        points = {SUITS[t.trump]: t.points for t in self.trumps}
        return (f"HandMeld(hand={str(self.hand)!r}, best={Suit(self.best.trump)!r},"
                f" points={points})")


def meld_record(hand: str, size: int, warnings: Sequence[str], trumps: Sequence[TrumpMeld],
                best: int, trump: int | None = None) -> dict[str, object]:
    """A hand's meld record, the JSON ``meld`` writes: the hand, its size and warnings, the
    best trump, and the meld with each trump (``trump``: that one alone)."""
    shown = trumps if trump is None else (trumps[trump],)
    return {"hand": hand, "size": size, "warnings": list(warnings),
            "best": {"trump": SUITS[best], "meld": trumps[best].points},
            "trumps": {SUITS[t.trump]: t.to_dict() for t in shown}}


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


def shape_code(shape: Shape) -> int:
    """A meld shape packed into one integer (base 5)."""
    code = 0
    for n in reversed(shape):
        code = code * 5 + n
    return code


def shape_from_code(code: int) -> Shape:
    """The shape packed into ``code`` (``shape_code``)."""
    return tuple((code // 5**i) % 5 for i in range(13))


def _cards(cards: list[Card], count: int) -> tuple[Card, ...]:
    """The cards of a meld declared ``count``-fold, in canonical order."""
    return tuple(sorted(cards * count, key=lambda card: card.index))


def _partitions(n: int, largest: int = 4) -> Iterator[tuple[int, ...]]:
    """Every way to write n as a sum of multiplicities, largest first (4 = 3 + 1 = 2 + 2 ...)."""
    if n == 0:
        yield ()
        return
    for part in range(min(n, largest), 0, -1):
        for rest in _partitions(n - part, part):
            yield (part, *rest)


class _Kind:
    """One meld kind under a rule set: what any n copies of it can be declared as.

    ``exact[n]`` is the best way to declare exactly n copies, as (points, multiplicities), or
    None if there is none: the table's n-fold value, or where the table leaves it blank, the best
    split of n into multiplicities the table values (a blank triple with a single of 1 and a
    double of 0 is three singles, 3). ``best[n]`` is the best way to declare at most n copies
    (fewer than n where the table values them higher; of equal totals, the fewest copies).
    ``notes[m]`` says why a declaration of multiplicities m is not the plain n-fold value.
    """

    def __init__(self, values: Sequence[int | None], scale: int, label: str = ""):
        table = tuple(values) + (None,) * (4 - len(values))
        exact: list[Declared | None] = [(0, ())]
        self.notes: dict[tuple[int, ...], str] = {}
        for n in range(1, 5):
            value = table[n - 1]
            if value is not None:
                exact.append((value * scale, (n,)))
                continue
            split: Declared | None = None
            for parts in _partitions(n):
                cells = [table[p - 1] for p in parts]
                if len(parts) > 1 and all(cell is not None for cell in cells):
                    points = sum(cell or 0 for cell in cells) * scale
                    if split is None or points > split[0]:
                        split = (points, parts)
            exact.append(split)
            if split is not None:
                self.notes[split[1]] = (
                    f"the table has no {FOLD[n - 1]} {label}: scored as "
                    + " + ".join(FOLD[p - 1] for p in split[1])
                )
        self.exact = exact
        self.best: list[Declared] = []
        for n in range(5):
            options = [e for e in exact[: n + 1] if e is not None]
            choice = max(options, key=lambda e: e[0])
            self.best.append(choice)
        self.blank = tuple(n for n in range(1, 5) if table[n - 1] is None)


class MeldTables:
    """A rule set compiled for the engine: per-kind declarations and a cache of solved shapes.

    The roundhouse options are kinds of their own, with tables like every meld's:

    * ``roundhouse`` (``roundhouse_single``, ``roundhouse_double``, -, -): a K and Q of every suit,
      taking one K-Q pair of every suit in type I (its royal marriage and three marriages) and a K
      and a Q of every suit in type III (its kings and queens around). A triple or quadruple
      roundhouse, which no table values, is its best split (double + single, double + double);
      where the single value is blank, a single roundhouse is not a meld and scores its parts.
    * ``roundhouse_with_run`` (``roundhouse_with_run``, -, -, -): a run in trump and a K and Q of
      every other suit, the trump K-Q counting in both; in type I it takes the run's cards and one
      K-Q pair of every other suit, in type III a K and a Q of every suit. Two or more are split
      into singles, each with its own run.

    Every option is a choice, never an obligation: the maximum also tries the parts.
    """

    def __init__(self, rules: RuleSet):
        self.rules = rules
        s = rules.scale
        self.kinds: dict[MeldKind, _Kind] = {
            name: _Kind(rules.table(name), s, name.replace("_", " ")) for name in MELD_NAMES}
        self.roundhouse = self.kinds["roundhouse"] = _Kind(
            (rules.roundhouse_single, rules.roundhouse_double), s, "roundhouse")
        self.with_run = self.kinds["roundhouse_with_run"] = _Kind(
            (rules.roundhouse_with_run,), s, "roundhouse with a run")
        self.any_roundhouse = rules.roundhouse_single is not None or (
            rules.roundhouse_double is not None)
        self.any_with_run = rules.roundhouse_with_run is not None
        self.callable_always = not rules.needs_marriage(exchanged=True)
        #: the shapes solved lately, by shape code: the one cache of shape -> meld (the
        #: batch and ``vector`` look shapes up here by code)
        self._solved: Store[int, tuple[TrumpMeld, ...]] = Store(
            "pinochle_calc.meld.engine.MeldTables._solved", CACHED_SHAPES)
        #: each kind's declarations asked for, by (kind, suit, copies, best, note): bounded by
        #: its keys (a few hundred: the notes are the engine's own few)
        self._declared: dict[tuple, tuple[int, list[Meld]]] = {}

    def solve(self, shape: Shape) -> tuple[TrumpMeld, ...]:
        """The maximal meld for each trump S H D C of a hand with this shape."""
        return self.solve_code(shape_code(shape), shape)

    def solve_code(self, code: int, shape: Shape | None = None) -> tuple[TrumpMeld, ...]:
        """``solve`` of the shape with this code (``shape_code``; ``shape``: the shape itself,
        where the caller has it)."""
        cached = self._solved.get(code)
        if cached is None:
            shape = shape_from_code(code) if shape is None else shape
            cached = self._solved[code] = tuple(self._solve(shape, t) for t in Suit)
        return cached

    def solve_codes(self, codes: Sequence[int]) -> list[tuple[TrumpMeld, ...]]:
        """``solve_code`` of each of ``codes``, in order (each new shape solved once)."""
        return self._solved.lookup(codes, lambda new: [
            tuple(self._solve(shape_from_code(code), t) for t in Suit) for code in new])

    def _declare(self, name: MeldKind, suit: int | None, n: int, best: bool = True,
                 note: str = "") -> tuple[int, list[Meld]]:
        """Points and melds for the best declaration of up to (or exactly) n copies of a kind;
        ``note`` is added to each meld's own note."""
        key = (name, suit, n, best, note)
        found = self._declared.get(key)
        if found is None:
            kind = self.kinds[name]
            declared = (kind.best if best else kind.exact)[n]
            if declared is None:  # _solve asks only for what the table can declare
                raise ValueError(f"the {self.rules.name} tables cannot declare exactly {n}"
                                 f" {name.replace('_', ' ')}")
            points, parts = declared
            notes = [note] if note else []
            if name in _OPTION_NOTES:
                notes.append(_OPTION_NOTES[name])
            if parts in kind.notes:
                notes.append(kind.notes[parts])
            elif best and sum(parts) < n:
                notes.append(f"{sum(parts)} of {n} copies declared: the table values more"
                             " copies no higher")
            text = "; ".join(notes)
            cards = _meld_cards(name, suit)
            of_suit = None if suit is None else Suit(suit)
            melds = [Meld(name, of_suit, k, _points(kind.exact[k]), _cards(cards, k), text)
                     for k in parts]
            found = self._declared[key] = (points, melds)
        return found[0], list(found[1])

    def _solve(self, shape: Shape, trump: Suit) -> TrumpMeld:
        runs, pairs = shape[trump], shape[4 + trump]
        n_aces, n_kings, n_queens, n_jacks, n_pinochles = shape[8:13]
        fixed_points, fixed = 0, []
        alone: tuple[tuple[MeldKind, int], ...] = (
            ("aces_around", n_aces), ("jacks_around", n_jacks), ("pinochle", n_pinochles))
        for name, n in alone:
            p, melds = self._declare(name, None, n)
            fixed_points += p
            fixed += melds
        full_sets = min(shape[4:8])  # K-Q pairs in every suit: roundhouses the hand holds
        max_h = full_sets if self.any_roundhouse else 0
        max_w = min(runs, full_sets) if self.any_with_run else 0
        run_exact = self.kinds["run"].exact
        best: tuple[int, list[Meld]] = (-1, [])
        for h in range(max_h + 1):
            if self.roundhouse.exact[h] is None:
                continue
            for w in range(min(max_w, full_sets - h) + 1):
                if self.with_run.exact[w] is None:
                    continue
                for r in range(runs - w, -1, -1):
                    if r + h + w > pairs or run_exact[r] is None:
                        continue
                    points, melds = self._type_one(shape, trump, r, pairs - r - h - w, h, w)
                    shared: tuple[tuple[MeldKind, int], ...] = (
                        ("kings_around", n_kings - h - w), ("queens_around", n_queens - h - w))
                    for name, n in shared:
                        p, m = self._declare(name, None, n)
                        points += p
                        melds += m
                    if points > best[0]:
                        best = (points, melds)
        points, melds = best
        melds = _in_order(melds + fixed)
        callable_ = self.callable_always or pairs > 0
        return TrumpMeld(trump, points + fixed_points, callable_, tuple(melds))

    def _type_one(self, shape: Shape, trump: int, runs: int, spare: int, h: int,
                  w: int) -> tuple[int, list[Meld]]:
        """Runs, royal marriages, marriages and roundhouses, given how the trump K-Qs are split:
        ``runs`` plain runs, ``spare`` K-Q pairs left for royal marriages, ``h`` roundhouses and
        ``w`` roundhouses sharing their royal marriage with a run."""
        points, melds = self._declare("run", trump, runs, best=False)
        royal = self.kinds["royal_marriage"]
        p, m = self._declare("royal_marriage", trump, spare)
        beyond = shape[4 + trump] - shape[trump]  # trump K-Q pairs held beyond the runs held
        if self.rules.royal_beside_run and runs and beyond > 0:
            # Toby Thomas: the plain runs' K-Q join a multiple royal marriage with the extra
            # pairs, only when the hand holds a K-Q beyond those in its runs (RULES.md Decision;
            # four runs are 515, not three runs beside the fourth's K-Q). The K-Q of a
            # roundhouse with a run already count twice and do not join.
            for extra in range(1, min(spare, beyond) + 1):
                joined = royal.exact[runs + extra]
                if joined is not None and joined[0] > p:
                    p, m = self._declare("royal_marriage", trump, runs + extra, best=False,
                                         note=BESIDE_RUN_NOTE)
        points += p
        melds += m
        for suit in range(4):
            if suit != trump:
                p, m = self._declare("marriage", suit, shape[4 + suit] - h - w)
                points += p
                melds += m
        if h:
            p, m = self._declare("roundhouse", None, h, best=False)
            points += p
            melds += m
        if w:
            p, m = self._declare("roundhouse_with_run", trump, w, best=False)
            points += p
            melds += m
        return points, melds


BESIDE_RUN_NOTE = "beside the run: the run's K-Q count again (royal_beside_run)"
_OPTION_NOTES = {
    "roundhouse": "roundhouse option: scored as one meld, not as its parts",
    "roundhouse_with_run": "roundhouse with a run option: the royal marriage counts in both",
}


_ORDER = {name: i for i, name in enumerate((
    "run", "roundhouse_with_run", "royal_marriage", "marriage", "roundhouse", "pinochle",
    "aces_around", "kings_around", "queens_around", "jacks_around"))}


def _in_order(melds: list[Meld]) -> list[Meld]:
    return sorted(melds, key=lambda m: (_ORDER[m.name], -1 if m.suit is None else m.suit,
                                        -m.count))


def _points(declared: Declared | None) -> int:
    """The points of a declaration the table has."""
    if declared is None:
        raise ValueError("no such declaration")
    return declared[0]


def _meld_cards(name: MeldKind, suit: int | None) -> list[Card]:
    """The cards of a single meld of this kind (``suit``: of a run or a marriage, the trump
    of a roundhouse with a run)."""
    if suit is None and name in ("run", "royal_marriage", "marriage", "roundhouse_with_run"):
        raise ValueError(f"a {name.replace('_', ' ')} is in one suit: give it")
    suit = suit or 0
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


def tables(rules: RulesLike = STANDARD) -> MeldTables:
    """The engine's compiled form of a rule set (built once per rule set)."""
    return _tables(as_rules(rules))


@kept(64)
def _tables(rules: RuleSet) -> MeldTables:
    return MeldTables(rules)


def trump_to_name(points: Sequence[int], lengths: Sequence[int],
                  may: Sequence[bool]) -> int | None:
    """The trump a seat names, the one rule of every player the program plays, the advice, the
    table and the review (RULES.md leaves the choice to the bidder): the most meld (``points``,
    by suit S H D C) among the suits it may name (``may``), ties to the longer suit
    (``lengths``), then S, H, D, C; None where it may name none. ``vector.best_trumps`` is the
    same rule on arrays (``best_suit``'s)."""
    pool = [t for t in range(4) if may[t]]
    return _most_meld(points, lengths, pool) if pool else None


def best_suit(points: Sequence[int], lengths: Sequence[int], may: Sequence[bool]) -> int:
    """The suit a meld report names best: the trump to name (``trump_to_name``), or, where the
    hand may name none, the one it would name were every suit allowed."""
    return _most_meld(points, lengths, [t for t in range(4) if may[t]] or [0, 1, 2, 3])


def _most_meld(points: Sequence[int], lengths: Sequence[int], pool: list[int]) -> int:
    return max(pool, key=lambda t: (points[t], lengths[t], -t))


def best_trump(trumps: tuple[TrumpMeld, ...], lengths: list[int]) -> TrumpMeld:
    """The meld with the suit a report names best (``best_suit``)."""
    return trumps[best_suit([t.points for t in trumps], lengths, [t.callable for t in trumps])]


def meld(hand: HandLike, rules: RulesLike = STANDARD) -> HandMeld:
    """The maximal meld of a hand (a ``Hand`` or its text) for each trump, under a rule set (a
    ``RuleSet`` or a preset name).

    >>> meld("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J").best.points
    87
    """
    hand = as_hand(hand)
    trumps = tables(rules).solve(shape(hand.counts))
    return HandMeld(hand, trumps, best_trump(trumps, hand.suit_lengths()), hand.warnings())


__all__ = ["Meld", "TrumpMeld", "HandMeld", "meld", "shape", "tables", "best_trump", "best_suit",
           "trump_to_name", "SUITS"]
