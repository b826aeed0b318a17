"""The play layer's compiled loops (``_play.c``) against their numpy code: the lockstep
engine's play-outs card by card (from the first lead and from mid-hand, with voids shown),
the dealer's deals, the hands a bidder imagines, and the card swaps of conditioned dealing."""

from __future__ import annotations

import numpy as np
import pytest
from native import extension
from positions import small_deal
from test_lockstep import deals

from pinochle_calc.hand import Hand
from pinochle_calc.play import conditions, dealer, lockstep
from pinochle_calc.play.dealer import Dealer, unseen_hands
from pinochle_calc.play.tricks import PlayState, encode

PLAY = "pinochle_calc.play._play"


def both(monkeypatch, call):
    """``call()`` on the compiled path, then on numpy's."""
    native = extension(PLAY)
    out = []
    for engine in (native, None):
        for module in (lockstep, dealer, conditions):
            monkeypatch.setattr(module, "NATIVE", engine)
        out.append(call())
    return out


def test_play_outs_from_the_first_lead_card_by_card(monkeypatch):
    n = 20_000
    codes = deals(n, seed=11)
    rng = np.random.default_rng(12)
    trump, leader = rng.integers(0, 4, n), rng.integers(0, 4, n)
    (a, pa), (b, pb) = both(monkeypatch, lambda: lockstep.play_lockstep(codes, trump, leader,
                                                                       record=True))
    assert np.array_equal(a, b) and np.array_equal(pa, pb)
    assert np.array_equal(a, lockstep.play_lockstep(codes, trump, leader))  # without a record


@pytest.mark.parametrize("in_trick", [0, 1, 2, 3])
def test_play_outs_from_mid_hand_with_voids_card_by_card(monkeypatch, in_trick):
    from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer

    rng = np.random.default_rng(50 + in_trick)
    states = []
    for _ in range(400):
        state = PlayState.deal(small_deal(rng, 20), int(rng.integers(4)),
                               int(rng.integers(4)))
        plays = 4 * int(rng.integers(0, 18)) + in_trick
        smart, noisy = HeuristicPlayer(), RandomPlayer(int(rng.integers(1 << 30)))
        for _ in range(plays):
            player = smart if rng.random() < 0.8 else noisy
            state = state.play(player.choose(state.view()))
        states.append(state)
    sizes = [sum(s.hands[(s.leader + in_trick) & 3]) for s in states]
    for size in set(sizes):
        group = [s for s, k in zip(states, sizes) if k == size]
        codes = np.array([[c for h in s.hands for c in encode(h)] for s in group])
        trump = np.array([s.trump for s in group])
        leader = np.array([s.leader for s in group])
        trick = np.array([s.trick for s in group]).reshape(len(group), in_trick)
        voids = np.array([s.voids for s in group])
        (a, pa), (b, pb) = both(monkeypatch, lambda c=codes, t=trump, p=leader, k=trick,
                                v=voids: lockstep.play_lockstep(c, t, p, record=True, trick=k,
                                                                voids=v))
        assert np.array_equal(a, b) and np.array_equal(pa, pb)


def test_the_compiled_engine_refuses_what_it_cannot_play():
    native = extension(PLAY)
    codes = np.zeros((1, 16), dtype=np.int16)
    points = np.empty((1, 2), dtype=np.int64)
    one = np.zeros(1, dtype=np.int16)
    with pytest.raises(ValueError, match="suit code"):
        native.play(codes - 1, np.zeros((1, 4), dtype=np.int16), one, 0, points, None, None,
                    None)
    with pytest.raises(ValueError, match="leader"):
        native.play(codes, np.zeros((1, 4), dtype=np.int16), one + 4, 1, points, None, None,
                    None)
    with pytest.raises(ValueError, match="order"):
        native.play(codes, np.zeros((2, 4), dtype=np.int16), one, 0, points, None, None, None)


