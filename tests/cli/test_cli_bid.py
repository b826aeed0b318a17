"""`pinochle-calc explain`, `bid` and `pass`: the JSON contract, tables, and errors."""

import re
import subprocess
import sys
from math import comb

from cli_runner import run, run_json

from pinochle_calc.cards import CARDS, Card
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld

HAND = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"
NO_MARRIAGE = "♥A 10 Q Q J ♠Q 10 10 10 ♦Q 10 10 10 ♣Q 10 10 10 A A A"


# ---------------------------------------------------------------------------- explain


def test_explain_jump_auction():
    out = run_json("explain", "--auction", "50 52 p 55", "--convention", "jump")
    assert out["convention"] == "jump" and out["rules"] == "standard"
    assert out["auction"] == [
        {"seat": 0, "call": 50, "meaning": "opening 50: wants to name trump"},
        {"seat": 1, "call": 52, "meaning": "jumps by 2: shows 20 meld"},
        {"seat": 2, "call": "pass", "meaning": "pass: out of the auction (says nothing more)"},
        {"seat": 3, "call": 55, "meaning": "jumps by 3: shows 30 meld"},
    ]
    assert out["next_seat"] == 0 and out["legal"] == {"min_bid": 56, "can_pass": True,
                                                       "forced": False}
    assert {"call": 56, "meaning": "raises by 1: wants to name trump"} in out["open_calls"]


def test_explain_davis_uses_any_steps_and_says_so():
    out = run_json("explain", "--auction", "50 63 66", "--convention", "davis")
    assert any("bidding steps: any" in n for n in out["notes"])
    assert out["auction"][1]["meaning"].startswith("63: no hint")
    assert "I need a queen" in out["auction"][2]["meaning"]  # 66 from 63: the 66 clash


def test_explain_davis_under_standard_steps_notes_hints_that_cannot_be_given():
    out = run_json("explain", "--auction", "50 56", "--convention", "davis", "--rules",
                   "standard")
    assert any("cannot be given" in n for n in out["notes"])
    assert all(call["call"] not in (64, 66, 68, 69) for call in out["open_calls"])
    missing = {h["hint"]: h["why"] for h in out["unavailable_hints"]}
    assert "64" in missing["a jack"] and "cannot be given" in missing["a jack"]
    assert "66" in missing["a queen"] and "too late" in missing["queens around"]
    assert "kings around" not in missing  # 80 from 56 still asks for kings around


def test_explain_toby_uses_its_rule_set():
    out = run_json("explain", "--auction", "26 28 30 31", "--convention", "toby")
    assert out["rules"] == "toby-thomas"
    assert [a["meaning"].split(" in the pass")[0] for a in out["auction"]] == [
        "asks for queens", "asks for kings", "asks for tens", "asks for aces"]


def test_explain_table():
    result = run("explain", "--auction", "p p p", "--format", "table")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())  # wrapped to the width: read as words
    assert "the dealer must bid 50" in text and "only 50" in text


def test_explain_errors_name_the_call():
    result = run("explain", "--auction", "50 63")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: call 2 ('63')")
    result = run("explain", "--auction", "50", "--convention", "nope")
    assert result.exit_code == 2


def test_errors_are_one_line_messages_from_the_shell():
    proc = subprocess.run([sys.executable, "-m", "pinochle_calc", "explain", "--auction",
                           "p p p p"], capture_output=True, text=True)
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("Error: call 4 ('p'): the dealer may not pass: the first"
                                   " three passed, so the dealer must bid 50")


# ---------------------------------------------------------------------------- bid


