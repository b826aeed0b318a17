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
trump K-Q pairs, no more than the hand holds beyond the runs it holds) may reuse the runs' K-Q;
it replaces the plain royal-marriage declaration.
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
            # a multiple royal marriage of the runs' K-Q and e extra pairs, where the hand holds
            # that many trump K-Q pairs beyond those in the runs it holds
            for e in range(1, beyond + 1):
                left = (take(one, c1, e, keep[0]), take(two, (), 0, keep[1]),
                        take(three, (), 0, keep[2]))
                if None in left:
                    break
                points = value(table, runs + e) if runs + e <= 4 else None
                if points is not None:
                    result = max(result, points + best(k + 1, *left, 0))
        return result

    counts = tuple(counts)
    held_runs = min(counts[c] for c in run_cards)
    beyond = min(counts[idx(trump, K)], counts[idx(trump, Q)]) - held_runs
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
        marriage_required=draw(st.sampled_from(("true", "false", "after-pass"))),
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


# The documents' own figures ---------------------------------------------------------------------

ROUNDHOUSE = "KS QS KH QH KD QD KC QC"
ROUNDHOUSE_WITH_RUN = "AS 10S KS QS JS KH QH KD QD KC QC"  # spades trump
DOUBLE_ROUNDHOUSE = ROUNDHOUSE + " " + ROUNDHOUSE
OPTIONS = STANDARD.with_options(roundhouse_single=32, roundhouse_with_run=39,
                                roundhouse_double=240)


def names(trump_meld) -> list[tuple[str, int]]:
    return [(m.describe(), m.points) for m in trump_meld.melds]


def test_roundhouse_scores_its_parts_or_32():
    parts = meld(ROUNDHOUSE)["S"]
    assert parts.points == 24
    assert names(parts) == [("royal marriage", 4), ("marriage ♥", 2), ("marriage ♦", 2),
                            ("marriage ♣", 2), ("kings around", 8), ("queens around", 6)]
    option = meld(ROUNDHOUSE, OPTIONS)["S"]
    assert option.points == 32
    assert [m.name for m in option.melds] == ["roundhouse"]
    assert "roundhouse option" in option.melds[0].note


def test_roundhouse_with_a_run_35_or_39():
    assert meld(ROUNDHOUSE_WITH_RUN)["S"].points == 35  # run 15 + 3 marriages 6 + 8 + 6
    option = meld(ROUNDHOUSE_WITH_RUN, OPTIONS)["S"]
    assert option.points == 39
    assert option.melds[0].name == "roundhouse_with_run"
    assert "royal marriage counts in both" in option.melds[0].note
    # only the with-run option: 39; only the plain roundhouse option: run 15 + ... no royal
    only_with_run = STANDARD.with_options(roundhouse_with_run=39)
    assert meld(ROUNDHOUSE_WITH_RUN, only_with_run)["S"].points == 39
    # with another trump the run is a non-trump run: no with-run, the roundhouse is 32
    assert meld(ROUNDHOUSE_WITH_RUN, OPTIONS)["H"].points == 32


def test_double_roundhouse_160_or_240():
    assert meld(DOUBLE_ROUNDHOUSE)["H"].points == 160  # 8 + 3 x 4 + 80 + 60
    option = meld(DOUBLE_ROUNDHOUSE, OPTIONS)["H"]
    assert option.points == 240
    assert names(option) == [("double roundhouse", 240)]
    # with only the single value, two roundhouses are worth 64: the parts (160) win
    assert meld(DOUBLE_ROUNDHOUSE, STANDARD.with_options(roundhouse_single=32))["H"].points == 160


def test_triple_roundhouse_is_double_plus_single():
    triple = meld(" ".join([ROUNDHOUSE] * 3), OPTIONS)["H"]
    assert triple.points == 272
    assert sorted(m.count for m in triple.melds) == [1, 2]
    assert all("the table has no triple roundhouse" in m.note for m in triple.melds)
    # no single value: one roundhouse is no meld, the third set scores its parts (24)
    double_only = STANDARD.with_options(roundhouse_double=240)
    assert meld(" ".join([ROUNDHOUSE] * 3), double_only)["H"].points == 240 + 24


