"""The ``tricks`` and ``legal`` commands."""

import json

import pytest
from cli_runner import run

HAND = "H: A A 10 K K Q Q J, S: A 10 K Q, D: A K Q J, C: A 10 Q J"


def test_tricks_json():
    result = run("tricks", *HAND.split(), "--trump", "H", "--samples", "300", "--seed", "3")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["trump"] == "H" and data["samples"] == 300 and data["seed"] == 3
    points = data["trick_points"]
    assert set(points) == {"mean", "stderr", "p10", "p50", "p90"}
    assert 25 < points["mean"] < 50 and 0 < points["stderr"] < 1
    assert points["p10"] <= points["p50"] <= points["p90"]
    # the same seed gives the same answer; jobs do not change it; a quoted hand reads the same
    again = run("tricks", HAND, "-t", "hearts", "-n", "300", "--seed", "3", "--jobs", "2")
    assert json.loads(again.stdout) == data


def test_tricks_table():
    result = run("tricks", HAND, "--trump", "♥", "--samples", "200", "--format", "table")
    assert result.exit_code == 0, result.output
    assert "Trick points for your side" in result.stdout and "half the deals" in result.stdout
    # the distribution, by bands of 5 points, adds up to the deals played
    shares = [float(line.split()[-1].rstrip("%")) for line in result.stdout.splitlines()
              if line.strip().endswith("%")]
    assert len(shares) >= 3 and sum(shares) == pytest.approx(100, abs=0.5)


def test_tricks_rules_scale_the_points():
    args = ("tricks", HAND, "-t", "H", "-n", "200", "-f", "json")
    plain = json.loads(run(*args).stdout)["trick_points"]
    tens = json.loads(run(*args, "--rules", "standard,scale=10").stdout)["trick_points"]
    assert tens["p50"] == plain["p50"] * 10
    assert tens["mean"] == pytest.approx(plain["mean"] * 10, abs=0.1)


def test_tricks_unknown_rules():
    result = run("tricks", HAND, "-t", "H", "--rules", "nope")
    assert result.exit_code == 1
    assert "unknown rule set 'nope'" in result.stderr


def test_tricks_needs_a_twenty_card_hand():
    result = run("tricks", "AS", "KS", "--trump", "S")
    assert result.exit_code == 1
    assert result.stderr == "Error: tricks needs a 20-card hand, not 2 cards\n"
    assert "not 1 card\n" in run("tricks", "AS", "--trump", "S").stderr


def test_tricks_bad_trump_names_it():
    result = run("tricks", HAND, "--trump", "X")
    assert result.exit_code == 2
    assert "unknown suit 'X'" in result.output


def test_legal_json():
    result = run("legal", "AS QS 10H", "--trump", "H", "--trick", "KS 10S", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"trump": "H", "legal": ["AS"], "winning": "10S",
                                         "rule": "follow suit and head 10S"}
    # jsonl is the same one line; csv one row under a header
    assert run("legal", "AS QS 10H", "-t", "H", "--trick", "KS 10S", "-f", "jsonl").stdout \
        == result.stdout
    csv = run("legal", "AS", "QS", "10H", "-t", "H", "--trick", "KS 10S", "-f", "csv")
    assert csv.stdout == "legal,winning,rule\nAS,10S,follow suit and head 10S\n"


def test_legal_takes_the_old_hand_option_with_a_warning():
    result = run("legal", "--hand", "AS QS 10H", "-t", "H", "--trick", "KS 10S", "-f", "jsonl")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["legal"] == ["AS"]
    assert result.stderr == "warning: --hand is deprecated: give the hand as the argument\n"
    assert run("legal", "AS", "--hand", "AS", "-t", "H").exit_code == 2


