"""The duplicate arena: the pairing of the two seatings, the figures of the report recomputed from
the hands played, the calibration table on crafted predictions, and results that depend only on
the seed, never on the number of processes."""

from __future__ import annotations

import pytest

from pinochle_calc.errors import UserError
from pinochle_calc.game.arena import BINS, Calibration, _Match, play_twice, run_arena
from pinochle_calc.game.hand import Call, to_json
from pinochle_calc.game.whole import deal_cards
from pinochle_calc.rules import STANDARD, load_rules


def test_calibration_of_crafted_predictions():
    predictions = [0.05, 0.15, 0.15, 0.95, 1.0]
    made = [False, True, False, True, True]
    cal = Calibration.of(predictions, made)
    assert cal.n == 5 and len(cal.bins) == BINS
    by_bin = {round(b.low, 1): b for b in cal.bins if b.n}
    assert sorted(by_bin) == [0.0, 0.1, 0.9]
    assert by_bin[0.0].n == 1 and by_bin[0.0].predicted == pytest.approx(0.05)
    assert by_bin[0.0].observed == 0.0
    assert by_bin[0.1].n == 2 and by_bin[0.1].predicted == pytest.approx(0.15)
    assert by_bin[0.1].observed == 0.5
    # 1.0 falls in the last bin, with 0.95
    assert by_bin[0.9].n == 2 and by_bin[0.9].predicted == pytest.approx(0.975)
    assert by_bin[0.9].observed == 1.0
    # count-weighted gaps: (1 x 0.05 + 2 x 0.35 + 2 x 0.025) / 5
    assert cal.mae == pytest.approx(0.16)
    # (0.05² + 0.85² + 0.15² + 0.05² + 0²) / 5
    assert cal.brier == pytest.approx(0.15)
    empty = next(b for b in cal.bins if not b.n)
    assert empty.to_dict()["predicted"] is None and empty.to_dict()["observed"] is None


def test_a_perfectly_calibrated_set_has_no_gap():
    cal = Calibration.of([0.25] * 4 + [0.75] * 4, [True, False, False, False] + [True] * 3
                         + [False])
    assert cal.mae == pytest.approx(0.0)
    assert cal.brier == pytest.approx((0.25**2 * 3 + 0.75**2 + 0.25**2 * 3 + 0.75**2) / 8)
    with pytest.raises(ValueError):
        Calibration.of([1.5], [True])
    assert Calibration.of([], []).mae is None


def test_the_two_seatings_play_the_same_cards_with_the_seats_swapped():
    job = _Match("formula", "pass", STANDARD, 5, 100)
    first, second = play_twice(0, job)
    # the same cards, dealer and decisions' seed in both runs
    assert first.hands == second.hands == deal_cards(5, 0)
    assert [(r.tag("Seed"), r.tag("Deal"), r.tag("Run")) for r in (first, second)] == [
        ("5", "0", "0"), ("5", "0", "1")]
    assert (first.tag("Us"), first.tag("Them")) == ("formula", "pass")
    assert (second.tag("Us"), second.tag("Them")) == ("pass", "formula")
    for record, formula_side in ((first, 0), (second, 1)):
        calls = [e for e in record.events if isinstance(e, Call)]
        # each seat calls by its side's policy: "pass" only ever passes (or bids the stuck
        # dealer's minimum); the formula names its limit, or why it passes
        for call in calls:
            if call.seat % 2 == formula_side:
                assert call.comment.startswith(("opens:", "raises:", "pass: ")), call
            else:
                assert call.comment in ("pass", "forced: the first three passed"), call
        # in this deal the formula opens from its first seat (0, then 1) and holds the contract
        assert calls[formula_side].comment.startswith("opens:")
        contract = record.state.contract
        assert (contract.seat, contract.bid) == (formula_side, 50)
        assert contract.side == formula_side
        assert [c.bid for c in calls] == [None] * formula_side + [50] + [None] * (
            3 - formula_side)


def test_the_report_is_the_sum_of_the_hands_played():
    hands = []
    report = run_arena("formula", "pass", 6, seed=2,
                       on_hand=lambda deal, run, record: hands.append((deal, run, record)))
    assert [(d, r) for d, r, _ in hands] == [(d, r) for d in range(6) for r in (0, 1)]
    margins = []
    for deal in range(6):
        one, two = (rec for d, _, rec in hands if d == deal)
        margins.append(one.score[0] - one.score[1] + two.score[1] - two.score[0])
    assert report.margin == pytest.approx(sum(margins) / 6)
    mean = sum(margins) / 6
    sd = (sum((m - mean) ** 2 for m in margins) / 5) ** 0.5
    assert report.stderr == pytest.approx(sd / 6 ** 0.5)
    formula, passer = report.policies
    assert formula.name == "formula" and passer.name == "pass"
    points = sum(rec.score[0 if run == 0 else 1] for _, run, rec in hands)
    assert formula.points_per_hand == pytest.approx(points / 12)
    won = [rec for _, run, rec in hands if rec.state.contract.side == (0 if run == 0 else 1)]
    assert formula.bids_won == pytest.approx(len(won) / 12)
    assert passer.bids_won == pytest.approx(1 - len(won) / 12)
    assert formula.mean_contract == pytest.approx(sum(r.state.contract.bid for r in won)
                                                  / len(won))
    made = sum(r.result == "made" for r in won) / len(won)
    assert formula.results["made"] == pytest.approx(made)
    assert sum(formula.results.values()) == pytest.approx(1.0)
    # a side that only passes wins a bid only as the stuck dealer, at the minimum
    assert passer.mean_contract in (None, 50)
    assert formula.calibration is None and passer.calibration is None
    out = report.to_dict()
    assert out["policies"] == ["formula", "pass"] and out["hands"] == 12
    assert set(out["made"]) == {"formula", "pass"} and out["calibration"] == {}


