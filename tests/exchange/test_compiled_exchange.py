"""The exchange's compiled search (``_greedy.c``) against policy's numpy search: the worth of
a choice and of one card more to the last bit (the cards' values summed by the BLAS routine
numpy calls), every pick and choice card for card, the whole exchange under each rule set and
hint, and the bidder's blind pass."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from native import extension

from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.cards import ACE, JACK, KING, QUEEN, TEN
from pinochle_calc.exchange import objective as objectives
from pinochle_calc.exchange import policy
from pinochle_calc.exchange.objective import Objective
from pinochle_calc.exchange.policy import (
    POLICY,
    bidder_objective,
    choose,
    exchange,
    partner_objective,
    pick,
)
from pinochle_calc.rules import PRESETS, STANDARD, load_rules

GREEDY = "pinochle_calc.exchange._greedy"
DAVIS = load_rules("standard,steps=any,passing.cards=4")
RULE_SETS = {"davis": DAVIS, "toby-thomas": PRESETS["toby-thomas"],
             "partner-first": STANDARD.with_options(pass_cards=4, pass_order="partner-first"),
             "three": STANDARD.with_options(pass_cards=3), "book": PRESETS["book"]}
HINTS = (None, Signal("card", rank=JACK), Signal("card", rank=TEN), Signal("around", rank=QUEEN),
         Signal("around", rank=ACE))


def dealt(n: int, seed: int, size: int = 20) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    return np.array([np.bincount(rng.permutation(deck)[:size], minlength=20)
                     for _ in range(n)], dtype=np.int64)


def both(monkeypatch, call):
    """``call()`` on the compiled search, then on numpy's (the caches of passes emptied)."""
    native = extension(GREEDY)
    out = []
    for engine in (native, None):
        monkeypatch.setattr(policy, "GREEDY", engine)
        monkeypatch.setattr(objectives, "GREEDY", native)  # the objective as C holds it
        policy._bidder_pass_one.cache_clear()
        policy._BLIND.clear()
        out.append(call())
    return out


def objectives_to_test() -> list[Objective]:
    rng = np.random.default_rng(1)
    incoming = dealt(60, 2) // 3
    return [partner_objective(1, STANDARD), partner_objective(2, DAVIS, Signal("card", JACK)),
            bidder_objective(0, DAVIS, cards=4), bidder_objective(3, PRESETS["book"]),
            bidder_objective(2, DAVIS, Signal("around", KING), POLICY, incoming, 4),
            Objective(1, STANDARD, rng.normal(size=20), (1, STANDARD, None, True, 60)),
            Objective(3, DAVIS, np.round(rng.normal(size=20), 1), None, 7.0, incoming)]