def test_bid_json_contract():
    out = run_json("bid", HAND, "--auction", "50 52 p", "--samples", "200", "--seed", "3")
    for key in ("seat", "call", "meaning", "reason", "convention", "auction", "legal",
                "estimate"):
        assert key in out
    assert out["seat"] == 3 and out["convention"] == "jump"
    assert out["legal"] == {"min_bid": 53, "can_pass": True, "forced": False}
    assert out["auction"][1] == {"seat": 1, "call": 52, "meaning": "jumps by 2: shows 20 meld"}
    est = out["estimate"]
    for key in ("trump", "own_meld", "partner_meld", "trick_points", "make_probability",
                "max_bid", "samples", "seed"):
        assert key in est
    assert est["samples"] == 200 and est["seed"] == 3 and est["trump"] in "SHDC"
    assert set(est["partner_meld"]) == {"mean", "stderr", "p10", "p50", "p90"}
    assert all(0 <= p <= 1 for p in est["make_probability"].values())
    assert est["conditions"] == ["left opponent: trump-worthy (call 1, 50)",
                                 "partner: at least 20 meld (shown by jump bids)",
                                 "partner: under about 30 meld (showed no more meld at 52)",
                                 "right opponent: under about 13 meld or no marriage"
                                 " (passed at 53)"]
    assert out["call"] == "pass" or out["call"] <= est["max_bid"]


def test_bid_is_reproducible():
    args = ("bid", HAND, "--samples", "150", "--seed", "9", "--convention", "davis")
    assert run_json(*args) == run_json(*args)


def test_bid_davis_gives_hints():
    out = run_json("bid", HAND, "--convention", "davis", "--samples", "150")
    assert out["hints"]["trump"] == out["estimate"]["trump"]
    assert "cards" in out["hints"] and "arounds" in out["hints"]
    assert list(out["hints"]["by_trump"]) == ["S", "H", "D", "C"]
    # every gain listed is the meld engine's difference and every chance the hypergeometric
    hand = Hand.parse(HAND)
    for suit, listed in out["hints"]["by_trump"].items():
        t = "SHDC".index(suit)
        before = meld(hand).trumps[t].points
        for card, g in listed["cards"].items():
            i = CARDS.index(Card.parse(card))
            plus = Hand([n + (j == i) for j, n in enumerate(hand.counts)])
            assert g["gain"] == meld(plus).trumps[t].points - before > 0, (suit, card)
            unseen = 4 - hand.counts[i]
            assert g["probability"] == round(1 - comb(60 - unseen, 20) / comb(60, 20), 3)
        assert all(meld(Hand([n + (j == i) for j, n in enumerate(hand.counts)])).trumps[t]
                   .points == before for i in range(20) if hand.counts[i] < 4
                   and str(CARDS[i]) not in listed["cards"])


def test_bid_toby_defaults_to_its_rule_set():
    out = run_json("bid", HAND, "--convention", "toby", "--samples", "150", "--auction", "p")
    assert out["rules"] == "toby-thomas" and out["legal"]["min_bid"] == 25


def test_bid_no_marriage_passes_and_names_no_trump():
    out = run_json("bid", NO_MARRIAGE, "--samples", "100")
    assert out["call"] == "pass" and "no marriage" in out["reason"]
    assert out["estimate"]["trump"] is None and out["estimate"]["max_bid"] is None


def test_bid_stuck_dealer():
    out = run_json("bid", NO_MARRIAGE, "--auction", "p p p", "--samples", "100")
    assert out["call"] == 50 and out["legal"] == {"min_bid": 50, "can_pass": False,
                                                  "forced": True}
    assert "throw the hand in" in out["reason"]


def test_bid_table():
    result = run("bid", HAND, "--samples", "150", "--format", "table")
    assert result.exit_code == 0
    assert "Call:" in result.stdout and "Why:" in result.stdout
    assert "Chance to make" in result.stdout


def test_bid_table_reads_a_long_curve_at_round_bids():
    # Davis's game bids in steps of one: the JSON curve has every bid, the table a dozen
    args = ("bid", HAND, "--auction", "50 54 p 56", "--convention", "davis", "--samples", "200")
    out = run_json(*args)
    best = out["estimate"]["trumps"][out["estimate"]["trump"]]
    result = run(*args, "--format", "table", env={"COLUMNS": "120"})
    lines = result.stdout.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("Chance to make"))
    # the chart: one bar per bid shown, "  BID ███   NN%"
    chart = [x for x in lines[at + 1:] if re.match(r"\s+\d+ [█ ]+ *\d+%", x)]
    shown = {x.split()[0]: re.search(r"(\d+)%", x).group(0) for x in chart}
    assert len(best["make_probability"]) > 40 and "(every bid: --format json)" in lines[at]
    assert 3 <= len(shown) <= 12
    assert str(out["estimate"]["max_bid"]) in shown  # the bid to go no higher than stays
    for bid, text in shown.items():  # each point is the curve's own (JSON rounds to 0.001)
        assert abs(int(text.removesuffix("%")) - 100 * best["make_probability"][bid]) <= 0.51
    rest = list(shown)[1:]
    assert all(int(b) % 5 == 0 for b in rest if int(b) != out["estimate"]["max_bid"])


