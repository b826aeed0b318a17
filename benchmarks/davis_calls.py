"""Which of Davis's calls cost points: a match of ``advisor:davis`` against another policy in
Davis's game, taken apart by the calls the Davis side made.

Run by hand (not a test): ``.venv/bin/python benchmarks/davis_calls.py FILE.jsonl`` where the
file is ``pinochle-calc arena advisor:davis B --rules standard,steps=any,passing.cards=4
--format jsonl`` output. Prints the match's margin (Davis less B per deal, ± its standard
error); the deals split by whether the Davis side asked for a card or an around (in either
seating), with the margin of each part; and for the contracts each side won, by the kind of
its bidder's calls (a hint asked, worth ``DAVIS_HINT_MIN`` or not to the bidder's hand, or
none; a bid that reads as a hint asks for it, whatever it was made for): how many, how they
ended, the mean contract, the meld the exchange added to the side, and the side's mean score.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from math import sqrt

from rows import deal_of  # benchmarks/ is on the path of a script run from it

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.bidding.conventions import DAVIS_HINT_MIN, card_gains, explain
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import load_rules


def worth(hand: Hand, trump: int, signal, rules) -> float:
    """The expected meld gain, for the hand with that trump, of what ``signal`` asked for."""
    gains = card_gains(hand, rules)
    if signal.kind == "around":
        return gains.around(trump, signal.rank).expected
    best = gains.best_card(trump, signal.rank)
    return 0.0 if best is None else best.expected


def mean_se(values: list[float]) -> str:
    n = len(values)
    if n < 2:
        return f"{values[0]:+.2f} (1 deal)" if values else "none"
    m = sum(values) / n
    se = sqrt(sum((v - m) ** 2 for v in values) / (n - 1) / n)
    return f"{m:+.2f} ± {se:.2f} ({n} deals)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    args = ap.parse_args()
    with open(args.file, encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    rules = load_rules(records[0]["rules"])
    davis = records[0]["policies"]["us"]
    other = records[0]["policies"]["them"]
    margin: dict[int, float] = defaultdict(float)
    asked: dict[int, bool] = defaultdict(bool)
    contracts: dict[tuple[str, str], list] = defaultdict(list)
    for r in records:
        side = {"us": 0, "them": 1}
        d_side = side[next(k for k, v in r["policies"].items() if v == davis)]
        score = (r["score"]["us"], r["score"]["them"])
        margin[deal_of(r)] += score[d_side] - score[1 - d_side]
        calls = " ".join("p" if c["call"] == "pass" else str(c["call"]) for c in r["auction"])
        readings = explain(parse_auction(calls, rules), "davis")
        hints = {c.call.seat for c in readings if c.signal.kind in ("card", "around")
                 and c.call.seat % 2 == d_side}
        if hints:
            asked[deal_of(r)] = True
        won = side[r["contract"]["side"]]
        bidder = r["contract"]["seat"]
        name = davis if won == d_side else other
        kind = "no hint"
        trump = r["contract"]["trump"]
        if bidder in hints and trump is not None:
            last = next(c.signal for c in reversed(readings) if c.call.seat == bidder
                        and c.signal.kind in ("card", "around"))
            kind = ("asked, worth 16 or more" if worth(Hand.parse(r["hands"][bidder]),
                                                         "SHDC".index(trump), last, rules)
                    >= DAVIS_HINT_MIN else "asked, worth less than 16")
        gain = 0
        if trump is not None:
            t = "SHDC".index(trump)
            before = sum(meld(Hand.parse(r["hands"][s]), rules).trumps[t].points
                         for s in (bidder, bidder ^ 2))
            gain = r["melds"][bidder] + r["melds"][bidder ^ 2] - before
        contracts[name, kind].append((r["result"], r["contract"]["bid"], gain, score[won]))
    print(f"{args.file}: {davis} against {other}, {len(margin)} deals, --rules {rules.name}")
    print(f"  margin per deal, {davis} less {other}: {mean_se(list(margin.values()))}")
    print(f"  deals where the Davis side asked for a card or an around: "
          f"{mean_se([m for d, m in margin.items() if asked[d]])}; where it did not:"
          f" {mean_se([m for d, m in margin.items() if not asked[d]])}")
    for (name, kind), rows in sorted(contracts.items()):
        if name == other and kind != "no hint":
            continue
        n = len(rows)
        made = sum(1 for r in rows if r[0] == "made") / n
        print(f"  {name} contracts, {kind if name == davis else 'all'}: {n}, made {made:.1%},"
              f" mean contract {sum(r[1] for r in rows) / n:.1f}, meld the exchange added"
              f" {sum(r[2] for r in rows) / n:+.1f}, the side's mean score"
              f" {sum(r[3] for r in rows) / n:+.1f}")


if __name__ == "__main__":
    main()
