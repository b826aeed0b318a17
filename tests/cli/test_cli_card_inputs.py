"""``card``'s inputs (issue 32): the JSON form takes what the options take, an exchange only
under rules that pass cards, one message for a missing ``--trump``, and a trick in progress out
of order says which cards to give with ``--trick``."""

import json

import pytest
from cli_runner import run, run_json

MID = "JC JC JC JC QC QC QC QC KC KC KC KC 10C 10C 10C 10C JS JS"
MID_TRICKS = "0: QS KS JS KH; 10D KH JH AD"
NO_MELD = ["--shown", "1:", "--shown", "2:", "--shown", "3:"]
HAND = "AS 10S KS QS JS AH 10H KH QH JH AD 10D KD QD JD AC 10C KC QC JC"


def by_json(position: dict, *options: str) -> dict:
    """The advice for ``position`` given as JSON on stdin."""
    out = run("card", "--position", "-", "-f", "json", *options, input=json.dumps(position))
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


@pytest.mark.parametrize(("option", "key"), [
    ("JS", "JS"), ("J♠", "J♠"), ("10D KD", "10D KD"), ("10d, ♦K", ["10D", "KD"]),
    ("AH # led by seat 3", "AH # led by seat 3")])
def test_the_trick_in_json_is_written_as_the_option_writes_it(option, key):
    """The oracle: the same position given as options, where ``--trick`` takes the text."""
    hand = "AD KD QD JD JD AS 10S KS QS 10H KH QH JH AC KC QC JC JC QS"
    seat = len(option.partition("#")[0].replace(",", " ").split())
    tricks = "0: AC KC QC JC"  # seat 0 won it and leads the trick in progress
    options = run_json("card", hand, "--trump", "S", "--tricks", tricks, "--seat", str(seat),
                       "--trick", option, "-n", "30")
    given = by_json({"hand": hand, "trump": "S", "tricks": tricks, "seat": seat, "trick": key},
                    "-n", "30")
    assert given == options


@pytest.mark.parametrize("contract", ["0:50", "0,50", "0", "0:", "0,H,50", "0,♥", " 0 : 50 "])
def test_the_contract_in_json_is_written_as_the_option_writes_it(contract):
    """Every spelling ``--contract`` reads gives the same advice as JSON as the option, and the
    same as the object form (the bid left out: the rules' minimum, 50 here)."""
    base = {"hand": MID, "trump": "H", "tricks": MID_TRICKS, "shown": {"1": "", "2": "", "3": ""}}
    options = run_json("card", MID, "--trump", "H", "--tricks", MID_TRICKS, "--contract",
                       contract, "-n", "30", *NO_MELD)
    assert by_json({**base, "contract": contract}, "-n", "30") == options
    assert by_json({**base, "contract": {"seat": 0, "bid": 50}}, "-n", "30") == options
    assert by_json({**base, "contract": {"seat": 0}}, "-n", "30") == options


@pytest.mark.parametrize(("rules", "bid"), [("toby-thomas", 25), ("standard,scale=10", 500),
                                            ("standard", 50)])
def test_a_contract_of_the_seat_alone_is_at_the_rules_minimum(rules, bid):
    from pinochle_calc.play.position import Position
    from pinochle_calc.rules import load_rules

    data = {"hand": MID, "trump": "H", "tricks": MID_TRICKS}
    for alone in ("0", {"seat": 0}, "0:", "0,H"):
        position = Position.from_dict({**data, "contract": alone}, load_rules(rules))
        assert position.contract == (0, bid)
        assert Position.from_dict(position.to_dict()) == position


@pytest.mark.parametrize(("contract", "words"), [
    ("4:50", "contract: seat '4'"), ("0:5x", "contract: bid '5x'"), ("x", "contract: seat 'x'"),
    ("0,S,50", "names S trump, but the position's trump is H"), ("0:S:50", "names S trump"),
    ("1:2:3:4", "write SEAT:BID"), ("0:" + "9" * 30, "a bid is at most"),
    ([0, 50], "contract is {\"seat\": 0, \"bid\": 55} or \"0:55\""),
    ({"seat": 0, "bid": "50"}, "the contract's bid is a whole number")])
def test_a_contract_in_json_that_cannot_be_is_bad_input(contract, words):
    out = run("card", "--position", "-", input=json.dumps(
        {"hand": MID, "trump": "H", "contract": contract}))
    assert out.exit_code == 1 and words in out.stderr and out.stderr.count("\n") == 1, out.stderr
    assert "Traceback" not in out.output


