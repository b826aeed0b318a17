"""The duplicate arena: how much one bidding policy wins against another.

``run_arena(a, b, deals=N, seed=S)`` deals ``N`` hands at random (``whole.deal_cards``) and plays
each twice, duplicate style: policy A at seats 0 and 2 (policy B at 1 and 3), then with the seats
swapped, the same cards and the same dealer, so the luck of the cards cancels. Each deal gives a
*margin*: A's score less B's, over both seatings; the report gives its mean with the standard
error over deals, and per policy the points per hand, how often it won the bid, how its
contracts ended, their mean, and for a policy that predicts (an advisor) the calibration of its
predictions: for every contract it won, the chance of making it it gave at its last bid, against
what happened. It also gives each policy's trick points per hand (over the hands whose cards
were played) and A's *trick gain*: its side's trick points a hand over half the hand's, with
the standard error over deals, which measures the play of the cards where the bidding is the
same (``formula/advisor`` against ``formula``).

Each deal depends only on the seed and its number, so the result is the same whatever ``jobs``
(processes) plays the deals, or the Dask cluster whose ``scheduler`` is given (``cluster``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import cast

from ..bidding.estimate import DEFAULT_SAMPLES
from ..cluster import scheduler_address
from ..errors import UserError
from ..limits import ARENA_DEALS, JOBS_MAX, SEED_MAX, check
from ..play.stats import Mean
from ..processes import WorkerFailed, map_jobs
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from ..scoring import Result
from .hand import Record
from .hand.tags import prediction_of
from .policies import policy, split_policy_name
from .whole import RESULTS, PolicyError, deal_cards, hand_seed, play_hand

#: Calibration bins: predicted chances [0, 0.1), [0.1, 0.2), ..., [0.9, 1].
BINS = 10


def _round(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


@dataclass(frozen=True)
class Bin:
    """Predictions in ``[low, high)`` (the last bin includes 1): how many, their mean, and the
    share of those contracts that were made (None for an empty bin)."""

    low: float
    high: float
    n: int
    predicted: float | None
    observed: float | None

    def to_dict(self) -> dict:
        return {"from": self.low, "to": self.high, "n": self.n,
                "predicted": _round(self.predicted), "observed": _round(self.observed)}


@dataclass(frozen=True)
class Calibration:
    """Predicted chances of making a contract against the results, in ``BINS`` bins: ``mae``
    the count-weighted mean absolute gap between a bin's mean prediction and its share made,
    ``brier`` the mean squared error of the predictions (None with no predictions)."""

    bins: tuple[Bin, ...]
    n: int
    mae: float | None
    brier: float | None

    @classmethod
    def of(cls, predictions: Iterable[float], made: Iterable[bool]) -> Calibration:
        """The calibration of chances ``predictions`` (0 to 1) against ``made`` (booleans)."""
        pairs = [(float(p), bool(m)) for p, m in zip(predictions, made)]
        if any(not 0 <= p <= 1 for p, _ in pairs):
            raise ValueError("a prediction is a chance from 0 to 1")
        groups: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
        for p, m in pairs:
            groups[min(int(p * BINS), BINS - 1)].append((p, m))
        bins = []
        gap = 0.0
        for i, group in enumerate(groups):
            low, high = i / BINS, (i + 1) / BINS
            if not group:
                bins.append(Bin(low, high, 0, None, None))
                continue
            predicted = sum(p for p, _ in group) / len(group)
            observed = sum(m for _, m in group) / len(group)
            gap += len(group) * abs(predicted - observed)
            bins.append(Bin(low, high, len(group), predicted, observed))
        n = len(pairs)
        brier = sum((p - m) ** 2 for p, m in pairs) / n if n else None
        return cls(tuple(bins), n, gap / n if n else None, brier)

    def to_dict(self) -> dict:
        return {"contracts": self.n, "bins": [b.to_dict() for b in self.bins],
                "mae": _round(self.mae), "brier": _round(self.brier)}

    def __repr__(self) -> str:
        return f"Calibration(n={self.n}, mae={_round(self.mae)}, brier={_round(self.brier)})"


@dataclass(frozen=True)
class PolicyResult:
    """One policy's figures over every hand it played: points per hand, the share of hands it
    won the bid in, how its contracts ended (shares of the contracts it won, by result), their
    mean bid, the calibration of its predictions (None: it made none), and its side's trick
    points per hand over the hands whose cards were played (None: none were)."""

    name: str
    hands: int
    points_per_hand: float
    bids_won: float
    results: dict[str, float]
    mean_contract: float | None
    calibration: Calibration | None
    trick_points_per_hand: float | None = None

    def to_dict(self) -> dict:
        """One policy's figures, rounded as the arena's report rounds them."""
        return {"name": self.name, "hands": self.hands,
                "points_per_hand": round(self.points_per_hand, 3),
                "bids_won": round(self.bids_won, 4),
                "results": {key: round(share, 4) for key, share in self.results.items()},
                "mean_contract": _round(self.mean_contract, 2),
                "calibration": None if self.calibration is None else self.calibration.to_dict()}

    def __repr__(self) -> str:
        return (f"PolicyResult(name={self.name!r}, hands={self.hands},"
                f" points_per_hand={self.points_per_hand:.2f}, bids_won={self.bids_won:.3f})")


@dataclass(frozen=True)
class ArenaReport:
    """The arena's result (see the module docstring); ``seconds`` is the time it took."""

    policies: tuple[PolicyResult, PolicyResult]
    deals: int
    seed: int
    rules: str
    samples: int
    margin: float
    stderr: float | None
    seconds: float = field(compare=False)
    trick_gain: float | None = None
    trick_gain_stderr: float | None = None

    def __repr__(self) -> str:
        a, b = self.policies
        stderr = None if self.stderr is None else round(self.stderr, 2)
        return (f"ArenaReport(policies=({a.name!r}, {b.name!r}), deals={self.deals},"
                f" seed={self.seed}, rules={self.rules!r}, margin={self.margin:.2f},"
                f" stderr={stderr})")

    @property
    def hands_per_second(self) -> float:
        return 2 * self.deals / self.seconds if self.seconds > 0 else float("inf")

    def to_dict(self) -> dict:
        a, b = self.policies
        both = (a, b)

        def each(get: Callable[[PolicyResult], object]) -> dict:
            return {p.name: get(p) for p in both}

        return {
            "deals": self.deals, "hands": 2 * self.deals, "seed": self.seed,
            "rules": self.rules, "samples": self.samples, "policies": [a.name, b.name],
            "points_per_hand": each(lambda p: round(p.points_per_hand, 3)),
            "margin": {"mean": round(self.margin, 3), "stderr": _round(self.stderr, 3)},
            "trick_points_per_hand": each(lambda p: _round(p.trick_points_per_hand, 3)),
            "trick_gain": {"mean": _round(self.trick_gain, 3),
                           "stderr": _round(self.trick_gain_stderr, 3)},
            "bids_won": each(lambda p: round(p.bids_won, 4)),
            **{key: each(partial(_share, key=key)) for key in RESULTS},
            "mean_contract": each(lambda p: _round(p.mean_contract, 2)),
            "calibration": {p.name: p.calibration.to_dict() for p in both
                            if p.calibration is not None},
            "seconds": round(self.seconds, 2),
            "hands_per_second": round(self.hands_per_second, 3),
        }


