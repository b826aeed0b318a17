"""Seats and sides: the four places at the table and the two partnerships.

A ``Seat`` is a place at the table, 0 to 3 clockwise, fixed for a game; seats 0 and 2 are
``us``, 1 and 3 ``them``. The deal moves round the table, so what a seat does first depends on
who dealt: the seat on the dealer's left calls and plays first. Code that counts seats from the
dealer's left (the auction's ``next_seat``, a hand's seed keys) gives that count as a plain
``int`` ("the turn"), and converts here, once:

* ``Seat.at_turn(turn, dealer)``: the seat that is ``turn`` places after the dealer's left
  (turn 0 is the dealer's left, turn 3 the dealer);
* ``seat.turn(dealer)``: the other way.

A hand dealt by seat 3 has every seat at its own turn (seat 0 calls first), which is how
``play_hand`` numbers the four hands it is given.

>>> Seat(1).partner, Seat(3).next, Seat(2).side
(Seat.THREE, Seat.ZERO, Side.US)
>>> Seat.at_turn(0, dealer=Seat(1)), Seat(0).turn(dealer=Seat(1))
(Seat.TWO, 2)
"""

from __future__ import annotations

from enum import IntEnum


class Side(IntEnum):
    """A partnership: ``US`` (seats 0 and 2) or ``THEM`` (seats 1 and 3)."""

    US = 0
    THEM = 1

    @property
    def other(self) -> Side:
        return Side(1 - self)

    @property
    def word(self) -> str:
        """``us`` or ``them``, as tables, JSON and the score sheet write it."""
        return "us" if self is Side.US else "them"

    def __str__(self) -> str:
        return self.word

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Seat(IntEnum):
    """A place at the table, 0 to 3 clockwise (module docstring)."""

    ZERO = 0
    ONE = 1
    TWO = 2
    THREE = 3

    @property
    def partner(self) -> Seat:
        """The seat across the table."""
        return Seat(self ^ 2)

    @property
    def side(self) -> Side:
        return Side(self & 1)

    @property
    def next(self) -> Seat:
        """The seat on this one's left: the next to call or play."""
        return Seat((self + 1) % 4)

    def after(self, n: int) -> Seat:
        """The seat ``n`` places clockwise from this one."""
        return Seat((self + n) % 4)

    def turn(self, dealer: Seat | int) -> int:
        """How many places after the dealer's left this seat sits (0: it calls first)."""
        return (self - dealer - 1) % 4

    @classmethod
    def at_turn(cls, turn: int, dealer: Seat | int) -> Seat:
        """The seat ``turn`` places after the dealer's left (``turn``'s inverse)."""
        return cls((turn + dealer + 1) % 4)

    def __str__(self) -> str:
        return str(int(self))

    def __format__(self, spec: str) -> str:
        return format(int(self), spec)

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


#: The four seats in order.
SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.ZERO, Seat.ONE, Seat.TWO, Seat.THREE)

def seats_text(seats) -> str:
    """Seats in words: ``seat 1``, ``seats 1, 2, 3``."""
    seats = list(seats)
    return f"seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))}"


__all__ = ["Seat", "Side", "SEATS", "seats_text"]
