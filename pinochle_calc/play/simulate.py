"""Simulation: play the hands out over dealt deals, and count the points.

The calls a bid advisor needs:

- ``Deals(hand, seat, constraints).codes(rng, n)``: ``n`` deals of the unseen cards (a
  ``dealer.Dealer``), meeting each seat's ``SeatConstraint``, as suit codes, the fast form
  ``play_codes`` takes;
- ``play_deal(hands, trump, leader)`` -> trick points per side, unscaled;
- ``play_many(codes, trump, leader)`` -> the trick points of many deals at once, each with its
  own trump and leader if need be (four heuristic players play them all together, in
  ``lockstep``);
- ``simulate_tricks(hand, trump, samples=..., seed=...)`` -> ``TrickStats`` for the side of the
  hand's seat, which names trump and leads.

Constraints are met by rejection, so each accepted deal is drawn from exactly the deals that
meet them. Results depend only on the seed, never on ``jobs``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..cards import HAND_SIZE, SUITS, SuitLike, as_suit
from ..errors import UserError
from ..hand import Hand, HandLike, as_hand
from ..limits import JOBS_MAX, SEED_MAX, TRICK_DEALS, check
from ..processes import map_jobs
from .dealer import Dealer, hand_test, sample, seat_test, suit_codes
from .lockstep import hand_sizes, play_lockstep
from .players import FastPlayer, HeuristicPlayer, Player, heuristic_follow, heuristic_lead
from .stats import Stats
from .tricks import NCODES, PlayState, decode, encode, playout

if TYPE_CHECKING:  # numpy.typing costs a start-up millisecond: for the checker only
    from numpy.typing import ArrayLike

#: Deals per batch: each batch has its own random stream derived from (seed, batch number).
CHUNK = 250
#: Batches dealt and played out together, and given to one process with ``jobs``.
BLOCK_CHUNKS = 80
#: The most trick points a side can take in a deal (unscaled): every counter and the last.
MAX_POINTS = 50

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

    def __post_init__(self) -> None:
        if self.min_meld and self.meld is None:
            raise ValueError("min_meld needs a meld function")

    @property
    def tests(self) -> bool:
        return self.min_meld > 0 or self.accept is not None

    def allows(self, hand: Hand) -> bool:
        if self.min_meld and self.meld is not None and self.meld(hand) < self.min_meld:
            return False
        return self.accept is None or bool(self.accept(hand))


class Deals:
    """The deals of the unseen cards for a hand at ``seat``, meeting ``constraints`` (a
    ``SeatConstraint`` per other seat): the one ``Dealer`` with the constraints as tests."""

    def __init__(self, hand: HandLike, seat: int = 0,
                 constraints: Mapping[int, SeatConstraint] | None = None,
                 max_tries: int = 100_000):
        hand = as_hand(hand)
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
        h = [Hand(decode(codes[s * 4: s * 4 + 4])) for s in range(4)]
        return h[0], h[1], h[2], h[3]


def play_codes(H: list[int], trump: int, leader: int = 0,
               players: Sequence[FastPlayer] | None = None,
               record: list[int] | None = None) -> list[int]:
    """Play out a deal given as 16 suit codes (consumed); trick points per side, unscaled."""
    if players is None:
        players = (_HEURISTIC,) * 4
    return playout(H, trump, leader, [p.lead for p in players], [p.follow for p in players],
                   record)


def play_many(codes: ArrayLike, trump: ArrayLike | str, leader: ArrayLike = 0,
              players: Sequence[FastPlayer] | None = None) -> np.ndarray:
    """Play out many deals given as ``(n, 16)`` suit codes (``dealer.suit_codes``);
    ``(n, 2)`` trick points per side, unscaled.

    ``trump`` and ``leader`` are one number for every deal or an array of one per deal. The
    four hands of a deal hold the same number of cards. Four heuristic players (the default)
    play all the deals at once (``lockstep``); other players play them one by one.
    """
    codes = np.asarray(codes, dtype=np.int64).reshape(-1, 16)
    n = len(codes)
    trump, leader = _per_deal(trump, n, "trump"), _per_deal(leader, n, "leader")
    if np.any((codes < 0) | (codes >= NCODES)):
        raise ValueError("a suit code is 0 to 3124")
    sizes = hand_sizes(codes)
    if np.any(sizes != sizes[:, :1]):
        raise ValueError("the four hands of a deal must hold the same number of cards")
    if players is None or _heuristic(players):
        out = np.empty((n, 2), dtype=np.int64)
        for size in np.flatnonzero(np.bincount(sizes[:, 0])):
            deals = np.flatnonzero(sizes[:, 0] == size)
            out[deals] = play_lockstep(codes[deals], trump[deals], leader[deals])
        return out
    leads = [p.lead for p in players]
    follows = [p.follow for p in players]
    out = np.empty((n, 2), dtype=np.int64)
    for i, H in enumerate(codes.tolist()):
        out[i] = playout(H, int(trump[i]), int(leader[i]), leads, follows)
    return out


def _per_deal(value: ArrayLike | str, n: int, name: str) -> np.ndarray:
    """A number (a suit: its letter too) or one per deal, as ``n`` numbers 0 to 3."""
    if isinstance(value, str):
        value = as_suit(value, name)
    values = np.asarray(value)
    if values.ndim > 1 or values.ndim == 1 and len(values) != n:
        raise ValueError(f"{name} is one number or one per deal ({n})")
    if values.dtype.kind not in "iu" or np.any((values < 0) | (values > 3)):
        raise ValueError(f"{name} is 0 to 3")
    return np.broadcast_to(values.astype(np.int64), (n,))


def _heuristic(players: Sequence[FastPlayer] | None) -> bool:
    """Whether all four seats play the heuristic (which ``lockstep`` plays on arrays)."""
    return players is None or all(getattr(p, "lead", None) is heuristic_lead
                                  and getattr(p, "follow", None) is heuristic_follow
                                  for p in players)


def play_deal(hands: Sequence, trump: SuitLike, leader: int = 0,
              players: Sequence[Player] | None = None,
              record: list[int] | None = None) -> tuple[int, int]:
    """Play four hands (``Hand`` objects or 20 counts each) out; trick points per side.

    Side 0 is seats 0 and 2. The points are unscaled (0 to 50, the last trick's 2 included).
    ``players`` defaults to four heuristic players; any ``Player`` may sit in a seat (players
    that are not ``FastPlayer`` are asked through ``PlayState``, more slowly). ``record``
    receives the cards in the order played.
    """
    state = PlayState.deal(hands, trump, leader)
    fast = [p for p in players or () if isinstance(p, FastPlayer)]
    if players is None or len(fast) == len(players):
        H = [code for row in state.hands for code in encode(row)]
        a, b = play_codes(H, state.trump, leader, fast or None, record)
        return a, b
    while not state.is_over:
        card = players[state.to_play].choose(state.view())
        if record is not None:
            record.append(card)
        state = state.play(card)
    return state.points


@dataclass(frozen=True, repr=False)
class TrickStats(Stats):
    """The trick points one side took over many deals (scaled by the rule set's scale), with
    the trump and the seed they were played with (None where not known).

    ``distribution[k]`` is how many deals gave ``k`` unscaled points (0 to 50).
    """

    samples: int = 0
    distribution: tuple[int, ...] = ()
    scale: int = 1
    trump: int | None = None
    seed: int | None = None

    @classmethod
    def from_distribution(cls, distribution: ArrayLike, scale: int = 1, trump: int | None = None,
                          seed: int | None = None) -> TrickStats:
        """The statistics of a histogram of unscaled points (how many deals gave 0, 1, ...)."""
        counts = np.asarray(distribution, dtype=np.int64)
        s = Stats.of_counts(np.arange(len(counts)) * scale, counts)
        return cls(s.mean, s.stderr, s.p10, s.p50, s.p90, int(counts.sum()),
                   tuple(counts.tolist()), scale, trump, seed)

    @classmethod
    def from_points(cls, points: np.ndarray, scale: int = 1) -> TrickStats:
        pts = np.asarray(points, dtype=np.int64)
        return cls.from_distribution(np.bincount(pts, minlength=MAX_POINTS + 1), scale)

    def to_dict(self) -> dict[str, object]:
        """The ``tricks`` command's record: the trump, the deals and seed, and the figures
        (``trick_points``: mean, standard error, quantiles)."""
        return {"trump": None if self.trump is None else SUITS[self.trump],
                "samples": self.samples, "seed": self.seed, "trick_points": self.figures()}

    def __repr__(self) -> str:
        trump = None if self.trump is None else SUITS[self.trump]
        return (f"TrickStats(trump={trump!r}, samples={self.samples}, seed={self.seed},"
                f" mean={self.mean:.2f}, stderr={self.stderr:.2f}, p10={self.p10},"
                f" p50={self.p50}, p90={self.p90})")


@dataclass(frozen=True)
class _Job:
    deals: Deals
    trump: int
    leader: int
    side: int
    players: tuple
    seed: int


def _run_block(first: int, sizes: Sequence[int], job: _Job) -> np.ndarray:
    """The side's points in the batches ``first``, ``first + 1``, ... of a simulation, of
    ``sizes`` deals each.

    Batch ``i`` has its own random stream, from (seed, i) alone: first a seed for each
    player's own stream, then the deals. Four heuristic players play the block's deals all
    at once; other players play batch by batch, reseeded for each.
    """
    heuristic = _heuristic(job.players)
    parts = []
    for index, size in enumerate(sizes, first):
        rng = np.random.default_rng(np.random.SeedSequence(job.seed, spawn_key=(index,)))
        seeds = [int(rng.integers(2**63)) ^ n for n in range(4)]
        codes = suit_codes(job.deals.counts(rng, size))
        if heuristic:
            parts.append(codes)
            continue
        players = copy.deepcopy(job.players)
        for player, seed in zip(players, seeds):
            player.reseed(seed)
        parts.append(play_many(codes, job.trump, job.leader, players)[:, job.side])
    if heuristic:
        return play_lockstep(np.concatenate(parts), job.trump, job.leader)[:, job.side]
    return np.concatenate(parts)


def _distribution(first: int, sizes: Sequence[int], job: _Job) -> np.ndarray:
    """How many deals of a block gave the side 0, 1, ... 50 points."""
    return np.bincount(_run_block(first, sizes, job), minlength=MAX_POINTS + 1)


def simulate_tricks(hand: HandLike, trump: SuitLike, *, samples: int = 2000, seed: int = 0,
                    seat: int = 0, leader: int | None = None,
                    constraints: Mapping[int, SeatConstraint] | None = None,
                    players: Sequence[FastPlayer] | None = None, scale: int = 1,
                    jobs: int = 1,
                    progress: Callable[[int, int], None] | None = None) -> TrickStats:
    """Trick points of ``hand``'s side over ``samples`` random deals of the unseen cards.

    The hand sits at ``seat`` (its side is ``seat % 2``); ``leader`` defaults to that seat (the
    bidder names trump and leads). ``players`` (four ``FastPlayer``) default to heuristic
    players. The deals are dealt in batches of ``CHUNK``, each from its own random stream, and
    played ``BLOCK_CHUNKS`` batches at a time; ``jobs`` > 1 plays blocks in that many
    processes, and the result is the same. Only the histogram of the points is kept, so
    memory does not grow with ``samples``. ``progress(done, samples)`` is called after each
    block.
    """
    stats = None
    for stats in tricks_so_far(hand, trump, samples=samples, seed=seed, seat=seat,
                               leader=leader, constraints=constraints, players=players,
                               scale=scale, jobs=jobs):
        if progress:
            progress(stats.samples, samples)
    assert stats is not None  # at least one block
    return stats


def tricks_so_far(hand: HandLike, trump: SuitLike, *, samples: int = 2000, seed: int = 0,
                  seat: int = 0, leader: int | None = None,
                  constraints: Mapping[int, SeatConstraint] | None = None,
                  players: Sequence[FastPlayer] | None = None, scale: int = 1,
                  jobs: int = 1) -> Iterator[TrickStats]:
    """``simulate_tricks`` a block at a time: the statistics of the deals played so far after
    each block (the last is ``simulate_tricks``'s result), for a caller that may stop early
    and show what it has."""
    hand, trump = as_hand(hand), as_suit(trump)
    check("samples", samples, 1, TRICK_DEALS)
    check("seed", seed, 0, SEED_MAX)
    check("jobs", jobs, 1, JOBS_MAX)
    players = tuple(players) if players is not None else (_HEURISTIC,) * 4
    if len(players) != 4 or not all(isinstance(p, FastPlayer) for p in players):
        raise ValueError("simulation needs four FastPlayer players")
    job = _Job(Deals(hand, seat, constraints), trump, seat if leader is None else leader,
               seat & 1, players, seed)
    batches = -(-samples // CHUNK)
    firsts = range(0, batches, BLOCK_CHUNKS)
    blocks = ([min(CHUNK, samples - i * CHUNK) for i in range(first, first + BLOCK_CHUNKS)
               if i < batches] for first in firsts)
    distribution = np.zeros(MAX_POINTS + 1, dtype=np.int64)
    parts = map_jobs(_distribution, job, firsts, blocks, jobs=min(jobs, len(firsts)))
    with closing(parts):  # stopped early: the blocks not started are not played
        for part in parts:
            distribution += part
            yield TrickStats.from_distribution(distribution, scale, trump, seed)
