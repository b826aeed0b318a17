"""The bid advice's work counted in instructions, which do not move with the machine's load:
``.venv/bin/python benchmarks/bench_instructions.py [--baseline REV|none] [--calls 3]``.

Run by hand (not a test; slow: valgrind runs each process about 50 times slower). For each of
``bench_bid``'s cases, runs a fresh process under ``valgrind --tool=callgrind`` twice: one that
makes one advice (seed 0) and one that makes ``1 + --calls``; prints the instructions of one
advice in a warm process (the difference, per call) and of the first (its imports included),
for this worktree's package and, with ``--baseline`` (default ``baseline.BEFORE_SPEED``), the
package at that revision. Needs ``valgrind`` on the path.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from baseline import BEFORE_SPEED, ROOT, package_at  # noqa: E402
from bench_bid import CASES  # noqa: E402

#: Advice in a fresh process: the package first on the path, the case, how many calls.
ADVICE = """
import sys
sys.path.insert(0, sys.argv[1])
from pinochle_calc.bidding.advise import advise
hand, auction, convention, calls = sys.argv[2:]
for seed in range(int(calls)):
    advise(hand, auction, convention, seed=seed)
"""


def instructions(path: str | Path, case: list[str], calls: int) -> int:
    """Instructions callgrind counts in a process making ``calls`` advice calls."""
    words = dict(zip(case[1::2], case[2::2]))
    # one BLAS thread, as the command line starts numpy: an idle BLAS thread spins, and its
    # instructions would be counted
    env = dict(os.environ, OPENBLAS_NUM_THREADS=os.environ.get("OPENBLAS_NUM_THREADS", "1"))
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", ADVICE, str(path), case[0],
                          words.get("--auction", ""), words.get("--convention", "jump"),
                          str(calls)], capture_output=True, text=True, check=True,
                         env=env).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise RuntimeError(f"no count in valgrind's output: {out[-300:]}")
    return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=BEFORE_SPEED,
                    help="the revision to compare with (none: no comparison)")
    ap.add_argument("--calls", type=int, default=3, help="warm calls counted")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not on the path")
    import compileall

    compileall.compile_dir(ROOT / "pinochle_calc", quiet=1)
    with (nullcontext(None) if args.baseline == "none" else package_at(args.baseline)) as old:
        packages = {"new": ROOT} | ({} if old is None else {"old": old})
        for name, case in CASES.items():
            line = []
            for which, path in packages.items():
                first = instructions(path, case, 1)
                more = instructions(path, case, 1 + args.calls)
                line.append(f"{which} {(more - first) / args.calls / 1e6:,.0f} M warm,"
                            f" {first / 1e6:,.0f} M first with imports")
            print(f"advice, {name}: {'; '.join(line)}", flush=True)


if __name__ == "__main__":
    main()