def test_an_advisor_reports_its_calibration():
    report = run_arena("advisor:jump", "pass", 3, seed=1, samples=40)
    advisor = report.policies[0]
    cal = advisor.calibration
    assert cal is not None and cal.n == round(advisor.bids_won * advisor.hands)
    assert sum(b.n for b in cal.bins) == cal.n
    assert "advisor:jump" in report.to_dict()["calibration"]


def without_timing(report) -> dict:
    out = report.to_dict()
    out.pop("seconds")
    out.pop("hands_per_second")
    return out


def test_the_same_seed_gives_the_same_result_whatever_the_jobs():
    rules = load_rules("standard,passing.cards=4")
    one = run_arena("formula", "pass", 4, seed=9, rules=rules)
    again = run_arena("formula", "pass", 4, seed=9, rules=rules)
    two = run_arena("formula", "pass", 4, seed=9, rules=rules, jobs=2)
    assert without_timing(one) == without_timing(again) == without_timing(two)
    other = run_arena("formula", "pass", 4, seed=10, rules=rules)
    assert without_timing(other) != without_timing(one)


def test_an_advisor_arena_is_the_same_with_two_jobs():
    hands_one, hands_two = [], []
    one = run_arena("advisor:jump", "formula", 2, seed=4, samples=30,
                    on_hand=lambda d, r, rec: hands_one.append(to_json(rec)))
    two = run_arena("advisor:jump", "formula", 2, seed=4, samples=30, jobs=2,
                    on_hand=lambda d, r, rec: hands_two.append(to_json(rec)))
    assert hands_one == hands_two
    assert without_timing(one) == without_timing(two)


def test_bad_arena_arguments_are_named():
    with pytest.raises(UserError, match="both policies are formula"):
        run_arena("formula", " Formula", 1)
    with pytest.raises(UserError, match="unknown policy"):
        run_arena("formula", "random", 1)
    with pytest.raises(UserError, match="deals must be a whole number from 1 to 1,000,000, not 0"):
        run_arena("formula", "pass", 0)
    with pytest.raises(UserError, match="seed must be a whole number from 0 "):
        run_arena("formula", "pass", 1, seed=-1)
    with pytest.raises(TypeError, match=r"deals must be a whole number \(an int\), not '5'"):
        run_arena("formula", "pass", "5")


def test_a_hand_record_travels_between_processes():
    import pickle

    record = play_twice(0, _Match("formula", "pass", STANDARD, 1, 100))[0]
    copy = pickle.loads(pickle.dumps(record))
    assert copy == record and to_json(copy) == to_json(record)


def test_every_hand_the_arena_writes_is_a_record_play_and_review_read():
    """The jsonl rows are records: each reads back equal, and its tags give review the seeds
    the deal was played with."""
    import json

    from pinochle_calc.game.hand import read_json

    rows = []
    run_arena("formula", "thumb", 2, seed=3, on_hand=lambda d, r, rec: rows.append(
        json.dumps(to_json(rec))))
    assert len(rows) == 4
    for text in rows:
        record = read_json(text)
        assert record.state.complete and json.dumps(to_json(record)) == text
        assert record.tag("Deal") in ("0", "1") and record.tag("Seed") == "3"


def test_card_players_with_the_same_bidding_report_the_trick_gain():
    report = run_arena("formula/advisor", "formula", deals=3, seed=5)
    d = report.to_dict()
    a, b = d["trick_points_per_hand"]["formula/advisor"], d["trick_points_per_hand"]["formula"]
    # the same bidding: the same hands are played, so the two sides' trick points add to 50
    assert a + b == pytest.approx(50)
    assert d["trick_gain"]["mean"] == pytest.approx(a - 25, abs=1e-3)
    with pytest.raises(UserError, match="both policies are formula"):
        run_arena("formula/heuristic", "formula", deals=1)


def test_a_match_played_in_parts_holds_the_hands_of_the_whole_match():
    """``benchmarks/arena_part.py``: the deals 1 to 3 of a match, then 0, put together, are the
    lines ``arena --format jsonl`` writes for the match, in the order of the parts."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]

    def lines(*args: str) -> list[str]:
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                              cwd=root, check=True)
        return done.stdout.splitlines()

    part = ["benchmarks/arena_part.py", "formula", "thumb", "--seed", "5"]
    whole = lines("-m", "pinochle_calc", "arena", "formula", "thumb", "--deals", "4", "--seed",
                  "5", "--format", "jsonl")
    later = lines(*part, "--first", "1", "--stop", "4", "--jobs", "2")
    first = lines(*part, "--stop", "1")
    assert len(whole) == 8 and later + first == whole[2:] + whole[:2]
