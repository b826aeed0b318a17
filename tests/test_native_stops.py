"""Ctrl-C stops a long compiled loop: each loop that an estimate or a match runs long (the
play-outs, the dealing, the hands a bidder imagines, the exchange's choices, blind passes and
picks) looks for a signal every few thousand steps, so that a call of a second or more stops
within a few milliseconds of CPU time of the signal (``native_long.py`` makes each call).

Measured in CPU time from the signal, not in wall time, so that a loaded machine (a load of 5 on
2 cores) neither fails a loop that stops nor passes one that does not: the child's CPU time when
the signal is sent (``/proc``) against its CPU time when the ``KeyboardInterrupt`` reached
Python. A loop that did not look would run on to the end of its call, a second or more."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import native_cases
import pytest
from native import extension

from tests.cli.cli_runner import as_a_terminal_runs_it, busy_for

HERE = Path(__file__).resolve().parent
#: The CPU time, in seconds, a loop may take from the signal to the KeyboardInterrupt (a loop
#: that looks takes a few milliseconds; every long call takes a second or more).
AFTER = 0.3


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="CPU times read from /proc")
@pytest.mark.parametrize("name", ["play", "deal", "unseen_hands", "choose", "choose_blind",
                                  "pick"])
def test_ctrl_c_stops_a_long_loop_within_milliseconds_of_cpu(name):
    extension(native_cases.SPECS[name].module)
    proc = subprocess.Popen([sys.executable, str(HERE / "native_long.py"), name],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_a_terminal_runs_it)
    try:
        assert proc.stdout.readline() == "go\n", proc.stderr.read()
        at_signal = busy_for(proc.pid, 0.1)  # well into the call it began
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)
    finally:
        proc.kill()
    said, cpu = out.split()
    assert said == "stopped", f"the call ended before the signal was taken: {out} {err}"
    assert proc.returncode == 130
    assert float(cpu) - at_signal < AFTER, f"{float(cpu) - at_signal:.3f} s of CPU after it"
