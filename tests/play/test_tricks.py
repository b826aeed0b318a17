"""The play engine: every clause of RULES.md "Play of the tricks" on a concrete trick, trick
winners and points, PlayState, and agreement with the naive oracle in ``naive_rules``."""

import random
from collections import Counter

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from naive_rules import CLAUSES as NAIVE_CLAUSES
from naive_rules import clause as naive_clause
from naive_rules import legal as naive_legal
from naive_rules import winner as naive_winner

from pinochle_calc.cards import CARDS, HEARTS, SPADES, Card
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.play.tricks import (
    HEAD,
    HI,
    LO,
    IllegalPlay,
    PlayState,
    decode,
    encode,
    legal_cards,
    rule_in_force,
    trick_points,
    trick_winner,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(Card.parse(t).index for t in text.split())


def legal(hand: str, trick: str, trump: str = "H") -> set[str]:
    trump_index = "SHDC".index(trump)
    return {str(CARDS[c]) for c in legal_cards(Hand.parse(hand).counts, cards(trick), trump_index)}


# --- each clause of the play rules, on one trick -------------------------------------------

def test_leader_may_lead_any_card():
    assert legal("AS KD JH QC", "") == {"AS", "KD", "JH", "QC"}


def test_follow_suit_and_head():
    # KS led: AS heads it, QS does not; the heart and the diamond may not be played
    assert legal("AS QS 10H JD", "KS") == {"AS"}
    # two cards head the KS: either may be played
    assert legal("AS 10S QS JD", "KS") == {"AS", "10S"}


def test_follow_suit_unable_to_head():
    # nothing beats the AS: any spade, but still a spade (not the trump, not the diamond)
    assert legal("KS QS 10H JD", "AS") == {"KS", "QS"}


def test_head_the_card_winning_not_the_card_led():
    # KS led, 10S headed it: the QS would beat the lead but not the 10S
    assert legal("AS QS", "KS 10S") == {"AS"}
    assert legal("KS QS JS", "KS 10S") == {"KS", "QS", "JS"}


def test_trump_led_follow_and_head_in_trump():
    assert legal("AH QH AS", "KH") == {"AH"}
    assert legal("QH JH AS", "KH") == {"QH", "JH"}


def test_void_must_trump():
    # no spade: must play a trump, any trump (the trick is not yet trumped), not the KD or AC
    assert legal("JH QH KD AC", "AS") == {"JH", "QH"}


def test_over_trump():
    # the QH trumped the spade lead: a void player must beat it if able
    assert legal("KH JH AD", "AS QH") == {"KH"}
    assert legal("AH KH JH AD", "AS QH") == {"AH", "KH"}


def test_void_unable_to_over_trump_plays_any_trump():
    assert legal("10H JH KD", "AS AH") == {"10H", "JH"}


def test_already_trumped_any_card_of_the_led_suit():
    # a player who can follow need not head the AS nor trump once the trick is trumped
    assert legal("10S JS AH", "AS QH") == {"10S", "JS"}
    assert legal("AS JS AH", "KS QH") == {"AS", "JS"}


def test_no_led_suit_no_trump_any_card():
    assert legal("KD QC JD 10C", "AS") == {"KD", "QC", "JD", "10C"}
    # trump led and no trump: any card
    assert legal("KD QC JD", "AH") == {"KD", "QC", "JD"}


def test_identical_cards_first_played_wins():
    assert trick_winner(cards("AS AS KS QS"), HEARTS) == 0
    assert trick_winner(cards("10S AS AS KS"), HEARTS) == 1
    assert trick_winner(cards("AS KH KH QH"), HEARTS) == 1
    assert trick_winner(cards("AH JH AH QH"), HEARTS) == 0


def test_a_copy_neither_heads_nor_over_trumps():
    # AS is winning: a second AS does not head it, so any spade may be played
    assert legal("AS QS", "KS AS") == {"AS", "QS"}
    # KH trumped the trick: another KH is not an over-trump, so any trump may be played
    assert legal("KH QH AD", "AS KH") == {"KH", "QH"}


def test_trick_winner_rules():
    assert trick_winner(cards("QS KS JD AD"), HEARTS) == 1  # off-suit aces do not win
    assert trick_winner(cards("AS JH 10S KH"), HEARTS) == 3  # highest trump
    assert trick_winner(cards("AS JS KS QS"), SPADES) == 0  # trump led: highest trump


def test_partner_winning_gives_no_exemption():
    # seat 0 leads KS, seat 1 plays QS: partner (seat 0) is winning, seat 2 must still head
    hands = [Hand.parse(h).counts for h in ("KS JD", "QS JD", "AS JS", "JS JD")]
    state = PlayState.deal(hands, HEARTS, leader=0).play(Card.parse("KS")).play(Card.parse("QS"))
    assert state.to_play == 2
    assert {str(CARDS[c]) for c in state.legal()} == {"AS"}
    with pytest.raises(IllegalPlay, match="head KS"):
        state.play(Card.parse("JS"))
    # void behind a partner's ace: must trump it all the same
    hands = [Hand.parse(h).counts for h in ("AS JD", "QS JD", "JH KD", "JS JD")]
    state = PlayState.deal(hands, HEARTS, leader=0).play(Card.parse("AS")).play(Card.parse("QS"))
    assert {str(CARDS[c]) for c in state.legal()} == {"JH"}


def test_last_trick_bonus():
    assert trick_points(cards("AS 10S KS QS")) == 3
    assert trick_points(cards("AS 10S KS QS"), last=True) == 5
    assert trick_points(cards("QS JS QD JC"), last=True) == 2
    assert trick_points(cards("AS 10S KS QS"), last=True, scale=10) == 50
    # the last trick of a hand: its winner's side gets its counters and 2 more
    hands = [Hand.parse(h).counts for h in ("QS", "KS", "JS", "AS")]
    state = PlayState.deal(hands, HEARTS, leader=0)
    for card in ("QS", "KS", "JS", "AS"):
        state = state.play(Card.parse(card))
    assert state.is_over
    assert state.points == (0, 4)
    assert state.tricks == (0, 1)


def test_rule_in_force_names_the_clause():
    assert rule_in_force(Hand.parse("AS QS").counts, cards("KS 10S"), HEARTS) == (
        "follow suit and head 10S"
    )
    assert rule_in_force(Hand.parse("KH QH AD").counts, cards("AS KH"), HEARTS) == (
        "no S card, no trump above KH: any trump"
    )
    assert rule_in_force(Hand.parse("KD").counts, cards("AS"), HEARTS) == (
        "no S card and no trump (H): any card"
    )


# --- PlayState -------------------------------------------------------------------------------

def test_play_state_is_immutable_and_branches():
    hands = [Hand.parse(h).counts for h in ("AS KS", "QS JS", "AD KD", "QD JD")]
    start = PlayState.deal(hands, HEARTS, leader=0)
    a = start.play(Card.parse("AS"))
    b = start.play(Card.parse("KS"))
    assert start.trick == () and start.hands[0] == hands[0]
    assert a.trick == cards("AS") and b.trick == cards("KS")
    with pytest.raises(AttributeError):
        start.trump = 0


def test_play_state_records_points_tricks_and_voids():
    hands = [Hand.parse(h).counts for h in ("AS KD", "QS JD", "AD KH", "JS QD")]
    state = PlayState.deal(hands, HEARTS, leader=0)
    for card in ("AS", "QS", "KH", "JS"):  # seat 2 has no spade and trumps
        state = state.play(Card.parse(card))
    assert state.leader == 2
    assert state.points == (2, 0)
    assert state.voids[2] == 1 << SPADES  # seat 2 showed no spade (it did trump)
    for card in ("AD", "QD", "KD", "JD"):
        state = state.play(Card.parse(card))
    assert state.is_over
    assert state.points == (6, 0)  # AS KH, then AD KD + 2 for the last trick
    assert state.tricks == (2, 0)


def test_illegal_plays_are_refused():
    hands = [Hand.parse(h).counts for h in ("AS KD", "QS JD", "AD KH", "JS QD")]
    state = PlayState.deal(hands, HEARTS, leader=0)
    with pytest.raises(IllegalPlay, match="not in the hand"):
        state.play(Card.parse("QS"))
    state = state.play(Card.parse("AS"))
    with pytest.raises(IllegalPlay, match="follow suit"):
        state.play(Card.parse("JD"))


@pytest.mark.parametrize("card", [-1, 20, 99, "AS", 1.0, None])
def test_playing_what_is_not_a_card_is_an_illegal_play(card):
    state = PlayState.deal([Hand.parse(h) for h in ("JC AS", "QS JD", "AD KH", "JS QD")], HEARTS)
    with pytest.raises(IllegalPlay, match=r"is not a card: .* 0 to 19"):
        state.play(card)
    assert isinstance(IllegalPlay("x"), UserError)
    # the last index and a Card are cards: JC is 19
    assert state.play(19).trick == (19,) == state.play(Card.parse("JC")).trick


def test_deal_must_be_possible():
    with pytest.raises(ValueError, match="same size"):
        PlayState.deal([Hand.parse(h) for h in ("AS", "KS", "QS", "JS JS")], HEARTS)
    with pytest.raises(ValueError, match="more than four AS"):
        PlayState.deal([Hand.parse(h) for h in ("AS AS", "AS AS", "AS KS", "JS JS")], HEARTS)


# --- suit codes and tables -------------------------------------------------------------------

def test_codes_round_trip_and_tables():
    hand = Hand.parse("AS AS QS JD 10H 10H 10H 10H KC")
    codes = encode(hand.counts)
    assert decode(codes) == hand.counts
    spades = codes[SPADES]
    assert HI[spades] == 0 and LO[spades] == 3
    assert HEAD[spades * 6 + 2] == 0  # the lowest spade that heads a K is the A
    assert HEAD[spades * 6 + 0] == -1  # nothing heads an A
    assert HI[0] == 5 and LO[0] == -1


# --- agreement with the naive oracle ----------------------------------------------------------

DECK = [c for c in range(20) for _ in range(4)]

#: How ``rule_in_force`` begins under each clause the naive rules name.
RULE_TEXT = {
    "lead": "the leader may lead any card",
    "follow and head": "follow suit and head ",
    "follow, unable to head": "follow suit; no ",
    "trumped: any of the suit led": "the trick is trumped: any ",
    "void: trump": "no {led} card: trump",
    "void: over-trump": "no {led} card: over-trump ",
    "void: any trump": "no {led} card, no trump above ",
    "void in both: any card": "no {led} card and no trump ",
}


def position(rng: random.Random) -> tuple[list[int], list[int], int]:
    """A hand (20 counts) and a trick of 0 to 3 cards dealt from one double deck, and a trump.
    Suits are cleared from the hand at random (the suit led half the time) so that every void
    clause comes up often, not only following suit."""
    trump = rng.randrange(4)
    deck = DECK[:]
    rng.shuffle(deck)
    trick = deck[:rng.choice((0, 1, 2, 3, 3, 3))]
    cleared = {s for s in range(4) if rng.random() < 0.25}
    if trick and rng.random() < 0.5:
        cleared.add(trick[0] // 5)
    if len(cleared) == 4:
        cleared.discard(rng.randrange(4))
    hand = [0] * 20
    for c in [c for c in deck[len(trick):] if c // 5 not in cleared][:rng.randint(1, 20)]:
        hand[c] += 1
    return hand, trick, trump


def check_against_the_naive_rules(hand: list[int], trick: list[int], trump: int) -> str:
    """Assert the engine's legal cards and rule text agree with the naive rules; the clause."""
    strings = [str(CARDS[i]) for i in range(20) for _ in range(hand[i])]
    played = [str(CARDS[c]) for c in trick]
    expected = naive_legal(strings, played, "SHDC"[trump])
    got = legal_cards(hand, trick, trump)
    assert {str(CARDS[c]) for c in got} == expected, (strings, played, "SHDC"[trump])
    assert list(got) == sorted(set(got))  # each card once, canonical order
    which = naive_clause(strings, played, "SHDC"[trump])
    text = RULE_TEXT[which].format(led="SHDC"[trick[0] // 5] if trick else "")
    assert rule_in_force(hand, trick, trump).startswith(text), (strings, played, which)
    return which


@given(rng=st.randoms(use_true_random=False))
def test_legal_cards_agree_with_the_naive_rules(rng):
    event(check_against_the_naive_rules(*position(rng)))


def test_every_clause_is_reached_and_agrees_with_the_naive_rules():
    """4000 seeded positions: the engine agrees on all, and each clause comes up many times
    (so a wrong void rule cannot hide behind positions that merely follow suit)."""
    rng = random.Random(20240601)
    seen = Counter(check_against_the_naive_rules(*position(rng)) for _ in range(4000))
    assert set(seen) == set(NAIVE_CLAUSES)
    assert min(seen.values()) >= 50, seen


@given(trick=st.lists(st.integers(0, 19), min_size=1, max_size=4), trump=st.integers(0, 3))
def test_trick_winner_agrees_with_the_naive_rules(trick, trump):
    assert trick_winner(trick, trump) == naive_winner([str(CARDS[c]) for c in trick],
                                                      "SHDC"[trump])
