"""A hidden exchange undone (``play.unseen.hidden_exchange``) against the exchange done forward:
on small hands, every deal of the two hands and every pair of passes is enumerated, the physical
cards told apart, and the chances of what was dealt and passed, given the hands after the
exchange, are counted; the draws must have those chances. The same enumeration checks the
Decision the advice rests on: after random passes, the two hands are as random as dealt ones."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from pinochle_calc.cards import COPIES, KINDS
from pinochle_calc.play.unseen import draw_cards, hidden_exchange


def counts(cards) -> tuple[int, ...]:
    """20 counts of a list of physical cards, each (kind, copy)."""
    out = [0] * KINDS
    for kind, _ in cards:
        out[kind] += 1
    return tuple(out)


def forward(union: list[int], size: int, n: int, partner_first: bool) -> Counter:
    """Every way the two seats could have been dealt ``union`` (``size`` cards each) and passed
    ``n`` cards each way, done forward as the rules say, each way once: a Counter of (bidder's
    cards after, partner's after, bidder's as dealt, bidder passed, partner passed)."""
    physical = [(kind, i) for i, kind in enumerate(union)]
    out: Counter = Counter()
    for bidder in combinations(physical, size):
        partner = [c for c in physical if c not in bidder]
        for to_bidder in combinations(partner, n):  # the partner passes first
            kept = [c for c in partner if c not in to_bidder]
            # the bidder passes from the cards it was dealt, or, partner first, from those and
            # the cards just received
            source = list(bidder) + list(to_bidder) if partner_first else list(bidder)
            for to_partner in combinations(source, n):
                after_b = [c for c in bidder if c not in to_partner] + \
                    [c for c in to_bidder if c not in to_partner]
                after_p = kept + list(to_partner)
                out[(counts(after_b), counts(after_p), counts(bidder), counts(to_partner),
                     counts(to_bidder))] += 1
    return out


CASES = [  # the kinds of the cards the two seats hold between them, their size, the pass
    ([0, 0, 1, 1, 2, 3, 4, 5], 4, 2),
    ([0, 0, 0, 1, 1, 2, 2, 3, 6, 7], 5, 2),
    ([3, 3, 3, 3, 9, 9, 10, 11], 4, 1),
]


@pytest.mark.parametrize("partner_first", [False, True])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_the_draws_have_the_chances_of_the_exchange_done_forward(case, partner_first):
    union, size, n = CASES[case]
    ways = forward(union, size, n, partner_first)
    by_after: dict[tuple, Counter] = {}
    for (after_b, after_p, *rest), k in ways.items():
        by_after.setdefault((after_b, after_p), Counter())[tuple(rest)] += k
    # the hands after with the most ways to come about, and one with few
    ranked = sorted(by_after, key=lambda a: -len(by_after[a]))
    rng = np.random.default_rng(case * 2 + partner_first)
    draws = 6000
    for after in (ranked[0], ranked[1], ranked[-1]):
        exact = by_after[after]
        total = sum(exact.values())
        seen: Counter = Counter()
        for _ in range(draws):
            dealt_b, dealt_p, gave, got = hidden_exchange(rng, *after, n, partner_first)
            assert tuple(a + b for a, b in zip(dealt_b, dealt_p)) == \
                tuple(a + b for a, b in zip(*after))
            seen[(dealt_b, gave, got)] += 1
        assert set(seen) <= set(exact), set(seen) - set(exact)  # only what could happen
        for outcome, k in exact.items():
            p = k / total
            share = seen[outcome] / draws
            assert abs(share - p) <= 4.5 * (p * (1 - p) / draws) ** 0.5 + 1e-9, \
                (after, outcome, share, p)


@pytest.mark.parametrize("partner_first", [False, True])
@pytest.mark.parametrize("case", range(len(CASES)))
def test_after_random_passes_the_hands_are_as_random_as_dealt(case, partner_first):
    """The Decision on passes not seen: with the passes drawn at random, each split of the two
    seats' cards after the exchange is exactly as likely as the same split dealt."""
    union, size, n = CASES[case]
    ways = forward(union, size, n, partner_first)
    after: Counter = Counter()
    dealt: Counter = Counter()
    for (after_b, _, dealt_b, _, _), k in ways.items():
        after[after_b] += k
        dealt[dealt_b] += k
    assert after == dealt


def test_every_exchange_undone_leads_to_the_hands_after_it():
    """On 3,000 pairs of real hands: the hands as dealt and the passes drawn, played forward by
    the rules, give the two hands back; each pass is the rule set's number of cards, from the
    cards its seat held when it passed."""
    rng = np.random.default_rng(11)
    deck = np.repeat(np.arange(KINDS), COPIES)
    for i in range(3000):
        n, partner_first = (3, 4)[i % 2], bool(i % 3 == 0)
        order = rng.permutation(deck)
        after_b = tuple(int(x) for x in np.bincount(order[:20], minlength=KINDS))
        after_p = tuple(int(x) for x in np.bincount(order[20:40], minlength=KINDS))
        dealt_b, dealt_p, gave, got = hidden_exchange(rng, after_b, after_p, n, partner_first)
        assert sum(gave) == n and sum(got) == n and sum(dealt_b) == 20 and sum(dealt_p) == 20
        assert all(0 <= x <= COPIES for x in dealt_b + dealt_p)
        assert all(g <= d for g, d in zip(got, dealt_p))  # the partner passes from its cards
        source = [d + g for d, g in zip(dealt_b, got)] if partner_first else dealt_b
        assert all(g <= s for g, s in zip(gave, source))
        assert tuple(d - g + r for d, g, r in zip(dealt_b, gave, got)) == after_b
        assert tuple(d - r + g for d, g, r in zip(dealt_p, gave, got)) == after_p


def test_draw_cards_draws_physical_cards_evenly_and_refuses_too_many():
    rng = np.random.default_rng(3)
    hand = [0] * KINDS
    hand[0], hand[1] = 3, 1  # three copies of one card, one of another: drawn 3 : 1
    drawn = Counter(draw_cards(rng, hand, 1)[0] for _ in range(8000))
    assert abs(drawn[1] / 8000 - 0.75) < 4.5 * (0.75 * 0.25 / 8000) ** 0.5
    with pytest.raises(ValueError, match="0 to the 4 cards held"):
        draw_cards(rng, hand, 5)
