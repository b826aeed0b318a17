"""Records and whole hands: the record of a hand the engine played (``record_of``), and a
recorded hand continued by the engine's players from any event on (``continue_from``).

The engine numbers seats from the dealer's left (``whole``: seat 3 deals); a record numbers them
at the table and says who dealt. ``reseat`` moves a record to another dealer, every seat with it.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards import KINDS
from ..errors import UserError
from ..hand import Hand
from .record import Event, Progress, Record, RecordError, replay, settled
from .whole import HandRecord, Script, play_hand, shown_cards

#: Deals of the unknown hands tried before giving up on one that fits the record.
FILL_TRIES = 500


def record_of(hand: HandRecord, tags: tuple[tuple[str, str], ...] = ()) -> Record:
    """The record of a hand ``play_hand`` played (seat 3 deals), checked; ``tags`` added."""
    events: list[Event] = []
    for call in hand.auction:
        events.append(Event("call", call.seat, bid=call.call, comment=call.meaning))
    bidder = hand.contract.seat
    if not hand.auction:
        events.append(Event("contract", bidder, bid=hand.contract.bid))
    rules = hand.rules
    n = rules.pass_cards
    passes = [Event("pass", bidder ^ 2, cards=hand.passed[0]),
              Event("pass", bidder, cards=hand.passed[1])]
    named = hand.named if hand.named is not None else hand.trump
    if n and rules.pass_when == "before-trump":
        if hand.request is not None:
            events.append(Event("request", bidder, suit=hand.request))
        events += passes
        events.append(Event("trump", bidder, suit=named))
    else:
        events.append(Event("trump", bidder, suit=named))
        if n and named is not None:
            events += passes
    for s, (m, cards) in enumerate(zip(hand.melds, hand.after)):
        events.append(Event("meld", s, cards=shown_cards(m, cards)))
    if hand.result == "thrown-in":
        events.append(Event("throw-in", bidder))
    for trick in hand.play:
        for k, card in enumerate(trick.cards):
            events.append(Event("play", (trick.leader + k) % 4, card=card))
    record = Record(rules, 3, tuple(hand.hands), tuple(events), tags, hand.result,
                    hand.score.points)
    return settled(record)


def play_tags(hand: HandRecord, seed: int | None = None,
              samples: int | None = None) -> tuple[tuple[str, str], ...]:
    """The tags a record of a hand ``play`` played carries: the policies, the seed and the
    advisors' samples it played with, and the bidder's chance of making the contract as its
    policy saw it."""
    tags = [("Us", hand.policies[0]), ("Them", hand.policies[1])]
    if seed is not None:
        tags.append(("Seed", str(seed)))
    if samples is not None:
        tags.append(("Samples", str(samples)))
    if hand.prediction is not None:
        tags.append(("Prediction", f"{round(hand.prediction, 4)}"))
    return tuple(tags)


def reseat(record: Record, dealer: int) -> Record:
    """The same hand with another seat dealing: every seat turns with the deal, and the score's
    sides swap where ``us`` becomes ``them``."""
    k = (dealer - record.dealer) % 4
    if not k:
        return record
    hands = tuple(record.hands[(s - k) % 4] for s in range(4))
    events = tuple(replace(e, seat=(e.seat + k) % 4) for e in record.events)
    score = record.score
    if score is not None and k % 2:
        score = (score[1], score[0])
    return replace(record, dealer=dealer, hands=hands, events=events, score=score)


def fill_hands(record: Record, seed: int = 0) -> Record:
    """The record with every unknown hand dealt at random from the cards no known hand holds,
    each seat given at least the cards the record shows it with (meld, cards passed and
    received, cards played), so that every recorded event stays legal (``RecordError`` if no
    deal of ``FILL_TRIES`` fits)."""
    import numpy as np

    from .record import _seen_hands

    missing = [s for s, h in enumerate(record.hands) if h is None]
    if not missing:
        return record
    progress = replay(record)
    seen = _seen_hands(progress)
    base = [list(h.counts) if h is not None else seen[s] for s, h in enumerate(record.hands)]
    left = [4 - sum(row[i] for row in base) for i in range(KINDS)]
    rng = np.random.default_rng(seed)
    pool = np.repeat(np.arange(KINDS), left)
    needs = [20 - sum(base[s]) for s in missing]
    if any(n < 0 for n in needs) or sum(needs) != len(pool):
        raise RecordError("the cards the record shows do not leave a deal for the unknown hands")
    last: RecordError | None = None
    for _ in range(FILL_TRIES):
        cards = rng.permutation(pool)
        hands = list(record.hands)
        at = 0
        for s, n in zip(missing, needs):
            counts = list(base[s])
            for c in cards[at:at + n]:
                counts[int(c)] += 1
            at += n
            hands[s] = Hand(counts)
        try:
            return settled(replace(record, hands=tuple(hands)))
        except RecordError as e:
            last = e
    raise RecordError(f"no deal of the unknown hands fits the record in {FILL_TRIES} tries"
                      f" ({last})")


def continue_from(record: Record, start: int, us: str, them: str, *, seed: int = 0,
                  samples: int = 1000) -> Record:
    """The hand as recorded up to event ``start`` (1-based; the events before it stand), and
    from that event on decided by the engine's players (``us`` at seats 0 and 2, ``them`` at 1
    and 3). Unknown hands are dealt at random (``fill_hands``, seeded)."""
    if not 1 <= start <= len(record.events) + 1:
        raise UserError(f"--from: an event 1 to {len(record.events) + 1} (the record has"
                        f" {len(record.events)} events), not {start}")
    full = fill_hands(record, seed)
    prefix = full.prefix(start - 1)
    progress = replay(prefix)
    engine = reseat(prefix, 3)
    eprog = replay(engine)
    script, contract = _script(engine, eprog)
    swap = record.dealer % 2 == 0  # us at the table sit at the engine's seats 1 and 3
    sides = (them, us) if swap else (us, them)
    hands = [h for h in engine.hands if h is not None]
    if len(hands) != 4:  # fill_hands deals every hand the record leaves unknown
        raise RecordError("the record's deal is not whole: four hands are needed to play on")
    hand = play_hand(hands, sides[0], sides[1], record.rules, seed=seed,
                     contract=contract, samples=samples, script=script)
    done = reseat(record_of(hand), record.dealer)
    events = list(done.events)
    for i, event in enumerate(prefix.events[:len(events)]):
        if events[i].kind == event.kind and events[i].seat == event.seat:
            events[i] = replace(events[i], comment=event.comment)
    del progress
    record = replace(done, events=tuple(events), tags=record.tags)
    for name, value in (("Us", us), ("Them", them), ("From", str(start))):
        record = record.with_tag(name, value)
    return settled(record)


def _script(record: Record, progress: Progress) -> tuple[Script, tuple | None]:
    """The decisions of a record (seat 3 dealing) as a ``Script``, and the contract given
    without an auction (seat, trump or None, bid), if any."""
    calls = tuple(e.bid for e in record.events if e.kind == "call")
    request = next((e.suit for e in record.events if e.kind == "request"), None)
    passes = tuple(e.cards for e in record.events if e.kind == "pass" and e.cards is not None)
    trump_events = [e for e in record.events if e.kind == "trump"]
    cards = tuple(e.card for e in record.events if e.kind == "play" and e.card is not None)
    throw = None
    if any(e.kind == "throw-in" for e in record.events):
        throw = True
    elif cards:
        throw = False
    contract = None
    given = next((e for e in record.events if e.kind == "contract"), None)
    if given is not None:
        trump = trump_events[0].suit if trump_events else None
        contract = (given.seat, trump, given.bid)
    script = Script(calls, request, passes, bool(trump_events),
                    trump_events[0].suit if trump_events else None, throw, cards)
    return script, contract


__all__ = ["record_of", "play_tags", "reseat", "fill_hands", "continue_from", "FILL_TRIES"]
