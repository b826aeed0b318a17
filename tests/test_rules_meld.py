"""The meld engine against a naive enumeration, under every preset and under random tables.

``naive_meld`` below is written from RULES.md and the roundhouse semantics documented in
``pinochle_calc.meld``, without the engine's shape or its split of the trump K-Q: it walks every
meld kind in turn, tries every multiplicity the cards still allow in each meld type, and keeps the
best total. Every combination of declarations is explored (the search only remembers the best
result for a kind and the cards still free, which cannot change the maximum).

Declarations, per trump:

* type I (runs and marriages): runs in trump (A 10 K Q J), royal marriages (trump K Q),
  marriages (K Q of a non-trump suit), roundhouses (a K and Q of every suit) and roundhouses with
  a run (a trump run plus a K and Q of every other suit: the trump K-Q counts once, in both);
* type II: pinochles (Q♠ J♦);
* type III: aces, kings, queens and jacks around; a roundhouse (with or without a run) also takes
  a K and a Q of every suit in type III, the cards of its kings and queens around.

A card serves in at most one meld of each type. n copies of a kind are one n-fold meld; a blank
cell is declared as a split into valued multiplicities (any partition). Toby Thomas's royal
marriages beside a run: with r runs declared, a multiple royal marriage of r + e (e >= 1 extra
trump K-Q pairs) may reuse the runs' K-Q; it replaces the plain royal-marriage declaration.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import Hand, meld
from pinochle_calc.rules import MELD_NAMES, PRESETS, STANDARD, RuleSet

A, T, K, Q, J = range(5)


def idx(suit: int, rank: int) -> int:
    return suit * 5 + rank


def partitions(n: int, largest: int | None = None):
    """Every partition of n into positive parts, largest first."""
    largest = n if largest is None else largest
    if n == 0:
        yield ()
        return
    for part in range(min(n, largest), 0, -1):
        for rest in partitions(n - part, part):
            yield (part, *rest)


def value(table, n: int) -> int | None:
    """The points of n copies of a meld declared under a table (None: cannot be declared)."""
    if n == 0:
        return 0
    if table[n - 1] is not None:
        return table[n - 1]
    best = None
    for parts in partitions(n):
        if len(parts) > 1 and all(table[p - 1] is not None for p in parts):
            total = sum(table[p - 1] for p in parts)
            best = total if best is None else max(best, total)
    return best


def naive_meld(counts: tuple[int, ...], trump: int, rules: RuleSet) -> int:
    """The best total over every legal declaration (unscaled, then times the scale)."""
    others = [s for s in range(4) if s != trump]
    roundhouse = (rules.roundhouse_single, rules.roundhouse_double, None, None)
    with_run = (rules.roundhouse_with_run, None, None, None)

    def uses(cards_one: list[int], cards_three: list[int], cards_two: list[int] = ()):
        return cards_one, cards_two, cards_three

    kq_all = [idx(s, r) for s in range(4) for r in (K, Q)]
    run_cards = [idx(trump, r) for r in (A, T, K, Q, J)]
    # (name, table, cards used in type I, type II, type III)
    kinds = [
        ("roundhouse", roundhouse, *uses(kq_all, kq_all)),
        ("with_run", with_run, *uses(kq_all + [idx(trump, r) for r in (A, T, J)], kq_all)),
        ("run", rules.run, *uses(run_cards, [])),
        ("royal", rules.royal_marriage, *uses([idx(trump, K), idx(trump, Q)], [])),
    ]
    kinds += [("marriage", rules.marriage, *uses([idx(s, K), idx(s, Q)], [])) for s in others]
    kinds += [("pinochle", rules.pinochle, [], [idx(0, Q), idx(2, J)], [])]
    for name, rank in (("aces_around", A), ("kings_around", K), ("queens_around", Q),
                       ("jacks_around", J)):
        kinds.append((name, rules.table(name), [], [], [idx(s, rank) for s in range(4)]))

    # The cards each type still needs from kind k on: the free counts of other cards are
    # forgotten, so that the search remembers fewer distinct states (the maximum is unchanged).
    needed = [[set(), set(), set()] for _ in range(len(kinds) + 1)]
    for k in range(len(kinds) - 1, -1, -1):
        for t in range(3):
            needed[k][t] = needed[k + 1][t] | set(kinds[k][2 + t])

    def take(free: tuple[int, ...], cards, n: int, keep: set) -> tuple[int, ...] | None:
        free = list(free)
        for c in cards:
            free[c] -= n
            if free[c] < 0:
                return None
        return tuple(f if c in keep else 0 for c, f in enumerate(free))

    @cache
    def best(k: int, one: tuple, two: tuple, three: tuple, runs: int) -> int:
        if k == len(kinds):
            return 0
        name, table, c1, c2, c3 = kinds[k]
        keep = needed[k + 1]
        result = best(k + 1, *(take(f, (), 0, keep[t]) for t, f in enumerate((one, two, three))),
                      0)  # declare none of this kind
        for n in range(1, 5):
            points = value(table, n)
            left = (take(one, c1, n, keep[0]), take(two, c2, n, keep[1]),
                    take(three, c3, n, keep[2]))
            if None in left:
                break
            if points is not None:
                # only the royal marriages, next, need to know how many runs were declared
                result = max(result, points + best(k + 1, *left, n if name == "run" else 0))
        if name == "royal" and rules.royal_beside_run and runs:
            # a multiple royal marriage of the runs' K-Q and e extra pairs
            for e in range(1, 5):
                left = (take(one, c1, e, keep[0]), take(two, (), 0, keep[1]),
                        take(three, (), 0, keep[2]))
                if None in left:
                    break
                points = value(table, runs + e) if runs + e <= 4 else None
                if points is not None:
                    result = max(result, points + best(k + 1, *left, 0))
        return result

    counts = tuple(counts)
    return best(0, counts, counts, counts, 0) * rules.scale


# Hands: 20 counts 0-4, weighted towards the cards the interacting melds use.
counts_strategy = st.lists(st.integers(0, 4), min_size=20, max_size=20).map(tuple)
cell = st.one_of(st.none(), st.integers(0, 600))
table_strategy = st.tuples(cell, cell, cell, cell)


@st.composite
def random_rules(draw) -> RuleSet:
    tables = {name: draw(table_strategy) for name in MELD_NAMES}
    option = st.one_of(st.none(), st.integers(0, 600))
    return STANDARD.with_options(
        name="random",
        roundhouse_single=draw(option),
        roundhouse_with_run=draw(option),
        roundhouse_double=draw(option),
        royal_beside_run=draw(st.booleans()),
        scale=draw(st.sampled_from((1, 10))),
        **tables,
    )


TYPE_ONE = ("run", "royal_marriage", "marriage", "roundhouse", "roundhouse_with_run")


def assert_legal(counts, melds) -> None:
    """The engine's breakdown is a declaration the hand can make: no card counted twice in one
    type, each kind declared once unless it is a split of a blank cell."""
    used = {1: [0] * 20, 2: [0] * 20, 3: [0] * 20}
    runs = sum(m.count for m in melds if m.name == "run")
    for m in melds:
        cards = [c.index for c in m.cards]
        if m.name == "royal_marriage" and "beside the run" in m.note:
            extra = m.count - runs  # the runs' K-Q count again
            cards = [idx(m.suit, K)] * extra + [idx(m.suit, Q)] * extra
        kind_type = 1 if m.name in TYPE_ONE else 2 if m.name == "pinochle" else 3
        for c in cards:
            used[kind_type][c] += 1
        if m.name.startswith("roundhouse"):
            for s in range(4):
                used[3][idx(s, K)] += m.count
                used[3][idx(s, Q)] += m.count
    for kind_type, usage in used.items():
        assert all(u <= n for u, n in zip(usage, counts)), (kind_type, usage, melds)
    seen: dict[tuple, list] = {}
    for m in melds:
        seen.setdefault((m.name, m.suit), []).append(m)
    for group in seen.values():
        if len(group) > 1:
            assert all("the table has no" in m.note for m in group), group


def check(counts, rules: RuleSet) -> None:
    result = meld(Hand(counts), rules)
    for t in result.trumps:
        expected = naive_meld(counts, t.trump, rules)
        assert t.points == expected, (Hand(counts), t.trump, t.melds)
        assert sum(m.points for m in t.melds) == t.points
        assert_legal(counts, t.melds)
        pairs = min(counts[idx(t.trump, K)], counts[idx(t.trump, Q)])
        assert t.callable == (pairs > 0 or rules.marriage_required == "false")


@pytest.mark.parametrize("name", sorted(PRESETS))
@given(counts=counts_strategy)
def test_presets_equal_naive(name, counts):
    check(counts, PRESETS[name])


@given(counts=counts_strategy, rules=random_rules())
def test_random_tables_equal_naive(counts, rules):
    check(counts, rules)
