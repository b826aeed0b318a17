"""Bad input never ends in a traceback, a wrong answer or lost work: one test per example of
issue 13 (the batch examples are the batch's own tests), and the kinds the fuzzer found."""

import json
import subprocess
import sys

import pytest
from cli_runner import run

from pinochle_calc import Hand
from pinochle_calc.rules import load_rules

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
ACES = "AS AH AD AC 10H KH KH QH QH JH KS QS KD QD KC QC JD QS JC JC"


def shell(*args, stdin=b""):
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], input=stdin,
                          capture_output=True)


# A mistyped card in legal, tricks, bid or pass ----------------------------------------------

MISTYPED = ("Error: unknown card '11S': did you mean 10S? (token 2, column 4)\n"
            "AS 11S\n   ^^^\n")


def test_a_mistyped_card_in_legal_is_a_located_message_from_the_real_console():
    proc = shell("legal", "AS 11S", "-t", "H")
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr.decode() == MISTYPED
    # the old spelling of the option too
    proc = shell("legal", "--hand", "AS 11S", "-t", "H")
    assert proc.returncode == 1 and proc.stderr.decode().endswith(MISTYPED)


@pytest.mark.parametrize("command", [["tricks", "-t", "H"], ["bid"], ["pass", "-t", "H"],
                                     ["meld"]])
def test_a_mistyped_card_anywhere_is_the_same_located_message(command):
    result = run(command[0], "AS 11S", *command[1:])
    assert result.exit_code == 1 and result.stderr == MISTYPED


# Invalid UTF-8 in a score sheet or a rule file ----------------------------------------------

def test_invalid_utf8_in_a_sheet_spoils_only_its_row(tmp_path):
    sheet = tmp_path / "g.csv"
    sheet.write_bytes(b"bidder,bid,meld_us,meld_them,tricks_us\nus,50,20,10,30\n"
                      b"\xff\xfe,50,20,10,30\nthem,50,20,30,20\n")
    result = run("score", "--sheet", str(sheet), "-f", "jsonl")
    assert result.exit_code == 1
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r.get("result") for r in records] == ["made", None, "made"]
    assert records[1] == {"hand": 2, "line": 3, "error": f"{sheet} line 3: not valid UTF-8"
                          " text: byte 0xff at column 1"}
    assert records[2]["totals"] == {"us": 50 + 40, "them": 30 + 60}
    assert result.stderr == f"Error: {sheet} line 3: not valid UTF-8 text: byte 0xff at column 1\n"


def test_invalid_utf8_in_a_rule_file_is_an_error_naming_the_file_and_line(tmp_path):
    path = tmp_path / "house.toml"
    path.write_bytes(b'extends = "standard"\nname = "caf\xe9"\n')
    result = run("meld", HAND, "--rules", str(path))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: not valid UTF-8 text: byte 0xe9 on line 2\n"


@pytest.mark.parametrize("ending", ["\r", "\r\n"])
def test_a_rule_file_reads_alike_with_any_line_ending(tmp_path, ending):
    text = 'extends = "book"\nmin_meld = 20\n[meld]\nrun = [15, 150, 225, 300]\n'
    lf, other = tmp_path / "lf.toml", tmp_path / "other.toml"
    lf.write_bytes(text.encode())
    other.write_bytes(text.replace("\n", ending).encode())
    shown = [run("rules", "show", str(path), "-f", "json") for path in (lf, other)]
    assert shown[0].exit_code == shown[1].exit_code == 0
    first, second = (json.loads(r.stdout) for r in shown)
    assert first.pop("name") == "lf" and second.pop("name") == "other" and first == second
    assert first["min_meld"] == 20 and first["meld.pinochle"] == [4, 30, 45, 300]


# Sizes and values that cannot be served -----------------------------------------------------

def test_a_table_value_that_is_not_a_number_is_named():
    result = run("meld", HAND, "--rules", "standard,meld.run=²/150/225/300")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --rules: meld.run[0]: expected points (a whole number) or"
                             " \"-\", got '²' (text)\n")


@pytest.mark.parametrize(("args", "limit"), [
    (["bid", HAND, "--seed", "-1"], "0<=x<=4294967295"),
    (["bid", HAND, "--samples", "1000000000000"], "1<=x<=100000"),
    (["tricks", HAND, "-t", "H", "--samples", "1000000000000"], "1<=x<=1000000"),
])
def test_sizes_that_cannot_be_served_are_refused_up_front(args, limit):
    result = run(*args)
    assert result.exit_code == 2 and limit in result.stderr and result.stdout == ""


def test_a_sheet_line_over_the_line_limit_is_an_error_for_its_row_only():
    text = ("bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result,note\n"
            "us,50,20,10,30,,,\n"
            f"us,50,20,10,30,,,{'x' * 140_000}\n"
            "them,50,20,30,,20,,\n")
    result = run("score", "--sheet", "-", "-f", "csv", input=text)
    assert result.exit_code == 1
    rows = result.stdout.splitlines()
    assert rows[1].startswith("1,2,us,50,made,") and rows[3].startswith("3,4,them,50")
    assert rows[2] == ('2,3,,,,,,,,,"stdin line 3: the line is 140,017 bytes long: a line may'
                       ' hold at most 65,536"')


