"""The solver's entry points under hostile arguments (``hostile.py``: wrong dtypes and shapes,
None, huge ints, a fifth copy of a card in the hands or counting the trick in progress, hands
of different sizes, a trick of four cards, the leader, ``bits`` and ``nodes`` out of range, an
uninitialised or interrupted solver, and random calls mixing them), each call made on the
compiled solver and on its Python twin in a child process, a batch at a time: a crash of the
interpreter fails the test naming the call it died in (the batch then goes on after it), and
every call must end as the library documents (an answer, ``ValueError``, ``TypeError``, or for
a solver's state ``RuntimeError`` and ``KeyboardInterrupt``), alike on both solvers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import hostile
import pytest
from native import extension

SEED = 31
RANDOM = 600
PARTS = 2
HOSTILE = Path(hostile.__file__)


def allowed(name: str) -> set[str]:
    """What a call may end in."""
    out = {"ok", "ValueError", "TypeError", "Stopped"}
    if "never initialised" in name:
        out.add("RuntimeError")
    if "interrupt" in name:
        out.add("KeyboardInterrupt")
    return out


def run_cases(start: int, stop: int) -> tuple[dict[int, dict], list[tuple[int, str]]]:
    """Calls ``start`` to ``stop`` - 1 in child processes: what each gave, and the calls a
    child died in (with how), a new child going on after each."""
    results: dict[int, dict] = {}
    crashes = []
    while start < stop:
        proc = subprocess.run([sys.executable, str(HOSTILE), str(SEED), str(RANDOM), str(start),
                               str(stop)], capture_output=True, text=True, timeout=300)
        for line in proc.stdout.splitlines():
            got = json.loads(line)
            results[got["case"]] = got
        done = max((i for i in results if i < stop), default=start - 1)
        if proc.returncode == 0 and done == stop - 1:
            break
        crashes.append((done + 1, f"exit {proc.returncode}: {proc.stderr[-300:]}"))
        start = done + 2
    return results, crashes


@pytest.mark.parametrize("part", range(PARTS))
def test_hostile_calls_crash_nothing_and_raise_only_documented_errors_alike(part):
    extension("pinochle_calc.play._solver")
    names = [name for name, _ in hostile.cases(SEED, RANDOM)]
    step = -(-len(names) // PARTS)
    start, stop = part * step, min(len(names), (part + 1) * step)
    results, crashes = run_cases(start, stop)
    assert not crashes, [(names[i], how) for i, how in crashes]
    assert sorted(results) == list(range(start, stop))
    wrong = [(names[i], r) for i, r in results.items()
             if not {r["compiled"], r["python"]} <= allowed(names[i])
             or (r["compiled"] != r["python"] and not names[i].startswith("a Solver never"))]
    assert not wrong, wrong[:20]
    refused = sum(r["compiled"] != "ok" for r in results.values())
    assert refused > 0.7 * len(results)  # the calls are hostile: most must be refused


def test_a_crash_fails_the_test_and_names_the_call(monkeypatch, tmp_path):
    """The harness itself: a child that dies in a call (killed by SIGSEGV, as a crash in C
    kills it) is reported with that call, and the calls after it still run."""
    script = tmp_path / "dies.py"
    script.write_text(
        "import os, sys\n"
        f"sys.path.insert(0, {str(HOSTILE.parent)!r})\n"
        "import hostile\n"
        "real = hostile.outcome\n"
        "def outcome(call, solver_type):\n"
        "    if call is CALLS[5]:\n"
        "        os.kill(os.getpid(), 11)\n"
        "    return real(call, solver_type)\n"
        "CALLS = [call for _, call in hostile.cases(int(sys.argv[1]), int(sys.argv[2]))]\n"
        "hostile.cases = lambda seed, count: list(enumerate(CALLS))\n"
        "hostile.outcome = outcome\n"
        "hostile.main(*map(int, sys.argv[1:5]))\n")
    monkeypatch.setattr(sys.modules[__name__], "HOSTILE", script)
    results, crashes = run_cases(0, 10)
    assert [i for i, _ in crashes] == [5] and "exit -11" in crashes[0][1]
    assert sorted(results) == [0, 1, 2, 3, 4, 6, 7, 8, 9]
