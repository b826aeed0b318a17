"""The meld engine against the rules' table, the worked example, and a naive enumeration."""

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_calc import Hand, meld

# The standard table of RULES.md, written out here independently of the package.
TABLE = {
    "run": (15, 150, 225, 300),
    "royal_marriage": (4, 8, 12, 16),
    "marriage": (2, 4, 6, 8),
    "pinochle": (4, 30, 60, 90),
    "aces_around": (10, 100, 150, 200),
    "kings_around": (8, 80, 120, 160),
    "queens_around": (6, 60, 90, 120),
    "jacks_around": (4, 40, 60, 80),
}
SUITS = "SHDC"
RANKS = ("A", "10", "K", "Q", "J")


def cards(text: str, times: int) -> str:
    return " ".join([text] * times)


# For each meld kind, a hand holding just that meld once, and the trump to score it under.
SINGLE = {
    "run": ("AH 10H KH QH JH", "H"),
    "royal_marriage": ("KH QH", "H"),
    "marriage": ("KS QS", "H"),
    "pinochle": ("QS JD", "C"),
    "aces_around": ("AS AH AD AC", "H"),
    "kings_around": ("KS KH KD KC", "H"),
    "queens_around": ("QS QH QD QC", "H"),
    "jacks_around": ("JS JH JD JC", "H"),
}


@pytest.mark.parametrize("name", TABLE)
@pytest.mark.parametrize("fold", [1, 2, 3, 4])
def test_every_cell_of_the_table(name, fold):
    text, trump = SINGLE[name]
    result = meld(cards(text, fold))[trump]
    assert result.points == TABLE[name][fold - 1]
    assert [(m.name, m.count, m.points) for m in result.melds] == [
        (name, fold, TABLE[name][fold - 1])
    ]
    (only,) = result.melds
    assert sorted(str(c) for c in only.cards) == sorted(cards(text, fold).split())


EXAMPLE_21 = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K K Q Q J J"
EXAMPLE_20 = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"


@pytest.mark.parametrize("text", [EXAMPLE_21, EXAMPLE_20])
def test_the_rules_page_example_scores_87_in_hearts(text):
    result = meld(text)
    assert result.best.trump == 1 and result.best.points == 87
    assert [(m.name, m.suit, m.count, m.points) for m in result["H"].melds] == [
        ("run", 1, 1, 15),
        ("royal_marriage", 1, 1, 4),
        ("marriage", 0, 2, 4),
        ("pinochle", None, 1, 4),
        ("queens_around", None, 2, 60),
    ]
    run = result["H"].melds[0]
    assert [str(c) for c in run.cards] == ["AH", "10H", "KH", "QH", "JH"]
    assert result["S"].points == 76 and result["D"].points == 72 and result["C"].points == 72
    assert [t.callable for t in result.trumps] == [True, True, False, False]


def test_the_21_card_reading_warns_and_the_20_card_one_does_not():
    assert meld(EXAMPLE_21).warnings == ("not a 20-card hand: 21 cards",)
    assert meld(EXAMPLE_20).warnings == ()


def test_run_and_royal_marriage_beat_two_royal_marriages():
    assert meld("AH 10H KH KH QH QH JH")["H"].points == 15 + 4


def test_one_king_with_two_queens_is_one_marriage():
    assert meld("KS QS QS")["H"].points == 2


def test_a_card_serves_in_melds_of_different_types():
    # QS is in the spade marriage, the pinochle and queens around at once.
    assert meld("KS QS JD QH QD QC")["H"].points == 2 + 4 + 6


def test_a_run_outside_trump_is_only_its_marriage():
    assert meld("AS 10S KS QS JS")["H"].points == 2


def test_best_trump_needs_a_marriage_and_ties_go_to_the_longer_suit():
    # Marriages in S and D, equal meld: diamonds holds more cards.
    result = meld("KS QS KD QD AD 10D")
    assert result.best.trump == 2
    # Equal meld, equal length: spades before hearts.
    assert meld("KS QS KH QH").best.trump == 0
    # No marriage anywhere: the best overall, marked not callable.
    no_marriage = meld("AS AH AD AC QS JD")
    assert not no_marriage.best.callable and no_marriage.best.points == 14


