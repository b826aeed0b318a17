"""The library's argument conventions (docs/library.md): a trump as a letter, a symbol, a name or
an index; rules as a preset name or a ``RuleSet``; a hand as a ``Hand`` or its text, in every
public function; a wrong type is a ``TypeError`` naming the argument, a wrong value a
``UserError``, and nothing else escapes."""

from __future__ import annotations

import pytest

from pinochle_calc import (
    PRESETS,
    Hand,
    UserError,
    advise,
    advise_pass,
    estimate,
    explain,
    load_rules,
    meld,
    parse_auction,
    play_hand,
    run_arena,
    side_meld,
    simulate_tricks,
    suggest,
)
from pinochle_calc.bidding.conventions import card_gains, quick_limit
from pinochle_calc.cards import Card
from pinochle_calc.exchange.policy import exchange, partner_pass
from pinochle_calc.exchange.seat import choose_pass
from pinochle_calc.meld.batch import score_hand as score_line
from pinochle_calc.meld.batch import score_lines
from pinochle_calc.play.tricks import PlayState, legal_cards, rule_in_force, trick_winner
from pinochle_calc.scoring import HandInput, score_game, score_hand

TEXT = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
HAND = Hand.parse(TEXT)
PARTNER = "♥A 10 K Q J ♠A K Q J ♦A K Q J ♣A K Q J 10 10"
DEAL = ["♠A A A A K K K K Q Q Q Q ♦A A A A J J J J",
        "♠10 10 10 10 J J J J ♦10 10 10 10 ♣10 10 10 10 J J J J",
        "♦K K K K Q Q Q Q ♣A A A A K K K K Q Q Q Q",
        "♥A A A A 10 10 10 10 K K K K Q Q Q Q J J J J"]
HEARTS = ("H", "h", "♥", "♡", "hearts", "Hearts", 1)


@pytest.mark.parametrize("trump", HEARTS)
def test_a_trump_is_a_letter_a_symbol_a_name_or_an_index(trump):
    assert meld(TEXT)[trump] == meld(TEXT).trumps[1]
    assert simulate_tricks(TEXT, trump, samples=50) == simulate_tricks(HAND, 1, samples=50)
    one = advise_pass(TEXT, trump, samples=30)
    assert one.trump == 1 and one.best == advise_pass(HAND, 1, samples=30).best
    assert score_line(TEXT, trump=trump).best == 1
    assert [r.best for r in score_lines([TEXT], trump=trump)] == [1]
    assert estimate(TEXT, trumps=[trump], samples=40).trumps.keys() == {1}
    assert suggest(TEXT, "50", "jump", trump=trump) == suggest(TEXT, "50", "jump", trump=1)
    assert choose_pass(TEXT, 4, trump, "partner", "standard") == choose_pass(
        HAND, 4, 1, "partner", PRESETS["standard"])
    assert (partner_pass([HAND.counts], trump, 4, "book") == partner_pass(
        [HAND.counts], 1, 4, PRESETS["book"])).all()
    assert exchange([HAND.counts], [Hand.parse(PARTNER).counts], trump,
                    "standard,passing.cards=3").to_bidder.sum() == 3
    state = PlayState.deal(DEAL, trump, 3)
    assert state.trump == 1 and state.legal() == legal_cards(DEAL[3], (), trump)
    assert trick_winner([0, 5], trump) == 1 and "trump" in rule_in_force(DEAL[1], [5], trump)
    record = play_hand(DEAL, "pass", "pass", contract=(3, trump, None))
    assert record.state.trump == 1


