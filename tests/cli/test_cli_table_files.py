"""`table` loses nothing and hangs on nothing: it never writes over a file it was given, refuses
a FIFO or a device for a record or a sheet (without reading it), writes through a symbolic
link, takes only tags a record can be read back with, reads a byte order mark on stdin, and on
Ctrl-C while the advice is worked out says where the record is."""

from __future__ import annotations

import os
import subprocess
import sys

import pexpect
import pytest
from cli_runner import as_a_terminal_runs_it, at_a_terminal, exit_status, run

from pinochle_calc.game.hand import load_record, save_record
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand

HAND = "♠A 10 K Q Q J ♥A Q ♦A K Q Q J ♣A 10 10 K K Q J"


def finished_hand():
    return play_hand(deal_cards(3), "formula", "formula", seed=hand_seed(3))


def test_a_record_given_is_never_written_over(tmp_path):
    path = tmp_path / "hand.txt"
    first = run("table", "--save", str(path), HAND, input="50\n")
    assert first.exit_code == 0 and len(load_record(str(path)).events) == 1
    before = path.read_bytes()
    again = run("table", "--save", str(path), input="quit\n")
    assert again.exit_code == 1
    assert again.stderr == f"Error: {path} exists: use --resume {path} to go on with it\n"
    assert path.read_bytes() == before and "the record is in" not in again.stdout
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    assert run("table", "--save", str(other)).exit_code == 1
    assert other.read_text() == "my notes\n"


def test_a_fifo_is_refused_and_a_symbolic_link_written_through(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert run("table", "--save", str(fifo)).exit_code == 1 and fifo.is_fifo()
    resumed = run("table", "--resume", str(fifo))
    assert resumed.exit_code == 1 and "not a plain file" in resumed.stderr and fifo.is_fifo()
    target, link = tmp_path / "real.txt", tmp_path / "link.txt"
    link.symlink_to(target)
    out = run("table", "--save", str(link), HAND, input="50\n51\n")
    assert out.exit_code == 0 and link.is_symlink()
    assert len(load_record(str(target)).events) == 2
    more = run("table", "--resume", str(link), input="52\n")
    assert more.exit_code == 0 and link.is_symlink()
    assert len(load_record(str(target)).events) == 3
    assert run("table", "--save", str(link)).exit_code == 1  # it leads to a file now
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] == []


@pytest.mark.parametrize("tag", ["Rules=book", "Dealer=9", "dealer=1", "You=3",
                                 "Convention=davis", "Date=a\nb", "Date=" + "x" * 2001,
                                 "1x=2", "x y=1", "=x", "novalue", "N" * 2000 + "=x"])
def test_a_tag_no_record_could_be_read_back_with_is_refused_at_the_option(tmp_path, tag):
    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), "--tag", tag, input="quit\n")
    assert out.exit_code == 2 and out.stderr.count("\n") == 1 and not path.exists()


def test_the_tags_taken_are_read_back_by_resume_and_play(tmp_path):
    path = tmp_path / "hand.txt"
    tags = ["Date=2026-03-14", "Place=" + "p" * 1990, 'Players=Ann "A", Bob \\ B']
    out = run("table", "--save", str(path), *[x for t in tags for x in ("--tag", t)], HAND,
              input="quit\n")
    assert out.exit_code == 0
    record = load_record(str(path))
    assert [f"{k}={v}" for k, v in record.tags if k not in ("You", "Convention", "Table")] \
        == tags
    assert run("table", "--resume", str(path), input="quit\n").exit_code == 0
    assert run("play", "--record", str(path), "-f", "record").exit_code == 0


@pytest.mark.parametrize("option", ["--resume", "--save", "--sheet"])
def test_stdin_is_no_file_to_write_again(option):
    out = run("table", option, "-", input="quit\n")
    assert out.exit_code == 2 and "not stdin" in out.stderr


def test_a_byte_order_mark_on_stdin_is_no_part_of_the_hand(tmp_path):
    path = tmp_path / "hand.txt"
    out = run("table", "--save", str(path), input=("\ufeff" + HAND + "\n50\n").encode())
    assert out.exit_code == 0 and "refused" not in out.stdout
    assert len(load_record(str(path)).events) == 1


def _run(*args, timeout=60, **kwargs):
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], capture_output=True,
                          text=True, timeout=timeout, **kwargs)


@pytest.mark.parametrize("sheet", ["/dev/full", "/dev/zero", "FIFO"])
def test_a_sheet_that_is_no_file_is_refused_at_once(tmp_path, sheet):
    """Without a bound the hand's end would read /dev/full until the kernel killed it."""
    path = tmp_path / "done.txt"
    save_record(finished_hand(), str(path), new=True)
    if sheet == "FIFO":
        sheet = str(tmp_path / "pipe.csv")
        os.mkfifo(sheet)
    done = _run("table", "--resume", str(path), "--sheet", sheet, input="quit\n")
    assert done.returncode == 1
    assert done.stderr == f"Error: the score sheet {sheet} is not a plain file\n"


