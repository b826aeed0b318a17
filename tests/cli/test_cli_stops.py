"""Nothing crashes, hangs or is left behind: output that cannot be written, a closed pipe, Ctrl-C
and SIGTERM, deal files of any bytes and size, contracts and bids of any text, an auction that a
rule set lets run on, and a score sheet holding a huge number."""

from __future__ import annotations

import json
import os
import pty
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.cli.cli_runner import (
    as_a_terminal_runs_it,
    busy_for,
    cpu_seconds,
    ended,
    run,
    run_without_par,
)

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
ENDLESS = "standard,steps=any,min_bid=1,meld.run=1000000/1000000/1000000/1000000"


def shell(*args, **kwargs):
    """The console script, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], capture_output=True,
                          text=True, **kwargs)


def deal_text(seed: int = 3) -> str:
    record = json.loads(run("play", "--seed", str(seed), "--us", "pass", "--them", "pass",
                            "-f", "json").stdout)
    return "\n".join(record["hands"]) + "\n"


# output that cannot be written -------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["meld", HAND, "-f", "table"], ["meld", HAND, "-f", "json"],
    ["play", "--seed", "1", "--us", "formula", "--them", "pass", "-f", "table"],
    ["arena", "formula", "pass", "--deals", "2", "-f", "table"],
    ["arena", "formula", "pass", "--deals", "2", "-f", "jsonl"],
])
def test_a_full_disk_is_one_line_not_an_internal_error(args):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "pinochle_calc", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 1
    assert proc.stderr == "Error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("fmt", ["table", "jsonl", "csv"])
def test_a_closed_pipe_stops_quietly_with_0(fmt):
    hands = (HAND + "\n") * 3000
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", "meld", "-f", fmt],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdin.write(hands.encode())
    proc.stdin.close()
    proc.stdout.readline()
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -2` does
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


# Ctrl-C and SIGTERM --------------------------------------------------------------------------

def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True,
                         text=True).stdout
    return [int(p) for p in out.split()]


def _alive(pids: list[int]) -> list[int]:
    alive = []
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        state = subprocess.run(["ps", "-o", "stat=", "-p", str(pid)], capture_output=True,
                               text=True).stdout.strip()
        if state and not state.startswith("Z"):
            alive.append(pid)
    return alive


def _arena_with_workers():
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", "arena", "advisor:jump",
                             "formula", "--deals", "400", "-n", "200", "--jobs", "2",
                             "-f", "table"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=as_a_terminal_runs_it)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    workers = _children(proc.pid)
    assert len(workers) == 2
    time.sleep(1.5)  # some deals played
    return proc, workers


def test_sigterm_to_a_parallel_arena_leaves_no_worker_behind():
    proc, workers = _arena_with_workers()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 143
    deadline = time.monotonic() + 10
    while _alive(workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _alive(workers) == []


def test_ctrl_c_shows_the_deals_played_and_exits_130_leaving_no_worker():
    proc, workers = _arena_with_workers()
    os.killpg(proc.pid, signal.SIGINT)  # the terminal sends it to the whole group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert err.startswith("Error: stopped after ") and " of 400 deals" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    done = int(err.split()[3])
    if done:
        assert f"{done} of the 400 deals asked for (stopped)" in " ".join(out.split())
    assert _alive(workers) == []


def test_ctrl_c_in_an_arena_keeps_what_it_had(monkeypatch):
    from pinochle_calc.game import arena

    real = arena.duplicate_deals

    def stopped(*args, **kwargs):
        for k, pair in enumerate(real(*args, **kwargs)):
            if k == 2:
                raise KeyboardInterrupt
            yield pair

    monkeypatch.setattr(arena, "duplicate_deals", stopped)
    result = run("arena", "formula", "pass", "--deals", "40", "-f", "json")
    assert result.exit_code == 130
    assert result.stderr == ("Error: stopped after 2 of 40 deals: the figures are for the deals"
                             " played\n")
    report = json.loads(result.stdout)
    assert report["deals"] == 2 and report["stopped"] is True
    full = json.loads(run("arena", "formula", "pass", "--deals", "2", "-f", "json").stdout)
    assert report["margin"] == full["margin"]


def _ctrl_c_while_working(*args: str) -> tuple[int, float, str, str]:
    """``pinochle-calc ARGS`` with stderr on a terminal, stopped by Ctrl-C (to its process group,
    as a terminal sends it) once its progress bar shows and it has used a fifth of a second of
    CPU time in that work: its exit status, the CPU time it used from the signal to its end,
    its stdout, and the terminal's text. CPU time, not wall time: on a loaded machine a wall
    clock measures the load."""
    terminal, theirs = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=theirs,
                            start_new_session=True, preexec_fn=as_a_terminal_runs_it)
    os.close(theirs)
    said, out = bytearray(), []

    def read_terminal() -> None:
        while True:
            try:
                chunk = os.read(terminal, 4096)
            except OSError:  # the child closed its end
                return
            if not chunk:
                return
            said.extend(chunk)

    readers = [threading.Thread(target=read_terminal),
               threading.Thread(target=lambda: out.append(proc.stdout.read()))]
    for reader in readers:
        reader.start()
    try:
        deadline = time.monotonic() + 120
        while b"playing deals" not in said and proc.poll() is None \
                and time.monotonic() < deadline:
            time.sleep(0.01)
        assert b"playing deals" in said, said.decode(errors="replace")
        at_signal = busy_for(proc.pid, 0.2)
        os.killpg(proc.pid, signal.SIGINT)
        deadline = time.monotonic() + 120
        while not ended(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.005)
        used = cpu_seconds(proc.pid) - at_signal
        code = proc.wait(timeout=10)
    finally:
        proc.kill()
        proc.wait()
        for reader in readers:
            reader.join(timeout=10)
        os.close(terminal)
    return code, used, out[0].decode(), said.decode(errors="replace")


def test_ctrl_c_stops_a_long_bid_within_a_second_of_cpu():
    """A bid of 100,000 deals (the most) under Davis's game, priced: Ctrl-C in the estimate
    (the dealing, the meld, the play-outs in the compiled loops) stops it with 130."""
    code, used, out, said = _ctrl_c_while_working(
        "bid", HAND, "-a", "p 50 p", "-c", "davis", "-n", "100000", "-f", "json")
    assert code == 130 and out == ""
    assert "Error: stopped: the estimate needs all its deals" in said
    assert used < 1.0, f"{used:.2f} s of CPU from Ctrl-C to the end"


def test_ctrl_c_stops_a_long_arena_within_a_second_of_cpu():
    """An arena in one process, the advisor's bids (2,000 deals an estimate): Ctrl-C stops it
    with 130 and the figures for the deals played."""
    code, used, out, said = _ctrl_c_while_working(
        "arena", "advisor:jump", "formula", "--deals", "400", "-n", "2000", "-f", "json")
    assert code == 130
    assert "Error: stopped after " in said and " of 400 deals" in said
    if out:
        assert json.loads(out)["stopped"] is True
    assert used < 1.0, f"{used:.2f} s of CPU from Ctrl-C to the end"


def test_ctrl_c_in_tricks_shows_the_deals_played(monkeypatch):
    from pinochle_calc.play import simulate

    real = simulate.tricks_so_far

    def stopped(*args, **kwargs):
        yield from real(*args, **{**kwargs, "samples": 300})
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "tricks_so_far", stopped)
    result = run("tricks", HAND, "-t", "H", "-n", "5000", "-f", "json")
    assert result.exit_code == 130
    assert result.stderr == ("Error: stopped after 300 of 5,000 deals: the figures above are for"
                             " the deals played\n")
    assert json.loads(result.stdout)["samples"] == 300


# deal files ---------------------------------------------------------------------------------

def test_a_deal_file_that_is_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_bytes(b"\xff\xfe not text\n")
    result = run("play", "--deal", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path} line 1: not valid UTF-8 text: byte 0xff at column 1\n"


@pytest.mark.parametrize("size", [100_000, 100_000_000])
def test_a_deal_file_has_a_size_limit(tmp_path, size):
    path = tmp_path / "big.txt"
    with open(path, "wb") as f:
        f.truncate(size)  # a sparse file: no disk, the size that counts
    result = run("play", "--deal", str(path))
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {path} is longer than 65,536 bytes: a deal file is four"
                             " hands, one a line\n")


def test_dev_zero_as_a_deal_ends_at_the_limit():
    proc = shell("play", "--deal", "/dev/zero", timeout=60)
    assert proc.returncode == 1 and "longer than 65,536 bytes" in proc.stderr


def test_a_byte_order_mark_reads_alike_from_a_file_and_from_stdin(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_bytes(b"\xef\xbb\xbf" + deal_text().replace("\n", "\r\n").encode())
    args = ("--us", "pass", "--them", "pass", "--seed", "1", "-f", "json")
    by_name = run_without_par("play", "--deal", str(path), *args)
    by_stdin = run_without_par("play", "--deal", "-", *args, input=path.read_bytes())
    assert by_name.exit_code == by_stdin.exit_code == 0, by_stdin.stderr
    assert json.loads(by_name.stdout) == json.loads(by_stdin.stdout)


# contracts and bids -------------------------------------------------------------------------

@pytest.mark.parametrize(("contract", "message"), [
    ("0,H,²", "bid '²': a bid is a whole number"),
    ("0,H,5x", "bid '5x': a bid is a whole number"),
    ("0,H," + "9" * 5000, "a bid is at most 1,000,000,000,000,000"),
    ("0,X", "unknown suit 'X'"),
    ("7,H", "seat '7': a seat is 0 to 3"),
])
def test_a_contract_that_cannot_be_is_a_misused_option(contract, message):
    result = run("play", "--contract", contract)
    assert result.exit_code == 2 and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_large_bid_is_scored_or_refused_alike_whatever_its_digits():
    args = ("play", "--seed", "2", "--us", "pass", "--them", "pass", "-f", "json")
    big = run(*args, "--contract", "0,H," + "9" * 15)
    assert big.exit_code == 1 and "off the bidding steps" in big.stderr
    huge = run(*args, "--contract", "0,H," + "9" * 30)
    assert huge.exit_code == 2 and "at most" in huge.stderr


def test_an_auction_a_rule_set_lets_run_on_is_the_rule_sets_problem():
    result = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "--rules",
                 ENDLESS)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: the auction passed 400 calls")
    assert "bidding.steps" in result.stderr and result.stderr.count("\n") == 1


# score sheets -------------------------------------------------------------------------------

def test_a_sheet_number_of_thousands_of_digits_is_its_rows_error():
    rows = [{"bidder": "us", "bid": 50, "meld_us": 20, "meld_them": 10, "tricks_us": 30},
            None,
            {"bidder": "them", "bid": 50, "meld_us": 20, "meld_them": 10, "tricks_us": 30}]
    text = "\n".join(json.dumps(r) if r else '{"bidder": "us", "bid": ' + "9" * 5000 + "}"
                     for r in rows) + "\n"
    result = run("score", "--sheet", "-", "-f", "csv", input=text)
    assert result.exit_code == 1
    out = result.stdout.splitlines()
    assert out[1].startswith("1,1,us,50,made,") and out[3].startswith("3,3,them,50,set,")
    assert "stdin line 2: a number with too many digits" in out[2]
    assert result.stderr.startswith("Error: stdin line 2: a number with too many digits")


@pytest.mark.parametrize("fmt", ["json", "jsonl", "csv", "table"])
def test_ctrl_c_in_a_batch_keeps_the_lines_answered(monkeypatch, fmt):
    from pinochle_calc.meld import batch

    real = batch.score_chunks

    def stopped(*args, **kwargs):
        yield next(iter(real(*args, **kwargs)))
        raise KeyboardInterrupt

    monkeypatch.setattr(batch, "score_chunks", stopped)
    result = run("meld", "-f", fmt, input=(HAND + "\n") * 3)
    assert result.exit_code == 130
    assert result.stderr == "Error: stopped after 3 lines: the ones above are answered\n"
    if fmt == "json":
        assert len(json.loads(result.stdout)) == 3  # the list is closed
    elif fmt == "jsonl":
        assert len(result.stdout.splitlines()) == 3


# Ctrl-C in the double-dummy solver's search ------------------------------------------------

#: A deal (seats 0 to 3) whose par from the first lead takes the solver hours.
DEAL = ["AS 10S 10S 10S 10S AH AH 10H 10H QH AD AD 10D KD KD 10C QC QC QC JC",
        "AS AS AS KS QS AH KH JH JH 10D 10D KD QD QD AC AC KC KC KC JC",
        "KS KS QS QS JS AH 10H KH QH QH QH JH AD QD JD JD AC AC 10C KC",
        "KS QS JS JS JS 10H KH KH JH AD 10D KD QD JD JD 10C 10C QC JC JC"]


def _ctrl_c_in_the_search(args: list[str], cpu: float = 1.0) -> tuple[float, int, str]:
    """Run the command, wait until it has used ``cpu`` seconds of CPU (all it does before the
    search takes 0.4 to 0.55 s, its bytecode compiled anew: by then it is in the solver's
    search, however loaded the machine), send Ctrl-C to its group as a terminal does: the
    seconds from the signal to its exit, its exit status, its stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "pinochle_calc", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=as_a_terminal_runs_it)
    deadline = time.monotonic() + 180
    while cpu_seconds(proc.pid) < cpu:
        assert proc.poll() is None, ("it ended before the search was under way", args)
        assert time.monotonic() < deadline, ("no CPU time used in 180 s", args)
        time.sleep(0.05)
    sent = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    took = time.monotonic() - sent
    return took, proc.returncode, proc.stderr.read()


needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/stat"),
                                reason="the CPU time of a process is read from /proc")


@needs_proc
def test_ctrl_c_stops_card_searching_every_hand_at_the_first_lead_within_a_second():
    """Issue 31: with every other hand shown at the first lead, ``card`` was still searching
    30 s after Ctrl-C (the solver held the GIL and never looked for signals)."""
    shown = [x for s in (1, 2, 3) for x in ("--shown", f"{s}:{DEAL[s]}")]
    took, code, err = _ctrl_c_in_the_search(["card", DEAL[0], "--trump", "D", *shown])
    assert code == 130 and took < 1.0, (code, took, err)
    assert "Traceback" not in err


def _after_the_first_trick(tmp_path) -> str:
    """A record of the deal above played by formula players, cut after its first trick: the
    exact costs start with a search of the 19 tricks left, hours long."""
    deal = tmp_path / "deal.txt"
    deal.write_text("\n".join(DEAL) + "\n")
    played = shell("play", "--deal", str(deal), "--contract", "1:50", "--trump", "S", "--us",
                   "formula", "--them", "formula", "--exact", "0", "-f", "record", timeout=120)
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("lead "))
    record = tmp_path / "part.txt"
    record.write_text("\n".join(lines[:first + 1]) + "\n")
    return str(record)


@needs_proc
def test_ctrl_c_stops_play_working_out_the_par_within_a_second(tmp_path):
    took, code, err = _ctrl_c_in_the_search(["play", "--record", _after_the_first_trick(tmp_path),
                                             "--exact", "86400", "-f", "json"])
    assert code == 130 and took < 1.0, (code, took, err)
    assert "Traceback" not in err


@needs_proc
def test_ctrl_c_stops_review_working_out_the_exact_costs_within_a_second(tmp_path):
    took, code, err = _ctrl_c_in_the_search(["review", _after_the_first_trick(tmp_path),
                                             "--exact", "86400", "--samples", "1",
                                             "-f", "json"])
    assert code == 130 and took < 1.0, (code, took, err)
    assert "Traceback" not in err
