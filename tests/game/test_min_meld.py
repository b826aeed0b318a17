"""Whole hands under the minimum-meld rule, scored by hand: every hand the engine plays (the
auction skipped: each seat in turn wins at a low bid, so some bidding sides meld under the
minimum) gets the score RULES.md's "Minimum 20" gives it, worked out here from the cards alone:
each seat's meld in the trump named, the tricks replayed by the naive play rules, the minimum
applied to each side. And the boundary: a side melding exactly the minimum plays; one point
more of minimum, and it loses the bid without play."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from pinochle_calc.cards import CARDS
from pinochle_calc.game.hand import Record
from pinochle_calc.game.policies import Formula, quick_pass
from pinochle_calc.game.whole import deal_cards, play_hand
from pinochle_calc.meld import meld
from pinochle_calc.rules import load_rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "play"))
from naive_rules import replay  # noqa: E402


class Quick(Formula):
    """The formula bidder, passing by the quick exchange policy (the throw-in as every built-in
    policy decides it)."""

    name = "quick"

    def pass_cards(self, seat, n):
        return quick_pass(seat, n)

    def return_cards(self, seat, n):
        return quick_pass(seat, n)


def score_by_hand(record: Record) -> tuple[tuple[int, int], str]:
    """The score RULES.md gives the hand (and how it ended: ``played``, ``under``, ``thrown``,
    ``none`` for no trump), from its cards and its contract:

    - no trump named (no marriage): the bid is subtracted, nobody scores;
    - a side's meld counts only if it is at least the minimum; a bidding side melding under it,
      or throwing the hand in, loses its bid without play, and the opponents score their meld
      (if at least the minimum) without needing the minimum in tricks; under ``concession =
      play`` the cards are played instead and the opponents score as usual;
    - played: a side taking fewer trick points than the minimum scores nothing for the hand
      (the bidding side is set whatever its meld); else the bidding side makes its bid where
      meld and trick points reach it (scoring both), and is set (the bid subtracted) where not;
      the opponents score their meld and trick points.
    """
    state, rules = record.state, record.rules
    least = rules.min_meld * rules.scale
    x = state.contract.seat & 1
    y = 1 - x
    bid = state.contract.bid
    named = state.trump is not None and not state.lost
    hands = [state.after_exchange(s) for s in range(4)]
    melds = [0, 0]
    for s in range(4):
        report = meld(hands[s], rules)
        melds[s & 1] += (report.trumps[state.trump] if named else report.best).points

    def counted(side: int) -> int:
        return melds[side] if melds[side] >= least else 0

    score = [0, 0]
    score[x] = -bid
    if not named:
        return (score[0], score[1]), "none"
    conceded = "thrown" if state.thrown_in else "under" if melds[x] < least else ""
    if conceded and rules.concession != "play":
        assert not state.tricks  # the cards are not played
        score[y] = counted(y)
        return (score[0], score[1]), conceded
    cards = [str(CARDS[c]) for t in state.tricks for c in t.cards]
    tricks = [t * rules.scale for t in replay([[str(c) for c in h] for h in hands],
                                              "SHDC"[state.trump], state.bidder, cards)]
    if not conceded and tricks[x] >= least and melds[x] + tricks[x] >= bid:
        score[x] = melds[x] + tricks[x]
    score[y] = 0 if tricks[y] < least else counted(y) + tricks[y]
    return (score[0], score[1]), conceded or "played"


def bids(rules, n: int) -> list[int]:
    """The ``n`` lowest legal bids."""
    out = [rules.next_bid(None)]
    while len(out) < n:
        out.append(rules.next_bid(out[-1]))
    return out


RULE_SETS = [
    "standard,min_meld=20", "toby-thomas,min_meld=40", "book,scale=10,min_meld=20",
    "standard,min_meld=25,passing.cards=4", "standard,min_meld=20,concession=play",
    "npa,min_meld=30,marriage_required=after-pass,passing.cards=3",
    "pinochle14,min_meld=30,passing.cards=3,passing.order=partner-first",
]


@pytest.mark.parametrize("spec", RULE_SETS)
def test_whole_hands_under_the_minimum_score_as_the_rules_say(spec):
    rules = load_rules(spec)
    low = bids(rules, 3)
    least = rules.min_meld * rules.scale
    ended: Counter = Counter()
    short = 0  # hands where a side took fewer trick points than the minimum
    for i in range(24):
        record = play_hand(deal_cards(41, i), Quick(), Quick(), rules, seed=i,
                           contract=(i % 4, None, low[i % 3]))
        want, how = score_by_hand(record)
        assert record.score == want, (i, how, record.result)
        ended[how] += 1
        points = record.state.trick_points()
        short += points is not None and min(points) < least
    assert ended["played"] and ended["under"], ended
    assert short, "no side took fewer trick points than the minimum"


@pytest.mark.parametrize("spec", ["standard", "toby-thomas", "book,scale=10",
                                  "standard,passing.cards=4,concession=play"])
def test_a_side_melding_exactly_the_minimum_plays_and_one_under_it_does_not(spec):
    base = load_rules(spec)
    k = base.scale
    for i in range(6):
        hands = deal_cards(43, i)
        free = play_hand(hands, Quick(), Quick(), base, seed=i, contract=(0, None, None))
        state = free.state
        if state.trump is None or state.lost or state.thrown_in:
            continue
        side = state.side_meld()[0]  # seat 0's side bids, its meld with the trump it names
        for least, under in ((side // k, False), (side // k + 1, True)):
            rules = base.with_options(min_meld=least)
            record = play_hand(hands, Quick(), Quick(), rules, seed=i, contract=(0, None, None))
            assert record.state.side_meld()[0] == side and record.state.trump == state.trump
            want, how = score_by_hand(record)
            assert record.score == want
            assert (how == "under") == under and (record.result == "under-min-meld") == under
            if under:  # lost without play, unless the rule set plays a conceded hand out
                assert bool(record.state.tricks) == (rules.concession == "play")
        return
    raise AssertionError("no deal where seat 0 names trump and plays")
