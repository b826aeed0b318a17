"""Simulation: play the hands out over dealt deals, and count the points.

The calls a bid advisor needs:

- ``Deals(hand, seat, constraints).codes(rng, n)``: ``n`` deals of the unseen cards (the one
  ``dealer.Dealer``), meeting each seat's ``SeatConstraint``, as suit codes, the fast form
  ``play_codes`` takes;
- ``play_deal(hands, trump, leader)`` -> trick points per side, unscaled;
- ``play_many(codes, trump, leader)`` -> the trick points of many deals at once;
- ``simulate_tricks(hand, trump, samples=..., seed=...)`` -> ``TrickStats`` for the side of the
  hand's seat, which names trump and leads.

Constraints are met by rejection, so each accepted deal is drawn from exactly the deals that
meet them. Results depend only on the seed, never on ``jobs``.
"""

from __future__ import annotations

import copy
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from ..cards import HAND_SIZE
from ..errors import UserError
from ..hand import Hand
from ..limits import JOBS_MAX, SEED_MAX, TRICK_DEALS, check
from .dealer import Dealer, hand_test, sample, seat_test, suit_codes
from .players import FastPlayer, HeuristicPlayer, Player
from .tricks import PlayState, decode, encode, playout

#: Deals per batch: each batch has its own random stream derived from (seed, batch number).
CHUNK = 250

_HEURISTIC = HeuristicPlayer()


@dataclass(frozen=True)
class SeatConstraint:
    """What is known of another seat's hand before the deal is drawn.

    ``known``: cards the seat surely holds (cards passed to partner, say). ``min_meld`` with
    ``meld`` (a function giving a hand's meld, e.g. for the trump named): the seat melds at
    least that much, as a bid may have shown. ``accept``: any other test of the seat's hand.
    """

    known: Hand | None = None
    min_meld: int = 0
    meld: Callable[[Hand], int] | None = None
    accept: Callable[[Hand], bool] | None = None

    def __post_init__(self):
        if self.min_meld and self.meld is None:
            raise ValueError("min_meld needs a meld function")

    @property
    def tests(self) -> bool:
        return self.min_meld > 0 or self.accept is not None

    def allows(self, hand: Hand) -> bool:
        if self.min_meld and self.meld(hand) < self.min_meld:
            return False
        return self.accept is None or bool(self.accept(hand))


