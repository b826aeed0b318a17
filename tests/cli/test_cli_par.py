"""The par and the exact costs on the command line: ``play`` writes the par in its JSON and its
table, ``play --record`` reads back what ``play -f json`` writes (the par with it), ``--exact``
takes 0 to its limit, ``review`` gives each card's exact cost in every format, and a record
without every hand has no par, said plainly."""

from __future__ import annotations

import csv
import io
import json

from pinochle_calc.game.hand import read_json
from pinochle_calc.game.par import hand_par
from tests.cli.cli_runner import run


def test_play_writes_the_par_and_reads_it_back(tmp_path):
    out = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f", "json",
              "--exact", "200000")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    record = read_json(out.stdout)
    expected = hand_par(record, 200_000)
    assert data["par"] == (None if expected.par is None else dict(zip(("us", "them"),
                                                                       expected.par)))
    assert data["par_note"] == expected.note and "200,000 positions" in data["par_note"]
    path = tmp_path / "hand.json"
    path.write_text(out.stdout)
    again = run("play", "--record", str(path), "-f", "json", "--exact", "200000")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == data
    none = json.loads(run("play", "--record", str(path), "-f", "json", "--exact", "0").stdout)
    assert none["par"] is None and none["par_note"] == "not worked out (0 positions allowed)"
    table = run("play", "--record", str(path), "-f", "table", "--exact", "200000")
    assert "Par: not solved within 200,000 positions; from trick" in table.stdout


def test_a_par_that_breaks_its_form_is_refused(tmp_path):
    data = json.loads(run("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f",
                          "json", "--exact", "1000").stdout)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**data, "par": {"us": 40, "them": 40}}))
    out = run("play", "--record", str(path))
    assert out.exit_code == 1 and "us and them add up to 50" in out.output
    assert "Traceback" not in out.output


def test_exact_takes_zero_to_its_limit():
    for bad in ("-1", "x", "1000000000001"):
        out = run("play", "--seed", "1", "--exact", bad)
        assert out.exit_code == 2, (bad, out.output)


def test_review_gives_each_cards_exact_cost_in_every_format():
    args = ("review", "samples/hand.txt", "--seat", "1", "-n", "20", "--exact", "300000")
    data = json.loads(run(*args, "-f", "json").stdout)
    from pinochle_calc.game.hand import load_record

    par = hand_par(load_record("samples/hand.txt"), 300_000)
    assert data["par"] is None and data["par_note"] == par.note
    cards = [d for d in data["decisions"] if d["phase"] == "play"]
    assert all(d["exact_cost"] == par.cost(d["event"]) for d in cards)
    assert any(d["exact_cost"] is not None for d in cards)
    assert all(d["exact_cost"] is None for d in data["decisions"] if d["phase"] != "play")
    rows = list(csv.DictReader(io.StringIO(run(*args, "-f", "csv").stdout)))
    assert [r["exact_cost"] for r in rows] == [
        "" if d["exact_cost"] is None else str(d["exact_cost"]) for d in data["decisions"]]
    table = run(*args, "-f", "table", env={"COLUMNS": "80"}).stdout
    assert " exact " in table and par.note.split(";")[0] in table


def test_a_record_with_one_hand_has_no_par(tmp_path):
    data = json.loads(run("play", "--record", "samples/hand.txt", "-f", "json").stdout)
    mine = {**data, "hands": [data["hands"][0], None, None, None]}
    for key in ("par", "par_note"):
        mine.pop(key)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(mine))
    out = run("play", "--record", str(path), "-f", "json")
    assert out.exit_code == 0, out.output
    got = json.loads(out.stdout)
    assert got["par"] is None
    assert got["par_note"] == "not known: the record does not give every seat's hand"
    table = run("review", str(path), "-n", "10", "-f", "table").stdout
    assert "Par: not known: the record does not give every seat's hand" in table
