"""The exchange policy: its worth of a choice checked against whole hands scored by the meld
engine, its search against every choice, the bidder's return against the best meld it could
keep, hints and Toby Thomas's suit request answered, and the exchange as each rule set has it."""

import numpy as np
import pytest

from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.cards import ACE, JACK, QUEEN, Card
from pinochle_calc.exchange.policy import (
    POLICY,
    ExchangePolicy,
    Objective,
    bidder_objective,
    bidder_return,
    choose,
    every_choice,
    exchange,
    partner_objective,
    partner_pass,
    receivers,
)
from pinochle_calc.hand import Hand
from pinochle_calc.meld.vector import meld_points
from pinochle_calc.rules import PRESETS, STANDARD

FOUR = STANDARD.with_options(pass_cards=4, pass_order="partner-first")


def dealt(n: int, seed: int, size: int = 20) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.repeat(np.arange(20), 4)
    return np.array([np.bincount(rng.permutation(deck)[:size], minlength=20)
                     for _ in range(n)])


@pytest.mark.parametrize("rules", [STANDARD, PRESETS["toby-thomas"], PRESETS["book"]],
                         ids=["standard", "toby-thomas", "book"])
def test_the_worth_of_a_choice_is_whole_hands_scored(rules):
    trump = 1
    values = np.random.default_rng(3).normal(size=20)
    objective = Objective(trump, rules, values, (trump, rules, None, True, 60))
    hands = dealt(40, 1)
    takers = receivers(trump, rules, None, True, 60)
    for hand in hands:
        choices = every_choice(hand, 3)[:50]
        got = objective.score(hand[None], choices[None])[0]
        gain = np.array([(meld_points(np.minimum(takers + c, 4), rules)[:, trump]
                          - meld_points(takers, rules)[:, trump]).mean() for c in choices])
        lost = meld_points(hand[None], rules)[0, trump] - meld_points(hand - choices, rules)[
            :, trump]
        assert got == pytest.approx(gain - lost + choices @ values)


