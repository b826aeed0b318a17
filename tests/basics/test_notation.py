"""Reading hands in every notation players write, and the errors for impossible input."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc import Card, DeckError, Hand, HandError, NotationError

CANONICAL_EXAMPLE = "AS KS KS KS QS QS JS JS AH 10H KH KH KH QH QH JH QD QD JD QC QC"

EXAMPLE_NOTATIONS = [
    "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K K Q Q J J",
    "♥ A 10 K K K Q Q J    ♦ Q Q J    ♣ Q Q    ♠ A K K K Q Q J J",
    "H: A 10 K K K Q Q J  D: Q Q J  C: Q Q  S: A K K K Q Q J J",
    "hearts: A T K K K Q Q J, diamonds: Q Q J, clubs: Q Q, spades: A K K K Q Q J J",
    "H=ATKKKQQJ D=QQJ C=QQ S=AKKKQQJJ",
    "h=a10kkkqqj d=qqj c=qq s=akkkqqjj",
    "♡A 10 K K K Q Q J ♢Q Q J ♧Q Q ♤A K K K Q Q J J",
    "AH 10H KH KH KH QH QH JH QD QD JD QC QC AS KS KS KS QS QS JS JS",
    "ah,th,kh,kh,kh,qh,qh,jh,qd,qd,jd,qc,qc,as,ks,ks,ks,qs,qs,js,js",
    "HA H10 HK HK HK HQ HQ HJ DQ DQ DJ CQ CQ SA SK SK SK SQ SQ SJ SJ",
    "A♥ 10♥ K♥ K♥ K♥ Q♥ Q♥ J♥ Q♦ Q♦ J♦ Q♣ Q♣ A♠ K♠ K♠ K♠ Q♠ Q♠ J♠ J♠",
    "♥A10KKKQQJ ♦QQJ ♣QQ ♠AKKKQQJJ",
]


@pytest.mark.parametrize("text", EXAMPLE_NOTATIONS)
def test_every_notation_reads_the_rules_example(text):
    assert str(Hand.parse(text)) == CANONICAL_EXAMPLE


@pytest.mark.parametrize(
    "token, card",
    [("AH", "AH"), ("ah", "AH"), ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("HA", "AH"),
     ("A♥", "AH"), ("♥A", "AH"), ("♡a", "AH"), ("10♠", "10S"), ("♣J", "JC"), ("qd", "QD")],
)
def test_single_card_tokens(token, card):
    assert str(Card.parse(token)) == card


def test_canonical_form_orders_suits_and_ranks():
    hand = Hand.parse("JC QC 10D AH KS AS 10S")
    assert str(hand) == "AS 10S KS AH 10D QC JC"
    assert repr(hand) == "Hand.parse('AS 10S KS AH 10D QC JC')"


@st.composite
def hands(draw):
    counts = draw(st.lists(st.integers(0, 4), min_size=20, max_size=20))
    if not any(counts):
        counts[draw(st.integers(0, 19))] = 1
    return Hand(counts)


@given(hands())
def test_parse_of_str_is_the_hand(hand):
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.symbols()) == hand


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AH 11H KH", "unknown card '11H': did you mean 10H? (token 2, column 4)"),
        ("AH 1H", "unknown card '1H': did you mean 10H? (token 2, column 4)"),
        ("KX QS", "unknown card 'KX': unknown suit 'X', did you mean KS, KH, KD or KC?"
                  " (token 1, column 1)"),
        ("9H", "unknown card '9H': a pinochle deck has no 9s (ranks are A 10 K Q J)"
               " (token 1, column 1)"),
        ("K Q", "'K' has no suit: write it as KH, or start a suit group such as 'H: A 10 K'"
                " or '♥A 10 K' (token 1, column 1)"),
        ("S: A K, H=AXK", "'H=AXK' is not a suit group: after the suit, write only the ranks"
                          " A 10 (or T) K Q J (token 4, column 9)"),
    ],
)
def test_unknown_tokens_are_named_located_and_corrected(text, expected):
    with pytest.raises(NotationError) as caught:
        Hand.parse(text)
    assert str(caught.value) == expected


def test_error_pointer_marks_the_token():
    with pytest.raises(NotationError) as caught:
        Hand.parse("AH KH 11H QH")
    assert caught.value.pointer() == "AH KH 11H QH\n      ^^^"


def test_a_fifth_copy_is_impossible():
    with pytest.raises(DeckError, match=r"a double deck has only four A♠: a fifth AS at token 5"):
        Hand.parse("AS AS AS SA A♠ KH")


@pytest.mark.parametrize("text", ["", "   ", " , , "])
def test_empty_hand(text):
    with pytest.raises(HandError, match="empty hand"):
        Hand.parse(text)


def test_hands_that_are_not_20_cards_are_read_with_a_warning():
    example = Hand.parse(EXAMPLE_NOTATIONS[0])
    assert len(example) == 21
    assert example.warnings() == ("not a 20-card hand: 21 cards",)
    assert Hand.parse(EXAMPLE_NOTATIONS[0].replace("K K K Q Q J J", "K K Q Q J J")).warnings() == ()


def test_hands_are_immutable_values():
    hand = Hand.parse("AS KS")
    with pytest.raises(AttributeError):
        hand.counts = (0,) * 20
    assert hand == Hand.parse("SA SK") and hash(hand) == hash(Hand.parse("♠A K"))
    assert hand + Hand.parse("QS") == Hand.parse("AS KS QS")
    with pytest.raises(DeckError):
        Hand.parse("AS AS AS") + Hand.parse("AS AS")
