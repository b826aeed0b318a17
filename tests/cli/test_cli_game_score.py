"""The game's score in every call (``--score US:THEM``): its errors (exit 2, naming the
option), the JSON and CSV that carry the chance of winning the game, and the table's advice
reading the score from its sheet (checked against ``score --sheet``)."""

from __future__ import annotations

import csv
import io

import pytest
from cli_runner import run, run_json

from pinochle_calc.game.session import your_score
from pinochle_calc.rules import STANDARD

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
BAD = ["abc", "480", "1:2:3", "500:0", "0:512", "x:1", "1e3:0", ""]


@pytest.mark.parametrize("bad", BAD)
def test_a_bad_score_is_a_usage_error_in_every_command(bad):
    for args in (("bid", HAND, "--samples", "50"), ("explain", "-a", "50"),
                 ("pass", HAND, "--trump", "H", "--samples", "50"),
                 ("score", "--bidder", "us", "--bid", "50", "--meld-us", "30", "--meld-them",
                  "20", "--tricks-us", "25")):
        result = run(*args, "--score", bad)
        assert result.exit_code == 2, (args, bad, result.stdout)
        assert "'--score'" in result.stderr and "Traceback" not in result.stderr


def test_the_target_ends_the_score_as_the_rule_set_sets_it():
    # under a target of 1000 a side at 600 is still playing; under the standard 500 it won
    out = run_json("explain", "-a", "50", "--score", "600:200", "--rules",
                   "standard,scoring.target=1000")
    assert out["game"] == {"score": {"us": 600, "them": 200}, "target": 1000,
                           "need": {"us": 400, "them": 800}}
    result = run("explain", "-a", "50", "--score", "600:200")
    assert result.exit_code == 2 and "target 500" in result.stderr


def test_the_contracts_bid_weighs_a_pass_only_with_a_score():
    result = run("pass", HAND, "--trump", "H", "--bid", "60", "--samples", "50")
    assert result.exit_code == 2 and "--score" in result.stderr
    result = run("pass", HAND, "--trump", "H", "--bid", "3", "--score", "0:0",
                 "--samples", "50")
    assert result.exit_code == 2 and "'--bid'" in result.stderr


def test_score_takes_the_score_in_one_option_as_in_two():
    hand = ("score", "--bidder", "them", "--bid", "55", "--meld-us", "30", "--meld-them",
            "20", "--tricks-us", "30")
    one = run_json(*hand, "--score", "-40:470")
    two = run_json(*hand, "--score-us", "-40", "--score-them", "470")
    assert one == two and one["start"] == {"us": -40, "them": 470}
    # them: 20 meld + 20 tricks = 40 < 55, set: -55; us 30 + 30
    assert one["totals"] == {"us": 20, "them": 415}
    result = run(*hand, "--score", "0:0", "--score-us", "10")
    assert result.exit_code == 2 and "not with --score-us" in result.stderr


def test_bid_json_and_csv_carry_the_chance_of_winning_the_game():
    plain = run_json("bid", HAND, "-a", "50 52 p", "--samples", "200")
    assert plain["game"] is None
    out = run_json("bid", HAND, "-a", "50 52 p", "--samples", "200", "--score", "470:470")
    game = out["game"]
    assert game["score"] == {"us": 470, "them": 470} and game["target"] == 500
    assert game["call"] == out["call"] and game["points_call"] == plain["call"]
    chances = {e["call"]: e["chance"] for e in game["win_chance"]}
    assert {"pass", 53, plain["call"]} <= set(chances)
    assert all(0 <= c <= 1 for c in chances.values())
    # the call made is the one with the best chance, or the points call where none beats it
    best = max(chances, key=lambda c: chances[c])
    assert out["call"] in (best, plain["call"])
    assert chances[out["call"]] >= chances[plain["call"]]
    result = run("bid", HAND, "-a", "50 52 p", "--samples", "200", "--score", "470:470",
                 "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert float(rows[0]["win_chance"]) == pytest.approx(chances[out["call"]], abs=1e-4)
    result = run("bid", HAND, "-a", "50 52 p", "--samples", "200", "--format", "csv")
    assert list(csv.DictReader(io.StringIO(result.stdout)))[0]["win_chance"] == ""


def test_bid_table_says_what_each_call_is_worth_for_the_game():
    result = run("bid", "10S 10S KS KS QS JS 10H 10H AD AD AD 10D 10D 10D JD JD 10C 10C KC JC",
                 "--samples", "300", "--score", "470:470", "--format", "table")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "Call: 50" in text
    assert "for the game: at 470 a made contract wins the game" in text
    assert "Game: you 470, the opponents 470, target 500" in text
    assert "pass" in text and "(the call for points)" in text


def test_pass_json_carries_the_pass_for_the_game():
    out = run_json("pass", HAND, "--trump", "H", "--rules", "toby-thomas", "--samples", "100",
                   "--score", "440:300", "--bid", "60")
    game = out["game"]
    assert game["score"] == {"us": 440, "them": 300} and game["bid"] == 60
    assert len(game["pass"]) == 3 and game["deals"] > 0
    first = game["win_chance"][0]
    assert sorted(first["cards"]) == sorted(out["pass"])  # the advice's pass is weighed first
    assert all(0 <= e["chance"] <= 1 and 0 <= e["made"] <= 1 for e in game["win_chance"])
    assert game["pass"] in [e["cards"] for e in game["win_chance"]]


SHEET = ("bidder,bid,meld_us,meld_them,tricks_us,tricks_them\n"
         "us,50,30,20,25,25\n"  # made: us 55, them 45
         "them,60,10,30,20,30\n")  # them 30 + 30 = 60 made: us 30, them 60


def test_the_table_reads_the_score_from_its_sheet(tmp_path):
    path = tmp_path / "game.csv"
    path.write_text(SHEET)
    game = run_json("score", "--sheet", str(path))
    us, them = game["totals"]["us"], game["totals"]["them"]
    assert (us, them) == (85, 105)
    assert your_score(str(path), STANDARD, 0) == (us, them)
    assert your_score(str(path), STANDARD, 2) == (us, them)
    assert your_score(str(path), STANDARD, 1) == (them, us)
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    assert your_score(str(empty), STANDARD, 3) == (0, 0)
    over = tmp_path / "over.csv"
    over.write_text(SHEET + "us,60,400,0,25,25\n")  # us past 500: the game is over
    assert your_score(str(over), STANDARD, 0) is None
