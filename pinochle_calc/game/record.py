"""A record of a hand: the rule set, the dealer, the cards each seat was dealt (all four, or only
those known), every event from the first call to the last card, the result and the score, with
free-text tags and comments. Written and read as text a person can write by hand (``read_text``,
``write_text``) and as JSON (``read_json``, ``to_json``); either reads back to the other exactly.
docs/records.md describes both forms.

Seats are the table's, 0-3 clockwise, fixed for the game (``us`` is seats 0 and 2); the record
says which seat dealt (``dealer``), and the seat on the dealer's left calls first. The engine
numbers seats from the dealer's left (``whole.play_hand``: seat 3 deals): ``engine_seat`` and
``table_seat`` convert.

The events, in the order a hand has them (``Event.kind``):

``call``      a bid (``bid``) or a pass (``bid`` None), by the seat whose turn it is;
``contract``  the contract given without an auction (a seat and a bid);
``request``   the suit the bidder asks its partner for, where cards pass before trump is named;
``trump``     the bidder names trump (``suit`` None: it can name none, having no marriage);
``pass``      a seat passes cards to its partner (the partner first, then the bidder);
``meld``      a seat shows its meld (the cards laid down);
``throw-in``  the bidder concedes the hand;
``play``      a seat plays a card.

Reading a record replays it (``replay``) and checks every event against the rules, naming the
event and the rule at fault (``RecordError``): a call out of turn or below the last bid, a card
the deck cannot hold again, a play the rules forbid (seen from the cards the seat is known to
hold: its hand, its meld shown, the cards it received, and the cards it plays later), meld that
does not add up, a result or score that the rules do not give.

**Decision (what is checked where cards are unknown).** A seat's cards are known where the
record gives its hand; otherwise the seat holds at least the cards it is seen with later (meld
shown, cards received, cards it plays), and a play is refused when those cards alone show it
was illegal. The result and score are checked where every meld is in the record; otherwise they
stand as written.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from ..cards import CARDS, COPIES, HAND_SIZE, KINDS, SUIT_SYMBOLS, SUITS, Card, suit_index
from ..errors import UserError, quoted, shorten
from ..hand import Hand
from ..rules import PRESETS, SCHEMA, STANDARD, RuleSet, load_rules
from ..scoring import RESULTS, SIDES, HandInput, HandScore, score_hand

if TYPE_CHECKING:
    from ..bidding.auction import Auction
    from ..play.position import Position

EventKind = Literal["call", "contract", "request", "trump", "pass", "meld", "throw-in", "play"]
EVENT_KINDS: tuple[EventKind, ...] = ("call", "contract", "request", "trump", "pass", "meld",
                                      "throw-in", "play")
#: How a complete hand ended, before its figures score it (``Progress.outcome``).
Ending = Literal["played", "thrown-in", "no-marriage"]
#: The most events a record may hold (a hand has a few dozen calls and 80 cards).
MAX_EVENTS = 1000
#: The longest comment or tag value kept.
MAX_TEXT = 2000
#: The largest record file read.
MAX_FILE = 1 << 20
FORMAT = "pinochle-calc record"
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
_TAG_LINE = re.compile(r'\[\s*([^\s"\]]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


class RecordError(UserError):
    """A record that cannot be read or breaks the rules: names the line (text), the event and
    the rule at fault."""


# ----------------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Event:
    """One event of a hand (see the module docstring); ``comment``: free text on it."""

    kind: EventKind
    seat: int
    bid: int | None = None
    suit: int | None = None
    cards: Hand | None = None
    card: int | None = None
    comment: str = ""

    def words(self) -> str:
        """The event in a few words: ``seat 2 calls 50``, ``seat 1 plays K♠``."""
        s = f"seat {self.seat}"
        if self.kind == "call":
            return f"{s} {'passes' if self.bid is None else f'bids {self.bid}'}"
        if self.kind == "contract":
            return f"{s} holds the contract at {self.bid}"
        if self.kind == "request":
            return f"{s} asks for {_suit_text(self.suit)}"
        if self.kind == "trump":
            return f"{s} names {_suit_text(self.suit)}" if self.suit is not None else \
                f"{s} names no trump"
        if self.kind == "pass":
            return f"{s} passes {_cards_text(self.cards)}"
        if self.kind == "meld":
            return f"{s} shows {_cards_text(self.cards)}"
        if self.kind == "throw-in":
            return f"{s} throws the hand in"
        return f"{s} plays {_card_symbol(self.card)}"


def _card_symbol(card: int | None) -> str:
    return CARDS[card].symbol if card is not None and 0 <= card < KINDS else "a card"


def _suit_text(suit: int | None) -> str:
    return "none" if suit is None else SUIT_SYMBOLS[suit]


def _cards_text(cards: Hand | None) -> str:
    return "nothing" if cards is None or not len(cards) else cards.symbols()


@dataclass(frozen=True)
class Record:
    """A hand as recorded: everything is data, checked by ``replay``. ``hands``: each seat's
    cards as dealt (None: not known); ``result`` and ``score`` (us, them) as recorded (filled in
    by the readers wherever the events give them)."""

    rules: RuleSet = STANDARD
    dealer: int = 3
    hands: tuple[Hand | None, ...] = (None, None, None, None)
    events: tuple[Event, ...] = ()
    tags: tuple[tuple[str, str], ...] = ()
    result: str | None = None
    score: tuple[int, int] | None = None

    def tag(self, name: str) -> str | None:
        """The value of a tag (None: absent); names compare without case."""
        low = name.lower()
        return next((v for k, v in self.tags if k.lower() == low), None)

    def with_tag(self, name: str, value: str) -> Record:
        """The record with one tag set (replacing one of the same name)."""
        low = name.lower()
        if any(k.lower() == low for k, _ in self.tags):
            return replace(self, tags=tuple((k, value if k.lower() == low else v)
                                            for k, v in self.tags))
        return replace(self, tags=(*self.tags, (name, value)))

    def then(self, event: Event) -> Record:
        """The record with one more event, checked (``RecordError`` if the rules refuse it)."""
        record = replace(self, events=(*self.events, event), result=None, score=None)
        return settled(record)

    def undo(self) -> Record:
        """The record without its last event."""
        if not self.events:
            raise RecordError("there is no event to undo")
        return settled(replace(self, events=self.events[:-1], result=None, score=None))

    def prefix(self, n: int) -> Record:
        """The record of its first ``n`` events (no result)."""
        return replace(self, events=self.events[:n], result=None, score=None)

    @property
    def known_seats(self) -> tuple[int, ...]:
        return tuple(s for s, h in enumerate(self.hands) if h is not None)

    def to_dict(self) -> dict:
        """The record as JSON data (``to_json``): ``play``'s JSON, the events and the tags."""
        return to_json(self)

    def __repr__(self) -> str:
        return (f"Record(rules={self.rules.name!r}, dealer={self.dealer},"
                f" hands_known={len(self.known_seats)}, events={len(self.events)},"
                f" tags={len(self.tags)}, result={self.result!r}, score={self.score})")


def engine_seat(seat: int, dealer: int) -> int:
    """A table seat as the engine numbers it (from the dealer's left: the dealer is 3)."""
    return (seat - dealer - 1) % 4


def table_seat(seat: int, dealer: int) -> int:
    """An engine seat (from the dealer's left) as the table numbers it."""
    return (seat + dealer + 1) % 4


# ------------------------------------------------------------------------------ the replay


