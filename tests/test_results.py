"""The library's result types (docs/library.md): a ``repr`` a person reads in one line (suits
as letters, the rule set by its name, the headline figures), and ``to_dict()``, the record the
command line prints as JSON (tests/cli/test_cli_records.py)."""

from __future__ import annotations

import io
import json
import re

import pytest

import pinochle_calc as pc
from pinochle_calc.bidding.conventions import card_gains, suggest
from pinochle_calc.bidding.estimate import deal
from pinochle_calc.exchange.policy import exchange
from pinochle_calc.game.policies import Bid, ContractWon, Situation
from pinochle_calc.game.whole import deal_cards, play_hand
from pinochle_calc.lines import read_blocks
from pinochle_calc.meld.batch import read_chunks, score_lines
from pinochle_calc.play.tricks import PlayState
from pinochle_calc.scoring import HandInput, score_game, score_hand

HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
PARTNER = "♥A 10 K Q J ♠A K Q J ♦A K Q J ♣A K Q J 10 10"
DEAL = ["♠A A A A K K K K Q Q Q Q ♦A A A A J J J J",
        "♠10 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J J",
        "♦K K K K Q Q Q Q ♣A A A A K K K K Q Q Q Q",
        "♥A A A A 10 10 10 10 K K K K Q Q Q Q J J J J"]


@pytest.fixture(scope="module")
def results() -> dict[str, object]:
    """One of each result type the library's functions return, under a big rule set (its
    repr once ran to kilobytes)."""
    import numpy as np

    toby = pc.PRESETS["toby-thomas"]
    hand = pc.meld(HAND, toby)
    auction = pc.parse_auction("30 36 p", toby)
    advice = pc.advise(HAND, "30 36 p", "toby", samples=40)
    sheet = HandInput.of("them", 60, 20, 40, result="thrown-in")
    game = score_game([(1, sheet), (2, pc.UserError("sheet line 2: x" * 20))])
    record = play_hand(DEAL, "formula", "pass", "standard,passing.cards=4")
    arena = pc.run_arena("advisor:jump", "pass", 1, samples=20)
    scored, failed = score_lines([HAND, "ZZ " * 40])
    state = PlayState.deal(deal_cards(1), "H")
    passing = pc.advise_pass(HAND, "H", rules=toby, n=3, samples=40)
    return {
        "HandMeld": hand, "TrumpMeld": hand.best, "Meld": hand.best.melds[0],
        "SideMeld": pc.side_meld(HAND, PARTNER, toby),
        "SideTrump": pc.side_meld(HAND, PARTNER, toby).best,
        "Scored": scored, "Failed": failed,
        "Auction": auction, "AuctionCall": auction.calls[1], "Legal": auction.legal(),
        "Reading": pc.explain(auction, "toby")[1],
        "Suggestion": suggest(HAND, auction, "davis", rules=toby),
        "Signal": advice.readings[1].signal,
        "Advice": advice, "Estimate": advice.estimate, "TrumpEstimate": advice.estimate.best,
        "Stats": advice.estimate.best.trick_points,
        "Gains": card_gains(HAND, toby), "Gain": card_gains(HAND, toby).around("H", 4),
        "PassAdvice": passing, "PassChoice": passing.best,
        "TrickStats": pc.simulate_tricks(HAND, "H", samples=60),
        "Dealt": deal(pc.Hand.parse(HAND), 20, np.random.default_rng(1)),
        "Exchange": exchange([pc.Hand.parse(HAND).counts], [pc.Hand.parse(PARTNER).counts],
                             "H", toby),
        "PlayState": state, "SeatView": state.view(),
        "HandInput": sheet, "HandScore": score_hand(sheet, toby), "Game": game,
        "GameHand": game.hands[0], "BadHand": game.hands[1],
        "Record": record, "HandState": record.state, "Contracted": record.state.contract,
        "Trick": record.state.tricks[0], "Play": record.events[-1], "Bid": Bid(50, "opens"),
        "ContractWon": ContractWon(0, 50),
        "Situation": Situation(0, pc.Hand.parse(HAND), toby, auction,
                               contract=ContractWon(0, 50), trump=1),
        "ArenaReport": arena, "PolicyResult": arena.policies[0],
        "Calibration": arena.policies[0].calibration,
        "Block": next(read_blocks(io.BytesIO(b"AS\n" * 5000))),
        "Lines": next(read_chunks(io.BytesIO(b"AS\n" * 5000))),
    }


def test_every_result_reads_in_one_short_line(results):
    for name, result in results.items():
        text = repr(result)
        assert "\n" not in text and len(text) <= 200, (name, len(text), text)
        assert text.startswith(name), (name, text)
        assert "RuleSet(" not in text, (name, text)  # the rule set by its name
        assert not re.search(r"trump=\d", text), (name, text)  # suits as letters


def test_a_rule_set_reads_as_what_differs_from_the_standard_one():
    assert repr(pc.STANDARD) == "RuleSet(name='standard')"
    book = pc.load_rules("book,scale=10")
    assert repr(book) == ("RuleSet(name='book,scale=10', run=(15, 30, 45, 60),"
                          " pinochle=(4, 30, 45, 300), scale=10)")
    assert eval(repr(book), {"RuleSet": pc.RuleSet}) == book


RESULTS_WITH_RECORDS = [
    "HandMeld", "TrumpMeld", "Meld", "SideMeld", "SideTrump", "Scored", "Failed", "Auction",
    "AuctionCall", "Legal", "Reading", "Suggestion", "Signal", "Advice", "Estimate",
    "TrumpEstimate", "Stats", "Gain", "PassAdvice", "PassChoice", "TrickStats", "PlayState",
    "HandInput", "HandScore", "Game", "GameHand", "BadHand", "Trick", "Record", "ArenaReport",
    "PolicyResult", "Calibration"]


@pytest.mark.parametrize("name", RESULTS_WITH_RECORDS)
def test_every_result_has_a_json_ready_record(results, name):
    record = results[name].to_dict()
    assert isinstance(record, dict) and json.loads(json.dumps(record)) == record
    assert pc.RuleSet not in {type(v) for v in record.values()}
