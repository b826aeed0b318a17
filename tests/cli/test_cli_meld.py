"""`pinochle-calc meld`: one hand, batches, formats, and errors that never lose work."""

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run as run_cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
EXAMPLE = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"
def run(*args, input=None):
    return run_cli("meld", *args, input=input)


def test_one_hand_gives_the_json_contract():
    result = run(EXAMPLE, "--format", "json")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["line"] == 1 and record["id"] is None and record["size"] == 20
    assert record["hand"] == "AS KS KS QS QS JS JS AH 10H KH KH KH QH QH JH QD QD JD QC QC"
    assert record["warnings"] == []
    assert record["best"] == {"trump": "H", "meld": 87}
    assert list(record["trumps"]) == ["S", "H", "D", "C"]
    assert record["trumps"]["S"]["meld"] == 76 and record["trumps"]["D"]["callable"] is False
    assert record["trumps"]["H"]["melds"][0] == {
        "name": "run", "suit": "H", "count": 1, "points": 15,
        "cards": ["AH", "10H", "KH", "QH", "JH"],
    }
    assert record["trumps"]["H"]["melds"][-1]["name"] == "queens_around"
    assert record["trumps"]["H"]["melds"][-1]["suit"] is None


def test_hand_as_several_words_and_default_jsonl_off_a_terminal():
    result = run(*EXAMPLE.split())
    assert result.exit_code == 0
    assert json.loads(result.stdout)["best"] == {"trump": "H", "meld": 87}


def test_the_sample_file_scores_87_with_a_warning():
    result = run("--input", str(SAMPLES / "doc-example.txt"))
    record = json.loads(result.stdout)
    assert record["best"] == {"trump": "H", "meld": 87}
    assert record["size"] == 21 and record["warnings"] == ["not a 20-card hand: 21 cards"]


def test_strict_turns_the_warning_into_an_error():
    result = run("--strict", "--input", str(SAMPLES / "doc-example.txt"))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == "not a 20-card hand: 21 cards (--strict)"


def test_trump_limits_the_answer():
    record = json.loads(run(EXAMPLE, "--trump", "♠").stdout)
    assert list(record["trumps"]) == ["S"] and record["best"] == {"trump": "S", "meld": 76}
    rows = list(csv.reader(io.StringIO(run(EXAMPLE, "--trump", "spades", "-f", "csv").stdout)))
    assert rows[1] == ["1", "", "S", "76", "76", "", "", "", "", ""]


def test_batch_keeps_order_reports_errors_and_exits_1():
    lines = "\n".join([
        "# a comment", EXAMPLE, "", "AS AS AS AS AS", "id7\tKS QS", '{"id": 9, "hand": "KH QH"}',
        "AH 11H", "{not json",
    ])
    result = run("--input", "-", input=lines + "\n")
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["line"] for r in records] == [2, 4, 5, 6, 7, 8]
    assert records[0]["best"]["meld"] == 87
    assert records[1] == {
        "line": 4, "input": "AS AS AS AS AS",
        "error": "a double deck has only four A♠: a fifth AS at token 5 ('AS', column 13)",
    }
    assert records[2]["id"] == "id7" and records[2]["best"] == {"trump": "S", "meld": 4}
    assert records[3]["id"] == 9 and records[3]["best"] == {"trump": "H", "meld": 4}
    assert records[4]["error"].startswith("unknown card '11H': did you mean 10H?")
    assert records[5]["error"].startswith("not a JSON object")
    assert "line 4: a double deck has only four A♠" in result.stderr
    assert "line 7: unknown card '11H'" in result.stderr


