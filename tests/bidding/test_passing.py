"""Passing advice: every choice enumerated, gains computed part by part equal to the whole."""

from itertools import combinations

import numpy as np
import pytest

from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.bidding.passing import _submultisets, advise_pass, expected_gains, parse_hint
from pinochle_calc.cards import ACE, CARDS, JACK, QUEEN, TEN
from pinochle_calc.errors import UserError
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.meld.vector import meld_points
from pinochle_calc.rules import PRESETS, STANDARD

HAND = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"


def brute_force_scores(hand, trump, role, n, rules, receivers):
    """Every way to pass ``n`` cards of ``hand``, scored from scratch: the receiver's mean meld
    gain over ``receivers`` (whole hands scored, not part by part), less the passer's meld lost
    (the scalar meld engine), plus the trick strength: a trump 1 (its A or 10 1.5), a side ace
    0.5, counted for the bidder when the partner passes and against when the bidder does."""
    hand = Hand.parse(hand) if isinstance(hand, str) else hand
    cards = [i for i in range(20) for _ in range(hand.counts[i])]
    before = meld(hand, rules).trumps[trump].points
    base = meld_points(receivers, rules)[:, trump]
    scores = {}
    for combo in set(combinations(cards, n)):
        passed = tuple(int(x) for x in np.bincount(combo, minlength=20))
        gain = (meld_points(receivers + np.array(passed), rules)[:, trump] - base).mean()
        kept = Hand([h - p for h, p in zip(hand.counts, passed)])
        loss = before - meld(kept, rules).trumps[trump].points
        tricks = 0.0
        for i in combo:
            if CARDS[i].suit == trump:
                tricks += 1.5 if CARDS[i].rank in (ACE, TEN) else 1.0
            elif CARDS[i].rank == ACE:
                tricks += 0.5
        scores[passed] = gain - loss + (tricks if role == "partner" else -tricks)
    return scores


def assert_best_of_brute_force(advice, n, rules=STANDARD):
    scores = brute_force_scores(advice.hand, advice.trump, advice.role, n, rules,
                                advice.receivers)
    ranked = sorted(scores.values(), reverse=True)
    assert advice.choices == len(scores)
    assert scores[advice.best.cards] == pytest.approx(ranked[0])
    assert advice.best.score == pytest.approx(ranked[0])
    assert [a.score for a in advice.alternatives] == pytest.approx(
        ranked[1:1 + len(advice.alternatives)])
    for a in advice.alternatives:
        assert scores[a.cards] == pytest.approx(a.score)


def test_every_choice_of_cards_is_enumerated_once():
    hand = Hand.parse(HAND)
    choices = _submultisets(hand.counts, 4)
    cards = [i for i in range(20) for _ in range(hand.counts[i])]
    brute = {tuple(np.bincount(c, minlength=20)) for c in combinations(cards, 4)}
    assert set(choices) == brute and len(choices) == len(brute)


@pytest.mark.parametrize("rules", [STANDARD, PRESETS["toby-thomas"],
                                   STANDARD.with_options(roundhouse_single=32)],
                         ids=["standard", "toby", "roundhouse"])
def test_gains_part_by_part_equal_the_whole(rules):
    hand = Hand.parse(HAND)
    rng = np.random.default_rng(0)
    unseen = np.repeat(np.arange(20), [4 - n for n in hand.counts])
    receiver = np.array([np.bincount(rng.permutation(unseen)[:20], minlength=20)
                         for _ in range(200)])
    choices = _submultisets(hand.counts, 4)[::37]
    for trump in range(4):
        fast = expected_gains(receiver, choices, trump, rules)
        base = meld_points(receiver, rules)[:, trump]
        for c, g in zip(choices, fast):
            direct = (meld_points(receiver + np.array(c), rules)[:, trump] - base).mean()
            assert g == pytest.approx(direct)


