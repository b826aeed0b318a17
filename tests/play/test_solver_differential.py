"""The compiled solver against its Python twin (``search.PySolver``, the same method in plain
Python) and, on the smallest endgames, against plain minimax (``minimax.py``): thousands of
random positions a run, at every depth from 1 to 8 tricks left (fewer the deeper), each with a
trick in progress of 0 to 3 random legal cards, half of them dealt from a few kinds of card only
(so that equal cards, runs and merged table keys abound).

For each position: every legal card's value (``values``) and the position's (``value``, the
best of them for the side to play), the same number of positions searched by both (the same
method visits the same positions), a batch of layouts (``values_many``, the other seats' cards
dealt again among them) equal card by card and row by row to one search per layout, and the
same batch within a budget of positions (the same layouts done); then an invalid variant of it
(a code, a card, the leader, a count or a type broken; a fifth copy of a card, in the hands or
the trick; a bad array) that both must refuse with the same error and the same message.
Seeded: the same positions on every run."""

from __future__ import annotations

import numpy as np
import pytest
from minimax import card_values, remaining, side0_points
from native import extension

from pinochle_calc.play.search import PySolver, Stopped
from pinochle_calc.play.tricks import PlayState, encode

#: Positions a run, by the tricks left (about 20 s of CPU in all, most of it the Python twin).
POSITIONS = {1: 1500, 2: 1500, 3: 800, 4: 300, 5: 120, 6: 40, 7: 16, 8: 8}
#: Positions of these depths also against minimax (the first so many).
MINIMAX = {1: 1500, 2: 1500, 3: 150}


def random_position(rng: np.random.Generator, depth: int, plays: int | None = None) -> PlayState:
    """``depth`` cards a seat from a shuffled double deck (or, half the time, from the four
    copies of a few kinds only), any trump and leader, then 0 to 3 random legal cards (or
    ``plays``)."""
    kinds = np.arange(20)
    if rng.random() < 0.5:
        kinds = rng.choice(20, size=max(depth, int(rng.integers(2, 8))), replace=False)
    deck = rng.permutation(np.repeat(kinds, 4))[:4 * depth].reshape(4, depth)
    hands = [np.bincount(row, minlength=20).tolist() for row in deck]
    state = PlayState.deal(hands, int(rng.integers(4)), int(rng.integers(4)))
    for _ in range(int(rng.integers(0, 4)) if plays is None else plays):
        legal = state.legal()
        state = state.play(legal[int(rng.integers(len(legal)))])
    return state


def codes_of(hands) -> list[int]:
    return [c for h in hands for c in encode(h)]


def layouts(rng: np.random.Generator, state: PlayState, n: int) -> np.ndarray:
    """The position and ``n - 1`` others: the cards of the seats not to play dealt again
    among them, each keeping its number (the seat to play keeps its hand, so its legal cards)."""
    others = [s for s in range(4) if s != state.to_play]
    pool = np.concatenate([np.repeat(np.arange(20), state.hands[s]) for s in others])
    rows = [codes_of(state.hands)]
    for _ in range(n - 1):
        cards = rng.permutation(pool)
        hands = [list(h) for h in state.hands]
        at = 0
        for s in others:
            size = sum(state.hands[s])
            hands[s] = np.bincount(cards[at:at + size], minlength=20).tolist()
            at += size
        rows.append(codes_of(hands))
    return np.array(rows, dtype=np.int64)


def outcome(call):
    """What a call gives: ("ok", its value) or ("error", the class, the message)."""
    try:
        return ("ok", call())
    except (ValueError, TypeError, RuntimeError, Stopped) as e:
        return ("error", type(e).__name__, str(e))


