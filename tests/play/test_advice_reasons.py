"""The card advice's reasons claim only what the position bears out: a lead is a "sure winner"
only where no higher card is unseen and no seat that may be void in the suit may trump; a card
"takes" or "wins" the trick, a counter "goes to" a card, only where no seat still to play may
beat it. Each claim is tested on a position where it is false (the reason must not make it) and
one where it is true (it must), and on positions from played hands, every claim that the trick
is decided is checked against every way the real hands may finish the trick."""

from __future__ import annotations

import numpy as np
import pytest
from positions import played_position

from pinochle_calc.cards import CARDS, Card
from pinochle_calc.play.advice import advise_card
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.position import Position
from pinochle_calc.play.reasons import what_it_does
from pinochle_calc.play.tricks import PlayState, trick_winner


def position(hand: str, trump: str, **more) -> Position:
    return Position.from_dict({"hand": hand, "trump": trump, **more})


def says(p: Position, card: str) -> str:
    return what_it_does(p, read_position(p), Card.parse(card).index)


def test_a_first_lead_of_an_ace_is_no_sure_winner_where_a_void_hand_may_trump():
    """Issue 26: A♥ at the first trick said "no card beats it" though any seat may be void."""
    p = position("AH 10H KH", "C")
    text = says(p, "AH")
    assert "sure winner" not in text and "no card beats it" not in text
    assert "seats 1, 2, 3 may be void in ♥ and trump it" in text
    # the advice's own reason says the same
    assert "sure winner" not in advise_card(p, samples=20).reason


def test_an_ace_led_is_a_sure_winner_where_every_seat_is_known_to_follow():
    shown = {"1": "JH", "2": "QH", "3": "JH"}
    assert says(position("AH 10H KH", "C", shown=shown), "AH") == \
        "cashes a sure winner: no card beats it"
    # one seat not known to hold a heart: it may be void and trump
    text = says(position("AH 10H KH", "C", shown={"1": "JH", "3": "JH"}), "AH")
    assert "sure winner" not in text and "seat 2 may be void in ♥" in text


def test_a_seat_void_in_trump_cannot_trump_the_lead():
    """Seats 1 and 3 showed no trump when they could not follow a trump lead; seat 2 shows a
    heart: A♥ is a sure winner. Without the tricks that showed it, it is not."""
    tricks = "0: AC QH JC JS; AC AS JC QS"  # seat 0 led the trump A♣: seats 1, 3 had none
    hand = "AH 10H KH AD 10D KD QD JD AS 10S 10S KS QS 10C KC QC JS KS"
    known = position(hand, "C", tricks=tricks, shown={"2": "QH"})
    assert says(known, "AH") == "cashes a sure winner: no card beats it"
    text = says(position("AH 10H KH AD 10D KD QD JD", "C", shown={"2": "QH"}), "AH")
    assert "sure winner" not in text


def test_a_ten_led_once_the_aces_are_gone():
    tricks = "0: AH AH AH AH"  # all four A♥ gone
    hand = "KH 10H 10H AS 10S KS QS JS AD 10D KD QD JD AC 10C KC QC JC JC"
    shown = {"1": "JH", "2": "JH", "3": "QH"}
    assert says(position(hand, "S", tricks=tricks, shown=shown), "10H") == \
        "cashes a sure winner: all 4 A♥ are gone"
    text = says(position(hand, "S", tricks=tricks), "10H")
    assert text.startswith("leads 10♥, the highest ♥ left (all 4 A♥ are gone)")
    assert "may be void in ♥ and trump it" in text
    # two tens still out above it: a king is no sure winner
    assert says(position(hand, "S", tricks=tricks, shown=shown), "KH") == \
        "leads K♥: 2 higher ♥ cards are out"


@pytest.mark.parametrize("others, said", [
    ("JC JC JC AH", "draws the last trump: only 1 is out"),
    ("JC JC AH AS", "draws the last trumps: only 2 are out"),
    ("JC AH AS AD", "draws the last trumps: only 3 are out"),
    ("AH AS AD AD", "leads trump: 4 are out"),
    ("JC JC JC JC", "leads trump: no trump is left out"),
])
def test_a_trump_lead_draws_the_last_trumps_where_three_or_fewer_are_out(others, said):
    """A first lead from 16 clubs (trump) and four more cards: the trumps out are the 20 of
    the deck less the clubs held (3, 2, 1, 0 or 4 jacks more: 1, 2, 3, 4 or none out)."""
    p = position("AC AC AC AC 10C 10C 10C 10C KC KC KC KC QC QC QC QC " + others, "C")
    assert says(p, "QC") == said


def test_a_counter_goes_to_the_card_winning_only_where_no_seat_after_may_beat_it():
    """Issue 26: "K♥ cannot win the trick; a counter goes to J♣" with partner, last to play,
    known to hold A♣. Seat 1 is void in clubs (it would have to trump) and holds no trump: the
    trick is seat 3's unless seat 1 or partner beats it."""
    p = position("KH QH", "S", seat=0, trick=["JC"], shown={"2": "AC 10C"})
    text = says(p, "KH")
    assert "a counter goes to" not in text and "cannot win the trick" not in text
    assert text.startswith("K♥ cannot head J♣; seats 1, 2, still to play, may beat it"
                           " (partner holds A♣)")
    # last to play, the counter does go to the card winning
    last = position("KH QH", "S", seat=0, trick=["JC", "10C", "AC"])
    assert says(last, "KH") == "K♥ cannot win the trick; a counter goes to A♣"
    assert says(last, "QH") == "the trick goes to A♣: Q♥ gives away no counter"


