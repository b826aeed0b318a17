"""Simulation: seeded, unbiased dealing of the unseen cards under constraints, playouts, and the
statistics of a side's trick points."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc.cards import HEARTS, SPADES
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.play import simulate
from pinochle_calc.play.players import HeuristicPlayer, RandomPlayer
from pinochle_calc.play.simulate import (
    CHUNK,
    Deals,
    SeatConstraint,
    Stats,
    TrickStats,
    _Job,
    _run_block,
    play_codes,
    play_deal,
    simulate_tricks,
)
from pinochle_calc.play.tricks import decode

HAND = Hand.parse("H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J")
FULL = (4,) * 20


def test_a_deal_gives_out_exactly_the_unseen_cards():
    dealer = Deals(HAND, seat=1)
    for hands in (dealer.deal(np.random.default_rng(s)) for s in range(20)):
        assert hands[1] == HAND
        assert all(len(h) == 20 for h in hands)
        assert tuple(sum(col) for col in zip(*(h.counts for h in hands))) == FULL


def test_deals_are_reproducible_from_the_seed():
    dealer = Deals(HAND)
    assert dealer.codes(np.random.default_rng(7), 5) == dealer.codes(
        np.random.default_rng(7), 5)
    assert dealer.codes(np.random.default_rng(7), 5) != dealer.codes(
        np.random.default_rng(8), 5)


def test_dealing_is_unbiased():
    """Each unseen card lands in each of the three other seats a third of the time."""
    dealer = Deals(HAND)
    n = 3000
    counts = np.zeros((4, 20))
    for codes in dealer.codes(np.random.default_rng(1), n):
        for seat in range(4):
            hand = Hand(decode(codes[seat * 4: seat * 4 + 4]))
            counts[seat] += hand.counts
    unseen = np.array(FULL) - np.array(HAND.counts)
    expected = n * unseen / 3
    for seat in (1, 2, 3):
        # binomial-ish spread of a card count: about sqrt(n * unseen * 2/9); allow 5 of those
        spread = np.sqrt(n * np.maximum(unseen, 1) * 2 / 9)
        assert np.all(np.abs(counts[seat] - expected) <= 5 * spread)
    assert np.array_equal(counts[0], n * np.array(HAND.counts))


def test_known_cards_stay_with_their_seat():
    known = Hand.parse("AS AS QD")
    dealer = Deals(HAND, constraints={2: SeatConstraint(known=known)})
    for s in range(30):
        hands = dealer.deal(np.random.default_rng(s))
        assert all(hands[2].counts[i] >= known.counts[i] for i in range(20))


def test_minimum_meld_and_accept_constraints():
    from pinochle_calc.meld import meld

    def hearts_meld(hand):
        return meld(hand)[HEARTS].points

    dealer = Deals(HAND, constraints={
        2: SeatConstraint(min_meld=20, meld=hearts_meld),
        1: SeatConstraint(accept=lambda h: h.suit_length(SPADES) >= 6),
    })
    hands = [dealer.deal(np.random.default_rng(s)) for s in range(15)]
    assert all(hearts_meld(h[2]) >= 20 for h in hands)
    assert all(h[1].suit_length(SPADES) >= 6 for h in hands)


def test_impossible_constraints_are_user_errors():
    with pytest.raises(UserError, match="not that many AS"):
        Deals(HAND, constraints={1: SeatConstraint(known=Hand.parse("AS AS AS AS"))})
    never = Deals(HAND, constraints={1: SeatConstraint(accept=lambda h: False)}, max_tries=50)
    with pytest.raises(UserError, match="meets the conditions"):
        never.deal(np.random.default_rng(0))
    with pytest.raises(UserError, match="20-card hand"):
        Deals(Hand.parse("AS KS"))
    with pytest.raises(ValueError, match="meld function"):
        SeatConstraint(min_meld=20)


def test_play_deal_and_play_codes_agree():
    dealer = Deals(HAND)
    codes = dealer.codes(np.random.default_rng(3), 1)[0]
    hands = [Hand(decode(codes[s * 4: s * 4 + 4])) for s in range(4)]
    a = play_deal(hands, HEARTS, 0)
    b = play_codes(list(codes), HEARTS, 0)
    assert list(a) == b and sum(b) == 50


def test_simulation_is_reproducible_and_independent_of_jobs():
    one = simulate_tricks(HAND, HEARTS, samples=600, seed=4)
    again = simulate_tricks(HAND, HEARTS, samples=600, seed=4)
    two = simulate_tricks(HAND, HEARTS, samples=600, seed=4, jobs=2)
    other = simulate_tricks(HAND, HEARTS, samples=600, seed=5)
    assert one == again == two
    assert one != other
    assert sum(one.distribution) == 600
    assert 0 <= one.p10 <= one.p50 <= one.p90 <= 50
    # a strong hand naming its long suit takes well over half the 50 points
    assert one.mean > 25


def test_scale_multiplies_the_points():
    plain = simulate_tricks(HAND, HEARTS, samples=300, seed=1)
    tens = simulate_tricks(HAND, HEARTS, samples=300, seed=1, scale=10)
    assert tens.mean == pytest.approx(plain.mean * 10)
    assert tens.p50 == plain.p50 * 10
    assert tens.distribution == plain.distribution


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_reported_block_by_block(jobs, monkeypatch):
    monkeypatch.setattr(simulate, "BLOCK_CHUNKS", 2)
    seen = []
    simulate_tricks(HAND, HEARTS, samples=1100, seed=0, jobs=jobs,
                    progress=lambda d, t: seen.append((d, t)))
    assert seen == [(2 * CHUNK, 1100), (4 * CHUNK, 1100), (1100, 1100)]


@pytest.mark.parametrize("players", [None, [RandomPlayer(), HeuristicPlayer()] * 2])
def test_blocks_and_jobs_do_not_change_the_result(players, monkeypatch):
    """Batches keep their own streams however they are grouped into blocks and processes."""
    run = {"samples": 3 * CHUNK + 7, "seed": 9, "players": players}
    whole = simulate_tricks(HAND, HEARTS, **run)
    monkeypatch.setattr(simulate, "BLOCK_CHUNKS", 1)
    assert simulate_tricks(HAND, HEARTS, **run) == whole
    assert simulate_tricks(HAND, HEARTS, jobs=2, **run) == whole
    assert sum(whole.distribution) == run["samples"]


def test_each_batch_has_its_own_random_stream():
    """Batch i's deals come from (seed, i) alone: batches differ from each other, and a longer
    run begins with the batches of a shorter one."""
    job = _Job(Deals(HAND), HEARTS, 0, 0, (HeuristicPlayer(),) * 4, 4)
    parts = [_run_block(i, [CHUNK], job) for i in range(4)]
    # the heuristic is deterministic: different points mean different deals
    for i in range(4):
        for j in range(i):
            assert not np.array_equal(parts[i], parts[j]), (i, j)
    assert np.array_equal(_run_block(2, [CHUNK], job), parts[2])
    # a block of batches is the batches one after another
    assert np.array_equal(_run_block(1, [CHUNK, CHUNK, 10], job),
                          np.concatenate([parts[1], parts[2], parts[3][:10]]))
    run = simulate_tricks(HAND, HEARTS, samples=2 * CHUNK + 10, seed=4)
    first = np.concatenate([parts[0], parts[1], parts[2][:10]])
    assert run.distribution == tuple(np.bincount(first, minlength=51).tolist())


def test_the_hand_may_sit_in_another_seat():
    """At seat 1 the hand's side is side 1 and, by default, it leads."""
    at_0 = simulate_tricks(HAND, HEARTS, samples=500, seed=3)
    at_1 = simulate_tricks(HAND, HEARTS, samples=500, seed=3, seat=1)
    assert at_1 == simulate_tricks(HAND, HEARTS, samples=500, seed=3, seat=1, leader=1)
    # side 1's points: the strong hand's side takes most of them, as it does from seat 0
    assert at_1.mean > 25
    assert abs(at_1.mean - at_0.mean) < 5 * np.hypot(at_0.stderr, at_1.stderr)
    # the opponent on its right leads instead: another result
    assert simulate_tricks(HAND, HEARTS, samples=500, seed=3, seat=1, leader=0) != at_1


