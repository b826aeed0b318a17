"""The ceiling: an all-seeing bidder, a yardstick for the duplicate arena, never advice.

``ceiling`` (``policies.Ceiling``) sees all four hands. At each of its calls the engine gives it
the hand so far (``Sight``: a small hook only a built-in policy marked ``all_seeing`` gets; every
other policy's ``Situation`` stays what its seat knows), and ``best_call`` plays THIS deal out
under each call it may make, the other side with its own policy and the same seeds the real
hand's decisions get (``whole.play_seen``), and makes the call whose outcome is best for its side
by the arena's measure: its side's score less the other side's.

- Its candidates: pass, then each legal bid from the lowest up to what its side could make at
  most (both hands' best meld, or twice the meld of their 40 cards where cards pass, plus all
  the trick points), tried from the lowest up; the trial stops at the first bid that buys the
  contract at that bid, since a made contract scores the same at any bid and a higher one can
  only score the same or go set. The stuck dealer bids the minimum, and a seat with no bid
  within that limit passes, without a trial.
- In a trial its own later calls, and its partner's, are passes (the stuck dealer's minimum
  where it must): "this call, then pass". The real hand re-decides at each of its turns, and
  its partner, also the ceiling (a side plays one policy), decides at its own. So a pass is
  judged as if the partner passed too: where the partner is the better bidder, the ceiling
  may bid first where the partner would have.
- Trump, the exchange, the throw-in and the cards are ``StandardPlay``'s (the suit with the most
  meld, the pass advice, ...), as for every built-in policy, so a match measures the bidding;
  ``ceiling/advisor`` plays the card advice in the real hand and in its trials alike.

A trial plays the rest of the hand with the other side's policy, so a call costs a few hands
of that policy: a deal (two hands) about 0.2 s of CPU against ``thumb`` under the standard
rules, 0.5 to 0.9 s with a four-card pass, 2.6 to 14 s against the advisor at 200 samples
(docs/arena.md, "The ceiling"). A policy that keeps state between calls sees the trials' calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..meld.engine import meld
from ..seats import Seat
from .decisions import sharing_passes
from .hand import Call, Record
from .policies import Bid, Ceiling, Passer, Policy, Situation

#: How a record is played on: ``whole.play_seen(record, sides, seed, bids, score)``.
PlayOn = Callable[[Record, tuple[Policy, Policy], int, tuple[tuple[Bid, ...], ...],
                   tuple[int, int] | None], Record]


class Sight(NamedTuple):
    """What the engine gives the all-seeing policy at its call beside its ``Situation``: the
    hand so far with all four hands, the policies of seats 0 and 2 and of 1 and 3, each seat's
    ``Bid``s, the hand's seed and score, and how the engine plays a record on (``play``)."""

    record: Record
    sides: tuple[Policy, Policy]
    bids: tuple[tuple[Bid, ...], ...]
    seed: int
    score: tuple[int, int] | None
    play: PlayOn


def best_call(ceiling: Ceiling, seat: Situation, sight: Sight) -> Bid:
    """The ceiling's call: the one whose trial scores best for its side (the first of the best:
    pass, then the lowest bid)."""
    legal = seat.auction.legal()
    assert legal.min_bid is not None
    if legal.forced:
        return Bid(legal.min_bid, "forced: the first three passed")
    record = sight.record
    at = record.state.next_decision().seat
    assert at is not None
    calls = (None, *seat.auction.bids(side_limit(record, at)))
    if len(calls) == 1:
        return Bid(None, "pass: no bid within what its side could make")
    best: tuple[int, int | None] | None = None
    if record.hands != ceiling.deal:  # the passes of one deal kept, for its trials only
        ceiling.deal, ceiling.passes = record.hands, {}
    with sharing_passes(ceiling.passes):
        for call in calls:
            trial = play_trial(ceiling, sight, at, call)
            margin = side_margin(trial, at)
            if best is None or margin > best[0]:
                best = (margin, call)
            won = trial.state.contract
            if call is not None and won is not None and won.seat == at and won.bid == call:
                break  # a higher bid buys the same contract: no better, maybe set
    assert best is not None
    margin, call = best
    how = "pass" if call is None else f"bid {call}"
    return Bid(call, f"{how}: {margin:+g} for its side, all four hands seen")


def play_trial(ceiling: Ceiling, sight: Sight, at: Seat, call: int | None) -> Record:
    """The hand of ``sight`` played on after seat ``at`` makes ``call``, its side then passing
    (``Passer``, with the ceiling's own card player), the other side's policy as in the hand."""
    bids = tuple((*b, Bid(call, "trial")) if s == at else b for s, b in enumerate(sight.bids))
    rest = Passer()
    rest.cards = ceiling.cards
    sides = (rest, sight.sides[1]) if at & 1 == 0 else (sight.sides[0], rest)
    return sight.play(sight.record.then(Call(at, call)), sides, sight.seed, bids, sight.score)


def side_margin(record: Record, seat: int) -> int:
    """The settled hand's score of ``seat``'s side less the other side's (the arena's
    measure)."""
    assert record.score is not None
    side = seat & 1
    return record.score[side] - record.score[1 - side]


def side_limit(record: Record, seat: int) -> int:
    """The most ``seat``'s side could score in this deal: both hands' best meld (where cards
    pass, twice the best meld of the side's 40 cards, which bounds either hand after it) plus
    every trick point."""
    from ..hand import Hand

    rules = record.rules
    own, partner = record.hands[seat], record.hands[seat ^ 2]
    assert own is not None and partner is not None
    if rules.pass_cards:
        both = Hand([a + b for a, b in zip(own.counts, partner.counts)])
        most = 2 * meld(both, rules).best.points
    else:
        most = meld(own, rules).best.points + meld(partner, rules).best.points
    return most + rules.trick_points


__all__ = ["Ceiling", "Sight", "best_call", "play_trial", "side_margin", "side_limit"]