@dataclass(frozen=True)
class TrickPlayed:
    """One trick: its leader, the cards in the order played, the winner, the trick points (the
    last trick's bonus included, scaled)."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int


@dataclass
class Progress:
    """Where a record has got to, every event checked: the auction, the contract, trump, the
    exchange, the meld shown, the tricks, and what comes next."""

    record: Record
    auction: Auction  # engine seats
    contract: tuple[int, int] | None = None  # (table seat, bid)
    given: bool = False  # the contract was given without an auction
    request: int | None = None
    trump_named: bool = False
    trump: int | None = None  # the suit named (None: none, or not yet)
    lost: bool = False  # no marriage: the bidder may name no trump, or had none after the pass
    passes: list[tuple[int, Hand]] = field(default_factory=list)
    melds: dict[int, tuple[int, Hand]] = field(default_factory=dict)  # seat: (points, shown)
    thrown_in: bool = False
    tricks: list[TrickPlayed] = field(default_factory=list)
    trick: list[int] = field(default_factory=list)  # the trick in progress
    leader: int | None = None
    points: list[int] = field(default_factory=lambda: [0, 0])
    played: list[list[int]] = field(default_factory=lambda: [[0] * KINDS for _ in range(4)])
    plays: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in order
    _after: dict = field(default_factory=dict, repr=False)  # after_exchange by (seat, passes)

    # ------------------------------------------------------------------- what the hand is

    @property
    def rules(self) -> RuleSet:
        return self.record.rules

    @property
    def dealer(self) -> int:
        return self.record.dealer

    @property
    def bidder(self) -> int | None:
        return None if self.contract is None else self.contract[0]

    @property
    def declarer(self) -> int:
        """The bidder's seat, once there is a contract."""
        if self.contract is None:
            raise RecordError("no contract yet")
        return self.contract[0]

    @property
    def exchange_cards(self) -> int:
        """The cards each of the bidder and partner passes (0: none)."""
        return self.rules.pass_cards

    def passed(self, seat: int) -> Hand | None:
        """The cards ``seat`` passed (None: none yet)."""
        return next((cards for s, cards in self.passes if s == seat), None)

    def received(self, seat: int) -> Hand | None:
        return self.passed(seat ^ 2)

    def exchange_done(self) -> bool:
        n = self.exchange_cards
        return not n or len(self.passes) == 2

    def after_exchange(self, seat: int) -> Hand | None:
        """The seat's cards after the exchange (None: not known)."""
        key = (seat, len(self.passes))
        if key not in self._after:
            self._after[key] = self._after_exchange(seat)
        return self._after[key]

    def _after_exchange(self, seat: int) -> Hand | None:
        hand = self.record.hands[seat]
        if hand is None:
            return None
        given, got = self.passed(seat), self.received(seat)
        # the bidder who passes back after the partner may return what it received: it takes
        # the cards first; every other seat passes from the cards it was dealt
        first = self.rules.pass_order == "partner-first" and seat == self.declarer
        counts = list(hand.counts)
        for cards, sign in ((got, 1), (given, -1)) if first else ((given, -1), (got, 1)):
            if cards is not None:
                counts = [a + sign * b for a, b in zip(counts, cards.counts)]
        return Hand(min(COPIES, max(0, n)) for n in counts)

    def holding(self, seat: int) -> Hand | None:
        """The seat's cards now (None: not known)."""
        counts = self.holding_counts(seat)
        return None if counts is None else Hand(counts)

    def holding_counts(self, seat: int) -> list[int] | None:
        """``holding`` as 20 counts."""
        hand = self.after_exchange(seat)
        if hand is None:
            return None
        return [h - p for h, p in zip(hand.counts, self.played[seat])]

    @property
    def played_hand(self) -> bool:
        """Whether the cards are played (or are to be)."""
        if self.trump is None or self.lost:
            return False
        if self.rules.concession == "play":
            return True
        return not self.thrown_in and not self.under_min()

    def side_meld(self) -> tuple[int, int] | None:
        """Each side's meld, where all four seats' meld is in the record."""
        if len(self.melds) < 4:
            return None
        return (self.melds[0][0] + self.melds[2][0], self.melds[1][0] + self.melds[3][0])

    def under_min(self) -> bool:
        """Whether the bidding side melds under the minimum (known where both partners' meld
        is in the record)."""
        rules = self.rules
        if not rules.min_meld or self.contract is None:
            return False
        s = self.contract[0]
        if s not in self.melds or (s ^ 2) not in self.melds:
            return False
        return self.melds[s][0] + self.melds[s ^ 2][0] < rules.min_meld_points

    def trick_points(self) -> tuple[int, int] | None:
        """The sides' trick points, once every trick is played."""
        if len(self.tricks) < HAND_SIZE:
            return None
        return self.points[0], self.points[1]

    # ----------------------------------------------------------------- what comes next

    def next(self) -> tuple[str, int | None]:
        """What the hand waits for: ``(kind, seat)``; kind ``call``, ``request``, ``pass``,
        ``trump``, ``meld`` (seat None: any seat yet to show), ``play`` or ``over``."""
        auction = self.auction
        if self.contract is None:
            return "call", table_seat(auction.next_seat or 0, self.dealer)
        bidder = self.contract[0]
        n = self.exchange_cards
        early = n and self.rules.pass_when == "before-trump"
        if early and len(self.passes) < 2:
            if not self.passes and self.request is None:
                return "request", bidder
            return "pass", bidder ^ 2 if not self.passes else bidder
        if not self.trump_named:
            return "trump", bidder
        if n and not early and self.trump is not None and len(self.passes) < 2:
            return "pass", bidder ^ 2 if not self.passes else bidder
        if self.trump is None or self.lost:
            return ("meld", None) if len(self.melds) < 4 and not self.plays else ("over", None)
        if not self.played_hand:
            if len(self.melds) < 4 and not self.plays:
                return "meld", None
            return "over", None
        if len(self.tricks) == HAND_SIZE:
            return "over", None
        if not self.plays and len(self.melds) < 4:
            return "meld", None
        return "play", self.to_play()

    def to_play(self) -> int:
        leader = self.declarer if self.leader is None else self.leader
        return (leader + len(self.trick)) % 4

    @property
    def complete(self) -> bool:
        """Whether the hand is over: every trick played, or it ended without play."""
        kind, _ = self.next()
        if kind == "over":
            return True
        return kind == "meld" and not self.played_hand and self.contract is not None \
            and self.trump_named

    def outcome(self) -> Ending | None:
        """How the hand ended: played (its figures make it made or set), thrown-in or
        no-marriage (None: not over, or not known)."""
        if not self.complete:
            return None
        if self.trump is None or self.lost:
            return "no-marriage"
        if self.thrown_in:
            return "thrown-in"
        return "played"

    def scored(self) -> HandScore | None:
        """The hand scored by the rules, where the record holds all it takes."""
        outcome = self.outcome()
        meld = self.side_meld()
        if outcome is None or meld is None or self.contract is None:
            return None
        tricks = self.trick_points()
        if self.played_hand and tricks is None:
            return None
        seat, bid = self.contract
        ended = None if outcome == "played" else outcome
        return score_hand(HandInput(seat & 1, bid, meld, tricks or (None, None), ended),
                          self.rules)


def replay(record: Record) -> Progress:
    """Every event of the record checked in order (``RecordError`` naming the first at fault);
    where the hand is complete and the record says its result or score, those are checked too.
    The same record replays once (the last few are kept): treat the result as read-only."""
    return _replay(record)


