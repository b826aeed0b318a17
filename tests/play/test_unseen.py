"""Dealing the unseen cards: every layout meets every fact, and the layouts are drawn with
exactly the chances of a random deal given the facts (compared with an enumeration of every
layout on small positions)."""

from __future__ import annotations

from collections import Counter
from math import factorial, prod

import numpy as np
import pytest
from positions import played_position
from test_facts import holdings

from pinochle_calc.hand import Hand
from pinochle_calc.play.facts import read_position
from pinochle_calc.play.position import Position
from pinochle_calc.play.unseen import UnseenDealer


def exact_layouts(facts) -> dict[tuple, float]:
    """Every layout of the other seats meeting the facts, with its chance: the number of ways
    to place the physical copies of the unseen cards that give it."""
    a, b, c = facts.others
    out = {}
    for ha in holdings(tuple(u + k for u, k in zip(facts.unseen, facts.known[a])),
                       facts.sizes[a]):
        rest = [u + facts.known[a][i] - ha[i] for i, u in enumerate(facts.unseen)]
        for hb in holdings(tuple(r + k for r, k in zip(rest, facts.known[b])), facts.sizes[b]):
            hc = tuple(r + facts.known[b][i] + facts.known[c][i] - hb[i]
                       for i, r in enumerate(rest))
            layout = {a: ha, b: hb, c: hc}
            deal = np.zeros((1, 4, 20), dtype=np.int64)
            deal[0, facts.seat] = facts.position.hand.counts
            for s, h in layout.items():
                deal[0, s] = h
            if min(hc) < 0 or not facts.meets(deal)[0]:
                continue
            free = [[h[i] - facts.known[s][i] for s, h in layout.items()] for i in range(20)]
            ways = prod(factorial(facts.unseen[i]) / prod(factorial(x) for x in free[i])
                        for i in range(20))
            out[(ha, hb, hc)] = ways
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


@pytest.mark.parametrize("seed", range(6))
def test_the_chances_are_those_of_a_random_deal_given_the_facts(seed):
    rng = np.random.default_rng(100 + seed)
    while True:
        position, _ = played_position(rng, plays=int(rng.integers(66, 72)), heuristic=0.5)
        facts = read_position(position)
        exact = exact_layouts(facts)
        if 3 <= len(exact) <= 60:
            break
    n = 20_000
    deals = UnseenDealer(facts).deal(np.random.default_rng(seed), n)
    assert facts.meets(deals).all()
    a, b, c = facts.others
    seen = Counter((tuple(d[a]), tuple(d[b]), tuple(d[c])) for d in deals.tolist())
    assert set(seen) <= set(exact)
    # every layout's share within 4.5 standard errors of its chance
    for layout, p in exact.items():
        share = seen[layout] / n
        assert abs(share - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-9, (layout, share, p)


def test_every_layout_meets_every_fact_on_played_positions():
    rng = np.random.default_rng(7)
    for i in range(300):
        position, truth = played_position(rng, heuristic=0.6)
        if i % 5 == 0:  # the tricks not given: only the hand's size says how many were played
            # and what a seat showed is what it still holds of it
            held = tuple(None if h is None else Hand(min(a, b) for a, b in zip(h.counts, t))
                         for h, t in zip(position.shown, truth))
            position = Position(position.hand, position.trump, position.seat, (),
                                position.trick, None, held)
        facts = read_position(position)
        truth_deal = np.array([truth])
        assert facts.meets(truth_deal)[0] or not position.tricks
        deals = UnseenDealer(facts).deal(rng, 50)
        assert facts.meets(deals).all()


class Edge:
    """A random source that draws only ``value``: the edge of the uniform draw a deal is
    made from (0.0, or the largest float below 1)."""

    def __init__(self, value: float):
        self.value = value

    def random(self, n: int) -> np.ndarray:
        return np.full(n, self.value)


@pytest.mark.parametrize("value", [0.0, 1 - 2 ** -53])
def test_the_edges_of_the_draw_still_meet_every_fact(value):
    """A draw at 0 (or just below 1) picks the first (or last) way to place a card that has
    any chance, never one that has none: the deals meet the facts on positions with voids."""
    rng = np.random.default_rng(9)
    for _ in range(60):
        position, _ = played_position(rng, plays=int(rng.integers(20, 76)), heuristic=0.5)
        facts = read_position(position)
        deals = UnseenDealer(facts).deal(Edge(value), 3)
        assert facts.meets(deals).all(), position.to_dict()


def test_a_perfectly_known_endgame_has_one_layout():
    shown = (None, Hand.parse("AH JS"), Hand.parse("10C QD"), Hand.parse("KC KD"))
    facts = read_position(Position(Hand.parse("AS KH"), 1, 0, shown=shown))
    assert sum(facts.unseen) == 80 - 8 and facts.hidden_played == 72
    deals = UnseenDealer(facts).deal(np.random.default_rng(0), 20)
    assert (deals[:, 1] == np.array(shown[1].counts)).all()
    assert (deals[:, 3] == np.array(shown[3].counts)).all()
