"""`pinochle-calc rules`, `rules show`, `score` and `meld --partner` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runner import run

from pinochle_calc.rules import PRESETS, load_rules

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
EXAMPLE = "♥A 10 K K K Q Q J ♦Q Q J ♣Q Q ♠A K K Q Q J J"
PARTNER = "AS 10S KS QS JS KD QD AC KC QC AD AH"


def shell(*args, input=None, env=None):
    """The real console entry point, for the exit status and the one-line error."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], capture_output=True,
                          text=True, input=input, env=env)


# rules -----------------------------------------------------------------------------------------

def test_rules_lists_every_preset_in_one_line():
    result = run("rules")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    for name in PRESETS:
        assert sum(line.startswith(f"  {name} ") for line in lines) == 1
    assert "min_meld=20" in result.stdout and "scoring.concession:" in result.stdout
    # the keys as a rule file and every output spell them, section.key, work as overrides
    for key in ("bidding.steps=any", "scoring.concession=play", "passing.cards=3"):
        assert key.split("=")[0] in result.stdout
        assert load_rules(f"standard,{key}").name == f"standard,{key}"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_rules_show_prints_a_rule_file_that_reads_back(tmp_path, name):
    result = run("rules", "show", name)
    assert result.exit_code == 0
    path = tmp_path / "saved.toml"
    path.write_text(result.stdout)
    assert load_rules(str(path)) == PRESETS[name]


def test_rules_show_every_option_of_a_composed_rule_set():
    result = run("rules", "show", "book,scale=10,min_meld=20,roundhouse.single=32,"
                 "concession=50-and-meld,rounds=two", "--format", "json")
    data = json.loads(result.stdout)
    assert data["name"] == ("book,scale=10,min_meld=20,roundhouse.single=32,"
                            "concession=50-and-meld,rounds=two")
    assert data["scale"] == 10 and data["min_meld"] == 20
    assert data["meld.pinochle"] == [4, 30, 45, 300]
    assert data["roundhouse.single"] == 32 and data["roundhouse.double"] is None
    assert data["scoring.concession"] == "50-and-meld" and data["bidding.rounds"] == "two"
    assert data["passing.cards"] == 0 and data["bidding.marriage_required"] is True


def test_rules_show_a_file_and_the_environment_default():
    sample = str(SAMPLES / "house-rules.toml")
    assert 'name = "our-club"' in run("rules", "show", sample).stdout
    result = run("rules", "show", env={"PINOCHLE_RULES": "toby-thomas"})
    assert 'name = "toby-thomas"' in result.stdout


