"""The double-dummy solver: every card's value against plain minimax on thousands of small
endgames (the compiled solver and the pure-Python one), each value on larger positions equal to
the best value of the position it leads to, the two solvers equal, the face's par and costs,
and impossible positions refused with the trick and the card named."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from minimax import after, card_values, remaining, side0_points
from positions import small_deal

from pinochle_calc.cards import KINDS
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.play import search, solver
from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer
from pinochle_calc.play.position import PositionError
from pinochle_calc.play.solver import card_cost, deal_par, play_costs, solve
from pinochle_calc.play.tricks import PlayState, Trick, encode

DECK = [c for c in range(KINDS) for _ in range(4)]
needs_c = pytest.mark.skipif(not solver.COMPILED, reason="the compiled solver is not built")


def engines(trump: int) -> list:
    """Both solvers where the compiled one is built (the pure one always)."""
    out = [search.PySolver(trump)]
    if solver.COMPILED:
        from pinochle_calc.play._solver import Solver

        out.append(Solver(trump, 12))
    return out


def codes_of(state: PlayState) -> list[int]:
    return [c for h in state.hands for c in encode(h)]


@st.composite
def endgames(draw, most: int = 3) -> PlayState:
    """A position with 1 to ``most`` tricks left: four random hands of a double deck, any
    trump and leader, and a trick in progress of random legal plays."""
    size = draw(st.integers(1, most))
    deck = draw(st.permutations(DECK))
    hands = [[0] * KINDS for _ in range(4)]
    for i, c in enumerate(deck[:4 * size]):
        hands[i % 4][c] += 1
    state = PlayState.deal(hands, draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    for _ in range(draw(st.integers(0, 3))):
        legal = state.legal()
        state = state.play(legal[draw(st.integers(0, len(legal) - 1))])
    return state


def check_against_minimax(state: PlayState) -> None:
    exact = card_values(state)
    total = remaining(state)
    side = state.to_play & 1
    for engine in engines(state.trump):
        found = dict(engine.values(codes_of(state), state.leader, state.trick))
        assert {c: (v if side == 0 else total - v) for c, v in found.items()} == exact
        assert engine.value(codes_of(state), state.leader, state.trick) == side0_points(state)


@settings(max_examples=1500)
@given(endgames(2))
def test_every_card_of_one_or_two_tricks_left_as_minimax_values_it(state):
    check_against_minimax(state)


@settings(max_examples=500)
@given(endgames(3))
def test_every_card_of_up_to_three_tricks_left_as_minimax_values_it(state):
    check_against_minimax(state)


def played_to(rng, left: int, extra: int = 0, random_share: float = 0.2) -> PlayState:
    """A deal of 20-card hands played (mostly by the heuristic) to ``left`` tricks, plus
    ``extra`` cards of the next trick."""
    state = PlayState.deal(small_deal(rng, 20), int(rng.integers(4)), int(rng.integers(4)))
    smart, noisy = HeuristicPlayer(), RandomPlayer(int(rng.integers(1 << 30)))
    for _ in range(4 * (20 - left) + extra):
        state = state.play((noisy if rng.random() < random_share else smart).choose(
            state.view()))
    return state


def test_four_and_five_tricks_left_as_minimax_values_them():
    rng = np.random.default_rng(11)
    for i in range(8):
        check_against_minimax(played_to(rng, 4 if i < 6 else 5, int(rng.integers(0, 4))))


@needs_c
def test_the_compiled_solver_equals_the_python_one():
    """Every card's value, mid-trick and at the lead, 4 to 6 tricks left, and the batch entry
    point equal to one call per layout."""
    from pinochle_calc.play._solver import Solver

    rng = np.random.default_rng(5)
    for i in range(30):
        state = played_to(rng, 4 + i % 3, int(rng.integers(0, 4)))
        codes = codes_of(state)
        c_engine, py = Solver(state.trump, 14), search.PySolver(state.trump)
        found = c_engine.values(codes, state.leader, state.trick)
        assert found == py.values(codes, state.leader, state.trick)
        assert c_engine.value(codes, state.leader, state.trick) == py.value(
            codes, state.leader, state.trick)
        cards = [c for c, _ in found]
        out = np.zeros((2, len(cards)), dtype=np.int64)
        c_engine.values_many(np.array([codes, codes], dtype=np.int64), state.leader,
                             list(state.trick), cards, out)
        assert out.tolist() == [[v for _, v in found]] * 2


@needs_c
def test_deeper_positions_search_alike_whatever_the_table():
    """9 to 11 tricks left, where the table's size (``solver.table_bits``), the history of
    cut-offs and the bounds of both sides change the search: every card's value and the
    position's with the table sized for the search equal those with a table of 2**10 entries
    (most positions pushed out: another path through the search), and at 9 tricks both equal
    the Python twin's, the same positions searched."""
    from pinochle_calc.play._solver import Solver

    rng = np.random.default_rng(9)
    for i in range(6):
        left = 9 + i % 3
        state = played_to(rng, left, int(rng.integers(0, 4)))
        codes, leader, trick = codes_of(state), state.leader, list(state.trick)
        sized, small = solver.new_engine(state.trump, left), Solver(state.trump, 10)
        found = sized.values(codes, leader, trick)
        assert found == small.values(codes, leader, trick)
        assert sized.value(codes, leader, trick) == small.value(codes, leader, trick)
        best = max if state.to_play % 2 == 0 else min
        assert sized.value(codes, leader, trick) == best(v for _, v in found)
        if left == 9 and i < 3:
            c_engine, py = Solver(state.trump, 20), search.PySolver(state.trump)
            assert c_engine.values(codes, leader, trick) == py.values(codes, leader, trick)
            assert c_engine.nodes == py.nodes