@lru_cache(maxsize=32)
def _replay(record: Record) -> Progress:
    from ..bidding.auction import start

    _check_header(record)
    progress = Progress(record, start(record.rules))
    if len(record.events) > MAX_EVENTS:
        raise RecordError(f"a record of more than {MAX_EVENTS:,} events: a hand has about 100")
    later = _later_plays(record)
    for number, event in enumerate(record.events, 1):
        try:
            _apply(progress, event, number, later)
        except RecordError as e:
            raise RecordError(f"event {number} ({event.words()}): {e}") from None
    _check_result(progress)
    return progress


def settled(record: Record) -> Record:
    """The record checked, with the result and score the events give filled in."""
    progress = replay(record)
    score = progress.scored()
    if score is None:
        return record
    return replace(record, result=score.result, score=score.points)


def _check_header(record: Record) -> None:
    if record.dealer not in range(4):
        raise RecordError(f"the dealer is a seat 0 to 3, not {record.dealer!r}")
    if len(record.hands) != 4:
        raise RecordError(f"a record has four seats' hands, not {len(record.hands)}")
    for s, hand in enumerate(record.hands):
        if hand is not None and len(hand) != HAND_SIZE:
            raise RecordError(f"seat {s} was dealt {len(hand)} cards, not {HAND_SIZE}")
    _check_deck(record.hands, "the hands dealt")


def _check_deck(hands, what: str) -> None:
    for i in range(KINDS):
        n = sum(h.counts[i] if isinstance(h, Hand) else h[i] for h in hands if h is not None)
        if n > COPIES:
            raise RecordError(f"{what} hold {n} {CARDS[i].symbol}: a double deck has only"
                              f" {COPIES}")


def _later_plays(record: Record) -> list[list[list[int]]]:
    """For each event, each seat's cards played from that event on (20 counts)."""
    out: list[list[list[int]]] = []
    now = [[0] * KINDS for _ in range(4)]
    for event in reversed(record.events):
        if event.kind == "play" and event.card is not None and event.seat in range(4) \
                and event.card in range(KINDS):
            now = [row[:] for row in now]
            now[event.seat][event.card] += 1
        out.append(now)
    out.reverse()
    return out


def _seat(event: Event) -> int:
    if event.seat not in range(4):
        raise RecordError(f"a seat is 0 to 3, not {event.seat!r}")
    return event.seat


def _expect(progress: Progress, event: Event) -> None:
    """Refuse an event that does not come now, saying what does."""
    kind, seat = progress.next()
    ok = event.kind == kind
    if kind == "request" and event.kind == "pass":
        ok = True  # the bidder may ask for no suit
        seat = progress.declarer ^ 2
    if kind in ("meld", "play") and event.kind == "throw-in" and not progress.plays:
        ok, seat = True, progress.declarer  # the bidder concedes before the first card
    if kind == "meld" and event.kind == "play":
        ok, seat = True, progress.to_play()  # meld is shown as far as the record knows it
    if event.kind == "contract" and not progress.auction.calls and progress.contract is None:
        ok, seat = True, event.seat
    if not ok:
        raise RecordError(f"a {event.kind} does not come here: {_waiting(progress, kind, seat)}")
    if seat is not None and event.seat != seat:
        raise RecordError(f"it is seat {seat}'s turn, not seat {event.seat}'s"
                          f" ({_waiting(progress, kind, seat)})")


def _waiting(progress: Progress, kind: str, seat: int | None) -> str:
    if kind == "over":
        return "the hand is over"
    who = "a seat" if seat is None else f"seat {seat}"
    what = {"call": "to call", "request": "to ask for a suit (or its partner to pass)",
            "pass": f"to pass {progress.exchange_cards} cards", "trump": "to name trump",
            "meld": "to show its meld", "play": "to play a card"}[kind]
    if kind == "meld" and progress.contract is not None:
        what += " (or the first card, or the bidder's throw-in)"
    return f"the hand waits for {who} {what}"


def _apply(progress: Progress, event: Event, number: int, later) -> None:
    from ..bidding.auction import AuctionError

    rules = progress.rules
    if event.kind not in EVENT_KINDS:
        raise RecordError(f"unknown event {event.kind!r}")
    seat = _seat(event)
    _expect(progress, event)
    if event.kind == "call":
        if event.bid is not None and not 0 <= event.bid <= 10**15:
            raise RecordError(f"a bid of {event.bid} is out of range")
        try:
            progress.auction = progress.auction.then(event.bid)
        except AuctionError as e:
            text = re.sub(r"^call \d+ \('[^']*'\): ", "", str(e))
            raise RecordError(f"{text} ({_auction_rule(text)})") from None
        if progress.auction.finished:
            a = progress.auction
            if a.high_seat is not None and a.high is not None:
                progress.contract = (table_seat(a.high_seat, progress.dealer), a.high)
        return
    if event.kind == "contract":
        bid = event.bid
        if bid is None:
            raise RecordError("a contract is a bid")
        problem = rules.bid_problem(bid)
        if problem:
            raise RecordError(f"contract: {problem} (bidding.steps)")
        progress.contract, progress.given = (seat, bid), True
        return
    if event.kind == "request":
        if event.suit not in range(4):
            raise RecordError("a request names a suit: S, H, D or C")
        progress.request = event.suit
        return
    if event.kind == "trump":
        _name_trump(progress, event)
        return
    if event.kind == "pass":
        _pass(progress, event)
        return
    if event.kind == "meld":
        _meld(progress, event, later[number - 1])
        return
    if event.kind == "throw-in":
        if progress.plays:
            raise RecordError("the bidder throws the hand in before the first card is played")
        if progress.thrown_in:
            raise RecordError("the hand is thrown in already")
        progress.thrown_in = True
        return
    _play(progress, event, later[number - 1])


def _auction_rule(text: str) -> str:
    """The rule a refused call breaks, as the rule files name it."""
    if "below the minimum" in text:
        return "bidding.min_bid"
    if "off the bidding steps" in text:
        return "bidding.steps"
    if "already ended" in text:
        return "the auction ends when three have passed; bidding.rounds"
    if "dealer" in text:
        return "the stuck dealer bids the minimum"
    return "each bid is above the last"


def _may_name(hand: Hand, rules: RuleSet, needs: bool) -> list[int]:
    from ..meld.engine import meld

    return [t.trump for t in meld(hand, rules).trumps if t.callable or not needs]


def _name_trump(progress: Progress, event: Event) -> None:
    from .whole import needs_marriage

    rules = progress.rules
    exchanged = bool(progress.passes)
    hand = progress.after_exchange(event.seat)
    needs = needs_marriage(rules, exchanged)
    if event.suit is not None and event.suit not in range(4):
        raise RecordError("trump is a suit: S, H, D or C (or none)")
    if hand is not None:
        allowed = _may_name(hand, rules, needs)
        if event.suit is None and allowed:
            suits = " ".join(SUIT_SYMBOLS[t] for t in allowed)
            raise RecordError(f"seat {event.seat} may name {suits}: only a bidder with no"
                              " marriage names none"
                              " (bidding.marriage_required)")
        if event.suit is not None and event.suit not in allowed:
            raise RecordError(f"seat {event.seat} holds no marriage in"
                              f" {SUIT_SYMBOLS[event.suit]}: it may not name it"
                              f" (bidding.marriage_required = {rules.marriage_required})")
    elif event.suit is None and rules.marriage_required == "false":
        raise RecordError("under these rules any suit may be named: a bidder always names trump"
                          " (bidding.marriage_required = false)")
    progress.trump_named, progress.trump = True, event.suit
    progress.lost = event.suit is None