def test_a_sheet_that_cannot_be_written_is_one_line_and_exit_1(tmp_path):
    path = tmp_path / "done.txt"
    save_record(finished_hand(), str(path), new=True)
    sheet = tmp_path / "no" / "such" / "game.csv"
    done = run("table", "--resume", str(path), "--sheet", str(sheet), input="quit\n")
    assert done.exit_code == 1
    said = " ".join(done.stdout.split())
    assert f"Not on the score sheet: cannot write the score sheet {sheet}: No such file" in said


def test_a_finished_hand_resumed_goes_on_the_sheet_once(tmp_path):
    path, sheet = tmp_path / "done.txt", tmp_path / "game.csv"
    save_record(finished_hand(), str(path), new=True)
    for _ in range(2):
        assert run("table", "--resume", str(path), "--sheet", str(sheet),
                   input="quit\n").exit_code == 0
    # the settings line, the header and the one hand
    assert len(sheet.read_text().splitlines()) == 3


def test_ctrl_c_while_the_advice_is_worked_out_says_where_the_record_is(tmp_path):
    """Ctrl-C during a long advice (100,000 deals behind a call): the session stops at once
    with the line that resumes it, the record keeps every event typed, and the exit is 130."""
    path = tmp_path / "hand.txt"
    env = {**os.environ, "COLUMNS": "200", "TERM": "dumb"}
    child = at_a_terminal(["table", "--save", str(path), "--samples", "100000", "--seat", "1"],
                          env=env, cwd=str(tmp_path), preexec_fn=as_a_terminal_runs_it)
    try:
        child.expect(r"your hand \(seat 1\)> ")
        child.sendline(HAND)
        child.expect(r"seat 0 to call> ")
        child.sendline("50")  # now seat 1's advice: 100,000 deals
        child.expect("event 1: seat 0 bids 50")
        child.sendintr()
        child.expect("Stopped; the record is in")
        child.expect(r"--resume")
        child.expect(pexpect.EOF)
        status = exit_status(child)
    finally:
        child.close()
    assert status == 130
    assert len(load_record(str(path)).events) == 1
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] == []


#: Run by the test below in a fresh interpreter: a session (``table``) given the hand (the
#: second argument) up to its first prompt, where it is not your turn, and quit; then the
#: advice, the meld and what the play shows, as a session gives them, at the first two
#: decisions of each kind and the last three cards of each record given (a file and its
#: convention each). It prints the modules they imported.
_ADVICE_IMPORTS = """
import contextlib, io, json, sys
from collections import Counter
from pinochle_calc.cli.app import main
from pinochle_calc.game.hand import load_record
from pinochle_calc.game.session import advice, meld_lines, revealed

records = [load_record(path) for path in sys.argv[3::2]]
conventions = sys.argv[4::2]
sys.stdin = io.StringIO(sys.argv[2] + "\\nquit\\n")
sys.argv = ["pinochle-calc", "table", "--save", sys.argv[1], "--seat", "1"]
with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
    main()
before = set(sys.modules)
for record, convention in zip(records, conventions):
    kinds = Counter()
    last = len(record.events)
    for n in range(last):
        prefix = record.prefix(n)
        d = prefix.state.next_decision()
        kinds[d.kind] += 1
        if kinds[d.kind] <= 2 or n >= last - 3:
            for seat in range(4) if d.seat is None else [d.seat]:  # the meld: every seat's
                advice(prefix, seat, samples=20, convention=convention)
                meld_lines(prefix, seat)
                revealed(prefix, seat)
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_the_advice_imports_nothing_once_the_session_has_loaded_it(tmp_path):
    """A Ctrl-C that lands inside an import may be lost, or end the process by the signal
    after the session has handled it (``game/preload.py``): once a session has loaded what the
    advice needs, no advice imports a module, at any kind of decision (calls, the request, the
    pass, the trump, the meld, the cards, the end of the play) under any convention."""
    files, every = [str(tmp_path / "session.txt"), HAND], {"call", "trump", "meld", "play"}
    for rules, convention, kinds_wanted in (
            ("toby-thomas", "toby", every | {"request", "pass"}),
            ("standard,passing.cards=4", "davis", every | {"pass"}), ("standard", "jump", every)):
        record = play_hand(deal_cards(3), "formula", "formula", rules, seed=hand_seed(3),
                           samples=20)
        kinds = {record.prefix(n).state.next_decision().kind
                 for n in range(len(record.events))}
        assert kinds == kinds_wanted
        path = tmp_path / f"{convention}.txt"
        save_record(record, str(path), new=True)
        files += [str(path), convention]
    done = subprocess.run([sys.executable, "-c", _ADVICE_IMPORTS, *files], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
