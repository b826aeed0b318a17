"""Points lost by raising one's own partner after the opponents passed, from an arena's hands.

Run by hand (not a test): ``.venv/bin/python benchmarks/raised_partner.py FILE.jsonl --seed S``
where the file is ``pinochle-calc arena A B --seed S --format jsonl`` output (``--rules`` as
the match's). Prints the match's margin (A less B per deal, ± its standard error), the
calibration of each policy that predicts (as ``arena`` gives it), and for each policy the
contracts its side reached by bidding over its own partner once both opponents had passed:
how many, how they ended, and the points they cost against stopping where the partner held
the bid: each such hand is played again with the contract given to the partner
at that bid, naming the suit with the most meld it may name (``play_hand`` with ``contract``),
and the side's margin (its score less the opponents') compared.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from math import sqrt

from rows import deal_of, run_of  # benchmarks/ is on the path of a script run from it

from pinochle_calc.game.arena import Calibration
from pinochle_calc.game.whole import hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import load_rules


def raised_at(auction: list[dict]) -> tuple[int, int] | None:
    """Where a side first bid over its own partner with both opponents out: the partner's
    seat and the bid it held then (None: never)."""
    high, holder, passed = None, None, set()
    for call in auction:
        seat, bid = call["seat"], call["call"]
        if bid == "pass":
            passed.add(seat)
            continue
        if holder == seat ^ 2 and {seat ^ 1, seat ^ 3} <= passed:
            return holder, high
        high, holder = bid, seat
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--seed", type=int, required=True)
    args = ap.parse_args()
    with open(args.file, encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    rules = load_rules(records[0]["rules"])
    a, b = records[0]["policies"]["us"], records[0]["policies"]["them"]
    margins: dict[int, float] = defaultdict(float)
    lost: dict[str, list] = {a: [], b: []}
    predicted: dict[str, list] = {a: [], b: []}
    for r in records:
        a_side = 0 if run_of(r) == 0 else 1
        score = (r["score"]["us"], r["score"]["them"])
        margins[deal_of(r)] += score[a_side] - score[1 - a_side]
        if r["prediction"] is not None:
            holder = r["policies"][r["contract"]["side"]]
            predicted[holder].append((r["prediction"], r["result"] == "made"))
        found = raised_at(r["auction"])
        if found is None or r["contract"]["side"] != ("us" if found[0] % 2 == 0 else "them"):
            continue
        holder, bid = found
        side = holder & 1
        name = r["policies"]["us" if side == 0 else "them"]
        hands = [Hand.parse(h) for h in r["hands"]]
        trump = meld(hands[holder], rules).best.trump
        # with the contract given there is no auction: every built-in policy plays the rest
        # alike (StandardPlay), so any stands for the match's
        again = play_hand(hands, "pass", "pass", rules, seed=hand_seed(args.seed, deal_of(r)),
                          contract=(holder, trump, bid))
        actual = score[side] - score[1 - side]
        other = again.score[side] - again.score[1 - side]
        lost[name].append((r["result"], r["contract"]["bid"], bid, actual, other))
    values = list(margins.values())
    n = len(values)
    mean = sum(values) / n
    se = sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    print(f"{args.file}: {a} against {b}, {n} deals, --rules {rules.name}: margin {mean:+.2f}"
          f" ± {se:.2f} per deal")
    for name, pairs in predicted.items():
        if pairs:
            cal = Calibration.of([p for p, _ in pairs], [m for _, m in pairs])
            made = sum(m for _, m in pairs) / len(pairs)
            print(f"  {name}: calibration over {cal.n} contracts: predicted"
                  f" {sum(p for p, _ in pairs) / len(pairs):.3f}, made {made:.3f}, mean"
                  f" absolute gap {cal.mae:.3f}, Brier {cal.brier:.3f}")
    for name, rows in lost.items():
        if not rows:
            print(f"  {name}: no contract reached by raising its partner after the opponents"
                  " passed")
            continue
        made = sum(1 for row in rows if row[0] == "made")
        cost = sum(other - actual for *_, actual, other in rows)
        print(f"  {name}: {len(rows)} contracts reached by raising its partner after the"
              f" opponents passed ({made} made, {len(rows) - made} set or thrown in; mean"
              f" {sum(row[1] for row in rows) / len(rows):.1f} where the partner held"
              f" {sum(row[2] for row in rows) / len(rows):.1f}); they cost {cost:+.0f} points"
              f" against stopping at the partner's bid ({cost / n:+.2f} per deal)")


if __name__ == "__main__":
    main()