def _pass(progress: Progress, event: Event) -> None:
    rules = progress.rules
    n = rules.pass_cards
    cards = event.cards
    if cards is None or len(cards) != n:
        size = 0 if cards is None else len(cards)
        raise RecordError(f"a pass is {n} cards, not {size} (passing.cards)")
    seat = event.seat
    own = progress.record.hands[seat]
    if own is not None:
        now = own
        if rules.pass_order == "partner-first" and progress.passes:
            now = own + progress.passes[0][1]  # the bidder may return what it received
        if any(c > h for c, h in zip(cards.counts, now.counts)):
            raise RecordError(f"seat {seat} does not hold {_cards_text(cards)} ({_holds(now)})")
    progress.passes.append((seat, cards))
    _check_deck(_seen_hands(progress), "the cards seen")
    if len(progress.passes) == 2:
        _after_exchange(progress)


def _after_exchange(progress: Progress) -> None:
    """After the exchange: under ``after-pass`` a bidder without a marriage in the trump named
    loses the bid."""
    rules = progress.rules
    if progress.trump_named and progress.trump is not None \
            and rules.marriage_required == "after-pass":
        hand = progress.after_exchange(progress.declarer)
        if hand is not None and progress.trump not in _may_name(hand, rules, True):
            progress.lost = True


def _holds(hand: Hand) -> str:
    return f"it holds {hand.symbols()}" if len(hand) else "it holds nothing"


def _meld(progress: Progress, event: Event, later) -> None:
    from ..meld.engine import meld

    seat = event.seat
    if seat in progress.melds:
        raise RecordError(f"seat {seat} has shown its meld already")
    cards = event.cards if event.cards is not None else Hand([0] * KINDS)
    report = meld(cards, progress.rules) if len(cards) else None
    points = 0
    if report is not None:
        points = report.best.points if progress.trump is None or progress.lost else \
            report.trumps[progress.trump].points
    hand = progress.after_exchange(seat)
    if hand is not None and any(c > h for c, h in zip(cards.counts, hand.counts)):
        raise RecordError(f"seat {seat} shows {_cards_text(cards)} but {_holds(hand)} after the"
                          " exchange")
    progress.melds[seat] = (points, cards)
    _check_deck(_seen_hands(progress), "the cards seen")


def _play(progress: Progress, event: Event, later) -> None:
    from ..play.tricks import legal_cards, rule_in_force, trick_points, trick_winner

    card, seat, rules = event.card, event.seat, progress.rules
    if card is None or not 0 <= card < KINDS:
        raise RecordError("a play is one card")
    trump = progress.trump
    if trump is None:
        raise RecordError("no card is played without trump")
    if progress.leader is None:
        progress.leader = progress.declarer
    held = _lower_bound(progress, seat, later[seat])
    size = HAND_SIZE - len(progress.tricks)
    if sum(held) > size:
        raise RecordError(f"seat {seat} is seen with {sum(held)} cards ({_counts_text(held)}) but"
                          f" holds {size} at trick {len(progress.tricks) + 1}")
    exact = progress.holding_counts(seat)
    if exact is not None and not exact[card]:
        raise RecordError(f"seat {seat} does not hold {CARDS[card].symbol}"
                          f" ({_holds(Hand(exact))})")
    allowed = legal_cards(held, progress.trick, trump)
    if card not in allowed:
        rule = rule_in_force(held, progress.trick, trump)
        rule = _symbols(rule)
        seen = ""
        if exact is None:
            shown = [CARDS[c].symbol for c in allowed if later[seat][c]]
            seen = f" (seat {seat} held {', '.join(shown)}: it plays them later)" if shown \
                else f" (seat {seat} held {_counts_text(held)})"
        raise RecordError(f"{CARDS[card].symbol} may not be played: {rule}{seen} (the play"
                          " rules)")
    progress.played[seat][card] += 1
    progress.plays.append((seat, card))
    if exact is None:  # a known hand holds the card; an unknown one may show a fifth copy
        _check_deck(_seen_hands(progress), "the cards seen")
    progress.trick.append(card)
    if len(progress.trick) == 4:
        cards = tuple(progress.trick)
        winner = (progress.leader + trick_winner(cards, trump)) % 4
        last = len(progress.tricks) == HAND_SIZE - 1
        points = trick_points(cards, last=last, scale=rules.scale)
        progress.tricks.append(TrickPlayed(progress.leader, cards, winner, points))
        progress.points[winner & 1] += points
        progress.trick, progress.leader = [], winner


def _symbols(text: str) -> str:
    """A rule's words with the cards as players write them (``A♥``, not ``AH``)."""
    def card(m: re.Match) -> str:
        return Card.parse(m.group()).symbol

    return re.sub(r"\b(?:10|[AKQJ])[SHDC]\b", card, text)


def _counts_text(counts) -> str:
    return _cards_text(Hand(counts)) if any(counts) else "no cards"


def _lower_bound(progress: Progress, seat: int, later_plays: list[int]) -> list[int]:
    """The cards the seat surely holds now: its hand where known; else the cards it plays from
    now on, its meld shown and the cards it received, less those it has played."""
    exact = progress.holding_counts(seat)
    if exact is not None:
        return exact
    played = progress.played[seat]
    out = list(later_plays)
    extra = [progress.melds.get(seat, (0, None))[1], progress.received(seat)]
    for cards in extra:
        if cards is None:
            continue
        for i, n in enumerate(cards.counts):
            out[i] = max(out[i], n - played[i])
    return out


def _seen_hands(progress: Progress) -> list[list[int]]:
    """Each seat's cards as dealt, as far as the record shows them: its hand, else the cards it
    played, showed or received, less what it received, plus what it passed."""
    out = []
    for s in range(4):
        hand = progress.record.hands[s]
        if hand is not None:
            out.append(list(hand.counts))
            continue
        after = list(progress.played[s])
        got, gave = progress.received(s), progress.passed(s)
        shown = progress.melds.get(s, (0, None))[1]
        for cards in (shown, got):
            if cards is not None:
                after = [max(a, c) for a, c in zip(after, cards.counts)]
        if got is not None:
            after = [max(0, a - c) for a, c in zip(after, got.counts)]
        if gave is not None:
            after = [a + c for a, c in zip(after, gave.counts)]
        out.append(after)
    return out


def _check_result(progress: Progress) -> None:
    record = progress.record
    if record.result is not None and record.result not in RESULTS:
        raise RecordError(f"unknown result {record.result!r}: one of {', '.join(RESULTS)}")
    outcome = progress.outcome()
    if outcome is None:
        if record.result is not None and progress.contract is not None \
                and not progress.complete and progress.next()[0] != "meld":
            raise RecordError(f"the record says {record.result}, but the hand is not over:"
                              f" {_waiting(progress, *progress.next())}")
        return
    said = record.result
    if said is not None:
        if outcome in ("no-marriage", "thrown-in") and said != outcome:
            raise RecordError(f"the record says {said}, but the hand ended by {outcome}")
        if outcome == "played" and said in ("thrown-in", "no-marriage"):
            raise RecordError(f"the record says {said}, but the hand was played")
    score = progress.scored()
    if score is None:
        return
    result = score.result
    why = "; ".join(score.notes)
    if said is not None and said != result:
        raise RecordError(f"the record says {said}; the scoring rules give {result}"
                          + (f" ({why})" if why else ""))
    if record.score is not None and tuple(record.score) != score.points:
        us, them = record.score
        raise RecordError(f"the score us {us:+d}, them {them:+d} does not add up: the scoring"
                          f" rules give us {score.points[0]:+d}, them {score.points[1]:+d}"
                          + (f" ({why})" if why else ""))


# ----------------------------------------------------------------------------- rule sets


