"""The conventions every command shares: the hand as an argument, --format, the range checks of
--seed, --samples and --jobs, -h and --version, shell completion, help that fits 80 columns and
names what it accepts, and one-line errors with exit statuses 1 (input) and 2 (usage)."""

import csv
import io
import json
import re

import pytest
from cli_runner import run, runner

from pinochle_calc import __version__
from pinochle_calc.cli import app
from pinochle_calc.cli.app import app_for
from pinochle_calc.limits import BID_DEALS, JOBS_MAX, PASS_HANDS, SEED_MAX, TRICK_DEALS
from pinochle_calc.rules import PRESETS

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"

#: Each command that prints records, with arguments that succeed (samples kept small; no time
#: for the review's exact costs, whose reach within a budget of seconds is the CPU's).
RECORDS = {
    "meld": ["meld", HAND],
    "legal": ["legal", "AS QS 10H", "-t", "H", "--trick", "KS 10S"],
    "tricks": ["tricks", HAND, "-t", "H", "-n", "20"],
    "bid": ["bid", HAND, "--auction", "50 52 p", "-n", "20"],
    "pass": ["pass", HAND, "-t", "H", "-n", "20"],
    "explain": ["explain", "--auction", "50 52 p"],
    "score": ["score", "--bidder", "us", "--bid", "55", "--meld-us", "30", "--meld-them",
              "20", "--tricks-us", "30"],
    "score --sheet": ["score", "--sheet", "samples/game.csv"],
    "rules": ["rules"],
    "review": ["review", "samples/hand.txt", "--seat", "0", "--exact", "0"],
    "dd": ["dd", "samples/last-tricks.txt", "-t", "H"],
}


COMMANDS = ["explain", "bid", "pass", "play", "arena", "meld", "tricks", "legal", "card", "score",
            "rules", "review", "table", "dd"]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_runs_in_an_app_of_its_own_as_in_the_whole_app(command):
    import typer.main

    alone = typer.main.get_command(app_for([command, "-h"]))
    assert list(alone.commands) == [command]
    for args in ([command, "-h"], RECORDS.get(command, [command, "-h"])):
        whole, own = runner.invoke(app, args), runner.invoke(app_for(args), args)
        assert (own.exit_code, own.stdout, own.stderr) == (whole.exit_code, whole.stdout,
                                                           whole.stderr)


def test_without_a_command_name_first_the_whole_app_runs():
    import typer.main

    assert set(typer.main.get_command(app).commands) == set(COMMANDS)  # every command tried
    for args in ([], ["-h"], ["--version"], ["nosuch"], ["-h", "bid"]):
        assert app_for(args) is app


def test_an_unknown_command_is_told_the_close_one_once():
    result = run("bidd", HAND)
    assert result.exit_code == 2
    assert result.stderr == ("Error: No such command 'bidd'. (Did you mean one of: 'bid',"
                             " 'dd'?) (see root -h)\n")


@pytest.mark.parametrize("command", ["meld", "legal", "tricks", "bid", "pass"])
def test_the_hand_is_an_argument_quoted_or_as_words(command):
    args = RECORDS[command]
    quoted = run(*args, "-f", "json")
    words = run(args[0], *args[1].split(), *args[2:], "-f", "json")
    assert quoted.exit_code == 0, quoted.output
    assert words.stdout == quoted.stdout


@pytest.mark.parametrize("command", list(RECORDS))
def test_every_format_on_every_command_that_prints_records(command):
    args = RECORDS[command]
    outputs = {}
    for fmt in ("table", "json", "jsonl", "csv"):
        result = run(*args, "--format", fmt)
        assert result.exit_code == 0, (fmt, result.output)
        outputs[fmt] = result.stdout
    # json: one compact document on one line
    assert outputs["json"].count("\n") == 1
    json.loads(outputs["json"])
    # jsonl: one compact object per line (the same line as json for a single result)
    records = [json.loads(line) for line in outputs["jsonl"].splitlines()]
    assert records and all(isinstance(r, dict) for r in records)
    # csv: a header and rows of the same width, as a CSV reader sees them
    rows = list(csv.reader(io.StringIO(outputs["csv"])))
    assert len(rows) >= 2 and all(len(row) == len(rows[0]) for row in rows)
    assert outputs["table"] and not outputs["table"].startswith(("{", "["))
    # the default off a terminal is jsonl
    assert run(*args).stdout == outputs["jsonl"] or command == "rules"


def test_an_unknown_format_is_a_usage_error_naming_the_choices():
    result = run("legal", "AS", "-t", "H", "-f", "text")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: Invalid value for '--format' / '-f': 'text'")
    assert "'table', 'json', 'jsonl', 'csv'" in result.stderr  # the words are click's
    assert result.stderr.endswith(" (see root legal -h)\n") and result.stderr.count("\n") == 1


