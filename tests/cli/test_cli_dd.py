"""``dd`` on the command line: the double-dummy table of a deal file or a random deal, alike in
every format (json, csv, the table) and as the library's ``dd_table`` gives it, the rule set's
scale applied, --trump for one trump's entries, an entry past its budget shown as its range
and counted as not solved, bad input exit 1 and bad usage exit 2, without a traceback."""

from __future__ import annotations

import csv
import io
import json

from pinochle_calc.play.ddtable import dd_table
from tests.cli.cli_runner import run

SMALL = "AS 10S KH\nQS JS AD\nAH KS 10D\nAC 10C JD\n"


def test_every_format_gives_the_librarys_table(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text("# the last three tricks\n" + SMALL)
    data = json.loads(run("dd", str(path), "-f", "json", "--rules", "standard,scale=10").stdout)
    expected = dd_table(SMALL.splitlines(), "standard,scale=10", seconds=None)
    assert data == {**expected.to_dict(), "seconds": 60.0}
    assert data["solved"] == 16 and data["total"] == 10 * (2 + 9)  # nine counters
    rows = list(csv.DictReader(io.StringIO(run("dd", str(path), "-f", "csv", "--rules",
                                               "standard,scale=10").stdout)))
    assert [(r["trump"], int(r["seat"]), r["solved"], int(r["us"]), int(r["them"]))
            for r in rows] == [(e["trump"], e["seat"], "true", e["points"]["us"],
                                e["points"]["them"]) for e in data["entries"]]
    table = run("dd", str(path), "-f", "table", "--rules", "standard,scale=10",
                env={"COLUMNS": "60"})
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("bidder"))
    for seat, row in enumerate(lines[head + 2:head + 6]):
        assert row.startswith(f"seat {seat} (")
        bidder = [expected.entry(t, seat).bidder.low for t in "SHDC"]
        assert row.split()[3:] == [str(b) for b in bidder], row
    assert "16 of 16 solved within 60 s of search" in table.stdout
    one = json.loads(run("dd", "-", "-t", "hearts", "-f", "json", "--rules",
                         "standard,scale=10", input=SMALL).stdout)
    assert one["entries"] == [e for e in data["entries"] if e["trump"] == "H"]


def test_an_entry_past_its_budget_is_its_range_never_a_figure():
    out = run("dd", "--seed", "3", "-t", "S", "--exact", "0", "-f", "table",
              env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    assert out.stdout.count(" 0-50") == 4
    assert "0 of 4 solved within 0 s of search: a range is as far as the search narrowed" \
        in " ".join(out.stdout.split())
    data = json.loads(run("dd", "--seed", "3", "-t", "S", "--exact", "0", "-f", "json").stdout)
    assert data["solved"] == 0 and all(e["points"] is None for e in data["entries"])
    rows = list(csv.DictReader(io.StringIO(run("dd", "--seed", "3", "-t", "S", "--exact",
                                               "0", "-f", "csv").stdout)))
    assert all(r["solved"] == "false" and r["us"] == "" and r["us_low"] == "0" and
               r["us_high"] == "50" for r in rows)


def test_bad_input_exits_1_and_bad_usage_2(tmp_path):
    uneven = tmp_path / "uneven.txt"
    uneven.write_text("AS KS\nQS\nJS\nAH\n")
    five = tmp_path / "five.txt"
    five.write_text("AS\nAS\nAS\nAS\nAS\n")
    copies = tmp_path / "copies.txt"
    copies.write_text("AS AS\nAS AS\nAS KS\nKS KS\n")
    for args, code, said in (
            (["dd", str(uneven)], 1, "seat 1 holds 1 cards"),
            (["dd", str(five)], 1, "line 5: a deal is four hands; this is a fifth"),
            (["dd", str(copies)], 1, "A"),
            (["dd", str(tmp_path / "none.txt")], 1, "none.txt"),
            (["dd", "--seed", "1", "--exact", "-1"], 2, "--exact"),
            (["dd", "--seed", "1", "--exact", "86401"], 2, "--exact"),
            (["dd", "--seed", "1", "-t", "X"], 2, "--trump"),
            (["dd", "--seed", "1", "-f", "xml"], 2, "--format"),
            (["dd", "--seed", "1", "--rules", "nosuch"], 1, "nosuch")):
        out = run(*args, "--exact", "0") if "--exact" not in args else run(*args)
        assert out.exit_code == code, (args, out.output)
        assert said in out.output and "Traceback" not in out.output, (args, out.output)