def test_the_hand_played_better_by_the_heuristic_than_by_chance():
    """Against heuristic opponents, the same deals played by a random partnership."""
    heuristic = simulate_tricks(HAND, HEARTS, samples=400, seed=2)
    chance = simulate_tricks(HAND, HEARTS, samples=400, seed=2,
                             players=[RandomPlayer(), HeuristicPlayer()] * 2)
    gap = heuristic.mean - chance.mean
    assert gap > 4 * np.hypot(heuristic.stderr, chance.stderr)


def test_trick_stats():
    stats = TrickStats.from_points(np.array([10, 20, 30, 40, 50] * 2), scale=1)
    assert stats.samples == 10
    assert stats.mean == 30
    assert stats.stderr == pytest.approx(np.std([10, 20, 30, 40, 50] * 2, ddof=1) / np.sqrt(10))
    assert (stats.p10, stats.p50, stats.p90) == (10, 30, 50)
    assert stats.distribution[20] == 2 and len(stats.distribution) == 51
    assert stats.figures() == {"mean": 30.0, "stderr": round(stats.stderr, 2),
                               "p10": 10.0, "p50": 30.0, "p90": 50.0}
    assert stats.to_dict() == {"trump": None, "samples": 10, "seed": None,
                               "trick_points": stats.figures()}