def check_position(rng: np.random.Generator, state: PlayState, solver_type,
                   depth: int) -> tuple[tuple[int, int], ...]:
    """Both solvers on one position (the module docstring), one pair of solvers throughout,
    so that each call starts from the same table on both; returns every legal card's value
    (side 0's points)."""
    codes, leader, trick = codes_of(state.hands), state.leader, list(state.trick)
    # tables large enough to keep every position stored here (the compiled one keeps two a
    # slot, the Python one 500,000 in all): the same positions searched by both
    bits = 20 if depth >= 6 else 16
    batch = layouts(rng, state, 3 if depth <= 5 else 2)
    legal = sorted(set(state.legal()))
    cards = [legal[i] for i in rng.permutation(len(legal))][:int(rng.integers(1, len(legal) + 1))]
    alone = [dict(solver_type(state.trump, bits).values(row.tolist(), leader, trick))
             for row in batch]  # one search per layout, for the batch
    full = np.zeros((len(batch), len(cards)), dtype=np.int64)
    first = solver_type(state.trump, bits)
    first.values_many(batch, leader, trick, cards, full)
    # within a budget: the same layouts done, their rows those of the whole search
    budget = int(rng.integers(1, first.nodes + 1))
    c, py = solver_type(state.trump, bits), PySolver(state.trump)
    done = []
    for engine in (c, py):
        out = np.full((len(batch), len(cards)), -1, dtype=np.int64)
        k = engine.values_many(batch, leader, trick, cards, out, budget)
        done.append((k, out[:k].tolist(), engine.nodes))
    assert done[0] == done[1] and done[0][1] == full[:done[0][0]].tolist()
    found = c.values(codes, leader, trick)
    assert found == py.values(codes, leader, trick), (codes, leader, trick)
    assert [card for card, _ in found] == legal and c.nodes == py.nodes
    value = c.value(codes, leader, trick)
    assert value == py.value(codes, leader, trick) and c.nodes == py.nodes
    best = max if state.to_play % 2 == 0 else min  # side 0's points: side 1 minimises them
    assert value == best(v for _, v in found)
    outs = []
    for engine in (c, py):
        out = np.full((len(batch), len(cards)), -1, dtype=np.int64)
        assert engine.values_many(batch, leader, trick, cards, out) == len(batch)
        outs.append((out.tolist(), engine.nodes))
    assert outs[0] == outs[1] and outs[0][0] == full.tolist()
    assert full.tolist() == [[row[card] for card in cards] for row in alone]
    assert alone[0] == dict(found)
    if depth <= 5:  # Stopped alike
        small = int(rng.integers(1, 2 * first.nodes + 2))
        assert outcome(lambda: solver_type(state.trump, bits).values(
            codes, leader, trick, small)) == outcome(
            lambda: PySolver(state.trump).values(codes, leader, trick, small))
    return found


@pytest.mark.long
@pytest.mark.parametrize("depth", sorted(POSITIONS))
def test_the_compiled_solver_equals_its_python_twin_at_every_depth(depth):
    solver_type = extension("pinochle_calc.play._solver").Solver
    rng = np.random.default_rng(31_000 + depth)
    for i in range(POSITIONS[depth]):
        state = random_position(rng, depth)
        found = check_position(rng, state, solver_type, depth)
        if i < MINIMAX.get(depth, 0):  # minimax gives the side to play's points
            held = remaining(state)
            ours = {card: v if state.to_play % 2 == 0 else held - v for card, v in found}
            assert ours == card_values(state)


#: Trick starts a run whose quick bounds are checked against minimax, by the tricks left.
BOUNDED = {2: 1000, 3: 500, 4: 120}


@pytest.mark.parametrize("depth", sorted(BOUNDED))
def test_the_quick_bounds_never_promise_more_than_minimax_gives(depth):
    """At a trick start, what the search takes as sure before it searches (the leader's cashed
    tricks and the counters in them; each side's trumps above every trump of the other) is no
    more than that side takes with best play by both (minimax), and where the leader's sure
    tricks are every trick left, its side takes every point. Half the positions are dealt from
    a few kinds of card only, so that runs of the top ranks held by one seat abound."""
    rng = np.random.default_rng(37_000 + depth)
    cashed = everything = 0
    for _ in range(BOUNDED[depth]):
        state = random_position(rng, depth, plays=0)
        leader, total = state.leader, remaining(state)
        zero = side0_points(state)
        takes = (zero, total - zero)  # each side's points with best play
        py = PySolver(state.trump)
        py._load(codes_of(state.hands), leader, [])
        tricks, points = py._sure_tricks(leader)
        assert points <= takes[leader & 1], (state, tricks, points, takes)
        for side in (0, 1):
            assert py._sure_trumps(side) <= takes[side], (state, side, takes)
        if tricks >= depth:
            assert takes[leader & 1] == total, (state, tricks)
            everything += 1
        cashed += tricks > 1
    assert cashed >= BOUNDED[depth] // 10 and everything  # the bounds are not idle


