"""Every output byte of ``pinochle-calc meld --input`` against the old path's, in one run.

Run by hand (not a test; minutes): ``.venv/bin/python benchmarks/compare_meld.py
[--hands 1000000] [--baseline REV] [--cases FILE.jsonl]``. Feeds the same input files to this
worktree's CLI and to the package at ``--baseline`` (default: the last commit before the array
batch; see ``baseline.py``) and compares stdout byte for byte, the exit status, and stderr:

- dealt hands, under every preset, the roundhouse options and scale 10, as CSV and JSON lines,
  with and without ``--trump``;
- a file of every other kind of line (ids, JSON, other notations, short hands, mistakes,
  comments and blank lines), in every format, with and without ``--strict``;
- the hands of a cases file (``--cases``, e.g. ../shared/cases/meld_public.jsonl), if given.

Prints one line per comparison and exits 1 if any stdout or exit status differs. A different
stderr is listed apart: with ``--format table`` the old path wrapped a long message at 80
columns, and now every message is one line. Inputs where the old path was wrong (see the batch
commit messages) are left out: they are the point of the change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from baseline import BEFORE_ARRAYS, cli_at, current_cli
from bench_meld import RULE_SETS, random_hands

OTHER_LINES = [
    "# comment", "", "   ", "AS 10S KS QS JS KH QH", "as,ks , qs", "H: A 10 K K Q", "H=ATKKQ",
    "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J", "10♠ K♠ Q♠", "SA S10 SK", "id7\tKS QS",
    "x\tAH AH", '{"id": 9, "hand": "KH QH"}', '{"hand": "KD QD JD"}',
    '{"id": "é", "hand": "QS JD"}', '{"id": [1, 2], "hand": "AS AH AD AC"}', "AS AS AS AS AS",
    "AH 11H", "{not json", '{"id": 1}',
    "KS QS extra", "  KS QS  ", "KH QH KH QH KH QH KH QH", "JD JD QS QS", ",",
]


def run(cli: list[str], args: list[str]) -> tuple[str, int, str]:
    proc = subprocess.run(cli + args, capture_output=True)
    return hashlib.sha256(proc.stdout).hexdigest(), proc.returncode, proc.stderr.decode()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--baseline", default=BEFORE_ARRAYS)
    ap.add_argument("--cases", help="a JSON-lines file of {'hand': ...} cases")
    args = ap.parse_args()

    new = current_cli()
    jobs: list[list[str]] = []
    with tempfile.TemporaryDirectory() as tmp, cli_at(args.baseline) as old:
        dealt = os.path.join(tmp, "dealt.txt")
        Path(dealt).write_text("\n".join(random_hands(args.hands, seed=3)) + "\n")
        for rules in RULE_SETS:
            for fmt in ("csv", "jsonl"):
                jobs.append(["meld", "--input", dealt, "-f", fmt, "--rules", rules])
            jobs.append(["meld", "--input", dealt, "-f", "csv", "--rules", rules, "-t", "D"])
        other = os.path.join(tmp, "other.txt")
        Path(other).write_text("\n".join(OTHER_LINES * 50) + "\n")
        for fmt in ("csv", "jsonl", "json", "table"):
            for extra in ([], ["--strict"], ["--trump", "S"], ["--rules", "toby-thomas"]):
                jobs.append(["meld", "--input", other, "-f", fmt, *extra])
        if args.cases:
            cases = os.path.join(tmp, "cases.txt")
            with open(args.cases) as f:
                hands = [json.loads(line)["hand"] for line in f if line.strip()]
            Path(cases).write_text("\n".join(hands) + "\n")
            for fmt in ("csv", "jsonl", "json", "table"):
                jobs.append(["meld", "--input", cases, "-f", fmt])
        differ, notes = 0, 0
        for job in jobs:
            a, b = run(old, job), run(new, job)
            same = a[:2] == b[:2]
            differ += not same
            notes += a[2] != b[2]
            shown = " ".join(os.path.basename(x) if x.startswith(tmp) else x for x in job[1:])
            stderr = "" if a[2] == b[2] else "  (stderr differs)"
            print(f"{'same' if same else 'DIFFERENT':9} {shown}{stderr}", flush=True)
            if not same:
                print(f"    old: exit {a[1]}, {a[0][:12]}; new: exit {b[1]}, {b[0][:12]}")
    print(f"{len(jobs) - differ} of {len(jobs)} outputs byte-equal with the same exit status;"
          f" stderr differs in {notes}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