@pytest.mark.parametrize("rules", ["book", " Book ", PRESETS["book"], "book,scale=1"])
def test_rules_are_a_preset_name_a_rule_text_or_a_rule_set(rules):
    book = PRESETS["book"]
    assert meld(TEXT, rules) == meld(TEXT, book)
    assert meld(TEXT, rules=rules) == meld(HAND, rules=book)
    assert side_meld(TEXT, PARTNER, rules).best == side_meld(TEXT, PARTNER, book).best
    assert [r.trumps for r in score_lines([TEXT], rules)] == [meld(TEXT, book).trumps]
    assert estimate(TEXT, rules, samples=40).max_bid == estimate(TEXT, book, samples=40).max_bid
    assert advise(TEXT, "50", rules=rules, samples=40).call == advise(
        TEXT, "50", rules=book, samples=40).call
    assert advise_pass(TEXT, "H", rules=rules, samples=30).best == advise_pass(
        TEXT, "H", rules=book, samples=30).best
    hand = HandInput.of("us", 50, 20, 10, 30)
    assert score_hand(hand, rules) == score_hand(hand, book)
    assert score_game([(1, hand)], rules).totals == score_game([(1, hand)], book).totals
    assert parse_auction("50 52", rules).rules.pinochle == book.pinochle
    assert [r.meaning for r in explain("50 52", "jump", rules)] == [
        r.meaning for r in explain(parse_auction("50 52", book), "jump")]
    assert card_gains(TEXT, rules).rules.pinochle == book.pinochle
    assert quick_limit(TEXT, rules) == quick_limit(HAND, book)
    assert play_hand(DEAL, "pass", "pass", rules).rules.pinochle == book.pinochle
    assert run_arena("formula", "pass", 1, rules=rules).rules.startswith("book")


def test_a_hand_is_a_hand_or_its_text_and_an_auction_an_auction_or_its_text():
    assert explain("50 52") == explain(parse_auction("50 52"))
    assert explain("50 52 p", "davis")[1].meaning == "52: I have some meld"
    assert advise(TEXT, "50 52 p", samples=40) == advise(HAND, parse_auction("50 52 p"),
                                                         samples=40)
    assert play_hand(DEAL, "pass", "pass").hands == play_hand(
        [Hand.parse(h) for h in DEAL], "pass", "pass").hands
    assert HAND + "AS" == HAND + Hand.parse("AS") and HAND - "JH" == HAND - Hand.parse("JH")


@pytest.mark.parametrize("call, message", [
    (lambda: Hand.parse(None), "a hand is text such as 'AS 10S KS'.*not None"),
    (lambda: Hand(None), "Hand.. takes 20 card counts.*not None"),
    (lambda: Card.parse(5), "a card is text.*not 5 .an int."),
    (lambda: meld(None), "hand must be a Hand or its text.*not None"),
    (lambda: meld(TEXT, 5), "rules must be a RuleSet or a preset name.*not 5 .an int."),
    (lambda: meld(TEXT)[2.5], "suit must be a suit.*not 2.5 .a float."),
    (lambda: explain(50), "auction must be an Auction or its calls as text.*not 50 .an int."),
    (lambda: explain("50 52", 5), "convention must be a name .jump, davis, toby.*not 5"),
    (lambda: parse_auction(["50"]), "an auction is text.*not \\['50'\\] .a list."),
    (lambda: load_rules(5), "rules must be a preset name, a rule file or a RuleSet"),
    (lambda: simulate_tricks(TEXT, 1.0), "trump must be a suit.*not 1.0 .a float."),
    (lambda: simulate_tricks(TEXT, "H", samples="9"), "samples must be a whole number .an int."),
    (lambda: advise_pass(TEXT, None), "trump must be a suit.*not None"),
    (lambda: advise_pass(TEXT, "H", hint=3), "hint must be a word .jack, .*not 3 .an int."),
    (lambda: choose_pass(TEXT, 4, "H", "partner", "standard", hint=[1]), "hint must be a word"),
    (lambda: advise(TEXT, 50), "auction must be an Auction or its calls as text"),
    (lambda: advise(TEXT, convention=None), "convention must be a name"),
    (lambda: estimate(TEXT, confidence="high"), "confidence must be a number"),
    (lambda: estimate(TEXT, trumps=[None]), "trumps must be a suit.*not None"),
    (lambda: side_meld(TEXT, 5), "partner must be a Hand or its text.*not 5"),
    (lambda: score_line(None), "score_hand takes a hand as text, not None"),
    (lambda: list(score_lines(TEXT)), "not one string: split it into lines"),
    (lambda: score_hand({"bid": 50}), "score_hand takes a HandInput"),
    (lambda: play_hand(TEXT), "hands must be four hands .Hand or text., seats 0-3"),
    (lambda: play_hand(DEAL, 5), "us must be a Policy or a policy's name, not 5"),
    (lambda: play_hand(DEAL, "pass", "pass", contract=5), "contract must be .seat, trump, bid"),
    (lambda: play_hand(DEAL, "pass", "pass", contract=(3, 1, 50.0)), "a bid is a whole number"),
    (lambda: run_arena("formula", 5, 1), "a policy is one of advisor:jump.*not 5"),
    (lambda: PlayState.deal(DEAL, "H", leader="3"), "leader must be a whole number .an int."),
])
def test_a_wrong_argument_is_a_type_error_naming_it(call, message):
    with pytest.raises((TypeError, UserError), match=message) as caught:
        call()
    assert not isinstance(caught.value, AttributeError)