def rules_spec(rules: RuleSet) -> str:
    """The rule set as a ``--rules`` value that loads back to it without any file: a preset's
    name, a preset with overrides, or ``standard`` with every difference (and the name)."""
    from ..rules import _toml_value

    try:
        if _spec_ok(rules.name) and load_rules(rules.name) == rules:
            return rules.name
    except UserError:
        pass
    items = ["standard"]
    if rules.name != "standard":
        items.append(f"name={json.dumps(rules.name, ensure_ascii=False)}")
    for path, (name, kind) in SCHEMA.items():
        value = getattr(rules, name)
        if name == "name" or value == getattr(STANDARD, name):
            continue
        if kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        items.append(f"{path}={_toml_value(value)}")
    return ",".join(items)


def _spec_ok(text: str) -> bool:
    """Whether a rules value names no file: a preset, alone or with overrides."""
    head = text.split(",", 1)[0].strip().lower()
    return head in PRESETS


def load_spec(text: str) -> RuleSet:
    """The rule set a record names (a preset, with overrides): never a file."""
    if not _spec_ok(text):
        raise RecordError(f"rules {quoted(text)}: a record names its rules as a preset"
                          f" ({', '.join(PRESETS)}) with any key=value overrides, not a file")
    try:
        return load_rules(text)
    except UserError as e:
        raise RecordError(f"rules: {e}") from None


# ------------------------------------------------------------------------------ the text


def write_text(record: Record) -> str:
    """The record as text (see docs/records.md): tags, hands, one event a line (a trick a
    line), the result and the score."""
    lines = [f'[Rules "{_escape(rules_spec(record.rules))}"]', f'[Dealer "{record.dealer}"]']
    lines += [f'[{name} "{_escape(value)}"]' for name, value in record.tags]
    lines.append("")
    for s, hand in enumerate(record.hands):
        if hand is not None:
            lines.append(f"hand {s}: {hand.symbols()}")
    progress = _quiet_progress(record)
    trick: list[str] = []
    for event in record.events:
        if event.kind == "play":
            if not trick:
                trick = [f"lead {event.seat}:"]
            trick.append(_card_symbol(event.card) + _comment(event.comment))
            if len(trick) == 5:
                lines.append(" ".join(trick))
                trick = []
            continue
        lines.append(_event_line(event, progress))
    if trick:
        lines.append(" ".join(trick))
    if record.result is not None:
        lines.append(f"result: {record.result}")
    if record.score is not None:
        us, them = record.score
        lines.append(f"score: us {us:+d}, them {them:+d}")
    return "\n".join(lines) + "\n"


def _quiet_progress(record: Record) -> Progress | None:
    try:
        return replay(record)
    except RecordError:
        return None


def _event_line(event: Event, progress: Progress | None) -> str:
    head = f"{event.kind} {event.seat}"
    if event.kind == "call":
        value = "pass" if event.bid is None else str(event.bid)
    elif event.kind == "contract":
        value = str(event.bid)
    elif event.kind in ("request", "trump"):
        value = _suit_text(event.suit)
    elif event.kind == "pass":
        value = _cards_text(event.cards)
    elif event.kind == "meld":
        points = 0
        if progress is not None and event.seat in progress.melds:
            points = progress.melds[event.seat][0]
        cards = event.cards.symbols() if event.cards is not None and len(event.cards) else ""
        value = f"{points} {cards}".rstrip()
    else:  # throw-in
        return head + _comment(event.comment)
    return f"{head}: {value}{_comment(event.comment)}"


def _comment(text: str) -> str:
    return f" {{{text}}}" if text else ""


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def read_text(text: str | list, name: str = "record") -> Record:
    """A record from its text (a string, or lines as ``lines.read_lines`` gives them); raises
    ``RecordError`` naming the line, the event and the rule at fault."""
    lines = text.splitlines() if isinstance(text, str) else list(text)
    tags: list[tuple[str, str]] = []
    hands: list[Hand | None] = [None] * 4
    events: list[Event] = []
    where: list[int] = []  # the line of each event
    result: str | None = None
    score: tuple[int, int] | None = None
    meld_points: dict[int, tuple[int, int]] = {}  # event number: (points said, line)
    footer: dict[str, int] = {}  # the lines of the result and the score
    rules_text: str | None = None
    dealer: int | None = None
    for n, raw in enumerate(lines, 1):
        at = f"{name} line {n}"
        if isinstance(raw, UserError):
            raise RecordError(f"{at}: {raw}")
        line = raw.strip()
        if n == 1:
            line = line.lstrip("\ufeff")
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith("["):
                key, value = _tag(line)
                if events or any(h is not None for h in hands):
                    raise RecordError("tags come before the hands and the events")
                if key.lower() in ("rules", "dealer") and key.lower() in footer:
                    raise RecordError(f"tag {key} is given twice")
                if key.lower() == "rules":
                    rules_text, footer["rules"] = value, n
                elif key.lower() == "dealer":
                    if value.strip() not in ("0", "1", "2", "3"):
                        raise RecordError(f"the dealer is a seat 0 to 3, not {quoted(value)}")
                    dealer, footer["dealer"] = int(value), n
                else:
                    if any(k.lower() == key.lower() for k, _ in tags):
                        raise RecordError(f"tag {key} is given twice")
                    tags.append((key, value))
                continue
            if result is not None or score is not None:
                if not line.startswith(("result", "score")):
                    raise RecordError("nothing comes after the result and the score")
            kind, seat, value, comment = split_line(line)
            if kind == "hand":
                if events:
                    raise RecordError("the hands come before the events")
                s = _seat_word(seat)
                if hands[s] is not None:
                    raise RecordError(f"seat {s}'s hand is given twice")
                hands[s] = _hand(value, f"seat {s}'s hand")
            elif kind in footer:
                raise RecordError(f"the {kind} is given twice")
            elif kind == "result":
                result, footer["result"] = _result_word(value), n
            elif kind == "score":
                score, footer["score"] = _score_words(value), n
            elif kind == "lead":
                s = _seat_word(seat)
                items = _trick_items(value)
                if not items:
                    raise RecordError("a trick is its leader and its cards: lead 0: A♥ 10♥ K♥"
                                      " J♥")
                if len(items) > 4:
                    raise RecordError(f"a trick is four cards, not {len(items)}")
                for k, (card, remark) in enumerate(items):
                    events.append(Event("play", (s + k) % 4, card=card, comment=remark))
                    where.append(n)
            else:
                event, said = event_from_text(kind, seat, value, comment)
                events.append(event)
                where.append(n)
                if said is not None:
                    meld_points[len(events)] = (said, n)
            if len(events) > MAX_EVENTS:
                raise RecordError(f"more than {MAX_EVENTS:,} events: a hand has about 100")
        except RecordError as e:
            raise RecordError(f"{at}: {e}") from None
    if rules_text is None:
        raise RecordError(f"{name}: no [Rules \"...\"] tag: a record names its rules (a preset"
                          " such as standard)")
    try:
        rules = load_spec(rules_text)
    except RecordError as e:
        raise RecordError(f"{name} line {footer['rules']}: {e}") from None
    record = Record(rules, 3 if dealer is None else dealer, tuple(hands), tuple(events),
                    tuple(tags), result, score)
    return _settle_located(record, name, where, meld_points, footer)


