"""The par and the exact costs on the command line: ``play`` writes the par in its JSON and its
table, ``play --record`` reads back what ``play -f json`` writes (the par with it), ``--exact``
takes 0 to a day of seconds, ``review`` gives each card's exact cost in every format, a line
short of the first lead is labelled the best finish (never a par), and a record without every
hand has no par, said plainly.

Which trick a budget of seconds reaches depends on the machine, so the figures compared across
runs are those of a deal the solver sees through at once (every trick the bidder's: its par is
found within the default budget on any machine), and the other runs are checked for their form
(game/test_par.py checks the finish's figures against the solver)."""

from __future__ import annotations

import csv
import io
import json
import re

from pinochle_calc.cards import Card
from pinochle_calc.game.hand import read_json, to_json
from pinochle_calc.game.par import hand_par
from pinochle_calc.game.whole import play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.rules import load_rules
from tests.cli.cli_runner import run

FINISH = re.compile(r"not solved within 0\.05 s of search; from trick (\d+) on, best play by"
                    r" both makes it us (\d+), them (\d+)")


def see_through(tmp_path) -> str:
    """A record (JSON) of a hand whose every trick the bidder (seat 1, all 20 spades, spades
    trump) takes: its par is us 0, them 50, found at once."""
    deck = [c for c in range(20) for _ in range(4)]
    rest = [c for c in deck if c >= 5]
    hands = [Hand.from_cards(Card.from_index(c) for c in part) for part in
             (rest[0:20], [c for c in deck if c < 5], rest[20:40], rest[40:60])]
    record = play_hand(hands, "formula", "formula", load_rules("standard"),
                       contract=(1, "S", None))
    path = tmp_path / "spades.json"
    path.write_text(json.dumps(to_json(record)))
    return str(path)


def test_play_writes_the_par_and_reads_it_back(tmp_path):
    path = see_through(tmp_path)
    out = run("play", "--record", path, "-f", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["par"] == {"us": 0, "them": 50} and data["par_note"] is None
    again = tmp_path / "again.json"
    again.write_text(out.stdout)
    assert json.loads(run("play", "--record", str(again), "-f", "json").stdout) == data
    none = json.loads(run("play", "--record", path, "-f", "json", "--exact", "0").stdout)
    assert none["par"] is None and none["par_note"] == "not worked out (no search allowed)"
    table = run("play", "--record", path, "-f", "table").stdout
    assert "Par (best play by both from the first lead, every card seen): us 0, them 50" \
        in table


def test_a_line_short_of_the_first_lead_is_the_best_finish(tmp_path):
    out = run("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f", "json",
              "--exact", "0.05")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["par"] is None
    found = FINISH.fullmatch(data["par_note"])
    assert found, data["par_note"]
    assert int(found[2]) + int(found[3]) == 50 and 1 < int(found[1]) <= 20
    path = tmp_path / "hand.json"
    path.write_text(out.stdout)
    table = run("play", "--record", str(path), "-f", "table", "--exact", "0.05").stdout
    line = " ".join(table[table.index("Best finish from trick"):].split("Result:")[0].split())
    assert re.fullmatch(r"Best finish from trick \d+ \(the tricks before as played, then best"
                        r" play by both, every card seen\): us \d+, them \d+; no par: the first"
                        r" lead not solved within 0\.05 s of search", line), line
    assert "Par" not in table


def test_a_par_that_breaks_its_form_is_refused(tmp_path):
    data = json.loads(run("play", "--seed", "3", "--us", "formula", "--them", "formula", "-f",
                          "json", "--exact", "0").stdout)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({**data, "par": {"us": 40, "them": 40}}))
    out = run("play", "--record", str(path))
    assert out.exit_code == 1 and "us and them add up to 50" in out.output
    assert "Traceback" not in out.output


def test_exact_takes_zero_to_a_day_of_seconds():
    for bad in ("-1", "x", "nan", "86401", "1000000000001"):
        for command in (("play", "--seed", "1"), ("review", "samples/hand.txt")):
            out = run(*command, "--exact", bad)
            assert out.exit_code == 2, (bad, out.output)
            assert "--exact" in out.output and "Traceback" not in out.output
    positions = run("play", "--seed", "1", "--exact", "5000000")
    assert "no longer positions" in positions.output


def test_review_gives_each_cards_exact_cost_in_every_format(tmp_path):
    path = see_through(tmp_path)
    args = ("review", path, "--seat", "1", "-n", "20")
    data = json.loads(run(*args, "-f", "json").stdout)
    par = hand_par(read_json(json.loads(open(path).read())), None, seconds=None)
    assert data["par"] == {"us": 0, "them": 50} and data["par_note"] is None
    cards = [d for d in data["decisions"] if d["phase"] == "play"]
    assert cards and all(d["exact_cost"] == par.cost(d["event"]) == 0 for d in cards)
    assert all(d["exact_cost"] is None for d in data["decisions"] if d["phase"] != "play")
    rows = list(csv.DictReader(io.StringIO(run(*args, "-f", "csv").stdout)))
    assert [r["exact_cost"] for r in rows] == [
        "" if d["exact_cost"] is None else str(d["exact_cost"]) for d in data["decisions"]]
    table = run(*args, "-f", "table", env={"COLUMNS": "80"}).stdout
    assert " exact " in table and "Par (best play by both from the first lead" in table
    short = json.loads(run("review", "samples/hand.txt", "--seat", "1", "-n", "20", "--exact",
                           "0.05", "-f", "json").stdout)
    assert short["par"] is None and FINISH.fullmatch(short["par_note"]), short["par_note"]
    first = int(FINISH.fullmatch(short["par_note"])[1])  # type: ignore[index]
    events = [n for n, e in enumerate(read_json(json.loads(run(
        "play", "--record", "samples/hand.txt", "-f", "json", "--exact", "0").stdout)).events,
        1) if type(e).__name__ == "Play"]
    reached = set(events[4 * (first - 1):])  # every card from the trick reached on
    mine = [d for d in short["decisions"] if d["phase"] == "play"]
    assert mine and all(d["exact_cost"] is not None for d in mine if d["event"] in reached)


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