@pytest.mark.parametrize("call, error", [
    (lambda: meld(TEXT)["X"], "unknown suit 'X'"),
    (lambda: meld(TEXT)[4], "suit must be a suit: 0 to 3 .S H D C., not 4"),
    (lambda: meld(TEXT, "bok"), "unknown rule set 'bok' .did you mean 'book'"),
    (lambda: simulate_tricks(TEXT, -1), "trump must be a suit: 0 to 3"),
    (lambda: simulate_tricks(TEXT, "H", samples=0), "samples must be a whole number from 1"),
    (lambda: explain("50 49"), "call 2 .'49'.: 49 is below the minimum bid 50"),
    (lambda: explain("50", "bridge"), "unknown convention 'bridge'"),
    (lambda: advise_pass(TEXT, "H", hint="deuce"), "unknown hint 'deuce'"),
])
def test_a_wrong_value_is_a_user_error_naming_it(call, error):
    with pytest.raises(UserError, match=error):
        call()


def test_options_that_are_words_are_literals_checked_when_a_rule_set_is_made():
    from typing import get_args, get_type_hints

    from pinochle_calc import rules as r
    from pinochle_calc import scoring
    from pinochle_calc.bidding.conventions import CONVENTION_NAMES, CONVENTIONS, Convention
    from pinochle_calc.exchange.seat import ROLES
    from pinochle_calc.game import arena, whole
    from pinochle_calc.game.policies import POLICY_NAMES, PolicyName

    hints = get_type_hints(r.RuleSet)
    for field, words in (("bid_steps", r.BID_STEPS), ("bid_rounds", r.BID_ROUNDS),
                         ("marriage_required", r.MARRIAGE_REQUIRED), ("pass_order", r.PASS_ORDERS),
                         ("pass_when", r.PASS_WHEN), ("concession", r.CONCESSIONS)):
        assert get_args(hints[field]) == words
        with pytest.raises(r.RulesError, match=f"{field} must be one of {', '.join(words)}"):
            r.STANDARD.with_options(**{field: "bogus"})
    assert r.STANDARD.with_options(concession="play").concession == "play"
    assert get_args(get_type_hints(Convention)["name"]) == CONVENTION_NAMES == tuple(CONVENTIONS)
    assert get_args(PolicyName) == POLICY_NAMES and ROLES == ("partner", "bidder")
    # one vocabulary of results: the score sheet's, whole hands' and the arena's
    assert scoring.RESULTS == ("made", "set", "thrown-in", "no-marriage", "under-min-meld")
    assert whole.RESULTS is scoring.RESULTS and arena.RESULTS is scoring.RESULTS
    hand = HandInput.of("them", 60, 20, 40, result="throw-in")
    assert score_hand(hand).result == "thrown-in" and score_hand(hand).to_dict()["result"] == (
        "thrown-in")
    with pytest.raises(UserError, match="unknown role 'dealer': use partner or bidder"):
        advise_pass(TEXT, "H", "dealer")
