"""Matches in games: duplicate games to the target (``arena --games``).

``play_game(number, match)`` plays game ``number`` twice, policy A at seats 0 and 2 (``us``) in
the first run and at seats 1 and 3 in the second, with the same cards hand by hand: hand ``k``
of game ``g`` is deal ``g * MAX_HANDS + k`` of the match's seeded series (``whole.deal_cards``),
dealt by seat ``(3 + k) % 4`` (the deal passes to the left after every hand, the first hand's
dealer being seat 3 as in every other hand the arena plays). Each hand starts from the game's
score (``whole.play_on``'s ``score``: what every seat is told, and the record's ``Score``
tag), is scored by ``scoring.score_hand`` as every hand is, and the game ends on the hand
after which ``scoring.game_winner`` names a winner (the first side to reach the rule set's
target; both on one hand, the bidding side). The two runs go on independently: once the
policies' calls differ, so do the scores, and one run may end hands before the other.

The report (``GamesTally.report``) gives A's share of the games won (each pair of runs is one
duplicate game, worth 0, ½ or 1 to A), with its standard error over the games; beside it the
points as ``arena`` gives them (each policy's points per hand, bids won, how its contracts
ended) and A's margin per hand (its points less B's over the game's two runs, over their
hands), with its standard error over the games. A game that reaches ``MAX_HANDS`` hands without
a winner is stopped and counted apart (``unfinished``), worth ½ to each.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..bidding.estimate import DEFAULT_SAMPLES
from ..errors import UserError
from ..limits import ARENA_GAMES, GAME_HANDS, JOBS_MAX, SEED_MAX, check
from ..play.stats import Mean
from ..processes import WorkerFailed, map_jobs
from ..rules import STANDARD, RuleSet, RulesLike, as_rules
from ..scoring import SIDES, game_winner
from ..seats import Seat
from .arena import DealFailed, PolicyResult, PolicyTally
from .hand import Record
from .policies import policy
from .whole import PolicyError, deal_cards, hand_seed, play_on

#: The most hands a game is played to; a game still going then is stopped (``unfinished``).
MAX_HANDS = GAME_HANDS
#: The most games a match plays (each twice).
MAX_GAMES = ARENA_GAMES


@dataclass(frozen=True)
class GameMatch:
    """What every game of a match shares: the policies' names, the rules, seed and samples."""

    a: str
    b: str
    rules: RuleSet
    seed: int
    samples: int


@dataclass(frozen=True)
class GameRun:
    """One run of a game: its hands' records in order, the final totals (us, them: seats 0 and
    2, seats 1 and 3) and the winner (``us``, ``them``; None: stopped at ``MAX_HANDS``)."""

    records: tuple[Record, ...]
    totals: tuple[int, int]
    winner: str | None


def play_run(number: int, us: object, them: object, match: GameMatch) -> GameRun:
    """Game ``number`` of a match played once to its end, ``us`` at seats 0 and 2 (policy
    objects or names)."""
    rules = match.rules
    target = rules.target_points
    totals = (0, 0)
    records: list[Record] = []
    for k in range(MAX_HANDS):
        deal = number * MAX_HANDS + k
        start = Record(rules, Seat((3 + k) % 4), deal_cards(match.seed, deal))
        record = play_on(start, us, them, seed=hand_seed(match.seed, deal),  # type: ignore[arg-type]
                         samples=match.samples, score=totals)
        record = (record.with_tag("Seed", str(match.seed)).with_tag("Game", str(number))
                  .with_tag("Deal", str(k + 1)).with_tag("Samples", str(match.samples)))
        assert record.score is not None and record.state.contract is not None
        totals = (totals[0] + record.score[0], totals[1] + record.score[1])
        records.append(record)
        winner = game_winner(totals, record.state.contract.seat & 1, target)
        if winner is not None:
            return GameRun(tuple(records), totals, winner)
    return GameRun(tuple(records), totals, None)


def play_game(number: int, match: GameMatch) -> tuple[GameRun, GameRun]:
    """Game ``number`` played twice: A at seats 0 and 2, then at seats 1 and 3 (a policy that
    fails stops it with a ``PolicyError`` naming the game, the run and the call)."""
    a, b = policy(match.a, match.samples), policy(match.b, match.samples)
    out = []
    for run, (us, them) in enumerate(((a, b), (b, a))):
        try:
            played = play_run(number, us, them, match)
        except PolicyError as e:
            raise PolicyError(f"game {number} (seed {match.seed}), {us.name} at seats 0 and 2:"
                              f" {e}") from None
        out.append(GameRun(tuple(r.with_tag("Run", str(run)) for r in played.records),
                           played.totals, played.winner))
    return out[0], out[1]


