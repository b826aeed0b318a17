"""Every claim of the card advice's reasons, checked against the whole position the seat knows,
its own hand included, by a checker written apart from the words (``claims``), over thousands of
positions from played hands: what the card does (every legal card of 2,000 positions, some with
the tricks so far left out), and the whole reason, comparison included, of the advice itself."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from claims import Checker, check_reason, world_of
from positions import played_position

from pinochle_calc.cards import Card
from pinochle_calc.play.advice import advise_card
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.position import Position
from pinochle_calc.play.reasons import what_it_does

#: Every kind of claim the checker reads, each of which the positions below must reach.
KINDS = {"may beat it", "trumps out", "trumps unseen", "no counter", "higher out",
         "a counter goes to", "may be void and trump", "the trick goes to", "partner wins",
         "may still beat it", "higher cards gone", "trumps in and wins", "takes the trick",
         "partner may beat it", "a sure winner"}


def positions(seed: int, n: int):
    """``n`` positions from played hands with the real hands, one in five with the tricks so
    far left out (and no meld shown, which those tricks would have played)."""
    rng = np.random.default_rng(seed)
    for i in range(n):
        p, truth = played_position(rng, plays=int(rng.integers(0, 79)))
        if i % 5 == 4 and p.tricks:
            p = replace(p, tricks=(), shown=(None, None, None, None))
        yield p, truth, rng


@pytest.mark.long
def test_every_claim_of_what_a_card_does_holds_in_every_world_the_seat_cannot_rule_out():
    checked: Counter = Counter()
    for p, truth, rng in positions(32, 2000):
        facts = read_position(p)
        world = world_of(p, facts, truth, rng, 6)
        for card in sorted(set(p.legal())):
            words = what_it_does(p, facts, card)
            try:
                checked.update(Checker(world, card).check(words))
            except AssertionError as e:
                raise AssertionError(f"{words!r} at {p.to_dict()}: {e}") from None
    assert set(checked) == KINDS, KINDS - set(checked)


def test_the_whole_reason_of_the_advice_holds_comparison_included():
    """The advice's own reason: what the card does, then "as good as" or "better than" the
    next card by its figures (never a figure that reads 0 as better)."""
    checked: Counter = Counter()
    for p, truth, rng in positions(33, 60):
        advice = advise_card(p, samples=30, seed=int(rng.integers(1000)), more=False)
        world = world_of(p, read_position(p), truth, rng, 4)
        checked.update(check_reason(advice, world))
    assert {"as good as", "better than", "the only card"} <= set(checked), checked


def position(hand: str, trump: str, **more) -> Position:
    return Position.from_dict({"hand": hand, "trump": trump, **more})


def test_a_lead_below_cards_of_your_own_says_they_are_yours_not_gone():
    """Issue 32: "leads K♣, the highest ♣ left (all 4 A♣, all 4 10♣ are gone)" while the
    player held A♣ and 10♣."""
    tricks = "0: AC AC JC QC; 0: AC 10C JC QC; 0: 10C 10C JC QC"  # 3 A♣ and 3 10♣ gone
    hand = "AC 10C KC AH 10H KH AD 10D KD AS 10S KS QS JS AH KH QH"
    p = position(hand, "S", tricks=tricks)
    text = what_it_does(p, read_position(p), Card.parse("KC").index)
    assert "gone" not in text.split("(")[1].split(",")[0]
    assert text.startswith("leads K♣, no higher ♣ is out (the 1 A♣ left is yours, the 1 10♣"
                           " left is yours)")
    # the checker reads the old words as false: a higher ♣ is in the hand
    old = "leads K♣, the highest ♣ left (all 4 A♣, all 4 10♣ are gone); seats 1, 2, 3 may" \
          " be void in ♣ and trump it"
    world = world_of(p, read_position(p), None, np.random.default_rng(1), 4)
    with pytest.raises(AssertionError):
        Checker(world, Card.parse("KC").index).check(old)


def test_a_card_under_partners_winner_argues_for_itself():
    """Issue 32: "partner's A♥ wins the trick; Q♥ gives it no counter" read as an argument
    against the card advised: keeping the counters is what it does."""
    p = position("QH KH", "S", seat=0, trick=["AH", "JH"], shown={"1": "JH"})
    facts = read_position(p)
    assert what_it_does(p, facts, Card.parse("QH").index) == \
        "partner's A♥ wins the trick; Q♥ keeps your counters for later tricks"
    none = position("QH JH", "S", seat=0, trick=["AH", "JH"], shown={"1": "JH"})
    assert what_it_does(none, read_position(none), Card.parse("QH").index) == \
        "partner's A♥ wins the trick; you have no counter you may play to feed it (Q♥ is none)"


def test_a_seat_may_beat_only_with_a_card_no_other_seat_surely_holds():
    """Three A♦ are gone and partner showed the last: seat 1, which showed a diamond (it must
    follow), cannot beat 10♦; only partner may. (The reason once named seat 1 too.)"""
    tricks = "1: AD QD AD JD; JD QD AD JD"  # seat 1, then seat 3 take a trick
    hand = "10D 10D KD AH 10H KH QH JH AC 10C KC QC JC AS 10S KS QS JS"
    p = position(hand, "S", seat=0, trick=["KD"], tricks=tricks, shown={"2": "AD", "1": "QD"})
    text = what_it_does(p, read_position(p), Card.parse("10D").index)
    assert text == "10♦ heads K♦; only partner, still to play, may beat it", text