# -- invalid input: both refuse it alike ----------------------------------------------------

HUGE = [2**32, 2**63, 2**64, -1, -(2**63) - 1, 10**30]


def broken(rng: np.random.Generator, state: PlayState) -> tuple[str, tuple]:
    """A call with one thing wrong (or, now and then, nothing wrong at all: then both must
    answer alike): the method's name and its arguments."""
    codes, leader, trick = codes_of(state.hands), state.leader, list(state.trick)
    kind = int(rng.integers(16))
    pick = int(rng.integers(16))
    if kind == 0:  # a suit code out of range
        codes[pick] = [3125, *HUGE][int(rng.integers(7))]
    elif kind == 1:  # 15 or 17 codes
        codes = codes[:15] if rng.random() < 0.5 else codes + [0]
    elif kind == 2:  # a code of the wrong type
        codes[pick] = [1.0, None, "1", b"1", [1], np.float64(2)][int(rng.integers(6))]
    elif kind == 3:  # a seat with a card more or fewer
        seat = int(rng.integers(4))
        hand = list(state.hands[seat])
        card = int(rng.integers(20))
        if hand[card] and rng.random() < 0.5:
            hand[card] -= 1
        elif hand[card] < 4:
            hand[card] += 1
        codes[4 * seat:4 * seat + 4] = encode(hand)
    elif kind == 4:  # more than four copies of a card, in the hands or counting the trick
        hands = [list(h) for h in state.hands]
        card = trick[0] if trick and rng.random() < 0.5 else int(rng.integers(20))
        want = 5 - trick.count(card)
        for seat in rng.permutation(4):
            for other in range(20):
                while other != card and hands[seat][other] and sum(
                        h[card] for h in hands) < want and hands[seat][card] < 4:
                    hands[seat][other] -= 1
                    hands[seat][card] += 1
        codes = codes_of(hands)
    elif kind == 5:  # a trick of four cards, or a card out of range
        trick = (trick + [0, 1, 2, 3])[:4] if rng.random() < 0.5 else trick + [
            [20, *HUGE][int(rng.integers(7))]]
    elif kind == 6:  # a trick card of the wrong type
        trick = trick + [[0.0, None, "0", np.float64(1)][int(rng.integers(4))]]
    elif kind == 7:  # the leader out of range or of the wrong type
        leader = [4, 2**63, -1, 1.0, None, "0"][int(rng.integers(6))]
    elif kind == 8:  # not sequences
        if rng.random() < 0.5:
            codes = [None, 5, 1.5][int(rng.integers(3))]
        else:
            trick = [None, 5, 1.5][int(rng.integers(3))]
    elif kind == 9:  # the hand over
        codes, trick = [0] * 16, []
    elif kind == 10:  # a budget out of range or of the wrong type
        return "value", (codes, leader, trick, [-1, 10**15 + 1, 2**63, 1.5, None][
            int(rng.integers(5))])
    elif kind >= 11:
        return "values_many", broken_batch(rng, state, kind)
    return ("value" if rng.random() < 0.5 else "values"), (codes, leader, trick)