def test_each_value_is_the_best_value_of_the_position_it_leads_to():
    """One ply of consistency, 8 to 10 tricks left: a card's value is what the position after
    it is worth to that side with best play (the trick's points added where it completes a
    trick), found by a search of that position alone."""
    rng = np.random.default_rng(3)
    for i in range(9 if solver.COMPILED else 2):
        state = played_to(rng, (8 + i % 3) if solver.COMPILED else 4, int(rng.integers(0, 4)))
        hands, side = state.hands, state.to_play & 1
        here = solve(hands, state.trump, state.leader, state.trick)
        assert here.points[side] == max(v.points for v in here.values)
        assert here.points[0] + here.points[1] == remaining(state)
        for v in here.values:
            nxt = state.play(v.card)
            gained = nxt.points[side] - state.points[side]
            if nxt.is_over:
                assert v.points == gained
                continue
            child = solve(nxt.hands, nxt.trump, nxt.leader, nxt.trick, values=False)
            assert v.points == gained + child.points[side]


def test_the_par_of_a_small_deal_and_the_cost_of_every_card_played():
    rng = np.random.default_rng(8)
    for _ in range(6):
        hands = small_deal(rng, 3)
        trump, leader = int(rng.integers(4)), int(rng.integers(4))
        state = PlayState.deal(hands, trump, leader)
        zero = side0_points(state)
        assert deal_par(hands, trump, leader) == (zero, remaining(state) - zero)
        cards, expected = [], []
        player = RandomPlayer(int(rng.integers(1 << 30)))
        while not state.is_over:
            values = card_values(state)
            card = player.choose(state.view())
            expected.append(max(values.values()) - values[card])
            assert card_cost(state.hands, trump, state.leader, state.trick, card) == (
                expected[-1])
            cards.append(card)
            state = state.play(card)
        assert play_costs(hands, trump, leader, cards) == tuple(expected)
        assert play_costs(hands, trump, leader, cards, nodes=100_000) == tuple(expected)
        # a budget too small for any search: None, but where only one card could be played
        forced = [len(s.legal()) == 1 for s in states_along(hands, trump, leader, cards)]
        assert play_costs(hands, trump, leader, cards, nodes=1) == tuple(
            0 if f else None for f in forced)


def states_along(hands, trump, leader, cards) -> list[PlayState]:
    """The position before each card of a hand played."""
    state, out = PlayState.deal(hands, trump, leader), []
    for card in cards:
        out.append(state)
        state = state.play(card)
    return out


