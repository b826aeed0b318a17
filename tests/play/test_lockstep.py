"""The lockstep engine: on the same deals, trump and leader it plays the very cards the scalar
engine (``tricks.playout`` with the heuristic players) plays, so the trick points are equal
deal by deal; every card is legal under the naive rules; and ``play_many`` takes one trump and
leader for all deals or one per deal."""

import numpy as np
import pytest
from naive_rules import CLAUSES, clause, replay

from pinochle_calc.cards import CARDS, HEARTS
from pinochle_calc.play import lockstep
from pinochle_calc.play.dealer import suit_codes
from pinochle_calc.play.lockstep import hand_sizes, play_lockstep
from pinochle_calc.play.players import RandomPlayer, heuristic_follow, heuristic_lead
from pinochle_calc.play.simulate import play_many
from pinochle_calc.play.tricks import decode, playout

DECK = np.repeat(np.arange(20), 4)


def deals(n: int, seed: int, size: int = 20) -> np.ndarray:
    """``(n, 16)`` suit codes of ``n`` deals of ``size`` cards a hand from one double deck.

    Half are shuffled evenly; in the other half each card's key leans to its suit by a random
    amount per deal, so hands run from even to a few long suits, with voids from the start
    (which brings up trumping, over-trumping and throwing off early and often)."""
    rng = np.random.default_rng(seed)
    lean = np.where(np.arange(n) % 2, rng.uniform(0, 3, n), 0)[:, None]
    keys = rng.random((n, 80)) + lean * rng.permutation(4)[DECK // 5][None, :]
    cards = DECK[np.argsort(keys, axis=1)][:, :4 * size].reshape(n, 4, size)
    counts = np.zeros((n, 4, 20), dtype=np.int64)
    np.add.at(counts, (np.arange(n)[:, None, None], np.arange(4)[None, :, None], cards), 1)
    return suit_codes(counts)


def scalar(codes: np.ndarray, trump, leader) -> tuple[np.ndarray, list[list[int]]]:
    """The scalar engine, deal by deal: points and the cards played."""
    points, records = [], []
    for H, t, p in zip(codes.tolist(), np.broadcast_to(trump, len(codes)).tolist(),
                       np.broadcast_to(leader, len(codes)).tolist()):
        record: list[int] = []
        points.append(playout(H, t, p, [heuristic_lead] * 4, [heuristic_follow] * 4, record))
        records.append(record)
    return np.array(points), records


def test_the_same_cards_and_points_as_the_scalar_engine_on_10000_deals():
    n = 10_000
    codes = deals(n, seed=1)
    rng = np.random.default_rng(2)
    trump, leader = rng.integers(0, 4, n), rng.integers(0, 4, n)
    points, played = play_lockstep(codes, trump, leader, record=True)
    expected, records = scalar(codes, trump, leader)
    assert np.array_equal(points, expected)
    assert np.array_equal(played, np.array(records))
    assert np.all(points.sum(axis=1) == 50)


def test_every_card_is_legal_by_the_naive_rules():
    """A sample of deals replayed card by card through the naive oracle, which also scores
    them; between them they bring up every clause of the play rules."""
    n = 240
    codes = deals(n, seed=3)
    trump, leader = np.arange(n) % 4, np.arange(n) // 4 % 4
    points, played = play_lockstep(codes, trump, leader, record=True)
    seen = set()
    for i in range(n):
        hands = [[str(CARDS[c]) for c, count in enumerate(decode(codes[i, s * 4: s * 4 + 4]))
                  for _ in range(count)] for s in range(4)]
        cards = [str(CARDS[c]) for c in played[i]]
        suit = "SHDC"[trump[i]]
        assert replay(hands, suit, int(leader[i]), cards) == points[i].tolist()
        seen |= _clauses(hands, suit, int(leader[i]), cards)
    assert seen == set(CLAUSES)


def _clauses(hands, trump, leader, cards):
    """The clauses of the rules that decided each card of a play (naive rules)."""
    hands = [list(h) for h in hands]
    found = set()
    for t in range(0, len(cards), 4):
        trick = cards[t: t + 4]
        for k, card in enumerate(trick):
            seat = (leader + k) % 4
            found.add(clause(hands[seat], trick[:k], trump))
            hands[seat].remove(card)
        leader = _winner_seat(trick, trump, leader)
    return found


def _winner_seat(trick, trump, leader):
    from naive_rules import winner

    return (leader + winner(trick, trump)) % 4


@pytest.mark.parametrize("size", [1, 5, 13])
def test_shorter_hands(size):
    codes = deals(300, seed=size, size=size)
    assert np.all(hand_sizes(codes) == size)
    points, played = play_lockstep(codes, HEARTS, 1, record=True)
    expected, records = scalar(codes, HEARTS, 1)
    assert np.array_equal(points, expected) and np.array_equal(played, np.array(records))
    assert played.shape == (300, 4 * size)


def test_blocks_do_not_change_the_play(monkeypatch):
    codes = deals(50, seed=4)
    whole = play_lockstep(codes, np.arange(50) % 4, 2, record=True)
    monkeypatch.setattr(lockstep, "BLOCK", 7)
    parts = play_lockstep(codes, np.arange(50) % 4, 2, record=True)
    assert all(np.array_equal(a, b) for a, b in zip(whole, parts))


def test_no_deals():
    assert play_lockstep(np.empty((0, 16), dtype=np.int64), 0, 0).shape == (0, 2)
    assert play_many(np.empty((0, 16), dtype=np.int64), 0).shape == (0, 2)


# --- play_many -------------------------------------------------------------------------------

def test_play_many_takes_one_trump_and_leader_or_one_per_deal():
    n = 400
    codes = deals(n, seed=5)
    trump, leader = np.arange(n) % 4, np.arange(n) // 4 % 4
    per_deal = play_many(codes, trump, leader)
    assert np.array_equal(per_deal, scalar(codes, trump, leader)[0])
    for t in range(4):
        for p in range(4):
            same = (trump == t) & (leader == p)
            assert np.array_equal(play_many(codes[same], t, p), per_deal[same])
    # lists and numpy integers do as well as arrays and ints
    assert np.array_equal(play_many(codes[:8].tolist(), trump[:8].tolist(), np.int64(0)),
                          play_many(codes[:8], trump[:8], 0))


def test_play_many_with_deals_of_different_sizes():
    short, full = deals(30, seed=6, size=6), deals(30, seed=7)
    mixed = np.concatenate([full[:10], short, full[10:]])
    out = play_many(mixed, 2, 3)
    assert np.array_equal(out, scalar(mixed, 2, 3)[0])
    assert np.all(out[:10].sum(axis=1) == 50) and np.all(out[40:].sum(axis=1) == 50)


def test_play_many_with_other_players_plays_deal_by_deal():
    codes = deals(20, seed=8)
    players = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    out = play_many(codes, np.arange(20) % 4, 1, players)
    again = [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3), RandomPlayer(4)]
    expected = [playout(H, t, 1, [p.lead for p in again], [p.follow for p in again])
                for H, t in zip(codes.tolist(), (np.arange(20) % 4).tolist())]
    assert out.tolist() == expected