def broken_batch(rng: np.random.Generator, state: PlayState, kind: int) -> tuple:
    """Arguments of ``values_many`` with one thing wrong."""
    codes = layouts(rng, state, 2)
    cards = sorted(set(state.legal()))
    out = np.zeros((2, len(cards)), dtype=np.int64)
    leader, trick = state.leader, list(state.trick)
    pick = int(rng.integers(8))
    if kind == 11:  # arrays of another type
        other = [np.float64, np.int32, np.uint64, np.int8, object, bool, np.int16, np.float32]
        if rng.random() < 0.5:
            codes = codes.astype(other[pick])
        else:
            out = out.astype(other[pick])
    elif kind == 12:  # arrays of another shape, layout or writability
        if pick == 0:
            codes = codes[:, :15].copy()
        elif pick == 1:
            codes = codes.reshape(-1)
        elif pick == 2:
            codes = codes.reshape(2, 4, 4)
        elif pick == 3:
            out = np.zeros((3, len(cards)), dtype=np.int64)
        elif pick == 4:
            out = np.zeros((len(cards), 2), dtype=np.int64) if len(cards) != 2 else out[:1]
        elif pick == 5:
            out.flags.writeable = False
        elif pick == 6:
            codes = np.asfortranarray(codes)
        else:
            wide = np.zeros((2, 32), dtype=np.int64)
            wide[:, ::2] = codes
            codes = wide[:, ::2]  # not contiguous
    elif kind == 13:  # codes out of range, a card not legal in some layout, too many cards
        if pick < 3:
            codes[int(rng.integers(2)), int(rng.integers(16))] = [3125, -1, 2**40][pick]
        elif pick < 6:
            illegal = [c for c in range(20) if c not in cards]
            cards = cards + [illegal[0]] if illegal else cards + [20]
            out = np.zeros((2, len(cards)), dtype=np.int64)
        elif pick == 6:
            cards, out = [], np.zeros((2, 0), dtype=np.int64)
        else:
            cards = [cards[0]] * 21
            out = np.zeros((2, 21), dtype=np.int64)
    elif kind == 14:  # out shares memory with codes, or is not an int64 array
        if pick < 3:
            joint = np.zeros(32 + 2 * len(cards), dtype=np.int64)
            joint[:32] = codes.reshape(-1)
            codes = joint[:32].reshape(2, 16)
            out = joint[16:16 + 2 * len(cards)].reshape(2, len(cards))
        else:
            out = [None, codes.tolist(), b"x" * 16, bytearray(16)][pick % 4]
    else:  # a seat with a card too many in one layout
        seat = (state.to_play + 1) % 4
        codes[1, 4 * seat + int(rng.integers(4))] += 1
    return codes, leader, trick, cards, out


@pytest.mark.parametrize("part", range(4))
def test_both_refuse_the_same_inputs_with_the_same_errors(part):
    """Each case is drawn twice from one seed, once for each solver (the arrays as drawn:
    their layout in memory, shared or read-only, is part of the case)."""
    solver_type = extension("pinochle_calc.play._solver").Solver
    rng = np.random.default_rng(41_000 + part)
    refused = 0
    for _ in range(400):
        seed = int(rng.integers(2**63))
        got = [case(seed, lambda trump: solver_type(trump, 12)), case(seed, PySolver)]
        assert got[0] == got[1], seed
        refused += got[0][0][0] == "error"
    assert refused >= 360  # nearly every case is refused (a few breaks leave a position)


def case(seed: int, make) -> tuple:
    """The broken call drawn from ``seed``, on a solver ``make(trump)`` makes: its outcome,
    and ``out`` after it (where ``values_many`` was given an array)."""
    draw = np.random.default_rng(seed)
    state = random_position(draw, int(draw.integers(1, 6)))
    method, args = broken(draw, state)
    engine = make(state.trump)
    result = outcome(lambda: getattr(engine, method)(*args))
    out = args[4] if method == "values_many" else None
    return result, out.tolist() if isinstance(out, np.ndarray) else None


def test_a_trick_card_beyond_32_bits_is_refused_not_read_as_another_card():
    """Issue 31: the compiled solver read a trick card of 2**32 as card 0 (A♠)."""
    solver_type = extension("pinochle_calc.play._solver").Solver
    state = PlayState.deal(["AS KS", "AS 10S", "KS QS", "JS 10H"], "H", 0).play(0)
    codes = codes_of(state.hands)
    twins = (solver_type(1, 8), PySolver(1))
    assert twins[0].values(codes, 0, [0]) == twins[1].values(codes, 0, [0])
    for engine in twins:
        for card in (2**32, 2**32 + 5, 2**64, -1, 20):
            with pytest.raises(ValueError, match="the trick in progress, card 1: 0 to 19"):
                engine.values(codes, 0, [card])