class Deals:
    """The deals of the unseen cards for a hand at ``seat``, meeting ``constraints`` (a
    ``SeatConstraint`` per other seat): the one ``Dealer`` with the constraints as tests."""

    def __init__(self, hand: Hand, seat: int = 0,
                 constraints: Mapping[int, SeatConstraint] | None = None,
                 max_tries: int = 100_000):
        if len(hand) != HAND_SIZE:
            raise UserError(f"a deal needs a 20-card hand, not {len(hand)} cards")
        constraints = dict(constraints or {})
        if not set(constraints) <= set(range(4)) - {seat}:
            raise UserError(f"constraints are for the seats other than {seat}, among 0 to 3")
        self.dealer = Dealer(hand, seat, {s: c.known for s, c in constraints.items()
                                          if c.known is not None})
        self.tests = [(f"seat {s}", seat_test(s, hand_test(c.allows)))
                      for s, c in constraints.items() if c.tests]
        self.max_tries = max_tries

    def counts(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``(n, 4, 20)`` card counts of ``n`` deals meeting the constraints."""
        return sample(lambda batch: self.dealer.deal(rng, batch), self.tests, n,
                      self.max_tries, drop=False)[0]

    def codes(self, rng: np.random.Generator, n: int) -> list[list[int]]:
        """``n`` deals meeting the constraints, each as 16 suit codes (seat * 4 + suit)."""
        return suit_codes(self.counts(rng, n)).tolist()

    def deal(self, rng: np.random.Generator) -> tuple[Hand, Hand, Hand, Hand]:
        """One deal, as four hands (seat order)."""
        codes = self.codes(rng, 1)[0]
        return tuple(Hand(decode(codes[s * 4: s * 4 + 4])) for s in range(4))


def play_codes(H: list[int], trump: int, leader: int = 0,
               players: Sequence[FastPlayer] | None = None,
               record: list[int] | None = None) -> list[int]:
    """Play out a deal given as 16 suit codes (consumed); trick points per side, unscaled."""
    if players is None:
        players = (_HEURISTIC,) * 4
    return playout(H, trump, leader, [p.lead for p in players], [p.follow for p in players],
                   record)


def play_many(codes, trump: int, leader: int = 0,
              players: Sequence[FastPlayer] | None = None) -> np.ndarray:
    """Play out many deals given as ``(n, 16)`` suit codes (``dealer.suit_codes``), all with one
    trump and leader; ``(n, 2)`` trick points per side, unscaled."""
    if players is None:
        players = (_HEURISTIC,) * 4
    leads = [p.lead for p in players]
    follows = [p.follow for p in players]
    rows = np.asarray(codes, dtype=np.int64).reshape(-1, 16).tolist()
    out = np.empty((len(rows), 2), dtype=np.int64)
    for i, H in enumerate(rows):
        out[i] = playout(H, trump, leader, leads, follows)
    return out


def play_deal(hands: Sequence, trump: int, leader: int = 0,
              players: Sequence[Player] | None = None,
              record: list[int] | None = None) -> tuple[int, int]:
    """Play four hands (``Hand`` objects or 20 counts each) out; trick points per side.

    Side 0 is seats 0 and 2. The points are unscaled (0 to 50, the last trick's 2 included).
    ``players`` defaults to four heuristic players; any ``Player`` may sit in a seat (players
    that are not ``FastPlayer`` are asked through ``PlayState``, more slowly). ``record``
    receives the cards in the order played.
    """
    state = PlayState.deal(hands, trump, leader)
    if players is None or all(isinstance(p, FastPlayer) for p in players):
        H = [code for row in state.hands for code in encode(row)]
        a, b = play_codes(H, trump, leader, players, record)
        return a, b
    while not state.is_over:
        card = players[state.to_play].choose(state.view())
        if record is not None:
            record.append(card)
        state = state.play(card)
    return state.points


@dataclass(frozen=True)
class Stats:
    """Mean, standard error of the mean, and the 10th, 50th and 90th percentiles (values some
    sample actually took: the inverted CDF; ints when every sample is a whole number)."""

    mean: float
    stderr: float
    p10: int | float
    p50: int | float
    p90: int | float

    @classmethod
    def of(cls, values: np.ndarray) -> Stats:
        v = np.asarray(values, dtype=np.float64)
        if v.size == 0:
            raise ValueError("no samples")
        sd = float(v.std(ddof=1)) if v.size > 1 else 0.0
        q = np.quantile(v, [0.1, 0.5, 0.9], method="inverted_cdf").tolist()
        if np.all(v == np.trunc(v)):
            q = [int(x) for x in q]
        return cls(float(v.mean()), sd / v.size ** 0.5, q[0], q[1], q[2])

    def to_dict(self) -> dict[str, float | int]:
        """Mean, standard error and quantiles (rounded for printing)."""
        return {"mean": round(self.mean, 2), "stderr": round(self.stderr, 2),
                "p10": self.p10, "p50": self.p50, "p90": self.p90}


@dataclass(frozen=True)
class TrickStats(Stats):
    """The trick points one side took over many deals (scaled by the rule set's scale).

    ``distribution[k]`` is how many deals gave ``k`` unscaled points (0 to 50).
    """

    samples: int = 0
    distribution: tuple[int, ...] = ()
    scale: int = 1

    @classmethod
    def from_points(cls, points: np.ndarray, scale: int = 1) -> TrickStats:
        pts = np.asarray(points, dtype=np.int64)
        s = Stats.of(pts * scale)
        return cls(s.mean, s.stderr, s.p10, s.p50, s.p90, pts.size,
                   tuple(np.bincount(pts, minlength=51).tolist()), scale)


@dataclass(frozen=True)
class _Job:
    deals: Deals
    trump: int
    leader: int
    side: int
    players: tuple
    seed: int


_JOB: _Job | None = None


def _set_job(job: _Job) -> None:
    global _JOB
    _JOB = job


def _run_chunk(index: int, size: int, job: _Job | None = None) -> np.ndarray:
    """The side's points in batch ``index`` of a simulation (its own random stream)."""
    job = job or _JOB
    rng = np.random.default_rng(np.random.SeedSequence(job.seed, spawn_key=(index,)))
    players = copy.deepcopy(job.players)
    for n, p in enumerate(players):
        p.reseed(int(rng.integers(2**63)) ^ n)
    leads = [p.lead for p in players]
    follows = [p.follow for p in players]
    trump, leader, side = job.trump, job.leader, job.side
    out = np.empty(size, dtype=np.int64)
    for i, H in enumerate(job.deals.codes(rng, size)):
        out[i] = playout(H, trump, leader, leads, follows)[side]
    return out


def simulate_tricks(hand: Hand, trump: int, *, samples: int = 2000, seed: int = 0,
                    seat: int = 0, leader: int | None = None,
                    constraints: Mapping[int, SeatConstraint] | None = None,
                    players: Sequence[FastPlayer] | None = None, scale: int = 1,
                    jobs: int = 1,
                    progress: Callable[[int, int], None] | None = None) -> TrickStats:
    """Trick points of ``hand``'s side over ``samples`` random deals of the unseen cards.

    The hand sits at ``seat`` (its side is ``seat % 2``); ``leader`` defaults to that seat (the
    bidder names trump and leads). ``players`` (four ``FastPlayer``) default to heuristic
    players. ``jobs`` > 1 plays batches in that many processes; the result is the same.
    ``progress(done, samples)`` is called after each batch.
    """
    check("trump", trump, 0, 3)
    check("samples", samples, 1, TRICK_DEALS)
    check("seed", seed, 0, SEED_MAX)
    check("jobs", jobs, 1, JOBS_MAX)
    players = tuple(players) if players is not None else (_HEURISTIC,) * 4
    if len(players) != 4 or not all(isinstance(p, FastPlayer) for p in players):
        raise ValueError("simulation needs four FastPlayer players")
    job = _Job(Deals(hand, seat, constraints), trump, seat if leader is None else leader,
               seat & 1, players, seed)
    sizes = [min(CHUNK, samples - start) for start in range(0, samples, CHUNK)]
    parts: list[np.ndarray] = []
    done = 0
    if jobs == 1 or len(sizes) == 1:
        for index, size in enumerate(sizes):
            parts.append(_run_chunk(index, size, job))
            done += size
            if progress:
                progress(done, samples)
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ProcessPoolExecutor(min(jobs, len(sizes)), mp_context=context,
                                 initializer=_set_job, initargs=(job,)) as pool:
            for size, part in zip(sizes, pool.map(_run_chunk, range(len(sizes)), sizes)):
                parts.append(part)
                done += size
                if progress:
                    progress(done, samples)
    return TrickStats.from_points(np.concatenate(parts), scale)