@pytest.mark.parametrize("trump, leader, message", [
    (4, 0, "trump is 0 to 3"),
    (0, -1, "leader is 0 to 3"),
    (np.zeros(3, dtype=int), 0, "one number or one per deal"),
    (1.5, 0, "trump is 0 to 3"),
])
def test_play_many_refuses_a_bad_trump_or_leader(trump, leader, message):
    with pytest.raises(ValueError, match=message):
        play_many(deals(5, seed=9), trump, leader)


def test_play_many_refuses_bad_deals():
    codes = deals(5, seed=10)
    codes[2, :4] = 0  # seat 0 holds nothing, the others 20 cards each
    with pytest.raises(ValueError, match="same number of cards"):
        play_many(codes, 0)
    codes[2, 0] = 5**5
    with pytest.raises(ValueError, match="suit code"):
        play_many(codes, 0)


# --- the estimate behind ``bid`` ---------------------------------------------------------------

FOUR_TRUMPS = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"


def test_the_estimate_plays_every_deal_in_every_trump_in_one_call(monkeypatch):
    from importlib import import_module

    from pinochle_calc.play import lockstep

    module = import_module("pinochle_calc.bidding.estimate")  # the package names a function so

    calls = []
    play = lockstep.play_lockstep
    monkeypatch.setattr(lockstep, "play_lockstep", lambda *a: calls.append(a) or play(*a))
    whole = module.estimate(FOUR_TRUMPS, samples=300, seed=5)
    assert len(calls) == 1 and len(calls[0][0]) == 4 * 300
    # each trump's figures are those of its deals played alone, in any grouping
    monkeypatch.setattr(module, "PLAY_BLOCK", 70)
    seen = []
    blocks = module.estimate(FOUR_TRUMPS, samples=300, seed=5,
                             progress=lambda d, t: seen.append((d, t)))
    # 18 blocks of 70 deals (1,200 deals in four trumps); the progress counts the deals asked
    # for, not the trumps' deals (the bid's progress line: 300 of 300)
    assert len(calls) == 1 + 18 and seen[-1] == (300, 300) and len(seen) == 18
    for t in range(4):
        alone = module.estimate(FOUR_TRUMPS, samples=300, seed=5, trumps=[t]).trumps[t]
        assert whole.trumps[t].trick_points == blocks.trumps[t].trick_points
        assert whole.trumps[t].trick_points == alone.trick_points
        assert np.array_equal(whole.trumps[t].totals, alone.totals)


