"""`play` and `arena` with policies written outside the project: exit 2 for one that cannot be
used (its module exits on import included), exit 1 with the deal, the seat and the call named
for one that fails or answers with what is not an answer mid-hand; what a policy prints goes to
stderr; a real Ctrl-C still stops the command (130)."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import as_a_terminal_runs_it, run, run_without_par


def test_the_command_line_exits_2_for_a_policy_it_cannot_use_and_1_for_one_that_fails(bots):
    for spec in ("no_such_module:X", "bots:Missing", "bots:NoCalls", "bots:not_a_policy"):
        for args in (("arena", spec, "formula"), ("play", "--us", spec)):
            result = run(*args)
            assert result.exit_code == 2, (args, result.stderr)
            assert len(result.stderr.strip().splitlines()) == 1
    assert run("arena", "bots:Opener", "bots:ready").exit_code == 2  # both are "opener"
    result = run("arena", "bots:RaisesAtSecondCall", "formula", "--deals", "2", "--jobs", "2")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: deal 0 (seed 0), raiser at seats 0 and 2: policy"
                                    " raiser at seat")
    assert len(result.stderr.strip().splitlines()) == 1
    result = run("play", "--us", f"{bots}:BidsTooLow", "--them", "formula", "--seed", "4")
    assert result.exit_code == 1 and "made an illegal call" in result.stderr
    good = run("arena", f"{bots}:Opener", "formula", "--deals", "2", "--format", "json")
    assert good.exit_code == 0 and '"opener"' in good.stdout


# ---------------------------------------------------------- policies that misbehave (issue 26)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("spec, words", [
    ("HugeBid", "policy huge at seat 0 answered call 1 of the auction (the first call) with"
                " Bid(call=a number of about 5,000 digits"),
    ("predicts_high", "prediction='high'"), ("predicts_nan", "prediction=nan"),
    ("predicts_inf", "prediction=inf"), ("predicts_minus", "prediction=-1"),
    ("predicts_two", "prediction=2"),
    ("Renames", "policy renames at seat 0 changed its name to 5 in call"),
    ("throws_no", "policy throws at seat 0 answered the throw-in with 'no'"),
    ("throws_nan", "answered the throw-in with nan"),
    ("says_a_number", "a Bid's meaning is text, not 42 (an int)"),
    ("Exits", "failed in call, at call 1 of the auction (the first call): SystemExit: 3"),
    ("Interrupts", "failed in call, at call 1 of the auction (the first call):"
                   " KeyboardInterrupt"),
])
def test_a_policy_that_misbehaves_exits_1_with_one_line_naming_deal_seat_and_call(bots, spec,
                                                                                  words):
    play = run("play", "--us", f"{bots}:{spec}", "--them", "pass", "--seed", "1", "-f", "json")
    assert play.exit_code == 1, play.stderr
    assert play.stderr.startswith("Error: the deal of seed 1: policy ") and play.stdout == ""
    arena = run("arena", f"bots:{spec}", "pass", "--deals", "2", "--jobs", "1")
    assert arena.exit_code == 1, arena.stderr
    assert arena.stderr.startswith("Error: deal 0 (seed 0), ")
    for result in (play, arena):
        assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1
    # the policy's name as loaded leads the arena's line
    assert f"deal 0 (seed 0), {load_name(spec)} at seats 0 and 2: " in arena.stderr


def load_name(spec: str) -> str:
    from pinochle_calc.game.policies import load_policy

    return load_policy(f"bots:{spec}").name


@pytest.mark.parametrize("body, error", [
    ("import sys\nsys.exit(4)\n", "SystemExit: 4"), ("import sys\nsys.exit(0)\n", "SystemExit: 0"),
    ("raise KeyboardInterrupt\n", "KeyboardInterrupt"),
])
def test_a_module_that_exits_on_import_is_a_usage_error(tmp_path, body, error):
    path = tmp_path / "leaves.py"
    path.write_text(body, encoding="utf-8")
    for args in (("play", "--us", f"{path}:X", "--seed", "1"),
                 ("arena", f"{path}:X", "formula", "--deals", "1")):
        result = run(*args)
        assert result.exit_code == 2, result.stderr
        assert f"cannot import {path}: {error}" in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def _shell(*args, **kwargs):
    """``python -m pinochle_calc ARGS`` in a real process (stdout and stderr apart)."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], capture_output=True,
                          text=True, cwd=kwargs.pop("cwd", ROOT), timeout=120, **kwargs)


def test_what_a_policy_prints_goes_to_stderr_so_json_stays_json(bots, tmp_path):
    loud = tmp_path / "loud.py"
    loud.write_text("print('loading the loud policy')\n"
                    "from bots import Prints as Loud\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(Path(bots).parent))
    play = _shell("play", "--us", f"{loud}:Loud", "--them", "pass", "--seed", "1", "-f",
                  "json", env=env)
    assert play.returncode == 0, play.stderr
    record = json.loads(play.stdout)  # the whole of stdout is the record
    assert record["policies"]["us"] == "prints"
    assert "loading the loud policy" in play.stderr and "thinking about" in play.stderr
    arena = _shell("arena", f"{loud}:Loud", "pass", "--deals", "2", "--jobs", "2", "-f",
                   "jsonl", env=env)
    assert arena.returncode == 0, arena.stderr
    lines = arena.stdout.splitlines()
    assert len(lines) == 4 and all(json.loads(line)["format"] for line in lines)
    assert arena.stderr.count("thinking about the throw-in") >= 1


def test_a_real_ctrl_c_still_stops_the_command_with_130(bots):
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", "play", "--us",
                             f"{bots}:Sleeps", "--them", "pass", "--seed", "1", "-f", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=as_a_terminal_runs_it)
    try:
        assert proc.stderr.readline().strip() == "thinking"  # the policy is in its call
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert "failed in call" not in err and out == ""


def test_meanings_with_braces_newlines_and_megabytes_replay_from_the_record(bots, tmp_path):
    for fmt in ("record", "json"):
        played = run_without_par("play", "--us", f"{bots}:says_too_much", "--them", "pass",
                                 "--seed", "2", "-f", fmt)
        assert played.exit_code == 0, played.stderr
        path = tmp_path / f"hand.{fmt}"
        path.write_text(played.stdout, encoding="utf-8")
        again = run_without_par("play", "--record", str(path), "-f", fmt)
        assert again.exit_code == 0, again.stderr
        assert again.stdout == played.stdout
