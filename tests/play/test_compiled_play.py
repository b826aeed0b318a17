"""The play layer's compiled loops (``_play.c``) against their numpy code: the lockstep
engine's play-outs card by card (from the first lead and from mid-hand, with voids shown),
the dealer's deals, the hands a bidder imagines, and the card swaps of conditioned dealing."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest
from native import extension
from positions import small_deal
from test_lockstep import deals

from pinochle_calc.hand import Hand
from pinochle_calc.play import conditions, dealer, lockstep
from pinochle_calc.play.dealer import Dealer, suit_codes, unseen_hands
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


def outcome(call):
    """What ``call()`` gave: ("ok", its value), or ("refused", the class of its error, its
    message)."""
    try:
        return "ok", call()
    except (TypeError, ValueError) as e:
        return "refused", type(e), str(e)


def same(a, b) -> bool:
    """Whether two outcomes are alike: the same arrays (or tuples of them), or the same error
    class."""
    if a[0] != b[0] or a[0] == "refused":
        return a[:2] == b[:2]
    x, y = (v if isinstance(v, tuple) else (v,) for v in (a[1], b[1]))
    return all(p.dtype == q.dtype and np.array_equal(p, q) for p, q in zip(x, y))


#: What is wrong with an invalid batch of deals to play out (each a ValueError on both paths,
#: or a TypeError for codes that are not whole numbers).
FLAWS = ("size", "sizes", "code", "five", "trump", "leader", "trick", "trick five", "voids",
         "four", "shape", "float")


#: The words of the refusal of some flaws.
WHY = {"size": "different sizes", "sizes": "different sizes", "five": "more than four times",
       "trick five": "more than four times"}


def play_batch(rng: np.random.Generator, flaw: str | None) -> tuple:
    """The arguments of ``play_lockstep`` for a random batch of deals in mid-hand: ``n`` deals
    of ``size`` cards a seat, ``j`` of them on the trick in progress, each deal its own trump,
    leader and voids shown; with a ``flaw`` (one of ``FLAWS``)."""
    n, size, j = int(rng.integers(1, 40)), int(rng.integers(1, 21)), int(rng.integers(0, 4))
    if flaw in ("five", "trick five"):  # whole hands: most cards all four in them
        size = 20
    leader, trump = rng.integers(0, 4, n), rng.integers(0, 4, n)
    counts = np.zeros((n, 4, 20), dtype=np.int64)
    trick = np.zeros((n, j), dtype=np.int64)
    for i in range(n):
        deck = list(rng.permutation(np.repeat(np.arange(20), 4)))
        for seat in range(4):
            for _ in range(size - (((seat - leader[i]) & 3) < j)):
                counts[i, seat, deck.pop()] += 1
        trick[i] = [deck.pop() for _ in range(j)]
    voids = rng.integers(0, 16, (n, 4)) if rng.random() < 0.5 else None
    codes = suit_codes(counts)
    at = int(rng.integers(0, n))
    if flaw == "size":  # a seat of one deal a card short
        seat = int(rng.integers(0, 4))
        card = int(np.flatnonzero(counts[at, seat])[0]) if counts[at, seat].any() else None
        if card is None:
            counts[at, seat, 0] += 1
        else:
            counts[at, seat, card] -= 1
        codes = suit_codes(counts)
    elif flaw == "sizes":  # a deal of other hands in the batch
        codes = np.concatenate([codes, play_batch(rng, None)[0]])
        trump, leader = np.resize(trump, len(codes)), np.resize(leader, len(codes))
        if j:
            trick = np.resize(trick, (len(codes), j))
        if voids is not None:
            voids = np.resize(voids, (len(codes), 4))
    elif flaw == "code":
        codes[at, int(rng.integers(0, 16))] = rng.choice([-1, 3125, 2**20])
    elif flaw == "five":  # a card five times: a seat swaps a card of its own for it
        card = int(np.flatnonzero(counts[at].sum(axis=0) == 4)[0])
        seat = int(np.flatnonzero(counts[at, :, card] < counts[at].sum(axis=1))[0])
        other = int(np.flatnonzero((counts[at, seat] > 0) & (np.arange(20) != card))[0])
        counts[at, seat, other] -= 1
        counts[at, seat, card] += 1
        codes = suit_codes(counts)
    elif flaw == "trump":
        trump[at] = rng.choice([-1, 4])
    elif flaw == "leader":
        leader[at] = rng.choice([-1, 4])
    elif flaw == "trick":
        trick = np.concatenate([trick, rng.integers(0, 20, (n, 1))], axis=1) if j < 3 else \
            np.where(np.arange(j) == 0, 20, trick)
    elif flaw == "trick five":  # on the trick, a card whose four copies are in the hands
        if j == 0:
            return play_batch(rng, "five")
        trick[at, 0] = int(np.flatnonzero(counts[at].sum(axis=0) == 4)[0])
    elif flaw == "voids":
        voids = rng.integers(0, 16, (n, 4))
        voids[at, 0] = rng.choice([-1, 16])
    elif flaw == "four":
        trick = rng.integers(0, 20, (n, 4))
    elif flaw == "shape":
        codes = codes[:, :15]
    elif flaw == "float":
        codes = codes.astype(np.float64)
    return codes, trump, leader, trick if j or flaw in ("trick", "four") else None, voids


def test_random_batches_play_alike_or_are_refused_alike(monkeypatch):
    """Some 2,300 deals in 180 random batches (every size of hand, a trick in progress, voids
    shown), a third of the batches flawed (``FLAWS``: hands of different sizes, a code or a card
    too many, a trump, leader, trick card or void out of range, a trick of four, codes of the
    wrong shape or type): both paths play the same cards and points, or refuse with the same
    error class; and they refuse exactly the flawed batches."""
    rng = np.random.default_rng(31)
    played = 0
    for i in range(180):
        flaw = FLAWS[i // 3 % len(FLAWS)] if i % 3 == 0 else None
        codes, trump, leader, trick, voids = play_batch(rng, flaw)
        a, b = both(monkeypatch, partial(outcome, partial(
            lockstep.play_lockstep, codes, trump, leader, record=True, trick=trick, voids=voids)))
        assert same(a, b), (flaw, a[0], b[0], a[1:] if a[0] == "refused" else "")
        assert (a[0] == "refused") == (flaw is not None), (i, flaw)
        if flaw in WHY:  # refused for that reason, as play_lockstep documents it
            assert WHY[flaw] in a[2] and WHY[flaw] in b[2], (flaw, a[2])
        played += len(codes) if flaw is None else 0
    assert played > 2000


def test_the_compiled_engine_refuses_what_it_cannot_play():
    native = extension(PLAY)
    codes = np.zeros((1, 16), dtype=np.int16)
    order = np.array([[0, 1, 2, 3]], dtype=np.int16)
    points = np.empty((1, 2), dtype=np.int64)
    one = np.zeros(1, dtype=np.int16)
    with pytest.raises(ValueError, match="suit code"):
        native.play(codes - 1, order, one, 0, points, None, None, None)
    with pytest.raises(ValueError, match="leader"):
        native.play(codes, order, one + 4, 0, points, None, None, None)
    with pytest.raises(ValueError, match="order"):
        native.play(codes, np.zeros((2, 4), dtype=np.int16), one, 0, points, None, None, None)
    with pytest.raises(ValueError, match="different sizes"):  # (it played 54 points)
        native.play(codes, order, one, 20, points, None, None, None)
    with pytest.raises(TypeError, match="int16"):  # (read as int16 by its item size)
        native.play(codes.astype(np.float16), order, one, 0, points, None, None, None)


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


def test_random_dealers_deal_alike_or_refuse_alike(monkeypatch):
    """120 random dealers (hands of 14 to 26 cards at any seat, cards known in another; a hand
    of 19 leaves cards that do not split among three): some 3,000 deals and 1,500 hands of any
    size (or one more than there are cards unseen, or fewer than none), each alike on both
    paths or refused alike (and the hands refused exactly where the size cannot be)."""
    rng = np.random.default_rng(33)
    dealt = 0
    for i in range(120):
        hand = random_hands(rng, 1, int(rng.choice([14, 17, 20, 23, 26, 19])))[0]
        seat = i % 4
        known = {(seat + 1) % 4: Hand([min(1, 4 - c) if k % 7 == i % 7 else 0
                                       for k, c in enumerate(hand.counts)])} if i % 3 else {}
        d = Dealer(hand, seat, known)
        size = int(rng.integers(-1, len(d.unseen) + 2))
        n = int(rng.integers(0, 60))

        def draw(d=d, i=i, size=size, n=n):
            r = np.random.default_rng(i)
            return (outcome(lambda: d.deal(r, n, np.int8 if i % 2 else np.int64)),
                    outcome(lambda: d.hands(r, n // 2, size)))

        a, b = both(monkeypatch, draw)
        for x, y in zip(a, b):
            assert same(x, y), (i, x[0], y[0], x[1:] if x[0] == "refused" else "")
        assert (a[1][0] == "refused") == (not 0 <= size <= len(d.unseen))
        dealt += n if a[0][0] == "ok" else 0
    assert dealt > 2000


def test_random_hands_a_bidder_imagines_alike_or_refused_alike(monkeypatch):
    """200 random calls of ``unseen_hands`` (any number of hands and keys, hands holding 0 to
    60 cards), a third flawed (a count of 5 or -1, a key of 1.0, NaN or -0.5, a size past the
    cards unseen, counts that are not whole numbers): alike on both paths, or refused alike."""
    rng = np.random.default_rng(34)
    for i in range(200):
        n, m = int(rng.integers(0, 8)), int(rng.integers(0, 30))
        hands = np.array([np.bincount(rng.permutation(np.repeat(np.arange(20), 4))[
            :int(rng.integers(0, 61))], minlength=20) for _ in range(n)]).reshape(n, 20)
        keys = rng.random((m, 80))
        size = int(rng.integers(0, 81 - hands.sum(axis=1).max(initial=0)))
        flaw = ["count", "key", "size", "float"][i // 3 % 4] if i % 3 == 0 else None
        if flaw == "count" and n:
            hands[int(rng.integers(0, n)), int(rng.integers(0, 20))] = rng.choice([-1, 5])
        elif flaw == "key" and m:
            keys[int(rng.integers(0, m)), int(rng.integers(0, 80))] = rng.choice([1.0, np.nan,
                                                                                   -0.5])
        elif flaw == "size":
            size = 81 - hands.sum(axis=1).min(initial=0)
        elif flaw == "float":
            hands = hands + 0.5
        a, b = both(monkeypatch, partial(outcome, partial(unseen_hands, hands, keys, size)))
        assert same(a, b), (i, flaw, a[0], b[0], a[1:] if a[0] == "refused" else "")
        flawed = flaw == "size" or flaw in ("count", "float") and n or flaw == "key" and m
        assert (a[0] == "refused") == bool(flawed), (i, flaw)


def test_random_swaps_alike_or_refused_alike(monkeypatch):
    """100 random batches of card swaps (some 5,000 deals), a third flawed (a seat the swaps
    are between holding no card, a count of 5 or -1): alike on both paths or refused alike."""
    rng = np.random.default_rng(35)
    for i in range(100):
        d = Dealer(random_hands(rng, 1)[0], i % 4)
        chains = d.deal(rng, int(rng.integers(1, 100)))
        flaw = ["empty", "count"][i // 3 % 2] if i % 3 == 0 else None
        at = int(rng.integers(0, len(chains)))
        if flaw == "empty":
            chains[at, d.others[0]] = 0
        elif flaw == "count":
            chains[at, int(rng.integers(0, 4)), int(rng.integers(0, 20))] = rng.choice([-1, 5])
        a, b = both(monkeypatch, lambda c=chains, d=d, i=i: outcome(
            lambda: conditions._swap(c, d.others, np.random.default_rng(i))))
        assert same(a, b), (i, flaw, a[0], b[0])
        assert (a[0] == "refused") == (flaw is not None), (i, flaw)
