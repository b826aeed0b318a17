"""How long a hand's par and exact costs take, and how far each budget reaches:
``python benchmarks/bench_par.py``.

Run by hand (not a test). Hands are played by ``play``'s engine (``--policy``, default formula:
the formula bidder and the heuristic card player, as fast as a hand is played), seeds from
``--seed``, hands whose cards were played only. For each hand, ``game.par.hand_par`` at each
budget of ``--budgets`` seconds of CPU time, the budgets interleaved hand by hand: per budget
the median and 90th percentile wall and CPU time, the median first trick from which every card
has its exact cost, and how many hands' par was solved (a true par, from the first lead). With
``--shell N``: ``play --seed S -f json`` from the shell with ``--exact 0`` and with the default,
interleaved over N seeds (medians of wall time and of the child's CPU time), the cost of the par
to a player. The load average is printed before and after (the machine is
shared).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from pinochle_calc.game.par import hand_par
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.play import solver
from pinochle_calc.rules import load_rules


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def hands(n: int, seed: int, policy: str, rules: str) -> list:
    out = []
    while len(out) < n:
        record = play_hand(deal_cards(seed), policy, policy, load_rules(rules),
                           seed=hand_seed(seed))
        if len(record.state.tricks) == 20:
            out.append(record)
        seed += 1
    return out


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def budgets_run(records: list, budgets: list[float]) -> None:
    rows: dict[float, list[tuple[float, float, int | None, bool]]] = {b: [] for b in budgets}
    for record in records:
        for b in budgets:  # interleaved: each hand at every budget in turn
            wall, cpu = time.perf_counter(), time.process_time()
            got = hand_par(record, seconds=b)
            rows[b].append((time.perf_counter() - wall, time.process_time() - cpu,
                            got.from_trick, got.par is not None))
    print("seconds        median wall  90th pct  median CPU  90th pct  median first trick"
          "  par solved")
    for b in budgets:
        r = rows[b]
        walls, cpus = [x[0] for x in r], [x[1] for x in r]
        tricks = [x[2] for x in r if x[2] is not None]
        print(f"{b:>13g}  {statistics.median(walls):9.2f} s  {pct(walls, 0.9):6.2f} s"
              f"  {statistics.median(cpus):8.2f} s  {pct(cpus, 0.9):6.2f} s"
              f"  {statistics.median(tricks) if tricks else '-':>18}"
              f"  {sum(x[3] for x in r)}/{len(r)}")


def shell_run(seeds: int, seed: int) -> None:
    exe = os.path.join(os.path.dirname(sys.executable), "pinochle-calc")
    times: dict[str, list[float]] = {"--exact 0": [], "default": []}
    cpus: dict[str, list[float]] = {"--exact 0": [], "default": []}
    for s in range(seed, seed + seeds):
        for name, extra in (("--exact 0", ["--exact", "0"]), ("default", [])):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            subprocess.run([exe, "play", "--seed", str(s), "-f", "json", *extra], check=True,
                           stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[name].append(after.ru_utime + after.ru_stime - before.ru_utime
                              - before.ru_stime)
    for what, got in (("wall", times), ("CPU", cpus)):
        a, b = statistics.median(got["--exact 0"]), statistics.median(got["default"])
        print(f"play --seed S -f json, {seeds} seeds from {seed}, interleaved: median {what}"
              f" {a:.2f} s with --exact 0, {b:.2f} s with the default (+{b - a:.2f} s);"
              f" 90th pct {pct(got['default'], 0.9):.2f} s with the default")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="formula")
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--budgets", default="0.5,2")
    parser.add_argument("--shell", type=int, default=0, metavar="N")
    args = parser.parse_args()
    print(f"solver: {'compiled' if solver.COMPILED else 'pure Python'}; {load()}")
    if args.hands:
        records = hands(args.hands, args.seed, args.policy, args.rules)
        print(f"{len(records)} hands played by {args.policy} under {args.rules}, seeds from"
              f" {args.seed}")
        budgets_run(records, [float(b) for b in args.budgets.split(",")])
        print(load())
    if args.shell:
        shell_run(args.shell, args.seed)
        print(load())


if __name__ == "__main__":
    main()