def test_rules_show_errors_name_the_problem(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[meld]\nrun = [15, 150]\n")
    proc = shell("rules", "show", str(bad))
    assert proc.returncode == 1
    assert proc.stderr == (f"Error: {bad}: meld.run: a table has 4 entries (single, double,"
                           " triple, quadruple), not 2\n")
    proc = shell("rules", "show", "bok")
    assert proc.returncode == 1 and "did you mean 'book'?" in proc.stderr
    assert run("rules", "show", "book", "--format", "yaml").exit_code == 2


# --rules on meld --------------------------------------------------------------------------------

def test_meld_takes_overrides_and_the_environment():
    record = json.loads(run("meld", EXAMPLE, "-f", "json", "--rules", "npa,scale=10").stdout)
    assert record["best"] == {"trump": "H", "meld": 1080}
    record = json.loads(run("meld", EXAMPLE, "-f", "json",
                            env={"PINOCHLE_RULES": "pinochle14"}).stdout)
    assert record["best"]["meld"] == 97


def test_meld_output_says_which_option_produced_a_value():
    record = json.loads(run("meld", "AS 10S KS QS JS KH QH KD QD KC QC", "-f", "json",
                            "--rules", "standard,with_run=39").stdout)
    meld = record["trumps"]["S"]["melds"][0]
    assert meld["name"] == "roundhouse_with_run" and meld["points"] == 39
    assert "roundhouse with a run option" in meld["note"]
    record = json.loads(run("meld", " ".join(["AS AH AD AC"] * 4), "-f", "json", "--rules",
                            "toby-thomas").stdout)
    melds = record["trumps"]["S"]["melds"]
    assert [m["points"] for m in melds] == [500, 10]
    assert "the table has no quadruple aces around: scored as triple + single" in melds[0]["note"]


def test_meld_rules_errors_are_one_line():
    proc = shell("meld", "KS QS", "--rules", "standard,scal=10")
    assert proc.returncode == 1
    assert proc.stderr == "Error: --rules: scal: unknown key: did you mean 'scale'?\n"


# meld --partner -------------------------------------------------------------------------------

def test_partner_json_shape():
    result = run("meld", EXAMPLE, "--partner", PARTNER, "-f", "json")
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert record["best"] == {"trump": "H", "meld": 87}
    assert record["partner"]["hand"] == "AS 10S KS QS JS AH AD KD QD AC KC QC"
    assert record["partner"]["best"] == {"trump": "S", "meld": 29}
    assert "line" not in record["partner"]
    side = record["side"]
    assert side["best"] == {"trump": "S", "meld": 105}
    assert side["min_meld"] == 0
    assert side["trumps"]["H"] == {"meld": 103, "hand": 87, "partner": 16,
                                   "callable_by": ["hand"], "on_board": True}
    assert side["trumps"]["D"]["callable_by"] == ["partner"]
    assert side["warnings"] == ["partner: not a 20-card hand: 12 cards"]


def test_partner_with_a_trump_and_min_meld():
    record = json.loads(run("meld", "KH QH", "--partner", "KS QS", "-f", "jsonl", "-t", "H",
                            "--rules", "standard,min_meld=20").stdout)
    assert record["side"]["best"] == {"trump": "H", "meld": 6}
    assert list(record["side"]["trumps"]) == ["H"]
    assert record["side"]["trumps"]["H"]["on_board"] is False
    assert record["side"]["min_meld"] == 20


def test_partner_table_and_csv():
    table = run("meld", EXAMPLE, "--partner", PARTNER, "-f", "table").stdout
    assert "Side (each hand melds on its own)" in table
    assert "hand and partner" in table and "105" in table
    rows = run("meld", EXAMPLE, "--partner", PARTNER, "-f", "csv").stdout.splitlines()
    assert rows[0] == "who,best_trump,best_meld,S,H,D,C,callable,warnings"
    assert rows[1] == "hand,H,87,76,87,72,72,SH,"
    assert rows[2] == "partner,S,29,29,16,18,18,SDC,not a 20-card hand: 12 cards"
    assert rows[3] == "side,S,105,105,103,90,90,SHDC,"


def test_partner_hands_beyond_the_deck():
    proc = shell("meld", "AH AH AH", "--partner", "AH AH")
    assert proc.returncode == 1
    assert proc.stderr == ("Error: the two hands together hold 5 A♥: a double deck has only"
                           " four of each card\n")


def test_partner_errors():
    result = run("meld", "--partner", "KS QS", "--input", "x.txt")
    assert result.exit_code == 2
    result = run("meld", "KS QS", "--partner", "KS ZZ", "-f", "json")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: partner: unknown card 'ZZ'")
    assert result.stderr.endswith("KS ZZ\n   ^^\n")


def test_meld_without_partner_is_unchanged():
    record = json.loads(run("meld", EXAMPLE, "-f", "json").stdout)
    assert "partner" not in record and "side" not in record


# score ------------------------------------------------------------------------------------------

def test_score_one_hand_json():
    result = run("score", "--bidder", "us", "--bid", "55", "--meld-us", "30", "--meld-them",
                 "20", "--tricks-us", "30", "-f", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["result"] == "made" and "outcome" not in data
    assert data["points"] == {"us": 60, "them": 40}
    assert data["tricks"] == {"us": 30, "them": 20}
    assert data["totals"] == {"us": 60, "them": 40} and data["winner"] is None
    assert data["target"] == 500 and data["rules"] == "standard"


def test_score_one_hand_table_and_game_state():
    result = run("score", "-b", "them", "--bid", "60", "--meld-us", "30", "--meld-them", "40",
                 "--tricks-them", "30", "--score-us", "480", "--score-them", "450", "-f",
                 "table")
    assert result.exit_code == 0
    assert "Bid 60 by them (standard rules): made" in result.stdout
    assert ("Game over on hand 1: them win, 520 to 530 (target 500; both reached it on one"
            " hand, and them bid it)." in " ".join(result.stdout.split()))
    # the winner's score comes first
    result = run("score", "-b", "them", "--bid", "60", "--meld-us", "30", "--meld-them", "40",
                 "--tricks-them", "30", "--score-us", "400", "--score-them", "470", "-f",
                 "table")
    assert "Game over on hand 1: them win, 540 to 450 (target 500)." in result.stdout


def test_score_concession_and_scale():
    result = run("score", "-b", "them", "--bid", "520", "--meld-us", "300", "--meld-them",
                 "200", "--result", "thrown-in", "--rules", "standard,concession=50-and-meld,"
                 "scale=10", "-f", "jsonl")
    data = json.loads(result.stdout)
    assert data["result"] == "thrown-in"
    assert data["points"] == {"us": 800, "them": -520}
    assert data["credited"]["us"] == {"meld": 300, "tricks": 0, "cards": 500}


@pytest.mark.parametrize(("args", "message"), [
    (["-b", "us", "--bid", "51", "--meld-us", "30", "--meld-them", "20", "--tricks-us", "30",
      "--tricks-them", "30"], "Error: trick points 30 + 30 = 60: the two sides' trick points"
     " add up to 50\n"),
    (["-b", "us", "--bid", "62", "--meld-us", "30", "--meld-them", "20", "--tricks-us", "30"],
     "Error: bid 62 is off the bidding steps (from 50 by 1 up to 60, then multiples of 5): bid"
     " 60 or 65\n"),
    (["-b", "us", "--bid", "60", "--meld-us", "-2", "--meld-them", "20", "--tricks-us", "30"],
     "Error: meld -2 for us is negative\n"),
])
def test_score_rejects_impossible_input(args, message):
    proc = shell("score", *args)
    assert proc.returncode == 1
    assert proc.stderr == message


def test_score_usage_errors():
    assert run("score", "--bid", "50").exit_code == 2
    # a word an option does not take is a misused option: exit 2, naming the option
    result = run("score", "-b", "x", "--bid", "60", "--meld-us", "30", "--meld-them", "20")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: Invalid value for '--bidder': 'x' is not one of"
                                    " us, them")
    result = run("score", "-b", "us", "--bid", "60", "--meld-us", "30", "--meld-them", "20",
                 "--result", "x")
    assert result.exit_code == 2 and "'--result': 'x' is not one of played, thrown-in," \
        " no-marriage" in result.stderr
    # the words any case; the result spelled as everywhere (throw-in still read)
    for word in ("thrown-in", "Thrown-In", "throw-in"):
        out = run("score", "-b", "US", "--bid", "60", "--meld-us", "30", "--meld-them", "20",
                  "--result", word, "-f", "csv")
        assert out.exit_code == 0 and out.stdout.splitlines()[1].split(",")[4] == "thrown-in"
    assert run("score", "--sheet", "x.csv", "--bid", "50").exit_code == 2


def test_score_sheet_table():
    result = run("score", "--sheet", str(SAMPLES / "game.csv"), "-f", "table")
    assert result.exit_code == 0
    assert "Game over on hand 12: us win, 523 to 396 (target 500)." in result.stdout


def test_score_sheet_json_csv_jsonl():
    path = str(SAMPLES / "game.csv")
    data = json.loads(run("score", "--sheet", path, "-f", "json").stdout)
    assert data["winner"] == "us" and data["won_on"] == 12
    assert data["totals"] == {"us": 523, "them": 396}
    assert [h["result"] for h in data["hands"]][:4] == ["made", "made", "set", "thrown-in"]
    rows = run("score", "--sheet", path, "-f", "csv").stdout.splitlines()
    assert rows[0] == ("hand,line,bidder,bid,result,points_us,points_them,total_us,"
                       "total_them,winner,error")
    assert [row.split(",")[4] for row in rows[1:5]] == ["made", "made", "set", "thrown-in"]
    assert rows[-1] == "12,17,us,60,made,64,40,523,396,us,"
    lines = run("score", "--sheet", path, "-f", "jsonl").stdout.splitlines()
    assert len(lines) == 12 and json.loads(lines[5])["result"] == "no-marriage"


def test_score_sheet_from_stdin_jsonl():
    text = ('{"bidder": "us", "bid": 50, "meld_us": 20, "meld_them": 10, "tricks_us": 30}\n'
            '{"bidder": "them", "bid": 55, "meld_us": 20, "meld_them": 10, "result": '
            '"throw-in"}\n')
    data = json.loads(run("score", "--sheet", "-", "-f", "json", input=text).stdout)
    assert data["totals"] == {"us": 70, "them": 30 - 55}


def test_score_sheet_errors_name_the_file_and_line(tmp_path):
    sheet = tmp_path / "g.csv"
    sheet.write_text("bidder,bid,meld_us,meld_them,tricks_us\nus,50,20,20,30\nus,50,20,20,70\n")
    proc = shell("score", "--sheet", str(sheet), "-f", "csv")
    assert proc.returncode == 1
    assert proc.stderr == (f"Error: {sheet} line 3: trick points 70 for us are out of range:"
                           " a hand has 50 trick points in all\n")
    # the good row still has its answer; the bad one its error in its place
    assert proc.stdout.splitlines()[1:] == [
        "1,2,us,50,made,50,40,50,40,,",
        f"2,3,,,,,,,,,{sheet} line 3: trick points 70 for us are out of range: a hand has 50"
        " trick points in all"]
    result = run("score", "--sheet", str(tmp_path / "none.csv"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot read {tmp_path / 'none.csv'}:")


def test_cli_rules_module_is_import_light():
    code = ("import sys, pinochle_calc.cli.rules;"
            " print(sorted(m for m in ('rich', 'numpy', 'pinochle_calc.scoring',"
            " 'pinochle_calc.meld.partnership', 'tomllib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