def test_partner_advice_is_the_best_of_every_choice_rescored():
    advice = advise_pass(HAND, trump=1, role="partner", n=3, samples=120, seed=1)
    assert advice.receivers.shape == (120, 20)
    assert_best_of_brute_force(advice, 3)


def test_bidder_advice_is_the_best_of_every_choice_rescored():
    toby = PRESETS["toby-thomas"]
    advice = advise_pass(HAND + " JH AS 10S", trump=0, role="bidder", n=3, rules=toby, samples=80,
                    seed=2)
    assert advice.receivers.shape == (80, 20) and (advice.receivers.sum(axis=1) == 17).all()
    assert_best_of_brute_force(advice, 3, toby)


def test_partner_advice_reports_the_choice_it_makes():
    advice = advise_pass(HAND, trump=1, role="partner", n=4, samples=200, seed=1)
    assert sum(advice.best.cards) == 4
    held = Hand.parse(HAND).counts
    assert all(n <= held[i] for i, n in enumerate(advice.best.cards))
    assert len(advice.reasons) == 4
    assert advice.conditions == ("the bidder holds a marriage in ♥",)
    d = advice.to_dict()
    assert d["pass"] and d["choices"] == len(_submultisets(held, 4))
    assert advise_pass(HAND, trump=1, samples=200, seed=1).to_dict() == d


def test_pass_keeps_own_meld_when_nothing_is_gained():
    # the partner's only meld is a double pinochle; everything else is side tens and jacks
    hand = "QS QS JD JD 10S 10S 10S 10H 10H 10H 10C 10C 10C 10C 10D 10D JH JH JC JC"
    advice = advise_pass(hand, trump=1, role="partner", n=4, samples=200, seed=0)
    assert advice.best.loss == 0 and advice.keeps == 30


def test_bidder_returns_cards_keeping_its_meld():
    hand = HAND + " JH AS 10S QD"
    advice = advise_pass(hand, trump=0, role="bidder", n=4, samples=200, seed=0)
    assert advice.best.loss == 0
    assert "♠" not in advice.best.text()  # no trump leaves the bidder
    with pytest.raises(UserError, match="20 cards"):
        advise_pass(HAND + " JH", trump=0, role="bidder", n=4)


def test_hints():
    assert parse_hint("queen") == Signal("card", QUEEN)
    assert parse_hint("Jacks around") == Signal("around", JACK)
    assert parse_hint("jacks") == Signal("card", JACK)
    with pytest.raises(UserError, match="unknown hint"):
        parse_hint("joker")
    advice = advise_pass(HAND, trump=1, hint=Signal("card", JACK), samples=100, seed=0)
    assert "the bidder's hint: a jack would help" in advice.conditions


def test_a_hint_with_the_bidder_role_is_refused():
    # the hint describes the bidder's own hand: it cannot condition the partner's hands
    with pytest.raises(UserError, match="applies only to the partner's pass"):
        advise_pass(HAND + " JH AS 10S QD", trump=0, role="bidder", hint=Signal("card", JACK))


def test_the_pass_command_shows_the_best_of_every_choice_rescored():
    import json

    from typer.testing import CliRunner

    from pinochle_calc.cli import app

    result = CliRunner().invoke(app, ["pass", HAND, "--trump", "H", "--cards", "3",
                                      "--samples", "100", "--format", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # the same simulated hands as the command (same seed), every choice rescored from scratch
    receivers = advise_pass(HAND, 1, "partner", 3, samples=100, seed=0).receivers
    scores = brute_force_scores(HAND, 1, "partner", 3, STANDARD, receivers)
    best = max(scores.values())
    chosen = Hand.parse(" ".join(out["pass"])).counts
    assert scores[tuple(chosen)] == pytest.approx(best)
    assert out["score"]["score"] == round(best, 2) and out["choices"] == len(scores)
    ranked = sorted(scores.values(), reverse=True)[1:1 + len(out["alternatives"])]
    assert [a["score"] for a in out["alternatives"]] == [round(x, 2) for x in ranked]