def test_added_is_the_change_in_worth():
    objective = partner_objective(2, STANDARD)
    hands = dealt(30, 2)
    chosen = np.minimum(hands, dealt(30, 3) // 2)
    added = objective.added(hands, chosen)
    base = objective.score(hands, chosen[:, None, :])[:, 0]
    for i in range(20):
        more = chosen.copy()
        more[:, i] += 1
        ok = more[:, i] <= hands[:, i]
        plus = objective.score(hands, np.minimum(more, hands)[:, None, :])[:, 0]
        assert np.allclose(added[ok, i], (plus - base)[ok])
        assert np.isneginf(added[~ok, i]).all()


@pytest.mark.parametrize("cards", [3, 4])
def test_gains_tabulated_for_a_pass_alone_choose_as_the_whole_table(cards):
    """The policy tabulates the receiver's gains only for passes of up to ``cards`` cards (and
    one more, for the greedy step): its choices and scores are those of the whole table."""
    hands = dealt(120, 9)
    for trump, rules in ((0, STANDARD), (3, PRESETS["book"])):
        for make in (partner_objective, bidder_objective):
            whole = make(trump, rules)
            alone = make(trump, rules, cards=cards)
            for full, part in zip(whole.gains, alone.gains):
                known = ~np.isnan(part)
                assert known.sum() < len(full) and (part[known] == full[known]).all()
            picked = choose(alone, hands, cards, trump)
            assert (picked == choose(whole, hands, cards, trump)).all()
            assert (alone.score(hands, picked[:, None, :])
                    == whole.score(hands, picked[:, None, :])).all()


def test_a_hand_dealt_twice_passes_the_same_cards_once_worked_out():
    hands, bidders = dealt(80, 10), dealt(80, 11, size=24)
    twice = np.repeat(hands, 2, axis=0)
    for trump in range(4):
        passed = partner_pass(hands, trump, 4, FOUR, hint=Signal("card", JACK))
        assert (partner_pass(twice, trump, 4, FOUR, hint=Signal("card", JACK))
                == np.repeat(passed, 2, axis=0)).all()
        back = bidder_return(bidders, trump, 4, FOUR)
        assert (bidder_return(np.repeat(bidders, 2, axis=0), trump, 4, FOUR)
                == np.repeat(back, 2, axis=0)).all()
        alone = [partner_pass(h[None], trump, 4, FOUR, hint=Signal("card", JACK))[0]
                 for h in hands[:10]]
        assert (np.array(alone) == passed[:10]).all()


def test_the_search_finds_the_best_choice_in_nearly_every_hand():
    hands = dealt(150, 4)
    objective = partner_objective(0, STANDARD)
    fast = choose(objective, hands, 4, 0)
    thorough = choose(objective, hands, 4, 0, thorough=True)
    best = np.array([objective.score(h[None], every_choice(h, 4)[None])[0].max()
                     for h in hands])
    got_fast = objective.score(hands, fast[:, None, :])[:, 0]
    got_thorough = objective.score(hands, thorough[:, None, :])[:, 0]
    assert (fast.sum(axis=1) == 4).all() and (fast <= hands).all()
    assert (got_thorough >= got_fast - 1e-9).all()
    assert (got_fast >= best - 1e-9).mean() >= 0.9
    assert (got_thorough >= best - 1e-9).mean() >= 0.95
    assert (best - got_thorough).mean() < 0.1


def test_the_bidder_keeps_the_best_meld_it_can_from_its_24_cards():
    hands = dealt(300, 5, size=24)
    for trump in range(4):
        back = bidder_return(hands, trump, 4, STANDARD)
        assert (back.sum(axis=1) == 4).all() and (back <= hands).all()
        kept = meld_points(hands - back, STANDARD)[:, trump]
        best = np.array([meld_points(h - every_choice(h, 4), STANDARD)[:, trump].max()
                         for h in hands[:60]])
        assert (kept[:60] == best).all()


def test_the_issue_hand_returns_no_meld():
    """The issue's hand returned Q♠ Q♠ J♦ K♣, breaking its meld; every card it returns now is
    one it can spare (its meld stays 32)."""
    hand = Hand.parse("10S KS KS KS QS QS 10H KH QH JH AD KD KD QD QD JD 10C 10C KC KC KC KC"
                      " QC JC")
    back = bidder_return(np.array([hand.counts]), 3, 4, STANDARD)[0]
    returned = Hand(back.tolist())
    assert meld_points(np.array([(hand - returned).counts]), STANDARD)[0, 3] == 32
    assert Card.parse("QS") not in returned and Card.parse("JD") not in returned


def test_a_hint_is_answered_with_the_card_it_asks_for():
    hands = dealt(200, 6)
    for rank in (JACK, QUEEN, ACE):
        passed = partner_pass(hands, 1, 4, FOUR, hint=Signal("card", rank))
        holds = hands[:, rank::5].sum(axis=1) > 0
        assert (passed[holds, rank::5].sum(axis=1) >= 1).all()
    passed = partner_pass(hands, 1, 4, FOUR, hint=Signal("around", QUEEN))
    suits = (passed[:, QUEEN::5] > 0).sum(axis=1)
    assert (suits >= np.minimum((hands[:, QUEEN::5] > 0).sum(axis=1), 2)).all()
    four_jacks = Hand.parse("JS JH JD JC AS AH AD AC KS QS 10H 10D KC QC 10S KD QH JS JD 10C")
    passed = partner_pass(np.array([four_jacks.counts]), 1, 4, FOUR, hint=Signal("card", JACK))
    assert passed[0, JACK::5].sum() >= 1


#: With ♦ trump, a bidder whose side jacks (J♠ J♣) make no meld and no trick.
SPARE_JACKS = Hand.parse("♠10 10 K K Q J ♥10 10 Q ♦A A A 10 10 10 K Q J J ♣10 10 10 K J")


def test_the_bidder_answers_the_partners_hint_with_a_card_it_would_keep():
    # unasked, the bidder keeps its side jacks and returns Q♥ K♣; asked for a jack, it gives
    # them instead: the weight of an answered hint (ExchangePolicy.answer), for without it
    # the same hint changes nothing
    counts = np.array([SPARE_JACKS.counts])
    jack = Signal("card", JACK)
    unasked = Hand(bidder_return(counts, 2, 4, FOUR)[0].tolist())
    asked = Hand(bidder_return(counts, 2, 4, FOUR, jack)[0].tolist())
    unweighed = Hand(bidder_return(counts, 2, 4, FOUR, jack, ExchangePolicy(answer=0))[0]
                     .tolist())
    assert str(unasked) == str(unweighed) == "KS QH JD KC"
    assert str(asked) == "KS JS JD JC"
    assert POLICY.answer > 0


def test_toby_thomas_suit_request_comes_first():
    toby = PRESETS["toby-thomas"]
    hands = dealt(200, 7)
    for suit in range(4):
        passed = partner_pass(hands, suit, 3, toby, request=suit)
        held = hands[:, suit * 5: suit * 5 + 5].sum(axis=1)
        assert (passed[:, suit * 5: suit * 5 + 5].sum(axis=1) == np.minimum(held, 3)).all()
        assert (passed.sum(axis=1) == 3).all()


@pytest.mark.parametrize("order", ["partner-first", "simultaneous"])
def test_the_exchange_moves_cards_between_partners(order):
    rules = FOUR.with_options(pass_order=order)
    rng = np.random.default_rng(8)
    deck = np.repeat(np.arange(20), 4)
    cards = np.array([rng.permutation(deck)[:40] for _ in range(100)])
    bidder = np.array([np.bincount(row[:20], minlength=20) for row in cards])
    partner = np.array([np.bincount(row[20:], minlength=20) for row in cards])
    done = exchange(bidder, partner, 2, rules)
    assert (done.bidder + done.partner == bidder + partner).all()
    assert (done.bidder.sum(axis=1) == 20).all() and (done.partner.sum(axis=1) == 20).all()
    assert (done.to_bidder.sum(axis=1) == 4).all() and (done.to_partner.sum(axis=1) == 4).all()
    if order == "simultaneous":  # the bidder gives from its own 20 cards
        assert (done.to_partner <= bidder).all()
    nothing = exchange(bidder, partner, 2, STANDARD)
    assert (nothing.bidder == bidder).all() and not nothing.to_bidder.any()


def test_the_bidders_objective_puts_its_meld_first():
    objective = bidder_objective(1, STANDARD)
    hand = Hand.parse("AH 10H KH QH JH AS AS KD QD JC 10C 10C QS JD KS KC QC JS QH KH")
    back = choose(objective, np.array([hand.counts]), 4, 1)[0]
    before = meld_points(np.array([hand.counts]), STANDARD)[0, 1]
    after = meld_points(np.array([hand.counts]) - back, STANDARD)[0, 1]
    assert after == before


def test_the_suit_asked_for_is_a_rule_of_the_set_not_of_its_name(tmp_path):
    """Toby Thomas's suit request follows ``passing.suit_asked``: a club's rule file that extends
    toby-thomas under its own name keeps it, and the partner's pass (``exchange.seat``, what a
    player at the table passes) holds the suit asked for as far as it can (counted on the hands
    themselves); with ``passing.suit_asked = false``, passing before trump under the standard
    preset, or passing after trump (where the rule does not apply), the partner passes what it
    likes and on some hands keeps the suit back."""
    from pinochle_calc.exchange.seat import choose_pass
    from pinochle_calc.hand import Hand
    from pinochle_calc.rules import load_rules

    club = tmp_path / "club.toml"
    club.write_text('extends = "toby-thomas"\nname = "club"\n')
    free = tmp_path / "free.toml"
    free.write_text('extends = "toby-thomas"\nname = "free"\n[passing]\nsuit_asked = false\n')
    asked = load_rules(str(club))
    assert asked.name == "club" and asked.pass_suit_asked
    hands = dealt(60, 11)

    def answered(rules) -> list[bool]:
        out = []
        for row in hands:
            for suit in range(4):
                hand = Hand(row.tolist())
                passed = choose_pass(hand, 3, suit, "partner", rules, request=suit)
                held = sum(c.suit == suit for c in hand)
                out.append(sum(c.suit == suit for c in passed) == min(held, 3))
        return out

    assert all(answered(asked))
    for rules in (load_rules(str(free)),
                  load_rules("standard,passing.cards=3,passing.when=before-trump")):
        assert not rules.pass_suit_asked
        assert not all(answered(rules))
    # passing after trump, nothing is asked for (the partner knows the trump named)
    after = load_rules("toby-thomas,passing.when=after-trump")
    assert after.pass_suit_asked and not all(answered(after))
