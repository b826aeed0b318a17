"""The double-dummy table of a deal: for each trump and each bidder (the seat that leads the
first trick), the trick points each side takes with best play by both, every card seen, as
bridge players read a double-dummy table (there, the tricks of each declarer in each strain).

``dd_table(deal, rules, seconds=...)`` solves the 16 deals (4 trumps × 4 bidders) within a
budget of seconds of CPU time for the whole table (``timed.Budget``): each entry in turn gets
an equal share of what is left (so what an entry solved early leaves goes to the ones after),
searched by ``timed.narrow``; an entry not solved within its share keeps the bounds its search
reached (its figure lies between them), never a figure it did not prove. One solver per trump
serves its four bidders (its table holds for every leader).

The deal is four hands of one size: 20 cards each, or a deal cut to a few tricks (hands of 1
to 20 cards, at most four copies of a card among them); the hands are played as given (after
the exchange, where one was made). Figures are trick points scaled by the rule set's
``scale``; side 0 (``us``) is seats 0 and 2. The hands' meld and the auction play no part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import KINDS, SUITS, as_suit
from ..errors import UserError, described
from ..hand import Hand
from ..limits import EXACT_SECONDS_MAX, EXACT_SECONDS_TABLE
from ..rules import RulesLike, as_rules
from .solver import _checked, new_engine
from .timed import Bounds, Budget, check_seconds, narrow
from .tricks import CARD_POINTS, encode

#: The budget of the whole table by default, in seconds of CPU time (``dd --exact``).
DEFAULT_SECONDS = EXACT_SECONDS_TABLE


@dataclass(frozen=True)
class DDEntry:
    """One entry: ``trump``, the bidder's ``seat`` (it leads the first trick), and what each
    side takes with best play (``us``, ``them``: bounds, scaled, exact where solved)."""

    trump: int
    seat: int
    us: Bounds
    them: Bounds

    @property
    def solved(self) -> bool:
        """Whether the entry's figure was found (its bounds meet)."""
        return self.us.exact

    @property
    def bidder(self) -> Bounds:
        """What the bidder's side takes."""
        return self.us if self.seat % 2 == 0 else self.them

    def to_dict(self) -> dict:
        return {"trump": SUITS[self.trump], "seat": self.seat, "solved": self.solved,
                "points": {"us": self.us.low, "them": self.them.low} if self.solved else None,
                "bounds": {side: {"low": b.low, "high": b.high}
                           for side, b in (("us", self.us), ("them", self.them))}}


@dataclass(frozen=True)
class DDTable:
    """A deal's double-dummy table (module docstring): ``hands`` the four hands, ``entries``
    trump by trump (S H D C) and within each by the bidder's seat (those asked for), ``total``
    every trick point of the deal (scaled), ``seconds`` the budget (None: none)."""

    hands: tuple[Hand, Hand, Hand, Hand]
    entries: tuple[DDEntry, ...]
    total: int
    seconds: float | None

    def entry(self, trump: int | str, seat: int) -> DDEntry:
        """The entry of ``trump`` (a suit as every function takes one) and bidder ``seat``."""
        suit = as_suit(trump)
        for e in self.entries:
            if e.trump == suit and e.seat == seat:
                return e
        raise KeyError(f"no entry for trump {SUITS[suit]} and bidder seat {seat!r}")

    @property
    def solved(self) -> int:
        """How many entries were solved."""
        return sum(e.solved for e in self.entries)

    @property
    def trumps(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(e.trump for e in self.entries))

    def to_dict(self) -> dict:
        return {"hands": [str(h) for h in self.hands], "cards": len(self.hands[0]),
                "total": self.total, "seconds": self.seconds, "solved": self.solved,
                "entries": [e.to_dict() for e in self.entries]}

    @classmethod
    def from_dict(cls, data: object) -> DDTable:
        """The table ``to_dict`` wrote (a ``UserError`` naming what is wrong otherwise)."""
        try:
            if not isinstance(data, dict):
                raise TypeError
            hands = tuple(Hand.parse(h) for h in data["hands"])
            total, seconds = data["total"], data["seconds"]
            entries = []
            for e in data["entries"]:
                b = e["bounds"]
                us, them = (Bounds(int(b[s]["low"]), int(b[s]["high"])) for s in ("us", "them"))
                entries.append(DDEntry(as_suit(e["trump"]), int(e["seat"]), us, them))
            if len(hands) != 4 or not isinstance(total, int) or not (
                    seconds is None or isinstance(seconds, (int, float))):
                raise TypeError
        except (KeyError, TypeError, ValueError, IndexError) as e:
            detail = f": {e}" if isinstance(e, UserError) else ""
            raise UserError(f"not a double-dummy table as dd_table writes it{detail}") from None
        return cls(hands, tuple(entries), total, None if seconds is None else float(seconds))


def dd_table(deal: Sequence, rules: RulesLike | None = None, *,
             seconds: float | None = DEFAULT_SECONDS, trumps: Sequence | None = None,
             seats: Sequence[int] | None = None) -> DDTable:
    """The double-dummy table of ``deal`` (module docstring): four hands (a ``Hand``, its text
    or 20 counts each) of one size; ``rules`` for its ``scale``; ``seconds`` of CPU time for
    the whole table (None: no limit, which a whole deal may need hours of; 0: no search, every
    entry's bounds from 0 to all the points); ``trumps``, ``seats``: only those trumps and
    bidders (default all four). A deal that cannot be (hands of unlike sizes, none, a fifth
    copy of a card) raises a ``PositionError`` (a ``UserError``)."""
    rule_set = as_rules(rules)
    budget_seconds = None if seconds is None else check_seconds("seconds", seconds,
                                                                 EXACT_SECONDS_MAX)
    suits = tuple(dict.fromkeys(as_suit(t) for t in (range(4) if trumps is None else
                                                     _items(trumps, "trumps"))))
    bidders = tuple(dict.fromkeys(_seat(s) for s in (range(4) if seats is None else
                                                      _items(seats, "seats"))))
    _, rows, _, _ = _checked(deal, 0, 0, (), ())  # four hands of one size, 1 to 20 cards
    size = sum(rows[0])
    codes = [c for row in rows for c in encode(row)]
    total = sum(CARD_POINTS[c] * sum(r[c] for r in rows) for c in range(KINDS)) + 2
    k = rule_set.scale
    budget = Budget(budget_seconds)
    entries = []
    left = len(suits) * len(bidders)
    for trump in suits:
        engine = new_engine(trump, size)
        for seat in bidders:
            share = budget.left()
            part = budget.part(None if share is None else share / left)
            found = narrow(engine, codes, seat, (), total, part)
            left -= 1
            entries.append(DDEntry(trump, seat, Bounds(found.low * k, found.high * k),
                                   Bounds((total - found.high) * k, (total - found.low) * k)))
        del engine  # its table is large: let it go before the next trump's
    hands = tuple(Hand(list(r)) for r in rows)
    return DDTable(hands, tuple(entries), total * k, budget_seconds)  # type: ignore[arg-type]


def _items(value: object, name: str) -> Sequence:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise TypeError(f"{name} must be a sequence, not {described(value)}")
    return value


def _seat(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a seat is a whole number 0 to 3, not {described(value)}")
    if value not in range(4):
        raise UserError(f"a seat is 0 to 3, not {value}")
    return value


__all__ = ["DDTable", "DDEntry", "dd_table", "DEFAULT_SECONDS"]
