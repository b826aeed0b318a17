"""The card advice where every other hand is known: one layout, searched exactly at any depth
(``advice._exact_plan``), so the card advised is a best card by the double-dummy solver, which
``test_solver*.py`` hold to minimax and to its Python twin."""

from __future__ import annotations

import pytest

from pinochle_calc.cards import Card, as_suit
from pinochle_calc.hand import Hand
from pinochle_calc.play.advice import advise_card
from pinochle_calc.play.position import Position
from pinochle_calc.play.solver import COMPILED, solve

# Heuristic play to 9 and 10 tricks left (deals of seeds 15 and 1): seat to lead, its hand, the
# others' hands, trump, and the card the play-outs advised, which is not best.
KNOWN = [
    (3, ["10S KS QS QS 10H AD 10D 10D KD", "10H KH QH JH 10D KD QD 10C KC",
         "10S KS AD 10D KD QD JD KC QC", "AH JH JH AD AD KD JD JD 10C"], "D", "AH"),
    (2, ["QS QS KH QH 10D AC AC 10C KC QC", "10H KH KD QD AC 10C KC KC QC JC",
         "AS 10S 10S 10S KS QS KH AC 10C 10C", "AD KD KD QD JD JD KC QC QC JC"], "C", "AS"),
]


@pytest.mark.skipif(not COMPILED, reason="nine tricks searched exactly need the compiled solver")
@pytest.mark.parametrize("seat, hands, trump, played_out", KNOWN)
def test_every_other_hand_known_nine_or_ten_tricks_out_is_searched_not_played_out(
        seat, hands, trump, played_out):
    """Issue 31: with 9 to 11 tricks left the advice tested "few layouts" before "one known
    layout", searched within the small budget, ran out and played the deals out, advising a
    card the solver values below the best (here by 1 or 2 points). Now the one layout is
    searched: every card's figure is its exact value, the card advised a best one."""
    shown = tuple(None if s == seat else Hand.parse(h) for s, h in enumerate(hands))
    advice = advise_card(Position(Hand.parse(hands[seat]), as_suit(trump), seat, shown=shown))
    exact = solve(hands, trump, seat)
    assert advice.searched and advice.samples == 300
    assert {c.card: c.trick_points.mean for c in advice.choices} == {
        v.card: v.points for v in exact.values}
    assert advice.card in exact.best
    assert Card.parse(played_out).index not in exact.best  # what the play-outs advised
