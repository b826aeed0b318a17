"""The record of a hand: the rule set, the dealer, the cards each seat was dealt (all four, or
only those known), every event from the first call to the last card, the result and the score,
with free-text tags. A record is data; ``record.state`` replays it through ``HandState`` (every
event checked, and the result and score where the record gives them), ``settled`` fills in the
result and score the events give. docs/records.md describes the forms it is written in
(``text``, ``json_form``).

**Decision (what is checked where cards are unknown).** A seat's cards are known where the
record gives its hand; otherwise the seat holds at least the cards it is seen with (meld shown,
cards received, cards it plays anywhere in the record), and a play is refused when those cards
alone show it was illegal. The result and score are checked where every meld is in the record;
otherwise they stand as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from ...errors import UserError, quoted
from ...hand import Hand
from ...rules import STANDARD, RuleSet
from ...scoring import RESULTS
from ...seats import Seat
from ...stores import kept
from .errors import RecordError
from .events import EVENT_KINDS, Event, Play
from .state import HandState

#: The most events a record may hold (a hand has a few dozen calls and 80 cards).
MAX_EVENTS = 1000


@dataclass(frozen=True)
class Record:
    """A hand as recorded (module docstring). ``hands``: each seat's cards as dealt (None: not
    known); ``result`` and ``score`` (us, them) as recorded (filled in by ``settled``)."""

    rules: RuleSet = STANDARD
    dealer: Seat = Seat.THREE
    hands: tuple[Hand | None, ...] = (None, None, None, None)
    events: tuple[Event, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    result: str | None = None
    score: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.dealer, int) or self.dealer not in range(4):
            raise RecordError(f"the dealer is a seat 0 to 3, not {self.dealer!r}")
        object.__setattr__(self, "dealer", Seat(self.dealer))

    @cached_property
    def state(self) -> HandState:
        """The hand after every event, each checked (``RecordError`` naming the first at
        fault); where the hand is complete and the record says its result or score, those
        are checked too."""
        return _replay(self)

    def tag(self, name: str) -> str | None:
        """The value of a tag (None: absent); names compare without case."""
        low = name.lower()
        return next((v for k, v in self.tags if k.lower() == low), None)

    def with_tag(self, name: str, value: str) -> Record:
        """The record with one tag set (replacing one of the same name), checked
        (``tags.check_added_tag``: a ``RecordError`` for a tag no record could be read back
        with)."""
        from .tags import check_added_tag

        check_added_tag(name, value)
        low = name.lower()
        if any(k.lower() == low for k, _ in self.tags):
            tags = tuple((k, value if k.lower() == low else v) for k, v in self.tags)
        else:
            tags = (*self.tags, (name, value))
        return _same_state(self, replace(self, tags=tags))

    def then(self, event: Event) -> Record:
        """The record with one more event, checked (``RecordError`` if the rules refuse it):
        the hand so far advanced by the event, not replayed, except after a card of a seat
        whose cards are not known (the cards such a seat plays later count as held from the
        start, so its earlier plays are checked again: ``HandState.seen_ahead``)."""
        new = replace(self, events=(*self.events, event), result=None, score=None)
        if (isinstance(event, Play) and self.hands[event.seat] is None) \
                or len(new.events) > MAX_EVENTS:
            return settled(new)
        return settled(with_state(new, self.state.apply(event)))

    def undo(self) -> Record:
        """The record without its last event."""
        if not self.events:
            raise RecordError("there is no event to undo")
        return settled(replace(self, events=self.events[:-1], result=None, score=None))

    def prefix(self, n: int) -> Record:
        """The record of its first ``n`` events (no result)."""
        return replace(self, events=self.events[:n], result=None, score=None)

    def state_before(self, number: int) -> HandState:
        """The hand just before event ``number`` (1-based), the record's later plays looked
        ahead to as ``state`` does."""
        state = _start(self)
        for event in self.events[:number - 1]:
            state = state.apply(event)
        return state

    @property
    def known_seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(s) for s, h in enumerate(self.hands) if h is not None)

    def reseat(self, dealer: int) -> Record:
        """The same hand with another seat dealing: every seat turns with the deal, and the
        score's sides swap where ``us`` becomes ``them``."""
        k = (dealer - self.dealer) % 4
        if not k:
            return self
        hands = tuple(self.hands[(s - k) % 4] for s in range(4))
        events = tuple(e.at_seat(e.seat.after(k)) for e in self.events)
        score = self.score
        if score is not None and k % 2:
            score = (score[1], score[0])
        return replace(self, dealer=Seat(dealer), hands=hands, events=events, score=score)

    def to_dict(self, par=None) -> dict:
        """The record as JSON data (``json_form.to_json``), with its par (``game.par``) where
        given."""
        from .json_form import to_json

        return to_json(self, par)

    def __repr__(self) -> str:
        return (f"Record(rules={self.rules.name!r}, dealer={self.dealer},"
                f" hands_known={len(self.known_seats)}, events={len(self.events)},"
                f" tags={len(self.tags)}, result={self.result!r}, score={self.score})")


