"""Where one bidding policy gains or loses against another in the duplicate arena: the margin
split by cause, each cause's share of it with its standard error.

Run by hand (not a test)::

    .venv/bin/python benchmarks/where_lost.py advisor:jump thumb --deals 2000 --seed 3001 \\
        [--rules standard] [--samples 200] [--jobs 1] [--out FILE.jsonl]
    .venv/bin/python benchmarks/where_lost.py --read FILE.jsonl [FILE.jsonl ...]

The first form plays the match (as ``arena A B``; stopped by SIGINT, ``timeout -s INT 1100
...``, it reports the deals played) and writes one short line per hand to ``--out`` (the
deal, the run, the auction, the contract, the result, the score, the prediction); the second
reads such lines, or ``arena --format jsonl`` records, again. Prints the arena's report (the
margin, each policy's figures, calibration) and the split.

A deal is played twice on the same cards, A at seats 0 and 2 then at seats 1 and 3; its
margin (A's score less B's over both runs, as ``arena``) is the difference between the two
tables seen from seats 0 and 2. Each deal falls in one cause, by what the two tables did:

- ``same contract``: the same seat declared the same bid in the same trump in both;
- ``throw-in``: otherwise, a contract was thrown in at either table;
- ``missed``: B's side declared at both tables (A at those seats let it go): B's side bid
  where A passed throughout (``missed: A passed``) or A bid and was outbid (``missed: A
  outbid``), each split by whether B's contract was made;
- ``bought``: A's side declared at both tables (B at those seats let it go), made or set;
- ``set``: the same side declared at both tables, A's contract set where B's was made
  (``set by A``) or the other way round (``set by B``);
- ``other contract``: the same side and result at both tables, another declarer or trump;
- ``price``: the same declarer, trump and result at both tables, A's bid higher (``A paid
  more``) or lower (``A paid less``): the price of the calls (nothing where both are made,
  the difference of the bids where both are set).

A cause's share is its deals' margins summed over all deals (zero for the others), divided by
the number of deals: the shares add up to the margin, and each has its standard error over the
deals. The same split is given for competitive auctions (both sides bid at either table)
against the rest.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from math import sqrt

# benchmarks/ is on the path of a script run from it
from bench_games import cpu_seconds, run_facts
from rows import deal_of, run_of

KEEP = ("dealer", "auction", "contract", "result", "score", "prediction", "meld", "tricks")


def short(record: dict) -> dict:
    """The fields of a hand's record the split reads (``arena --format jsonl`` has more)."""
    out = {k: record.get(k) for k in KEEP}
    out["auction"] = [[c["seat"], c["call"]] for c in record["auction"]]
    out["tags"] = {k: record["tags"][k] for k in ("Deal", "Run", "Us", "Them")}
    out["rules"] = record["rules"]
    return out


def bids_of(hand: dict) -> list[tuple[int, int]]:
    """The bids made: (seat, bid)."""
    calls = hand["auction"]
    pairs = [(c["seat"], c["call"]) if isinstance(c, dict) else (c[0], c[1]) for c in calls]
    return [(s, b) for s, b in pairs if b != "pass"]


def cause(first: dict, second: dict) -> tuple[str, bool]:
    """The cause a deal's margin falls under (module docstring), ``first`` the hand with A at
    seats 0 and 2; and whether either auction was competitive (both sides bid)."""
    c0, c1 = first["contract"], second["contract"]
    competitive = any(len({s & 1 for s, _ in bids_of(h)}) == 2 for h in (first, second))
    if (c0["seat"], c0["bid"], c0["trump"]) == (c1["seat"], c1["bid"], c1["trump"]):
        return "same contract", competitive
    if "thrown-in" in (first["result"], second["result"]):
        return "throw-in", competitive
    side0, side1 = c0["seat"] & 1, c1["seat"] & 1  # 0: seats 0 and 2
    made0 = first["result"] == "made"  # the contract at the table with A at seats 0 and 2
    if side0 == 1 and side1 == 0:  # B's side declared at both tables
        a_bid = any(s & 1 == 0 for s, _ in bids_of(first))
        made = "made" if made0 else "set"
        return f"missed: A {'outbid' if a_bid else 'passed'}, B {made}", competitive
    if side0 == 0 and side1 == 1:  # A's side declared at both tables
        return f"bought: A {'made' if made0 else 'set'}", competitive
    # the same side declared at both tables: A at the one where that side is A's
    a_hand, b_hand = (first, second) if side0 == 0 else (second, first)
    a_made, b_made = a_hand["result"] == "made", b_hand["result"] == "made"
    if a_made != b_made:
        return ("set by A" if b_made else "set by B"), competitive
    a_c, b_c = a_hand["contract"], b_hand["contract"]
    if (a_c["seat"], a_c["trump"]) != (b_c["seat"], b_c["trump"]):
        return f"other contract, {'made' if a_made else 'set'}", competitive
    return ("price: A paid more" if a_c["bid"] > b_c["bid"] else "price: A paid less"), competitive


