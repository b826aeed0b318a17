"""`pinochle-calc play` and `arena`: the JSON contract, the tables, the deal file, and errors."""

import csv
import io
import json
import subprocess
import sys

from cli_runner import run, run_json, run_without_par

# seat 3 holds every heart (see tests/game/test_whole.py): formula players bid it to 155, and
# hearts trump takes all 50 points.
DEAL = """# seats 0-3 from the dealer's left
♠A A A A K K K K Q Q Q Q ♦A A A A J J J J
♠10 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J J

D=KKKKQQQQ C=AAAAKKKKQQQQ
AH AH AH AH 10H 10H 10H 10H KH KH KH KH QH QH QH QH JH JH JH JH
"""


def deal_file(tmp_path, text=DEAL):
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_play_json_contract(tmp_path):
    out = run_json("play", "--deal", deal_file(tmp_path), "--us", "formula", "--them", "formula")
    assert out["hands"][3] == " ".join(["AH"] * 4 + ["10H"] * 4 + ["KH"] * 4 + ["QH"] * 4
                                       + ["JH"] * 4)
    assert out["policies"] == {"us": "formula", "them": "formula"}
    assert out["auction"][0] == {"seat": 0, "call": 50,
                                 "meaning": "opens: limit 151 = meld 106 + 20 partner + 25 tricks"}
    assert out["auction"][-1] == {"seat": 0, "call": "pass",
                                  "meaning": "pass: 160 is above its limit 151 = meld 106 + 20"
                                             " partner + 25 tricks"}
    assert out["contract"] == {"seat": 3, "side": "them", "bid": 155, "trump": "H"}
    assert out["exchange"] == {"to_bidder": [], "to_partner": [], "request": None, "hint": None}
    assert out["melds"] == [98, 0, 16, 300] and out["meld"] == {"us": 114, "them": 300}
    assert out["tricks"] == {"us": 0, "them": 50} and out["side_total"] == 350
    assert out["result"] == "made" and out["score"] == {"us": 114, "them": 350}
    assert out["prediction"] is None and len(out["play"]) == 20  # the record holds the play
    assert out["format"] == "pinochle-calc record" and out["dealer"] == 3
    assert [e["kind"] for e in out["events"]].count("play") == 80


def test_play_a_given_contract_with_the_tricks(tmp_path):
    out = run_json("play", "--deal", deal_file(tmp_path), "--contract", "3:60", "--trump", "♥",
                   "--show-tricks")
    assert out["auction"] == [] and out["contract"]["bid"] == 60
    assert len(out["play"]) == 20
    assert out["play"][0]["leader"] == 3 and out["play"][0]["winner"] == 3
    assert sum(t["points"] for t in out["play"]) == 50
    assert out["play"][-1]["points"] >= 2  # the last trick's 2


def test_play_table(tmp_path):
    result = run("play", "--deal", deal_file(tmp_path), "--us", "formula", "--them", "formula",
                 "--show-tricks", "--format", "table")
    assert result.exit_code == 0, result.exception
    text = result.stdout
    assert "us (seats 0, 2): formula, them (seats 1, 3): formula" in text
    assert "Auction" in text and "Contract: seat 3 (them, dealer) at 155, ♥ trump" in text
    assert "Exchange: none (the standard rules pass no cards)" in text
    assert "quadruple marriage ♠ and quadruple pinochle" in text and "quadruple run" in text
    assert "Meld: us 114, them 300" in text
    assert "Tricks: us 0, them 50" in text
    assert " 20. seat 3 leads:" in text
    assert "them meld 300 + tricks 50 = 350 >= bid 155" in text
    assert text.rstrip().endswith("Score: us +114, them +350")


def test_play_a_random_deal_is_the_same_for_a_seed():
    args = ("play", "--seed", "4", "--samples", "40", "--them", "formula", "--rules",
            "standard,passing.cards=4", "--exact", "0")  # the par's reach is the CPU's
    one, two = run_json(*args), run_json(*args)
    assert one == two
    assert sum(len(h.split()) for h in one["hands"]) == 80
    assert run_json("play", "--seed", "5", "--samples", "40", "--exact", "0")["hands"] != \
        one["hands"]


def test_play_shows_the_exchange_and_the_advisors_chance(tmp_path):
    result = run_without_par("play", "--seed", "2", "--samples", "40", "--us", "advisor:davis",
                             "--them", "pass", "--rules", "standard,steps=any,passing.cards=4",
                             "--format", "table")
    assert result.exit_code == 0, result.exception
    text = result.stdout
    assert "Exchange" in text and "to the bidder" in text
    out = run_json("play", "--seed", "2", "--samples", "40", "--us", "advisor:davis",
                   "--them", "pass", "--rules", "standard,steps=any,passing.cards=4",
                   "--exact", "0")
    assert len(out["exchange"]["to_bidder"]) == 4 == len(out["exchange"]["to_partner"])
    if out["contract"]["side"] == "us":
        assert 0 <= out["prediction"] <= 1
        assert "its chance of making it, at its last bid" in text


