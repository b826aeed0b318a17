"""``bid`` from the shell on positions the advisors met in whole hands, against the start-up
floor: ``.venv/bin/python benchmarks/bench_shell.py [--runs 5] [--baseline REV|none]``.

Run by hand (not a test). The positions (``--draw``, written to ``POSITIONS`` and committed, so
that every revision is timed on the same ones): whole hands of each game (``GAMES``: jump bids
under the standard rules, Davis's system in its game, Toby Thomas's in the toby-thomas rules),
the game's advisor at all four seats, dealt from ``--seed`` (hands 0 to ``--hands`` - 1, 1,000
deals an estimate as from the shell); every call an advisor made is a position (its hand, the
auction before it). Kept: the positions where the partner holds the bid with both opponents
out (the call is priced, ``price.partner_holds_alone``), the first ``--priced`` of them, and one
in ``--every`` of the rest (every fifth, counted in order), the first ``--others``; hands are
played until both are found (or ``--hands`` were played).

Timed: ``pinochle-calc bid HAND -a AUCTION -c CONVENTION --rules RULES --format json`` for each
position, interleaved with the floor ``python -c "import typer, numpy"`` (and, with
``--baseline``, the same bid by the package at that revision, default ``BASELINE``), ``--runs``
rounds, the package compiled to bytecode as an install leaves it. Prints each position's
median and its ratio to the floor's median, then per game and over all: the median ratio and
the largest (targets: median within 1.5x, every one within 2.5x). With ``--baseline``, each
position's record (the JSON) against the old package's: the call, the trump, the maximum bid
and the whole record, and the count equal.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import cli, current_cli, package_at  # noqa: E402

#: main where the speed work of issue 27 began (the code before the compiled loops).
BASELINE = "cd9a7a8"
POSITIONS = Path(__file__).resolve().parent / "results" / "shell_positions.json"
#: (game, convention, rules)
GAMES = (("jump", "jump", "standard"),
         ("davis", "davis", "standard,steps=any,passing.cards=4"),
         ("toby", "toby", "toby-thomas"))


def auction_text(calls) -> str:
    return " ".join("p" if c.call is None else str(c.call) for c in calls)


def draw(seed: int, priced_most: int, others_most: int, every: int,
         most_hands: int) -> list[dict]:
    """The positions (see the module docstring), reproducibly from ``seed``."""
    from pinochle_calc.bidding.auction import parse_auction
    from pinochle_calc.bidding.price import partner_holds_alone
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    out = []
    for game, convention, rules_text in GAMES:
        rules = load_rules(rules_text)
        advisor = f"advisor:{convention}"
        priced, others, rest = [], [], 0
        for number in range(most_hands):
            record = play_hand(deal_cards(seed, number), advisor, advisor, rules,
                               seed=hand_seed(seed, number))
            for k, call in enumerate(record.auction):
                before = auction_text(record.auction[:k])
                alone = partner_holds_alone(parse_auction(before, rules))
                position = {"game": game, "convention": convention, "rules": rules_text,
                            "hand": str(record.hands[call.seat]), "auction": before,
                            "priced": alone, "deal": number, "call": k}
                if alone:
                    priced.append(position)
                else:
                    rest += 1
                    if rest % every == 0:
                        others.append(position)
            if len(priced) >= priced_most and len(others) >= others_most:
                break
        kept = priced[:priced_most] + others[:others_most]
        print(f"{game}: {len(kept)} positions ({min(len(priced), priced_most)} priced) from"
              f" {number + 1} hands", flush=True)
        out.extend(kept)
    return out


def command(base: list[str], p: dict) -> list[str]:
    return [*base, "bid", p["hand"], "-a", p["auction"], "-c", p["convention"], "--rules",
            p["rules"], "--format", "json"]


def timed(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--draw", action="store_true", help="draw the positions again (slow)")
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--priced", type=int, default=4, help="priced positions kept per game")
    ap.add_argument("--others", type=int, default=6, help="other positions kept per game")
    ap.add_argument("--every", type=int, default=5)
    ap.add_argument("--hands", type=int, default=60, help="hands played at most per game")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", default=BASELINE, help="revision to compare (none: no)")
    args = ap.parse_args()
    if args.draw or not POSITIONS.exists():
        positions = draw(args.seed, args.priced, args.others, args.every, args.hands)
        POSITIONS.parent.mkdir(exist_ok=True)
        POSITIONS.write_text(json.dumps({"seed": args.seed, "every": args.every,
                                         "positions": positions}, indent=1) + "\n")
    positions = json.loads(POSITIONS.read_text())["positions"]
    new = current_cli()
    floor = [sys.executable, "-c", "import typer, numpy"]
    with (nullcontext(None) if args.baseline == "none" else package_at(args.baseline)) as old:
        olds = None if old is None else cli(old)
        for p in positions:  # warm the file cache, and each package's record
            p["record"] = json.loads(timed(command(new, p))[1])
            if olds is not None:
                p["old_record"] = json.loads(timed(command(olds, p))[1])
        floors: list[float] = []
        times: list[list[float]] = [[] for _ in positions]
        old_times: list[list[float]] = [[] for _ in positions]
        for _ in range(args.runs):
            for i, p in enumerate(positions):
                floors.append(timed(floor)[0])
                times[i].append(timed(command(new, p))[0])
                if olds is not None:
                    old_times[i].append(timed(command(olds, p))[0])
    base = statistics.median(floors)
    print(f"floor python -c 'import typer, numpy': {base * 1000:.0f} ms (median of"
          f" {len(floors)})")
    ratios: dict[str, list[float]] = {}
    for i, p in enumerate(positions):
        t = statistics.median(times[i])
        ratio = t / base
        ratios.setdefault(p["game"], []).append(ratio)
        line = (f"{p['game']:5} {'priced' if p['priced'] else '      '} {p['hand']} after"
                f" {p['auction']!r}: {t * 1000:.0f} ms, {ratio:.2f}x")
        if olds is not None:
            was = statistics.median(old_times[i])
            a, b = p["old_record"], p["record"]
            same = a == b
            moved = [key for key, x, y in (
                ("call", a["call"], b["call"]),
                ("trump", a["estimate"]["trump"], b["estimate"]["trump"]),
                ("max_bid", a["estimate"]["max_bid"], b["estimate"]["max_bid"])) if x != y]
            line += (f"; old {was * 1000:.0f} ms, {was / base:.2f}x; record"
                     f" {'equal' if same else 'differs'}"
                     + (f" ({', '.join(moved)}: {[a['call'], a['estimate']['trump'], a['estimate']['max_bid']]} -> {[b['call'], b['estimate']['trump'], b['estimate']['max_bid']]})" if moved else ""))  # noqa: E501
        print(line, flush=True)
    every = [r for rs in ratios.values() for r in rs]
    for game, rs in ratios.items():
        print(f"{game}: median {statistics.median(rs):.2f}x, largest {max(rs):.2f}x the floor")
    print(f"all {len(every)} positions: median {statistics.median(every):.2f}x, largest"
          f" {max(every):.2f}x the floor (targets 1.5x and 2.5x)")
    if olds is not None:
        same = sum(p["record"] == p["old_record"] for p in positions)
        calls = sum(p["record"]["call"] != p["old_record"]["call"] for p in positions)
        print(f"records equal to {args.baseline}'s: {same} of {len(positions)}; calls"
              f" changed: {calls}")


if __name__ == "__main__":
    main()