def test_stats_quantiles_are_values_the_samples_took():
    floats = Stats.of(np.arange(10) + 0.5)
    assert (floats.p10, floats.p50, floats.p90) == (0.5, 4.5, 8.5)
    negative = Stats.of(np.array([-2.5, -1.5]))
    assert (negative.p10, negative.p50, negative.p90) == (-2.5, -2.5, -1.5)
    ints = Stats.of(np.array([3, 1, 2]))
    assert (ints.p10, ints.p50, ints.p90) == (1, 2, 3)
    assert all(type(p) is int for p in (ints.p10, ints.p50, ints.p90))
    assert Stats.of([7.0]).p50 == 7 and Stats.of([7.0]).stderr == 0.0
    with pytest.raises(ValueError, match="no samples"):
        Stats.of([])


@given(st.lists(st.integers(-5, 60), min_size=1, max_size=300) | st.lists(
    st.floats(-100, 100, allow_nan=False), min_size=1, max_size=50))
def test_stats_agree_with_numpy(sample):
    """The statistics (computed from the distinct values and their counts) are numpy's: the
    mean, the standard error from the sample deviation, and the inverted-CDF quantiles."""
    v = np.array(sample, dtype=np.float64)
    stats = Stats.of(v)
    assert stats.mean == pytest.approx(v.mean(), rel=1e-12, abs=1e-12)
    sd = v.std(ddof=1) if v.size > 1 else 0.0
    assert stats.stderr == pytest.approx(sd / np.sqrt(v.size), rel=1e-9, abs=1e-12)
    assert [stats.p10, stats.p50, stats.p90] == np.quantile(
        v, [0.1, 0.5, 0.9], method="inverted_cdf").tolist()


@given(st.lists(st.integers(0, 50), min_size=1, max_size=500), st.sampled_from([1, 10]))
def test_trick_stats_from_a_histogram_are_those_of_the_points(points, scale):
    pts = np.array(points)
    stats = TrickStats.from_distribution(np.bincount(pts, minlength=51), scale)
    assert stats == TrickStats.from_points(pts, scale)
    direct = Stats.of(pts * scale)
    assert (stats.p10, stats.p50, stats.p90) == (direct.p10, direct.p50, direct.p90)
    assert stats.mean == pytest.approx(pts.mean() * scale)
    assert stats.samples == len(points) and sum(stats.distribution) == len(points)