def _share(policy: PolicyResult, key: Result) -> float:
    """The share of a policy's contracts that ended in one result, as the report rounds it."""
    return round(policy.results[key], 4)


@dataclass(frozen=True)
class _Match:
    a: str
    b: str
    rules: RuleSet
    seed: int
    samples: int


class DealFailed(PolicyError):
    """Deal ``deal`` of the match whose seed is ``seed`` ended the process that played it (a
    policy's ``os._exit`` or ``sys.exit``, a signal, memory exhausted): ``reason`` says how."""

    def __init__(self, deal: int, seed: int, reason: str):
        super().__init__(deal, seed, reason)
        self.deal, self.seed, self.reason = deal, seed, reason

    def __str__(self) -> str:
        return f"deal {self.deal} (seed {self.seed}): {self.reason}"


def play_twice(number: int, job: _Match) -> tuple[Record, Record]:
    """Deal ``number``, played with A at seats 0 and 2, then with A at seats 1 and 3 (a
    policy that fails stops it with a ``PolicyError`` naming the deal, the seating, the seat
    and the call). Each record is tagged with the match's seed, the deal's number, the run
    (0: A at seats 0 and 2) and the advisors' samples, so that ``review`` advises its
    decisions again with the seeds they were made with."""
    hands = deal_cards(job.seed, number)
    a, b = policy(job.a, job.samples), policy(job.b, job.samples)
    names = {id(a): a.name, id(b): b.name}  # as loaded: a policy may change its own
    seed = hand_seed(job.seed, number)
    out = []
    for run, (us, them) in enumerate(((a, b), (b, a))):
        try:
            record = play_hand(hands, us, them, job.rules, seed=seed)
            out.append(record.with_tag("Seed", str(job.seed)).with_tag("Deal", str(number))
                       .with_tag("Run", str(run)).with_tag("Samples", str(job.samples)))
        except PolicyError as e:
            raise PolicyError(f"deal {number} (seed {job.seed}), {names[id(us)]} at seats 0"
                              f" and 2: {e}") from None
    return out[0], out[1]