def test_the_solution_names_the_best_cards_and_the_tricks_so_far():
    """Seat 2 led A♠ and seat 3 played Q♠; seat 0 feeds 10♠ (seat 1 takes the last trick with
    A♣). Given the trick before (seat 2's A♥ took A♥ 10♥ K♥ Q♥), its points are ``taken``."""
    hands = [Hand.parse("10S JS"), Hand.parse("JS AC"), Hand.parse("JC"), Hand.parse("QD")]
    out = solve(hands, "H", 2, (0, 3))
    assert out.to_play == 0 and out.points == (2, 3) and out.best == (1,)
    assert out.cost(4) == 1 and out.value(1) == 2 and out.taken is None
    before = Trick(2, (5, 6, 7, 8))
    assert solve(hands, "H", 2, (0, 3), [before]).taken == (3, 0)
    with pytest.raises(PositionError, match="led by seat 2, but seat 3 won trick 1") as e:
        solve(hands, "H", 2, (0, 3), [Trick(3, (5, 6, 7, 8))])
    assert (e.value.trick, e.value.card) == (0, 1)
    with pytest.raises(PositionError, match="trick 2 is led by seat 3, but seat 2 won"):
        solve(hands, "H", 2, (0, 3), [before, Trick(3, (10, 11, 12, 13))])
    # seat 3 threw J♣ on A♦ while it held Q♦ (it holds it still): it had to follow suit
    with pytest.raises(PositionError, match="trick 1, card 2: seat 3 plays J♣, which the rules"
                       " forbid .*follow suit") as e:
        solve(hands, "H", 2, (0, 3), [Trick(2, (10, 19, 12, 13))])
    assert (e.value.trick, e.value.card) == (1, 2)
    with pytest.raises(PositionError, match="a fifth A♠"):
        solve(hands, "H", 2, (0, 3), [before, Trick(2, (0, 0, 0, 0))])


@pytest.mark.parametrize("case, message", [
    ((["AS", "KS", "QS", "JS JS"], "H", 0, ()), "seat 3 holds 2 cards"),
    ((["AS AS", "AS AS", "AS KS", "KS KS"], "H", 0, ()), "the hands hold 5 A♠"),
    (([""] * 4, "H", 1, ()), "seat 1, to play, holds no card"),
    ((["AS", "KS", "QS", "JS"], "H", 4, ()), "the leader is a seat 0 to 3"),
    ((["AS", "KS", "QS"], "H", 0, ()), "four hands"),
    ((["AS", "KS", "QS", "JS"], "H", 0, (0, 1, 2, 3)), "at most 3"),
    ((["AS", "KS", "QS", "JS"], "H", 0, (25,)), "is not a card"),
    ((["AS", "KS", "QS", "JS"], "X", 0, ()), "unknown suit"),
])
def test_an_impossible_position_is_refused_with_a_clear_error(case, message):
    with pytest.raises(UserError, match=message):
        solve(*case)


def test_the_trick_in_progress_must_have_been_legal():
    """Seat 1 played J♥ on seat 0's A♠ while it held K♠ (it holds it still): refused, naming
    the card and the rule."""
    hands = ["JD", "KS", "QS QD", "JS JC"]
    with pytest.raises(PositionError, match="the trick in progress, card 2: seat 1 plays J♥,"
                       " which the rules forbid .*follow suit") as e:
        solve(hands, "D", 0, (0, 9))
    assert (e.value.trick, e.value.card) == (0, 2)


def test_the_engines_refuse_a_broken_position():
    for engine in engines(1):
        with pytest.raises(ValueError):
            engine.values([4000] + [0] * 15, 0, ())
        with pytest.raises(ValueError):
            engine.values([1] + [0] * 15, 0, ())  # seat 0 holds a card, the others none
        with pytest.raises(ValueError):
            engine.values([0] * 16, 0, ())  # the hand is over


def test_a_trick_won_by_the_last_card_and_the_last_trick_bonus():
    """Every point is counted: the solver's totals match the tricks played out by the best
    cards it names, to the last trick's 2."""
    rng = np.random.default_rng(21)
    for _ in range(5):
        state = played_to(rng, 3, int(rng.integers(0, 4)))
        taken = [0, 0]
        here = solve(state.hands, state.trump, state.leader, state.trick, values=False)
        while not state.is_over:
            best = solve(state.hands, state.trump, state.leader, state.trick).best[0]
            before = state.points
            state = state.play(best)
            for s in (0, 1):
                taken[s] += state.points[s] - before[s]
        assert tuple(taken) == here.points


def test_the_minimax_oracle_counts_the_last_trick():
    """The oracle itself: one trick, A♠ wins A♠ K♠ Q♠ J♠ (2 counters) and the last trick's 2."""
    state = PlayState.deal(["AS", "KS", "QS", "JS"], "H", 0)
    assert side0_points(state) == 4 and after(state, 0) == 4


# The face's arguments: a position that cannot be or a value out of range is a UserError, a
# wrong type a TypeError, never anything else (issue 31: IndexError, AttributeError and
# OverflowError escaped, and play_costs took six copies of a card).

FOUR = ["AS KS", "QS JS", "AH KH", "QH JH"]


