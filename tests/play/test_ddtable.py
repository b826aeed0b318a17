"""A deal's double-dummy table (``play.ddtable``) and the solver within a budget of seconds
(``play.timed``): every entry of small deals as a plain minimax gives it (``minimax.py``), of
larger ones as the pure-Python solver gives it; the bounds a budget leaves never contradict a
full search; one zero-window search (``bound``) in C and in Python means what it says; a budget
that is spent stops the search and leaves the solver fit for the next."""

from __future__ import annotations

import itertools
from functools import partial

import numpy as np
import pytest
from minimax import remaining, side0_points
from positions import small_deal

from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.play import solver, timed
from pinochle_calc.play.ddtable import DDTable, dd_table
from pinochle_calc.play.position import PositionError
from pinochle_calc.play.search import PySolver
from pinochle_calc.play.solver import solve
from pinochle_calc.play.timed import Bounds, Budget, OutOfTime, narrow
from pinochle_calc.play.tricks import CARD_POINTS, PlayState, encode

needs_c = pytest.mark.skipif(not solver.COMPILED, reason="the budget's tests need the compiled"
                             " solver's interrupt from another thread")


def next_float(ticks: itertools.count) -> float:
    """A clock that moves one unit each time it is read."""
    return float(next(ticks))


def codes_of(hands) -> list[int]:
    return [c for row in hands for c in encode(row)]


def total_of(hands) -> int:
    return 2 + sum(CARD_POINTS[c] * n for row in hands for c, n in enumerate(row))


def test_every_entry_of_small_deals_is_minimaxs():
    rng = np.random.default_rng(33)
    for _ in range(6):
        hands = small_deal(rng, int(rng.integers(1, 4)))
        table = dd_table(hands, seconds=None)
        assert table.solved == 16 and table.total == total_of(hands)
        for trump, seat in itertools.product(range(4), range(4)):
            state = PlayState.deal(hands, trump, seat)
            us = side0_points(state)
            e = table.entry("SHDC"[trump], seat)
            assert (e.us, e.them) == (Bounds(us, us), Bounds(remaining(state) - us,
                                                               remaining(state) - us))
            assert e.bidder == (e.us if seat % 2 == 0 else e.them)


def test_larger_deals_are_the_pure_solvers_and_the_scale_applies():
    rng = np.random.default_rng(34)
    for size in (4, 5):
        hands = small_deal(rng, size)
        table = dd_table(hands, "standard,scale=10", seconds=None, trumps=["H", 2])
        assert [(e.trump, e.seat) for e in table.entries] == [
            (t, s) for t in (1, 2) for s in range(4)]
        for e in table.entries:
            value = PySolver(e.trump).value(codes_of(hands), e.seat, [])
            assert e.solved and e.us.low == 10 * value
            assert e.them.low == 10 * (total_of(hands) - value)
        assert DDTable.from_dict(table.to_dict()) == table


@needs_c
def test_the_bounds_a_budget_leaves_never_contradict_the_full_search():
    """Budgets from none to plenty (a clock that moves one unit a look, so that the search is
    stopped at many different points): the value lies within the bounds every time, and they
    meet where the budget is plenty."""
    rng = np.random.default_rng(35)
    for _ in range(4):
        hands = small_deal(rng, 8)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        value = solve(hands, trump, leader, values=False).points[0]
        total = total_of(hands)
        for units in (0, 1, 2, 3, 5, 8, 13):
            budget = Budget(units, clock=partial(next_float, itertools.count()))
            engine = solver.new_engine(trump, 8)
            found = narrow(engine, codes_of(hands), leader, (), total, budget)
            assert 0 <= found.low <= value <= found.high <= total, (units, found, value)
        found = narrow(solver.new_engine(trump, 8), codes_of(hands), leader, (), total,
                       Budget(None))
        assert found == Bounds(value, value)


@needs_c
def test_mtdf_after_the_edges_finds_the_full_searchs_value(monkeypatch):
    """Probes from the edges cut short (a few positions each), so that MTD(f) from the middle
    of what they leave finds the value: the full search's, every time."""
    monkeypatch.setattr(timed, "EDGE_NODES", 3)
    rng = np.random.default_rng(40)
    for _ in range(8):
        hands = small_deal(rng, 7)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        value = solve(hands, trump, leader, values=False).points[0]
        found = narrow(solver.new_engine(trump, 7), codes_of(hands), leader, (),
                       total_of(hands), Budget(None))
        assert found == Bounds(value, value)


@pytest.mark.parametrize("compiled", [True, False])
def test_one_zero_window_search_is_a_bound_on_the_value(compiled):
    if compiled and not solver.COMPILED:
        pytest.skip("no compiled solver")
    rng = np.random.default_rng(36)
    for _ in range(6):
        hands = small_deal(rng, int(rng.integers(1, 4)))
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        value = side0_points(PlayState.deal(hands, trump, leader))
        engine = solver.new_engine(trump, 3) if compiled else PySolver(trump)
        for at in range(1, total_of(hands) + 1):
            engine.clear()
            v = engine.bound(codes_of(hands), leader, [], at)
            if v >= at:
                assert value >= v >= at, (at, v, value)  # a lower bound
            else:
                assert value <= v < at, (at, v, value)  # an upper bound
    for bad in (0, 51):
        with pytest.raises(ValueError, match="at: 1 to 50"):
            engine.bound(codes_of(hands), leader, [], bad)


@needs_c
def test_a_spent_budget_stops_the_search_and_the_solver_goes_on():
    hands = small_deal(np.random.default_rng(37), 14)
    engine = solver.new_engine(0, 14)
    moves = itertools.count()
    budget = Budget(2, clock=lambda: float(next(moves)))  # spent after a look or two
    with pytest.raises(OutOfTime):
        budget.run(engine, lambda: engine.value(codes_of(hands), 0, []))
    small = small_deal(np.random.default_rng(38), 2)
    assert engine.value(codes_of(small), 1, []) == side0_points(PlayState.deal(small, 0, 1))
    assert Budget(None).run(engine, lambda: 7) == 7


def test_no_time_leaves_every_entry_open_and_bad_input_is_refused():
    hands = small_deal(np.random.default_rng(39), 3)
    table = dd_table(hands, seconds=0, seats=[2])
    assert table.solved == 0 and len(table.entries) == 4
    assert all(e.us == e.them == e.bidder == Bounds(0, table.total) for e in table.entries)
    with pytest.raises(PositionError, match="holds 0 cards"):
        dd_table([hands[0], hands[1], hands[2], [0] * 20])
    with pytest.raises(PositionError, match="seat 1 holds 1 cards, but seat 0"):
        dd_table([Hand.parse("AS KS"), Hand.parse("QS"), Hand.parse("JS"), Hand.parse("AH")])
    with pytest.raises(PositionError, match="the hand is over"):
        dd_table([[0] * 20] * 4)
    with pytest.raises(UserError):
        dd_table([Hand.parse("AS")] * 5)
    with pytest.raises(UserError):
        dd_table([Hand.parse("AS AS")] * 3 + [Hand.parse("AS KS")])  # six A♠
    with pytest.raises(UserError):
        dd_table(hands, seconds=-1)
    with pytest.raises(UserError):
        dd_table(hands, seats=[4])
    with pytest.raises(TypeError):
        dd_table(hands, seats=[True])
    with pytest.raises(TypeError):
        dd_table(hands, trumps="S")
    with pytest.raises(UserError, match="not a double-dummy table"):
        DDTable.from_dict({"hands": []})