def random_hands(rng: np.random.Generator, n: int, size: int = 20) -> list[Hand]:
    deck = np.repeat(np.arange(20), 4)
    return [Hand(np.bincount(rng.permutation(deck)[:size], minlength=20).tolist())
            for _ in range(n)]


def test_deals_and_hands_of_unseen_cards_are_the_same(monkeypatch):
    rng = np.random.default_rng(7)
    for i, hand in enumerate(random_hands(rng, 60)):
        known = {} if i % 3 else {(i + 1) % 4 if (i + 1) % 4 != i % 4 else (i + 2) % 4:
                                  Hand([1 if c < 4 and hand.counts[c] < 3 else 0
                                        for c in range(20)])}
        seat = i % 4
        known = {s: h for s, h in known.items() if s != seat}
        d = Dealer(hand, seat, known)

        def draw(d=d, i=i):
            rng = np.random.default_rng(i)
            many = d.deal(rng, 2 * dealer.KEY_CHUNK + 7) if i % 20 == 0 else d.deal(rng, 5)
            return d.deal(rng, 300), d.hands(rng, 40, 20), d.hands(rng, 9, 13), \
                d.hands(rng, 3, 0), many, d.deal(rng, 50, np.int8)

        a, b = both(monkeypatch, draw)
        for x, y in zip(a, b):
            assert x.dtype == y.dtype and np.array_equal(x, y)


def test_dealing_takes_equal_keys_in_card_order():
    """Keys with many ties (multiples of 1/16 or 1/4: several cards share a key and a bucket,
    and the borders between the seats fall among equal keys; a key 0 and the largest below
    1): the compiled dealing takes the cards in the order of (key, card), as a stable sort."""
    native = extension(PLAY)
    rng = np.random.default_rng(12)
    for i in range(40):
        hand = random_hands(rng, 1, 20 if i % 3 else 14)[0]
        d = Dealer(hand)
        steps = 16 if i % 2 else 4
        keys = np.floor(rng.random((300, 80)) * steps) / steps
        keys[0] = 0.0
        keys[1] = np.nextafter(1.0, 0.0)
        sizes = d.seat_sizes
        out = np.empty((len(keys), 4, 20), dtype=np.int64)
        native.deal(keys, d.unseen, d.kinds, np.array(d.others, dtype=np.int64),
                    np.array(sizes, dtype=np.int64), d.held, out)
        kinds = d.kinds[np.argsort(keys[:, d.unseen], axis=1, kind="stable")]
        want = np.repeat(d.held[None], len(keys), axis=0)
        place = 0
        for seat, size in zip(d.others, sizes):
            for row in range(len(keys)):
                want[row, seat] += np.bincount(kinds[row, place:place + size], minlength=20)
            place += size
        assert np.array_equal(out, want)


def test_the_hands_a_bidder_imagines_are_the_dealers(monkeypatch):
    rng = np.random.default_rng(8)
    hands = np.array([h.counts for h in random_hands(rng, 40)])
    keys = np.random.default_rng(9).random((25, 80))
    a, b = both(monkeypatch, lambda: unseen_hands(hands, keys, 20))
    assert np.array_equal(a, b)
    for hand, got in zip(hands[:5], a):  # as a dealer with a generator drawing those keys
        assert np.array_equal(got, Dealer(Hand(hand.tolist())).hands(
            np.random.default_rng(9), 25, 20))
    assert (a.sum(axis=2) == 20).all() and (a + hands[:, None] <= 4).all()


def test_card_swaps_are_the_same(monkeypatch):
    rng = np.random.default_rng(10)
    d = Dealer(random_hands(rng, 1)[0])
    chains = d.deal(rng, 500)

    def swaps():
        r = np.random.default_rng(3)
        out, now = [], chains
        for _ in range(30):
            now = conditions._swap(now, d.others, r)
            out.append(now)
        return out

    a, b = both(monkeypatch, swaps)
    for x, y in zip(a, b):
        assert np.array_equal(x, y)
    assert (a[-1].sum(axis=2) == 20).all() and (a[-1][:, 0] == chains[:, 0]).all()