@pytest.mark.parametrize("call, error, message", [
    (lambda: play_costs(["AS AS AS", "AS AS AS", "KS KS KS", "QS QS QS"], "H", 0, [0, 0, 2, 3]),
     UserError, "the hands hold 6 A♠"),
    (lambda: solve(FOUR, "H", 0, solver=5), TypeError, "solver must be a solver"),
    (lambda: solve(FOUR, "H", 0, solver=search.PySolver(0)), ValueError, "for trump S, not H"),
    (lambda: solve(FOUR, "S", 0, nodes=2**70), UserError, "nodes must be a whole number from 0"),
    (lambda: solve(FOUR, "S", 0, nodes=-1), UserError, "nodes must be a whole number from 0"),
    (lambda: solve(FOUR, "S", 0, nodes="x"), TypeError, "nodes must be a whole number"),
    (lambda: deal_par(FOUR, "S", 0, nodes=None), TypeError, "nodes must be a whole number"),
    (lambda: solve(FOUR, "S", 0, tricks=[5]), UserError, "trick 1: a trick is a Trick or"),
    (lambda: solve(FOUR, "S", 0, tricks=[(0,)]), UserError, "trick 1: a trick is a Trick or"),
    (lambda: solve(FOUR, "S", 0, tricks=[(2**70, [0, 1, 2, 3])]), UserError, "its leader is"),
    (lambda: solve(FOUR, "S", 0, tricks=[(1.0, [0, 1, 2, 3])]), UserError, "its leader is"),
    (lambda: solve(FOUR, "S", 0, tricks=[(0, 7)]), UserError, "its cards are a sequence"),
    (lambda: solve(FOUR, "S", 0, tricks=None), UserError, "the tricks so far are a sequence"),
    (lambda: solve(FOUR, "S", 0, trick=None), UserError, "the trick in progress is a sequence"),
    (lambda: play_costs(FOUR, "S", 0, None), TypeError, "cards must be a sequence of cards"),
    (lambda: play_costs(FOUR, "S", 0, [0, 2**70]), UserError, "card 2: .* is not a card"),
    (lambda: play_costs(FOUR, "S", 0, [0], nodes=-5), UserError, "nodes must be"),
    (lambda: card_cost(FOUR, "S", 0, [], 99), UserError, "99 is not a card seat 0 may play"),
])
def test_the_face_refuses_what_cannot_be_with_a_documented_error(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_exact_play_checks_its_budget():
    from pinochle_calc.play.exact import exact_play

    with pytest.raises(UserError, match="nodes must be a whole number from 0"):
        exact_play(FOUR, "S", 0, [0], nodes=-1)
    with pytest.raises(TypeError, match="nodes must be a whole number"):
        exact_play(FOUR, "S", 0, [0], nodes=1.5)
    for bad in (-0.5, float("nan"), 86_401):
        with pytest.raises(UserError, match="seconds must be from 0 to 86,400 seconds"):
            exact_play(FOUR, "S", 0, [0], seconds=bad)
    with pytest.raises(TypeError, match="seconds is a number of seconds"):
        exact_play(FOUR, "S", 0, [0], seconds="1")
    with pytest.raises(TypeError, match="cards must be a sequence"):
        exact_play(FOUR, "S", 0, 5)


anything = st.one_of(st.none(), st.booleans(), st.integers(-5, 25),
                     st.sampled_from([2**32, 2**63, -(2**63) - 1, 10**30]), st.floats(),
                     st.text(max_size=4), st.lists(st.integers(-2, 25), max_size=5),
                     st.sampled_from([FOUR, ["AS"] * 4, [[0] * 20] * 4, (0, [0, 1, 2, 3]),
                                      [(0, [0, 1, 2, 3])], b"AS", object(), {}]))


@given(st.sampled_from(["solve", "deal_par", "card_cost", "play_costs", "exact_play"]),
       anything, anything, anything, anything)
def test_the_face_raises_only_documented_errors_for_arguments_of_any_type(name, a, b, c, d):
    from pinochle_calc.play.exact import exact_play

    calls = {"solve": lambda: solve(a, b, c, d, nodes=10_000),
             "deal_par": lambda: deal_par(FOUR, a, b, nodes=10_000),
             "card_cost": lambda: card_cost(FOUR, "S", a, b, c, d, nodes=10_000),
             "play_costs": lambda: play_costs(FOUR, a, b, c, nodes=d if isinstance(d, int)
                                              and 0 <= d <= 10_000 else 10_000),
             "exact_play": lambda: exact_play(FOUR, a, b, c, nodes=10_000)}
    try:
        calls[name]()
    except (UserError, TypeError, search.Stopped):
        pass
