"""Matches in games, for tuning and reporting the game-aware advice (``arena --games``, with
the game call's margin set).

Run by hand (not a test)::

    .venv/bin/python benchmarks/bench_games.py advisor:jump,game advisor:jump --games 200 \\
        --seed 101 [--rules standard] [--samples 1000] [--jobs 2] [--margin 0.005] \\
        [--out FILE.jsonl]

``--margin`` sets ``bidding.game_call.GAME_MARGIN`` (how much more of the games a call must win
than the points advice's call to replace it) in every process that plays; without it the
package's value stands. Stopped by SIGINT (``timeout -s INT 170 ...``), it reports the games
played. Prints the report as ``arena --games --format json`` does, with the
CPU seconds of this process and its children and the load average, and writes one line per
game run to ``--out`` (the game, the run, its hands, the winner, the totals, and the hands
where a side reached the target's last stretch: a score within ``rules.min_bid_points`` of
it).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from pinochle_calc.bidding import game_call
from pinochle_calc.game.games import duplicate_games, games_tally
from pinochle_calc.rules import load_rules

#: Estimates kept for the cache (``--cache``): about a game's two runs of calls.
CACHE = 160


def cache_estimates() -> None:
    """The bid advice's estimates kept in each process, by what they depend on: a game's second
    run repeats the first one's calls until the policies' calls differ, and an estimate is the
    same function of its arguments whoever asks (``advise`` calls it by this module-level
    name), so the figures are unchanged; the time about halves."""
    from collections import OrderedDict
    from importlib import import_module

    advise = import_module("pinochle_calc.bidding.advise")  # the module, not the function

    original = advise.estimate
    kept: OrderedDict = OrderedDict()

    def estimate(hand, rules, auction, convention, **options):
        if options.get("progress") is not None:
            return original(hand, rules, auction, convention, **options)
        key = (str(hand), rules, tuple((c.seat, c.bid) for c in auction.calls), convention,
               tuple(sorted(options.items())))
        if key in kept:
            kept.move_to_end(key)
            return kept[key]
        result = kept[key] = original(hand, rules, auction, convention, **options)
        if len(kept) > CACHE:
            kept.popitem(last=False)
        return result

    advise.estimate = estimate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--margin", type=float, default=None)
    parser.add_argument("--out", default=None)
    parser.add_argument("--no-cache", action="store_true",
                        help="work every estimate out (the figures are the same)")
    args = parser.parse_args()
    if not args.no_cache:
        cache_estimates()
    if args.margin is not None:
        game_call.GAME_MARGIN = args.margin  # before the workers fork: they keep it
    rules = load_rules(args.rules)
    started = cpu_seconds(), time.time()
    tally = games_tally(args.a, args.b, args.games, args.seed, rules, args.samples, args.jobs)
    out = open(args.out, "w") if args.out else None
    stopped = False
    try:
        for number, pair in enumerate(duplicate_games(args.a, args.b, args.games, args.seed,
                                                      rules, args.samples, args.jobs)):
            tally.add(pair)
            if out is not None:
                for run, game in enumerate(pair):
                    scores = [r.tag("Score") for r in game.records]
                    out.write(json.dumps({
                        "game": number, "run": run, "hands": len(game.records),
                        "winner": game.winner, "totals": list(game.totals),
                        "scores": scores,
                        "calls": [[c.bid for c in r.state.auction.calls] for r in game.records],
                    }) + "\n")
                out.flush()
    except KeyboardInterrupt:  # timeout -s INT: the report of the games played
        stopped = True
    finally:
        if out is not None:
            out.close()
    report = tally.report().to_dict()
    report.update({"stopped": stopped, "games_asked": args.games,
                   "margin_setting": game_call.GAME_MARGIN,
                   **run_facts(*started),
                   "command": "benchmarks/bench_games.py " + " ".join(
                       f"{k}={v}" for k, v in vars(args).items())})
    print(json.dumps(report, indent=1))


def cpu_seconds() -> float:
    """CPU seconds (user + system) of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_facts(cpu_start: float, wall_start: float) -> dict:
    """What a run's report says of its cost since ``cpu_seconds()`` and ``time.time()`` read
    ``cpu_start`` and ``wall_start``: CPU and wall seconds, and the machine's load now."""
    return {"cpu_seconds": round(cpu_seconds() - cpu_start, 1),
            "wall_seconds": round(time.time() - wall_start, 1),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


if __name__ == "__main__":
    main()