# --- a deliberately naive enumeration ------------------------------------------------------


def usage(name: str, suit: str | None) -> list[str]:
    """The cards of one single meld of a kind."""
    if name == "run":
        return [r + suit for r in RANKS]
    if name in ("royal_marriage", "marriage"):
        return ["K" + suit, "Q" + suit]
    if name == "pinochle":
        return ["QS", "JD"]
    rank = {"aces_around": "A", "kings_around": "K", "queens_around": "Q", "jacks_around": "J"}
    return [rank[name] + s for s in SUITS]


def naive_meld(hand: Hand, trump: str) -> int:
    """Try every way of declaring each meld kind 0 to 4-fold, keep those whose cards the hand
    holds within each meld type, and return the best total. Non-trump runs score as marriages,
    so they are never better than declaring the marriage and are left out."""
    held = {str(c): hand.count(c) for c in set(hand)}
    kinds = {
        "I": [("run", trump), ("royal_marriage", trump)]
        + [("marriage", s) for s in SUITS if s != trump],
        "II": [("pinochle", None)],
        "III": [(n, None) for n in ("aces_around", "kings_around", "queens_around",
                                     "jacks_around")],
    }
    total = 0
    for melds in kinds.values():
        best = 0
        # No meld can be declared more often than the hand holds each of its cards.
        limits = [min(held.get(card, 0) for card in usage(*m)) for m in melds]
        for folds in product(*(range(n + 1) for n in limits)):
            used: dict[str, int] = {}
            for (name, suit), fold in zip(melds, folds):
                for card in usage(name, suit):
                    used[card] = used.get(card, 0) + fold
            if all(held.get(card, 0) >= n for card, n in used.items()):
                points = sum(TABLE[name][fold - 1] for (name, _), fold in zip(melds, folds) if fold)
                best = max(best, points)
        total += best
    return total


ALL_CARDS = [r + s for s in SUITS for r in RANKS]


@st.composite
def dealt_hands(draw):
    """20 cards drawn from the 80-card deck."""
    deck = [c for c in ALL_CARDS for _ in range(4)]
    order = draw(st.permutations(range(80)))
    return Hand.parse(" ".join(deck[i] for i in order[:20]))


@st.composite
def concentrated_hands(draw):
    """Hands built from a few card kinds with up to four copies each, so that runs, multiple
    marriages and arounds, and their competition for the same cards, come up often."""
    pool = draw(st.sampled_from([
        ["AH", "10H", "KH", "QH", "JH", "KS", "QS"],
        ["KS", "QS", "KH", "QH", "KD", "QD", "KC", "QC"],
        ["AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC", "QS", "JD"],
        ["QS", "QH", "QD", "QC", "JS", "JH", "JD", "JC", "KS"],
        ["AD", "10D", "KD", "QD", "JD", "QS", "KS", "AS", "10S", "JS"],
        ALL_CARDS,
    ]))
    counts = draw(st.lists(st.integers(0, 4), min_size=len(pool), max_size=len(pool)))
    text = " ".join(card for card, n in zip(pool, counts) for _ in range(n))
    return Hand.parse(text or "AS")


@settings(max_examples=max(2000, settings().max_examples))  # thousands of hands, even in CI
@given(st.one_of(dealt_hands(), concentrated_hands()))
def test_engine_equals_naive_enumeration(hand):
    result = meld(hand)
    for trump in SUITS:
        assert result[trump].points == naive_meld(hand, trump), trump


@given(st.one_of(dealt_hands(), concentrated_hands()))
def test_breakdown_adds_up_and_uses_only_held_cards_once_per_type(hand):
    types = {"run": 1, "royal_marriage": 1, "marriage": 1, "pinochle": 2, "aces_around": 3,
             "kings_around": 3, "queens_around": 3, "jacks_around": 3}
    for result in meld(hand).trumps:
        assert result.points == sum(m.points for m in result.melds)
        for kind in (1, 2, 3):
            used = Hand.from_cards(c for m in result.melds if types[m.name] == kind
                                   for c in m.cards)
            assert all(u <= h for u, h in zip(used.counts, hand.counts))