def test_partner_wins_the_trick_only_where_the_last_seat_cannot_beat_it():
    """Issue 26: "partner's A♣ is winning: J♣ keeps the counters". Partner (seat 2) led A♣,
    seat 3 has followed; seat 1 is last: it may be void in clubs and trump."""
    p = position("JC 10C", "S", seat=0, trick=["AC", "QC"], tricks="")
    text = says(p, "JC")
    assert "wins the trick" not in text and "keeps the counters" not in text
    assert text == "partner's A♣ is winning so far, but seat 1 may still beat it: J♣ risks" \
                   " no counter"
    # seat 1 showed a club: it must follow, and nothing in clubs beats A♣
    sure = position("JC 10C", "S", seat=0, trick=["AC", "QC"], shown={"1": "JC"})
    assert says(sure, "10C") == "partner's A♣ wins the trick: feed it a counter"
    assert says(sure, "JC") == "partner's A♣ wins the trick; J♣ keeps your counters for later" \
                               " tricks"


def test_a_card_that_heads_the_trick_takes_it_only_where_no_seat_after_may_beat_it():
    p = position("AD KD", "S", seat=1, trick=["10D"])
    text = says(p, "AD")
    assert "takes the trick" not in text
    assert text == "A♦ heads 10♦; seats 2, 3, still to play, may beat it"
    # the seats after showed diamonds and there is no higher diamond: A♦ takes it
    sure = position("AD KD", "S", seat=1, trick=["10D"], shown={"2": "JD", "3": "QD"})
    assert says(sure, "AD") == "A♦ takes the trick from 10♦: no seat after can beat it"
    # last to play
    assert says(position("AD KD", "S", seat=1, trick=["10D", "JD", "QD"]), "AD") == \
        "A♦ takes the trick (last to play)"


def continuations(state: PlayState) -> list[int]:
    """Every seat that may win the trick in progress, finished from the real hands by any
    legal cards of the seats still to play (seats counted from the trick's leader)."""
    if not state.trick:  # the trick just finished: its winner leads
        return [state.leader]
    return sorted({w for c in state.legal() for w in continuations(state.play(c))})


CLAIMS = ("cashes a sure winner", "takes the trick", "wins the trick", "a counter goes to",
          "the trick goes to")


def test_every_claim_that_the_trick_is_decided_holds_for_every_finish_the_real_hands_allow():
    """Positions from played hands (other seats showing part of their hands): wherever a reason
    says a card wins, takes or goes to a seat's card, the real hands cannot finish the trick
    any other way."""
    rng = np.random.default_rng(26)
    checked = dict.fromkeys(CLAIMS, 0)
    for _ in range(300):
        p, truth = played_position(rng, plays=int(rng.integers(0, 79)))
        facts = read_position(p)
        for card in sorted(set(p.legal())):
            text = what_it_does(p, facts, card)
            claim = next((c for c in CLAIMS if c in text), None)
            if claim is None:
                continue
            state = PlayState(tuple(truth), p.trump, p.leader, p.trick).play(card)
            winners = continuations(state) if state.trick else [state.leader]
            # the seat the claim names: the player, partner, or the card's holder
            if claim in ("cashes a sure winner", "takes the trick") or \
                    text.startswith("trumps in"):
                want = p.seat
            elif text.startswith("partner's"):
                want = p.seat ^ 2
            else:
                full = (*p.trick, card)
                want = (p.leader + trick_winner(full, p.trump)) & 3
            assert winners == [want], (p.to_dict(), CARDS[card].symbol, text, winners)
            checked[claim] += 1
    assert all(checked.values()), checked


@pytest.mark.parametrize("claim", ["a counter goes to", "takes the trick", "wins the trick"])
def test_the_claims_are_made_where_they_are_true(claim):
    """Last to play, the trick is always decided: each claim is made there."""
    rng = np.random.default_rng(7)
    made = 0
    for _ in range(200):
        p, _ = played_position(rng, plays=int(rng.integers(0, 20)) * 4 + 3)
        for card in set(p.legal()):
            made += claim in what_it_does(p, read_position(p), card)
    assert made > 0


def test_the_reason_says_as_good_as_within_two_standard_errors_and_better_beyond():
    """The second half of the reason: the paired difference from the next card, or "as good
    as" where it is within two standard errors."""
    rng = np.random.default_rng(8)
    seen = {"as good as": 0, "better than": 0}
    for _ in range(12):
        p, _ = played_position(rng, plays=int(rng.integers(20, 60)))
        a = advise_card(p, samples=60, seed=1)
        if len(a.choices) < 2:
            continue
        second = a.choices[1]
        if second.as_good:
            assert "as good as " + CARDS[second.card].symbol in a.reason
            assert "better than" not in a.reason
            seen["as good as"] += 1
        else:
            d = second.difference
            assert d.text() in a.reason
            assert "better than " + CARDS[second.card].symbol in a.reason
            seen["better than"] += 1
    assert all(seen.values()), seen