def duplicate_deals(a: str, b: str, deals: int, seed: int = 0, rules: RulesLike = STANDARD,
                    samples: int = DEFAULT_SAMPLES, jobs: int = 1, scheduler: str | None = None,
                    patience: float | None = None) -> Iterator[tuple[Record, Record]]:
    """Every deal's two hands (``play_twice``), in deal order; ``jobs`` processes play them, or
    the workers of the Dask cluster whose scheduler's address is ``scheduler``, which the
    match waits for ``patience`` seconds at most when it stops answering or has no worker
    (default ``cluster.PATIENCE_SECONDS``: see ``cluster.map_cluster``)."""
    if scheduler is None:
        job = _Match(a, b, as_rules(rules), seed, samples)
        try:
            yield from map_jobs(play_twice, job, range(deals), jobs=min(jobs, deals))
        except WorkerFailed as e:  # the process playing a deal died: the deal named
            raise DealFailed(e.index, seed, e.reason) from None
        return
    from ..cluster import PATIENCE_SECONDS, map_cluster

    (a, a_files), (b, b_files) = _on_workers(a), _on_workers(b)
    modules = dict(a_files + b_files)
    job = _Match(a, b, as_rules(rules), seed, samples)
    yield from map_cluster(play_twice, job, range(deals), scheduler, modules,
                           patience=PATIENCE_SECONDS if patience is None else patience)


def _on_workers(spec: str) -> tuple[str, list[tuple[str, bytes]]]:
    """A policy as a cluster's workers load it, and the modules to send them for it: a policy
    or a card player of one's own given by the path of its ``.py`` file is sent, and named there
    by the module's name (``cluster.shipped_module``); any other name is the same there."""
    base, cards = split_policy_name(spec)
    sent: list[tuple[str, bytes]] = []

    def there(part: str) -> str:
        module, _, attr = part.rpartition(":")
        # a path as ``outside.import_outside`` tells one from a module's dotted name
        if not module or not attr or not (module.endswith(".py") or "/" in module
                                          or os.sep in module):
            return part
        from ..cluster import shipped_module

        name, source = shipped_module(module)
        sent.append((name, source))
        return f"{name}:{attr}"

    bidder = there(base)
    if cards == "heuristic":
        return (spec if not sent else bidder), sent
    return f"{bidder}/{there(cards) if ':' in cards else cards}", sent


def run_arena(a: str, b: str, deals: int, seed: int = 0, rules: RulesLike = STANDARD,
              samples: int = DEFAULT_SAMPLES, jobs: int = 1,
              progress: Callable[[int, int], None] | None = None,
              on_hand: Callable[[int, int, Record], None] | None = None,
              scheduler: str | None = None, patience: float | None = None) -> ArenaReport:
    """Play ``deals`` duplicate deals of policy ``a`` against policy ``b`` (names, or
    ``MODULE:NAME`` for a policy written outside the project: see ``policies.policy``), in
    ``jobs`` processes or on the Dask cluster whose scheduler's address is ``scheduler``
    (``tcp://HOST:PORT``; see ``cluster.map_cluster``, whose ``patience`` it passes on).
    ``progress(done, deals)`` is called after each deal and ``on_hand(deal, run, record)`` for
    each hand played (run 0: A at seats 0 and 2). A policy that fails or breaks the rules stops
    the match with a ``PolicyError``."""
    tally = arena_tally(a, b, deals, seed, rules, samples, jobs, scheduler)
    if patience is not None:
        if scheduler is None:
            raise UserError("patience is how long a match waits for its cluster: give it with"
                            " a scheduler")
        from ..cluster import patience_seconds

        patience_seconds(patience)
    for number, pair in enumerate(duplicate_deals(*tally.specs, deals, seed, rules, samples,
                                                  jobs, scheduler, patience)):
        tally.add(pair)
        if on_hand is not None:
            for run, record in enumerate(pair):
                on_hand(number, run, record)
        if progress is not None:
            progress(number + 1, deals)
    return tally.report()