def margin_of(first: dict, second: dict) -> int:
    """A's score less B's over the deal's two hands."""
    s0, s1 = first["score"], second["score"]
    return (s0["us"] - s0["them"]) + (s1["them"] - s1["us"])


def mean_se(values: list[float]) -> tuple[float, float]:
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return m, sqrt(var / n)


def split(pairs: list[tuple[dict, dict]]) -> dict:
    """The margin and its split by cause and by competitive auction (module docstring)."""
    n = len(pairs)
    margins = [margin_of(a, b) for a, b in pairs]
    causes = [cause(a, b) for a, b in pairs]
    out: dict = {"deals": n, "margin": dict(zip(("mean", "stderr"), mean_se(margins)))}
    for key, label in ((0, "causes"), (1, "competitive")):
        table = {}
        names = sorted({c[key] for c in causes}, key=str)
        for name in names:
            share = [m if c[key] == name else 0.0 for m, c in zip(margins, causes)]
            inside = [m for m, c in zip(margins, causes) if c[key] == name]
            mean, se = mean_se(share)
            table[str(name)] = {"deals": len(inside), "share": round(mean, 3),
                                "stderr": round(se, 3),
                                "per_deal": round(sum(inside) / len(inside), 2)}
        out[label] = table
    return out


def print_split(result: dict, a: str, b: str) -> None:
    m = result["margin"]
    print(f"{a} less {b}: {m['mean']:+.2f} ± {m['stderr']:.2f} a deal over {result['deals']}"
          " deals")
    for label in ("causes", "competitive"):
        print(f"\n{'cause' if label == 'causes' else 'competitive auction':<28} {'deals':>6}"
              f" {'share of the margin':>22} {'per deal in it':>15}")
        rows = sorted(result[label].items(), key=lambda kv: kv[1]["share"])
        for name, row in rows:
            print(f"{name:<28} {row['deals']:>6} {row['share']:>+12.2f} ± {row['stderr']:<7.2f}"
                  f" {row['per_deal']:>+15.2f}")


def pairs_of(lines: list[dict]) -> list[tuple[dict, dict]]:
    by: dict[int, dict[int, dict]] = defaultdict(dict)
    for r in lines:
        by[deal_of(r)][run_of(r)] = r
    return [(runs[0], runs[1]) for _, runs in sorted(by.items()) if len(runs) == 2]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", nargs="?")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=3001)
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=None)
    ap.add_argument("--read", nargs="+", default=None)
    args = ap.parse_args()
    if args.read:
        lines = [json.loads(x) for f in args.read for x in open(f, encoding="utf-8") if x.strip()]
        tags = lines[0]["tags"]
        print_split(split(pairs_of(lines)), tags["Us"], tags["Them"])
        return
    from pinochle_calc.game.arena import arena_tally, duplicate_deals
    from pinochle_calc.rules import load_rules

    rules = load_rules(args.rules)
    started = cpu_seconds(), time.time()
    tally = arena_tally(args.a, args.b, args.deals, args.seed, rules, args.samples, args.jobs)
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    lines: list[dict] = []
    stopped = False
    try:
        for pair in duplicate_deals(*tally.specs, args.deals, args.seed, rules, args.samples,
                                    args.jobs):
            tally.add(pair)
            for record in pair:
                line = short(record.to_dict())
                lines.append(line)
                if out is not None:
                    out.write(json.dumps(line) + "\n")
            if out is not None:
                out.flush()
    except KeyboardInterrupt:  # timeout -s INT: the deals played
        stopped = True
    finally:
        if out is not None:
            out.close()
    report = tally.report().to_dict()
    report.update({"stopped": stopped, "deals_asked": args.deals,
                   **run_facts(*started),
                   "command": "benchmarks/where_lost.py " + " ".join(
                       f"{k}={v}" for k, v in vars(args).items() if k != "read")})
    print(json.dumps(report, indent=1))
    print()
    print_split(split(pairs_of(lines)), *tally.names)


if __name__ == "__main__":
    main()