def duplicate_games(a: str, b: str, games: int, seed: int = 0, rules: RulesLike = STANDARD,
                    samples: int = DEFAULT_SAMPLES, jobs: int = 1):
    """Every game's two runs (``play_game``), in order, played in ``jobs`` processes."""
    match = GameMatch(a, b, as_rules(rules), seed, samples)
    try:
        yield from map_jobs(play_game, match, range(games), jobs=min(jobs, games))
    except WorkerFailed as e:  # the process playing a game died: the game named
        raise DealFailed(e.index, seed, e.reason) from None


@dataclass(frozen=True)
class GamesReport:
    """A match in games (module docstring); ``seconds`` is the time it took."""

    policies: tuple[PolicyResult, PolicyResult]
    games: int
    seed: int
    rules: str
    samples: int
    target: int
    won: Mean  # A's share of the games won
    margin: Mean  # A's points less B's per hand
    hands: int
    unfinished: int
    seconds: float = field(compare=False)

    def to_dict(self) -> dict:
        a, b = self.policies
        return {
            "games": self.games, "seed": self.seed, "rules": self.rules,
            "samples": self.samples, "target": self.target, "policies": [a.name, b.name],
            "games_won": {"mean": round(self.won.mean, 4), "stderr": round(self.won.stderr, 4)},
            "unfinished": self.unfinished, "hands": self.hands,
            "hands_per_game": round(self.hands / (2 * self.games), 2),
            "margin": self.margin.to_dict(),
            "points_per_hand": {p.name: round(p.points_per_hand, 3) for p in (a, b)},
            "policy": {p.name: p.to_dict() for p in (a, b)},
            "seconds": round(self.seconds, 2),
        }

    def __repr__(self) -> str:
        a, b = self.policies
        return (f"GamesReport(policies=({a.name!r}, {b.name!r}), games={self.games},"
                f" won={self.won.mean:.3f} ± {self.won.stderr:.3f})")


class GamesTally:
    """A match in games so far (``add`` each game's two runs in order), and its report."""

    def __init__(self, names: tuple[str, str], seed: int, rules: RuleSet, samples: int):
        self.names, self.seed, self.rules, self.samples = names, seed, rules, samples
        self.won: list[float] = []
        self.margins: list[float] = []
        self.hands = self.unfinished = 0
        self.tallies = {name: PolicyTally() for name in names}
        self.started = time.perf_counter()

    @property
    def games(self) -> int:
        return len(self.won)

    def add(self, pair: tuple[GameRun, GameRun]) -> None:
        """One game's two runs: A at seats 0 and 2, then at seats 1 and 3."""
        a, b = self.names
        won, margin, hands = 0.0, 0, 0
        for run, game in enumerate(pair):
            a_side = run  # A's side: us (0) in the first run, them (1) in the second
            for record in game.records:
                for side, name in enumerate((a, b) if run == 0 else (b, a)):
                    self.tallies[name].add(record, side)
                assert record.score is not None
                margin += record.score[a_side] - record.score[1 - a_side]
                hands += 1
            if game.winner is None:
                self.unfinished += 1
                won += 0.5
            else:
                won += float(game.winner == SIDES[a_side])
        self.won.append(won / 2)
        self.margins.append(margin / hands)
        self.hands += hands

    def report(self) -> GamesReport:
        """The report over the games given so far (at least one)."""
        if not self.won:
            raise ValueError("no game has been played")
        a, b = self.names
        return GamesReport((self.tallies[a].result(a), self.tallies[b].result(b)), self.games,
                           self.seed, self.rules.name, self.samples, self.rules.target_points,
                           Mean.of(self.won), Mean.of(self.margins), self.hands,
                           self.unfinished, time.perf_counter() - self.started)


def games_tally(a: str, b: str, games: int, seed: int = 0, rules: RulesLike = STANDARD,
                samples: int = DEFAULT_SAMPLES, jobs: int = 1) -> GamesTally:
    """The running figures of a match in games of ``a`` against ``b``, the arguments checked
    before any game is played (as ``arena.arena_tally`` checks a match's)."""
    names = (policy(a, samples).name, policy(b, samples).name)
    if names[0] == names[1]:
        raise UserError(f"both policies are {names[0]}: a duplicate match of a policy with"
                        " itself wins half of every game")
    check("games", games, 1, MAX_GAMES)
    check("jobs", jobs, 1, JOBS_MAX)
    check("seed", seed, 0, SEED_MAX)
    return GamesTally(names, seed, as_rules(rules), samples)


def run_games(a: str, b: str, games: int, seed: int = 0, rules: RulesLike = STANDARD,
              samples: int = DEFAULT_SAMPLES, jobs: int = 1) -> GamesReport:
    """Play ``games`` duplicate games of ``a`` against ``b`` and report them."""
    tally = games_tally(a, b, games, seed, rules, samples, jobs)
    for pair in duplicate_games(a, b, games, seed, rules, samples, jobs):
        tally.add(pair)
    return tally.report()


__all__ = ["run_games", "games_tally", "duplicate_games", "play_game", "play_run", "GameRun",
           "GameMatch", "GamesReport", "GamesTally", "MAX_HANDS", "MAX_GAMES"]
