"""A score sheet's settings line and a record's ``Table`` tag, as a person may write them by
hand: what can be used is read, what cannot is not said (never an error, never a wrong
value), and what the table writes reads back to the same settings."""

from __future__ import annotations

from pinochle_calc.game.settings import (
    ON_SHEET,
    Settings,
    parse_options,
    settings_line,
    sheet_settings,
)
from pinochle_calc.rules import load_rules


def test_a_settings_line_written_reads_back_to_the_same_settings():
    for seat in range(4):
        for samples in (None, 1, 300, 100_000):
            kept = Settings(seat=seat, convention="davis", samples=samples, seed=seat * 7,
                            rules=load_rules("standard,bidding.steps=any,passing.cards=4"))
            back = sheet_settings(["bidder,bid", settings_line(kept), "us,50"])
            assert back is not None and back.said == frozenset(ON_SHEET)
            assert not back.differences(kept.only(ON_SHEET)), (seat, samples)
            assert (back.seat, back.samples, back.seed) == (seat, samples, seat * 7)


def test_what_cannot_be_used_is_not_said():
    bad = parse_options("--seat 9 --convention nope --rules no-such-rules --samples 0"
                        " --seed -1 --wat 3 -n 200001")
    assert bad.said == {"sheet"} and bad.sheet is None  # left out: no sheet
    assert parse_options("--seat 'unclosed").said == frozenset()
    assert parse_options("--seat ３").said == {"samples", "sheet"}  # a digit not ASCII
    good = parse_options("-c toby --seat 2 -n 40")
    assert (good.convention, good.seat, good.samples) == ("toby", 2, 40)
    # the last settings line counts; a sheet without one says nothing
    lines = ["# pinochle-calc table --seat 1", "us,50", "# pinochle-calc table --seat 3",
             "# pinochle-calc tablet --seat 2", "# a note"]
    assert sheet_settings(lines).seat == 3
    assert sheet_settings(["bidder,bid", "# a note"]) is None


def test_a_setting_one_side_does_not_say_never_differs():
    said = Settings(seat=1, said=frozenset({"seat"}))
    assert not said.differences(Settings(seat=2, said=frozenset()))
    assert said.differences(Settings(seat=2)) == ["seat"]
    standard, named = load_rules("standard"), load_rules("standard,passing.cards=0")
    assert not Settings(rules=standard).differences(Settings(rules=named))  # the same rules