def test_csv_has_a_header_and_a_row_per_hand():
    result = run("--input", str(SAMPLES / "hands.jsonl"), "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert result.exit_code == 0 and len(rows) == 6
    assert rows[0] == {"line": "1", "id": "doc-example", "best_trump": "H", "best_meld": "87",
                       "S": "76", "H": "87", "D": "72", "C": "72", "warnings": "", "error": ""}


def test_json_format_is_a_list_for_several_hands():
    result = run("--input", "-", "--format", "json", input="KS QS\nKH QH\n")
    assert [r["best"]["trump"] for r in json.loads(result.stdout)] == ["S", "H"]
    assert json.loads(run("--input", "-", "-f", "json", input="# nothing\n").stdout) == []


def test_every_sample_line_gets_an_answer():
    result = run("--input", str(SAMPLES / "hands.txt"), "--format", "jsonl")
    records = [json.loads(line) for line in result.stdout.splitlines()]
    hands = [line for line in (SAMPLES / "hands.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert len(records) == len(hands) >= 24
    assert [r for r in records if "error" in r] == [records[-1]]
    assert result.exit_code == 1


def test_table_shows_the_breakdown_and_marks_the_best():
    result = run(EXAMPLE, "--format", "table")
    assert result.exit_code == 0
    lines = [" ".join(line.split()) for line in result.stdout.splitlines()]
    assert "★ ♥ hearts 87 15 run A♥ 10♥ K♥ Q♥ J♥" in lines
    assert "4 royal marriage K♥ Q♥" in lines
    assert "60 double queens around Q♠ Q♠ Q♥ Q♥ Q♦ Q♦ Q♣ Q♣" in lines
    assert "no marriage 4 double marriage ♥ K♥ K♥ Q♥ Q♥" in lines
    assert "\x1b[" not in result.stdout  # no colour off a terminal


@pytest.mark.parametrize(
    "args, code, message",
    [
        (["AH", "11H"], 1, "Error: unknown card '11H': did you mean 10H? (token 2, column 4)"),
        (["--trump", "X", "AS"], 2, "unknown suit 'X'"),
        (["--format", "xml", "AS"], 2, "'xml' is not one of 'table', 'json', 'jsonl', 'csv'"),
        (["--input", "/no/such/file"], 1, "Error: cannot read /no/such/file"),
        (["--rules", "nosuch", "AS"], 1, "unknown rule set 'nosuch'"),
    ],
)
def test_errors_are_one_line_messages_with_exit_codes(args, code, message):
    """Run the real console entry point: user errors never show a traceback."""
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "meld", *args],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert proc.returncode == code
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_piped_stdin_is_read_when_no_hand_is_given():
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "meld", "--format", "csv"],
                          input="KS QS\n", capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[1] == "1,,S,4,4,2,2,2,not a 20-card hand: 2 cards,"


def test_the_core_does_not_import_the_terminal_libraries():
    code = ("import sys; from pinochle_calc import meld; meld('KS QS');"
            "import pinochle_calc.meld.batch; print(sorted(m for m in ('typer', 'rich', 'click',"
            " 'numpy') if m in sys.modules))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout.strip() == "[]"


def cli(*args, stdin: bytes | None = None):
    """The real console entry point, with bytes on stdin."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", "meld", *args],
                          input=stdin if stdin is not None else b"", capture_output=True)


def test_a_json_hand_with_an_escaped_line_end_is_one_line():
    result = run("--input", "-", "-f", "csv", input='{"id":"a","hand":"KH QH \\n AS"}\nJC\n')
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1:] == [
        "1,a,H,4,2,4,2,2,not a 20-card hand: 3 cards,",
        "2,,C,0,0,0,0,0,not a 20-card hand: 1 card,",
    ]


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_a_byte_that_is_not_utf8_is_an_error_for_its_line_only(tmp_path, where):
    data = b"KS QS\nAH \xff\xfe KH\nKH QH\n"
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    proc = cli("--input", str(path)) if where == "file" else cli("--input", "-", stdin=data)
    assert proc.returncode == 1
    records = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3]
    assert records[1] == {"line": 2, "input": "AH \ufffd\ufffd KH",
                          "error": "not valid UTF-8 text: byte 0xff at column 4"}
    assert records[2]["best"] == {"trump": "H", "meld": 4}
    assert proc.stderr.decode() == "line 2: not valid UTF-8 text: byte 0xff at column 4\n"


def test_cr_line_ends_read_the_same_from_a_file_and_from_stdin(tmp_path):
    data = b"KS QS\rKH QH\r\rAS\r"
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    from_file = cli("--input", str(path), "-f", "csv")
    from_stdin = cli("-f", "csv", stdin=data)
    assert from_file.stdout == from_stdin.stdout
    assert [row.split(b",")[:4] for row in from_file.stdout.splitlines()[1:]] == [
        [b"1", b"", b"S", b"4"], [b"2", b"", b"H", b"4"], [b"4", b"", b"S", b"0"]]


def test_deep_nesting_and_over_long_lines_are_errors_naming_the_limit(tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("[" * 100_000 + "\n" + '{"hand": "AS", "id": ' + "[" * 1000 + "]" * 1000
                    + "}\nKS\n")
    proc = cli("--input", str(path), "-f", "csv")
    assert proc.returncode == 1 and b"Traceback" not in proc.stderr
    assert proc.stderr.decode().splitlines() == [
        "line 1: the line is 100,000 bytes long: a line may hold at most 65,536",
        "line 2: not a JSON object: nested more than 64 levels deep (the limit)",
    ]
    assert proc.stdout.splitlines()[-1] == b"3,,S,0,0,0,0,0,not a 20-card hand: 1 card,"


def test_a_huge_bad_token_is_quoted_shortened_in_the_error():
    result = run("--input", "-", input="AS " + "X" * 60_000 + "\n")
    record = json.loads(result.stdout)
    assert record["error"].startswith("unknown card 'XXXXXXXXXX")
    assert "XXX' (60,000 characters):" in record["error"] and len(record["error"]) < 250


def test_an_id_with_a_lone_surrogate_is_written_as_valid_utf8():
    line = '{"id": "a\\ud800", "hand": "KS QS"}\n'
    jsonl = run("--input", "-", input=line)
    assert json.loads(jsonl.stdout_bytes.decode("utf-8"))["id"] == "a\ud800"
    csv_out = run("--input", "-", "-f", "csv", input=line)
    assert csv_out.stdout_bytes.splitlines()[1].startswith(b"1,a?,S,4")
    table = run("--input", "-", "-f", "table", input=line)
    assert table.exit_code == 0 and "line 1 (a?)" in table.stdout


def test_an_input_that_cannot_be_read_is_one_line(tmp_path):
    proc = cli("--input", str(tmp_path))
    assert proc.returncode == 1
    assert proc.stderr.decode() == f"Error: cannot read {tmp_path}: Is a directory\n"