def _seen_ahead(record: Record) -> tuple[tuple[int, ...] | None, ...]:
    """For each seat whose cards are unknown, every card the record shows it playing."""
    out: list[tuple[int, ...] | None] = []
    for s, hand in enumerate(record.hands):
        if hand is not None:
            out.append(None)
            continue
        counts = [0] * 20
        for e in record.events:
            if isinstance(e, Play) and e.seat == s:
                counts[e.card] += 1
        out.append(tuple(counts))
    return tuple(out)


def _start(record: Record) -> HandState:
    if len(record.events) > MAX_EVENTS:
        raise RecordError(f"a record of more than {MAX_EVENTS:,} events: a hand has about 100")
    return HandState.deal(record.hands, record.rules, record.dealer, _seen_ahead(record))


@kept(64)
def _replay(record: Record) -> HandState:
    state = _start(record)
    for event in record.events:
        state = state.apply(event)
    _check_result(record, state)
    return state


def settled(record: Record) -> Record:
    """The record checked, with the result and score the events give filled in."""
    score = record.state.scored()
    if score is None:
        return record
    return _same_state(record, replace(record, result=score.result, score=score.points))


def with_state(record: Record, state: HandState) -> Record:
    """``record``, whose events ``state`` applied one by one from its start (the engine does,
    checking each), with that state as its own: the record is not replayed again. A record
    read from elsewhere is always replayed (``Record.state``)."""
    record.__dict__["state"] = state
    return record


def _same_state(old: Record, new: Record) -> Record:
    """``new``, a copy of ``old`` that differs only where the replay does not look (its tags)
    or that says what the replay found (the result and score ``settled`` read from it), given
    ``old``'s state where it was worked out already: a hand is replayed once, not once for each
    tag added."""
    if "state" in old.__dict__:
        new.__dict__["state"] = old.__dict__["state"]
    return new


def _check_result(record: Record, state: HandState) -> None:
    if record.result is not None and record.result not in RESULTS:
        raise RecordError(f"unknown result {record.result!r}: one of {', '.join(RESULTS)}",
                          words="result")
    outcome = state.outcome()
    said = record.result
    if outcome is None:
        if said is not None and state.contract is not None and not state.complete \
                and state.next_decision().kind != "meld":
            raise RecordError(f"the record says {said}, but the hand is not over:"
                              f" {state.waiting()}", words="result")
        return
    if said is not None:
        if outcome in ("no-marriage", "thrown-in") and said != outcome:
            raise RecordError(f"the record says {said}, but the hand ended by {outcome}",
                              words="result")
        if outcome == "played" and said in ("thrown-in", "no-marriage"):
            raise RecordError(f"the record says {said}, but the hand was played",
                              words="result")
    score = state.scored()
    if score is None:
        return
    why = "; ".join(score.notes)
    if said is not None and said != score.result:
        raise RecordError(f"the record says {said}; the scoring rules give {score.result}"
                          + (f" ({why})" if why else ""), words="result")
    if record.score is not None and tuple(record.score) != score.points:
        us, them = record.score
        raise RecordError(f"the score us {us:+d}, them {them:+d} does not add up: the scoring"
                          f" rules give us {score.points[0]:+d}, them {score.points[1]:+d}"
                          + (f" ({why})" if why else ""), words="score")


# ------------------------------------------------------------------------------ an event


def find_event(record: Record, text: str) -> int:
    """The number of the event ``text`` names: its number (1 to one past the last: after the
    last event), ``call N`` (the N-th call), ``trick N`` (the first card of trick N), or the
    first ``request``, ``pass``, ``trump``, ``meld``, ``throw-in`` or ``play``."""
    word = " ".join(text.strip().lower().split())
    last = len(record.events) + 1
    if re.fullmatch(r"[0-9]{1,9}", word):
        n = int(word)
        if not 1 <= n <= last:
            raise UserError(f"event {n}: the record has {len(record.events)} events (1 to"
                            f" {last}, where {last} is after the last)")
        return n
    m = re.fullmatch(r"(call|trick) ([0-9]{1,4})", word)
    if m:
        kind, k = m.group(1), int(m.group(2))
        numbers = [i for i, e in enumerate(record.events, 1)
                   if e.kind == ("call" if kind == "call" else "play")]
        if kind == "trick":
            numbers = numbers[::4]
        if not 1 <= k <= len(numbers):
            raise UserError(f"{kind} {k}: the record has {len(numbers)} {kind}s")
        return numbers[k - 1]
    if word in EVENT_KINDS:
        found = next((i for i, e in enumerate(record.events, 1) if e.kind == word), None)
        if found is None:
            raise UserError(f"the record has no {word} event")
        return found
    raise UserError(f"{quoted(text)} names no event: give its number, call N, trick N, or one"
                    f" of {', '.join(EVENT_KINDS)}")


__all__ = ["Record", "settled", "find_event", "MAX_EVENTS"]
