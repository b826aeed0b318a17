"""Rule sets: presets, options, the TOML rule file, --rules overrides, validation, bidding."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pinochle_calc.errors import UserError
from pinochle_calc.rules import (
    PRESET_SUMMARIES,
    PRESETS,
    SCHEMA,
    STANDARD,
    RulesError,
    load_rules,
    read_rule_file,
    to_dict,
    to_toml,
)

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def write(tmp_path: Path, text: str, name: str = "house.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# Presets --------------------------------------------------------------------------------------

def test_every_preset_has_a_one_line_summary():
    assert set(PRESET_SUMMARIES) == set(PRESETS)
    assert all("\n" not in s for s in PRESET_SUMMARIES.values())


def test_standard_is_the_rules_table():
    r = PRESETS["standard"]
    assert r.run == (15, 150, 225, 300)
    assert r.pinochle == (4, 30, 60, 90)
    assert r.aces_around == (10, 100, 150, 200)
    assert (r.min_bid, r.bid_steps, r.step_change, r.marriage_required) == (
        50, "by1-then-5", 60, "true")
    assert r.roundhouse_single is r.roundhouse_with_run is r.roundhouse_double is None


def test_variant_presets():
    assert PRESETS["book"].pinochle == (4, 30, 45, 300)
    assert PRESETS["book"].run == (15, 30, 45, 60)
    assert PRESETS["npa"].run[0] == 25 and PRESETS["npa"].pinochle[0] == 15
    assert PRESETS["pinochle14"].pinochle == (14, 30, 60, 90)
    toby = PRESETS["toby-thomas"]
    assert toby.run == (15, 150, 500, None)
    assert toby.aces_around == (10, 100, 500, None)
    assert toby.royal_beside_run and toby.min_bid == 25 and toby.step_change == 50
    assert (toby.pass_cards, toby.pass_order, toby.pass_when) == (
        3, "partner-first", "before-trump")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets_by_name_any_case(name):
    assert load_rules(name) is PRESETS[name]
    assert load_rules(f"  {name.upper()} ") is PRESETS[name]


def test_no_value_is_standard():
    assert load_rules(None) is STANDARD
    assert load_rules("") is STANDARD


# The canonical text -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(PRESETS))
def test_canonical_toml_reads_back_equal(tmp_path, name):
    text = to_toml(PRESETS[name])
    assert read_rule_file(write(tmp_path, text)) == PRESETS[name]


def test_canonical_toml_of_a_composed_rule_set_reads_back_equal(tmp_path):
    rules = load_rules("toby-thomas,scale=10,min_meld=20,roundhouse.single=32,steps=any,"
                       "marriage_required=after-pass,concession=25-and-meld,passing.cards=4")
    assert read_rule_file(write(tmp_path, rules.to_toml())) == rules


def test_canonical_toml_shows_every_key():
    text = to_toml(PRESETS["toby-thomas"])
    for path in SCHEMA:
        leaf = path.rsplit(".", 1)[-1]
        assert f"\n{leaf} = " in text, path
    assert 'run = [15, 150, 500, "-"]' in text
    assert "royal_beside_run = true" in text


def test_to_dict_uses_the_rule_file_keys():
    data = to_dict(PRESETS["toby-thomas"])
    assert set(data) == set(SCHEMA)
    assert data["meld.run"] == [15, 150, 500, "-"]
    assert data["bidding.marriage_required"] is True


# The rule file --------------------------------------------------------------------------------

ISSUE_EXAMPLE = """
extends = "standard"
scale = 1
min_meld = 20
[meld]
run = [15, 150, 225, 300]
aces_around = [10, 100, 110, 200]
[roundhouse]          # absent: a roundhouse scores its parts
single = 32
with_run = 39
double = 240
"""


def test_the_issue_rule_file(tmp_path):
    rules = read_rule_file(write(tmp_path, ISSUE_EXAMPLE))
    assert rules.name == "house"  # the file's stem
    assert rules.min_meld == 20
    assert rules.aces_around == (10, 100, 110, 200)
    assert (rules.roundhouse_single, rules.roundhouse_with_run, rules.roundhouse_double) == (
        32, 39, 240)
    assert rules.differences() == {"min_meld": 20, "aces_around": (10, 100, 110, 200),
                                   "roundhouse_single": 32, "roundhouse_with_run": 39,
                                   "roundhouse_double": 240}


def test_rule_file_extends_a_preset_and_overrides(tmp_path):
    path = write(tmp_path, 'extends = "toby-thomas"\nname = "ours"\n[bidding]\nmin_bid = 30\n'
                 '[meld]\nrun = [15, 150, 500, 600]\n')
    rules = load_rules(path)
    assert rules.name == "ours"
    assert rules.min_bid == 30 and rules.run == (15, 150, 500, 600)
    assert rules.royal_beside_run  # from the preset


def test_rule_file_extends_another_file(tmp_path):
    write(tmp_path, 'extends = "book"\nscale = 10\n', "base.toml")
    path = write(tmp_path, 'extends = "base.toml"\nmin_meld = 20\n', "child.toml")
    rules = load_rules(path)
    assert (rules.scale, rules.min_meld, rules.pinochle) == (10, 20, (4, 30, 45, 300))


def test_rule_files_extending_in_a_circle(tmp_path):
    write(tmp_path, 'extends = "b.toml"\n', "a.toml")
    path = write(tmp_path, 'extends = "a.toml"\n', "b.toml")
    with pytest.raises(RulesError, match="circle"):
        load_rules(path)


def test_blank_cells_and_a_removed_roundhouse_option(tmp_path):
    path = write(tmp_path, 'extends = "standard"\n[meld]\nrun = [15, 150, "-", "-"]\n'
                 '[roundhouse]\nsingle = "-"\n')
    rules = load_rules(path)
    assert rules.run == (15, 150, None, None)
    assert rules.roundhouse_single is None


def test_marriage_required_accepts_booleans_and_after_pass(tmp_path):
    for value, stored in (("true", "true"), ("false", "false"), ('"after-pass"', "after-pass")):
        path = write(tmp_path, f"[bidding]\nmarriage_required = {value}\n")
        assert load_rules(path).marriage_required == stored


def test_the_sample_rule_file():
    rules = load_rules(str(SAMPLES / "house-rules.toml"))
    assert rules.name == "our-club"
    assert rules.roundhouse_single == 32 and rules.min_meld == 20
    assert rules.concession == "25-and-meld"


# Validation: the file, the key path and what is wrong --------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("scal = 10\n", "scal: unknown key: did you mean 'scale'?"),
    ("[meld]\nrun = [15, 150, 225]\n", "meld.run: a table has 4 entries (single, double, triple,"
     " quadruple), not 3"),
    ("[meld]\nrun = 15\n", "meld.run: expected a list of 4 values"),
    ("[meld]\nrun = [15, 150, -5, 300]\n", "meld.run[2]: -5 is out of range"),
    ('[meld]\nrun = [15, "x", 225, 300]\n', "meld.run[1]: expected points (a whole number) or"
     " \"-\", got 'x' (text)"),
    ("[meld]\nrunn = [15, 150, 225, 300]\n", "meld.runn: unknown key: did you mean 'run'?"),
    ("[roundhouse]\nsingel = 32\n", "roundhouse.singel: unknown key: did you mean 'single'?"),
    ("[roundhouse]\nsingle = 32.5\n", "roundhouse.single: expected points"),
    ("scale = 0\n", "scale: 0 is out of range (1 to 1000)"),
    ('scale = "10"\n', "scale: expected a whole number, got '10' (text)"),
    ("min_meld = 60\n", "min_meld: 60 is out of range (0 to 50)"),
    ('[bidding]\nsteps = "by5"\n', "bidding.steps: expected one of by1-then-5, any,"
     " by10-above-100"),
    ('[bidding]\nrounds = "too"\n', "bidding.rounds: expected one of unlimited, one, two; got"
     " 'too' (text): did you mean 'two'?"),
    ('[bidding]\nmarriage_required = "after"\n', "bidding.marriage_required: expected true,"
     " false or \"after-pass\""),
    ("[passing]\ncards = 5\n", "passing.cards: 5 is out of range (0 to 4)"),
    ('[scoring]\nconcession = "meld-and-25"\n', "scoring.concession: expected one of"),
    ("run = [15, 150, 225, 300]\n", "run: unknown key: it belongs in a section, as 'meld.run'"),
    ("meld = 3\n", "meld: expected a [meld] table"),
    ('extends = "bok"\n', "extends: 'bok' is neither a preset"),
    ("[meld\n", "not valid TOML"),
    ("[meld]\nroyal_beside_run = 1\n", "meld.royal_beside_run: expected true or false"),
])
def test_rule_file_errors_name_file_key_and_problem(tmp_path, text, message):
    path = write(tmp_path, text)
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert str(info.value).startswith(f"{path}: ")
    assert message in str(info.value)
    assert isinstance(info.value, UserError)


def test_a_missing_rule_file():
    with pytest.raises(RulesError, match="no rule file 'nowhere/house.toml'"):
        load_rules("nowhere/house.toml")


# --rules overrides ----------------------------------------------------------------------------

def test_overrides_compose_with_any_preset():
    rules = load_rules("book,scale=10,min_meld=20")
    assert rules.name == "book,scale=10,min_meld=20"
    assert (rules.scale, rules.min_meld, rules.pinochle) == (10, 20, (4, 30, 45, 300))
    assert rules.target_points == 5000 and rules.trick_points == 500
    assert rules.min_meld_points == 200 and rules.min_bid_points == 500


@pytest.mark.parametrize(("text", "field", "value"), [
    ("standard,roundhouse.single=32", "roundhouse_single", 32),
    ("standard,with_run=39", "roundhouse_with_run", 39),
    ("standard,roundhouse.double=240", "roundhouse_double", 240),
    ("standard,run=[25,150,225,300]", "run", (25, 150, 225, 300)),
    ("standard,meld.run=25/150/-/300", "run", (25, 150, None, 300)),
    ("standard,steps=any", "bid_steps", "any"),
    ("standard,bidding.steps=by10-above-100", "bid_steps", "by10-above-100"),
    ("standard,rounds=one", "bid_rounds", "one"),
    ("standard,rounds=two", "bid_rounds", "two"),
    ("standard,marriage_required=false", "marriage_required", "false"),
    ("standard,marriage_required=after-pass", "marriage_required", "after-pass"),
    ("standard,passing.cards=4", "pass_cards", 4),
    ("standard,order=partner-first", "pass_order", "partner-first"),
    ("standard,when=before-trump", "pass_when", "before-trump"),
    ("standard,royal_beside_run=true", "royal_beside_run", True),
    ("toby-thomas,royal_beside_run=false", "royal_beside_run", False),
    ("standard,target=1000", "target", 1000),
    ("scale=10", "scale", 10),  # no preset: standard
])
def test_each_option_as_an_override(text, field, value):
    assert getattr(load_rules(text), field) == value


@pytest.mark.parametrize("concession", ["standard", "nothing", "meld", "25-and-meld",
                                        "50-and-meld", "play"])
def test_every_concession_is_selectable(concession):
    assert load_rules(f"npa,concession={concession}").concession == concession


def test_overrides_after_a_rule_file(tmp_path):
    path = write(tmp_path, ISSUE_EXAMPLE)
    rules = load_rules(f"{path},scale=10")
    assert rules.scale == 10 and rules.roundhouse_single == 32
    assert rules.name == "house,scale=10"


@pytest.mark.parametrize(("text", "message"), [
    ("bok", "--rules: unknown rule set 'bok' (did you mean 'book'?)"),
    ("book,scal=10", "--rules: scal: unknown key: did you mean 'scale'?"),
    ("book,single", "--rules: single: expected key=value"),
    ("book,scale=ten", "--rules: scale: expected a whole number, got 'ten' (text)"),
    ("book,run=1/2/3", "--rules: meld.run: a table has 4 entries"),
])
def test_override_errors(text, message):
    with pytest.raises(RulesError) as info:
        load_rules(text)
    assert message in str(info.value)


def test_rules_module_is_import_light():
    code = ("import sys, pinochle_calc.rules as r; r.load_rules('book');"
            " print(sorted(m for m in ('tomllib', 'tomli', 'difflib', 'numpy', 'rich', 'typer')"
            " if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# Bidding ----------------------------------------------------------------------------------------

def legal(rules, low, high):
    return [b for b in range(low, high + 1) if rules.is_legal_bid(b)]


def test_standard_steps():
    assert legal(STANDARD, 45, 75) == [*range(50, 61), 65, 70, 75]
    assert STANDARD.next_bid(None) == 50 and STANDARD.next_bid(60) == 65
    assert STANDARD.bid_problem(49) == "49 is below the minimum bid 50 (standard rules)"
    assert STANDARD.bid_problem(62) == ("62 is off the bidding steps (from 50 by 1 up to 60,"
                                        " then multiples of 5): bid 60 or 65")
    assert STANDARD.bid_problem(65) == ""


def test_any_steps():
    rules = load_rules("standard,steps=any")
    assert legal(rules, 48, 64) == list(range(50, 65))
    assert rules.is_legal_bid(101)


def test_by10_above_100():
    rules = load_rules("standard,steps=by10-above-100")
    assert legal(rules, 95, 130) == [95, 100, 110, 120, 130]
    assert rules.next_bid(100) == 110


def test_toby_thomas_bidding():
    toby = PRESETS["toby-thomas"]
    assert legal(toby, 20, 60) == [*range(25, 51), 55, 60]
    assert toby.stuck_dealer_bid() == 25


def test_scaled_bidding():
    rules = load_rules("standard,scale=10")
    assert legal(rules, 490, 660) == [*range(500, 601, 10), 650]
    assert not rules.is_legal_bid(505)
    assert rules.stuck_dealer_bid() == 500
    assert "off the bidding steps" in rules.bid_problem(505)


def test_stuck_dealer_bids_the_minimum_under_any_rounds():
    for text in ("standard", "standard,rounds=one", "toby-thomas,rounds=two", "npa,min_bid=40"):
        rules = load_rules(text)
        assert rules.stuck_dealer_bid() == rules.min_bid == rules.next_bid(None)


def test_a_preset_name_beats_a_file_of_that_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "book").write_text('extends = "standard"\n')
    assert load_rules("book") == PRESETS["book"]


def test_a_name_among_the_overrides_stands():
    assert load_rules("book,name=club,min_meld=20").name == "club"
    assert load_rules("book,min_meld=20").name == "book,min_meld=20"


# The bidding steps, found directly --------------------------------------------------------------

@given(st.sampled_from(["by1-then-5", "any", "by10-above-100"]), st.integers(1, 1000),
       st.integers(1, 120), st.integers(0, 130), st.integers(-20, 3000))
def test_next_and_highest_bid_are_the_naive_walks(steps, scale, min_bid, step_change, x):
    """They used to walk the numbers one by one, for minutes under scale=1000 or a meld of a
    million; now they step at most ten unscaled bids, and agree with the walk."""
    rules = STANDARD.with_options(bid_steps=steps, scale=scale, min_bid=min_bid,
                                  step_change=step_change)
    x *= scale // 7 + 1
    walk = x + 1
    while not rules.is_legal_bid(walk):
        walk += 1
    assert rules.next_bid(x) == walk
    first = min_bid * scale
    while not rules.is_legal_bid(first):
        first += 1
    assert rules.next_bid(None) == first
    down = x
    while down >= min_bid * scale and not rules.is_legal_bid(down):
        down -= 1
    assert rules.highest_bid(x) == (down if down >= min_bid * scale else None)


# Bids that are not whole numbers --------------------------------------------------------------

@pytest.mark.parametrize("bid, message", [
    (float("nan"), "nan is not a whole number"),
    (float("inf"), "inf is not a whole number"),
    (float("-inf"), "-inf is not a whole number"),
    (55.5, "55.5 is not a whole number"),
    (55.0, "55.0 is a float: a bid is a whole number"),
    ("55", "'55' is not a whole number"),
    (True, "True is not a whole number"),
    (10**16, "10000000000000000 is out of range: a bid is at most 1,000,000,000,000,000"),
    (-10**30, "out of range"),
    (10**5000, "a number of about 5,000 digits is out of range"),
], ids=["nan", "inf", "-inf", "55.5", "55.0", "text", "bool", "1e16", "-1e30", "5000-digits"])
def test_a_bid_that_is_not_a_whole_number_is_named(no_hang, bid, message):
    assert message in STANDARD.bid_problem(bid)


def test_the_steps_refuse_to_step_from_a_float(no_hang):
    for bid in (float("nan"), float("inf"), 55.5):
        with pytest.raises(TypeError, match="a bid is a whole number"):
            STANDARD.next_bid(bid)
        with pytest.raises(TypeError, match="a bid is a whole number"):
            STANDARD.highest_bid(bid)
    assert STANDARD.next_bid(10**20) == 10**20 + 5 and STANDARD.bid_problem(10**15) == ""


@pytest.mark.parametrize("raw", ["4", "0", "-3", "+7", "123456789012345678", "04", "00", "1_000",
                                 "true", "false", "True", "any", "by1-then-5", "after-pass",
                                 "partner-first", "inf", "nan", "x1", "1.5", "1e3", "-",
                                 "[1, 2]", '"quoted"', "1979-05-27", "a b"])
def test_a_plain_override_value_reads_as_toml_reads_it(raw):
    """Whole numbers, true/false and bare words are read without the TOML parser, as it reads
    them (a word it cannot read stays text)."""
    from pinochle_calc.rules import _plain_value, _toml

    data, problem = _toml(f"v = {raw}")
    expected = raw if problem else data["v"]
    simple = _plain_value(raw)
    if raw in ("4", "-3", "true", "any", "by1-then-5", "after-pass"):
        assert simple is not None
    if simple is not None:
        assert simple[0] == expected and type(simple[0]) is type(expected)
