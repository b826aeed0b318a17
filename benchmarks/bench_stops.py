"""How soon Ctrl-C stops the compiled loops (issue 31): ``.venv/bin/python
benchmarks/bench_stops.py [--runs 3]``.

Run by hand (not a test; ``tests/test_native_stops.py`` and the Ctrl-C tests of
``tests/cli/test_cli_stops.py`` hold the same to a bound). Prints, for each long loop
(``tests/native_long.py``: a call of a second or more of CPU time) and for ``bid`` and ``arena``
from the shell, the CPU time the process used from the signal (sent once it is well into the
work) to the ``KeyboardInterrupt`` (the loops) or to its end (the commands, their exit
included): the median and the largest of ``--runs``. CPU time, not wall time, so that the
machine's load does not count.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tests.cli.cli_runner import as_a_terminal_runs_it, busy_for  # noqa: E402
from tests.cli.test_cli_stops import HAND, _ctrl_c_while_working  # noqa: E402

LOOPS = ("play", "deal", "unseen_hands", "choose", "choose_blind", "pick")
COMMANDS = {"bid": ("bid", HAND, "-a", "p 50 p", "-c", "davis", "-n", "100000", "-f", "json"),
            "arena": ("arena", "advisor:jump", "formula", "--deals", "400", "-n", "2000", "-f",
                      "json")}


def loop_stop(name: str) -> float:
    """The CPU seconds a long call of loop ``name`` takes from Ctrl-C to KeyboardInterrupt."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "native_long.py"), name],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_a_terminal_runs_it)
    assert proc.stdout.readline() == "go\n"
    at_signal = busy_for(proc.pid, 0.1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    said, cpu = out.split()
    assert said == "stopped", (out, err)
    return float(cpu) - at_signal


def command_stop(name: str) -> float:
    """The CPU seconds ``pinochle-calc`` NAME takes from Ctrl-C to its end (exit 130)."""
    code, used, _, said = _ctrl_c_while_working(*COMMANDS[name])
    assert code == 130, said
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    rows = [(f"loop {n}", [loop_stop(n) for _ in range(args.runs)]) for n in LOOPS]
    rows += [(f"pinochle-calc {n}", [command_stop(n) for _ in range(args.runs)])
             for n in COMMANDS]
    print(f"CPU time from Ctrl-C to the stop, {args.runs} runs each; load {load:.1f} to"
          f" {os.getloadavg()[0]:.1f}")
    for name, times in rows:
        print(f"{name:24} median {statistics.median(times) * 1000:7.1f} ms"
              f"   largest {max(times) * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
