"""The match after pricing, from the match before it: only the deals where the price was asked
are played again.

Run by hand (not a test): ``.venv/bin/python benchmarks/price_effect.py BEFORE.jsonl AFTER.jsonl
--seed S --policy advisor:jump [--jobs 2]`` where ``BEFORE.jsonl`` is ``pinochle-calc arena
benchmarks/unpriced.py:jump B --seed S --format jsonl`` output. A call is priced only where the
advisor is to call with its partner holding the bid and both opponents out; until then the
priced and the unpriced advisor make the same calls from the same seeds. So a deal in which
that never happened plays the same with either: its records are copied, and the others are
played again with ``--policy`` in the unpriced advisor's seats (a few copied deals are played
again too, as a check that they come out the same). It works the other way round as well: from
a priced match, ``--policy benchmarks/unpriced.py:jump`` gives the unpriced one. ``AFTER.jsonl``
is then the match the other advisor would have played; ``raised_partner.py`` reads both.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rows import deal_of  # noqa: E402

from pinochle_calc.game.arena import _Match, play_twice  # noqa: E402
from pinochle_calc.game.hand import to_json  # noqa: E402
from pinochle_calc.game.policies import policy  # noqa: E402
from pinochle_calc.processes import map_jobs  # noqa: E402
from pinochle_calc.rules import load_rules  # noqa: E402

CHECKS = 3


def priced_here(record: dict, name: str) -> bool:
    """Whether the policy ``name`` was ever to call with its partner holding the bid and both
    opponents out (where the priced advisor may call otherwise)."""
    side = 0 if record["policies"]["us"] == name else 1
    high_seat, passed = None, set()
    calls = record["auction"]
    for i, call in enumerate(calls):
        seat = call["seat"]
        if seat & 1 == side and high_seat == seat ^ 2 and {seat ^ 1, seat ^ 3} <= passed:
            return True
        if call["call"] == "pass":
            passed.add(seat)
        else:
            high_seat = seat
        if i == len(calls) - 1:
            break
    return False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--policy", default="advisor:jump")
    ap.add_argument("--samples", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with open(args.before, encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    by_deal: dict[int, list[dict]] = {}
    for r in records:
        by_deal.setdefault(deal_of(r), []).append(r)
    first = records[0]
    unpriced, other = first["policies"]["us"], first["policies"]["them"]
    name = policy(args.policy, args.samples).name
    again = sorted(d for d, pair in by_deal.items() if any(priced_here(r, unpriced)
                                                           for r in pair))
    checks = [d for d in sorted(by_deal) if d not in again][:CHECKS]
    job = _Match(args.policy, other, load_rules(first["rules"]), args.seed, args.samples)
    played = dict(zip(again + checks, map_jobs(play_twice, job, again + checks,
                                               jobs=args.jobs)))
    for d in checks:
        same = [to_json(r)["auction"] == old["auction"] and to_json(r)["score"] == old["score"]
                for r, old in zip(played[d], by_deal[d])]
        if not all(same):
            raise SystemExit(f"deal {d} played differently though nothing was priced in it")
    with open(args.after, "w", encoding="utf-8") as f:
        for d in sorted(by_deal):
            for run, old in enumerate(by_deal[d]):
                if d in played and d not in checks:
                    new = to_json(played[d][run])
                else:
                    new = dict(old, policies={k: name if v == unpriced else v
                                              for k, v in old["policies"].items()})
                f.write(json.dumps(new) + "\n")
    print(f"{len(by_deal)} deals; {len(again)} played again with {args.policy} (where it was to"
          f" call with its partner holding the bid alone); {len(checks)} others played again"
          " the same")


if __name__ == "__main__":
    main()
