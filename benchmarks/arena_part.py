"""A part of a duplicate match: the deals ``--first`` to ``--stop`` (not included) of
``pinochle-calc arena A B --seed S``, written as that command's ``--format jsonl`` writes them.

Run by hand (not a test), when a match is longer than one sitting: each deal is dealt and
seeded by its number alone (``arena.play_twice``), so parts played apart and put one after the
other (``cat part1.jsonl part2.jsonl``) hold the very hands of the whole match, and the readers
of a match's jsonl (``davis_calls.py``, ``raised_partner.py``) take them as one::

    .venv/bin/python benchmarks/arena_part.py advisor:davis advisor:jump --seed 2029 \\
        --first 100 --stop 2000 --rules standard,steps=any,passing.cards=4 --jobs 2 > part.jsonl

A part stopped with Ctrl-C keeps every deal it wrote whole (both hands); ``--first`` the next
one goes on from there.
"""

from __future__ import annotations

import argparse
import sys

from pinochle_calc.bidding.estimate import DEFAULT_SAMPLES
from pinochle_calc.cli.app import write_json
from pinochle_calc.game.arena import _Match, play_twice
from pinochle_calc.game.hand import to_json
from pinochle_calc.processes import map_jobs
from pinochle_calc.rules import load_rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--stop", type=int, required=True)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--samples", "-n", type=int, default=DEFAULT_SAMPLES)
    ap.add_argument("--jobs", "-j", type=int, default=1)
    args = ap.parse_args()
    job = _Match(args.a, args.b, load_rules(args.rules), args.seed, args.samples)
    numbers = range(args.first, args.stop)
    try:
        for pair in map_jobs(play_twice, job, numbers, jobs=min(args.jobs, len(numbers))):
            for record in pair:
                write_json(to_json(record))
            sys.stdout.flush()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
