"""The chance of winning the game from a score (``bidding.chances``): the table's dynamic
programming against an exact solve of the same game (a linear system over every score, no
iteration, no transform) and against games simulated hand by hand, and the end of a game decided
as the rules decide it."""

from __future__ import annotations

import numpy as np
import pytest

from pinochle_calc.bidding.chances import (
    GameChances,
    HandOutcomes,
    game_chances,
    model_hands,
    solve,
)
from pinochle_calc.rules import STANDARD
from pinochle_calc.scoring import game_winner

#: A small game: the target 30, a grid of 3 cells across it (a cell of 10), from -20.
SMALL = STANDARD.with_options(target=30)


def toy_hands() -> HandOutcomes:
    """Hands whose points fall on the grid of ``SMALL`` (multiples of 10): made contracts of
    either side, a set, a hand where the dealer's side defends and takes 20."""
    dealer = np.array([10, 20, -10, 0, 10, 0])
    other = np.array([0, 10, 10, 20, 10, 10])
    dealer_bid = np.array([True, True, True, False, False, False])
    return HandOutcomes(dealer, other, dealer_bid)


def exact_chances(hands: HandOutcomes, target: int, low: int, cell: int) -> dict:
    """Side A's chance of winning from every score on the grid and either dealer, by solving
    the linear system of the game outright: w = P w + r over the states that go on, a score
    under ``low`` counting as ``low`` (the model's rule), the end decided by ``game_winner``."""
    scores = list(range(low, target, cell))
    states = [(a, b, d) for a in scores for b in scores for d in (0, 1)]
    index = {s: i for i, s in enumerate(states)}
    n, k = len(states), len(hands)
    p = np.zeros((n, n))
    r = np.zeros(n)
    for (a, b, d), i in index.items():
        for h in range(k):
            mine = hands.dealer[h] if d == 0 else hands.other[h]
            theirs = hands.other[h] if d == 0 else hands.dealer[h]
            bidder = 0 if bool(hands.dealer_bid[h]) == (d == 0) else 1
            x, y = max(a + mine, low), max(b + theirs, low)
            if x >= target or y >= target:
                r[i] += (game_winner((int(x), int(y)), bidder, target) == "us") / k
            else:
                p[i, index[(x, y, 1 - d)]] += 1 / k
    w = np.linalg.solve(np.eye(n) - p, r)
    return {s: w[i] for s, i in index.items()}


def test_the_table_is_the_exact_solution_of_a_small_game():
    hands = toy_hands()
    table = solve(hands, SMALL, cells=3)
    assert (table.target, table.low, table.cell) == (30, -20, 10)
    exact = exact_chances(hands, 30, -20, 10)
    for (a, b, d), w in exact.items():
        assert table.going_on(a, b, d) == pytest.approx(w, abs=1e-6), (a, b, d)


def test_the_end_of_a_game_is_the_rules():
    table = solve(toy_hands(), SMALL, cells=3)
    # the first side to reach the target wins, whoever bid
    assert table.win(30, 10, 1, 0) == 1.0 and table.win(10, 35, 0, 1) == 0.0
    # both reach it on one hand: the bidding side wins
    assert table.win(40, 30, 1, 0) == 0.0 and table.win(30, 40, 0, 1) == 1.0
    # arrays alike, each hand by its own bidder
    got = table.win(np.array([40, 40, 20]), np.array([30, 30, 0]), np.array([0, 1, 0]), 0)
    assert got[0] == 1.0 and got[1] == 0.0 and 0 < got[2] < 1


def test_the_model_table_agrees_with_games_played_hand_by_hand():
    """From a few scores, games played out by drawing the model's own hands (the dealer
    passing left after each hand, the end by ``game_winner``): the share won is the table's
    chance within four standard errors and the grid's rounding (a cell of 5 points)."""
    hands = model_hands(STANDARD, 4000)
    table = solve(hands, STANDARD)
    rng = np.random.default_rng(3)
    n = 3000
    for start, deals in (((0, 0), 0), ((380, 420), 1), ((450, 300), 0), ((-60, 250), 1)):
        won = 0
        for _ in range(n):
            a, b, d = start[0], start[1], deals
            while True:
                h = rng.integers(len(hands))
                mine = hands.dealer[h] if d == 0 else hands.other[h]
                theirs = hands.other[h] if d == 0 else hands.dealer[h]
                bidder = 0 if bool(hands.dealer_bid[h]) == (d == 0) else 1
                a, b, d = max(a + mine, table.low), max(b + theirs, table.low), 1 - d
                winner = game_winner((int(a), int(b)), bidder, 500)
                if winner is not None:
                    won += winner == "us"
                    break
        share = won / n
        stderr = (share * (1 - share) / n) ** 0.5
        assert abs(table.going_on(*start, deals) - share) < 4 * stderr + 0.01, (start, share)


def test_the_table_is_a_mirror_and_more_points_never_hurt():
    table = game_chances(STANDARD)
    assert isinstance(table, GameChances)
    for a, b in ((0, 0), (120, 340), (480, 300), (-100, 450)):
        # side A dealing at a:b is side B dealing at b:a, seen from the other side
        assert table.going_on(a, b, 0) == pytest.approx(1 - table.going_on(b, a, 1), abs=1e-6)
    grid = table.table
    assert (np.diff(grid, axis=1) >= -1e-9).all()  # more of one's own points
    assert (np.diff(grid, axis=2) <= 1e-9).all()  # more of the opponents'
    assert table.going_on(0, 0, 0) == pytest.approx(0.5, abs=0.02)
    assert table.going_on(480, 300, 0) > 0.95 and table.going_on(300, 480, 0) < 0.05


def test_the_model_bids_as_the_advice_reads_a_pass():
    """The model's hands: every contract at or above the lowest bid, the bidding side set in
    a minority of them, both sides scoring about the same on average (no side favoured but by
    who deals)."""
    hands = model_hands(STANDARD, 2000, seed=4)
    bidder = np.where(hands.dealer_bid, hands.dealer, hands.other)
    assert 0.03 < (bidder < 0).mean() < 0.2
    assert abs(hands.dealer.mean() - hands.other.mean()) < 5
    assert (np.where(hands.dealer_bid, hands.other, hands.dealer) >= 0).all()
