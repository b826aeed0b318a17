"""Every command's JSON is the ``to_dict()`` of the library's result (docs/library.md): the
command line turns arguments into calls and results into output, nothing more."""

from __future__ import annotations

import json

from cli_runner import run, run_json

import pinochle_calc as pc
from pinochle_calc.game.par import hand_par
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.meld.batch import score_lines
from pinochle_calc.scoring import HandInput, score_game

#: A deal of a seeded series: two partners' hands, and the four for ``play``.
DEAL = [str(hand) for hand in deal_cards(3)]
HAND, PARTNER = DEAL[0], DEAL[2]


def test_the_command_line_prints_the_records_of_the_results(tmp_path):
    rules = pc.load_rules("standard")
    # meld: a hand, a hand and its partner, with a trump
    (scored,) = score_lines([HAND])
    assert run_json("meld", HAND) == scored.to_dict() == {
        "line": 1, "id": None, **pc.meld(HAND).to_dict()}
    assert run_json("meld", HAND, "--trump", "♥") == {
        "line": 1, "id": None, **pc.meld(HAND).to_dict("H")}
    both = run_json("meld", HAND, "--partner", PARTNER)
    assert both["side"] == pc.side_meld(HAND, PARTNER).to_dict()
    assert both["partner"] == pc.meld(PARTNER).to_dict()
    # bid, pass, tricks
    assert run_json("bid", HAND, "--auction", "50 52 p", "--samples", "60") == json.loads(
        json.dumps(pc.advise(HAND, "50 52 p", samples=60).to_dict()))
    assert run_json("pass", HAND, "--trump", "H", "--samples", "60") == json.loads(
        json.dumps(pc.advise_pass(HAND, "H", samples=60).to_dict()))
    assert run_json("tricks", HAND, "--trump", "S", "--samples", "60", "--seed", "3") == (
        pc.simulate_tricks(HAND, "S", samples=60, seed=3).to_dict())
    # score, play, arena, rules
    out = run_json("score", "-b", "them", "--bid", "60", "--meld-us", "20", "--meld-them", "40",
                   "--result", "thrown-in")
    hand = HandInput.of("them", 60, 20, 40, result="thrown-in")
    assert out == {**score_game([(1, hand)]).hands[0].to_dict(), "rules": "standard",
                   "target": 500, "start": {"us": 0, "them": 0}}
    deal_file = tmp_path / "deal.txt"
    deal_file.write_text("\n".join(DEAL) + "\n")
    played = run_json("play", "--deal", str(deal_file), "--us", "formula", "--them", "pass",
                      "--seed", "4", "--exact", "0")
    hand = play_hand(DEAL, "formula", "pass", rules, seed=hand_seed(4))
    # play's JSON is the record of the hand, tagged with the seed and samples it played with,
    # and its par worked out within the seconds given (none: a budget's reach is the CPU's)
    tagged = hand.with_tag("Seed", "4").with_tag("Samples", "1000")
    assert played == tagged.to_dict(hand_par(tagged, seconds=0))
    arena = run_json("arena", "formula", "pass", "--deals", "2")
    report = pc.run_arena("formula", "pass", 2).to_dict()
    for timing in ("seconds", "hands_per_second"):
        arena.pop(timing), report.pop(timing)
    assert arena == report
    assert run("rules", "show", "book", "-f", "json").stdout == (
        json.dumps(pc.PRESETS["book"].to_dict(), ensure_ascii=False) + "\n")