def test_worths_to_the_last_bit():
    """Each worth worked out by each side on an objective of its own (the means after
    receiving are worked out as codes are met: each side works out its own)."""
    native = extension(GREEDY)
    hands = dealt(40, 3, size=24)
    for mine, theirs in zip(objectives_to_test(), objectives_to_test()):
        if mine.incoming is not None:  # fresh tables for each side
            mine, theirs = mine.receiving(mine.incoming), theirs.receiving(theirs.incoming)
        for cards in (2, 4):
            choices = np.minimum(hands[:, None, :], dealt(40 * 6, 4 + cards).reshape(
                40, 6, 20) * cards // 4)
            got = np.empty(choices.shape[:2])
            native.score(mine.native, hands, np.ascontiguousarray(choices), got)
            assert got.tobytes() == theirs.score(hands, choices).tobytes()
        chosen = np.minimum(hands, dealt(40, 9) // 3)
        got = np.empty(hands.shape)
        native.added(mine.native, hands, chosen, got)
        assert got.tobytes() == theirs.added(hands, chosen).tobytes()


@pytest.mark.parametrize("rows", [1, 2, 7, 20, 400])
def test_the_cards_values_are_summed_as_numpy_sums_them(rows):
    """numpy sums a choice's card values by a matrix product, in the order of the BLAS routine
    it calls for a stack of that shape (ddot for one row, dgemv for more; the machine's
    order): the compiled search calls the same routine, and gets the same sums to the bit."""
    native = extension(GREEDY)
    assert objectives.GREEDY is not None  # it found numpy's BLAS and checked it
    rng = np.random.default_rng(rows)
    for values in (-policy.per_card(POLICY.keep_trump, POLICY.keep_side, 2) + 0.2,
                   rng.normal(size=20), np.round(rng.normal(size=20), 2)):
        stack = rng.integers(0, 5, (30, rows, 20))
        expected = stack @ values
        for chunk, want in zip(stack, expected):
            got = np.empty(rows)
            native.dots(np.ascontiguousarray(values), chunk.astype(np.float64), got)
            assert got.tobytes() == want.tobytes()


@pytest.mark.parametrize("distinct", [False, True])
def test_picks_card_for_card(monkeypatch, distinct):
    hands = dealt(200, 6)
    rng = np.random.default_rng(7)
    allowed = rng.random((200, 20)) < 0.6
    count = rng.integers(0, 5, 200)
    first = np.minimum(hands, dealt(200, 8) // 4)
    for objective in objectives_to_test():
        a, b = both(monkeypatch, lambda o=objective: pick(o, hands, first, allowed, count,
                                                          distinct))
        assert np.array_equal(a, b)


def test_choices_card_for_card(monkeypatch):
    hands = dealt(300, 10, size=24)
    first = np.minimum(hands, (dealt(300, 11) == 4).astype(np.int64))
    for objective in objectives_to_test():
        for k, trump in ((3, 0), (4, 2), (5, 3)):
            a, b = both(monkeypatch, lambda o=objective, k=k, t=trump: (
                choose(o, hands, k, t), choose(o, hands, k, t, first)))
            assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_whole_exchanges_card_for_card(monkeypatch, name):
    rules = RULE_SETS[name]
    rng = np.random.default_rng(12)
    n = 25 if rules.pass_order == "simultaneous" else 120  # (numpy's blind passes are slow)
    cards = rng.permuted(np.tile(np.repeat(np.arange(20), 4), (n, 1)), axis=1)
    bidders, partners = (np.array([np.bincount(row, minlength=20) for row in cards[:, a:b]])
                         for a, b in ((0, 20), (20, 40)))
    for trump in range(4):
        for hint, partner_hint in zip(HINTS, HINTS[::-1]):
            a, b = both(monkeypatch, lambda t=trump, h=hint, p=partner_hint: exchange(
                bidders, partners, t, rules, h, p))
            assert np.array_equal(a.to_bidder, b.to_bidder)
            assert np.array_equal(a.to_partner, b.to_partner)


def test_blind_passes_are_each_hand_s_own(monkeypatch):
    """The compiled bidder's pass (all hands at once) gives each hand what numpy gives it
    alone, and what it gave it once is kept."""
    hands = dealt(50, 14)
    a, b = both(monkeypatch, lambda: policy.bidder_pass(hands, 1, 4, DAVIS,
                                                        Signal("card", KING),
                                                        Signal("around", JACK)))
    assert np.array_equal(a, b)
    monkeypatch.setattr(policy, "GREEDY", extension(GREEDY))
    policy._BLIND.clear()
    half = policy.bidder_pass(hands[::2], 1, 4, DAVIS, Signal("card", KING),
                              Signal("around", JACK))
    assert len(policy._BLIND) == 25 and np.array_equal(half, a[::2])
    assert np.array_equal(policy.bidder_pass(hands, 1, 4, DAVIS, Signal("card", KING),
                                             Signal("around", JACK)), a)


def test_the_compiled_search_refuses_what_it_cannot_search():
    native = extension(GREEDY)
    objective = partner_objective(1, STANDARD)
    hands = dealt(2, 1)
    out = np.empty_like(hands)
    with pytest.raises(ValueError, match="hands"):
        native.choose(objective.native, hands + 5, np.zeros_like(hands), 4, 1, out)
    with pytest.raises(ValueError, match="trump"):
        native.choose(objective.native, hands, np.zeros_like(hands), 4, 4, out)
    with pytest.raises(ValueError, match="first"):
        native.choose(objective.native, hands, np.zeros((3, 20), dtype=np.int64), 4, 1, out)
    with pytest.raises(ValueError, match="receiving nothing"):
        native.choose_blind(bidder_objective(1, STANDARD, None, POLICY, hands, 4).native,
                            hands, hands, 1, 4, 1, out)
    with pytest.raises(ValueError, match="twice in part"):  # (a crash, before it looked)
        native.objective(np.zeros(20), ((0, 0),), (np.zeros(25),), (np.zeros(25),), None, (),
                         ())
    with pytest.raises(TypeError, match="float64"):  # (kept meld read by its item size)
        native.objective(np.zeros(20), ((0, 1),), (np.zeros(25),), (np.zeros(25, np.int64),),
                         None, (), ())


def outcome(call):
    """("ok", the array) or ("refused", the class of the error)."""
    try:
        return "ok", call()
    except (TypeError, ValueError) as e:
        return "refused", type(e)


#: Flaws of a search's arguments: a count past 4 or below 0, a choice begun outside its hand,
#: more cards to pass than a hand holds, fewer than chosen already, a trump or a count of cards
#: to add out of range.
FLAWS = ("five", "negative", "first", "k", "k below", "trump", "count")


def test_random_searches_choose_alike_or_are_refused_alike(monkeypatch):
    """140 random searches (some 2,000 hands of 12 to 24 cards, the objectives of both
    players, passing and receiving at once), a third flawed (``FLAWS``): every pick and choice
    the same card for card on both paths, or refused with the same error class, and only the
    flawed ones refused."""
    rng = np.random.default_rng(37)
    pool = objectives_to_test()
    searched = 0
    for i in range(140):
        objective = pool[i % len(pool)]
        n = int(rng.integers(1, 25))
        hands = dealt(n, 1000 + i, size=int(rng.integers(12, 25)))
        first = np.minimum(hands, rng.integers(0, 2, hands.shape) * (rng.random((n, 20)) < 0.1))
        k = int(rng.integers(first.sum(axis=1).max(), 7))
        trump, count = int(rng.integers(0, 4)), rng.integers(0, 5, n)
        allowed = rng.random((n, 20)) < 0.7
        flaw = FLAWS[i // 3 % len(FLAWS)] if i % 3 == 0 else None
        at = (int(rng.integers(0, n)), int(rng.integers(0, 20)))
        if flaw == "five":
            hands[at] = 5
        elif flaw == "negative":
            hands[at] = -1
        elif flaw == "first":
            first[at] = hands[at] + 1
        elif flaw == "k":
            k = 90
        elif flaw == "k below":
            first[at[0]] = np.minimum(hands[at[0]], 1)
            k = int(first[at[0]].sum()) - 1
        elif flaw == "trump":
            trump = 4
        elif flaw == "count":
            count[at[0]] = rng.choice([-1, 81])
        def search(objective=objective, hands=hands, first=first, allowed=allowed,
                   count=count, k=k, trump=trump):
            return (outcome(partial(pick, objective, hands, first, allowed, count)),
                    outcome(partial(choose, objective, hands, k, trump, first)))

        a, b = both(monkeypatch, search)
        for x, y in zip(a, b):
            assert x[0] == y[0] and (np.array_equal(x[1], y[1]) if x[0] == "ok" else x == y), \
                (i, flaw, x[0], y[0])
        picked_flawed = flaw in ("five", "negative", "first", "count")
        assert (a[0][0] == "refused") == picked_flawed, (i, flaw)
        assert (a[1][0] == "refused") == (flaw not in (None, "count")), (i, flaw)
        searched += n if flaw is None else 0
    assert searched > 1000


def test_the_hints_read_narrow_deals_as_wide_ones():
    """The tests of a hand's features read the int8 deals a dealer hands out to be tested as
    they read int64 ones, and a suit's worthiness is the rule's, suit by suit (its counts
    looked up by code)."""
    from pinochle_calc.exchange import hints

    rng = np.random.default_rng(15)
    counts = rng.integers(0, 5, (3000, 20))
    for rules in (STANDARD, PRESETS["toby-thomas"], STANDARD.with_options(
            marriage_required="false")):
        c = counts.reshape(-1, 4, 5)
        length = c.sum(axis=2)
        married = (np.minimum(c[:, :, KING], c[:, :, QUEEN]) > 0) | \
            (not rules.needs_marriage(exchanged=False))
        strong = (length >= 7) | ((length >= 6) & (c[:, :, ACE] > 0) & (c[:, :, TEN] > 0))
        assert np.array_equal(hints.trump_suits(counts, rules), married & strong)
        narrow = counts.astype(np.int8)
        for rank in range(5):
            for around in (False, True):
                assert np.array_equal(hints.helped_by(narrow, rank, rules, around),
                                      hints.helped_by(counts, rank, rules, around))
        assert np.array_equal(hints.trump_worthy(narrow, rules), married.__and__(strong).any(1))
        deals = np.zeros((len(counts), 4, 20), dtype=np.int8)  # a seat of whole deals, as read
        deals[:, 2] = narrow
        assert np.array_equal(hints.trump_suits(deals[:, 2], rules), married & strong)
        few = hints._FEW_HANDS - 1  # a few hands, as the chains of built deals, by a product
        assert np.array_equal(hints.trump_suits(counts[:few], rules), (married & strong)[:few])
        assert np.array_equal(hints.trump_worthy(deals[:few, 2], rules),
                              married.__and__(strong).any(1)[:few])
