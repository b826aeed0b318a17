"""The bid advice before and after a change, on the same bids, with its speed in process.

Run by hand (not a test; a few minutes): ``.venv/bin/python benchmarks/compare_advice.py
[--bids 100] [--baseline REV]``. Deals ``--bids`` random hands for each game (jump bids under
the standard rules, Davis's system in its game, Toby Thomas's in the toby-thomas rules), each
after one of the game's auctions (``AUCTIONS``), and asks for the advice (``advise``, 1,000
deals, the seed the bid's number) of this worktree's package and of the package at
``--baseline`` (default ``baseline.BEFORE_SPEED``), in two processes kept warm, one bid to
each in turn so that the machine's load falls alike on both. A third process asks the old
package again with another seed: how much the advice moves with the estimate's own noise, the
yardstick for the changes.

Prints per game: how many whole records (the ``bid`` command's JSON) are equal, how many
calls, maximum bids and trumps differ, by how much (the maximum bid's mean and largest
difference, the make probability of the call), the same for the yardstick, and the median time
of one advice in a warm process, old and new, with their ratio.
Exits 1 if the new package fails on a bid the old one answers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import BEFORE_SPEED, ROOT, package_at  # noqa: E402

#: (convention, the game's auctions so far, the player about to call named by their length)
AUCTIONS = {
    "jump": ["", "50", "p", "50 p", "50 52 p", "p 50 p", "50 51 p 52", "p p 50 55",
             "50 60 p"],
    "davis": ["", "50", "p 50", "50 54 p 56", "50 53 p", "52 p 55", "p p 50 51"],
    "toby": ["", "26 p", "25", "p 25", "25 30 p", "p 26 p", "25 p 30"],
}

#: One advice per line of JSON on stdin, the answer on stdout (the package first on the path).
WORKER = """
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from pinochle_calc.bidding.advise import advise
for line in sys.stdin:
    case = json.loads(line)
    start = time.perf_counter()
    try:
        advice = advise(case["hand"], case["auction"], case["convention"], seed=case["seed"])
    except Exception as error:  # a failure is an answer to compare, not a crash
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
        continue
    spent = time.perf_counter() - start
    best = advice.estimate.best
    call = advice.call
    print(json.dumps({
        "call": call, "trump": advice.estimate.trump, "max_bid": advice.estimate.max_bid,
        "p_call": None if call is None or best is None else best.probability(call),
        "record": hashlib.sha1(json.dumps(advice.to_dict(), sort_keys=True).encode()).hexdigest(),
        "ms": spent * 1000}), flush=True)
"""


def cases(bids: int) -> list[dict]:
    """``bids`` random hands for each game, each after one of its auctions in turn."""
    import numpy as np

    from pinochle_calc.hand import Hand

    rng = np.random.default_rng(20)
    deck = np.repeat(np.arange(20), 4)
    out = []
    for convention, auctions in AUCTIONS.items():
        for i in range(bids):
            counts = np.bincount(rng.permutation(deck)[:20], minlength=20)
            out.append({"convention": convention, "auction": auctions[i % len(auctions)],
                        "hand": str(Hand(counts.tolist())), "seed": i})
    return out


class Worker:
    """A warm process answering advice from the package in ``path``."""

    def __init__(self, path: str | Path):
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(path)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, case: dict) -> dict:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(case) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def differences(a: list[dict], b: list[dict]) -> str:
    """How two lists of answers to the same bids differ, in words."""
    pairs = [(x, y) for x, y in zip(a, b) if "error" not in x and "error" not in y]
    calls = sum(x["call"] != y["call"] for x, y in pairs)
    trumps = sum(x["trump"] != y["trump"] for x, y in pairs)
    gaps = [abs(x["max_bid"] - y["max_bid"]) for x, y in pairs
            if x["max_bid"] is not None and y["max_bid"] is not None]
    moved = [g for g in gaps if g]
    nones = sum((x["max_bid"] is None) != (y["max_bid"] is None) for x, y in pairs)
    probs = [abs(x["p_call"] - y["p_call"]) for x, y in pairs
             if x["call"] == y["call"] and x["p_call"] is not None and y["p_call"] is not None]
    same = sum(x["record"] == y["record"] for x, y in pairs)
    return (f"whole records equal {same}/{len(pairs)}; "
            f"calls {calls}/{len(pairs)}, trumps {trumps}, maximum bids {len(moved) + nones}"
            f" (mean |difference| {statistics.fmean(gaps) if gaps else 0:.2f}, largest"
            f" {max(gaps, default=0)}), make probability of the same call: mean |difference|"
            f" {statistics.fmean(probs) if probs else 0:.4f}, largest {max(probs, default=0):.3f}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bids", type=int, default=100, help="bids per game")
    ap.add_argument("--baseline", default=BEFORE_SPEED)
    ap.add_argument("--show", type=int, default=5, help="changed bids listed per game")
    args = ap.parse_args()
    todo = cases(args.bids)
    failed = 0
    with package_at(args.baseline) as old_path:
        old, new, noise = Worker(old_path), Worker(ROOT), Worker(old_path)
        answers: dict[str, list[tuple[dict, dict, dict, dict]]] = {}
        try:
            for case in todo:
                a, b = old.ask(case), new.ask(case)
                c = noise.ask({**case, "seed": case["seed"] + 10_000})
                answers.setdefault(case["convention"], []).append((case, a, b, c))
        finally:
            for worker in (old, new, noise):
                worker.close()
    for convention, rows in answers.items():
        olds, news, noises = ([row[i] for row in rows] for i in (1, 2, 3))
        failed += sum("error" in b and "error" not in a for a, b in zip(olds, news))
        errors = sum("error" in b for b in news)
        print(f"{convention} ({len(rows)} bids, {errors} declined by the new package):")
        print(f"  new against old, same seeds: {differences(olds, news)}")
        print(f"  old against old, other seeds (the estimate's noise): {differences(olds, noises)}")
        t_old = statistics.median(a["ms"] for a in olds if "ms" in a)
        t_new = statistics.median(b["ms"] for b in news if "ms" in b)
        print(f"  advice in a warm process, median: old {t_old:.1f} ms, new {t_new:.1f} ms"
              f" ({t_old / t_new:.2f}x)")
        shown = 0
        for case, a, b, _ in rows:
            if shown < args.show and (a.get("call"), a.get("max_bid"), a.get("trump")) != (
                    b.get("call"), b.get("max_bid"), b.get("trump")):
                shown += 1
                print(f"    {case['hand']} after {case['auction']!r} (seed {case['seed']}):"
                      f" old {a.get('call')}/{a.get('max_bid')}/{a.get('trump')}"
                      f" {a.get('error', '')}, new {b.get('call')}/{b.get('max_bid')}"
                      f"/{b.get('trump')} {b.get('error', '')}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