@pytest.mark.parametrize(("hand", "trick", "legal", "winning"), [
    ("AS QS 10H", "KS 10S", ["AS"], "10S"),           # follow and head
    ("KS QS QS 10H", "AS", ["KS", "QS"], "AS"),       # unable to head: each card once
    ("JH QH KD AC", "AS", ["QH", "JH"], "AS"),        # void: trump (canonical order)
    ("KH JH AD", "AS,QH", ["KH"], "QH"),              # over-trump
    ("10S JS AH", "AS QH", ["10S", "JS"], "QH"),      # trumped: any card of the suit led
    ("KD QC", "AS", ["KD", "QC"], "AS"),              # no suit led, no trump
    ("AS QS", "KS AS", ["AS", "QS"], "AS"),           # a copy does not head
    ("AS KD", "", ["AS", "KD"], None),                # I lead
])
def test_legal_cases(hand, trick, legal, winning):
    result = run("legal", hand, "--trump", "H", "--trick", trick, "-f", "json")
    record = json.loads(result.stdout)
    assert (record["legal"], record["winning"]) == (legal, winning)


def test_legal_text_names_the_rule():
    result = run("legal", "KH JH AD", "--trump", "H", "--trick", "AS QH", "-f", "table")
    assert result.stdout == "legal: K♥\nwinning: Q♥\nrule: no ♠ card: over-trump Q♥\n"


@pytest.mark.parametrize(("trick", "hand", "message"), [
    ("AS KS QS JS", "AS", "the trick in progress holds 4 cards"),
    ("AS", "AS AS AS AS", "AS is in the trick once and in the hand 4 times: a double deck has"
     " only four A♠"),
    ("KS 11S", "AS", "--trick card 2: unknown card '11S'"),
])
def test_legal_errors(trick, hand, message):
    result = run("legal", hand, "--trump", "H", "--trick", trick)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: " + message)


@pytest.mark.parametrize("command", ["tricks", "legal"])
def test_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "--trump" in result.output


def test_histogram_bands_and_labels():
    from pinochle_calc.cli.render import histogram

    distribution = [0] * 51
    distribution[14] = distribution[15] = 1  # either side of a band's edge
    distribution[27] = 2
    distribution[50] = 4  # 50 shares the last band with 45 to 49
    lines = histogram(tuple(distribution), 1)
    assert [line.split()[0] for line in lines] == [
        "10-14", "15-19", "20-24", "25-29", "30-34", "35-39", "40-44", "45-50"]
    assert [line.split()[-1] for line in lines] == [
        "12.5%", "12.5%", "0.0%", "25.0%", "0.0%", "0.0%", "0.0%", "50.0%"]
    assert [line.count("█") for line in lines] == [5, 5, 0, 10, 0, 0, 0, 20]
    # scaled by ten: the same bands, labelled in scaled points
    lines = histogram(tuple(distribution), 10)
    assert [line.split()[0] for line in lines] == [
        "100-140", "150-190", "200-240", "250-290", "300-340", "350-390", "400-440", "450-500"]
    assert lines[0] == f"100-140 {'█' * 5:<40}  12.5%"
    # a single deal: one band, the whole of it
    only = [0] * 51
    only[0] = 1
    assert histogram(tuple(only), 1) == [f"0-4 {'█' * 40} 100.0%"]


def test_tricks_table_with_one_deal_has_no_error_estimate():
    result = run("tricks", HAND, "-t", "H", "-n", "1", "-f", "table")
    assert result.exit_code == 0, result.output
    row = next(line for line in result.stdout.splitlines() if "hearts" in line)
    assert row.split()[3] == "—"  # trump (3 words), on average, good to, ...
    two = run("tricks", HAND, "-t", "H", "-n", "2", "-f", "table")
    row = next(line for line in two.stdout.splitlines() if "hearts" in line)
    assert float(row.split()[3].lstrip("±")) >= 0


def test_legal_hand_of_more_than_twenty_cards():
    result = run("legal", "H: A A A A 10 10 10 10 K K K K Q Q Q Q J J J J, S: A", "--trump", "H")
    assert result.exit_code == 1
    assert result.stderr == "Error: a hand holds at most 20 cards, not 21\n"