@pytest.mark.parametrize(("command", "option", "bad", "limit"), [
    ("tricks", "--samples", "0", f"1<=x<={TRICK_DEALS}"),
    ("tricks", "--samples", "1000000000000", f"1<=x<={TRICK_DEALS}"),
    ("tricks", "--seed", "-1", f"0<=x<={SEED_MAX}"),
    ("tricks", "--jobs", "0", f"1<=x<={JOBS_MAX}"),
    ("tricks", "--jobs", "1000", f"1<=x<={JOBS_MAX}"),
    ("bid", "--samples", "1000000000000", f"1<=x<={BID_DEALS}"),
    ("bid", "--seed", "-1", f"0<=x<={SEED_MAX}"),
    ("bid", "--seed", str(SEED_MAX + 1), f"0<=x<={SEED_MAX}"),
    ("pass", "--samples", str(PASS_HANDS + 1), f"1<=x<={PASS_HANDS}"),
    ("pass", "--seed", "x", "'x' is not a valid integer"),
])
def test_seed_samples_and_jobs_are_range_checked_before_any_work(command, option, bad, limit):
    args = [a for a in RECORDS[command] if a not in ("-n", "20")]
    result = run(*args, option, bad)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: Invalid value for '{option}'")
    assert limit in result.stderr and result.stderr.count("\n") == 1


def test_help_with_h_and_the_version():
    assert run("-h").exit_code == 0 and "Usage:" in run("-h").stdout
    for command in ("meld", "legal", "tricks", "bid", "pass", "explain", "score", "rules"):
        assert run(command, "-h").exit_code == 0
    assert run("rules", "show", "-h").exit_code == 0
    result = run("--version")
    assert (result.exit_code, result.stdout) == (0, f"pinochle-calc {__version__}\n")


HELPS = [[], ["meld"], ["legal"], ["tricks"], ["bid"], ["pass"], ["explain"], ["score"],
         ["rules"], ["rules", "show"]]


@pytest.mark.parametrize("command", HELPS, ids=lambda c: " ".join(c) or "root")
def test_help_fits_80_columns(command):
    text = run(*command, "-h", env={"COLUMNS": "80"}).stdout
    assert text and max(len(line) for line in text.splitlines()) <= 80


def test_help_names_every_accepted_value():
    def help_of(*command):  # the words of the help, out of its boxes
        text = run(*command, "-h", env={"COLUMNS": "80"}).stdout
        return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())

    for command in ("meld", "legal", "tricks", "bid", "pass", "explain", "score"):
        text = help_of(command)
        assert "table|json|jsonl|csv" in text, command
    for command in ("meld", "legal", "tricks", "pass"):
        assert "S H D C, ♠ ♥ ♦ ♣" in help_of(command), command
    for command in ("meld", "tricks", "bid", "pass", "explain", "score"):
        text = help_of(command)
        assert all(name in text for name in PRESETS), command
        assert "key=value" in text and "pinochle-calc rules" in text
    assert "partner|bidder" in help_of("pass")
    assert "jump" in help_of("bid") and "davis" in help_of("bid") and "toby" in help_of("bid")
    assert "A♥ 10 K" in help_of("meld")  # how a hand may be written
    listing = run("rules").stdout  # every override key the --rules help points to
    assert "scale=10" in listing and "meld.run=15/150/225/300" in listing


def complete(words: str, cword: int) -> list[str]:
    env = {"_PINOCHLE_CALC_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(cword)}
    result = runner.invoke(app, [], env=env, prog_name="pinochle-calc")
    assert result.exit_code == 0
    return result.stdout.split()


def test_shell_completion_of_commands_options_presets_and_suits():
    assert complete("pinochle-calc me", 1) == ["meld"]
    assert "--format" in complete("pinochle-calc meld --fo", 2)
    assert complete("pinochle-calc meld --format ", 3) == ["table", "json", "jsonl", "csv"]
    assert complete("pinochle-calc bid --rules to", 3) == ["toby-thomas"]
    assert "book,scale=" in complete("pinochle-calc bid --rules book,sc", 3)
    assert complete("pinochle-calc tricks -t ♥", 3) == ["♥"]
    assert "hearts" in complete("pinochle-calc tricks -t h", 3)
    assert "H" in complete("pinochle-calc tricks -t H", 3)


@pytest.mark.parametrize(("args", "code", "message"), [
    (["meld", "--bogus"], 2, "--bogus"),
    (["nosuch"], 2, "nosuch"),
    (["legal", HAND], 2, "Error: Missing option '--trump' (see root legal -h)\n"),
    (["legal", "-t", "H"], 2, "Error: Missing argument 'HAND'. Give a hand, such as AH 10H KH"
     " QH JH (see root legal -h)\n"),
    (["legal", "AS", "-t", "H", "--trick", "AS 11S"], 1, "Error: --trick card 2: unknown card"
     " '11S': did you mean 10S?\n"),
    (["score", "--sheet", "/no/such.csv"], 1, "Error: cannot read /no/such.csv: No such file or"
     " directory\n"),
])
def test_errors_are_one_line_with_the_exit_status_that_says_whose(args, code, message):
    result = run(*args)
    assert result.exit_code == code and result.stdout == ""
    if message.startswith("Error"):
        assert result.stderr == message
    else:  # click's own words: one line, naming the token, pointing at the help
        assert result.stderr.startswith("Error: No such ") and message in result.stderr
        assert result.stderr.count("\n") == 1 and result.stderr.endswith(" -h)\n")
