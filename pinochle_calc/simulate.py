"""Simulation: deal the cards a player has not seen, play the hands out, and count the points.

The calls a bid advisor needs:

- ``Dealer(hand, seat=0, constraints={2: SeatConstraint(min_meld=20, meld=...)})`` prepared
  once, then ``dealer.deal(rng)`` for four ``Hand`` objects (or ``dealer.deal_codes(rng, n)``
  for ``n`` deals as suit codes, the fast form ``play_codes`` takes);
- ``play_deal(hands, trump, leader)`` -> trick points per side, unscaled (about 100 µs with the
  heuristic players);
- ``simulate_tricks(hand, trump, samples=..., seed=...)`` -> ``TrickStats`` for the side of the
  hand's seat, which names trump and leads.

Deals are drawn with a seeded ``numpy.random.Generator`` (an unbiased shuffle of the unseen
cards); constraints are met by rejection, so each accepted deal is drawn from exactly the deals
that meet them. Results depend only on the seed, never on ``jobs``.
"""

from __future__ import annotations

import copy
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from .cards import CARDS, COPIES, HAND_SIZE, KINDS
from .errors import UserError
from .hand import Hand
from .play import CARD_WEIGHT, SUIT_OF, PlayState, decode, encode, playout
from .players import FastPlayer, HeuristicPlayer, Player

#: Deals per batch: each batch has its own random stream derived from (seed, batch number).
CHUNK = 250

_HEURISTIC = HeuristicPlayer()
_SUIT = np.array(SUIT_OF, dtype=np.int64)  # by card index
_WEIGHT = np.array(CARD_WEIGHT, dtype=np.int64)  # a card's weight in its suit code


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


class Dealer:
    """Deals the 60 cards the player at ``seat`` has not seen to the other three seats.

    Prepared once per hand; every deal then costs a few microseconds (shuffling runs in
    numpy, a batch at a time). ``constraints`` maps a seat to a ``SeatConstraint``.
    """

    def __init__(self, hand: Hand, seat: int = 0,
                 constraints: Mapping[int, SeatConstraint] | None = None,
                 max_tries: int = 100_000):
        if len(hand) != HAND_SIZE:
            raise UserError(f"a deal needs a 20-card hand, not {len(hand)} cards")
        self.hand, self.seat, self.max_tries = hand, seat, max_tries
        self.constraints = dict(constraints or {})
        if not 0 <= seat < 4 or not set(self.constraints) <= set(range(4)) - {seat}:
            raise UserError(f"constraints are for the seats other than {seat}, among 0 to 3")
        base = [0] * 16
        base[seat * 4: seat * 4 + 4] = encode(hand.counts)
        left = [COPIES - n for n in hand.counts]
        slots: list[int] = []
        for other in range(4):
            if other == seat:
                continue
            known = self.constraints.get(other, SeatConstraint()).known
            counts = known.counts if known is not None else (0,) * KINDS
            for i, n in enumerate(counts):
                left[i] -= n
                if left[i] < 0:
                    raise UserError(f"seat {other} cannot hold the cards it is said to hold:"
                                    f" there are not that many {CARDS[i]} unseen")
            if sum(counts) > HAND_SIZE:
                raise UserError(f"seat {other} is said to hold more than 20 known cards")
            codes = encode(counts)
            for s in range(4):
                base[other * 4 + s] += codes[s]
            slots += [other] * (HAND_SIZE - sum(counts))
        self._base = np.array(base, dtype=np.int64)
        self._pool = np.array([i for i in range(KINDS) for _ in range(left[i])], dtype=np.int64)
        self._slot_key = np.array(slots, dtype=np.int64) * 4
        self._tested = [(s, c) for s, c in self.constraints.items() if c.tests]

    def deal_codes(self, rng: np.random.Generator, n: int) -> list[list[int]]:
        """``n`` deals meeting the constraints, each as 16 suit codes (seat * 4 + suit).

        Raises ``UserError`` if none of the first ``max_tries`` deals meets them."""
        out: list[list[int]] = []
        tries = 0
        while len(out) < n:
            want = n - len(out)
            rows = self._shuffle(rng, want)
            tries += want
            if self._tested:
                rows = [r for r in rows if all(
                    c.allows(Hand(decode(r[s * 4: s * 4 + 4]))) for s, c in self._tested)]
                if not rows and not out and tries >= self.max_tries:
                    raise UserError(f"no deal in {tries} meets the constraints on the other hands")
            out += rows
        return out

    def _shuffle(self, rng: np.random.Generator, n: int) -> list[list[int]]:
        cards = rng.permuted(np.broadcast_to(self._pool, (n, self._pool.size)), axis=1)
        key = self._slot_key + _SUIT[cards] + np.arange(n)[:, None] * 16
        codes = np.bincount(key.ravel(), weights=_WEIGHT[cards].ravel(), minlength=n * 16)
        return (codes.reshape(n, 16).astype(np.int64) + self._base).tolist()

    def deal(self, rng: np.random.Generator) -> tuple[Hand, Hand, Hand, Hand]:
        """One deal, as four hands (seat order)."""
        codes = self.deal_codes(rng, 1)[0]
        return tuple(Hand(decode(codes[s * 4: s * 4 + 4])) for s in range(4))


def play_codes(H: list[int], trump: int, leader: int = 0,
               players: Sequence[FastPlayer] | None = None,
               record: list[int] | None = None) -> list[int]:
    """Play out a deal given as 16 suit codes (consumed); trick points per side, unscaled."""
    if players is None:
        players = (_HEURISTIC,) * 4
    return playout(H, trump, leader, [p.lead for p in players], [p.follow for p in players],
                   record)


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
    dealer: Dealer
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
    for i, H in enumerate(job.dealer.deal_codes(rng, size)):
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
    if samples < 1:
        raise UserError("samples must be at least 1")
    if seed < 0:
        raise UserError("the seed must not be negative")
    if jobs < 1:
        raise UserError("jobs must be at least 1")
    players = tuple(players) if players is not None else (_HEURISTIC,) * 4
    if len(players) != 4 or not all(isinstance(p, FastPlayer) for p in players):
        raise ValueError("simulation needs four FastPlayer players")
    job = _Job(Dealer(hand, seat, constraints), trump, seat if leader is None else leader,
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
