"""The hand as one seat sees it, and the unknown hands dealt to meet what the hand has shown.

``card_position(state, seat)`` is what ``seat`` knows when it is to play a card (the card
advice's ``Position``): its cards now, trump, the tricks so far and the trick in progress, the
contract, every seat's meld shown and, on the bidding side, the cards it passed and received;
never the hidden hands.

``deal_unknown(record, seed)`` deals the hands a record does not give so that every event in it
stays true: each seat holds the cards it showed, passed or played; the trump named is one its
bidder may name; and, once cards are played, every fact the play shows (a void, a card not
headed, a trump not over-trumped) holds of the hands dealt, which are drawn by counting, exactly
as the card advice deals the unseen cards (``play.unseen``), not by luck. A hidden exchange is
dealt too: the two seats' cards after it are dealt so, then the exchange is undone at random
(``play.unseen.hidden_exchange``: the Decision on passes not seen), giving the hands as dealt
and the cards each passed, which the record returned holds in place of ``hidden``.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ...cards import COPIES, HAND_SIZE, KINDS
from ...hand import Hand
from ...seats import SEATS
from .errors import RecordError
from .events import Pass
from .record import Record, settled
from .state import HandState

#: Deals of the unknown hands tried before giving up on one that fits the record.
FILL_TRIES = 500


def card_position(state: HandState, seat: int):
    """What ``seat`` knows when it is to play (``play.position.Position``); None where its cards
    are not known or no card is played (no trump, no contract)."""
    from ...play.position import Position

    held = state.holding(seat)
    if held is None or state.trump is None or state.contract is None:
        return None
    bidder, bid = state.contract.seat, state.contract.bid
    bidding = (seat ^ bidder) & 1 == 0 and state.rules.pass_cards > 0
    shown = tuple(state.shown(s) for s in SEATS)
    return Position(held, state.trump, seat, state.tricks, state.trick, (int(bidder), bid),
                    (shown[0], shown[1], shown[2], shown[3]),
                    state.passed(seat) if bidding else None,
                    state.received(seat) if bidding else None)


def deal_unknown(record: Record, seed: int = 0) -> Record:
    """The record with every hand it does not give dealt (module docstring), and the cards of
    a hidden exchange with them, checked; a ``RecordError`` where no deal fits."""
    if all(h is not None for h in record.hands):
        return record
    state = record.state
    rng = np.random.default_rng(seed)
    known = [s for s in SEATS if record.hands[s] is not None]
    if state.plays and known:
        for _ in range(FILL_TRIES // 50):
            for hands in _by_facts(state, known[0], rng, 50):
                done = _fits(_with_exchange(record, state, hands, rng))
                if done is not None:
                    return done
    return _by_chance(record, state, rng)


def _fits(record: Record) -> Record | None:
    try:
        return settled(record)
    except RecordError:
        return None


def _with_exchange(record: Record, state: HandState, hands: list[Hand],
                   rng: np.random.Generator) -> Record:
    """The record with the hands dealt (``hands``: as dealt, but for two seats whose exchange
    was hidden, their cards after it), a hidden exchange undone at random
    (``play.unseen.hidden_exchange``): the hands as dealt and the cards passed."""
    from ...play.unseen import draw_cards, hidden_exchange

    hidden = [n for n, e in enumerate(record.events) if isinstance(e, Pass) and e.hidden]
    if not hidden:
        return replace(record, hands=tuple(hands))
    bidder = state.bidder
    partner = bidder.partner
    n = state.exchange_cards
    rows = [h.counts for h in hands]
    events = list(record.events)
    if len(hidden) == 1:  # only the partner has passed: its cards as dealt, any n of them
        passed = {partner: draw_cards(rng, rows[partner], n)}
    else:
        rows[bidder], rows[partner], to_partner, to_bidder = hidden_exchange(
            rng, rows[bidder], rows[partner], n, state.rules.pass_order == "partner-first")
        passed = {bidder: to_partner, partner: to_bidder}
    for at in hidden:
        event = events[at]
        events[at] = Pass(event.seat, Hand(passed[event.seat]), event.comment)
    return replace(record, hands=tuple(Hand(row) for row in rows), events=tuple(events))


def _by_chance(record: Record, state: HandState, rng: np.random.Generator) -> Record:
    """Deals of the cards no known hand holds, each seat given the cards it is seen with, until
    one fits every event (the hand before play, where no play limits the deal). Two seats
    whose exchange was hidden are dealt their cards after it (what they are seen with is
    after it), and the exchange undone."""
    base = [list(row) for row in state.seen_dealt()]
    missing = [s for s in SEATS if record.hands[s] is None]
    left = [COPIES - sum(row[i] for row in base) for i in range(KINDS)]
    pool = np.repeat(np.arange(KINDS), left)
    needs = {s: HAND_SIZE - sum(base[s]) for s in missing}
    if any(n < 0 for n in needs.values()) or sum(needs.values()) != len(pool):
        raise RecordError("the cards the record shows do not leave a deal for the unknown hands")
    last = "no deal tried"
    for _ in range(FILL_TRIES):
        cards = rng.permutation(pool)
        hands: list[Hand] = []
        at = 0
        for s in SEATS:
            given = record.hands[s]
            if given is not None:
                hands.append(given)
                continue
            counts = list(base[s])
            for c in cards[at:at + needs[s]]:
                counts[int(c)] += 1
            at += needs[s]
            hands.append(Hand(counts))
        try:
            return settled(_with_exchange(record, state, hands, rng))
        except RecordError as e:
            last = str(e)
    raise RecordError(f"no deal of the unknown hands fits the record in {FILL_TRIES} tries"
                      f" ({last})")


def _by_facts(state: HandState, viewer: int, rng: np.random.Generator, n: int):
    """``n`` deals of the unknown hands meeting every fact of the play (``play.unseen``), each
    as the four hands dealt."""
    from ...play.facts import Facts, learn
    from ...play.position import Position, PositionError
    from ...play.unseen import UnseenDealer

    trump = state.trump
    assert trump is not None
    top = [[0] * 4 for _ in range(4)]
    why = [[""] * 4 for _ in range(4)]
    voids = [0, 0, 0, 0]
    plays = [(i, t.leader, t.cards) for i, t in enumerate(state.tricks, 1)]
    if state.trick:
        plays.append((0, state.to_play().after(-len(state.trick)), state.trick))
    for number, leader, cards in plays:
        for k, card in enumerate(cards):
            s = (leader + k) & 3
            learn(s, card, cards[:k], trump, number, top[s], why[s], voids)
    in_trick = {(state.to_play() - 1 - k) & 3 for k in range(len(state.trick))}
    sizes = tuple(HAND_SIZE - len(state.tricks) - (s in in_trick) for s in SEATS)
    floors = [state.least_held(s) for s in SEATS]
    played = [sum(state.played[s][c] for s in SEATS) for c in range(KINDS)]
    unseen = tuple(COPIES - played[c] - sum(f[c] for f in floors) for c in range(KINDS))
    if any(u < 0 for u in unseen):
        return
    for s in SEATS:
        for c in range(KINDS):
            if floors[s][c] and c % 5 < top[s][c // 5]:
                return  # a card it is known to hold, which its play says it cannot
    mine = Hand(floors[viewer])
    position = Position(mine, trump, viewer, state.tricks)
    facts = Facts(position, tuple(map(tuple, top)), tuple(map(tuple, why)), tuple(floors),
                  sizes, unseen, 0, tuple(voids), None, tuple(played))
    try:
        deals = UnseenDealer(facts).deal(rng, n)
    except PositionError:  # no deal meets the facts
        return
    for deal in deals:
        hands = []
        for s in SEATS:
            if state.dealt[s] is not None:
                hands.append(state.dealt[s])
                continue
            after = [int(deal[s][c]) + state.played[s][c] for c in range(KINDS)]
            got, gave = state.received(s), state.passed(s)
            if got is not None:
                after = [a - g for a, g in zip(after, got.counts)]
            if gave is not None:
                after = [a + g for a, g in zip(after, gave.counts)]
            if min(after) < 0 or max(after) > COPIES:
                break
            hands.append(Hand(after))
        else:
            yield hands


__all__ = ["card_position", "deal_unknown", "FILL_TRIES"]
