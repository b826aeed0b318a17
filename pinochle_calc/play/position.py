"""A position in the play of the tricks as one player sees it, and the notation for the tricks.

``Position`` is the small immutable value the card advice starts from: the player's hand now,
trump, the player's seat, the tricks played so far (each with who led it), the trick in
progress, and where known the contract, the cards each seat showed in its meld and the cards
the player's side exchanged. ``to_dict`` / ``from_dict`` give its JSON form.

The tricks so far are written as a player types them (``parse_tricks``)::

    0: AS 10S KS QS; 10H JH QH KH; ...

tricks separated by ``;``, ``/`` or a new line, each the four cards in the order played,
starting with the lead; ``SEAT:`` in front says who led. Only the first trick needs it (and not
even that one when the contract names the bidder, who leads first): the winner of a trick leads
the next, and a leader written there must be that winner. Cards are in any notation (``AS``,
``A♠``, ``♠A``, ``10s``). Errors name the trick, the card and the column.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import CARDS, HAND_SIZE, KINDS, SUITS, Card, suit_index
from ..cards import n_cards as _n_cards
from ..errors import NotationError, UserError, quoted
from ..hand import Hand
from ..rules import RulesLike
from .tricks import Trick, trick_winner


class PositionError(UserError):
    """A position that cannot be read or cannot have happened. ``trick`` (1-based; 0 for the
    trick in progress) and ``card`` (1-based within it) say where, when the error is in a
    play; ``locate`` adds the column in the text the tricks were read from."""

    def __init__(self, message: str, trick: int | None = None, card: int | None = None):
        super().__init__(message)
        self.message, self.trick, self.card = message, trick, card
        self.text: str | None = None
        self.span: tuple[int, int] | None = None

    def __str__(self) -> str:
        if self.span is None:
            return self.message
        return f"{self.message} (column {self.span[0] + 1})"

    def at(self, text: str, span: tuple[int, int]) -> PositionError:
        """The error pointing at ``span`` of ``text``: ``pointer()`` draws it (as a hand's
        error does)."""
        self.text, self.span = text, span
        self.pointer = lambda: NotationError("", text, span[0], span[1], 0).pointer()
        return self

    def locate(self, text: str, spans: Sequence[Sequence[tuple[int, int]]]) -> PositionError:
        """Point at the card in ``text`` (the tricks' text, with each card's span, as
        ``parse_tricks`` gives them)."""
        if self.trick and self.trick <= len(spans) and self.card:
            row = spans[self.trick - 1]
            if self.card <= len(row):
                self.at(text, row[self.card - 1])
        return self


@dataclass(frozen=True)
class Position:
    """What the player at ``seat`` knows when it is to play (see the module docstring).

    ``hand``: the cards held now. ``tricks``: the tricks played so far, in order (all of them,
    or none: then the cards played before are not known, only how many). ``trick``: the cards
    played to the trick in progress, from its lead; the player plays next, so its leader is
    ``seat - len(trick)``. ``contract``: (seat, bid) or None. ``shown``: per seat, the cards it
    showed in its meld (None: not given). ``passed`` / ``received``: the cards the player passed
    to and received from partner in the exchange (the bidding side's).
    """

    hand: Hand
    trump: int
    seat: int = 0
    tricks: tuple[Trick, ...] = ()
    trick: tuple[int, ...] = ()
    contract: tuple[int, int] | None = None
    shown: tuple[Hand | None, Hand | None, Hand | None, Hand | None] = (None, None, None, None)
    passed: Hand | None = None
    received: Hand | None = None

    def __post_init__(self):
        if self.trump not in range(4) or self.seat not in range(4):
            raise PositionError(f"trump and seat are 0 to 3, not {self.trump!r} and"
                                f" {self.seat!r}")
        if len(self.trick) > 3:
            raise PositionError(_TOO_MANY.format(len(self.trick)), 0)
        if len(self.hand) > HAND_SIZE:
            raise PositionError(f"a hand in play holds at most {HAND_SIZE} cards, not"
                                f" {len(self.hand)}")
        if len(self.shown) != 4:
            raise PositionError("shown is one entry per seat, four in all")
        for i, t in enumerate(self.tricks, 1):
            if len(t.cards) != 4:
                raise PositionError(f"trick {i} has {len(t.cards)} cards, not 4", i)
            if t.leader not in range(4):
                raise PositionError(f"trick {i}: the leader is a seat 0 to 3, not {t.leader!r}",
                                    i)
        if self.contract is not None and self.contract[0] not in range(4):
            raise PositionError(f"the contract's seat is 0 to 3, not {self.contract[0]!r}")

    @property
    def leader(self) -> int:
        """Who led the trick in progress (the player, when it leads)."""
        return (self.seat - len(self.trick)) & 3

    def legal(self) -> tuple[int, ...]:
        """The cards (indices 0-19) the player may play now."""
        from .tricks import legal_cards

        return legal_cards(self.hand, self.trick, self.trump)

    @property
    def history_known(self) -> bool:
        """Whether every trick so far is given (else only the hand's size says how many)."""
        return bool(self.tricks) or len(self.hand) == 20

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (canonical tokens; trump as its letter)."""
        return {
            "hand": str(self.hand),
            "trump": SUITS[self.trump],
            "seat": self.seat,
            "tricks": [{"leader": t.leader, "cards": [str(CARDS[c]) for c in t.cards]}
                       for t in self.tricks],
            "trick": [str(CARDS[c]) for c in self.trick],
            "contract": None if self.contract is None else {"seat": self.contract[0],
                                                            "bid": self.contract[1]},
            "shown": [None if h is None else str(h) for h in self.shown],
            "passed": None if self.passed is None else str(self.passed),
            "received": None if self.received is None else str(self.received),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: RulesLike | None = None) -> Position:
        """A position from its JSON form. Each key may also be written as ``card``'s option
        takes it: ``tricks`` as text in the tricks notation, ``trick`` as text (``"JS QS"``),
        ``contract`` as ``"SEAT:BID"`` (``"1:55"``; the seat alone, or an object without a
        bid: ``rules``' minimum bid), ``shown`` as an object keyed by seat; any key but
        ``hand`` and ``trump`` may be left out."""
        if not isinstance(data, Mapping):
            raise PositionError("a position is a JSON object with at least hand and trump")
        unknown = set(data) - {"hand", "trump", "seat", "tricks", "trick", "contract", "shown",
                               "passed", "received"}
        if unknown:
            raise PositionError(f"unknown key {sorted(unknown)[0]!r} in the position (keys:"
                                " hand, trump, seat, tricks, trick, contract, shown, passed,"
                                " received)")
        for key in ("hand", "trump"):
            if key not in data:
                raise PositionError(f"the position has no {key!r}")
        hand = _hand(data["hand"], "hand")
        trump = _suit(data["trump"])
        seat = _seat(data.get("seat", 0), "seat")
        contract = _contract(data.get("contract"), trump, rules)
        given = data.get("trick") or []
        trick = parse_trick(given) if isinstance(given, str) else tuple(
            _card(c, f"trick card {i}") for i, c in enumerate(_list(given, "trick"), 1))
        raw = data.get("tricks") or []
        if isinstance(raw, str):
            tricks = parse_tricks(raw)[0]
        else:
            tricks = []
            for i, t in enumerate(_list(raw, "tricks"), 1):
                if not isinstance(t, Mapping) or "cards" not in t:
                    raise PositionError(f"trick {i}: write it as {{\"leader\": 0, \"cards\":"
                                        " [...]}", i)
                leader = None if t.get("leader") is None else _seat(t["leader"],
                                                                   f"trick {i} leader")
                tricks.append((leader, tuple(_card(c, f"trick {i} card {k}") for k, c in
                                             enumerate(_list(t["cards"], f"trick {i}"), 1))))
        shown_raw = data.get("shown") or [None] * 4
        shown: list[Hand | None] = [None] * 4
        if isinstance(shown_raw, Mapping):
            for key, cards in shown_raw.items():
                shown[_seat(key, "shown seat")] = None if cards is None else _hand(
                    cards, f"shown seat {key}", empty=True)
        else:
            items = _list(shown_raw, "shown")
            if len(items) != 4:
                raise PositionError("shown is a list of four entries, one per seat (or an"
                                    " object keyed by seat)")
            shown = [None if c is None else _hand(c, f"shown seat {s}", empty=True)
                     for s, c in enumerate(items)]
        passed = _optional_hand(data.get("passed"), "passed")
        received = _optional_hand(data.get("received"), "received")
        return cls(hand, trump, seat, with_leaders(tricks, trump, contract), trick, contract,
                   (shown[0], shown[1], shown[2], shown[3]), passed, received)


def position_after(hands: Sequence, trump: int, leader: int, cards: Sequence[int], *,
                   contract: tuple[int, int] | None = None,
                   shown: Sequence[Hand | None] = (None, None, None, None),
                   exchange: tuple[Hand | None, Hand | None] = (None, None)) -> Position:
    """The position of the seat to play after ``cards`` (in the order played) of a hand whose
    four hands were ``hands`` when play began (``Hand`` or 20 counts each), ``leader`` leading
    the first trick. ``exchange``: the cards the seat to play passed and received."""
    done = len(cards) - len(cards) % 4
    tricks = []
    for i in range(0, done, 4):
        trick = tuple(cards[i:i + 4])
        tricks.append(Trick(leader, trick))
        leader = (leader + trick_winner(trick, trump)) & 3
    trick = tuple(cards[done:])
    seat = (leader + len(trick)) & 3
    held = list(getattr(hands[seat], "counts", hands[seat]))
    for i, c in enumerate(cards):
        t = i // 4
        lead = tricks[t].leader if t < len(tricks) else leader
        if (lead + i % 4) & 3 == seat:
            held[c] -= 1
    return Position(Hand(held), trump, seat, tuple(tricks), trick, contract,
                    (shown[0], shown[1], shown[2], shown[3]), exchange[0], exchange[1])


def with_leaders(tricks: Sequence[tuple[int | None, Sequence[int]]], trump: int,
                 contract: tuple[int, int] | None = None) -> tuple[Trick, ...]:
    """Tricks with every leader filled in: the first from the contract where not written, each
    later one the winner of the trick before; a leader written must be that one."""
    out: list[Trick] = []
    for i, (leader, cards) in enumerate(tricks, 1):
        cards = tuple(cards)
        if len(cards) != 4:
            raise PositionError(f"trick {i} has {_n_cards(len(cards))}: a trick is four cards,"
                                " the lead first", i)
        if out:
            due = out[-1].winner(trump)
            if leader is not None and leader != due:
                w = out[-1].cards[trick_winner(out[-1].cards, trump)]
                raise PositionError(f"tricks out of order: trick {i} is led by seat {leader},"
                                    f" but seat {due} won trick {i - 1} (with"
                                    f" {CARDS[w].symbol}) and leads next", i, 1)
        elif contract is not None:
            due = contract[0]
            if leader is not None and leader != due:
                raise PositionError(f"trick 1 is led by seat {leader}, but the bidder (seat"
                                    f" {due}) leads the first trick", 1, 1)
        else:
            if leader is None:
                raise PositionError("trick 1: say who led it, as in '0: AS 10S KS QS' (or give"
                                    " the contract: the bidder leads first)", 1, 1)
            due = leader
        out.append(Trick(due, cards))
    return tuple(out)


_SEPARATOR = re.compile(r"[;/\n]")
_TOKEN = re.compile(r"[^\s,]+")


def parse_tricks(text: str) -> tuple[list[tuple[int | None, tuple[int, ...]]],
                                     list[list[tuple[int, int]]]]:
    """The tricks written in the notation (module docstring): per trick (leader or None, the
    cards), and per trick the span of each card in ``text`` (for ``PositionError.locate``).
    A ``#`` starts a comment to the end of its line."""
    tricks: list[tuple[int | None, tuple[int, ...]]] = []
    spans: list[list[tuple[int, int]]] = []
    start = 0
    pieces = []
    for m in _SEPARATOR.finditer(text + "\n"):
        pieces.append((start, text[start:m.start()]))
        start = m.end()
    for offset, piece in pieces:
        cut = piece.find("#")
        if cut >= 0:
            piece = piece[:cut]
        if not piece.strip():
            continue
        number = len(tricks) + 1
        leader = None
        body_at = 0
        head = re.match(r"\s*([^\s:,]*)\s*:", piece)
        if head:
            word = head.group(1)
            if word not in ("0", "1", "2", "3"):
                raise PositionError(f"trick {number}: {quoted(word)} before ':' is the seat that"
                                    " led, 0 to 3", number, 1).at(
                    text, (offset + head.start(1), offset + max(head.end(1), head.start(1) + 1)))
            leader, body_at = int(word), head.end()
        cards, where = [], []
        for k, m in enumerate(_TOKEN.finditer(piece, body_at), 1):
            span = (offset + m.start(), offset + m.end())
            try:
                cards.append(Card.parse(m.group()).index)
            except NotationError as e:
                raise PositionError(f"trick {number}, card {k}: {e.message}", number, k).at(
                    text, span) from None
            where.append(span)
        if len(cards) != 4:
            span = (where[4][0], where[-1][1]) if len(cards) > 4 else (
                offset + len(piece.rstrip()), offset + len(piece.rstrip()) + 1)
            raise PositionError(f"trick {number} has {_n_cards(len(cards))}: a trick is four"
                                " cards, the lead first (separate tricks with ';')",
                                number).at(text, span)
        tricks.append((leader, tuple(cards)))
        spans.append(where)
    return tricks, spans


#: The trick in progress holding too many cards (``{}``: how many).
_TOO_MANY = "the trick in progress holds {} cards: at most three are played before you"


def parse_trick(text: str, what: str = "trick") -> tuple[int, ...]:
    """The cards of the trick in progress written as text, in the order played (``"JS QS"``,
    any notation, separated by spaces or commas; a ``#`` starts a comment); ``what`` names
    the text in a message (``--trick``)."""
    tokens = _TOKEN.findall(text.partition("#")[0])
    if len(tokens) > 3:
        raise PositionError(_TOO_MANY.format(len(tokens)), 0)
    return tuple(_card(t, f"{what} card {n}") for n, t in enumerate(tokens, 1))


def parse_contract(text: str) -> tuple[int, int | None, int | None]:
    """A contract written ``SEAT:BID`` (``1:55``; the seat alone: the minimum bid), as (seat,
    bid or None, trump or None); the spellings of earlier releases are read too, ``SEAT,BID``
    and ``SEAT,TRUMP[,BID]``. A bid is ASCII digits, at most ``limits.FIGURE_MAX``."""
    from ..limits import FIGURE_MAX

    parts = [p.strip() for p in re.split(r"[:,]", text)]
    if not 1 <= len(parts) <= 3 or not parts[0]:
        raise PositionError(f"{quoted(text)}: write SEAT:BID, e.g. 1:55 (a seat 0 to 3,"
                            " then the bid)")
    if parts[0] not in ("0", "1", "2", "3"):
        raise PositionError(f"seat {quoted(parts[0])}: a seat is 0 to 3 from the"
                            " dealer's left (3 deals)")
    rest = parts[1:]
    trump = None
    if len(rest) == 2 or rest and rest[0] and not rest[0][0].isdigit():
        try:
            trump = suit_index(rest.pop(0))
        except UserError as e:
            raise PositionError(str(e)) from None
    bid = None
    if rest and rest[0]:
        word = rest[0]
        # ASCII digits only ('²' is a digit to str.isdigit), and no more than a bid can have
        if not re.fullmatch(r"[0-9]+", word):
            raise PositionError(f"bid {quoted(word)}: a bid is a whole number")
        if len(word.lstrip("0")) > len(str(FIGURE_MAX)) or int(word) > FIGURE_MAX:
            raise PositionError(f"bid {quoted(word)}: a bid is at most {FIGURE_MAX:,}")
        bid = int(word)
    return int(parts[0]), bid, trump


def tricks_text(tricks: Sequence[Trick]) -> str:
    """The tricks in the notation, every leader written (``parse_tricks`` reads it back)."""
    return "; ".join(t.text() for t in tricks)


def _list(value, what: str) -> list:
    if not isinstance(value, list):
        raise PositionError(f"{what} is a list")
    return value


def _hand(value, what: str, empty: bool = False) -> Hand:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise PositionError(f"{what} is a string of cards, such as \"AS KH QH\"")
    if empty and not value.strip():
        return Hand([0] * KINDS)
    try:
        return Hand.parse(value)
    except UserError as e:
        raise PositionError(f"{what}: {e}") from None


def _optional_hand(value, what: str) -> Hand | None:
    return None if value is None else _hand(value, what, empty=True)


def _card(value, what: str) -> int:
    if not isinstance(value, str):
        raise PositionError(f"{what} is a card such as \"AS\", not {value!r}")
    try:
        return Card.parse(value).index
    except NotationError as e:
        raise PositionError(f"{what}: {e.message}") from None


def _suit(value) -> int:
    if not isinstance(value, str):
        raise PositionError(f"trump is a suit letter such as \"H\", not {value!r}")
    try:
        return suit_index(value)
    except UserError as e:
        raise PositionError(f"trump: {e}") from None


def _seat(value, what: str) -> int:
    if isinstance(value, str) and value.strip() in ("0", "1", "2", "3"):
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value not in range(4):
        raise PositionError(f"{what} is a seat 0 to 3, not {value!r}")
    return value


def _contract(value, trump: int, rules: RulesLike | None) -> tuple[int, int] | None:
    """The JSON form's contract: ``{"seat": 1, "bid": 55}`` or ``"1:55"`` (``parse_contract``),
    the bid left out: the minimum of ``rules``."""
    if value is None:
        return None
    if isinstance(value, str):
        try:
            seat, bid, named = parse_contract(value)
        except PositionError as e:
            raise PositionError(f"contract: {e}") from None
        if named is not None and named != trump:
            raise PositionError(f"the contract names {SUITS[named]} trump, but the position's"
                                f" trump is {SUITS[trump]}: write SEAT:BID, e.g. 1:55")
    elif isinstance(value, Mapping) and "seat" in value:
        seat, bid = _seat(value["seat"], "contract seat"), value.get("bid")
        if bid is not None and (isinstance(bid, bool) or not isinstance(bid, int) or bid < 0):
            raise PositionError(f"the contract's bid is a whole number, not {bid!r}")
    else:
        raise PositionError("contract is {\"seat\": 0, \"bid\": 55} or \"0:55\"")
    if bid is None:
        from ..rules import as_rules

        bid = as_rules(rules).min_bid_points
    return seat, bid


__all__ = ["Position", "Trick", "position_after", "PositionError", "parse_tricks",
           "parse_trick", "parse_contract", "tricks_text", "with_leaders"]