def test_bid_errors():
    result = run("bid", HAND, "--auction", "50 p p p", "--samples", "50")
    assert result.exit_code == 1 and "no call to make" in result.stderr
    result = run("bid", "AS KS QS", "--samples", "50")
    assert result.exit_code == 1
    assert result.stderr == "Error: bid needs your 20-card hand, not 3 cards\n"
    for bad in ("0", "0%", "101", "150%", "x", "nan"):
        assert run("bid", HAND, "--confidence", bad).exit_code == 2, bad
    assert run("bid", HAND, "--samples", "0").exit_code == 2


# ---------------------------------------------------------------------------- pass


def test_pass_partner_json():
    out = run_json("pass", HAND, "--trump", "H", "--role", "partner", "--samples", "200")
    assert out["role"] == "partner" and out["trump"] == "H" and len(out["pass"]) == 4
    assert len(out["reasons"]) == 4 and all(r["reason"] for r in out["reasons"])
    assert out["choices"] > 1000


def test_pass_cards_default_to_the_rule_sets_pass():
    out = run_json("pass", HAND, "--trump", "H", "--rules", "toby-thomas", "--samples", "50")
    assert len(out["pass"]) == 3  # toby-thomas passes three
    out = run_json("pass", HAND, "--trump", "H", "--rules", "standard,passing.cards=2",
                   "--samples", "50")
    assert len(out["pass"]) == 2
    out = run_json("pass", HAND, "--trump", "H", "--samples", "50")
    assert len(out["pass"]) == 4  # the standard rules name no pass: four
    out = run_json("pass", HAND, "--trump", "H", "--rules", "toby-thomas", "--cards", "4",
                   "--samples", "50")
    assert len(out["pass"]) == 4


def test_pass_bidder_returns_cards_from_the_larger_hand():
    out = run_json("pass", HAND, "JH", "AS", "10S", "QD", "--trump", "S", "--role", "bidder",
                   "--samples", "200")
    assert out["role"] == "bidder" and len(out["pass"]) == 4


def test_pass_with_a_hint_and_fewer_cards():
    out = run_json("pass", HAND, "--trump", "H", "--hint", "jack", "--cards", "3",
                   "--samples", "200")
    assert len(out["pass"]) == 3
    assert "the bidder's hint: a jack would help" in out["conditions"]


def test_pass_table_and_errors():
    result = run("pass", HAND, "--trump", "H", "--samples", "100", "--format", "table")
    assert result.exit_code == 0 and result.stdout.startswith("Pass ")
    assert run("pass", HAND, "--trump", "H", "--role", "dealer").exit_code == 2
    result = run("pass", HAND, "--trump", "H", "--hint", "joker")
    assert result.exit_code == 2 and "unknown hint" in result.stderr
    result = run("pass", HAND, "JH", "AS", "10S", "QD", "--trump", "S", "--role", "bidder",
                 "--suit", "H")
    assert result.exit_code == 1
    assert "applies to the partner's pass (role partner)" in result.stderr
    assert run("pass", HAND, "--trump", "H", "--suit", "X").exit_code == 2
    # a suit asked for where the rule set has none (Toby Thomas's rule: passing.suit_asked)
    result = run("pass", HAND, "--trump", "H", "--suit", "H")
    assert result.exit_code == 2 and "passing.suit_asked=true" in result.stderr
    result = run("pass", HAND, "--trump", "H", "--suit", "H", "--cards", "3", "--samples", "50",
                 "--rules", "standard,passing.cards=3,passing.when=before-trump,"
                 "passing.suit_asked=true")
    assert result.exit_code == 0, result.output