# --- from any position in mid-hand ------------------------------------------------------------

def _mid_hand(rng, plays: int):
    """A state reached by ``plays`` random legal cards (and heuristic ones) of a random deal."""
    from pinochle_calc.play.players import HeuristicPlayer
    from pinochle_calc.play.tricks import PlayState

    codes = deals(1, seed=int(rng.integers(1 << 30)))[0]
    hands = [decode(codes[s * 4: s * 4 + 4]) for s in range(4)]
    state = PlayState.deal(hands, int(rng.integers(4)), int(rng.integers(4)))
    players = (HeuristicPlayer(), RandomPlayer(int(rng.integers(1 << 30))))
    for _ in range(plays):
        state = state.play(players[int(rng.random() < 0.5)].choose(state.view()))
    return state


def _to_end(state):
    """The scalar reference: the state played to the end by four heuristic players through
    ``PlayState`` (each sees only its ``SeatView``); the cards and the points from here."""
    from pinochle_calc.play.players import HeuristicPlayer

    player, cards, start = HeuristicPlayer(), [], state.points
    while not state.is_over:
        card = player.choose(state.view())
        cards.append(card)
        state = state.play(card)
    return [a - b for a, b in zip(state.points, start)], cards


@pytest.mark.parametrize("in_trick", [0, 1, 2, 3])
def test_from_mid_hand_the_same_cards_and_points_as_the_scalar_engine(in_trick):
    from pinochle_calc.play.tricks import encode

    rng = np.random.default_rng(40 + in_trick)
    states = [_mid_hand(rng, 4 * int(rng.integers(0, 19)) + in_trick) for _ in range(150)]
    codes = np.array([[c for h in s.hands for c in encode(h)] for s in states])
    trump = np.array([s.trump for s in states])
    leader = np.array([s.leader for s in states])
    trick = np.array([s.trick for s in states]).reshape(len(states), in_trick)
    voids = np.array([s.voids for s in states])
    by_size: dict = {}
    for i, s in enumerate(states):
        by_size.setdefault(sum(s.hands[(s.leader + in_trick) & 3]), []).append(i)
    for rows in by_size.values():
        rows = np.array(rows)
        points, played = play_lockstep(codes[rows], trump[rows], leader[rows], record=True,
                                       trick=trick[rows], voids=voids[rows])
        for i, r in enumerate(rows):
            expected, cards = _to_end(states[r])
            assert points[i].tolist() == expected
            assert played[i].tolist() == cards
            H = codes[r].tolist()
            record: list[int] = []
            scalar_points = playout(H, int(trump[r]), int(leader[r]), [heuristic_lead] * 4,
                                    [heuristic_follow] * 4, record, states[r].trick,
                                    states[r].voids)
            assert scalar_points == expected and record == cards
