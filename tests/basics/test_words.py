"""The game's words on the values a policy reads: ``Suit`` (an int that reads as its letter), a
hand's counts by card, rank and suit, checked against the hand's own text (``str(hand)``, one
token per card), and the suits the meld results carry."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import meld
from pinochle_calc.cards import CARDS, Card, Suit, as_rank
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.records import dumps

SPELLINGS = [("S", 0), ("s", 0), ("♠", 0), ("spades", 0), ("Spade", 0), ("H", 1), ("♥", 1),
             ("♡", 1), ("hearts", 1), ("D", 2), ("♦", 2), ("diamond", 2), ("C", 3), ("♣", 3),
             ("clubs", 3)]


@pytest.mark.parametrize("word, index", SPELLINGS)
def test_a_suit_is_its_index_and_reads_as_its_letter(word, index):
    suit = Suit(word)
    assert suit == index and Suit(index) is suit and isinstance(suit, int)
    letter = "SHDC"[index]
    assert str(suit) == f"{suit}" == letter and repr(suit) == f"Suit.{letter}"
    assert suit.symbol == "♠♥♦♣"[index] and suit.word == ("spades", "hearts", "diamonds",
                                                           "clubs")[index]
    assert f"{suit:d}" == str(index) and suit * 5 + 1 == index * 5 + 1
    assert json.dumps([suit]) == dumps([suit]) == f"[{index}]"  # JSON writes the number
    assert {index: "x"}[suit] == "x" and hash(suit) == hash(index)


def test_a_word_that_is_no_suit_is_refused():
    with pytest.raises(UserError, match="unknown suit 'X'"):
        Suit("X")
    with pytest.raises(ValueError):
        Suit(4)


def test_cards_and_meld_results_carry_suits():
    assert all(type(c.suit) is Suit for c in CARDS) and Card.parse("10♦").suit is Suit.D
    result = meld("♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J")
    assert result.best.trump is Suit.HEARTS and repr(result.best).startswith(
        "TrumpMeld(trump=Suit.H, points=87")
    assert [t.trump for t in result.trumps] == list(Suit)
    assert all(m.suit is None or type(m.suit) is Suit for t in result.trumps for m in t.melds)
    assert result.to_dict()["best"] == {"trump": "H", "meld": 87}  # the JSON as before


def tokens(hand: Hand) -> list[tuple[str, str]]:
    """The hand's cards as (rank, suit letter), read from its canonical text."""
    return [(t[:-1], t[-1]) for t in str(hand).split()]


hands = st.lists(st.integers(0, 4), min_size=20, max_size=20).map(Hand)
RANK_SPELLINGS = {"A": ("A", "a", "ace", "Aces", 0), "10": ("10", "T", "ten", "tens", 1),
                  "K": ("K", "king", 2), "Q": ("Q", "queens", 3), "J": ("J", "jack", 4)}


@given(hands, st.sampled_from("SHDC"), st.sampled_from(list(RANK_SPELLINGS)))
def test_a_hands_counts_in_the_games_words(hand, letter, rank):
    cards = tokens(hand)
    assert hand.suit_length(letter) == sum(s == letter for _, s in cards)
    assert hand.suit_length(Suit(letter)) == hand.suit_length("SHDC".index(letter))
    assert str(hand.in_suit(letter)).split() == [f"{r}{s}" for r, s in cards if s == letter]
    for spelling in RANK_SPELLINGS[rank]:
        assert hand.count_rank(spelling) == sum(r == rank for r, _ in cards)
        assert hand.count_rank(spelling, letter) == cards.count((rank, letter))
    card = f"{rank}{letter}"
    assert hand.count(card) == hand.count(Card.parse(card)) == cards.count((rank, letter))
    assert (card in hand) == ((rank, letter) in cards)


@pytest.mark.parametrize("bad, error", [("X", UserError), (5, UserError), (-1, UserError),
                                        (True, TypeError), (1.0, TypeError)])
def test_a_rank_that_is_no_rank_is_refused(bad, error):
    with pytest.raises(error):
        as_rank(bad)
    with pytest.raises(error):
        Hand.parse("AH").count_rank(bad)
