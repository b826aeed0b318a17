"""The hand: one immutable state, advanced by events.

``HandState.deal(hands, rules, dealer)`` is a hand before the first call; ``state.apply(event)``
is the hand after one more event, checked against the rules (a ``RecordError`` naming the
event, the seat and the rule where they refuse it); ``state.next_decision()`` says whose
decision comes next and of what kind. Whole hands (the engine asks the seat whose decision it
is for an event and applies it), records (read, replayed, continued, reviewed), the table and
the library all advance this one state.

Seats are the table's (``Seat``), fixed for the game; the seat on the dealer's left calls
first. A seat's cards may be unknown (a record of one player's hand): the state then checks
what it can from what the seat is seen with (``seen``: its meld shown, the cards it received,
and for a record read whole, every card the record shows it playing), refusing a play those
cards alone show was illegal.

**Decision (no trump named).** When the bidder cannot name trump nobody melds, but a rule set
whose concession scores the opponents' meld needs a figure: each seat's meld is then the meld
of the cards it shows in its own best suit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import add, sub
from typing import TYPE_CHECKING, Literal, NamedTuple

from ...cards import CARDS, COPIES, HAND_SIZE, KINDS, SUIT_SYMBOLS
from ...hand import Hand
from ...rules import RuleSet
from ...scoring import HandInput, HandScore, score_hand
from ...seats import SEATS, Seat, Side
from ...stores import kept
from .errors import RecordError
from .events import (
    HIDDEN,
    Call,
    Contract,
    Event,
    MeldShown,
    Pass,
    Play,
    Request,
    ThrowIn,
    Trump,
    cards_text,
)

if TYPE_CHECKING:
    from ...bidding.auction import Auction
    from ...meld.engine import TrumpMeld
    from ...play.tricks import Trick

DecisionKind = Literal["call", "request", "pass", "trump", "meld", "play", "over"]
#: How a complete hand ended, before its figures score it (``HandState.outcome``).
Ending = Literal["played", "thrown-in", "no-marriage"]
Counts = tuple[int, ...]
_NONE: Counts = (0,) * KINDS


class Decision(NamedTuple):
    """What the hand waits for: ``kind`` (``call``, ``request``, ``pass``, ``trump``, ``meld``,
    ``play``, ``over``) and the ``seat`` to decide (None for meld: any seat yet to show; the
    lowest such seat is ``first``). ``may_throw_in``: before this card (the first) the bidder
    may concede instead."""

    kind: DecisionKind
    seat: Seat | None
    first: Seat | None = None
    may_throw_in: bool = False


class Contracted(NamedTuple):
    """The contract: the bidder's seat and the bid; ``given`` without an auction."""

    seat: Seat
    bid: int
    given: bool = False

    @property
    def side(self) -> Side:
        return self.seat.side


def shown_cards(melds: TrumpMeld, hand: Hand) -> Hand:
    """The cards a seat shows by declaring its meld: a card may serve in one meld of each type,
    so the seat holds at least the cards of each type's melds together."""
    types = {"pinochle": 1, "aces_around": 2, "kings_around": 2, "queens_around": 2,
             "jacks_around": 2}
    need = [[0] * KINDS for _ in range(3)]
    for m in melds.melds:
        row = need[types.get(m.name, 0)]
        for card in m.cards:
            row[card.index] += 1
    return Hand(min(max(col), held) for col, held in zip(zip(*need), hand.counts))


def _add(a: Counts, b: Counts, sign: int = 1) -> Counts:
    return tuple(map(add if sign > 0 else sub, a, b))


@kept(1024)
def _exchanged(hand: Hand, given: Hand | None, got: Hand | None, first: bool) -> Hand:
    """``hand`` less the cards ``given`` and with the cards ``got`` (``first``: taken before
    giving), each count kept within 0 to 4 (``HandState.after_exchange``, kept: a seat's
    cards after the exchange are asked at every card)."""
    counts = hand.counts
    for cards, sign in ((got, 1), (given, -1)) if first else ((given, -1), (got, 1)):
        if cards is not None:
            counts = _add(counts, cards.counts, sign)
    return Hand(min(COPIES, max(0, n)) for n in counts)