def arena_tally(a: str, b: str, deals: int, seed: int = 0, rules: RulesLike = STANDARD,
                samples: int = DEFAULT_SAMPLES, jobs: int = 1,
                scheduler: str | None = None) -> ArenaTally:
    """The running figures of a match of ``a`` against ``b`` (``run_arena``'s arguments
    checked), to be given each deal's pair of hands (``duplicate_deals``) in order; its report
    is the match's so far, so a caller stopped early still has the deals played. ``specs``
    keeps ``a`` and ``b`` as given (for ``duplicate_deals``), ``names`` the policies' names."""
    # an unknown name or a policy that cannot be loaded fails here, before any process starts
    specs = (a, b)
    a, b = policy(a, samples).name, policy(b, samples).name
    if a == b:
        raise UserError(f"both policies are {a}: a duplicate match of a policy with itself"
                        " scores 0 on every deal")
    rules = as_rules(rules)
    check("deals", deals, 1, ARENA_DEALS)
    check("jobs", jobs, 1, JOBS_MAX)
    check("seed", seed, 0, SEED_MAX)
    if scheduler is not None:
        if jobs > 1:
            raise UserError("jobs are processes on this machine, a scheduler a cluster's: give"
                            " one of them")
        scheduler_address(scheduler)
    return ArenaTally((a, b), seed, rules.name, samples, rules.trick_points, specs)


class ArenaTally:
    """A match's figures over the deals given so far (``add``), and its report (``report``)."""

    def __init__(self, names: tuple[str, str], seed: int, rules: str, samples: int,
                 trick_points: int = 50, specs: tuple[str, str] | None = None):
        self.names, self.seed, self.rules, self.samples = names, seed, rules, samples
        self.half = trick_points / 2  # of a hand's trick points
        self.specs = names if specs is None else specs
        self.margins: list[float] = []
        self.gains: list[float] = []  # per deal whose cards were played: A's trick gain a hand
        self.tallies = {name: PolicyTally() for name in names}
        self.started = time.perf_counter()

    @property
    def deals(self) -> int:
        """The deals given so far."""
        return len(self.margins)

    def add(self, pair: tuple[Record, Record]) -> None:
        """One deal's two hands: A at seats 0 and 2, then at seats 1 and 3."""
        a, b = self.names
        margin = 0
        gain, played = 0.0, 0
        for run, record in enumerate(pair):
            first, second = (a, b) if run == 0 else (b, a)  # first plays seats 0 and 2
            for side, name in enumerate((first, second)):
                self.tallies[name].add(record, side)
            a_side = 0 if run == 0 else 1
            score = record.score or (0, 0)
            margin += score[a_side] - score[1 - a_side]
            tricks = record.state.trick_points()
            if tricks is not None:
                gain += tricks[a_side] - self.half
                played += 1
        self.margins.append(margin)
        if played:
            self.gains.append(gain / played)

    def report(self) -> ArenaReport:
        """The report over the deals given so far (at least one)."""
        a, b = self.names
        margins = self.margins
        n = len(margins)
        if not n:
            raise ValueError("no deal has been played")
        margin = Mean.of(margins)
        gain = Mean.of(self.gains) if self.gains else None
        return ArenaReport((self.tallies[a].result(a), self.tallies[b].result(b)), n,
                           self.seed, self.rules, self.samples, margin.mean,
                           _stderr(margin, n), time.perf_counter() - self.started,
                           None if gain is None else gain.mean,
                           None if gain is None else _stderr(gain, len(self.gains)))


def _stderr(mean: Mean, n: int) -> float | None:
    """A mean's standard error as the report gives it: None from one value."""
    return mean.stderr if n > 1 else None


class PolicyTally:
    """One policy's running figures over the hands it played (``add``: a hand and the side,
    0 or 1, it played), as ``PolicyResult`` (``result``)."""

    def __init__(self) -> None:
        self.hands = self.points = self.won = self.bid_total = 0
        self.trick_points = self.played = 0
        self.results = dict.fromkeys(RESULTS, 0)
        self.predictions: list[float] = []
        self.made: list[bool] = []

    def add(self, record: Record, side: int) -> None:
        state = record.state
        contract, tricks = state.contract, state.trick_points()
        assert record.score is not None and record.result is not None and contract is not None
        self.hands += 1
        self.points += record.score[side]
        if tricks is not None:
            self.trick_points += tricks[side]
            self.played += 1
        if contract.side != side:
            return
        self.won += 1
        self.bid_total += contract.bid
        self.results[cast(Result, record.result)] += 1
        prediction = prediction_of(record)
        if prediction is not None:
            self.predictions.append(prediction)
            self.made.append(record.result == "made")

    def result(self, name: str) -> PolicyResult:
        won = self.won
        return PolicyResult(
            name, self.hands, self.points / self.hands, won / self.hands,
            {k: (v / won if won else 0.0) for k, v in self.results.items()},
            self.bid_total / won if won else None,
            Calibration.of(self.predictions, self.made) if self.predictions else None,
            self.trick_points / self.played if self.played else None)


__all__ = ["run_arena", "arena_tally", "ArenaTally", "PolicyTally", "duplicate_deals",
           "play_twice", "DealFailed", "ArenaReport", "PolicyResult", "Calibration", "Bin", "BINS"]
