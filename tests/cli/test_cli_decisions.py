"""One place for each decision: the pass a seat is advised is the same from the ``pass``
command, the table and the review, and whole hands pass it; the formula bidder's call is one
function the policy and the review's play-outs share."""

from __future__ import annotations

import pytest
from cli_runner import run

from pinochle_calc.bidding.auction import parse_auction
from pinochle_calc.cards import SUITS
from pinochle_calc.game.decisions import decision_seed, formula_call, pass_advice, pass_request
from pinochle_calc.game.hand import Pass, Record
from pinochle_calc.game.policies import Formula, Situation
from pinochle_calc.game.session import advice
from pinochle_calc.game.whole import _PASS, _RETURN, deal_cards, derived, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.rules import load_rules


def passes(seed: int, rules: str) -> tuple[Record, list[int]]:
    record = play_hand(deal_cards(seed), "formula", "formula", rules, seed=hand_seed(seed))
    return record, [n for n, e in enumerate(record.events, 1) if isinstance(e, Pass)]


@pytest.mark.parametrize("rules", ["standard,passing.cards=4", "toby-thomas",
                                   "standard,passing.cards=3,passing.when=before-trump"])
def test_pass_table_and_whole_hands_give_the_same_pass(rules):
    for seed in range(3):
        record, numbers = passes(seed, rules)
        for number in numbers:
            event = record.events[number - 1]
            state = record.state_before(number)
            request = pass_request(state, event.seat, "jump")
            # the table seeds the decision from its --seed (0) as the review and whole hands
            # do (``decision_seed``); the pass command is given that seed
            seeded = decision_seed(state, 0)
            advised = pass_advice(request, state.rules, seed=seeded)
            # the table, at that seat's turn, shows the same first line
            mine = Record(record.rules, record.dealer, tuple(
                h if s == event.seat else None for s, h in enumerate(record.hands)),
                record.events[:number - 1])
            assert advice(mine, event.seat, convention="jump")[0] == advised.lines()[0]
            # and the pass command asked the same question says the same
            args = ["pass", str(request.hand), "--trump", SUITS[request.trump], "--role",
                    request.role, "--cards", str(request.cards), "--rules", rules,
                    "--seed", str(seeded), "--format", "table"]
            if request.hint is not None:
                from pinochle_calc.exchange.hints import hint_word

                args += ["--hint", hint_word(request.hint)]
            if request.request is not None and state.rules.pass_suit_asked:
                args += ["--suit", SUITS[request.request]]
            if request.asked is None:
                out = run(*args)
                assert out.exit_code == 0, out.output
                assert out.stdout.splitlines()[0] == advised.lines()[0]
            # the whole hand passed it: formula passes the advice, with its decision's seed
            step = _RETURN if request.role == "bidder" and state.rules.pass_order == \
                "partner-first" else _PASS
            at = derived(hand_seed(seed), step, event.seat.turn(record.dealer))
            assert Hand(pass_advice(request, state.rules, seed=at).best.cards) == event.cards


def test_the_formula_bidder_is_one_function():
    rules = load_rules("standard")
    hand = Hand.parse("♠A 10 K Q J ♥A 10 K Q ♦K Q J J ♣A 10 K Q J J Q")
    for calls in ("", "50", "50 p 51", "p p p", "50 60"):
        auction = parse_auction(calls, rules)
        seat = Situation(auction.to_call, hand, rules, auction)
        made = Formula().call(seat).call
        from pinochle_calc.game.decisions import formula_limit
        from pinochle_calc.meld import meld

        trump = max(range(4), key=lambda t: (meld(hand, rules).trumps[t].points,
                                             hand.suit_length(t), -t))
        limit = formula_limit(meld(hand, rules).trumps[trump].points, rules)
        assert made == formula_call(auction, True, limit), calls
