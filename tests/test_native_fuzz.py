"""The compiled loops other than the solver's (``_play``, ``_greedy``, ``_meld``) driven with
random and hostile arguments (``native_cases``: wrong types, element types and byte orders,
shapes and sizes, views that are not contiguous, read-only outputs, outputs sharing memory with
inputs, values out of range, a card twice, huge and negative sizes, ints past C's range, empty
arrays): each entry point takes what its rule takes and refuses the rest with a ``TypeError`` or
``ValueError``. Each extension's cases run in a child process of their own, so that a crash (a
segmentation fault) fails the test, naming the case it died in, rather than killing pytest.
``NATIVE_FUZZ_CASES`` and ``NATIVE_FUZZ_SEED`` run more cases, or others."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import native_cases
import pytest
from native import extension

HERE = Path(__file__).resolve().parent
CASES = int(os.environ.get("NATIVE_FUZZ_CASES", "500"))
SEED = int(os.environ.get("NATIVE_FUZZ_SEED", "31"))
GROUPS = {native_cases.PLAY: ["play", "deal", "unseen_hands", "swap"],
          native_cases.GREEDY: ["blas", "dots", "objective", "pick", "choose", "choose_blind",
                                "score", "added"],
          native_cases.MELD: ["points", "best"]}


def the_case(line: str) -> str:
    """What case ``case NAME I`` (the last a child began) was: its changes to valid
    arguments."""
    _, name, index = line.split()
    if name == "known":
        return f"known case {index} (native_cases.known)"
    greedy = extension(native_cases.GREEDY)
    greedy.blas(native_cases.umath_path())
    _, changes = native_cases.case(native_cases.SPECS[name], SEED, int(index), greedy)
    return f"{name} case {index}, valid arguments changed: {changes or 'none'}"


@pytest.mark.parametrize("module", list(GROUPS))
def test_every_entry_point_takes_what_its_rule_takes_and_refuses_the_rest(module):
    extension(module)
    names = GROUPS[module]
    proc = subprocess.run([sys.executable, str(HERE / "native_cases.py"), str(SEED),
                           str(CASES), *names], capture_output=True, text=True, timeout=600,
                          cwd=HERE)
    lines = proc.stdout.splitlines()
    if proc.returncode < 0:
        began = [line for line in lines if line.startswith("case ")]
        died = signal.Signals(-proc.returncode).name
        pytest.fail(f"the child died of {died} in {the_case(began[-1])}\n{proc.stderr[-3000:]}")
    assert [line for line in lines if line.startswith("wrong ")] == []
    assert proc.returncode == 0, proc.stderr[-3000:]
    took = {line.split()[1]: int(line.split()[2]) for line in lines if line.startswith("took ")}
    assert set(took) == set(names)
    for name in names:  # each rule both took and refused cases (the draw reaches both sides)
        assert 0 < took[name] < CASES, name
