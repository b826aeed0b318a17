"""Passing advice: every choice enumerated, gains computed part by part equal to the whole."""

from itertools import combinations

import numpy as np
import pytest

from pinochle_calc.bidding.conventions import Signal
from pinochle_calc.cards import CARDS, JACK, QUEEN
from pinochle_calc.errors import UserError
from pinochle_calc.exchange.advice import (
    PASS_MARGIN,
    _submultisets,
    advise_pass,
    expected_gains,
)
from pinochle_calc.exchange.hints import parse_hint
from pinochle_calc.hand import Hand
from pinochle_calc.meld import meld
from pinochle_calc.meld.vector import meld_points
from pinochle_calc.rules import PRESETS, STANDARD

HAND = "♥A 10 K Q ♦K Q J 10 ♣K Q 10 A ♠A K K Q Q J J 10"


def brute_force_scores(hand, trump, role, n, rules, receivers):
    """Every way to pass ``n`` cards of ``hand``, scored from scratch: the receiver's mean meld
    gain over ``receivers`` (whole hands scored, not part by part), less the passer's meld lost
    (the scalar meld engine), plus the exchange policy's values for the cards: for a card the
    bidder receives when the partner passes, less its values for keeping a card when the
    bidder does (read off ``Policy`` by card, trump or side, and rank)."""
    from pinochle_calc.exchange.policy import POLICY
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
            card = CARDS[i]
            if role == "partner":
                table = POLICY.to_bidder_trump if card.suit == trump else POLICY.to_bidder_side
            else:
                table = POLICY.keep_trump if card.suit == trump else POLICY.keep_side
            tricks += table[card.rank]
        scores[passed] = gain - loss + (tricks if role == "partner" else -tricks)
    return scores


def assert_checked_by_brute_force(advice, n, rules=STANDARD):
    """The check is the best of every choice rescored from scratch (for the bidder, among
    those losing least of its own meld); the policy's choice is scored as it rescores."""
    scores = brute_force_scores(advice.hand, advice.trump, advice.role, n, rules,
                                advice.receivers)
    assert advice.choices == len(scores)
    assert scores[advice.best.cards] == pytest.approx(advice.best.score)
    pool = scores
    if advice.role == "bidder":
        hand = advice.hand
        loss = {c: advice.best.loss if c == advice.best.cards else None for c in scores}
        from pinochle_calc.meld import meld

        before = meld(hand, rules)[advice.trump].points
        for c in scores:
            kept = Hand([h - x for h, x in zip(hand.counts, c)])
            loss[c] = before - meld(kept, rules)[advice.trump].points
        least = min(loss.values())
        pool = {c: v for c, v in scores.items() if loss[c] == least}
    assert advice.check.score == pytest.approx(max(pool.values()))
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


def test_partner_advice_is_the_policys_choice_checked_against_every_choice():
    from pinochle_calc.exchange.policy import partner_pass

    advice = advise_pass(HAND, trump=1, role="partner", n=3, samples=120, seed=1)
    assert advice.receivers.shape == (120, 20)
    policy = partner_pass(np.array([Hand.parse(HAND).counts]), 1, 3, STANDARD)[0]
    assert advice.policy.cards == tuple(policy.tolist())
    assert advice.best.cards in (advice.policy.cards, advice.check.cards)
    assert_checked_by_brute_force(advice, 3)
    # the policy judges by bidder hands from a whole deck, the check by hands from this hand's
    # unseen cards: here it is two points from the check's best
    assert 0 <= advice.check.score - advice.policy.score < 3


def test_bidder_advice_is_the_policys_choice_checked_against_every_choice():
    from pinochle_calc.exchange.policy import bidder_return

    toby = PRESETS["toby-thomas"]
    hand = Hand.parse(HAND + " JH AS 10S")
    advice = advise_pass(hand, trump=0, role="bidder", n=3, rules=toby, samples=80, seed=2)
    assert advice.receivers.shape == (80, 20) and (advice.receivers.sum(axis=1) == 17).all()
    policy = bidder_return(np.array([hand.counts]), 0, 3, toby)[0]
    assert advice.policy.cards == tuple(policy.tolist())
    assert advice.best.cards in (advice.policy.cards, advice.check.cards)
    assert_checked_by_brute_force(advice, 3, toby)
    assert advice.best.loss == advice.least_loss == 0


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


def test_the_bidder_answers_the_partners_hint():
    # the partner's calls asked for a jack: the partner hands are those that would ask, and the
    # bidder gives its side jacks, which it keeps unasked (they make it no meld with ♦ trump)
    spare_jacks = "♠10 10 K K Q J ♥10 10 Q ♦A A A 10 10 10 K Q J J ♣10 10 10 K J"

    def side_jacks(advice) -> int:
        return sum(n for i, n in enumerate(advice.best.cards)
                   if CARDS[i].rank == JACK and CARDS[i].suit != 2)

    asked = advise_pass(spare_jacks, "D", "bidder", hint="jack", samples=100)
    unasked = advise_pass(spare_jacks, "D", "bidder", samples=100)
    assert "the partner's hint: a jack would help" in asked.conditions
    assert asked.best.loss == unasked.best.loss == 0
    assert side_jacks(asked) == 2 and side_jacks(unasked) == 0
    assert Hand(asked.best.cards) == Hand.parse("KS JS JD JC")