def test_roundhouse_options_scale():
    assert meld(ROUNDHOUSE, OPTIONS.with_options(scale=10))["S"].points == 320


TOBY = PRESETS["toby-thomas"]


@pytest.mark.parametrize(("hand", "points"), [
    ("AH 10H KH KH QH QH JH", 45),  # run 15 + double royal marriage 30
    ("AH 10H KH KH KH QH QH QH JH", 75),  # the erratum read as K-K-K-Q-Q-Q: 15 + 60
    ("AH AH 10H 10H KH KH KH QH QH QH JH JH", 210),  # 150 + 60
    ("AH 10H KH KH KH QH QH JH", 45),  # as printed: only one spare K-Q
    ("AH AH 10H 10H 10H KH KH KH QH QH JH JH", 150),  # as printed: no spare queen
    ("AH 10H KH QH JH", 15),  # a bare run
    ("AH AH 10H 10H KH KH QH QH JH JH", 150),  # a bare double run
])
def test_toby_thomas_royal_marriages_beside_a_run(hand, points):
    assert meld(hand, TOBY)["H"].points == points


def test_toby_thomas_beside_run_note():
    melds = meld("AH 10H KH KH QH QH JH", TOBY)["H"].melds
    assert names(meld("AH 10H KH KH QH QH JH", TOBY)["H"]) == [
        ("run", 15), ("double royal marriage", 30)]
    assert "beside the run" in melds[1].note


@pytest.mark.parametrize(("rank", "name", "points"), [
    ("A", "aces around", 510), ("K", "kings around", 408), ("Q", "queens around", 306),
    ("J", "jacks around", 204),
])
def test_toby_thomas_blank_quadruple_arounds_split(rank, name, points):
    hand = " ".join(f"{rank}{s}" for s in "SHDC" for _ in range(4))
    result = meld(hand, TOBY)["S"]
    assert result.points == points
    assert [m.describe() for m in result.melds] == [f"triple {name}", name]
    assert all(f"the table has no quadruple {name}: scored as triple + single" in m.note
               for m in result.melds)


def test_toby_thomas_quadruple_run():
    hand = " ".join(f"{r}H" for r in ("A", "10", "K", "Q", "J") for _ in range(4))
    # the table's dash: a quadruple run is a triple + a single, 515
    plain = meld(hand, TOBY.with_options(royal_beside_run=False))["H"]
    assert plain.points == 515
    assert all("the table has no quadruple run" in m.note for m in plain.melds)
    # beside a run needs a K-Q beyond the runs the hand holds: four runs stay 515 (RULES.md)
    assert meld(hand, TOBY)["H"].points == 515
    # one K-Q more than the runs: the double run's K-Q join it, 150 + triple royal 60
    assert meld("AH AH 10H 10H KH KH KH QH QH QH JH JH", TOBY)["H"].points == 210


DOC_21 = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K K Q Q J J"
DOC_20 = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"


@pytest.mark.parametrize(("name", "by_trump"), [
    ("standard", (76, 87, 72, 72)),
    ("book", (76, 87, 72, 72)),
    ("npa", (87, 108, 83, 83)),  # run 25, pinochle 15
    ("pinochle14", (86, 97, 82, 82)),  # pinochle 14
    ("toby-thomas", (98, 113, 72, 72)),  # double royal marriage 30, beside the run in hearts
])
@pytest.mark.parametrize("text", [DOC_21, DOC_20])
def test_the_87_example_under_every_preset(name, by_trump, text):
    result = meld(text, PRESETS[name])
    assert tuple(t.points for t in result.trumps) == by_trump
    assert result.best.trump == 1
    assert result.warnings == (("not a 20-card hand: 21 cards",) if text == DOC_21 else ())


def test_the_87_example_scaled():
    assert meld(DOC_20, STANDARD.with_options(scale=10))["H"].points == 870


def test_a_quadruple_worth_less_than_a_triple_declares_the_triple():
    house = STANDARD.with_options(aces_around=(10, 100, 150, 120))
    result = meld("AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC", house)["S"]
    assert names(result) == [("triple aces around", 150)]
    assert "3 of 4 copies declared" in result.melds[0].note
