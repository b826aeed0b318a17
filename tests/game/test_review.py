"""Review of a recorded hand: the advisor's own decisions cost 0, a crafted mistake costs
points and is marked, and the costs add up by phase."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from pinochle_calc.errors import UserError
from pinochle_calc.game.hand import Call, Pass, Play, Record, read_text
from pinochle_calc.game.policies import Formula, quick_pass
from pinochle_calc.game.review import mark, review
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.hand import Hand
from pinochle_calc.play.stats import Mean
from pinochle_calc.rules import PRESETS, load_rules
from pinochle_calc.seats import Seat

SAMPLES = 120


def advisor_record(seed: int, rules: str = "standard",
                   policy: str = "advisor:jump/advisor") -> Record:
    record = play_hand(deal_cards(seed), policy, policy, load_rules(rules),
                       seed=hand_seed(seed), samples=SAMPLES)
    return record.with_tag("Seed", str(seed)).with_tag("Samples", str(SAMPLES))


@pytest.mark.parametrize("rules, policy", [
    ("standard", "advisor:jump/advisor"), ("standard,passing.cards=4", "advisor:jump/advisor"),
    ("standard,steps=any,passing.cards=4", "advisor:davis/advisor"),
    ("toby-thomas", "advisor:toby/advisor")])
def test_the_advisors_own_decisions_cost_nothing(rules, policy):
    """Every seat bid by the bid advice, passed by the pass advice and played its cards by the
    card advice, under each convention in its game (where the calls' hints reach the pass):
    every call, pass and card is advised again as it was made."""
    record = advisor_record(12, rules, policy)  # calls from every seat under these rules
    result = review(record, samples=None, exact=0)  # the par and exact costs: test_par
    calls = [d for d in result.decisions if d.phase == "auction"]
    assert len(calls) >= 4 and {d.seat for d in calls} <= {0, 1, 2, 3}
    cards = [d for d in result.decisions if d.phase == "play"]
    assert len(cards) >= 40 and {d.seat for d in cards} == {0, 1, 2, 3}
    for d in result.decisions:
        assert d.actual == d.advised and d.cost == Mean(0.0, 0.0) and d.mark == "fine", d
    if load_rules(rules).pass_cards:
        assert [d.phase for d in result.decisions].count("exchange") == 2
    assert set(result.by_phase().values()) == {Mean(0.0, 0.0)}
    (note,) = result.skipped  # the cards the rules forced are no decisions
    assert int(note.split()[0]) + len(cards) == 80


def test_a_clearly_worse_card_is_a_blunder():
    """A card that an independent estimate (other deals, more of them) finds at least 15
    points worse than the best, put into a record in place of the card played: the review
    finds it costs more than the blunder bound, and its phase's sum holds it."""
    from pinochle_calc.cards import CARDS
    from pinochle_calc.game.hand import card_position
    from pinochle_calc.play.advice import advise_card

    record = advisor_record(13, policy="formula")
    plays = [n for n, e in enumerate(record.events, 1) if isinstance(e, Play)]
    for number in plays[16:]:
        seat = record.events[number - 1].seat
        position = card_position(record.state_before(number), seat)
        advice = advise_card(position, samples=1000, seed=99, rules=record.rules)
        worst = max(advice.values, key=lambda c: advice.cost(c).mean)
        cost = advice.cost(worst)
        if cost.mean >= 15 and cost.mean > 5 * cost.stderr:
            break
    else:
        pytest.fail("no position with a card 15 points worse than the best")
    crafted = Record(record.rules, record.dealer, record.hands,
                     (*record.events[:number - 1], Play(seat, worst)))
    result = review(crafted, (seat,), exact=0)
    (d,) = [d for d in result.decisions if d.event == number]
    assert d.phase == "play" and d.actual == str(CARDS[worst]) != d.advised
    assert d.cost.mean > 10 and d.cost.mean > 2 * d.cost.stderr and d.mark == "blunder"
    played = [c for c in result.decisions if c.phase == "play"]
    assert result.by_phase()["play"].mean == pytest.approx(sum(c.cost.mean for c in played))


WEAK = "♠10 K Q J J  ♥A 10  ♦10 10 10 K K K J  ♣A 10 10 K Q J"


def test_an_opening_far_above_the_hand_is_a_blunder():
    text = "\n".join(['[Rules "standard"]', '[Dealer "3"]', f"hand 0: {WEAK}", "call 0: 120"])
    result = review(read_text(text), samples=300)
    (d,) = result.decisions
    assert (d.event, d.seat, d.actual, d.advised) == (1, 0, "120", "pass")
    assert d.cost.mean > 30 and d.cost.mean > 5 * d.cost.stderr
    assert d.mark == "blunder"
    assert result.by_phase()["auction"] == d.cost
    assert d.to_dict()["cost"] == {"mean": round(d.cost.mean, 3),
                                   "stderr": round(d.cost.stderr, 3)}


def test_a_pass_that_breaks_the_partners_meld_costs_points():
    record = advisor_record(12, "standard,passing.cards=4")
    events = list(record.events)
    i = next(n for n, e in enumerate(events) if isinstance(e, Pass))
    partner = events[i].seat
    hand = record.hands[partner]
    # pass the four cards that break the most of the partner's own meld instead
    from pinochle_calc.meld.engine import meld

    trump = next(e.suit for e in events if e.kind == "trump")
    cards = list(hand)
    worst = max((Hand.from_cards(cards[a:a + 4]) for a in range(len(cards) - 3)),
                key=lambda h: meld(hand, record.rules).trumps[trump].points
                - meld(hand - h, record.rules).trumps[trump].points)
    crafted = Record(record.rules, record.dealer, record.hands, (*events[:i],
                     Pass(partner, worst)), record.tags)
    (d,) = [d for d in review(crafted, (partner,), exact=0).decisions if d.phase == "exchange"]
    assert d.actual != d.advised and d.cost.mean > 0 and d.mark != "fine"


def test_marks_follow_the_documented_bounds():
    assert mark(Mean(1.9, 0.1)) == "fine" and mark(Mean(2.0, 0.1)) == "inaccuracy"
    assert mark(Mean(4.9, 0.1)) == "inaccuracy" and mark(Mean(5.0, 0.1)) == "mistake"
    assert mark(Mean(10.0, 0.1)) == "blunder"
    assert mark(Mean(8.0, 5.0)) == "fine"  # within two standard errors of 0
    # beating the advice: by more than two standard errors, "better"; within them, fine
    assert mark(Mean(-30.0, 1.0)) == "better" and mark(Mean(-2.1, 1.0)) == "better"
    assert mark(Mean(-2.0, 1.0)) == "fine" and mark(Mean(-1.9, 1.0)) == "fine"
    assert mark(Mean(-0.5, 0.0)) == "better"  # measured exactly
    assert mark(Mean(30.0, 1.0), scale=10) == "inaccuracy"


def test_a_seat_whose_hand_is_unknown_cannot_be_reviewed():
    text = "\n".join(['[Rules "standard"]', f"hand 0: {WEAK}", "call 0: pass"])
    with pytest.raises(UserError, match="seat 1's hand is not in the record"):
        review(read_text(text), (1,))
    with pytest.raises(UserError, match="nothing to review"):
        review(read_text('[Rules "standard"]\ncall 0: pass'))


def test_a_calls_cost_plays_each_deal_once_and_counts_its_copies():
    """Later in an auction the bid estimate's deals repeat (drawn again by how likely the other
    calls make them): the cost is the mean over every deal drawn, as if each copy were played
    out, and its standard error counts the copies, so it is no smaller than the plain one."""
    import numpy as np

    from pinochle_calc.bidding.estimate import conditions_from, deal
    from pinochle_calc.game.review import _Rollout, call_cost

    record = play_hand(deal_cards(2026), "formula", "formula", load_rules("standard"),
                       seed=hand_seed(2026))
    seen = set()
    for number in (2, 8):
        event = record.events[number - 1]
        auction = record.state_before(number).auction
        other = auction.lowest_bid if event.bid is None else None
        cost = call_cost(record.hands[event.seat], auction, event.bid, other, "jump", 300, 5)
        # every deal drawn played out, copies and all
        drawn = deal(record.hands[event.seat], 300, np.random.default_rng(5),
                     conditions_from(auction, "jump"), auction.rules).deals
        table = _Rollout(drawn, auction.rules)
        made = table.contracts(auction.then(event.bid), auction.to_call)
        best = table.contracts(auction.then(other), auction.to_call)
        rows = np.flatnonzero((made[0] != best[0]) | (made[1] != best[1]))
        diff = np.zeros(len(drawn))
        diff[rows] = table.margins(rows, *best) - table.margins(rows, *made)
        plain = diff.std(ddof=1) / len(diff) ** 0.5
        distinct = len(np.unique(drawn.reshape(len(drawn), -1), axis=0))
        seen.add(distinct < len(drawn))
        assert cost.mean == pytest.approx(diff.mean()) and len(rows) > 30
        if distinct == len(drawn):
            assert cost.stderr == pytest.approx(plain)
        else:
            assert cost.stderr > plain
    assert seen == {True, False}  # one call's deals all differ, the other's repeat


class NeverThrowsIn(Formula):
    """The formula bidder that passes by the quick exchange policy and never throws in, as the
    call cost's play-outs decide."""

    name = "formula, never throwing in"

    def pass_cards(self, seat, n):
        return quick_pass(seat, n)

    def return_cards(self, seat, n):
        return quick_pass(seat, n)

    def throw_in(self, seat):
        return False


#: A hand without a marriage: where its own call wins the bid, it names trump only if the
#: exchange brings it one (trump named after it), or loses the bid
NO_MARRIAGE = "♠A 10 K J J ♥A 10 K J J ♦A 10 K J J ♣A 10 K J J"


@pytest.mark.parametrize("rules, own", [
    ("standard", None), ("standard,passing.cards=4", None), ("toby-thomas", None),
    ("toby-thomas", NO_MARRIAGE), ("standard,passing.cards=4", NO_MARRIAGE),
    ("standard,marriage_required=after-pass,passing.cards=3", NO_MARRIAGE),
    ("pinochle14,marriage_required=after-pass,passing.cards=2,passing.when=before-trump", None)])
def test_the_call_costs_play_outs_are_the_whole_hand_engines(rules, own):
    """The call cost's fast play-outs (formula calls, the quick exchange policy, the heuristic
    card player) give, deal by deal, the margin the whole-hand engine gives the same deal
    played by formula bidders that never throw in, from the same auction (the hand reviewed
    one of the deal's, or one without a marriage)."""
    import numpy as np

    from pinochle_calc.bidding.auction import parse_auction
    from pinochle_calc.bidding.estimate import deal
    from pinochle_calc.game.review import _Rollout
    from pinochle_calc.game.whole import play_on

    rule_set = load_rules(rules)
    low = rule_set.next_bid(None)
    auction = parse_auction(f"{low} p", rule_set)
    me = auction.to_call
    hand = deal_cards(7)[me] if own is None else Hand.parse(own)
    drawn = deal(hand, 24, np.random.default_rng(3), [], rule_set).deals
    table = _Rollout(drawn, rule_set)
    # a hand without a marriage wins the bid only where it bids too high for the others
    high = () if own is None else (rule_set.next_bid(100 * rule_set.scale),)
    won = 0
    for call in (None, rule_set.next_bid(low), *high):
        bidder, bid = table.contracts(auction.then(call), me)
        won += int((bidder == 0).sum()) if call in high else 0
        rows = np.arange(len(drawn))
        margins = table.margins(rows, bidder, bid)
        for i in rows:
            hands = tuple(Hand(drawn[i, (t - me) % 4].tolist()) for t in range(4))
            events = tuple(Call(Seat(c.seat), c.bid) for c in auction.calls) + (
                Call(Seat(me), call),)
            start = Record(rule_set, Seat.THREE, hands, events)
            done = play_on(start, NeverThrowsIn(), NeverThrowsIn(), seed=1)
            side = me & 1
            assert done.score[side] - done.score[1 - side] == margins[i], (call, i)
        assert call in high or len(set(margins)) > 4  # the deals go many ways
    assert won >= len(drawn) // 2 if high else not won


#: Every preset, and the exchange and the marriage and minimum rules each way: the marriage
#: looked for after an exchange after trump and before it (trump then named from the cards the
#: bidder holds after it, maybe another suit than the one asked for), none needed, a minimum,
#: other concessions, the bidder returning after its partner.
ROLLOUT_RULES = [*PRESETS, "standard,passing.cards=4",
                 "standard,marriage_required=after-pass,passing.cards=3",
                 "pinochle14,marriage_required=after-pass,passing.cards=2,passing.when=before-trump",
                 "standard,marriage_required=false,min_meld=20",
                 "standard,passing.cards=3,passing.order=partner-first,min_meld=20,concession=meld",
                 "book,scale=10,min_meld=20,concession=50-and-meld"]


@pytest.mark.parametrize("rules", ROLLOUT_RULES)
def test_the_play_outs_from_the_first_call_are_the_engines_under_every_rule_set(rules):
    """The call cost's play-outs (the review's replay on arrays) against the hand model, deal
    by deal from the first call: the contract the formula bidders reach, and the margin the
    engine's hand (formula bidders passing by the quick policy, never throwing in) scores."""
    import numpy as np

    from pinochle_calc.bidding.auction import start
    from pinochle_calc.game.hand import Request, Trump
    from pinochle_calc.game.review import _Rollout
    from pinochle_calc.game.whole import play_on

    rule_set = load_rules(rules)
    hands = [deal_cards(7, i) for i in range(60)]
    table = _Rollout(np.array([[h.counts for h in deal] for deal in hands]), rule_set)
    bidder, bid = table.contracts(start(rule_set), 0)
    margins = table.margins(np.arange(len(hands)), bidder, bid)
    renamed = 0
    results = set()
    for i, deal in enumerate(hands):
        done = play_on(Record(rule_set, Seat.THREE, deal), NeverThrowsIn(), NeverThrowsIn(),
                       seed=i)
        state = done.state
        assert (state.contract.seat, state.contract.bid) == (bidder[i], bid[i]), i
        assert done.score[0] - done.score[1] == margins[i], (i, done.result)
        asked = [e.suit for e in done.events if isinstance(e, Request)]
        named = [e.suit for e in done.events if isinstance(e, Trump)]
        renamed += bool(asked) and named != asked
        results.add(done.result)
    assert len(set(margins)) > 8 and len(results) >= 2, results
    if "after-pass" in rules and "before-trump" in rules:  # named after it: another suit
        assert renamed


class _Recording(Formula):
    """The formula policy, noting the seed of each decision the engine asks of it."""

    def __init__(self) -> None:
        super().__init__()
        self.seeds: list[int] = []

    def call(self, view):
        self.seeds.append(view.seed)
        return super().call(view)

    def name_trump(self, view):
        self.seeds.append(view.seed)
        return super().name_trump(view)

    def pass_cards(self, view, n):
        self.seeds.append(view.seed)
        return super().pass_cards(view, n)

    def return_cards(self, view, n):
        self.seeds.append(view.seed)
        return super().return_cards(view, n)


@pytest.mark.parametrize("rules", ["standard", "standard,passing.cards=4",
                                   "toby-thomas"])
def test_the_seed_of_each_decision_is_the_engines(rules):
    """``decisions.decision_seed`` gives every call, suit asked for, trump named and pass the
    seed the engine gave its policy (what the table and the review advise with), and every
    card the seed the card advisor drew its deals from."""
    from pinochle_calc.game.decisions import card_seed, decision_seed
    from pinochle_calc.game.hand import Request, Trump

    for deal in range(4):
        policy = _Recording()
        seed = hand_seed(deal)
        record = play_hand(deal_cards(deal), policy, policy, load_rules(rules), seed=seed)
        asked = []
        for n, event in enumerate(record.events, 1):
            before = record.state_before(n)
            if isinstance(event, (Call, Pass, Request, Trump)):
                asked.append(decision_seed(before, seed))
            if isinstance(event, Play):
                assert decision_seed(before, seed) == card_seed(seed, before.plays)
        assert asked == policy.seeds, (rules, deal)


def test_a_record_that_leaves_a_seats_meld_out_is_reviewed_from_its_first_card(tmp_path):
    """A record may leave a seat's meld out (the hand takes the first card without it): the
    first card is still the next decision advised, seeded as every card (the fuzz found the
    review and ``card --record`` stopping there with "the hand waits for no decision to
    advise (meld)")."""
    from typer.testing import CliRunner

    from pinochle_calc.cli.app import app_for
    from pinochle_calc.game.decisions import card_next, card_seed, decision_seed
    from pinochle_calc.game.hand import MeldShown, write_text

    seed = hand_seed(3)
    whole = play_hand(deal_cards(3), "formula", "formula", seed=seed)
    melds = [e for e in whole.events if isinstance(e, MeldShown)]
    assert len(melds) == 4
    record = replace(whole, events=tuple(e for e in whole.events if e is not melds[1]))
    first = next(n for n, e in enumerate(record.events, 1) if isinstance(e, Play))
    before = record.state_before(first)
    assert before.next_decision().kind == "meld" and card_next(before)
    for n, event in enumerate(record.events, 1):
        if isinstance(event, Play):
            state = record.state_before(n)
            assert decision_seed(state, seed) == card_seed(seed, state.plays)
    leader = record.events[first - 1].seat
    done = review(record, (leader,), samples=3, exact=0)
    assert first in [d.event for d in done.decisions if d.phase == "play"]
    path = tmp_path / "hand.txt"
    path.write_text(write_text(record), encoding="utf-8")
    args = ["card", "--record", str(path), "--at", str(first), "-n", "3", "-f", "json"]
    result = CliRunner().invoke(app_for(args), args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output.splitlines()[0])["event"] == first