@pytest.mark.parametrize("ending", ["\r", "\r\n", "\n"])
def test_a_sheet_reads_alike_with_any_line_ending_from_a_file_or_stdin(tmp_path, ending):
    with open("samples/game.csv", encoding="utf-8") as f:
        text = ending.join(f.read().splitlines()) + ending
    path = tmp_path / "game.csv"
    path.write_bytes(text.encode())
    from_file = run("score", "--sheet", str(path), "-f", "jsonl")
    from_stdin = run("score", "--sheet", "-", "-f", "jsonl", input=text.encode())
    assert from_file.exit_code == from_stdin.exit_code == 0
    assert from_file.stdout == from_stdin.stdout
    assert len(from_file.stdout.splitlines()) == 12  # the sample game's twelve hands
    # and so on the real console's stdin, which a test runner does not stand in for
    proc = shell("score", "--sheet", "-", "-f", "jsonl", stdin=text.encode())
    assert proc.returncode == 0 and proc.stdout.decode() == from_file.stdout


@pytest.mark.parametrize("rules", [
    "standard,meld.aces_around=1000000/1000000/1000000/1000000",
    "standard,scale=1000",
    "standard,scale=1000,meld.aces_around=1000000/1000000/1000000/1000000",
])
@pytest.mark.parametrize("convention", ["jump", "davis", "toby"])
def test_huge_rule_values_give_a_bid_whose_figures_add_up(rules, convention):
    """Bids went by one at a time up to the side's total (minutes under these values); now
    the limit is found directly, and the curve stops at ``MAX_CURVE`` legal bids."""
    from pinochle_calc.bidding.estimate import MAX_CURVE

    result = run("bid", ACES, "--rules", rules, "-c", convention, "-n", "50", "-f", "json")
    assert result.exit_code == 0, result.output
    est = json.loads(result.stdout)["estimate"]
    rule_set = load_rules(rules)
    probabilities = {int(b): p for b, p in est["make_probability"].items()}
    bids = sorted(probabilities)
    assert all(rule_set.is_legal_bid(b) for b in bids) and len(bids) <= MAX_CURVE
    assert bids[0] == rule_set.next_bid(None)
    assert all(rule_set.next_bid(a) == b for a, b in zip(bids, bids[1:]))
    assert [probabilities[b] for b in bids] == sorted(probabilities.values(), reverse=True)
    if est["max_bid"] is not None:
        assert rule_set.is_legal_bid(est["max_bid"])


# Small things -------------------------------------------------------------------------------

def test_one_card_is_not_one_cards():
    assert Hand.parse("AS").warnings() == ("not a 20-card hand: 1 card",)
    assert run("tricks", "AS", "-t", "H").stderr == ("Error: tricks needs a 20-card hand, not"
                                                     " 1 card\n")
    assert "not 1 card\n" in run("bid", "AS").stderr


def test_the_winners_score_comes_first():
    result = run("score", "-b", "them", "--bid", "60", "--meld-us", "30", "--meld-them", "40",
                 "--tricks-them", "30", "--score-us", "480", "--score-them", "470", "-f",
                 "table")
    assert ("Game over on hand 1: them win, 540 to 530 (target 500; both reached it on one"
            " hand, and them bid it)." in " ".join(result.stdout.split()))


def test_the_scale_message_is_whole():
    result = run("score", "-b", "us", "--bid", "500", "--meld-us", "35", "--meld-them", "20",
                 "--tricks-us", "300", "--rules", "standard,scale=10")
    assert result.stderr == ("Error: meld 35 for us is not a multiple of 10: under scale 10"
                             " every meld value is a multiple of 10\n")


def test_a_trailing_comment_on_a_hand():
    assert Hand.parse("AH KH QH # from last night") == Hand.parse("AH KH QH")
    assert run("meld", "AH KH QH # comment", "-f", "jsonl").exit_code == 0


def test_a_symbol_after_the_rank_opens_a_suit_group_as_players_write_it():
    assert str(Hand.parse("A♥ 10 K")) == "AH 10H KH"
    assert str(Hand.parse("A♥ 10 K ♠Q Q J♦ K")) == "QS QS AH 10H KH KD JD"
    assert Hand.parse(HAND.replace("♥A", "A♥")) == Hand.parse(HAND)


def test_a_lone_hand_is_not_labelled_line_1():
    result = run("meld", HAND, "-f", "table")
    assert result.stdout.splitlines()[0].startswith("♠10 10 Q Q  ♥A 10 10 K Q J")
    assert "line 1" not in result.stdout


# Kinds the fuzzer found ---------------------------------------------------------------------

def test_an_argument_that_is_not_utf8_is_an_input_error():
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "meld", b"AS \xff",
                           "-f", "json"], capture_output=True)
    assert proc.returncode == 1 and proc.stdout == b""
    assert proc.stderr == b"Error: argument 2, 'AS \\udcff', is not valid UTF-8 text\n"


def test_a_huge_token_is_quoted_shortened_and_the_pointer_stays_on_screen():
    token = "X" * 100_000
    result = run("meld", f"AS {token} KS")
    message, text, marks = result.stderr.splitlines()
    assert message == (f"Error: unknown card '{'X' * 26}…{'X' * 13}' (100,000 characters): a"
                       " card is a rank (A 10 K Q J) and a suit (S H D C or ♠ ♥ ♦ ♣), like AH or"
                       " 10♠ (token 2, column 4)")
    assert len(text) <= 80 and marks.strip("^ ") == "" and len(marks) <= 80


def test_an_auction_of_a_thousand_calls_or_more_is_refused():
    calls = " ".join(str(b) for b in range(50, 1100))
    result = run("explain", "--auction", calls, "--rules", "standard,steps=any")
    assert result.exit_code == 1
    assert result.stderr == ("Error: an auction of more than 1,000 calls: a real one has a few"
                             " dozen\n")


def test_a_closed_pipe_ends_quietly():
    proc = subprocess.run(f"{sys.executable} -m pinochle_calc rules show book | head -1",
                          shell=True, capture_output=True)
    assert proc.stderr == b"" and proc.stdout.startswith(b"# pinochle-calc rule set 'book'")
