"""`table` puts a finished hand on the score sheet exactly once, however the sheet is named when
the hand is resumed (``./`` before it, its full path, a link to it, from another folder) and
wherever the program is killed (before the record says where the row goes, between that and the
row, between the row and the record's last word, in either save); and ``--resume`` or any later
save removes the temporary files that saves killed mid-way left, never one a live process is
writing nor any other file.

A kill is a real SIGKILL, in a subprocess that runs the command line with one step of the
sheet's or the save's patched to die there (``KILLER``). The oracle is the sheet itself, read as
CSV: one row of the hand's, with the figures the record's own ``sheet_row`` gives."""

from __future__ import annotations

import csv
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run

from pinochle_calc.game.hand import load_record, save_record
from pinochle_calc.game.hand.files import remove_stale_temporaries, temporary_name
from pinochle_calc.game.session import sheet_row
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.scoring import SHEET_COLUMNS

#: The command line with a step patched to kill the process there: ``python -c KILLER POINT
#: ARGS``. POINT: ``mark`` (the save of the record's mark, before its rename), ``before row``
#: (the row not yet written), ``after row`` (the row written, the record not yet told),
#: ``end`` (the save that drops the mark, before its rename).
KILLER = r'''
import os
import signal
import sys

from pinochle_calc.game import session

point = sys.argv[1]


def die():
    os.kill(os.getpid(), signal.SIGKILL)


if point in ("before row", "after row"):
    append = session._append

    def dying(*args):
        if point == "before row":
            die()
        append(*args)
        die()

    session._append = dying
else:
    replace, renames = os.replace, []

    def dying_replace(*args):
        renames.append(args)
        if len(renames) == (1 if point == "mark" else 2):
            die()
        replace(*args)

    os.replace = dying_replace
sys.argv = ["pinochle-calc", *sys.argv[2:]]
from pinochle_calc.cli import main

main()
'''


def finished(seed: int = 3):
    return play_hand(deal_cards(seed), "formula", "formula", seed=hand_seed(seed))