def _settle_located(record: Record, name: str, where: list[int],
                    meld_points: dict[int, tuple[int, int]], footer: dict[str, int]) -> Record:
    """``settled``, its error naming the line of the event at fault; the meld points written
    checked against the cards shown."""
    try:
        done = settled(record)
    except RecordError as e:
        text = str(e)
        m = re.match(r"event (\d+) ", text)
        if m and where:
            line = where[int(m.group(1)) - 1]
            raise RecordError(f"{name} line {line}, {text}") from None
        key = "score" if text.startswith("the score") else "result"
        if key in footer:
            raise RecordError(f"{name} line {footer[key]}: {text}") from None
        raise RecordError(f"{name}: {text}") from None
    if meld_points:
        progress = replay(done)
        for number, (said, line) in meld_points.items():
            event = done.events[number - 1]
            points = progress.melds[event.seat][0]
            if said != points:
                raise RecordError(f"{name} line {line}, event {number} ({event.words()}): the"
                                  f" meld says {said}, but the cards shown make {points} (the"
                                  f" meld table, {record.rules.name})")
    return done


def _tag(line: str) -> tuple[str, str]:
    m = _TAG_LINE.fullmatch(line)
    if m is None:
        raise RecordError(f'not a tag: {quoted(line)}; write [Name "value"]')
    key, value = m.group(1), _unescape(m.group(2))
    if not _TAG_NAME.fullmatch(key):
        raise RecordError(f"tag name {quoted(key)}: letters, digits and _, starting with a"
                          " letter")
    if len(value) > MAX_TEXT or not value.isprintable():
        raise RecordError(f"tag {key}: one line of printable text, at most {MAX_TEXT:,}"
                          " characters")
    return key, value


_LINE = re.compile(r"([a-z][a-z-]*)\s*([0-9]+)?\s*(?::\s*(.*))?", re.S)


