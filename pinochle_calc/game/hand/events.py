"""The events of a hand, one small immutable type each, in the order a hand has them:

``Call``        a bid (``bid``) or a pass (``bid`` None), by the seat whose turn it is;
``Contract``    the contract given without an auction (a seat and a bid);
``Request``     the suit the bidder asks its partner for, where cards pass before trump is named;
``Trump``       the bidder names trump (``suit`` None: it names none, having no marriage);
``Pass``        a seat passes cards to its partner (the partner first, then the bidder), or
                ``hidden`` ones, not seen by whoever keeps the record;
``MeldShown``   a seat shows its meld (the cards laid down);
``ThrowIn``     the bidder concedes the hand;
``Play``        a seat plays a card (``card``: its index, 0-19).

Each kind knows its words (``words``), its value in the text form (``value_text``, read back
by ``read_value``) and its keys in the JSON form (``json_fields``, read back by
``read_json``): the record's text and JSON modules look a kind up in ``EVENT_TYPES`` and ask
it, so a kind is described in one place. Every event has a ``seat`` (``Seat``) and a free-text
``comment``; a bad seat, card or value is a ``RecordError`` when the event is made.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from ...cards import CARDS, KINDS, SUIT_SYMBOLS, SUITS, Card, suit_index
from ...errors import NotationError, UserError, quoted
from ...hand import Hand
from ...seats import Seat
from .errors import RecordError

EventKind = Literal["call", "contract", "request", "trump", "pass", "meld", "throw-in", "play"]
EVENT_KINDS: tuple[EventKind, ...] = ("call", "contract", "request", "trump", "pass", "meld",
                                      "throw-in", "play")
#: The word for a pass whose cards were not seen, in every form (text, JSON, the table).
HIDDEN = "hidden"
#: The longest comment or tag value kept.
MAX_TEXT = 2000
NO_CARDS = Hand([0] * KINDS)


def card_text(card: int | None) -> str:
    """A card as players write it (``A♥``), or ``a card``."""
    return CARDS[card].symbol if card is not None and 0 <= card < KINDS else "a card"


def suit_text(suit: int | None) -> str:
    return "none" if suit is None else SUIT_SYMBOLS[suit]


def cards_text(cards: Hand | None) -> str:
    return "nothing" if cards is None or not len(cards) else cards.symbols()


def comment_text(text: str) -> str:
    """A comment as kept: stripped, printable, at most ``MAX_TEXT`` characters, no braces."""
    text = text.strip()
    if len(text) > MAX_TEXT or not text.isprintable():
        raise RecordError(f"a comment is printable text, at most {MAX_TEXT:,} characters")
    if "{" in text or "}" in text:
        raise RecordError("a comment has no braces")
    return text


def read_hand(text: str, what: str) -> Hand:
    """The cards of a value (``what``: the value's name, for the error); a card that cannot be
    read is an error at its column (1-based, in ``text``)."""
    try:
        return Hand.parse(text)
    except NotationError as e:
        raise RecordError(f"{what}: {e.message}", column=e.start + 1) from None
    except UserError as e:
        raise RecordError(f"{what}: {e}") from None


def read_card(text: str) -> int:
    """One card; one that cannot be read is an error at its column (1-based, in ``text``)."""
    try:
        return Card.parse(text).index
    except NotationError as e:
        lead = len(text) - len(text.lstrip())
        raise RecordError(e.message, column=lead + 1) from None
    except UserError as e:
        raise RecordError(str(e)) from None


def read_suit(text: str, none_ok: bool) -> int | None:
    word = text.strip().lower()
    if none_ok and word in ("none", "-", "no trump"):
        return None
    try:
        return suit_index(text)
    except UserError as e:
        raise RecordError(str(e) + (" (or none)" if none_ok else "")) from None


def _json_int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"{what}: a number, not {quoted(str(value))}")
    return value


class Event:
    """What every event has and does (the module docstring); the kinds subclass it."""

    kind: ClassVar[EventKind]
    #: The keys of its JSON object besides event, kind, seat and comment.
    json_keys: ClassVar[frozenset[str]] = frozenset()
    #: An example of its text form's value, for the error that finds none.
    example: ClassVar[str] = ""
    seat: Seat
    comment: str

    def __post_init__(self) -> None:
        seat = self.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(4):
            raise RecordError(f"a seat is 0 to 3, not {seat!r}")
        object.__setattr__(self, "seat", Seat(seat))
        if not isinstance(self.comment, str):
            raise RecordError("a comment is text")

    def at_seat(self, seat: int) -> Event:
        """The same event made by another seat (the record turned with the deal)."""
        from dataclasses import replace

        return replace(self, seat=Seat(seat))  # type: ignore[type-var]

    def words(self) -> str:
        """The event in a few words: ``seat 2 bids 50``, ``seat 1 plays K♠``."""
        return f"seat {self.seat} {self._verb()}"

    def _verb(self) -> str:
        raise NotImplementedError

    def value_text(self, points: int | None = None) -> str | None:
        """Its value in the text form, after ``kind seat:`` (None: the kind has no value;
        ``points``: a meld's, worked out by the hand)."""
        raise NotImplementedError

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        """The event from its text form's value (and the meld points it says, for a meld)."""
        raise NotImplementedError

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        raise NotImplementedError


@dataclass(frozen=True)
class Call(Event):
    seat: Seat
    bid: int | None
    comment: str = ""
    kind: ClassVar[EventKind] = "call"
    json_keys: ClassVar[frozenset[str]] = frozenset({"call"})
    example: ClassVar[str] = "call 0: 50"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.bid is not None and (not isinstance(self.bid, int) or isinstance(self.bid, bool)
                                     or not 0 <= self.bid <= 10**15):
            raise RecordError(f"a bid is a whole number from 0 up, not {self.bid!r}")

    def _verb(self) -> str:
        return "passes" if self.bid is None else f"bids {self.bid}"

    def value_text(self, points: int | None = None) -> str:
        return "pass" if self.bid is None else str(self.bid)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"call": "pass" if self.bid is None else self.bid}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        low = value.strip().lower()
        if low in ("p", "pass", "-"):
            return cls(seat, None, comment), None
        if not re.fullmatch(r"[0-9]{1,15}", low):
            raise RecordError(f"{quoted(value)} is not a call: a bid is a number, a pass p or"
                              " pass")
        return cls(seat, int(low), comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        call = item.get("call")
        if call == "pass":
            return cls(seat, None, comment)
        return cls(seat, _json_int(call, 'call (a bid, or "pass")'), comment)


@dataclass(frozen=True)
class Contract(Event):
    seat: Seat
    bid: int
    comment: str = ""
    kind: ClassVar[EventKind] = "contract"
    json_keys: ClassVar[frozenset[str]] = frozenset({"bid"})
    example: ClassVar[str] = "contract 1: 55"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.bid, int) or isinstance(self.bid, bool) or \
                not 0 <= self.bid <= 10**15:
            raise RecordError(f"a contract is a bid (a whole number), not {self.bid!r}")

    def _verb(self) -> str:
        return f"holds the contract at {self.bid}"

    def value_text(self, points: int | None = None) -> str:
        return str(self.bid)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"bid": self.bid}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        if not re.fullmatch(r"[0-9]{1,15}", value.strip()):
            raise RecordError(f"a contract is a bid (a number), not {quoted(value)}")
        return cls(seat, int(value), comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        return cls(seat, _json_int(item.get("bid"), "bid"), comment)


@dataclass(frozen=True)
class Request(Event):
    seat: Seat
    suit: int
    comment: str = ""
    kind: ClassVar[EventKind] = "request"
    json_keys: ClassVar[frozenset[str]] = frozenset({"suit"})
    example: ClassVar[str] = "request 0: ♥"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.suit not in range(4):
            raise RecordError("a request names a suit: S, H, D or C")

    def _verb(self) -> str:
        return f"asks for {suit_text(self.suit)}"

    def value_text(self, points: int | None = None) -> str:
        return suit_text(self.suit)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"suit": SUITS[self.suit]}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        suit = read_suit(value, False)
        assert suit is not None
        return cls(seat, suit, comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        suit = item.get("suit")
        if not isinstance(suit, str):
            raise RecordError(f"suit {quoted(str(suit))}: S, H, D or C")
        return cls.read_value(seat, suit, comment)[0]


@dataclass(frozen=True)
class Trump(Event):
    seat: Seat
    suit: int | None
    comment: str = ""
    kind: ClassVar[EventKind] = "trump"
    json_keys: ClassVar[frozenset[str]] = frozenset({"suit"})
    example: ClassVar[str] = "trump 0: ♥"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.suit is not None and self.suit not in range(4):
            raise RecordError("trump is a suit: S, H, D or C (or none)")

    def _verb(self) -> str:
        return "names no trump" if self.suit is None else f"names {suit_text(self.suit)}"

    def value_text(self, points: int | None = None) -> str:
        return suit_text(self.suit)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"suit": None if self.suit is None else SUITS[self.suit]}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        return cls(seat, read_suit(value, True), comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        suit = item.get("suit")
        if suit is None:
            return cls(seat, None, comment)
        if not isinstance(suit, str):
            raise RecordError(f"suit {quoted(str(suit))}: S, H, D or C (or null)")
        return cls(seat, read_suit(suit, False), comment)


@dataclass(frozen=True)
class Pass(Event):
    """``cards`` None: the pass is ``hidden``, its cards not seen by whoever keeps the record
    (a defender: the opponents pass face down). The rule set says how many cards went."""

    seat: Seat
    cards: Hand | None
    comment: str = ""
    kind: ClassVar[EventKind] = "pass"
    json_keys: ClassVar[frozenset[str]] = frozenset({"cards"})
    example: ClassVar[str] = "pass 2: ♥A 10 K Q"

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.cards is not None and not isinstance(self.cards, Hand):
            raise RecordError(f"a pass is cards (a Hand), or None: {HIDDEN}")

    @property
    def hidden(self) -> bool:
        """Whether the cards passed were not seen."""
        return self.cards is None

    def _verb(self) -> str:
        return f"passes {HIDDEN} cards" if self.cards is None else \
            f"passes {cards_text(self.cards)}"

    def value_text(self, points: int | None = None) -> str:
        return HIDDEN if self.cards is None else cards_text(self.cards)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"cards": HIDDEN if self.cards is None else str(self.cards)}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        if value.strip().lower() == HIDDEN:
            return cls(seat, None, comment), None
        return cls(seat, read_hand(value, "the cards passed"), comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        cards = item.get("cards")
        if not isinstance(cards, str):
            raise RecordError(f"cards: a hand as text, or {HIDDEN!r}")
        if cards.strip().lower() == HIDDEN:
            return cls(seat, None, comment)
        return cls(seat, read_hand(cards, "cards"), comment)


@dataclass(frozen=True)
class MeldShown(Event):
    seat: Seat
    cards: Hand = NO_CARDS
    comment: str = ""
    kind: ClassVar[EventKind] = "meld"
    json_keys: ClassVar[frozenset[str]] = frozenset({"cards", "points"})
    example: ClassVar[str] = "meld 1: 8 ♠K Q ♥K Q"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.cards, Hand):
            raise RecordError("a meld is the cards shown (a Hand)")

    def _verb(self) -> str:
        return f"shows {cards_text(self.cards)}"

    def value_text(self, points: int | None = None) -> str:
        shown = self.cards.symbols() if len(self.cards) else ""
        return f"{points or 0} {shown}".rstrip()

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"points": points or 0, "cards": str(self.cards)}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        """The points (a number, checked against the cards by the hand), then the cards
        shown (none: nothing to show)."""
        said, at = None, 0
        m = re.fullmatch(r"(\s*([0-9]{1,9})(?:\s+|$))(.*)", value, re.S)
        if m:
            said, at, value = int(m.group(2)), m.end(1), m.group(3)
        try:
            cards = read_hand(value, "the meld shown") if value.strip() else NO_CARDS
        except RecordError as e:
            raise e.shifted(at) from None
        return cls(seat, cards, comment), said

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        cards = item.get("cards", "")
        if not isinstance(cards, str):
            raise RecordError("cards: a hand as text")
        if "points" in item:
            _json_int(item["points"], "points")
        return cls(seat, read_hand(cards, "cards") if cards.strip() else NO_CARDS, comment)


