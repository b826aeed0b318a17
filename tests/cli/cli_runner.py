"""Running the command line in process, for the CLI tests."""

import json
import os
import signal
import sys
import time

import click
from click.testing import CliRunner as ClickRunner
from typer.main import get_command
from typer.testing import CliRunner

from pinochle_calc.cards import CARDS, SUIT_SYMBOLS
from pinochle_calc.cli.app import app, app_for

runner = CliRunner()
#: The click command that typer makes of the app ``app_for`` gives, by the command named (None:
#: the whole app), made once: typer makes it anew at each ``CliRunner.invoke``, a few
#: milliseconds each over a suite's thousands of invocations. It is made from the functions'
#: signatures alone, which no test changes.
_COMMANDS: dict[str | None, click.Command] = {}


def run(*args, **kwargs):
    """The result of ``pinochle-calc ARGS`` as the console script runs it (``app_for``);
    ``kwargs`` go to ``CliRunner.invoke`` (``input``, ``env``, ...)."""
    chosen = app_for(list(args))
    key = None if chosen is app else args[0]
    if key not in _COMMANDS:
        _COMMANDS[key] = get_command(chosen)
    return ClickRunner.invoke(runner, _COMMANDS[key], list(args), **kwargs)


def run_without_par(*args, **kwargs):
    """``run``, with ``--exact 0`` added to a command that searches the par and the exact
    costs (``play``, ``review``): for the tests of what else the command does, which then
    neither spend the search's half second of CPU time a command nor depend on how far it
    reaches on this machine (the par itself is test_cli_par's and test_par's)."""
    extra = ("--exact", "0") if args and args[0] in ("play", "review") else ()
    return run(*args, *extra, **kwargs)


def run_json(*args):
    """The JSON that ``pinochle-calc ARGS --format json`` prints, which must exit 0."""
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, (result.stdout, result.exception)
    return json.loads(result.stdout)


def as_a_terminal_runs_it() -> None:
    """A child's ``preexec_fn`` for a test of Ctrl-C: SIGINT as a foreground job has it. A
    suite started in the background (as CI may start it) ignores SIGINT, a child inherits that,
    and a Python child that starts with SIGINT ignored never turns Ctrl-C into
    ``KeyboardInterrupt``: the test would wait out its timeout."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def at_a_terminal(args: list[str], **kwargs):
    """``python -m pinochle_calc ARGS`` on a pseudo-terminal (``pexpect.spawn``; ``kwargs``
    go to it: ``env``, ``cwd``, ``preexec_fn``), text in UTF-8, 60 s to wait for any output.
    Without pexpect's pause of 50 ms before each thing sent: a test sends a line once it has
    read the prompt that asks for it."""
    import pexpect

    child = pexpect.spawn(sys.executable, ["-m", "pinochle_calc", *args], encoding="utf-8",
                          timeout=60, **kwargs)
    child.delaybeforesend = None
    return child


def exit_status(child, seconds: float = 20.0) -> int | None:
    """The exit status of a child of ``at_a_terminal`` once it has ended, waited for up to
    ``seconds`` after the end of its output (``child.close()`` right after the end of output
    kills a child that has not yet ended, as a loaded machine may leave it, and its status is
    then lost); None if it has not ended by then."""
    deadline = time.monotonic() + seconds
    while child.isalive() and time.monotonic() < deadline:
        time.sleep(0.01)
    return None if child.isalive() else child.exitstatus


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time a process has used so far, or had used when it ended and
    was not yet waited for (``/proc/PID/stat``): what a test of how soon a process stops
    measures, since wall time on a loaded machine races the load."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ended(pid: int) -> bool:
    """Whether a child has ended (and waits to be waited for: its CPU time is final)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")


def busy_for(pid: int, seconds: float) -> float:
    """Wait until a process has used ``seconds`` more CPU time than it has now (at most two
    minutes of wall time): then it is well into the work it had begun. Its CPU time then."""
    began, deadline = cpu_seconds(pid), time.monotonic() + 120
    while (now := cpu_seconds(pid)) < began + seconds and time.monotonic() < deadline:
        time.sleep(0.005)
    return now


def line_of(event) -> str:
    """An event of a record as a player at the table types it."""
    if event.kind == "call":
        return "p" if event.bid is None else str(event.bid)
    if event.kind in ("trump", "request"):
        return "none" if event.suit is None else SUIT_SYMBOLS[event.suit]
    if event.kind == "pass":
        return event.cards.symbols()
    if event.kind == "meld":
        return f"{event.seat}: {event.cards.symbols() or 'none'}"
    if event.kind == "play":
        return CARDS[event.card].symbol
    return "throw-in"
