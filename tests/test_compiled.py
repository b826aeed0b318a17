"""The compiled extensions: built (the suite fails where they are missing, unless
``PINOCHLE_CALC_PURE`` asks for numpy alone, so CI cannot pass on the fallback unnoticed), the
same list in ``setup.py`` as in ``compiled.MODULES``, one switch that turns every layer to
numpy, and whole hands played the same card for card by both."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from native import compiled_path, numpy_path

from pinochle_calc import compiled

ROOT = Path(__file__).resolve().parents[1]


def test_the_extensions_are_built_unless_numpy_alone_is_asked_for():
    missing = []
    for name in compiled.MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if not compiled.pure():
        assert missing == [], (f"not built: {missing}; pip install -e . builds them (set"
                               f" {compiled.PURE}=1 to test the numpy code alone)")


def test_setup_builds_the_extensions_the_package_loads():
    tree = ast.parse((ROOT / "setup.py").read_text())
    names = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and node.value.startswith("pinochle_calc.")}
    assert names == set(compiled.MODULES)
    for name in compiled.MODULES:  # each from its C file in its layer
        assert (ROOT / (name.replace(".", "/") + ".c")).is_file()


SWITCHES = ("from pinochle_calc.play import lockstep, dealer, conditions;"
            " from pinochle_calc.exchange import policy;"
            " from pinochle_calc.meld import vector;"
            " from pinochle_calc.play import solver;"
            " print([m is None for m in (lockstep.NATIVE, dealer.NATIVE, conditions.NATIVE,"
            " policy.GREEDY, vector.NATIVE)] + [not solver.COMPILED])")


@pytest.mark.parametrize("value, numpy_alone", [("1", True), ("yes", True), ("0", False),
                                                ("", False)])
def test_one_switch_turns_every_layer_to_numpy(value, numpy_alone):
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE} | {compiled.PURE: value}
    out = subprocess.run([sys.executable, "-c", SWITCHES], capture_output=True, text=True,
                         env=env, check=True).stdout.strip()
    built = all(importlib.util.find_spec(name) is not None for name in compiled.MODULES)
    expected = numpy_alone or not built
    assert out == str([expected] * 6)


def test_loading_an_extension_that_is_not_there_gives_none_and_says_so_once(monkeypatch,
                                                                          capsys):
    monkeypatch.setattr(compiled, "_said", False)
    monkeypatch.setenv(compiled.PURE, "1")  # asked for: nothing said
    assert compiled.load("pinochle_calc.play._not_built") is None
    assert compiled.load(compiled.MODULES[0]) is None
    assert capsys.readouterr().err == ""
    monkeypatch.delenv(compiled.PURE)
    for _ in range(3):  # wanted and missing: said once a process
        assert compiled.load("pinochle_calc.play._not_built") is None
    assert capsys.readouterr().err == compiled.MISSING + "\n"


#: The deals of the test below (``deal_cards(31, n)``): four short auctions; under Davis's game
#: deal 1's nineteen calls, sixteen of them priced, take 7 s on the numpy path, as long as the
#: rest of the test, and these price five.
HANDS = (0, 2, 3, 4)


@pytest.mark.long
@pytest.mark.parametrize("game", ["davis", "toby", "jump"])
def test_whole_hands_are_the_same_card_for_card_compiled_or_numpy(monkeypatch, game):
    """Advisors at all four seats, each bid an estimate over 120 deals (dealing under the
    calls, the exchange, play-outs, the price of a call), then the play: the whole record,
    every call, pass and card, is the same on both paths."""
    from pinochle_calc.exchange import policy
    from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
    from pinochle_calc.rules import load_rules

    rules = load_rules({"davis": "standard,steps=any,passing.cards=4", "toby": "toby-thomas",
                        "jump": "standard"}[game])
    advisor = f"advisor:{game}"
    records = []
    for path in (compiled_path, numpy_path):
        path(monkeypatch)
        policy._bidder_pass_one.cache_clear()
        policy._BLIND.clear()
        played = []
        for number in HANDS:
            record = play_hand(deal_cards(31, number), advisor, advisor, rules,
                               seed=hand_seed(31, number), samples=120)
            played.append(record.to_dict())  # every event, the tags (Prediction) and the play
        records.append(played)
    assert records[0] == records[1]
    if game != "toby":  # (no partner held the bid alone in these Toby Thomas hands)
        from pinochle_calc.bidding.auction import parse_auction
        from pinochle_calc.bidding.price import partner_holds_alone

        priced = sum(partner_holds_alone(parse_auction(" ".join(
            "p" if c["call"] == "pass" else str(c["call"]) for c in r["auction"][:k]), rules))
                     for r in records[0] for k in range(len(r["auction"])))
        assert priced > 0  # the price of a call was worked out on both paths