def test_play_errors(tmp_path):
    three = deal_file(tmp_path, "\n".join(DEAL.splitlines()[:5]))
    result = run("play", "--deal", three)
    assert result.exit_code == 1 and "a deal is four hands, one a line; found 3" in result.stderr
    bad = deal_file(tmp_path, DEAL.replace("♠10 10 10 10", "♠10 10 11 10"))
    result = run("play", "--deal", bad)
    assert result.exit_code == 1 and "line 3: unknown card" in result.stderr
    short = deal_file(tmp_path, DEAL.replace("♠10 10 10 10 J", "♠10 10 10 J"))
    result = run("play", "--deal", short)
    assert result.exit_code == 1 and "line 3: seat 1 holds 19 cards" in result.stderr
    twice = deal_file(tmp_path, DEAL.replace("♠10 10 10 10 J", "♠A 10 10 10 J"))
    result = run("play", "--deal", twice)
    assert result.exit_code == 1 and result.stderr.strip().endswith(
        "deal.txt: the deal holds 5 AS, not 4: the four hands must be the whole double deck")
    result = run("play", "--deal", str(tmp_path / "missing.txt"))
    assert result.exit_code == 1 and "cannot read" in result.stderr
    result = run("play", "--deal", deal_file(tmp_path), "--contract", "1,♥")
    assert result.exit_code == 1 and "seat 1 cannot name ♥" in result.stderr
    assert run("play", "--contract", "5,H").exit_code == 2
    assert run("play", "--contract", "1,X").exit_code == 2
    assert run("play", "--contract", "1").exit_code == 2
    assert run("play", "--us", "random").exit_code == 2
    assert run("play", "--format", "xml").exit_code == 2


def test_play_errors_are_one_line_messages_from_the_shell(tmp_path):
    three = deal_file(tmp_path, "\n".join(DEAL.splitlines()[:5]))
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "play", "--deal", three],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip() == f"Error: {three}: a deal is four hands, one a line; found 3"


# ------------------------------------------------------------------------------------ arena


def test_arena_json():
    out = run_json("arena", "formula", "pass", "--deals", "3", "--seed", "1")
    assert out["policies"] == ["formula", "pass"] and out["deals"] == 3 and out["hands"] == 6
    for key in ("points_per_hand", "bids_won", "made", "set", "thrown-in", "mean_contract"):
        assert set(out[key]) == {"formula", "pass"}
    assert set(out["margin"]) == {"mean", "stderr"}
    assert out["bids_won"]["formula"] + out["bids_won"]["pass"] == 1
    assert out["calibration"] == {} and out["hands_per_second"] > 0


def test_arena_jsonl_has_one_record_per_hand(tmp_path):
    result = run("arena", "formula", "pass", "--deals", "2", "--format", "jsonl")
    assert result.exit_code == 0, result.exception
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["tags"]["Deal"], r["tags"]["Run"]) for r in records] == [
        ("0", "0"), ("0", "1"), ("1", "0"), ("1", "1")]
    # every hand the arena writes is a record that play --record and review read
    path = tmp_path / "hand.json"
    path.write_text(result.stdout.splitlines()[2])
    replayed = run("play", "--record", str(path), "--format", "json")
    assert replayed.exit_code == 0, replayed.stderr
    again = json.loads(replayed.stdout)  # play adds the par, which the arena leaves out
    assert "par" not in records[2] and "par" in again and "par_note" in again
    assert {k: v for k, v in again.items() if k not in ("par", "par_note")} == records[2]
    reviewed = run("review", str(path), "--samples", "30", "--format", "json")
    assert reviewed.exit_code == 0, reviewed.stderr
    assert records[0]["hands"] == records[1]["hands"]
    assert records[0]["policies"] == {"us": "formula", "them": "pass"}
    assert records[1]["policies"] == {"us": "pass", "them": "formula"}


def test_arena_csv_has_one_row_per_hand():
    result = run("arena", "formula", "pass", "--deals", "2", "--format", "csv")
    assert result.exit_code == 0, result.exception
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 4 and rows[1]["us"] == "pass" and rows[1]["them"] == "formula"
    for row in rows:
        assert int(row["score_us"]) + 0 == int(row["score_us"])
        assert row["result"] in ("made", "set", "thrown-in", "no-marriage")


def test_arena_table():
    result = run("arena", "advisor:jump", "pass", "--deals", "2", "--samples", "30",
                 "--format", "table")
    assert result.exit_code == 0, result.exception
    text = result.stdout
    assert text.startswith("advisor:jump against pass: 2 deals, each played twice")
    assert "points per hand" in text and "Margin, advisor:jump less pass, over" in text
    assert "How well advisor:jump knew its chances" in " ".join(text.split())
    assert "hands/s" in text


def test_arena_errors():
    assert run("arena", "formula", "formula").exit_code == 2
    assert run("arena", "formula", "random").exit_code == 2
    assert run("arena", "formula", "pass", "--deals", "0").exit_code == 2
    assert run("arena", "formula", "pass", "--jobs", "0").exit_code == 2
    assert run("arena", "formula", "pass", "--format", "xml").exit_code == 2
    result = run("arena", "formula", "pass", "--rules", "nope")
    assert result.exit_code == 1 and "unknown rule set 'nope'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_help():
    for command in ("play", "arena"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "--seed" in result.stdout
