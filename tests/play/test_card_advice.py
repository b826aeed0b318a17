"""The card advice: in the last three tricks of a perfectly known position it gives an
exhaustive search's best card (and its exact value for every card); elsewhere every legal card
is scored on the same deals meeting the facts, the figures repeat with the seed, and the
contract turns trick points into the chance to make it and the score."""

from __future__ import annotations

import numpy as np
import pytest
from positions import played_position

from pinochle_calc.cards import CARDS, Card
from pinochle_calc.hand import Hand
from pinochle_calc.meld.engine import meld
from pinochle_calc.play.advice import advise_card
from pinochle_calc.play.position import Position
from pinochle_calc.play.search import Search
from pinochle_calc.play.tricks import PlayState, encode


def exhaustive(state: PlayState, side: int) -> int:
    """The side's trick points from here with best play by both, by plain minimax over every
    play (no pruning, no table), through ``PlayState``."""
    if state.is_over:
        return 0
    ours = state.to_play & 1 == side
    values = [exhaustive_after(state, card, side) for card in state.legal()]
    return max(values) if ours else min(values)


def exhaustive_after(state: PlayState, card: int, side: int) -> int:
    after = state.play(card)
    return after.points[side] - state.points[side] + exhaustive(after, side)


def known_endgame(rng, tricks: int):
    """A perfectly known position with ``tricks`` tricks left: a hand played to there, every
    other seat's cards given as shown, the tricks before not given."""
    position, truth = played_position(rng, plays=4 * (20 - tricks) + int(rng.integers(0, 4)))
    shown = tuple(None if s == position.seat else Hand(truth[s]) for s in range(4))
    known = Position(position.hand, position.trump, position.seat, (), position.trick,
                     None, shown)
    state = PlayState(tuple(truth), position.trump, position.leader, position.trick)
    return known, state


@pytest.mark.parametrize("tricks", [1, 2, 3])
def test_a_known_endgame_gets_the_exhaustive_search_best_card(tricks):
    rng = np.random.default_rng(tricks)
    for _ in range(12 if tricks == 3 else 20):
        position, state = known_endgame(rng, tricks)
        side = position.seat & 1
        exact = {c: exhaustive_after(state, c, side) for c in state.legal()}
        advice = advise_card(position, samples=20, seed=1)
        assert advice.searched
        assert {c.card: c.trick_points.mean for c in advice.choices} == exact
        assert all(c.trick_points.stderr == 0 for c in advice.choices)
        assert exact[advice.card] == max(exact.values())


def test_the_search_agrees_with_plain_minimax_four_tricks_out():
    rng = np.random.default_rng(9)
    for _ in range(3):
        _, state = known_endgame(rng, 4)
        H = [c for h in state.hands for c in encode(h)]
        side = state.to_play & 1
        found = Search(H, state.trump, side).card_values(state.leader, state.trick)
        assert found == {c: exhaustive_after(state, c, side) for c in state.legal()}


def test_every_legal_card_once_and_the_same_figures_from_the_same_seed():
    rng = np.random.default_rng(3)
    for _ in range(6):
        position, _ = played_position(rng, plays=int(rng.integers(0, 60)))
        a = advise_card(position, samples=60, seed=5)
        b = advise_card(position, samples=60, seed=5)
        assert a == b
        legal = set(PlayState((position.hand.counts,) * 4, position.trump, position.leader,
                              position.trick).legal())
        assert sorted(c.card for c in a.choices) == sorted(legal)
        means = [c.score.mean for c in a.choices]
        assert means == sorted(means, reverse=True) and a.card == a.choices[0].card


def test_the_contract_gives_the_chance_to_make_it_and_the_score():
    """Double aces around (100 meld) makes a 50 bid whatever the tricks; nothing makes 500."""
    hand = Hand.parse("AS AS AH AH AD AD AC AC KS QS KH QH KD QD KC QC JS JH JD JC")
    easy = advise_card(Position(hand, 1, 0, contract=(0, 50)), samples=40, seed=2)
    assert all(c.make_probability == 1.0 for c in easy.choices)
    # made: the side scores its meld and tricks, the other side its tricks (no meld shown)
    own = meld(hand).trumps[1].points
    assert own >= 100
    for c in easy.choices:
        assert c.score.mean == pytest.approx(own + c.trick_points.mean
                                             - (50 - c.trick_points.mean), abs=1e-6)
    hard = advise_card(Position(hand, 1, 0, contract=(0, 500)), samples=40, seed=2)
    for c in hard.choices:
        assert c.make_probability == 0.0
        assert c.score.mean == pytest.approx(-500 - (50 - c.trick_points.mean), abs=1e-6)


def test_feeding_partner_a_counter():
    """Partner (seat 2) led A♠, which nothing beats; seat 1, last to play, takes the next
    trick with A♣: the 10♠ is fed to partner now rather than lost later."""
    shown = (None, Hand.parse("JS AC"), Hand.parse("JC"), Hand.parse("QD"))
    trick = tuple(Card.parse(c).index for c in ("AS", "QS"))
    position = Position(Hand.parse("10S JS"), 1, 0, (), trick, None, shown)
    advice = advise_card(position, samples=10)
    assert CARDS[advice.card].symbol == "10♠"
    assert [c.trick_points.mean for c in advice.choices] == [2, 1]  # A♠ with or without 10♠
    assert advice.reason.startswith("partner's A♠ wins the trick: feed it a counter; 1.00"
                                    " trick points better than J♠")