def _most(*rows: Counts | None) -> Counts:
    out = _NONE
    for row in rows:
        if row is not None:
            out = tuple(max(x, y) for x, y in zip(out, row))
    return out


def _seen_as_dealt(played: int, shown: int, got: int, gave: int) -> int:
    """The copies of a card a seat whose cards are not known is seen to have been dealt: the
    most it has played, showed or received, less those it received, plus those it passed."""
    return max(0, max(played, shown, got) - got) + gave


def _check_copies(what: str, card: int, n: int) -> None:
    """Refuse ``n`` copies of ``card`` seen where a double deck has fewer."""
    if n > COPIES:
        raise RecordError(f"{what} hold {n} {CARDS[card].symbol}: a double deck has only"
                          f" {COPIES}")


def _holds(counts: Counts) -> str:
    return f"it holds {Hand(counts).symbols()}" if any(counts) else "it holds nothing"


@dataclass(frozen=True)
class HandState:
    """A hand after some events (module docstring). ``dealt``: each seat's cards as dealt
    (None: not known); ``seen_ahead``: for a seat whose cards are not known, the cards the
    whole record shows it playing (None: not looked ahead)."""

    rules: RuleSet
    dealer: Seat
    dealt: tuple[Hand | None, ...]
    auction: Auction
    seen_ahead: tuple[Counts | None, ...] = (None, None, None, None)
    contract: Contracted | None = None
    request: int | None = None
    trump_named: bool = False
    trump: int | None = None
    lost: bool = False  # the bidder could name no trump, or had no marriage after the pass
    passes: tuple[tuple[Seat, Hand | None], ...] = ()  # None: a hidden pass
    melds: tuple[tuple[int, Hand] | None, ...] = (None, None, None, None)
    thrown_in: bool = False
    tricks: tuple[Trick, ...] = ()
    trick: tuple[int, ...] = ()
    leader: Seat | None = None
    points: tuple[int, int] = (0, 0)
    played: tuple[Counts, ...] = (_NONE, _NONE, _NONE, _NONE)
    events: int = 0

    @classmethod
    def deal(cls, hands, rules: RuleSet, dealer: Seat | int = Seat.THREE,
             seen_ahead: tuple[Counts | None, ...] = (None, None, None, None)) -> HandState:
        """A hand before the first call: the four seats' cards (None: not known)."""
        from ...bidding.auction import start

        if dealer not in range(4):
            raise RecordError(f"the dealer is a seat 0 to 3, not {dealer!r}")
        hands = tuple(hands)
        if len(hands) != 4:
            raise RecordError(f"a hand has four seats' cards, not {len(hands)}")
        for s, hand in enumerate(hands):
            if hand is not None and len(hand) != HAND_SIZE:
                raise RecordError(f"seat {s} was dealt {len(hand)} cards, not {HAND_SIZE}",
                                  seat=s)
        state = cls(rules, Seat(dealer), hands, start(rules), seen_ahead)
        state._check_deck("the hands dealt")
        return state

    # ----------------------------------------------------------------- what the hand is

    @property
    def bidder(self) -> Seat:
        """The bidder's seat, once there is a contract."""
        if self.contract is None:
            raise RecordError("no contract yet")
        return self.contract.seat

    @property
    def exchange_cards(self) -> int:
        """The cards each of the bidder and partner passes (0: none)."""
        return self.rules.pass_cards

    @property
    def plays(self) -> int:
        """The cards played so far."""
        return 4 * len(self.tricks) + len(self.trick)

    def seat_of_turn(self, turn: int) -> Seat:
        """The seat ``turn`` places after the dealer's left (the auction counts seats so)."""
        return Seat.at_turn(turn, self.dealer)

    def passed(self, seat: int) -> Hand | None:
        """The cards ``seat`` passed (None: none yet, or a hidden pass: ``pass_hidden``)."""
        return next((cards for s, cards in self.passes if s == seat), None)

    def pass_hidden(self, seat: int) -> bool:
        """Whether ``seat`` passed cards that whoever keeps the record did not see."""
        return any(s == seat and cards is None for s, cards in self.passes)

    @property
    def exchange_hidden(self) -> bool:
        """Whether the exchange so far is hidden (its passes' cards not seen)."""
        return any(cards is None for _, cards in self.passes)

    def received(self, seat: int) -> Hand | None:
        return self.passed(seat ^ 2)

    @property
    def exchange_done(self) -> bool:
        return not self.exchange_cards or len(self.passes) == 2

    def after_exchange(self, seat: int) -> Hand | None:
        """The seat's cards after the exchange, or as it stands (None: not known)."""
        hand = self.dealt[seat]
        if hand is None:
            return None
        # the bidder who passes back after the partner may return what it received: it takes
        # the cards first; every other seat passes from the cards it was dealt
        first = self.rules.pass_order == "partner-first" and self.contract is not None and \
            seat == self.contract.seat
        return _exchanged(hand, self.passed(seat), self.received(seat), first)

    def holding(self, seat: int) -> Hand | None:
        """The seat's cards now (None: not known)."""
        counts = self.holding_counts(seat)
        return None if counts is None else Hand(counts)

    def holding_counts(self, seat: int) -> Counts | None:
        hand = self.after_exchange(seat)
        if hand is None:
            return None
        return _add(hand.counts, self.played[seat], -1)

    def shown(self, seat: int) -> Hand | None:
        """The cards ``seat`` showed in its meld (None: not shown yet)."""
        meld = self.melds[seat]
        return None if meld is None else meld[1]

    @property
    def played_hand(self) -> bool:
        """Whether the cards are played (or are to be)."""
        if self.trump is None or self.lost:
            return False
        if self.rules.concession == "play":
            return True
        return not self.thrown_in and not self.under_min()

    def side_meld(self) -> tuple[int, int] | None:
        """Each side's meld (us, them), where every seat's meld is shown."""
        if any(m is None for m in self.melds):
            return None
        m = [0 if x is None else x[0] for x in self.melds]
        return m[0] + m[2], m[1] + m[3]

    def under_min(self) -> bool:
        """Whether the bidding side melds under the minimum (known once both partners have
        shown their meld)."""
        if self.contract is None:
            return False
        a, b = self.melds[self.contract.seat], self.melds[self.contract.seat ^ 2]
        if a is None or b is None:
            return False
        return self.rules.under_minimum(a[0] + b[0])

    def trick_points(self) -> tuple[int, int] | None:
        """The sides' trick points, once every trick is played."""
        return self.points if len(self.tricks) == HAND_SIZE else None

    # ----------------------------------------------------------------- what comes next

    def next_decision(self) -> Decision:
        """What the hand waits for (``Decision``)."""
        if self.contract is None:
            turn = self.auction.next_seat
            return Decision("call", self.seat_of_turn(0 if turn is None else turn))
        bidder = self.contract.seat
        n = self.exchange_cards
        early = n and self.rules.pass_when == "before-trump"
        if early and len(self.passes) < 2:
            if not self.passes and self.request is None:
                return Decision("request", bidder)
            return Decision("pass", bidder.partner if not self.passes else bidder)
        if not self.trump_named:
            return Decision("trump", bidder)
        if n and not early and self.trump is not None and len(self.passes) < 2:
            return Decision("pass", bidder.partner if not self.passes else bidder)
        to_show = [s for s in SEATS if self.melds[s] is None]
        if to_show and not self.plays:
            return Decision("meld", None, to_show[0])
        if not self.played_hand or len(self.tricks) == HAND_SIZE:
            return Decision("over", None)
        first = not self.plays and not self.thrown_in and not self.under_min()
        return Decision("play", self.to_play(), may_throw_in=first)

    def to_play(self) -> Seat:
        leader = self.bidder if self.leader is None else self.leader
        return leader.after(len(self.trick))

    @property
    def complete(self) -> bool:
        """Whether the hand is over: every trick played, or it ended without play."""
        d = self.next_decision()
        if d.kind == "over":
            return True
        return d.kind == "meld" and not self.played_hand and self.contract is not None \
            and self.trump_named

    def outcome(self) -> Ending | None:
        """How the hand ended: played (its figures make it made or set), thrown-in or
        no-marriage (None: not over)."""
        if not self.complete:
            return None
        if self.trump is None or self.lost:
            return "no-marriage"
        if self.thrown_in:
            return "thrown-in"
        return "played"

    def scored(self) -> HandScore | None:
        """The hand scored by the rules, where the state holds all it takes."""
        outcome = self.outcome()
        meld = self.side_meld()
        if outcome is None or meld is None or self.contract is None:
            return None
        tricks = self.trick_points()
        if self.played_hand and tricks is None:
            return None
        ended = None if outcome == "played" else outcome
        return score_hand(HandInput(self.contract.side, self.contract.bid, meld,
                                    tricks or (None, None), ended), self.rules)

    def waiting(self) -> str:
        """What the hand waits for, in words: ``the hand waits for seat 2 to call``."""
        d = self.next_decision()
        if d.kind == "over":
            return "the hand is over"
        who = "a seat" if d.seat is None else f"seat {d.seat}"
        what = {"call": "to call", "request": "to ask for a suit (or its partner to pass)",
                "pass": f"to pass {self.exchange_cards} cards", "trump": "to name trump",
                "meld": "to show its meld", "play": "to play a card"}[d.kind]
        if d.kind == "meld" and self.contract is not None:
            what += (" (or the first card, or the bidder's throw-in)" if self.played_hand
                     else " (no card is played: the hand is over but for the meld)")
        return f"the hand waits for {who} {what}"

    # ------------------------------------------------------------------------ events

    def apply(self, event: Event) -> HandState:
        """The hand after ``event``, checked (``RecordError`` with the event's number, its
        words, the seat and the rule at fault)."""
        number = self.events + 1
        try:
            self._expect(event)
            new = _RULES[type(event)](self, event)
        except RecordError as e:
            raise e.at(event=number, words=event.words(), seat=int(event.seat)) from None
        return _evolve(new, events=number)

    def _expect(self, event: Event) -> None:
        """Refuse an event that does not come now, saying what does."""
        d = self.next_decision()
        kind, seat = d.kind, d.seat
        ok = event.kind == kind
        if kind == "request" and isinstance(event, Pass):
            ok, seat = True, self.bidder.partner  # the bidder may ask for no suit
        if kind in ("meld", "play") and isinstance(event, ThrowIn) and not self.plays:
            ok, seat = True, self.bidder  # the bidder concedes before the first card
        if kind == "meld" and isinstance(event, Play) and self.played_hand:
            ok, seat = True, self.to_play()  # meld is shown as far as the record knows it
        if isinstance(event, Contract) and not self.auction.calls and self.contract is None:
            ok, seat = True, event.seat
        if not ok:
            raise RecordError(f"a {event.kind} does not come here: {self.waiting()}")
        if seat is not None and event.seat != seat:
            raise RecordError(f"it is seat {seat}'s turn, not seat {event.seat}'s"
                              f" ({self.waiting()})")

    def _call(self, event: Call) -> HandState:
        from ...bidding.auction import AuctionError

        try:
            auction = self.auction.then(event.bid)
        except AuctionError as e:
            raise RecordError(e.reason, rule=e.rule) from None
        contract = None
        if auction.finished and auction.high_seat is not None and auction.high is not None:
            contract = Contracted(self.seat_of_turn(auction.high_seat), auction.high)
        return _evolve(self, auction=auction, contract=contract)

    def _contract(self, event: Contract) -> HandState:
        problem = self.rules.bid_problem(event.bid)
        if problem:
            raise RecordError(f"contract: {problem}", rule="bidding.steps")
        return _evolve(self, contract=Contracted(event.seat, event.bid, True))

    def _request(self, event: Request) -> HandState:
        return _evolve(self, request=event.suit)

    def _trump(self, event: Trump) -> HandState:
        from ...meld.engine import meld

        rules = self.rules
        hand = self.after_exchange(event.seat)
        needs = rules.needs_marriage(exchanged=bool(self.passes))
        if hand is not None:
            allowed = meld(hand, rules).may_name(needs)
            if event.suit is None and allowed:
                suits = " ".join(SUIT_SYMBOLS[t] for t in allowed)
                raise RecordError(f"seat {event.seat} may name {suits}: only a bidder with no"
                                  " marriage names none", rule="bidding.marriage_required")
            if event.suit is not None and event.suit not in allowed:
                raise RecordError(f"seat {event.seat} holds no marriage in"
                                  f" {SUIT_SYMBOLS[event.suit]}: it may not name it",
                                  rule=rules.marriage_rule())
        elif event.suit is None and not rules.needs_marriage(exchanged=True):
            raise RecordError("under these rules any suit may be named: a bidder always names"
                              " trump", rule=rules.marriage_rule())
        return _evolve(self, trump_named=True, trump=event.suit, lost=event.suit is None)

    def _pass(self, event: Pass) -> HandState:
        from ...meld.engine import meld

        rules = self.rules
        n = rules.pass_cards
        cards = event.cards
        if self.passes and (self.passes[0][1] is None) != (cards is None):
            first = self.passes[0][0]
            was = HIDDEN if cards is not None else "seen"
            raise RecordError(f"seat {first}'s pass was {was}: a seat that saw one pass saw"
                              f" both (give both passes' cards, or {HIDDEN} for both)")
        if cards is None:
            known = [s for s in (event.seat, event.seat.partner) if self.dealt[s] is not None]
            if known:
                raise RecordError(f"the record gives seat {known[0]}'s hand, so its exchange"
                                  f" was seen: a pass is {HIDDEN} only between two seats whose"
                                  " hands the record does not give")
        elif len(cards) != n:
            raise RecordError(f"a pass is {n} cards, not {len(cards)}", rule="passing.cards")
        own = self.dealt[event.seat]
        if own is not None and cards is not None:
            now = own
            first_cards = self.passes[0][1] if self.passes else None
            if rules.pass_order == "partner-first" and first_cards is not None:
                now = own + first_cards  # the bidder may return what it received
            if any(c > h for c, h in zip(cards.counts, now.counts)):
                raise RecordError(f"seat {event.seat} does not hold {cards_text(cards)}"
                                  f" ({_holds(now.counts)})")
        new = _evolve(self, passes=(*self.passes, (event.seat, cards)))
        new._check_deck("the cards seen")
        if len(new.passes) == 2 and new.trump_named and new.trump is not None \
                and rules.marriage_after_exchange:
            # trump named before the exchange, the marriage looked for after it (after-pass):
            # a bidder without a marriage in the trump named loses the bid
            hand = new.after_exchange(new.bidder)
            if hand is not None and new.trump not in meld(hand, rules).may_name(True):
                new = _evolve(new, lost=True)
        return new

    def _meld(self, event: MeldShown) -> HandState:
        seat, cards = event.seat, event.cards
        if self.melds[seat] is not None:
            raise RecordError(f"seat {seat} has shown its meld already")
        points, needed = self.meld_shown(cards)
        if points == 0 and len(cards):
            raise RecordError(f"{cards_text(cards)} {'makes' if len(cards) == 1 else 'make'}"
                              " no meld: a seat with none shows"
                              " nothing", rule=f"the meld table, {self.rules.name}")
        idle = Hand(max(0, n - k) for n, k in zip(cards.counts, needed.counts))
        if len(idle):
            raise RecordError(f"{cards_text(idle)} {'is' if len(idle) == 1 else 'are'} in no"
                              f" meld of {cards_text(cards)}: a seat shows the cards of its"
                              " melds", rule=f"the meld table, {self.rules.name}")
        hand = self.after_exchange(seat)
        if hand is not None and any(c > h for c, h in zip(cards.counts, hand.counts)):
            raise RecordError(f"seat {seat} shows {cards_text(cards)} but {_holds(hand.counts)}"
                              " after the exchange")
        melds = list(self.melds)
        melds[seat] = (points, cards)
        new = _evolve(self, melds=tuple(melds))
        new._check_deck("the cards seen")
        return new

    def meld_shown(self, cards: Hand) -> tuple[int, Hand]:
        """The meld ``cards`` make in this hand (in trump; in their best suit where no trump is
        named: module docstring), and the cards of those melds (``shown_cards``: what a seat
        showing them lays down)."""
        from ...meld.engine import meld

        if not len(cards):
            return 0, cards
        report = meld(cards, self.rules)
        named = self.trump is not None and not self.lost
        melds = report.trumps[self.trump] if named else report.best  # type: ignore[index]
        return melds.points, shown_cards(melds, cards)

    def _throw_in(self, event: ThrowIn) -> HandState:
        if self.plays:
            raise RecordError("the bidder throws the hand in before the first card is played")
        if self.thrown_in:
            raise RecordError("the hand is thrown in already")
        return _evolve(self, thrown_in=True)

    def _play(self, event: Play) -> HandState:
        from ...play.tricks import Trick, _legal, _winner, rule_in_force

        card, seat, trump = event.card, event.seat, self.trump
        if trump is None:
            raise RecordError("no card is played without trump")
        exact = self.holding_counts(seat)
        held = self.least_held(seat) if exact is None else exact
        size = HAND_SIZE - len(self.tricks)
        if sum(held) > size:
            raise RecordError(f"seat {seat} is seen with {sum(held)} cards"
                              f" ({Hand(held).symbols()}) but holds {size} at trick"
                              f" {len(self.tricks) + 1}")
        if exact is not None and not exact[card]:
            raise RecordError(f"seat {seat} does not hold {CARDS[card].symbol}"
                              f" ({_holds(exact)})")
        allowed = _legal(held, self.trick, trump)
        if card not in allowed:
            rule = symbols(rule_in_force(held, self.trick, trump))
            seen = ""
            if exact is None:
                ahead = [CARDS[c].symbol for c in allowed if held[c]]
                seen = f" (seat {seat} held {', '.join(ahead)}: it shows or plays them later)" \
                    if ahead else f" (seat {seat} held {Hand(held).symbols()})"
            raise RecordError(f"{CARDS[card].symbol} may not be played: {rule}{seen}",
                              rule="the play rules")
        played, row = list(self.played), list(self.played[seat])
        row[card] += 1
        played[seat] = tuple(row)
        leader = self.bidder if self.leader is None else self.leader
        new = _evolve(self, played=tuple(played), trick=(*self.trick, card), leader=leader)
        if exact is None:  # a known hand holds the card; an unknown one may show a fifth copy
            new._check_card("the cards seen", card)
        if len(new.trick) < 4:
            return new
        done = Trick(leader, new.trick)
        winner = leader.after(_winner(new.trick, trump))
        got = done.points(last=len(self.tricks) == HAND_SIZE - 1, scale=self.rules.scale)
        points = list(self.points)
        points[winner & 1] += got
        return _evolve(new, tricks=(*self.tricks, done), trick=(), leader=winner,
                       points=(points[0], points[1]))

    # -------------------------------------------------------------- what a seat holds

    def least_held(self, seat: int) -> Counts:
        """The cards ``seat`` surely holds now: its cards where known; else those it is seen
        with (its meld shown, the cards it received and, looking ahead, the cards it plays
        from now on), less those it has played."""
        exact = self.holding_counts(seat)
        if exact is not None:
            return exact
        shown = self.shown(seat)
        got = self.received(seat)
        floor = _most(self.seen_ahead[seat], shown.counts if shown is not None else None,
                      got.counts if got is not None else None)
        return tuple(max(0, f - p) for f, p in zip(floor, self.played[seat]))

    def seen_dealt(self) -> list[Counts]:
        """Each seat's cards as dealt, as far as the hand shows them: its hand, else the cards
        it played, showed or received, less what it received, plus what it passed. After a
        hidden exchange the cards a seat is seen with may have come from its partner: the two
        rows are then right only together (the deck's count is)."""
        out = []
        for s in SEATS:
            hand = self.dealt[s]
            out.append(hand.counts if hand is not None
                       else tuple(map(_seen_as_dealt, *self._seen_rows(s))))
        return out

    def _seen_rows(self, seat: int) -> tuple[Counts, Counts, Counts, Counts]:
        """What ``seat`` (its cards not known) is seen with: the cards it played, showed in
        its meld, received and passed (none where it has not)."""
        shown, got, gave = self.shown(seat), self.received(seat), self.passed(seat)
        return (self.played[seat], _NONE if shown is None else shown.counts,
                _NONE if got is None else got.counts, _NONE if gave is None else gave.counts)

    def _check_deck(self, what: str) -> None:
        seen = self.seen_dealt()
        for i in range(KINDS):
            _check_copies(what, i, sum(row[i] for row in seen))

    def _check_card(self, what: str, card: int) -> None:
        """``_check_deck`` after a seat whose cards are not known plays ``card``: the play
        changes only that card's column of ``seen_dealt`` (the seat's row; the others, and a
        known seat's, are as they were when last checked), so only it is counted."""
        n = 0
        for s in SEATS:
            hand = self.dealt[s]
            if hand is not None:
                n += hand.counts[card]
            else:
                played, shown, got, gave = self._seen_rows(s)
                n += _seen_as_dealt(played[card], shown[card], got[card], gave[card])
        _check_copies(what, card, n)

    def __repr__(self) -> str:
        known = sum(h is not None for h in self.dealt)
        return (f"HandState(rules={self.rules.name!r}, dealer={self.dealer},"
                f" hands_known={known}, events={self.events}, next={self.next_decision()})")


def symbols(text: str) -> str:
    """A rule's words with the cards as players write them (``A♥``, not ``AH``)."""
    import re

    from ...cards import Card

    return re.sub(r"\b(?:10|[AKQJ])[SHDC]\b", lambda m: Card.parse(m.group()).symbol, text)


#: The fields of a hand (``_evolve``).
_FIELDS = frozenset(f.name for f in fields(HandState))


def _evolve(state: HandState, **changes) -> HandState:
    """``state`` with ``changes`` to its fields (``dataclasses.replace`` without running
    ``__init__`` again, a third of what an event cost: the fields are copied as they are, and
    each event's rule checks its own change)."""
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"a hand has no field {sorted(changes.keys() - _FIELDS)}")
    new = object.__new__(HandState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


_RULES: dict[type, Callable] = {
    Call: HandState._call, Contract: HandState._contract, Request: HandState._request,
    Trump: HandState._trump, Pass: HandState._pass, MeldShown: HandState._meld,
    ThrowIn: HandState._throw_in, Play: HandState._play,
}

__all__ = ["HandState", "Decision", "DecisionKind", "Contracted", "Ending", "shown_cards"]