def rows(sheet: Path) -> list[dict[str, str]]:
    """The sheet's rows, as the csv module reads its lines that are not comments (a sheet's
    lines starting with # are skipped: the game's settings line, a note by hand)."""
    with open(sheet, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def as_written(record) -> dict[str, str]:
    """The hand's row as text, the oracle's figures from the record's own ``sheet_row``."""
    row = sheet_row(record)
    return {c: str(row[c]) for c in SHEET_COLUMNS}


def resume(record_path: Path, sheet: str, cwd: Path):
    """``table --resume RECORD --sheet SHEET``, run from ``cwd``, quitting at once."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        return run("table", "--resume", str(record_path), "--sheet", sheet, input="quit\n")
    finally:
        os.chdir(old)


@pytest.fixture
def game(tmp_path):
    """A finished hand's record (done.txt) beside where its sheet goes (game.csv), a link to
    the sheet and a folder beside them; the record object."""
    record = finished()
    save_record(record, str(tmp_path / "done.txt"), new=True)
    (tmp_path / "link.csv").symlink_to("game.csv")
    (tmp_path / "sub").mkdir()
    return record


#: The sheet named as the second resume names it, and the folder it is run from.
SPELLINGS = {
    "as given": ("game.csv", "."),
    "dot slash": ("./game.csv", "."),
    "full path": ("{tmp}/game.csv", "."),
    "a link": ("link.csv", "."),
    "from a folder below": ("../game.csv", "sub"),
    "a redundant folder": ("sub/../game.csv", "."),
}


@pytest.mark.parametrize("edited", [False, True], ids=["as written", "edited since"])
@pytest.mark.parametrize("spelling", list(SPELLINGS))
def test_a_resumed_hand_goes_on_the_sheet_once_however_the_sheet_is_named(tmp_path, game,
                                                                         spelling, edited):
    """Edited since: a comment put at the top of the sheet by hand moves the row from the
    byte the record names; the record's tag names the very file still."""
    name, folder = SPELLINGS[spelling]
    first = resume(tmp_path / "done.txt", "game.csv", tmp_path)
    assert first.exit_code == 0 and "Added to the score sheet game.csv" in first.stdout
    if edited:
        sheet = tmp_path / "game.csv"
        sheet.write_text("# the Friday game\n" + sheet.read_text())
    again = resume(tmp_path / "done.txt", name.format(tmp=tmp_path), tmp_path / folder)
    assert again.exit_code == 0, again.stdout
    assert "already" in again.stdout and "Added" not in again.stdout
    if edited:
        assert (tmp_path / "game.csv").read_text().startswith("# the Friday game\n")
    assert rows(tmp_path / "game.csv") == [as_written(game)]


def test_a_sheet_renamed_still_holds_the_hand_and_another_sheet_gets_it(tmp_path, game):
    assert resume(tmp_path / "done.txt", "game.csv", tmp_path).exit_code == 0
    os.rename(tmp_path / "game.csv", tmp_path / "renamed.csv")
    moved = resume(tmp_path / "done.txt", "renamed.csv", tmp_path)
    assert "already" in moved.stdout and rows(tmp_path / "renamed.csv") == [as_written(game)]
    other = resume(tmp_path / "done.txt", "other.csv", tmp_path)
    assert "Added to the score sheet other.csv" in other.stdout
    assert rows(tmp_path / "other.csv") == [as_written(game)]


def killed_at(point: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """``table --resume done.txt --sheet game.csv``, killed at ``point``."""
    return subprocess.run([sys.executable, "-c", KILLER, point, "table", "--resume",
                           "done.txt", "--sheet", "game.csv"], cwd=tmp_path, input="quit\n",
                          capture_output=True, text=True, timeout=120)


#: Each point of a kill, and the name the sheet is given when the hand is resumed after it.
KILLS = {"mark": "dot slash", "before row": "a link", "after row": "full path",
         "end": "from a folder below"}


@pytest.mark.parametrize("point", list(KILLS))
def test_a_kill_at_any_step_leaves_the_hand_on_the_sheet_once(tmp_path, game, point):
    spelling = KILLS[point]
    stopped = killed_at(point, tmp_path)
    assert stopped.returncode == -signal.SIGKILL, stopped.stderr
    on_sheet = rows(tmp_path / "game.csv") if (tmp_path / "game.csv").exists() else []
    assert on_sheet == ([as_written(game)] if point in ("after row", "end") else [])
    name, folder = SPELLINGS[spelling]
    again = resume(tmp_path / "done.txt", name.format(tmp=tmp_path), tmp_path / folder)
    assert again.exit_code == 0, again.stdout
    assert ("Added" in again.stdout) == (point in ("mark", "before row"))
    assert "warning" not in again.stdout
    assert rows(tmp_path / "game.csv") == [as_written(game)]
    record = load_record(str(tmp_path / "done.txt"))
    assert record.tag("SheetRow") == "at byte 0"  # the mark dropped: the row is there
    assert record.tag("Sheet") == os.path.realpath(tmp_path / "game.csv")
    assert record.events == game.events
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] == []
    third = resume(tmp_path / "done.txt", "game.csv", tmp_path)
    assert "already" in third.stdout and rows(tmp_path / "game.csv") == [as_written(game)]


def test_a_kill_mid_way_on_a_sheet_with_hands_on_it_adds_the_next_hand_once(tmp_path):
    """The row's place is the sheet's length before it: a second hand, killed between its row
    and the record's last word, is found where it was written, after the first."""
    first, second = finished(3), finished(4)
    save_record(first, str(tmp_path / "one.txt"), new=True)
    save_record(second, str(tmp_path / "done.txt"), new=True)
    assert resume(tmp_path / "one.txt", "game.csv", tmp_path).exit_code == 0
    size = len((tmp_path / "game.csv").read_bytes())
    assert killed_at("after row", tmp_path).returncode == -signal.SIGKILL
    again = resume(tmp_path / "done.txt", "./game.csv", tmp_path)
    assert "already" in again.stdout
    assert rows(tmp_path / "game.csv") == [as_written(first), as_written(second)]
    assert load_record(str(tmp_path / "done.txt")).tag("SheetRow") == f"at byte {size}"


# temporary files ---------------------------------------------------------------------------

def dead_pids(n: int) -> list[int]:
    """``n`` process numbers no process has: from the top of the range, where numbers are
    seldom in use."""
    top = int(Path("/proc/sys/kernel/pid_max").read_text()) if Path(
        "/proc/sys/kernel/pid_max").exists() else 99_999
    found = []
    for pid in range(top - 1, 300, -1):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            found.append(pid)
            if len(found) == n:
                return found
        except PermissionError:
            continue
    raise AssertionError("no free process numbers")


def test_a_kill_during_a_save_leaves_a_temporary_file_that_resume_removes(tmp_path, game):
    save_record(game.prefix(9), str(tmp_path / "hand.txt"), new=True)
    stopped = subprocess.run([sys.executable, "-c", KILLER, "mark", "table", "--resume",
                              "hand.txt"], cwd=tmp_path, input="undo\nquit\n",
                             capture_output=True, text=True, timeout=120)
    assert stopped.returncode == -signal.SIGKILL  # in the save after the undo
    left = [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert len(left) == 1 and re.fullmatch(r"\.hand\.txt\.[0-9]+\.tmp", left[0])
    assert load_record(str(tmp_path / "hand.txt")).events == game.events[:9]  # the old one
    assert run("table", "--resume", str(tmp_path / "hand.txt"), input="quit\n").exit_code == 0
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] == []


@pytest.fixture
def sleeper():
    """A live process of its own (a save's, as far as its number tells)."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    yield proc
    proc.kill()
    proc.wait()


def test_only_stale_temporary_files_of_the_record_are_removed(tmp_path, game, sleeper):
    """Removed: the record's temporary file of a dead process. Kept: one of a live process
    (until it ends), one of a dead process that a live one holds locked (a save on another machine,
    or in another process namespace), a link, a FIFO and a folder named as one, and every file
    named otherwise."""
    import fcntl

    record = tmp_path / "done.txt"
    dead, other = dead_pids(2)
    stale = Path(temporary_name(str(record), dead))
    stale.write_text("half a record")
    live = Path(temporary_name(str(record), sleeper.pid))
    live.write_text("being written")
    locked = Path(temporary_name(str(record), other))
    locked.write_text("written elsewhere")
    keep = {live.name, locked.name}
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    for name, make in ((f".done.txt.{dead - 3}.tmp", lambda p: p.symlink_to(target)),
                       (f".done.txt.{dead - 4}.tmp", os.mkfifo),
                       (f".done.txt.{dead - 5}.tmp", lambda p: p.mkdir()),
                       (".done.txt.tmp", lambda p: p.write_text("x")),
                       (".done.txt.12ab.tmp", lambda p: p.write_text("x")),
                       (f".done.txt.{dead}.tmp.bak", lambda p: p.write_text("x")),
                       (f"done.txt.{dead}.tmp", lambda p: p.write_text("x")),
                       (f".other.txt.{dead}.tmp", lambda p: p.write_text("x")),
                       (f".done.txt.-{dead}.tmp", lambda p: p.write_text("x")),
                       (".done.txt.0.tmp", lambda p: p.write_text("x"))):
        make(tmp_path / name)
        keep.add(name)
    with open(locked) as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # held as a live save holds its own
        before = set(os.listdir(tmp_path))
        assert remove_stale_temporaries(str(tmp_path / "link.csv")) == []  # another file's
        assert remove_stale_temporaries(str(record)) == [str(stale)]
    assert set(os.listdir(tmp_path)) == before - {stale.name}
    assert keep <= set(os.listdir(tmp_path)) and target.read_text() == "mine"
    # a later save removes one left meanwhile, and the one no longer held
    stale.write_text("half a record")
    save_record(game, str(record))
    assert not stale.exists() and not locked.exists() and live.exists()
    sleeper.kill()
    sleeper.wait()
    save_record(game, str(record))  # its process gone, the last is stale too
    assert not live.exists()


def test_a_record_through_a_link_has_its_temporary_files_beside_its_target(tmp_path, game):
    (tmp_path / "real").mkdir()
    os.rename(tmp_path / "done.txt", tmp_path / "real" / "done.txt")
    (tmp_path / "hand.txt").symlink_to("real/done.txt")
    stale = Path(temporary_name(str(tmp_path / "real" / "done.txt"), dead_pids(1)[0]))
    stale.write_text("half a record")
    beside_link = tmp_path / stale.name
    beside_link.write_text("not the record's")
    assert run("table", "--resume", str(tmp_path / "hand.txt"), input="quit\n").exit_code == 0
    assert not stale.exists() and beside_link.exists()
