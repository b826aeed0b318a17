"""Scoring a hand and a game: every branch of RULES.md "Scoring a hand" and its variations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_calc.rules import STANDARD, load_rules
from pinochle_calc.scoring import (
    BadHand,
    HandInput,
    ScoreError,
    game_winner,
    read_sheet,
    score_game,
    score_hand,
    side_index,
)

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
MIN20 = load_rules("standard,min_meld=20")


def hand(bidder="us", bid=55, meld=(30, 20), tricks=(None, None), result="played"):
    return HandInput.of(bidder, bid, meld[0], meld[1], tricks[0], tricks[1], result)


def points(h, rules=STANDARD):
    return score_hand(h, rules).points


# Played hands ---------------------------------------------------------------------------------

def test_made_both_sides_add_meld_and_tricks():
    result = score_hand(hand(tricks=(30, 20)))
    assert result.result == "made"
    assert result.points == (60, 40)
    assert result.notes[0] == "us meld 30 + tricks 30 = 60 >= bid 55"


def test_made_exactly_at_the_bid():
    assert score_hand(hand(bid=60, tricks=(30, 20))).result == "made"


def test_set_the_bid_is_subtracted_the_others_keep_theirs():
    result = score_hand(hand(bid=65, tricks=(30, 20)))
    assert result.result == "set"
    assert result.points == (-65, 40)
    assert result.meld == (0, 20) and result.tricks == (0, 20)


def test_them_bidding():
    assert points(hand("them", 50, meld=(10, 40), tricks=(25, 25))) == (35, 65)
    assert points(hand("them", 70, meld=(10, 40), tricks=(25, 25))) == (35, -70)


def test_one_side_tricks_are_the_rest_of_50():
    assert score_hand(hand(tricks=(None, 20))).played == (30, 20)
    assert score_hand(hand(tricks=(31, None))).played == (31, 19)


# Concessions under the standard rules ----------------------------------------------------------

def test_throw_in_the_others_add_their_meld_not_the_tricks():
    result = score_hand(hand("them", 60, result="thrown-in"))
    assert result.result == "thrown-in"
    assert result.points == (30, -60)
    assert result.played is None


def test_no_marriage_nobody_scores_meld():
    result = score_hand(hand("them", 50, result="no-marriage"))
    assert result.result == "no-marriage"
    assert result.points == (0, -50)
    assert "nobody scores meld" in result.notes[0]


def test_no_marriage_cannot_happen_when_the_rule_is_dropped():
    with pytest.raises(ScoreError, match="without a marriage"):
        score_hand(hand(result="no-marriage"), load_rules("standard,marriage_required=false"))
    after_pass = load_rules("standard,marriage_required=after-pass")
    assert score_hand(hand(result="no-marriage"), after_pass).points == (-55, 0)


# The minimum-20 rule --------------------------------------------------------------------------

def test_min20_made():
    assert points(hand(tricks=(30, 20)), MIN20) == (60, 40)


def test_min20_opponents_meld_under_20_does_not_count():
    result = score_hand(hand(meld=(30, 15), tricks=(30, 20)), MIN20)
    assert result.points == (60, 20)
    assert "them: meld 15 is under 20: not scored" in result.notes


def test_min20_opponents_under_20_in_tricks_score_nothing():
    result = score_hand(hand(meld=(40, 30), tricks=(35, 15)), MIN20)
    assert result.points == (75, 0)
    assert any("them took 15 in tricks, under 20" in n for n in result.notes)


def test_min20_bidder_under_20_in_tricks_is_set_whatever_its_meld():
    result = score_hand(hand(bid=50, meld=(60, 20), tricks=(19, 31)), MIN20)
    assert result.result == "set"
    assert result.points == (-50, 51)


def test_min20_bidder_exactly_at_the_minimum_plays_and_scores():
    # 20 meld and 20 in tricks are "at least 20": neither loses the hand
    assert score_hand(hand(bid=50, meld=(20, 0), tricks=(30, 20)), MIN20).result == "made"
    exact = score_hand(hand(bid=50, meld=(30, 0), tricks=(20, 30)), MIN20)
    assert exact.result == "made" and exact.points == (50, 30)


def test_min20_bidder_under_20_meld_loses_the_bid_without_play():
    # the opponents score their meld (at least 20) without needing 20 in tricks
    result = score_hand(hand(meld=(15, 25), tricks=(40, 10)), MIN20)
    assert result.result == "under-min-meld"
    assert result.points == (-55, 25)
    no_tricks = score_hand(hand(meld=(15, 25)), MIN20)
    assert no_tricks.points == (-55, 25)


def test_min20_bidder_under_20_and_opponents_under_20():
    assert points(hand(meld=(15, 18)), MIN20) == (-55, 0)


def test_min20_throw_in_opponents_meld_only_from_20():
    assert points(hand(result="thrown-in", meld=(30, 25)), MIN20) == (-55, 25)
    assert points(hand(result="thrown-in", meld=(30, 19)), MIN20) == (-55, 0)


def test_min20_scaled():
    rules = load_rules("standard,min_meld=20,scale=10")
    assert points(hand(bid=550, meld=(300, 190), tricks=(300, 200)), rules) == (600, 200)
    assert points(hand(bid=550, meld=(190, 250)), rules) == (-550, 250)


# Every concession scoring -----------------------------------------------------------------------

@pytest.mark.parametrize(("concession", "throw_in", "no_marriage"), [
    ("standard", 30, 0),
    ("nothing", 0, 0),
    ("meld", 30, 30),
    ("25-and-meld", 55, 55),
    ("50-and-meld", 80, 80),
    ("play", 30 + 20, 0),  # played: meld + the tricks they take; no trump named: not played
])
def test_each_concession(concession, throw_in, no_marriage):
    rules = load_rules(f"standard,concession={concession}")
    assert points(hand("them", 60, meld=(30, 10), tricks=(20, 30), result="thrown-in"),
                  rules) == (throw_in, -60)
    assert points(hand("them", 60, meld=(30, 10), tricks=(20, 30), result="no-marriage"),
                  rules) == (no_marriage, -60)


@pytest.mark.parametrize(("concession", "expected"), [
    ("standard", 25), ("nothing", 0), ("meld", 25), ("25-and-meld", 50), ("50-and-meld", 75),
    ("play", 0),  # played: they took 10 in tricks, under 20, so nothing
])
def test_each_concession_under_20_meld(concession, expected):
    rules = load_rules(f"standard,min_meld=20,concession={concession}")
    result = score_hand(hand(meld=(15, 25), tricks=(40, 10)), rules)
    assert result.result == "under-min-meld"
    assert result.points == (-55, expected)


def test_concession_play_applies_the_trick_minimum():
    rules = load_rules("standard,min_meld=20,concession=play")
    assert points(hand(meld=(15, 25), tricks=(40, 10)), rules) == (-55, 0)
    assert points(hand(meld=(15, 25), tricks=(25, 25)), rules) == (-55, 50)


def test_concession_play_needs_the_tricks():
    with pytest.raises(ScoreError, match="cards are played: give the trick points"):
        score_hand(hand(result="thrown-in"), load_rules("standard,concession=play"))


def test_cards_bonus_is_scaled():
    rules = load_rules("standard,concession=50-and-meld,scale=10")
    result = score_hand(hand("them", 600, meld=(300, 100), result="thrown-in"), rules)
    assert result.points == (800, -600)
    assert result.cards == (500, 0)


# Impossible input -------------------------------------------------------------------------------

@pytest.mark.parametrize(("h", "rules", "message"), [
    (hand(tricks=(30, 30)), STANDARD, "trick points 30 + 30 = 60: the two sides' trick points"
     " add up to 50"),
    (hand(tricks=(51, None)), STANDARD, "trick points 51 for us are out of range"),
    (hand(tricks=(-1, None)), STANDARD, "out of range"),
    (hand(bid=45, tricks=(30, 20)), STANDARD, "bid 45 is below the minimum bid 50"),
    (hand(bid=62, tricks=(30, 20)), STANDARD, "bid 62 is off the bidding steps"),
    (hand(meld=(-4, 20), tricks=(30, 20)), STANDARD, "meld -4 for us is negative"),
    (hand(tricks=(None, None)), STANDARD, "a played hand needs the trick points"),
    (hand(bid=550, meld=(305, 0), tricks=(300, 200)), load_rules("scale=10"),
     "meld 305 for us is not a multiple of 10"),
    (hand(bid=550, meld=(300, 0), tricks=(305, 195)), load_rules("scale=10"),
     "trick points 305 for us are not a multiple of 10"),
    (hand(bid=550, meld=(300, 0), tricks=(30, 20)), load_rules("scale=10"),
     "add up to 500"),
])
def test_impossible_input(h, rules, message):
    with pytest.raises(ScoreError) as info:
        score_hand(h, rules)
    assert message in str(info.value)


def test_unknown_side_and_result():
    with pytest.raises(ScoreError, match="unknown side 'usx': use us or them"):
        hand("usx")
    assert side_index("We") == 0 and side_index("THEY") == 1
    with pytest.raises(ScoreError, match="unknown result 'thrown': use thrown-in or no-marriage,"
                       " or nothing for a played hand"):
        hand(result="thrown")
    with pytest.raises(ScoreError, match="the result 'made' comes from the figures"):
        hand(result="made")
    # the one vocabulary on output; the older spellings are read on input
    for word in ("Throw in", "throw-in", "thrown in", "Thrown-In", "throw_in"):
        assert hand(result=word).result == "thrown-in"
    for word in ("played", "", None, "Play"):
        assert hand(result=word).result is None
    assert HandInput(0, 50, (20, 0), (30, 20), "throw-in").result == "thrown-in"
    with pytest.raises(TypeError, match="result must be thrown-in, no-marriage or None"):
        hand(result=3)


# A game ---------------------------------------------------------------------------------------

def test_game_running_totals_and_the_first_to_500():
    hands = [(1, hand(bid=60, meld=(200, 20), tricks=(30, 20))),
             (2, hand("them", 60, meld=(30, 150), tricks=(20, 30))),
             (3, hand(bid=75, meld=(250, 10), tricks=(30, 20)))]
    game = score_game(hands)
    assert [h.totals for h in game.hands] == [(230, 40), (280, 220), (560, 250)]
    assert game.winner == "us" and game.won_on == 3
    assert game.hands[-1].winner == "us" and game.hands[0].winner is None


def test_both_cross_on_one_hand_the_bidding_side_wins():
    game = score_game([(1, hand("them", 60, meld=(30, 40), tricks=(20, 30)))],
                      start=(480, 450))
    assert game.totals == (530, 520)
    assert game.winner == "them"
    assert game_winner((530, 520), 0, 500) == "us"


def test_game_target_is_scaled():
    rules = load_rules("scale=10")
    game = score_game([(1, hand(bid=600, meld=(300, 0), tricks=(300, 200)))], rules,
                      start=(4500, 0))
    assert game.target == 5000 and game.winner == "us"


def test_no_hand_after_the_end():
    hands = [(1, hand(bid=60, meld=(500, 0), tricks=(30, 20))), (2, hand(tricks=(30, 20)))]
    game = score_game(hands)
    assert game.winner == "us" and game.totals == (530, 20)
    assert game.failed == (BadHand(2, 2, "sheet line 2: hand 2 comes after the end of the game"
                                         " (us won on hand 1)"),)
    assert game.hands[1] is game.failed[0]


def test_a_game_that_is_already_over():
    with pytest.raises(ScoreError, match="already over"):
        score_game([(1, hand(tricks=(30, 20)))], start=(500, 0))


def test_a_set_can_go_negative():
    assert score_game([(1, hand(bid=90, tricks=(30, 20)))]).totals == (-90, 40)


# The sheet ------------------------------------------------------------------------------------

def test_read_csv_sheet():
    text = ["# a comment", "bidder,bid,meld_us,meld_them,tricks_us,tricks_them,result",
            "us,55,30,20,30,,", "", "them,60,10,20,,,throw-in"]
    rows = list(read_sheet(text, "g.csv"))
    assert [line for line, _ in rows] == [3, 5]
    assert rows[0][1] == HandInput(0, 55, (30, 20), (30, None), "played")
    assert rows[1][1].result == "thrown-in"


def test_read_jsonl_sheet():
    text = ['{"bidder": "them", "bid": 52, "meld_us": 4, "meld_them": 30, "tricks_them": 30}',
            '{"bidder": "us", "bid": 50, "meld_us": 9, "meld_them": 22, "result": "no-marriage"}']
    rows = [h for _, h in read_sheet(text)]
    assert rows[0] == HandInput(1, 52, (4, 30), (None, 30), "played")
    assert rows[1].result == "no-marriage"


@pytest.mark.parametrize(("text", "message"), [
    (["bidder,bid,meld_us"], "g.csv line 1: the header needs the columns bidder, bid, meld_us,"
     " meld_them (missing meld_them)"),
    (["# nothing"], "g.csv: no hands in the sheet"),
    (["[1, 2]"], "g.csv line 1: the header needs the columns"),
    (['"bidder,bid', "us,50"], "g.csv line 1: the header needs the columns"),
    (["bidder,bid,meld_us,meld_them,trick_us", "us,50,20,20,30"],
     "g.csv line 1: unknown column 'trick_us' (did you mean 'tricks_us'?)"),
])
def test_sheet_errors_that_leave_no_row_to_read(text, message):
    with pytest.raises(ScoreError) as info:
        list(read_sheet(text, "g.csv"))
    assert message in str(info.value)


CSV_HEADER = "bidder,bid,meld_us,meld_them,tricks_them"
GOOD = {"bidder": "them", "bid": 50, "meld_us": 10, "meld_them": 20, "tricks_them": 30}


@pytest.mark.parametrize(("row", "message"), [
    ("us,fifty,20,20,30", "bid must be a whole number, not 'fifty'"),
    ("us,,20,20,30", "bid is missing"),
    ("us,50,20,20,30,1", "6 fields but the header has 5"),
    ("ours,50,20,20,30", "unknown side 'ours'"),
    ("us,99999999999999999999,20,20,30", "bid must be a whole number, not"
     " '99999999999999999999'"),
    ('us,50,20,20,"' + "x" * 200_000 + '"', "not a CSV row: a field longer than 131,072"
     " characters"),
    ("us,50\x00,20,20,30", "bid must be a whole number, not '50\\x00'"),
    ('{"bidder": "us", "bid": 50', "not a JSON object: Expecting"),
    ('{"bidder": "us", "bid": 1e400, "meld_us": 1, "meld_them": 2}',
     "bid must be a whole number, not inf"),
    ('{"bidder": "us", "bid": 50, "meld_us": [1], "meld_them": 2}',
     "meld_us must be a whole number, not a list"),
    ('{"bidder": {"a": 1}, "bid": 50, "meld_us": 1, "meld_them": 2}',
     "bidder must be text, not an object"),
    ('{"bidder": "us", "bid": 50, "meld_us": 1, "meld_them": 2, "trick_us": 3}',
     "unknown column 'trick_us' (did you mean 'tricks_us'?)"),
    ("[" * 100_000, "not a JSON object: nested too deeply"),
    ("[1, 2]", "expected a JSON object"),
])
def test_sheet_errors_stand_in_their_rows_place(row, message):
    json_sheet = row.startswith(("{", "["))
    good = json.dumps(GOOD) if json_sheet else "them,50,10,20,30"
    lines = ([] if json_sheet else [CSV_HEADER]) + [good, row, good]
    rows = list(read_sheet(lines, "g.csv"))
    hands = [h for _, h in rows]
    # the good rows either side are still read, and the bad one stands in its place, located
    assert [n for n, _ in rows] == [len(lines) - 2, len(lines) - 1, len(lines)]
    assert isinstance(hands[0], HandInput) and isinstance(hands[2], HandInput)
    assert isinstance(hands[1], ScoreError)
    assert str(hands[1]).startswith(f"g.csv line {len(lines) - 1}: {message}")
    game = score_game(rows, source="g.csv")
    assert len(game.failed) == 1 and game.hands[1] is game.failed[0]
    assert game.totals == (60, 100)  # the two good hands: us +30 and them +50 each


def test_unreadable_lines_stand_in_their_place_and_a_header_must_be_read():
    from pinochle_calc.lines import LineError

    bad = LineError("not valid UTF-8 text: byte 0xff at column 1")
    rows = list(read_sheet(["bidder,bid,meld_us,meld_them,tricks_us", "us,50,20,20,30", bad,
                            "us,50,20,20,30"], "g.csv"))
    assert [n for n, _ in rows] == [2, 3, 4]
    assert str(rows[1][1]) == "g.csv line 3: not valid UTF-8 text: byte 0xff at column 1"
    # a JSON sheet has no header: an unreadable first line is a row like any other
    rows = list(read_sheet([bad, '{"bidder": "us", "bid": 50, "meld_us": 20, "meld_them": 20,'
                                 ' "tricks_us": 30}'], "g.jsonl"))
    assert [n for n, _ in rows] == [1, 2] and isinstance(rows[1][1], HandInput)
    with pytest.raises(ScoreError, match=r"g.csv line 1: not valid UTF-8 .* \(the header line\)"):
        list(read_sheet([bad, "us,50,20,20,30"], "g.csv"))
    with pytest.raises(ScoreError, match="g.csv line 1: not valid UTF-8"):
        list(read_sheet([bad], "g.csv"))


def test_sheet_errors_from_scoring_name_the_line():
    rows = list(read_sheet(["bidder,bid,meld_us,meld_them,tricks_us",
                            "us,50,20,20,30", "us,50,20,20,60"], "g.csv"))
    game = score_game(rows, source="g.csv")
    assert [h.error for h in game.failed] == [
        "g.csv line 3: trick points 60 for us are out of range: a hand has 50 trick points in"
        " all"]
    assert game.totals == (50, 40)


def test_the_sample_game():
    with open(SAMPLES / "game.csv") as f:
        game = score_game(read_sheet(f, "game.csv"))
    assert len(game.hands) == 12
    assert game.totals == (523, 396)
    assert game.winner == "us" and game.won_on == 12
    results = [h.score.result for h in game.hands]
    assert results.count("set") == 1 and "thrown-in" in results and "no-marriage" in results


@pytest.mark.parametrize("bid", [float("nan"), float("inf"), 55.5, 10**5000],
                         ids=["nan", "inf", "55.5", "5000-digits"])
def test_a_bid_that_is_not_a_whole_number_is_a_score_error(no_hang, bid):
    with pytest.raises(ScoreError, match="^bid .*(not a whole number|out of range)"):
        score_hand(HandInput(0, bid, (20, 0), (30, 20)))