@dataclass(frozen=True)
class ThrowIn(Event):
    seat: Seat
    comment: str = ""
    kind: ClassVar[EventKind] = "throw-in"
    example: ClassVar[str] = "throw-in 0"

    def _verb(self) -> str:
        return "throws the hand in"

    def value_text(self, points: int | None = None) -> None:
        return None

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        if value.strip():
            raise RecordError("a throw-in has no value: throw-in 0")
        return cls(seat, comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        return cls(seat, comment)


@dataclass(frozen=True)
class Play(Event):
    seat: Seat
    card: int
    comment: str = ""
    kind: ClassVar[EventKind] = "play"
    json_keys: ClassVar[frozenset[str]] = frozenset({"card"})
    example: ClassVar[str] = "lead 0: A♥ 10♥ K♥ J♥"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not isinstance(self.card, int) or isinstance(self.card, bool) or \
                not 0 <= self.card < KINDS:
            raise RecordError("a play is one card")

    def _verb(self) -> str:
        return f"plays {card_text(self.card)}"

    def value_text(self, points: int | None = None) -> str:
        return card_text(self.card)

    def json_fields(self, points: int | None = None) -> dict[str, Any]:
        return {"card": str(CARDS[self.card])}

    @classmethod
    def read_value(cls, seat: Seat, value: str, comment: str) -> tuple[Event, int | None]:
        return cls(seat, read_card(value), comment), None

    @classmethod
    def read_json(cls, seat: Seat, item: Mapping[str, Any], comment: str) -> Event:
        card = item.get("card")
        if not isinstance(card, str):
            raise RecordError("card: one card as text, such as AH")
        return cls(seat, read_card(card), comment)


#: Each kind's type, by the word that names it in both forms.
EVENT_TYPES: dict[str, type[Event]] = {t.kind: t for t in (
    Call, Contract, Request, Trump, Pass, MeldShown, ThrowIn, Play)}

__all__ = ["Event", "Call", "Contract", "Request", "Trump", "Pass", "MeldShown", "ThrowIn", "Play",
           "EVENT_TYPES", "EVENT_KINDS", "EventKind", "HIDDEN", "MAX_TEXT", "NO_CARDS", "card_text",
           "suit_text", "cards_text", "comment_text", "read_hand", "read_card", "read_suit"]