def split_line(line: str) -> tuple[str, str | None, str, str]:
    """An event line's kind, seat, value and comment (``{...}`` at its end)."""
    m = _LINE.fullmatch(line)
    kinds = ("hand", "call", "contract", "request", "trump", "pass", "meld", "throw-in",
             "lead", "result", "score")
    if m is None or m.group(1) not in kinds:
        word = line.split()[0] if line.split() else line
        from difflib import get_close_matches

        close = get_close_matches(word.lower(), kinds, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise RecordError(f"not an event: {quoted(shorten(line, 60))}{hint}; a line is a tag,"
                          f" or one of {', '.join(kinds)} with a seat, a colon and its value")
    kind, seat, value = m.group(1), m.group(2), (m.group(3) or "").strip()
    comment = ""
    if kind != "lead":
        value, comment = trailing_comment(value)
    return kind, seat, value, comment


def trailing_comment(value: str) -> tuple[str, str]:
    if "{" not in value and "}" not in value:
        return value, ""
    m = re.fullmatch(r"([^{}]*?)\s*\{([^{}]*)\}", value)
    if m is None:
        raise RecordError("a comment is {text} at the end of the line, without braces inside")
    return m.group(1), _comment_text(m.group(2))


def _comment_text(text: str) -> str:
    text = text.strip()
    if len(text) > MAX_TEXT or not text.isprintable():
        raise RecordError(f"a comment is printable text, at most {MAX_TEXT:,} characters")
    return text


def _seat_word(seat: str | None) -> int:
    if seat is None:
        raise RecordError("give the seat, 0 to 3, after the event's name")
    if seat not in ("0", "1", "2", "3"):
        raise RecordError(f"a seat is 0 to 3, not {quoted(shorten(seat, 12))}")
    return int(seat)


def _hand(text: str, what: str) -> Hand:
    try:
        return Hand.parse(text)
    except UserError as e:
        raise RecordError(f"{what}: {e}") from None


def card_index(text: str) -> int:
    try:
        return Card.parse(text).index
    except UserError as e:
        raise RecordError(str(e)) from None


def _suit(text: str, none_ok: bool) -> int | None:
    word = text.strip().lower()
    if none_ok and word in ("none", "-", "no trump"):
        return None
    try:
        return suit_index(text)
    except UserError as e:
        raise RecordError(str(e) + (" (or none)" if none_ok else "")) from None


def event_from_text(kind: str, seat: str | None, value: str,
                    comment: str) -> tuple[Event, int | None]:
    """An event line read (and, for meld, the points it says)."""
    from ..bidding.auction import AuctionError, parse_call

    s = _seat_word(seat)
    if kind == "throw-in":
        if value:
            raise RecordError("a throw-in has no value: throw-in 0")
        return Event("throw-in", s, comment=comment), None
    if not value and kind != "meld":
        raise RecordError(f"give the {kind}'s value after a colon, e.g. "
                          + {"call": "call 0: 50", "contract": "contract 1: 55",
                             "request": "request 0: ♥", "trump": "trump 0: ♥",
                             "pass": "pass 2: ♥A 10 K Q"}[kind])
    if kind == "call":
        try:
            bid = parse_call(value, 1)
        except AuctionError:
            raise RecordError(f"{quoted(value)} is not a call: a bid is a number, a pass p or"
                              " pass") from None
        return Event("call", s, bid=bid, comment=comment), None
    if kind == "contract":
        if not re.fullmatch(r"[0-9]{1,15}", value):
            raise RecordError(f"a contract is a bid (a number), not {quoted(value)}")
        return Event("contract", s, bid=int(value), comment=comment), None
    if kind == "request":
        return Event("request", s, suit=_suit(value, False), comment=comment), None
    if kind == "trump":
        return Event("trump", s, suit=_suit(value, True), comment=comment), None
    if kind == "pass":
        return Event("pass", s, cards=_hand(value, "the cards passed"), comment=comment), None
    # meld: the points (a number), then the cards shown (none: nothing to show)
    said = None
    m = re.fullmatch(r"([0-9]{1,9})(?:\s+(.*))?", value)
    if m:
        said, value = int(m.group(1)), (m.group(2) or "").strip()
    cards = _hand(value, "the meld shown") if value else Hand([0] * KINDS)
    return Event("meld", s, cards=cards, comment=comment), said


def _trick_items(value: str) -> list[tuple[int, str]]:
    """The cards of a trick line, each with the comment after it."""
    items: list[tuple[int, str]] = []
    for m in re.finditer(r"\{([^{}]*)\}|([^\s{},]+)|([{}])", value):
        if m.group(3):
            raise RecordError("a comment is {text}, without braces inside")
        if m.group(1) is not None:
            if not items:
                raise RecordError("a comment follows the card it is about")
            card, _ = items[-1]
            items[-1] = (card, _comment_text(m.group(1)))
        else:
            items.append((card_index(m.group(2)), ""))
    return items


def _result_word(value: str) -> str:
    word = value.strip().lower().replace(" ", "-")
    word = {"thrown-in": "thrown-in", "throw-in": "thrown-in"}.get(word, word)
    if word not in RESULTS:
        raise RecordError(f"unknown result {quoted(value)}: one of {', '.join(RESULTS)}")
    return word


def _score_words(value: str) -> tuple[int, int]:
    m = re.fullmatch(r"us\s+([+-]?[0-9]{1,15})\s*,?\s*them\s+([+-]?[0-9]{1,15})",
                     value.strip(), re.I)
    if m is None:
        raise RecordError(f"a score is written us +38, them -50, not {quoted(value)}")
    return int(m.group(1)), int(m.group(2))


# ------------------------------------------------------------------------------ the JSON


def to_json(record: Record) -> dict:
    """The record as JSON data: the ``play`` command's keys (each a summary of the events,
    checked when read back) and the record's own (``format``, ``dealer``, ``tags``,
    ``events``)."""
    progress = replay(record)
    out: dict = {"format": FORMAT, "rules": rules_spec(record.rules), "dealer": record.dealer,
                 "tags": dict(record.tags), "hands": [None if h is None else str(h)
                                                     for h in record.hands]}
    out.update(_summary(record, progress))
    out["events"] = [_event_json(e, progress, i) for i, e in enumerate(record.events, 1)]
    return out


def _summary(record: Record, progress: Progress) -> dict:
    """The ``play`` JSON's keys, from the events."""
    from ..exchange.hints import hint_word

    us, them = record.tag("Us"), record.tag("Them")
    calls = [e for e in record.events if e.kind == "call"]
    out: dict = {"policies": {"us": us, "them": them} if us or them else None,
                 "auction": [{"seat": e.seat, "call": "pass" if e.bid is None else e.bid,
                              "meaning": e.comment} for e in calls]}
    contract = None
    if progress.contract is not None:
        seat, bid = progress.contract
        contract = {"seat": seat, "side": SIDES[seat & 1], "bid": bid,
                    "trump": None if progress.trump is None or progress.lost
                    else SUITS[progress.trump]}
    out["contract"] = contract
    exchange = None
    if progress.contract is not None:
        bidder = progress.contract[0]
        to_bidder, to_partner = progress.passed(bidder ^ 2), progress.passed(bidder)
        exchange = {"to_bidder": [str(c) for c in to_bidder] if to_bidder else [],
                    "to_partner": [str(c) for c in to_partner] if to_partner else [],
                    "request": None if progress.request is None else SUITS[progress.request],
                    "hint": hint_word(_hint(record, progress))}
    out["exchange"] = exchange
    melds = [progress.melds[s][0] if s in progress.melds else None for s in range(4)]
    out["melds"] = melds
    side = progress.side_meld()
    out["meld"] = None if side is None else dict(zip(SIDES, side))
    tricks = progress.trick_points()
    out["tricks"] = None if tricks is None else dict(zip(SIDES, tricks))
    total = None
    if side is not None and tricks is not None and record.result in ("made", "set"):
        s = progress.declarer & 1
        total = side[s] + tricks[s]
    out["side_total"] = total
    out["result"] = record.result
    out["score"] = None if record.score is None else dict(zip(SIDES, record.score))
    seed = record.tag("Seed")
    out["seed"] = int(seed) if seed and seed.isdigit() and len(seed) < 19 else None
    prediction = record.tag("Prediction")
    out["prediction"] = float(prediction) if prediction and _is_number(prediction) else None
    out["play"] = [{"leader": t.leader, "cards": [str(CARDS[c]) for c in t.cards],
                    "winner": t.winner, "points": t.points} for t in progress.tricks]
    return out


def _is_number(text: str) -> bool:
    return re.fullmatch(r"[0-9]*\.?[0-9]+", text) is not None


def _hint(record: Record, progress: Progress):
    """What the bidder's calls asked its partner for, under the partner's convention (the
    Us/Them tags of a record ``play`` wrote, or the Convention tag)."""
    from ..bidding.conventions import asked_for

    if progress.contract is None or progress.given:
        return None
    bidder = progress.contract[0]
    convention = convention_of(record, bidder ^ 2)
    if convention is None:
        return None
    return asked_for(progress.auction, engine_seat(bidder, record.dealer), convention)


def convention_of(record: Record, seat: int) -> str | None:
    """The bidding convention a seat's calls are read under: its side's policy (the Us or Them
    tag, ``advisor:jump`` gives ``jump``), else the Convention tag; None: natural bids."""
    from ..bidding.conventions import CONVENTIONS

    policy = record.tag("Us" if seat % 2 == 0 else "Them")
    if policy is not None:
        name = policy.split("/", 1)[0].strip().lower()
        return name.split(":", 1)[1] if name.startswith("advisor:") else None
    word = (record.tag("Convention") or "").strip().lower()
    return word if word in CONVENTIONS else None


def _event_json(event: Event, progress: Progress, number: int) -> dict:
    out: dict = {"event": number, "kind": event.kind, "seat": event.seat}
    if event.kind == "call":
        out["call"] = "pass" if event.bid is None else event.bid
    elif event.kind == "contract":
        out["bid"] = event.bid
    elif event.kind in ("request", "trump"):
        out["suit"] = None if event.suit is None else SUITS[event.suit]
    elif event.kind == "pass":
        out["cards"] = str(event.cards)
    elif event.kind == "meld":
        out["points"] = progress.melds[event.seat][0]
        out["cards"] = str(event.cards) if event.cards is not None else ""
    elif event.kind == "play":
        out["card"] = str(CARDS[event.card or 0])
    if event.comment:
        out["comment"] = event.comment
    return out


def write_json(record: Record) -> str:
    """The record as one line of JSON (``records.dumps``)."""
    from ..records import dumps

    return dumps(to_json(record))


def read_json(data: str | dict, name: str = "record") -> Record:
    """A record from its JSON (text or parsed): the events are the record; the ``play``
    command's summary keys, where present, must agree with them."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"{name}: not JSON: {e.msg} at line {e.lineno} column"
                              f" {e.colno}") from None
        except RecursionError:
            raise RecordError(f"{name}: not JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(f"{name}: a JSON record is an object with rules, dealer, hands and"
                          " events")
    try:
        record = _from_json(data)
    except RecordError as e:
        raise RecordError(f"{name}: {e}") from None
    try:
        done = settled(record)
    except RecordError as e:
        raise RecordError(f"{name}: {e}") from None
    mine = to_json(done)
    for key, value in data.items():
        if key in ("events", "tags", "hands", "rules", "dealer", "format"):
            continue
        if key not in mine:
            raise RecordError(f"{name}: unknown key {quoted(str(key))}; a record's keys are"
                              f" {', '.join(mine)}")
        if value != mine[key] and not (key in ("result", "score") and value is None):
            raise RecordError(f"{name}: {key} is {_short_json(value)}, but the events give"
                              f" {_short_json(mine[key])}")
    for number, item in enumerate(data.get("events") or [], 1):
        if isinstance(item, dict) and item.get("kind") == "meld" and "points" in item:
            said = item["points"]
            if said != mine["events"][number - 1]["points"]:
                event = done.events[number - 1]
                raise RecordError(f"{name}: event {number} ({event.words()}): the meld says"
                                  f" {_short_json(said)}, but the cards shown make"
                                  f" {mine['events'][number - 1]['points']} (the meld table,"
                                  f" {done.rules.name})")
    return done


def _short_json(value) -> str:
    return shorten(json.dumps(value, ensure_ascii=False), 120)


def _from_json(data: dict) -> Record:
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"format {_short_json(fmt)}: a record's format is {FORMAT!r}")
    spec = data.get("rules")
    if not isinstance(spec, str):
        raise RecordError("rules: a preset name (with any key=value overrides), as text")
    rules = load_spec(spec)
    dealer = data.get("dealer", 3)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer not in range(4):
        raise RecordError(f"dealer: a seat 0 to 3, not {_short_json(dealer)}")
    tags_in = data.get("tags") or {}
    if not isinstance(tags_in, dict):
        raise RecordError("tags: an object of names and text values")
    tags = []
    for key, value in tags_in.items():
        if not isinstance(value, str):
            raise RecordError(f"tag {quoted(str(key))}: its value is text")
        tags.append(_tag(f'[{key} "{_escape(value)}"]'))
    hands_in = data.get("hands", [None] * 4)
    if not isinstance(hands_in, list) or len(hands_in) != 4:
        raise RecordError("hands: a list of four hands (text, or null where not known)")
    hands = tuple(None if h is None else _hand(h, f"hands[{s}]") if isinstance(h, str)
                  else _bad(f"hands[{s}]: a hand as text, or null") for s, h in
                  enumerate(hands_in))
    items = data.get("events", [])
    if not isinstance(items, list):
        raise RecordError("events: a list of event objects")
    if len(items) > MAX_EVENTS:
        raise RecordError(f"more than {MAX_EVENTS:,} events: a hand has about 100")
    events = []
    for number, item in enumerate(items, 1):
        try:
            events.append(_json_event(item, number))
        except RecordError as e:
            raise RecordError(f"event {number}: {e}") from None
    result = data.get("result")
    if result is not None:
        if not isinstance(result, str):
            raise RecordError("result: text, one of " + ", ".join(RESULTS))
        result = _result_word(result)
    score_in = data.get("score")
    score = None
    if score_in is not None:
        if not isinstance(score_in, dict) or set(score_in) != set(SIDES) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in score_in.values()):
            raise RecordError('score: {"us": N, "them": N}')
        score = (score_in["us"], score_in["them"])
    return Record(rules, dealer, hands, tuple(events), tuple(tags), result, score)


def _bad(message: str):
    raise RecordError(message)


_JSON_KEYS = {"call": {"call"}, "contract": {"bid"}, "request": {"suit"}, "trump": {"suit"},
              "pass": {"cards"}, "meld": {"cards", "points"}, "throw-in": set(),
              "play": {"card"}}


def _json_event(item, number: int) -> Event:
    if not isinstance(item, dict):
        raise RecordError("an event is an object with kind and seat")
    kind = item.get("kind")
    if kind not in EVENT_KINDS:
        raise RecordError(f"kind {_short_json(kind)}: one of {', '.join(EVENT_KINDS)}")
    extra = set(item) - {"event", "kind", "seat", "comment"} - _JSON_KEYS[kind]
    if extra:
        raise RecordError(f"unknown key {quoted(sorted(extra)[0])} in a {kind} event")
    if "event" in item and item["event"] != number:
        raise RecordError(f"numbered {_short_json(item['event'])}, but it is event {number}")
    seat = item.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
        raise RecordError(f"seat {_short_json(seat)}: a seat is 0 to 3")
    comment = item.get("comment", "")
    if not isinstance(comment, str):
        raise RecordError("comment: text")
    comment = _comment_text(comment) if comment else ""
    if "{" in comment or "}" in comment:
        raise RecordError("a comment has no braces")
    if kind == "call":
        call = item.get("call")
        if call == "pass":
            return Event("call", seat, comment=comment)
        if not isinstance(call, int) or isinstance(call, bool) or call < 0:
            raise RecordError(f"call {_short_json(call)}: a bid (a number) or \"pass\"")
        return Event("call", seat, bid=call, comment=comment)
    if kind == "contract":
        bid = item.get("bid")
        if not isinstance(bid, int) or isinstance(bid, bool) or bid < 0:
            raise RecordError(f"bid {_short_json(bid)}: a number")
        return Event("contract", seat, bid=bid, comment=comment)
    if kind in ("request", "trump"):
        suit = item.get("suit")
        if suit is None and kind == "trump":
            return Event("trump", seat, comment=comment)
        if not isinstance(suit, str):
            raise RecordError(f"suit {_short_json(suit)}: S, H, D or C")
        return Event(kind, seat, suit=_suit(suit, False), comment=comment)
    if kind in ("pass", "meld"):
        cards = item.get("cards", "")
        if not isinstance(cards, str):
            raise RecordError("cards: a hand as text")
        hand = _hand(cards, "cards") if cards.strip() or kind == "pass" else Hand([0] * KINDS)
        if kind == "meld" and "points" in item and (not isinstance(item["points"], int)
                                                    or isinstance(item["points"], bool)):
            raise RecordError("points: a number")
        return Event(kind, seat, cards=hand, comment=comment)
    if kind == "throw-in":
        return Event("throw-in", seat, comment=comment)
    card = item.get("card")
    if not isinstance(card, str):
        raise RecordError("card: one card as text, such as AH")
    return Event("play", seat, card=card_index(card), comment=comment)


# ------------------------------------------------------------------------ a card position


def card_position(progress: Progress, seat: int, *, engine: bool = False) -> Position | None:
    """What ``seat`` knows when it is to play a card (``play.position.Position``): its cards
    now, trump, the tricks so far and the trick in progress, the contract, every seat's meld
    shown and, on the bidding side, the cards it passed and received; never the hidden hands.
    None where its hand is not known or no card is played (no trump, no contract). ``engine``:
    seats numbered as the engine numbers them (from the dealer's left), as whole hands advise
    their card players, so that a seed gives the same deals of the unseen cards."""
    from ..play.position import PlayedTrick, Position

    held = progress.holding(seat)
    if held is None or progress.trump is None or progress.contract is None:
        return None
    turn = (-progress.dealer - 1) % 4 if engine else 0

    def at(s: int) -> int:
        return (s + turn) % 4

    bidder, bid = progress.contract
    bidding = (seat ^ bidder) & 1 == 0 and progress.rules.pass_cards > 0
    shown: list[Hand | None] = [None] * 4
    for s, (_, cards) in progress.melds.items():
        shown[at(s)] = cards
    return Position(held, progress.trump, at(seat),
                    tuple(PlayedTrick(at(t.leader), t.cards) for t in progress.tricks),
                    tuple(progress.trick), (at(bidder), bid),
                    (shown[0], shown[1], shown[2], shown[3]),
                    progress.passed(seat) if bidding else None,
                    progress.received(seat) if bidding else None)


# ------------------------------------------------------------------------------ an event


def find_event(record: Record, text: str) -> int:
    """The number of the event ``text`` names: its number (1 to one past the last: after the
    last event), ``call N`` (the N-th call), ``trick N`` (the first card of trick N), or the
    first ``request``, ``pass``, ``trump``, ``meld``, ``throw-in`` or ``play``."""
    word = " ".join(text.strip().lower().split())
    last = len(record.events) + 1
    if word.isdigit() and len(word) < 10:
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


# ------------------------------------------------------------------------- reading a file


def read_record(text: str, name: str = "record") -> Record:
    """A record in either form: JSON (the text starts with ``{``) or the text form."""
    body = text.lstrip("\ufeff").lstrip()
    if body.startswith("{"):
        return read_json(body, name)
    return read_text(text, name)


def load_record(path: str) -> Record:
    """The record in a file (``-``: standard input), either form; lines as ``lines.read_lines``
    reads them (any line ending, a byte order mark dropped)."""
    import io

    from ..lines import read_bytes, read_lines

    name = "stdin" if path == "-" else path
    try:
        data = read_bytes(path, MAX_FILE)
    except UserError as e:
        raise RecordError(str(e)) from None
    if len(data) > MAX_FILE:
        raise RecordError(f"{name}: a record is at most {MAX_FILE:,} bytes")
    lines = list(read_lines(io.BytesIO(data)))
    first = next((line for line in lines if not isinstance(line, str) or line.strip()), "")
    if isinstance(first, str) and first.lstrip().startswith("{"):
        bad = next((n for n, line in enumerate(lines, 1) if not isinstance(line, str)), None)
        if bad is not None:
            raise RecordError(f"{name} line {bad}: {lines[bad - 1]}")
        return read_json("\n".join(str(line) for line in lines), name)
    return read_text(lines, name)


__all__ = ["Record", "Event", "Progress", "TrickPlayed", "RecordError", "replay", "settled",
           "read_text", "write_text", "read_json", "write_json", "to_json", "read_record",
           "load_record", "rules_spec", "load_spec", "engine_seat", "table_seat",
           "convention_of", "find_event", "card_position", "EVENT_KINDS", "RESULTS", "FORMAT"]
