"""The exact account of a hand played (``play.exact``): its par and each card's exact cost,
against a plain minimax over every play (``minimax.py``) on small deals, and against the
solver's value of every legal card (``solve``, a search per card) on the last tricks of whole
deals; the budget spent from the last trick back."""

from __future__ import annotations

import numpy as np
import pytest
from minimax import card_values, remaining, side0_points
from positions import small_deal

from pinochle_calc.play import solver
from pinochle_calc.play.exact import exact_play
from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer
from pinochle_calc.play.position import PositionError
from pinochle_calc.play.solver import solve
from pinochle_calc.play.tricks import PlayState


def played(hands, trump, leader, rng, noisy=0.5, plays=None) -> tuple[list, list[PlayState]]:
    """A deal played by the heuristic and now and then a random card: the cards and the
    position before each."""
    state = PlayState.deal(hands, trump, leader)
    smart, wild = HeuristicPlayer(), RandomPlayer(int(rng.integers(1 << 30)))
    cards, states = [], []
    n = 4 * sum(hands[0]) if plays is None else plays
    for _ in range(n):
        card = (wild if rng.random() < noisy else smart).choose(state.view())
        states.append(state)
        cards.append(card)
        state = state.play(card)
    return cards, states


def test_par_and_every_cost_of_small_deals_as_minimax_gives_them():
    rng = np.random.default_rng(21)
    for _ in range(12):
        size = int(rng.integers(1, 4))
        hands = small_deal(rng, size)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        cards, states = played(hands, trump, leader, rng)
        first = states[0]
        zero = side0_points(first)
        expected = []
        for state, card in zip(states, cards):
            values = card_values(state)
            expected.append(max(values.values()) - values[card])
        got = exact_play(hands, trump, leader, cards, nodes=None)
        assert got.par == (zero, remaining(first) - zero)
        assert got.costs == tuple(expected)
        assert got.from_trick == 1 and got.from_card == 0


def test_a_hand_stopped_midway_is_valued_from_where_it_stands():
    """The cards of a hand in progress: the costs of those played, the par from the first
    lead, the position after the last card valued as minimax values it."""
    rng = np.random.default_rng(4)
    for _ in range(8):
        hands = small_deal(rng, 3)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        plays = int(rng.integers(0, 12))
        cards, states = played(hands, trump, leader, rng, plays=plays)
        got = exact_play(hands, trump, leader, cards, nodes=None)
        start = PlayState.deal(hands, trump, leader)
        assert got.par == (side0_points(start), remaining(start) - side0_points(start))
        now = start
        for card in cards:
            now = now.play(card)
        assert got.values[-1] == side0_points(now)


@pytest.mark.skipif(not solver.COMPILED, reason="whole deals need the compiled solver")
def test_the_last_tricks_of_whole_deals_as_the_solver_values_each_card():
    """Whole deals played with a random card now and then: every card given an exact cost
    costs what ``solve`` says (the best card's value less its own, a search per card), the
    budget reaches back from the last trick, the cards before it have none."""
    rng = np.random.default_rng(7)
    for _ in range(3):
        hands = small_deal(rng, 20)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        cards, states = played(hands, trump, leader, rng, noisy=0.2)
        got = exact_play(hands, trump, leader, cards, nodes=2_000_000)
        assert got.searched <= 2_000_000 + 1
        start = got.from_card
        assert start is not None and start <= 80 - 4 * 6  # the last 6 tricks at least
        assert all(c is None or len(s.legal()) == 1 for c, s in zip(got.costs[:start],
                                                                   states[:start]))
        assert got.par is None
        for i in range(start, 80):
            s = states[i]
            expect = solve(s.hands, trump, s.leader, s.trick).cost(cards[i])
            assert got.costs[i] == expect, i


def test_a_card_that_throws_an_ace_under_a_winner_costs_points():
    """Hearts trump, seat 0 leads A♥ and then K♠. Seat 1, void in hearts, may throw its A♠
    under the A♥ (its side loses the ace, and the trick of K♠ with it) or its J♣ (it keeps
    A♠, which heads K♠ and takes it with the last trick's 2): throwing the ace costs 4. (Seat
    0's A♥ lead costs 4 itself: K♠ first draws the A♠, which seat 2 trumps, and A♥ takes
    the last trick: 5 points to none.)"""
    hands = ["AH KS", "AS JC", "QH QD", "JH JD"]
    bad = exact_play(hands, "H", 0, [_i(c) for c in "AH AS QH JH KS JC QD JD".split()],
                     nodes=None)
    good = exact_play(hands, "H", 0, [_i(c) for c in "AH JC QH JH KS AS QD JD".split()],
                      nodes=None)
    assert good.costs == (4,) + (0,) * 7
    assert bad.costs == (4, 4) + (0,) * 6
    assert good.par == bad.par == (5, 0)


def _i(token: str) -> int:
    from pinochle_calc.cards import Card

    return Card.parse(token).index


def test_a_budget_of_nothing_gives_only_the_forced_cards_a_cost():
    rng = np.random.default_rng(2)
    hands = small_deal(rng, 3)
    cards, states = played(hands, 1, 2, rng)
    got = exact_play(hands, 1, 2, cards, nodes=0)
    assert got.costs == tuple(0 if len(s.legal()) == 1 else None for s in states)
    assert got.par is None and got.searched == 0


def test_an_illegal_card_is_refused_with_its_trick_and_place():
    hands = ["AH KC", "AS JS", "QH QD", "JH JD"]
    with pytest.raises(PositionError) as e:
        exact_play(hands, "H", 0, [_i("AH"), _i("AS"), _i("QD")])  # seat 2 holds QH: follow
    assert "card 3" in str(e.value)