def test_the_suit_asked_for_goes_first():
    toby = PRESETS["toby-thomas"]
    advice = advise_pass(HAND, trump=1, role="partner", n=3, rules=toby, suit=2, samples=60)
    held = Hand.parse(HAND).suit_length(2)
    assert sum(advice.best.cards[10:15]) == min(3, held)
    # the check tries only choices that give the suit asked for
    assert sum(advice.check.cards[10:15]) == min(3, held)
    with pytest.raises(UserError, match="role partner"):
        advise_pass(HAND + " JH AS 10S", trump=0, role="bidder", n=3, rules=toby, suit=2)


def test_the_pass_command_shows_the_policys_choice_and_the_check():
    import json

    from typer.testing import CliRunner

    from pinochle_calc.cli import app

    result = CliRunner().invoke(app, ["pass", HAND, "--trump", "H", "--cards", "3",
                                      "--samples", "100", "--format", "json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    advice = advise_pass(HAND, 1, "partner", 3, samples=100, seed=0)
    assert out == json.loads(json.dumps(advice.to_dict()))
    scores = brute_force_scores(HAND, 1, "partner", 3, STANDARD, advice.receivers)
    chosen = Hand.parse(" ".join(out["pass"])).counts
    assert out["score"]["score"] == round(scores[tuple(chosen)], 2)
    assert out["check"]["score"] == round(max(scores.values()), 2)
    assert out["check"]["same"] == (out["check"]["cards"] == out["pass"])


# The advice is one: the first line, and nothing after it rates another choice higher ---------

ISSUE_HAND = "♠A K Q J 10 ♥K Q J ♦Q Q K 10 ♣A A Q J J K 10 10"


def test_the_check_best_is_advised_where_it_beats_the_policy_by_its_noise_and_a_point():
    # the issue's hand: the policy passes Q♠ Q♥ Q♦ Q♣, the check finds A♠ J♥ A♣ A♣ +5.77 better
    advice = advise_pass(ISSUE_HAND, 1, "partner", 4, samples=600, seed=0)
    assert advice.policy is not None and advice.policy.text() == "Q♠ Q♥ Q♦ Q♣"
    assert advice.best == advice.check and advice.best.text() == "A♠ J♥ A♣ A♣"
    assert advice.best.score - advice.policy.score > max(advice.noise, PASS_MARGIN)
    lines = advice.lines()
    assert lines[0].startswith("Pass A♠ J♥ A♣ A♣ to the bidder")
    text = " ".join(lines)
    assert "Whole hands (play, arena) pass this; the bid estimate plays the policy fitted" in text
    d = advice.to_dict()
    assert d["pass"] == ["AS", "JH", "AC", "AC"] and d["policy"]["same"] is False
    assert d["check"]["same"] is True


def _listed(lines: list[str]) -> list[tuple[float | None, float, bool]]:
    """The passes the advice lists after its first line, in its order: the meld kept (None
    for the partner), the score, and whether the row is marked as the advice."""
    import re

    out = []
    for line in lines[1:]:
        m = re.fullmatch(r"  (?:\S+ )*?\S+\s+(?:(\d+(?:\.\d+)?)\s+)?([+-]\d+\.\d\d)(  ← advised)?",
                         line)
        if m and not line.strip().startswith("pass "):
            out.append((None if m.group(1) is None else float(m.group(1)),
                        float(m.group(2)), bool(m.group(3))))
    return out


@pytest.mark.parametrize(("hand", "trump", "role", "n"), [
    (ISSUE_HAND, 1, "partner", 4), (HAND, 1, "partner", 3), (HAND, 0, "partner", 4),
    (HAND + " JH AS 10S QD", 0, "bidder", 4), (ISSUE_HAND, 3, "partner", 4),
    (ISSUE_HAND, 0, "bidder", 4),
])
def test_nothing_below_the_first_line_rates_another_choice_higher_beyond_the_noise(
        hand, trump, role, n):
    """The passes listed, the advice first: none ranks above it (the bidder's by the meld it
    keeps, then the score; the partner's by the score) by more than the check's noise and a
    meld point, the margin within which the exchange policy's pass stands."""
    for seed in (0, 1):
        advice = advise_pass(hand, trump, role, n, samples=300, seed=seed)
        listed = _listed(advice.lines())
        assert listed[0] == (None if advice.best.kept is None else
                             round(advice.best.kept, 2 if len(advice.hand) == 20 else 0),
                             round(advice.best.score, 2), True), advice.lines()
        assert len(listed) == 1 + len(advice.alternatives)
        margin = max(advice.noise, PASS_MARGIN) + 0.01
        best = advice.best
        for kept, score, marked in listed[1:]:
            assert not marked
            if role == "partner":
                assert score <= best.score + margin, (seed, advice.lines())
            elif kept is not None and best.kept is not None and kept > best.kept + 0.01:
                assert kept < best.kept + PASS_MARGIN, (seed, advice.lines())
            elif kept is not None and best.kept is not None and kept > best.kept - 0.01:
                assert score <= best.score + margin, (seed, advice.lines())
        if advice.policy is not None and advice.policy.cards != advice.best.cards:
            # the policy's choice is shown for what the estimate plays, and ranked lower
            assert (advice.role == "bidder" and advice.best.kept > advice.policy.kept) or \
                advice.best.score - advice.policy.score > advice.noise


@pytest.mark.parametrize("size", [20, 24])
def test_the_meld_a_bidder_keeps_is_what_its_passes_are_ranked_by(size):
    """The figure the bidder's passes are ranked by, counted again with the meld engine, one
    hand at a time: returning (24 cards), the meld it holds after; passing at the same time (20
    cards), its mean over the passes its partner may make (``incoming_passes``) once one
    arrives. The passes listed go in that order, then by score."""
    from pinochle_calc.exchange.policy import incoming_passes
    from pinochle_calc.game.whole import deal_cards

    for seed in range(3):
        dealt = deal_cards(41, seed)
        counts = list(dealt[0].counts)
        given = [i for i in range(20) for _ in range(dealt[2].counts[i])]
        for i in given[:size - 20]:  # the partner's first cards, received
            counts[i] += 1
        hand = Hand(counts)
        trump = seed % 4
        advice = advise_pass(hand, trump, "bidder", 4, samples=100, seed=seed)
        incoming = incoming_passes(tuple(hand.counts), trump, 4, STANDARD) if size == 20 \
            else None
        ranked = [advice.best, *advice.alternatives]
        for choice in ranked:
            left = [h - c for h, c in zip(hand.counts, choice.cards)]
            if incoming is None:
                want = meld(Hand(left)).trumps[trump].points
            else:
                want = np.mean([meld(Hand([min(4, a + b) for a, b in zip(left, got)]))
                                .trumps[trump].points for got in incoming])
            assert choice.kept == pytest.approx(want), choice
        rest = [(-c.kept, -round(c.score, 9)) for c in advice.alternatives]
        assert rest == sorted(rest)
        assert all(c.kept is None for c in advise_pass(dealt[2], trump, "partner", 4,
                                                       samples=50).alternatives)


@pytest.mark.parametrize(("hand", "trump", "role", "n"), [
    (ISSUE_HAND, 1, "partner", 4), (HAND, 2, "partner", 3),
    (HAND + " JH AS 10S QD", 0, "bidder", 4),
])
def test_each_cards_figures_add_up_to_the_totals_printed(hand, trump, role, n):
    advice = advise_pass(hand, trump, role, n, samples=200, seed=3)
    gain, loss, tricks = (sum(s[k] for s in advice.shares) for k in range(3))
    assert gain == pytest.approx(advice.best.gain, abs=1e-6)
    assert loss == pytest.approx(advice.best.loss, abs=1e-6)
    assert tricks == pytest.approx(advice.best.tricks, abs=1e-6)
    # as printed: each card's figure, rounded, adds up to the total within the rounding
    d = advice.to_dict()
    assert sum(r["receiver_gain"] for r in d["reasons"]) == pytest.approx(
        d["score"]["receiver_gain"], abs=0.01 * n)
    assert sum(r["own_loss"] for r in d["reasons"]) == pytest.approx(
        d["score"]["own_loss"], abs=0.01 * n)


def test_copies_of_a_card_get_equal_shares():
    advice = advise_pass(ISSUE_HAND, 1, "partner", 4, samples=200, seed=0)
    by_card: dict[str, set] = {}
    for (card, _), share in zip(advice.reasons, advice.shares):
        by_card.setdefault(card, set()).add(tuple(round(x, 9) for x in share))
    assert all(len(v) == 1 for v in by_card.values())


def test_within_a_meld_point_the_policy_stands():
    """Where the check's best is better than the policy's choice by less than a meld point (and
    than its noise), the advice is the policy's choice; a blind bidder is scored by its meld
    once its partner's pass arrives, as the policy weighs it."""
    seen_close = seen_blind = 0
    for seed in range(12):
        from pinochle_calc.game.whole import deal_cards

        hand = deal_cards(40, seed)[0]
        for role in ("partner", "bidder"):
            advice = advise_pass(hand, seed % 4, role, 4, samples=200, seed=seed)
            policy = advice.policy or advice.best
            check = advice.check or advice.best
            if check.cards != policy.cards and check.score - policy.score <= PASS_MARGIN \
                    and role == "partner":
                assert advice.best.cards == policy.cards
                seen_close += 1
            if role == "bidder":
                seen_blind += advice.best.cards == policy.cards
    assert seen_close >= 1 and seen_blind >= 6