def test_a_trick_in_json_that_cannot_be_is_bad_input():
    for trick, words in (("JS QS KS AS", "the trick in progress holds 4 cards"),
                         ("JS QX", "trick card 2: unknown card 'QX'"), (5, "trick is a list")):
        out = run("card", "--position", "-", input=json.dumps(
            {"hand": MID, "trump": "H", "trick": trick}))
        assert out.exit_code == 1 and words in out.stderr, (trick, out.stderr)
    option = run("card", MID, "--trump", "H", "--trick", "JS QX")
    assert option.exit_code == 1 and "--trick card 2: unknown card 'QX'" in option.stderr


@pytest.mark.parametrize("rules", ["standard", "book", "npa", "pinochle14", "standard,scale=10"])
@pytest.mark.parametrize("option", ["--passed", "--received"])
def test_an_exchange_under_rules_that_pass_no_cards_is_a_misused_option(rules, option):
    out = run("card", MID, "--trump", "H", "--rules", rules, option, "KS QS JS")
    assert out.exit_code == 2 and out.stderr.count("\n") == 1, out.output
    assert f"Invalid value for '{option}'" in out.stderr
    assert "no cards are passed (passing.cards = 0)" in out.stderr
    assert f"leave out {option}" in out.stderr
    both = run("card", MID, "--trump", "H", "--rules", rules, "--passed", "KS", "--received",
               "QS")
    assert both.exit_code == 2 and "leave out --passed and --received" in both.stderr
    as_json = run("card", "--position", "-", "--rules", rules, input=json.dumps(
        {"hand": MID, "trump": "H", option.lstrip("-"): "KS QS JS"}))
    assert as_json.exit_code == 1 and "passing.cards = 0" in as_json.stderr


def test_an_exchange_under_rules_that_pass_cards_is_read_and_its_size_checked():
    """Toby Thomas's rules pass 3 cards: the cards passed are held by partner (a fact the
    advice prints); 2 cards are refused with the rule."""
    hand = "AD KD QD JD JD AS 10S KS QS 10H KH QH JH AC KC QC JC JC QS AS"
    data = run_json("card", hand, "--trump", "S", "--rules", "toby-thomas", "--contract",
                    "0", "--passed", "AH AH 10C", "--received", "JC JC QS", "-n", "20")
    assert {d["seat"]: d["known"] for d in data["inferred"]}[2] == "AH AH 10C"
    short = run("card", hand, "--trump", "S", "--rules", "toby-thomas", "--passed", "AH AH")
    assert short.exit_code == 1
    assert "you passed 2 cards, but under the rules toby-thomas each pass is 3" in short.stderr


def test_a_missing_trump_is_one_message_in_every_command():
    messages = {command: run(command, "AS KS").stderr.replace(command, "COMMAND")
                for command in ("card", "legal")}
    assert messages["card"] == messages["legal"] == (
        "Error: Missing option '--trump' (see root COMMAND -h)\n")
    assert run("card", "AS KS").exit_code == run("legal", "AS KS").exit_code == 2


@pytest.mark.parametrize(("seat", "contract", "tricks", "trick", "before"), [
    (0, "1", "", "", 3),  # the bidder, seat 1, leads: three cards before seat 0
    (2, "1", "", "", 1),
    (1, "1", "", "AS", 0),  # the bidder leads: nothing comes before it
    (3, None, "0: AC KC QC JC", "", 3),  # seat 0 won trick 1
    (2, None, "0: AC KC QC JC", "AS AS AS", 2)])
def test_a_trick_in_progress_out_of_order_says_which_cards_to_give_with_trick(
        seat, contract, tricks, trick, before):
    """The message says how many cards to give with ``--trick``, whose lead first; giving that
    many (the oracle: the command then reads the position) is accepted."""
    hand = HAND if not tricks else HAND.replace(" JC", "")
    args = ["card", hand, "--trump", "S", "--seat", str(seat), "-n", "5"]
    args += ["--contract", contract] if contract else ["--tricks", tricks]
    out = run(*args, "--trick", trick)
    assert out.exit_code == 1 and out.stderr.startswith(
        "Error: the trick in progress is out of order:"), out.output
    if before:
        assert f"give with --trick the {before} card" in out.stderr
    else:
        assert "you lead it, so give no card with --trick" in out.stderr
    led = ["JH", "QH", "KH"][:before]  # hearts led, none of them seat's own cards
    fixed = run(*args, "--trick", " ".join(led))
    assert fixed.exit_code == 0, fixed.output
