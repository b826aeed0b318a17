"""Whole hands for fixed seeds, played by this worktree and by the package at another revision
(``baseline.package_at``), compared record by record: the events (calls with their meanings,
the exchange, meld, every card), the result and the score. Tags are compared apart from
``Prediction`` (a revision may round it otherwise). Not a benchmark: the check behind "the same
results for a fixed seed" when the engine's code changes.

    .venv/bin/python benchmarks/compare_hands.py --against REV --seeds 6

Each revision writes its records as text through its own API in a process of its own (a
revision before the one model of a hand wrote them with ``record_of``).
"""

from __future__ import annotations

import argparse
import difflib
import subprocess
import sys
from pathlib import Path

from baseline import ROOT, package_at

#: (us, them, rules): the bidders, card players and rule sets a change to the engine touches.
CASES = [
    ("formula", "formula", "standard"),
    ("advisor:jump", "formula", "standard"),
    ("thumb", "formula/advisor", "standard"),
    ("advisor:davis", "formula", "standard,steps=any,passing.cards=4"),
    ("advisor:toby", "thumb", "toby-thomas"),
    ("formula", "pass", 'standard,passing.cards=3,passing.order="partner-first"'),
    ("formula", "formula", 'toby-thomas,passing.when="before-trump"'),
    ("formula", "formula", 'standard,bidding.marriage_required="after-pass",passing.cards=4'),
    ("formula/advisor", "thumb", "standard,min_meld=20"),
]

DUMP = r'''
import sys
sys.path.insert(0, sys.argv[1])
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
try:
    from pinochle_calc.game.hand import write_text
    def text(hand, seed):
        return write_text(hand.with_tag("Seed", str(seed)).with_tag("Samples", "100"))
except ImportError:
    from pinochle_calc.game.record import write_text
    from pinochle_calc.game.replay import play_tags, record_of
    def text(hand, seed):
        return write_text(record_of(hand, play_tags(hand, seed, 100)))
for case in sys.argv[3:]:
    us, them, rules = case.split("|")
    for seed in range(int(sys.argv[2])):
        hand = play_hand(deal_cards(seed), us, them, rules, seed=hand_seed(seed), samples=100)
        print(f"### {us} {them} {rules} {seed}")
        print(text(hand, seed), end="")
'''


def dump(package_parent: str | Path, seeds: int) -> dict[str, list[str]]:
    """Every case's records, by case and seed: the lines, tags sorted, Prediction left out."""
    cases = ["|".join(c) for c in CASES]
    out = subprocess.run([sys.executable, "-c", DUMP, str(package_parent), str(seeds), *cases],
                         capture_output=True, text=True, check=True).stdout
    records = {}
    for block in out.split("### ")[1:]:
        head, body = block.split("\n", 1)
        lines = body.splitlines()
        tags = sorted(t for t in lines if t.startswith("[") and not t.startswith("[Prediction"))
        records[head] = tags + [t for t in lines if not t.startswith("[")]
    return records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the revision to compare with")
    ap.add_argument("--seeds", type=int, default=6)
    args = ap.parse_args()
    mine = dump(ROOT, args.seeds)
    with package_at(args.against) as old_parent:
        theirs = dump(old_parent, args.seeds)
    same = 0
    for key, lines in theirs.items():
        if mine.get(key) == lines:
            same += 1
            continue
        print(f"differs: {key}")
        for line in list(difflib.unified_diff(lines, mine.get(key, []), lineterm=""))[2:14]:
            print(f"    {line}")
    print(f"{same} of {len(theirs)} records equal to {args.against}'s")


if __name__ == "__main__":
    main()
