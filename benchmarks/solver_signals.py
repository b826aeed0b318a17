"""What the solver's looks for signals and its letting go of the GIL cost: ``python
benchmarks/solver_signals.py --against DIR``.

Run by hand (not a test). Solves ``--positions`` positions of ``--tricks`` tricks left (deals
from ``--seed`` played by the heuristic player, every legal card's value, a fresh solver of
2**20 entries each) with this checkout's compiled solver and with the one of the package in
``DIR`` (an older checkout whose extension was built in place, e.g. ``git archive REV | tar -x
-C DIR`` then ``python setup.py build_ext --inplace`` there), in turn, ``--runs`` times each:
the positions searched (the same search gives the same count), a digest of the values (the same
values), and the CPU time.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

ONE = """
import sys, time, zlib
import numpy as np
sys.path.insert(0, {bench!r})
from bench_solver import played_to
from pinochle_calc.play._solver import Solver
from pinochle_calc.play.tricks import encode
rng = np.random.default_rng({seed})
states = [played_to(rng, {tricks}) for _ in range({positions})]
nodes, values, start = 0, [], time.process_time()
for s in states:
    solver = Solver(s.trump, 20)
    values.append(solver.values([c for h in s.hands for c in encode(h)], s.leader, s.trick))
    nodes += solver.nodes
cpu = time.process_time() - start
print(nodes, zlib.crc32(repr(values).encode()), f"{{cpu:.3f}}")
"""


def run(root: str, args) -> tuple[int, int, float]:
    code = ONE.format(bench=os.path.dirname(os.path.abspath(__file__)), seed=args.seed,
                      tricks=args.tricks, positions=args.positions)
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=root, check=True).stdout.split()
    return int(out[0]), int(out[1]), float(out[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True)
    parser.add_argument("--tricks", type=int, default=10)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print(f"{args.positions} positions of {args.tricks} tricks left (seed {args.seed}), every"
          f" card's value; this checkout against {args.against}")
    print("run  which      positions searched  values digest  CPU s  load")
    for i in range(args.runs):
        for name, root in (("this", here), ("against", args.against)):
            nodes, digest, cpu = run(root, args)
            load = " ".join(open("/proc/loadavg").read().split()[:2])
            print(f"{i + 1:3d}  {name:8s}  {nodes:18,d}  {digest:13d}  {cpu:5.3f}  {load}",
                  flush=True)


if __name__ == "__main__":
    main()
